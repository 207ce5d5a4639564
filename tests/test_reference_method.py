"""The reference-EDU pyramid (method="refpyramid"): weights by presence across references, soft credit."""
import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.match.base import text_span
from pyramid_metric.match.context import ContextMatcher
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


def test_single_reference_score_is_content_weighted_presence():
    # credit="content" by default; presence: the mean of the whole-summary and best-sentence presences
    s = PyramidScorer(method="refpyramid", matcher="recall", presence="summary+sentence")
    ref = "The storm hit the coast. Thousands of homes lost power."
    res = s.score(["Thousands of homes lost power."], [[ref]])[0]
    # two reference units: "storm hit coast" (3 content words, presence 0) and "thousands homes lost power"
    # (4 content words, presence 1): credit 1 x 4 x 1, bound 1 x 3 + 1 x 4 -> 4 / 7
    assert [u.weight for u in res.pyramid.units] == [1.0, 1.0]
    assert res.score == pytest.approx(4 / 7)
    assert res.result.bound == pytest.approx(7.0)
    assert res.result.matches[0].unit_text == "Thousands of homes lost power."
    # half of the first unit: "storm" of storm/hit/coast -> (1/3 x 3 + 0) / 7
    assert s.score(["A storm."], [[ref]])[0].score == pytest.approx(1 / 7)


def test_single_reference_unit_credit_is_mean_presence():
    s = PyramidScorer(method="refpyramid", matcher="recall", credit="unit")
    ref = "The storm hit the coast. Thousands of homes lost power."
    res = s.score(["Thousands of homes lost power."], [[ref]])[0]
    assert res.score == pytest.approx(0.5)  # presence 0 and 1, each unit counted once
    assert "credit:presence-x-unit" in s.signature()


def test_extract_with_a_method_that_builds_no_extract_is_an_error():
    with pytest.raises(ValueError, match="`extract`.*method='hirao'"):
        PyramidScorer(extract="rouge")
    assert PyramidScorer(method="hirao").config.extract == "be"
    assert PyramidScorer().config.matcher == "soft" and PyramidScorer(method="hirao").config.matcher == "lcs"


def test_multi_reference_weights_count_references_expressing_a_unit():
    s = PyramidScorer(method="refpyramid", matcher="recall")
    refs = ["Thousands of homes lost power.", "The storm hit the coast. Thousands of homes lost power.",
            "Thousands of homes lost power after the storm."]
    pyr = s.score(["x"], [refs])[0].pyramid
    # every reference's EDUs are units, references in canonical order (sorted by text: r1 < r2 < r0)
    assert [u.text for u in pyr.units] == ["The storm hit the coast.", "Thousands of homes lost power.",
                                           "Thousands of homes lost power after the storm.",
                                           "Thousands of homes lost power."]
    # the power EDUs are expressed by all three references: weight 3 (Eq. 19 by presence), positions as given
    assert [u.weight for u in pyr.units] == [1.0, 3.0, 3.0, 3.0]
    assert pyr.units[1].references == pyr.units[3].references == (0, 1, 2)
    # "The storm hit the coast." is in r1 only ("after the storm" lacks hit/coast: recall 1/3 < 0.5);
    # "... after the storm" has content words thousand/home/lost/power/storm: 4/5 of them in r0 -> expressed
    assert pyr.units[0].references == (1,)
    assert pyr.reference_groups() == [[0, 1], [2], [3]]  # each reference's own EDUs, canonical order
    # content credit, each unit counting 1 of its weight (the power fact, stated by three references, is three
    # units here): values 3 (storm), 4 (power), 5 (power after the storm), 4 (power); bound 16.
    # "Thousands of homes lost power." expresses both power units (1) and 4/5 of the last: 4 + 4 + 0.8 x 5
    # "The storm hit the coast." expresses the storm unit and 1/5 of the last: 3 + 0.2 x 5
    summaries = ["Thousands of homes lost power.", "The storm hit the coast."]
    power, storm = PyramidScorer(method="refpyramid", matcher="recall", presence="summary+sentence").score(
        summaries, [refs, refs])
    assert power.result.bound == pytest.approx(16.0)
    assert power.score == pytest.approx(12 / 16) and storm.score == pytest.approx(4 / 16)
    # fact_weight="per-unit": each unit counts its own weight, values 1 x 3, 3 x 4, 3 x 5, 3 x 4; bound 42:
    # 12 + 12 + 0.8 x 15 and 3 + 0.2 x 15
    power, storm = PyramidScorer(method="refpyramid", matcher="recall", presence="summary+sentence",
                                 fact_weight="per-unit").score(summaries, [refs, refs])
    assert power.result.bound == pytest.approx(42.0)
    assert power.score == pytest.approx(36 / 42) and storm.score == pytest.approx(6 / 42)


