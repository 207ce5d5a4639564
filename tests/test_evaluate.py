"""The evaluate integration, as a user meets it: fresh processes, empty HF cache, offline."""
import ast
import doctest
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_metric import PyramidScorer

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
print(out["scores"])
print(out["signature"])
try:
    m.compute(predictions=["a"], references=[["b"], ["c"]], sources=["d"])
except ValueError as e:
    print("ValueError", e)
'''
    p = run_py(code, tmp_path, tmp_path / "empty-hf-home")
    assert p.returncode == 0, p.stderr[-2000:]
    lines = p.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("nrefs:1|method:refpyramid"))
    api = PyramidScorer().compute(["The storm left thousands of homes without power.", "Schools stay shut."],
                                  [["A storm hit the coast and thousands of homes lost power."]] * 2)["scores"]
    assert ast.literal_eval(lines[at - 1]) == pytest.approx(api, abs=1e-6) and api[1] < 0.05  # unrelated: ~0
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


def api_mean(predictions, references) -> float:
    """The mean score the Python API gives the same examples."""
    return sum(PyramidScorer().compute(predictions, references)["scores"]) / len(predictions)
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
    # the same scores as the Python API on the same examples (one-sentence references: read in context)
    api = PyramidScorer().compute([P, "Schools stay shut."], [[REF], [REF]])["scores"]
    assert out["scores"] == pytest.approx(api, abs=1e-6) and out["scores"][0] > 0.4 and out["scores"][1] < 0.05
    metric.add_batch(predictions=[P], references=[REF])
    metric.add_batch(predictions=["Schools stay shut."], references=[[REF, "Schools stay shut."]])
    # the second summary is the second reference word for word: that reference's units (3 content words) in
    # full, the first reference's (7) only by the contextual similarity of unrelated words -> 3 / 10 and a little
    second = PyramidScorer().compute(["Schools stay shut."], [[REF, "Schools stay shut."]])["scores"][0]
    assert 3 / 10 <= second < 3 / 10 + 0.02
    assert metric.compute()["scores"] == [pytest.approx(api[0], abs=1e-6), pytest.approx(second, abs=1e-6)]


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
    assert set(out) == {"pyramid", "scores", "precision", "recall", "f1", "signature"}
    assert isinstance(out["scores"], list) and out["signature"].startswith("nrefs:1|method:refpyramid")
    assert out["recall"] == out["scores"] and len(out["precision"]) == len(out["f1"]) == 2
    with pytest.raises(TypeError):  # the course's pattern needs floats_only=True
        {k: round(v, 4) for k, v in out.items()}


def test_floats_only_result_fits_the_course_pattern(metric):
    out = metric.compute(predictions=[P, "Schools stay shut."], references=[REF, REF], floats_only=True)
    rounded = {k: round(v, 4) for k, v in out.items()}
    assert set(rounded) == {"pyramid", "precision", "recall", "f1"}
    assert rounded["pyramid"] == rounded["recall"] == round(api_mean([P, "Schools stay shut."], [REF, REF]), 4)
    with pytest.raises(ValueError, match="floats_only"):
        metric.compute(predictions=[P], references=[REF], floats_only=True, explain=True)


# -- configuration names: evaluate.load("pyramid", "<name>"), as evaluate.load("glue", "mrpc") ---------------

def test_configuration_name_selects_a_preset():
    import evaluate

    m = evaluate.load(SCRIPT, "hirao2018")
    assert m.config_name == "hirao2018"
    out = m.compute(predictions=[P], references=[[REF]], sources=[SRC])
    assert "|preset:hirao2018|method:hirao|" in out["signature"]
    assert out["scores"] == evaluate.load(SCRIPT).compute(predictions=[P], references=[[REF]], sources=[SRC],
                                                          preset="hirao2018")["scores"]
    with pytest.raises(ValueError, match="preset='be2006'.*'hirao2018'"):
        m.compute(predictions=[P], references=[[REF]], sources=[SRC], preset="be2006")
    assert evaluate.load(SCRIPT).config_name == "default"


@pytest.mark.parametrize("name", ["be2006", "pyreval2019", "ape2017", "peak2016"])
def test_every_preset_is_a_configuration_name(name):
    import evaluate

    assert evaluate.load(SCRIPT, name).config_name == name


def test_unknown_configuration_name_or_load_keyword_is_named():
    import evaluate

    with pytest.raises(ValueError, match=r"'hiaro2018'.*unknown configuration name.*'hirao2018'"):
        evaluate.load(SCRIPT, "hiaro2018")
    with pytest.raises(ValueError, match=r"unknown keyword\(s\) \['method'\].*compute\(\)"):
        evaluate.load(SCRIPT, method="be")


def test_floats_configuration_runs_the_course_pattern_unchanged():
    import evaluate

    m = evaluate.load(SCRIPT, "floats")
    result = m.compute(predictions=[P, "Schools stay shut."], references=[REF, REF])
    rounded = {k: round(v, 4) for k, v in result.items()}
    assert set(rounded) == {"pyramid", "precision", "recall", "f1"}
    assert rounded["pyramid"] == rounded["recall"] == round(api_mean([P, "Schools stay shut."], [REF, REF]), 4)


ROUGE_STAND_IN = '''
"""A stand-in for evaluate's "rouge" module (offline): the same inputs, floats out, no extra keyword accepted."""
import datasets
import evaluate
from rouge_score import rouge_scorer


