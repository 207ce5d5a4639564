"""Pyramids of Summary Content Units built from the references alone (PyrEval, PEAK, APE).

An :class:`SCUPyramid` is a :class:`~pyramid_metric.pyramid.Pyramid` whose units
are SCUs with their contributors (the reference phrases that express them), so
the scorer's cache, ``tiers()`` and explanations keep working.  The normalizers
follow the manual pyramid method (Nenkova & Passonneau 2004; Gao et al. 2019, section 4.6):
the best total weight that ``count`` SCUs can have in this pyramid.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Sequence, Tuple

from ..pyramid import Pyramid, PyramidUnit
from ..scoring import ScoreResult
from ..text import words


@dataclass(frozen=True)
class Contributor:
    """A phrase of reference ``reference`` (0-based) that expresses an SCU; ``tokens`` index its parsed text."""

    reference: int
    text: str
    sentence: int = 0
    tokens: Tuple[int, ...] = ()


@dataclass(frozen=True)
class SCUPyramid(Pyramid):
    """SCUs (units) with contributors; ``reference_counts[k]`` = number of SCUs reference k contributes to."""

    contributors: Tuple[Tuple[Contributor, ...], ...] = field(default=(), repr=False)
    reference_counts: Tuple[int, ...] = ()
    info: Tuple[Tuple[str, object], ...] = ()  # build statistics for the explanation (t_edge, AP, ...)

    def ideal_weight(self, count: int) -> float:
        """Best total weight of ``count`` distinct SCUs of this pyramid (the pyramid score's maximum)."""
        if count <= 0:
            return 0.0
        return float(sum(sorted((u.weight for u in self.units), reverse=True)[:count]))

    def average_count(self) -> int:
        """X = average number of SCUs in a reference summary (rounded, at least 1): the coverage denominator's size."""
        if not self.reference_counts:
            return max(1, len(self.units))
        return max(1, int(sum(self.reference_counts) / len(self.reference_counts) + 0.5))

    def to_dict(self) -> dict:
        d = super().to_dict()
        for u, contribs in zip(d["units"], self.contributors):
            u["contributors"] = [{"reference": c.reference, "text": c.text, "sentence": c.sentence}
                                 for c in contribs]
        d["reference_scu_counts"] = list(self.reference_counts)
        d.update({k: v for k, v in self.info})
        return d


def make_scu_pyramid(scus: Sequence[Sequence[Contributor]], n_references: int, notes: Sequence[str] = (),
                     info: Dict[str, object] = None, weights: Sequence[float] = None) -> SCUPyramid:
    """An :class:`SCUPyramid` from contributor groups; weight = number of distinct references (unless given).

    The unit text is the first contributor's (in reference order); the knapsack
    length limit is the total length, so ``optimal_weight()`` is the total weight.
    """
    units, contribs = [], []
    counts = [0] * n_references
    for k, group in enumerate(scus):
        group = tuple(sorted(group, key=lambda c: (c.reference, c.sentence, c.tokens)))
        refs = tuple(sorted({c.reference for c in group}))
        w = float(len(refs)) if weights is None else float(weights[k])
        units.append(PyramidUnit(group[0].text, tuple(words(group[0].text)), w, refs))
        contribs.append(group)
        for r in refs:
            counts[r] += 1
    limit = max(1, sum(u.length for u in units))
    return SCUPyramid(tuple(units), limit, n_references, notes=tuple(notes), one_to_one=False,
                      contributors=tuple(contribs), reference_counts=tuple(counts),
                      info=tuple((info or {}).items()))


@dataclass(frozen=True)
class SCUScoreResult(ScoreResult):
    """A :class:`ScoreResult` with the method's named scores (e.g. PyrEval's raw, quality, coverage, comprehensive)."""

    details: Tuple[Tuple[str, float], ...] = ()

    @property
    def scores(self) -> dict:
        return dict(self.details)

    def to_dict(self) -> dict:
        d = super().to_dict()
        d.update(self.details)
        return d


def canonical_order(references: Sequence[str]) -> list:
    """Positions of ``references`` sorted by text (then position): the order SCU pyramids are built in.

    Building on this order makes a pyramid a function of the set of references: listing them differently
    gives the same pyramid (contributors still name each reference by its position as given).
    """
    return sorted(range(len(references)), key=lambda k: (references[k], k))


def harmonic_mean(a: float, b: float) -> float:
    """2ab / (a + b), 0 when both are 0 (PyrEval's comprehensive score, Gao et al. 2019 section 4.6)."""
    return 0.0 if a + b <= 0 else 2 * a * b / (a + b)


def prefetch_pieces(texts: Sequence[str], pieces, extra: Sequence[str] = ()) -> None:
    """Parse ``texts`` in one spaCy batch, then encode the texts of their pieces (``pieces(text)``: segments,
    triples) and ``extra`` in one encoder batch; both caches are keyed by text, so the per-example code that
    follows hits them."""
    from ..encoder import embed
    from ..text import clean_text, parse_many

    parse_many([clean_text(t) for t in texts])
    todo = list(dict.fromkeys([p for t in texts for p in pieces(t)] + list(extra)))
    if todo:
        embed(todo)


__all__ = ["Contributor", "SCUPyramid", "SCUScoreResult", "make_scu_pyramid", "canonical_order", "harmonic_mean",
           "prefetch_pieces"]
