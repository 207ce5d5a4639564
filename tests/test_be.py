"""Basic Elements method (seed 001): the BE breaker on the paper's Libyans sentence, HM/HMR, lexical/lemma, scoring."""
import math
import warnings

import pytest

from pyramid_metric import PyramidConfig, PyramidScorer

TOL = 1e-9
# Seed 001, section 3.2: "Two Libyans were indicted for the Lockerbie bombing in 1991."
LIBYANS = "Two Libyans were indicted for the Lockerbie bombing in 1991."
PARAPHRASE = "Prosecutors indict two Libyans for the Lockerbie bombing."


@pytest.fixture(scope="module")
def scorers():
    return {(v, m): PyramidScorer(method="be", be_variant=v, be_match=m)
            for v in ("hm", "hmr") for m in ("lemma", "lexical")}


def test_breaker_on_the_papers_libyans_sentence_be_by_be():
    # Hovy et al. (2006), section 3.2: the BE-L heads (Libyans, indicted, bombing) and every BE-F triple:
    # libyans|two|nn, indicted|libyans|obj, bombing|lockerbie|nn, indicted|bombing|for, bombing|1991|in.
    from pyramid_metric.text import parse
    from pyramid_metric.units import break_basic_elements

    bes = [b.key() for b in break_basic_elements(parse(LIBYANS))]
    assert sorted(bes) == sorted(["libyans", "indicted", "bombing", "libyans|two|nn", "indicted|libyans|obj",
                                  "bombing|lockerbie|nn", "indicted|bombing|for", "bombing|1991|in"])
    heads = [b for b in break_basic_elements(parse(LIBYANS)) if b.is_head]
    assert [b.head for b in heads] == ["libyans", "indicted", "bombing"]
    # lemma identity (section 3.4) changes the words, not the structure
    assert "indict|libyans|obj" in [b.key() for b in break_basic_elements(parse(LIBYANS), lemmas=True)]


def test_breaker_folds_names_and_particles_keeps_compounds_as_modifiers():
    # Section 3.2: "compound nouns and verbal idioms such as 'turn over' and 'Secretary General' are converted
    # to single parse tree nodes"; the Lockerbie example keeps a common-noun compound as an nn modifier.
    from pyramid_metric.text import parse
    from pyramid_metric.units import break_basic_elements

    bes = [b.key() for b in break_basic_elements(parse("Kofi Annan turned over the report to the United Nations."))]
    assert "turned over|kofi annan|subj" in bes and "turned over|report|obj" in bes
    assert "report|united nations|to" in bes and "united nations" in bes


def test_method_scores_triples_only(scorers):
    # BE-HMR / BE-HM count the triples (ROUGE-1.5.5's HMR / HM with Minipar-based BEs): no head-only BEs.
    assert scorers["hmr", "lexical"].method.breaks([LIBYANS]) == [[
        "libyans|two|nn", "indicted|libyans|obj", "indicted|bombing|for", "bombing|lockerbie|nn",
        "bombing|1991|in"]]
    assert scorers["hm", "lemma"].method.breaks([LIBYANS]) == [[
        "libyans|two", "indict|libyans", "indict|bombing", "bombing|lockerbie", "bombing|1991"]]


def test_papers_be_f_example_four_of_eight(scorers):
    # R1 = LIBYANS (5 triples), R2 "Two Libyans were charged with the bombing." (libyans|two|nn,
    # charged|libyans|obj, charged|bombing|with): 7 distinct BEs, 8 points (libyans|two|nn in both).
    # The summary has libyans|two|nn (2), indicted|libyans|obj (1), indicted|bombing|for (1): 4 / 8 (section 3.3).
    out = PyramidScorer(method="be").compute(["Two Libyans were indicted for the bombing."],
                                             [[LIBYANS, "Two Libyans were charged with the bombing."]])
    assert out["scores"][0] == pytest.approx(4 / 8, abs=TOL)
    assert "match:lexical" in out["signature"]  # the paper's default matching


