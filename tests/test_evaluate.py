"""The evaluate integration, as a user meets it: fresh processes, empty HF cache, offline."""
import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_py(code: str, cwd, hf_home) -> subprocess.CompletedProcess:
    env = dict(os.environ, HF_HOME=str(hf_home), HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1",
               TRANSFORMERS_OFFLINE="1")
    env.pop("HF_MODULES_CACHE", None)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def test_metric_card_module_is_the_registered_module():
    from pyramid_metric._hook import MODULE_SOURCE

    assert (ROOT / "metric_card" / "pyramid.py").read_text(encoding="utf-8") == MODULE_SOURCE


def test_evaluate_load_offline_with_empty_cache_from_any_directory(tmp_path):
    code = r'''
import evaluate
m = evaluate.load("pyramid")
out = m.compute(predictions=["The storm left thousands of homes without power.", "Schools stay shut."],
                references=[["A storm hit the coast and thousands of homes lost power."]] * 2,
                sources=["The storm hit the coast on Monday. Thousands of homes lost power. Schools stay shut."] * 2)
print(out["scores"], out["signature"])
try:
    m.compute(predictions=["a"], references=[["b"], ["c"]], sources=["d"])
except ValueError as e:
    print("ValueError", e)
'''
    p = run_py(code, tmp_path, tmp_path / "empty-hf-home")
    assert p.returncode == 0, p.stderr[-2000:]
    assert "[0.5714285714285714, 0.0] nrefs:1|method:refpyramid" in p.stdout
    assert "ValueError" in p.stdout


def test_evaluate_load_metric_card_path(tmp_path):
    code = f'''
import evaluate
m = evaluate.load({str(ROOT / "metric_card" / "pyramid.py")!r})
print(m.compute(predictions=["the cat sat on the mat"], references=["the cat sat on the mat"],
                sources=["The cat sat on the mat. The dog barked."], method="hirao", extract="rouge")["scores"])
'''
    p = run_py(code, tmp_path, tmp_path / "hf")
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.strip().endswith("[1.0]")


def test_register_writes_module_where_evaluate_looks(tmp_path):
    from pyramid_metric._hook import module_path, register

    path = register(str(tmp_path))
    assert path == module_path(str(tmp_path)) and os.path.isfile(path)
    assert "evaluate_modules/metrics/evaluate-metric--pyramid/" in path.replace(os.sep, "/")
    assert register(str(tmp_path)) == path  # idempotent


def test_module_digest_constant_matches_the_source():
    import hashlib

    from pyramid_metric._hook import MODULE_SHA256, MODULE_SOURCE

    assert hashlib.sha256(MODULE_SOURCE.encode("utf-8")).hexdigest() == MODULE_SHA256


def test_startup_hook_is_installed():
    import site

    dirs = site.getsitepackages() + [site.getusersitepackages()]
    assert any(os.path.isfile(os.path.join(d, "pyramid_metric_evaluate.pth")) for d in dirs)


