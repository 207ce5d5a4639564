"""Human pyramids in files: DUCView ``.pyr`` XML and SacreROUGE's JSONL pyramid format, read and written.

A pyramid (Nenkova and Passonneau, 2004) is a set of Summary Content Units
(SCUs) annotated on K model summaries. Each SCU has a label and contributors:
one per model summary that expresses it, made of parts (text spans with
character offsets). The weight of an SCU is the number of model summaries that
contribute to it.

- **DUCView** ``.pyr`` (the tool of the DUC 2005-2007 and TAC pyramids): an XML
  ``<pyramid>`` with ``<startDocumentRegEx>`` (a regular expression that
  matches the header before each model summary), ``<text>`` (the model
  summaries, one ``<line>`` per line) and ``<scu uid label>`` elements holding
  ``<contributor label>`` elements holding ``<part label start end/>``; the
  offsets count characters in the text's lines joined with newlines. A part's label is compared with the
  text its offsets hold whitespace ignored (DUCView's labels drop the line breaks they span); a label that
  disagrees otherwise is taken at its nearest occurrence in the model summaries, or used as written when
  it occurs nowhere, with a warning naming the SCU.
- **SacreROUGE** JSONL: one pyramid per line, ``{"instance_id", "summarizer_ids",
  "summaries", "scus": [{"scu_id", "label", "contributors": [{"summary_index",
  "label", "parts": [{"text", "start", "end"}]}]}]}``, offsets into each summary.

:func:`read_pyramids` reads either (or a folder of ``.pyr`` files);
:func:`write_pyramids` writes either, so that an automatic pyramid
(:func:`from_pyramid`) can be opened in DUCView, corrected by a person and
scored again. A malformed file raises :class:`PyramidFileError` naming the
file and the line or element.
"""
from __future__ import annotations

import bisect
import json
import os
import re
import unicodedata
import warnings
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, quoteattr

# The header DUCView files put before each model summary: a line of dashes, a line naming the summary (its
# summarizer id is the last dot-separated field, as in "D0701.M.250.A.A"), a line of dashes.
DEFAULT_HEADER_REGEX = r"-{3,}\n[^\n]*\n-{3,}\n"


class PyramidFileError(ValueError):
    """A pyramid file that cannot be read: the message names the file and the line or element."""


@dataclass(frozen=True)
class Part:
    """A span of a model summary: its text and character offsets [start, end) into that summary."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Contributor:
    """The parts of one model summary (``summary_index``) that express an SCU."""

    summary_index: int
    label: str
    parts: Tuple[Part, ...]

    @property
    def text(self) -> str:
        """The contributor's words as the model summary has them: its parts joined in order."""
        return " ".join(p.text for p in sorted(self.parts, key=lambda p: p.start))


@dataclass(frozen=True)
class SCU:
    """A Summary Content Unit: an id, a label written by the annotator and its contributors."""

    scu_id: int
    label: str
    contributors: Tuple[Contributor, ...]

    @property
    def weight(self) -> int:
        """The number of model summaries that express the SCU (Nenkova and Passonneau, 2004)."""
        return len({c.summary_index for c in self.contributors})


@dataclass(frozen=True)
class HumanPyramid:
    """SCUs annotated on model summaries, for one example (a DUC/TAC topic)."""

    instance_id: str
    summaries: Tuple[str, ...]
    summarizer_ids: Tuple[str, ...]
    scus: Tuple[SCU, ...]

    def labels(self) -> List[str]:
        return [s.label for s in self.scus]

    def weights(self) -> List[float]:
        return [float(s.weight) for s in self.scus]

    def contributors(self) -> List[List[str]]:
        """For each SCU, the text of each of its contributors."""
        return [[c.text for c in s.contributors] for s in self.scus]

    def remove_summary(self, index: int) -> "HumanPyramid":
        """The pyramid of the other model summaries: what a held-out model summary is scored against."""
        if not 0 <= index < len(self.summaries):
            raise ValueError(f"remove_summary: index {index} out of range ({len(self.summaries)} summaries)")
        scus = []
        for s in self.scus:
            kept = tuple(Contributor(c.summary_index - (c.summary_index > index), c.label, c.parts)
                         for c in s.contributors if c.summary_index != index)
            if kept:
                scus.append(SCU(s.scu_id, s.label, kept))
        return HumanPyramid(self.instance_id, self.summaries[:index] + self.summaries[index + 1:],
                            self.summarizer_ids[:index] + self.summarizer_ids[index + 1:], tuple(scus))

    def to_dict(self) -> dict:
        """SacreROUGE's JSON form of a pyramid."""
        return {"instance_id": self.instance_id, "summarizer_ids": list(self.summarizer_ids),
                "summaries": list(self.summaries),
                "scus": [{"scu_id": s.scu_id, "label": s.label,
                          "contributors": [{"summary_index": c.summary_index, "label": c.label,
                                            "parts": [{"text": p.text, "start": p.start, "end": p.end}
                                                      for p in c.parts]} for c in s.contributors]}
                         for s in self.scus]}


