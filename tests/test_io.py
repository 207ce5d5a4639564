"""Human pyramid files: DUCView .pyr XML and SacreROUGE JSONL, read, written, round-tripped and scored.

The fixtures in tests/data/pyramids are written by hand (no licensed DUC/TAC data): D0999-A.pyr is a
DUCView file (the header regular expression, DTD and entity escapes of the NIST files), D0997-C.pyr one in
the layout DUCView itself writes (Windows line endings, labels that drop line breaks), two_topics.jsonl
holds the same pyramid in SacreROUGE's JSONL form plus a second topic.
"""
import json
import re
import shutil
from pathlib import Path

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.io import (HumanPyramid, PyramidFileError, from_pyramid, read_pyramids, to_ducview,
                               write_pyramids)

DATA = Path(__file__).resolve().parent / "data" / "pyramids"
PYR, JSONL = DATA / "D0999-A.pyr", DATA / "two_topics.jsonl"


def test_ducview_file_is_read_with_weights_contributors_and_offsets():
    (p,) = read_pyramids(PYR)
    assert p.instance_id == "D0999-A" and p.summarizer_ids == ("A", "B", "C")
    assert p.summaries[1] == 'Monday\'s storm left 5,000 homes without "power". Schools closed.'
    assert p.labels() == ["A storm hit the coast", "Homes lost power", "Schools closed", "The storm came on Monday"]
    # weight = number of model summaries contributing (Nenkova and Passonneau, 2004)
    assert p.weights() == [3.0, 2.0, 2.0, 2.0]
    c = p.scus[0].contributors[2]  # two parts in summary C, offsets into that summary
    assert c.summary_index == 2 and [(x.start, x.end) for x in c.parts] == [(0, 17), (21, 28)]
    assert c.text == "The coast was hit a storm"
    assert p.contributors()[1] == ["Thousands of homes lost power", '5,000 homes without "power"']
    for s in p.scus:
        for c in s.contributors:
            for part in c.parts:
                assert p.summaries[c.summary_index][part.start:part.end] == part.text


def test_jsonl_file_holds_the_same_pyramid_and_a_second_topic():
    pyrs = read_pyramids(JSONL)
    assert [p.instance_id for p in pyrs] == ["D0999-A", "D0998-B"]
    assert pyrs[0] == read_pyramids(PYR)[0]
    assert pyrs[1].weights() == [2.0, 2.0, 1.0]


def test_folder_of_pyr_files(tmp_path):
    shutil.copy(PYR, tmp_path / "D0999-A.pyr")
    (tmp_path / "notes.txt").write_text("ignored")
    assert [p.instance_id for p in read_pyramids(tmp_path)] == ["D0999-A"]


@pytest.mark.parametrize("fmt", [".pyr", ".jsonl"])
def test_write_then_read_gives_the_same_pyramid(tmp_path, fmt):
    (p,) = read_pyramids(PYR)
    out = tmp_path / ("x" + fmt)
    write_pyramids([p], out)
    (q,) = read_pyramids(out)
    assert q.summaries == p.summaries and q.scus == p.scus and q.summarizer_ids == p.summarizer_ids


def test_write_several_pyramids_to_a_folder_and_refuse_one_pyr_file(tmp_path):
    pyrs = read_pyramids(JSONL)
    written = write_pyramids(pyrs, tmp_path / "out")
    assert sorted(Path(w).name for w in written) == ["D0998-B.pyr", "D0999-A.pyr"]
    assert sorted(read_pyramids(tmp_path / "out"), key=lambda p: p.instance_id) == sorted(
        pyrs, key=lambda p: p.instance_id)
    with pytest.raises(ValueError, match="holds one pyramid but there are 2"):
        write_pyramids(pyrs, tmp_path / "one.pyr")


