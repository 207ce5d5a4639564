"""The ``Matcher`` interface: a |C| x |P| similarity matrix between summary spans and pyramid units."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

import numpy as np


class Matcher(ABC):
    """Compares spans that have ``.text`` and ``.words``; similarities lie in [0, 1]."""

    name = "matcher"

    @abstractmethod
    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        """Matrix S with S[i, j] = similarity of summary span i to pyramid unit j."""

    def prepare(self, texts: Sequence[str]) -> None:
        """Precompute, in one batch, what :meth:`similarities` will need for these texts (no-op by default)."""

    def signature(self) -> str:
        return self.name
