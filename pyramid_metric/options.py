"""Which options each method (and matcher) reads, so an option that would change nothing is refused.

Every :class:`~pyramid_metric.config.PyramidConfig` option except ``method`` and ``preset`` is declared
here once: its default, the methods that read it and the matchers that read it (an option a matcher reads
is read by every method built with that matcher).  ``check_read`` raises a ValueError naming an option set
to a value other than its default when the chosen method does not read it.  An option left at its default
(or ``None``) counts as not given.  This module imports nothing heavy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Tuple

ALL_METHODS = ("hirao", "refpyramid", "be", "rouge", "pyreval", "peak", "ape")


@dataclass(frozen=True)
class Option:
    """One option: its name, the methods that read it and the matchers that read it."""

    name: str
    methods: Tuple[str, ...]
    matchers: Tuple[str, ...] = ()

    def read_by(self, method: str, matcher) -> bool:
        return method in self.methods or (matcher is not None and matcher in self.matchers)

    def readers(self) -> str:
        """``method='hirao' or method='refpyramid'`` (and the matchers), for error messages."""
        names = [f"method={m!r}" for m in self.methods] + [f"matcher={m!r}" for m in self.matchers]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


OPTIONS: Dict[str, Option] = {o.name: o for o in (
    Option("extract", ("hirao",)),
    Option("matcher", ("hirao", "refpyramid", "pyreval", "peak", "ape")),
    Option("credit", ("refpyramid",)),
    Option("threshold", ("hirao", "pyreval", "peak", "ape")),
    Option("soft", ("hirao",)),
    Option("segmenter", ("hirao", "refpyramid")),
    Option("sentence_penalty", ("hirao",)),
    Option("length_limit", ("hirao", "refpyramid")),
    Option("time_limit", ("hirao",)),  # the extract ILPs are the only ILPs with a time limit
    Option("solver", ("hirao",)),
    Option("be_variant", ("be",)),
    Option("be_match", ("be",)),
    Option("rouge_variant", ("rouge",)),
    Option("rouge_stem", ("rouge",)),
    Option("edua", ("pyreval", "ape")),
    Option("edge_percentile", ("pyreval", "ape")),
    Option("zipf_beta", ("pyreval", "ape")),
    Option("pyreval_score", ("pyreval",)),
    Option("merge_threshold", ("peak",)),
    Option("ape_alpha", ("ape",)),
    Option("amr_parser", ("ape",), matchers=("amr",)),
)}


def reads(method: str, name: str, matcher=None) -> bool:
    """Whether ``method`` (built with ``matcher``) reads option ``name``; ``method`` and ``preset`` always."""
    option = OPTIONS.get(name)
    return option is None or option.read_by(method, matcher)


def check_read(method: str, matcher, given: Dict[str, object]) -> None:
    """ValueError for the first option in ``given`` (name -> value, defaults left out) that ``method`` does not read."""
    for name, value in given.items():
        option = OPTIONS.get(name)
        if option is not None and not option.read_by(method, matcher):
            raise ValueError(f"PyramidConfig: `{name}`={value!r} has no effect with method={method!r}; it is read by "
                             f"{option.readers()}. Drop `{name}` or choose one of those.")


__all__ = ["ALL_METHODS", "Option", "OPTIONS", "reads", "check_read"]
