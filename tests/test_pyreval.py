"""PyrEval (seed 002): clause segmentation, EDUA-G / EDUA-C on hand-checked toy graphs, WMIN, end-to-end scores."""
import itertools
import math

import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.clauses import segmentations
from pyramid_metric.edua import (EDUA_C_MAX_CANDIDATES, EDUAGraph, Node, attraction, edua_complete, edua_greedy,
                                 pyramid_ap, t_edge_percentile, zipf_capacities)
from pyramid_metric.methods.pyreval import wmin

TOL = 1e-9


def toy_graph(names, pairs, t_edge=0.5, n_references=3):
    """Nodes named like 'A1' (reference A=0, B=1, C=2; one sentence, one segmentation each) and given cosines."""
    nodes = [Node("ABC".index(n[0]), 0, 0, int(n[1:]) - 1, n) for n in names]
    idx = {n: i for i, n in enumerate(names)}
    sim = np.full((len(names), len(names)), 0.1)
    np.fill_diagonal(sim, 1.0)
    for (a, b), s in pairs.items():
        sim[idx[a], idx[b]] = sim[idx[b], idx[a]] = s
    return EDUAGraph.build(nodes, sim, t_edge, n_references), idx


# A toy EDUA graph whose optimum is known (edges need cosine >= 0.5):
#   triangle A1-B1-C1 (0.9, 0.8, 0.7 -> AS 0.8), pairs A2-B2 (0.6) and A2-C1 (0.95).
# AP = sum over non-empty weight classes of mean AS, weight-1 class AC = 1 (Figure 5, items 3-5):
#   triangle + A2B2 (nothing left for C_1)     -> 0.8 + 0.6          = 1.4
#   triangle alone (A2, B2 in C_1)             -> 0.8 + 1            = 1.8
#   A1B1 + A2C1 (B2 in C_1)                    -> (0.9 + 0.95)/2 + 1 = 1.925
#   A2C1 alone (A1, B1, B2 in C_1)             -> 0.95 + 1           = 1.95   <- the optimum (EDUA-C)
# EDUA-G with alpha = 5 segments + 10 = 15, beta = 2.5: y_3 = max(1, int(15/3^2.5)) = 1, y_2 = int(15/2^2.5) = 2;
# it takes the triangle at r = 3, then at r = 2 only A2B2 is free of used segments -> AP 1.4 (greedy < exact).
TOY_NAMES = ["A1", "A2", "B1", "B2", "C1"]
TOY_PAIRS = {("A1", "B1"): 0.9, ("A1", "C1"): 0.8, ("B1", "C1"): 0.7, ("A2", "B2"): 0.6, ("A2", "C1"): 0.95}


def named(result, idx):
    inv = {i: n for n, i in idx.items()}
    return sorted(tuple(sorted(inv[a] for a in scu)) for scu in result.scus)


def test_toy_graph_candidates_and_attraction():
    g, idx = toy_graph(TOY_NAMES, TOY_PAIRS)
    cands = {tuple(sorted(n for n in TOY_NAMES if idx[n] in c)): s for c, s in g.candidates}
    assert set(cands) == {("A1", "B1"), ("A1", "C1"), ("B1", "C1"), ("A2", "B2"), ("A2", "C1"), ("A1", "B1", "C1")}
    assert cands[("A1", "B1", "C1")] == pytest.approx((0.9 + 0.8 + 0.7) / 3, abs=TOL)
    assert attraction([0], g.sim) == 1.0


def test_edua_complete_finds_the_known_optimum():
    g, idx = toy_graph(TOY_NAMES, TOY_PAIRS)
    res = edua_complete(g)
    assert res.ap == pytest.approx(1.95, abs=TOL)
    assert named(res, idx) == [("A1",), ("A2", "C1"), ("B1",), ("B2",)]


def test_edua_greedy_on_the_toy_graph_and_versus_exact():
    g, idx = toy_graph(TOY_NAMES, TOY_PAIRS)
    assert zipf_capacities(5, 3, 2.5) == {1: 15, 2: 2, 3: 1}
    res = edua_greedy(g, beta=2.5)
    assert named(res, idx) == [("A1", "B1", "C1"), ("A2", "B2")]
    assert res.ap == pytest.approx(1.4, abs=TOL)
    assert res.ap <= edua_complete(g).ap + TOL  # the greedy approximation never beats the exact search


def test_edua_greedy_backtracks_when_eq2_fails():
    # One triangle and nothing else: C_3 = {ABC} and C_2 = {} violates |C_3| <= |C_2| (appendix A, Eq. 2), so
    # Algorithm 2 decomposes the triangle and commits its best pair (A1B1, 0.9); C1 goes to C_1.
    g, idx = toy_graph(["A1", "B1", "C1"], {("A1", "B1"): 0.9, ("A1", "C1"): 0.8, ("B1", "C1"): 0.7})
    res = edua_greedy(g)
    assert named(res, idx) == [("A1", "B1"), ("C1",)]
    assert res.ap == pytest.approx(0.9 + 1.0, abs=TOL)


