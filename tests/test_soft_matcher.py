"""The soft content-word recall matcher (``matcher="soft"``, the default's judge): a word in other words is
credited by the cosine of static MiniLM word vectors above a floor; names, figures and words already found are
not."""
import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.encoder import get_encoder, word_vectors
from pyramid_metric.match import get_matcher
from pyramid_metric.match.recall import RecallMatcher
from pyramid_metric.match.soft import LAYER, SoftRecallMatcher, is_plain, text_words


def credit_by_hand(unit_words, text_words, floor, layer=LAYER):
    """The definition written out for units whose words all differ from the text's: the mean over the unit's
    words of max(0, (best cosine with a text word - b) / (1 - b))."""
    u, t = word_vectors(unit_words, layer), word_vectors(text_words, layer)
    best = (u @ t.T).max(axis=1)
    return float(np.mean(np.clip((best - floor) / (1 - floor), 0, 1)))


def test_a_word_in_other_words_earns_its_rescaled_static_cosine():
    unit, text = "the company fired its chief executive", "The firm dismissed its boss."
    for floor in (0.3, 0.5, 0.0):
        got = SoftRecallMatcher(floor=floor).presence([unit], text)[0]
        want = credit_by_hand(["company", "fired", "chief", "executive"], ["firm", "dismissed", "boss"], floor)
        assert got == pytest.approx(want, abs=1e-6)
    assert 0.0 < SoftRecallMatcher().presence([unit], text)[0] < 1.0


def test_exact_words_count_as_recall_counts_them_and_the_rest_by_meaning():
    # "storm" and "coast" are found (1 each); "hit" is not: it earns its best cosine with "struck"/"shore"/...
    unit, text = "The storm hit the coast.", "A storm struck the coast on Monday."
    got = SoftRecallMatcher().presence([unit], text)[0]
    near = credit_by_hand(["hit"], ["storm", "struck", "coast", "monday"], 0.3)
    assert got == pytest.approx((1 + near + 1) / 3, abs=1e-6)


def test_floor_one_is_the_recall_matcher_exactly():
    units = ["The storm hit the coast.", "storm storm damage", "of the", "Apple sold 5 million phones in 2020.",
             "", "Die Regierung hat das Gesetz verabschiedet."]
    texts = ["A storm struck the shore; storm damage was wide.", "Samsung sold 7 million handsets.", "the of"]
    soft, recall = SoftRecallMatcher(floor=1.0), RecallMatcher()
    for text in texts:
        assert soft.presence(units, text).tolist() == recall.presence(units, text).tolist()


def test_names_figures_and_words_found_once_earn_no_soft_credit():
    soft, recall = SoftRecallMatcher(), RecallMatcher()
    wrong_facts = ["Apple sold 5 million phones.", "Samsung sold 7 million phones."]
    assert soft.presence([wrong_facts[0]], wrong_facts[1])[0] == recall.presence([wrong_facts[0]], wrong_facts[1])[0]
    # clipping stands: the second "storm" of the unit is not credited by the summary's one "storm"
    assert soft.presence(["storm storm"], "a storm")[0] == pytest.approx(0.5)
    assert [is_plain(w) for w in ("fired", "Fired", "COVID", "5G", "naïve", "über")] == [True] + [False] * 5



def test_number_words_are_figures_credited_only_as_written():
    from pyramid_metric.text import number_value

    assert [number_value(w) for w in ("Two", "ninety", "thousands", "dozen", "one", "first", "days")] == \
        ["2", "90", "1000", "12", None, None, None]
    assert not is_plain("two") and not is_plain("thousands") and is_plain("days")
    soft = get_matcher("soft")
    unit = "Thousands of homes lost power for two days."  # content words: thousands homes lost power two days
    # "hundreds" and "nine" earn nothing for "thousands" and "two": 4 of 6 words, by exact words alone
    assert soft.presence([unit], "Hundreds of homes lost power for nine days.")[0] == pytest.approx(4 / 6)
    assert soft.presence([unit], "Thousands of houses lost power for two days.")[0] > 5 / 6

