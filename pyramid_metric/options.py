"""The declarations of every option: who reads it, its type, default, choices, help and the paper's value.

Every :class:`~pyramid_metric.config.PyramidConfig` option except ``method`` and ``preset`` is declared
once, here for the built-in methods and matchers, and by ``match.register_matcher(..., options=...)`` in a
plug-in's own module.  Validation, the command line's arguments, ``evaluate``'s keyword options and the
signature are generated from these declarations.  ``check_read`` raises a ValueError naming an option set
to a value other than its default when the chosen method does not read it; an option left at its default
(or ``None``) counts as not given.  This module imports nothing heavy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

ALL_METHODS = ("hirao", "refpyramid", "be", "rouge", "pyreval", "peak", "ape")


@dataclass(frozen=True)
class Option:
    """One option, declared by the component that reads it.

    name: the keyword (``--name-with-dashes`` on the command line); methods: the methods that read it;
    type, default, choices and a one-line help; paper: the value the method's paper uses, where it gives
    one; matchers: the matchers that read it (then every method built with that matcher reads it); arg: the
    constructor argument of the matcher it sets (``amr_parser`` -> ``parser``), when named differently.
    """

    name: str
    methods: Tuple[str, ...]
    type: type = str
    default: Any = None
    choices: Tuple[Any, ...] = ()
    help: str = ""
    paper: Any = None
    matchers: Tuple[str, ...] = ()
    arg: Optional[str] = None

    def read_by(self, method: str, matcher) -> bool:
        return method in self.methods or (matcher is not None and matcher in self.matchers)

    def readers(self) -> str:
        """``method='hirao' or method='refpyramid'`` (and the matchers), for error messages."""
        names = [f"method={m!r}" for m in self.methods] + [f"matcher={m!r}" for m in self.matchers]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def check(self, value) -> None:
        """TypeError/ValueError naming the option when ``value`` is not of its type or among its choices."""
        if value is None:
            return
        numeric = self.type in (int, float) and isinstance(value, (int, float)) and not isinstance(value, bool)
        if not (numeric or isinstance(value, self.type)) or (self.type is int and not isinstance(value, int)):
            raise TypeError(f"PyramidConfig: `{self.name}` must be a {self.type.__name__}, got {type(value).__name__}")
        if self.choices and value not in self.choices:
            raise ValueError(f"PyramidConfig: unknown {self.name} {value!r}; choose one of {list(self.choices)}")

    def describe(self) -> str:
        """The help text with the default, the choices and the paper's value."""
        parts = [self.help] if self.help else []
        if self.default is not None:
            parts.append(f"default: {self.default}")
        if self.paper is not None:
            parts.append(f"paper: {self.paper}")
        return "; ".join(parts)


