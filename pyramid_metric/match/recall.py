"""Content-word recall matcher: the share of a unit's content words that a span contains.

phi(c, p) = |content words of p found in c| / |content words of p|, counted
with clipping (a word of p found once in c is credited once), stemmed as
ROUGE does, stop words left out.  It is ROUGE-1 recall restricted to one
pyramid unit: on REALSumm dev, averaging it over the human SCUs of an example
correlates with the human pyramid score at 0.52 (summary-level Pearson), above
the LCS phi of Hirao et al. 2018 (0.48) measured the same way
(``scripts/studies/realsumm_correlations.py``).
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

import numpy as np

from ..options import register_matcher
from ..text import bigram_counts, bigram_hits, content_words
from .base import Matcher

def clipped_recall(unit: Sequence[str], span: Sequence[str]) -> float:
    """Share of ``unit``'s tokens found in ``span``, each span token usable once."""
    if not unit:
        return 0.0
    avail = Counter(span)
    hit = 0
    for w in unit:
        if avail[w] > 0:
            hit += 1
            avail[w] -= 1
    return hit / len(unit)


def bigram_recall(unit: Sequence[str], span_bigrams: Counter) -> float:
    """Share of ``unit``'s word bigrams found among ``span_bigrams`` (:func:`bigram_counts` of the span),
    clipped as ROUGE-2 counts them: a bigram occurring k times in the unit is found min(k, its count) times."""
    if len(unit) < 2:
        return 0.0
    return bigram_hits(bigram_counts(unit), span_bigrams) / (len(unit) - 1)


class RecallMatcher(Matcher):
    """phi(c, p) = clipped recall of p's content words in c (stemmed)."""

    name = "recall"

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        out = np.zeros((len(summary), len(pyramid)))
        span_words = [content_words(c.words) for c in summary]
        for j, p in enumerate(pyramid):
            unit = content_words(p.words) or list(p.words)
            for i, sw in enumerate(span_words):
                out[i, j] = clipped_recall(unit, sw)
        return out


register_matcher("recall", RecallMatcher, help="share of the unit's content words the summary contains",
                 resolves={"threshold": 0.55})
