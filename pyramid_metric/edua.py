"""EDUA (Gao, Sun & Passonneau 2019, section 4.3 and appendix A): pyramids as restricted set partitions.

The input is a graph over all segments of all segmentations of all reference
sentences (Figure 5, item 1), with an edge between segments of *different*
references whose cosine is >= t_edge (item 2).  Candidate SCUs are its cliques
(:class:`Candidate`, with their attraction score AS = mean edge cosine, item 3);
AC = mean AS of an equivalence class (SCUs of one weight, item 4);
AP = sum of AC (item 5).  A pyramid takes one segmentation per sentence and puts
every segment of it in one SCU.

- :func:`edua_greedy`: EDUA-G (appendix A, Algorithms 1-4): Zipfian capacities
  y_n = alpha (1/n)^beta (Eq. 1), greedy by AS from the top weight down, and
  backtracking (Algorithm 2) that decomposes the weakest SCU of C_{r+1} when
  |C_r| < |C_{r+1}| violates Eq. (2).  Eq. (2) is a constraint on the classes
  themselves (Algorithm 1, line 11: "if P fails to meet any of the constraints
  then BackTrack"), so a unanimous SCU with no other SCU below it is split:
  three references that share only "The dog barked loudly." give one SCU of
  weight 2 and one of weight 1.  The authors' released implementation applies
  the same check.
- :func:`edua_complete`: EDUA-C (section 4.4): exact depth-first search for the
  highest AP (ties to the path found first), refused past
  :data:`EDUA_C_MAX_CANDIDATES` candidates.  AP sums one AC per non-empty class
  and a weight-1 SCU has AS = 1 (Figure 5, items 3 and 5), so EDUA-C splits the
  same unanimous SCU too: {w3} has AP 1.0, {w2, w1} has AP 2.0.

Node indices follow the order of the references given; :mod:`.methods.pyreval`
passes the references in a canonical order, so the pyramid is a function of the
set of references.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

# EDUA-C's exact search is exponential in the worst case: refuse inputs past these sizes (candidate SCUs,
# search nodes).  With the AP bound, GUMSum pyramids of 4 references (up to ~400 candidates) take < 1 s.
EDUA_C_MAX_CANDIDATES = 2000
EDUA_C_MAX_NODES = 2_000_000
MAX_CANDIDATES = 20_000  # clique enumeration cap (EDUA-G keeps the best by attraction score)
ALPHA_OFFSET = 10  # alpha = |segments| + 10 (Gao et al. 2019, appendix B: alpha in [|seg| + 10, |seg| + 50])


# -- the EDUA graph ----------------------------------------------------------------------------------

class Candidate(NamedTuple):
    """A candidate SCU (Figure 5, item 2): a clique of segment indices and its attraction score AS (item 3)."""

    segments: Tuple[int, ...]
    attraction: float


@dataclass(frozen=True)
class Node:
    """A segment seg_ijkm: reference i, sentence j, segmentation k, segment m (Gao et al. 2019, Figure 5 item 1)."""

    reference: int
    sentence: int
    segmentation: int
    index: int
    text: str = ""
    tokens: Tuple[int, ...] = ()

    @property
    def sentence_key(self) -> Tuple[int, int]:
        return (self.reference, self.sentence)


@dataclass
class EDUAGraph:
    """Segments, their cosine matrix and t_edge; ``candidates`` = cliques (size >= 2) with their AS."""

    nodes: List[Node]
    sim: np.ndarray
    t_edge: float
    n_references: int
    candidates: List["Candidate"]
    truncated: bool = False

    @classmethod
    def build(cls, nodes: Sequence[Node], sim: np.ndarray, t_edge: float, n_references: int) -> "EDUAGraph":
        """Edges between segments of different references with cosine >= t_edge; all cliques are candidates."""
        import networkx as nx

        nodes = list(nodes)
        sim = np.asarray(sim, dtype=float)
        if sim.shape != (len(nodes), len(nodes)):
            raise ValueError(f"EDUAGraph.build: `sim` must be {len(nodes)}x{len(nodes)}, got {sim.shape}")
        g = nx.Graph()
        g.add_nodes_from(range(len(nodes)))
        for a in range(len(nodes)):
            for b in range(a + 1, len(nodes)):
                if nodes[a].reference != nodes[b].reference and sim[a, b] >= t_edge:
                    g.add_edge(a, b)
        cands, truncated = [], False
        for clique in nx.enumerate_all_cliques(g):
            if len(clique) < 2:
                continue
            if len(clique) > n_references:
                break
            if len(cands) >= MAX_CANDIDATES:
                truncated = True
                break
            c = tuple(sorted(clique))
            cands.append(Candidate(c, attraction(c, sim)))
        return cls(nodes, sim, float(t_edge), n_references, cands, truncated)


def attraction(clique: Sequence[int], sim: np.ndarray) -> float:
    """AS(scu) = mean cosine over the clique's pairs (Gao et al. 2019, Figure 5 item 3); 1 for a single segment."""
    if len(clique) < 2:
        return 1.0
    pairs = list(itertools.combinations(clique, 2))
    return float(sum(sim[a, b] for a, b in pairs) / len(pairs))