def test_remove_summary_for_scoring_a_model_summary_against_the_others():
    (p,) = read_pyramids(PYR)
    q = p.remove_summary(0)
    assert q.summarizer_ids == ("B", "C")
    # SCU 2 (homes) and 4 (Monday) lose summary A's contributor; the others keep theirs, indices shifted
    assert q.weights() == [2.0, 1.0, 2.0, 1.0]
    assert q.scus[2].contributors[0].summary_index == 0


def _replace(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


PYR_TEXT = PYR.read_text(encoding="utf-8")
BAD_PYR = [
    (_replace(PYR_TEXT, "</pyramid>", ""), r"D0999-A.pyr:\d+: not well-formed XML"),
    (_replace(PYR_TEXT, 'start="230"', 'start="x"'), r"<scu uid='3'>.*non-integer offsets"),
    (_replace(PYR_TEXT, '<scu uid="4"', '<scu uid="four"'), r"<scu> #4: uid 'four' is not an integer"),
    (_replace(PYR_TEXT, "D[0-9]*-[A-Z]", "Q[0-9]*"), "no model summary header in <text> matches"),
    (_replace(PYR_TEXT, '<part label="schools closed until Friday" start="333" end="360"',
              '<part label="schools closed until Monday" start="333" end="9999"'), "lie outside the model summaries"),
    (PYR_TEXT.split(" <scu ")[0] + "</pyramid>\n", "no <scu> elements"),
]


JSONL_LINES = JSONL.read_text(encoding="utf-8").splitlines()
BAD_JSONL = [
    (JSONL_LINES[0] + "\n{oops\n", r"two.jsonl:2: not valid JSON"),
    (_replace(JSONL_LINES[1], '"start": 27', '"start": 26'), r"two.jsonl:1: scus\[0\] \(scu_id 1\): "
                                                              r"contributors\[1\]: parts\[0\]: offsets 26-50"),
    (_replace(JSONL_LINES[1], '"summary_index": 1, "label": "two years"', '"summary_index": 2, "label": "x"'),
     r"contributors\[0\]: summary_index 2 out of range \(2 summaries\)"),
    (_replace(JSONL_LINES[1], '"scus": [', '"scuz": ['), "missing field 'scus'"),
    (_replace(JSONL_LINES[1], '"scu_id": 2', '"scu_id": "2"'),
     r"scus\[1\]: field 'scu_id' must be an integer, got a string \(\"2\"\)"),
    ("\n\n", "no pyramids"),
]


@pytest.mark.parametrize("name, content, message", [("D0999-A.pyr", c, m) for c, m in BAD_PYR]
                         + [("two.jsonl", c, m) for c, m in BAD_JSONL])
def test_malformed_file_names_file_and_element_or_line(tmp_path, name, content, message):
    """A malformed DUCView file names its element, a malformed JSONL file its line; nothing is read."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(PyramidFileError, match=message):
        read_pyramids(path)


def test_offsets_off_by_whitespace_edits_are_repaired_with_a_warning(tmp_path):
    """Some NIST files have part offsets that no longer hold the label (text edited after annotation); as
    SacreROUGE's reader, the part is taken at the nearest occurrence of its label (whitespace between its
    words may differ): here one part shifted by two characters, one with a doubled space."""
    text = _replace(PYR_TEXT, 'start="93" end="122"', 'start="95" end="124"')
    text = _replace(text, '<part label="on Monday" start="82" end="91"/>',
                    '<part label="on  Monday" start="80" end="90"/>')
    path = tmp_path / "D0999-A.pyr"
    path.write_text(text, encoding="utf-8")
    with pytest.warns(UserWarning, match=r"2 part.s. had offsets that do not hold their label \(in <scu uid='2'>, "
                                         r"<scu uid='4'>\)"):
        (p,) = read_pyramids(path)
    assert p.scus[1].contributors[0].parts[0] == read_pyramids(PYR)[0].scus[1].contributors[0].parts[0]
    assert p.scus[3].contributors[0].parts[0].text == "on Monday"


def test_label_found_nowhere_is_used_with_a_warning_naming_the_scu(tmp_path):
    text = _replace(PYR_TEXT, '<part label="Thousands of homes lost power" start="93"',
                    '<part label="Thousands of homes lost water" start="93"')
    path = tmp_path / "D0999-A.pyr"
    path.write_text(text, encoding="utf-8")
    with pytest.warns(UserWarning, match=r"<scu uid='2'> <contributor label='Thousands of homes lost power'>: <part "
                                         r"label='Thousands of homes lost water'> offsets 93-122 hold 'Thousands of "
                                         r"homes lost power', and the label is nowhere.*the label is used"):
        (p,) = read_pyramids(path)
    assert p.contributors()[1][0] == "Thousands of homes lost water"
    assert p.weights() == read_pyramids(PYR)[0].weights()


def test_file_in_ducviews_own_layout_is_read_without_warnings():
    """D0997-C.pyr is laid out as DUCView writes it: Windows line endings, one <line> per text line, &apos; and
    &quot; entities, contributors whose parts span a line break of the text, with labels that drop the line
    break ("Church.Others", as in the DUC 2007 files), write it as a space or keep it in the attribute."""
    import warnings

    raw = (DATA / "D0997-C.pyr").read_bytes()
    assert b"\r\n" in raw and b"&apos;" in raw and b"&quot;" in raw and b'label="Baptist Church.Others' in raw
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (p,) = read_pyramids(DATA / "D0997-C.pyr")
    assert p.summarizer_ids == ("A", "B", "C") and p.weights() == [2.0, 3.0, 1.0]
    assert p.summaries[1] == 'Water rose to the church\'s steps; the mayor called it "the worst in fifty years".'
    assert p.contributors() == [["Baptist Church. Others include the school", "the flood hit the church, the school"],
                                ["the town hall", "Water rose to the church's steps", "the school and the town hall"],
                                ['"the worst in fifty years"']]
    for s in p.scus:
        for c in s.contributors:
            for part in c.parts:
                assert p.summaries[c.summary_index][part.start:part.end] == part.text


def test_unknown_format_and_missing_file(tmp_path):
    with pytest.raises(PyramidFileError, match="no such file"):
        read_pyramids(tmp_path / "none.pyr")
    (tmp_path / "p.txt").write_text("x")
    with pytest.raises(PyramidFileError, match="unknown pyramid format"):
        read_pyramids(tmp_path / "p.txt")


# -- scoring against pyramid files ---------------------------------------------------------------------------------

def test_scores_from_a_pyramid_file_equal_scoring_its_scus_directly():
    """Human-pyramid mode gets the file's labels and weights; LCS matching as in Hirao et al. (2018), Eq. 6:
    'Schools closed until Friday.' expresses SCU 3 (weight 2) of total weight 3+2+2+2 = 9."""
    (p,) = read_pyramids(PYR)
    scorer = PyramidScorer(method="hirao")
    out = scorer.compute(["Schools closed until Friday."], scus=[p.labels()], scu_weights=[p.weights()])
    assert out["scores"][0] == pytest.approx(2 / 9)


def _cli(*args):
    from pyramid_metric.cli import main

    return main([str(a) for a in args])


def test_cli_score_with_pyramids_picks_each_examples_pyramid(tmp_path, capsys):
    rows = [{"id": "s1", "instance_id": "D0999-A", "prediction": "Schools closed until Friday."},
            {"id": "s2", "instance_id": "D0998-B", "prediction": "The museum reopened after two years."}]
    inp = tmp_path / "in.jsonl"
    inp.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "out.jsonl"
    assert _cli("score", inp, "--pyramids", JSONL, "--method", "hirao", "-o", out) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    scorer = PyramidScorer(method="hirao")
    pyrs = {p.instance_id: p for p in read_pyramids(JSONL)}
    for r, rec in zip(rows, recs):
        p = pyrs[r["instance_id"]]
        direct = scorer.compute([r["prediction"]], scus=[p.labels()], scu_weights=[p.weights()])["scores"][0]
        assert rec["score"] == pytest.approx(direct, abs=1e-12)
        assert rec["signature"].startswith("pyramid:file(two_topics.jsonl)|method:hirao")
    assert recs[0]["score"] == pytest.approx(2 / 9)


def test_cli_score_with_a_malformed_pyramid_file_scores_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.pyr"
    bad.write_text(_replace(PYR_TEXT, 'label="Thousands of homes lost power" start="93"',
                                        'label="Thousands of homes lost power" start="x"'),
                   encoding="utf-8")
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"prediction": "Schools closed."}) + "\n")
    out = tmp_path / "out.jsonl"
    assert _cli("score", inp, "--pyramids", bad, "-o", out) == 1
    err = capsys.readouterr().err
    assert "bad.pyr: <scu uid='2'>" in err and "Traceback" not in err
    assert not out.exists()


def test_cli_score_names_a_missing_pyramid(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"instance_id": "D0001", "prediction": "x"}) + "\n")
    assert _cli("score", inp, "--pyramids", JSONL) == 1
    assert "example 1 names pyramid 'D0001'" in capsys.readouterr().err


def test_automatic_pyramid_round_trip_through_ducview(tmp_path, gumsum_dev, capsys):
    """pyramid-metric pyramid writes the automatic pyramid of a GUMSum document's references as a .pyr file;
    read back, its SCUs are the pyramid's units with their weights, every contributor points at text of
    its reference; scored again (score --pyramids) it gives what the units and weights give directly; a
    person's correction (an SCU deleted in the file) changes the score as it should."""
    d = gumsum_dev[0]
    refs, pred = d["summaries"][1:], d["summaries"][0]
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"id": "doc", "prediction": pred, "references": refs}) + "\n")
    pyr = tmp_path / "doc.pyr"
    assert _cli("pyramid", inp, "-o", pyr) == 0
    (h,) = read_pyramids(pyr)
    scorer = PyramidScorer()
    (auto,) = scorer.pyramids([refs], [None])
    assert h.labels() == [u.text for u in auto.units]
    assert h.weights() == [u.weight for u in auto.units]
    assert list(h.summaries) == refs
    for s, u in zip(h.scus, auto.units):
        assert [c.summary_index for c in s.contributors] == list(u.references)
    # scored from the file = scored from the units directly
    out = tmp_path / "out.jsonl"
    assert _cli("score", inp, "--pyramids", pyr, "-o", out) == 0
    from_file = json.loads(out.read_text())["score"]
    direct = scorer.compute([pred], references=[list(h.summaries)], scus=[h.labels()], scu_weights=[h.weights()],
                            scu_contributors=[h.contributors()])["scores"][0]
    assert from_file == pytest.approx(direct, abs=1e-12)
    # a person deletes the SCU the prediction earns most from: the score drops
    ex = scorer.compute([pred], scus=[h.labels()], scu_weights=[h.weights()], explain=True)["explanations"][0]
    best = max(ex["matches"], key=lambda m: m["credit"])["unit"]
    edited = HumanPyramid(h.instance_id, h.summaries, h.summarizer_ids, h.scus[:best] + h.scus[best + 1:])
    pyr.write_text(to_ducview(edited), encoding="utf-8")
    assert _cli("score", inp, "--pyramids", pyr, "-o", out) == 0
    assert json.loads(out.read_text())["score"] < from_file