# -- reading -----------------------------------------------------------------------------------------------------

def read_pyramids(path: str) -> List[HumanPyramid]:
    """Human pyramids from a DUCView ``.pyr`` file (one pyramid, named after the file), a SacreROUGE JSONL file
    (one pyramid per line) or a folder of ``.pyr`` files. Raises :class:`PyramidFileError` naming the file and
    the line or element of the first problem; nothing is returned from a malformed file."""
    path = os.fspath(path)
    if os.path.isdir(path):
        files = sorted(f for f in os.listdir(path) if f.endswith(".pyr"))
        if not files:
            raise PyramidFileError(f"{path}: a folder with no .pyr files")
        return [p for f in files for p in read_pyramids(os.path.join(path, f))]
    if not os.path.exists(path):
        raise PyramidFileError(f"{path}: no such file or folder")
    if path.endswith((".jsonl", ".json")):
        return _read_jsonl(path)
    if path.endswith((".pyr", ".xml")):
        return [_read_ducview(path)]
    raise PyramidFileError(f"{path}: unknown pyramid format; use a DUCView .pyr file, a SacreROUGE .jsonl file "
                           "or a folder of .pyr files")


def _refuse_duplicates(ids, what: str, where) -> None:
    """A PyramidFileError naming the first id of ``ids`` seen twice and the two places ``where(k)`` of it."""
    seen: dict = {}
    for k, x in enumerate(ids):
        if x in seen:
            raise PyramidFileError(f"{where(k)}: {what} {x!r} is also that of {where(seen[x])}; each must be "
                                   "unique (a second one would silently replace the first)")
        seen[x] = k


def _not_utf8(exc: UnicodeDecodeError) -> str:
    if exc.object[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"
    return (f"not UTF-8 text (byte 0x{exc.object[exc.start]:02x} cannot be decoded); save the file as UTF-8 "
            "(Latin-1 or UTF-16 files are not read)")


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON value (write a number, or the id as a string)")


def strict_json(text: str, where: str, error: type = None):
    """The value of one JSON text, strictly (NaN and Infinity refused), or ``error`` (default
    :class:`PyramidFileError`) naming ``where``: invalid JSON, nesting too deep to read, an integer of 4300+
    digits."""
    error = error or PyramidFileError
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise error(f"{where}: JSON nested too deeply to read") from None
    except ValueError as exc:  # NaN, Infinity, or an integer too long to convert
        detail = str(exc) if "JSON value" in str(exc) else "a number with too many digits (write long ids as strings)"
        raise error(f"{where}: {detail}") from None


def _json_line(raw: bytes, where: str, first: bool):
    """The JSON value of one line of a JSONL file (UTF-8, strict JSON), or a PyramidFileError naming ``where``."""
    try:
        line = raw.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError as exc:
        raise PyramidFileError(f"{where}: {_not_utf8(exc)}") from None
    if not line.strip():
        return None
    return strict_json(line, where)


def _read_jsonl(path: str) -> List[HumanPyramid]:
    out, lines = [], []
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            d = _json_line(raw, f"{path}:{n}", n == 1)
            if d is not None:
                out.append(_from_dict(d, f"{path}:{n}"))
                lines.append(n)
    if not out:
        raise PyramidFileError(f"{path}: no pyramids")
    _refuse_duplicates([p.instance_id for p in out], "instance_id", lambda k: f"{path}:{lines[k]}")
    return out


# what a field of a JSONL pyramid must hold, in words
_KINDS = {str: "a string", int: "an integer", list: "a list", (str, int): "a string or an integer"}
_JSON_NAMES = {type(None): "null", bool: "true/false", str: "a string", int: "an integer", float: "a number with a "
               "fraction", list: "a list", dict: "an object"}


def _need(d: dict, key: str, kind, where: str):
    if not isinstance(d, dict) or key not in d:
        raise PyramidFileError(f"{where}: missing field {key!r}")
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, kind):  # true/false are no ids, numbers or texts here
        raise PyramidFileError(f"{where}: field {key!r} must be {_KINDS[kind]}, got {_json_value(v)}")
    return v


