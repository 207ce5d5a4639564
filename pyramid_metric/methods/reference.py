"""Reference-EDU pyramid with soft presence credit: the package's default beyond seed 000.

Seed 000 anchors every pyramid unit in the *source*: a length-limited extract
of the source stands for each reference.  With one abstractive reference (as
in CNN/DM) that extract covers only part of the reference, and binary LCS
matching at t = 0.55 leaves few distinct scores.  This method keeps the
pyramid machinery and changes where units come from and how credit is given:

1. **Units** are the EDUs of the references themselves (the segmenter of the
   configuration).  With K references, an EDU of reference k is also credited
   to every other reference that expresses it (presence >= 0.5), so its weight
   is the number of references expressing it (1..K, as Eq. 19 counts extracts
   containing a source EDU); an EDU already expressed, both ways, by a unit of
   an earlier reference is merged into that unit instead of repeated.
2. **Credit** is soft: unit j earns v_j * P(j expressed by the summary), the
   matcher's presence probability of the unit against the whole summary (a
   learned matcher, or a lexical one), instead of the binary g of Eq. 24.
   With ``credit="content"`` (the default) a unit's value is its weight times
   its number of content words, v_j = w_j * |content(j)|, so a long unit is
   worth more than a two-word one; with ``credit="unit"`` v_j = w_j, as the
   LitePyramid score counts SCUs.  Given human SCUs follow the same option.
3. **Normalization**: with one reference, the knapsack bound of Eq. 25-27
   over the values v_j with L_max = the reference length, i.e. the total value
   (a recall, as the human LitePyramid score is).  With several references,
   the units of different references overlap (one fact, several EDUs that do
   not merge), so a reference-length summary could earn more than a pooled
   knapsack bound: each reference's own units (its EDUs, alone or merged) are
   credited against their own total (that reference's bound) and the credits
   and bounds are pooled over references.  The weights still favour content
   the other references agree with.  (A pooled bound with L_max = the mean
   reference length saturated at 1 for most GUMSum summaries.)

With one reference, matcher "recall" and content credit, the score is the
share of the reference's content words that the summary contains, counted
unit by unit (clipped per unit): a ROUGE-1 recall over content words whose
clipping respects the reference's EDUs.  On REALSumm dev it agrees with the
human pyramid scores better than ROUGE-1/2/SU4 and BERTScore at summary level
(README, "Agreement with people").

The faithful seed-000 systems stay available as ``method="hirao"``.
"""
from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ..document import make_documents
from ..match import get_matcher, matcher_options
from ..pyramid import Pyramid, PyramidUnit, scu_pyramid
from ..scoring import Match, ScoreResult, capped
from ..segment import get_segmenter
from .base import Method

PRESENT = 0.5  # presence probability above which a reference is taken to express a unit
CREDITED = 0.1  # units with less presence than this are reported as missed in explanations


