"""The command line against hostile or careless input: an output that is the input, files that are not UTF-8,
JSON that is nested too deeply or not strict, and a run stopped by SIGTERM or Ctrl-C."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from pyramid_metric import cli
from pyramid_metric.cli import main

REF = "A storm hit the coast and thousands of homes lost power."
ROWS = [{"id": "a", "prediction": "Thousands of homes lost power.", "references": [REF]},
        {"id": "b", "prediction": "Schools stay shut in Zürich.", "references": [REF]}]


@pytest.fixture
def jsonl(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS), encoding="utf-8")
    return path


def one_line_error(capsys):
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def no_scoring(*a, **k):
    raise AssertionError("scored before refusing")


@pytest.mark.parametrize("command", [["score", "--method", "rouge"], ["explain", "--method", "rouge"],
                                     ["pyramid", "--method", "refpyramid"]])
def test_output_that_is_the_input_is_refused_and_the_input_kept(jsonl, tmp_path, capsys, monkeypatch, command):
    monkeypatch.setattr(cli, "_score_rows", no_scoring)
    before = jsonl.read_bytes()
    link = tmp_path / "link.jsonl"
    link.symlink_to(jsonl)
    hard = tmp_path / "hard.jsonl"
    os.link(jsonl, hard)
    monkeypatch.chdir(tmp_path)
    for output in (str(jsonl), "in.jsonl", "./sub/../in.jsonl", str(link), str(hard)):
        (tmp_path / "sub").mkdir(exist_ok=True)
        assert main([command[0], str(jsonl), "-o", output, *command[1:]]) == 1, output
        err = one_line_error(capsys)
        assert "is the input file" in err and "replace your data" in err, err
        assert jsonl.read_bytes() == before


def test_compare_plot_or_pyramids_file_as_output_is_refused(jsonl, tmp_path, capsys):
    other = tmp_path / "b.jsonl"
    other.write_bytes(jsonl.read_bytes())
    assert main(["compare", str(jsonl), str(other), "--plot", str(other)]) == 1
    assert "is the input file" in one_line_error(capsys)
    pyr = tmp_path / "p.jsonl"
    pyr.write_text("{}\n")
    assert main(["score", str(jsonl), "--pyramids", str(pyr), "-o", str(pyr)]) == 1
    assert "is the input file" in one_line_error(capsys)
    assert pyr.read_text() == "{}\n"


@pytest.mark.parametrize("encoding, said", [("latin-1", "not UTF-8 text (byte 0xfc"), ("utf-16", "UTF-16"),
                                            ("cp1252", "not UTF-8 text")])
@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_file_not_in_utf8_names_file_and_line(tmp_path, capsys, encoding, said, suffix):
    path = tmp_path / f"in{suffix}"
    if suffix == ".jsonl":
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ROWS)
    else:
        text = "id,prediction,references\na,Storm.,Storm hit.\nb,Schools stay shut in Zürich.,Storm hit.\n"
    path.write_bytes(text.encode(encoding))
    for argv in (["score", str(path)], ["compare", str(path), str(path)], ["explain", str(path), "-o",
                                                                            str(tmp_path / "r.html")]):
        assert main(argv) == 1
        err = one_line_error(capsys)
        assert str(path) in err and said in err, err
        if encoding != "utf-16":
            assert (f"{path}:2:" in err) if suffix == ".jsonl" else ("line 3" in err), err
        assert "codec can't decode" not in err


def test_utf8_byte_order_mark_is_accepted(tmp_path, capsys, monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "_score_input", lambda args, path, rows: seen.extend(rows) or no_scoring())
    for suffix, text in ((".jsonl", json.dumps(ROWS[0]) + "\n"), (".csv", "id,prediction,references\na,S.,R.\n")):
        path = tmp_path / f"bom{suffix}"
        path.write_bytes(b"\xef\xbb\xbf" + text.encode())
        with pytest.raises(AssertionError):
            main(["score", str(path)])
    assert [r["id"] for r in seen] == ["a", "a"]


@pytest.mark.parametrize("line, said", [
    ('{"id": NaN, "prediction": "x", "references": ["y"]}', "NaN is not a JSON value"),
    ('{"id": -Infinity, "prediction": "x", "references": ["y"]}', "-Infinity is not a JSON value"),
    ('{"id": Infinity, "prediction": "x", "references": ["y"]}', "Infinity is not a JSON value"),
    ('{"id": ' + "9" * 5000 + ', "prediction": "x", "references": ["y"]}', "too many digits"),
    ('{"id": 1, "prediction": "x", "references": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
    ("[" * 50_000, "nested too deeply"),
])
def test_json_that_is_not_strict_or_too_deep_is_a_one_line_error(tmp_path, capsys, line, said):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n" + line + "\n")
    assert main(["score", str(path), "--method", "rouge"]) == 1
    err = one_line_error(capsys)
    assert f"{path}:2: " in err and said in err, err


def test_csv_references_nested_too_deeply_stay_text(tmp_path, capsys, monkeypatch):
    seen = []
    monkeypatch.setattr(cli, "_score_input", lambda args, path, rows: seen.extend(rows) or no_scoring())
    path = tmp_path / "in.csv"
    deep = "[" * 100_000
    path.write_text(f"id,prediction,references\na,Storm.,{deep}\n")
    with pytest.raises(AssertionError):
        main(["score", str(path)])
    assert seen[0]["references"] == deep


def test_score_output_is_strict_json(jsonl, tmp_path, monkeypatch):
    from types import SimpleNamespace

    monkeypatch.setattr(cli, "_score_input",
                        lambda args, path, rows: ([SimpleNamespace(score=0.5, precision=None)] * len(rows), "s"))
    out = tmp_path / "out.jsonl"
    assert main(["score", str(jsonl), "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert [json.loads(x, parse_constant=pytest.fail)["id"] for x in lines] == ["a", "b"]


def test_dataset_folder_with_nan_id_is_refused(tmp_path, capsys):
    datasets = pytest.importorskip("datasets")
    folder = tmp_path / "ds"
    datasets.Dataset.from_list([{"id": 1.0, **{k: v for k, v in ROWS[0].items() if k != "id"}},
                                {"id": float("nan"), **{k: v for k, v in ROWS[1].items() if k != "id"}}]
                               ).save_to_disk(str(folder))
    capsys.readouterr()
    assert main(["score", str(folder)]) == 1
    assert "example 2 has id nan, which JSON cannot hold" in one_line_error(capsys)


_SLOW_RUN = """
import sys, time
from pyramid_metric import cli
def slow(args, path, rows):
    print("scoring", flush=True)
    time.sleep(60)
cli._score_input = slow
sys.exit(cli.main(sys.argv[1:]))
"""


@pytest.mark.parametrize("sig, code, said", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_stopped_run_leaves_no_temporary_file_and_prints_one_line(jsonl, tmp_path, sig, code, said):
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n")
    # Ctrl-C as in a terminal: a process started in the background of a non-interactive shell (as CI may run
    # the suite) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt; restore the default.
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_RUN, "score", str(jsonl), "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout.readline().strip() == "scoring"
        assert [p.name for p in tmp_path.iterdir() if ".tmp" in p.name]  # the temporary output exists now
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == code, err
    assert err.strip() == f"pyramid-metric score: {said}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]
    assert out.read_text() == "previous\n"
