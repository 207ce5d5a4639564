"""The command line: score, explain, segment, compare, demo and exit codes on bad files."""
import json
import subprocess
import sys

import pytest

from pyramid_metric.cli import main


def cli(*args):
    return subprocess.run([sys.executable, "-m", "pyramid_metric.cli", *args], capture_output=True, text=True,
                          timeout=600)


@pytest.fixture
def jsonl(tmp_path, realsumm_rows):
    row = realsumm_rows[0]
    path = tmp_path / "in.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for name, s in list(row["systems"].items())[:3]:
            f.write(json.dumps({"id": name, "prediction": s["summary"], "references": [row["reference"]],
                                "source": row["document"]}) + "\n")
    return path


def test_score_writes_jsonl_with_signature(jsonl, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["score", str(jsonl), "-o", str(out), "--method", "hirao", "--extract", "rouge"]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(recs) == 3 and all(0 <= r["score"] <= 1 for r in recs)
    assert all("extract:rouge" in r["signature"] for r in recs)
    assert "pyramid = " in capsys.readouterr().err


def test_explain_writes_html(jsonl, tmp_path):
    out = tmp_path / "report.html"
    assert main(["explain", str(jsonl), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "What the summary earned, unit by unit" in html and "weight" in html


def test_compare_prints_table(jsonl, capsys):
    assert main(["compare", str(jsonl), str(jsonl), "--method", "hirao", "--extract", "rouge"]) == 0
    assert "95% interval" in capsys.readouterr().out


def test_segment_prints_one_unit_per_line(tmp_path):
    f = tmp_path / "doc.txt"
    text = "The storm hit the coast.\n\nThousands of homes lost power. Schools closed."
    f.write_text(text, encoding="utf-8")
    p = cli("segment", str(f), "--segmenter", "sentence")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert "".join("".join(l.split()) for l in lines) == "".join(text.split())
    assert len(lines) == 3


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    ("{not json\n", "not valid JSON"),
    ('{"prediction": "a"}\n', "lacks ['references']"),
    ("", "no examples"),
])
def test_bad_files_exit_1_with_one_line_message(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    if content is not None:
        path.write_text(content)
    p = cli("score", str(path))
    assert p.returncode == 1
    assert message in p.stderr and "Traceback" not in p.stderr


def test_demo_runs_on_packaged_example():
    p = cli("demo")
    assert p.returncode == 0, p.stderr
    assert "human-1" in p.stdout and "earned credit" in p.stdout and "nrefs:4" in p.stdout


@pytest.mark.parametrize("sub", ["score", "explain", "compare", "segment", "demo", "register"])
def test_help(sub):
    assert cli(sub, "--help").returncode == 0


# -- messages a user reads ---------------------------------------------------------------------------------

REF = "The storm cut power to thousands of homes."


def test_id_comes_from_instance_id(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join(json.dumps(r) for r in [
        {"instance_id": "D0701-A", "prediction": "Power was cut.", "references": [REF]},
        {"id": "x2", "instance_id": "D0702-B", "prediction": "Homes lost power.", "references": [REF]}]) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(inp), "-o", str(out), "--segmenter", "sentence"]) == 0
    assert [json.loads(x)["id"] for x in out.read_text().splitlines()] == ["D0701-A", "x2"]


def test_empty_prediction_warning_is_one_clean_line(tmp_path):
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"id": "a", "prediction": "", "references": [REF]}) + "\n")
    p = cli("score", str(inp), "--segmenter", "sentence")
    assert p.returncode == 0, p.stderr
    lines = p.stderr.splitlines()
    assert "pyramid-metric score: warning: predictions[0] is empty: it scores 0" in lines
    assert "UserWarning" not in p.stderr and "scorer.score(" not in p.stderr and ".py:" not in p.stderr


@pytest.mark.parametrize("content", ["", " \n\n"])
def test_segment_on_an_empty_file_says_so_and_fails(tmp_path, capsys, content):
    path = tmp_path / "empty.txt"
    path.write_text(content)
    assert main(["segment", str(path), "--segmenter", "sentence"]) == 1
    assert "empty.txt has no text to segment" in capsys.readouterr().err


def test_missing_field_message_lists_only_what_is_needed(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"prediction": "Power was cut."}) + "\n")
    assert main(["score", str(inp)]) == 1
    err = capsys.readouterr().err
    assert "example 1 lacks ['references']; each example needs prediction and references" in err
    assert "source" not in err
