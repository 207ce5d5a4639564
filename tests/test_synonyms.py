"""Words of one meaning (pyramid_metric/synonyms.py, from WordNet 3.0) in the default's presence judges: a word
said with a synonym earns full credit, with a word one hypernym step away half; antonyms, names and figures
never."""
import gzip
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyramid_metric.synonyms as synonyms
from pyramid_metric import PyramidScorer
from pyramid_metric.match.context import ContextMatcher
from pyramid_metric.match.soft import SoftRecallMatcher, text_words
from pyramid_metric.synonyms import best_near_credit, near, near_credit
from pyramid_metric.text import stem

ROOT = Path(__file__).resolve().parent.parent


def related(a: str, b: str) -> str:
    same, step = near(stem(a))
    return "synonym" if stem(b) in same else ("hypernym" if stem(b) in step else "")


@pytest.mark.parametrize("a, b, kind", [
    ("said", "told", "synonym"), ("film", "movie", "synonym"), ("big", "large", "synonym"),
    ("bought", "purchased", "synonym"),  # an irregular form meets its base form's synonyms
    ("say", "said", "synonym"), ("children", "child", "synonym"),
    ("buy", "acquired", "hypernym"), ("announced", "said", "hypernym"), ("thrashed", "beat", "hypernym"),
    ("man", "woman", ""), ("won", "lost", ""), ("rise", "fall", ""), ("buy", "sell", ""),  # antonyms, opposites
    ("rose", "went", ""), ("rose", "moved", ""),  # a hypernym with more than 40 hyponyms stands for none
    ("dog", "cat", ""), ("doctor", "nurse", ""),  # two kinds of one thing are not one meaning
])
def test_the_table_pairs_words_of_one_meaning_and_never_antonyms(a, b, kind):
    assert related(a, b) == kind and related(b, a) == kind


def test_credits_by_hand():
    unit, text = [stem(w) for w in ("said", "bought", "monday", "said")], [stem(w) for w in ("told", "acquired", "said")]
    got = near_credit(unit, text)
    want = np.array([[1.0, 0.0, 0.0],    # said: told is a synonym; the same stem is the judges' own (0 here)
                     [0.0, 0.5, 0.0],    # bought: acquired is one hypernym step away
                     [0.0, 0.0, 0.0],    # monday: nothing
                     [1.0, 0.0, 0.0]])
    assert got.tolist() == want.tolist()
    assert near_credit(unit, text, synonym=0.7, hypernym=0.2).tolist() == (want * [[0.7], [0.4], [0], [0.7]]).tolist()
    assert best_near_credit(unit, frozenset(text)).tolist() == [1.0, 0.5, 0.0, 1.0]
    assert near_credit(unit, []).shape == (4, 0) and near_credit([], text).shape == (0, 3)


def test_the_soft_judge_takes_the_larger_of_cosine_and_table_credit():
    unit, text = "The minister said the plan was ready.", "The minister told reporters the plan was ready."
    with_table = SoftRecallMatcher().presence([unit], text)[0]
    without = SoftRecallMatcher(synonyms=False).presence([unit], text)[0]
    stems, _ = text_words(unit, True)  # minister, said, plan, ready: "said" earns 1 from "told"
    assert with_table == pytest.approx(1.0) and without < 1.0 and len(stems) == 4
    # a word one step away earns max(its cosine credit, 0.5)
    unit, text = "The firm bought the shop.", "The firm acquired the shop."
    cosine = SoftRecallMatcher(synonyms=False).presence([unit], text)[0]
    assert SoftRecallMatcher().presence([unit], text)[0] == pytest.approx(max(cosine, (1 + 0.5 + 1) / 3))


def test_word_pairs_said_with_synonyms_earn_pair_credit():
    from pyramid_metric.match.base import text_span

    u = text_span("officials said")
    with_table = SoftRecallMatcher().bigram_shares([u], ["The officials told reporters."])[0, 0]
    without = SoftRecallMatcher(synonyms=False).bigram_shares([u], ["The officials told reporters."])[0, 0]
    assert with_table == pytest.approx(1.0) and without < 1.0


def test_names_and_figures_earn_nothing_from_the_table():
    # "mark" and "score" are synonyms in WordNet, "Mark" is a name; "won" and "gain" are, "Gain" a name here
    assert related("mark", "score") == "synonym"
    assert SoftRecallMatcher().presence(["Mark resigned."], "The score resigned.")[0] == \
        SoftRecallMatcher(synonyms=False).presence(["Mark resigned."], "The score resigned.")[0]
    judge = ContextMatcher(layer=4, floor=0.4)
    plain = ContextMatcher(layer=4, floor=0.4, synonyms=False)
    assert judge.presence(["Mark resigned."], "The score resigned.")[0] == \
        pytest.approx(plain.presence(["Mark resigned."], "The score resigned.")[0])


def test_the_judge_of_one_sentence_references_uses_the_table():
    judge, plain = ContextMatcher(layer=4, floor=0.4), ContextMatcher(layer=4, floor=0.4, synonyms=False)
    unit, text = "The minister said the plan was ready.", "The minister told reporters the plan was ready."
    assert judge.presence([unit], text)[0] > plain.presence([unit], text)[0]
    assert judge.presence([unit], text)[0] > 0.95  # the same words earn their contextual cosines, close to 1


def test_a_paraphrase_in_synonyms_scores_closer_to_the_copy(monkeypatch):
    reference = "The company fired its chief executive after the scandal, officials said on Monday."
    paraphrase = "The company dismissed its boss after the scandal, officials told reporters on Monday."
    negated = "The company did not fire its chief executive after the scandal, officials said on Monday."
    scorer = PyramidScorer()
    copy, with_table, attack = (r.score for r in scorer.score([reference, paraphrase, negated], [[reference]] * 3,
                                                               progress=False))
    monkeypatch.setattr(synonyms, "SYNONYM", 0.0)
    monkeypatch.setattr(synonyms, "HYPERNYM", 0.0)
    without = PyramidScorer().score([paraphrase], [[reference]], progress=False)[0].score
    assert copy == pytest.approx(1.0) and with_table > without + 0.03
    assert attack <= with_table - 0.10  # the negation is still refused


def test_the_signature_names_the_table_and_its_credits():
    sig = PyramidScorer().signature()
    assert synonyms.signature() in sig and "synonyms:wordnet-3.0(1,0.5)@" in sig
    assert "synonyms" not in SoftRecallMatcher(synonyms=False).signature()


def test_a_missing_table_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(synonyms, "TABLE", tmp_path / "gone.tsv.gz")
    synonyms._table.cache_clear()
    try:
        with pytest.raises(ValueError, match="reinstall pyramid-metric"):
            near("said")
    finally:
        synonyms._table.cache_clear()


def test_the_table_is_sorted_symmetric_once_and_small():
    lines = gzip.open(synonyms.TABLE, "rt", encoding="utf-8").read().splitlines()
    words = [line.split("\t")[0] for line in lines]
    assert words == sorted(words) and len(set(words)) == len(words)
    for line in lines:
        word, same, step = line.split("\t")
        assert all(other > word for other in (same + " " + step).split())
    assert synonyms.TABLE.stat().st_size < 200_000


@pytest.mark.skipif(not Path("/usr/share/wordnet/data.verb").is_file(),
                    reason="WordNet 3.0 (Debian's wordnet-base) is not installed")
def test_the_shipped_table_is_what_the_script_builds(tmp_path):
    out = tmp_path / "near.tsv.gz"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "tools" / "wordnet_near.py"), "--out", str(out)],
                   check=True, capture_output=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert out.read_bytes() == synonyms.TABLE.read_bytes()
