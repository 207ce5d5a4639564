"""Matchers: similarity between summary spans and pyramid units, chosen by name."""
from __future__ import annotations

import dataclasses
import importlib
from typing import Dict, Sequence, Union

from ..options import PLUGIN_MATCHERS, Option, matcher_args, register
from .base import Matcher

MATCHERS: Dict[str, Union[str, type]] = {
    "lcs": "pyramid_metric.match.lcs:LCSMatcher",
    "recall": "pyramid_metric.match.recall:RecallMatcher",
    "embedding": "pyramid_metric.match.embedding:EmbeddingMatcher",
    "align": "pyramid_metric.match.align:AlignMatcher",
    "amr": "pyramid_metric.match.amr:AMRMatcher",
    "learned": "pyramid_metric.match.learned:LearnedMatcher",
    "learned+recall": "pyramid_metric.match.mean:LearnedRecallMatcher",
}


def register_matcher(name: str, target: Union[str, type], options: Sequence[Option] = ()) -> None:
    """Make a matcher available by ``name`` (``matcher=name`` everywhere) with the options it reads.

    ``target``: the class, or ``"module:Class"`` (imported when first used).  Each of ``options`` is
    declared as read by this matcher (``Option.matchers``); the matcher's constructor receives them by
    ``Option.arg`` (default: the option's name).  Call it in the plug-in's own module.
    """
    for option in options:
        register(dataclasses.replace(option, matchers=tuple(option.matchers) or (name,)))
    MATCHERS[name] = target
    PLUGIN_MATCHERS[name] = target


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
    takes = matcher_args(matcher)
    unknown = sorted(set(options) - set(takes))
    if unknown:
        raise ValueError(f"get_matcher: matcher {matcher!r} takes no option(s) {unknown}; it takes "
                         f"{sorted(takes) or 'none'}")
    target = MATCHERS[matcher]
    if isinstance(target, str):
        module, cls = target.split(":")
        target = getattr(importlib.import_module(module), cls)
    return target(**options)


def matcher_options(config) -> dict:
    """The constructor arguments of ``config.matcher`` from the configuration (e.g. amr_parser -> parser)."""
    return {arg: config.get(name) for arg, name in matcher_args(config.matcher).items()}


__all__ = ["Matcher", "MATCHERS", "get_matcher", "matcher_options", "register_matcher"]
