"""EDU segmenters behind one interface, chosen by name.

``get_segmenter("sentence")`` is the sentence-level baseline; the trained
word-tagging models register here as ``transformer`` and ``bilstm`` and are
imported lazily, so ``import pyramid_metric`` does not load torch.
"""
from __future__ import annotations

import importlib
import importlib.util
import threading
from typing import Dict, Union

from ..forking import guard_forked_children
from .base import EDU, Segmenter, SentenceSegmenter, TokenTaggingSegmenter

# name -> "module:Class", imported on first use
SEGMENTERS: Dict[str, str] = {
    "sentence": "pyramid_metric.segment.base:SentenceSegmenter",
    "transformer": "pyramid_metric.segment.transformer:TransformerSegmenter",
    "bilstm": "pyramid_metric.segment.bilstm:BiLSTMSegmenter",
}

_instances: Dict[str, Segmenter] = {}
_lock = threading.Lock()


def available_segmenters() -> list:
    """Names accepted by :func:`get_segmenter` whose implementation is installed."""
    names = []
    for name, target in SEGMENTERS.items():
        try:
            importlib.util.find_spec(target.split(":")[0])
            names.append(name)
        except ModuleNotFoundError:
            pass
    return names


def get_segmenter(segmenter: Union[str, Segmenter]) -> Segmenter:
    """A shared instance of the segmenter called ``segmenter`` (or the instance given)."""
    if isinstance(segmenter, Segmenter):
        return segmenter
    if not isinstance(segmenter, str):
        raise TypeError(f"`segmenter` must be a name or a Segmenter, got {type(segmenter).__name__}")
    if segmenter not in SEGMENTERS:
        raise ValueError(f"Unknown segmenter {segmenter!r}; choose one of {sorted(SEGMENTERS)}")
    guard_forked_children()
    with _lock:
        if segmenter not in _instances:
            module, cls = SEGMENTERS[segmenter].split(":")
            _instances[segmenter] = getattr(importlib.import_module(module), cls)()
        return _instances[segmenter]


__all__ = ["EDU", "Segmenter", "SentenceSegmenter", "TokenTaggingSegmenter", "SEGMENTERS", "get_segmenter",
           "available_segmenters"]
