"""Contextual presence: each unit's BERTScore recall in the summary, its words and the summary's read in context.

The presence of a unit u in a summary s is the mean, over u's content words w (all its words when it has
no content word), of

    a(w, s) = max(0, (max_v cos(e_w, e_v) - b) / (1 - b)),

where v runs over the words of s and e_w, e_v are contextual word vectors: the states of layer ``LAYER`` of
all-MiniLM-L6-v2, the word pieces of a word mean-pooled, L2-normalised (:func:`pyramid_metric.encoder.
token_vectors`).  With the floor b = 0 this is the recall of BERTScore (Zhang et al. 2020, "BERTScore:
Evaluating Text Generation with BERT", Eq. 1, R_BERT) restricted to the unit's content words.

It differs from the ``align`` matcher in one respect: a word of the unit that the summary also contains is
not credited in full but by the cosine of the two occurrences, like any other word.  The same word used in
another sense, in a garbled sentence, or about another event earns less than the same word saying the same
thing; a paraphrase in other words earns close to it.  Units are read inside their reference and the
summary's sentences inside the summary (one encoding of each distinct text, cached), as ``align`` does.

Contextual cosines have no calibrated cut for "this reference expresses the unit", which is what the
weights of a pyramid of several references count: :meth:`ContextMatcher.expressed` judges it as the
default matcher does (at least half of the unit's content words, stemmed), so the pyramid of a set of
references is the default's and only the summary's credit reads meaning.

The layer and the floor were chosen on REALSumm dev inside cross-validation and checked on GUMSum and DUC
2007, which were not used to choose (``docs/studies/contextual.md``); no weight is trained.
"""
from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ..options import register_matcher
from .align import AlignMatcher, _Words
from .recall import RecallMatcher

LAYER = 6  # MiniLM-L6's last layer: the most contextual states
FLOOR = 0.0  # b: raw cosines, as BERTScore's recall


class ContextMatcher(AlignMatcher):
    """Presence = mean over a unit's content words of their best contextual cosine in the summary (the unit's
    BERTScore recall); no exact-match shortcut."""

    name = "context"

    def __init__(self, layer: int = LAYER, floor: float = FLOOR, model: Optional[str] = None):
        super().__init__(layer=layer, floor=floor, model=model)

    def _credit(self, unit: _Words, targets: Sequence[_Words]) -> np.ndarray:
        """a(w, s) averaged over the unit's content words (all words if none), one value per target."""
        if not unit.stems:
            return np.zeros(len(targets))
        keep = unit.content if unit.content.any() else np.ones(len(unit.stems), dtype=bool)
        vectors = unit.vectors[keep]
        out = np.zeros(len(targets))
        for k, target in enumerate(targets):
            if target.stems:
                best = (vectors @ target.vectors.T).max(axis=1)
                out[k] = np.clip((best - self.floor) / (1.0 - self.floor), 0.0, 1.0).mean()
        return out

    def presence_in_sentences(self, passages: Sequence[Sequence[str]], summary: str,
                              sentences: Sequence[str]) -> List[np.ndarray]:
        """Presence against the whole summary (row 0) and each sentence (rows 1..), the summary encoded once as
        its sentences joined (a sentence's words are read inside the summary)."""
        if not isinstance(summary, str):
            raise ValueError(f"presence: `summary` must be a str, got {type(summary).__name__}")
        passages = [list(p) for p in passages]
        pieces = list(sentences) if len(sentences) > 1 else [summary]
        n_rows = 1 if len(pieces) == 1 else 1 + len(pieces)
        if not any(passages):
            return [np.zeros((n_rows, len(p))) for p in passages]
        *units, parts = self._passage_words(passages + [pieces])
        if len(parts) == 1:
            targets = parts
        else:  # the whole summary is its sentences' words together
            targets = [_Words([st for w in parts for st in w.stems], np.concatenate([w.content for w in parts]),
                              np.vstack([w.vectors for w in parts])), *parts]
        return [np.array([self._credit(u, targets) for u in group], dtype=float).reshape(len(group), n_rows).T
                for group in units]

    def expressed(self, units: Sequence[str], text: str) -> np.ndarray:
        """Whether a reference expresses each unit, for pyramid weights: content-word recall (the default's
        judgment, calibrated at 0.5: half of the unit's content words)."""
        return RecallMatcher().presence(units, text)

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return (f"context(layer:{self.layer},words:mean-pieces,floor:{self.floor:g},exact-stem:cosine,"
                f"weights:recall,{encoder_signature(self.model)})")


register_matcher("context", ContextMatcher, help="contextual MiniLM recall of each unit's content words (BERTScore "
                 "recall per unit; exact words credited by their contextual cosine)")
