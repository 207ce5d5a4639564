"""Where users live: a ``compute_metrics`` for the ``transformers`` Seq2SeqTrainer and batch scoring of ``datasets``.

Both go through :class:`~pyramid_metric.scorer.PyramidScorer`, so validation, pyramid caching and the
signature are the same as for ``evaluate.load("pyramid")``, the CLI and the plain API.

Trainer::

    from pyramid_metric.integrations import make_compute_metrics
    compute_metrics = make_compute_metrics(tokenizer, sources=eval_ds["document"])
    trainer = Seq2SeqTrainer(..., args=Seq2SeqTrainingArguments(..., predict_with_generate=True),
                             eval_dataset=eval_ds, compute_metrics=compute_metrics)
    trainer.evaluate()    # {"eval_pyramid": ..., "eval_rouge2": ..., ...}

datasets::

    from pyramid_metric.integrations import score_dataset
    ds = score_dataset(ds, prediction_column="summary", references_column="references",
                       source_column="document", num_proc=2)     # adds a "pyramid" column
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Union

import numpy as np

from ._version import __version__
from .config import PyramidConfig
from .forking import guard_forked_children

__all__ = ["make_compute_metrics", "decode_predictions", "rouge2_fmeasure", "score_dataset", "DatasetScorer"]

IGNORE_INDEX = -100  # the label padding of transformers' data collators


# -- Trainer ---------------------------------------------------------------------------------------

def decode_predictions(tokenizer, ids) -> List[str]:
    """Decode generated ids or labels: -100 (label padding) becomes the pad token; special tokens dropped.

    ``ids`` may be a (batch, length) array of token ids or a tuple whose first item is that (some models
    return extra outputs). Logits (a float array, or shape (batch, length, vocab)) raise ValueError: they
    come from a Trainer evaluating without generation, and their argmax is not a summary the model wrote.
    """
    if isinstance(ids, (tuple, list)) and ids and not np.isscalar(ids[0]) and np.asarray(ids[0]).ndim >= 2:
        ids = ids[0]
    ids = np.asarray(ids)
    if ids.ndim == 3 or np.issubdtype(ids.dtype, np.floating):
        raise ValueError(f"decode_predictions: got logits of shape {ids.shape} ({ids.dtype}), not generated "
                         "token ids: the Trainer evaluated without generating summaries. Set "
                         "predict_with_generate=True in Seq2SeqTrainingArguments")
    if ids.ndim != 2:
        raise ValueError(f"decode_predictions: expected (batch, length) token ids, got shape {ids.shape}")
    pad = tokenizer.pad_token_id
    if pad is None:
        raise ValueError("decode_predictions: the tokenizer has no pad_token_id to replace -100 with")
    ids = np.where(ids < 0, pad, ids).astype(np.int64)  # -100 and any other negative padding
    texts = tokenizer.batch_decode(ids.tolist(), skip_special_tokens=True, clean_up_tokenization_spaces=True)
    return [" ".join(t.split()) for t in texts]


def rouge2_fmeasure(predictions: Sequence[str], references: Sequence[Sequence[str]]) -> float:
    """Mean ROUGE-2 F1 (rouge-score, Porter stemmer), best over each example's references, for comparison."""
    try:
        from rouge_score import rouge_scorer
    except ImportError:
        raise ImportError("ROUGE-2 needs rouge-score: pip install 'pyramid-metric[trainer]' "
                          "(or pass rouge=False)") from None
    sc = rouge_scorer.RougeScorer(["rouge2"], use_stemmer=True)
    vals = [max(sc.score(r, p)["rouge2"].fmeasure for r in refs) for p, refs in zip(predictions, references)]
    return float(np.mean(vals)) if vals else 0.0


