"""Matchers: similarity between summary spans and pyramid units, chosen by name."""
from __future__ import annotations

import importlib
from typing import Dict, Union

from .base import Matcher

MATCHERS: Dict[str, str] = {
    "lcs": "pyramid_metric.match.lcs:LCSMatcher",
    "recall": "pyramid_metric.match.recall:RecallMatcher",
    "embedding": "pyramid_metric.match.embedding:EmbeddingMatcher",
    "align": "pyramid_metric.match.align:AlignMatcher",
    "amr": "pyramid_metric.match.amr:AMRMatcher",
    "learned": "pyramid_metric.match.learned:LearnedMatcher",
    "learned+recall": "pyramid_metric.match.mean:LearnedRecallMatcher",
}


def get_matcher(matcher: Union[str, Matcher]) -> Matcher:
    """A matcher instance by name (or the instance given)."""
    if isinstance(matcher, Matcher):
        return matcher
    if matcher not in MATCHERS:
        raise ValueError(f"Unknown matcher {matcher!r}; choose one of {sorted(MATCHERS)}")
    module, cls = MATCHERS[matcher].split(":")
    return getattr(importlib.import_module(module), cls)()


__all__ = ["Matcher", "MATCHERS", "get_matcher"]
