"""scripts/studies/realsumm_system_residuals.py: its residuals, credit and correlations by hand, and a run on real data."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "studies"))

import realsumm_system_residuals as residual_study  # noqa: E402


def test_residuals_are_what_the_system_level_fit_misses():
    # system means: metric (1, 2, 3), human (1, 3, 2): least squares h = 0.5 m + 1 -> fitted (1.5, 2, 2.5)
    metric = np.array([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
    human = np.array([[1.0, 3.0, 2.0], [1.0, 3.0, 2.0]])
    assert residual_study.residuals(metric, human) == pytest.approx([-0.5, 1.0, -0.5])


def test_extractiveness_is_the_share_of_summary_bigrams_in_the_source():
    from pyramid_metric.match.recall import bigram_counts
    from pyramid_metric.text import words

    source = bigram_counts(words("The storm hit the coast on Monday."))
    # "the storm hit the town": the-storm, storm-hit, hit-the found; the-town not: 3 of 4
    assert residual_study.extractiveness("The storm hit the town.", source) == pytest.approx(3 / 4)
    assert residual_study.extractiveness("", source) == 0.0


def test_credit_is_the_value_weighted_mean_of_the_mixed_terms():
    from pyramid_metric.pyramid import Pyramid, PyramidUnit

    # two units of 3 and 1 content words; one summary: whole (1, 0), best (0.5, 1); mix whole 1 + best 1
    units = (PyramidUnit("storm hit coast", ("storm", "hit", "coast"), 1.0, ()),
             PyramidUnit("power", ("power",), 1.0, ()))
    pyr = Pyramid(units, 4, 1, content_credit=True)
    terms = [{"whole": np.array([[1.0, 0.0]]), "best": np.array([[0.5, 1.0]])}]
    # p = (0.75, 0.5); values 3 and 1: (3 x 0.75 + 0.5) / 4 = 0.6875; unit credit: (0.75 + 0.5) / 2
    credit = residual_study.credit_scores
    assert credit([pyr], terms, {"whole": 1, "best": 1}).tolist() == [pytest.approx([0.6875])]
    assert credit([pyr], terms, {"whole": 1, "best": 1}, 0.0).tolist() == [pytest.approx([0.625])]
    assert credit([pyr], terms, {"whole": 1, "best": 0}).tolist() == [pytest.approx([0.75])]


def test_fast_pearsons_agree_with_metaeval():
    from pyramid_metric.metaeval import summary_level, system_level

    rng = np.random.default_rng(0)
    metric, human = rng.random((6, 5)), rng.random((6, 5))
    summary, system = residual_study.fast_pearsons(metric, human)
    assert summary == pytest.approx(summary_level(metric, human, "pearson"))
    assert system == pytest.approx(system_level(metric, human, "pearson"))


def test_runs_on_realsumm():
    from conftest import TEST_DATA

    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "studies" / "realsumm_system_residuals.py"), "--data",
                          str(TEST_DATA / "realsumm" / "realsumm_dev_first4.jsonl"), "--limit", "4"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    for row in ("| default: mean(whole, best, pair) |", "| pair alone |", "| best of 3,124 term mixes",
                "| unit value (content words)^0 |", "| knapsack bound at L_max", "| verbosity penalty", "| ROUGE-2"):
        assert row in out.stdout
