"""The contextual presence matcher (``matcher="context"``): each unit's BERTScore recall in the summary."""
import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.encoder import token_vectors
from pyramid_metric.match import get_matcher
from pyramid_metric.match.align import pool_words, word_spans
from pyramid_metric.match.context import ContextMatcher
from pyramid_metric.match.recall import RecallMatcher
from pyramid_metric.text import _stop_stems


def recall_by_hand(unit: str, summary: str, layer: int = 5, floor: float = 0.5) -> float:
    """The definition, written out: the mean over the unit's content words of the best cosine of the word's
    layer-``layer`` state (pieces mean-pooled) with a word of the summary, rescaled above the floor (no
    exact-match rule); a figure or acronym of the unit is compared only with the same word of the summary."""
    from pyramid_metric.match.align import is_figure_or_acronym

    tv_u, tv_s = token_vectors([unit, summary], layer)
    spans_u, spans_s = word_spans(unit), word_spans(summary)
    vu = pool_words([(a, b) for a, b, _ in spans_u], tv_u.offsets, tv_u.vectors)
    vs = pool_words([(a, b) for a, b, _ in spans_s], tv_s.offsets, tv_s.vectors)
    credits = []
    for k, (a, b, st) in enumerate(spans_u):
        if st in _stop_stems():
            continue
        same_only = is_figure_or_acronym(unit[a:b])
        cosines = [float(vu[k] @ vs[i]) for i, (_, _, st2) in enumerate(spans_s) if not same_only or st2 == st]
        credits.append(min(1.0, max(0.0, (max(cosines, default=floor) - floor) / (1 - floor))))
    return float(np.mean(credits))


def test_presence_is_the_units_bertscore_recall_over_content_words():
    unit, summary = "Thousands of homes lost power.", "The storm left many houses without electricity."
    for layer, floor in ((5, 0.5), (6, 0.0), (3, 0.3)):
        got = ContextMatcher(layer=layer, floor=floor).presence([unit], summary)[0]
        assert got == pytest.approx(recall_by_hand(unit, summary, layer, floor), abs=1e-5)


def test_a_figure_or_acronym_is_credited_only_by_the_same_word():
    from pyramid_metric.match.align import is_figure_or_acronym

    assert [is_figure_or_acronym(w) for w in ("2021", "7", "19", "NATO", "UK", "Apple", "sold", "A", "Covid")] == \
        [True] * 5 + [False] * 4
    m = ContextMatcher()
    unit = "Sales rose 7% in 2021."
    wrong, right = "Sales rose 5% in 2020.", "In 2021, sales rose 7%."
    got = m.presence([unit], wrong)[0]
    assert got == pytest.approx(recall_by_hand(unit, wrong), abs=1e-5)
    # "7" and "2021" earn nothing against "5" and "2020": at most sales and rose, two of four content words
    assert got <= 0.5 + 1e-6
    assert m.presence([unit], right)[0] == pytest.approx(recall_by_hand(unit, right), abs=1e-5)
    assert m.presence([unit], right)[0] > 0.8
    nato = "NATO troops arrived."
    assert m.presence([nato], "UN troops arrived.")[0] < m.presence([nato], "NATO soldiers arrived.")[0]
    # through the default: a one-sentence reference is read by this judge
    scores = PyramidScorer(judge="words").compute(predictions=[wrong, right], references=[[unit], [unit]])["scores"]
    assert scores[0] < 0.55 < 0.9 < scores[1]


def test_exact_words_are_credited_by_their_contextual_cosine_not_in_full():
    unit = "The bank raised interest rates."
    same_sense = "The central bank raised its interest rates."
    other_sense = "Rates of erosion rose on the river bank, interest groups said."
    context, align = ContextMatcher(), get_matcher("align")
    assert align.presence([unit], other_sense)[0] > 0.6  # the exact-stem rule credits bank/rate/interest in full
    assert context.presence([unit], same_sense)[0] > context.presence([unit], other_sense)[0] + 0.05
    assert context.presence([unit], other_sense)[0] < align.presence([unit], other_sense)[0]


def test_a_copy_of_the_reference_scores_one_and_a_paraphrase_beats_unrelated_text():
    ref = "A storm hit the coast on Monday. Thousands of homes lost power."
    scorer = PyramidScorer(matcher="context")
    copy, para, other = (r.score for r in scorer.score(
        [ref, "On Monday a storm struck the shore and left thousands of houses without electricity.",
         "The football team won the cup after a penalty shoot-out."], [[ref]] * 3))
    assert copy == pytest.approx(1.0, abs=1e-5)
    assert para > other + 0.15
    assert 0.0 <= other < para < 1.0


def test_pyramid_weights_are_judged_by_content_word_recall():
    refs = ["A storm hit the coast on Monday. Thousands of homes lost power.",
            "Thousands of homes lost power after the storm.",
            "The mayor opened three shelters."]
    lexical = PyramidScorer().method.build_many([refs], [None])[0]
    contextual = PyramidScorer(matcher="context").method.build_many([refs], [None])[0]
    assert [u.weight for u in contextual.units] == [u.weight for u in lexical.units]
    assert ContextMatcher().expressed(["Thousands of homes lost power."], refs[1]) == pytest.approx(
        RecallMatcher().presence(["Thousands of homes lost power."], refs[1]))


