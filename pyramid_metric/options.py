"""The registry of options and plug-ins, and what is generated from it.

A method, a matcher or a segmenter declares the options it reads next to its own code, in its own module:
``register_method(name, Class, options=(Option(...), ...))`` (``pyramid_metric.methods``) or
``register_matcher(name, Class, options=...)`` (``pyramid_metric.match``).  This module keeps the
machinery - the :class:`Option` declaration, the registries, the checks, the documentation and help text
generated from them - and the options several methods share (matcher, threshold, segmenter, length limit).
Validation, the command line's arguments, ``evaluate``'s keyword options and their docs, the
:class:`~pyramid_metric.config.PyramidConfig` docstring and the signature are generated from these
declarations.

The built-in plug-ins register when their packages are imported; every reader of the registry below
(:func:`declared`, :func:`method_names`, ...) imports them first, so the declarations are complete whatever
was imported before.  ``check_read`` raises a ValueError naming an option set to a value other than its
default when the chosen method does not read it; an option left at its default (or ``None``) counts as not
given.  This module imports nothing heavy, and the plug-in modules import no torch at import time.
"""
from __future__ import annotations

import dataclasses
import importlib
import math
from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence, Tuple, Union


@dataclass(frozen=True)
class Option:
    """One option, declared by the component that reads it.

    name: the keyword (``--name-with-dashes`` on the command line); methods: the methods that read it;
    type, default, choices and a one-line help; paper: the value the method's paper uses, where it gives
    one; matchers: the matchers that read it (then every method built with that matcher reads it); arg: the
    constructor argument of the matcher it sets (``amr_parser`` -> ``parser``), when named differently;
    bounds: ``(low, high)`` of a number (finite, both ends included); scoring_only: the option changes how
    a summary is scored against a pyramid, not the pyramid (a cached pyramid serves every value).
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
    bounds: Optional[Tuple[float, float]] = None
    scoring_only: bool = False

    def read_by(self, method: str, matcher) -> bool:
        return method in self.methods or (matcher is not None and matcher in self.matchers)

    def readers(self) -> str:
        """``method='hirao' or method='refpyramid'`` (and the matchers), for error messages."""
        names = [f"method={m!r}" for m in self.methods] + [f"matcher={m!r}" for m in self.matchers]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def reader_list(self) -> str:
        """``refpyramid, hirao, matcher amr``: who reads it, for help and documentation."""
        return ", ".join([*self.methods, *(f"matcher {m}" for m in self.matchers)])

    def choice_list(self) -> str:
        return ", ".join(map(repr, self.choices))

    def check(self, value) -> None:
        """TypeError/ValueError naming the option when ``value`` is not of its type, among its choices or
        within its bounds (``None`` = not given passes)."""
        if value is None:
            return
        if self.bounds is not None:
            self._check_bounds(value)
        numeric = self.type in (int, float) and isinstance(value, (int, float)) and not isinstance(value, bool)
        if not (numeric or isinstance(value, self.type)) or (self.type is int and not isinstance(value, int)):
            raise TypeError(f"PyramidConfig: `{self.name}` must be a {self.type.__name__}, got {type(value).__name__}")
        if self.choices and value not in self.choices:
            raise ValueError(f"PyramidConfig: unknown {self.name} {value!r}; choose one of {list(self.choices)}")

    def _check_bounds(self, value) -> None:
        lo, hi = self.bounds
        kind = "an int" if self.type is int else "a finite number"
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or (self.type is int and not isinstance(value, int)) or not math.isfinite(value) or \
                not lo <= value <= hi:
            where = f"in [{lo:g}, {hi:g}]" if hi < math.inf else f">= {lo:g}"
            raise ValueError(f"PyramidConfig: `{self.name}` must be {kind} {where}, got {value!r}")

    def describe(self) -> str:
        """The help text (:func:`help_of`) with the default, the choices and the paper's value."""
        parts = [help_of(self)] if help_of(self) else []
        if self.default is not None:
            parts.append(f"default: {self.default}")
        if self.paper is not None:
            parts.append(f"paper: {self.paper}")
        return "; ".join(parts)


@dataclass(frozen=True)
class Plugin:
    """A registered method or matcher: its class (or ``"module:Class"``, imported when first used), one line
    of help, the values it gives the options left unset (``resolves``: e.g. a method's matcher and
    threshold, a matcher's threshold) and, for a method, its signature fields
    (:class:`pyramid_metric.signature.Field`)."""

    target: Union[str, type]
    help: str = ""
    resolves: Tuple[Tuple[str, Any], ...] = ()
    fields: Tuple[Any, ...] = ()

    def load(self) -> type:
        if isinstance(self.target, str):
            module, cls = self.target.split(":")
            return getattr(importlib.import_module(module), cls)
        return self.target

    def resolved(self, name: str, default=None):
        return dict(self.resolves).get(name, default)


