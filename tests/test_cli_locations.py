"""A CLI error about one example names the input file and the example's line (row for CSV), and the field as
the file spells it (`prediction`, not the scorer's `predictions[1]`)."""
import pytest

from pyramid_metric.cli import main

GOOD = '{"prediction": "The storm cut power.", "references": ["A storm cut power to homes."]}\n'


@pytest.mark.parametrize("line, said", [
    ('{"prediction": 5, "references": ["A storm."]}\n', "line 3: `prediction` must be a str, got int"),
    ('{"prediction": "A storm.", "references": ["A storm.", 3]}\n', "line 3: `references[1]` must be a str, got int"),
])
def test_jsonl_error_names_file_and_line(tmp_path, capsys, line, said):
    path = tmp_path / "in.jsonl"
    path.write_text(GOOD + "\n" + line, encoding="utf-8")  # a blank line 2: line numbers are the file's
    assert main(["score", str(path), "-o", str(tmp_path / "out.jsonl")]) != 0
    err = capsys.readouterr().err
    assert f"{path}: {said}" in err and "predictions[" not in err


def test_csv_error_names_file_row_and_line(tmp_path, capsys):
    path = tmp_path / "in.csv"
    path.write_text('prediction,references\nThe storm cut power.,A storm cut power.\nA storm.," "\n', encoding="utf-8")
    assert main(["score", str(path), "-o", str(tmp_path / "out.jsonl")]) != 0
    assert f"{path}: row 2 (line 3): `references" in capsys.readouterr().err
