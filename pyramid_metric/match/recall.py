"""Content-word recall matcher: the share of a unit's content words that a span contains.

phi(c, p) = |content words of p found in c| / |content words of p|, counted
with clipping (a word of p found once in c is credited once), stemmed as
ROUGE does, stop words left out.  It is ROUGE-1 recall restricted to one
pyramid unit: on REALSumm dev, averaging it over the human SCUs of an example
correlates with the human pyramid score at 0.52 (summary-level Pearson), above
the LCS phi of seed 000 (0.48) measured the same way
(``scripts/realsumm_correlations.py``).
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

import numpy as np

from ..text import stem
from .base import Matcher

# Function words that carry no content (a short list in the spirit of ROUGE's -s option).
STOP_WORDS = frozenset(
    "a an the of to in on at by for with from and or but nor as is are was were be been being has have had "
    "do doe did it its this that these those there their they them he him his she her we our you your i "
    "will would shall should can could may might must not no so than then too very also into over about "
    "after before up down out off".split())
_STOP_STEMS = frozenset(stem(w) for w in STOP_WORDS)  # spans carry stemmed words ("they" -> "thei")


def content_words(words: Sequence[str]) -> list:
    """The words that are not stop words (stems are compared, as produced by ``text.words``)."""
    return [w for w in words if w not in _STOP_STEMS]


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
