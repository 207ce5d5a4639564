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