def _json_value(v) -> str:
    """A JSON value named for a message: its kind, and the value itself when short."""
    shown = json.dumps(v, ensure_ascii=False)
    return _JSON_NAMES.get(type(v), type(v).__name__) + (f" ({shown})" if len(shown) <= 40 else "")


def _from_dict(d, where: str) -> HumanPyramid:
    if not isinstance(d, dict):
        raise PyramidFileError(f"{where}: a pyramid must be a JSON object")
    instance_id = str(_need(d, "instance_id", (str, int), where))
    summaries = _need(d, "summaries", list, where)
    if not summaries or not all(isinstance(s, str) and s.strip() for s in summaries):
        raise PyramidFileError(f"{where}: 'summaries' must be a non-empty list of non-empty strings")
    ids = d.get("summarizer_ids") or [str(i) for i in range(len(summaries))]
    if not isinstance(ids, list) or len(ids) != len(summaries):
        raise PyramidFileError(f"{where}: 'summarizer_ids' must list one id per summary ({len(summaries)})")
    for k, x in enumerate(ids):
        if isinstance(x, bool) or not isinstance(x, (str, int)):
            raise PyramidFileError(f"{where}: field 'summarizer_ids' item {k} must be a string or an integer, "
                                   f"got {_json_value(x)}")
    scus = []
    for i, s in enumerate(_need(d, "scus", list, where)):
        w = f"{where}: scus[{i}]"
        scu_id = _need(s, "scu_id", int, w)
        w = f"{where}: scus[{i}] (scu_id {scu_id})"
        label = _need(s, "label", str, w)
        contributors = []
        for j, c in enumerate(_need(s, "contributors", list, w)):
            wc = f"{w}: contributors[{j}]"
            k = _need(c, "summary_index", int, wc)
            if not 0 <= k < len(summaries):
                raise PyramidFileError(f"{wc}: summary_index {k} out of range ({len(summaries)} summaries)")
            parts = []
            for m, p in enumerate(_need(c, "parts", list, wc)):
                wp = f"{wc}: parts[{m}]"
                text, start, end = _need(p, "text", str, wp), _need(p, "start", int, wp), _need(p, "end", int, wp)
                if not 0 <= start <= end <= len(summaries[k]) or summaries[k][start:end] != text:
                    raise PyramidFileError(f"{wp}: offsets {start}-{end} do not hold {text!r} in summary {k}")
                parts.append(Part(text, start, end))
            if not parts:
                raise PyramidFileError(f"{wc}: no parts")
            contributors.append(Contributor(k, str(c.get("label", "")), tuple(parts)))
        if not contributors:
            raise PyramidFileError(f"{w}: no contributors")
        scus.append(SCU(scu_id, label, tuple(contributors)))
    if not scus:
        raise PyramidFileError(f"{where}: no SCUs")
    _refuse_duplicates([s.scu_id for s in scus], "scu_id", lambda k: f"{where}: scus[{k}]")
    return HumanPyramid(instance_id, tuple(summaries), tuple(str(x) for x in ids), tuple(scus))


