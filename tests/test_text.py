"""Text layer: cleaning, ROUGE-style words, Porter stems, LCS (bit-parallel vs dynamic programme)."""
import random

import pytest

from pyramid_metric import text


@pytest.mark.parametrize("raw, expected", [
    ("<t> a b . </t> <t> c d . </t>", "a b .\nc d ."),
    ("x -lrb- y -rrb- z", "x ( y ) z"),
    ("`` quoted '' text", '" quoted " text'),
    ("fish &amp; chips", "fish & chips"),
    ("tab\x00null", "tab null"),
    ("-LRB- upper -RRB-", "( upper )"),
])
def test_clean_text(raw, expected):
    assert text.clean_text(raw) == expected


def test_words_keep_any_script_and_stem():
    assert text.words("The Runners ran quickly") == ["the", "runner", "ran", "quickli"]
    assert text.words("Ελληνικά 中文 café", stemmed=False) == ["ελληνικά", "中", "文", "café"]  # a word per Han character
    assert text.words("  ... !!! ") == []


def test_stem_matches_rouge_score():
    from rouge_score import tokenize
    from nltk.stem import porter

    stemmer = porter.PorterStemmer("ORIGINAL_ALGORITHM")
    sentence = "the generously donated computers were running faster than expected"
    assert text.words(sentence) == tokenize.tokenize(sentence, stemmer)


@pytest.mark.parametrize("a, b, n", [
    ("a b c d", "a c d", 3),
    ("we need a computer", "we do not need a computer", 4),
    ("", "a b", 0),
    ("x y", "z", 0),
])
def test_lcs_hand_cases(a, b, n):
    assert text.lcs_length(a.split(), b.split()) == n


def test_lcs_bit_parallel_equals_dynamic_programme():
    rng = random.Random(7)
    for _ in range(500):
        a = [rng.choice("abcde") for _ in range(rng.randint(0, 90))]
        b = [rng.choice("abcde") for _ in range(rng.randint(0, 70))]
        assert text.lcs_length(a, b) == text.lcs_length_dp(a, b)


def test_parse_is_cached():
    d1 = text.parse("A cached sentence.")
    assert text.parse("A cached sentence.") is d1
    assert text.parse_many(["A cached sentence.", "Another one."])[0] is d1
