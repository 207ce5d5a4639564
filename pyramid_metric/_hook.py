"""Make ``evaluate.load("pyramid")`` work offline, without importing ``pyramid_metric`` first.

``evaluate`` has no plugin entry points.  ``evaluate.load("pyramid")`` asks the Hub for the script
``evaluate-metric/pyramid/pyramid.py`` at the revision of the installed ``evaluate`` (``v0.4.6``); its
download cache answers first when it holds that URL's file (``<HF_HOME>/evaluate/downloads/<sha256 of the
URL>.py``), online or offline, and the module loads without a message.  :func:`register_download` writes our
script there.  Failing that, ``evaluate`` falls back, with a warning that reads like a failure, to its cache of
module scripts: ``<HF_MODULES_CACHE>/evaluate_modules/metrics/evaluate-metric--<name>/<sha256>/<name>.py``,
which :func:`register` fills.  The package installs a one-line ``pyramid_metric_evaluate.pth`` startup hook
that calls :func:`ensure_evaluate_module` (reading the 1 KB script and a one-line note of the download
entry when they are already there, to check them), and ``pyramid-metric register`` /
``pyramid_metric.register()`` do the same step visibly.

The startup hook has no side effect beyond that one file:

- it never raises and never prints (the ``.pth`` line wraps its import in a
  ``try``, so an older ``pyramid_metric`` without this module is ignored);
- it writes only under cache directories that resolve to an absolute path
  (``HF_MODULES_CACHE``, ``HF_DATASETS_DOWNLOADED_EVALUATE_PATH``, ``HF_EVALUATE_CACHE``, ``HF_HOME``,
  ``XDG_CACHE_HOME`` or the home directory);
  when none does (``HOME`` unset and no passwd entry), it writes nothing;
- it follows no symbolic link below that directory, and rewrites a cached script whose content is not
  this version's;
- with ``PYRAMID_METRIC_NO_HOOK`` set, the ``.pth`` line reads that variable
  and imports nothing.

This module is imported at every interpreter start: it imports nothing but ``os``
(the digest of the script is a constant, which a test checks; ``hashlib`` is imported only to write the
download entry, once per version of ``evaluate``).
"""
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
from pyramid_metric.hf import _CITATION, _DESCRIPTION, _KWARGS_DESCRIPTION, Pyramid

# doctest.testmod(<this module>), as evaluate's own test suite runs it, checks the examples of the metric card.
__test__ = {"Pyramid": _KWARGS_DESCRIPTION}

