"""Arguments of the wrong kind are refused with a message naming the argument and what it accepts: a string
where a boolean is needed (``explain="no"`` is not True), a generator where a list is needed."""
import pytest

from pyramid_metric import PyramidScorer, score
from pyramid_metric.hf import Pyramid

P, R = "Thousands of homes lost power.", "A storm hit the coast and thousands of homes lost power."
NOT_BOOLS = ["no", "False", "", 0, 1, None, [], 0.0]


@pytest.fixture(scope="module")
def scorer():
    return PyramidScorer(method="rouge")


@pytest.mark.parametrize("value", NOT_BOOLS)
@pytest.mark.parametrize("argument", ["explain", "jackknife"])
def test_booleans_must_be_booleans(scorer, argument, value):
    if argument == "jackknife" and value is None:
        return  # None is not given for jackknife's default, see below
    message = rf"`{argument}` must be True or False, got {value!r}".replace("[", r"\[").replace("]", r"\]")
    with pytest.raises(ValueError, match=message):
        scorer.compute([P], [[R]], **{argument: value})
    with pytest.raises(ValueError, match=message):
        score([P], [[R]], method="rouge", **{argument: value})
    with pytest.raises(ValueError, match=message):
        Pyramid().compute(predictions=[P], references=[[R]], method="rouge", **{argument: value})


@pytest.mark.parametrize("value", ["no", 1, "yes"])
def test_progress_and_floats_only_must_be_booleans(scorer, value):
    with pytest.raises(ValueError, match="`progress` must be True or False"):
        scorer.compute([P], [[R]], progress=value)
    with pytest.raises(ValueError, match="`floats_only` must be True or False"):
        Pyramid().compute(predictions=[P], references=[[R]], method="rouge", floats_only=value)


def test_real_booleans_still_work(scorer):
    assert "explanations" not in scorer.compute([P], [[R]], explain=False)
    assert len(scorer.compute([P], [[R]], explain=True, progress=False)["explanations"]) == 1


@pytest.mark.parametrize("argument", ["predictions", "references", "sources"])
@pytest.mark.parametrize("make", [lambda xs: (x for x in xs), lambda xs: iter(xs), lambda xs: map(str, xs),
                                  lambda xs: {x: 1 for x in xs}.keys(), lambda xs: set(xs)],
                         ids=["generator", "iterator", "map", "dict-keys", "set"])
def test_iterables_that_are_not_lists_name_the_argument(scorer, argument, make):
    given = {"predictions": [P], "references": [R], "sources": [R]}
    given[argument] = make(given[argument])
    with pytest.raises(ValueError, match=rf"`{argument}` must be a list, got \w+"):
        scorer.compute(**given)
    given[argument] = make([P] if argument == "predictions" else [R])
    with pytest.raises(ValueError, match=rf"`{argument}` must be a list, got \w+") as err:
        Pyramid().compute(method="rouge", **given)
    assert "has no len()" not in str(err.value)


def test_generator_message_says_how_to_pass_it(scorer):
    with pytest.raises(ValueError, match=r"`predictions` must be a list, got generator \(an iterator can be read "
                                         r"only once: pass list\(\.\.\.\) of it\)"):
        Pyramid().compute(predictions=(p for p in [P]), references=[R], method="rouge")
