"""Scoring methods, one module per method, chosen by ``PyramidConfig.method``."""
from __future__ import annotations

import importlib

from .base import Method

METHODS = {
    "hirao": "pyramid_metric.methods.hirao:HiraoMethod",
    "refpyramid": "pyramid_metric.methods.reference:ReferencePyramidMethod",
    "be": "pyramid_metric.methods.be:BEMethod",
    "rouge": "pyramid_metric.methods.rouge:RougeMethod",
    "pyreval": "pyramid_metric.methods.pyreval:PyrEvalMethod",
    "peak": "pyramid_metric.methods.peak:PeakMethod",
    "ape": "pyramid_metric.methods.ape:APEMethod",
}


def get_method(config) -> Method:
    """The method object for a configuration."""
    if config.method not in METHODS:
        raise ValueError(f"method {config.method!r} is not implemented; choose one of {sorted(METHODS)}")
    module, cls = METHODS[config.method].split(":")
    return getattr(importlib.import_module(module), cls)(config)


__all__ = ["Method", "METHODS", "get_method"]
