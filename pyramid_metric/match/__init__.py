"""Matchers: similarity between summary spans and pyramid units, chosen by name.

Each matcher registers itself and the options it reads in its own module (``register_matcher``); a plug-in
does the same in its module.
"""
from __future__ import annotations

from typing import Union

from ..options import MATCHERS, matcher_args, register_matcher
from .base import Matcher

from . import lcs, recall, soft, embedding, align, context, amr, learned, mean  # noqa: E402,F401  (the built-ins register)


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
    return MATCHERS[matcher].load()(**options)


def matcher_options(config) -> dict:
    """The constructor arguments of ``config.matcher`` from the configuration (e.g. amr_parser -> parser)."""
    return {arg: config.get(name) for arg, name in matcher_args(config.matcher).items()}


__all__ = ["Matcher", "MATCHERS", "get_matcher", "matcher_options", "register_matcher"]
