"""The reference-EDU pyramid (method="refpyramid"): weights by presence across references, soft credit."""
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.match.base import text_span
from pyramid_metric.match.recall import RecallMatcher, clipped_recall, content_words


def test_clipped_recall_hand_cases():
    assert clipped_recall(["storm", "storm", "coast"], ["storm", "coast"]) == pytest.approx(2 / 3)
    assert clipped_recall([], ["a"]) == 0.0
    # stop words are ignored, stems compared: "the storms" -> ["storm"]
    assert content_words(text_span("the storms hit").words) == ["storm", "hit"]


def test_recall_matcher_presence_against_whole_summary():
    m = RecallMatcher()
    p = m.presence(["Thousands of homes lost power.", "Schools closed on Friday."],
                   "The storm hit. Thousands of homes lost power for days.")
    assert p.tolist() == pytest.approx([1.0, 0.0])


def test_single_reference_score_is_mean_presence():
    s = PyramidScorer(method="refpyramid", matcher="recall")
    ref = "The storm hit the coast. Thousands of homes lost power."
    res = s.score(["Thousands of homes lost power."], [[ref]])[0]
    # two reference units (sentence segmenter): presence 0 (storm, hit, coast absent) and 1 -> 1 / 2
    assert [u.weight for u in res.pyramid.units] == [1.0, 1.0]
    assert res.score == pytest.approx(0.5)
    assert res.result.matches[0].unit_text == "Thousands of homes lost power."


def test_multi_reference_weights_count_references_expressing_a_unit():
    s = PyramidScorer(method="refpyramid", matcher="recall")
    refs = ["Thousands of homes lost power.", "The storm hit the coast. Thousands of homes lost power.",
            "Thousands of homes lost power after the storm."]
    pyr = s.score(["x"], [refs])[0].pyramid
    by_text = {u.text: u for u in pyr.units}
    # the power unit is expressed by all three references and merged into one unit of weight 3
    assert by_text["Thousands of homes lost power."].weight == 3.0
    assert by_text["Thousands of homes lost power."].references == (0, 1, 2)
    # "The storm hit the coast." is expressed by references 1 and 2 ("after the storm" lacks hit/coast -> 1/3)
    assert by_text["The storm hit the coast."].weight == 1.0
    assert len(pyr.units) == 2


def test_empty_summary_scores_zero():
    s = PyramidScorer(method="refpyramid", matcher="recall")
    with pytest.warns(UserWarning):
        assert s.score([" "], [["A reference sentence."]])[0].score == 0.0
