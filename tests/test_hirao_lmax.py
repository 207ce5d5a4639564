"""L_max of Hirao et al. (2018): Eq. (2) limits each extract to "the length of the human-made reference
summary" unless a task limit is given (DUC/TAC: 100 or 250 words); the knapsack bound (Eq. 25-27) then uses
the mean reference length, or the task limit."""
from pyramid_metric import PyramidScorer

SOURCE = "The dog barked loudly at night. Birds sang. The cat slept on the mat all day long."
# sentence segmenter: one EDU per sentence, of 6, 2 and 9 words
REFS = ["The dog barked.", "A cat slept on the mat today."]  # 3 and 7 words


def _pyramid(**options):
    scorer = PyramidScorer(method="hirao", extract="align", segmenter="sentence", **options)
    return scorer.pyramids([REFS], [SOURCE])[0]


def test_extract_limit_is_each_references_own_length_eq2():
    p = _pyramid()
    # reference 1 (3 words): the dog sentence (6 words, phi = 3/3) does not fit L_max = 3; "Birds sang." fits but
    # shares no word (phi = 0): the extract is empty. Reference 2 (7 words): the cat sentence (9 words, phi 5/7)
    # does not fit; the dog sentence (6 words) does and shares "the" (phi = 1/7): it is the extract.
    assert [e.edus for e in p.extracts] == [(), (0,)]
    assert p.length_limit == 5  # knapsack L_max: the mean reference length, (3 + 7) / 2


def test_a_task_limit_applies_to_the_extracts_and_the_knapsack():
    p = _pyramid(length_limit=10)
    # with 10 words each reference aligns its sentence: dog (phi 3/3) and cat (phi 5/7: "cat slept on the mat" in
    # order, of "a cat slept on the mat today"; the dog sentence would give 1/7)
    assert [e.edus for e in p.extracts] == [(0,), (2,)]
    assert p.length_limit == 10
    assert [u.weight for u in p.units] == [1.0, 1.0]
