"""Meta-evaluation: summary- and system-level correlations with human scores, bootstrap intervals.

Conventions (as in REALSumm / Lite2-3Pyramid): summary level = correlate metric
and human scores across the systems of each example, then average over
examples (examples where either side is constant are skipped); system level =
average each system's scores over examples, then correlate across systems.
"""
from __future__ import annotations

import math
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