def test_empty_summary_scores_zero():
    s = PyramidScorer(method="refpyramid", matcher="recall")
    with pytest.warns(UserWarning):
        assert s.score([" "], [["A reference sentence."]])[0].score == 0.0


def test_two_references_hand_computed_pooled_bound():
    """Two references, sentence EDUs, content-word recall presence (Hirao et al. 2018, Eq. 19 weights by
    presence; the bound is the sum of every reference's own unit values, not a knapsack over all units).

    R0 "The storm hit the coast. Schools closed."   R1 "A storm hit the coast. Thousands of homes lost power."
    Canonical order: R1 < R0 by text.  Units, content words, references expressing them, value: each unit counts
    1 of its weight (the storm fact, stated by both references, is two units here) x |content|:
      u0 "A storm hit the coast."          storm/hit/coast           R0, R1  w2  1 x 3 = 3
      u1 "Thousands of homes lost power."  thousand/home/lost/power  R1      w1  1 x 4 = 4
      u2 "The storm hit the coast."        storm/hit/coast           R0, R1  w2  1 x 3 = 3
      u3 "Schools closed."                 school/close              R0      w1  1 x 2 = 2
    Bound = 3 + 4 + 3 + 2 = 12 (R1's total 7 plus R0's total 5).
    """
    s = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence")
    refs = ["The storm hit the coast. Schools closed.", "A storm hit the coast. Thousands of homes lost power."]
    summaries = ["The storm hit the coast and schools closed.", "Homes lost power in the storm."]
    a, b = s.score(summaries, [refs, refs])
    assert [u.weight for u in a.pyramid.units] == [2.0, 1.0, 2.0, 1.0]
    assert a.result.bound == pytest.approx(12.0)
    # presence="summary+sentence" (one-sentence summaries: content-word recall in the summary)
    # a: presence 1, 0, 1, 1 -> (3 + 3 + 2) / 12
    # b: storm of storm/hit/coast (1/3) in u0 and u2, home/lost/power of four in u1 (3/4): (1 + 3 + 1) / 12
    a1, b1 = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence",
                           presence="summary+sentence").score(summaries, [refs, refs])
    assert (a1.score, b1.score) == (pytest.approx(8 / 12), pytest.approx(5 / 12))
    # each unit counting its own weight (fact_weight="per-unit"): values 6, 4, 6, 2, bound 18; a: 6 + 6 + 2,
    # b: 2 + 3 + 2
    a0, b0 = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence", presence="summary+sentence",
                           fact_weight="per-unit").score(summaries, [refs, refs])
    assert a0.result.bound == pytest.approx(18.0) and (a0.score, b0.score) == (pytest.approx(14 / 18),
                                                                               pytest.approx(7 / 18))
    # The default with two references, presence="sentence+order+bigram": (best-sentence recall + in-order
    # content-word recall in the summary + the best share of the unit's word bigrams in one sentence) / 3.
    # a "the storm hit the coast and school close" (one sentence; content storm hit coast school close):
    #   u0 "a storm hit the coast": recall 1, in order 3/3, bigrams a-storm storm-hit hit-the the-coast 3/4
    #   -> 11/12; u1 0; u2 1, 1, 4/4 -> 1; u3 "school close" 1, 1, 1/1 -> 1.  The summary also confirms u0's
    #   claim (the storm hit the coast: the same verb, agent and object) with all 3 of its words: u0's presence is
    #   the mean of 11/12 and 3/3 (the claim check's confirmed credit).  3 x 23/24 + 3 + 2 = 7.875
    assert a.score == pytest.approx(7.875 / 12)
    # b "home lost power in the storm" (content home lost power storm):
    #   u0 recall 1/3, in order 1/3 (storm), bigrams 0/4 -> 2/9; u1 "thousand of home lost power" 3/4, 3/4,
    #   home-lost lost-power 2/4 -> 2/3; u2 1/3, 1/3, the-storm 1/4 -> 11/36; u3 0.
    #   3 x 2/9 + 4 x 2/3 + 3 x 11/36 = 2/3 + 8/3 + 11/12 = 51/12
    assert b.score == pytest.approx(51 / 12 / 12)
    # presence="sentence+bigram": (best-sentence recall + the share of the unit's word bigrams in the summary) / 2.
    # a: presence (1 + 3/4)/2, 0, 1, 1, u0's confirmed (as above): (7/8 + 1)/2: 3 x 15/16 + 3 + 2 = 7.8125
    # b: recall 1/3, 3/4, 1/3, 0; bigrams 0/4, 2/4, 1/4, 0/1.  Presence 1/6, 5/8, 7/24, 0: 0.5 + 2.5 + 0.875 = 3.875
    a2, b2 = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence",
                           presence="sentence+bigram").score(summaries, [refs, refs])
    assert (a2.score, b2.score) == (pytest.approx(7.8125 / 12), pytest.approx(3.875 / 12))