def t_edge_percentile(nodes: Sequence[Node], sim: np.ndarray, percentile: float) -> Optional[float]:
    """t_edge = the given percentile of cosines between segments of different references (footnote 8); None if none."""
    vals = [sim[a, b] for a in range(len(nodes)) for b in range(a + 1, len(nodes))
            if nodes[a].reference != nodes[b].reference]
    return float(np.percentile(vals, percentile)) if vals else None


def zipf_capacities(n_segments: int, n_references: int, beta: float,
                    alpha: Optional[float] = None) -> Dict[int, int]:
    """y_n = alpha (1/n)^beta (appendix A, Eq. 1), at least 1; alpha = |segments| + 10 unless given."""
    alpha = n_segments + ALPHA_OFFSET if alpha is None else alpha
    return {r: max(1, int(alpha * (1.0 / r) ** beta)) for r in range(1, n_references + 1)}


@dataclass
class EDUAResult:
    """SCUs (tuples of node indices, weight = size), the attraction score AP and the search statistics."""

    scus: List[Tuple[int, ...]]
    ap: float
    variant: str
    explored: int = 0


class _State:
    """Segment status flags of appendix A: ``used`` per segment, committed segmentation per sentence."""

    def __init__(self, nodes: Sequence[Node]):
        self.nodes = nodes
        self.used = [False] * len(nodes)
        self.commit: Dict[Tuple[int, int], int] = {}
        self.count: Dict[Tuple[int, int], int] = {}

    def ok(self, scu: Sequence[int]) -> bool:
        """notConflict + status check (Algorithms 1 and 3): unused segments of uncommitted or same segmentations."""
        for a in scu:
            n = self.nodes[a]
            if self.used[a] or self.commit.get(n.sentence_key, n.segmentation) != n.segmentation:
                return False
        return True

    def take(self, scu: Sequence[int]) -> None:
        """Commit (Algorithm 4): mark the segments used and their segmentations committed."""
        for a in scu:
            n = self.nodes[a]
            self.used[a] = True
            self.commit[n.sentence_key] = n.segmentation
            self.count[n.sentence_key] = self.count.get(n.sentence_key, 0) + 1

    def release(self, scu: Sequence[int]) -> None:
        """Undo :meth:`take`; a sentence with no used segment left is uncommitted again."""
        for a in scu:
            n = self.nodes[a]
            self.used[a] = False
            self.count[n.sentence_key] -= 1
            if self.count[n.sentence_key] == 0:
                del self.commit[n.sentence_key]
                del self.count[n.sentence_key]


def _residual(nodes: Sequence[Node], state: _State) -> List[Tuple[int, ...]]:
    """C_1 (Algorithm 1, lines 19-24): unused segments of each sentence's committed segmentation.

    A sentence that no SCU of weight >= 2 touched takes its finest segmentation
    (most segments; the first on ties): the paper leaves this choice open, and
    the finest one matches the simple-clause size of manual contributors (section 2).
    """
    by_sentence: Dict[Tuple[int, int], Dict[int, List[int]]] = {}
    for a, n in enumerate(nodes):
        by_sentence.setdefault(n.sentence_key, {}).setdefault(n.segmentation, []).append(a)
    out = []
    for key, segs in by_sentence.items():
        k = state.commit.get(key)
        if k is None:
            k = max(sorted(segs), key=lambda s: len(segs[s]))
        out.extend((a,) for a in segs[k] if not state.used[a])
    return out


def pyramid_ap(classes: Dict[int, List[float]]) -> float:
    """AP = sum over non-empty equivalence classes of AC = mean AS (Gao et al. 2019, Figure 5 items 4-5)."""
    return float(sum(sum(v) / len(v) for v in classes.values() if v))


def _best_first(cand: Candidate):
    """Descending AS, ties to the lower segment indices."""
    return (-cand.attraction, cand.segments)


