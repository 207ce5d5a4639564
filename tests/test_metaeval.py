"""Meta-evaluation helpers: correlations and the Wilcoxon system-pair agreement of seed 002, sec. 6."""
from itertools import combinations

import numpy as np
import pytest
from scipy import stats

from pyramid_metric.metaeval import (bootstrap_wilcoxon_agreement, summary_level, system_level,
                                     wilcoxon_agreement, wilcoxon_outcomes)


def test_wilcoxon_outcomes_hand_case():
    # A beats B on all 8 examples: exact two-sided p = 2 / 2**8 = 0.0078 < 0.05 -> +1.
    # B and C are identical everywhere -> 0.  A vs C: same as A vs B.
    a = np.array([5, 6, 7, 8, 9, 10, 11, 12], float)
    b = a - np.array([1, 2, 3, 4, 5, 6, 7, 8], float) / 10
    scores = np.stack([a, b, b], axis=1)
    assert wilcoxon_outcomes(scores).tolist() == [1, 1, 0]
    # With only 5 examples the smallest two-sided exact p is 2/32 = 0.0625: never significant.
    assert wilcoxon_outcomes(scores[:5]).tolist() == [0, 0, 0]
    # Reversed order of systems flips the sign.
    assert wilcoxon_outcomes(scores[:, ::-1]).tolist() == [0, -1, -1]


def test_wilcoxon_outcomes_match_per_pair_scipy():
    rng = np.random.default_rng(3)
    scores = rng.normal(size=(30, 7)) + np.linspace(0, 1, 7)
    scores[:, 3] = scores[:, 2]  # one pair identical everywhere
    expected = []
    for i, j in combinations(range(7), 2):
        d = scores[:, i] - scores[:, j]
        if not np.any(d):
            expected.append(0)
            continue
        p = stats.wilcoxon(d).pvalue
        expected.append(0 if p >= 0.05 else int(np.sign(d.mean())))
    assert wilcoxon_outcomes(scores).tolist() == expected


def test_wilcoxon_agreement_bounds_and_identity():
    rng = np.random.default_rng(0)
    human = rng.normal(size=(40, 6)) + np.arange(6) * 0.3
    assert wilcoxon_agreement(human, human) == 1.0
    assert wilcoxon_agreement(2 * human + 1, human) == 1.0  # monotone per-example transform of differences
    reversed_metric = -human
    outcomes = wilcoxon_outcomes(human)
    acc = wilcoxon_agreement(reversed_metric, human)
    assert acc == pytest.approx(np.mean(outcomes == 0))  # only the non-significant pairs agree
    boot = bootstrap_wilcoxon_agreement(human + rng.normal(scale=0.5, size=human.shape), human, n_samples=20)
    assert 0.0 <= boot["ci"][0] <= boot["mean"] <= boot["ci"][1] <= 1.0
    assert boot["subset_size"] == round(41 / 46 * 40)


def test_wilcoxon_rejects_one_system():
    with pytest.raises(ValueError, match="scores"):
        wilcoxon_outcomes(np.zeros((5, 1)))


def test_correlation_levels_hand_case():
    human = np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 1.0]])
    metric = np.array([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
    assert summary_level(metric, human, "pearson") == pytest.approx(0.0)  # +1 and -1 averaged
    assert np.isnan(system_level(metric, np.array([[2.0, 2.0, 2.0]] * 2), "pearson"))  # constant side