def make_compute_metrics(tokenizer, sources: Optional[Sequence] = None, references: Optional[Sequence] = None,
                         scorer=None, rouge: bool = True, prefix: str = "",
                         **options) -> Callable[[object], Dict[str, float]]:
    """A ``compute_metrics`` function for ``Seq2SeqTrainer`` (use ``predict_with_generate=True``).

    Args:
        tokenizer: decodes generated ids and labels (-100 is replaced by the pad token first).
        sources: the source document(s) of every example of the eval dataset, in its order (e.g.
            ``eval_dataset["document"]``); needed by the methods that build pyramids from sources.
        references: optional; one list of reference summaries per eval example. Default: the decoded labels
            (one reference each). Give all human references when the data has several (a pyramid needs them).
        scorer: a :class:`~pyramid_metric.scorer.PyramidScorer` to use (default: one built from ``options``,
            kept across evaluations so pyramids are built once per training run).
        rouge: also return ``rouge2`` (mean ROUGE-2 F1 from rouge-score) for comparison.
        prefix: prepended to the metric names (the Trainer adds ``eval_`` itself).
        **options: :class:`~pyramid_metric.config.PyramidConfig` options (``method``, ``extract``, ...).

    Returns ``f(eval_pred) -> {"pyramid": mean score, "precision": ..., "recall": ..., "f1": ..., "rouge2": ...,
    "gen_len": ...}`` (precision, recall and F1 with the default method), floats only (the
    ``floats_only=True`` form of ``compute``, so the Trainer logs no list or string); the function's
    ``signature`` attribute is the scorer's reproducibility signature and ``last_scores`` the per-example
    scores of the latest call.
    """
    from .scorer import PyramidScorer, _nrefs, metric_dict, precision_recall_f1

    if scorer is not None and options:
        raise ValueError("make_compute_metrics: give either `scorer` or configuration options, not both")
    scorer = scorer or PyramidScorer(**options)
    sources = list(sources) if sources is not None else None
    references = [list([r] if isinstance(r, str) else r) for r in references] if references is not None else None

    def compute_metrics(eval_pred) -> Dict[str, float]:
        preds_ids = getattr(eval_pred, "predictions", None)
        label_ids = getattr(eval_pred, "label_ids", None)
        if preds_ids is None:  # a plain (predictions, labels) tuple
            preds_ids, label_ids = eval_pred
        preds = decode_predictions(tokenizer, preds_ids)
        if references is not None:
            refs = references
        else:
            if label_ids is None:
                raise ValueError("compute_metrics: the eval dataset has no labels; pass `references=`")
            refs = [[r] for r in decode_predictions(tokenizer, label_ids)]
        n = len(preds)
        for name, col in (("sources", sources), ("references", refs)):
            if col is not None and len(col) != n:
                raise ValueError(f"compute_metrics: {n} predictions but {len(col)} `{name}`: give one per example "
                                 "of the eval dataset, in its order")
        # an empty decoded label cannot be a reference: score it as no content rather than failing mid-training
        keep = [i for i in range(n) if any(r.strip() for r in refs[i])]
        scores, sides = np.zeros(n), None
        if keep:
            res = scorer.score([preds[i] for i in keep], [[r for r in refs[i] if r.strip()] for i in keep],
                               [sources[i] for i in keep] if sources is not None else None)
            scores[keep] = [r.score for r in res]
            found = precision_recall_f1(res)
            if found is not None:  # an example without a reference scores 0 on every side
                sides = {k: np.zeros(n) for k in found}
                for k, values in found.items():
                    sides[k][keep] = values
        compute_metrics.last_scores = scores.tolist()
        compute_metrics.signature = scorer.signature(nrefs=_nrefs(refs) if refs else None)
        # floats only (no score list, no signature string): what a Trainer logs at every evaluation
        out = {f"{prefix}{k}": v for k, v in metric_dict(scores.tolist(), compute_metrics.signature,
                                                          floats_only=True, sides=sides).items()}
        if rouge:
            out[f"{prefix}rouge2"] = rouge2_fmeasure(preds, refs)
        out[f"{prefix}gen_len"] = float(np.mean([len(p.split()) for p in preds])) if n else 0.0
        return out

    compute_metrics.signature = scorer.signature()
    compute_metrics.last_scores = []
    compute_metrics.scorer = scorer
    return compute_metrics


