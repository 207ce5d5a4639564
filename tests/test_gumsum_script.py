"""scripts/studies/gumsum_leave_one_out.py: the leave-one-out rows and their one-reference variant, by hand."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "studies"))

import gumsum_leave_one_out as loo  # noqa: E402

DOC = {"doc_id": "d", "genre": "news", "text": "one two three four five six seven",
       "summaries": ["a b", "c d e", "f", "g h", "i j k"]}


def test_each_summary_is_held_out_against_the_other_four_with_a_lead_of_its_length():
    rows = loo.leave_one_out_rows([DOC])
    assert [r["human"] for r in rows] == DOC["summaries"]
    assert rows[1]["references"] == ["a b", "f", "g h", "i j k"] and rows[1]["lead"] == "one two three"


def test_single_reference_rows_pair_each_held_out_summary_with_each_other_summary_alone():
    rows = loo.single_reference_rows(loo.leave_one_out_rows([DOC]))
    assert len(rows) == 5 * 4 and all(len(r["references"]) == 1 for r in rows)
    assert [r["references"][0] for r in rows if r["held_out"] == 0] == ["c d e", "f", "g h", "i j k"]
    assert {r["lead"] for r in rows if r["held_out"] == 1} == {"one two three"}


def test_unigram_recall_pools_clipped_hits_over_the_references():
    # "The cat sat on the mat." against refs "the cat is on the mat" (6 words: the x2, cat, is, on, mat) and "a dog
    # sat" (3 words): hits the x2, cat, on, mat = 5 and sat = 1 -> 6 / 9.  Content words only: refs cat, mat
    # (is/on/the/a are stop words) and dog, sat: hits cat, mat, sat -> 3 / 4.
    refs = ["the cat is on the mat", "a dog sat"]
    assert loo.unigram_recall("The cat sat on the mat.", refs) == 6 / 9
    assert loo.unigram_recall("The cat sat on the mat.", refs, content_only=True) == 3 / 4
    assert loo.unigram_recall("anything", [""]) == 0.0