class ReferencePyramidMethod(Method):
    """Pyramids of the references' own EDUs, weighted by how many references express them; soft credit."""

    name = "refpyramid"
    needs_sources = False
    scores_scus = True  # _score_one works on any pyramid, including given human SCUs

    def __init__(self, config):
        super().__init__(config)
        self.segmenter = get_segmenter(config.segmenter)
        self.matcher = get_matcher(config.matcher, **matcher_options(config))

    def _presence(self, units: Sequence[str], text: str) -> np.ndarray:
        return np.clip(np.nan_to_num(self.matcher.presence(list(units), text)), 0.0, 1.0)

    def _unit_presence(self, pyr: Pyramid, summary: str) -> np.ndarray:
        """Presence of every unit in the summary.  A matcher that reads context judges reference EDUs inside
        their reference: the units of each reference (``origins``: the first reference whose EDU a unit is)
        are given to it in order, as the consecutive pieces of that reference's text."""
        if not self.matcher.reads_context or not pyr.origins:
            return self._presence([u.text for u in pyr.units], summary)
        groups: dict = {}
        for j, origin in enumerate(pyr.origins):
            groups.setdefault(min(origin) if origin else -1, []).append(j)
        order = [js for _, js in sorted(groups.items())]
        found = self.matcher.presence_in_context([[pyr.units[j].text for j in js] for js in order], summary)
        p = np.zeros(len(pyr.units))
        for js, pj in zip(order, found):
            p[js] = pj
        return np.clip(np.nan_to_num(p), 0.0, 1.0)

    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        docs = iter(make_documents([r for refs in references for r in refs], self.segmenter))
        return [self._build_one([next(docs) for _ in refs]) for refs in references]

    def _build_one(self, ref_docs) -> Pyramid:
        texts = [d.text for d in ref_docs]
        units: List[dict] = []  # {"text", "words", "refs" (expressing it), "origins" (whose EDUs make it up)}
        for k, doc in enumerate(ref_docs):
            for edu, ws in zip(doc.edus, doc.edu_words):
                if units and k > 0:  # merge into the best earlier unit when each expresses the other
                    fwd = self._presence([u["text"] for u in units], edu.text)
                    i = int(np.argmax(fwd))
                    if (fwd[i] >= PRESENT and k not in units[i]["refs"]
                            and self._presence([edu.text], units[i]["text"])[0] >= PRESENT):
                        units[i]["refs"].add(k)
                        units[i]["origins"].add(k)
                        continue
                units.append({"text": edu.text, "words": tuple(ws), "refs": {k}, "origins": {k}})
        if len(texts) > 1:  # weights: every reference that expresses the unit (Eq. 19 by presence)
            for k, t in enumerate(texts):
                p = self._presence([u["text"] for u in units], t)
                for u, pk in zip(units, p):
                    if pk >= PRESENT:
                        u["refs"].add(k)
        pyr_units = tuple(PyramidUnit(u["text"], u["words"], float(len(u["refs"])), tuple(sorted(u["refs"])))
                          for u in units)
        lengths = [max(1, d.n_words) for d in ref_docs]
        limit = self.config.length_limit or max(1, round(sum(lengths) / len(lengths)))
        if len(ref_docs) == 1 and self.config.length_limit is None:
            limit = max(limit, sum(u.length for u in pyr_units))  # one reference: OPT_KP = total weight
        return Pyramid(pyr_units, limit, len(ref_docs), content_credit=self.config.credit == "content",
                       origins=tuple(tuple(sorted(u["origins"])) for u in units))

    def pyramid_of_scus(self, scus: Sequence[str], weights: Sequence[float]) -> Pyramid:
        """Given SCUs are credited like reference EDUs: by content words with ``credit="content"``."""
        return scu_pyramid(scus, weights, content_credit=self.config.credit == "content")

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        from ..text import clean_text

        summaries = [clean_text(p) for p in predictions]
        if self.matcher.reads_context:  # encode the batch's summaries together (batched, cached)
            self.matcher.prepare(summaries)
        out = []
        for summary, pyr in zip(summaries, pyramids):
            out.append(self._score_one(summary, pyr))
        return out

    def _score_one(self, summary: str, pyr: Pyramid) -> ScoreResult:
        units = pyr.units
        opt_kp = pyr.credit_bound()  # OPT_KP; with several references, per-reference totals pooled
        if not units or opt_kp <= 0:
            return ScoreResult.empty(0.0, len(units), "the pyramid is empty", (summary,))
        if not summary.strip():
            return ScoreResult.empty(opt_kp, len(units), "the summary has no words")
        p = self._unit_presence(pyr, summary)
        values = np.array(pyr.unit_values())
        credit = values * p
        total = pyr.pooled_credit(credit)
        n_groups = len(pyr.reference_groups())
        matches = tuple(Match(0, summary, j, u.text, float(p[j]), float(values[j]), float(credit[j]))
                        for j, u in enumerate(units) if p[j] >= CREDITED)
        missed = tuple(j for j in range(len(units)) if p[j] < CREDITED)
        worth = "its weight x its content words" if pyr.content_credit else "its weight"
        notes = [f"soft credit: each unit earns {worth} x its presence probability; units below "
                 f"{CREDITED:g} are listed as missed"]
        if n_groups > 1:
            notes.append(f"{n_groups} references: each reference's units are credited against their own "
                         f"total value, pooled (the most a summary can earn is the sum over references)")
        score, cap = capped(total, opt_kp, "the knapsack bound")
        notes.extend(cap)
        return ScoreResult(float(score), total, float(opt_kp), matches, missed, tuple(notes), (summary,))

    def signature_parts(self) -> dict:
        return {"matcher": self.matcher.signature(), "segmenter": self.segmenter.signature()}