def _read_ducview(path: str) -> HumanPyramid:
    import xml.etree.ElementTree as ET

    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as exc:
        line, col = exc.position
        raise PyramidFileError(f"{path}:{line}: not well-formed XML (column {col + 1}){_encoding_hint(path)}") \
            from None
    pyr = root if root.tag == "pyramid" else root.find("pyramid")  # a peer annotation holds its pyramid
    if pyr is None:
        raise PyramidFileError(f"{path}: no <pyramid> element (the root is <{root.tag}>)")
    text_el = pyr.find("text")
    if text_el is None:
        raise PyramidFileError(f"{path}: <pyramid> has no <text> element")
    text = "\n".join(line.text or "" for line in text_el.findall("line"))
    regex_el = pyr.find("startDocumentRegEx")
    pattern = regex_el.text if regex_el is not None and regex_el.text else DEFAULT_HEADER_REGEX
    header = _header_regex(pattern, path)
    starts, ends, ids = [], [], []
    for m in _header_matches(header, text, path):
        if not m.group(0).strip():
            continue
        if starts:
            ends.append(m.start())
        start = m.end()
        while start < len(text) and text[start].isspace():
            start += 1
        starts.append(start)
        ids.append(m.group(0).strip("-\n ").strip().split(".")[-1])
    ends.append(len(text))
    if not starts:
        raise PyramidFileError(f"{path}: no model summary header in <text> matches <startDocumentRegEx> "
                               f"{pattern!r}")
    # newlines inside a summary become spaces: the same length, so offsets stay valid
    summaries = [text[s:e].rstrip().replace("\n", " ") for s, e in zip(starts, ends)]
    empty = [ids[i] for i, s in enumerate(summaries) if not s.strip()]
    if empty:
        raise PyramidFileError(f"{path}: model summary {empty[0]!r} is empty")
    scus, moved = [], []
    squeezed = _squeezed_with_positions(text)  # where labels are looked for when offsets do not hold them
    for n, el in enumerate(pyr.findall("scu"), 1):
        where = f"{path}: <scu> #{n}"
        uid, label = el.get("uid"), el.get("label")
        if uid is None or label is None:
            raise PyramidFileError(f"{where}: needs attributes uid and label")
        try:
            scu_id = int(uid)
        except ValueError:
            raise PyramidFileError(f"{where}: uid {uid!r} is not an integer") from None
        where = f"{path}: <scu uid={uid!r}>"
        contributors = []
        for c_el in el.findall("contributor"):
            c = _ducview_contributor(c_el, where, squeezed, starts, summaries, ids, moved)
            if c is not None:
                contributors.append(c)
        if not contributors:
            raise PyramidFileError(f"{where}: no contributors")
        scus.append(SCU(scu_id, label, tuple(contributors)))
    if not scus:
        raise PyramidFileError(f"{path}: no <scu> elements")
    _refuse_duplicates([s.scu_id for s in scus], "uid", lambda k: f"{path}: <scu> #{k + 1}")
    if moved:
        scus_moved = ", ".join(dict.fromkeys(w.split(": ", 1)[1] for w in moved))
        warnings.warn(f"{path}: {len(moved)} part(s) had offsets that do not hold their label (in {scus_moved}); "
                      "each was taken at the nearest occurrence of its label", UserWarning, stacklevel=3)
    instance_id = os.path.splitext(os.path.basename(path))[0]
    return HumanPyramid(instance_id, tuple(summaries), tuple(ids), tuple(scus))


def _squeeze(text: str) -> str:
    """``text`` without whitespace: DUCView's labels drop or add line breaks and spaces that the offsets span."""
    return "".join(text.split())


def _same_words(held: str, label: str) -> bool:
    """Whether a part's label says what its offsets hold: the same characters, whitespace ignored, accents
    composed or decomposed alike (Unicode NFC)."""
    return _squeeze(unicodedata.normalize("NFC", held)) == _squeeze(unicodedata.normalize("NFC", label))


def _squeezed_with_positions(text: str) -> Tuple[str, List[int]]:
    """``text`` without whitespace, and the position in ``text`` of each of its characters."""
    positions = [i for i, ch in enumerate(text) if not ch.isspace()]
    return "".join(text[i] for i in positions), positions


