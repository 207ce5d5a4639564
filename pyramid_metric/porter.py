"""The Porter stemmer: M. F. Porter (1980), "An algorithm for suffix stripping", Program 14(3), 130-137.

The algorithm as published (not the later revisions: no "logi" -> "log", "abli" -> "able" rather than "bli" ->
"ble"), which is what ROUGE-1.5.5 and Google's rouge-score stem with (rouge-score through NLTK's
``PorterStemmer("ORIGINAL_ALGORITHM")``, whose stems these are, word for word; tests/test_text.py checks them).
Written here so that stemming needs no import of NLTK, which costs about a second at start-up.

A word is read as a sequence of consonants (c) and vowels (v): a, e, i, o, u are vowels, and so is y after a
consonant. Its *measure* m is the number of vc pairs in [C](VC)^m[V] (section 2 of the paper). Each step below
is one of the paper's rule lists: the rule with the longest suffix the word ends with is the only one tried, and
where its condition fails the step leaves the word as it is.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence, Tuple

VOWELS = frozenset("aeiou")

Condition = Optional[Callable[[str], bool]]
Rule = Tuple[str, str, Condition]


def consonants(word: str) -> list:
    """Whether each letter of ``word`` is a consonant: not a vowel, and not a y after a consonant (read left to
    right, so a word of any length is read in one pass)."""
    out: list = []
    for ch in word:
        out.append(ch not in VOWELS and (ch != "y" or not out or not out[-1]))
    return out


def measure(stem: str) -> int:
    """m of [C](VC)^m[V]: how many times a vowel is followed by a consonant."""
    kinds = consonants(stem)
    return sum(1 for a, b in zip(kinds, kinds[1:]) if not a and b)


def _has_vowel(stem: str) -> bool:
    """*v*: the stem contains a vowel."""
    return not all(consonants(stem))


def _ends_double_consonant(stem: str) -> bool:
    """*d: the stem ends with two equal consonants."""
    return len(stem) >= 2 and stem[-1] == stem[-2] and consonants(stem)[-1]


def _ends_cvc(stem: str) -> bool:
    """*o: the stem ends consonant-vowel-consonant, the last consonant not w, x or y."""
    kinds = consonants(stem)
    return len(stem) >= 3 and kinds[-3] and not kinds[-2] and kinds[-1] and stem[-1] not in "wxy"


def _m_above(k: int) -> Callable[[str], bool]:
    return lambda stem: measure(stem) > k


def _apply(word: str, rules: Sequence[Rule]) -> str:
    """The first rule (longest suffix first) whose suffix ends ``word``, applied if its condition holds on the
    stem; no other rule of the list is tried."""
    for suffix, replacement, condition in rules:
        if word.endswith(suffix):
            stem = word[:len(word) - len(suffix)]
            return stem + replacement if condition is None or condition(stem) else word
    return word


STEP_1A: Sequence[Rule] = (("sses", "ss", None), ("ies", "i", None), ("ss", "ss", None), ("s", "", None))
STEP_2: Sequence[Rule] = tuple((s, r, _m_above(0)) for s, r in (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("izer", "ize"), ("abli", "able"),
    ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"),
    ("ator", "ate"), ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
    ("iviti", "ive"), ("biliti", "ble")))
STEP_3: Sequence[Rule] = tuple((s, r, _m_above(0)) for s, r in (
    ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"), ("ful", ""), ("ness", "")))
STEP_4: Sequence[Rule] = tuple(
    (s, "", (lambda stem: measure(stem) > 1 and stem[-1:] in ("s", "t")) if s == "ion" else _m_above(1))
    for s in ("al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "ou", "ism",
              "ate", "iti", "ous", "ive", "ize"))


def _step_1b(word: str) -> str:
    """(m>0) EED -> EE; (*v*) ED -> ; (*v*) ING -> ; after ED or ING: AT -> ATE, BL -> BLE, IZ -> IZE, a double
    consonant other than l, s or z made single, and (m=1 and *o) -> E."""
    if word.endswith("eed"):
        return word[:-1] if measure(word[:-3]) > 0 else word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and _has_vowel(word[:-len(suffix)]):
            stem = word[:-len(suffix)]
            break
    else:
        return word
    if stem.endswith(("at", "bl", "iz")):
        return stem + "e"
    if _ends_double_consonant(stem):
        return stem[:-1] if stem[-1] not in "lsz" else stem
    return stem + "e" if measure(stem) == 1 and _ends_cvc(stem) else stem


def _step_5(word: str) -> str:
    """(m>1) E -> ; (m=1 and not *o) E -> ; then (m>1 and *d and *L) -> a single l."""
    if word.endswith("e"):
        stem = word[:-1]
        m = measure(stem)
        if m > 1 or (m == 1 and not _ends_cvc(stem)):
            word = stem
    if word.endswith("ll") and measure(word[:-1]) > 1:
        word = word[:-1]
    return word


def porter_stem(word: str) -> str:
    """The stem of a word (lower-cased first) by Porter's (1980) steps 1a-5b."""
    word = word.lower()
    word = _apply(word, STEP_1A)
    word = _step_1b(word)
    if word.endswith("y") and _has_vowel(word[:-1]):  # step 1c: (*v*) Y -> I
        word = word[:-1] + "i"
    word = _apply(word, STEP_2)
    word = _apply(word, STEP_3)
    word = _apply(word, STEP_4)
    return _step_5(word)
