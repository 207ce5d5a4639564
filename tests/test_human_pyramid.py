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


# -- the default method's human-pyramid scoring (pyramid_metric/methods/human.py) --------------------------------

PYR_FILE = __import__("pathlib").Path(__file__).resolve().parent / "data" / "pyramids" / "D0999-A.pyr"
# one sentence, so the sentence rule's two halves coincide; its content words: thousand, home, without, power
POWER = "Thousands of homes were without power."
# by hand, content-word recall (the default matcher) of each text of D0999-A.pyr's SCU 2 "Homes lost power"
# (weight 2) in POWER: label home, lost, power -> 2/3; contributor "Thousands of homes lost power" -> 3/4;
# contributor '5,000 homes without "power"' (5, 000, home, without, power) -> 3/5; SCUs 1, 3, 4 share no
# content word with POWER, nor do their contributors.  Presence p_2 = max(3/4, 3/5): the contributor said best,
# squared: the SCUs of several model summaries are judged by words alone, each text's presence raised to
# SCU_WORDS_POWER = 2 (pyramid_metric/methods/reference.py).
P2 = (3 / 4) ** 2


@pytest.fixture(scope="module")
def duc_pyramid():
    from pyramid_metric.io import read_pyramids

    (p,) = read_pyramids(PYR_FILE)
    return p


def test_scu_presence_is_its_best_contributors(duc_pyramid):
    p = duc_pyramid
    out = PyramidScorer().compute([POWER], scus=[p.labels()], scu_weights=[p.weights()],
                                  scu_contributors=[p.contributors()], explain=True)
    # recall normalisation: sum_j w_j p_j / sum_j w_j, weights 3, 2, 2, 2
    assert out["scores"][0] == pytest.approx(2 * P2 / 9, abs=1e-12)
    assert out["signature"].startswith("pyramid:scus(weighted)|scu_score:recall(weight-x-presence,"
                                       "best-contributor-or-label+ref-span;contributors+refs:mean-with-ref-pyramid)"
                                       "|method:refpyramid|")
    ex = out["explanations"][0]
    (match,) = ex["matches"]
    assert match["unit"] == 1 and match["similarity"] == pytest.approx(P2)
    assert any("raised to the power 2" in n for n in ex["notes"])
    assert ex["pyramid"]["units"][1]["contributors"] == p.contributors()[1]
    # the label alone: p_2 = (2/3)^2
    label_only = PyramidScorer().compute([POWER], scus=[p.labels()], scu_weights=[p.weights()])
    assert label_only["scores"][0] == pytest.approx(2 * (2 / 3) ** 2 / 9, abs=1e-12)


def test_without_contributors_the_best_reference_span_stands_in():
    """SCUs with their model summaries but no contributors (REALSumm): each label's best-matching span of the
    references is its contributor."""
    refs = ["The storm hit the coast on Monday. Thousands of homes lost power.",
            "Schools closed; a storm struck the town."]
    scus, weights = ["Many homes had no electricity", "A storm struck"], [1, 2]
    from pyramid_metric.methods.human import reference_spans

    # the 5-token window of reference 0 with most of the label's content words (mani, home, electr), trimmed
    # to its first and last shared content word; "A storm struck" is found whole in reference 1
    assert reference_spans(scus, refs) == ["homes", "storm struck"]
    scorer = PyramidScorer(matcher="recall")  # exact words, so the values below can be counted by hand
    # POWER: label 1 of 3 content words (home) -> 1/3, span "homes" -> 1, each squared (two model summaries, or a
    # weight of 2: SCU_WORDS_POWER); p_1 = ((1/3)^2 + 1) / 2; SCU 2 absent
    with_refs = scorer.compute([POWER], references=[refs], scus=[scus], scu_weights=[weights])
    assert with_refs["scores"][0] == pytest.approx(1 * ((1 / 3) ** 2 + 1) / 2 / 3, abs=1e-12)
    label_only = scorer.compute([POWER], scus=[scus], scu_weights=[weights])
    assert label_only["scores"][0] == pytest.approx(1 * (1 / 3) ** 2 / 3, abs=1e-12)


