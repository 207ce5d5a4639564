"""Scoring logic with the stub components of conftest.py: no model, no parse, values worked out by hand.

These run in the fast tier (`pytest -m "not slow"`); the same paths run with the trained segmenter and the real
matchers in the other test files.
"""
from pathlib import Path

import pytest

from conftest import SLOW, PunctuationSegmenter
from pyramid_metric import PyramidScorer

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = "The storm hit the coast, and thousands of homes lost power."


def test_stub_segmenter_splits_at_punctuation():
    text = "The storm hit the coast, and thousands of homes lost power. Schools closed; shelters opened"
    edus = PunctuationSegmenter().segment(text)
    assert [e.text for e in edus] == ["The storm hit the coast,", "and thousands of homes lost power.",
                                      "Schools closed;", "shelters opened"]
    assert [e.sentence for e in edus] == [0, 0, 1, 1]
    assert all(text[e.start:e.end] == e.text for e in edus)
    assert PunctuationSegmenter().segment("") == []


def test_default_one_reference_is_content_word_and_word_pair_recall(stub_segmenter):
    # Units (stub EDUs of the reference): "The storm hit the coast," with content words storm, hit, coast (3)
    # and "and thousands of homes lost power." with thousand, home, lost, power (4); weight 1 each (one
    # reference). Value v_j = w_j x content words = 3 and 4; with one reference the bound is the total, 7.
    # Credit = v_j x presence, the mean of the share of the unit's content words in the whole summary, in its
    # best sentence, and the best sentence's share of the unit's word pairs:
    #   "Thousands of homes lost power."  -> 4 x (1 + 1 + 4/5) / 3   (thousands-of, of-homes, homes-lost,
    #                                        lost-power of 5 pairs; and-thousands is missing)
    #   "The storm hit."                  -> 3 x (2/3 + 2/3 + 2/4) / 3 (the-storm, storm-hit of 4 pairs)
    # (the static judge's rule, named: a one-sentence reference is read in context by default)
    # The first summary also confirms the unit's claim (homes lost power: the same verb, agent and object) and
    # states all 4 of its content words: its presence is the mean of the above and 4/4 (claims="check").  "The
    # storm hit." leaves the unit's object out: nothing confirmed.
    scorer = PyramidScorer(segmenter=stub_segmenter, presence="summary+sentence+bigram")
    out = scorer.compute(["Thousands of homes lost power.", "The storm hit."], [[REFERENCE]] * 2)
    assert out["scores"] == pytest.approx([4 * ((1 + 1 + 4 / 5) / 3 + 1) / 2 / 7,
                                           3 * (2 / 3 + 2 / 3 + 2 / 4) / 3 / 7], abs=1e-12)
    assert "seg:stub-punct" in out["signature"]
    words_only = PyramidScorer(segmenter=stub_segmenter, presence="summary+sentence+bigram", claims="off")
    assert words_only.compute(["Thousands of homes lost power."], [[REFERENCE]])["scores"] == pytest.approx(
        [4 * (1 + 1 + 4 / 5) / 3 / 7], abs=1e-12)
    # credit="unit": each unit is worth its weight, 1: (0 + (14/15 + 1) / 2) / 2 and (11/18 + 0) / 2
    unit = PyramidScorer(segmenter=stub_segmenter, credit="unit", presence="summary+sentence+bigram")
    assert unit.compute(["Thousands of homes lost power.", "The storm hit."],
                        [[REFERENCE]] * 2)["scores"] == pytest.approx([29 / 60, 11 / 36], abs=1e-12)


def test_default_explanation_lists_matched_and_missed_units(stub_segmenter):
    out = PyramidScorer(segmenter=stub_segmenter).compute(["Thousands of homes lost power."], [[REFERENCE]],
                                                          explain=True)
    ex = out["explanations"][0]
    assert [u["text"] for u in ex["pyramid"]["units"]] == ["The storm hit the coast,",
                                                           "and thousands of homes lost power."]
    assert [m["unit"] for m in ex["matches"]] == [1]
    assert ex["missed_units"] == [0]


def test_human_scus_with_stub_matcher(stub_segmenter, stub_matcher):
    # SCUs "Thousands of homes lost power" (weight 4) and "A storm hit the coast" (weight 2). The summary
    # "Thousands of homes lost power after the storm." contains all 5 words of the first SCU (presence 1) and
    # 2 of the 5 of the second (storm, the: 0.4).  A weight of 4 means four model summaries, whose SCUs words alone
    # judge: presence="auto" squares it (SCU_WORDS_POWER = 2), 1 and 0.16.
    # default scu_score="recall": each SCU earns weight x presence, (4 x 1 + 2 x 0.16) / 6 = 0.72
    # scu_score="as-edus" credits the SCUs as reference EDUs, linear, credit="content": values 4 x 4 content words
    # = 16 and 2 x 3 = 6; (16 x 1 + 6 x 0.4) / 22 = 18.4 / 22; with credit="unit" 0.8
    scus, weights = [["Thousands of homes lost power", "A storm hit the coast"]], [[4, 2]]
    summary = ["Thousands of homes lost power after the storm."]
    default = PyramidScorer(segmenter=stub_segmenter, matcher=stub_matcher)
    assert default.compute(summary, scus=scus, scu_weights=weights)["scores"] == pytest.approx([0.72])
    content = PyramidScorer(segmenter=stub_segmenter, matcher=stub_matcher, scu_score="as-edus")
    assert content.compute(summary, scus=scus, scu_weights=weights)["scores"] == pytest.approx([18.4 / 22])
    unit = PyramidScorer(segmenter=stub_segmenter, matcher=stub_matcher, scu_score="as-edus", credit="unit")
    assert unit.compute(summary, scus=scus, scu_weights=weights)["scores"] == pytest.approx([0.8])
    # weights of 1: one model summary, not squared: (1 + 0.4) / 2
    ones = default.compute(summary, scus=scus, scu_weights=[[1, 1]])["scores"]
    assert ones == pytest.approx([0.7])
    # Hirao et al. (2018), Eq. 20-24 with given SCUs: binary credit g(phi >= t), t = 0.5 for the stub: the
    # summary's one EDU reaches the first SCU (1.0) but not the second (0.4): 4 / (4 + 2)
    hirao = PyramidScorer(method="hirao", segmenter=stub_segmenter, matcher=stub_matcher)
    assert hirao.compute(summary, scus=scus, scu_weights=weights)["scores"] == pytest.approx([4 / 6])


def test_slow_list_names_existing_tests():
    """Every entry of conftest.SLOW names a test file (and test function) that exists, so a renamed test
    cannot silently fall out of the slow tier into the fast one, or vanish."""
    for entry in SLOW:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), f"conftest.SLOW: {path} does not exist"
        if name:
            func = name.split("[")[0].split("::")[-1]
            assert f"def {func}(" in (ROOT / path).read_text(encoding="utf-8"), f"conftest.SLOW: no {entry}"


def test_slow_marker_is_registered_and_not_deselected_by_default():
    """`slow` is a registered marker and no default option deselects it: the README's and CI's plain
    `python -m pytest -q` run every test."""
    import re

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"slow:' in text
    addopts = re.findall(r"^addopts\s*=\s*(.*)$", text, re.M)
    assert not any("slow" in a or re.search(r"(^|[\s\"'])-m\b", a) for a in addopts)
    assert "-m" not in (ROOT / ".ci" / "run").read_text(encoding="utf-8").split("pytest", 1)[1].split()
