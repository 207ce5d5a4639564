"""The reproducibility signature, SacreBLEU-style: ``key:value`` fields joined by ``|``, long or short.

A :class:`Signature` names every option that moves a score, the components that compute it (segmenter and
matcher weights with their sha256 prefix, the spaCy model, the sentence encoder, the ILP solvers) and the
versions of Python and the package.  It is built here, in one place, from the configuration and the
method's component descriptions (``Method.signature_parts()``), and it parses back:
``PyramidConfig.from_signature(s)`` rebuilds the configuration that gave the score.

Each method declares its fields once, with its registration (``register_method(..., fields=...)`` in the
method's module, built from the helpers here): a :class:`Field` shows a value from the configuration and
the component descriptions, and reads the options back from that value.  A method without fields has its
own options named in the signature by name, as plug-ins' options are.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple

from .options import declared, method_names, method_plugin


def num(v) -> str:
    return f"{v:g}"


def _name_of(component: str) -> str:
    """The registry name at the head of a component description ("transformer-minilm-l6(...)@ab12" -> "transformer")."""
    return re.split(r"[-(@]", component, maxsplit=1)[0]


def _matcher_options(value: str) -> dict:
    # learned+recall is written "mean(learned...,recall...)", "mean" in the short form
    name = "learned+recall" if _name_of(value) == "mean" else _name_of(value)
    out = {"matcher": name}
    parser = re.search(r"parser:([^,)]+)", value)
    if name == "amr" and parser:
        out["amr_parser"] = parser_name(parser.group(1))
    return out


def parser_name(description: str) -> str:
    """The ``amr_parser`` option of an AMR parser's description."""
    return "dependency" if description.startswith("dep2amr") else "amrlib"


def edua_options(value: str) -> dict:
    """The options of an EDUA description: ``C`` (complete) or ``G(beta:2.5,...)`` (greedy, its beta)."""
    if value.startswith("C"):
        return {"edua": "complete"}
    beta = re.search(r"beta:([0-9.eE+-]+)", value)
    return {"edua": "greedy", **({"zipf_beta": float(beta.group(1))} if beta else {})}


@dataclass(frozen=True)
class Field:
    """One ``key:value`` field: ``show(config, parts)`` gives the value, ``read(value)`` the options it sets."""

    key: str
    show: Callable[[object, Dict[str, str]], str]
    read: Callable[[str], dict] = lambda value: {}


def option(key: str, name: str, show=str, read=str) -> Field:
    """A field that shows one option (``show(value)``) and reads it back (``read(text)``)."""
    return Field(key, lambda c, parts: show(getattr(c, name)), lambda v: {name: read(v)})


def part(key: str, name: str) -> Field:
    """A field that shows a component description (``parts[name]``) and sets no option."""
    return Field(key, lambda c, parts: parts[name])


def const(key: str, value: str) -> Field:
    """A field that states a fixed choice of the method."""
    return Field(key, lambda c, parts: value)


THRESHOLD = dict(show=num, read=float)
SEGMENTER = Field("seg", lambda c, parts: parts["segmenter"], lambda v: {"segmenter": _name_of(v)})
MATCHER = Field("matcher", lambda c, parts: parts["matcher"], _matcher_options)
LMAX = option("lmax", "length_limit", lambda v: v or "ref", lambda v: None if v == "ref" else int(v))

# fields of the run and the environment, around the method's (``read`` sets the options they name)
RUN_FIELDS = {"preset": lambda v: {"preset": v}, "method": lambda v: {"method": v},
              "solver": lambda v: {"solver": _name_of(v)}, "tl": lambda v: {"time_limit": float(v)},
              # scores against given human pyramids: "scu_score:recall(weight-x-presence,...)" -> "recall"
              "scu_score": lambda v: {"scu_score": _short_value(v)}}
# the short form's keys (SacreBLEU-style) and values cut to the component's name
ABBREVIATIONS = {"nrefs": "#", "jackknife": "jk", "pyramid": "pyr", "preset": "p", "method": "m",
                 "extract": "x", "matcher": "mt", "credit": "c", "seg": "s", "lmax": "l", "solver": "sv",
                 "version": "v", "breaker": "br", "score": "sc", "vectors": "vec", "parse": "ps",
                 "triples": "tr", "multiref": "mr"}
# fields that describe a component: the short form keeps its name and drops its versions and weights
COMPONENTS = frozenset({"matcher", "seg", "breaker", "vectors", "parse", "triples", "sim", "amr", "solver"})
_LONG = {short: key for key, short in ABBREVIATIONS.items()}
# fields that state the run and its environment without setting an option
INFORMATIONAL = frozenset({"nrefs", "jackknife", "pyramid", "py", "version", "lang"})