def test_sentence_order_bigram_presence_by_hand():
    # One unit "The storm hit the coast." (content storm hit coast; bigrams the-storm storm-hit hit-the the-coast).
    # claims="off": the words alone ("The coast hit the storm." swaps the roles, which the default's check caps at
    # 0.5, tests/test_claims.py)
    s = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence", presence="sentence+order+bigram",
                      claims="off")
    ref = "The storm hit the coast."
    # "The storm was big. It hit the coast.": best sentence 2/3; in order storm..hit..coast 3/3; bigrams the-storm
    # in the first sentence (1/4), hit-the the-coast in the second (2/4): best one sentence 1/2, not the 3/4 of
    # the whole summary.  (2/3 + 1 + 1/2) / 3 = 13/18
    assert s.score(["The storm was big. It hit the coast."], [[ref]])[0].score == pytest.approx(13 / 18)
    # the same words in another order: recall 1, in order 1/3 (one of storm, hit, coast), bigrams the-coast
    # hit-the the-storm 3/4: (1 + 1/3 + 3/4) / 3 = 25/36
    assert s.score(["The coast hit the storm."], [[ref]])[0].score == pytest.approx(25 / 36)
    assert s.score([ref], [[ref]])[0].score == pytest.approx(1.0)


def test_half_of_a_units_presence_must_be_found_in_one_sentence():
    # One unit "The storm hit the coast." (storm/hit/coast).  Summary of two sentences: against the whole
    # summary all three content words are found (1); the best single sentence "It hit the coast." has 2 of 3.
    # Presence = (1 + 2/3) / 2 = 5/6, and the score of this one-unit pyramid is that presence.
    s = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence", presence="summary+sentence")
    ref = "The storm hit the coast."
    assert s.score(["The storm was big. It hit the coast."], [[ref]])[0].score == pytest.approx(5 / 6)
    # the words scattered over three sentences: best sentence 1/3 -> (1 + 1/3) / 2
    assert s.score(["A storm came. Then it hit. Near the coast."], [[ref]])[0].score == pytest.approx(2 / 3)
    # a one-sentence summary is judged as a whole
    assert s.score(["It hit the coast in a storm."], [[ref]])[0].score == pytest.approx(1.0)


