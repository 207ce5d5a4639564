"""CLI outputs added for users: compare's PNG plot, explain's linked highlights, consistent exit codes."""
import json

import pytest

from pyramid_metric.cli import main

FAST = ["--method", "refpyramid", "--matcher", "recall"]  # speed only


@pytest.fixture
def systems(tmp_path, gumsum_dev):
    paths = []
    for k, name in enumerate(("sysA", "sysB")):
        path = tmp_path / f"{name}.jsonl"
        with open(path, "w", encoding="utf-8") as f:
            for d in gumsum_dev[:3]:
                f.write(json.dumps({"id": d["doc_id"], "prediction": d["summaries"][k],
                                    "references": d["summaries"][2:],
                                    "source": " ".join(d["text"].split()[:150])}) + "\n")
        paths.append(path)
    return paths


def test_compare_writes_png(systems, tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="--plot needs the [plot] extra (matplotlib)")
    png = tmp_path / "cmp.png"
    assert main(["compare", *map(str, systems), "--plot", str(png), *FAST]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 2000
    out = capsys.readouterr().out
    assert "sysA.jsonl" in out and "sysB.jsonl" in out


def test_compare_plot_without_matplotlib_exits_1_before_scoring(systems, tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if the extra were not installed
    assert main(["compare", *map(str, systems), "--plot", str(tmp_path / "x.png"), *FAST]) == 1
    err = capsys.readouterr().err
    assert "pip install 'pyramid-metric[plot]'" in err and not (tmp_path / "x.png").exists()


def test_compare_systems_of_different_sizes_exit_1(systems, capsys):
    lines = systems[1].read_text().splitlines()
    systems[1].write_text("\n".join(lines[:2]) + "\n")
    assert main(["compare", *map(str, systems), *FAST]) == 1
    assert "systems must score the same examples" in capsys.readouterr().err


def test_unwritable_output_exits_1(systems, tmp_path, capsys):
    assert main(["score", str(systems[0]), "-o", str(tmp_path / "no" / "such" / "dir.jsonl"), *FAST]) == 1
    err = capsys.readouterr().err
    assert "error:" in err and "No such file or directory" in err


def test_explain_marks_words_units_references_and_source(systems, tmp_path, gumsum_dev):
    lead = tmp_path / "lead.jsonl"  # the source's first sentences: matches source EDUs of the pyramid
    with open(lead, "w", encoding="utf-8") as f:
        for line in systems[0].read_text().splitlines():
            r = json.loads(line)
            f.write(json.dumps({**r, "prediction": " ".join(r["source"].split()[:60])}) + "\n")
    out = tmp_path / "r.html"
    assert main(["explain", str(lead), "-o", str(out), "--method", "hirao", "--extract", "rouge"]) == 0
    html = out.read_text(encoding="utf-8")
    assert "<h2>GUM_academic_exposure</h2>" in html and "OPT_" not in html
    import re

    # summary words that earned credit are marked with the units they support, and those units are rows
    units = {u for m in re.findall(r'<mark class="sw" data-u="([\d ]+)"', html) for u in m.split()}
    assert units and all(f'data-u="{u}"><td class="w">' in html for u in units)
    assert "matched by summary span" in html and "earned credit" in html and "Weight " in html
    assert '<p class="ref"><span class="rl">Reference 1</span>' in html  # the references, with their units
    assert "<details><summary>Source document</summary>" in html


def test_score_reads_a_datasets_folder(tmp_path, capsys):
    from datasets import Dataset

    src = "The storm hit the coast on Monday. Thousands of homes lost power. Schools stay shut."
    Dataset.from_dict({"id": ["a", "b"], "prediction": ["Thousands of homes lost power.", "Schools stay shut."],
                       "references": [["Thousands of homes lost power in the storm."]] * 2,
                       "source": [src] * 2}).save_to_disk(str(tmp_path / "ds"))
    out = tmp_path / "s.jsonl"
    assert main(["score", str(tmp_path / "ds"), "-o", str(out), *FAST]) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in recs] == ["a", "b"] and recs[0]["score"] > recs[1]["score"]
    assert all(r["signature"].startswith("nrefs:1|") for r in recs)
