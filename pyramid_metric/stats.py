"""Paired significance tests over examples: is system A better than a baseline on the same examples?

Two tests, as SacreBLEU's ``--paired-bs`` and ``--paired-ar`` run them:

- **paired bootstrap resampling** (Koehn, 2004): resample the examples with
  replacement, the same draw for both systems, and look at the spread of the
  resampled mean differences; the p-value is the share of resamples whose
  difference, centred on the mean resampled difference (the null hypothesis
  of no difference), lies as far from 0 as the observed one (two-sided);
- **paired approximate randomization** (Noreen, 1989; Riezler and Maxwell,
  2005): under the null hypothesis the two systems' scores of an example are
  exchangeable, so each shuffle swaps them with probability 1/2; the p-value
  is the share of shuffles whose absolute mean difference reaches the observed one.

Both use the add-one estimate p = (c + 1) / (R + 1) over R resamples or
shuffles, so p is never 0 and the test never rejects more often than its level.
The interval of the difference is the percentile interval of the paired
bootstrap. Every result carries the seed and the number of resamples, so it can
be reproduced exactly. Several systems against one baseline are tested one by
one, with no correction for multiple comparisons (divide the level by the
number of systems for a Bonferroni bound).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import List, Mapping, Sequence, Tuple, Union

import numpy as np

TESTS = ("bootstrap", "randomization")
DEFAULT_SAMPLES = {"bootstrap": 1000, "randomization": 10000}  # SacreBLEU's defaults for -paired-bs / -paired-ar
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class PairedResult:
    """One system against the baseline on the same ``n`` examples."""

    system: str
    baseline: str
    n: int
    mean: float  # the system's mean score
    baseline_mean: float
    difference: float  # mean - baseline_mean
    interval: Tuple[float, float]  # paired bootstrap percentile interval of the difference
    level: float
    p_value: float  # two-sided, add-one estimate
    test: str  # "bootstrap" or "randomization"
    n_samples: int
    seed: int

    def to_dict(self) -> dict:
        d = asdict(self)
        d["interval"] = list(self.interval)
        return d


def _as_scores(values, name: str) -> np.ndarray:
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise ValueError(f"paired_test: `{name}` must be a list of scores, got {type(values).__name__}")
    v = np.asarray(values, dtype=float)
    if v.ndim != 1:
        raise ValueError(f"paired_test: `{name}` must be a flat list of per-example scores")
    bad = np.flatnonzero(~np.isfinite(v))
    if len(bad):
        raise ValueError(f"paired_test: `{name}[{int(bad[0])}]` is not a finite number ({v[bad[0]]})")
    return v


def paired_test(baseline: Sequence[float], systems: Union[Mapping[str, Sequence[float]], Sequence[float]],
                test: str = "bootstrap", n_samples: int = None, seed: int = DEFAULT_SEED, level: float = 0.95,
                baseline_name: str = "baseline") -> List[PairedResult]:
    """Paired test of each system against ``baseline``: per-example scores, same examples in the same order.

    ``systems``: ``{name: scores}`` (or one list of scores, named ``"system"``). ``test``: ``"bootstrap"``
    (paired bootstrap resampling, default 1000 resamples) or ``"randomization"`` (paired approximate
    randomization, default 10000 shuffles). Returns one :class:`PairedResult` per system, with the mean
    difference, its paired bootstrap ``level`` interval, the two-sided p-value, the test, the number of
    resamples and the seed.

    >>> r = paired_test([0.2, 0.3, 0.4, 0.3], {"new": [0.3, 0.4, 0.5, 0.45]}, seed=1)[0]
    >>> round(r.difference, 4), r.p_value < 0.5, r.seed
    (0.1125, True, 1)
    """
    if test not in TESTS:
        raise ValueError(f"paired_test: unknown `test` {test!r}; choose one of {TESTS}")
    if n_samples is None:
        n_samples = DEFAULT_SAMPLES[test]
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 1:
        raise ValueError(f"paired_test: `n_samples` must be a positive integer, got {n_samples!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"paired_test: `seed` must be an integer, got {seed!r}")
    if not 0 < level < 1:
        raise ValueError(f"paired_test: `level` must lie in (0, 1), got {level!r}")
    base = _as_scores(baseline, "baseline")
    if len(base) < 2:
        raise ValueError(f"paired_test: need at least 2 examples, got {len(base)}")
    if not isinstance(systems, Mapping):
        systems = {"system": systems}
    if not systems:
        raise ValueError("paired_test: `systems` is empty")
    out = []
    for name, values in systems.items():
        v = _as_scores(values, f"systems[{name!r}]")
        if len(v) != len(base):
            raise ValueError(f"paired_test: `systems[{name!r}]` has {len(v)} scores but `baseline` has "
                             f"{len(base)}: both must score the same examples")
        out.append(_one(str(name), baseline_name, v, base, test, int(n_samples), int(seed), level))
    return out


def _one(name, baseline_name, v, base, test, n_samples, seed, level) -> PairedResult:
    diff = v - base
    observed = float(diff.mean())
    n = len(diff)
    rng = np.random.default_rng(seed)
    boot = diff[rng.integers(0, n, size=(DEFAULT_SAMPLES["bootstrap"] if test != "bootstrap" else n_samples, n))]
    boot_means = boot.mean(axis=1)
    if test == "bootstrap":
        # null distribution: the resampled differences shifted to mean zero (Koehn 2004; SacreBLEU paired-bs)
        stats = np.abs(boot_means - boot_means.mean())
    else:
        # each example's pair swapped with probability 1/2: its difference changes sign
        signs = rng.integers(0, 2, size=(n_samples, n)) * 2 - 1
        stats = np.abs((signs * diff).mean(axis=1))
    # ties within floating-point noise count as reaching the observed value
    c = int(np.sum(stats >= abs(observed) - 1e-12))
    p = (c + 1) / (len(stats) + 1)
    a = (1 - level) / 2
    lo, hi = float(np.quantile(boot_means, a)), float(np.quantile(boot_means, 1 - a))
    return PairedResult(name, baseline_name, n, float(v.mean()), float(base.mean()), observed, (lo, hi), level,
                        float(p), test, n_samples, seed)
