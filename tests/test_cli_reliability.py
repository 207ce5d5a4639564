"""The command line under faults: short CSV rows, unwritable or interrupted outputs, a missing matplotlib."""
import json
import os
import sys

import pytest

from pyramid_metric import cli
from pyramid_metric.cli import atomic_output, main

REF = "A storm hit the coast and thousands of homes lost power."


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "in.jsonl"
    rows = [{"id": "a", "prediction": "Thousands of homes lost power.", "references": [REF]},
            {"id": "b", "prediction": "Schools stay shut.", "references": [REF]}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def one_line_error(capsys):
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_csv_row_with_too_few_fields_is_a_one_line_error_with_the_row_number(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("id,prediction,references,source\nx,Storm.,Storm hit.,The storm hit.\na,The storm hit.\n")
    assert main(["score", str(path)]) == 1
    err = one_line_error(capsys)
    assert "row 2 (line 3) has 2 fields, the header has 4" in err and "missing references,source" in err


def test_csv_row_with_too_many_fields_is_a_one_line_error(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("id,prediction,references\na,The storm hit.,Storm hit.,extra\n")
    assert main(["score", str(path)]) == 1
    assert "row 1 (line 2) has 4 fields, the header has 3" in one_line_error(capsys)


@pytest.mark.parametrize("command", ["score", "explain"])
def test_unwritable_output_is_reported_before_scoring(jsonl, tmp_path, capsys, monkeypatch, command):
    def no_scoring(*a, **k):
        raise AssertionError("scored before checking the output")

    monkeypatch.setattr(cli, "_score_rows", no_scoring)
    assert main([command, str(jsonl), "-o", str(tmp_path / "missing" / "out")]) == 1
    assert "does not exist" in one_line_error(capsys)
    assert main([command, str(jsonl), "-o", str(tmp_path)]) == 1
    assert "is a folder" in one_line_error(capsys)
    if os.geteuid() != 0:  # root writes anywhere
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        assert main([command, str(jsonl), "-o", str(ro / "out")]) == 1
        assert "not writable" in one_line_error(capsys)


def test_interrupt_while_writing_keeps_the_previous_output(jsonl, tmp_path, monkeypatch):
    out = tmp_path / "out.jsonl"
    assert main(["score", str(jsonl), "-o", str(out), "--method", "rouge"]) == 0
    before = out.read_text()
    assert len(before.splitlines()) == 2
    calls = {"n": 0}
    real_dumps = json.dumps

    def dumps(*a, **k):  # Ctrl-C while the second line is being written
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real_dumps(*a, **k)

    monkeypatch.setattr(cli.json, "dumps", dumps)
    assert main(["score", str(jsonl), "-o", str(out), "--method", "rouge"]) == 130  # one line, exit 130
    assert out.read_text() == before
    assert sorted(os.listdir(tmp_path)) == ["in.jsonl", "out.jsonl"]  # no temporary file left behind


def test_atomic_output_replaces_only_on_success(tmp_path):
    path = tmp_path / "f.txt"
    path.write_text("old")
    with pytest.raises(RuntimeError):
        with atomic_output(str(path)) as f:
            f.write("half")
            raise RuntimeError("disk full")
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["f.txt"]
    with atomic_output(str(path)) as f:
        f.write("new")
    assert path.read_text() == "new" and os.listdir(tmp_path) == ["f.txt"]
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


def test_compare_plot_without_matplotlib_says_so_in_one_line(jsonl, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError

    def no_scoring(*a, **k):
        raise AssertionError("scored before checking for matplotlib")

    monkeypatch.setattr(cli, "_score_rows", no_scoring)
    assert main(["compare", str(jsonl), str(jsonl), "--plot", str(tmp_path / "p.png")]) == 1
    err = one_line_error(capsys)
    assert "--plot needs matplotlib" in err and "pip install 'pyramid-metric[plot]'" in err
