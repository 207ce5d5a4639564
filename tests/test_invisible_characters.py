"""Invisible characters, HTML entities, Latin ligatures, fullwidth letters and Latin-looking Cyrillic or Greek letters
inside Latin words do not move scores: every text is normalised once, at the entrance, for every method (the same text with and without them scores identically)."""
import warnings

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.text import normalize_input

ALL_METHODS = ["refpyramid", "hirao", "be", "rouge", "pyreval", "peak", "ape"]
PRED = "The storm left thousands of homes without power. Officials opened shelters in three towns."
REFS = ["A storm hit the coast and thousands of homes lost power.",
        "Officials opened three shelters after the storm cut power to thousands."]
SOURCE = ("A powerful storm hit the coast on Monday. Thousands of homes lost power. "
          "Officials opened shelters in three towns.")
INVISIBLE = {"zero-width space": "\u200b", "zero-width non-joiner": "\u200c", "zero-width joiner": "\u200d",
             "byte-order mark": "\ufeff", "left-to-right mark": "\u200e", "right-to-left mark": "\u200f",
             "bidi override": "\u202e", "bidi isolate": "\u2066", "soft hyphen": "\u00ad", "word joiner": "\u2060",
             "combining grapheme joiner": "\u034f", "variation selector 16": "\ufe0f",
             "variation selector 17": "\U000e0100", "tag letter": "\U000e0041", "Mongolian variation selector": "\u180b",
             "interlinear annotation anchor": "\ufff9", "Khmer invisible vowel": "\u17b4",
             "musical formatting control": "\U0001d173"}


def _sprinkle(text: str, ch: str) -> str:
    """``ch`` at the start, inside every word longer than 4 letters, and around the sentence ends."""
    words = [w[:2] + ch + w[2:] if len(w) > 4 else w for w in text.split(" ")]
    return ch + " ".join(words).replace(". ", "." + ch + " ") + ch


def _ligatures(text: str) -> str:
    """``text`` with the Latin ligatures PDF extraction leaves ("O\ufb03cials", "\ufb01nal")."""
    return text.replace("ffi", "\ufb03").replace("fi", "\ufb01").replace("ff", "\ufb00").replace("fl", "\ufb02")


def _fullwidth(text: str) -> str:
    """``text`` in fullwidth forms (letters, digits and signs U+FF01-FF5E; spaces ideographic)."""
    return "".join("\u3000" if ch == " " else chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


def _homoglyphs(text: str) -> str:
    """``text`` with Cyrillic o, e, a, c and Greek capital Tau in place of the Latin letters they look like."""
    return (text.replace("o", "\u043e").replace("e", "\u0435").replace("a", "\u0430").replace("c", "\u0441")
            .replace("T", "\u03a4"))


def _variants():
    out = {name: (_sprinkle(PRED, ch), [_sprinkle(r, ch) for r in REFS], _sprinkle(SOURCE, ch))
           for name, ch in INVISIBLE.items()}
    out["entities"] = (PRED.replace(" ", "&nbsp;", 3).replace(".", "&#46;").replace("of", "&#x6f;f"),
                       [REFS[0].replace("and", "&#97;nd"), REFS[1].replace(" ", "&#32;")],
                       SOURCE.replace(".", "&#x2E;"))
    out["unusual spaces"] = (PRED.replace(" ", "\u00a0"), [REFS[0].replace(" ", "\u2009"), REFS[1].replace(" ", "\u202f")],
                             SOURCE.replace(" ", "\u3000"))
    out["blank fillers"] = (PRED.replace(" ", "\u3164"), [REFS[0].replace(" ", "\uffa0"), REFS[1].replace(" ", "\u2800")],
                            SOURCE)
    out["ligatures"] = tuple(_ligatures(t) if isinstance(t, str) else [_ligatures(r) for r in t]
                             for t in (PRED, REFS, SOURCE))
    out["fullwidth"] = (_fullwidth(PRED), [REFS[0], _fullwidth(REFS[1])], SOURCE)
    out["homoglyphs"] = (_homoglyphs(PRED), [_homoglyphs(REFS[0]), REFS[1]], _homoglyphs(SOURCE))
    out["bidi wrapped"] = ("\u2067" + PRED + "\u2069", ["\u202a" + r + "\u202c" for r in REFS], SOURCE)
    return out


def test_normalize_input_cases():
    assert normalize_input("pow\u00ader\u200b&#46;") == "power."
    assert normalize_input("a&nbsp;b\u2028c") == "a b\nc"
    assert normalize_input("AT&T and &amp; stay readable") == "AT&T and & stay readable"
    plain = "No entities, no invisible characters: Zürich, 東京."
    assert normalize_input(plain) is plain  # untouched text is returned as is
    assert normalize_input("\u200d\U0001F469\u200d\U0001F4BB") == "\U0001F469\U0001F4BB"
    assert normalize_input("The \ufb01nal \ufb02aw, o\ufb03cial") == "The final flaw, official"
    assert normalize_input("\uff34\uff48\uff45\u3000\uff11\uff10\uff05\uff01") == "The 10%!"
    assert normalize_input("km\u00b2, \u00bd, \u2122, caf\u00e9") == "km\u00b2, \u00bd, \u2122, caf\u00e9"  # others kept
    # Latin-looking Cyrillic and Greek letters inside a Latin word are read as Latin; Russian and Greek words are kept
    assert normalize_input("The st\u043erm hit on \u041conday") == "The storm hit on Monday"
    assert normalize_input("\u041c\u043e\u0441\u043a\u0432\u0430 and \u0391\u03b8\u03ae\u03bd\u03b1") == \
        "\u041c\u043e\u0441\u043a\u0432\u0430 and \u0391\u03b8\u03ae\u03bd\u03b1"


@pytest.mark.parametrize("method", ALL_METHODS)
def test_invisible_characters_and_entities_do_not_move_scores(method):
    variants = _variants()
    scorer = PyramidScorer(method=method)
    preds = [PRED] + [v[0] for v in variants.values()]
    refs = [REFS] + [v[1] for v in variants.values()]
    srcs = [SOURCE] + [v[2] for v in variants.values()]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scores = scorer.compute(preds, refs, srcs)["scores"]
        mixed = scorer.compute([PRED, variants["soft hyphen"][0]], [variants["zero-width space"][1], REFS],
                               [SOURCE, variants["byte-order mark"][2]])["scores"]
    assert scores[0] > 0, scores
    assert dict(zip(["plain", *variants], scores)) == dict.fromkeys(["plain", *variants], scores[0])
    assert mixed == [scores[0], scores[0]]  # characters in the prediction only, or in the references only


def test_text_of_invisible_characters_only_is_empty():
    scorer = PyramidScorer(method="rouge")
    with pytest.raises(ValueError, match=r"references\[0\]\[1\]` has no visible text"):
        scorer.compute([PRED], [[REFS[0], "\u200b\ufeff\u200e"]])
    with pytest.warns(UserWarning, match=r"predictions\[0\] is empty"):
        assert scorer.compute(["\u200b\u00ad"], [REFS])["scores"] == [0.0]
