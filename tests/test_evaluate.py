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
