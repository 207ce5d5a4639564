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

A *plain* word is written in lower-case ASCII letters only and is not a number word.  Names, figures (in
digits or in words: "two", "thousands"), acronyms and words of other scripts are credited only when the text has
them (exact stemmed match): a paraphrase with the wrong name or
number earns nothing for it.  A word whose stem the text has is never credited twice (the clipping of
``recall`` stands), and text in a Latin-script language other than English is judged by exact words alone.

Word pairs are judged the same way (:meth:`SoftRecallMatcher.bigram_shares`, the share of a unit's word bigrams
that the presence rules of ``refpyramid`` count): a pair the text has counts 1 (clipped, as ROUGE-2 counts it),
and a pair (w1, w2) it lacks earns max over the text's adjacent pairs (v1, v2) of min(a(w1, v1), a(w2, v2)), with
a(w, v) = 1 for the same stem and the rescaled cosine above for two plain words that are not stop words: "chief
executive" found as "top boss" earns the smaller of the two words' credits, "Apple sold" as "Samsung sold"
nothing.

With b = 1 no word or pair earns soft credit and the matcher is ``recall`` exactly.  The weights of a pyramid of several
references (which references express a unit) are judged by ``recall``, so pyramids are the lexical default's and
only a summary's credit reads meaning.

The layer and floor (layer 6, b = 0.3) were chosen among 6 layers x 5 floors on REALSumm dev inside
cross-validation by example (criterion: summary-level + system-level Pearson, with the word-pair term of the rule
for one reference), and checked on GUMSum (one and four references) and DUC 2007
(``docs/studies/soft_recall.md``); nothing is trained.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..options import register_matcher
from ..text import _stop_stems, latin_language, number_value, stem, word_matches, words
from .base import dot_products, exact_bigram_shares
from .recall import RecallMatcher

LAYER = 6  # MiniLM-L6 layer whose states (of each word read alone) are the word vectors
FLOOR = 0.3  # b: cosines at or below it count as absent; 1 at cosine 1
PAIR_ROWS = 512  # word pairs: unit words compared with a text's words this many at a time (bounded memory)


def is_plain(word: str) -> bool:
    """A word written in lower-case ASCII letters only, not a number word ("two", "thousands": a figure): the
    words that may earn credit by meaning."""
    return word.isascii() and word.isalpha() and word.islower() and number_value(word) is None


