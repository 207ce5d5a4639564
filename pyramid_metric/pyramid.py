"""Pyramids: weighted content units, built from extractive references (Eq. 19) or given SCUs.

A :class:`Pyramid` is what every summary of an example is scored against; it
is built once per (sources, references, configuration) and cached by the scorer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import List, Optional, Sequence, Tuple

import numpy as np

from . import solve
from .document import Document
from .extract import Extract


@dataclass(frozen=True)
class PyramidUnit:
    """One pyramid unit: its text and words, weight w_j, and which references (0-based) contain it."""

    text: str
    words: Tuple[str, ...]
    weight: float
    references: Tuple[int, ...]
    source_edu: Optional[int] = None  # index of the source EDU, for EDU pyramids

    @property
    def length(self) -> int:
        """l(p_j) in words."""
        return len(self.words)


@dataclass(frozen=True)
class Pyramid:
    """Units with weights, the length limit L_max of the knapsack bound, and build notes."""

    units: Tuple[PyramidUnit, ...]
    length_limit: int
    n_references: int
    extracts: Tuple[Extract, ...] = field(default=(), repr=False)
    notes: Tuple[str, ...] = ()
    # True: units are disjoint spans (source EDUs), so a summary span matches at most one (Eq. 21-22).
    # False: units are content units (SCUs) that one summary sentence may express together, so each unit
    # takes its best summary span (the APE / LitePyramid setting, Steinberger et al. 2017, section 3).
    one_to_one: bool = True
    # True: a unit's credit and its share of the bound scale with its number of content words (refpyramid's
    # credit="content"); False: each unit counts its weight once (Eq. 19-27, human SCUs).
    content_credit: bool = False
    # True: every reference that expresses a fact holds a unit of its own for it (refpyramid with several
    # references), so a unit of weight w_j is one of w_j wordings of one fact; the fact's weight is shared among
    # them: each unit counts weight 1 (x its size) and the fact w_j in all, as an SCU of weight w_j does in the
    # pyramid method (Nenkova and Passonneau 2004).  False: each unit counts its own weight.
    shared_weight: bool = False
    # For each unit, the references whose own EDUs make it up (refpyramid: the one reference, by its position in
    # the canonical order, whose EDU it is); empty: one group of all units.  ``reference_groups`` turns it into
    # each reference's share of the pyramid.
    origins: Tuple[Tuple[int, ...], ...] = ()
    # Where each reference of the canonical order stands in the list the user gave (refpyramid sorts its
    # references); empty: the canonical order is the user's.  Explanations name references by the user's index.
    reference_positions: Tuple[int, ...] = ()
    # True: every reference is one or two sentences (as XSum's, GUMSum's and many dialogue summaries' are); the
    # reference-EDU pyramid's default judge reads such units in context (methods/reference.py).
    short_references: bool = False

    # Scoring reads the values, groups and bound once per summary: they are computed once per pyramid
    # (cached_property stores into the instance dict, which a frozen dataclass allows).
    @cached_property
    def _groups(self) -> Tuple[Tuple[int, ...], ...]:
        if not self.origins:
            return (tuple(range(len(self.units))),)
        return tuple(tuple(j for j, o in enumerate(self.origins) if k in o) for k in range(self.n_references))

    def user_reference(self, k: int) -> int:
        """The user's index of reference ``k`` of the canonical order."""
        return self.reference_positions[k] if self.reference_positions else k

    def reference_groups(self) -> List[List[int]]:
        """Unit indices of each reference's own content (its EDUs); one group of all units when ``origins``
        is not set."""
        return [list(g) for g in self._groups]

    def unit_sizes(self) -> List[int]:
        """How many times each unit's weight counts: its number of content words (at least 1) when
        ``content_credit``, else 1 (Eq. 19-27 as published)."""
        if not self.content_credit:
            return [1] * len(self.units)
        return [max(1, len(c)) for c in self._content_words]

    @cached_property
    def _content_words(self) -> Tuple[Tuple[str, ...], ...]:
        from .text import content_words

        return tuple(tuple(content_words(u.words)) for u in self.units)

    def unit_content_words(self) -> List[Tuple[str, ...]]:
        """Each unit's content words (its stems that are not stop words), computed once per pyramid."""
        return list(self._content_words)

    @cached_property
    def _values(self) -> Tuple[float, ...]:
        return tuple((1.0 if self.shared_weight else u.weight) * n for u, n in zip(self.units, self.unit_sizes()))

    def unit_values(self) -> List[float]:
        """The credit each unit is worth when fully expressed: its counted weight (Eq. 19, or its share of its
        fact's with ``shared_weight``) x size."""
        return list(self._values)

    @cached_property
    def _optimum(self) -> Tuple[float, Tuple[int, ...]]:
        value, chosen = solve.knapsack(list(self._values), [u.length for u in self.units], self.length_limit)
        return value, tuple(chosen)

    def optimal_weight(self) -> Tuple[float, List[int]]:
        """OPT_KP, Eq. (25)-(27): the best total value of units whose total length fits L_max (value =
        weight, or weight x content words with ``content_credit``)."""
        value, chosen = self._optimum
        return value, list(chosen)

    def credit_bound(self) -> float:
        """The normalizer of soft credit: OPT_KP (Eq. 25-27) for one group of units; with several
        references' groups (``origins``), each reference's units against their own total value, pooled:
        sum_k sum_{j in U_k} v_j (each reference's knapsack bound at an L_max of at least its length).
        Units of different references overlap (one fact, one unit in each reference that states it), so
        a reference-length summary could earn more than one knapsack bound over all units."""
        if len(self._groups) > 1:
            return self.pooled_credit(self._values)
        return float(self._optimum[0])

    def pooled_credit(self, credit: Sequence[float]) -> float:
        """Total credit matching :meth:`credit_bound`: a unit counts once per reference group it is in."""
        credit = np.asarray(credit, dtype=float)
        if len(self._groups) == 1:
            return float(credit.sum())
        return float(sum(credit[list(g)].sum() for g in self._groups if g))

    def tiers(self) -> List[Tuple[float, List[int]]]:
        """Unit indices grouped by weight, heaviest tier first (the pyramid's levels)."""
        weights = sorted({u.weight for u in self.units}, reverse=True)
        return [(w, [i for i, u in enumerate(self.units) if u.weight == w]) for w in weights]

    def to_dict(self) -> dict:
        return {
            "length_limit": self.length_limit,
            "n_references": self.n_references,
            "units": [{"text": u.text, "weight": u.weight, "references": list(u.references),
                       "source_edu": u.source_edu} for u in self.units],
            "notes": list(self.notes),
            "one_to_one": self.one_to_one,
            "content_credit": self.content_credit,
            "shared_weight": self.shared_weight,
        }


