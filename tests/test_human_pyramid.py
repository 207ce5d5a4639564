"""Human-pyramid mode: score predictions against given SCUs with weights (DUC/TAC, REALSumm `scus`), any matcher."""
import math

import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.match import MATCHERS
from pyramid_metric.options import Plugin
from pyramid_metric.match.base import Matcher
from pyramid_metric.metaeval import all_correlations

SCUS = ["A storm hit the coast", "Thousands of homes lost power", "Schools closed until Friday"]
WEIGHTS = [3, 2, 1]


@pytest.fixture(scope="module")
def lcs():
    return PyramidScorer(method="hirao")  # seed 000 matching: an SCU counts when LCS share >= 0.55


@pytest.mark.parametrize("pred, expected", [
    # one sentence expresses two SCUs: both are credited (a span may express several SCUs)
    ("A storm hit the coast and thousands of homes lost power.", (3 + 2) / 6),
    ("Schools closed until Friday.", 1 / 6),
    # LCS share of the SCU's words: "thousands of homes ... power" = 4 of 5 words >= 0.55
    ("Thousands of homes were without power.", 2 / 6),
    ("Nothing related at all.", 0.0),
])
def test_hand_checked_weighted_scus_with_lcs(lcs, pred, expected):
    out = lcs.compute([pred], scus=[SCUS], scu_weights=[WEIGHTS], explain=True)
    assert out["scores"][0] == pytest.approx(expected, abs=1e-12)
    assert out["signature"].startswith("pyramid:scus(weighted)|")
    ex = out["explanations"][0]
    assert ex["bound"] == 6.0 and ex["pyramid"]["one_to_one"] is False


def test_default_weights_are_one_and_references_are_optional(lcs):
    pred = "A storm hit the coast and thousands of homes lost power."
    out = lcs.compute([pred], [["any reference"]], scus=[SCUS])
    assert out["scores"][0] == pytest.approx(2 / 3)
    assert out["signature"].startswith("pyramid:scus(w=1)|")


def test_embedding_matcher_finds_paraphrased_scus():
    pred = "Many households were left without electricity. Classes are cancelled until the end of the week."
    emb = PyramidScorer(method="hirao", matcher="embedding").compute([pred], scus=[SCUS], scu_weights=[WEIGHTS])
    lcs = PyramidScorer(method="hirao").compute([pred], scus=[SCUS], scu_weights=[WEIGHTS])
    assert lcs["scores"][0] == 0.0
    assert emb["scores"][0] >= 2 / 6  # at least the power SCU
    assert "embedding" in emb["signature"].lower()


@pytest.mark.parametrize("kwargs, message", [
    (dict(scus=[SCUS, SCUS]), "`scus` has 2 items"),
    (dict(scus=[[]]), r"`scus\[0\]` is empty"),
    (dict(scus=["one string"]), r"`scus\[0\]` must be a list"),
    (dict(scus=[["ok", " "]]), r"`scus\[0\]\[1\]` is empty"),
    (dict(scus=[SCUS], scu_weights=[[1, 2]]), r"`scu_weights\[0\]` must be a list of 3"),
    (dict(scus=[SCUS], scu_weights=[[1, -2, 1]]), r"`scu_weights\[0\]\[1\]` must be a positive number"),
    (dict(scu_weights=[[1, 2, 3]]), "`scu_weights` needs `scus`"),
])
def test_bad_input_raises_value_error_naming_argument(lcs, kwargs, message):
    with pytest.raises(ValueError, match=message):
        lcs.score(["A storm."], **kwargs)


def test_a_matcher_plugs_in_by_registry_name(monkeypatch):
    """The AMR matcher (or any other) plugs in like this: a Matcher subclass registered under a name."""
    import sys
    import types

    class Contains(Matcher):
        name = "contains"

        def similarities(self, summary, pyramid):
            return np.array([[1.0 if p.text.lower() in c.text.lower() else 0.0 for p in pyramid] for c in summary])

    mod = types.ModuleType("_test_contains_matcher")
    mod.Contains = Contains
    monkeypatch.setitem(sys.modules, "_test_contains_matcher", mod)
    monkeypatch.setitem(MATCHERS, "contains", Plugin("_test_contains_matcher:Contains"))
    out = PyramidScorer(method="hirao", matcher="contains", threshold=0.5).compute(
        ["Officials said schools closed until Friday."], scus=[SCUS], scu_weights=[WEIGHTS])
    assert out["scores"][0] == pytest.approx(1 / 6)
    assert "matcher:contains" in out["signature"]


def test_realsumm_given_scus_agree_with_human_scores(realsumm_rows, lcs):
    rows = realsumm_rows[:4]
    systems = sorted(rows[0]["systems"])
    preds = [r["systems"][s]["summary"] for r in rows for s in systems]
    scus = [r["scus"] for r in rows for _ in systems]
    out = lcs.compute(preds, scus=scus)
    scores = np.array(out["scores"]).reshape(len(rows), len(systems))
    assert np.all((scores >= 0) & (scores <= 1)) and not np.isnan(scores).any()
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    corr = all_correlations(scores, human)
    assert corr["summary_pearson"] > 0.3 and not math.isnan(corr["system_pearson"])
    # a summary that is the reference itself covers most of its SCUs
    ref = lcs.compute([rows[0]["reference"]], scus=[rows[0]["scus"]])["scores"][0]
    assert ref >= 0.6


def test_through_evaluate_with_sources_none():
    """evaluate's module needs a `sources` column; methods and modes that do not use it take None."""
    evaluate = pytest.importorskip("evaluate")
    from pathlib import Path

    module = evaluate.load(str(Path(__file__).resolve().parent.parent / "metric_card" / "pyramid.py"))
    pred = "A storm hit the coast and thousands of homes lost power."
    out = module.compute(predictions=[pred], references=[["unused"]], sources=[None], scus=[SCUS],
                         scu_weights=[WEIGHTS], method="hirao")
    assert out["scores"][0] == pytest.approx(5 / 6)
    out = module.compute(predictions=[pred], references=[[pred]], sources=[None], method="be")
    assert out["scores"] == [1.0] and "method:be" in out["signature"]
    with pytest.raises(ValueError, match=r"`sources`"):
        module.compute(predictions=[pred], references=[[pred]], sources=[None], method="hirao")  # seed 000 needs them
    out = module.compute(predictions=[pred], references=[[pred]], sources=[None])  # the default does not
    assert out["scores"] == [1.0] and "method:refpyramid" in out["signature"]
