"""Scoring against a human pyramid (``scus=``) with the default method: labels, contributors, weights.

A human pyramid (DUC/TAC, REALSumm) gives each Summary Content Unit j a label
written by an annotator, a weight w_j (the number of model summaries that
express it) and, in DUCView and SacreROUGE files, its contributors: the words
of each model summary that express it.  The default method scores a summary s
against it as follows (``scu_score``, default ``"recall"``):

1. **Presence** of SCU j in s, p_j in [0, 1]: the matcher's presence J of a text
   in s under the sentence rule of the reference-EDU pyramid (the mean of its
   presence in the whole summary and in the summary sentence that holds most of
   it), then

       p_j = max_c J(contributor_c)                 with contributors,
       p_j = (J(label_j) + J(span_j)) / 2           with the model summaries but no contributors,
       p_j = J(label_j)                             with neither:

   an SCU is present when the summary says it as one of the model summaries said it (its contributors, the
   annotators' selection of their words); a summary needs to match one wording, not all of them.  When the
   SCUs come without contributors but with the model summaries (``references``), the label and its
   best-matching span of them (span_j) weigh half each (REALSumm's SCUs and reference, for instance).
2. **Credit**: SCU j earns w_j p_j; each SCU counts its weight once, as the
   manual pyramid score and the LitePyramid human score count SCUs.
3. **Normalisation**:

   * ``"recall"``: sum_j w_j p_j / sum_j w_j, the share of the pyramid's
     weight the summary expresses (the LitePyramid score, Zhang and Bansal
     2021, with soft presence);
   * ``"modified"``: sum_j w_j p_j / MaxSum(X), the modified pyramid score of
     Passonneau et al. (2005) that DUC 2006-2007 report: MaxSum(X) is the sum
     of the X largest SCU weights and X the average number of SCUs in a model
     summary, X = round(sum_j w_j / n) with n model summaries (the number of
     ``references`` given, the model summaries of a pyramid file; without them
     the highest SCU weight stands for n, with a note).  Capped at 1.

   For one pyramid the two differ by a constant factor, so they rank the
   summaries of a topic alike; they differ across topics.
4. **With contributors and the model summaries** (a NIST or DUCView pyramid with its model summaries as
   ``references``), the ``"recall"`` score is the mean of the score above and the default's score against the pyramid of
   the same model summaries' EDUs (:func:`with_reference_pyramid`): the annotators' units and the model
   summaries' own wording, each read by the same judge, err apart.  Measured on TAC 2008's 48 topics
   (docs/studies/scu_presence.md): the mean agrees with NIST's scores better than either alone in each of four
   folds of topics; without contributors (REALSumm, RoSE) it was not better and is not used.

``scu_score="as-edus"`` scores the labels alone, credited as the reference
EDUs of the automatic pyramid are (the ``credit`` option), over the total.

Measured on REALSumm dev (``scripts/studies/realsumm_scu_presence.py``, docs/workflow.md): counting
each SCU once agrees with the human scores better than weighting it by its content words, for
every presence judge; so does the mean of the label's and the reference wording's presence,
where their maximum does worse than the label alone.  On TAC 2008's 48 NIST pyramids
(``scripts/studies/tac2008_scu_presence.py``, docs/studies/scu_presence.md) the best contributor alone was
chosen in each of four folds of topics over the label, the label with the mean or the best contributor, and
the best of label and contributors.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, List, Optional, Sequence, Tuple

import numpy as np

from ..pyramid import Pyramid, PyramidUnit
from ..scoring import CREDITED, ScoreResult, capped, soft_matches
from ..text import words

SCU_SCORES = ("recall", "modified", "as-edus")


@dataclass(frozen=True)
class HumanSCUPyramid(Pyramid):
    """Given SCUs (units: label and weight) with each SCU's contributor texts and the number of model summaries."""

    mentions: Tuple[Tuple[str, ...], ...] = ()  # for each SCU, its contributors' texts (may be empty)
    n_models: int = 0  # model summaries the pyramid was annotated on; 0 when not given
    spans_stand_in: bool = False  # the mentions are the references' best spans, not contributors given
    # the default's pyramid of the model summaries' EDUs, scored beside the SCUs (module docstring, 4); None
    # without contributors or model summaries
    reference_pyramid: Optional[Pyramid] = None

    def models(self) -> int:
        """n: the model summaries given, else the highest SCU weight (at least 1)."""
        return self.n_models or max([1] + [int(round(u.weight)) for u in self.units])

    def average_count(self) -> int:
        """X = average number of SCUs in a model summary, sum_j w_j / n, rounded (at least 1)."""
        return max(1, int(sum(u.weight for u in self.units) / self.models() + 0.5))

    def max_sum(self, count: int) -> float:
        """MaxSum(count): the sum of the ``count`` largest SCU weights (Passonneau et al. 2005)."""
        return float(sum(sorted((u.weight for u in self.units), reverse=True)[:max(0, count)]))

    def to_dict(self) -> dict:
        d = super().to_dict()
        for u, m in zip(d["units"], self.mentions):
            u["contributors"] = list(m)
        d["model_summaries"] = self.n_models or None
        return d