@dataclass(frozen=True)
class Signature:
    """An ordered tuple of ``(key, value)`` fields; ``str(sig)`` is the long form ``sig.format()``."""

    fields: Tuple[Tuple[str, str], ...]

    def format(self, short: bool = False) -> str:
        """``key:value|...``; ``short=True`` abbreviates keys and keeps only the name of each component."""
        if not short:
            return "|".join(f"{k}:{v}" for k, v in self.fields)
        return "|".join(f"{ABBREVIATIONS.get(k, k)}:{_short_value(v) if k in COMPONENTS else v}"
                        for k, v in self.fields)

    def __str__(self) -> str:
        return self.format()

    def get(self, key: str) -> Optional[str]:
        return dict(self.fields).get(key)

    @classmethod
    def parse(cls, text: str) -> "Signature":
        """The fields of a long or short signature string; a ValueError names a malformed one."""
        if isinstance(text, Signature):
            return text
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"Signature.parse: expected a signature string, got {text!r}")
        fields, seen = [], set()
        for piece in _split(text.strip()):
            key, sep, value = piece.partition(":")
            if not sep:
                raise ValueError(f"Signature.parse: field {piece!r} is not key:value")
            key = _LONG.get(key, key)
            if key in seen:
                raise ValueError(f"Signature.parse: field {key!r} appears twice; a signature states each "
                                 "field once")
            seen.add(key)
            fields.append((key, value))
        return cls(tuple(fields))

    def options(self) -> dict:
        """The configuration options the signature states (long or short form)."""
        fields = dict(self.fields)
        if "method" not in fields:
            raise ValueError("Signature: no `method` field")
        method = fields["method"]
        if method not in method_names():
            raise ValueError(f"Signature: unknown method {method!r}; choose one of {sorted(method_names())}")
        readers = {f.key: f.read for f in method_plugin(method).fields}
        unknown = [key for key, _ in self.fields
                   if key not in RUN_FIELDS and key not in readers and key not in declared()
                   and key not in INFORMATIONAL]
        if unknown:
            known = sorted(set(RUN_FIELDS) | set(readers) | INFORMATIONAL)
            raise ValueError(f"Signature: unknown field(s) {unknown} for method {method!r}; the fields are "
                             f"{known} (or their short forms) and option names")
        out: dict = {}
        for key, value in self.fields:
            read = RUN_FIELDS.get(key) or readers.get(key)
            if read is not None:
                out.update(read(value))
            elif key in declared():  # an option named by name (a plug-in's), by its declared type
                out[key] = _typed(declared()[key].type, value)
        return out


def _typed(kind: type, text: str):
    if kind is bool:
        return text == "True"
    return kind(text)


def _short_value(value: str) -> str:
    """A component description cut to its name ("transformer-minilm-l6(...)@ab12" -> "transformer-minilm-l6")."""
    return re.split(r"[(@]", value, maxsplit=1)[0] or value


def _split(text: str):
    """``text`` split at the ``|`` outside parentheses."""
    depth, start = 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "|" and depth == 0:
            yield text[start:i]
            start = i + 1
    yield text[start:]


def method_fields(config, parts: Dict[str, str]) -> Tuple[Tuple[str, str], ...]:
    """``(key, value)`` of the method's fields, ``method`` first."""
    return (("method", config.method),) + tuple((f.key, f.show(config, parts))
                                                for f in method_plugin(config.method).fields)


def build_signature(config, parts: Dict[str, str], solvers: str, version: str, nrefs=None,
                    jackknife: bool = False, prefix: Tuple[Tuple[str, str], ...] = ()) -> Signature:
    """The full signature of a run: run fields, preset, the method's fields, solver, time limit, versions."""
    fields = list(prefix)
    if nrefs is not None:
        fields.append(("nrefs", str(nrefs)))
    if jackknife:
        fields.append(("jackknife", "loo"))
    if config.preset:
        fields.append(("preset", config.preset))
    fields += method_fields(config, parts)
    fields += [(name, str(value)) for name, value in config.extra]  # plug-ins' options, by name
    fields += [("solver", f"{config.solver}({solvers})"), ("tl", num(config.time_limit)),
               ("py", f"{sys.version_info.major}.{sys.version_info.minor}"), ("version", f"pyramid-metric-{version}")]
    return Signature(tuple(fields))


__all__ = ["Signature", "Field", "num", "option", "part", "const", "THRESHOLD", "SEGMENTER", "MATCHER", "LMAX",
           "edua_options", "parser_name", "ABBREVIATIONS", "build_signature", "method_fields"]
