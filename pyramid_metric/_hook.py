"""Make ``evaluate.load("pyramid")`` work offline, without importing ``pyramid_metric`` first.

``evaluate`` has no plugin entry points.  Offline, ``evaluate.load(name)``
falls back to its cache of module scripts:
``<HF_MODULES_CACHE>/evaluate_modules/metrics/evaluate-metric--<name>/<sha256>/<name>.py``.
:func:`register` writes our module script there.  The package installs a
one-line ``pyramid_metric_evaluate.pth`` startup hook that calls
:func:`ensure_evaluate_module` (a ``stat`` when the script is already there;
it never raises), and ``pyramid-metric register`` / ``pyramid_metric.register()``
do the same step visibly.

This module is imported at every interpreter start: it must stay tiny and
import nothing heavy.
"""
import hashlib
import os

# The module script evaluate loads; identical to metric_card/pyramid.py (a test checks it).
MODULE_SOURCE = '''\
# Copyright 2026 The pyramid-metric authors. Licensed under the Apache License, Version 2.0.
"""Pyramid: automatic Pyramid content evaluation for summarization (an `evaluate` metric module).

The implementation, its documentation (_CITATION, _DESCRIPTION, _KWARGS_DESCRIPTION) and
its tests live in the installed `pyramid_metric` package (`pyramid_metric/hf.py`); this
script is what `evaluate.load("pyramid")` and `evaluate.load("metric_card/pyramid.py")` read.
"""
import evaluate
from pyramid_metric.hf import Pyramid

__all__ = ["Pyramid", "evaluate"]
'''

MODULE_NAME = "pyramid"


def _modules_cache() -> str:
    # Same resolution as evaluate.config.HF_MODULES_CACHE, without importing evaluate.
    xdg = os.getenv("XDG_CACHE_HOME", "~/.cache")
    hf_home = os.path.expanduser(os.getenv("HF_HOME", os.path.join(xdg, "huggingface")))
    return os.path.expanduser(os.getenv("HF_MODULES_CACHE", os.path.join(hf_home, "modules")))


def module_path(modules_cache: str = None) -> str:
    """Where ``evaluate`` looks for the cached ``pyramid`` module script of this version."""
    digest = hashlib.sha256(MODULE_SOURCE.encode("utf-8")).hexdigest()
    root = os.path.join(modules_cache or _modules_cache(), "evaluate_modules", "metrics",
                        f"evaluate-metric--{MODULE_NAME}", digest)
    return os.path.join(root, f"{MODULE_NAME}.py")


def register(modules_cache: str = None) -> str:
    """Write the ``pyramid`` module script into evaluate's module cache; return its path."""
    path = module_path(modules_cache)
    if os.path.isfile(path):
        return path
    cache = modules_cache or _modules_cache()
    # Every level is a package, as evaluate's own cache writer makes them.
    level = cache
    for part in ["", "evaluate_modules", "metrics", f"evaluate-metric--{MODULE_NAME}",
                 os.path.basename(os.path.dirname(path))]:
        level = os.path.join(level, part) if part else level
        os.makedirs(level, exist_ok=True)
        init = os.path.join(level, "__init__.py")
        if not os.path.exists(init):
            open(init, "w").close()
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(MODULE_SOURCE)
    os.replace(tmp, path)  # atomic: concurrent interpreters never see half a file
    return path


def ensure_evaluate_module() -> None:
    """Startup hook: register the module if it is missing; never fail the interpreter."""
    if os.getenv("PYRAMID_METRIC_NO_HOOK"):
        return
    try:
        register()
    except Exception:  # read-only home, full disk...: evaluate.load("pyramid") will say it is missing
        pass