class Rouge(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(description="", citation="", inputs_description="", features=datasets.Features(
            {"predictions": datasets.Value("string"), "references": datasets.Sequence(datasets.Value("string"))}))

    def _compute(self, predictions, references, rouge_types=None, use_aggregator=True, use_stemmer=False):
        sc = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=use_stemmer)
        rows = [sc.score_multi(r, p) for p, r in zip(predictions, references)]
        return {k: sum(s[k].fmeasure for s in rows) / len(rows) for k in ("rouge1", "rouge2")}
'''


def test_floats_configuration_inside_evaluate_combine(tmp_path):
    import evaluate

    (tmp_path / "rouge").mkdir()
    (tmp_path / "rouge" / "rouge.py").write_text(ROUGE_STAND_IN, encoding="utf-8")
    rouge = evaluate.load(str(tmp_path / "rouge" / "rouge.py"))
    combined = evaluate.combine([rouge, evaluate.load(SCRIPT, "floats")])
    result = combined.compute(predictions=[P, "Schools stay shut."], references=[[REF], [REF]])
    rounded = {k: round(v, 4) for k, v in result.items()}   # the Hugging Face course's compute_metrics line
    assert set(rounded) == {"rouge1", "rouge2", "pyramid", "precision", "recall", "f1"} and rounded["pyramid"] == round(
        api_mean([P, "Schools stay shut."], [REF, REF]), 4)
    with pytest.raises(TypeError):  # what floats_only=True meets: the other modules refuse the keyword
        combined.compute(predictions=[P], references=[[REF]], floats_only=True)


def test_read_only_hf_home_needs_no_lock_file(tmp_path):
    # evaluate's module cache is filled (as the startup hook does), then nothing more can be written under
    # HF_HOME: the folders are read-only and evaluate's data folder (HF_HOME/metrics) is a file, which stops
    # writes even for root
    hf_home = tmp_path / "hf"
    from pyramid_metric._hook import register

    register(str(hf_home / "modules"))
    (hf_home / "metrics").write_text("not a folder")
    dirs = [d for d, _, _ in os.walk(hf_home)]
    for d in dirs:
        os.chmod(d, 0o555)
    try:
        code = r'''
import evaluate
m = evaluate.load("pyramid")
print(m.compute(predictions=["Thousands of homes lost power."],
                references=[["A storm hit the coast and thousands of homes lost power."]])["scores"])
m.add_batch(predictions=["Homes lost power."], references=[["Thousands of homes lost power."]])
print(m.compute()["scores"])
'''
        p = run_py(code, tmp_path, hf_home)
    finally:
        for d in dirs:
            os.chmod(d, 0o755)
    assert p.returncode == 0, p.stderr[-2000:]
    first, second = (ast.literal_eval(line) for line in p.stdout.strip().splitlines()[-2:])
    assert first == pytest.approx(PyramidScorer().compute([P], [[REF]])["scores"], abs=1e-6)
    assert second == pytest.approx(PyramidScorer().compute(["Homes lost power."], [[P]])["scores"], abs=1e-6)