@pytest.mark.parametrize("variant, match, expected", [
    # summary BEs: indict|prosecutors|subj, libyans|two|nn, indict|libyans|obj, indict|bombing|for,
    # bombing|lockerbie|nn; reference: the 5 triples of LIBYANS
    ("hmr", "lemma", 4 / 5),    # all but bombing|1991|in
    ("hm", "lemma", 4 / 5),
    ("hmr", "lexical", 2 / 5),  # "indict" != "indicted": libyans|two|nn, bombing|lockerbie|nn
    ("hm", "lexical", 2 / 5),
])
def test_hand_checked_scores(scorers, variant, match, expected):
    out = scorers[variant, match].compute([PARAPHRASE], [[LIBYANS]])
    assert out["scores"][0] == pytest.approx(expected, abs=TOL)


def test_a_point_per_reference_containing_the_be(scorers):
    # References: LIBYANS (5 BEs) and "Two Libyans are indicted." (libyans|two, indict|libyans).
    # Weights (HM): libyans|two 2, indict|libyans 2, indict|bombing 1, bombing|lockerbie 1, bombing|1991 1 -> 7.
    # "Libyans indicted." has the BE indict|libyans: 2 points of 7.
    sc = scorers["hm", "lemma"]
    out = sc.compute(["Libyans indicted."], [[LIBYANS, "Two Libyans are indicted."]], explain=True)
    assert out["scores"][0] == pytest.approx(2 / 7, abs=TOL)
    units = {u["text"]: u["weight"] for u in out["explanations"][0]["pyramid"]["units"]}
    assert units == {"libyans|two": 2.0, "indict|libyans": 2.0, "indict|bombing": 1.0, "bombing|lockerbie": 1.0,
                     "bombing|1991": 1.0}
    assert [m["unit_text"] for m in out["explanations"][0]["matches"]] == ["indict|libyans"]
    # reference order does not matter
    again = sc.compute(["Libyans indicted."], [["Two Libyans are indicted.", LIBYANS]])
    assert again["scores"] == out["scores"]


def test_signature_sources_optional_and_bad_options(scorers):
    out = scorers["hmr", "lemma"].compute([LIBYANS], [[LIBYANS]])
    assert out["scores"] == [1.0]
    assert "be" in out["signature"].lower() and "be:hmr" in out["signature"] and "match:lemma" in out["signature"]
    with pytest.raises(ValueError, match="be_variant"):
        PyramidConfig(method="be", be_variant="hmx")
    with pytest.raises(ValueError, match="be_match"):
        PyramidScorer(method="be", be_match="synonym")
    with pytest.raises(ValueError, match="scus"):
        scorers["hm", "lemma"].score([LIBYANS], None, scus=[["Two Libyans were indicted."]])


def test_degenerate_inputs(scorers):
    sc = scorers["hmr", "lemma"]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = sc.compute(["", "Ελληνικά κείμενα.", "!!!"], [[LIBYANS]] * 3)
    assert out["scores"] == [0.0, 0.0, 0.0]
    assert any("empty" in str(x.message) for x in w)
    out = sc.compute([LIBYANS], [["Floods."]], explain=True)  # no BE in the reference
    assert out["scores"] == [0.0] and out["explanations"][0]["notes"]


def test_realsumm_scores_in_range_and_differ_from_default(realsumm_rows):
    row = realsumm_rows[0]
    systems = sorted(row["systems"])
    preds = [row["systems"][s]["summary"] for s in systems]
    be = PyramidScorer(method="be").compute(preds, [[row["reference"]]] * len(preds))
    assert all(0.0 <= s <= 1.0 and not math.isnan(s) for s in be["scores"])
    assert len(set(be["scores"])) > 3  # 17 reference BEs: a coarse but varied recall
    # one at a time equals the batch
    assert PyramidScorer(method="be").compute(preds[:1], [[row["reference"]]])["scores"][0] == be["scores"][0]
    default = PyramidScorer().compute(preds[:5], [[row["reference"]]] * 5, [row["document"]] * 5)
    assert default["signature"] != be["signature"]
    assert be["scores"][:5] != default["scores"]