SHARED = (  # options of several methods, who name them in ``register_method(..., reads=...)``; a method's own
    # options are declared in its module
    Option("matcher", (), help="similarity of summary text to pyramid units"),  # the choices and defaults: help_of
    Option("threshold", (), float, paper=0.55, bounds=(0.0, 1.0), scoring_only=True,
           help="a pair matches when its similarity reaches it (Hirao et al. 2018, Eq. 24)"),
    Option("segmenter", (), default="transformer", help="EDU segmenter (pyramid_metric.segment: transformer, "
           "bilstm, sentence, ...)"),
    Option("length_limit", (), int, bounds=(1, math.inf),
           help="L_max in words; default: each reference's own length for its extract and the mean reference "
                "length for the knapsack bound"),
)
OPTIONS: Dict[str, Option] = {o.name: o for o in SHARED}
METHODS: Dict[str, Plugin] = {}  # filled by register_method in each method's module
MATCHERS: Dict[str, Plugin] = {}  # filled by register_matcher in each matcher's module
BUILT_IN_PACKAGES = ("pyramid_metric.methods", "pyramid_metric.match")  # importing them registers the built-ins
_loaded = False


def load_built_ins() -> None:
    """Import the built-in plug-in packages once, so that their declarations are registered."""
    global _loaded
    if not _loaded:
        _loaded = True
        for package in BUILT_IN_PACKAGES:
            importlib.import_module(package)


def help_of(option: Option) -> str:
    """An option's help with what the registry says of it: the matchers to choose from (``matcher``) and the
    value each method, and then each matcher, gives it when it is left unset."""
    load_built_ins()
    parts = [option.help] if option.help else []
    if option.name == "matcher":
        parts.append("one of " + ", ".join(f"{n} = {p.help}" if p.help else n for n, p in MATCHERS.items()))
    for kind, plugins in (("method", METHODS), ("matcher", MATCHERS)):
        by_value: Dict[Any, list] = {}
        for name, plugin in plugins.items():
            if plugin.resolved(option.name) is not None:
                by_value.setdefault(plugin.resolved(option.name), []).append(name)
        if by_value:
            parts.append(f"default by {kind}: " + "; ".join(f"{v} for {', '.join(names)}"
                                                            for v, names in by_value.items()))
    return "; ".join(parts)


def declared() -> Dict[str, Option]:
    """Every declared option by name: the shared ones, the built-in plug-ins' and the registered ones."""
    load_built_ins()
    return OPTIONS


def method_names() -> Tuple[str, ...]:
    load_built_ins()
    return tuple(METHODS)


def matcher_names() -> Tuple[str, ...]:
    load_built_ins()
    return tuple(MATCHERS)


def method_plugin(name: str) -> Plugin:
    """The registration of method ``name``."""
    load_built_ins()
    return METHODS[name]


def matcher_plugin(name: str) -> Plugin:
    """The registration of matcher ``name``."""
    load_built_ins()
    return MATCHERS[name]


def register(option: Option) -> Option:
    """Add an option; the same name declared differently is a ValueError."""
    known = OPTIONS.get(option.name)
    if known is not None and known != option:
        raise ValueError(f"option {option.name!r} is already declared ({known.readers()}) differently")
    OPTIONS[option.name] = option
    return option


def _read_also(names: Sequence[str], method_name: str) -> None:
    """Declare that ``method_name`` reads the already declared options ``names`` (e.g. the shared threshold)."""
    for name in names:
        if name not in OPTIONS:
            raise ValueError(f"register_method: {method_name!r} reads {name!r}, which no component declares")
        o = OPTIONS[name]
        if method_name not in o.methods:
            OPTIONS[name] = dataclasses.replace(o, methods=(*o.methods, method_name))


