"""Pyramid files written by an attacker or saved carelessly: a <startDocumentRegEx> that would hang the reader,
files that are not UTF-8, JSON that is nested too deeply or not strict.  Each is a PyramidFileError naming the
file (and the line), raised quickly."""
import re
import time
from pathlib import Path

import pytest

from pyramid_metric import io
from pyramid_metric.io import PyramidFileError, read_pyramids

DATA = Path(__file__).parent / "data" / "pyramids"
PYR_TEXT = (DATA / "D0999-A.pyr").read_text(encoding="utf-8")
JSONL_TEXT = (DATA / "two_topics.jsonl").read_text(encoding="utf-8")
HEADER = r"[-]*\n D[0-9]*-[A-Z]\.M\.100\.[A-Z]\.[A-Z]\n[-]*\n"


def _with_regex(pattern: str, extra_line: str = "") -> str:
    text = PYR_TEXT.replace(HEADER, pattern, 1)
    assert text != PYR_TEXT or pattern == HEADER
    return text.replace("<line>#3</line>", f"<line>#3</line><line>{extra_line}</line>", 1) if extra_line else text


@pytest.mark.parametrize("pattern, why", [
    (r"(a+)+$", "a repetition inside a repetition"),
    (r"(\w*)*-", "a repetition inside a repetition"),
    (r"(?:-+\n)+ D", "a repetition inside a repetition"),
    (r"(a|aa)*$", "alternatives inside a repetition"),
    (r"(-)\1+", "back-references"),
    (r"(?=-)-+\n", "lookarounds"),
    (r".*.*.*.*\n", "more than 3 unbounded repetitions"),
])
def test_dangerous_header_regex_is_refused_at_once(tmp_path, pattern, why):
    path = tmp_path / "evil.pyr"
    path.write_text(_with_regex(pattern, "a" * 40 + "!"), encoding="utf-8")
    start = time.monotonic()
    with pytest.raises(PyramidFileError, match=re.escape(why)) as err:
        read_pyramids(path)
    assert time.monotonic() - start < 2
    assert str(path) in str(err.value) and "startDocumentRegEx" in str(err.value)


def test_header_regex_that_runs_too_long_is_stopped(tmp_path, monkeypatch):
    """The safe subset is the first guard; a time limit on matching is the second."""
    monkeypatch.setattr(io, "_regex_risk", lambda *a, **k: None)
    monkeypatch.setattr(io, "REGEX_TIMEOUT_S", 0.5)
    path = tmp_path / "slow.pyr"
    path.write_text(_with_regex(r"(a+)+$", "a" * 3000 + "!"), encoding="utf-8")
    start = time.monotonic()
    with pytest.raises(PyramidFileError, match=r"did not finish matching the text in 0.5 s"):
        read_pyramids(path)
    assert time.monotonic() - start < 10


@pytest.mark.parametrize("pattern", [HEADER, io.DEFAULT_HEADER_REGEX, r"-{3,}\n[^\n]*\n-{3,}\n",
                                     r"-+\n D0999-A\.M\.100\.[A-Z]\.[A-Z]\n-+\n"])
def test_ordinary_header_regexes_still_read(tmp_path, pattern):
    path = tmp_path / "D0999-A.pyr"
    path.write_text(_with_regex(pattern), encoding="utf-8")
    assert len(read_pyramids(path)[0].summaries) == 3


@pytest.mark.parametrize("encoding, said", [("latin-1", "not UTF-8 text (byte 0xfc"), ("utf-16", "UTF-16")])
def test_jsonl_not_in_utf8_is_a_pyramid_file_error_with_the_line(tmp_path, encoding, said):
    lines = JSONL_TEXT.splitlines()
    lines[1] = lines[1].replace('"instance_id": "', '"instance_id": "ü', 1)
    assert "ü" in lines[1]
    path = tmp_path / "p.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    with pytest.raises(PyramidFileError, match=re.escape(said)) as err:
        read_pyramids(path)
    if encoding == "latin-1":
        assert f"{path}:2: " in str(err.value)


def test_pyr_not_in_utf8_says_so(tmp_path):
    path = tmp_path / "D0999-A.pyr"
    path.write_bytes(PYR_TEXT.replace('encoding="UTF-8"', "").replace("storm", "stürm").encode("latin-1"))
    with pytest.raises(PyramidFileError, match=r"not well-formed XML .*not UTF-8 text \(byte 0xfc"):
        read_pyramids(path)
    declared = PYR_TEXT.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace("Monday", "Mönday")
    path.write_bytes(declared.encode("latin-1"))  # a declared encoding is read as declared
    assert "Mönday" in read_pyramids(path)[0].summaries[0]


def test_utf8_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + JSONL_TEXT.encode())
    assert len(read_pyramids(path)) == 2


@pytest.mark.parametrize("line, said", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"instance_id": ' + "[" * 60_000, "nested too deeply"),
    ('{"instance_id": NaN}', "NaN is not a JSON value"),
    ('{"instance_id": ' + "7" * 5000 + "}", "too many digits"),
])
def test_jsonl_nested_too_deeply_or_not_strict(tmp_path, line, said):
    path = tmp_path / "p.jsonl"
    path.write_text(JSONL_TEXT.splitlines()[0] + "\n" + line + "\n")
    with pytest.raises(PyramidFileError, match=re.escape(f"{path}:2: ") + ".*" + said):
        read_pyramids(path)


# -- ids: each pyramid and each SCU named once, by a string or an integer -----------------------------------------