def test_modified_pyramid_score_normalises_by_maxsum_of_x(duc_pyramid):
    """Passonneau et al. (2005): credit / MaxSum(X), X = average SCU count of the model summaries."""
    p = duc_pyramid
    scorer = PyramidScorer(scu_score="modified")
    # 3 model summaries, weights 3+2+2+2 = 9 -> X = 9/3 = 3 -> MaxSum(3) = 3 + 2 + 2 = 7
    out = scorer.compute([POWER], references=[list(p.summaries)], scus=[p.labels()], scu_weights=[p.weights()],
                         scu_contributors=[p.contributors()], explain=True)
    assert out["scores"][0] == pytest.approx(2 * P2 / 7, abs=1e-12)
    assert out["explanations"][0]["bound"] == 7.0
    assert "scu_score:modified(" in out["signature"]
    # every SCU expressed: credit 9 > MaxSum 7, capped at 1 with a note
    everything = " ".join(p.summaries)
    ex = scorer.compute([everything], references=[list(p.summaries)], scus=[p.labels()], scu_weights=[p.weights()],
                        scu_contributors=[p.contributors()], explain=True)["explanations"][0]
    assert ex["score"] == 1.0 and any("capped at 1" in n for n in ex["notes"])
    # X from 2 model summaries instead: 9/2 = 4.5 -> X = 5 > 4 SCUs -> MaxSum = 9, the recall score
    two = scorer.compute([POWER], references=[["a", "b"]], scus=[p.labels()], scu_weights=[p.weights()],
                         scu_contributors=[p.contributors()])
    assert two["scores"][0] == pytest.approx(2 * P2 / 9, abs=1e-12)


def test_modified_without_model_summaries_takes_the_highest_weight_and_says_so():
    scorer = PyramidScorer(scu_score="modified")
    # weights 2, 1, 1: n = 2 (highest weight) -> X = round(4/2) = 2 -> MaxSum(2) = 3; SCU 1 fully present
    ex = scorer.compute(["A storm hit the coast."], scus=[["A storm hit the coast", "Schools closed", "Power lost"]],
                        scu_weights=[[2, 1, 1]], explain=True)["explanations"][0]
    assert ex["score"] == pytest.approx(2 / 3)
    assert any("highest SCU weight (2)" in n for n in ex["notes"])


def test_as_edus_keeps_labels_with_content_credit(duc_pyramid):
    p = duc_pyramid
    scorer = PyramidScorer(scu_score="as-edus", judge="words")
    out = scorer.compute([POWER], scus=[p.labels()], scu_weights=[p.weights()])
    # value = weight x content words: 3*3 + 2*3 + 2*2 + 2*3 = 25; SCU 2 earns 2*3 * 2/3 = 4
    assert out["scores"][0] == pytest.approx(4 / 25, abs=1e-12)
    assert "scu_score:as-edus|" in out["signature"]
    with pytest.raises(ValueError, match="scu_contributors"):
        PyramidScorer(method="hirao").compute([POWER], scus=[p.labels()], scu_contributors=[p.contributors()])


@pytest.mark.parametrize("scu_score", ["recall", "modified", "as-edus"])
def test_human_pyramid_signature_reads_back_to_the_same_configuration(duc_pyramid, scu_score):
    from pyramid_metric.config import PyramidConfig

    p, scorer = duc_pyramid, PyramidScorer(scu_score=scu_score)
    out = scorer.compute([POWER], scus=[p.labels()], scu_weights=[p.weights()])
    assert f"scu_score:{scu_score}" in out["signature"]
    assert PyramidConfig.from_signature(out["signature"]) == scorer.config
    again = PyramidScorer(PyramidConfig.from_signature(out["signature"]))
    assert again.compute([POWER], scus=[p.labels()], scu_weights=[p.weights()])["scores"] == out["scores"]