def test_english_whose_content_words_look_foreign_is_still_read_by_meaning():
    # without its stop words this unit's content words are a fifth German/Spanish function words ("die", "den",
    # "con", "la"); the language is decided on all its words, so it stays English and "shut" earns soft credit
    unit = "The con artist and the die maker shut the den near the La Brea tar pits on Monday."
    text_ = "The con artist and the die maker closed the den near the La Brea tar pits on Monday."
    got = SoftRecallMatcher().presence([unit], text_)[0]
    assert RecallMatcher().presence([unit], text_)[0] < got < 1.0
    assert text_words(unit, True)[1].count("") == 3  # "La", "Brea", "Monday": not plain


def test_another_latin_language_is_judged_by_exact_words():
    unit, text = "Die Regierung hat das Gesetz verabschiedet.", "Das Parlament beschloss die Reform."
    assert SoftRecallMatcher().presence([unit], text)[0] == RecallMatcher().presence([unit], text)[0]


def test_sentence_rows_match_presence_against_each_text():
    units = ["The storm hit the coast.", "Thousands of homes lost power."]
    summary = "A storm struck the shore. Many houses had no electricity."
    sentences = ["A storm struck the shore.", "Many houses had no electricity."]
    m = SoftRecallMatcher()
    rows = m.presence_in_sentences([units[:1], units[1:]], summary, sentences)
    assert [r.shape for r in rows] == [(3, 1), (3, 1)]
    joined = np.hstack(rows)
    for r, text in enumerate([summary] + sentences):
        assert joined[r].tolist() == pytest.approx(m.presence(units, text).tolist(), abs=1e-12)
    assert joined[2, 1] > joined[1, 1]  # "homes lost power" is said in the second sentence, in other words


def test_word_vectors_are_static_cached_and_checked():
    enc = get_encoder()
    a = word_vectors(["storm", "coast"], LAYER)
    assert a.shape == (2, enc.dim) and np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(word_vectors(["coast", "storm", "storm"], LAYER)[[1, 0]], a)
    assert not word_vectors([""], LAYER).any()
    with pytest.raises(ValueError, match="layer"):
        word_vectors(["storm"], 9)
    with pytest.raises(ValueError, match="words"):
        word_vectors("storm", LAYER)
    with pytest.raises(ValueError, match="floor"):
        SoftRecallMatcher(floor=1.5)


def test_a_words_vector_has_the_same_bits_whatever_words_come_with_it():
    # read alone, in threes or all together (cache emptied between): the same vector, bit for bit, so a score does
    # not depend on which words a process met before (the scores-across-processes test in test_robustness.py)
    enc = get_encoder()
    words = ["storm", "coast", "power", "thousands", "electricity", "outage", "koirala", "kathmandu", "homeopathic",
             "shelters", "unprecedentedly", "a", "the", "lost", "hit", "nepal", "earthquake", "survivors"]
    runs = []
    for size in (1, 3, len(words)):
        enc.clear_word_cache()
        runs.append(np.vstack([word_vectors(words[i:i + size], LAYER) for i in range(0, len(words), size)]))
    assert np.array_equal(runs[0], runs[1]) and np.array_equal(runs[0], runs[2])


def test_paraphrase_beats_unrelated_text_and_a_copy_scores_one():
    ref = "A storm hit the coast on Monday. Thousands of homes lost power."
    scorer = PyramidScorer()
    copy, para, other = (r.score for r in scorer.score(
        [ref, "On Monday a storm struck the shore and left thousands of houses without electricity.",
         "The football team won the cup after a penalty shoot-out."], [[ref]] * 3))
    lexical_para = PyramidScorer(matcher="recall").score(
        ["On Monday a storm struck the shore and left thousands of houses without electricity."], [[ref]])[0].score
    assert copy == pytest.approx(1.0)
    assert para > lexical_para and para > other + 0.2


def test_the_default_uses_it_and_builds_the_lexical_pyramid():
    refs = ["A storm hit the coast on Monday. Thousands of homes lost power.",
            "Thousands of homes lost power after the storm.", "The mayor opened three shelters."]
    default = PyramidScorer()
    assert default.config.matcher == "soft"
    assert "|matcher:soft(recall+static-cosine,word-pairs:static-cosine,layer:6,floor:0.3,plain-words,number-words:exact," in default.signature()
    soft_pyr = default.method.build_many([refs], [None])[0]
    lexical_pyr = PyramidScorer(matcher="recall").method.build_many([refs], [None])[0]
    assert [(u.text, u.weight) for u in soft_pyr.units] == [(u.text, u.weight) for u in lexical_pyr.units]
    assert isinstance(get_matcher("soft"), SoftRecallMatcher)


