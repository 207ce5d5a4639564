"""One frozen configuration object and its SacreBLEU-style signature string."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any, Optional, Tuple

from .options import BUILT_IN, OPTIONS, PLUGIN_MATCHERS, check_read, reads

METHODS = ("hirao", "refpyramid", "be", "rouge", "pyreval", "peak", "ape")
MATCHERS = ("lcs", "recall", "embedding", "align", "amr", "learned", "learned+recall")
# threshold=None resolves to the matcher's default: t = 0.55 of Hirao et al. (2018) for LCS; for the MiniLM cosine the
# value tuned on REALSumm dev only (scripts/tune_embedding_threshold.py: best summary-level Pearson of the
# grid 0.30..0.90 with the default extract, 0.279 at t = 0.45; system-level Pearson 0.732 there).
DEFAULT_THRESHOLDS = {"lcs": 0.55, "recall": 0.55, "embedding": 0.45, "amr": 0.75}
# Methods that build SCU pyramids from the references resolve threshold=None by method instead: PyrEval's WMIN
# cosine and PEAK's scoring T (MiniLM cosine), APE's tau = 0.75 (Steinberger et al. 2017, section 5).
METHOD_THRESHOLDS = {"pyreval": 0.6, "peak": 0.6, "ape": 0.75}
# matcher=None resolves by method: the reference-EDU pyramid gives soft credit by content-word recall, PyrEval
# and PEAK compare MiniLM vectors, APE AMR graphs; Hirao et al. (2018) use LCS (Eq. 6).  Methods that read no
# matcher ("be", "rouge") keep None, as they keep threshold=None.
METHOD_MATCHERS = {"refpyramid": "recall", "pyreval": "embedding", "peak": "embedding", "ape": "amr"}
# the choices of each option, as declared with it (pyramid_metric.options)
EXTRACTS, CREDITS, SOLVERS, EDUA_VARIANTS, PYREVAL_SCORES, AMR_PARSERS, BE_VARIANTS, BE_MATCHES, ROUGE_VARIANTS = (
    OPTIONS[name].choices for name in ("extract", "credit", "solver", "edua", "pyreval_score", "amr_parser",
                                       "be_variant", "be_match", "rouge_variant"))


@dataclass(frozen=True)
class PyramidConfig:
    """Every choice that can move a score.

    The default is the configuration that agrees best with human pyramid scores on REALSumm dev (README,
    "Agreement with people"): the reference-EDU pyramid with content-weighted soft credit.  Hirao et al. (2018)'s
    faithful Prop(BE) is ``method="hirao"`` (its extract "be", matcher "lcs" and t = 0.55 are the defaults).

    Each option is declared once in :mod:`pyramid_metric.options` (who reads it, type, choices, help, the
    paper's value; docs/options.md lists them by method).  An option the chosen method does not read raises
    ValueError; ``None`` and the default count as not given.  ``extra`` holds the options of plug-in
    matchers (``match.register_matcher``) as sorted (name, value) pairs; ``from_preset`` and the scorer
    fill it from keyword options.

    method: scoring system ("refpyramid" = pyramid of the references' own EDUs, the default;
        "hirao" = EDU-based automatic pyramid from source extracts, Hirao et al. 2018).
    extract: method="hirao" only (None elsewhere; "be" when unset): how extractive references are built: "be" (oracle ILP on Basic
        Elements, Prop(BE)), "rouge" (oracle ILP on bigrams, Prop(ROUGE)) or
        "align" (LCS alignment ILP, Prop(AL)).
    matcher: similarity between summary EDUs and pyramid EDUs ("lcs" = Eq. 6); None = by method
        (``METHOD_MATCHERS``: "recall" for refpyramid, "lcs" otherwise).
    credit: refpyramid only: "content" (a unit's credit and bound scale with its number of content words,
        so a long unit is worth more than a short one) or "unit" (every unit counts its weight once, as
        the LitePyramid score counts SCUs); given human SCUs are credited the same way.
    scu_score: refpyramid with given human SCUs only (``scus=``): "recall" (each SCU earns its weight x its
        presence, the label's and its contributors' half each, over the total weight), "modified" (the same
        credit over the best weight of X SCUs, X = the average SCU count of a model summary: the modified
        pyramid score of Passonneau et al. 2005) or "as-edus" (labels alone, credited as reference EDUs are);
        see :mod:`pyramid_metric.methods.human`.
    threshold: t of Eq. (24): a pair matches when phi >= t; None = the matcher's default
        (``DEFAULT_THRESHOLDS``: 0.55 for LCS as in the paper, the REALSumm-dev-tuned cosine for embedding).
    soft: give phi * w instead of g * w as credit (a documented deviation; off in the paper).
    segmenter: EDU segmenter name.
    sentence_penalty: weight of the sentence-count term of Eq. (9) (1 in the paper).
    length_limit: L_max in words; None = each reference's own length for its extract and
        the mean reference length for the knapsack bound.
    time_limit: seconds allowed per ILP; at the limit the best feasible solution is kept.
    solver: preferred ILP solver ("highs" in process, "cbc" subprocess); the other is the fallback.
    be_variant: Basic Elements method (Hovy et al. 2006): "hmr" (head|modifier|relation must match) or "hm".
    be_match: Basic Elements word matching: "lexical" (exact lower-cased words, the BE paper's default)
        or "lemma" (root forms).
    rouge_variant: ROUGE baseline (method="rouge"): "1".."4" (ROUGE-N) or "su4"/"s4" (skip-bigram, gap 4,
        with/without unigrams), recall as ROUGE-1.5.5 computes it.
    rouge_stem: Porter-stem words longer than 3 characters (ROUGE-1.5.5 -m).
    edua: PyrEval pyramid construction (Gao et al. 2019): "greedy" (EDUA-G, appendix A) or "complete" (EDUA-C, exact).
    edge_percentile: PyrEval t_edge as a percentile of cross-reference segment cosines (83 in the paper).
    zipf_beta: beta of EDUA-G's Zipfian capacities y_n = alpha (1/n)^beta (2.5 in the paper).
    pyreval_score: which PyrEval score is "the" score: "coverage", "quality" or "comprehensive" (all are reported).
    merge_threshold: PEAK's T1: reference triples whose cosine is >= T1 are merged into one SCU.
    ape_alpha: APE's linear mix alpha * APE + (1 - alpha) * ROUGE-SU4 (0.2 in Steinberger et al. 2017; 1 = APE alone).
    amr_parser: AMR parser of the "amr" matcher and APE: "amrlib" (needs an installed parse model),
        "dependency" (built-in dependency-to-AMR approximation) or "auto" (amrlib when a model loads).
    preset: the paper configuration these options reproduce ("hirao2018", "be2006", "pyreval2019",
        "ape2017", "peak2016"; :mod:`pyramid_metric.presets`), named in the signature.  Build it with
        ``PyramidConfig.from_preset(name, **options)``; here it is checked against the options.
    """

    method: str = "refpyramid"
    extract: Optional[str] = None
    matcher: Optional[str] = None
    credit: str = "content"
    scu_score: str = "recall"
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
        def choice(name, allowed):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise TypeError(f"PyramidConfig: `{name}` must be a str, got {type(value).__name__}")
            if value not in allowed:
                raise ValueError(f"PyramidConfig: unknown {name} {value!r}; choose one of {list(allowed)}")

        choice("method", METHODS)
        # an option the method does not read would change nothing: refuse it (defaults count as not given)
        extra = dict(self.extra)
        unknown = sorted(set(extra) - (set(OPTIONS) - BUILT_IN))
        if unknown:
            raise ValueError(f"PyramidConfig: unknown option(s) {unknown}; the options are {self.option_names()}")
        object.__setattr__(self, "extra", tuple(sorted(extra.items())))
        check_read(self.method, self.matcher if self.matcher is not None else METHOD_MATCHERS.get(self.method),
                   {**{f.name: getattr(self, f.name) for f in fields(self)
                       if f.name not in ("method", "preset", "extra") and getattr(self, f.name) != f.default},
                    **{k: v for k, v in extra.items() if v != OPTIONS[k].default}})
        for name, value in extra.items():
            OPTIONS[name].check(value)
        # frozen: resolve what is unset once, only for methods that read it, so equal configurations compare equal
        if self.matcher is None and reads(self.method, "matcher"):
            object.__setattr__(self, "matcher", METHOD_MATCHERS.get(self.method, "lcs"))
        if self.method == "hirao":
            if self.extract is None:
                object.__setattr__(self, "extract", "be")  # Prop(BE), the paper's best
        if self.matcher is not None:
            choice("matcher", MATCHERS + tuple(PLUGIN_MATCHERS))
        for name in ("extract", "credit", "scu_score", "solver", "be_variant", "be_match", "rouge_variant", "soft",
                     "rouge_stem", "segmenter", "edua", "pyreval_score", "amr_parser"):  # type and choices, as declared
            OPTIONS[name].check(getattr(self, name))
        if self.threshold is None and reads(self.method, "threshold"):
            object.__setattr__(self, "threshold", METHOD_THRESHOLDS.get(self.method,
                                                                        DEFAULT_THRESHOLDS.get(self.matcher, 0.55)))
        for name, lo, hi in (("threshold", 0.0, 1.0), ("sentence_penalty", 0.0, math.inf),
                             ("time_limit", 1e-3, math.inf)):
            v = getattr(self, name)  # finite: the ILP solvers cannot take inf or NaN
            if v is None and name == "threshold":
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not (lo <= v <= hi) or not math.isfinite(v):
                bounds = f"in [{lo:g}, {hi:g}]" if hi < math.inf else f">= {lo:g}"
                raise ValueError(f"PyramidConfig: `{name}` must be a finite number {bounds}, got {v!r}")
        if self.length_limit is not None and (
                isinstance(self.length_limit, bool) or not isinstance(self.length_limit, int) or self.length_limit < 1):
            raise ValueError(f"PyramidConfig: `length_limit` must be None or an int >= 1, got {self.length_limit!r}")
        for name, lo, hi in (("edge_percentile", 0.0, 100.0), ("zipf_beta", 0.0, 10.0),
                             ("merge_threshold", 0.0, 1.0), ("ape_alpha", 0.0, 1.0)):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not (lo <= v <= hi) or math.isnan(v):
                raise ValueError(f"PyramidConfig: `{name}` must be a number in [{lo}, {hi}], got {v!r}")
        if self.preset is not None:  # the signature names the preset: the options must be the preset's
            from .presets import get_preset

            p = get_preset(self.preset)
            for key, value in p.options:
                if key not in p.free and getattr(self, key) != value:
                    raise ValueError(f"PyramidConfig: preset {self.preset!r} needs {key}={value!r}, got "
                                     f"{getattr(self, key)!r}; build it with PyramidConfig.from_preset(...)")

    @classmethod
    def from_preset(cls, preset: Optional[str], **options) -> "PyramidConfig":
        """The configuration of a paper preset, with ``options`` (those the preset leaves free, or equal)."""
        from .presets import preset_options

        options = preset_options(preset, options)
        extra = {k: options.pop(k) for k in list(options) if k in OPTIONS and k not in BUILT_IN}
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
        return [f.name for f in fields(cls) if f.name != "extra"] + sorted(set(OPTIONS) - BUILT_IN)

    def get(self, name: str):
        """The value of an option, a field or a plug-in's (its default when not given)."""
        if name in BUILT_IN or name in ("method", "preset"):
            return getattr(self, name)
        return dict(self.extra).get(name, OPTIONS[name].default if name in OPTIONS else None)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.update(d.pop("extra"))
        return d

    def pyramid_key(self) -> tuple:
        """The options a pyramid depends on (scoring options such as the threshold are not among them)."""
        return (self.method, self.extract, self.credit, self.segmenter, self.sentence_penalty, self.length_limit,
                self.time_limit, self.solver, self.be_variant, self.be_match, self.rouge_variant, self.rouge_stem,
                self.edua, self.edge_percentile, self.zipf_beta, self.merge_threshold, self.amr_parser) + (
                    (self.extra,) if self.extra else ())
