"""pyramid_metric: automatic Pyramid content evaluation for summarization.

Public names are imported lazily so that ``import pyramid_metric`` stays cheap
(no torch, spaCy or PuLP until a score is computed).
"""
from ._version import __version__
from .forking import thread_independent_products as _thread_independent_products

_thread_independent_products()  # before any torch matrix product of the package: scores do not depend on threads

_LAZY = {
    "PyramidScorer": "pyramid_metric.scorer",
    "PyramidConfig": "pyramid_metric.config",
    "score": "pyramid_metric.scorer",
    "register": "pyramid_metric._hook",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pyramid_metric' has no attribute {name!r}")


__all__ = ["__version__", *_LAZY]
