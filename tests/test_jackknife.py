"""Jackknifing (ROUGE-1.5.5 / DUC-TAC practice): with K references, the mean of the K leave-one-out scores."""
import warnings

import numpy as np
import pytest

from pyramid_metric import PyramidScorer


@pytest.fixture(scope="module")
def scorer():
    return PyramidScorer()  # the default method: pyramids of the references' own EDUs, no sources needed


@pytest.fixture
def gumsum_docs(gumsum_dev):
    return gumsum_dev[:2]


def test_jackknifed_score_is_the_mean_of_the_leave_one_out_scores(scorer, gumsum_docs):
    """GUMSum: 5 human summaries per document; a lead baseline scored with jackknife=True equals the mean
    of its 5 scores against the 4-reference subsets, each computed on its own."""
    for d in gumsum_docs:
        refs = d["summaries"]
        lead = " ".join(d["text"].split()[:len(refs[0].split())])
        out = scorer.compute([lead], [refs], jackknife=True, explain=True)
        loo = [scorer.compute([lead], [refs[:k] + refs[k + 1:]])["scores"][0] for k in range(len(refs))]
        assert len(loo) == 5
        assert out["scores"][0] == pytest.approx(float(np.mean(loo)), abs=1e-12)
        ex = out["explanations"][0]
        assert ex["score"] == out["scores"][0] and ex["jackknife_scores"] == pytest.approx(loo, abs=1e-12)
        full = scorer.compute([lead], [refs])["scores"][0]
        assert ex["all_references_score"] == pytest.approx(full, abs=1e-12)


def test_jackknife_is_stated_in_the_signature_and_off_by_default(scorer, gumsum_docs):
    d = gumsum_docs[0]
    pred = d["summaries"][0]
    on = scorer.compute([pred], [d["summaries"][1:]], jackknife=True)
    off = scorer.compute([pred], [d["summaries"][1:]])
    assert on["signature"].startswith("nrefs:4|jackknife:loo|")
    assert "jackknife" not in off["signature"]
    assert on["signature"].replace("jackknife:loo|", "") == off["signature"]


def test_one_reference_keeps_the_plain_score_with_a_warning(scorer, gumsum_docs):
    d = gumsum_docs[0]
    pred, ref = d["summaries"][0], d["summaries"][1]
    plain = scorer.compute([pred], [[ref]])["scores"][0]
    with pytest.warns(UserWarning, match=r"jackknife: references\[0\] has one reference"):
        jk = scorer.compute([pred], [[ref]], jackknife=True)["scores"][0]
    assert jk == plain


def test_mixed_reference_counts_in_one_batch(scorer, gumsum_docs):
    """Each example is jackknifed over its own references; a batch equals its examples one at a time."""
    a, b = gumsum_docs
    preds = [a["summaries"][0], b["summaries"][0]]
    refs = [a["summaries"][1:4], [b["summaries"][1]]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = scorer.compute(preds, refs, jackknife=True)["scores"]
        one = [scorer.compute([p], [r], jackknife=True)["scores"][0] for p, r in zip(preds, refs)]
    assert batch == pytest.approx(one, abs=1e-12)


@pytest.mark.parametrize("kwargs, message", [
    (dict(jackknife="yes"), "`jackknife` must be True or False"),
    (dict(jackknife=True, references=None, scus=[["A storm hit."]]), "`jackknife` leaves out one reference"),
])
def test_bad_jackknife_input_raises(scorer, kwargs, message):
    kwargs.setdefault("references", [["A storm hit the coast.", "Storms hit."]])
    with pytest.raises(ValueError, match=message):
        scorer.score(["A storm."], **kwargs)


def test_jackknife_through_evaluate(gumsum_docs):
    evaluate = pytest.importorskip("evaluate")
    from pathlib import Path

    module = evaluate.load(str(Path(__file__).resolve().parent.parent / "metric_card" / "pyramid.py"))
    d = gumsum_docs[0]
    pred, refs = d["summaries"][0], d["summaries"][1:]
    out = module.compute(predictions=[pred], references=[refs], jackknife=True)
    direct = PyramidScorer().compute([pred], [refs], jackknife=True)
    assert out["scores"] == pytest.approx(direct["scores"], abs=1e-12)
    assert "jackknife:loo" in out["signature"]


def test_jackknife_on_the_command_line(tmp_path, gumsum_docs, capsys):
    import json

    from pyramid_metric.cli import main

    d = gumsum_docs[0]
    lead = " ".join(d["text"].split()[:30])
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"id": "x", "prediction": lead, "references": d["summaries"]}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(inp), "--jackknife", "-o", str(out)]) == 0
    rec = json.loads(out.read_text())
    assert rec["signature"].startswith("nrefs:5|jackknife:loo|")
    assert rec["score"] == pytest.approx(PyramidScorer().compute([lead], [d["summaries"]], jackknife=True)
                                         ["scores"][0], abs=1e-12)
