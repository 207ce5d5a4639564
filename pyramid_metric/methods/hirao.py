"""Hirao et al. (2018): EDU-based extractive references -> EDU pyramid -> LAP / knapsack score.

Composes the shared parts: segmentation (``document``), extraction ILPs
(``extract``), the pyramid (``pyramid.edu_pyramid``), a matcher and the
scorer (``score.pyramid_score``).  ``config.extract`` picks Prop(BE),
Prop(ROUGE) or Prop(AL).
"""
from __future__ import annotations

import math
from typing import List, Optional, Sequence

from ..document import make_documents, spans
from ..extract import align_extract, oracle_extract
from ..match import get_matcher, matcher_options
from ..options import Option, register_method
from ..pyramid import Pyramid, edu_pyramid
from ..scoring import ScoreResult, pyramid_score
from ..segment import get_segmenter
from ..signature import LMAX, MATCHER, SEGMENTER, THRESHOLD, num, option
from .base import Method


class HiraoMethod(Method):
    """The main method: pyramids of source EDUs weighted by how many extractive references contain them."""

    name = "hirao"
    scores_scus = True  # score_many works on any pyramid, including given SCUs

    def __init__(self, config):
        super().__init__(config)
        self.segmenter = get_segmenter(config.segmenter)
        self.matcher = get_matcher(config.matcher, **matcher_options(config))

    def _extract(self, source, reference, limit):
        c = self.config
        if c.extract == "align":
            return align_extract(source, reference, limit, c.time_limit, c.solver)
        return oracle_extract(source, reference, limit, c.extract, c.sentence_penalty, c.time_limit, c.solver)

    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        texts = list(sources) + [r for refs in references for r in refs]
        docs = make_documents(texts, self.segmenter)
        src_docs, ref_docs = docs[:len(sources)], iter(docs[len(sources):])
        pyramids = []
        for source, refs in zip(src_docs, references):
            rdocs = [next(ref_docs) for _ in refs]
            lengths = [max(1, r.n_words) for r in rdocs]
            extracts = [self._extract(source, r, self.config.length_limit or n) for r, n in zip(rdocs, lengths)]
            kp_limit = self.config.length_limit or max(1, round(sum(lengths) / len(lengths)))
            pyramids.append(edu_pyramid(source, extracts, kp_limit))
        return pyramids

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        docs = make_documents(list(predictions), self.segmenter)
        self.matcher.prepare([e.text for d in docs for e in d.edus] + [u.text for p in pyramids for u in p.units])
        return [pyramid_score(spans(d), p, self.matcher, self.config.threshold, self.config.soft)
                for d, p in zip(docs, pyramids)]

    def signature_parts(self) -> dict:
        return {"matcher": self.matcher.signature(), "segmenter": self.segmenter.signature()}


register_method("hirao", HiraoMethod, help="EDU pyramid from source extracts (Hirao et al. 2018)", options=(
    Option("extract", (), choices=("be", "rouge", "align"), default="be", paper="be",
           help="source extract of the pyramid: Prop(BE) (oracle ILP on Basic Elements), Prop(ROUGE) (oracle ILP "
                "on bigrams) or Prop(AL) (LCS alignment ILP) (Hirao et al. 2018, section 3)"),
    Option("soft", (), bool, False, paper=False, scoring_only=True,
           help="credit similarity x weight instead of the weight (a deviation from the paper)"),
    Option("sentence_penalty", (), float, 1.0, paper=1.0, bounds=(0.0, math.inf),
           help="weight of the sentence-count term of the extract ILP (Hirao et al. 2018, Eq. 9)"),
    Option("time_limit", (), float, 10.0, bounds=(1e-3, math.inf),
           help="seconds per extract ILP (the best solution found is kept)"),
    Option("solver", (), choices=("highs", "cbc"), default="highs",
           help="preferred ILP solver: highs (in process) or cbc (a subprocess); the other is the fallback"),
), reads=("matcher", "threshold", "segmenter", "length_limit"), resolves={"matcher": "lcs", "extract": "be"}, fields=(
    option("extract", "extract"), MATCHER, option("t", "threshold", **THRESHOLD),
    option("credit", "soft", lambda v: "soft" if v else "binary", lambda v: v == "soft"),
    SEGMENTER, option("spen", "sentence_penalty", num, float), LMAX))
