"""The ``Matcher`` interface: a |C| x |P| similarity matrix between summary spans and pyramid units."""
from __future__ import annotations

import os
import threading
from abc import ABC, abstractmethod
from collections import namedtuple
from functools import lru_cache
from typing import List, Optional, Sequence

import numpy as np

from ..text import bigram_counts, bigram_hits, words

TextSpan = namedtuple("TextSpan", "text words")


def text_span(text: str) -> TextSpan:
    """A span (``.text``, ``.words``) for a plain string, words counted as everywhere else (``text.words``)."""
    return TextSpan(text, tuple(words(text)))


@lru_cache(maxsize=1)
def _blas_threads():
    """The controller of the BLAS libraries numpy loaded (threadpoolctl)."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _new_blas_lock() -> None:
    """A fresh lock for the products on one BLAS thread (also in a forked child, where a lock its parent held while
    forking would stay held)."""
    global _ONE_BLAS_THREAD
    _ONE_BLAS_THREAD = threading.Lock()


_new_blas_lock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_blas_lock)


def dot_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b.T`` (rows of vectors against rows of vectors: cosines of unit vectors) with the same bits for any
    number of threads: numpy's BLAS (OpenBLAS) splits a large product by its thread count, which moves the last bits
    of a score with the number of threads, so the product runs on one BLAS thread (one product at a time: the
    thread count is the library's own setting)."""
    with _ONE_BLAS_THREAD, _blas_threads().limit(limits=1, user_api="blas"):
        return a @ b.T


def exact_bigram_shares(units: Sequence, texts: Sequence[str],
                        text_words: Optional[Sequence[Sequence[str]]] = None) -> np.ndarray:
    """(len(texts), len(units)): the share of each unit's word bigrams (its ``.words``, stemmed) found in each
    text, clipped as ROUGE-2 counts them (a pair the unit has k times is found min(k, its count) times); 0 for a
    unit of fewer than two words.  ``text_words``: each text's ``text.words``, when the caller has them."""
    out = np.zeros((len(texts), len(units)))
    unit_bigrams = [(j, bigram_counts(u.words), len(u.words) - 1) for j, u in enumerate(units) if len(u.words) > 1]
    for r, text in enumerate(texts):
        text_bigrams = bigram_counts(words(text) if text_words is None else text_words[r])
        for j, bigrams, n in unit_bigrams:
            out[r, j] = bigram_hits(bigrams, text_bigrams) / n
    return out


class Matcher(ABC):
    """Compares spans that have ``.text`` and ``.words``; similarities lie in [0, 1]."""

    name = "matcher"
    reads_context = False  # True: presence_in_context encodes each passage once and judges units inside it

    @abstractmethod
    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        """Matrix S with S[i, j] = similarity of summary span i to pyramid unit j."""

    def prepare(self, texts: Sequence[str]) -> None:
        """Precompute, in one batch, what :meth:`similarities` will need for these texts (no-op by default)."""

    def prepare_summaries(self, summaries: Sequence[str], sentences: Sequence[Sequence[str]],
                          passages: Sequence[Sequence[str]] = ()) -> None:
        """Precompute, in one batch, what :meth:`presence_in_sentences` will need for these summaries, their
        sentences and the ``passages`` judged against them (default: :meth:`prepare` of every summary, sentence
        and piece of a passage)."""
        self.prepare(list(summaries) + [s for sents in sentences if len(sents) > 1 for s in sents]
                     + [piece for pieces in passages for piece in pieces])

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        """P(each unit is expressed somewhere in the summary), in [0, 1].

        Default: the similarity of each unit to the whole summary taken as one
        span (for LCS: the share of the unit's words the summary covers in order).
        Learned matchers override this with a trained probability.
        """
        if not units:
            return np.zeros(0)
        sim = self.similarities([text_span(summary)], [text_span(u) for u in units])
        return np.clip(sim[0], 0.0, 1.0)

    def expressed(self, units: Sequence[str], text: str) -> np.ndarray:
        """Whether ``text`` (another reference) expresses each unit, in [0, 1], for the weights of a pyramid of
        several references (expressed at 0.5 or more).  Default: :meth:`presence`; a matcher whose presence has
        no calibrated cut overrides it."""
        return self.presence(units, text)

    def presence_in_context(self, passages: Sequence[Sequence[str]], summary: str) -> List[np.ndarray]:
        """Presence of units given as consecutive pieces of passages (e.g. the EDUs of a reference), one
        array per passage.  Default: each unit judged alone (:meth:`presence`); matchers that read context
        (``reads_context = True``) encode each passage once and judge its units inside it."""
        flat = [u for p in passages for u in p]
        p = self.presence(flat, summary) if flat else np.zeros(0)
        cuts = np.cumsum([len(x) for x in passages])[:-1]
        return list(np.split(np.asarray(p, dtype=float), cuts)) if passages else []

    def presence_in_sentences(self, passages: Sequence[Sequence[str]], summary: str,
                              sentences: Sequence[str]) -> List[np.ndarray]:
        """Presence of the pieces of each passage against the whole summary (row 0) and against each of its
        ``sentences`` (rows 1..; none when the summary has fewer than two), one array of shape (rows, pieces)
        per passage.  Default: :meth:`presence_in_context` against each text; matchers that read context
        read the sentences inside the summary (one encoding)."""
        targets = [summary] + (list(sentences) if len(sentences) > 1 else [])
        rows = [self.presence_in_context(passages, text) for text in targets]
        return [np.vstack([np.asarray(r[g], dtype=float) for r in rows]) for g in range(len(passages))]

    def bigram_shares(self, units: Sequence, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), len(units)): the share of each unit's word bigrams found in each text (spans with
        ``.text`` and ``.words``), clipped as ROUGE-2 counts them; 0 for a unit of fewer than two words.
        Default: exact words (:func:`exact_bigram_shares`); a matcher that reads meaning may also credit a pair
        said in other words."""
        return exact_bigram_shares(units, texts)

    def presence_note(self) -> str:
        """One sentence for explanations on how this matcher credits words, or "" when the presence rule's own
        note says it all."""
        return ""

    def signature(self) -> str:
        return self.name