def test_sentences_are_read_inside_the_summary_and_rows_match_presence_in_context():
    m = ContextMatcher()
    summary = "A storm hit the coast. Homes lost power."
    rows = m.presence_in_sentences([["storm hit", "homes lost power"]], summary,
                                   ["A storm hit the coast.", "Homes lost power."])[0]
    assert rows.shape == (3, 2)
    assert np.allclose(rows[0], m.presence_in_context([["storm hit", "homes lost power"]], summary)[0])
    assert rows[1, 0] > rows[2, 0] and rows[2, 1] > rows[1, 1]  # each unit is best in its own sentence


def test_signature_names_the_judge_and_reads_back():
    from pyramid_metric.config import PyramidConfig

    sig = PyramidScorer(matcher="context").signature()
    assert "matcher:context(layer:5," in sig and "exact-stem:cosine" in sig and "weights:recall" in sig
    assert PyramidConfig.from_signature(sig).matcher == "context"


def test_bad_settings_raise_value_errors():
    with pytest.raises(ValueError, match="layer"):
        ContextMatcher(layer=-1)
    with pytest.raises(ValueError, match="floor"):
        ContextMatcher(floor=1.0)


def test_contextual_configuration_is_the_context_judge_with_the_one_place_rule():
    from pyramid_metric import PyramidConfig

    c = PyramidConfig.from_preset("contextual")
    assert (c.method, c.matcher, c.presence) == ("refpyramid", "context", "summary+sentence")
    refs = [["A storm hit the coast on Monday. Thousands of homes lost power.", "Thousands of homes lost power."]]
    named, explicit = PyramidScorer(preset="contextual"), PyramidScorer(matcher="context", presence="summary+sentence")
    assert named.signature().startswith("preset:contextual|method:refpyramid|matcher:context(")
    assert named.compute(["Homes had no electricity after the storm."], refs)["scores"] == \
        explicit.compute(["Homes had no electricity after the storm."], refs)["scores"]



def test_a_number_word_is_a_figure_and_the_same_word_as_its_digits():
    m = ContextMatcher()
    unit = "The storm cut power to thousands of homes for two days."
    digits, wrong = "The storm cut power to thousands of homes for 2 days.", "The storm cut power to hundreds of " \
                                                                           "homes for nine days."
    for summary in (digits, wrong):
        assert m.presence([unit], summary)[0] == pytest.approx(recall_by_hand(unit, summary), abs=1e-5)
    # content words: storm cut power thousands homes two days; "hundreds" and "nine" earn nothing
    assert m.presence([unit], wrong)[0] <= 5 / 7 + 1e-6 < m.presence([unit], digits)[0]

def test_kept_texts_are_read_once_and_give_the_same_credits(monkeypatch):
    """A text kept as a pyramid's (the references the precision side reads) is encoded once: judging against it
    again, with the encoder's cache emptied, encodes nothing and gives the same bits as reading it anew; the kept
    words are bounded by word count with the units'."""
    from pyramid_metric import encoder
    from pyramid_metric.match import align

    m, fresh = ContextMatcher(), ContextMatcher()
    reference = "Thousands of homes lost power after the storm hit the coast."
    passages = [["The storm cut electricity to many houses.", "Schools shut."]]
    m.keep_texts([reference, reference])
    assert list(m._kept_units) == [(reference,)] and m._kept_word_count == 11
    encoder.get_encoder().clear_token_cache()
    calls = []
    real = encoder.token_vectors
    monkeypatch.setattr(encoder, "token_vectors",
                        lambda texts, *a, **k: calls.append(list(texts)) or real(texts, *a, **k))
    kept = m.presence_in_sentences(passages, reference, ())
    assert all(reference not in texts for texts in calls)  # only the passage was encoded
    anew = fresh.presence_in_sentences(passages, reference, ())
    assert any(reference in texts for texts in calls)
    assert all(np.array_equal(a, b) for a, b in zip(kept, anew))
    monkeypatch.setattr(align, "UNIT_WORDS_CACHE", 12)  # room for one of the two texts
    small = ContextMatcher()
    small.keep_texts([reference, "Schools were closed on Monday."])
    assert list(small._kept_units) == [("Schools were closed on Monday.",)] and small._kept_word_count == 5


def test_units_read_once_are_kept_and_give_the_same_credits(monkeypatch):
    """A pyramid's units are read in context once and kept across calls (bounded by word count): a second call,
    and a call after the kept words were dropped, give the same bits as the first."""
    from pyramid_metric.match import align

    m = ContextMatcher()
    passages = [["Thousands of homes lost power", "after the storm hit the coast."], ["Schools were closed."]]
    summary, sentences = "The storm cut electricity to many houses. Schools shut.", ["The storm cut electricity "
                                                                                     "to many houses.", "Schools shut."]
    first = m.presence_in_sentences(passages, summary, sentences)
    assert set(m._kept_units) == {tuple(p) for p in passages} and m._kept_word_count == 11 + 3
    again = m.presence_in_sentences(passages, summary, sentences)
    monkeypatch.setattr(align, "UNIT_WORDS_CACHE", 4)  # room for the 3 words of the second passage only
    small = ContextMatcher()
    bounded = small.presence_in_sentences(passages, summary, sentences)
    assert list(small._kept_units) == [tuple(passages[1])] and small._kept_word_count == 3
    reread = small.presence_in_sentences(passages, summary, sentences)  # the first passage read anew
    assert list(small._kept_units) == [tuple(passages[0])] and small._kept_word_count == 11
    for rows in (again, bounded, reread):
        assert all(np.array_equal(a, b) for a, b in zip(first, rows))
