"""Soft content-word recall: the default's word counting, with a word in other words credited by its meaning.

The presence of a unit u in a text s (a summary, or one of its sentences) is the mean, over u's content words w
(all its words when it has none), of

    a(w, s) = 1                                                 for w found in s (stemmed, clipped: ``recall``),
    a(w, s) = max(0, (max_v cos(e_w, e_v) - b) / (1 - b))       for a plain word w whose stem s lacks,
    a(w, s) = 0                                                 otherwise,

where v runs over the plain content words of s and e_w, e_v are word vectors: each word read alone by
all-MiniLM-L6-v2 (``[CLS] word [SEP]``, the states of layer ``LAYER`` mean-pooled over the word's pieces,
L2-normalised; :func:`pyramid_metric.encoder.word_vectors`), a static word embedding distilled from the model
as Model2Vec does (Tulkens and van Dongen 2024), computed for the words met and cached.  Cosines at or below
the floor b count as absent and the rest are rescaled to [0, 1], as BERTScore rescales its cosines (Zhang et
al. 2020, section on baseline rescaling).

A *plain* word is written in lower-case ASCII letters only.  Names, figures, acronyms and words of other
scripts are credited only when the text has them (exact stemmed match): a paraphrase with the wrong name or
number earns nothing for it.  A word whose stem the text has is never credited twice (the clipping of
``recall`` stands), and text in a Latin-script language other than English is judged by exact words alone.

With b = 1 no word earns soft credit and the matcher is ``recall`` exactly.  The weights of a pyramid of several
references (which references express a unit) are judged by ``recall``, so pyramids are the lexical default's and
only a summary's credit reads meaning.

The layer and floor (layer 6, b = 0.3) were chosen among 6 layers x 5 floors on REALSumm dev inside
cross-validation by example (criterion: summary-level + system-level Pearson), and checked on GUMSum
(one and four references) and DUC 2007 (``docs/studies/soft_recall.md``); nothing is trained.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..options import register_matcher
from ..text import _WORD_RE, _stop_stems, latin_language, stem
from .base import Matcher
from .recall import RecallMatcher

LAYER = 6  # MiniLM-L6 layer whose states (of each word read alone) are the word vectors
FLOOR = 0.3  # b: cosines at or below it count as absent; 1 at cosine 1


def is_plain(word: str) -> bool:
    """A word written in lower-case ASCII letters only: the words that may earn credit by meaning."""
    return word.isascii() and word.isalpha() and word.islower()


@lru_cache(maxsize=65536)
def text_words(text: str, unit: bool) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(stems, surfaces) of the content words of ``text`` (:func:`pyramid_metric.text.content_words` of its
    words), as ``recall`` counts them: a ``unit`` with no content word keeps all its words, a text it is looked
    for in keeps none.  A surface is the word as written when it is plain, "" otherwise (no soft credit)."""
    spans = [(m.group(), stem(m.group().lower())) for m in _WORD_RE.finditer(text)]
    if not latin_language([s for _, s in spans], stemmed=True):
        stops = _stop_stems()
        kept = [(w, s) for w, s in spans if s not in stops]
        spans = kept or (spans if unit else [])
    english = not latin_language([s for _, s in spans], stemmed=True)
    return (tuple(s for _, s in spans), tuple(w if english and is_plain(w) else "" for w, _ in spans))


class SoftRecallMatcher(RecallMatcher):
    """Presence = clipped content-word recall (``recall``), a missing plain word credited by its best static
    MiniLM cosine with the text's plain content words above a floor."""

    name = "soft"

    def __init__(self, layer: int = LAYER, floor: float = FLOOR, model: Optional[str] = None):
        if isinstance(layer, bool) or not isinstance(layer, int) or layer < 0:
            raise ValueError(f"SoftRecallMatcher: `layer` must be an int >= 0, got {layer!r}")
        if isinstance(floor, bool) or not isinstance(floor, (int, float)) or not 0.0 <= floor <= 1.0:
            raise ValueError(f"SoftRecallMatcher: `floor` must be a number in [0, 1], got {floor!r}")
        self.layer, self.floor, self.model = layer, float(floor), model

    def _vectors(self, surfaces: Sequence[str]) -> np.ndarray:
        from ..encoder import word_vectors

        return word_vectors(list(surfaces), self.layer, self.model)

    def _presence_rows(self, units: Sequence[str], targets: Sequence[str]) -> np.ndarray:
        """(len(targets), len(units)) presences: a(w, s) averaged over each unit's words, one row per text."""
        out = np.zeros((len(targets), len(units)))
        unit_words = [text_words(u, True) for u in units]
        target_words = [text_words(t, False) for t in targets]
        soft = self.floor < 1.0
        if soft:
            pool = sorted({w for _, sf in unit_words + target_words for w in sf if w})
            index = {w: i for i, w in enumerate(pool)}
            vectors = self._vectors(pool) if pool else np.zeros((0, 1), dtype=np.float32)
        for r, (t_stems, t_surfaces) in enumerate(target_words):
            if not t_stems:
                continue
            have = set(t_stems)
            plain = [index[w] for w in t_surfaces if w] if soft else []
            best = None
            if plain:
                flat = [index[w] for _, sf in unit_words for w in sf if w]
                if flat:
                    cos = (vectors[flat] @ vectors[plain].T).max(axis=1)
                    best = iter(np.clip((cos - self.floor) / (1.0 - self.floor), 0.0, 1.0).tolist())
            for j, (u_stems, u_surfaces) in enumerate(unit_words):
                if not u_stems:
                    continue
                avail, credit = Counter(t_stems), 0.0
                for s, w in zip(u_stems, u_surfaces):
                    near = next(best) if (w and best is not None) else 0.0
                    if avail[s] > 0:
                        credit += 1.0
                        avail[s] -= 1
                    elif s not in have:
                        credit += near
                out[r, j] = credit / len(u_stems)
        return out

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        if not units:
            return np.zeros(0)
        return self._presence_rows(list(units), [summary])[0]

    def presence_in_sentences(self, passages: Sequence[Sequence[str]], summary: str,
                              sentences: Sequence[str]) -> List[np.ndarray]:
        """Presence of each piece against the whole summary (row 0) and each of its sentences (rows 1..; none when
        it has fewer than two); the vectors of every word involved are fetched once."""
        targets = [summary] + (list(sentences) if len(sentences) > 1 else [])
        flat = [u for p in passages for u in p]
        rows = self._presence_rows(flat, targets) if flat else np.zeros((len(targets), 0))
        cuts = np.cumsum([len(p) for p in passages])[:-1]
        return list(np.split(rows, cuts, axis=1)) if passages else []

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        """S[i, j] = presence of pyramid unit j in summary span i."""
        units = [p.text for p in pyramid]
        if not units or not summary:
            return np.zeros((len(summary), len(pyramid)))
        return self._presence_rows(units, [c.text for c in summary])

    def expressed(self, units: Sequence[str], text: str) -> np.ndarray:
        """Whether a reference expresses each unit, for pyramid weights: content-word recall (the lexical
        default's judgment, calibrated at 0.5: half of the unit's content words)."""
        return RecallMatcher().presence(units, text)

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return (f"soft(recall+static-cosine,layer:{self.layer},floor:{self.floor:g},plain-words,"
                f"{encoder_signature(self.model)})")


register_matcher("soft", SoftRecallMatcher, help="content-word recall with a missing plain word credited by its "
                 "meaning (static MiniLM word vectors, cosine above a floor); names and figures must match exactly",
                 resolves={"threshold": 0.55})
