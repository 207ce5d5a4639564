"""The public Python API: :class:`PyramidScorer` (holds models and caches) and :func:`score`.

Every entry point (the ``evaluate`` module, the CLI, the Trainer helper) goes
through :meth:`PyramidScorer.score`, so validation, caching and signatures
live in one place.
"""
from __future__ import annotations

import hashlib
import logging
import re
import sys
import threading
import warnings
from collections import Counter, OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple, Union

from ._version import __version__
from .config import PyramidConfig
from .signature import Signature, build_signature
from .explanation import in_users_words
from .forking import guard_forked_children
from .methods import get_method
from .options import method_plugin
from .pyramid import Pyramid
from .scoring import ScoreResult, f_measure
from .text import SUPPORTED_NOTE, detect_language, normalize_input, strip_markup, words

logger = logging.getLogger(__name__)

SOURCE_SEPARATOR = "\n\n"  # documents of one multi-document example are joined with a blank line
# The supported sizes, in words (text.words): a prediction or a reference, and the source of one example (all
# its documents together; a DUC 2007 topic has up to 25,000 words).  Longer texts are refused with a ValueError
# naming the argument: the work of every method grows faster than the length of its texts.
MAX_SUMMARY_WORDS = 5_000
MAX_SOURCE_WORDS = 50_000
# ... and words and punctuation marks or symbols (_MARK_RE) together, this many times the number of words: news
# text has about one mark for every eight words.
MARKS_PER_WORD_LIMIT = 2
_MARK_RE = re.compile(r"[^\w\s]|_")  # a punctuation mark or symbol (a character outside words and white space)
# Examples whose pyramids are built together: their references are segmented in one batch of the EDU segmenter
# (which groups them by length), so short references (one sentence each) do not each pay a small batch.
BUILD_CHUNK = 32


@dataclass(frozen=True)
class ExampleResult:
    """The score of one prediction with its pyramid: everything needed to explain it."""

    score: float
    result: ScoreResult
    pyramid: Pyramid
    # jackknifing: the scores against each leave-one-out reference subset (``score`` is their mean);
    # ``result`` and ``pyramid`` are then those of all references, to explain which content was matched
    jackknife_scores: Tuple[float, ...] = ()

    @in_users_words
    def explanation(self) -> dict:
        """The pyramid (unit text, weight, references containing it) and the matches, as plain data."""
        d = self.result.to_dict()
        if self.language:
            d["notes"] = list(d["notes"]) + [f"the text looks like {self.language}; {SUPPORTED_NOTE}"]
            d["language"] = self.language
        d["pyramid"] = self.pyramid.to_dict()
        d["notes"] = list(self.pyramid.notes) + d["notes"]
        if self.jackknife_scores:
            d["all_references_score"] = d["score"]
            d["score"] = self.score
            d["jackknife_scores"] = list(self.jackknife_scores)
            if self.precision is not None:
                d.update(precision=self.precision, recall=self.score, f1=self.f1)
            d["notes"].insert(0, f"jackknifed: the score is the mean of {len(self.jackknife_scores)} leave-one-out "
                                 f"scores; the matches shown are against all references")
        return d

    language: Optional[str] = None  # the example's language when it is not English (text.detect_language)
    # the share of the summary's content the pyramid supports (None for methods without a precision side); with
    # jackknifing the mean over the leave-one-out pyramids, as ``score``
    precision: Optional[float] = None

    @property
    def f1(self) -> Optional[float]:
        """The harmonic mean of :attr:`precision` and :attr:`score` (the recall); None without a precision."""
        return None if self.precision is None else f_measure(self.precision, self.score)


def one_pass_hint(value) -> str:
    """For a generator or other iterator given where a list is needed: how to pass it."""
    from collections.abc import Iterator

    return " (an iterator can be read only once: pass list(...) of it)" if isinstance(value, Iterator) else ""


def _check_list(value, argument: str) -> list:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError(f"`{argument}` must be a list, got {type(value).__name__}{one_pass_hint(value)}")
    return list(value)


def check_bool(value, argument: str) -> None:
    """A ValueError naming ``argument`` unless ``value`` is True or False (``"no"``, 0 and None are refused)."""
    if not isinstance(value, bool):
        raise ValueError(f"`{argument}` must be True or False, got {value!r}")


