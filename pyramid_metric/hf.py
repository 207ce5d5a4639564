# Copyright 2026 The pyramid-metric authors. Licensed under the Apache License, Version 2.0.
"""The Hugging Face ``evaluate`` module: ``evaluate.load("pyramid")``.

A thin wrapper: ``compute``/``add``/``add_batch`` bring every batch to one input format
(:func:`normalize_batch`), ``_compute`` forwards explicit options and
caches one :class:`~pyramid_metric.scorer.PyramidScorer` per configuration
(the bertscore pattern), so pyramids built in one ``compute`` call are reused
by the next.
"""
from __future__ import annotations

import inspect
import os
import threading
from typing import Sequence

import datasets
import evaluate

from .config import PyramidConfig
from .options import declared, options_doc
from .presets import PRESETS
from .scorer import PyramidScorer
from .scorer import SOURCE_SEPARATOR, check_bool, check_encodable, metric_dict, one_pass_hint

_CITATION = """\
@inproceedings{hirao-etal-2018-automatic,
    title = "Automatic Pyramid Evaluation Exploiting {EDU}-based Extractive Reference Summaries",
    author = "Hirao, Tsutomu and Kamigaito, Hidetaka and Nagata, Masaaki",
    booktitle = "Proceedings of the 2018 Conference on Empirical Methods in Natural Language Processing",
    year = "2018",
    pages = "4177--4186",
}
@inproceedings{hovy-etal-2006-automated,
    title = "Automated Summarization Evaluation with Basic Elements",
    author = "Hovy, Eduard and Lin, Chin-Yew and Zhou, Liang and Fukumoto, Junichi",
    booktitle = "Proceedings of LREC 2006",
    year = "2006",
}
"""

_DESCRIPTION = """\
Pyramid is an automatic Pyramid content metric for summarization. By default the pyramid is made of the
Elementary Discourse Units (EDUs) of every human reference, none merged (references in a canonical order,
so their listed order does not matter); a unit's weight is the number of references whose text expresses
it (content-word recall >= 0.5) and its value is its content words (a fact that w references state is w
units, one in each reference's words, so it counts w in all, as an SCU of weight w). A summary earns each
unit's value x its presence: with one reference the mean of the unit's content-word recall in the whole
summary, its best recall in one summary sentence and that sentence's share of the unit's word bigrams, with
several the mean of that best-sentence recall, its in-order content-word recall in the summary and its best
share of word bigrams in one sentence; a content word (or a word pair) the summary lacks, in plain lower-case letters,
earns its similarity to the summary's closest word (static all-MiniLM-L6-v2 word vectors), names and figures
only their exact match; when every reference is one or two English sentences (XSum-like), each unit's words are read
in context instead (their BERTScore recall from all-MiniLM-L6-v2's layer 4; figures and acronyms only as written).
With one reference the total is divided by the knapsack bound of Hirao et al. (2018,
Eq. 25-27) at the reference length, which equals the total value (a recall); with several, each
reference's units' credit is pooled over the sum of their values. On REALSumm this default agrees with human
pyramid scores better than ROUGE-1/2/SU4 and BERTScore at summary level. The faithful method of Hirao
et al. (2018) is `method="hirao"`: each reference becomes an extractive reference of source EDUs chosen
by an ILP (a Basic-Element or ROUGE-2 oracle, or an LCS alignment), summary EDUs are matched one-to-one
to pyramid EDUs (LCS similarity >= t, an assignment problem), and the matched weight is divided by the
knapsack bound. Basic Elements, PyrEval, APE and PEAK are selectable too. Scores lie in [0, 1], higher
is better, and every score comes with an explanation of which weighted content was matched or missed.
"""

def _presets_doc() -> str:
    """The ``preset`` argument's entry, one line per preset of :data:`PRESETS`."""
    import textwrap

    head = ("preset (`str`, optional): a configuration by name; options not given take the preset's values, a "
            "conflicting option raises ValueError; the signature starts with `preset:<name>` (docs/methods.md):")
    lines = [textwrap.fill(head, 112, initial_indent=" " * 4, subsequent_indent=" " * 8)]
    lines += [textwrap.fill(f'`"{name}"`: {p.paper}', 112, initial_indent=" " * 8, subsequent_indent=" " * 12)
              for name, p in PRESETS.items()]
    return "\n".join(lines) + "\n"


_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): one summary per example.
    references (`list` of `list` of `str`, or `list` of `str`): one or more human reference summaries per example.
    sources (`list` of `str`, or `list` of `list` of `str`): the source document(s) of each example;
        several documents of one example are joined with a blank line.
