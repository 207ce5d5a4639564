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


def test_attribute_rules_looked_up_give_spacys_tags_lemmas_and_morphology(realsumm_rows, gumsum_dev):
    """The attribute ruler's rules, found by lookup (text._look_up_attribute_rules), give every token the same
    part of speech, morphology, lemma, tag and dependency as spaCy's own matcher, and the same matches."""
    import types

    from spacy.pipeline.attributeruler import AttributeRuler

    nlp = text.get_nlp()
    ruler = nlp.get_pipe("attribute_ruler")
    looked_up = ruler.match
    assert looked_up.__qualname__.startswith("_look_up_attribute_rules"), "the lookup is not installed"
    texts = [text.clean_text(row["reference"]) for row in realsumm_rows]
    texts += [s["summary"] for row in realsumm_rows for s in row["systems"].values()]
    texts += [summary for row in gumsum_dev for summary in row["summaries"]]
    texts = list(dict.fromkeys(t for t in texts if t.strip()))
    texts += ["Y'all ain't gonna believe it: we've got nothin' but 3 dogs.", "It is what it is."]

    def read(docs):
        return [[(t.text, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_, str(t.morph)) for t in d] for d in docs]

    ruler.match = types.MethodType(AttributeRuler.match, ruler)
    try:
        expected = read(nlp.pipe(texts))
        before_ruler = list(nlp.pipe(texts[:60], disable=["attribute_ruler", "lemmatizer"]))
        spacy_matches = [sorted(set(ruler.match(d))) for d in before_ruler]
    finally:
        ruler.match = looked_up
    assert sum(map(len, expected)) > 5_000
    assert read(nlp.pipe(texts)) == expected
    assert [sorted(set(looked_up(d))) for d in before_ruler] == spacy_matches
    assert any(spacy_matches)


@pytest.mark.parametrize("value, yes, no", [
    ("VBZ", "VBZ", "VBD"),
    (True, True, False),
    ({"IN": ["is", "'s"]}, "'s", "was"),
    ({"NOT_IN": ["det", ""]}, "nsubj", ""),
    ({"REGEX": "^n'?t$"}, "n't", "not"),
])
def test_attribute_rule_tests_read_as_spacys_matcher(value, yes, no):
    test = text._rule_test(value)
    assert test(yes) and not test(no)


def test_attribute_rules_of_another_form_keep_spacys_matcher():
    class Ruler:
        patterns = [{"patterns": [[{"TAG": "NN"}]], "attrs": {"POS": "NOUN"}, "index": 0},
                    {"patterns": [[{"ORTH": "x", "OP": "?"}]], "attrs": {"POS": "X"}, "index": 0}]

    strings = {"0": 10, "1": 11}
    assert text._attribute_rule_index(Ruler(), strings) is None
    Ruler.patterns = Ruler.patterns[:1]
    index, anywhere = text._attribute_rule_index(Ruler(), strings)
    assert list(index["tag_"]) == ["NN"] and not anywhere
    (number, match_id, tests), = index["tag_"]["NN"]
    assert (number, match_id, [name for name, _ in tests[0]]) == (0, 10, ["tag_"])
    assert not any(index[name] for name in ("lower_", "dep_", "is_space"))
    assert text._rule_test({"GT": 3}) is None
