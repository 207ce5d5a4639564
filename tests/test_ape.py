"""APE (seed 003): Smatch maximum matching triples, the dependency-to-AMR approximation, PENMAN input, scores."""
import math
import random

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.amr_graph import get_parser, graphs_of, is_penman, read_penman
from pyramid_metric.match.amr import AMRMatcher, max_matching_triples, smatch_prf
from pyramid_metric.methods.rouge import rouge_recall

TOL = 1e-9

BOY = "(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01 :ARG0 b))"
GIRL = "(w / want-01 :ARG0 (g / girl) :ARG1 (x / go-01 :ARG0 g :polarity -))"


def test_smatch_on_two_small_penman_graphs_hand_computed():
    a, b = read_penman(BOY)[0], read_penman(GIRL)[0]
    # A: instances want-01, boy, go-01 (3) + TOP (1) + ARG0, ARG1, ARG0 (3) = 7 triples
    # B: instances want-01, girl, go-01 (3) + TOP (1) + polarity (1) + ARG0, ARG1, ARG0 (3) = 8 triples
    # best mapping w->w, b->g, g->x: want-01, go-01, TOP, ARG0(w,b), ARG1(w,g), ARG0(g,b) match; boy != girl -> 6
    assert (a.n_triples, b.n_triples) == (7, 8)
    assert max_matching_triples(a, b) == 6
    p, r, f = smatch_prf(a, b)
    assert (p, r) == pytest.approx((6 / 7, 6 / 8), abs=TOL)
    assert f == pytest.approx(2 * (6 / 7) * (6 / 8) / (6 / 7 + 6 / 8), abs=TOL)
    # the smatch package's own entry point on the same strings agrees
    import smatch

    smatch.match_triple_dict.clear()
    assert smatch.get_amr_match(BOY, GIRL) == (6, 7, 8)


def test_mmt_is_deterministic_and_leaves_the_global_rng_alone():
    a, b = read_penman(BOY)[0], read_penman(GIRL)[0]
    random.seed(123)
    expected = random.random()
    random.seed(123)
    assert [max_matching_triples(a, b) for _ in range(3)] == [6, 6, 6]
    assert random.random() == expected


def test_mmt_is_reproducible_although_smatch_reseeds_from_entropy(realsumm_rows):
    """smatch calls ``random.seed()`` (OS entropy) before every hill-climbing start; with its own seeded source
    the count no longer depends on the run. On this REALSumm dev SCU against a system summary's sentences,
    entropy-seeded restarts gave 3 or 4 for the second sentence from one call to the next."""
    ex = realsumm_rows[1]
    unit = graphs_of(ex["scus"][9], "dependency")[0]
    sentences = graphs_of(list(ex["systems"].values())[1]["summary"], "dependency")
    counts = {tuple(max_matching_triples(unit, g) for g in sentences) for _ in range(30)}
    assert len(counts) == 1


def test_dependency_amr_approximation():
    (g,) = graphs_of("The boy wants to go.", "dependency")
    concepts = sorted(c for _, c in g.instances)
    assert concepts == ["boy", "go-01", "want-01"]
    names = dict(g.instances)
    rels = {(names[a], r, names[b]) for a, r, b in g.relations}
    # the controlled subject of "to go" is re-entered, as in the AMR of this sentence
    assert rels == {("want-01", "ARG0", "boy"), ("want-01", "ARG1", "go-01"), ("go-01", "ARG0", "boy")}
    # ... so it matches the gold AMR exactly: 7 of 7 triples
    assert max_matching_triples(read_penman(BOY)[0], g) == 7
    (neg,) = graphs_of("The senate did not pass 3 laws in Paris.", "dependency")
    assert ("polarity", "-") in {(r, x) for _, r, x in neg.attributes}
    assert ("quant", "3") in {(r, x) for _, r, x in neg.attributes}
    assert "city" in dict(neg.instances).values() or "country" in dict(neg.instances).values()
    assert get_parser("dependency").signature().startswith("dep2amr-approx(")