def brute_force_ap(g):
    """Every set of pairwise-compatible candidates (distinct segments, one segmentation per sentence) -> best AP."""
    best = -math.inf
    cands = g.candidates
    for k in range(len(cands) + 1):
        for subset in itertools.combinations(range(len(cands)), k):
            used, commit, ok = set(), {}, True
            for c in subset:
                for a in cands[c][0]:
                    n = g.nodes[a]
                    if a in used or commit.get(n.sentence_key, n.segmentation) != n.segmentation:
                        ok = False
                    used.add(a)
                    commit[n.sentence_key] = n.segmentation
            if not ok:
                continue
            classes = {}
            for c in subset:
                classes.setdefault(len(cands[c][0]), []).append(cands[c][1])
            sentences = {}
            for a, n in enumerate(g.nodes):
                sentences.setdefault(n.sentence_key, {}).setdefault(n.segmentation, []).append(a)
            residual = 0
            for key, segs in sentences.items():
                kk = commit.get(key, max(sorted(segs), key=lambda s: len(segs[s])))
                residual += sum(a not in used for a in segs[kk])
            classes[1] = [1.0] * residual
            best = max(best, pyramid_ap(classes))
    return best


def test_edua_complete_equals_brute_force_on_random_graphs():
    rng = np.random.default_rng(7)
    for _ in range(15):
        nodes = []
        for ref in range(3):
            nodes.append(Node(ref, 0, 0, 0))
            nodes += [Node(ref, 0, 1, 0), Node(ref, 0, 1, 1)]  # an alternative segmentation of two segments
        sim = rng.uniform(0, 1, (len(nodes), len(nodes)))
        sim = (sim + sim.T) / 2
        g = EDUAGraph.build(nodes, sim, 0.6, 3)
        if len(g.candidates) > 14:
            continue
        assert edua_complete(g).ap == pytest.approx(brute_force_ap(g), abs=1e-9)
        assert edua_greedy(g).ap <= edua_complete(g).ap + 1e-9


def test_edua_complete_refuses_large_inputs_with_a_clear_message():
    names = [f"{r}{k}" for r in "ABC" for k in range(1, 6)]
    pairs = {(a, b): 0.9 - 0.01 * (int(a[1]) + int(b[1])) for a, b in itertools.combinations(names, 2) if a[0] != b[0]}
    g, _ = toy_graph(names, pairs)
    assert len(g.candidates) == 3 * 25 + 125  # pairs across 3 references of 5 segments, and all triangles
    with pytest.raises(ValueError, match="candidate SCUs exceed the exact-search limit of 100.*edua='greedy'"):
        edua_complete(g, max_candidates=100)
    with pytest.raises(ValueError, match="limit of 50 search nodes.*edua='greedy'"):
        edua_complete(g, max_nodes=50)
    assert EDUA_C_MAX_CANDIDATES >= len(g.candidates)
    assert edua_complete(g).ap >= edua_greedy(g).ap - TOL


def test_t_edge_is_a_percentile_of_cross_reference_cosines():
    g, _ = toy_graph(TOY_NAMES, TOY_PAIRS)
    vals = [g.sim[a, b] for a in range(5) for b in range(a + 1, 5) if g.nodes[a].reference != g.nodes[b].reference]
    assert t_edge_percentile(g.nodes, g.sim, 83) == pytest.approx(np.percentile(vals, 83))
    assert t_edge_percentile([Node(0, 0, 0, 0)], np.ones((1, 1)), 83) is None  # one reference: no edges


def test_wmin_greedy_independent_set():
    # path 0-1-2 with weights 2, 2, 2: w/(deg+1) = 1, 2/3, 1 -> pick 0 (ties to the lowest), drop 1, pick 2
    assert wmin([2, 2, 2], [(0, 1), (1, 2)]) == [0, 2]
    assert wmin([1, 5, 1], [(0, 1), (1, 2)]) == [1]
    assert wmin([], []) == []


def test_sentence_segmentations_from_the_dependency_parse():
    (options,) = segmentations("The cat chased the mouse and ate the cheese.")
    assert [s.text for s in options[0]] == ["The cat chased the mouse and ate the cheese"]
    # the conjoined VP reuses the subject (seed 002, footnote 2)
    assert [s.text for s in options[1]] == ["The cat chased the mouse", "The cat ate the cheese"]
    assert all(len(seg) >= 2 for seg in options[1:])


REFS = ["The cat chased the mouse and ate the cheese. The dog slept all day.",
        "A cat ate some cheese after it chased a mouse. It rained all day.",
        "The mouse was chased by the cat, which then ate the cheese."]


@pytest.fixture(scope="module")
def pyreval():
    return PyramidScorer(method="pyreval")


