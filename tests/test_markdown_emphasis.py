"""Markdown emphasis in a summary (as LLM summaries often carry it) is read as its text: a summary with
``**word**``, ``__word__``, ``*word*`` or ``_word_`` scores what the plain summary scores.  Arithmetic asterisks
and snake_case identifiers are kept as written."""
import warnings

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.text import normalize_input

REFERENCE = "A storm hit the coast and thousands of homes lost power."
SOURCE = ("The storm hit the coast on Monday. Thousands of homes lost power. Officials opened shelters in three "
          "towns. Schools will stay closed until Friday.")
PLAIN = "The storm left thousands of homes without power on Monday."
EMPHASIZED = ["The **storm** left __thousands of homes__ without *power* on _Monday_.",
              "***The storm*** left thousands of homes without **power** on Monday.",
              "The storm left *thousands of **homes** without* power on Monday."]


@pytest.mark.parametrize("method", ["refpyramid", "hirao", "rouge"])
def test_emphasized_summary_scores_as_the_plain_one(method):
    sc = PyramidScorer(method=method)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scores = sc.compute([PLAIN] + EMPHASIZED, [[REFERENCE]] * 4, [SOURCE] * 4)["scores"]
        several = sc.compute([PLAIN, EMPHASIZED[0]], [[REFERENCE, "Thousands lost **power** in the storm."]] * 2,
                             [SOURCE] * 2)["scores"]
    assert scores == [scores[0]] * 4
    assert several[0] == several[1]


@pytest.mark.parametrize("text, read", [
    ("**storm**, __storm__, *storm*, _storm_ and ***storm***", "storm, storm, storm, storm and storm"),
    ("**Update**: the storm *has* passed", "Update: the storm has passed"),
    ("snake_case_name, _private_name and my_var_", "snake_case_name, _private_name and my_var_"),
    ("2*3*4 = 24, a * b * c, 2**10 and x*y", "2*3*4 = 24, a * b * c, 2**10 and x*y"),
    ("* a bullet\n* another", "* a bullet\n* another"),
    ("**a line\nbreak**", "**a line\nbreak**"),  # emphasis stays within a line
    ("*.py and *.txt files", "*.py and *.txt files"),
])
def test_emphasis_markers_and_what_is_kept(text, read):
    assert normalize_input(text) == read
