"""Contextual soft presence: a unit's content words aligned to the summary's words (greedy alignment).

The presence of a unit u in a summary s is the mean, over u's content words w (all its words when it
has no content word), of

    a(w, s) = 1                                              if w's stem occurs in s (exact stemmed match)
    a(w, s) = 0                                              if w is a figure or an acronym s lacks,
    a(w, s) = max(0, (max_v cos(e_w, e_v) - b) / (1 - b))    otherwise,

where v runs over the words of s and e_w, e_v are contextual word vectors: the states of layer ``LAYER``
of all-MiniLM-L6-v2 (:func:`pyramid_metric.encoder.token_vectors`), the word pieces of a word
mean-pooled, L2-normalised.  This is the recall side of BERTScore's greedy matching (Zhang et al. 2020,
"BERTScore: Evaluating Text Generation with BERT", Eq. 1 for R_BERT) restricted to a unit's content words,
with exact stemmed matches credited in full and cosines below the floor b counted as absent, as
BERTScore's baseline rescaling does for the aggregate (its section on baseline rescaling).  A figure or an
acronym (a word with a digit, "2021", "7%"; a number word, "two", "thousands"; two or more capitals, "NATO":
:func:`is_figure_or_acronym`) is credited only when the summary has the same word, a number word and its figure
in digits being the same word ("two" and "2"): the contextual states of "2020" and "2021", or of "two" and
"nine", are close, and a paraphrase with the wrong figure must earn nothing for it.

Context: the summary is encoded once, as a whole.  A unit given alone (:meth:`presence`) is encoded
alone; units given as consecutive pieces of a passage (:meth:`presence_in_context`, e.g. the EDUs of a
reference) are read from one encoding of the passage, so "he" or "that showed" are judged with the words
around them.  Each distinct text is encoded once (cached), whatever the number of units.

The layer and the floor were chosen on REALSumm dev among 4 layers x 5 floors, the choice repeated inside
cross-validation, and checked on GUMSum leave-one-out (``docs/align.md``); no weight is trained.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..options import register_matcher
from ..text import _stop_stems, number_value, stem, word_matches
from .base import Matcher, dot_products

LAYER = 5  # MiniLM-L6 layer whose states are compared (0 = embeddings)
FLOOR = 0.5  # b: cosines at or below it count as absent; 1 at cosine 1
UNIT_WORDS_CACHE = 100_000  # words of unit passages kept with their vectors (about 150 MB of float32 at 384 dims)


def _passage_text(pieces: Sequence[str]) -> str:
    """The text a passage is encoded as: its pieces joined by a space."""
    return " ".join(pieces)


class _Words:
    """The words of a text: stems, content flags, contextual vectors (one row per word) and, for a unit's words,
    which are figures or acronyms (:func:`is_figure_or_acronym`; None for a summary's words, never looked up)."""

    __slots__ = ("stems", "content", "vectors", "fixed")

    def __init__(self, stems: List[str], content: np.ndarray, vectors: np.ndarray,
                 fixed: Optional[np.ndarray] = None):
        self.stems, self.content, self.vectors, self.fixed = stems, content, vectors, fixed


def is_figure_or_acronym(word: str) -> bool:
    """A word with a digit ("2021", "7%", "COVID-19"'s "19"), a number word ("two", "thousands") or an acronym
    (two or more letters, all upper case: "NATO"): words that only the same word may stand for."""
    return (any(c.isdigit() for c in word) or number_value(word) is not None
            or (len(word) > 1 and word.isupper()))


def word_spans(text: str) -> List[Tuple[int, int, str]]:
    """(start, end, stem) of every word, the words of :func:`pyramid_metric.text.words` with their spans; a number
    word's stem is its figure in digits ("two" -> "2"), so that it is the same word as the figure written so."""
    return [(a, b, number_value(w) or stem(w.lower())) for a, b, w in word_matches(text)]


def pool_words(spans: Sequence[Tuple[int, int]], offsets: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Mean of the vectors of the word pieces that overlap each character span, L2-normalised (a zero row
    for a span no piece covers).  A text's pieces (``offsets``, empty ones left out) follow each other, so the
    pieces a span overlaps are consecutive: those ending after its start and starting before its end."""
    out = np.zeros((len(spans), vectors.shape[1]), dtype=np.float32)
    if not len(spans) or not len(offsets):
        return out
    real = offsets[:, 1] > offsets[:, 0]
    starts, ends, kept = offsets[real, 0], offsets[real, 1], vectors[real]
    bounds = np.asarray(spans, dtype=np.int64).reshape(-1, 2)
    first = np.searchsorted(ends, bounds[:, 0], side="right")
    stop = np.searchsorted(starts, bounds[:, 1], side="left")
    alone = stop - first == 1  # most words are one piece: its vector is their mean
    out[alone] = kept[first[alone]]
    for i in np.flatnonzero(stop - first > 1):
        out[i] = kept[first[i]:stop[i]].mean(0)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.maximum(norms, 1e-12)


class AlignMatcher(Matcher):
    """Presence = mean over a unit's content words of their best contextual cosine in the summary
    (rescaled above a floor), 1 for an exact stemmed match."""

    name = "align"
    reads_context = True

    def __init__(self, layer: int = LAYER, floor: float = FLOOR, model: Optional[str] = None):
        if isinstance(layer, bool) or not isinstance(layer, int) or layer < 0:
            raise ValueError(f"AlignMatcher: `layer` must be an int >= 0, got {layer!r}")
        if isinstance(floor, bool) or not isinstance(floor, (int, float)) or not 0.0 <= floor < 1.0:
            raise ValueError(f"AlignMatcher: `floor` must be a number in [0, 1), got {floor!r}")
        self.layer, self.floor, self.model = layer, float(floor), model
        # the units' words and vectors by passage, kept across calls as the pyramids are (LRU by word count)
        self._kept_units: "OrderedDict[Tuple[str, ...], List[_Words]]" = OrderedDict()
        self._kept_word_count = 0
        self._lock = threading.Lock()

    # -- encoding ---------------------------------------------------------------------------------
    def prepare(self, texts: Sequence[str]) -> None:
        """Encode the texts of a scoring batch at once (cached), so that later calls only look up."""
        from ..encoder import token_vectors

        token_vectors(list(dict.fromkeys(t for t in texts if isinstance(t, str))), self.layer, self.model)

    def prepare_summaries(self, summaries: Sequence[str], sentences: Sequence[Sequence[str]],
                          passages: Sequence[Sequence[str]] = ()) -> None:
        """Encode the batch's summaries and ``passages`` at once, as :meth:`presence_in_sentences` reads them: a
        summary of several sentences as its sentences joined by a space, a passage as its pieces joined (unless
        its words are kept from an earlier call)."""
        with self._lock:
            new = [pieces for pieces in passages if tuple(pieces) not in self._kept_units]
        self.prepare([_passage_text(sents) if len(sents) > 1 else summary
                      for summary, sents in zip(summaries, sentences)]
                     + [_passage_text(pieces) for pieces in new])

    def keep_texts(self, texts: Sequence[str]) -> None:
        """Encode, in one batch, the ``texts`` that belong to the pyramids and are read whole as a summary is (the
        references as the precision side reads them) and keep their words with the units' words, each a passage of
        one piece: a later batch of new summaries against the same references encodes only the summaries."""
        self._units_words([[t] for t in dict.fromkeys(texts) if isinstance(t, str)])

    def _text_words(self, pieces: Sequence[str]) -> List[_Words]:
        """The words of a summary given as its ``pieces`` (its sentences, or the whole text), read inside the
        whole; a text kept as a passage of one piece (:meth:`keep_texts`) is looked up, not encoded again (its
        words are the same; the figures and acronyms it marks are read only on a unit's side)."""
        if len(pieces) == 1:
            key = (pieces[0],)
            with self._lock:
                kept = self._kept_units.get(key)
                if kept is not None:
                    self._kept_units.move_to_end(key)
                    return kept
        (parts,) = self._passage_words([pieces], units=False)
        return parts

    def _units_words(self, passages: Sequence[Sequence[str]]) -> List[List[_Words]]:
        """:meth:`_passage_words` of the units' passages, figures and acronyms marked, kept across calls (the
        words of a passage depend on its text only): a pyramid's units are read once, not once per summary."""
        keys = [tuple(pieces) for pieces in passages]
        with self._lock:
            found = {k: self._kept_units[k] for k in keys if k in self._kept_units}
            for k in found:
                self._kept_units.move_to_end(k)
        todo = list(dict.fromkeys(k for k in keys if k not in found))
        if todo:
            found.update(zip(todo, self._passage_words(todo, units=True)))
            with self._lock:
                for k in todo:
                    if k not in self._kept_units:
                        self._kept_units[k] = found[k]
                        self._kept_word_count += sum(len(w.stems) for w in found[k])
                while self._kept_word_count > UNIT_WORDS_CACHE and len(self._kept_units) > 1:
                    _, old = self._kept_units.popitem(last=False)
                    self._kept_word_count -= sum(len(w.stems) for w in old)
        return [found[k] for k in keys]

    def _passage_words(self, passages: Sequence[Sequence[str]], units: bool) -> List[List[_Words]]:
        """Words of each piece of each passage, their vectors read from one encoding of the whole passage
        (pieces joined by a space); the units' passages (``units``) also mark their figures and acronyms, which
        the summary's words never need."""
        from ..encoder import token_vectors

        texts, bounds = [], []
        for pieces in passages:
            at, spans = 0, []
            for piece in pieces:
                spans.append(at)
                at += len(piece) + 1
            texts.append(_passage_text(pieces))
            bounds.append(spans)
        encoded = token_vectors(texts, self.layer, self.model)
        stops = _stop_stems()
        out = []
        for pieces, starts, tv in zip(passages, bounds, encoded):
            spans = [[(a + s, a + e, st) for s, e, st in word_spans(piece)] for piece, a in zip(pieces, starts)]
            text = _passage_text(pieces)
            flat = [sp for group in spans for sp in group]
            vecs = pool_words([(s, e) for s, e, _ in flat], tv.offsets, tv.vectors)
            words, k = [], 0
            for group in spans:
                stems = [st for _, _, st in group]
                fixed = (np.array([is_figure_or_acronym(text[a:b]) for a, b, _ in group], dtype=bool)
                         if units else None)
                words.append(_Words(stems, np.array([st not in stops for st in stems], dtype=bool),
                                    vecs[k:k + len(group)], fixed))
                k += len(group)
            out.append(words)
        return out

    # -- presence ---------------------------------------------------------------------------------
    def _align(self, unit: _Words, summary: _Words, summary_stems: frozenset) -> float:
        """Mean over the unit's content words (all words if none) of their alignment credit a(w, s)."""
        if not unit.stems or not summary.stems:
            return 0.0
        keep = unit.content if unit.content.any() else np.ones(len(unit.stems), dtype=bool)
        exact = np.array([st in summary_stems for st, k in zip(unit.stems, keep) if k], dtype=bool)
        best = dot_products(unit.vectors[keep], summary.vectors).max(axis=1)
        soft = np.clip((best - self.floor) / (1.0 - self.floor), 0.0, 1.0)
        soft[unit.fixed[keep]] = 0.0  # a figure or acronym the summary lacks earns nothing (exact: 1 below)
        return float(np.where(exact, 1.0, soft).mean())

    def presence_in_context(self, passages: Sequence[Sequence[str]], summary: str) -> List[np.ndarray]:
        """Presence of every piece of every passage; pieces are read inside their passage."""
        return [rows[0] for rows in self.presence_in_sentences(passages, summary, ())]

    def presence_in_sentences(self, passages: Sequence[Sequence[str]], summary: str,
                              sentences: Sequence[str]) -> List[np.ndarray]:
        """Presence against the whole summary (row 0) and each sentence (rows 1..), the summary encoded once
        as its sentences joined: a sentence's words are read inside the summary, as units inside their
        passage."""
        if not isinstance(summary, str):
            raise ValueError(f"presence: `summary` must be a str, got {type(summary).__name__}")
        passages = [list(p) for p in passages]
        pieces = list(sentences) if len(sentences) > 1 else [summary]
        n_rows = 1 if len(pieces) == 1 else 1 + len(pieces)
        if not any(passages):
            return [np.zeros((n_rows, len(p))) for p in passages]
        return self._presence_rows(self._units_words(passages), self._text_words(pieces))

    def _presence_rows(self, units: Sequence[Sequence[_Words]], parts: Sequence[_Words]) -> List[np.ndarray]:
        """For each passage's units, their presence against the whole summary (row 0) and each of its ``parts``
        (rows 1.., when there are several): the summary's sentences, read inside the summary."""
        n_rows = 1 if len(parts) == 1 else 1 + len(parts)
        if len(parts) == 1:
            targets = parts
        else:  # the whole summary is its sentences' words together
            targets = [_Words([st for w in parts for st in w.stems], np.concatenate([w.content for w in parts]),
                              np.vstack([w.vectors for w in parts])), *parts]
        stems = [frozenset(t.stems) for t in targets]
        return [np.array([[self._align(u, t, st) for u in group] for t, st in zip(targets, stems)],
                         dtype=float).reshape(n_rows, len(group)) for group in units]

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        """Presence of each unit, each unit encoded alone."""
        if not units:
            return np.zeros(0)
        return np.concatenate(self.presence_in_context([[u] for u in units], summary))

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        """S[i, j] = presence of pyramid unit j in summary span i (each span and unit encoded alone)."""
        out = np.zeros((len(summary), len(pyramid)))
        if not pyramid:
            return out
        for i, span in enumerate(summary):
            out[i] = self.presence([p.text for p in pyramid], span.text)
        return out

    def signature(self) -> str:
        from ..encoder import encoder_signature

        return (f"align(layer:{self.layer},words:mean-pieces,floor:{self.floor:g},exact-stem:1,"
                f"figures+number-words:exact,"
                f"{encoder_signature(self.model)})")


register_matcher("align", AlignMatcher, help="contextual MiniLM word alignment")