_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def check_encodable(text: str, argument: str) -> str:
    """``text`` itself, or a ValueError naming ``argument`` when it holds a lone surrogate (not valid Unicode).

    Such strings come from decoding bytes with ``errors="surrogateescape"``; spaCy and pyarrow cannot encode them.
    """
    m = _SURROGATE_RE.search(text)
    if m:
        raise ValueError(f"`{argument}` contains a lone surrogate {m.group()!a} at character {m.start()}: "
                         "not valid Unicode text (decode the input with errors='replace')")
    return text


def _check_texts(items, argument: str, what: str) -> list:
    """A non-empty list of non-blank strings, or a ValueError naming ``argument`` and the index."""
    items = list(items)
    if not items:
        raise ValueError(f"`{argument}` is empty: each example needs at least one {what}")
    for k, x in enumerate(items):
        if not isinstance(x, str):
            raise ValueError(f"`{argument}[{k}]` must be a str, got {type(x).__name__}")
        check_encodable(x, f"{argument}[{k}]")
        if not x.strip():
            raise ValueError(f"`{argument}[{k}]` is empty or whitespace only")
    return items


def normalize_inputs(predictions, references, sources, needs_sources: bool):
    """Validate shapes and types; return (predictions, references as lists of str, sources as str or None).

    Raises ValueError naming the argument and the example index.
    """
    predictions = _check_list(predictions, "predictions")
    references = _check_list(references, "references")
    if len(references) != len(predictions):
        raise ValueError(f"`references` has {len(references)} items but `predictions` has {len(predictions)}")
    for i, p in enumerate(predictions):
        if not isinstance(p, str):
            raise ValueError(f"`predictions[{i}]` must be a str, got {type(p).__name__}")
        check_encodable(p, f"predictions[{i}]")
    refs_out = []
    for i, r in enumerate(references):
        refs = [r] if isinstance(r, str) else r
        if refs is None or isinstance(refs, bytes) or not isinstance(refs, Sequence):
            raise ValueError(f"`references[{i}]` must be a str or a list of str, got {type(r).__name__}")
        refs_out.append(_check_texts(refs, f"references[{i}]", "reference"))
    if sources is None:
        if needs_sources:
            raise ValueError("`sources` is required by this method: give one source document (or a list of "
                             "documents) per prediction")
        return _without_markup(predictions, refs_out, [None] * len(predictions))
    sources = _check_list(sources, "sources")
    if needs_sources and sources and all(s is None or s == "" for s in sources):  # "": evaluate's missing source
        raise ValueError("`sources` is required by this method: give one source document (or a list of "
                         "documents) per prediction")
    if len(sources) != len(predictions):
        raise ValueError(f"`sources` has {len(sources)} items but `predictions` has {len(predictions)}")
    src_out = []
    for i, s in enumerate(sources):
        if s is None and not needs_sources:  # e.g. evaluate's `sources` column for methods that do not use it
            src_out.append(None)
            continue
        if isinstance(s, str):
            docs = [s]
        elif isinstance(s, Sequence) and not isinstance(s, bytes) and all(isinstance(d, str) for d in s):
            docs = list(s)
        else:
            raise ValueError(f"`sources[{i}]` must be a str or a list of str, got {type(s).__name__}")
        for k, d in enumerate(docs):
            check_encodable(d, f"sources[{i}]" if isinstance(s, str) else f"sources[{i}][{k}]")
        joined = SOURCE_SEPARATOR.join(d for d in docs if d.strip())
        if needs_sources and not joined.strip():
            raise ValueError(f"`sources[{i}]` is empty: this method builds its pyramid from the source")
        src_out.append(joined)
    return _without_markup(predictions, refs_out, src_out)


