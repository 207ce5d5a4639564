"""Atomic units of the oracle ILP (seed 000, Eq. 8-18): word bigrams and Basic Elements.

An occurrence of a unit in a segmented source knows the EDU of its left and of
its right element; a unit that spans two EDUs counts only when both are
extracted (Eq. 13-14).  Basic Elements follow Hovy et al. (seed 001): heads of
noun, verb, adjective and adverb phrases and head|modifier|relation triples
from a dependency parse (spaCy here, Minipar/Charniak in the paper), lemmatized
and lower-cased, with compounds and phrasal-verb particles folded into their
head and prepositions folded into the relation ("indict|bombing|for").
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Dict, Hashable, List, Tuple

from . import text as textlib
from .document import Document

# Parts of speech whose words can be BE heads or modifiers.
CONTENT_POS = {"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"}
# Dependencies folded into the head word (multi-word heads), as the BE breakers do.
FOLDED_DEPS = {"compound", "flat", "prt", "fixed"}
# Dependencies that are not head-modifier relations between content words.
SKIPPED_DEPS = {"punct", "det", "aux", "auxpass", "cc", "case", "mark", "expl", "dep", "ROOT", "predet", "intj"}


@dataclass(frozen=True)
class Occurrence:
    """One occurrence of ``unit`` whose elements lie in EDUs ``left`` and ``right`` (equal when inside one)."""

    unit: Hashable
    left: int
    right: int


def bigram_occurrences(doc: Document) -> List[Occurrence]:
    """Stemmed word bigrams inside each sentence, with the EDUs of both words (ROUGE-2 units)."""
    out: List[Occurrence] = []
    prev_word, prev_edu, prev_sent = None, None, None
    for j, (edu, ws) in enumerate(zip(doc.edus, doc.edu_words)):
        if edu.sentence != prev_sent:
            prev_word = None
        for w in ws:
            if prev_word is not None:
                out.append(Occurrence((prev_word, w), prev_edu, j))
            prev_word, prev_edu = w, j
        prev_sent = edu.sentence
    return out


def unit_counts(occurrences: List[Occurrence]) -> Counter:
    """N(u, X): number of occurrences of each unit (Eq. 8)."""
    return Counter(o.unit for o in occurrences)


def _head_text(tok, lemmas: bool = True) -> str:
    """Lemma (or lower-cased word) of a head with its compound / flat / particle dependents folded in."""
    parts = [c for c in tok.children if c.dep_ in FOLDED_DEPS and not c.is_punct]
    toks = sorted(parts + [tok], key=lambda t: t.i)
    return " ".join((t.lemma_ if lemmas else t.text).lower() for t in toks)


def _is_content(tok) -> bool:
    """Nouns, numbers and main verbs always; adjectives and adverbs unless they are stop words."""
    return tok.pos_ in {"NOUN", "PROPN", "NUM", "VERB"} or (tok.pos_ in CONTENT_POS and not tok.is_stop)


def basic_elements(doc_spacy, relations: bool = True, lemmas: bool = True) -> List[Tuple[tuple, int, int]]:
    """BE triples of a spaCy doc: ((head, modifier, relation), head_char, modifier_char).

    With ``relations=False`` the relation is dropped (BE-HM); otherwise BE-HMR.
    With ``lemmas=False`` heads and modifiers are lower-cased words (seed 001's
    lexical identity) instead of lemmas (its lemma identity).
    Prepositional objects attach to the preposition's governor with the
    preposition as relation: "indicted for the bombing" -> (indict, bombing, for).
    """
    out = []
    for tok in doc_spacy:
        if tok.dep_ in FOLDED_DEPS or tok.dep_ in SKIPPED_DEPS or tok.is_punct or tok.is_space:
            continue
        head, rel = tok.head, tok.dep_
        if head is tok or not _is_content(tok):
            continue
        if head.dep_ == "prep" or head.pos_ == "ADP":  # fold the preposition into the relation
            rel = (head.lemma_ if lemmas else head.text).lower()
            head = head.head
            if head.dep_ == "prep" or head.pos_ == "ADP":
                continue
        if not _is_content(head) or head is tok:
            continue
        triple = (_head_text(head, lemmas), _head_text(tok, lemmas), rel.lower() if relations else "")
        out.append((triple, head.idx, tok.idx))
    return out


def be_occurrences(doc: Document, relations: bool = True) -> List[Occurrence]:
    """Basic Element triples of a segmented document with the EDUs of head and modifier (Figure 2)."""
    if not doc.edus:  # nothing with words survived segmentation (e.g. only symbols)
        return []
    spacy_doc = textlib.parse(doc.text)
    return [Occurrence(unit, doc.edu_of_char(h), doc.edu_of_char(m))
            for unit, h, m in basic_elements(spacy_doc, relations)]


UNIT_EXTRACTORS = {"rouge": bigram_occurrences, "be": be_occurrences}


def occurrences(doc: Document, units: str) -> List[Occurrence]:
    """Occurrences of ``units`` ('rouge' = bigrams, 'be' = Basic Elements) in a document."""
    if units not in UNIT_EXTRACTORS:
        raise ValueError(f"Unknown unit type {units!r}; choose one of {sorted(UNIT_EXTRACTORS)}")
    return UNIT_EXTRACTORS[units](doc)


def occurrences_by_unit(occs: List[Occurrence]) -> Dict[Hashable, List[Occurrence]]:
    """V_i of Eq. (12): the occurrences of each unit."""
    by: Dict[Hashable, List[Occurrence]] = {}
    for o in occs:
        by.setdefault(o.unit, []).append(o)
    return by
