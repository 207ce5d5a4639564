"""Yang, Passonneau & de Melo (2016): PEAK — Pyramid Evaluation via Automated Knowledge extraction.

1. **Semantic content analysis**: ``<subject, predicate, object>`` triples of
   every reference sentence.  PEAK runs ClausIE (Java, Stanford parser), which
   is not available here; :func:`pyramid_metric.clauses.triples` follows
   ClausIE's clause recipe on spaCy's dependency parse.
2. **Similarity**: PEAK compares triple elements with ADW (Align, Disambiguate
   and Walk: random walks over WordNet, Pilehvar et al. 2013), which has no
   installable implementation; here similarity is the cosine of MiniLM vectors
   of the triples' texts through the project's embedding matcher
   (:class:`pyramid_metric.match.embedding.EmbeddingMatcher`).
3. **Pyramid induction** (slides, Algorithm 1 "Merge similar SCUs"): every
   reference triple is an SCU anchor whose weight is the number of references
   with a triple at least T1 similar to it (its contributors); a graph joins
   anchors whose similarity is >= T1 (``merge_threshold``); each connected
   component becomes one merged SCU with the *maximum* weight of its anchors.
4. **Automated scoring** (slides, Algorithm 2): W[t][s] = w_s when the
   similarity of summary triple t to SCU s (best over its contributors) is
   >= T (``threshold``); the Hungarian (Munkres-Kuhn) algorithm finds the best
   one-to-one assignment.  PEAK reports that raw sum; to put it in [0, 1] it is
   divided, as the pyramid score is, by the best weight of an average-size
   reference (its number of SCUs), and capped at 1 with a note.

With one reference every SCU has weight 1.  References are read in a canonical
order (sorted by text), so the pyramid depends on the set of references only.
"""
from __future__ import annotations

from typing import List, Sequence

import numpy as np

from .. import solve
from ..clauses import triples
from ..document import Span
from ..match import get_matcher
from ..options import Option, register_method
from ..scoring import Match, capped, credit_matrix
from ..signature import THRESHOLD, const, option, part
from ..text import words
from .base import Method
from .scu import Contributor, SCUPyramid, SCUScoreResult, canonical_order, make_scu_pyramid, prefetch_pieces