__all__ = ["Pyramid", "evaluate", "_CITATION", "_DESCRIPTION", "_KWARGS_DESCRIPTION"]
'''
# = hashlib.sha256(MODULE_SOURCE.encode("utf-8")).hexdigest(), a constant: startup imports no hashlib
MODULE_SHA256 = "2f9c80e8596c6ffd8cc243badc7e68c41f173cc203455600b09936a997602f3c"

MODULE_NAME = "pyramid"


def _absolute(path):
    """``path`` with ``~`` expanded, or None when it does not resolve to an absolute path."""
    path = os.path.expanduser(path)
    return path if os.path.isabs(path) else None


def _modules_cache():
    """evaluate's HF_MODULES_CACHE (same resolution as evaluate.config, without importing it), or None.

    None when the directory cannot be resolved: with ``HOME`` unset and a uid without a passwd entry, ``~``
    stays ``~`` and the default would be a relative ``./~/.cache`` in the current directory.
    """
    if os.getenv("HF_MODULES_CACHE"):
        return _absolute(os.environ["HF_MODULES_CACHE"])
    hf_home = _hf_home()
    return os.path.join(hf_home, "modules") if hf_home else None


def _hf_home():
    return _absolute(os.getenv("HF_HOME") or os.path.join(os.getenv("XDG_CACHE_HOME") or "~/.cache", "huggingface"))


def _downloads_cache():
    """evaluate's download cache (``evaluate.config.DOWNLOADED_EVALUATE_PATH``, same resolution), or None."""
    if os.getenv("HF_DATASETS_DOWNLOADED_EVALUATE_PATH"):
        return _absolute(os.environ["HF_DATASETS_DOWNLOADED_EVALUATE_PATH"])
    if os.getenv("HF_EVALUATE_CACHE"):
        evaluate_cache = _absolute(os.environ["HF_EVALUATE_CACHE"])
    else:
        hf_home = _hf_home()
        evaluate_cache = os.path.join(hf_home, "evaluate") if hf_home else None
    return os.path.join(evaluate_cache, "downloads") if evaluate_cache else None


def _evaluate_revision():
    """The revision ``evaluate.load`` asks the Hub for (``v0.4.6``; ``main`` for a development release; or
    ``HF_SCRIPTS_VERSION``), from the name of evaluate's installed metadata folder, without importing it; None
    when evaluate is not installed."""
    import sys  # already imported: no cost

    revision = os.getenv("HF_SCRIPTS_VERSION")
    for folder in ([] if revision else sys.path):
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        found = [n for n in names if n.startswith("evaluate-") and n.endswith(".dist-info")]
        if found:
            version = found[0][len("evaluate-"):-len(".dist-info")]
            revision = "main" if ".dev" in version else version
            break
    if not revision:
        return None
    return "v" + revision if revision[:1].isdigit() and revision.count(".") >= 2 else revision


def hub_url(revision: str) -> str:
    """The URL of the module script ``evaluate.load("pyramid")`` asks the Hub for at ``revision``."""
    endpoint = os.getenv("HF_ENDPOINT", "https://huggingface.co")
    return f"{endpoint}/spaces/evaluate-metric/{MODULE_NAME}/resolve/{revision}/{MODULE_NAME}.py"


def module_path(modules_cache: str = None) -> str:
    """Where ``evaluate`` looks for the cached ``pyramid`` module script of this version."""
    cache = modules_cache or _modules_cache()
    if cache is None:
        raise OSError("no cache directory for evaluate's modules: HOME is unset and the user has no home "
                      "directory; set HF_HOME (or HF_MODULES_CACHE) to a writable folder")
    root = os.path.join(cache, "evaluate_modules", "metrics", f"evaluate-metric--{MODULE_NAME}", MODULE_SHA256)
    return os.path.join(root, f"{MODULE_NAME}.py")


def register(modules_cache: str = None) -> str:
    """Write the ``pyramid`` module script into evaluate's module cache; return its path.

    A script already there is kept only when its content is this version's (its folder is named by that
    content's sha256, and evaluate would run whatever the file holds): a modified one is rewritten.  Below the
    cache directory nothing is followed: a symbolic link where a folder, ``__init__.py`` or the script should
    be is an OSError (or, for the script, replaced by the file itself), so nothing is written outside the cache.
    """
    path = module_path(modules_cache)
    if _holds_module(path):
        return path
    cache = modules_cache or _modules_cache()
    # Every level is a package, as evaluate's own cache writer makes them.
    level = cache
    for part in ["", "evaluate_modules", "metrics", f"evaluate-metric--{MODULE_NAME}", MODULE_SHA256]:
        level = os.path.join(level, part) if part else level
        if part and os.path.islink(level):
            raise OSError(f"{level} is a symbolic link; evaluate's module cache must hold real folders")
        os.makedirs(level, exist_ok=True)
        _create_empty(os.path.join(level, "__init__.py"))
    _write(path, MODULE_SOURCE)
    return path


def register_download(downloads: str = None, revision: str = None):
    """Write the module script into evaluate's download cache as the file of :func:`hub_url` (``revision``:
    the installed evaluate's), so that ``evaluate.load("pyramid")`` finds it without its fallback; return its
    path, or None without evaluate or a cache directory.

    A one-line note beside it (``pyramid-module-<revision>.url``: the URL and this version's digest) says the
    entry is written, so that the startup hook hashes nothing when it is; a different note (another endpoint,
    another version of this package) or a missing or modified entry is written again.  Links are not followed.
    """
    downloads = downloads or _downloads_cache()
    revision = revision or _evaluate_revision()
    if downloads is None or revision is None:
        return None
    url = hub_url(revision)
    note = os.path.join(downloads, f"{MODULE_NAME}-module-{revision}.url")
    stamp = f"{url} {MODULE_SHA256}\n"
    noted = _read_note(note)
    if noted is not None and noted.startswith(stamp) and _holds_module(noted[len(stamp):]):
        return noted[len(stamp):]
    import hashlib

    if os.path.islink(downloads):
        raise OSError(f"{downloads} is a symbolic link; evaluate's download cache must be a real folder")
    os.makedirs(downloads, exist_ok=True)
    path = os.path.join(downloads, hashlib.sha256(url.encode("utf-8")).hexdigest() + ".py")
    _write(path, MODULE_SOURCE)
    _write(note, stamp + path)
    return path


def _read_note(path: str):
    if os.path.islink(path) or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        return f.read(4096)


def _write(path: str, text: str) -> None:
    """``text`` into ``path``, atomically; a link at ``path`` or at the temporary name is replaced, never followed."""
    tmp = f"{path}.{os.getpid()}.tmp"
    if os.path.lexists(tmp):
        os.unlink(tmp)  # a leftover (or a planted link): removed, never followed
    with os.fdopen(_open_new(tmp), "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)  # atomic: concurrent interpreters never see half a file; replaces a link, not its target


def _holds_module(path: str) -> bool:
    """True when ``path`` is a regular file (not a link) holding exactly this version's module script."""
    if os.path.islink(path) or not os.path.isfile(path):
        return False
    with open(path, "rb") as f:
        return f.read(len(MODULE_SOURCE) * 4 + 1) == MODULE_SOURCE.encode("utf-8")


def _open_new(path: str) -> int:
    """A file descriptor of a new file at ``path``; never follows a symbolic link (FileExistsError if one is there)."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)


def _create_empty(path: str) -> None:
    """An empty ``__init__.py`` at ``path`` unless a regular file is there; an OSError for a symbolic link."""
    try:
        os.close(_open_new(path))
    except FileExistsError:
        if os.path.islink(path) or not os.path.isfile(path):
            raise OSError(f"{path} is not a regular file; evaluate's module cache must hold real files") from None


def ensure_evaluate_module() -> None:
    """Startup hook: register the module if it is missing; never fail or print, never write outside the cache."""
    if os.getenv("PYRAMID_METRIC_NO_HOOK"):
        return
    try:
        if _modules_cache() is not None:
            register()
        register_download()
    except Exception:  # read-only home, full disk...: evaluate.load("pyramid") will say it is missing
        pass
