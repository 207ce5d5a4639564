"""Figures written as the references write them: "$6.5bn" for "$6.5 billion", "5%" for "5 per cent".

A reference says "a $6.5 billion deal", a summary "a $6.5bn deal": the same figure, which word judges split into
other words ("5bn" against "5" and "billion") and so miss.  :func:`align_figures` rewrites, in the text to be
judged, each figure that the references state in another notation into the references' notation:

* an **amount with a scale** ("6.5bn", "6.5 billion", "£10m", "1.2 million", "3,000,000", "ten thousand", "a
  dozen"): a number followed by a scale word or suffix (bn, billion, m, mn, million, k, thousand, tn, trillion), a
  number word followed by a scale word (hundred, thousand, million, billion, trillion, dozen), or a number of four
  digits or more, read as its value; an amount whose value the references write otherwise is written as they write it.
  "m" and "k" count as million and thousand only after a currency sign or in a number with decimals ("£10m",
  "1.2m"): a "100m" sprint is a distance.  The currency sign stays the text's own ("£6.5bn" is never made
  dollars);
* a **percentage** ("5%", "5 percent", "5 per cent", "five per cent"): written with the sign the references use
  ("%", "percent" or "per cent"), the number in digits;
* a **fraction of a point** ("a quarter point", "half a percentage point", "three quarters of a point"): written
  as the decimal the references write for it ("0.25 points"), or as any decimal when the references state points
  in decimals, so that "a half point" is read as the figure 0.5, not as words; and a decimal the references write
  as such a fraction is written as they write it;
* a **score** ("3-1", "three goals to one", "two-nil"): written in digits with the references' dash where they write
  scores so, and in the references' words where they write that score in words;
* a **currency** written with its sign or its name ("£50", "50 pounds", "$20m", "20m dollars"): as the references
  write that currency, the amount itself as the text writes it.

Nothing else in the text changes; a text without figures is returned as it is.  Values are compared exactly
(a rounded figure is the claim check's to judge: :mod:`pyramid_metric.claims`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Optional, Sequence, Tuple

from .text import number_value

SCALES = {"bn": 1e9, "billion": 1e9, "mn": 1e6, "million": 1e6, "m": 1e6, "k": 1e3, "thousand": 1e3,
          "tn": 1e12, "trillion": 1e12}
AMBIGUOUS_SCALES = frozenset({"m", "k"})  # metres and kilo-anything, unless money or decimals say otherwise
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_AMOUNT = re.compile(rf"(?P<currency>[£$€¥]\s?)?(?<![\w.,])(?P<number>{_NUMBER})"
                     rf"(?:(?P<space>\s?)(?P<scale>{'|'.join(SCALES)})(?![\w]))?")
# an amount in words: a number word and a scale ("ten thousand", "five million", "a dozen")
WORD_SCALES = {"hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "dozen": 12.0}
# a fraction of an amount in words: "half a million", "a quarter of a million", "three quarters of a million"
PARTS = {"half": 0.5, "quarter": 0.25, "quarters": 0.75}
_WORD_AMOUNT = re.compile(r"(?<![\w-])(?P<part>(?:half|(?:a\s+|one\s+)?quarter\s+of|three[\s-]quarters\s+of)\s+)?"
                          r"(?P<word>[A-Za-z]+)[\s-](?P<scale>" + "|".join(WORD_SCALES) + r")\b(?![\s-]+(?:"
                          + "|".join(WORD_SCALES) + r")\b)", re.IGNORECASE)
_PERCENT = re.compile(r"(?<![\w.,])(?P<number>\d+(?:\.\d+)?|[A-Za-z]+)(?P<sign>\s?%|\s+per\s?cent\b|\s+percent\b)",
                      re.IGNORECASE)
FRACTIONS = {"a quarter": 0.25, "one quarter": 0.25, "a half": 0.5, "one half": 0.5, "half a": 0.5,
             "three quarters": 0.75, "three-quarters": 0.75}
_FRACTION = re.compile(r"(?<![\w-])(?P<fraction>" + "|".join(sorted(map(re.escape, FRACTIONS), key=len, reverse=True))
                       + r")(?P<of>\s+of\s+a)?(?P<rest>\s+(?:percentage\s+)?points?\b)", re.IGNORECASE)
# a score: "3-1", "3–1"; "three goals to one", "by 3 goals to 1"
_SCORE_DIGITS = re.compile(r"(?<![\w.,-])(?P<a>\d{1,2})(?P<dash>[-–])(?P<b>\d{1,2})(?![\w–-]|[.,]\d)")
_SCORE_WORDS = re.compile(r"(?<![\w-])(?P<a>\d{1,2}|[A-Za-z]+)\s+goals?\s+to\s+(?P<b>\d{1,2}|[A-Za-z]+)\b",
                          re.IGNORECASE)
_SCORE_NIL = re.compile(r"(?<![\w-])(?P<a>[A-Za-z]+|\d{1,2})-(?P<b>nil)\b", re.IGNORECASE)  # "two-nil", "3-nil"
# the currencies whose sign and name a text may write for one another: "£50" and "50 pounds"
CURRENCIES = {"£": ("pound", "pounds"), "$": ("dollar", "dollars"), "€": ("euro", "euros")}
_AMOUNT_TEXT = rf"(?:{_NUMBER})(?:\s?(?:{'|'.join(SCALES)}))?"
_SIGNED = re.compile(rf"(?P<sign>[£$€])\s?(?P<amount>{_AMOUNT_TEXT})(?![\w.,]*\d)(?!\w)")
_NAMED = re.compile(rf"(?<![\w.,£$€])(?P<amount>{_AMOUNT_TEXT})\s+(?P<name>pounds?|dollars?|euros?)\b",
                    re.IGNORECASE)
_CURRENCY_OF_NAME = {name: sign for sign, names in CURRENCIES.items() for name in names}
_DECIMAL_POINTS = re.compile(r"(?<![\w.,])(?P<number>\d*\.\d+)(?P<rest>\s+(?:percentage\s+)?points?\b)",
                             re.IGNORECASE)


def _value(number: str, scale: Optional[str]) -> float:
    return float(number.replace(",", "")) * (SCALES[scale.lower()] if scale else 1.0)


def _key(value: float) -> str:
    return f"{value:.6g}"


def part_before(words: Sequence[str]) -> float:
    """The fraction the words written before the "a" of an amount in words give it (PARTS): ["half"] 0.5, ["a",
    "quarter", "of"] 0.25, ["three", "quarters", "of"] 0.75; 1 for none."""
    if words[-1:] == ["half"]:
        return PARTS["half"]
    if words[-1:] == ["of"] and len(words) > 1 and words[-2] in ("quarter", "quarters"):
        return PARTS[words[-2]]
    return 1.0


def _word_value(m: "re.Match") -> Optional[float]:
    """The value of an amount in words ("ten thousand": 10000.0, "a dozen": 12.0, "half a million": 500000.0), or
    None ("the million")."""
    word = m.group("word").lower()
    if word in WORD_SCALES:  # "hundred thousand" of "two hundred thousand": not read
        return None
    number = 1.0 if word in ("a", "one") else float(number_value(word) or "nan")
    number *= part_before(re.split(r"[\s-]+", (m.group("part") or "").lower().strip()))  # "half a million"
    return None if number != number else number * WORD_SCALES[m.group("scale").lower()]


def amounts(text: str) -> Dict[str, str]:
    """The amounts of ``text``, in digits (with a scale or without) or in words ("ten thousand", "a dozen"), by
    value: {"6.5e+09": "6.5 billion", "12": "12"} (the first way the text writes each value; the number and its
    scale, without the currency sign).  Only amounts with a scale, of four digits or more, or in words are
    rewritten (:func:`align_figures`); the others are there to be found."""
    out: Dict[str, str] = {}
    for m in _WORD_AMOUNT.finditer(text):
        value = _word_value(m)
        if value is not None:
            out.setdefault(_key(value), m.group(0))
    for m in _AMOUNT.finditer(text):
        scale = _scale(m)
        written = m.group("number") + (m.group("space") + m.group("scale") if scale else "")
        out.setdefault(_key(_value(m.group("number"), scale)), written)
    return out


def _scale(m: "re.Match") -> Optional[str]:
    """The scale of an amount match, or None (none written, or "m"/"k" not read as one)."""
    scale = m.group("scale")
    if scale and scale.lower() in AMBIGUOUS_SCALES and not (m.group("currency") or "." in m.group("number")):
        return None
    return scale


def percent_sign(text: str) -> Optional[str]:
    """How ``text`` writes a percentage: "%", " percent" or " per cent" (the first it uses), or None."""
    m = next((m for m in _PERCENT.finditer(text) if _percent_number(m.group("number")) is not None), None)
    if m is None:
        return None
    sign = m.group("sign").strip().lower()
    return "%" if sign == "%" else " per cent" if sign.startswith("per") and sign != "percent" else " percent"


def _percent_number(word: str) -> Optional[str]:
    if word[:1].isdigit():
        return word
    return number_value(word)


def fractions_written(text: str) -> Dict[str, str]:
    """The fractions of a point ``text`` writes in words, by value: {"0.25": "a quarter"}."""
    out: Dict[str, str] = {}
    for m in _FRACTION.finditer(text):
        out.setdefault(_key(FRACTIONS[m.group("fraction").lower()]), m.group("fraction") + (m.group("of") or ""))
    return out


def decimals_of_points(text: str) -> Dict[str, str]:
    """The points ``text`` states in decimals, by value: {"0.25": "0.25"}."""
    return {_key(float(m.group("number"))): m.group("number") for m in _DECIMAL_POINTS.finditer(text)}


GOAL_WORDS = {"one": "1", "nil": "0", "zero": "0", "nothing": "0"}  # number words of a score the text module leaves


def _goals(word: str) -> Optional[str]:
    """The goals a word of a score stands for, in digits ("three": "3", "nil": "0"), or None."""
    return word if word.isdigit() else GOAL_WORDS.get(word.lower()) or number_value(word)


def scores_written(text: str) -> Tuple[Optional[str], Dict[Tuple[str, str], str]]:
    """How ``text`` writes a match's score: the dash of its first score in digits ("3-1": "-"; None without one),
    and its scores in words by their goals: {("3", "1"): "three goals to one"}."""
    dash = next((m.group("dash") for m in _SCORE_DIGITS.finditer(text)), None)
    in_words = {}
    for m in list(_SCORE_WORDS.finditer(text)) + list(_SCORE_NIL.finditer(text)):
        goals = (_goals(m.group("a")), _goals(m.group("b")))
        if None not in goals:
            in_words.setdefault(goals, m.group(0))
    return dash, in_words


def currencies_written(text: str) -> Dict[str, str]:
    """How ``text`` writes each currency of CURRENCIES, by its sign: "sign" ("£50") or "name" ("50 pounds"), the
    first way it uses."""
    found = [(m.start(), m.group("sign"), "sign") for m in _SIGNED.finditer(text)]
    found += [(m.start(), _CURRENCY_OF_NAME[m.group("name").lower()], "name") for m in _NAMED.finditer(text)]
    out: Dict[str, str] = {}
    for _, sign, way in sorted(found):
        out.setdefault(sign, way)
    return out


def _align_currencies(text: str, ways: Dict[str, str]) -> str:
    """Each amount of a currency written the references' way: "£50" as "50 pounds" where they name pounds, "50
    pounds" as "£50" where they write the sign ("1 pound" in the singular)."""
    def as_name(m: "re.Match") -> str:
        if ways.get(m.group("sign")) != "name":
            return m.group(0)
        singular, plural = CURRENCIES[m.group("sign")]
        return f"{m.group('amount')} {singular if m.group('amount') == '1' else plural}"

    def as_sign(m: "re.Match") -> str:
        sign = _CURRENCY_OF_NAME[m.group("name").lower()]
        return sign + m.group("amount") if ways.get(sign) == "sign" else m.group(0)

    return _NAMED.sub(as_sign, _SIGNED.sub(as_name, text))


