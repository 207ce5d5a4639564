"""LCS matcher: phi(c, p) = l(LCS(c, p)) / l(p) in stemmed words (Hirao et al. 2018, Eq. 6 and 24)."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..options import register_matcher
from ..text import lcs_length
from .base import Matcher


class LCSMatcher(Matcher):
    """Share of the pyramid unit's words that the summary span covers in order."""

    name = "lcs"

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        out = np.zeros((len(summary), len(pyramid)))
        for j, p in enumerate(pyramid):
            if not p.words:
                continue
            vocab = set(p.words)
            for i, c in enumerate(summary):
                if vocab.intersection(c.words):
                    out[i, j] = lcs_length(c.words, p.words) / len(p.words)
        return out


register_matcher("lcs", LCSMatcher, help="word LCS share (Hirao et al. 2018, Eq. 6)", resolves={"threshold": 0.55})
