"""A segmented text: the cleaned string, its EDUs, and each EDU's words.

Every method works on :class:`Document` objects so that a text is cleaned,
parsed and segmented once, and every length (l(.) in Hirao et al. 2018) is counted in
the same ROUGE-style words.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import List, Sequence

from . import text as textlib
from .segment import EDU, Segmenter


@dataclass(frozen=True)
class Document:
    """``text`` (cleaned), its ``edus`` and ``edu_words[i]`` = stemmed words of EDU i."""

    text: str
    edus: List[EDU]
    edu_words: List[List[str]] = field(repr=False)

    @property
    def n_words(self) -> int:
        return sum(len(w) for w in self.edu_words)

    def edu_lengths(self) -> List[int]:
        """l(e_j): length of each EDU in words."""
        return [len(w) for w in self.edu_words]

    def edu_of_char(self, offset: int) -> int:
        """Index of the EDU that contains character ``offset`` (the nearest one before it otherwise)."""
        starts = [e.start for e in self.edus]
        return max(0, bisect.bisect_right(starts, offset) - 1)

    def sentences(self) -> List[int]:
        """Sentence index of each EDU."""
        return [e.sentence for e in self.edus]


# Sentence ends of many scripts: . ! ? and the full-width, Arabic, Devanagari and Ethiopic ones, or a line break.
_SENTENCE_END = re.compile(r"[^\n.!?。！？؟۔।॥።]*(?:[.!?。！？؟۔।॥።]+|\n|$)")


def punctuation_sentences(text: str) -> List[EDU]:
    """Sentences cut at sentence-final punctuation and line breaks, whitespace trimmed: the units of text in
    scripts that the (English) EDU segmenter cannot read, the same whatever surrounds them."""
    out: List[EDU] = []
    for m in _SENTENCE_END.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append(EDU(text[start:end], start, end, len(out)))
    return out


def make_documents(texts: Sequence[str], segmenter: Segmenter, clean: bool = True) -> List[Document]:
    """Clean, segment (batched) and tokenize texts; EDUs without any word are dropped.

    Text written mostly in non-Latin scripts is cut into sentences at their punctuation instead
    (:func:`punctuation_sentences`): the EDU segmenters are trained on English.
    """
    cleaned = [textlib.clean_text(t) if clean else t for t in texts]
    other = {i for i, t in enumerate(cleaned) if textlib.mostly_non_latin(t)}
    english = [t for i, t in enumerate(cleaned) if i not in other]
    segmented = iter(segmenter.segment_many(english) if english else [])
    edu_lists = [punctuation_sentences(t) if i in other else next(segmented) for i, t in enumerate(cleaned)]
    docs = []
    for t, edus in zip(cleaned, edu_lists):
        pairs = [(e, textlib.words(e.text)) for e in edus]
        pairs = [(e, w) for e, w in pairs if w]
        docs.append(Document(t, [e for e, _ in pairs], [w for _, w in pairs]))
    return docs


@dataclass(frozen=True)
class Span:
    """A piece of text and its words: what matchers compare (summary EDUs, pyramid units, SCUs)."""

    text: str
    words: tuple


def spans(doc: Document) -> List[Span]:
    """The EDUs of a document as :class:`Span` objects."""
    return [Span(e.text, tuple(w)) for e, w in zip(doc.edus, doc.edu_words)]
