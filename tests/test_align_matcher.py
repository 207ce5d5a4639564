"""The align matcher: contextual soft presence of a unit's content words in a summary (greedy alignment of
MiniLM word vectors, BERTScore's recall side, Zhang et al. 2020, Eq. 1; exact stemmed matches count 1)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.encoder import get_encoder, token_vectors
from pyramid_metric.match import MATCHERS, get_matcher
from pyramid_metric.match.align import FLOOR, LAYER, AlignMatcher, pool_words, word_spans
from pyramid_metric.text import content_words, words

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = "The president met the prime minister in London on Tuesday to discuss trade."

# (summary, paraphrase of part of it, same-topic statement it does not make): written by hand
PARAPHRASES = [
    ("The company fired two hundred workers last week.", "The firm laid off 200 employees.",
     "The firm hired 200 new employees."),
    ("The senator died on Sunday at the age of 88.", "The lawmaker passed away aged 88.",
     "The lawmaker was born in 1935."),
    ("Heavy rain flooded the streets of the city.", "A downpour inundated urban roads.",
     "Sunny weather dried the roads."),
    ("Police arrested the suspect at his home on Friday.", "Officers detained the man.",
     "Officers released the man."),
    ("The striker scored twice as the team won the final.", "The forward netted two goals.",
     "The forward missed a penalty."),
]


@pytest.fixture(scope="module")
def matcher():
    return get_matcher("align")


def test_registered_with_its_settings_in_the_signature(matcher):
    assert "align" in MATCHERS and isinstance(matcher, AlignMatcher) and matcher.reads_context
    sig = matcher.signature()
    assert f"layer:{LAYER}" in sig and f"floor:{FLOOR:g}" in sig and "all-MiniLM-L6-v2" in sig
    with pytest.raises(ValueError, match="floor"):
        AlignMatcher(floor=1.0)
    with pytest.raises(ValueError, match="layer"):
        AlignMatcher(layer=-1)


def test_verbatim_unit_is_present_and_unrelated_unit_absent(matcher):
    p = matcher.presence(["the prime minister in London", "Bananas are rich in potassium."], SUMMARY)
    assert p[0] == 1.0  # every content word has an exact stemmed match
    assert p[1] < 0.05


def test_paraphrase_beats_same_topic_non_paraphrase(matcher):
    for summary, para, other in PARAPHRASES:
        p = matcher.presence([para, other], summary)
        assert p[0] > p[1], (summary, p)
        assert 0.0 < p[0] < 1.0  # soft credit: no content word of the paraphrase occurs verbatim


def test_word_vectors_pool_the_pieces_each_word_overlaps():
    """pool_words = the mean of the states of every non-empty piece overlapping the word's characters, by the
    definition (a mask over all pieces), on messy text: contractions, hyphens, figures, ligatures, accents."""
    texts = ["U.S. officials don't e-mail co-op staff: 3.5% ﬁne, naïve “quotes” isn’t—dash", SUMMARY]
    for text, tv in zip(texts, token_vectors(texts, LAYER)):
        spans = [(a, b) for a, b, _ in word_spans(text)] + [(len(text) + 5, len(text) + 9)]  # the last: no piece
        starts, ends = tv.offsets[:, 0], tv.offsets[:, 1]
        expected = np.zeros((len(spans), tv.vectors.shape[1]), dtype=np.float32)
        for i, (a, b) in enumerate(spans):
            sel = (ends > starts) & (starts < b) & (ends > a)
            if sel.any():
                expected[i] = tv.vectors[sel].mean(0)
        expected /= np.maximum(np.linalg.norm(expected, axis=1, keepdims=True), 1e-12)
        pooled = pool_words(spans, tv.offsets, tv.vectors)
        assert np.array_equal(pooled, expected) and not pooled[-1].any()


def credits_by_hand(unit: str, summary: str) -> list:
    """a(w, s) of each content word of ``unit``, by the definition: 1 for an exact stem; 0 for a figure or an
    acronym the summary lacks; else max(0, (max_v cos - b) / (1 - b)), each text encoded alone."""
    from pyramid_metric.match.align import is_figure_or_acronym

    uv, sv = token_vectors([unit], LAYER)[0], token_vectors([summary], LAYER)[0]
    u_spans, s_spans = word_spans(unit), word_spans(summary)
    U = pool_words([(a, b) for a, b, _ in u_spans], uv.offsets, uv.vectors)
    S = pool_words([(a, b) for a, b, _ in s_spans], sv.offsets, sv.vectors)
    cws, credit = content_words(words(unit)), []
    for i, (a, b, st) in enumerate(u_spans):
        if st not in cws:
            continue
        if st in set(words(summary)):
            credit.append(1.0)
        elif is_figure_or_acronym(unit[a:b]):
            credit.append(0.0)
        else:
            credit.append(max(0.0, (float((S @ U[i]).max()) - FLOOR) / (1 - FLOOR)))
    return credit


def test_presence_by_the_definition(matcher):
    """a(w, s) = 1 for an exact stem, else max(0, (max_v cos - b) / (1 - b)); presence = mean over content words."""
    unit, summary = "The minister praised zebras", "The minister spoke about horses in Africa."
    assert content_words(words(unit)) == ["minist", "prais", "zebra"]
    credit = credits_by_hand(unit, summary)
    assert credit[0] == 1.0
    assert matcher.presence([unit], summary)[0] == pytest.approx(sum(credit) / 3, abs=1e-6)


def test_a_figure_or_acronym_the_summary_lacks_earns_nothing(matcher):
    """By the definition (:func:`credits_by_hand`): "7%" and "2021" against "5%" and "2020" earn nothing, and
    "NATO" nothing against "UN"; the same figures as written earn 1."""
    for unit, summary in [("Sales rose 7% in 2021.", "Sales climbed 5% in 2020."),
                          ("NATO troops arrived.", "UN soldiers arrived.")]:
        credit = credits_by_hand(unit, summary)
        assert 0.0 in credit
        assert matcher.presence([unit], summary)[0] == pytest.approx(sum(credit) / len(credit), abs=1e-6)
    assert matcher.presence(["Sales rose 7% in 2021."], "In 2021, sales rose 7%.")[0] == pytest.approx(1.0)


def test_units_are_judged_inside_their_passage_and_each_text_encoded_once(matcher):
    enc = get_encoder()
    enc.clear_token_cache()
    passage = ["Barack Obama flew to London.", "He met the prime minister", "to talk about trade."]
    summary = "Obama met the British prime minister."
    (inside,) = matcher.presence_in_context([passage], summary)
    assert len(enc._token_cache) == 2  # the passage once, the summary once, whatever the number of units
    alone = matcher.presence(passage, summary)
    assert inside.shape == (3,) and not np.allclose(inside, alone)  # context changes the vectors
    assert inside[1] == alone[1] == 1.0  # exact matches do not depend on context
    # a unit of a passage has the words of that unit only
    assert matcher.presence_in_context([["Bananas are yellow.", "the prime minister"]], summary)[0][1] == 1.0


def test_summary_sentences_are_read_inside_the_summary_in_one_encoding():
    matcher = get_matcher("align")  # a new matcher: no unit passage read before
    enc = get_encoder()
    enc.clear_token_cache()
    passage = ["Barack Obama flew to London.", "He met the prime minister", "to talk about trade."]
    sentences = ["Obama arrived in Britain.", "He met the prime minister."]
    (rows,) = matcher.presence_in_sentences([passage], " ".join(sentences), sentences)
    assert len(enc._token_cache) == 2  # the passage once, the summary once (its sentences are not encoded alone)
    assert rows.shape == (3, 3)  # the whole summary, then each sentence; one column per unit
    assert rows[2, 1] == 1.0 and rows[1, 1] < 1.0  # "met the prime minister": verbatim in the second sentence only
    # the whole summary row is presence_in_context against the summary (the same encoding)
    assert np.allclose(rows[0], matcher.presence_in_context([passage], " ".join(sentences))[0], atol=1e-6)
    # a sentence's words carry the summary's context: not the vectors of the sentence encoded alone
    alone = [matcher.presence_in_context([passage], s)[0] for s in sentences]
    assert not np.allclose(rows[1:], np.vstack(alone))
    # one sentence: the whole summary only
    one_sentence = "Obama met the prime minister."
    (one,) = matcher.presence_in_sentences([passage], one_sentence, [one_sentence])
    assert one.shape == (1, 3)


def test_the_default_presence_in_sentences_judges_each_text():
    recall = get_matcher("recall")
    passage, sentences = ["The storm hit the coast", "schools closed"], ["The storm hit.", "Schools closed."]
    (rows,) = recall.presence_in_sentences([passage], " ".join(sentences), sentences)
    assert rows.tolist() == [[2 / 3, 1.0], [2 / 3, 0.0], [0.0, 1.0]]  # storm/hit of storm/hit/coast


def test_reference_pyramid_passes_each_reference_as_context():
    ref = "Barack Obama flew to London on Monday. He met the prime minister there to talk about trade."
    scorer = PyramidScorer(matcher="align")
    [same, other] = scorer.score([ref, "Bananas are yellow and rich in potassium."], [[ref], [ref]])
    assert same.score == pytest.approx(1.0) and other.score < 0.05
    [pyr] = scorer.pyramids([[ref]], [None])
    assert len(pyr.units) > 1 and pyr.origins  # several EDUs of one reference: one passage
    assert "matcher:align(" in scorer.signature(nrefs=1)


def test_identical_across_batch_sizes(matcher):
    enc = get_encoder()
    texts = [s for case in PARAPHRASES for s in case]
    old = enc.batch_size
    try:
        results = []
        for bs in (1, 3, 64):
            enc.batch_size = bs
            enc.clear_token_cache()
            results.append(np.concatenate([matcher.presence([p, o], s) for s, p, o in PARAPHRASES]))
            matcher.prepare(texts)  # batched up front, then looked up
    finally:
        enc.batch_size = old
    # batched matrix products on padded inputs differ in the last float bits; presence agrees to 1e-6
    np.testing.assert_allclose(results[0], results[1], atol=1e-6)
    np.testing.assert_allclose(results[0], results[2], atol=1e-6)


def test_same_presence_in_another_process(matcher):
    code = ("import json; from pyramid_metric.match import get_matcher; m = get_matcher('align'); "
            f"print(json.dumps([m.presence([p, o], s).tolist() for s, p, o in {PARAPHRASES!r}]))")
    env = dict(os.environ, PYTHONPATH=str(ROOT), HF_HUB_OFFLINE="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    there = np.array(json.loads(out.stdout.strip().splitlines()[-1]))
    get_encoder().clear_token_cache()
    here = np.array([matcher.presence([p, o], s) for s, p, o in PARAPHRASES])
    np.testing.assert_allclose(here, there, atol=1e-6)


def test_long_texts_are_windowed_not_truncated():
    long = " ".join(f"Sentence number {i} says that the river rose in spring." for i in range(60))
    [tv] = token_vectors([long], LAYER)
    n = len(get_encoder()._load()[1](long, add_special_tokens=False, verbose=False)["input_ids"])
    assert n > 2 * 254 and tv.vectors.shape == (n, 384)
    np.testing.assert_allclose(np.linalg.norm(tv.vectors, axis=1), 1.0, atol=1e-5)  # every piece has a state
    assert tv.offsets[-1][1] == len(long)  # the last word piece (the final full stop) is read


def test_several_layers_from_one_pass_match_one_layer_at_a_time():
    from pyramid_metric.encoder import Encoder

    texts = ["The storm left many houses without electricity.", "Power lines fell.", "", SUMMARY]
    both = Encoder().token_vectors_by_layer(texts, [3, LAYER])
    for layer in (3, LAYER):
        alone = Encoder().token_vectors(texts, layer)
        for a, b in zip(both[layer], alone):
            assert np.array_equal(a.offsets, b.offsets) and np.array_equal(a.vectors, b.vectors)
    with pytest.raises(ValueError, match="layers"):
        Encoder().token_vectors_by_layer(texts, 3)
    with pytest.raises(ValueError, match="layer"):
        Encoder().token_vectors_by_layer(texts, [3, 99])


def test_batches_cover_every_text_once_longest_first():
    from pyramid_metric.encoder import Encoder, width

    lengths = [5, 300, 12, 12, 40, 7, 256, 90] * 20
    batches = Encoder(token_batch_size=8)._batches(lengths)
    flat = [k for b in batches for k in b]
    assert sorted(flat) == list(range(len(lengths))) and all(1 <= len(b) <= 8 for b in batches)
    assert [lengths[k] for k in flat] == sorted(lengths, reverse=True)
    # one width a batch (positions rounded up to a multiple of 16): a text is always computed at its own width
    assert all(len({width(lengths[k]) for k in b}) == 1 for b in batches)
    assert (width(5), width(16), width(17), width(300)) == (16, 16, 32, 304)


def test_a_texts_states_have_the_same_bits_whatever_texts_come_with_it():
    from pyramid_metric.encoder import Encoder

    texts = ["The storm hit the coast.", "Thousands of homes lost power after the storm hit the coast on Monday.",
             "Power failed.", "Officials opened shelters in three towns and schools stayed closed until Friday.",
             "The storm hit the coast."]
    together = Encoder()._encode_token_layers(texts, (5,))[5]
    for size in (1, 2):
        parts = [v for i in range(0, len(texts), size) for v in Encoder()._encode_token_layers(texts[i:i + size], (5,))[5]]
        assert all(np.array_equal(a.vectors, b.vectors) for a, b in zip(together, parts))
    with pytest.raises(ValueError, match="token_batch_size"):
        Encoder(token_batch_size=0)


def test_empty_inputs(matcher):
    assert matcher.presence([], SUMMARY).shape == (0,)
    assert np.array_equal(matcher.presence(["", "prime minister"], ""), [0.0, 0.0])
    assert matcher.similarities([], []).shape == (0, 0)
    with pytest.raises(ValueError, match="summary"):
        matcher.presence(["x"], None)