def normalize_scus(scus, scu_weights, n: int):
    """Validate human-pyramid input: ``scus[i]`` = SCU texts of example i, ``scu_weights[i]`` = their weights.

    Returns (scus as lists of str, weights as lists of float).  Raises ValueError naming the argument.
    """
    scus = _check_list(scus, "scus")
    if len(scus) != n:
        raise ValueError(f"`scus` has {len(scus)} items but `predictions` has {n}")
    if scu_weights is not None:
        scu_weights = _check_list(scu_weights, "scu_weights")
        if len(scu_weights) != n:
            raise ValueError(f"`scu_weights` has {len(scu_weights)} items but `predictions` has {n}")
    out_s, out_w = [], []
    for i, units in enumerate(scus):
        if isinstance(units, (str, bytes)) or not isinstance(units, Sequence):
            raise ValueError(f"`scus[{i}]` must be a list of str, got {type(units).__name__}")
        units = _check_texts(units, f"scus[{i}]", "SCU")
        if scu_weights is None:
            weights = [1.0] * len(units)
        else:
            weights = scu_weights[i]
            if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence) or len(weights) != len(units):
                raise ValueError(f"`scu_weights[{i}]` must be a list of {len(units)} numbers, one per SCU")
            for k, w in enumerate(weights):
                if isinstance(w, bool) or not isinstance(w, (int, float)) or not (0 < w < float("inf")):
                    raise ValueError(f"`scu_weights[{i}][{k}]` must be a positive number, got {w!r}")
            weights = [float(w) for w in weights]
        out_s.append(_texts_without_markup(units, f"scus[{i}]"))
        out_w.append(weights)
    return out_s, out_w


def normalize_contributors(scu_contributors, scus):
    """``scu_contributors[i][k]``: the mentions (list of str, may be empty) of SCU k of example i."""
    out = _check_list(scu_contributors, "scu_contributors")
    if len(out) != len(scus):
        raise ValueError(f"`scu_contributors` has {len(out)} items but `scus` has {len(scus)}")
    result = []
    for i, (groups, units) in enumerate(zip(out, scus)):
        if isinstance(groups, (str, bytes)) or not isinstance(groups, Sequence) or len(groups) != len(units):
            raise ValueError(f"`scu_contributors[{i}]` must be a list of {len(units)} lists of str, one per SCU")
        ex = []
        for k, g in enumerate(groups):
            if isinstance(g, (str, bytes)) or not isinstance(g, Sequence):
                raise ValueError(f"`scu_contributors[{i}][{k}]` must be a list of str (the SCU's mentions)")
            ex.append(_texts_without_markup(_check_texts(g, f"scu_contributors[{i}][{k}]", "mention"),
                                            f"scu_contributors[{i}][{k}]") if g else [])
        result.append(ex)
    return result


