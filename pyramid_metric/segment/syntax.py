"""Syntactic word features for the segmenters, from spaCy's tagger and dependency parser.

EDU boundaries in RST-style corpora mostly sit at the left edge of clauses
(adverbial, relative and complement clauses, coordinated verb phrases), so the
transformer tagger may read, for each word:

- ``pos``: its universal POS tag;
- ``dep``: its dependency label (spaCy's English label set);
- ``head``: whether its head is to the left, itself (root) or to the right;
- ``edge``: the label of the largest subtree whose leftmost word it is
  (``because`` in "... because it was scared" -> ``advcl``), or none.

The parser runs on the given words (gold tokens in training and evaluation, or
spaCy's own tokens in plain text), never on gold syntax, so training and
inference see the same kind of features.  Feature ids are fixed lists below:
weights trained with them stay valid across spaCy versions that keep the label
set; an unknown tag or label maps to id 0.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

POS_TAGS = ["<unk>", "ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON", "PROPN",
            "PUNCT", "SCONJ", "SYM", "VERB", "X", "SPACE"]
DEP_LABELS = ["<none>", "ROOT", "acl", "acomp", "advcl", "advmod", "agent", "amod", "appos", "attr", "aux", "auxpass",
              "case", "cc", "ccomp", "compound", "conj", "csubj", "csubjpass", "dative", "dep", "det", "dobj", "expl",
              "intj", "mark", "meta", "neg", "nmod", "npadvmod", "nsubj", "nsubjpass", "nummod", "oprd", "parataxis",
              "pcomp", "pobj", "poss", "preconj", "predet", "prep", "prt", "punct", "quantmod", "relcl", "xcomp"]
HEAD_DIRECTIONS = 3  # 0: head to the left, 1: the word is a root, 2: head to the right
FEATURE_NAMES = ("pos", "dep", "head", "edge")
FEATURE_SIZES = (len(POS_TAGS), len(DEP_LABELS), HEAD_DIRECTIONS, len(DEP_LABELS))

_POS_ID = {t: i for i, t in enumerate(POS_TAGS)}
_DEP_ID = {t: i for i, t in enumerate(DEP_LABELS)}

WordFeatures = Tuple[int, int, int, int]


def token_features(tokens: Sequence) -> List[WordFeatures]:
    """(pos, dep, head, edge) ids for spaCy tokens of one sentence (any Token sequence of a parsed Doc)."""
    edge = {}
    for t in tokens:  # the largest subtree starting at each word: its label wins
        first = t.left_edge.i
        size = t.right_edge.i - first
        if first not in edge or size > edge[first][0]:
            edge[first] = (size, _DEP_ID.get(t.dep_, 0))
    out = []
    for t in tokens:
        direction = 1 if t.head.i == t.i else (0 if t.head.i < t.i else 2)
        out.append((_POS_ID.get(t.pos_, 0), _DEP_ID.get(t.dep_, 0), direction, edge.get(t.i, (0, 0))[1]))
    return out


def features_of_words(sentences: Sequence[Sequence[str]], batch_size: int = 256) -> List[List[WordFeatures]]:
    """Tag and parse each sentence (a list of words, kept as tokens) with spaCy; features per word."""
    from spacy.tokens import Doc

    from .. import text as textlib

    nlp = textlib.get_nlp()
    docs = (Doc(nlp.vocab, words=[w or "_" for w in s]) for s in sentences)  # spaCy refuses empty words
    out: List[List[WordFeatures]] = []
    for s, doc in zip(sentences, nlp.pipe(docs, batch_size=batch_size)):
        out.append(token_features(list(doc)) if len(s) else [])
    return out