@lru_cache(maxsize=4096)
def _reference_forms(references: Tuple[str, ...]):
    joined = "\n".join(references)
    return (amounts(joined), percent_sign(joined), fractions_written(joined), decimals_of_points(joined),
            scores_written(joined), currencies_written(joined))


def _align_scores(text: str, dash: Optional[str], in_words: Dict[Tuple[str, str], str]) -> str:
    """A score in words written in digits where the references write scores so ("three goals to one": "3-1"), and
    a score in digits in words where the references write that score in words."""
    def as_digits(m: "re.Match") -> str:
        goals = (_goals(m.group("a")), _goals(m.group("b")))
        if None in goals or goals in in_words:
            return m.group(0)
        return f"{goals[0]}{dash}{goals[1]}"

    def as_words(m: "re.Match") -> str:
        return in_words.get((m.group("a"), m.group("b")), m.group(0))

    if dash is not None:
        text = _SCORE_NIL.sub(as_digits, _SCORE_WORDS.sub(as_digits, text))
    if in_words:
        text = _SCORE_DIGITS.sub(as_words, text)
    return text


def align_figures(text: str, references: Sequence[str]) -> str:
    """``text`` with its figures written as the ``references`` write them (module docstring)."""
    if not text or not references:
        return text
    ref_amounts, ref_sign, ref_fractions, ref_decimals, (ref_dash, ref_scores), ref_currencies = _reference_forms(
        tuple(references))
    if ref_dash is not None or ref_scores:
        text = _align_scores(text, ref_dash, ref_scores)
    if ref_amounts:
        text = _align_amounts(text, ref_amounts)
    if ref_sign is not None:
        text = _PERCENT.sub(lambda m: _percent(m, ref_sign), text)
    if ref_decimals:
        text = _FRACTION.sub(lambda m: _fraction_as_decimal(m, ref_decimals, ref_fractions), text)
    if ref_fractions:
        text = _DECIMAL_POINTS.sub(lambda m: _decimal_as_fraction(m, ref_fractions, ref_decimals), text)
    if ref_currencies:  # after the amounts: "$20m" is read as money there
        text = _align_currencies(text, ref_currencies)
    return text


