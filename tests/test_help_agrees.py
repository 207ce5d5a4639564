"""Help that tells the truth: ``pyramid-metric score --help``, ``help(evaluate.load("pyramid"))`` and compute()'s
unknown-keyword message say what the option registry and compute()'s signature say."""
import inspect
import re
from pathlib import Path

import pytest

from pyramid_metric import hf
from pyramid_metric.cli import build_parser
from pyramid_metric.options import MATCHERS, METHODS, declared, matcher_names, method_names


def _score_help() -> str:
    sub = next(a for a in build_parser()._actions if a.dest == "command" or getattr(a, "choices", None))
    return re.sub(r"\s+", " ", sub.choices["score"].format_help())


def _module_help() -> str:
    return re.sub(r"\s+", " ", hf.Pyramid.__doc__ or "") + re.sub(r"\s+", " ", hf._KWARGS_DESCRIPTION)


@pytest.mark.parametrize("text", [_score_help, _module_help], ids=["score --help", "help(module)"])
def test_each_methods_default_matcher_is_the_registrys(text):
    said = text()
    declared()
    for method in method_names():
        matcher = METHODS[method].resolved("matcher")
        if matcher is not None:
            assert re.search(rf"\b{re.escape(matcher)} for [\w, ]*\b{method}\b", said), (method, matcher)
    assert "recall for refpyramid" not in said
    for matcher in matcher_names():  # the built-in ones (other tests register plug-ins after the help is made)
        target = MATCHERS[matcher].target
        if (target if isinstance(target, str) else target.__module__).startswith("pyramid_metric."):
            assert f"{matcher} = " in said, matcher


def test_module_help_lists_every_configuration():
    said = _module_help()
    for name in hf.CONFIGURATIONS:
        assert f'"{name}"' in said, name


def test_unknown_compute_keyword_names_computes_own_arguments_and_a_close_name():
    names = hf.compute_arguments()
    own = [n for n in inspect.signature(hf.Pyramid.compute).parameters if n not in ("self", "kwargs")]
    for name in own + [n for n in inspect.signature(hf.Pyramid._compute).parameters if n != "self"]:
        assert name in names, name
    for name in ("explain", "jackknife", "floats_only", "scus", "sources", *declared()):
        assert name in names, name
    message = hf.unknown_keywords_message(["source"])
    assert "`source` (did you mean `sources`?)" in message
    assert all(name in message for name in names)


def test_unknown_compute_keyword_through_evaluate(tmp_path):
    import evaluate

    metric = evaluate.load(str(Path(__file__).resolve().parents[1] / "metric_card" / "pyramid.py"))
    with pytest.raises(ValueError, match=r"did you mean `sources`"):
        metric.compute(predictions=["a b"], references=[["a b"]], source=["a b"], method="rouge")
