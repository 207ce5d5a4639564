"""The ``Method`` interface: build a pyramid per example, then score summaries against it."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import FrozenSet, List, Optional, Sequence

from ..config import PyramidConfig
from ..pyramid import Pyramid, scu_pyramid
from ..scoring import ScoreResult
from ..signature import Signature, method_fields


class Method(ABC):
    """A scoring system.  ``needs_sources`` says whether pyramids are built from source documents."""

    name = "method"
    needs_sources = True
    scores_scus = False  # can score against given SCUs (human-pyramid mode, ``scorer.score(..., scus=...)``)
    scus_use_references = False  # pyramid_of_scus also takes the references and the SCUs' contributors (APE)

    only_matcher = None  # (matcher, why): a method with its own similarity takes that matcher alone

    def __init__(self, config: PyramidConfig):
        if self.only_matcher and config.matcher != self.only_matcher[0]:
            need, why = self.only_matcher
            raise ValueError(f"PyramidConfig: method {self.name!r} {why}; `matcher` must be {need!r} (or left at its "
                             f"default), got {config.matcher!r}")
        self.config = config

    @abstractmethod
    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        """One pyramid per example from its references (and source, where needed)."""

    @abstractmethod
    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        """Score each prediction against the pyramid of its example."""

    def pyramid_of_scus(self, scus: Sequence[str], weights: Sequence[float], references: Sequence[str] = None,
                        contributors: Sequence[Sequence[str]] = None) -> Pyramid:
        """The pyramid of given human SCUs (human-pyramid mode, for methods with ``scores_scus``).

        ``references`` (the model summaries, when given) and ``contributors`` (each SCU's mentions, when
        given) are used by methods that need them (APE); this default uses the SCU texts and weights.
        """
        return scu_pyramid(scus, weights)

    def scu_signature(self) -> str:
        """How given human SCUs are scored, as a signature field (empty: as the method's own units)."""
        return ""

    def scu_signature_keys(self, pyramids: Sequence[Pyramid] = ()) -> Optional[FrozenSet[str]]:
        """The method's signature fields that act on scores against the given human pyramids ``pyramids`` (None:
        all of them); the others (how the method builds its own pyramids) are left out of those scores'
        signature."""
        return None

    def signature_parts(self) -> dict:
        """Descriptions of the components the method's signature fields show (``register_method(..., fields=...)``),
        e.g. ``{"segmenter": "bilstm-hirao2018@6343b3f2"}``; the options come from the configuration."""
        return {}

    def signature(self) -> str:
        """The method's part of the signature: its registered signature fields, ``method`` first."""
        return Signature(method_fields(self.config, self.signature_parts())).format()
