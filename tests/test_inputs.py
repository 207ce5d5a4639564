"""Input hygiene shared by every method: invalid Unicode, non-finite options, huge length limits, HTML."""
import math

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.config import PyramidConfig
from pyramid_metric.solve import knapsack
from pyramid_metric.text import strip_markup

SOURCE = ("The storm hit the coast on Monday. Thousands of homes lost power. "
          "Officials opened shelters in three towns. Schools will stay closed until Friday.")
REF = "A storm hit the coast and thousands of homes lost power."
ALL_METHODS = ["refpyramid", "hirao", "be", "rouge", "pyreval", "peak", "ape"]


@pytest.mark.parametrize("where", ["prediction", "reference", "source"])
def test_lone_surrogate_is_a_value_error_naming_argument_and_index(where):
    bad = "Thousands of homes \ud800 lost power."
    args = {"prediction": (["ok", bad], [[REF], [REF]], [SOURCE, SOURCE]),
            "reference": (["ok", "ok"], [[REF], [REF, bad]], [SOURCE, SOURCE]),
            "source": (["ok", "ok"], [[REF], [REF]], [SOURCE, bad])}[where]
    name = {"prediction": r"predictions\[1\]", "reference": r"references\[1\]\[1\]", "source": r"sources\[1\]"}[where]
    with pytest.raises(ValueError, match=name + r"` contains a lone surrogate .* at character 19"):
        PyramidScorer(method="hirao").score(*args)


@pytest.mark.parametrize("option", ["sentence_penalty", "time_limit", "threshold", "edge_percentile", "zipf_beta",
                                    "merge_threshold", "ape_alpha"])
@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_non_finite_options_are_refused_at_validation(option, value):
    from pyramid_metric.options import declared

    with pytest.raises(ValueError, match=f"`{option}` must be"):  # with a method that reads it
        PyramidConfig(method=declared()[option].methods[0], **{option: value})


def test_knapsack_with_a_capacity_far_above_the_items_is_exact():
    # Hirao et al. (2018), Eq. 25-27: with room for every item the optimum takes all of them.
    assert knapsack([3.0, 2.0, 1.0], [2, 3, 4], 10 ** 308) == (6.0, [0, 1, 2])
    assert knapsack([3.0, 2.0, 1.0], [2, 3, 4], 5) == (5.0, [0, 1])


@pytest.mark.parametrize("method", ["refpyramid", "hirao"])
def test_huge_length_limit_scores_as_a_limit_above_every_length(method):
    p, r, s = ["Thousands of homes lost power."], [[REF]], [SOURCE]
    huge = PyramidScorer(method=method, length_limit=10 ** 308).compute(p, r, s)["scores"][0]
    big = PyramidScorer(method=method, length_limit=10 ** 4).compute(p, r, s)["scores"][0]
    assert huge == big and 0.0 < huge <= 1.0


def test_strip_markup():
    assert strip_markup("<p>The <b>storm</b> hit.</p><p>Power <a href='x'>failed</a>.</p>") == \
        "\nThe storm hit.\n\nPower failed.\n"
    assert strip_markup("a < b and c > d") == "a < b and c > d"  # not a tag
    assert strip_markup("<t> x </t>") == "<t> x </t>"  # CNN/DM sentence tags: clean_text's job
    assert strip_markup("x<!-- c --><script>var a = 1;</script><style>p {}</style>y") == "x   y"
    assert strip_markup("no markup") == "no markup"


@pytest.mark.parametrize("method", ALL_METHODS)
def test_html_prediction_scores_as_its_text_in_every_method(method):
    refs = ["Officials opened shelters in three towns.", "The storm cut power to thousands of homes."]
    plain = "Officials opened shelters. The storm cut power."
    html = "<p>Officials <b>opened</b> shelters.</p><p>The storm <i>cut</i> power.</p>"
    html_refs = [f"<div>{r}</div>" for r in refs]
    sc = PyramidScorer(method=method)
    a, b = sc.compute([plain, html], [refs, refs], [SOURCE, SOURCE])["scores"]
    c = sc.compute([plain], [html_refs], [f"<html><body>{SOURCE}</body></html>"])["scores"][0]
    assert a == b == c


def test_reference_of_markup_only_is_a_value_error():
    with pytest.raises(ValueError, match=r"references\[0\]\[1\]` has no visible text outside its HTML markup"):
        PyramidScorer().score(["x"], [[REF, "<p><br/></p>"]])