def _align_amounts(text: str, ref_amounts: Dict[str, str]) -> str:
    written = set(ref_amounts.values())

    def rewrite(m: "re.Match") -> str:
        scale = _scale(m)
        if scale is None and len(m.group("number").replace(",", "").split(".")[0]) < 4:
            return m.group(0)
        mine = m.group("number") + (m.group("space") + m.group("scale") if scale else "")
        theirs = ref_amounts.get(_key(_value(m.group("number"), scale)))
        if theirs is None or mine in written:
            return m.group(0)
        tail = m.group(0)[len((m.group("currency") or "")) + len(mine):]  # an "m" not read as a scale, kept
        return (m.group("currency") or "") + theirs + tail

    def rewrite_words(m: "re.Match") -> str:
        value = _word_value(m)
        theirs = None if value is None else ref_amounts.get(_key(value))
        return m.group(0) if theirs is None or m.group(0) in written else theirs

    return _AMOUNT.sub(rewrite, _WORD_AMOUNT.sub(rewrite_words, text))


def _percent(m: "re.Match", sign: str) -> str:
    number = _percent_number(m.group("number"))
    if number is None:
        return m.group(0)
    return number + sign


def _fraction_as_decimal(m: "re.Match", ref_decimals: Dict[str, str], ref_fractions: Dict[str, str]) -> str:
    key = _key(FRACTIONS[m.group("fraction").lower()])
    if key in ref_fractions:  # the references write this fraction in words too
        return m.group(0)
    return ref_decimals.get(key, key) + m.group("rest")


def _decimal_as_fraction(m: "re.Match", ref_fractions: Dict[str, str], ref_decimals: Dict[str, str]) -> str:
    key = _key(float(m.group("number")))
    if key not in ref_fractions or key in ref_decimals:
        return m.group(0)
    return ref_fractions[key] + m.group("rest")
