"""Atomic units of the oracle ILP (Hirao et al. 2018, Eq. 8-18): word bigrams and Basic Elements.

An occurrence of a unit in a segmented source knows the EDU of its left and of
its right element; a unit that spans two EDUs counts only when both are
extracted (Eq. 13-14).  Basic Elements follow Hovy et al. (2006), section 3.2
(the BE-F breaker): the heads of noun, verb, adjective and adverb phrases
alone, and head|modifier|relation triples from a dependency parse (spaCy here,
Minipar in BE-F): compounds are modifiers with relation "nn"
("bombing|lockerbie|nn"), multi-word proper names and phrasal-verb particles
are folded into one head ("united nations", "turned over"), prepositions
become the relation ("indicted|bombing|for"), and spaCy's labels are renamed
to Minipar's where BE-F shows them (passive subjects are objects, "obj").

Hirao et al. (2018) took the head-modifier-relation triples of their Prop(BE)
from the Stanford parser's typed dependencies (section 4 and Figure 2:
"<has, computer, rcmod>"), not from a BE breaker; the package uses the BE-F
breaker above for Prop(BE) as for ``method="be"``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Dict, Hashable, List, Tuple

from . import text as textlib
from .document import Document

# Parts of speech whose words can be BE heads or modifiers.
CONTENT_POS = {"NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM"}
# Dependencies folded into the head word (multi-word heads: BE-F's single parse-tree nodes for names and
# verbal idioms).  A "compound" is folded only between proper nouns ("Kofi Annan", "United Nations"); other
# compounds are modifiers ("bombing|lockerbie|nn", Hovy et al. 2006, section 3.2).
FOLDED_DEPS = {"flat", "prt", "fixed"}
# Dependencies that are not head-modifier relations between content words.
SKIPPED_DEPS = {"punct", "det", "aux", "auxpass", "cc", "case", "mark", "expl", "dep", "ROOT", "predet", "intj"}
# spaCy labels renamed to Minipar's (BE-F's example, section 3.2, shows nn and obj); the others keep spaCy's name.
MINIPAR_RELATIONS = {"compound": "nn", "nummod": "nn", "nsubjpass": "obj", "dobj": "obj", "nsubj": "subj",
                     "amod": "mod", "advmod": "mod", "npadvmod": "mod", "poss": "gen"}
# Dependents that sit inside a phrase headed by another word: never heads of a major constituent themselves.
NON_HEAD_DEPS = {"compound", "nummod", "amod", "flat", "fixed", "prt", "poss", "quantmod", "nmod"}


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


def _folded(tok) -> bool:
    """True when ``tok`` is part of its head's multi-word node (particle, fixed expression, proper-name compound)."""
    if tok.dep_ in FOLDED_DEPS:
        return True
    return tok.dep_ == "compound" and tok.pos_ == "PROPN" and tok.head.pos_ == "PROPN"


def _head_text(tok, lemmas: bool = True) -> str:
    """Lemma (or lower-cased word) of a head with its folded dependents (names, particles) in text order."""
    parts, todo = [], [c for c in tok.children if _folded(c) and not c.is_punct]
    while todo:  # "Secretary General Kofi Annan": compounds of compounds
        c = todo.pop()
        parts.append(c)
        todo.extend(x for x in c.children if _folded(x) and not x.is_punct)
    toks = sorted(parts + [tok], key=lambda t: t.i)
    return " ".join((t.lemma_ if lemmas else t.text).lower() for t in toks)


def _is_content(tok) -> bool:
    """Nouns, numbers and main verbs always; adjectives and adverbs unless they are stop words."""
    return tok.pos_ in {"NOUN", "PROPN", "NUM", "VERB"} or (tok.pos_ in CONTENT_POS and not tok.is_stop)


def _is_phrase_head(tok) -> bool:
    """The head of a noun, verb, adjective or adverb phrase (a head-only BE of section 3.2)."""
    return (tok.pos_ in {"NOUN", "PROPN", "VERB", "ADJ", "ADV"} and _is_content(tok) and not _folded(tok)
            and tok.dep_ not in NON_HEAD_DEPS)


@dataclass(frozen=True)
class BasicElement:
    """One BE: ``head`` alone (``modifier == relation == ""``) or a head|modifier|relation triple.

    ``head_char`` / ``modifier_char`` are the character offsets of the two words in the parsed text.
    """

    head: str
    modifier: str
    relation: str
    head_char: int
    modifier_char: int

    @property
    def is_head(self) -> bool:
        return not self.modifier

    def key(self, relations: bool = True) -> str:
        """``head``, ``head|modifier`` (HM) or ``head|modifier|relation`` (HMR)."""
        if self.is_head:
            return self.head
        return "|".join((self.head, self.modifier, self.relation) if relations else (self.head, self.modifier))


def break_basic_elements(doc_spacy, lemmas: bool = False) -> List[BasicElement]:
    """The BE breaker (Hovy et al. 2006, section 3.2, BE-F rules on spaCy's parse), in text order.

    Every phrase head gives a head-only BE; every dependency between two content words gives a
    head|modifier|relation triple.  Prepositional objects attach to the preposition's governor with the
    preposition as relation: "indicted for the bombing" -> indicted|bombing|for.  With ``lemmas=False``
    words are lower-cased as written (the paper's lexical identity), else spaCy lemmas (its lemma identity).
    """
    heads, triples = [], []
    for tok in doc_spacy:
        if tok.is_punct or tok.is_space or _folded(tok):
            continue
        if _is_phrase_head(tok):
            heads.append(BasicElement(_head_text(tok, lemmas), "", "", tok.idx, tok.idx))
        if tok.dep_ in SKIPPED_DEPS or not _is_content(tok):
            continue
        head, rel = tok.head, MINIPAR_RELATIONS.get(tok.dep_, tok.dep_)
        if head is tok:
            continue
        if head.dep_ in ("prep", "agent") or head.pos_ == "ADP":  # fold the preposition into the relation
            rel = (head.lemma_ if lemmas else head.text).lower()
            head = head.head
            if head.dep_ in ("prep", "agent") or head.pos_ == "ADP":
                continue
        if not _is_content(head) or head is tok:
            continue
        triples.append(BasicElement(_head_text(head, lemmas), _head_text(tok, lemmas), rel.lower(),
                                    head.idx, tok.idx))
    return sorted(heads + triples, key=lambda b: (min(b.head_char, b.modifier_char), not b.is_head))


def basic_elements(doc_spacy, relations: bool = True, lemmas: bool = True) -> List[Tuple[tuple, int, int]]:
    """The BE triples (no head-only BEs) of a spaCy doc: ((head, modifier, relation), head_char, modifier_char).

    With ``relations=False`` the relation is "" (BE-HM).  These are the units of the Prop(BE) oracle and of
    BE-HM / BE-HMR scoring, which count triples only, as ROUGE-1.5.5 does with Minipar-based BEs.
    """
    return [((b.head, b.modifier, b.relation if relations else ""), b.head_char, b.modifier_char)
            for b in break_basic_elements(doc_spacy, lemmas) if not b.is_head]


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
