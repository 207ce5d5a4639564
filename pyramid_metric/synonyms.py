"""Words of one meaning: common English words that WordNet 3.0 puts in one synset, or one hypernym step apart.

The table (``data/wordnet_near.tsv.gz``, built by ``scripts/tools/wordnet_near.py`` from WordNet 3.0, Princeton
University; Miller 1995, Fellbaum 1998; license in ``data/WORDNET_LICENSE``) pairs the stems of two words when they
share a synset in one of the first, frequent senses of each ("said" and "told", "film" and "movie", "boss" and
"chief"), or when one's synset is the other's direct hypernym ("buy" and "acquire", "announce" and "say", "thrash"
and "beat"); antonyms are never paired.  Stems are the package's (:func:`pyramid_metric.text.stem`), so "bought",
"buys" and "buying" all meet "acquired".

:func:`near_credit` gives what a unit's word earns when a text says it with one of these words: ``SYNONYM`` for a
synonym, ``HYPERNYM`` for a word one step more or less general.  The presence judges take the larger of this and
their cosine credit (``pyramid_metric/match/soft.py``, ``context.py``).  The two values were chosen on RoSE's
presence labels, in folds of documents (``scripts/studies/synonyms.py``, ``docs/studies/synonyms.md``).
"""
from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, Sequence, Tuple

import numpy as np

TABLE = Path(__file__).parent / "data" / "wordnet_near.tsv.gz"
SYNONYM = 1.0  # credit of a unit word the text says with a synonym
HYPERNYM = 0.5  # credit of a unit word the text says with a word one hypernym step away


def signature() -> str:
    """The signature's statement of these credits and of the table (the first 8 hex digits of its sha256):
    ``synonyms:wordnet-3.0(<synonym>,<hypernym>)@<table>``."""
    return f"synonyms:wordnet-3.0({SYNONYM:g},{HYPERNYM:g})@{_table_digest()}"


@lru_cache(maxsize=1)
def _table_digest() -> str:
    from .checksum import sha256_file

    _check_table()
    return sha256_file(TABLE)[:8]


def _check_table() -> None:
    if not TABLE.is_file():
        raise ValueError(f"the table of words of one meaning is missing: {TABLE} (reinstall pyramid-metric)")


@lru_cache(maxsize=1)
def _table() -> Dict[str, Tuple[FrozenSet[str], FrozenSet[str]]]:
    """stem -> (stems sharing a synset with it, stems one hypernym step away), both directions."""
    _check_table()
    same: Dict[str, set] = {}
    step: Dict[str, set] = {}
    with gzip.open(TABLE, "rt", encoding="utf-8") as f:
        for line in f:
            word, synonyms, hypernyms = line.rstrip("\n").split("\t")
            for table, others in ((same, synonyms), (step, hypernyms)):
                for other in others.split():
                    table.setdefault(word, set()).add(other)
                    table.setdefault(other, set()).add(word)
    return {w: (frozenset(same.get(w, ())), frozenset(step.get(w, ()))) for w in set(same) | set(step)}


def near(word_stem: str) -> Tuple[FrozenSet[str], FrozenSet[str]]:
    """(synonyms, hypernym-step words) of a stem, as stems; both empty for a word the table lacks."""
    return _table().get(word_stem, (frozenset(), frozenset()))


def best_near_credit(unit_stems: Sequence[str], text_stems: FrozenSet[str], synonym: float = None,
                     hypernym: float = None) -> np.ndarray:
    """For each unit stem, the best credit any of ``text_stems`` gives it (:func:`near_credit`'s values)."""
    synonym = SYNONYM if synonym is None else synonym
    hypernym = HYPERNYM if hypernym is None else hypernym
    table, out = _table(), np.zeros(len(unit_stems))
    for i, st in enumerate(unit_stems):
        entry = table.get(st)
        if entry is not None:
            out[i] = synonym if not entry[0].isdisjoint(text_stems) else (
                hypernym if not entry[1].isdisjoint(text_stems) else 0.0)
    return np.maximum(out, 0.0)


def near_credit(unit_stems: Sequence[str], text_stems: Sequence[str], synonym: float = None,
                hypernym: float = None) -> np.ndarray:
    """(len(unit_stems), len(text_stems)) credits: ``synonym`` where the text's word is a synonym of the unit's,
    ``hypernym`` where it is one hypernym step away, 0 elsewhere (the same stem included: exact matches are the
    judges' own).  Defaults: the module's ``SYNONYM`` and ``HYPERNYM``."""
    synonym = SYNONYM if synonym is None else synonym
    hypernym = HYPERNYM if hypernym is None else hypernym
    out = np.zeros((len(unit_stems), len(text_stems)))
    if not len(unit_stems) or not len(text_stems) or (synonym <= 0 and hypernym <= 0):
        return out
    columns: Dict[str, list] = {}
    for j, st in enumerate(text_stems):
        columns.setdefault(st, []).append(j)
    table, found = _table(), columns.keys()
    for i, st in enumerate(unit_stems):
        entry = table.get(st)
        if entry is None:
            continue
        for credit, others in ((hypernym, entry[1]), (synonym, entry[0])):  # a synonym's credit wins
            if credit > 0:
                for other in others & found:
                    out[i, columns[other]] = np.maximum(out[i, columns[other]], credit)
    return out
