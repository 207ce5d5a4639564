"""The ``Segmenter`` interface: text -> Elementary Discourse Units with character offsets.

Every segmenter returns :class:`EDU` objects whose ``start``/``end`` index into
the exact string it was given, so explanations can highlight the original
text.  Segmenters that tag words (the transformer and bi-LSTM models) derive
from :class:`TokenTaggingSegmenter`, which owns sentence splitting, tokenization
(spaCy) and offset bookkeeping; a subclass only decides which words begin an EDU.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import List, Sequence

from .. import text as textlib


@dataclass(frozen=True)
class EDU:
    """One elementary discourse unit: ``source_text[start:end] == text``; ``sentence`` is its sentence index."""

    text: str
    start: int
    end: int
    sentence: int


def _check_text(text, argument: str = "text") -> None:
    if not isinstance(text, str):
        raise TypeError(f"Segmenter.segment: `{argument}` must be a str, got {type(text).__name__}")


class Segmenter(ABC):
    """Splits text into EDUs.  Subclasses set ``name`` and implement :meth:`segment_many`."""

    name: str = "segmenter"

    def segment(self, text: str) -> List[EDU]:
        """EDUs of one text, in order, covering every non-space character. Empty text -> []."""
        _check_text(text)
        return self.segment_many([text])[0]

    @abstractmethod
    def segment_many(self, texts: Sequence[str]) -> List[List[EDU]]:
        """EDUs of several texts (batched where the segmenter can batch)."""

    def signature(self) -> str:
        """Short reproducibility tag, e.g. ``sentence`` or ``transformer-minilm@1.0``."""
        return self.name


def sentence_tokens(doc) -> List[list]:
    """The non-space spaCy tokens of each sentence of a parsed doc.

    Line breaks also end a sentence: headlines, paragraphs and CNN/DM ``<t>``
    tags (turned into line breaks by ``clean_text``) never run into the next line.
    """
    sentences = []
    for sent in doc.sents:
        toks = []
        for t in sent:
            if t.is_space or "\n" in t.text_with_ws[len(t.text):] or "\n" in t.text:
                if not t.is_space:
                    toks.append(t)
                if "\n" in t.text_with_ws and toks:
                    sentences.append(toks)
                    toks = []
                continue
            toks.append(t)
        if toks:
            sentences.append(toks)
    return sentences


def token_spans(tokens) -> List[tuple]:
    """(start_char, end_char, token_text) of spaCy tokens."""
    return [(t.idx, t.idx + len(t.text), t.text) for t in tokens]


def sentence_token_spans(doc) -> List[List[tuple]]:
    """:func:`token_spans` of the non-space tokens of each sentence (:func:`sentence_tokens`)."""
    return [token_spans(toks) for toks in sentence_tokens(doc)]


def edus_from_begins(text: str, sentences: List[List[tuple]], begins: List[List[bool]]) -> List[EDU]:
    """Cut ``text`` into EDUs: a new EDU starts at each sentence start and at each token tagged as a beginning.

    An EDU runs from its first token to the end of the last token before the
    next EDU, so EDUs cover all tokens and keep the original whitespace inside.
    """
    edus: List[EDU] = []
    for s_idx, (toks, tags) in enumerate(zip(sentences, begins)):
        cut = [0] + [i for i in range(1, len(toks)) if tags[i]]
        for a, b in zip(cut, cut[1:] + [len(toks)]):
            start, end = toks[a][0], toks[b - 1][1]
            edus.append(EDU(text[start:end], start, end, s_idx))
    return edus


class SentenceSegmenter(Segmenter):
    """Each sentence is one unit (spaCy's sentence splitter): the baseline configuration ``sentence``."""

    name = "sentence"

    def segment_many(self, texts: Sequence[str]) -> List[List[EDU]]:
        for i, t in enumerate(texts):
            _check_text(t, f"texts[{i}]")
        docs = textlib.parse_many(list(texts))
        out = []
        for t, doc in zip(texts, docs):
            sents = sentence_token_spans(doc)
            out.append(edus_from_begins(t, sents, [[False] * len(s) for s in sents]))
        return out

    def signature(self) -> str:
        return f"sentence({textlib.spacy_model_name()})"


class TokenTaggingSegmenter(Segmenter):
    """Base of the word-tagging segmenters: spaCy sentences and tokens, then :meth:`predict_begins`."""

    reads_syntax = False  # True: predict_begins takes spaCy syntax features (see .syntax)

    @abstractmethod
    def predict_begins(self, sentences: List[List[str]], features=None) -> List[List[bool]]:
        """For each sentence (a list of word strings), whether each word begins an EDU.

        ``features``: per-word syntax features (:mod:`.syntax`) for segmenters
        that read them; they are computed from ``sentences`` when omitted.
        """

    def segment_many(self, texts: Sequence[str]) -> List[List[EDU]]:
        for i, t in enumerate(texts):
            _check_text(t, f"texts[{i}]")
        docs = textlib.parse_many(list(texts))
        token_lists = [sentence_tokens(doc) for doc in docs]
        spans = [[token_spans(toks) for toks in doc_sents] for doc_sents in token_lists]
        flat = [[w for _, _, w in s] for doc_sents in spans for s in doc_sents]
        features = None
        if self.reads_syntax:  # the text's own parse: no second spaCy pass
            from .syntax import token_features

            features = [token_features(toks) for doc_sents in token_lists for toks in doc_sents]
        tags = self.predict_begins(flat, features=features) if flat else []
        out, k = [], 0
        for t, doc_sents in zip(texts, spans):
            out.append(edus_from_begins(t, doc_sents, tags[k:k + len(doc_sents)]))
            k += len(doc_sents)
        return out