def test_from_pyramid_locates_each_unit_in_its_references():
    """refpyramid units are reference EDUs: each contributor is the unit's own text in that reference."""
    refs = ["A storm hit the coast on Monday. Thousands of homes lost power.",
            "Thousands of homes lost power after the storm."]
    (auto,) = PyramidScorer().pyramids([refs], [None])
    h = from_pyramid(auto, refs, "x")
    power = next(s for s in h.scus if "Thousands" in s.label)
    assert power.weight == 2
    assert {c.text for c in power.contributors} == {"Thousands of homes lost power."} | {
        "Thousands of homes lost power"}


def test_cli_pyramid_writes_jsonl_and_folder(tmp_path, gumsum_dev, capsys):
    rows = [{"instance_id": d["doc_id"], "prediction": "", "references": d["summaries"]} for d in gumsum_dev[:2]]
    inp = tmp_path / "in.jsonl"
    inp.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert _cli("pyramid", inp, "-o", tmp_path / "all.jsonl") == 0
    assert [p.instance_id for p in read_pyramids(tmp_path / "all.jsonl")] == [d["doc_id"] for d in gumsum_dev[:2]]
    assert _cli("pyramid", inp, "-o", tmp_path / "folder") == 0
    assert len(list((tmp_path / "folder").glob("*.pyr"))) == 2
    assert _cli("pyramid", inp, "-o", tmp_path / "one.pyr") == 1
    assert "holds one pyramid but there are 2" in capsys.readouterr().err


