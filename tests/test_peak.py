"""PEAK (seed 004): ClausIE-style triples, T1 merging of reference triples, Hungarian scoring at T."""
import math

import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.clauses import triples
from pyramid_metric.methods.peak import anchor_weights, merge_components


@pytest.mark.parametrize("text, expected", [
    # the seed's own example (slides, "Semantic Content Analysis")
    ("These characteristics determine the properties of matter.",
     [("These characteristics", "determine", "the properties of matter")]),
    # conjoined VPs share the subject (one clause each, ClausIE)
    ("The cat chased the mouse and ate the cheese.",
     [("The cat", "chased", "the mouse"), ("The cat", "ate", "the cheese")]),
    # passive with negation in the predicate; SVA clause (no object: the adverbial is the third element)
    ("The law was not passed. The children slept in the garden.",
     [("The law", "was not passed", ""), ("The children", "slept", "in the garden")]),
    # a relative clause takes its antecedent as subject
    ("Koirala, who rescues victims of trafficking, runs a shelter.",
     [("Koirala", "rescues", "victims of trafficking"), ("Koirala", "runs", "a shelter")]),
])
def test_clausie_style_triples(text, expected):
    assert [(t.subject, t.predicate, t.object) for t in triples(text)] == expected


def test_verbless_sentence_keeps_its_content():
    (t,) = triples("Great news for fans!")
    assert t.text == "Great news for fans"


def test_merge_components_and_max_anchor_weight():
    # triples 0 (ref 0), 1 (ref 1), 2 (ref 2), 3 (ref 0); 0~1 and 1~2 are >= T1 = 0.8, 3 is alone
    sim = np.array([[1.0, 0.9, 0.5, 0.1],
                    [0.9, 1.0, 0.85, 0.1],
                    [0.5, 0.85, 1.0, 0.1],
                    [0.1, 0.1, 0.1, 1.0]])
    assert merge_components(sim, 0.8) == [[0, 1, 2], [3]]
    # anchor weight = references holding a triple >= T1 similar: 0 -> {0,1}, 1 -> {0,1,2}, 2 -> {1,2}, 3 -> {0}
    assert anchor_weights(sim, [0, 1, 2, 0], 0.8) == [2, 3, 2, 1]
    # merged SCU weight = max anchor weight of the component (Algorithm 1, line 10): 3 and 1


REFS = ["The cat chased the mouse and ate the cheese. The dog slept.",
        "A cat ate some cheese after chasing a mouse. It rained all day.",
        "The mouse was chased by the cat, which then ate cheese."]


@pytest.fixture(scope="module")
def peak():
    return PyramidScorer(method="peak")


def test_peak_pyramid_and_hand_checked_score(peak):
    (res,) = peak.score(["The cat ate the cheese."], [REFS])
    pyr = res.pyramid
    weights = sorted((u.weight for u in pyr.units), reverse=True)
    assert weights[0] == 3.0  # "cat ate cheese" is in all three references
    # score = Hungarian raw / best weight of X SCUs, X = average number of SCUs per reference
    x = pyr.average_count()
    assert res.result.bound == pytest.approx(sum(weights[:x]))
    assert res.result.credit == 3.0
    assert res.score == pytest.approx(3.0 / sum(weights[:x]))
    d = res.explanation()
    assert d["matches"][0]["weight"] == 3.0 and d["pyramid"]["units"][0]["contributors"]


def test_peak_single_reference_empty_prediction_and_signature(peak):
    out = peak.compute(["The cat ate the cheese.", "   "], [[REFS[0]], [REFS[0]]])
    assert 0.0 < out["scores"][0] <= 1.0 and out["scores"][1] == 0.0
    assert not any(math.isnan(s) for s in out["scores"])
    assert "method:peak" in out["signature"] and "embedding(" in out["signature"]
    with pytest.raises(ValueError, match="matcher"):
        PyramidScorer(method="peak", matcher="amr")
    with pytest.raises(ValueError, match="merge_threshold"):
        PyramidScorer(method="peak", merge_threshold=1.5)
