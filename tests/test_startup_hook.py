"""The ``.pth`` startup hook, each case in a fresh interpreter: no stray files, no output, no cost when disabled.

Each subprocess runs ``python -S`` (no installed ``.pth`` files) and processes this checkout's
``pyramid_metric_evaluate.pth`` with ``site.addsitedir``, exactly as ``site`` does at startup.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CACHE_VARS = ("HOME", "HF_HOME", "HF_MODULES_CACHE", "XDG_CACHE_HOME", "PYRAMID_METRIC_NO_HOOK")


@pytest.fixture
def pth_dir(tmp_path):
    d = tmp_path / "site"
    d.mkdir()
    shutil.copy(ROOT / "pyramid_metric_evaluate.pth", d)
    return d


def start(pth_dir, cwd, code="", pythonpath=str(ROOT), preexec=None, **env_vars):
    """A fresh ``python -S`` that processes the hook's .pth file, then runs ``code``."""
    env = {k: v for k, v in os.environ.items() if k not in CACHE_VARS and k != "PYTHONPATH"}
    env.update(PYTHONPATH=pythonpath, **env_vars)
    prog = f"import site, sys; site.addsitedir({str(pth_dir)!r}); {code}"
    return subprocess.run([sys.executable, "-S", "-c", prog], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=preexec)


def test_hook_writes_the_module_where_evaluate_looks_and_prints_nothing(pth_dir, tmp_path):
    p = start(pth_dir, tmp_path, HF_HOME=str(tmp_path / "hf"))
    assert p.returncode == 0 and p.stdout == "" and p.stderr == ""
    from pyramid_metric._hook import module_path

    assert os.path.isfile(module_path(str(tmp_path / "hf" / "modules")))


def test_hook_without_home_and_without_passwd_entry_writes_nothing(pth_dir, tmp_path):
    # HOME unset and a uid that has no passwd entry: "~" cannot be expanded. Simulated by making the passwd
    # lookup fail (as it does for such a uid) before the .pth file is processed.
    code = ("import os, sys, pwd\n"
            "def no_entry(uid): raise KeyError(uid)\n"
            "pwd.getpwuid = no_entry\n"
            f"site.addsitedir({str(pth_dir)!r})\n"
            "from pyramid_metric import _hook\n"
            "assert _hook._modules_cache() is None\n"
            "try:\n    _hook.register()\nexcept OSError as e:\n    print('OSError', 'HF_HOME' in str(e))\n")
    env = {k: v for k, v in os.environ.items() if k not in CACHE_VARS}
    env["PYTHONPATH"] = str(ROOT)
    p = subprocess.run([sys.executable, "-S", "-c", "import site\n" + code], cwd=tmp_path, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout == "OSError True\n" and p.stderr == ""
    assert sorted(os.listdir(tmp_path)) == ["site"]  # no ./~/.cache/huggingface tree


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to switch to a bare uid")
def test_hook_as_a_real_uid_without_passwd_entry_writes_nothing(pth_dir, tmp_path):
    import pwd

    uid = 54321
    with pytest.raises(KeyError):
        pwd.getpwuid(uid)
    work = tmp_path / "cwd"
    work.mkdir()
    work.chmod(0o777)
    tmp_path.chmod(0o755)
    try:
        p = start(pth_dir, work, code="print('ok')", preexec=lambda: os.setuid(uid))
    except PermissionError:
        pytest.skip("this interpreter cannot be run by a uid without a home (it lives in a private folder)")
    assert p.returncode == 0, p.stderr
    assert p.stdout == "ok\n" and p.stderr == ""
    assert os.listdir(work) == []


def test_older_pyramid_metric_first_on_the_path_is_silent(pth_dir, tmp_path):
    old = tmp_path / "old"
    (old / "pyramid_metric").mkdir(parents=True)
    (old / "pyramid_metric" / "__init__.py").write_text("__version__ = '0.0.1'\n")  # no _hook module
    p = start(pth_dir, tmp_path, code="print('ok')", pythonpath=f"{old}{os.pathsep}{ROOT}",
              HF_HOME=str(tmp_path / "hf"))
    assert p.returncode == 0 and p.stdout == "ok\n" and p.stderr == ""


def test_disabled_hook_imports_nothing_and_writes_nothing(pth_dir, tmp_path):
    code = "print(sorted(m for m in sys.modules if m.startswith('pyramid_metric')))"
    p = start(pth_dir, tmp_path, code=code, HF_HOME=str(tmp_path / "hf"), PYRAMID_METRIC_NO_HOOK="1")
    assert p.returncode == 0 and p.stdout == "[]\n" and p.stderr == ""
    assert not (tmp_path / "hf").exists()


def test_the_pth_line_is_one_import_line_with_its_import_inside_a_try():
    lines = (ROOT / "pyramid_metric_evaluate.pth").read_text().splitlines()
    assert len(lines) == 1 and lines[0].startswith("import ")  # site executes only lines starting with import
    assert "try:" in lines[0] and lines[0].index("try:") < lines[0].index("pyramid_metric")