def _encoding_hint(path: str) -> str:
    """", not UTF-8 text ..." when the file is neither UTF-8 nor declares another encoding; else ""."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or re.match(rb"<\?xml[^>]*encoding=", data):
        return ""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return f"; line {line} is {_not_utf8(exc)} or declare its encoding"
    return ""


# <startDocumentRegEx> comes from the file: only a safe subset is compiled (no back-references or
# lookarounds, no repetition inside a repetition, no alternatives inside a repetition, at most this many
# unbounded repetitions), and matching it against the text stops after REGEX_TIMEOUT_S seconds.  DUCView's own
# headers fit easily and match in milliseconds.
MAX_UNBOUNDED_REPEATS = 3
REGEX_TIMEOUT_S = 2.0


def _header_regex(pattern: str, path: str):
    """The compiled <startDocumentRegEx>, or a PyramidFileError when it is not a regular expression or one
    whose matching time could explode (``(a+)+$``)."""
    try:
        import re._parser as sre_parse  # Python 3.11+
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_parse
    try:
        parsed = sre_parse.parse(pattern)
    except re.error as exc:
        raise PyramidFileError(f"{path}: <startDocumentRegEx> is not a regular expression ({exc})") from None
    problem = _regex_risk(parsed, sre_parse, inside=False, counts=[0])
    if problem:
        raise PyramidFileError(f"{path}: <startDocumentRegEx> {pattern[:80]!r} is refused: {problem}; use literal "
                               f"text, character classes and at most {MAX_UNBOUNDED_REPEATS} repetitions that "
                               "are not nested, such as DUCView's own " + repr(DEFAULT_HEADER_REGEX))
    import regex  # re's interface with a time limit on matching

    return regex.compile(pattern)


def _header_matches(header, text: str, path: str) -> list:
    """Every match of the <startDocumentRegEx> in ``text``, or a PyramidFileError after REGEX_TIMEOUT_S seconds."""
    try:
        return list(header.finditer(text, timeout=REGEX_TIMEOUT_S))
    except TimeoutError:
        raise PyramidFileError(f"{path}: <startDocumentRegEx> {header.pattern[:80]!r} did not finish matching the "
                               f"text in {REGEX_TIMEOUT_S:g} s; use a simpler pattern, such as DUCView's own "
                               f"{DEFAULT_HEADER_REGEX!r}") from None


def _regex_risk(parsed, sre, inside: bool, counts: list) -> Optional[str]:
    """Why matching ``parsed`` (an ``sre_parse`` tree) could take exponential or long polynomial time, or None."""
    c = sre.constants if hasattr(sre, "constants") else sre
    repeats = {c.MAX_REPEAT, c.MIN_REPEAT} | ({c.POSSESSIVE_REPEAT} if hasattr(c, "POSSESSIVE_REPEAT") else set())
    for op, av in parsed:
        if op in repeats:
            low, high, sub = av
            if inside and high > 1:
                return "a repetition inside a repetition"
            if high == c.MAXREPEAT:
                counts[0] += 1
                if counts[0] > MAX_UNBOUNDED_REPEATS:
                    return f"more than {MAX_UNBOUNDED_REPEATS} unbounded repetitions"
            problem = _regex_risk(sub, sre, inside or high > 1, counts)
        elif op is c.SUBPATTERN:
            problem = _regex_risk(av[-1], sre, inside, counts)
        elif op is c.BRANCH:
            if inside:
                return "alternatives inside a repetition"
            problem = next((p for p in (_regex_risk(b, sre, inside, counts) for b in av[1]) if p), None)
        elif op in (c.GROUPREF, c.GROUPREF_EXISTS, c.ASSERT, c.ASSERT_NOT) or op.name == "ATOMIC_GROUP":
            return "back-references, conditionals and lookarounds are not accepted"
        else:
            problem = None
        if problem:
            return problem
    return None


def _nearest(squeezed: Tuple[str, List[int]], label: str, start: int, starts: List[int], summaries: List[str]):
    """(summary index, start, end) of the occurrence of ``label`` in a model summary (whitespace ignored: any,
    or none, between its characters) nearest to ``start``; None if it occurs in none.

    ``squeezed`` is the text without whitespace and the position of each of its characters
    (:func:`_squeezed_with_positions`): occurrences are found there, left to right and not overlapping, in time
    linear in the text and the label."""
    chars = _squeeze(label)
    if not chars:
        return None
    flat, positions = squeezed
    best = None
    found = flat.find(chars)
    while found >= 0:
        m_start, m_end = positions[found], positions[found + len(chars) - 1] + 1
        found = flat.find(chars, found + len(chars))
        k = bisect.bisect_right(starts, m_start) - 1
        if k < 0 or m_end > starts[k] + len(summaries[k]):
            continue
        if best is None or abs(m_start - start) < abs(best[1] + starts[best[0]] - start):
            best = (k, m_start - starts[k], m_end - starts[k])
    return best


def _ducview_contributor(el, where: str, squeezed: Tuple[str, List[int]], starts: List[int], summaries: List[str],
                         ids: List[str], moved: List[str]) -> Optional[Contributor]:
    label = el.get("label", "")
    scu = where
    where = f"{where} <contributor label={label!r}>"
    parts, indices = [], set()
    for p_el in el.findall("part"):
        plabel, s, e = p_el.get("label"), p_el.get("start"), p_el.get("end")
        if plabel is None or s is None or e is None:
            raise PyramidFileError(f"{where}: <part> needs attributes label, start and end")
        try:
            start, end = int(s), int(e)
        except ValueError:
            raise PyramidFileError(f"{where}: <part label={plabel!r}> has non-integer offsets {s!r}, {e!r}") from None
        k = bisect.bisect_right(starts, start) - 1
        inside = k >= 0 and start <= end <= starts[k] + len(summaries[k])
        held = summaries[k][start - starts[k]:end - starts[k]] if inside else ""
        part_text = None
        if inside and _same_words(held, plabel):  # the same words; whitespace or accents' form alone differ
            rel_s, rel_e = start - starts[k], end - starts[k]
        else:  # offsets off (whitespace edits after annotation, as in some NIST files): the nearest occurrence
            found = _nearest(squeezed, plabel, start, starts, summaries)
            if found is not None:
                k, rel_s, rel_e = found
                moved.append(scu)
            elif inside:  # the annotator's label stands: it is what the SCU's contributor says
                rel_s, rel_e, part_text = start - starts[k], end - starts[k], plabel
                warnings.warn(f"{where}: <part label={plabel!r}> offsets {start}-{end} hold {held!r}, and the "
                              "label is nowhere in the model summaries; the label is used", UserWarning, stacklevel=4)
            else:
                raise PyramidFileError(f"{where}: <part label={plabel!r}> offsets {start}-{end} lie outside the "
                                       "model summaries, and the label is nowhere in them")
        parts.append(Part(part_text if part_text is not None else summaries[k][rel_s:rel_e], rel_s, rel_e))
        indices.add(k)
    if not parts:
        raise PyramidFileError(f"{where}: no <part> elements")
    if len(indices) > 1:  # as SacreROUGE's reader: such a contributor cannot be attributed to one summary
        warnings.warn(f"{where}: parts in several model summaries ({sorted(ids[k] for k in indices)}); "
                      "contributor skipped", UserWarning, stacklevel=4)
        return None
    return Contributor(indices.pop(), label, tuple(parts))


# -- writing -----------------------------------------------------------------------------------------------------

_DTD = """<!DOCTYPE pyramid [
 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>
]>"""


def to_ducview(pyramid: HumanPyramid) -> str:
    """The DUCView ``.pyr`` XML of a pyramid: each model summary on one line after a dashed header."""
    lines: List[str] = []
    offsets = []  # where each summary's offset 0 falls in the text (leading whitespace is not written)
    pos = 0
    for sid, summary in zip(pyramid.summarizer_ids, pyramid.summaries):
        name = f" {pyramid.instance_id}.{str(sid).replace('.', '_')}"
        for line in ("-" * 20, name, "-" * 20):
            lines.append(line)
            pos += len(line) + 1
        body = summary.replace("\n", " ").lstrip()
        offsets.append(pos - (len(summary) - len(body)))
        lines.append(body)
        lines.append("")
        pos += len(body) + 2
    out = ['<?xml version="1.0" encoding="UTF-8"?>', _DTD, "<pyramid>",
           f"<startDocumentRegEx><![CDATA[{DEFAULT_HEADER_REGEX}]]></startDocumentRegEx>", " <text>"]
    out += [f"  <line>{escape(line)}</line>" for line in lines]
    out.append(" </text>")
    for s in pyramid.scus:
        out.append(f" <scu uid=\"{s.scu_id}\" label={quoteattr(s.label)}>")
        for c in s.contributors:
            out.append(f"  <contributor label={quoteattr(c.label or c.text)}>")
            for p in c.parts:
                base = offsets[c.summary_index]
                out.append(f"   <part label={quoteattr(p.text)} start=\"{base + p.start}\" end=\"{base + p.end}\"/>")
            out.append("  </contributor>")
        out.append(" </scu>")
    out.append("</pyramid>")
    return "\n".join(out) + "\n"


def write_pyramids(pyramids: Sequence[HumanPyramid], path: str) -> List[str]:
    """Write pyramids as SacreROUGE JSONL (``.jsonl``: all in one file), DUCView XML (``.pyr``: one pyramid)
    or a folder of ``<instance_id>.pyr`` files (a path without an extension, or an existing folder).
    Returns the files written."""
    path = os.fspath(path)
    pyramids = list(pyramids)
    if not pyramids:
        raise ValueError("write_pyramids: no pyramids to write")
    if path.endswith(".jsonl"):
        with open(path, "w", encoding="utf-8") as f:
            for p in pyramids:
                f.write(json.dumps(p.to_dict(), ensure_ascii=False) + "\n")
        return [path]
    if path.endswith(".pyr"):
        if len(pyramids) > 1:
            raise ValueError(f"write_pyramids: {path} holds one pyramid but there are {len(pyramids)}; write "
                             "them to a .jsonl file or to a folder (one .pyr file each)")
        with open(path, "w", encoding="utf-8") as f:
            f.write(to_ducview(pyramids[0]))
        return [path]
    if os.path.splitext(path)[1] and not os.path.isdir(path):
        raise ValueError(f"write_pyramids: {path}: write to a .jsonl or .pyr file, or to a folder")
    os.makedirs(path, exist_ok=True)
    names: Dict[str, int] = {}
    written = []
    for p in pyramids:
        stem = re.sub(r"[^\w.-]+", "_", p.instance_id) or "pyramid"
        names[stem] = names.get(stem, 0) + 1
        out = os.path.join(path, stem + (f"-{names[stem]}" if names[stem] > 1 else "") + ".pyr")
        with open(out, "w", encoding="utf-8") as f:
            f.write(to_ducview(p))
        written.append(out)
    return written


# -- automatic pyramids as human-pyramid files -------------------------------------------------------------------

_TOKEN = re.compile(r"\S+")


def _norm(token: str) -> str:
    from .text import stem

    w = re.sub(r"\W+", "", token.lower())
    return stem(w) if w else w


def _locate(unit_words: Sequence[str], reference: str) -> Tuple[int, int]:
    """The span of ``reference`` (character offsets) that best matches a unit's words (stems compared, case
    and punctuation ignored): the first window of as many tokens as the unit sharing the most content words
    with it (stop words only break ties), trimmed to the window's first and last shared content word."""
    from .text import content_words

    tokens = [(m.start(), m.end(), _norm(m.group())) for m in _TOKEN.finditer(reference)]
    want = [w for w in (_norm(x) for x in unit_words) if w]
    if not tokens:
        return 0, len(reference)
    size = max(1, min(len(want), len(tokens)))
    best, best_i, best_hits = -1.0, 0, []
    for i in range(len(tokens) - size + 1):
        pool, hits, value = list(want), [], 0.0
        for k, (_, _, t) in enumerate(tokens[i:i + size]):
            if t in pool:
                pool.remove(t)
                stop = not content_words([t])
                hits.append((k, stop))
                value += 0.001 if stop else 1.0
        if value > best:
            best, best_i, best_hits = value, i, hits
    window = tokens[best_i:best_i + size]
    kept = [k for k, stop in best_hits if not stop] or [k for k, _ in best_hits] or [0, len(window) - 1]
    return window[kept[0]][0], window[kept[-1]][1]