class PyramidScorer:
    """Scores summaries with one configuration; pyramids are cached per (source, references, configuration).

    >>> scorer = PyramidScorer(extract="rouge")            # doctest: +SKIP
    >>> out = scorer.compute(predictions=[...], references=[[...]], sources=[...])  # doctest: +SKIP
    """

    def __init__(self, config: Optional[PyramidConfig] = None, cache_size: int = 4096, **options):
        if config is not None and options:
            raise ValueError("PyramidScorer: give either `config` or keyword options, not both")
        if config is not None and not isinstance(config, PyramidConfig):
            raise TypeError(f"PyramidScorer: `config` must be a PyramidConfig, got {type(config).__name__}")
        unknown = sorted(set(options) - set(PyramidConfig.option_names()))
        if unknown:
            raise ValueError(f"PyramidScorer: unknown option(s) {unknown}; valid options are "
                             f"{PyramidConfig.option_names()}")
        self.config = config or PyramidConfig.from_preset(options.pop("preset", None), **options)
        guard_forked_children()  # a user's `Dataset.map(num_proc=N)` forks after this scorer ran torch
        self.method = get_method(self.config)
        self.cache_size = cache_size
        self._pyramids: "OrderedDict[str, Pyramid]" = OrderedDict()
        self._lock = threading.RLock()
        self._signature = None

    # -- pickling: worker processes of ``Dataset.map(num_proc=N)`` under spawn or forkserver ----------
    def __getstate__(self):
        """The scorer's options and built pyramids; not its lock nor its method's models, which a worker makes.

        A lock must not travel: dill, which ``datasets`` pickles with, restores an ``RLock`` held by no one as
        held, and the worker would wait on it forever.
        """
        with self._lock:
            return {"config": self.config, "cache_size": self.cache_size, "pyramids": list(self._pyramids.items())}

    def __setstate__(self, state):
        self.__init__(state["config"], cache_size=state["cache_size"])
        self._pyramids.update(state["pyramids"])

    # -- caching ---------------------------------------------------------------------------------
    def _key(self, references: List[str], source: Optional[str]) -> str:
        h = hashlib.sha256()
        for part in (repr(self.config.pyramid_key()), source or "", *references):
            h.update(part.encode("utf-8", "surrogatepass"))
            h.update(b"\x00")
        return h.hexdigest()

    def pyramids(self, references: Sequence[List[str]], sources: Sequence[Optional[str]],
                 progress: Optional[bool] = None, scus=None, scu_weights=None, scu_contributors=None,
                 scu_references=None) -> List[Pyramid]:
        """Pyramids of several examples, built once per distinct (source, references) and cached.

        Human-pyramid mode: with ``scus`` (validated lists of SCU texts and weights) the pyramid of each
        example is made of its given SCUs (``Method.pyramid_of_scus``), not built from the references.
        """
        if scus is not None:
            if self.method.scus_use_references:  # APE: the model summaries and the SCUs' mentions too
                contribs = scu_contributors or [None] * len(scus)
                refs = scu_references or [None] * len(scus)
                return [self.method.pyramid_of_scus(u, w, r, c)
                        for u, w, r, c in zip(scus, scu_weights, refs, contribs)]
            return [self.method.pyramid_of_scus(u, w) for u, w in zip(scus, scu_weights)]
        keys = [self._key(r, s) for r, s in zip(references, sources)]
        with self._lock:
            found = {k: self._pyramids[k] for k in keys if k in self._pyramids}
            for k in found:
                self._pyramids.move_to_end(k)
        todo = {k: (r, s) for k, r, s in zip(keys, references, sources) if k not in found}
        for chunk in _chunks(list(todo.items()), BUILD_CHUNK, progress, "building pyramids"):
            built = self.method.build_many([r for _, (r, _) in chunk], [s for _, (_, s) in chunk])
            found.update(zip([k for k, _ in chunk], built))
        with self._lock:
            for k in todo:
                self._pyramids[k] = found[k]
            while len(self._pyramids) > self.cache_size:
                self._pyramids.popitem(last=False)
        return [found[k] for k in keys]

    # -- scoring ---------------------------------------------------------------------------------
    def score(self, predictions, references=None, sources=None, progress: Optional[bool] = None,
              scus=None, scu_weights=None, scu_contributors=None,
              jackknife: bool = False) -> List[ExampleResult]:
        """Score each prediction; returns one :class:`ExampleResult` (score, matches, pyramid) per example.

        Human-pyramid mode: give ``scus`` (one list of SCU texts per example) and optionally
        ``scu_weights`` and ``scu_contributors`` (``scu_contributors[i][k]`` = the texts of SCU k's
        contributors in example i's model summaries); ``sources`` are then unused and ``references`` optional:
        the default method takes them as the model summaries (their number gives X of ``scu_score="modified"``;
        without ``scu_contributors`` each SCU's best-matching span of them stands in for its contributor),
        method="ape" mixes in ROUGE-SU4 against them.
        ``jackknife=True``: with K >= 2 references, each score is the mean of the K scores against the
        leave-one-out subsets of K - 1 references (ROUGE-1.5.5's jackknifing, as in DUC/TAC), so that a
        system and a human summary scored against the other K - 1 references are on the same footing.
        An example with one reference keeps its plain score, with a warning.
        """
        if scu_contributors is not None and (scus is None or not self.method.scus_use_references):
            raise ValueError("`scu_contributors` gives the mentions of human SCUs to method='refpyramid' (the "
                             "default) or method='ape': it needs `scus` and one of those methods")
        if scus is None and scu_weights is not None:
            raise ValueError("`scu_weights` needs `scus`: give the SCU texts they weigh")
        check_bool(jackknife, "jackknife")
        if progress is not None:
            check_bool(progress, "progress")
        if jackknife:
            if scus is not None:
                raise ValueError("`jackknife` leaves out one reference at a time: it needs `references`, not "
                                 "`scus` (a human pyramid is scored as given)")
            return self._score_jackknifed(predictions, references, sources, progress)
        if scus is not None:
            if not self.method.scores_scus:
                raise ValueError(f"`scus`: method {self.config.method!r} does not score against given SCUs; "
                                 "use method='hirao' (with any matcher) or method='ape'")
            predictions = _check_list(predictions, "predictions")
            scus, scu_weights = normalize_scus(scus, scu_weights, len(predictions))
            given_refs = references is not None
            if references is None:
                references = [["-"]] * len(predictions)  # not used: the pyramid is made of the SCUs
            predictions, references, sources = normalize_inputs(predictions, references, sources, False)
            scu_references = references if given_refs else None
            if scu_contributors is not None:
                scu_contributors = normalize_contributors(scu_contributors, scus)
        else:
            if references is None:
                raise ValueError("`references` is required (or give `scus` for human-pyramid mode)")
            predictions, references, sources = normalize_inputs(predictions, references, sources,
                                                                self.method.needs_sources)
        if not predictions:
            return []
        pyramids = self.pyramids(references, sources, progress, scus, scu_weights,
                                 scu_contributors if scus is not None else None,
                                 scu_references if scus is not None else None)
        results: List[ScoreResult] = []
        idx = list(range(len(predictions)))
        for chunk in _chunks(idx, 64, progress, "scoring"):
            results.extend(self.method.score_many([predictions[i] for i in chunk], [pyramids[i] for i in chunk]))
        keys = [tuple(refs) for refs in references]  # a list of references shared by many predictions is read once
        reference_languages = {key: detect_language(key) for key in dict.fromkeys(keys)}
        languages = [reference_languages[key] or detect_language([p]) for p, key in zip(predictions, keys)]
        _warn_languages(languages)
        if scus is None:
            self._warn_unmeasured(pyramids)
        out = []
        for i, (p, r, pyr, lang) in enumerate(zip(predictions, results, pyramids, languages)):
            if not p.strip():
                warnings.warn(f"predictions[{i}] is empty: it scores 0", UserWarning, stacklevel=2)
            out.append(ExampleResult(float(r.score), r, pyr, language=lang, precision=r.precision))
        return out

    def _warn_unmeasured(self, pyramids: Sequence[Pyramid]) -> None:
        """Warnings for the examples whose pyramid cannot measure content: no unit at all (references too
        short for the method), or, for a pyramid extracted from the source, a reference that shares nothing
        with the source (the content only it has earns nothing, so even a copy of it can score 0)."""
        method = self.config.method
        empty = [i for i, p in enumerate(pyramids) if not p.units]
        below = [i for i in empty if any(ex.below_sentence_term for ex in pyramids[i].extracts)]
        if below:
            warnings.warn(f"examples {_shown(below)}: method {method!r} finds no content unit in the source: "
                          f"{self._sentence_term_note()}; their score of 0 measures nothing", UserWarning,
                          stacklevel=3)
        empty = [i for i in empty if i not in below]
        if empty:
            where = ("the references and source (too short, e.g. a single word or number, or sharing nothing with "
                     "the source)" if self.method.needs_sources else
                     "the references (too short, e.g. a single word or number)")
            warnings.warn(f"examples {_shown(empty)}: method {method!r} finds no content unit in {where}: their "
                          "score of 0 measures nothing; give longer references or use method='refpyramid'",
                          UserWarning, stacklevel=3)
        little = [f"references[{i}][{k}]" for i, p in enumerate(pyramids) if p.units
                  for k, ex in enumerate(p.extracts) if ex.below_sentence_term]
        if little:
            warnings.warn(f"{_shown(little)} share{'s' if len(little) == 1 else ''} too little with the source for "
                          f"an extract: {self._sentence_term_note()}; content found only in such a reference earns "
                          "nothing (a copy of it can score 0)", UserWarning, stacklevel=3)
        apart = [f"references[{i}][{k}]" for i, p in enumerate(pyramids) if p.units
                 for k, ex in enumerate(p.extracts) if not ex.edus and not ex.below_sentence_term]
        if apart:
            warnings.warn(f"{_shown(apart)} share{'s' if len(apart) == 1 else ''} no content with the source: "
                          f"method {method!r} builds its pyramid from the source's sentences that the references "
                          "contain, so content found only in such a reference earns nothing (a copy of it can "
                          "score 0)", UserWarning, stacklevel=3)

    def _sentence_term_note(self) -> str:
        """Why a reference that shares words with the source can give a source extract no EDU, and what to do."""
        penalty = self.config.sentence_penalty
        return (f"method {self.config.method!r} puts a source sentence in a reference's extract only when the "
                f"sentence shares more of the reference's units (Basic Elements or word pairs) than the sentence "
                f"term of Hirao et al. (2018, Eq. 9) costs (sentence_penalty={penalty:g}), and no source sentence "
                f"does; sentence_penalty={penalty / 2:g} also takes the sentences that share one unit, and "
                "method='refpyramid' reads the references' own words")

    def _score_jackknifed(self, predictions, references, sources, progress) -> List[ExampleResult]:
        """Each example scored against all its references and against each leave-one-out subset."""
        if references is None:
            raise ValueError("`references` is required")
        predictions, references, sources = normalize_inputs(predictions, references, sources,
                                                            self.method.needs_sources)
        preds, refs, srcs = [], [], []
        for p, r, s in zip(predictions, references, sources):
            subsets = [r[:k] + r[k + 1:] for k in range(len(r))] if len(r) > 1 else []
            for sub in [r] + subsets:
                preds.append(p)
                refs.append(sub)
                srcs.append(s)
        flat = self.score(preds, refs, srcs, progress)
        out, pos = [], 0
        for r in references:
            full, loo = flat[pos], flat[pos + 1:pos + 1 + (len(r) if len(r) > 1 else 0)]
            pos += 1 + len(loo)
            if loo:
                loo_scores = tuple(x.score for x in loo)
                loo_precision = None if full.precision is None else _mean([x.precision for x in loo])
                out.append(ExampleResult(float(sum(loo_scores) / len(loo_scores)), full.result, full.pyramid,
                                         jackknife_scores=loo_scores, language=full.language,
                                         precision=loo_precision))
            else:
                out.append(full)
        single = [i for i, r in enumerate(references) if len(r) == 1]
        if single:
            warnings.warn(f"jackknife: references{single[:5]}{' ...' if len(single) > 5 else ''} "
                          f"{'has' if len(single) == 1 else 'have'} one reference: nothing to leave out, "
                          f"plain score kept", UserWarning, stacklevel=3)
        return out

    def compute(self, predictions, references=None, sources=None, explain: bool = False,
                progress: Optional[bool] = None, scus=None, scu_weights=None, scu_contributors=None,
                jackknife: bool = False) -> dict:
        """``{"pyramid": mean, "scores": [...], "signature": str}`` (+ ``"explanations"`` when asked)."""
        check_bool(explain, "explain")
        results = self.score(predictions, references, sources, progress, scus, scu_weights, scu_contributors,
                             jackknife=jackknife)
        scores = [r.score for r in results]
        sides = precision_recall_f1(results)
        if scus is not None:  # human pyramid: the given SCUs replace the built pyramid
            signature = self.human_pyramid_signature("scus(" + ("weighted" if scu_weights is not None else "w=1")
                                                     + ")", pyramids=[r.pyramid for r in results])
        else:
            signature = self.signature(nrefs=_nrefs(references), jackknife=jackknife)
        out = metric_dict(scores, signature, sides=sides)
        language = run_language([r.language for r in results])
        if language:  # a run outside what the English components support says so; each example says its own
            out["signature"] += "|lang:" + language
        if explain:
            out["explanations"] = [r.explanation() for r in results]
        return out

    def human_pyramid_signature(self, pyramid: str, jackknife: bool = False,
                                pyramids: Sequence[Pyramid] = ()) -> str:
        """The signature of scores against given human pyramids (``pyramids``, as scored): ``pyramid:<pyramid>|``,
        ``jackknife:loo|`` when scores are means over leave-one-out pyramids, the method's SCU scoring, then
        :meth:`signature` without the method's fields that do not act on them (those that shape pyramids built
        from references)."""
        scoring = self.method.scu_signature()
        fields = self.signature_object().fields
        keep = self.method.scu_signature_keys(pyramids)
        if keep is not None:  # the method's fields that do not act on given SCUs are left out
            unused = {field.key for field in method_plugin(self.config.method).fields} - keep
            fields = tuple((key, value) for key, value in fields if key not in unused)
        return (f"pyramid:{pyramid}|" + ("jackknife:loo|" if jackknife else "") + (scoring + "|" if scoring else "")
                + Signature(fields).format())

    def signature(self, nrefs: Union[int, str, None] = None, jackknife: bool = False) -> str:
        """SacreBLEU-style reproducibility string: every option and component version that moves a score.

        ``jackknife=True`` adds ``jackknife:loo`` (scores are means over leave-one-out reference subsets).
        :meth:`signature_object` gives the same as a :class:`~pyramid_metric.signature.Signature`
        (``format(short=True)``, and ``PyramidConfig.from_signature`` parses either back)."""
        return self.signature_object(nrefs, jackknife).format()

    def signature_object(self, nrefs: Union[int, str, None] = None, jackknife: bool = False) -> Signature:
        if self._signature is None:  # the component descriptions load models: once per scorer
            from .solve import solver_versions

            self._signature = (self.method.signature_parts(), solver_versions())
        parts, solvers = self._signature
        return build_signature(self.config, parts, solvers, __version__, nrefs=nrefs, jackknife=jackknife)


