"""A pyramid is a function of the set of references: every method scores the same under any order of them.

Hypothesis draws small examples (2-4 references of 1-3 sentences from a small vocabulary, so that references
share content and SCUs of several weights form) and a permutation of the references; each method must give
exactly the same score.  ``EXAMPLES`` counts the examples tried per method (printed with ``pytest -s``).
"""
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyramid_metric import PyramidScorer

SENTENCES = ["The storm hit the coast.", "Thousands of homes lost power.", "Officials opened shelters.",
             "Schools closed on Monday.", "Power failed in three towns.", "The storm hit the coast on Monday.",
             "Officials said homes lost power."]
SOURCE = " ".join(SENTENCES)
PREDICTION = "The storm hit the coast and power failed. Officials opened shelters."

references = st.lists(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=3).map(" ".join),
                      min_size=2, max_size=4)
EXAMPLES: Counter = Counter()

METHODS = {
    "hirao": dict(method="hirao", segmenter="sentence"),  # the cheap segmenter: the property is the ILP's
    "be": dict(method="be"),
    "rouge": dict(method="rouge"),
    "pyreval": dict(method="pyreval"),
    "peak": dict(method="peak"),
    "ape": dict(method="ape", amr_parser="dependency"),
}
MAX_EXAMPLES = {"hirao": 15, "be": 50, "rouge": 50, "pyreval": 25, "peak": 25, "ape": 15}
_scorers = {}


def _scorer(name):
    if name not in _scorers:
        _scorers[name] = PyramidScorer(**METHODS[name])
    return _scorers[name]


@pytest.mark.parametrize("name", sorted(METHODS))
def test_score_does_not_depend_on_reference_order(name):
    sc = _scorer(name)

    @settings(max_examples=MAX_EXAMPLES[name], deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(refs=references, data=st.data())
    def check(refs, data):
        perm = data.draw(st.permutations(refs))
        EXAMPLES[name] += 1
        a = sc.compute([PREDICTION], [refs], [SOURCE])["scores"][0]
        b = sc.compute([PREDICTION], [list(perm)], [SOURCE])["scores"][0]
        assert a == b, (refs, perm)

    check()
    print(f"\n{name}: {EXAMPLES[name]} examples tried")
    assert EXAMPLES[name] >= 2