def test_explanations_say_how_words_in_other_words_are_credited():
    # a reference of three sentences: the static judge (shorter ones are read in context)
    ref = "A storm hit the coast on Monday. Power failed. Schools closed."
    summary = "On Monday a tempest struck the shore."
    default = PyramidScorer().score([summary], [[ref]])[0].explanation()["notes"]
    lexical = PyramidScorer(matcher="recall").score([summary], [[ref]])[0].explanation()["notes"]
    said = [n for n in default if "in other words" in n]
    assert len(said) == 1 and "not a name, a figure or a number word" in said[0] and "cosine 0.3" in said[0]
    assert not [n for n in lexical if "in other words" in n]


def test_a_word_pair_said_in_other_words_earns_the_smaller_of_its_two_word_credits():
    # unit pairs: company-fired, fired-its, its-chief, chief-executive; the text "the firm dismissed its boss":
    # fired-its is matched by dismissed-its (min(a(fired, dismissed), 1)); the other three by their best
    # adjacent text pair, each word's credit the rescaled static cosine (0 for a stop word that differs)
    from pyramid_metric.match.base import exact_bigram_shares, text_span

    unit, text = text_span("company fired its chief executive"), "the firm dismissed its boss"
    got = SoftRecallMatcher().bigram_shares([unit], [text])[0, 0]

    def a(w, v):
        if w == v:
            return 1.0
        if w == "its" or v in ("the", "its"):
            return 0.0
        return credit_by_hand([w], [v], 0.3)

    t = ["the", "firm", "dismissed", "its", "boss"]
    pairs = [("company", "fired"), ("fired", "its"), ("its", "chief"), ("chief", "executive")]
    want = np.mean([max(min(a(w1, v1), a(w2, v2)) for v1, v2 in zip(t, t[1:])) for w1, w2 in pairs])
    assert got == pytest.approx(want, abs=1e-6) and 0 < got < 1
    assert exact_bigram_shares([unit], [text])[0, 0] == 0.0
    # floor 1: exact pairs only, as every other matcher counts them
    units = [text_span(u) for u in ("company fired its chief executive", "storm storm storm", "Apple sold phones")]
    texts = ["the firm dismissed its boss", "a storm storm", "Samsung sold phones"]
    assert (SoftRecallMatcher(floor=1.0).bigram_shares(units, texts) == exact_bigram_shares(units, texts)).all()


def test_a_word_pair_the_text_has_or_a_name_earns_no_pair_credit_by_meaning():
    from pyramid_metric.match.base import text_span

    soft = SoftRecallMatcher()
    # storm-storm twice in the unit, once in the text: clipped to 1 of 2, the second never credited by meaning
    assert soft.bigram_shares([text_span("storm storm storm")], ["a storm storm"])[0, 0] == pytest.approx(0.5)
    # apple-sold: "Apple" is a name (exact only), so only sold-phones counts
    assert soft.bigram_shares([text_span("Apple sold phones")], ["Samsung sold phones"])[0, 0] == pytest.approx(0.5)


def test_word_pairs_judged_in_row_blocks_give_the_same_shares(monkeypatch):
    # memory stays bounded on long texts: unit words are compared with a text's words PAIR_ROWS at a time
    import pyramid_metric.match.soft as soft_module
    from pyramid_metric.match.base import text_span

    units = [text_span(u) for u in ("The company fired its chief executive on Monday.", "storm storm storm",
                                    "Thousands of homes lost power after the storm hit the coast.")]
    texts = ["The firm dismissed its boss; a storm storm struck the shore and houses lost electricity.", "a b"]
    whole = SoftRecallMatcher().bigram_shares(units, texts)
    monkeypatch.setattr(soft_module, "PAIR_ROWS", 2)
    assert (SoftRecallMatcher().bigram_shares(units, texts) == whole).all()