def human_pyramid(scus: Sequence[str], weights: Sequence[float], references: Optional[Sequence[str]] = None,
                  contributors: Optional[Sequence[Sequence[str]]] = None) -> HumanSCUPyramid:
    """The pyramid of given SCUs: labels, weights, contributors' texts (``contributors[k]``: SCU k's, may be
    empty) and, from ``references`` (the model summaries), their number.  With references and no
    contributors, each SCU's best-matching span of the references stands in for its contributor
    (:func:`reference_spans`)."""
    units = tuple(PyramidUnit(s, tuple(words(s)), float(w), ()) for s, w in zip(scus, weights))
    stand_in = contributors is None and bool(references)
    if contributors is not None:
        mentions = tuple(tuple(c) for c in contributors)
    elif stand_in:
        mentions = tuple((span,) for span in reference_spans(scus, references))
    else:
        mentions = tuple(() for _ in units)
    return HumanSCUPyramid(units, max(1, sum(u.length for u in units)), 0, one_to_one=False,
                           mentions=mentions, n_models=len(references) if references else 0,
                           spans_stand_in=stand_in)


def reference_spans(scus: Sequence[str], references: Sequence[str]) -> List[str]:
    """For each SCU label, the span of the references that best matches its words: located in each reference
    as :func:`pyramid_metric.io.from_pyramid` locates a unit, the span that holds the most of the label's
    content words (the first reference on a tie)."""
    return list(_reference_spans(tuple(scus), tuple(references)))


@lru_cache(maxsize=1024)  # every summary of an example is scored against the same SCUs and references
def _reference_spans(scus: Tuple[str, ...], references: Tuple[str, ...]) -> Tuple[str, ...]:
    from ..io import locate_span
    from ..match.recall import clipped_recall
    from ..text import clean_text, content_words

    texts = [" ".join(clean_text(r).split()) for r in references]
    out = []
    for label in scus:
        want = content_words(words(label)) or words(label)
        spans = [locate_span(label, t) for t in texts]
        out.append(max(spans, key=lambda sp: clipped_recall(want, content_words(words(sp)))))
    return tuple(out)


def judged_texts(pyr: HumanSCUPyramid) -> List[str]:
    """The texts judged against a summary: every SCU's label, then every contributor, SCU by SCU."""
    return [u.text for u in pyr.units] + [m for ms in pyr.mentions for m in ms]


def scu_presence(presence: Callable[[List[str]], np.ndarray], pyr: HumanSCUPyramid) -> np.ndarray:
    """p_j = max over contributors J(c); with a stand-in span (J(label_j) + J(span_j)) / 2; else J(label_j)
    (module docstring, 1).

    ``presence(texts)`` judges a list of texts against the summary; every text is judged in one call."""
    texts = judged_texts(pyr)
    found = np.clip(np.nan_to_num(np.asarray(presence(texts), dtype=float)), 0.0, 1.0)
    p = found[:len(pyr.units)].copy()
    at = len(pyr.units)
    for j, ms in enumerate(pyr.mentions):
        if ms:
            said = found[at:at + len(ms)]
            p[j] = (p[j] + said[0]) / 2 if pyr.spans_stand_in else said.max()
            at += len(ms)
    return p


def score_human(pyr: HumanSCUPyramid, summary: str, presence: Callable[[List[str]], np.ndarray],
                normalization: str, read: str = "") -> ScoreResult:
    """The score of ``summary`` against a human pyramid (module docstring); ``presence(texts)`` is the
    method's presence of texts in this summary under its sentence rule; ``read``: the summary as it judges it, when
    written otherwise (the SCUs' notation)."""
    units = pyr.units
    total_weight = float(sum(u.weight for u in units))
    if normalization == "modified":
        x = pyr.average_count()
        bound, bound_name = pyr.max_sum(x), f"MaxSum(X = {x})"
    else:
        bound, bound_name = total_weight, "the total SCU weight"
    if not units or bound <= 0:
        return ScoreResult.empty(0.0, len(units), "the pyramid is empty", (summary,))
    if not summary.strip():
        return ScoreResult.empty(bound, len(units), "the summary has no words")
    p = scu_presence(presence, pyr)
    weights = np.array([u.weight for u in units])
    credit = weights * p
    total = float(credit.sum())
    matches, missed = soft_matches(summary, units, p, weights, credit, read)
    with_mentions = sum(1 for m in pyr.mentions if m)
    notes = [f"human pyramid: each SCU earns its weight x its presence (the mean of its presence in the whole "
             f"summary and in the summary sentence that holds most of it"
             + (f"; for the {with_mentions} SCUs with a best-matching span of the references, half from the "
                f"label and half from that span" if with_mentions and pyr.spans_stand_in else
                f"; for the {with_mentions} SCUs with contributors, the presence of the contributor the summary "
                f"says best" if with_mentions else "") + f"); SCUs below {CREDITED:g} "
             f"are listed as missed"]
    if normalization == "modified":
        notes.append(f"modified pyramid score (Passonneau et al. 2005): credit over MaxSum(X), the best weight of "
                     f"X = {pyr.average_count()} SCUs, the average SCU count of the {pyr.models()} model summaries")
        if not pyr.n_models:
            notes.append(f"no model summaries given: the highest SCU weight ({pyr.models()}) stands for their number")
    score, cap = capped(total, bound, bound_name)
    notes.extend(cap)
    return ScoreResult(float(score), total, float(bound), matches, missed, tuple(notes), (summary,))


def with_reference_pyramid(result: ScoreResult, of_references: ScoreResult) -> ScoreResult:
    """The SCU score ``result`` averaged with the score against the model summaries' own pyramid (module
    docstring, 4); the SCUs' matches explain it, and a note says what was averaged."""
    score = (result.score + of_references.score) / 2
    note = (f"with contributors and model summaries: the mean of the SCU score ({result.score:.3f}) and the score "
            f"against the pyramid of the model summaries' EDUs ({of_references.score:.3f})")
    return replace(result, score=float(score), credit=float(score * result.bound), notes=result.notes + (note,))


__all__ = ["HumanSCUPyramid", "SCU_SCORES", "human_pyramid", "judged_texts", "scu_presence", "score_human",
           "with_reference_pyramid"]