def _jsonl(tmp_path, lines):
    path = tmp_path / "p.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_two_pyramids_with_one_id_are_refused_naming_the_file_lines_and_id(tmp_path):
    first = JSONL_TEXT.splitlines()[0]
    path = _jsonl(tmp_path, [first, JSONL_TEXT.splitlines()[1], first])
    with pytest.raises(PyramidFileError, match=re.escape(f"{path}:3: instance_id 'D0999-A' is also that of "
                                                         f"{path}:1")):
        read_pyramids(path)


def test_cli_score_refuses_two_pyramids_with_one_id(tmp_path, capsys):
    import json

    from pyramid_metric.cli import main

    first, second = JSONL_TEXT.splitlines()[:2]
    path = _jsonl(tmp_path, [first, second.replace('"instance_id": "D0998-B"', '"instance_id": "D0999-A"')])
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"instance_id": "D0999-A", "prediction": "Schools closed until Friday."}) + "\n")
    assert main(["score", str(inp), "--pyramids", str(path), "--method", "hirao"]) == 1
    err = capsys.readouterr().err
    assert "instance_id 'D0999-A' is also that of" in err and "Traceback" not in err


def test_duplicate_scu_ids_are_refused_in_jsonl_and_ducview_files(tmp_path):
    first = JSONL_TEXT.splitlines()[0]
    doubled = first.replace('"scu_id": 3', '"scu_id": 2', 1)
    assert doubled != first
    path = _jsonl(tmp_path, [doubled])
    with pytest.raises(PyramidFileError, match=re.escape(f"{path}:1: scus[2]: scu_id 2 is also that of "
                                                         f"{path}:1: scus[1]")):
        read_pyramids(path)
    pyr = tmp_path / "D0999-A.pyr"
    pyr.write_text(PYR_TEXT.replace('<scu uid="3"', '<scu uid="2"', 1), encoding="utf-8")
    with pytest.raises(PyramidFileError, match=re.escape(f"{pyr}: <scu> #3: uid 2 is also that of {pyr}: <scu> #2")):
        read_pyramids(pyr)


@pytest.mark.parametrize("old, new, said", [
    ('"summarizer_ids": ["A", "B", "C"]', '"summarizer_ids": ["A", null, "C"]',
     "field 'summarizer_ids' item 1 must be a string or an integer, got null"),
    ('"instance_id": "D0999-A"', '"instance_id": true', "field 'instance_id' must be a string or an integer, got "
                                                        "true/false (true)"),
    ('"instance_id": "D0999-A"', '"instance_id": 1.5', "field 'instance_id' must be a string or an integer, got a "
                                                       "number with a fraction (1.5)"),
    ('"instance_id": "D0999-A"', '"instance_id": null', "field 'instance_id' must be a string or an integer, got "
                                                        "null"),
    ('"scu_id": 1', '"scu_id": true', "field 'scu_id' must be an integer, got true/false (true)"),
])
def test_ids_that_are_not_strings_or_integers_are_refused_naming_the_field(tmp_path, old, new, said):
    first = JSONL_TEXT.splitlines()[0]
    assert old in first
    path = _jsonl(tmp_path, [first.replace(old, new, 1)])
    with pytest.raises(PyramidFileError) as caught:
        read_pyramids(path)
    assert said in str(caught.value) and "<class" not in str(caught.value)


# -- labels located in linear time ---------------------------------------------------------------------------------

def test_a_long_label_that_occurs_nowhere_is_looked_for_in_linear_time(tmp_path):
    # a 120 KB file whose part label (40,000 characters) occurs nowhere: 38.7 s with the label as one regular
    # expression tried at every position of the text; each occurrence is now looked for in the text without spaces
    label = "storm " * 6_666 + "x"
    text = PYR_TEXT.replace("<line>Schools closed.</line>", "<line>Schools closed. " + "storm " * 6_666 + "</line>", 1)
    text = text.replace('<part label="Schools closed" ', f'<part label="{label}" ', 1)
    assert len(text) > 80_000 and len(label) > 39_000
    path = tmp_path / "D0999-A.pyr"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    with pytest.warns(UserWarning, match="the label is nowhere in the model summaries; the label is used"):
        read_pyramids(path)
    assert time.perf_counter() - start < 2.0


def test_labels_are_found_where_the_regular_expression_found_them():
    import bisect
    import random

    def by_regex(text, label, start, starts, summaries):  # the reader's former search, as the reference
        chars = "".join(label.split())
        if not chars:
            return None
        best = None
        for m in re.finditer(r"\s*".join(re.escape(c) for c in chars), text):
            k = bisect.bisect_right(starts, m.start()) - 1
            if k < 0 or m.end() > starts[k] + len(summaries[k]):
                continue
            if best is None or abs(m.start() - start) < abs(best[1] + starts[best[0]] - start):
                best = (k, m.start() - starts[k], m.end() - starts[k])
        return best

    rng = random.Random(40)
    for _ in range(5_000):
        text = "".join(rng.choice(["a", "b", "ab", " ", "\n", "  "]) for _ in range(rng.randint(1, 30)))
        cut = sorted(rng.sample(range(len(text) + 1), 2))
        starts, summaries = [cut[0], cut[1]], [text[cut[0]:cut[1]], text[cut[1]:]]
        label = "".join(rng.choice(["a", "b", " "]) for _ in range(rng.randint(1, 5)))
        start = rng.randint(0, len(text))
        squeezed = io._squeezed_with_positions(text)
        assert io._nearest(squeezed, label, start, starts, summaries) == by_regex(text, label, start, starts,
                                                                                  summaries), (text, label)
