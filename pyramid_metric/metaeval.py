"""Meta-evaluation: summary- and system-level correlations with human scores, bootstrap intervals.

Conventions (as in REALSumm / Lite2-3Pyramid): summary level = correlate metric
and human scores across the systems of each example, then average over
examples (examples where either side is constant are skipped); system level =
average each system's scores over examples, then correlate across systems.
"""
from __future__ import annotations

import math
import warnings
from typing import Dict, List, Sequence, Tuple

import numpy as np

CORRELATIONS = ("pearson", "spearman", "kendall")


def correlation(x: Sequence[float], y: Sequence[float], kind: str) -> float:
    """Pearson r, Spearman rho or Kendall tau (tau-b); NaN when either side is constant."""
    from scipy import stats

    x, y = np.asarray(x, float), np.asarray(y, float)
    if len(x) < 2 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan
    if kind == "pearson":
        return float(stats.pearsonr(x, y)[0])
    if kind == "spearman":
        return float(stats.spearmanr(x, y)[0])
    if kind == "kendall":
        return float(stats.kendalltau(x, y)[0])
    raise ValueError(f"correlation: unknown kind {kind!r}; choose one of {CORRELATIONS}")


def summary_level(metric: np.ndarray, human: np.ndarray, kind: str) -> float:
    """Mean over examples (rows) of the correlation across systems (columns); constant rows skipped."""
    vals = [correlation(m, h, kind) for m, h in zip(metric, human)]
    vals = [v for v in vals if not math.isnan(v)]
    return float(np.mean(vals)) if vals else math.nan


def system_level(metric: np.ndarray, human: np.ndarray, kind: str) -> float:
    """Correlation across systems of the per-system means over examples."""
    return correlation(np.mean(metric, axis=0), np.mean(human, axis=0), kind)


def all_correlations(metric: np.ndarray, human: np.ndarray) -> Dict[str, float]:
    """{"summary_pearson": ..., ..., "system_kendall": ...} for an examples x systems matrix."""
    out = {}
    for kind in CORRELATIONS:
        out[f"summary_{kind}"] = summary_level(metric, human, kind)
        out[f"system_{kind}"] = system_level(metric, human, kind)
    return out


def bootstrap_interval(values: Sequence[float], n_resamples: int = 1000, seed: int = 12345,
                       level: float = 0.95) -> Tuple[float, float]:
    """Percentile bootstrap interval of the mean (local seeded generator, never global state)."""
    v = np.asarray(values, float)
    if len(v) == 0:
        return (math.nan, math.nan)
    rng = np.random.default_rng(seed)
    means = v[rng.integers(0, len(v), size=(n_resamples, len(v)))].mean(axis=1)
    a = (1 - level) / 2
    return float(np.quantile(means, a)), float(np.quantile(means, 1 - a))


def bootstrap_correlation(metric: np.ndarray, human: np.ndarray, level_fn, kind: str,
                          n_resamples: int = 1000, seed: int = 12345) -> Tuple[float, float]:
    """95% interval of a correlation by resampling examples (rows) with replacement."""
    rng = np.random.default_rng(seed)
    n = metric.shape[0]
    vals: List[float] = []
    for _ in range(n_resamples):
        idx = rng.integers(0, n, size=n)
        v = level_fn(metric[idx], human[idx], kind)
        if not math.isnan(v):
            vals.append(v)
    if not vals:
        return (math.nan, math.nan)
    return float(np.quantile(vals, 0.025)), float(np.quantile(vals, 0.975))


# ---- Wilcoxon system-pair agreement (Gao et al. 2019, section 6; Rankel et al. 2011) -------------------

def wilcoxon_outcomes(scores: np.ndarray, alpha: float = 0.05) -> np.ndarray:
    """Outcome of a two-sided Wilcoxon signed-rank test for every pair of systems (columns).

    ``scores`` is examples x systems.  For each pair i < j (in ``itertools.combinations`` order) the
    systems are compared on matched examples: +1 when i is significantly better (p < ``alpha``, mean
    difference > 0), -1 when j is, 0 when the difference is not significant (identical scores on every
    example count as 0).  This is the test NIST used to validate ROUGE against manual pyramids, which
    PyrEval's section 6 applies to automatic pyramid scores.
    """
    from itertools import combinations

    from scipy import stats

    scores = np.asarray(scores, float)
    if scores.ndim != 2 or scores.shape[1] < 2:
        raise ValueError(f"wilcoxon_outcomes: `scores` must be examples x systems with >= 2 systems, "
                         f"got shape {scores.shape}")
    pairs = list(combinations(range(scores.shape[1]), 2))
    diff = scores[:, [i for i, _ in pairs]] - scores[:, [j for _, j in pairs]]
    tested = np.any(diff != 0, axis=0)  # a pair with identical scores everywhere is "not significant"
    pvalues = np.ones(len(pairs))
    if tested.any():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # scipy warns on ties/zeros; the normal approximation handles them
            pvalues[tested] = stats.wilcoxon(diff[:, tested], zero_method="wilcox", alternative="two-sided",
                                             axis=0).pvalue
    pvalues = np.nan_to_num(pvalues, nan=1.0)
    return np.where(pvalues < alpha, np.sign(diff.mean(axis=0)), 0).astype(int)


def wilcoxon_agreement(metric: np.ndarray, human: np.ndarray, alpha: float = 0.05) -> float:
    """Share of system pairs on which the metric's Wilcoxon outcome equals the human one
    (both significant the same way, or both not significant) -- "accuracy" of Gao et al. 2019, Table 4."""
    return float(np.mean(wilcoxon_outcomes(metric, alpha) == wilcoxon_outcomes(human, alpha)))


def bootstrap_wilcoxon_agreement(metric: np.ndarray, human: np.ndarray, n_samples: int = 100,
                                 share: float = 41 / 46, alpha: float = 0.05, seed: int = 12345) -> Dict[str, float]:
    """The protocol of Gao et al. (2019), Table 4: accuracy on ``n_samples`` random subsets of the examples (each
    ``share`` of them, drawn without replacement; TAC 2010 used 41 of 46 topics), reported as the
    mean, the standard deviation, the 95% normal interval of the mean, and the accuracy on all examples.
    Each subset yields its own gold set of human outcomes."""
    metric, human = np.asarray(metric, float), np.asarray(human, float)
    n = metric.shape[0]
    k = max(2, int(round(share * n)))
    rng = np.random.default_rng(seed)
    accs = []
    for _ in range(n_samples):
        idx = np.sort(rng.choice(n, size=k, replace=False))
        accs.append(wilcoxon_agreement(metric[idx], human[idx], alpha))
    accs = np.array(accs)
    half = 1.96 * accs.std(ddof=1) / math.sqrt(len(accs)) if len(accs) > 1 else 0.0
    return {"mean": float(accs.mean()), "sd": float(accs.std(ddof=1)) if len(accs) > 1 else 0.0,
            "ci": (float(accs.mean() - half), float(accs.mean() + half)),
            "all": wilcoxon_agreement(metric, human, alpha), "subset_size": k}
