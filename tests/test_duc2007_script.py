"""scripts/studies/duc2007_correlations.py: the paper's system-level protocol (Hirao et al. 2018, section 4: scores
averaged over the topics, then correlated over the systems), its topic bootstrap, and its segment cache."""
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "studies"))

import duc2007_correlations as duc  # noqa: E402


def test_system_correlations_average_over_topics_with_a_human_score():
    # 3 topics x 3 systems; the human score exists on topics 0 and 2 only (the pyramid subset), and system 2
    # has none on topic 2: systems 0 and 1 over topics 0 and 2 are kept.
    metric = np.array([[1.0, 2.0, 9.0], [5.0, 5.0, 5.0], [3.0, 1.0, 9.0]])
    human = np.array([[1.0, 3.0, 7.0], [np.nan] * 3, [2.0, 1.0, np.nan]])
    assert duc.system_correlations(metric, human)[3:] == (2, 2)
    # hand case, 2 topics x 3 systems: means metric (3, 2, 2), human (1, 1.5, 2); centred m = (2/3, -1/3, -1/3),
    # h = (-1/2, 0, 1/2): r = (-1/3 - 1/6) / sqrt((2/3) * (1/2)) = -sqrt(3)/2
    metric = np.array([[1.0, 2.0, 4.0], [5.0, 2.0, 0.0]])
    human = np.array([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
    r, rho, tau, n_topics, n_systems = duc.system_correlations(metric, human)
    assert r == pytest.approx(-np.sqrt(3) / 2)
    assert rho == pytest.approx(stats.spearmanr([3, 2, 2], [1, 1.5, 2])[0])
    assert (n_topics, n_systems) == (2, 3)


def test_bootstrap_interval_contains_the_observed_r_and_is_exact_for_a_perfect_metric():
    rng = np.random.default_rng(1)
    quality = np.linspace(1, 3, 12)  # 12 systems of different quality, 40 topics of noisy scores
    human = quality + rng.normal(0, 1.0, size=(40, 12))
    metric = quality + rng.normal(0, 1.0, size=(40, 12))
    lo, hi = duc.bootstrap_r(metric, human, 400)
    r = duc.system_correlations(metric, human)[0]
    assert lo < r < hi
    assert 0.0 < hi - lo < 0.3
    # with half the topics the interval is wider (fewer topics, noisier system means)
    lo2, hi2 = duc.bootstrap_r(metric[:20], human[:20], 400)
    assert hi2 - lo2 > hi - lo
    # a metric that is a linear function of the human score on every topic: r = 1 in every resample
    lo, hi = duc.bootstrap_r(2 * human + 1, human, 100)
    assert lo == pytest.approx(1.0, abs=1e-5) and hi == pytest.approx(1.0, abs=1e-5)


def test_truncate_keeps_the_first_words():
    assert duc.truncate("a b c d", 2) == "a b"
    assert duc.truncate("a  b", 5) == "a  b"  # short texts are left as they are


def test_cached_segmenter_returns_the_same_edus(tmp_path):
    from pyramid_metric.segment import get_segmenter

    inner = get_segmenter("sentence")
    cached = duc.CachedSegmenter(inner, str(tmp_path))
    texts = ["The dog barked. It rained.", "A cat sat."]
    first = cached.segment_many(texts)
    assert first == inner.segment_many(texts)
    assert len(list(Path(cached.folder).glob("*.pkl"))) == 2
    assert cached.segment_many(texts[::-1]) == first[::-1]  # read back from disk, in the order asked
    assert cached.signature() == inner.signature() and cached.name == inner.name


def test_gap_to_a_baseline_row_is_zero_for_the_same_row_and_signed_otherwise():
    rng = np.random.default_rng(2)
    quality = np.linspace(1, 3, 10)
    human = quality + rng.normal(0, 1.0, size=(30, 10))
    good = quality + rng.normal(0, 0.3, size=(30, 10))
    bad = quality + rng.normal(0, 3.0, size=(30, 10))
    assert duc.bootstrap_r_difference(good, good, human, 200) == (0.0, 0.0, 0.0)
    d, lo, hi = duc.bootstrap_r_difference(bad, good, human, 400)
    r_bad, r_good = duc.system_correlations(bad, human)[0], duc.system_correlations(good, human)[0]
    assert d == pytest.approx(r_bad - r_good) and lo < d < hi and d < 0