@lru_cache(maxsize=65536)
def text_words(text: str, unit: bool) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(stems, surfaces) of the content words of ``text`` (:func:`pyramid_metric.text.content_words` of its
    words), as ``recall`` counts them: a ``unit`` with no content word keeps all its words, a text it is looked
    for in keeps none.  A surface is the word as written when it is plain, "" otherwise (no soft credit)."""
    spans = [(w, stem(w.lower())) for _, _, w in word_matches(text)]
    english = not latin_language([s for _, s in spans], stemmed=True)  # decided on all the words, stop words too
    if english:
        stops = _stop_stems()
        kept = [(w, s) for w, s in spans if s not in stops]
        spans = kept or (spans if unit else [])
    return (tuple(s for _, s in spans), tuple(w if english and is_plain(w) else "" for w, _ in spans))


@lru_cache(maxsize=65536)
def pair_words(text: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(stems, surfaces) of all the words of ``text`` in order, as word pairs are counted
    (:func:`pyramid_metric.text.words`); a surface is the word as written when it may earn credit by meaning (a
    plain word that is not a stop word, in English text), "" otherwise."""
    surfaces = [w for _, _, w in word_matches(text)]
    stems = tuple(words(text))
    if len(surfaces) != len(stems):  # lower-casing changed the words (rare letters): exact words only
        return stems, ("",) * len(stems)
    english, stops = not latin_language(list(stems), stemmed=True), _stop_stems()
    return stems, tuple(w if english and is_plain(w) and st not in stops else "" for w, st in zip(surfaces, stems))


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

    def prepare(self, texts: Sequence[str]) -> None:
        """Compute the vectors of the plain words of these texts in one batch (cached), so that later calls look
        them up."""
        words = sorted({w for t in texts if isinstance(t, str) for w in text_words(t, True)[1] if w})
        if words and self.floor < 1.0:
            self._vectors(words)

    def prepare_summaries(self, summaries: Sequence[str], sentences: Sequence[Sequence[str]],
                          passages: Sequence[Sequence[str]] = ()) -> None:
        """The vectors of the plain words of a batch of summaries and of the ``passages`` judged against them
        (the units of their pyramids), in one batch (the sentences' words are their summaries')."""
        self.prepare(list(summaries) + [piece for pieces in passages for piece in pieces])

    def _vectors(self, surfaces: Sequence[str]) -> np.ndarray:
        from ..encoder import word_vectors

        return word_vectors(list(surfaces), self.layer, self.model)

    def _presence_rows(self, units: Sequence[str], texts: Sequence[str]) -> np.ndarray:
        """(len(texts), len(units)) presences: a(w, s) averaged over each unit's words, one row per text.  Each text
        costs one product of the units' plain word vectors with its own and a few array operations."""
        unit_words = [text_words(u, True) for u in units]
        text_words_ = [text_words(t, False) for t in texts]
        stem_ids: dict = {}
        for stems, _ in unit_words + text_words_:
            for st in stems:
                stem_ids.setdefault(st, len(stem_ids))
        sizes = np.array([len(st) for st, _ in unit_words])
        owner = np.repeat(np.arange(len(units)), sizes)  # the unit of each unit word
        word_stem = np.array([stem_ids[st] for stems, _ in unit_words for st in stems], dtype=np.int64)
        # clipping: each distinct (unit, stem) pair with its count in the unit
        pairs = Counter(zip(owner.tolist(), word_stem.tolist()))
        pair_unit = np.array([j for j, _ in pairs], dtype=np.int64)
        pair_stem = np.array([k for _, k in pairs], dtype=np.int64)
        pair_count = np.array(list(pairs.values()), dtype=np.float64)
        surfaces = [w for _, sf in unit_words for w in sf]
        soft = self.floor < 1.0 and any(surfaces)
        if soft:
            pool = sorted({w for _, sf in unit_words + text_words_ for w in sf if w})
            index = {w: i for i, w in enumerate(pool)}
            vectors = self._vectors(pool)
            plain = np.array([bool(w) for w in surfaces])
            unit_vectors = vectors[[index[w] for w in surfaces if w]]
        out = np.zeros((len(texts), len(units)))
        for r, (stems, text_surfaces) in enumerate(text_words_):
            if not stems:
                continue
            counts = np.bincount([stem_ids[st] for st in stems], minlength=len(stem_ids)).astype(np.float64)
            credit = np.bincount(pair_unit, weights=np.minimum(pair_count, counts[pair_stem]), minlength=len(units))
            text_plain = [index[w] for w in text_surfaces if w] if soft else []
            if text_plain:
                near = np.clip((dot_products(unit_vectors, vectors[text_plain]).max(axis=1) - self.floor) / (1.0 - self.floor),
                               0.0, 1.0)
                absent = counts[word_stem[plain]] == 0  # a stem the text has is never credited twice
                credit += np.bincount(owner[plain][absent], weights=near[absent], minlength=len(units))
            out[r, sizes > 0] = credit[sizes > 0] / sizes[sizes > 0]
        return out

    def bigram_shares(self, units: Sequence, texts: Sequence[str]) -> np.ndarray:
        """The exact share of each unit's word pairs in each text (clipped as ROUGE-2 counts them), plus, for each
        pair of the unit that the text does not have at all, max over the text's adjacent pairs (v1, v2) of
        min(a(w1, v1), a(w2, v2)): a(w, v) = 1 for the same stem, the rescaled static cosine of two plain words
        as for single words, 0 otherwise.  A pair the text has is never credited twice; b = 1 is the exact share."""
        text_words_ = [pair_words(t) for t in texts]  # cached; their stems are text.words of each text
        out = exact_bigram_shares(units, texts, [stems for stems, _ in text_words_])
        if self.floor >= 1.0 or not len(units) or not len(texts):
            return out
        words_of = [pair_words(u.text) if len(u.words) > 1 else None for u in units]
        js = [j for j, (u, p) in enumerate(zip(units, words_of)) if p and p[0] == tuple(u.words)]
        if not js:
            return out
        stems = [st for j in js for st in words_of[j][0]]
        surfaces = [w for j in js for w in words_of[j][1]]
        sizes = np.array([len(words_of[j][0]) for j in js])
        # the unit pairs: position i (words i, i + 1 of the concatenation) within one unit, and their owner
        starts = np.cumsum(sizes) - sizes
        pair_at = np.concatenate([np.arange(lo, lo + n - 1) for lo, n in zip(starts, sizes)])
        pair_owner = np.repeat(np.arange(len(js)), sizes - 1)
        pair_ids: dict = {}
        unit_pair = np.array([pair_ids.setdefault((stems[i], stems[i + 1]), len(pair_ids)) for i in pair_at])
        ids: dict = {}
        a = np.array([ids.setdefault(st, len(ids)) for st in stems], dtype=np.int64)
        a_plain = np.array([i for i, w in enumerate(surfaces) if w], dtype=np.int64)
        a_vectors = self._vectors([surfaces[i] for i in a_plain]) if len(a_plain) else None
        for r, (t_stems, t_surfaces) in enumerate(text_words_):
            if len(t_stems) < 2:
                continue
            b = np.array([ids.get(st, -1) for st in t_stems], dtype=np.int64)
            b_plain = [k for k, w in enumerate(t_surfaces) if w]
            near = None
            if len(a_plain) and b_plain:
                cos = dot_products(a_vectors, self._vectors([t_surfaces[k] for k in b_plain]))
                near = np.clip((cos - self.floor) / (1.0 - self.floor), 0.0, 1.0)
            best_pair = np.zeros(len(a) - 1)  # each unit pair's best adjacent text pair, in row blocks
            for lo in range(0, len(a) - 1, PAIR_ROWS):
                rows = np.arange(lo, min(lo + PAIR_ROWS + 1, len(a)))
                match = (a[rows, None] == b[None, :]).astype(np.float64)  # a(w, v): 1 for the same stem
                if near is not None:  # the plain unit words of these rows (a_plain is sorted)
                    mine = slice(np.searchsorted(a_plain, rows[0]), np.searchsorted(a_plain, rows[-1], "right"))
                    if mine.stop > mine.start:
                        block = np.ix_(a_plain[mine] - lo, b_plain)
                        match[block] = np.maximum(match[block], near[mine])
                best_pair[lo:lo + len(rows) - 1] = np.minimum(match[:-1, :-1], match[1:, 1:]).max(axis=1)
            text_pairs = {pair_ids[p] for p in zip(t_stems, t_stems[1:]) if p in pair_ids}
            absent = ~np.isin(unit_pair, list(text_pairs))  # a pair the text has is credited exactly, once
            said_otherwise = np.bincount(pair_owner, weights=np.where(absent, best_pair[pair_at], 0.0),
                                         minlength=len(js))
            out[r, js] += said_otherwise / (sizes - 1)
        return out

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        if not units:
            return np.zeros(0)
        return self._presence_rows(list(units), [summary])[0]

    def presence_in_sentences(self, passages: Sequence[Sequence[str]], summary: str,
                              sentences: Sequence[str]) -> List[np.ndarray]:
        """Presence of each piece against the whole summary (row 0) and each of its sentences (rows 1..; none when
        it has fewer than two); the vectors of every word involved are fetched once."""
        texts = [summary] + (list(sentences) if len(sentences) > 1 else [])
        flat = [u for p in passages for u in p]
        rows = self._presence_rows(flat, texts) if flat else np.zeros((len(texts), 0))
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

    def presence_note(self) -> str:
        return (f"a content word the summary says in other words (written in plain lower-case letters, not a name, "
                f"a figure or a number word) counts its similarity to the summary's closest word, from 0 at cosine "
                f"{self.floor:g} to 1 (static MiniLM word vectors)")

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return (f"soft(recall+static-cosine,word-pairs:static-cosine,layer:{self.layer},floor:{self.floor:g},"
                f"plain-words,number-words:exact,{encoder_signature(self.model)})")


register_matcher("soft", SoftRecallMatcher, help="content-word recall with a missing plain word credited by its "
                 "meaning (static MiniLM word vectors, cosine above a floor); names and figures must match exactly",
                 resolves={"threshold": 0.55})