def _shown(items: Sequence) -> str:
    """The first five items, and how many more."""
    return ", ".join(map(str, items[:5])) + (f" and {len(items) - 5} more" if len(items) > 5 else "")


def run_language(languages: Sequence[Optional[str]]) -> Optional[str]:
    """The language of more than half of the examples when it is not English, else None: the signature describes
    the run, so a few examples that look foreign (named in their warning and explanation) do not change it."""
    counts = Counter(languages)
    language, n = counts.most_common(1)[0] if counts else (None, 0)
    return language if language and 2 * n > len(languages) else None


def _warn_languages(languages: Sequence[Optional[str]]) -> None:
    """One warning per call naming the non-English languages found and their examples."""
    found: dict = {}
    for i, lang in enumerate(languages):
        if lang:
            found.setdefault(lang, []).append(i)
    for lang, idx in found.items():
        shown = ", ".join(map(str, idx[:5])) + (f" and {len(idx) - 5} more" if len(idx) > 5 else "")
        warnings.warn(f"examples {shown} look like {lang}; {SUPPORTED_NOTE}", UserWarning, stacklevel=3)


SIDES = ("precision", "recall", "f1")  # the per-example lists beside the scores (evaluate's bertscore names)


def precision_recall_f1(results: Sequence[ExampleResult]) -> Optional[dict]:
    """``{"precision": [...], "recall": [...], "f1": [...]}`` of scored examples, or None when the method has no
    precision side (every method but the reference pyramid)."""
    if not results or any(r.precision is None for r in results):
        return None
    return {"precision": [r.precision for r in results], "recall": [r.score for r in results],
            "f1": [r.f1 for r in results]}