def test_one_reference_presence_adds_the_best_sentence_share_of_word_pairs():
    # The default rule for one reference: presence = mean(whole summary, best sentence, best sentence's share of
    # the unit's word pairs).  Unit "The storm hit the coast." (storm/hit/coast; pairs the-storm, storm-hit,
    # hit-the, the-coast).  "The storm was big. It hit the coast.": whole 1, best sentence 2/3, pairs: the second
    # sentence has hit-the and the-coast (2 of 4) -> (1 + 2/3 + 1/2) / 3.
    s = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence")
    ref = "The storm hit the coast."
    assert s.score(["The storm was big. It hit the coast."], [[ref]])[0].score == pytest.approx((1 + 2 / 3 + 1 / 2) / 3)
    assert s.config.presence == "auto" and s.method.presence_rule(s.pyramids([[ref]], [None])[0]) == "summary+sentence+bigram"
    # the same words in the passive: whole and best sentence 1, the-storm and the-coast of the four pairs; the
    # passive confirms the unit's claim (the storm hit the coast) with its 3 words: the mean of that and 3/3
    assert s.score(["The coast was hit by the storm."], [[ref]])[0].score == pytest.approx(((1 + 1 + 2 / 4) / 3 + 1) / 2)
    words_only = PyramidScorer(method="refpyramid", matcher="recall", segmenter="sentence", claims="off")
    assert words_only.score(["The coast was hit by the storm."], [[ref]])[0].score == pytest.approx((1 + 1 + 2 / 4) / 3)


def test_bigram_recall_clips_repeated_bigrams():
    from pyramid_metric.match.recall import bigram_counts, bigram_recall

    # unit bigrams the-dog x2, dog-the x1 (3 in all); the span has the-dog once: min(2, 1) + min(1, 0) = 1 of 3
    assert bigram_recall(["the", "dog", "the", "dog"], bigram_counts(["the", "dog", "bark"])) == pytest.approx(1 / 3)
    assert bigram_recall(["dog"], bigram_counts(["dog", "bark"])) == 0.0  # no bigram to find


@pytest.mark.parametrize("refs, rule", [(["The storm hit the coast. Schools closed. Trains stopped."],
                                         "summary+sentence+bigram"),
                                        (["The storm hit the coast. Schools closed. Trains stopped.",
                                          "A storm hit the coast. Thousands of homes lost power. Trains stopped."],
                                         "sentence+order+bigram")])
def test_auto_presence_is_decided_by_the_number_of_references(refs, rule):
    # references of three sentences (shorter ones are read in context: the next tests)
    summary = ["The coast was hit by a storm. Schools closed and homes lost power."]
    auto = PyramidScorer(segmenter="sentence", judge="words").compute(summary, [refs])
    explicit = PyramidScorer(segmenter="sentence", presence=rule).compute(summary, [refs])
    assert auto["scores"] == explicit["scores"]
    for other in {"summary+sentence", "summary+sentence+bigram", "sentence+bigram", "sentence+order+bigram"} - {rule}:
        assert auto["scores"] != PyramidScorer(segmenter="sentence", presence=other).compute(summary, [refs])["scores"]
    assert ("presence:auto(1ref:mean(summary,best-sentence,best-sentence-bigram);"
            "multiref:mean(best-sentence,in-order,best-sentence-bigram);"
            "scus:mean(summary,best-sentence)(several-models:^2))"
            ) in auto["signature"]
    assert PyramidConfig.from_signature(explicit["signature"]).presence == rule


def test_given_scus_use_the_one_reference_presence_rule():
    scus, summary = ["The storm hit the coast", "Schools closed"], ["The coast was hit by a storm. Schools closed."]
    given = dict(scus=[scus], scu_weights=[[2, 1]])
    auto = PyramidScorer(scu_score="as-edus", judge="words").compute(summary, **given)["scores"]
    assert auto == PyramidScorer(scu_score="as-edus", presence="summary+sentence").compute(summary, **given)["scores"]
    assert auto != PyramidScorer(scu_score="as-edus", presence="sentence+bigram").compute(summary, **given)["scores"]
    with pytest.raises(ValueError, match="`presence`='sentence\\+bigram' has no effect on given SCUs"):
        PyramidScorer(presence="sentence+bigram").compute(summary, **given)