def test_cli_pyramid_refuses_methods_without_content_units(tmp_path, capsys):
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"references": ["A storm hit.", "Storms hit."]}) + "\n")
    assert _cli("pyramid", inp, "-o", tmp_path / "x.pyr", "--method", "rouge") == 1
    assert "its pyramid units are n-grams" in capsys.readouterr().err
    assert not (tmp_path / "x.pyr").exists()


def test_cli_compare_and_explain_against_pyramid_files(tmp_path, capsys):
    """The DUC workflow: systems compared on the same topics against human pyramids, with a paired test."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    preds_a = ["Schools closed until Friday.", "The museum reopened after repairs."]
    preds_b = ["A storm hit the coast and homes lost power; schools closed.", "It took two years of repairs."]
    for path, preds in ((a, preds_a), (b, preds_b)):
        path.write_text("".join(json.dumps({"id": t, "instance_id": t, "prediction": p}) + "\n"
                                for t, p in zip(["D0999-A", "D0998-B"], preds)))
    assert _cli("compare", a, b, "--pyramids", JSONL, "--method", "hirao") == 0
    out = capsys.readouterr().out
    assert "baseline: a.jsonl; paired bootstrap" in out and "n = 2 examples" in out
    assert "pyramid:file(two_topics.jsonl)|method:hirao" in out
    html = tmp_path / "r.html"
    assert _cli("explain", b, "--pyramids", JSONL, "-o", html) == 0
    text = " ".join(re.sub(r"<[^>]+>", " ", html.read_text(encoding="utf-8")).split())  # the report marks words
    assert "Schools closed" in text


def test_cli_jackknife_with_pyramid_files(tmp_path):
    """DUC practice with human pyramids: a system's score is the mean over the K pyramids of K - 1 model
    summaries; a model summary (its summarizer_id) is scored against the pyramid of the others."""
    (p,) = read_pyramids(PYR)
    system, model_b = "Schools closed until Friday.", p.summaries[1]
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"id": "sys", "prediction": system}) + "\n"
                   + json.dumps({"id": "B", "summarizer_id": "B", "prediction": model_b}) + "\n")
    out = tmp_path / "out.jsonl"
    assert _cli("score", inp, "--pyramids", PYR, "--jackknife", "--method", "hirao", "-o", out) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert recs[0]["signature"].startswith("pyramid:file(D0999-A.pyr)|jackknife:loo|method:hirao")
    scorer = PyramidScorer(method="hirao")

    def against(q, text):
        return scorer.compute([text], scus=[q.labels()], scu_weights=[q.weights()])["scores"][0]

    loo = [against(p.remove_summary(k), system) for k in range(3)]
    # the system expresses SCU 3 "Schools closed" only (contributors B, C); SCU weights per leave-one-out
    # pyramid, by hand: without A 2,1,2,1 -> 2/6; without B 2,1,1,1 -> 1/5; without C 2,2,1,2 -> 1/7
    assert loo == pytest.approx([2 / 6, 1 / 5, 1 / 7])
    assert recs[0]["score"] == pytest.approx(sum(loo) / 3)
    assert recs[1]["score"] == pytest.approx(against(p.remove_summary(1), model_b))