def test_pyreval_end_to_end_scores(pyreval):
    res = pyreval.score(["The cat ate the cheese.", "The weather was nice.", ""], [REFS] * 3)
    good, bad, empty = res
    assert set(good.result.scores) == {"raw", "quality", "coverage", "comprehensive"}
    s = good.result.scores
    assert s["raw"] > 0 and good.score == pytest.approx(s["coverage"])
    assert s["comprehensive"] == pytest.approx(2 * s["quality"] * s["coverage"] / (s["quality"] + s["coverage"]))
    # coverage = raw / best weight of an average-size reference (X SCUs)
    pyr = good.pyramid
    assert s["coverage"] == pytest.approx(min(1.0, s["raw"] / pyr.ideal_weight(pyr.average_count())))
    assert max(u.weight for u in pyr.units) >= 2  # the cat/cheese content is shared by references
    assert bad.score < good.score
    assert empty.score == 0.0 and not any(math.isnan(v) for v in empty.result.scores.values())
    for r in res:
        assert 0.0 <= r.score <= 1.0
        d = r.explanation()
        assert "contributors" in d["pyramid"]["units"][0] and "t_edge" in d["pyramid"]


def test_pyreval_single_reference_and_signature(pyreval):
    out = pyreval.compute(["The cat ate the cheese."], [[REFS[0]]], explain=True)
    assert 0.0 < out["scores"][0] <= 1.0
    assert all(u["weight"] == 1.0 for u in out["explanations"][0]["pyramid"]["units"])
    assert "method:pyreval" in out["signature"] and "edua:G" in out["signature"]


def test_pyreval_complete_variant_and_bad_options():
    out = PyramidScorer(method="pyreval", edua="complete").compute(["The cat ate the cheese."], [REFS])
    assert 0.0 <= out["pyramid"] <= 1.0 and "edua:C" in out["signature"]
    with pytest.raises(ValueError, match="edua"):
        PyramidScorer(method="pyreval", edua="fast")
    with pytest.raises(ValueError, match="matcher"):
        PyramidScorer(method="pyreval", matcher="amr")


# -- the paper's rules on real text (MiniLM vectors) --------------------------------------------------

DOG = "The dog barked loudly."
NOISE = "A dog made a lot of noise."


def test_wmin_chooses_scus_by_highest_average_cosine():
    # Gao et al. (2019), section 4.6: a WMIN node holds, for each segment, the SCUs of highest average cosine;
    # its weight is the sum of their weights.  R2 = R3 = NOISE make an SCU of weight 2, R1 = DOG one of weight 1.
    # The summary DOG is most similar (cosine 1.0) to the weight-1 SCU (0.66 to the weight-2 one), so
    # raw = 1; quality = 1 / (best weight of 1 SCU = 2) = 0.5; coverage = 1 / (best weight of an average
    # reference's 1 SCU = 2) = 0.5; comprehensive = harmonic mean = 0.5.
    res = PyramidScorer(method="pyreval").score([DOG], [[DOG, NOISE, NOISE]])[0]
    assert sorted((u.text, u.weight) for u in res.pyramid.units) == [("A dog made a lot of noise", 2.0),
                                                                      ("The dog barked loudly", 1.0)]
    assert res.result.scores == pytest.approx({"raw": 1.0, "quality": 0.5, "coverage": 0.5,
                                               "comprehensive": 0.5}, abs=1e-9)
    assert [res.pyramid.units[m.unit].weight for m in res.result.matches] == [1.0]


@pytest.mark.parametrize("variant", ["greedy", "complete"])
def test_unanimous_scu_is_split_as_the_paper_specifies(variant):
    # Three references sharing only DOG.  EDUA-G: C_3 = {ABC} and C_2 = {} violate Eq. (2) |C_3| <= |C_2|
    # (appendix A), so Algorithm 2 decomposes it: one SCU of weight 2, the third segment in C_1.
    # EDUA-C maximizes AP = sum of AC over non-empty classes with AS(weight 1) = 1 (Figure 5, items 3-5):
    # {w3} gives AP = 1.0 and {w2, w1} gives AP = 1.0 + 1 = 2.0, so it splits too.
    res = PyramidScorer(method="pyreval", edua=variant).score([DOG], [[DOG, DOG, DOG]])[0]
    assert sorted(u.weight for u in res.pyramid.units) == [1.0, 2.0]
    assert dict(res.pyramid.info)["attraction_ap"] == pytest.approx(2.0, abs=1e-6)
    # the summary matches the heavier of the two equally similar SCUs: raw 2, quality 2 / 2
    assert res.result.scores["raw"] == 2.0 and res.result.scores["quality"] == pytest.approx(1.0)


def test_pyramid_does_not_depend_on_reference_order():
    # A pyramid is a function of the set of references: every permutation gives the same scores.
    pred = ["Officials. Storm coast. Storm."]
    refs = ["Coast. Storm. Coast. Storm.", "Officials. Storm.", "Power. Storm.", "Storm storm."]
    sc = PyramidScorer(method="pyreval")
    scores = {tuple(sc.compute(pred, [list(p)])["scores"]) for p in itertools.permutations(refs)}
    assert len(scores) == 1
    out = sc.compute(pred, [refs[::-1]], explain=True)
    contributors = [c for u in out["explanations"][0]["pyramid"]["units"] for c in u["contributors"]]
    reversed_refs = refs[::-1]
    assert all(c["text"].lower() in reversed_refs[c["reference"]].lower() for c in contributors)