def test_fact_weight_acts_only_with_several_references():
    # One reference: every weight is 1, so both ways of counting give the same values, bound and score, bit for bit.
    refs = [["The storm hit the coast. Thousands of homes lost power."]]
    summary = ["Homes lost power after the storm hit."]
    shared, per_unit = (PyramidScorer(matcher="recall", segmenter="sentence", fact_weight=fw).score(summary, refs)[0]
                        for fw in ("shared", "per-unit"))
    assert shared.score == per_unit.score and shared.result.bound == per_unit.result.bound == 7.0
    assert shared.pyramid.unit_values() == per_unit.pyramid.unit_values() == [3.0, 4.0]  # storm/hit/coast, 4 words
    # Given human SCUs keep their own weights: the option does not touch them.
    # "Homes lost power" (weight 3, 3 content words) is in the summary, "Schools closed" (weight 1, 2) is not:
    # values 3 x 3 and 1 x 2, score 9 / 11 (with weights counted 1 it would be 3 / 5).
    scus = dict(scus=[["Homes lost power", "Schools closed"]], scu_weights=[[3, 1]])
    a, b = (PyramidScorer(matcher="recall", fact_weight=fw, scu_score="as-edus").compute(summary, refs, **scus)
            for fw in ("shared", "per-unit"))
    assert a["scores"] == b["scores"] == [pytest.approx(9 / 11)]


@pytest.mark.parametrize("refs", [["A storm hit the coast and thousands of homes lost power."],
                                  ["A storm hit the coast and thousands of homes lost power.",
                                   "Power failed in thousands of homes when the storm came ashore."],
                                  ["A storm hit the coast. Thousands of homes lost power."],
                                  ["A storm hit the coast. Thousands of homes lost power.",
                                   "Power failed in thousands of homes when the storm came ashore."]])
def test_short_references_are_read_in_context_by_the_default(refs):
    # One or two English sentences per reference (XSum-like, dialogue-like): the default judge is the context
    # matcher at MiniLM layer 4 and floor 0.4 (the contextual configuration's matcher keeps layer 5 and floor 0.5)
    # with the summary+sentence rule, on the default's pyramid; the signature says so.
    summaries = ["Power failed in many houses after the storm.", "Schools will stay closed until Friday."]
    default = PyramidScorer(judge="words")  # the learned judge: tests/test_learned_judge.py
    out = default.compute(summaries, [refs] * 2)
    judged = PyramidScorer(matcher="context", presence="summary+sentence")
    judged.method.matcher = ContextMatcher(layer=4, floor=0.4)
    assert out["scores"] == pytest.approx(judged.compute(summaries, [refs] * 2)["scores"], abs=1e-6)
    contextual = PyramidScorer(preset="contextual").compute(summaries, [refs] * 2)
    assert out["scores"][0] != pytest.approx(contextual["scores"][0], abs=1e-3)
    assert out["scores"][0] > 0.3 and out["scores"][1] < 0.05
    assert "|refs<=2sent:context(layer:4,floor:0.4,figures+number-words:exact,mean(summary,best-sentence))|" in out["signature"]
    notes = default.score(summaries[:1], [refs])[0].explanation()["notes"]
    assert any("read in its reference" in n and "cosine 0.4" in n and "layer 4" in n for n in notes)  # says how
    pyr = default.pyramids([refs], [None])[0]
    assert pyr.short_references
    assert [u.weight for u in pyr.units] == [u.weight for u in PyramidScorer(preset="contextual").pyramids(
        [refs], [None])[0].units]
    # an explicit presence rule keeps the configured (static) judge for every pyramid
    rule = "summary+sentence+bigram" if len(refs) == 1 else "sentence+order+bigram"
    static = PyramidScorer(presence=rule).compute(summaries, [refs] * 2)
    assert static["scores"][0] != pytest.approx(out["scores"][0], abs=1e-3)
    assert "|refs<=2sent:as-others|" in static["signature"]