def test_cli_pyramid_file_uses_contributors_and_model_summaries(tmp_path):
    import json

    from pyramid_metric import cli

    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text(json.dumps({"id": "x", "prediction": POWER}) + "\n")
    assert cli.main(["score", str(inp), "--pyramids", str(PYR_FILE), "-o", str(out)]) == 0
    rec = json.loads(out.read_text())
    # with contributors and model summaries: the mean of the SCU score and the model summaries' own pyramid's
    (p,) = __import__("pyramid_metric.io", fromlist=["read_pyramids"]).read_pyramids(PYR_FILE)
    of_references = PyramidScorer().score([POWER], [list(p.summaries)])[0].score
    assert rec["score"] == pytest.approx((2 * P2 / 9 + of_references) / 2, abs=1e-12)
    assert rec["signature"].startswith("pyramid:file(D0999-A.pyr)|scu_score:recall(")
    assert cli.main(["score", str(inp), "--pyramids", str(PYR_FILE), "--scu-score", "modified", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["score"] == pytest.approx(2 * P2 / 7, abs=1e-12)


def test_scu_score_option_is_refused_by_other_methods():
    with pytest.raises(ValueError, match="`scu_score`"):
        PyramidScorer(method="hirao", scu_score="modified")


@pytest.mark.parametrize("scu_score", ["recall", "as-edus"])
def test_human_pyramid_signature_names_only_what_acts_on_given_scus(scu_score):
    """Segmentation, the length limit, the weighting of facts several references state and the judge of
    single-sentence references build pyramids from references: scores against given SCUs do not depend on them,
    so their signature leaves them out (and a scorer that differs only in them gives the same scores and
    signature); what judges the SCUs stays in."""
    pred = "A storm hit the coast and thousands of homes lost power."
    default = PyramidScorer(scu_score=scu_score).compute([pred], scus=[SCUS], scu_weights=[WEIGHTS])
    other = PyramidScorer(scu_score=scu_score, segmenter="sentence", length_limit=20, fact_weight="per-unit")
    out = other.compute([pred], scus=[SCUS], scu_weights=[WEIGHTS])
    assert out["scores"] == default["scores"] and out["signature"] == default["signature"]
    keys = [field.split(":")[0] for field in out["signature"].split("|")]
    for key in ("seg", "lmax", "weight", "refs<=2sent", "multiref"):
        assert key not in keys
    assert "matcher" in keys and "presence" in keys
    assert ("credit" in keys) == (scu_score == "as-edus")
    per_unit = PyramidScorer(scu_score=scu_score, credit="unit").compute([pred], scus=[SCUS], scu_weights=[WEIGHTS])
    assert (per_unit["signature"] == default["signature"]) == (scu_score == "recall")
    if scu_score == "recall":
        assert per_unit["scores"] == default["scores"]


def test_with_contributors_and_model_summaries_the_score_is_read_twice(duc_pyramid):
    """A NIST-style pyramid given with its model summaries: the mean of the SCU score and the score against the
    pyramid of the model summaries' EDUs (methods/human.py, 4); without the summaries, the SCUs alone."""
    p, scorer = duc_pyramid, PyramidScorer()
    refs = list(p.summaries)
    both = scorer.score([POWER], [refs], scus=[p.labels()], scu_weights=[p.weights()],
                        scu_contributors=[p.contributors()])[0]
    scus_alone = scorer.score([POWER], scus=[p.labels()], scu_weights=[p.weights()],
                              scu_contributors=[p.contributors()])[0].score
    of_references = scorer.score([POWER], [refs])[0].score
    assert scus_alone == pytest.approx(2 * P2 / 9, abs=1e-12) and of_references != scus_alone
    assert both.score == pytest.approx((scus_alone + of_references) / 2, abs=1e-12)
    assert any("the mean of the SCU score" in n for n in both.result.notes)
    assert both.result.score == pytest.approx(both.result.credit / both.result.bound)
    # the model summaries' pyramid is segmented and weighted: those options are in this signature, not in the
    # SCUs alone's
    given = dict(scus=[p.labels()], scu_weights=[p.weights()], scu_contributors=[p.contributors()])
    keys = [f.split(":")[0] for f in scorer.compute([POWER], [refs], **given)["signature"].split("|")]
    alone = [f.split(":")[0] for f in scorer.compute([POWER], **given)["signature"].split("|")]
    assert "seg" in keys and "weight" in keys and "seg" not in alone
