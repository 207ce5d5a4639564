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


def test_breaker_on_the_papers_libyans_sentence(scorers):
    # BE-F in the paper: libyans|two|nn, indicted|libyans|obj, bombing|lockerbie|nn, indicted|bombing|for,
    # bombing|1991|in.  Here the compound "Lockerbie bombing" is one head (as BE-F does for compounds),
    # the preposition is the relation, and spaCy's labels replace Minipar's.
    assert scorers["hmr", "lemma"].method.breaks([LIBYANS]) == [[
        "libyans|two|nummod", "indict|libyans|nsubjpass", "indict|lockerbie bombing|for",
        "lockerbie bombing|1991|in"]]
    assert scorers["hm", "lexical"].method.breaks([LIBYANS]) == [[
        "libyans|two", "indicted|libyans", "indicted|lockerbie bombing", "lockerbie bombing|1991"]]


@pytest.mark.parametrize("variant, match, expected", [
    # summary BEs: indict|prosecutor|nsubj, libyans|two|nummod, indict|libyans|dobj, indict|lockerbie bombing|for
    ("hmr", "lemma", 2 / 4),    # libyans|two|nummod, indict|lockerbie bombing|for (dobj != nsubjpass)
    ("hm", "lemma", 3 / 4),     # + indict|libyans (relations ignored)
    ("hmr", "lexical", 1 / 4),  # "indict" != "indicted": only libyans|two|nummod
    ("hm", "lexical", 1 / 4),
])
def test_hand_checked_scores(scorers, variant, match, expected):
    out = scorers[variant, match].compute([PARAPHRASE], [[LIBYANS]])
    assert out["scores"][0] == pytest.approx(expected, abs=TOL)


def test_a_point_per_reference_containing_the_be(scorers):
    # References: LIBYANS (4 BEs) and "Two Libyans are indicted." (libyans|two, indict|libyans).
    # Weights (HM): libyans|two 2, indict|libyans 2, indict|lockerbie bombing 1, lockerbie bombing|1991 1 -> 6.
    # "Libyans indicted." has the BE indict|libyans: 2 points of 6.
    sc = scorers["hm", "lemma"]
    out = sc.compute(["Libyans indicted."], [[LIBYANS, "Two Libyans are indicted."]], explain=True)
    assert out["scores"][0] == pytest.approx(2 / 6, abs=TOL)
    units = {u["text"]: u["weight"] for u in out["explanations"][0]["pyramid"]["units"]}
    assert units == {"libyans|two": 2.0, "indict|libyans": 2.0, "indict|lockerbie bombing": 1.0,
                     "lockerbie bombing|1991": 1.0}
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
