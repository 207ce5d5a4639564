"""scripts/studies/realsumm_scu_presence.py: located SCU spans and the one-sentence pyramids cut from a reference."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "studies"))
sys.path.insert(0, str(ROOT / "scripts"))

import realsumm_scu_presence as scu_study  # noqa: E402


def test_each_reference_sentence_with_two_scus_or_more_is_a_pyramid_of_its_own():
    row = {"reference": "A storm hit the coast. Power failed in three towns and schools closed.",
           "scus": ["A storm hit", "Power failed", "Schools closed", "three towns"]}
    reference, spans = scu_study.located_spans(row)
    # each label's words as the reference writes them (stop words at the edges left out, as a unit is located)
    assert [reference[a:b] for a, b in spans] == ["storm hit", "Power failed", "schools closed.", "three towns"]
    # the first sentence holds one SCU (left out), the second three
    assert scu_study.sentence_groups([row]) == [(0, [1, 2, 3])]
    two = {"reference": row["reference"], "scus": ["storm hit", "the coast", "Power failed"]}
    assert scu_study.sentence_groups([row, two]) == [(0, [1, 2, 3]), (1, [0, 1])]
