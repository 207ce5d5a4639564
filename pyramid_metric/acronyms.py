"""Acronyms said in full, and names said as acronyms: a summary's wording brought to the references' before judging.

A reference says "the European Central Bank", a summary "the ECB": the same party, which word judges miss (a name
must match exactly).  :func:`align_acronyms` rewrites, in the text to be judged, each acronym whose expansion the
references spell out (and do not abbreviate) into that expansion, and each expansion the references abbreviate
(and do not spell out) into the acronym; where the references write both, the text writes both ("the ECB (European
Central Bank)", "the European Central Bank (ECB)"), so that each reference's units find their own form.  An
expansion is a run of capitalised words, with "of", "and", "for", "the", "de" allowed inside, whose initials are the
acronym's letters ("Federal Bureau of Investigation": FBI; "National Health Service": NHS).  Nothing else in the
text changes; a text without acronyms is returned as it is.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Sequence, Tuple

_ACRONYM = re.compile(r"\b(?:[A-Z]\.){2,6}(?![A-Za-z])|\b[A-Z]{2,6}\b")
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")
_INSIDE = frozenset({"of", "and", "for", "the", "de", "on", "&"})


def _letters(acronym: str) -> str:
    return acronym.replace(".", "")


def expansions(text: str) -> Dict[str, str]:
    """Runs of two to six capitalised words of ``text`` (function words allowed inside), starting at any
    capitalised word, by their initials: {"ECB": "European Central Bank", "EC": "European Central", "CB": "Central
    Bank"}; only the initials of an acronym the other text writes are ever looked up."""
    tokens = re.findall(r"[A-Za-z&][A-Za-z&-]*", text)
    out: Dict[str, str] = {}
    for i, tok in enumerate(tokens):
        if not _CAPITALISED.fullmatch(tok):
            continue
        run, initials = [tok], tok[0]
        for nxt in tokens[i + 1:]:
            if _CAPITALISED.fullmatch(nxt):
                run.append(nxt)
                initials += nxt[0]
                if 2 <= len(initials) <= 6:
                    out.setdefault(initials, " ".join(run))
                if len(initials) >= 6:
                    break
            elif nxt.lower() in _INSIDE and len(run) < 8:
                run.append(nxt)
            else:
                break
    return out


def acronyms(text: str) -> frozenset:
    """The acronyms written in ``text`` ("ECB", "U.S."), by their letters."""
    return frozenset(_letters(m.group(0)) for m in _ACRONYM.finditer(text))


@lru_cache(maxsize=4096)
def _reference_forms(references: Tuple[str, ...]) -> Tuple[Dict[str, str], frozenset]:
    joined = "\n".join(references)
    return expansions(joined), acronyms(joined)


def align_acronyms(text: str, references: Sequence[str]) -> str:
    """``text`` with its acronyms and expansions written as the ``references`` write them (module docstring)."""
    if not text or not references:
        return text
    ref_expansions, ref_acronyms = _reference_forms(tuple(references))
    mine = acronyms(text)
    spelt = expansions(text) if mine else {}  # a text that writes both forms itself is left as it is

    def spell_out(m: "re.Match") -> str:
        letters = _letters(m.group(0))
        if letters not in ref_expansions or letters in spelt:
            return m.group(0)
        if letters in ref_acronyms:  # the references write both: so does the text
            return f"{m.group(0)} ({ref_expansions[letters]})"
        return ref_expansions[letters]

    if mine and ref_expansions:
        text = _ACRONYM.sub(spell_out, text)
    wanted = {letters: full for letters, full in expansions(text).items()
              if letters in ref_acronyms and letters not in mine}
    for letters, full in sorted(wanted.items(), key=lambda kv: -len(kv[1])):
        written = letters if letters not in ref_expansions else f"{full} ({letters})"
        text = re.sub(rf"(?<![A-Za-z]){re.escape(full)}(?![A-Za-z])", written, text)
    return text
