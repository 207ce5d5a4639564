"""One-word configurations: each paper's own system (``PyramidScorer(preset="hirao2018")``) and the package's
named configurations (``PyramidScorer(preset="contextual")``).

A preset sets every option of its method to the paper's configuration (where the paper is silent, the
choice is named in ``differences``).  Given together with a preset, an option the preset sets must keep
the preset's value (a different value raises ValueError: the result would no longer be the paper's
configuration, yet its signature would say so); options the preset leaves free (``free``, e.g. the
time limit of the ILPs, or L_max for Hirao et al.) can be given.  The signature starts with
``preset:<name>``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple


@dataclass(frozen=True)
class Preset:
    """A paper's configuration: ``options`` (PyramidConfig fields), the paper, and what still differs."""

    name: str
    paper: str
    options: Tuple[Tuple[str, object], ...]
    differences: Tuple[str, ...]
    free: Tuple[str, ...] = ("time_limit", "solver")

    def as_dict(self) -> dict:
        return dict(self.options)


PRESETS: Dict[str, Preset] = {p.name: p for p in (
    Preset(
        "hirao2018", "Hirao, Kamigaito and Nagata (2018), automatic pyramid with EDU-based extractive references",
        (("method", "hirao"), ("extract", "be"), ("matcher", "lcs"), ("threshold", 0.55), ("soft", False),
         ("segmenter", "bilstm"), ("sentence_penalty", 1.0), ("length_limit", None)),
        ("EDU segmenter: the paper's 3-layer bi-LSTM (section 4.2), trained here on GUM/SciDTB EDUs instead of "
         "the RST-DT training data (not distributable)",
         "Prop(BE) units from spaCy's dependency parse with BE-F rules, not the Stanford parser's typed "
         "dependencies the paper used (section 4, Figure 2)",
         "L_max: each reference's own length (the paper gives none for single references); for DUC/TAC give "
         "length_limit=250 (DUC 2005-2007) or 100 (DUC 2003-2004, TAC), the task limits the paper used",
         "ILPs solved by HiGHS (or CBC) instead of the paper's solver; at the time limit the best solution found "
         "is kept"),
        free=("time_limit", "solver", "length_limit")),
    Preset(
        "be2006", "Hovy, Lin, Zhou and Fukumoto (2006), Basic Elements",
        (("method", "be"), ("be_variant", "hmr"), ("be_match", "lexical")),
        ("BE breaker: BE-F's rules on spaCy's dependency parse instead of Minipar (different attachments on "
         "some sentences; relation names mapped to Minipar's where the paper shows them)",
         "score: the points of the matched BEs divided by the points of all reference BEs (a recall in [0, 1]) "
         "instead of the raw sum")),
    Preset(
        "pyreval2019", "Gao, Sun and Passonneau (2019), PyrEval",
        (("method", "pyreval"), ("edua", "greedy"), ("edge_percentile", 83.0), ("zipf_beta", 2.5),
         ("pyreval_score", "coverage"), ("threshold", 0.6)),
        ("segment vectors: all-MiniLM-L6-v2 instead of WTMF (whose trained matrices are not distributed)",
         "WMIN threshold 0.6 on MiniLM cosines (the paper gives none; the authors' scorer uses 0.5 on WTMF "
         "cosines, a different scale)",
         "sentence decomposition: tensed clauses of spaCy's dependency parse instead of CoreNLP's "
         "constituency parse",
         "alpha of EDUA-G = |segments| + 10 (appendix B)")),
    Preset(
        "ape2017", "Steinberger, Krejzl and Brychcin (2017), APE: AMR-based pyramid evaluation",
        (("method", "ape"), ("matcher", "amr"), ("threshold", 0.75), ("ape_alpha", 0.2), ("amr_parser", "auto")),
        ("AMR parser: amrlib when a model is installed, else a dependency-to-AMR approximation, instead of JAMR",
         "SCUs: the paper's human SCUs when given (scus=...); otherwise built automatically by PyrEval's EDUA "
         "(the paper's future work)",
         "ROUGE-SU4: the package's ROUGE-1.5.5-parity implementation, stemmed"),
        free=("time_limit", "solver", "edua", "edge_percentile", "zipf_beta")),
    Preset(
        "peak2016", "Yang, Passonneau and de Melo (2016), PEAK",
        (("method", "peak"), ("matcher", "embedding"), ("merge_threshold", 0.8), ("threshold", 0.6)),
        ("triples: ClausIE's clause recipe on spaCy's dependency parse instead of ClausIE (Java)",
         "similarity: MiniLM cosine instead of ADW (no installable implementation); T1 = 0.8 and T = 0.6 on "
         "that scale (the paper does not state its thresholds)",
         "score: the Hungarian raw sum divided by the best weight of an average-size reference, capped at 1")),
    Preset(
        "contextual", "the reference-EDU pyramid with contextual presence: each unit's BERTScore recall (Zhang et "
        "al. 2020) in the summary, from MiniLM states read in context, half of it in one sentence",
        (("method", "refpyramid"), ("matcher", "context"), ("presence", "summary+sentence")),
        ("not a paper's system: the default pyramid, with a presence judge that reads words in context "
         "(docs/studies/contextual.md)",),
        free=("time_limit", "solver", "length_limit", "segmenter", "credit", "fact_weight")),
)}


def get_preset(name: str) -> Preset:
    """The preset by name, or a ValueError listing the known ones."""
    if not isinstance(name, str) or name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; choose one of {sorted(PRESETS)}")
    return PRESETS[name]


def preset_options(preset: Optional[str], options: dict) -> dict:
    """``options`` completed with the preset's (and ``preset`` itself); conflicting values raise ValueError."""
    if preset is None:
        return dict(options)
    p = get_preset(preset)
    merged = dict(options)
    for key, value in p.options:
        if key in options and options[key] != value and key not in p.free:
            raise ValueError(f"preset {preset!r} sets {key}={value!r} (the paper's configuration) but {key}="
                             f"{options[key]!r} was given: drop `{key}`, or drop `preset` and give every option "
                             f"yourself (presets.PRESETS[{preset!r}].as_dict() lists them)")
        merged.setdefault(key, value)
    merged["preset"] = preset
    return merged


def preset_config(preset: str, config):
    """For entry points that pass every option (``evaluate``, the CLI): the preset's configuration, where the
    options of ``config`` that differ from the package defaults count as given.

    An option given with its default value cannot be told apart from one not given: the preset's value wins.
    """
    from dataclasses import fields

    defaults = type(config)(method=config.method)  # defaults resolved as for this method (matcher, threshold)
    given = {f.name: getattr(config, f.name) for f in fields(config)
             if f.name != "preset" and getattr(config, f.name) != getattr(defaults, f.name)}
    if config.method != type(config)().method:
        given["method"] = config.method
    return type(config).from_preset(preset, **given)


__all__ = ["Preset", "PRESETS", "get_preset", "preset_options", "preset_config"]
