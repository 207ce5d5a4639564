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


# -- a shared or planted cache: links are never followed out of it, a modified script is repaired ----------------
def _levels(cache: Path):
    from pyramid_metric._hook import MODULE_NAME, MODULE_SHA256

    root = cache / "evaluate_modules"
    return [root, root / "metrics", root / "metrics" / f"evaluate-metric--{MODULE_NAME}",
            root / "metrics" / f"evaluate-metric--{MODULE_NAME}" / MODULE_SHA256]


@pytest.mark.parametrize("level", [0, 1, 2, 3])
@pytest.mark.parametrize("what", ["__init__.py", "folder"])
def test_hook_follows_no_planted_link_out_of_the_cache(pth_dir, tmp_path, level, what):
    cache = tmp_path / "hf" / "modules"
    outside = tmp_path / "outside"
    outside.mkdir()
    levels = _levels(cache)
    if what == "folder":
        levels[level].parent.mkdir(parents=True, exist_ok=True)
        levels[level].symlink_to(outside, target_is_directory=True)
    else:
        levels[level].mkdir(parents=True)
        (levels[level] / "__init__.py").symlink_to(outside / "planted.py")  # dangling
    p = start(pth_dir, tmp_path, HF_HOME=str(tmp_path / "hf"))
    assert p.returncode == 0 and p.stdout == "" and p.stderr == ""
    assert list(outside.iterdir()) == []  # nothing created through the link
    from pyramid_metric._hook import register

    with pytest.raises(OSError, match="symbolic link|not a regular file"):
        register(str(cache))
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("tamper", ["modified", "empty", "link", "dangling link", "folder-less tmp link"])
def test_register_repairs_a_tampered_cached_module(tmp_path, tamper):
    from pyramid_metric._hook import MODULE_SOURCE, module_path, register

    cache = str(tmp_path / "modules")
    path = Path(register(cache))
    evil = tmp_path / "evil.py"
    evil.write_text("import os; os.system('echo pwned')\n")
    if tamper == "modified":
        path.write_text(MODULE_SOURCE + "import os; os.system('echo pwned')\n")
    elif tamper == "empty":
        path.write_text("")
    elif tamper == "link":
        path.unlink()
        path.symlink_to(evil)
    elif tamper == "dangling link":
        path.unlink()
        path.symlink_to(tmp_path / "missing.py")
    else:  # a link planted at the temporary file's name
        path.write_text("x")
        Path(f"{path}.{os.getpid()}.tmp").symlink_to(evil)
    assert register(cache) == module_path(cache) == str(path)
    assert not path.is_symlink() and path.read_text(encoding="utf-8") == MODULE_SOURCE
    assert evil.read_text() == "import os; os.system('echo pwned')\n"  # the link's target is untouched
    assert not (tmp_path / "missing.py").exists()
    assert sorted(p.name for p in path.parent.iterdir()) == ["__init__.py", "pyramid.py"]


def test_hook_repairs_a_modified_module_at_startup(pth_dir, tmp_path):
    from pyramid_metric._hook import MODULE_SOURCE, register

    path = Path(register(str(tmp_path / "hf" / "modules")))
    path.write_text("raise SystemExit('modified')\n")
    p = start(pth_dir, tmp_path, HF_HOME=str(tmp_path / "hf"))
    assert p.returncode == 0 and p.stdout == "" and p.stderr == ""
    assert path.read_text(encoding="utf-8") == MODULE_SOURCE
