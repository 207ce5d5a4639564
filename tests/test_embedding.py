"""The shared MiniLM encoder and the embedding matcher (cosine in place of LCS in the core method), real model."""
import importlib.util
import math

import numpy as np
import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.options import matcher_plugin
from pyramid_metric.document import Span
from pyramid_metric.encoder import default_model_path, embed, encoder_signature, get_encoder
from pyramid_metric.match import get_matcher

SOURCE = ("The storm hit the coast on Monday. Thousands of homes lost power. "
          "Officials opened shelters in three towns. Schools will stay closed until Friday.")
REF = "A storm hit the coast and thousands of homes lost power."


def test_encoder_vectors_are_normalised_cached_and_batched():
    texts = ["The cat sat on the mat.", "A dog barked at the postman.", "", "The cat sat on the mat."]
    v = embed(texts)
    assert v.shape == (4, 384) and v.dtype == np.float32
    assert np.linalg.norm(v, axis=1) == pytest.approx([1, 1, 0, 1], abs=1e-5)
    assert np.array_equal(v[0], v[3])
    enc = get_encoder()
    n = len(enc._cache)
    again = embed(texts[:2])  # cached: nothing new is encoded
    assert len(enc._cache) == n and np.array_equal(again, v[:2])
    # one batch or one at a time: the same vectors, to the bit (padding does not change mean pooling)
    single = np.stack([embed([t])[0] for t in ["Short.", "A much longer sentence about the weather in May."]])
    enc._cache.clear()
    batch = embed(["Short.", "A much longer sentence about the weather in May."])
    assert np.array_equal(single, batch)
    assert embed([]).shape == (0, 384)
    with pytest.raises(ValueError, match="texts"):
        embed("not a list")
    with pytest.raises(ValueError, match=r"texts\[1\]"):
        embed(["ok", 3])
    sig = encoder_signature()
    assert "all-MiniLM-L6-v2" in sig and "pool:mean" in sig and "|" not in sig


def test_a_texts_vector_has_the_same_bits_whatever_texts_come_with_it():
    from pyramid_metric.encoder import Encoder

    texts = ["The storm hit the coast.", "Thousands of homes lost power after the storm hit the coast on Monday.",
             "Power failed.", "Officials opened shelters in three towns and schools stayed closed until Friday.",
             "The storm hit the coast.", "Schools will stay closed until Friday. " * 40]
    with pytest.warns(UserWarning, match="truncated"):
        together = Encoder()._encode(texts)
    for size in (1, 2, 3):
        parts = [Encoder()._encode(texts[:-1][i:i + size]) for i in range(0, len(texts) - 1, size)]
        assert np.array_equal(together[:-1], np.vstack(parts))
    assert np.array_equal(together[0], together[4])


@pytest.mark.skipif(importlib.util.find_spec("sentence_transformers") is None, reason="sentence-transformers absent")
def test_encoder_equals_sentence_transformers():
    from sentence_transformers import SentenceTransformer

    texts = ["Thousands of homes lost power.", "Schools will stay closed until Friday."]
    ref = SentenceTransformer(default_model_path(), device="cpu").encode(texts, normalize_embeddings=True)
    assert embed(texts) == pytest.approx(ref, abs=1e-5)


def test_matcher_prefers_paraphrases_and_lies_in_unit_interval():
    m = get_matcher("embedding")
    summary = [Span("Thousands of households were left without electricity.", ())]
    units = [Span("Thousands of homes lost power.", ()), Span("Schools will stay closed until Friday.", ())]
    sim = m.similarities(summary, units)
    assert sim.shape == (1, 2) and np.all((sim >= 0) & (sim <= 1))
    assert sim[0, 0] > 0.6 > sim[0, 1]
    assert "embedding" in m.signature().lower()


def test_threshold_defaults_per_matcher():
    threshold = matcher_plugin("embedding").resolved("threshold")
    assert PyramidConfig(method="hirao", matcher="embedding").threshold == threshold == 0.45
    assert PyramidConfig(method="hirao").threshold == 0.55
    assert PyramidConfig().threshold is None  # the reference-EDU pyramid reads no threshold
    assert PyramidConfig(method="hirao", matcher="embedding", threshold=0.8).threshold == 0.8
    with pytest.raises(ValueError, match="matcher"):
        PyramidConfig(matcher="bert")


def test_core_method_with_embedding_matcher():
    sc = PyramidScorer(method="hirao", matcher="embedding")
    # a paraphrase that shares few words: LCS misses it, the embedding matcher finds it
    pred = "Many households were left without electricity."  # cosine 0.61 with "Thousands of homes lost power."
    emb = sc.compute([pred], [[REF]], [SOURCE], explain=True)
    lcs = PyramidScorer(method="hirao").compute([pred], [[REF]], [SOURCE])
    assert "embedding" in emb["signature"].lower() and emb["signature"] != lcs["signature"]
    assert emb["scores"][0] > lcs["scores"][0]
    assert emb["explanations"][0]["matches"]
    assert sc.compute(["Schools will stay closed until Friday."], [[REF]], [SOURCE])["scores"] == [0.0]


def test_realsumm_scores_in_range_and_differ_from_default(realsumm_rows):
    row = realsumm_rows[0]  # a one-EDU pyramid: LCS credits 1 of these 8 summaries, the embedding matcher 4
    systems = sorted(row["systems"])[:8]
    preds = [row["systems"][s]["summary"] for s in systems]
    refs, srcs = [[row["reference"]]] * len(preds), [row["document"]] * len(preds)
    emb = PyramidScorer(matcher="embedding").compute(preds, refs, srcs)
    lcs = PyramidScorer().compute(preds, refs, srcs)
    assert all(0.0 <= s <= 1.0 and not math.isnan(s) for s in emb["scores"])
    assert emb["scores"] != lcs["scores"]