def _mean(values: Sequence[float]) -> float:
    return float(sum(values) / len(values)) if values else 0.0


def metric_dict(scores: Sequence[float], signature: str, floats_only: bool = False,
                sides: Optional[dict] = None) -> dict:
    """The result of ``compute``: ``{"pyramid": mean, "scores": [...], "precision": [...], "recall": [...],
    "f1": [...], "signature": str}`` (the three lists when ``sides`` has them: :func:`precision_recall_f1`).

    With ``floats_only`` only the means, ``{"pyramid": mean, "precision": mean, "recall": mean, "f1": mean}``:
    every value a float, as a ``Trainer`` logs them and as ``{k: round(v, 4) for k, v in result.items()}`` needs.
    """
    scores = [float(x) for x in scores]
    sides = {k: [float(x) for x in sides[k]] for k in SIDES if k in sides} if sides else {}
    if floats_only:
        return {"pyramid": _mean(scores), **{k: _mean(v) for k, v in sides.items()}}
    return {"pyramid": _mean(scores), "scores": scores, **sides, "signature": signature}


@lru_cache(maxsize=64)  # a source or reference repeated for every system summary of a document is read once
def _entrance(text: str) -> str:
    """A text as every method reads it: markup removed (:func:`text.strip_markup`), then entities, invisible
    characters and unusual spaces normalised (:func:`text.normalize_input`).  The one entrance of all texts."""
    return normalize_input(strip_markup(text))