def test_restrict_to_a_contributor_by_alignment_and_by_lemmas():
    (g,) = graphs_of("The cat chased the mouse and ate the cheese.", "dependency")
    # tokens 0-4 = "The cat chased the mouse": keeps cat, chase-01, mouse and their two edges, no TOP
    sub = g.restrict(range(0, 5))
    assert sorted(c for _, c in sub.instances) == ["cat", "chase-01", "mouse"]
    assert sub.n_triples == 3 + 2
    pen = read_penman(BOY)[0]  # no alignments: concepts are matched to the span's lemmas
    assert sorted(c for _, c in pen.restrict([], ["boy", "want"]).instances) == ["boy", "want-01"]


def test_penman_input_detection():
    assert is_penman("# ::snt The boy wants to go\n" + BOY)
    assert not is_penman("(CNN) The boy wants to go.")
    assert read_penman("# ::snt The boy wants to go\n" + BOY)[0].text == "The boy wants to go"


def test_amr_matcher_recall_of_the_unit():
    from pyramid_metric.document import Span

    m = AMRMatcher("dependency")
    sim = m.similarities([Span("The boy wants to go.", ())], [Span("The boy wants to go.", ()),
                                                                Span("A dog barked.", ())])
    # "A dog barked": bark-01, dog, TOP, ARG0(bark, dog) = 4 triples; only the ARG0 edge maps onto want -> boy
    assert sim[0, 0] == pytest.approx(1.0) and sim[0, 1] == pytest.approx(1 / 4)
    assert "smatch" in m.signature() and "dep2amr-approx" in m.signature()


REFS = ["The cat chased the mouse and ate the cheese. The dog slept.",
        "A cat ate some cheese after chasing a mouse. It rained all day.",
        "The mouse was chased by the cat, which then ate the cheese."]


@pytest.fixture(scope="module")
def ape_only():
    return PyramidScorer(method="ape", ape_alpha=1.0, amr_parser="dependency")


def test_ape_covered_weight_over_ideal_weight(ape_only):
    (res,) = ape_only.score(["The cat ate the cheese."], [REFS])
    pyr, d = res.pyramid, res.result.scores
    covered = {m.unit for m in res.result.matches}
    assert covered  # the summary sentence contains > 75% of some contributor's triples
    w_p = sum(pyr.units[j].weight for j in covered)
    assert d["covered_weight"] == pytest.approx(w_p)
    assert res.score == pytest.approx(min(1.0, w_p / pyr.ideal_weight(pyr.average_count())), abs=TOL)
    for m in res.result.matches:
        assert m.similarity > 0.75
    units = res.explanation()["pyramid"]["units"]
    assert "amr" in units[0]["contributors"][0]


def test_ape_rouge_su4_mix_and_penman_prediction():
    ape = PyramidScorer(method="ape", amr_parser="dependency")  # alpha = 0.2 by default (seed 003, Table 1)
    pen = "# ::snt The cat ate the cheese\n(e / eat-01 :ARG0 (c / cat) :ARG1 (h / cheese))"
    text_res, pen_res = ape.score(["The cat ate the cheese.", pen], [REFS, REFS])
    d = text_res.result.scores
    assert d["alpha"] == 0.2
    assert d["rouge_su4"] == pytest.approx(rouge_recall("The cat ate the cheese.", REFS, "su4", True))
    assert text_res.score == pytest.approx(0.2 * d["ape"] + 0.8 * d["rouge_su4"], abs=TOL)
    assert pen_res.result.scores["ape"] > 0  # precomputed graphs are read, not parsed
    assert "method:ape" in ape.signature() and "amr:dep2amr-approx" in ape.signature()


def test_ape_single_reference_empty_prediction_and_bad_options(ape_only):
    out = ape_only.compute(["The dog slept.", ""], [[REFS[0]], [REFS[0]]])
    assert 0.0 < out["scores"][0] <= 1.0 and out["scores"][1] == 0.0
    assert not any(math.isnan(s) for s in out["scores"])
    with pytest.raises(ValueError, match="matcher"):
        PyramidScorer(method="ape", matcher="embedding")
    with pytest.raises(ValueError, match="ape_alpha"):
        PyramidScorer(method="ape", ape_alpha=2.0)
    with pytest.raises(ValueError, match="amr_parser"):
        PyramidScorer(method="ape", amr_parser="jamr")


