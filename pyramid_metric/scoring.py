"""Scoring a summary against a pyramid: assignment (Eq. 20-24) normalized by the knapsack bound (Eq. 25-27).

The result carries its own explanation: every match (summary span -> pyramid
unit, similarity, weight, credit), the units no span matched, OPT_LAP, OPT_KP
and notes on anything unusual (a capped score, an empty pyramid).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Tuple

import numpy as np

from . import solve
from .match.base import Matcher
from .pyramid import Pyramid


@dataclass(frozen=True)
class Match:
    """Summary span ``span`` matched pyramid unit ``unit`` with ``similarity``; it earned ``credit`` of ``weight``."""

    span: int
    span_text: str
    unit: int
    unit_text: str
    similarity: float
    weight: float
    credit: float


@dataclass(frozen=True)
class ScoreResult:
    """Score = min(1, OPT_LAP / OPT_KP), with the matches and missed units that explain it."""

    score: float
    opt_lap: float
    opt_kp: float
    matches: Tuple[Match, ...]
    missed: Tuple[int, ...]
    notes: Tuple[str, ...] = ()
    spans: Tuple[str, ...] = ()  # the summary's spans (EDUs), in order

    def to_dict(self) -> dict:
        return {
            "score": self.score, "opt_lap": self.opt_lap, "opt_kp": self.opt_kp,
            "matches": [m.__dict__ for m in self.matches], "missed_units": list(self.missed),
            "notes": list(self.notes), "summary_spans": list(self.spans),
        }


def credit_matrix(similarity: np.ndarray, weights: Sequence[float], threshold: float,
                  soft: bool = False) -> np.ndarray:
    """g(c_i, p_j) * w_j of Eq. (20) with g of Eq. (24): 1 if phi >= t else 0.

    With ``soft=True`` a match above the threshold earns phi * w_j instead of w_j
    (a deviation from the paper, off by default).
    """
    sim = np.asarray(similarity, dtype=float)
    w = np.asarray(weights, dtype=float)[None, :]
    hit = sim >= threshold
    return np.where(hit, (sim if soft else 1.0) * w, 0.0)


def pyramid_score(summary: Sequence, pyramid: Pyramid, matcher: Matcher, threshold: float,
                  soft: bool = False) -> ScoreResult:
    """Pyramid(P, S) = OPT_LAP / OPT_KP (seed 000, section 3.4).

    OPT_LAP is the best one-to-one assignment of summary spans to pyramid units
    (Hungarian algorithm); OPT_KP the knapsack bound.  For pyramids of content
    units (``pyramid.one_to_one`` False: given SCUs) each unit takes its best
    span instead, and a span may express several units.  A summary longer than
    L_max can match more weight than fits L_max: its score is capped at 1 and a
    note says so.
    """
    units = pyramid.units
    notes = []
    opt_kp, _ = pyramid.optimal_weight()
    if not units or opt_kp <= 0:
        return ScoreResult(0.0, 0.0, 0.0, (), tuple(range(len(units))),
                           ("the pyramid is empty: nothing of the references could be anchored",),
                           tuple(c.text for c in summary))
    if not summary:
        return ScoreResult(0.0, 0.0, opt_kp, (), tuple(range(len(units))), ("the summary has no words",))
    texts = tuple(c.text for c in summary)
    sim = matcher.similarities(summary, units)
    credit = credit_matrix(sim, [u.weight for u in units], threshold, soft)
    if pyramid.one_to_one:
        opt_lap, pairs = solve.max_weight_assignment(credit)
    else:  # content units (SCUs): each unit is credited through its best summary span
        best = credit.argmax(axis=0)
        pairs = [(int(best[j]), j) for j in range(len(units)) if credit[best[j], j] > 0]
        opt_lap = float(sum(credit[i, j] for i, j in pairs))
    matches = tuple(Match(i, summary[i].text, j, units[j].text, float(sim[i, j]), units[j].weight,
                          float(credit[i, j])) for i, j in sorted(pairs, key=lambda p: p[1]))
    matched = {j for _, j in pairs}
    missed = tuple(j for j in range(len(units)) if j not in matched)
    score = opt_lap / opt_kp
    if score > 1.0:
        notes.append(f"OPT_LAP {opt_lap:g} exceeds the knapsack bound OPT_KP {opt_kp:g} "
                     f"(the summary is longer than L_max = {pyramid.length_limit} words): score capped at 1")
        score = 1.0
    return ScoreResult(float(score), float(opt_lap), float(opt_kp), matches, missed, tuple(notes), texts)
