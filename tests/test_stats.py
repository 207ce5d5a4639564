"""Paired significance tests (paired bootstrap, Koehn 2004; approximate randomization, Noreen 1989)."""
import numpy as np
import pytest
from scipy import stats as sps

from pyramid_metric.stats import paired_test

N_EXAMPLES = 60


def _null_pair(seed: int):
    """Zero difference by construction: per-example scores of both systems drawn from one distribution
    around a shared example difficulty (paired data, exchangeable within each example)."""
    rng = np.random.default_rng(seed)
    difficulty = rng.uniform(0.2, 0.8, N_EXAMPLES)
    return difficulty + rng.normal(0, 0.1, N_EXAMPLES), difficulty + rng.normal(0, 0.1, N_EXAMPLES)


@pytest.mark.parametrize("test, n_samples", [("bootstrap", 500), ("randomization", 500)])
def test_zero_difference_gives_uniform_p_values(test, n_samples):
    """Under the null hypothesis a calibrated test's p-values are ~U(0, 1): across 300 data sets, a KS
    test does not reject uniformity, and about 5% (not 0%, not 20%) of p-values fall below 0.05."""
    p = np.array([paired_test(a, {"b": b}, test=test, n_samples=n_samples, seed=s)[0].p_value
                  for s, (a, b) in ((s, _null_pair(s)) for s in range(300))])
    assert sps.kstest(p, "uniform").pvalue > 0.01
    assert 0.01 <= np.mean(p < 0.05) <= 0.10
    assert 0.35 <= np.mean(p < 0.5) <= 0.65


@pytest.mark.parametrize("test", ["bootstrap", "randomization"])
def test_clear_difference_is_significant_and_interval_covers_it(test):
    a, b = _null_pair(7)
    better = b + 0.08  # every example gains 0.08
    r = paired_test(a, {"better": better}, test=test, seed=3)[0]
    assert r.p_value < 0.01
    assert r.difference == pytest.approx(float(np.mean(better - a)), abs=1e-12)
    assert r.interval[0] < r.difference < r.interval[1] and r.interval[0] > 0
    assert r.mean == pytest.approx(float(better.mean())) and r.baseline_mean == pytest.approx(float(a.mean()))


def test_identical_systems_give_p_one():
    a, _ = _null_pair(1)
    r = paired_test(a, {"same": a})[0]
    assert r.p_value == 1.0 and r.difference == 0.0 and r.interval == (0.0, 0.0)


def test_add_one_estimate_bounds_p_from_below():
    """p = (c + 1) / (R + 1): a huge difference with R resamples gives exactly 1 / (R + 1)."""
    a = np.zeros(30)
    r = paired_test(a, {"x": a + 1.0}, test="randomization", n_samples=99)[0]
    assert r.p_value == pytest.approx(1 / 100)


def test_randomization_p_value_matches_exact_enumeration():
    """With 8 examples all 2^8 sign flips can be enumerated: the exact two-sided p-value; 20000 random
    shuffles estimate it within Monte Carlo error (sd ~ 0.0035 at p ~ 0.3)."""
    import itertools

    a = np.array([0.1, 0.4, 0.35, 0.5, 0.2, 0.6, 0.3, 0.45])
    b = a + np.array([0.05, -0.02, 0.1, 0.03, -0.04, 0.06, 0.0, 0.02])
    d = b - a
    flips = np.array(list(itertools.product([-1, 1], repeat=len(d))))
    exact = np.mean(np.abs((flips * d).mean(axis=1)) >= abs(d.mean()) - 1e-12)
    r = paired_test(a, {"b": b}, test="randomization", n_samples=20000, seed=5)[0]
    assert r.p_value == pytest.approx(exact, abs=0.015)


def test_reproducible_with_a_seed_and_seed_in_output():
    a, b = _null_pair(11)
    r1 = paired_test(a, {"b": b}, seed=42)[0]
    r2 = paired_test(a, {"b": b}, seed=42)[0]
    r3 = paired_test(a, {"b": b}, seed=43)[0]
    assert r1 == r2 and r1.seed == 42 and r1.to_dict()["seed"] == 42
    assert (r1.p_value, r1.interval) != (r3.p_value, r3.interval)
    assert r1.n_samples == 1000 and r1.test == "bootstrap" and r1.n == N_EXAMPLES


