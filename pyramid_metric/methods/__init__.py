"""Scoring methods, one module per method, chosen by ``PyramidConfig.method``.

Each method registers itself, its options and its signature fields in its own module
(``register_method``); a plug-in does the same in its module.
"""
from __future__ import annotations

from .. import match  # noqa: F401  (the matchers and their options register before the methods)
from ..options import METHODS, register_method
from .base import Method

from . import reference, hirao, be, rouge, pyreval, peak, ape  # noqa: E402,F401  (the built-ins register)


def get_method(config) -> Method:
    """The method object for a configuration."""
    if config.method not in METHODS:
        raise ValueError(f"method {config.method!r} is not implemented; choose one of {sorted(METHODS)}")
    return METHODS[config.method].load()(config)


__all__ = ["Method", "METHODS", "get_method", "register_method"]