def merge_components(sim: np.ndarray, threshold: float) -> List[List[int]]:
    """Connected components of the graph with an edge wherever sim >= T1 (Algorithm 1, lines 2-9), in index order."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n = sim.shape[0]
    if n == 0:
        return []
    adj = csr_matrix(np.asarray(sim) >= threshold)
    _, labels = connected_components(adj, directed=False)
    groups: dict = {}
    for i, lab in enumerate(labels):
        groups.setdefault(int(lab), []).append(i)
    return sorted(groups.values(), key=lambda g: g[0])


def anchor_weights(sim: np.ndarray, refs: Sequence[int], threshold: float) -> List[int]:
    """Weight of each anchor triple: how many references hold a triple >= T1 similar to it (itself included)."""
    refs = np.asarray(refs)
    out = []
    for i in range(sim.shape[0]):
        hit = set(refs[sim[i] >= threshold].tolist()) | {int(refs[i])}
        out.append(len(hit))
    return out


def _prefetch(texts: Sequence[str], extra: Sequence[str] = ()) -> None:
    """Parse ``texts`` in one spaCy batch and encode their triples (and ``extra``) in one encoder batch."""
    prefetch_pieces(texts, lambda x: [t.text for t in triples(x)], extra)


class PeakMethod(Method):
    """PEAK (Yang et al. 2016): triple pyramids merged at T1, Hungarian scoring at T; embedding similarity in place of ADW."""

    name = "peak"
    needs_sources = False

    only_matcher = ("embedding", "compares triples with the embedding matcher")

    def __init__(self, config):
        super().__init__(config)
        self.matcher = get_matcher("embedding")

    @staticmethod
    def _spans(items) -> List[Span]:
        return [Span(t.text, tuple(words(t.text))) for t in items]

    def build_one(self, references: Sequence[str]) -> SCUPyramid:
        t1 = self.config.merge_threshold
        # references in canonical order (sorted by text): the pyramid depends on their set, not their listing
        items = [(k, t) for k in canonical_order(references) for t in triples(references[k])]
        if not items:
            return make_scu_pyramid([], len(references), ["no reference has a word: the pyramid is empty"])
        spans = self._spans([t for _, t in items])
        sim = self.matcher.similarities(spans, spans)
        weights = anchor_weights(sim, [i for i, _ in items], t1)
        groups = merge_components(sim, t1)
        scus = [[Contributor(items[k][0], items[k][1].text, items[k][1].sentence, items[k][1].tokens) for k in g]
                for g in groups]
        w = [max(weights[k] for k in g) for g in groups]
        order = sorted(range(len(groups)), key=lambda k: (-w[k], groups[k][0]))
        info = {"triples": len(items), "merge_threshold": t1}
        return make_scu_pyramid([scus[k] for k in order], len(references), (), info, [w[k] for k in order])

    def build_many(self, references, sources) -> List[SCUPyramid]:
        _prefetch([r for refs in references for r in refs])
        return [self.build_one(refs) for refs in references]

    def score_one(self, prediction: str, pyramid: SCUPyramid) -> SCUScoreResult:
        summary = triples(prediction)
        ideal = pyramid.ideal_weight(pyramid.average_count())
        if not summary or not pyramid.units:
            note = "the summary has no words" if not summary else "the pyramid is empty"
            return SCUScoreResult.empty(ideal, len(pyramid.units), note, tuple(t.text for t in summary),
                                        details=(("raw", 0.0),))
        spans = self._spans(summary)
        contrib = [c for g in pyramid.contributors for c in g]
        owner = np.repeat(np.arange(len(pyramid.units)), [len(g) for g in pyramid.contributors])
        pair = self.matcher.similarities(spans, [Span(c.text, tuple(words(c.text))) for c in contrib])
        sim = np.zeros((len(summary), len(pyramid.units)))
        np.maximum.at(sim.T, owner, pair.T)  # similarity to an SCU = best over its contributors
        weights = [u.weight for u in pyramid.units]
        credit = credit_matrix(sim, weights, self.config.threshold)
        raw, pairs = solve.max_weight_assignment(credit)
        matches = tuple(Match(i, summary[i].text, j, pyramid.units[j].text, float(sim[i, j]), weights[j],
                              float(credit[i, j])) for i, j in sorted(pairs, key=lambda p: p[1]))
        matched = {j for _, j in pairs}
        score, cap = capped(raw, ideal, f"the weight of an average-size reference ({pyramid.average_count()} SCUs)")
        notes = list(cap)
        return SCUScoreResult(float(score), float(raw), float(ideal), matches,
                              tuple(j for j in range(len(pyramid.units)) if j not in matched), tuple(notes),
                              tuple(t.text for t in summary), details=(("raw", float(raw)),))

    def score_many(self, predictions, pyramids) -> List[SCUScoreResult]:
        _prefetch(predictions, [c.text for p in {id(p): p for p in pyramids}.values()
                                for g in p.contributors for c in g])
        return [self.score_one(p, pyr) for p, pyr in zip(predictions, pyramids)]

    def signature_parts(self) -> dict:
        from ..text import spacy_model_name

        return {"triples": f"clausie-style({spacy_model_name()})", "matcher": self.matcher.signature()}


register_method("peak", PeakMethod, help="PEAK (Yang et al. 2016): pyramid of the references' triples, Hungarian "
                "matching; built from the references alone", options=(
    Option("merge_threshold", (), float, 0.8, bounds=(0.0, 1.0),
           help="T1: reference triples at least this similar form one SCU (Yang et al. 2016)"),
), reads=("matcher", "threshold"), resolves={"matcher": "embedding", "threshold": 0.6}, fields=(
    part("triples", "triples"), part("sim", "matcher"), option("T1", "merge_threshold", **THRESHOLD),
    option("T", "threshold", **THRESHOLD), const("norm", "avg-ref-scus")))
