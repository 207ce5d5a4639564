"""Cases a method cannot measure say so at call time: references too short to give a content unit, and (for
pyramids extracted from the source) a reference that shares nothing with the source.  No score pretends."""
import warnings

import pytest

from pyramid_metric import PyramidScorer

SHORT = ["storm", "2024", "Storm!", "42 %", "Éé"]
SOURCE = ("A powerful storm hit the coast on Monday. Thousands of homes lost power. "
          "Officials opened shelters in three towns.")
REFS = ["A storm hit the coast and thousands of homes lost power.",
        "Officials opened three shelters after the storm cut power to thousands."]
UNRELATED = "The city council approved a new budget for public libraries and parks."


def _run(scorer, preds, refs, srcs=None):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = scorer.compute(preds, refs, srcs)
    return out["scores"], [str(w.message) for w in caught]


@pytest.mark.parametrize("method", ["rouge", "be", "hirao"])
def test_references_too_short_for_a_pyramid_warn(method):
    scores, said = _run(PyramidScorer(method=method), SHORT, [[t] for t in SHORT], SHORT)
    unmeasured = [m for m in said if "finds no content unit" in m]
    assert len(unmeasured) == 1 and f"method {method!r}" in unmeasured[0] and "measures nothing" in unmeasured[0]
    listed = {int(x) for x in unmeasured[0].split(":")[0].removeprefix("examples ").split(", ")}
    assert listed == {i for i, x in enumerate(scores) if x == 0.0}  # every 0 is said, nothing else
    assert set(scores) <= {0.0, 1.0}  # no score pretends: 1 for a copy, or 0 with the warning


@pytest.mark.parametrize("method", ["rouge", "be", "hirao", "refpyramid"])
def test_ordinary_examples_do_not_warn(method):
    scores, said = _run(PyramidScorer(method=method), [REFS[0]], [REFS], [SOURCE])
    assert scores[0] > 0 and not [m for m in said if "content unit" in m or "no content with" in m], said


@pytest.mark.parametrize("alpha", [0.2, 0.5])
def test_ape_one_word_copy_is_not_scored_as_the_mixing_weight(alpha):
    sc = PyramidScorer(method="ape", ape_alpha=alpha)
    scores, _ = _run(sc, ["storm", "2024", "Storm hit."], [["storm"], ["2024"], ["Storm hit."]])
    assert scores == [1.0, 1.0, 1.0]  # was alpha for one-word texts: ROUGE-SU4 counted nothing
    ex = sc.compute(["storm"], [["storm"]], explain=True)["explanations"][0]
    assert any("APE alone" in n for n in ex["notes"])


def test_hirao_reference_sharing_nothing_with_the_source_is_said():
    sc = PyramidScorer(method="hirao")
    for refs, k in (([REFS[0], REFS[1], UNRELATED], 2), ([UNRELATED, REFS[0], REFS[1], REFS[0]], 0)):
        scores, said = _run(sc, [UNRELATED], [refs], [SOURCE])
        apart = [m for m in said if "no content with the source" in m]
        assert len(apart) == 1 and apart[0].startswith(f"references[0][{k}] shares no content"), said
        assert scores[0] < 0.5  # a copy of that reference earns little or nothing: the warning says why


COUNCIL = ("The council met on Tuesday. It approved a budget for libraries. Parks will get new benches. "
           "The mayor praised the vote.")
COUNCIL_REFS = ["The council approved a library budget on Tuesday.",
                "Parks get benches; the mayor praised the council's vote.",
                "Libraries were funded by the council, which met Tuesday."]


def test_hirao_reference_below_the_sentence_term_is_said_with_what_to_do():
    # each source sentence shares one Basic Element with the third reference: with Eq. 9's sentence term of 1
    # such a sentence adds 1 - 1 = 0, so its extract is empty and a copy of it earns nothing (the paper's method)
    scores, said = _run(PyramidScorer(method="hirao"), [COUNCIL_REFS[2]], [COUNCIL_REFS], [COUNCIL])
    little = [m for m in said if "too little with the source" in m]
    assert len(little) == 1 and little[0].startswith("references[0][2] shares too little"), said
    assert "sentence_penalty=1)" in little[0] and "sentence_penalty=0.5 also takes" in little[0]
    assert not [m for m in said if "no content with the source" in m]  # it shares Basic Elements: not 'no content'
    sc = PyramidScorer(method="hirao", sentence_penalty=0.5)
    _, said = _run(sc, [COUNCIL_REFS[2]], [COUNCIL_REFS], [COUNCIL])
    assert not [m for m in said if "too little" in m or "no content" in m], said
    pyramid = sc.pyramids([COUNCIL_REFS], [COUNCIL])[0]
    assert all(ex.edus for ex in pyramid.extracts)  # the third reference's sentences enter the pyramid