def test_docstring_examples_run():
    import pyramid_metric.hf as hf

    # the metric card's examples (the _KWARGS_DESCRIPTION doctests) run for real
    parser = doctest.DocTestParser()
    test = parser.get_doctest(hf._KWARGS_DESCRIPTION, {}, "kwargs", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


def test_compute_options_and_explanations():
    import evaluate

    m = evaluate.load(str(ROOT / "metric_card" / "pyramid.py"))
    out = m.compute(predictions=["Thousands of homes lost power."],
                    references=[["Thousands of homes lost power after the storm."]],
                    sources=["The storm hit. Thousands of homes lost power after the storm."],
                    method="hirao", extract="align", explain=True)
    assert "extract:align" in out["signature"]
    assert out["explanations"][0]["pyramid"]["units"]
    with pytest.raises(ValueError, match="unknown matcher"):
        m.compute(predictions=["a"], references=[["a"]], sources=["a"], matcher="nonesuch")


# -- evaluate's own conventions ----------------------------------------------------------------------------

SCRIPT = str(ROOT / "metric_card" / "pyramid.py")
P = "Thousands of homes lost power."
REF = "A storm hit the coast and thousands of homes lost power."
SRC = "The storm hit the coast on Monday. Thousands of homes lost power. Schools will stay closed."


@pytest.fixture(scope="module")
def metric():
    import evaluate

    return evaluate.load(SCRIPT)


def test_doctest_of_the_loaded_module_script_as_evaluate_runs_it():
    # As evaluate's tests/test_metric_common.py LocalModuleTest.test_load: the module script that evaluate
    # loads, its main class found by import_main_class, _compute without **kwargs, and doctest.testmod on the
    # module with evaluate.load pointed at the local script; more than one example attempted, none failed.
    import importlib
    import inspect
    from unittest.mock import patch

    import evaluate

    marker = doctest.ELLIPSIS_MARKER
    doctest.ELLIPSIS_MARKER = "[...]"
    try:
        module = importlib.import_module(
            evaluate.loading.evaluation_module_factory(SCRIPT, module_type="metric").module_path)
        cls = evaluate.loading.import_main_class(module.__name__)
        assert cls.__name__ == "Pyramid"
        params = inspect.signature(cls._compute).parameters
        assert all(p.kind != p.VAR_KEYWORD for p in params.values())
        real_load = evaluate.load
        with patch("evaluate.load") as mock_load:
            mock_load.side_effect = lambda name, *a, **k: real_load(SCRIPT, *a, **k)
            results = doctest.testmod(module, verbose=False, raise_on_error=True)
    finally:
        doctest.ELLIPSIS_MARKER = marker
    assert results.failed == 0
    assert results.attempted > 1


@pytest.mark.parametrize("order", ["str-first", "list-first"])
def test_mixed_reference_shapes_score_as_the_python_api(metric, order):
    from pyramid_metric import PyramidScorer

    refs = [REF, [REF, REF]] if order == "str-first" else [[REF, REF], REF]
    out = metric.compute(predictions=[P, P], references=refs, sources=[SRC, SRC], method="hirao")
    api = PyramidScorer(method="hirao").compute([P, P], refs, [SRC, SRC])
    assert out["scores"] == api["scores"] == [1.0, 1.0]
    # a string after a list is one reference, not a list of one-character references
    out = metric.compute(predictions=[P, "Power."], references=[[REF, REF], "Power."])
    assert out["scores"][1] == 1.0
    assert out["scores"] == PyramidScorer().compute([P, "Power."], [[REF, REF], ["Power."]])["scores"]


def test_reference_of_a_wrong_shape_is_a_value_error_naming_the_example(metric):
    with pytest.raises(ValueError, match=r"`references\[1\]\[0\]` must be a str, got list"):
        metric.compute(predictions=[P, P], references=[[REF], [[REF]]])
    with pytest.raises(ValueError, match=r"`predictions\[0\]` contains a lone surrogate"):
        metric.compute(predictions=["\ud800"], references=[REF])


def test_add_and_add_batch_without_sources(metric):
    metric.add(prediction=P, reference=REF)
    metric.add(prediction="Schools stay shut.", reference=[REF])
    out = metric.compute()
    assert out["scores"] == [pytest.approx(4 / 7), 0.0]  # storm, thousands, homes, power of 7 content words
    metric.add_batch(predictions=[P], references=[REF])
    metric.add_batch(predictions=["Schools stay shut."], references=[[REF, "Schools stay shut."]])
    assert metric.compute()["scores"] == [pytest.approx(4 / 7), pytest.approx(3 / 10)]


def test_add_with_source_as_documented(metric):
    # the form the docs show: add(prediction=..., reference=..., source=...); also sources=
    metric.add(prediction=P, reference=REF, source=SRC)
    metric.add(prediction="Schools will stay closed.", reference=REF, sources=SRC)
    assert metric.compute(method="hirao")["scores"] == [1.0, 0.0]
    metric.add_batch(predictions=[P], references=[REF], sources=[[SRC, "Another document."]])
    assert metric.compute(method="hirao")["scores"] == [1.0]
    metric.add(prediction=P, reference=REF)
    with pytest.raises(ValueError, match="`sources` is required by this method"):
        metric.compute(method="hirao")


def test_empty_compute_is_a_clear_value_error(metric):
    with pytest.raises(ValueError, match="`predictions` is empty: nothing to score"):
        metric.compute(predictions=[], references=[])


def test_default_result_keeps_scores_and_signature(metric):
    out = metric.compute(predictions=[P, "Schools stay shut."], references=[REF, REF])
    assert set(out) == {"pyramid", "scores", "signature"}
    assert isinstance(out["scores"], list) and out["signature"].startswith("nrefs:1|method:refpyramid")
    with pytest.raises(TypeError):  # the course's pattern needs floats_only=True
        {k: round(v, 4) for k, v in out.items()}


def test_floats_only_result_fits_the_course_pattern(metric):
    out = metric.compute(predictions=[P, "Schools stay shut."], references=[REF, REF], floats_only=True)
    assert {k: round(v, 4) for k, v in out.items()} == {"pyramid": round(2 / 7, 4)}  # (4/7 + 0) / 2
    with pytest.raises(ValueError, match="floats_only"):
        metric.compute(predictions=[P], references=[REF], floats_only=True, explain=True)