_M = ("hirao", "refpyramid", "pyreval", "peak", "ape")  # the methods that read a matcher
OPTIONS: Dict[str, Option] = {o.name: o for o in (
    Option("extract", ("hirao",), choices=("be", "rouge", "align"), default="be", paper="be",
           help="source extract of the pyramid: Prop(BE), Prop(ROUGE) or Prop(AL) (Hirao et al. 2018, section 3)"),
    Option("matcher", _M, help="similarity of summary text to pyramid units: recall (share of the unit's content "
           "words the summary contains), lcs (word LCS share, Hirao et al. 2018, Eq. 6), embedding (cosine of "
           "all-MiniLM-L6-v2 vectors), amr (Smatch share of the unit's AMR triples), learned (a presence "
           "classifier trained on REALSumm SCU labels) or learned+recall (their mean); default: by method "
           "(lcs for hirao, recall for refpyramid, embedding for pyreval and peak, amr for ape)"),
    Option("credit", ("refpyramid",), choices=("content", "unit"), default="content",
           help="a unit's credit scales with its content words, or each unit counts once"),
    Option("scu_score", ("refpyramid",), choices=("recall", "modified", "as-edus"), default="recall",
           help="human-pyramid mode (scus=): each SCU earns its weight x its presence (label and contributors "
                "half each), over the total SCU weight (recall) or over the best weight of X SCUs, X = the average "
                "SCU count of a model summary (modified: the modified pyramid score, Passonneau et al. 2005); "
                "as-edus: labels alone, credited as reference EDUs (the credit option)"),
    Option("threshold", ("hirao", "pyreval", "peak", "ape"), float, paper=0.55,
           help="a pair matches when its similarity reaches it (Hirao et al. 2018, Eq. 24); default: the "
                "matcher's or method's own"),
    Option("soft", ("hirao",), bool, False, paper=False, help="credit similarity x weight instead of the weight"),
    Option("segmenter", ("hirao", "refpyramid"), default="transformer", help="EDU segmenter"),
    Option("sentence_penalty", ("hirao",), float, 1.0, paper=1.0,
           help="weight of the sentence-count term of the extract ILP (Hirao et al. 2018, Eq. 9)"),
    Option("length_limit", ("hirao", "refpyramid"), int,
           help="L_max in words; default: each reference's own length"),
    Option("time_limit", ("hirao",), float, 10.0, help="seconds per extract ILP (the best solution found is kept)"),
    Option("solver", ("hirao",), choices=("highs", "cbc"), default="highs", help="preferred ILP solver"),
    Option("be_variant", ("be",), choices=("hm", "hmr"), default="hmr", paper="hmr",
           help="Basic Elements head|modifier or head|modifier|relation (Hovy et al. 2006, section 4)"),
    Option("be_match", ("be",), choices=("lexical", "lemma"), default="lexical", paper="lexical",
           help="Basic Elements word matching: exact words or lemmas (Hovy et al. 2006, section 3.4)"),
    Option("rouge_variant", ("rouge",), choices=("1", "2", "3", "4", "su4", "s4"), default="su4",
           help="ROUGE-N or skip-bigram (+unigram) recall, as ROUGE-1.5.5 computes it"),
    Option("rouge_stem", ("rouge",), bool, True, help="Porter-stem words (ROUGE-1.5.5 -m)"),
    Option("edua", ("pyreval", "ape"), choices=("greedy", "complete"), default="greedy", paper="greedy",
           help="pyramid construction EDUA-G (appendix A) or EDUA-C (section 4.4) of Gao et al. (2019)"),
    Option("edge_percentile", ("pyreval", "ape"), float, 83.0, paper=83.0,
           help="t_edge as a percentile of cross-reference segment similarities (Gao et al. 2019)"),
    Option("zipf_beta", ("pyreval", "ape"), float, 2.5, paper=2.5,
           help="beta of EDUA-G's Zipfian capacities (Gao et al. 2019, appendix A)"),
    Option("pyreval_score", ("pyreval",), choices=("coverage", "quality", "comprehensive"), default="coverage",
           help="which PyrEval score is the score (Gao et al. 2019, section 4.6); all are reported"),
    Option("merge_threshold", ("peak",), float, 0.8,
           help="T1: reference triples at least this similar form one SCU (Yang et al. 2016)"),
    Option("ape_alpha", ("ape",), float, 0.2, paper=0.2,
           help="mix alpha x APE + (1 - alpha) x ROUGE-SU4 (Steinberger et al. 2017); 1 = APE alone"),
    Option("amr_parser", ("ape",), matchers=("amr",), choices=("auto", "amrlib", "dependency"), default="auto",
           arg="parser", help="AMR parser: an amrlib model, the built-in dependency approximation, or auto"),
)}
BUILT_IN = frozenset(OPTIONS)  # PyramidConfig fields; registered options of plug-ins travel in its `extra`
PLUGIN_MATCHERS: Dict[str, object] = {}  # matchers registered by plug-ins (match.register_matcher)


def register(option: Option) -> Option:
    """Add a plug-in's option; the same name declared differently is a ValueError."""
    known = OPTIONS.get(option.name)
    if known is not None and known != option:
        raise ValueError(f"option {option.name!r} is already declared ({known.readers()}) differently")
    OPTIONS[option.name] = option
    return option


def matcher_args(matcher) -> Dict[str, str]:
    """Constructor argument -> option name for the options ``matcher`` reads."""
    return {o.arg or o.name: o.name for o in OPTIONS.values() if matcher in o.matchers}


def options_doc(indent: str = "    ", width: int = 116) -> str:
    """The options as ``evaluate``'s argument list documents them (one entry per declared option)."""
    import textwrap

    lines = []
    for o in OPTIONS.values():
        readers = ", ".join([*o.methods, *(f"matcher {m}" for m in o.matchers)])
        default = "" if o.default is None else f", default `{o.default!r}`"
        head = f"{o.name} (`{o.type.__name__}`, read by {readers}{default}): "
        body = o.help + (f"; the paper's value: {o.paper!r}." if o.paper is not None else ".")
        lines.append(textwrap.fill(head + body, width, initial_indent=indent, subsequent_indent=indent + "    "))
    return "\n".join(lines) + "\n"


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


__all__ = ["ALL_METHODS", "Option", "OPTIONS", "BUILT_IN", "register", "matcher_args", "options_doc", "reads",
           "check_read"]