def locate_span(text: str, reference: str) -> str:
    """The span of ``reference`` that best matches ``text``'s words (as :func:`from_pyramid` locates a unit's
    contributor); ``text`` itself when nothing of it is found."""
    s, e = _locate(_TOKEN.findall(text), reference)
    return reference[s:e].strip() or text


def from_pyramid(pyramid, references: Sequence[str], instance_id: str,
                 summarizer_ids: Optional[Sequence[str]] = None) -> HumanPyramid:
    """An automatic pyramid (:class:`pyramid_metric.pyramid.Pyramid`) as a human-pyramid file: one SCU per unit,
    labelled with the unit's text, with a contributor in each reference that expresses the unit (the span of
    that reference that best matches the unit's words), so a person can correct it in DUCView."""
    references = [r.replace("\n", " ") for r in references]
    ids = list(summarizer_ids) if summarizer_ids is not None else [chr(ord("A") + k) if k < 26 else str(k)
                                                                    for k in range(len(references))]
    scus = []
    for j, u in enumerate(pyramid.units):
        if not u.references:
            raise ValueError(f"from_pyramid: unit {j} ({u.text!r}) names no reference that expresses it")
        contributors = []
        for k in u.references:
            if not 0 <= k < len(references):
                raise ValueError(f"from_pyramid: unit {j} names reference {k} but there are {len(references)}")
            s, e = _locate(_TOKEN.findall(u.text), references[k])
            contributors.append(Contributor(k, references[k][s:e], (Part(references[k][s:e], s, e),)))
        scus.append(SCU(j + 1, u.text, tuple(contributors)))
    return HumanPyramid(str(instance_id), tuple(references), tuple(str(i) for i in ids), tuple(scus))