def edu_pyramid(source: Document, extracts: Sequence[Extract], length_limit: int) -> Pyramid:
    """Eq. (19): P = union of the extracts' EDUs; w_j = C(p_j), the number of extracts containing p_j.

    Units are listed in source order.  Extracts that ended at a time limit or
    fell back to a heuristic are reported in the notes.
    """
    contains: dict = {}
    for k, ex in enumerate(extracts):
        for j in ex.edus:
            contains.setdefault(j, []).append(k)
    units = tuple(PyramidUnit(source.edus[j].text, tuple(source.edu_words[j]), float(len(refs)), tuple(refs), j)
                  for j, refs in sorted(contains.items()))
    notes = tuple(f"reference {k}: extract ILP ended with status '{ex.status}' (solver {ex.solver})"
                  for k, ex in enumerate(extracts) if ex.status != solve.OPTIMAL)
    notes += tuple(f"reference {k}: {ex.note}" for k, ex in enumerate(extracts) if ex.note)
    return Pyramid(units, length_limit, len(extracts), tuple(extracts), notes)


def scu_pyramid(scus: Sequence[str], weights: Optional[Sequence[float]] = None,
                length_limit: Optional[int] = None, one_to_one: bool = False,
                content_credit: bool = False) -> Pyramid:
    """A pyramid from given Summary Content Units (human pyramids, DUC/TAC or REALSumm ``scus``).

    Weights default to 1 each; ``length_limit`` defaults to the total length, so
    OPT_KP is the total weight (the LitePyramid recall normalization).  By
    default a summary span may express several SCUs (``one_to_one=False``).
    """
    from .text import words

    if weights is None:
        weights = [1.0] * len(scus)
    if len(weights) != len(scus):
        raise ValueError(f"scu_pyramid: {len(scus)} SCUs but {len(weights)} weights")
    units = tuple(PyramidUnit(s, tuple(words(s)), float(w), ()) for s, w in zip(scus, weights))
    limit = length_limit if length_limit is not None else max(1, sum(u.length for u in units))
    return Pyramid(units, limit, 0, one_to_one=one_to_one, content_credit=content_credit)
