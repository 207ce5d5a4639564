"""scripts/train/presence_data.py: which of a topic's model summaries an SCU's contributors were cut from."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "train"))
sys.path.insert(0, str(ROOT / "scripts"))

import presence_data  # noqa: E402

SUMMARIES = [presence_data._plain(s) for s in (
    "The first A380 took off from Toulouse on Wednesday, taking its maiden flight.",
    "Airbus flew the A380   for the first time.",
    "The A380's maiden flight lasted four hours.",
    "Airbus delayed deliveries of the A380.")]


def scu(weight, *contributors):
    return {"label": "The A380 made its first flight", "weight": weight, "contributors": list(contributors)}


def test_each_contributor_is_found_in_the_summary_it_was_cut_from():
    found = presence_data.contributor_summaries(
        scu(3, "first A380...taking its maiden flight", "flew the A380 for the first time", "maiden flight lasted"),
        SUMMARIES)
    assert found == {0, 1, 2}  # the cut contributor by its two pieces; spaces and case do not count


def test_a_contributor_whose_text_two_summaries_hold_is_given_the_one_left_free():
    # "maiden flight" is in summaries 0 and 2; "first A380" only in 0, so "maiden flight" goes to 2
    assert presence_data.contributor_summaries(scu(2, "maiden flight", "first A380"), SUMMARIES) == {0, 2}


def test_an_scu_whose_summaries_are_not_certain_is_left_out():
    # weight 1, but the contributor's text is in two summaries: absence from the other is not certain
    assert presence_data.contributor_summaries(scu(1, "maiden flight"), SUMMARIES) is None
    # a contributor in no summary
    assert presence_data.contributor_summaries(scu(1, "landed in Hamburg"), SUMMARIES) is None
    # fewer distinct summaries than the SCU's weight
    assert presence_data.contributor_summaries(scu(2, "delayed deliveries", "deliveries of the A380"),
                                               SUMMARIES) is None


def test_tac2008_topics_fall_in_halves_by_their_number():
    from common import in_tac2008_half

    assert in_tac2008_half("D0801-A", "odd") and not in_tac2008_half("D0801-A", "even")
    assert in_tac2008_half("tac2008:D0848-A", "even") and not in_tac2008_half("tac2008:D0848-A", "odd")
    assert in_tac2008_half("D0810-A", "all") and in_tac2008_half("D0811-A", "all")