def edua_greedy(graph: EDUAGraph, beta: float = 2.5, alpha: Optional[float] = None) -> EDUAResult:
    """EDUA-G (Gao et al. 2019, appendix A, Algorithms 1-4): greedy top-down allocation with backtracking.

    For r = n .. 2, C_r takes candidate SCUs of size r by descending AS while
    they fit the segment status and the capacity y_r.  When C_r ends smaller
    than C_{r+1} (violating Eq. 2, |C_n| <= |C_{n-1}|), the SCU of C_{r+1} with
    the least AS is decomposed into its r-subsets (Algorithm 2), which compete
    with the other candidates of size r; repeated while it helps.  Residual
    segments form C_1.
    """
    nodes, n = graph.nodes, graph.n_references
    caps = zipf_capacities(len({(x.reference, x.sentence, x.segmentation, x.index) for x in nodes}), n, beta, alpha)
    by_size: Dict[int, List[Candidate]] = {}
    for cand in graph.candidates:
        by_size.setdefault(len(cand.segments), []).append(cand)
    for r in by_size:
        by_size[r].sort(key=_best_first)
    state = _State(nodes)
    classes: Dict[int, List[Candidate]] = {r: [] for r in range(2, n + 1)}

    def fill(r: int, extra=()) -> int:
        added = 0
        pool = sorted(list(extra) + by_size.get(r, []), key=_best_first)
        for cand in pool:
            if len(classes[r]) >= caps[r]:
                break
            if state.ok(cand.segments):
                state.take(cand.segments)
                classes[r].append(cand)
                added += 1
        return added

    for r in range(n, 1, -1):
        fill(r)
        # Backtracking (Algorithm 2): while Eq. (2) fails for some q >= r (|C_q| < |C_{q+1}|), decompose the
        # SCU of C_{q+1} with the least AS into its q-subsets, which compete with the other size-q candidates;
        # the revision of C_{q+1} may make Eq. (2) fail one level up (Algorithm 2, line 15): checked again.
        # Every step moves one SCU down a class, so the loop ends.
        for _ in range(len(nodes) * n + 1):
            bad = [q for q in range(r, n) if len(classes[q]) < min(len(classes[q + 1]), caps[q])]
            if not bad:
                break
            q = bad[0]
            weakest = min(classes[q + 1], key=lambda x: (x.attraction, x.segments))
            classes[q + 1].remove(weakest)
            state.release(weakest.segments)
            fill(q, [Candidate(c, attraction(c, graph.sim)) for c in itertools.combinations(weakest.segments, q)])
    scus = [cand.segments for r in range(n, 1, -1) for cand in classes[r]]
    residual = _residual(nodes, state)
    ap = pyramid_ap({**{r: [cand.attraction for cand in classes[r]] for r in classes}, 1: [1.0] * len(residual)})
    return EDUAResult(scus + residual, ap, "greedy")


def edua_complete(graph: EDUAGraph, max_candidates: int = EDUA_C_MAX_CANDIDATES,
                  max_nodes: int = EDUA_C_MAX_NODES) -> EDUAResult:
    """EDUA-C (Gao et al. 2019, section 4.4): depth-first search over candidate SCUs for the pyramid of highest AP.

    Candidates are ordered by weight (then AS); a path adds a candidate when it
    keeps constraints 1 (one segmentation per sentence) and 2 (distinct
    segments).  Residual segments form C_1 (AS 1).  The search is exact
    (branch and bound on an upper bound of AP; ties keep the path found first)
    and exponential in the worst case, so more than ``max_candidates`` candidates, or a search that visits
    more than ``max_nodes`` nodes, raise ValueError.
    """
    if graph.truncated or len(graph.candidates) > max_candidates:
        raise ValueError(
            f"EDUA-C: {len(graph.candidates)}{'+' if graph.truncated else ''} candidate SCUs exceed the exact-search "
            f"limit of {max_candidates} (pyreval `edua='complete'`): exact search is exponential in this number. "
            "Use edua='greedy' (EDUA-G, the paper's choice for large inputs), or raise `edge_percentile` so that "
            "fewer segment pairs become edges.")
    nodes = graph.nodes
    cands = sorted(graph.candidates, key=lambda x: (-len(x.segments), -x.attraction, x.segments))
    sizes = sorted({len(cand.segments) for cand in cands}, reverse=True)
    # best AS still available per size from position i on (for the bound)
    suffix_best = [dict() for _ in range(len(cands) + 1)]
    for i in range(len(cands) - 1, -1, -1):
        d = dict(suffix_best[i + 1])
        size = len(cands[i].segments)
        d[size] = max(d.get(size, -math.inf), cands[i].attraction)
        suffix_best[i] = d
    state = _State(nodes)
    chosen: List[int] = []
    classes: Dict[int, List[float]] = {r: [] for r in sizes}
    best = {"ap": -math.inf, "scus": None}
    explored = 0

    def bound(i: int) -> float:
        total = 1.0  # C_1 contributes at most 1
        for r in sizes:
            v = classes[r]
            rem = suffix_best[i].get(r, -math.inf)
            mean = sum(v) / len(v) if v else -math.inf
            top = max(mean, rem)
            total += top if top > -math.inf else 0.0
        return total

    def leaf():
        residual = _residual(nodes, state)
        ap = pyramid_ap({**classes, 1: [1.0] * len(residual)})
        if ap > best["ap"] + 1e-12:
            best["ap"] = ap
            best["scus"] = [cands[k].segments for k in chosen] + residual

    def dfs(i: int):
        nonlocal explored
        explored += 1
        if explored > max_nodes:
            raise ValueError(
                f"EDUA-C: the exact search passed its limit of {max_nodes} search nodes on {len(cands)} candidate "
                "SCUs (pyreval `edua='complete'`). Use edua='greedy' (EDUA-G), or raise `edge_percentile` so that "
                "fewer segment pairs become edges.")
        if i == len(cands):
            leaf()
            return
        if bound(i) <= best["ap"] + 1e-12:
            return
        segs = cands[i].segments
        if state.ok(segs):
            state.take(segs)
            chosen.append(i)
            classes[len(segs)].append(cands[i].attraction)
            dfs(i + 1)
            classes[len(segs)].pop()
            chosen.pop()
            state.release(segs)
        dfs(i + 1)

    dfs(0)
    return EDUAResult(best["scus"], float(best["ap"]), "complete", explored)
