"""Contextual presence: each unit's BERTScore recall in the summary, its words and the summary's read in context.

The presence of a unit u in a summary s is the mean, over u's content words w (all its words when it has
no content word), of

    a(w, s) = max(0, (max_v cos(e_w, e_v) - b) / (1 - b)),

where v runs over the words of s and e_w, e_v are contextual word vectors: the states of layer ``LAYER`` of
all-MiniLM-L6-v2, the word pieces of a word mean-pooled, L2-normalised (:func:`pyramid_metric.encoder.
token_vectors`).  This is the recall of BERTScore (Zhang et al. 2020, "BERTScore: Evaluating Text Generation
with BERT", Eq. 1, R_BERT) restricted to the unit's content words, with cosines at or below the floor b
counted as absent and the rest rescaled to [0, 1], as BERTScore's baseline rescaling does for the aggregate.

It differs from the ``align`` matcher in one respect: a word of the unit that the summary also contains is
not credited in full but by the cosine of the two occurrences, like any other word.  A figure or an acronym of
the unit (a word with a digit, "2021", "7%"; a number word, "two", "thousands", the same word as its figure in
digits; two or more capitals, "NATO") is credited only against the summary's occurrences of the same word:
contextual states of two years, two percentages or two number words are close, and a summary with the wrong
figure must earn nothing for it.  (Names are left to the cosine, which separates them:
requiring them as written, as the default's static matcher does, lowered agreement on GUMSum dev with four
references, 89.3% of pairs against 91.3%.)  The same word used in
another sense, in a garbled sentence, or about another event earns less than the same word saying the same
thing; a paraphrase in other words earns close to it.  Units are read inside their reference and the
summary's sentences inside the summary (one encoding of each distinct text, cached), as ``align`` does.

Contextual cosines have no calibrated cut for "this reference expresses the unit", which is what the
weights of a pyramid of several references count: :meth:`ContextMatcher.expressed` judges it as the
default matcher does (at least half of the unit's content words, stemmed), so the pyramid of a set of
references is the default's and only the summary's credit reads meaning.

The layer and the floor (layer 5, b = 0.5, the ``align`` matcher's) were chosen among 4 layers x 3 floors on
REALSumm dev inside cross-validation, and checked on GUMSum and DUC 2007, which were not used to choose
(``docs/studies/contextual.md``); no weight is trained.  The default judges the units of short
references (one or two sentences) with this matcher at layer 4 and floor 0.4, chosen for them on GUMSum
(``pyramid_metric/methods/reference.py``).
"""
from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ..options import register_matcher
from .align import AlignMatcher, _Words
from .base import dot_products
from .recall import RecallMatcher

LAYER = 5  # MiniLM-L6 layer whose states are compared (0 = embeddings)
FLOOR = 0.5  # b: cosines at or below it count as absent; 1 at cosine 1
SAME_STATE = 1e-6  # cosines within this of 1 are the same word state read twice (float32 products round below 1)


class ContextMatcher(AlignMatcher):
    """Presence = mean over a unit's content words of their best contextual cosine in the summary (the unit's
    BERTScore recall); no exact-match shortcut."""

    name = "context"

    def __init__(self, layer: int = LAYER, floor: float = FLOOR, model: Optional[str] = None):
        super().__init__(layer=layer, floor=floor, model=model)

    def _credits(self, group: Sequence[_Words], parts: Sequence[_Words]) -> np.ndarray:
        """a(w, s) averaged over each unit's content words (all its words if none): row 0 against the whole
        summary, rows 1.. against each of its sentences (when it has several); one column per unit.  One product
        of the passage's word vectors with the summary's serves every unit and sentence."""
        masks = [u.content if u.content.any() else np.ones(len(u.stems), dtype=bool) for u in group]
        kept = [u.vectors[m] for u, m in zip(group, masks)]
        sizes = np.array([len(k) for k in kept])
        n_rows = 1 if len(parts) == 1 else 1 + len(parts)
        out = np.zeros((n_rows, len(group)))
        words = np.vstack([w.vectors for w in parts])
        if not sizes.sum() or not len(words):
            return out
        cosine = dot_products(np.vstack(kept), words)
        credit = np.clip((cosine - self.floor) / (1.0 - self.floor), 0.0, 1.0)
        credit[cosine >= 1.0 - SAME_STATE] = 1.0  # the same state, up to float32 rounding: an identical text scores 1
        fixed = np.concatenate([u.fixed[m] for u, m in zip(group, masks)])
        if fixed.any():  # a figure or acronym earns credit only where the summary has it: "2020" is not "2021"
            ids: dict = {}
            unit_stems = np.array([ids.setdefault(st, len(ids)) for u, m in zip(group, masks)
                                   for st, k in zip(u.stems, m) if k])
            summary_stems = np.array([ids.setdefault(st, len(ids)) for w in parts for st in w.stems])
            credit[fixed] *= unit_stems[fixed, None] == summary_stems[None, :]
        best = [credit.max(axis=1)]
        if n_rows > 1:  # each sentence's words are a consecutive block of the summary's
            ends = np.cumsum([len(w.stems) for w in parts])
            best += [credit[:, e - len(w.stems):e].max(axis=1) if len(w.stems) else np.zeros(len(credit))
                     for w, e in zip(parts, ends)]
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        has = sizes > 0
        for r, row in enumerate(best):
            out[r, has] = np.add.reduceat(row, starts[has]) / sizes[has]
        return out

    def _presence_rows(self, units: Sequence[Sequence[_Words]], parts: Sequence[_Words]) -> List[np.ndarray]:
        """Each passage's rows (whole summary, then each sentence), as :meth:`_credits` computes them."""
        return [self._credits(group, parts) for group in units]

    def expressed(self, units: Sequence[str], text: str) -> np.ndarray:
        """Whether a reference expresses each unit, for pyramid weights: content-word recall (the default's
        judgment, calibrated at 0.5: half of the unit's content words)."""
        return RecallMatcher().presence(units, text)

    def presence_note(self) -> str:
        return (f"each content word of a unit, read in its reference, counts its similarity to the summary's closest "
                f"word read in the summary, from 0 at cosine {self.floor:g} to 1 (MiniLM states, layer {self.layer}), "
                f"the same word included; a figure, number word or acronym counts only where the summary has it")

    def judge_signature(self, rule: str) -> str:
        """The short statement of this judge under a presence ``rule``, as the default's signature gives it for
        short references: ``context(layer:4,floor:0.4,figures+number-words:exact,<rule>)``."""
        return f"context(layer:{self.layer},floor:{self.floor:g},figures+number-words:exact,{rule})"

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return (f"context(layer:{self.layer},words:mean-pieces,floor:{self.floor:g},exact-stem:cosine,"
                f"figures+number-words:exact,"
                f"weights:recall,{encoder_signature(self.model)})")


register_matcher("context", ContextMatcher, help="contextual MiniLM recall of each unit's content words (BERTScore "
                 "recall per unit; exact words credited by their contextual cosine)")
