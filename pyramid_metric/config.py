"""One frozen configuration object and its SacreBLEU-style signature string."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Optional, Tuple

from .options import (check_read, declared, matcher_names, matcher_plugin, method_names, method_plugin,
                      reads)

FALLBACK_THRESHOLD = 0.55  # t of Hirao et al. (2018), Eq. 24, for a matcher that resolves no threshold of its own


def __getattr__(name):
    """``METHODS`` and ``MATCHERS``: the registered names (built-in and plug-ins'), read when asked."""
    if name == "METHODS":
        return method_names()
    if name == "MATCHERS":
        return matcher_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_DOC = """Every choice that can move a score.

    The default is the configuration that agrees best with human pyramid scores on REALSumm dev
    (docs/studies/results.md): the reference-EDU pyramid with content-weighted soft credit.  Hirao et al. (2018)'s
    faithful Prop(BE) is ``method="hirao"`` (its extract "be", matcher "lcs" and t = 0.55 are the defaults).

    Each option is declared once, by the component that reads it (``register_method`` /
    ``register_matcher`` in its own module, or :data:`pyramid_metric.options.SHARED`); the list below is
    generated from those declarations (docs/options.md's table is checked against them).  An option the chosen method does not read
    raises ValueError; ``None`` and the default count as not given, and an unset matcher or threshold is
    resolved by the method or matcher that reads it.  ``extra`` holds the options of plug-ins (registered
    methods and matchers) as sorted (name, value) pairs; ``from_preset`` and the scorer fill it from
    keyword options.  ``preset``: the paper configuration the options reproduce
    (:mod:`pyramid_metric.presets`), named in the signature; build it with
    ``PyramidConfig.from_preset(name, **options)``.

"""


class _GeneratedDoc(type):
    """Gives :class:`PyramidConfig` a docstring generated from the option declarations when it is read."""

    @property
    def __doc__(cls):
        from .options import config_doc

        return _DOC + config_doc() if _defined else _DOC


_defined = False


@dataclass(frozen=True)
class PyramidConfig(metaclass=_GeneratedDoc):
    # the docstring: _DOC, then the options as declared (_GeneratedDoc); the defaults below are the declared ones
    method: str = "refpyramid"
    extract: Optional[str] = None
    matcher: Optional[str] = None
    credit: str = "content"
    fact_weight: str = "shared"
    presence: str = "auto"
    scu_score: str = "recall"
    claims: str = "check"
    judge: str = "auto"
    threshold: Optional[float] = None
    soft: bool = False
    segmenter: str = "transformer"
    sentence_penalty: float = 1.0
    length_limit: Optional[int] = None
    time_limit: float = 10.0
    solver: str = "highs"
    be_variant: str = "hmr"
    be_match: str = "lexical"
    rouge_variant: str = "su4"
    rouge_stem: bool = True
    edua: str = "greedy"
    edge_percentile: float = 83.0
    zipf_beta: float = 2.5
    pyreval_score: str = "coverage"
    merge_threshold: float = 0.8
    ape_alpha: float = 0.2
    amr_parser: str = "auto"
    preset: Optional[str] = None
    extra: Tuple[Tuple[str, Any], ...] = ()  # options of registered plug-ins (name, value), sorted by name

    def __post_init__(self):
        if not isinstance(self.method, str):
            raise TypeError(f"PyramidConfig: `method` must be a str, got {type(self.method).__name__}")
        if self.method not in method_names():
            raise ValueError(f"PyramidConfig: unknown method {self.method!r}; choose one of {list(method_names())}")
        options = declared()
        extra = dict(self.extra)
        unknown = sorted(set(extra) - (set(options) - BUILT_IN))
        if unknown:
            raise ValueError(f"PyramidConfig: unknown option(s) {unknown}; the options are {self.option_names()}")
        object.__setattr__(self, "extra", tuple(sorted(extra.items())))
        # an option the method does not read would change nothing: refuse it (defaults count as not given)
        matcher = self.matcher if self.matcher is not None else method_plugin(self.method).resolved("matcher")
        check_read(self.method, matcher,
                   {**{f.name: getattr(self, f.name) for f in fields(self)
                       if f.name not in ("method", "preset", "extra") and getattr(self, f.name) != f.default},
                    **{k: v for k, v in extra.items() if v != options[k].default}})
        self._resolve_unset()
        for f in fields(self):  # type, choices and bounds, as declared
            if f.name in BUILT_IN:
                options[f.name].check(getattr(self, f.name))
        for name, value in extra.items():
            options[name].check(value)
        if self.matcher is not None and self.matcher not in matcher_names():
            raise ValueError(f"PyramidConfig: unknown matcher {self.matcher!r}; choose one of "
                             f"{list(matcher_names())}")
        if self.preset is not None:  # the signature names the preset: the options must be the preset's
            from .presets import get_preset

            p = get_preset(self.preset)
            for key, value in p.options:
                if key not in p.free and getattr(self, key) != value:
                    raise ValueError(f"PyramidConfig: preset {self.preset!r} needs {key}={value!r}, got "
                                     f"{getattr(self, key)!r}; build it with PyramidConfig.from_preset(...)")

    def _resolve_unset(self) -> None:
        """Options left unset (None) that the method reads get the values its method, then its matcher, give
        them (``resolves`` of their registration): frozen, so equal configurations compare equal."""
        for name, value in method_plugin(self.method).resolves:
            if getattr(self, name) is None and reads(self.method, name):
                object.__setattr__(self, name, value)
        if self.matcher is None and reads(self.method, "matcher"):
            object.__setattr__(self, "matcher", "lcs")
        if self.threshold is None and reads(self.method, "threshold") and self.matcher in matcher_names():
            threshold = matcher_plugin(self.matcher).resolved("threshold", FALLBACK_THRESHOLD)
            object.__setattr__(self, "threshold", threshold)

    @classmethod
    def from_preset(cls, preset: Optional[str], **options) -> "PyramidConfig":
        """The configuration of a paper preset, with ``options`` (those the preset leaves free, or equal)."""
        from .presets import preset_options

        options = preset_options(preset, options)
        extra = {k: options.pop(k) for k in list(options) if k in declared() and k not in BUILT_IN}
        return cls(**options, extra=tuple(extra.items())) if extra else cls(**options)

    @classmethod
    def from_signature(cls, signature) -> "PyramidConfig":
        """The configuration a signature (str or :class:`~pyramid_metric.signature.Signature`, long or short form)
        states, so that the same package version and components reproduce its scores.

        A signature written by another package version gives a warning: the options are the same, the
        scores may differ.  The short form names components without their versions and weights.
        """
        import warnings

        from ._version import __version__
        from .presets import get_preset
        from .signature import Signature

        sig = Signature.parse(signature)
        options = sig.options()
        version = sig.get("version")
        if version is not None and version != f"pyramid-metric-{__version__}":
            warnings.warn(f"the signature was written by {version}, this is pyramid-metric-{__version__}: "
                          "scores may differ", UserWarning, stacklevel=2)
        method, preset = options["method"], options.pop("preset", None)
        options = {k: v for k, v in options.items() if reads(method, k, options.get("matcher"))}
        if preset is None:
            return cls.from_preset(None, **options)
        p = get_preset(preset)  # options the preset sets come from the preset (its "auto" stays "auto")
        fixed = {k for k, _ in p.options} - set(p.free)
        return cls.from_preset(preset, **{k: v for k, v in options.items() if k not in fixed})

    @classmethod
    def option_names(cls):
        """Every option name: the fields and the options registered by plug-ins."""
        return [f.name for f in fields(cls) if f.name != "extra"] + sorted(set(declared()) - BUILT_IN)

    def get(self, name: str):
        """The value of an option, a field or a plug-in's (its default when not given)."""
        if name in BUILT_IN or name in ("method", "preset"):
            return getattr(self, name)
        options = declared()
        return dict(self.extra).get(name, options[name].default if name in options else None)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.update(d.pop("extra"))
        return d

    def pyramid_key(self) -> tuple:
        """The options a pyramid depends on: all but those declared ``scoring_only`` (the threshold, ...)."""
        options = declared()
        return (self.method,) + tuple(getattr(self, f.name) for f in fields(self)
                                      if f.name in BUILT_IN and not options[f.name].scoring_only) + (
            (self.extra,) if self.extra else ())


# the options that are fields; the options of plug-ins travel in `extra`
BUILT_IN = frozenset(f.name for f in fields(PyramidConfig)) - {"method", "preset", "extra"}
_defined = True