def test_several_systems_against_one_baseline():
    a, b = _null_pair(2)
    out = paired_test(a, {"same-ish": b, "better": b + 0.1}, baseline_name="lead")
    assert [r.system for r in out] == ["same-ish", "better"] and all(r.baseline == "lead" for r in out)
    assert out[1].p_value < 0.01


@pytest.mark.parametrize("args, kwargs, message", [
    (([0.1, 0.2], {"x": [0.1]}), {}, r"`systems\['x'\]` has 1 scores but `baseline` has 2"),
    (([0.1], {"x": [0.2]}), {}, "at least 2 examples"),
    (([0.1, float("nan")], {"x": [0.2, 0.3]}), {}, r"`baseline\[1\]` is not a finite number"),
    (([0.1, 0.2], {"x": [0.2, 0.3]}), {"test": "t-test"}, "unknown `test`"),
    (([0.1, 0.2], {"x": [0.2, 0.3]}), {"n_samples": 0}, "`n_samples` must be a positive integer"),
    (([0.1, 0.2], {}), {}, "`systems` is empty"),
    (("0.1 0.2", {"x": [0.2, 0.3]}), {}, "`baseline` must be a list"),
])
def test_bad_input_raises_value_error(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        paired_test(*args, **kwargs)


# -- the command line: pyramid-metric compare ------------------------------------------------------------------

@pytest.fixture
def system_files(tmp_path, gumsum_dev):
    """GUMSum dev: a held-out human summary and a lead of the same length, against the other 4 summaries."""
    import json

    human, lead = tmp_path / "human.jsonl", tmp_path / "lead.jsonl"
    with open(human, "w") as fh, open(lead, "w") as fl:
        for d in gumsum_dev[:6]:
            refs, held = d["summaries"][1:], d["summaries"][0]
            cut = " ".join(d["text"].split()[:len(held.split())])
            fh.write(json.dumps({"id": d["doc_id"], "prediction": held, "references": refs}) + "\n")
            fl.write(json.dumps({"id": d["doc_id"], "prediction": cut, "references": refs}) + "\n")
    return lead, human


def test_compare_prints_paired_test_against_the_first_file(system_files, capsys):
    from pyramid_metric.cli import main

    lead, human = system_files
    assert main(["compare", str(lead), str(human), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "baseline: lead.jsonl; paired bootstrap resampling, 1000 resamples, seed 7; n = 6 examples" in out
    assert "p-value" in out and "(baseline)" in out and "method:refpyramid" in out
    human_line = next(line for line in out.splitlines() if line.startswith("human.jsonl"))
    p_printed = float(human_line.split()[-1])
    assert 0 < p_printed <= 1
    assert main(["compare", str(lead), str(human), "--seed", "7"]) == 0
    assert capsys.readouterr().out == out  # reproducible with the seed


def test_compare_randomization_baseline_jackknife_and_plot(system_files, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from pyramid_metric.cli import main

    lead, human = system_files
    png = tmp_path / "cmp.png"
    assert main(["compare", str(lead), str(human), "--baseline", str(human), "--paired-ar", "--n-samples", "999",
                 "--jackknife", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "baseline: human.jsonl; paired approximate randomization, 999 shuffles, seed 12345" in out
    assert "jackknife:loo" in out
    assert png.stat().st_size > 1000


def test_compare_refuses_misaligned_examples(system_files, tmp_path, capsys):
    from pyramid_metric.cli import main

    lead, human = system_files
    lines = human.read_text().splitlines()
    swapped = tmp_path / "swapped.jsonl"
    swapped.write_text("\n".join([lines[1], lines[0]] + lines[2:]) + "\n")
    assert main(["compare", str(lead), str(swapped)]) == 1
    assert "example 1 has id" in capsys.readouterr().err
