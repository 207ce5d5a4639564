"""AMR matching is bounded: long repetitive text (one word 150 times, a list of 120 items) no longer makes
Smatch's search exhaust memory; above MAX_CANDIDATE_PAIRS graphs are matched by the in-order mapping, with a
warning.  Ordinary sentences keep Smatch's search and their scores."""
import subprocess
import sys
import textwrap
import warnings

import pytest

from pyramid_metric.amr_graph import graphs_of, union
from pyramid_metric.match import amr as amr_match
from pyramid_metric.match.amr import (MAX_CANDIDATE_PAIRS, candidate_pairs, in_order_matching_triples,
                                      max_matching_triples)

SENTENCES = ["The storm hit the coast on Monday and thousands of homes lost power.",
             "Officials opened shelters in three towns after the storm.",
             "Schools will stay closed until Friday, the mayor said.",
             "Thousands of homes lost power when the storm hit."]


def _graph(text):
    return union(graphs_of(text, "dependency"))


def test_in_order_mapping_is_a_lower_bound_and_exact_on_itself():
    graphs = [_graph(s) for s in SENTENCES]
    for a in graphs:
        ta = a.smatch_triples("a")
        assert in_order_matching_triples(ta, a.smatch_triples("b")) == max_matching_triples(a, a) == a.n_triples
        for b in graphs:
            tb = b.smatch_triples("b")
            assert candidate_pairs(ta, tb) <= MAX_CANDIDATE_PAIRS  # ordinary sentences keep Smatch's search
            assert in_order_matching_triples(ta, tb) <= max_matching_triples(a, b)


@pytest.mark.parametrize("text", ["storm " * 150, ", ".join(["apples"] * 120) + ".",
                                  ", ".join(f"item {i % 5}" for i in range(120)) + ".", "Storm hits. " * 80])
def test_large_repetitive_graphs_are_matched_in_order_with_a_warning(text):
    g = _graph(text)
    tg = g.smatch_triples("a")
    assert candidate_pairs(tg, g.smatch_triples("b")) > MAX_CANDIDATE_PAIRS
    with pytest.warns(UserWarning, match="too large for Smatch's search"):
        assert max_matching_triples(g, g) == g.n_triples
    half = _graph(" ".join(text.split()[: len(text.split()) // 2]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert 0 < max_matching_triples(half, g) <= half.n_triples


def test_the_limit_is_what_switches(monkeypatch):
    g = _graph("storm " * 20)  # 400 pairs: Smatch's search
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert max_matching_triples(g, g) == g.n_triples
    monkeypatch.setattr(amr_match, "MAX_CANDIDATE_PAIRS", 100)
    with pytest.warns(UserWarning, match="too large"):
        assert max_matching_triples(g, g) == g.n_triples


_CAPPED = textwrap.dedent("""
    import resource, sys, time, warnings
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    from pyramid_metric import PyramidScorer
    ref = sys.argv[1]
    for options in ({"method": "ape"}, {"method": "refpyramid", "matcher": "amr"}):
        start = time.monotonic()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            scores = PyramidScorer(**options).compute([ref, "The storm hit."], [[ref], [ref]])["scores"]
        print(options["method"], scores, round(time.monotonic() - start, 1),
              any("too large for Smatch" in str(w.message) for w in caught))
""")


@pytest.mark.parametrize("ref", ["storm " * 150, ", ".join(f"item{i}" for i in range(120)) + "."])
def test_ape_and_amr_matcher_finish_under_a_memory_cap(ref):
    p = subprocess.run([sys.executable, "-c", _CAPPED, ref], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    for line in p.stdout.splitlines():
        method, rest = line.split(" ", 1)
        scores = eval(rest.rsplit(" ", 2)[0])
        assert 0 <= scores[1] <= scores[0] and scores[0] > 0.5, line
        assert float(rest.rsplit(" ", 2)[1]) < 60, line
