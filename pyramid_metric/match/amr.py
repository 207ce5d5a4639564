"""AMR matcher: Smatch maximum matching triples (Steinberger et al. 2017, Eq. 2) through the ``smatch`` package.

This module compares AMR graphs; it builds none.  The graphs (parser adapter, PENMAN input, the
dependency-to-AMR approximation) come from :mod:`pyramid_metric.amr_graph`.

``mmt(A, B)`` is the largest number of triples of graph A that match triples of
graph B under one variable mapping; Smatch (Cai & Knight 2013) finds it by hill
climbing from a smart start plus random restarts.  The ``smatch`` package keeps
a module-level cache and draws from its module's ``random``, which it reseeds from
operating-system entropy (``random.seed()``) before every start; so each call here
clears the cache, hands smatch its own :class:`random.Random` seeded with ``SEED``
whose argument-less ``seed()`` keeps the sequence (reproducible across calls and
processes; the caller's global random state is never touched) and holds a lock.

As a :class:`~pyramid_metric.match.base.Matcher`, similarity of summary span c
to pyramid unit p is APE's recall ``mmt(A_p, A_c) / |A_p|`` (Steinberger et al. 2017,
Algorithm 1), best over c's sentence graphs; the default threshold is
tau = 0.75.  Graphs come from :func:`pyramid_metric.amr_graph.graphs_of` (PENMAN
input, amrlib, or the built-in dependency approximation).
"""
from __future__ import annotations

import random
import threading
from typing import Sequence, Tuple

import numpy as np

from ..amr_graph import AMRGraph, get_parser, graphs_of, union
from ..options import Option, register_matcher
from .base import Matcher

SMATCH_ITERATIONS = 5  # smatch's default: 1 smart start + 4 random restarts
SEED = 0
# Smatch's search grows with the node pairs that share a concept (its candidate mappings): about n^4 in time and
# memory for n repetitions of one word (60 repetitions: 3 s; 400: the process reached 22 GB).  Above this many
# pairs, graphs are matched by the in-order mapping (:func:`in_order_matching_triples`) instead, with a warning.
# Sentences of ordinary text have a few dozen pairs.
MAX_CANDIDATE_PAIRS = 900
TOO_LARGE = (f"AMR graphs with more than {MAX_CANDIDATE_PAIRS} node pairs of the same concept (long, repetitive "
             "text) are too large for Smatch's search: they are matched by mapping the nodes of each concept in "
             "order instead (a lower bound on the matching triples)")

_lock = threading.Lock()


class _SeededRandom(random.Random):
    """The random source handed to smatch: seeded once; smatch's ``random.seed()`` before each start is ignored."""

    def seed(self, a=None, version=2):
        if a is not None:
            super().seed(a, version)


def _label_bound(a: Tuple[list, list, list], b: Tuple[list, list, list]) -> int:
    """An upper bound on mmt: triples of A whose label (concept / role+value / role) occurs in B at all."""
    concepts = {t[2] for t in b[0]}
    attrs = {(t[0].lower(), t[2]) for t in b[1]}
    roles = {t[0].lower() for t in b[2]}
    return (sum(t[2] in concepts for t in a[0]) + sum((t[0].lower(), t[2]) in attrs for t in a[1])
            + sum(t[0].lower() in roles for t in a[2]))


def max_matching_triples(a: AMRGraph, b: AMRGraph, iterations: int = SMATCH_ITERATIONS, seed: int = SEED) -> int:
    """mmt(A, B) of Steinberger et al. 2017, Eq. (2): Smatch's best triple-match count between two graphs (deterministic)."""
    import smatch

    ta, tb = a.smatch_triples("a"), b.smatch_triples("b")
    if not ta[0] or not tb[0]:
        return 0
    if _label_bound(ta, tb) == 0:
        return 0
    if candidate_pairs(ta, tb) > MAX_CANDIDATE_PAIRS:
        import warnings

        warnings.warn(TOO_LARGE, UserWarning, stacklevel=2)
        return in_order_matching_triples(ta, tb)
    with _lock:
        saved_iter, saved_random = smatch.iteration_num, smatch.random
        try:
            smatch.random = _SeededRandom(seed)
            smatch.iteration_num = iterations
            smatch.match_triple_dict.clear()
            _, best = smatch.get_best_match(ta[0], ta[1], ta[2], tb[0], tb[1], tb[2], "a", "b")
        finally:
            smatch.match_triple_dict.clear()
            smatch.iteration_num = saved_iter
            smatch.random = saved_random
    return int(best)


