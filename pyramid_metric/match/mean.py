"""The mean of several matchers: two judges of presence with equal say.

``matcher="learned+recall"`` averages the learned presence probability
(:mod:`.learned`) and content-word recall (:mod:`.recall`).  The learned model
alone agrees with the human SCU judgments about as well as recall does, but
its errors differ: out of sample on REALSumm dev (folds by example) the
average of the two correlates with the human pyramid score better than either
(``scripts/train/presence.py`` prints all three rows).  The weights are equal
by construction, not fitted.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..options import register_matcher
from .base import Matcher


class MeanMatcher(Matcher):
    """phi(c, p) = the mean of the parts' phi; presence likewise."""

    def __init__(self, parts: Sequence[Matcher]):
        if not parts:
            raise ValueError("`parts` must name at least one matcher")
        self.parts = list(parts)
        self.name = "+".join(p.name for p in self.parts)

    def prepare(self, texts: Sequence[str]) -> None:
        for p in self.parts:
            p.prepare(texts)

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        return np.mean([p.similarities(summary, pyramid) for p in self.parts], axis=0)

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        if not units:
            return np.zeros(0)
        return np.mean([p.presence(units, summary) for p in self.parts], axis=0)

    def signature(self) -> str:
        return "mean(" + ",".join(p.signature() for p in self.parts) + ")"


class LearnedRecallMatcher(MeanMatcher):
    """``matcher="learned+recall"``: mean of the learned presence probability and content-word recall."""

    def __init__(self):
        from .learned import LearnedMatcher
        from .recall import RecallMatcher

        super().__init__([LearnedMatcher(), RecallMatcher()])


register_matcher("learned+recall", LearnedRecallMatcher, help="the mean of learned and recall presence")