def register_method(name: str, target: Union[str, type], options: Sequence[Option] = (), reads: Sequence[str] = (),
                    help: str = "", resolves: Optional[dict] = None, fields: Sequence[Any] = ()) -> Plugin:
    """Make a scoring method available by ``name`` (``method=name`` everywhere) with the options it reads.

    ``target``: the :class:`~pyramid_metric.methods.Method` subclass (or ``"module:Class"``).  ``options``:
    the method's own options (each declared as read by this method when its ``methods`` is empty);
    ``reads``: options declared elsewhere that it reads too (``"matcher"``, ``"threshold"``, ...);
    ``help``: one line for the ``method`` option's documentation; ``resolves``: the values it gives options
    left unset (``{"matcher": "recall"}``); ``fields``: its signature fields
    (:mod:`pyramid_metric.signature`); without them, its own options are named in the signature by name.
    Call it in the method's own module; the option then appears in ``evaluate``'s keywords, the command
    line's ``--help`` and the signature.
    """
    for option in options:
        register(dataclasses.replace(option, methods=tuple(option.methods) or (name,)))
    _read_also(reads, name)
    plugin = Plugin(target, help, tuple((resolves or {}).items()), tuple(fields))
    METHODS[name] = plugin
    return plugin


def register_matcher(name: str, target: Union[str, type], options: Sequence[Option] = (), help: str = "",
                     resolves: Optional[dict] = None) -> Plugin:
    """Make a matcher available by ``name`` (``matcher=name`` everywhere) with the options it reads.

    ``target``: the class, or ``"module:Class"`` (imported when first used).  Each of ``options`` is
    declared as read by this matcher (``Option.matchers``); the matcher's constructor receives them by
    ``Option.arg`` (default: the option's name).  ``resolves``: the values it gives options left unset
    (``{"threshold": 0.45}``).  Call it in the matcher's own module.
    """
    for option in options:
        register(dataclasses.replace(option, matchers=tuple(option.matchers) or (name,)))
    plugin = Plugin(target, help, tuple((resolves or {}).items()))
    MATCHERS[name] = plugin
    return plugin


def matcher_args(matcher_name) -> Dict[str, str]:
    """Constructor argument -> option name for the options ``matcher_name`` reads."""
    return {o.arg or o.name: o.name for o in declared().values() if matcher_name in o.matchers}


def _wrap(text: str, indent: str, width: int) -> str:
    import textwrap

    return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent + "    ",
                         break_on_hyphens=False)  # never split a name such as "summary+sentence" or "toy-coverage"


def options_doc(indent: str = "    ", width: int = 116) -> str:
    """The options as ``evaluate``'s argument list documents them: ``method`` (one line per registered
    method), then one entry per declared option."""
    options = declared()
    methods = "; ".join(f'`"{n}"`: {p.help}' for n, p in METHODS.items() if p.help)
    lines = [_wrap(f"method (`str`, default `\"refpyramid\"`): the scoring system: {methods}.", indent, width)]
    for o in options.values():
        default = "" if o.default is None else f", default `{o.default!r}`"
        head = f"{o.name} (`{o.type.__name__}`, read by {o.reader_list()}{default}): "
        body = help_of(o) + (f"; one of {o.choice_list()}" if o.choices else "") + (
            f"; the paper's value: {o.paper!r}." if o.paper is not None else ".")
        lines.append(_wrap(head + body, indent, width))
    return "\n".join(lines) + "\n"


def config_doc(indent: str = "    ", width: int = 112) -> str:
    """The options as :class:`~pyramid_metric.config.PyramidConfig`'s docstring lists them."""
    options = declared()
    methods = ", ".join(f'"{n}" ({p.help})' for n, p in METHODS.items() if p.help)
    lines = [_wrap(f"method: the scoring system: {methods}.", indent, width)]
    for o in options.values():
        choices = f"; choices: {o.choice_list()}" if o.choices else ""
        lines.append(_wrap(f"{o.name}: {o.describe()}{choices}; read by {o.reader_list()}.", indent, width))
    return "\n".join(lines) + "\n"


def reads(method_name: str, name: str, matcher_name=None) -> bool:
    """Whether ``method_name`` (built with ``matcher_name``) reads option ``name``; ``method`` and ``preset``
    always."""
    option = declared().get(name)
    return option is None or option.read_by(method_name, matcher_name)


def check_read(method_name: str, matcher_name, given: Dict[str, object]) -> None:
    """ValueError for the first option in ``given`` (name -> value, defaults left out) that ``method_name``
    does not read."""
    for name, value in given.items():
        option = declared().get(name)
        if option is not None and not option.read_by(method_name, matcher_name):
            raise ValueError(f"PyramidConfig: `{name}`={value!r} has no effect with method={method_name!r}; it is "
                             f"read by {option.readers()}. Drop `{name}` or choose one of those.")


__all__ = ["Option", "Plugin", "OPTIONS", "METHODS", "MATCHERS", "SHARED", "declared", "method_names",
           "matcher_names", "method_plugin", "matcher_plugin", "help_of", "register", "register_method", "register_matcher",
           "matcher_args", "options_doc", "config_doc", "reads", "check_read", "load_built_ins"]
