"""Scoring a summary against a pyramid: assignment (Eq. 20-24) normalized by the knapsack bound (Eq. 25-27).

The result carries its own explanation: every match (summary span -> pyramid
unit, similarity, value, credit), the units no span matched, the credit the
summary earned (OPT_LAP of the paper), the most it could earn (OPT_KP) and
notes on anything unusual (a capped score, an empty pyramid).  Users meet the
words of :mod:`pyramid_metric.explanation`: weight, value, credit.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

import numpy as np

from . import solve
from .match.base import Matcher
from .pyramid import Pyramid


@dataclass(frozen=True)
class Match:
    """Summary span ``span`` matched pyramid unit ``unit`` with ``similarity``; it earned ``credit`` of the unit's
    value.  The field ``weight`` holds that value (what the unit is worth when fully expressed: its weight, or its
    weight x its content words); read it as :attr:`value`, because users meet "weight" as the number of
    references that express a unit.  ``read_text``, when not empty, is the span as the matcher read it: written
    in the references' notation (their acronyms, figures and scores), where that differs from ``span_text``.
    """

    span: int
    span_text: str
    unit: int
    unit_text: str
    similarity: float
    weight: float
    credit: float
    read_text: str = ""

    @property
    def value(self) -> float:
        """What the matched unit is worth when fully expressed (the ``weight`` field)."""
        return self.weight

    def to_dict(self) -> dict:
        out = {"span": self.span, "span_text": self.span_text, "unit": self.unit, "unit_text": self.unit_text,
               "similarity": self.similarity, "value": self.value, "credit": self.credit}
        if self.read_text:
            out["read_text"] = self.read_text
        return out


def f_measure(precision: float, recall: float) -> float:
    """The harmonic mean of precision and recall (F1); 0 when both are 0."""
    return 2.0 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


@dataclass(frozen=True)
class ScoreResult:
    """Score = min(1, credit / bound), with the matches and missed units that explain it.

    credit: what the summary earned, the sum of its matches' credit (for ``method="hirao"``, OPT_LAP of
    Hirao et al. (2018), Eq. 20-23; ROUGE's clipped n-gram hits, PyrEval's raw score, APE's matched SCU
    weight for the other methods); bound: the most credit a summary could earn (the knapsack bound OPT_KP,
    Eq. 25-27, or the method's own normalizer).
    """

    score: float
    credit: float
    bound: float
    matches: Tuple[Match, ...]
    missed: Tuple[int, ...]
    notes: Tuple[str, ...] = ()
    spans: Tuple[str, ...] = ()  # the summary's spans (EDUs), in order
    # the precision side (the reference pyramid): the share of the summary's content the pyramid supports, and the
    # summary's sentences with little support as (index, text, credit share); None for methods without one
    precision: Optional[float] = None
    unsupported: Tuple[Tuple[int, str, float], ...] = ()

    @property
    def f1(self) -> Optional[float]:
        """The harmonic mean of :attr:`precision` and the score (a recall); None without a precision."""
        return None if self.precision is None else f_measure(self.precision, self.score)

    @classmethod
    def empty(cls, bound: float, n_units: int, note: str, spans: Tuple[str, ...] = (), **fields):
        """Score 0 with nothing matched, every unit missed and ``note`` saying why (an empty summary or
        pyramid): the one early return of every method."""
        return cls(0.0, 0.0, bound, (), tuple(range(n_units)), (note,), spans, **fields)

    def to_dict(self) -> dict:
        d = {
            "score": self.score, "credit": self.credit, "bound": self.bound,
            "matches": [m.to_dict() for m in self.matches], "missed_units": list(self.missed),
            "notes": list(self.notes), "summary_spans": list(self.spans),
        }
        if self.precision is not None:
            d.update(precision=self.precision, recall=self.score, f1=self.f1,
                     unsupported=[{"sentence": i, "text": t, "support": c} for i, t, c in self.unsupported])
        return d


def capped(credit: float, bound: float, bound_name: str, score_name: str = "score") -> Tuple[float, Tuple[str, ...]]:
    """``credit / bound`` (0 when the bound is 0) and its note: a ratio above 1 is capped at 1, and the note says
    in words which weight exceeded which bound.  Every method ends its score with this one rule."""
    ratio = credit / bound if bound > 0 else 0.0
    if ratio <= 1.0:
        return ratio, ()
    return 1.0, (f"matched weight {credit:g} exceeds {bound_name} ({bound:g}): {score_name} capped at 1",)


CREDITED = 0.1  # soft credit: units with less presence than this are listed as missed in explanations


def soft_matches(summary: str, units, presence, values, credit,
                 read: str = "") -> Tuple[Tuple[Match, ...], Tuple[int, ...]]:
    """The matches (units with presence >= ``CREDITED``: their presence, value and credit) and the missed
    unit indices of a score with soft credit (the reference-EDU pyramid and the human-pyramid mode); ``read``: the
    summary as the matcher read it, when that differs from ``summary`` (the references' notation)."""
    read = read if read != summary else ""
    matches = tuple(Match(0, summary, j, u.text, float(presence[j]), float(values[j]), float(credit[j]), read)
                    for j, u in enumerate(units) if presence[j] >= CREDITED)
    return matches, tuple(j for j in range(len(units)) if presence[j] < CREDITED)


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
    """Pyramid(P, S) = OPT_LAP / OPT_KP (Hirao et al. (2018), section 3.4).

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
        return ScoreResult.empty(0.0, len(units), "the pyramid is empty: nothing of the references could be anchored",
                                 tuple(c.text for c in summary))
    if not summary:
        return ScoreResult.empty(opt_kp, len(units), "the summary has no words")
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
    score, cap = capped(opt_lap, opt_kp, f"the most a summary of {pyramid.length_limit} words can earn (the "
                                         f"summary is longer)")
    notes.extend(cap)
    return ScoreResult(float(score), float(opt_lap), float(opt_kp), matches, missed, tuple(notes), texts)
