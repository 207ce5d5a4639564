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