@pytest.mark.parametrize("refs", [["The storm hit the coast. Thousands of homes lost power. Schools closed."],
                                  ["A storm hit the coast.", "The storm hit the coast. Thousands of homes lost power. "
                                   "Schools closed."],
                                  ["Der Sturm traf die Küste und tausende Häuser hatten keinen Strom mehr."]])
def test_references_of_three_sentences_or_not_english_keep_the_static_judge(refs):
    summary = ["The storm hit. Homes lost power."]
    default = PyramidScorer(judge="words")  # the learned judge: tests/test_learned_judge.py
    assert not default.pyramids([refs], [None])[0].short_references
    static = PyramidScorer(presence="summary+sentence+bigram").compute(summary, [refs])["scores"]
    assert default.compute(summary, [refs])["scores"] == static


@pytest.mark.parametrize("reference", ["Lt. Col. Jane Doe will lead the rescue mission, the Army said.",
                                       "The No. 1 seed was knocked out in the first round at Wimbledon.",
                                       "Scientists at the Univ. of Oxford say they have found a new species.",
                                       "A study by Douglas Babstock et al., published today, finds the word “Huh?” "
                                       "is universal."])
def test_a_sentence_cut_after_an_abbreviation_is_still_one_sentence(reference):
    # the rule-based sentencizer cuts these after "Lt.", "No.", "Univ.", "al.," or "Huh?”"; the pieces after the
    # cut start with a lower-case letter or a digit, or follow a piece of one word: one sentence, read in context
    from pyramid_metric.methods.reference import ReferencePyramidMethod, sentence_count

    sentences = ReferencePyramidMethod._sentences([reference])[0]
    assert len(sentences) > 1 and sentence_count(sentences) == 1
    assert PyramidScorer().pyramids([[reference]], [None])[0].short_references


@pytest.mark.parametrize("text", ["Who will be the next prime minister? Voters go to the polls on Thursday.",
                                  "He left the party early. She stayed until midnight.",
                                  "he left the party early . she stayed until midnight ."])  # lower-cased data
def test_two_sentences_stay_two(text):
    from pyramid_metric.methods.reference import ReferencePyramidMethod, sentence_count

    assert sentence_count(ReferencePyramidMethod._sentences([text])[0]) == 2
    assert PyramidScorer().pyramids([[text]], [None])[0].short_references  # two: still short
    longer = text + (" Results are due on Friday." if text[0].isupper() else " results are due on friday .")
    assert sentence_count(ReferencePyramidMethod._sentences([longer])[0]) == 3
    assert not PyramidScorer().pyramids([[longer]], [None])[0].short_references


def test_presence_power_raises_each_units_auto_presence(monkeypatch):
    """``PRESENCE_POWER`` (1 in the package; scripts/studies/presence_power.py sets others): under presence="auto"
    each unit's presence is its rule's raised to it, after the contradiction cap; an explicit rule stays linear."""
    import pyramid_metric.methods.reference as reference

    ref = "A storm hit the coast on Monday. Thousands of homes lost power. Schools closed."  # three: static judge
    summary = ["The storm was big. It hit the coast, and many homes lost power."]

    def presences(**options):
        result = PyramidScorer(segmenter="sentence", **options).score(summary, [[ref]])[0]
        return {m["unit"]: m["similarity"] for m in result.explanation()["matches"]}

    linear = presences(presence="summary+sentence+bigram")
    assert presences() == linear and any(0 < p < 1 for p in linear.values())  # power 1: the rule itself
    monkeypatch.setattr(reference, "PRESENCE_POWER", 2)
    squared = presences()
    assert squared.keys() == linear.keys()
    for unit, p in linear.items():
        assert squared[unit] == pytest.approx(p ** 2, abs=1e-12)
    assert presences(presence="summary+sentence+bigram") == linear
