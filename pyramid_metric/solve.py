"""Solvers: ILPs through PuLP (HiGHS in process, CBC as fallback), plus exact fast algorithms.

This module knows nothing about summaries: it solves generic problems.

- :func:`solve_ilp` runs a PuLP model with a time limit and says whether the
  answer is proven optimal, the best feasible one at the limit, or none.
- :func:`max_weight_assignment` (Hungarian algorithm, scipy) and
  :func:`assignment_ilp` solve the linear assignment problem of Hirao et al. (2018),
  Eq. (20)-(23); :func:`knapsack` (dynamic programme) and :func:`knapsack_ilp`
  solve the 0/1 knapsack of Eq. (25)-(27).  The fast versions are the hot
  path; the ILP versions are their reference in the tests.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import List, Sequence, Tuple

import numpy as np

logger = logging.getLogger(__name__)

OPTIMAL = "optimal"
TIME_LIMIT = "time-limit"  # stopped at the time limit with a feasible (maybe suboptimal) solution
FAILED = "failed"  # no solution from any solver


@dataclass(frozen=True)
class SolveStatus:
    """Outcome of :func:`solve_ilp`: ``status`` is OPTIMAL, TIME_LIMIT or FAILED; ``solver`` says who answered."""

    status: str
    solver: str

    @property
    def has_solution(self) -> bool:
        return self.status in (OPTIMAL, TIME_LIMIT)


def solver_versions() -> str:
    """``highs-<v>`` and ``pulp-<v>`` for signatures."""
    import pulp

    from importlib.metadata import PackageNotFoundError, version

    try:
        hv = version("highspy")  # not highspy.Highs(): constructing one prints a banner
    except PackageNotFoundError:  # pragma: no cover - CBC only
        hv = "none"
    return f"highs-{hv}+pulp-{pulp.__version__}"


_banner_lock = threading.Lock()
_banner_done = False


def _silence_highs_banner() -> None:
    """Keep HiGHS's copyright banner off stdout, with HiGHS's own options and without touching file descriptors.

    HiGHS writes its banner once per process, through the log of the first ``Highs`` object that logs, and
    PuLP's ``Highs()`` logs before it can turn ``output_flag`` off.  So, once and under a lock, a bare HiGHS
    object with ``log_to_console=False`` writes the banner to nowhere; later objects do not write it again.
    Nothing else in the process (other threads' output included) is affected.
    """
    global _banner_done
    with _banner_lock:
        if _banner_done:
            return
        try:
            from highspy import _core

            first = _core._Highs()
            first.setOptionValue("log_to_console", False)
            first.setCallback(lambda *args: None, None)  # the first logging call: writes the banner (nowhere)
            del first
        except Exception as exc:  # an older or newer highspy: the banner may show, nothing else changes
            logger.debug("could not silence the HiGHS banner: %s", exc)
        _banner_done = True


def _pulp_solvers(time_limit: float, prefer: str):
    import pulp

    _silence_highs_banner()

    highs = ("highs", lambda: pulp.HiGHS(msg=False, timeLimit=time_limit, threads=1))
    def make_cbc():
        import warnings

        with warnings.catch_warnings():  # PuLP 3.3 marks its bundled CBC as deprecated for 4.0
            warnings.simplefilter("ignore", DeprecationWarning)
            return pulp.PULP_CBC_CMD(msg=False, timeLimit=time_limit, threads=1)

    cbc = ("cbc", make_cbc)
    return [cbc, highs] if prefer == "cbc" else [highs, cbc]


def solve_ilp(problem, time_limit: float = 10.0, prefer: str = "highs") -> SolveStatus:
    """Solve a PuLP problem in place: HiGHS (in process) first, CBC if HiGHS is missing or fails.

    A time limit always applies; at the limit the best feasible solution found
    is kept and the status says ``time-limit``.
    """
    import pulp

    if prefer not in ("highs", "cbc"):
        raise ValueError(f"solve_ilp: `prefer` must be 'highs' or 'cbc', got {prefer!r}")
    for name, make in _pulp_solvers(time_limit, prefer):
        try:
            solver = make()
            if not solver.available():
                continue
            problem.solve(solver)
        except Exception as exc:  # a solver crash must not lose the score: try the next one
            logger.warning("ILP solver %s failed (%s); trying the next one", name, exc)
            continue
        if problem.sol_status == pulp.LpSolutionOptimal:
            return SolveStatus(OPTIMAL, name)
        if problem.sol_status == pulp.LpSolutionIntegerFeasible:
            return SolveStatus(TIME_LIMIT, name)
        if name == "cbc" and problem.status == pulp.LpStatusOptimal:
            return SolveStatus(OPTIMAL, name)
    return SolveStatus(FAILED, "none")


def max_weight_assignment(weights: np.ndarray) -> Tuple[float, List[Tuple[int, int]]]:
    """Maximum-weight one-to-one assignment of rows to columns (Eq. 20-23), Hungarian algorithm.

    Returns the optimum and the (row, column) pairs with positive weight.
    Entries must be finite and non-negative; rows and columns may stay unassigned.
    """
    w = np.asarray(weights, dtype=float)
    if w.size == 0:
        return 0.0, []
    if not np.all(np.isfinite(w)) or (w < 0).any():
        raise ValueError("max_weight_assignment: weights must be finite and >= 0")
    from scipy.optimize import linear_sum_assignment

    rows, cols = linear_sum_assignment(w, maximize=True)
    pairs = [(int(r), int(c)) for r, c in zip(rows, cols) if w[r, c] > 0]
    return float(sum(w[r, c] for r, c in pairs)), pairs


def assignment_ilp(weights: np.ndarray, time_limit: float = 10.0) -> Tuple[float, List[Tuple[int, int]]]:
    """Eq. (20)-(23) as an ILP in PuLP: maximize sum w_ij a_ij, each row and column used at most once."""
    import pulp

    w = np.asarray(weights, dtype=float)
    if w.size == 0:
        return 0.0, []
    prob = pulp.LpProblem("assignment", pulp.LpMaximize)
    a = {(i, j): prob.add_variable(f"a_{i}_{j}", cat="Binary")
         for i in range(w.shape[0]) for j in range(w.shape[1]) if w[i, j] > 0}
    prob += pulp.lpSum(w[i, j] * v for (i, j), v in a.items())
    for i in range(w.shape[0]):
        prob += pulp.lpSum(v for (r, _), v in a.items() if r == i) <= 1
    for j in range(w.shape[1]):
        prob += pulp.lpSum(v for (_, c), v in a.items() if c == j) <= 1
    if not a:
        return 0.0, []
    solve_ilp(prob, time_limit)
    pairs = sorted(k for k, v in a.items() if (v.varValue or 0) > 0.5)
    return float(sum(w[i, j] for i, j in pairs)), pairs


def knapsack(values: Sequence[float], sizes: Sequence[int], capacity: int) -> Tuple[float, List[int]]:
    """0/1 knapsack (Eq. 25-27) by dynamic programming over integer sizes: O(n * capacity), exact.

    Returns the optimum and the chosen item indices.  Items with size 0 are
    always taken (they cost nothing); items larger than the capacity never.
    """
    n = len(values)
    if len(sizes) != n:
        raise ValueError("knapsack: `values` and `sizes` must have the same length")
    if capacity < 0:
        raise ValueError(f"knapsack: `capacity` must be >= 0, got {capacity}")
    free = [i for i in range(n) if sizes[i] <= 0 and values[i] > 0]
    items = [i for i in range(n) if 0 < sizes[i] <= capacity and values[i] > 0]
    # A capacity above the total size of the items changes nothing: cap it, so a huge L_max neither
    # allocates a huge table nor fails.
    capacity = min(int(capacity), int(sum(sizes[i] for i in items)))
    best = np.zeros(capacity + 1)
    keep = np.zeros((len(items), capacity + 1), dtype=bool)
    for k, i in enumerate(items):
        s, v = int(sizes[i]), float(values[i])
        cand = best[:-s] + v if s <= capacity else np.array([])
        take = cand > best[s:] + 1e-12
        keep[k, s:] = take
        best[s:] = np.where(take, cand, best[s:])
    chosen, c = [], capacity
    for k in range(len(items) - 1, -1, -1):
        if keep[k, c]:
            chosen.append(items[k])
            c -= int(sizes[items[k]])
    chosen = sorted(chosen + free)
    return float(sum(values[i] for i in chosen)), chosen


def knapsack_ilp(values: Sequence[float], sizes: Sequence[int], capacity: int,
                 time_limit: float = 10.0) -> Tuple[float, List[int]]:
    """Eq. (25)-(27) as an ILP in PuLP: maximize sum w_j x_j s.t. sum l_j x_j <= L_max."""
    import pulp

    if not len(values):
        return 0.0, []
    prob = pulp.LpProblem("knapsack", pulp.LpMaximize)
    x = [prob.add_variable(f"x_{j}", cat="Binary") for j in range(len(values))]
    prob += pulp.lpSum(float(v) * xj for v, xj in zip(values, x))
    prob += pulp.lpSum(int(s) * xj for s, xj in zip(sizes, x)) <= capacity
    solve_ilp(prob, time_limit)
    chosen = [j for j, xj in enumerate(x) if (xj.varValue or 0) > 0.5]
    return float(sum(values[j] for j in chosen)), chosen
