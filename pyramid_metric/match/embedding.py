"""Embedding matcher: phi(c, p) = cosine of MiniLM sentence vectors, in place of the LCS phi of Hirao et al. 2018 (Eq. 6, 24).

Hirao et al. (2018) match a summary EDU c to a pyramid EDU p when the share of p's words
that c covers in order (LCS) reaches t.  Paraphrases share few words, so this
matcher compares meanings instead: mean-pooled, L2-normalised
all-MiniLM-L6-v2 vectors (:mod:`pyramid_metric.encoder`), similarity =
max(0, cosine).  Vectors are computed in batches and cached by text, so the
units of a cached pyramid are encoded once for all the summaries scored
against it.  The default threshold (0.45, registered with the matcher below)
was tuned on REALSumm dev only (``scripts/train/embedding_threshold.py``).
"""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from ..options import register_matcher
from .base import Matcher, dot_products


class EmbeddingMatcher(Matcher):
    """Cosine similarity (clipped at 0) of sentence vectors of the spans' texts."""

    name = "embedding"

    def __init__(self, model: Optional[str] = None):
        self.model = model

    def prepare(self, texts: Sequence[str]) -> None:
        """Encode all texts of a scoring batch at once (cached), so that per-summary calls only look up."""
        from ..encoder import embed

        embed(list(dict.fromkeys(texts)), self.model)

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        from ..encoder import embed

        if not summary or not pyramid:
            return np.zeros((len(summary), len(pyramid)))
        texts = [s.text for s in summary] + [p.text for p in pyramid]
        vecs = embed(texts, self.model)  # one batched call; cached by text
        sim = dot_products(vecs[:len(summary)], vecs[len(summary):])
        return np.clip(sim.astype(float), 0.0, 1.0)

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return f"embedding({encoder_signature(self.model)})"


# t = 0.45: the best summary-level Pearson with REALSumm dev of the grid 0.30..0.90 with the default extract
# (scripts/train/embedding_threshold.py: 0.279 at t = 0.45; system-level Pearson 0.732 there)
register_matcher("embedding", EmbeddingMatcher, help="cosine of all-MiniLM-L6-v2 vectors", resolves={"threshold": 0.45})
