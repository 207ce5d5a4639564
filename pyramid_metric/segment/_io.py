"""Shipped segmenter weights: safetensors + a JSON config, verified by sha256 at load.

Layout of ``pyramid_metric/segment/weights/``: ``<name>.safetensors`` (tensors
only, never a pickle) and ``<name>.json`` (vocabularies, label set, training
data, metrics, date and the sha256 of the tensor file).  Also small helpers
shared by both word-tagging models (length-bucketed batching).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ..checksum import load_checked_weights, save_checked_weights, sha256_file  # noqa: F401  (re-exported)

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
LABELS = ["_", "BeginSeg=Yes"]  # label 1 = the word begins an EDU


class WeightsError(ValueError):
    """The shipped weight files are missing, corrupted or do not match their config."""


def save_weights(tensors: Dict, config: dict, name: str, directory: Union[str, os.PathLike, None] = None) -> Path:
    """Write ``<name>.safetensors`` and ``<name>.json`` (config + sha256 + date); returns the JSON path."""
    return save_checked_weights(tensors, config, directory or WEIGHTS_DIR, name, labels=LABELS)


def load_weights(name: str, directory: Union[str, os.PathLike, None] = None) -> Tuple[Dict, dict]:
    """Read ``<name>.json``, verify the sha256 of its tensor file, and load the tensors (safetensors, CPU).

    Raises :class:`WeightsError` (a ``ValueError``) when a file is missing or
    the checksum does not match, with the path and how to restore it.
    """
    return load_checked_weights(directory or WEIGHTS_DIR, name, WeightsError, "segmenter",
                                "train the model with scripts/train/segmenter.py")


def length_batches(lengths: Sequence[int], max_items: int, max_tokens: int,
                   max_padding: Optional[float] = None) -> List[List[int]]:
    """Indices grouped into batches of similar length (longest first), each at most ``max_items``
    sequences and about ``max_tokens`` padded tokens.  With ``max_padding``, a sequence shorter than the
    batch's longest by more than that share of it starts a new batch (less computed on padding).  Used for
    batched inference."""
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    batches: List[List[int]] = []
    cur: List[int] = []
    cur_max = 0
    for i in order:
        too_short = max_padding is not None and lengths[i] < (1.0 - max_padding) * cur_max
        if cur and (len(cur) + 1 > max_items or cur_max * (len(cur) + 1) > max_tokens or too_short):
            batches.append(cur)
            cur, cur_max = [], 0
        cur.append(i)
        cur_max = max(cur_max, lengths[i], 1)
    if cur:
        batches.append(cur)
    return batches


def check_sentences(sentences, argument: str = "sentences") -> None:
    """TypeError unless ``sentences`` is a list of lists of str."""
    if not isinstance(sentences, (list, tuple)):
        raise TypeError(f"`{argument}` must be a list of token lists, got {type(sentences).__name__}")
    for i, s in enumerate(sentences):
        if not isinstance(s, (list, tuple)):
            raise TypeError(f"`{argument}[{i}]` must be a list of str tokens, got {type(s).__name__}")
        for j, w in enumerate(s):
            if not isinstance(w, str):
                raise TypeError(f"`{argument}[{i}][{j}]` must be a str token, got {type(w).__name__}")


# inference batches: a sentence more than this share shorter than its batch's longest starts another batch
MAX_PADDING = 0.25


def example_probs(model, examples: Sequence, max_items: int = 64, max_tokens: int = 4096) -> List[List[float]]:
    """P(word begins an EDU) for prepared examples, in length-bucketed batches, without gradients."""
    import torch

    was_training = model.training
    model.eval()
    probs: List[List[float]] = [[] for _ in examples]
    with torch.inference_mode():
        for batch in length_batches([ex.size for ex in examples], max_items, max_tokens, MAX_PADDING):
            for b, lg in zip(batch, model([examples[b] for b in batch])):
                probs[b] = torch.softmax(lg.float(), -1)[:, 1].tolist()
    model.train(was_training)
    return probs


def tags_from_probs(probs: Sequence[Sequence[float]], threshold: float) -> List[List[bool]]:
    """Begin tags: P > threshold, and the first word of every sentence always begins an EDU."""
    return [[i == 0 or p > threshold for i, p in enumerate(ps)] for ps in probs]


def predict_begins_batched(model, sentences: List[List[str]], threshold: float = 0.5,
                           max_items: int = 64, max_tokens: int = 4096, features=None) -> List[List[bool]]:
    """Batched inference shared by both taggers (``model.prepare`` + ``model(examples)``).

    ``features``: per-word syntax features for models that read them (else ignored).
    """
    check_sentences(sentences)
    if features is not None and len(features) != len(sentences):
        raise ValueError(f"`features` must hold one entry per sentence: {len(features)} for "
                         f"{len(sentences)} sentences")
    result: List[List[bool]] = [[] for _ in sentences]
    todo = [i for i, s in enumerate(sentences) if s]
    if todo:
        if getattr(model, "reads_syntax", False):
            examples = model.prepare([sentences[i] for i in todo],
                                     features=None if features is None else [features[i] for i in todo])
        else:
            examples = model.prepare([sentences[i] for i in todo])
        tags = tags_from_probs(example_probs(model, examples, max_items, max_tokens), threshold)
        for i, t in zip(todo, tags):
            result[i] = t
    return result