def candidate_pairs(a: Tuple[list, list, list], b: Tuple[list, list, list]) -> int:
    """The node pairs (one of A, one of B) with the same concept: the size of Smatch's candidate mappings."""
    from collections import Counter

    counts = Counter(_norm(t[2]) for t in b[0])
    return sum(counts[_norm(t[2])] for t in a[0])


def in_order_matching_triples(a: Tuple[list, list, list], b: Tuple[list, list, list]) -> int:
    """Matching triples under one mapping: the k-th node of A with a concept to the k-th node of B with it.

    Linear in the triples, exact for a graph against itself and for repeated content written in the same
    order; otherwise a lower bound on Smatch's count (it is the count of one valid mapping)."""
    from collections import defaultdict, deque

    free = defaultdict(deque)
    for _, node, concept in b[0]:
        free[_norm(concept)].append(node)
    mapping = {}
    for _, node, concept in a[0]:
        if free[_norm(concept)]:
            mapping[node] = free[_norm(concept)].popleft()
    attrs = {(_norm(t[0]), t[1], _norm(t[2])) for t in b[1]}
    rels = {(_norm(t[0]), t[1], t[2]) for t in b[2]}
    return (len(mapping)
            + sum((_norm(t[0]), mapping[t[1]], _norm(t[2])) in attrs for t in a[1] if t[1] in mapping)
            + sum((_norm(t[0]), mapping[t[1]], mapping[t[2]]) in rels for t in a[2]
                  if t[1] in mapping and t[2] in mapping))


def _norm(item: str) -> str:
    """A label as Smatch compares it (``smatch.normalize``)."""
    return item.lower().rstrip("_")


def smatch_prf(a: AMRGraph, b: AMRGraph) -> Tuple[float, float, float]:
    """Smatch precision, recall and F1 of graph ``a`` (test) against ``b`` (gold), as ``smatch.compute_f``."""
    m = max_matching_triples(a, b)
    p = m / a.n_triples if a.n_triples else 0.0
    r = m / b.n_triples if b.n_triples else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def triple_recall(unit: AMRGraph, sentence: AMRGraph) -> float:
    """mmt(A_d, A_p) / |A_d|: the share of the unit's triples found in the sentence (APE, Algorithm 1)."""
    n = unit.n_triples
    return max_matching_triples(unit, sentence) / n if n else 0.0


class AMRMatcher(Matcher):
    """phi(c, p) = mmt(A_p, A_c) / |A_p| with Smatch; AMR graphs from PENMAN input, amrlib or the approximation."""

    name = "amr"

    def __init__(self, parser: str = "auto"):
        self.parser_name = parser
        self.parser = get_parser(parser)

    def graphs(self, text: str) -> Sequence[AMRGraph]:
        return graphs_of(text, self.parser_name)

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        out = np.zeros((len(summary), len(pyramid)))
        s_graphs = [self.graphs(c.text) for c in summary]
        for j, p in enumerate(pyramid):
            gs = self.graphs(p.text)
            if not gs:
                continue
            unit = union(gs) if len(gs) > 1 else gs[0]
            for i, sent_graphs in enumerate(s_graphs):
                out[i, j] = max((triple_recall(unit, g) for g in sent_graphs), default=0.0)
        return out

    def signature(self) -> str:
        return f"amr(smatch-mmt,it:{SMATCH_ITERATIONS},seed:{SEED},parser:{self.parser.signature()})"


register_matcher("amr", AMRMatcher, help="Smatch share of the unit's AMR triples", resolves={"threshold": 0.75},
                 options=(Option("amr_parser", (), choices=("auto", "amrlib", "dependency"), default="auto",
                                 arg="parser", help="AMR parser: an amrlib model (needs an installed parse model), "
                                 "the built-in dependency-to-AMR approximation, or auto (amrlib when a model loads)"),))

__all__ = ["AMRMatcher", "max_matching_triples", "smatch_prf", "triple_recall"]