def _texts_without_markup(texts: List[str], argument: str) -> List[str]:
    """:func:`_entrance` of each text; a ValueError when nothing visible is left."""
    out = [_entrance(x) for x in texts]
    for k, (x, y) in enumerate(zip(texts, out)):
        if not y.strip():
            raise ValueError(f"`{argument}[{k}]` has no visible text outside its HTML markup and invisible "
                             f"characters: {x[:60]!r}")
    return out


def _without_markup(predictions, references, sources):
    """Every text through :func:`_entrance` once, before any method sees it; sizes checked (:func:`_check_size`)."""
    predictions = [_check_size(_entrance(p), f"predictions[{i}]", MAX_SUMMARY_WORDS)
                   for i, p in enumerate(predictions)]
    references = [_texts_without_markup(refs, f"references[{i}]") for i, refs in enumerate(references)]
    for i, refs in enumerate(references):
        for k, r in enumerate(refs):
            _check_size(r, f"references[{i}][{k}]", MAX_SUMMARY_WORDS)
    sources = [_check_size(_entrance(s), f"sources[{i}]", MAX_SOURCE_WORDS) if s is not None else None
               for i, s in enumerate(sources)]
    return predictions, references, sources


def _check_size(text: str, argument: str, limit: int) -> str:
    """``text``, or a ValueError naming ``argument`` when it has more than ``limit`` words, or more than
    ``MARKS_PER_WORD_LIMIT`` x ``limit`` words and punctuation marks or symbols together (the encoders and parsers
    read each mark as a token of its own: a text of 100,000 full stops costs what 100,000 words cost)."""
    if len(text) > limit:  # a word has at least one character: shorter texts need no count
        oversize = _oversize(text, limit)
        if oversize:
            what = "all documents of a source together" if argument.startswith("sources") else "a summary"
            raise ValueError(f"`{argument}` has {oversize} ({what}): shorten or split it")
    return text