# -- datasets --------------------------------------------------------------------------------------

class DatasetScorer:
    """The batched ``map`` function of :func:`score_dataset`: picklable, one scorer per worker process.

    Only the configuration and column names are pickled (and hashed by ``datasets`` for its cache
    fingerprint, together with the package version); each process builds its scorer on first use and keeps
    its pyramid cache for the rows it sees. With several prediction columns the pyramid of a row is built
    once and every column is scored against it.
    """

    def __init__(self, config: PyramidConfig, prediction_columns: Sequence[str], references_column: str,
                 source_column: Optional[str], output_columns: Sequence[str], explain: bool = False):
        self.config = config
        self.prediction_columns = list(prediction_columns)
        self.references_column = references_column
        self.source_column = source_column
        self.output_columns = list(output_columns)
        self.explain = explain
        self.version = __version__
        self._scorer = None

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_scorer"] = None
        return state

    @property
    def scorer(self):
        if self._scorer is None:
            from .scorer import PyramidScorer

            self._scorer = PyramidScorer(self.config)
        return self._scorer

    def __call__(self, batch: Dict[str, list]) -> Dict[str, list]:
        refs = batch[self.references_column]
        srcs = batch[self.source_column] if self.source_column else None
        out: Dict[str, list] = {}
        for pcol, ocol in zip(self.prediction_columns, self.output_columns):
            res = self.scorer.score(batch[pcol], refs, srcs, progress=False)
            out[ocol] = [r.score for r in res]
            if self.explain:
                import json

                out[f"{ocol}_explanation"] = [json.dumps(r.explanation(), ensure_ascii=False) for r in res]
        return out


def score_dataset(dataset, prediction_column: Union[str, Sequence[str]] = "prediction",
                  references_column: str = "references", source_column: Optional[str] = "source",
                  output_column: Union[str, Sequence[str], None] = None, batch_size: int = 32,
                  num_proc: Optional[int] = None, explain: bool = False, config: Optional[PyramidConfig] = None,
                  **options):
    """Score every row of a ``datasets.Dataset`` with ``Dataset.map(batched=True)``; returns the new dataset.

    Args:
        prediction_column: the column of summaries to score, or several (e.g. ``["human", "lead"]``), all
            scored against the same cached pyramid of the row.
        references_column: a column of lists of references (or of single reference strings).
        source_column: the column of source documents (None for methods that do not use sources).
        output_column: name(s) of the added score column(s); default ``"pyramid"`` for one prediction column,
            ``"pyramid_<column>"`` for several.
        batch_size, num_proc: passed to ``map``; with ``num_proc`` each worker keeps its own pyramid cache.
        explain: also add ``<output>_explanation`` columns (JSON strings).
        config / **options: the scoring configuration (:class:`~pyramid_metric.config.PyramidConfig`).
    """
    if config is not None and options:
        raise ValueError("score_dataset: give either `config` or configuration options, not both")
    config = config or PyramidConfig(**options)
    pcols = [prediction_column] if isinstance(prediction_column, str) else list(prediction_column)
    if output_column is None:
        ocols = ["pyramid"] if len(pcols) == 1 else [f"pyramid_{c}" for c in pcols]
    else:
        ocols = [output_column] if isinstance(output_column, str) else list(output_column)
    if len(ocols) != len(pcols):
        raise ValueError(f"score_dataset: {len(pcols)} prediction columns but {len(ocols)} output columns")
    names = list(dataset.column_names)
    wanted = pcols + [references_column] + ([source_column] if source_column else [])
    missing = [c for c in wanted if c not in names]
    if missing:
        raise ValueError(f"score_dataset: the dataset has no column(s) {missing}; its columns are {names}")
    fn = DatasetScorer(config, pcols, references_column, source_column, ocols, explain)
    guard_forked_children()  # the map workers are forked from this process
    return dataset.map(fn, batched=True, batch_size=batch_size, num_proc=num_proc,
                       desc="pyramid scores")
