"""The Porter (1980) stemmer (pyramid_metric/porter.py): the paper's own examples, step by step, and the same
stems as NLTK's ``PorterStemmer("ORIGINAL_ALGORITHM")`` (what rouge-score stems with) on the shipped data."""
import re
import subprocess
import sys

import pytest
from conftest import ROOT, TEST_DATA

from pyramid_metric import porter
from pyramid_metric.porter import STEP_1A, STEP_2, STEP_3, STEP_4, measure, porter_stem


@pytest.mark.parametrize("word, m", [  # section 2 of the paper
    ("tr", 0), ("ee", 0), ("tree", 0), ("y", 0), ("by", 0),
    ("trouble", 1), ("oats", 1), ("trees", 1), ("ivy", 1),
    ("troubles", 2), ("private", 2), ("oaten", 2), ("orrery", 2)])
def test_measure_of_the_papers_examples(word, m):
    assert measure(word) == m


@pytest.mark.parametrize("step, pairs", [  # the examples beside each rule of the paper's steps
    (lambda w: porter._apply(w, STEP_1A),
     {"caresses": "caress", "ponies": "poni", "ties": "ti", "caress": "caress", "cats": "cat"}),
    (porter._step_1b,
     {"feed": "feed", "agreed": "agree", "plastered": "plaster", "bled": "bled", "motoring": "motor", "sing": "sing",
      "conflated": "conflate", "troubled": "trouble", "sized": "size", "hopping": "hop", "tanned": "tan",
      "falling": "fall", "hissing": "hiss", "fizzed": "fizz", "failing": "fail", "filing": "file"}),
    (lambda w: porter._apply(w, STEP_2),
     {"relational": "relate", "conditional": "condition", "rational": "rational", "valenci": "valence",
      "hesitanci": "hesitance", "digitizer": "digitize", "conformabli": "conformable", "radicalli": "radical",
      "differentli": "different", "vileli": "vile", "analogousli": "analogous", "vietnamization": "vietnamize",
      "predication": "predicate", "operator": "operate", "feudalism": "feudal", "decisiveness": "decisive",
      "hopefulness": "hopeful", "callousness": "callous", "formaliti": "formal", "sensitiviti": "sensitive",
      "sensibiliti": "sensible"}),
    (lambda w: porter._apply(w, STEP_3),
     {"triplicate": "triplic", "formative": "form", "formalize": "formal", "electriciti": "electric",
      "electrical": "electric", "hopeful": "hope", "goodness": "good"}),
    (lambda w: porter._apply(w, STEP_4),
     {"revival": "reviv", "allowance": "allow", "inference": "infer", "airliner": "airlin", "gyroscopic": "gyroscop",
      "adjustable": "adjust", "defensible": "defens", "irritant": "irrit", "replacement": "replac",
      "adjustment": "adjust", "dependent": "depend", "adoption": "adopt", "homologou": "homolog",
      "communism": "commun", "activate": "activ", "angulariti": "angular", "homologous": "homolog",
      "effective": "effect", "bowdlerize": "bowdler"}),
    (porter._step_5,
     {"probate": "probat", "rate": "rate", "cease": "ceas", "controll": "control", "roll": "roll"}),
])
def test_each_step_on_the_papers_examples(step, pairs):
    assert {w: step(w) for w in pairs} == pairs


def test_step_1c_and_whole_words():
    assert porter_stem("happy") == "happi" and porter_stem("sky") == "sky"  # (*v*) Y -> I
    assert porter_stem("generalizations") == "gener"  # the paper's closing example: GENERALIZATIONS -> GENER
    assert porter_stem("oscillators") == "oscil"  # OSCILLATORS -> OSCILL (step 4) -> OSCIL (step 5b)
    assert porter_stem("Running") == "run"


def _shipped_words() -> set:
    """Every token of the shipped test data, the docs and the antonym table, lower-cased."""
    found = set()
    paths = [p for p in TEST_DATA.rglob("*") if p.is_file()] + list((ROOT / "docs").rglob("*.md"))
    for path in sorted(paths + [ROOT / "pyramid_metric" / "data" / "wordnet_antonyms.tsv"]):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:  # a binary file
            continue
        found.update(w.lower() for w in re.findall(r"\S+", text) + re.findall(r"\w+", text))
    return found


def test_the_same_stems_as_nltks_original_porter_on_the_shipped_texts():
    porter_nltk = pytest.importorskip("nltk.stem.porter")
    original = porter_nltk.PorterStemmer("ORIGINAL_ALGORITHM")
    words = _shipped_words()
    assert len(words) > 10_000
    different = [(w, original.stem(w), porter_stem(w)) for w in words if original.stem(w) != porter_stem(w)]
    assert different == []


def test_stemming_imports_no_nltk():
    code = "import sys; from pyramid_metric import text; text.words('running quickly'); print('nltk' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_word_of_any_length_is_stemmed():  # a long run of y's alternates consonant and vowel, read in one pass
    assert porter_stem("y" * 20_000) == "y" * 19_999 + "i"  # (*v*) Y -> I, as NLTK gives for "yyyyyyyyy"
    assert porter._apply("ab" * 5_000 + "ational", STEP_2) == "ab" * 5_000 + "ate"  # then step 4 drops "ate"
    assert porter_stem("ab" * 5_000 + "ational") == "ab" * 5_000
