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
# Constructor arguments of each matcher and the configuration option (``PyramidConfig`` field) that sets each.
MATCHER_OPTIONS: Dict[str, Dict[str, str]] = {
    "amr": {"parser": "amr_parser"},
}


def get_matcher(matcher: Union[str, Matcher], **options) -> Matcher:
    """A matcher instance by name, built with ``options`` (its constructor arguments), or the instance given.

    An option the matcher does not take raises ValueError, so no setting is dropped on the way.
    """
    if isinstance(matcher, Matcher):
        if options:
            raise ValueError(f"get_matcher: options {sorted(options)} cannot be applied to a matcher instance")
        return matcher
    if matcher not in MATCHERS:
        raise ValueError(f"Unknown matcher {matcher!r}; choose one of {sorted(MATCHERS)}")
    unknown = sorted(set(options) - set(MATCHER_OPTIONS.get(matcher, {})))
    if unknown:
        raise ValueError(f"get_matcher: matcher {matcher!r} takes no option(s) {unknown}; it takes "
                         f"{sorted(MATCHER_OPTIONS.get(matcher, {})) or 'none'}")
    module, cls = MATCHERS[matcher].split(":")
    return getattr(importlib.import_module(module), cls)(**options)


def matcher_options(config) -> dict:
    """The constructor arguments of ``config.matcher`` taken from the configuration (e.g. amr_parser -> parser)."""
    return {arg: getattr(config, field) for arg, field in MATCHER_OPTIONS.get(config.matcher, {}).items()}


__all__ = ["Matcher", "MATCHERS", "MATCHER_OPTIONS", "get_matcher", "matcher_options"]