@lru_cache(maxsize=64)  # a long source repeated for every system summary of a document is counted once
def _oversize(text: str, limit: int) -> str:
    """What makes ``text`` larger than the supported size for ``limit`` words ("" when it is not)."""
    n = len(words(text, stemmed=False))
    if n > limit:
        return f"{n:,} words; the supported size is {limit:,} words"
    tokens = MARKS_PER_WORD_LIMIT * limit
    if len(text) > tokens:  # a mark is one character too
        marks = len(_MARK_RE.findall(text))
        if n + marks > tokens:
            return (f"{n:,} words and {marks:,} punctuation marks or symbols; the supported size is {limit:,} words "
                    f"and {tokens:,} words and marks together")
    return ""


def _nrefs(references) -> Union[int, str]:
    counts = {1 if isinstance(r, str) else len(r) for r in references}
    return counts.pop() if len(counts) == 1 else "var"


# Without a terminal (a log file, a pipe, a notebook's captured stderr), long work prints a progress line to
# stderr after PROGRESS_FIRST_S seconds and then every PROGRESS_EVERY_S seconds.
PROGRESS_FIRST_S = 10.0
PROGRESS_EVERY_S = 30.0


def _chunks(items: list, size: int, progress: Optional[bool], desc: str):
    """Yield chunks of ``items``; with a tqdm bar when ``progress`` is True, or by default when stderr is a
    terminal and there are several chunks; by default without a terminal, periodic progress lines
    (:func:`_progress_lines`); nothing with ``progress=False``."""
    chunks = [items[i:i + size] for i in range(0, len(items), size)]
    if progress is None and not sys.stderr.isatty():
        return _progress_lines(chunks, desc) if len(chunks) > 1 else chunks
    if progress is None:
        progress = len(chunks) > 1
    if progress:
        from tqdm.auto import tqdm

        return tqdm(chunks, desc=desc, unit="batch")
    return chunks


def _progress_lines(chunks: list, desc: str):
    """Yield ``chunks``; a line ``pyramid-metric: <desc>: 3/40 batches (8%), 12 s`` on stderr when the work
    has run PROGRESS_FIRST_S seconds, then every PROGRESS_EVERY_S seconds, and at the end if a line was printed."""
    import time

    start = time.monotonic()
    due = start + PROGRESS_FIRST_S
    printed = False
    for k, chunk in enumerate(chunks, 1):
        yield chunk
        now = time.monotonic()
        if now >= due or (printed and k == len(chunks)):
            print(f"pyramid-metric: {desc}: {k}/{len(chunks)} batches ({100 * k // len(chunks)}%), "
                  f"{now - start:.0f} s", file=sys.stderr, flush=True)
            due, printed = now + PROGRESS_EVERY_S, True


_default_scorers: dict = {}
_default_lock = threading.Lock()


def score(predictions, references, sources=None, explain: bool = False, jackknife: bool = False,
          **options) -> dict:
    """Functional form: ``score(predictions, references, sources, **options)`` -> ``compute`` dict.

    Scorers are cached per configuration, so repeated calls reuse models and pyramids.
    ``jackknife=True``: mean over leave-one-out reference subsets (see :meth:`PyramidScorer.score`).
    """
    config = PyramidConfig.from_preset(options.pop("preset", None), **options)
    with _default_lock:
        scorer = _default_scorers.get(config)
        if scorer is None:
            scorer = _default_scorers[config] = PyramidScorer(config)
    return scorer.compute(predictions, references, sources, explain=explain, jackknife=jackknife)
