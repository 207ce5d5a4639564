"""Solvers: Hungarian assignment and DP knapsack equal their ILPs (and brute force) on random cases."""
import itertools
import random

import numpy as np
import pytest

from pyramid_metric import solve


def brute_knapsack(values, sizes, cap):
    best = 0.0
    for mask in itertools.product([0, 1], repeat=len(values)):
        if sum(s for s, m in zip(sizes, mask) if m) <= cap:
            best = max(best, sum(v for v, m in zip(values, mask) if m))
    return best


def test_knapsack_hand_case():
    # weights 2,1,1; lengths 4,2,3; L_max 6 -> best {0,1} = 3 (length 6); {0,2} would be length 7.
    assert solve.knapsack([2, 1, 1], [4, 2, 3], 6) == (3.0, [0, 1])
    assert solve.knapsack([], [], 5) == (0.0, [])
    assert solve.knapsack([5], [9], 3) == (0.0, [])


def test_knapsack_dp_equals_ilp_and_brute_force():
    rng = random.Random(1)
    for _ in range(200):
        n = rng.randint(1, 9)
        values = [float(rng.randint(1, 5)) for _ in range(n)]
        sizes = [rng.randint(1, 12) for _ in range(n)]
        cap = rng.randint(0, 40)
        dp, chosen = solve.knapsack(values, sizes, cap)
        assert sum(sizes[i] for i in chosen) <= cap
        assert dp == pytest.approx(sum(values[i] for i in chosen))
        assert dp == pytest.approx(solve.knapsack_ilp(values, sizes, cap)[0])
        assert dp == pytest.approx(brute_knapsack(values, sizes, cap))


def test_assignment_hand_case():
    w = np.array([[2.0, 0.0], [2.0, 1.0]])
    # row 0 -> col 0 (2) and row 1 -> col 1 (1) beat row 1 -> col 0 alone (2)
    assert solve.max_weight_assignment(w) == (3.0, [(0, 0), (1, 1)])


def test_hungarian_equals_ilp_on_random_instances():
    rng = np.random.default_rng(3)
    for _ in range(200):
        r, c = rng.integers(1, 7, size=2)
        w = rng.integers(0, 4, size=(r, c)) * (rng.random((r, c)) < 0.6)
        fast, pairs = solve.max_weight_assignment(w.astype(float))
        assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})
        assert fast == pytest.approx(solve.assignment_ilp(w.astype(float))[0])


def test_assignment_rejects_bad_weights():
    with pytest.raises(ValueError, match="finite"):
        solve.max_weight_assignment(np.array([[np.nan]]))


def test_solve_ilp_reports_optimal_and_cbc_fallback():
    import pulp

    for prefer in ("highs", "cbc"):
        prob = pulp.LpProblem("t", pulp.LpMaximize)
        x = pulp.LpVariable("x", cat="Binary")
        prob += 3 * x
        prob += x <= 1
        st = solve.solve_ilp(prob, 5, prefer)
        assert st.status == solve.OPTIMAL and st.solver == prefer and x.varValue == 1
