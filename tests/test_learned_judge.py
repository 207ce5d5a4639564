"""The learned presence judge in the reference pyramid (``judge`` option): where it reads, its formula, what it changes.

The judge blends each unit's presence as words read it with the learned probability that the summary says it
(pyramid_metric/methods/reference.py, item 2): by default (``judge="auto"``) for given SCUs of one model summary,
with ``judge="learned"`` for every pyramid.
"""
import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.config import PyramidConfig
from pyramid_metric.match.learned import LearnedMatcher
from pyramid_metric.methods.reference import LEARNED_SHARE, ReferencePyramidMethod

REFERENCE = "Barcelona beat Real Madrid 5-0 on Sunday to win the Spanish league title for the third year in a row."
OTHERS = ["On Sunday Barcelona thrashed Real Madrid 5-0 and took the Spanish title for a third straight season.",
          "Barcelona won the league for the third year in a row after a 5-0 win over Real Madrid on Sunday."]
CANDIDATES = {
    "copy": REFERENCE,
    "paraphrase": "Real Madrid were beaten 5-0 by Barcelona on Sunday, and Barcelona won the Spanish league title "
                  "for a third year running.",
    "figures": "Barcelona beat Real Madrid 3-1 on Sunday to win the Spanish league title for the fifth year in a row.",
}
SCUS = ["Barcelona beat Real Madrid", "Barcelona beat Real Madrid 5-0", "The match was on Sunday",
        "Barcelona won the Spanish league title", "Barcelona won the title for the third year in a row"]


def _scores(**options):
    out = PyramidScorer(**options).compute(list(CANDIDATES.values()), [[REFERENCE]] * len(CANDIDATES))
    return dict(zip(CANDIDATES, out["scores"])), out["signature"]


def test_forced_judge_reads_reference_pyramids_and_is_signed():
    learned, signature = _scores(judge="learned")
    words, words_signature = _scores(judge="words")
    auto, auto_signature = _scores()
    assert "judge:learned:learned(minilm-l6" in signature and f"x{LEARNED_SHARE:g}" in signature
    assert "judge:words" in words_signature and "judge:auto:learned(" in auto_signature
    assert learned != words and auto == words  # the references' own pyramids: words under "auto"


@pytest.mark.parametrize("refs", [[REFERENCE], [REFERENCE] + OTHERS], ids=["one reference", "three references"])
def test_auto_reads_given_scus_of_one_model_summary_only(refs):
    summaries = [CANDIDATES["paraphrase"], CANDIDATES["figures"]]
    given = dict(scus=[SCUS] * 2, references=[refs] * 2)
    auto = PyramidScorer().compute(summaries, **given)["scores"]
    words = PyramidScorer(judge="words").compute(summaries, **given)["scores"]
    assert (auto != words) == (len(refs) == 1)
    no_refs = dict(scus=[SCUS] * 2)  # weights of 1, no model summary: one reference's pyramid
    assert PyramidScorer().compute(summaries, **no_refs)["scores"] != \
        PyramidScorer(judge="words").compute(summaries, **no_refs)["scores"]


def test_presence_is_the_blend_of_words_and_the_judge():
    """p_j = (1 - a) p_words + a P_j for a unit nothing contradicts (claims off: no cap)."""
    method = ReferencePyramidMethod(PyramidConfig(claims="off", judge="learned"))
    pyr = method.build_many([[REFERENCE]], [None])[0]
    summary = CANDIDATES["paraphrase"]
    sentences = method._sentences([summary])[0]
    words = method._word_presence(pyr, summary, sentences)
    said = LearnedMatcher().presence([u.text for u in pyr.units], summary)
    got = method._summary_presence(pyr, summary, sentences)
    assert np.allclose(got, np.clip((1 - LEARNED_SHARE) * words + LEARNED_SHARE * said, 0, 1), atol=1e-12)
    assert not np.allclose(got, words)


def test_a_copy_of_the_reference_scores_one():
    """A unit said word for word keeps its words' presence: the copy is not lowered by the judge's doubt."""
    learned, _ = _scores(judge="learned")
    assert learned["copy"] == pytest.approx(1.0)
    assert learned["paraphrase"] >= learned["copy"] - 0.20


def test_wrong_figures_fall_below_the_paraphrase_with_one_reference():
    """The judge reads the figures: the wrong score and season lose credit that words alone gave them (without
    the contradiction check, which catches them too)."""
    learned, _ = _scores(judge="learned", claims="off")
    words, _ = _scores(judge="words", claims="off")
    assert learned["figures"] <= learned["paraphrase"] - 0.10
    assert learned["figures"] <= words["figures"] - 0.10


@pytest.mark.parametrize("judge", ["auto", "words"])
def test_human_scus_paraphrase_is_close_to_the_copy(judge):
    out = PyramidScorer(judge=judge).compute([CANDIDATES["copy"], CANDIDATES["paraphrase"]], scus=[SCUS] * 2)
    copy, paraphrase = out["scores"]
    if judge == "auto":
        assert paraphrase >= copy - 0.10
    else:
        assert paraphrase < copy