def test_amr_matcher_in_human_pyramid_mode():
    scorer = PyramidScorer(method="hirao", matcher="amr")  # threshold defaults to tau = 0.75
    out = scorer.compute(["The boy wants to go. A dog barked."], scus=[["The boy wants to go", "The cat slept"]],
                         scu_weights=[[2, 1]])
    assert out["scores"][0] == pytest.approx(2 / 3, abs=TOL)


# -- Algorithm 1 on human SCUs (Steinberger et al. 2017, section 4) --------------------------------------

def test_ape_human_scus_strict_tau_hand_example(ape_only):
    # SCU "The dog barked": dog, bark-01, ARG0(bark, dog), TOP = 4 triples; the summary "The cat barked."
    # matches bark-01, ARG0 and TOP: mmt / |A_d| = 3 / 4 = 0.75, which is not > tau = 0.75 (Algorithm 1).
    dog = graphs_of("The dog barked", "dependency")[0]
    cat = graphs_of("The cat barked.", "dependency")[0]
    assert dog.n_triples == 4 and max_matching_triples(dog, cat) == 3
    res = ape_only.score(["The cat barked."], None, scus=[["The dog barked"]])[0]
    assert res.score == 0.0 and res.result.scores["ape"] == 0.0
    assert ape_only.score(["The dog barked."], None, scus=[["The dog barked"]])[0].score == 1.0


def test_ape_human_scus_w_ideal_contributors_and_su4_mix():
    refs = ["It rained. The dog barked loudly.", "A dog barked."]
    scus, weights = [["dog barking", "rain"]], [[2, 1]]
    contributors = [[["The dog barked", "A dog barked"], ["It rained"]]]
    ape = PyramidScorer(method="ape", amr_parser="dependency")  # alpha = 0.2
    res = ape.score(["The dog barked."], [refs], scus=scus, scu_weights=weights, scu_contributors=contributors)[0]
    pyr, d = res.pyramid, res.result.scores
    # the mentions are spans of the references: A_dj = the triples of their sentence's graph inside the mention
    assert [(c.reference, c.sentence) for c in pyr.contributors[0]] == [(0, 1), (1, 0)]
    assert [g.n_triples for g in pyr.contributor_graphs[0]] == [4, 4]  # dog, bark-01, ARG0, TOP (root inside)
    # w_ideal: X = (2 + 1) / 2 models = 1.5 -> 2 SCUs; best weight of 2 SCUs = 3; w_p = 2 -> APE = 2 / 3
    assert d["ideal_weight"] == 3.0 and d["covered_weight"] == 2.0 and d["ape"] == pytest.approx(2 / 3)
    su4 = rouge_recall("The dog barked.", refs, "su4", True)
    assert res.score == pytest.approx(0.2 * 2 / 3 + 0.8 * su4, abs=TOL)
    # the mix needs the model summaries; APE alone does not
    with pytest.raises(ValueError, match="references"):
        ape.score(["The dog barked."], None, scus=scus, scu_weights=weights)
    with pytest.raises(ValueError, match="scu_contributors"):
        PyramidScorer(method="be").score(["x"], [["y"]], scus=[["y"]], scu_contributors=[[["y"]]])


def test_restrict_keeps_top_only_when_the_root_is_in_the_mention():
    (g,) = graphs_of("The dog barked loudly.", "dependency")
    names = {c: v for v, c in g.instances}
    with_root = g.restrict([1, 2])  # "dog barked": the root bark-01 is inside, TOP is one of its triples
    assert with_root.top == names["bark-01"] and with_root.n_triples == 4
    without = g.restrict([1])  # "dog" alone: one instance triple, no TOP
    assert without.top is None and without.n_triples == 1


def test_ape_human_scus_through_the_evaluate_module():
    from pyramid_metric.hf import Pyramid

    out = Pyramid()._compute(["The dog barked."], [["A dog barked."]], method="ape", ape_alpha=1.0,
                             amr_parser="dependency", scus=[["dog barking"]], scu_contributors=[[["A dog barked"]]])
    assert out["scores"] == [1.0] and out["signature"].startswith("pyramid:scus(w=1)|method:ape|")