""" + options_doc() + """    scus (`list` of `list` of `str`, optional): human-pyramid mode: the given Summary Content Units of each
        example (DUC/TAC pyramids, REALSumm `scus`); predictions are scored against them with the matcher
        (default method: each SCU earns its weight x its presence in the summary; `method="hirao"`: an SCU
        counts when some summary EDU reaches the threshold); `sources` are not needed, `references` optional
        (the model summaries: without `scu_contributors`, each SCU's best-matching span of them stands in for
        its contributor).
    scu_weights (`list` of `list` of `float`, optional): the weight of each SCU (default 1 each).
    scu_contributors (`list` of `list` of `list` of `str`, optional): with `scus`: the words of each SCU's
        contributors in the model summaries; the default method judges an SCU half by its label, half by
        them (`scu_score`); `method="ape"` matches their AMR triples (Algorithm 1); default: the SCU text.
""" + _presets_doc() + """    explain (`bool`, default False): also return a per-example explanation (pyramid units, matches, misses).
    jackknife (`bool`, default False): with K >= 2 references, score each prediction as the mean over the K
        leave-one-out subsets of K - 1 references (ROUGE-1.5.5's jackknifing, as in DUC/TAC), so systems
        and human summaries scored against the other references are comparable; the signature then
        carries `jackknife:loo`. An example with one reference keeps its plain score (with a warning).
Returns:
    pyramid (`float`): mean score over the examples, in [0, 1], higher is better.
    scores (`list` of `float`): one score per example, each in [0, 1] (not with `floats_only=True`).
    precision, recall, f1 (`list` of `float`, the default method): per example, the share of the summary's
        content that the references support (a sentence said twice earns once; words without a sentence that
        binds them earn nothing), the score itself (a recall of the references' content), and their harmonic
        mean; with `floats_only=True` their means.
    signature (`str`): the configuration and versions that produced the scores (not with `floats_only=True`).
    explanations (`list` of `dict`): only with `explain=True`.
    With `compute(..., floats_only=True)` the result is the means alone (`{"pyramid": mean}`, and `precision`,
    `recall`, `f1` with the default method), no list and no string: for a
    `Trainer`'s logs and the `{k: round(v, 4) for k, v in result.items()}` pattern.
Configurations (`evaluate.load("pyramid", "<name>")`, shown in `config_name`):
    "default": the default configuration and result.
    "floats": `floats_only=True` by default: the means alone, also inside `evaluate.combine`.
    """ + ", ".join(f'"{name}"' for name in PRESETS) + """:
        the preset of that name, as `preset=`.
    Scoring options are arguments of `compute()`; an unknown configuration name or `evaluate.load` keyword
    raises ValueError. One process keeps its examples in memory (nothing is written under `HF_HOME`)
    unless `cache_dir` is given.
    Batches: `add(prediction=..., reference=..., source=...)` and `add_batch(predictions=..., references=...,
    sources=...)` accumulate examples for one `compute()`; `source`/`sources` may be left out for the methods
    that do not use them. A reference may be one string or a list of strings, also mixed within a batch.
    Threads: one module may be shared by several threads (a web server, a thread pool); each thread's `add`,
    `add_batch` and `compute` work on that thread's own examples.
Examples:
    >>> import evaluate
    >>> pyramid = evaluate.load("pyramid")
    >>> source = ("The storm hit the coast on Monday. Thousands of homes lost power. "
    ...           "Officials opened shelters in three towns. Schools will stay closed until Friday.")
    >>> out = pyramid.compute(predictions=["The storm left thousands of homes without power."],
    ...                       references=[["A storm hit the coast and thousands of homes lost power."]],
    ...                       sources=[source])
    >>> round(out["pyramid"], 2)  # a one-sentence reference: its units read in context (storm, homes, power...)
    0.64
    >>> out = pyramid.compute(predictions=["Schools will stay closed until Friday."],
    ...                       references=[["A storm hit the coast and thousands of homes lost power."]],
    ...                       sources=[source])
    >>> round(out["pyramid"], 2)
    0.01
    >>> out = pyramid.compute(predictions=["The storm left thousands of homes without power."],
    ...                       references=[["A storm hit the coast and thousands of homes lost power."]],
    ...                       sources=[source], method="hirao")  # Hirao et al. (2018): LCS >= 0.55
    >>> round(out["pyramid"], 2)
    1.0
    >>> out = pyramid.compute(predictions=["The storm left thousands of homes without power."],
    ...                       references=["A storm hit the coast and thousands of homes lost power."],
    ...                       floats_only=True)
    >>> {k: round(v, 4) for k, v in out.items()}
    {'pyramid': 0.6435, 'precision': 0.4695, 'recall': 0.6435, 'f1': 0.5429}
    >>> pyramid_floats = evaluate.load("pyramid", "floats")  # for training logs and evaluate.combine
    >>> result = pyramid_floats.compute(predictions=["The storm left thousands of homes without power."],
    ...                                 references=["A storm hit the coast and thousands of homes lost power."])
    >>> {k: round(v, 4) for k, v in result.items()}
    {'pyramid': 0.6435, 'precision': 0.4695, 'recall': 0.6435, 'f1': 0.5429}
"""


# Configuration names, evaluate's convention for a module's variants: ``evaluate.load("pyramid", "<name>")``.
FLOATS = "floats"
CONFIGURATIONS = {
    "default": "the default configuration; compute() returns the mean, the per-example scores, precision, recall "
               "and F, and the signature",
    FLOATS: "the default configuration; compute() returns the means alone: {'pyramid', 'precision', 'recall', "
            "'f1'} (training logs, evaluate.combine)",
    **{name: f"preset {name!r}: {p.paper}" for name, p in PRESETS.items()},
}
# The keywords evaluate.load() passes to a module; the scoring options are arguments of compute().
_LOAD_KEYWORDS = {"process_id", "num_process", "cache_dir", "experiment_id", "keep_in_memory", "seed", "hash",
                  "max_concurrent_cache_files", "timeout"}


def _option_names() -> set:
    """The keyword options of compute(): every declared option (built-in and registered plug-ins') and method."""
    return set(PyramidConfig.option_names()) - {"preset"}


# evaluate's string columns refuse None: a missing source travels as "", which methods without sources ignore.
NO_SOURCE = ""


def normalize_batch(predictions, references, sources):
    """One batch in the module's single input format, or a ValueError naming the argument and example.

    Each reference becomes a list of str (a str is one reference), each source one str (several documents
    joined with a blank line, as the scorer joins them), ``NO_SOURCE`` for none; lone surrogates are refused
    before pyarrow sees them. A reference of another shape is refused here, so evaluate never turns it into a string.
    """
    if predictions is None or references is None:
        raise ValueError("`predictions` and `references` are required")
    for name, col in (("predictions", predictions), ("references", references)):
        if isinstance(col, (str, bytes)) or not isinstance(col, Sequence):
            raise ValueError(f"`{name}` must be a list, got {type(col).__name__}{one_pass_hint(col)}")
    n = len(predictions)
    if len(references) != n:
        raise ValueError(f"`references` has {len(references)} items but `predictions` has {n}")
    if sources is None:
        sources = [None] * n
    elif isinstance(sources, (str, bytes)) or not isinstance(sources, Sequence):
        raise ValueError(f"`sources` must be a list, got {type(sources).__name__}{one_pass_hint(sources)}")
    elif len(sources) != n:
        raise ValueError(f"`sources` has {len(sources)} items but `predictions` has {n}")
    preds, refs, srcs = [], [], []
    for i, (p, r, s) in enumerate(zip(predictions, references, sources)):
        if not isinstance(p, str):
            raise ValueError(f"`predictions[{i}]` must be a str, got {type(p).__name__}")
        preds.append(check_encodable(p, f"predictions[{i}]"))
        if isinstance(r, str):
            r = [r]
        elif isinstance(r, bytes) or not isinstance(r, Sequence):
            raise ValueError(f"`references[{i}]` must be a str or a list of str, got {type(r).__name__}")
        for k, x in enumerate(r):
            if not isinstance(x, str):
                raise ValueError(f"`references[{i}][{k}]` must be a str, got {type(x).__name__}")
            check_encodable(x, f"references[{i}][{k}]")
        refs.append(list(r))
        if s is not None and not isinstance(s, str):
            if isinstance(s, bytes) or not isinstance(s, Sequence) or not all(isinstance(d, str) for d in s):
                raise ValueError(f"`sources[{i}]` must be a str or a list of str, got {type(s).__name__}")
            s = SOURCE_SEPARATOR.join(d for d in s if d.strip())
        srcs.append(NO_SOURCE if s is None else check_encodable(s, f"sources[{i}]"))
    return preds, refs, srcs


# What evaluate keeps on a module between add()/add_batch() and compute(): the examples' writer, buffer and
# table, the cache file and its locks, the input format.  Each thread has its own (attributes below), so threads
# sharing one module neither write into another's examples nor close another's writer.
_PER_THREAD = ("selected_feature_format", "buf_writer", "writer", "writer_batch_size", "data", "cache_file_name",
               "filelock", "rendez_vous_lock", "file_paths", "filelocks")
_STATE_LOCK = threading.Lock()  # a module's per-thread state is made once, however many threads ask at once
_SCORERS_LOCK = threading.Lock()  # one scorer per configuration, likewise


def _per_thread(name: str) -> property:
    """An attribute of evaluate's module state, kept per thread (None in a thread that has not set it)."""
    def get(self):
        return getattr(self._thread_state(), name, None)

    def set_(self, value):
        setattr(self._thread_state(), name, value)

    def delete(self):
        self._thread_state().__dict__.pop(name, None)

    return property(get, set_, delete, f"evaluate's {name!r}, this thread's own")


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Pyramid(evaluate.Metric):
    """Automatic Pyramid: reference-EDU pyramid by default; Hirao et al. (2018) and the other systems by option."""

    def _info(self):
        # One input format: every entry point below turns each reference into a list of str and each source
        # into one str (or None), so evaluate never has to guess the format from the first example.
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features({
                "predictions": datasets.Value("string", id="sequence"),
                "references": datasets.Sequence(datasets.Value("string", id="sequence"), id="references"),
                "sources": datasets.Value("string", id="sequence")}),
            codebase_urls=["https://github.com/pyramid-metric/pyramid-metric"],
            reference_urls=["https://aclanthology.org/D18-1450/", "https://aclanthology.org/L06-1370/"],
        )

    def __init__(self, config_name=None, keep_in_memory=False, cache_dir=None, num_process=1, **kwargs):
        """As ``evaluate.EvaluationModule``; ``config_name`` is one of :data:`CONFIGURATIONS`.

        One process keeps its examples in memory (nothing is written under ``HF_HOME``, which may be
        read-only) unless ``cache_dir`` is given; several processes (``num_process > 1``) share evaluate's
        cache files, as evaluate requires.
        """
        if config_name is not None and config_name not in CONFIGURATIONS:
            raise ValueError(f"evaluate.load('pyramid', {config_name!r}): unknown configuration name; choose one "
                             f"of {sorted(CONFIGURATIONS)}")
        unknown = sorted(set(kwargs) - _LOAD_KEYWORDS)
        if unknown:
            raise ValueError(f"evaluate.load('pyramid'): unknown keyword(s) {unknown}. Scoring options are "
                             f"arguments of compute(), e.g. pyramid.compute(predictions=..., references=..., "
                             f"method='be'); a paper's configuration is a configuration name, e.g. "
                             f"evaluate.load('pyramid', 'hirao2018') (one of {sorted(CONFIGURATIONS)})")
        keep_in_memory = keep_in_memory or (num_process == 1 and cache_dir is None)
        super().__init__(config_name=config_name, keep_in_memory=keep_in_memory, cache_dir=cache_dir,
                         num_process=num_process, **kwargs)

    def _thread_state(self) -> threading.local:
        """This module's per-thread state (created on first use: a module arrives by pickling without one)."""
        state = self.__dict__.get("_threads")
        if state is None:
            with _STATE_LOCK:
                state = self.__dict__.setdefault("_threads", threading.local())
        return state

    def __getstate__(self):
        """The module without its threads' state (evaluate's state is empty in a module that is pickled)."""
        state = dict(self.__dict__)
        state.pop("_threads", None)
        return state

    def _build_data_dir(self):
        """evaluate's cache folder for this module; not created when the examples stay in memory."""
        if self.keep_in_memory:
            return os.path.join(self._data_dir_root, self.name, self.config_name)
        return super()._build_data_dir()

    def compute(self, *, predictions=None, references=None, floats_only=None, **kwargs):
        """As ``evaluate.EvaluationModule.compute``; ``sources`` may be left out for methods that do not use it.

        References may be strings or lists of strings in any mix (normalized here, before evaluate infers a
        format); a missing source is an empty one (the scorer then raises a ValueError naming ``sources``
        if the chosen method needs it).  ``floats_only=True`` (the default of the ``"floats"`` configuration)
        returns the means alone (``{"pyramid": mean}``, and precision, recall and F with the default method).
        """
        if floats_only is None:
            floats_only = self.config_name == FLOATS
        for name, value in (("floats_only", floats_only), ("explain", kwargs.get("explain", False)),
                            ("jackknife", kwargs.get("jackknife", False))):
            check_bool(value, name)
        if floats_only and kwargs.get("explain"):
            raise ValueError("`floats_only=True` returns the mean only: it cannot carry `explain=True`'s explanations")
        if predictions is not None or references is not None:
            if isinstance(predictions, Sequence) and not isinstance(predictions, str) and len(predictions) == 0:
                raise ValueError("`predictions` is empty: nothing to score (give at least one prediction)")
            predictions, references, kwargs["sources"] = normalize_batch(predictions, references,
                                                                         kwargs.get("sources"))
        out = super().compute(predictions=predictions, references=references, **kwargs)
        if floats_only and out is not None:  # None: a process other than the main one of a distributed run
            out = metric_dict(out["scores"], out["signature"], floats_only=True, sides=out)
        return out

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """As ``evaluate.EvaluationModule.add_batch``; ``sources`` is optional, references are str or lists."""
        predictions, references, kwargs["sources"] = normalize_batch(predictions, references, kwargs.get("sources"))
        return super().add_batch(predictions=predictions, references=references, **kwargs)

    def add(self, *, prediction=None, reference=None, source=None, **kwargs):
        """As ``evaluate.EvaluationModule.add``; ``source=`` (or ``sources=``) is optional."""
        if source is not None and kwargs.get("sources") is not None:
            raise ValueError("add(): give `source` or `sources`, not both")
        sources = kwargs.pop("sources", None)
        source = source if source is not None else sources
        (prediction,), (reference,), (source,) = normalize_batch([prediction], [reference], [source])
        return super().add(prediction=prediction, reference=reference, sources=source, **kwargs)

    def _scorer(self, config: PyramidConfig) -> PyramidScorer:
        with _SCORERS_LOCK:
            cache = self.__dict__.setdefault("_scorers", {})
            if config not in cache:
                cache[config] = PyramidScorer(config)
            return cache[config]

    def _compute(self, predictions=None, references=None, sources=None, explain=False, scus=None, scu_weights=None,
                 scu_contributors=None, jackknife=False, preset=None, **options):
        # ``options``: the configuration options (pyramid_metric.options, plug-ins' included). Only the options
        # the user gave reach the configuration (None = not given): one the method does not read is refused
        # there, and a preset sets the rest.
        unknown = sorted(set(options) - _option_names())
        if unknown:
            raise ValueError(unknown_keywords_message(unknown))
        given = {k: v for k, v in options.items() if v is not None}
        if self.config_name in PRESETS:
            if preset is not None and preset != self.config_name:
                raise ValueError(f"`preset={preset!r}` given to a module loaded with configuration "
                                 f"{self.config_name!r}: drop one of them")
            preset = self.config_name
        config = PyramidConfig.from_preset(preset, **given)
        return self._scorer(config).compute(predictions, references, sources, explain=explain, scus=scus,
                                            scu_weights=scu_weights, scu_contributors=scu_contributors,
                                            jackknife=jackknife)


def compute_arguments() -> list:
    """Every keyword ``compute()`` takes: its inputs, its own arguments and the declared options."""
    own = [n for n in inspect.signature(Pyramid.compute).parameters if n not in ("self", "kwargs")]
    return own + [n for n in _compute_signature().parameters if n not in ("self", *own)]


def unknown_keywords_message(unknown) -> str:
    """The ValueError text for keywords ``compute()`` does not take: each with its closest names, then all."""
    import difflib

    names = compute_arguments()
    hints = [f"`{u}` (did you mean {' or '.join(f'`{c}`' for c in close)}?)" if close else f"`{u}`"
             for u in unknown for close in [difflib.get_close_matches(u, names, n=2, cutoff=0.6)]]
    return (f"compute(): unknown keyword(s) {', '.join(hints)}; compute() takes {', '.join(names)} "
            f"(help(evaluate.load('pyramid')) describes each)")


def _compute_signature() -> inspect.Signature:
    """``_compute``'s explicit keyword parameters, generated from the option declarations (evaluate inspects them)."""
    kw, pos = inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD
    params = [inspect.Parameter("self", pos)] + [inspect.Parameter(n, pos, default=None)
                                                 for n in ("predictions", "references", "sources")]
    for name in ("explain", "scus", "scu_weights", "scu_contributors", "jackknife", "preset", "method", *declared()):
        params.append(inspect.Parameter(name, kw, default=False if name in ("explain", "jackknife") else None))
    return inspect.Signature(params)


# evaluate reads _compute's parameters: the declared options; options that plug-ins register later still pass
Pyramid._compute.__signature__ = _compute_signature()
for _name in _PER_THREAD:
    setattr(Pyramid, _name, _per_thread(_name))
