"""The presence model behind the learned matcher: MiniLM with LoRA adapters, read as a packed cross-encoder.

Importing this module imports torch; :mod:`pyramid_metric.match.learned` imports it only when a model is built,
so that importing the package does not.  The architecture is described in that module's docstring.
"""
from __future__ import annotations

import warnings
from typing import Dict, List, Sequence

import torch
from torch import nn

from ..checksum import load_trained_tensors
from ..segment.transformer import add_lora, window_spans
from .presence_inputs import MAX_UNIT_PIECES, N_LEXICAL, STRIDE, WINDOW, PresenceWeightsError, normalize, pack


class PresenceModel(nn.Module):
    """MiniLM with LoRA adapters in every layer, read as a packed cross-encoder, + pooled-unit head."""

    def __init__(self, encoder, tokenizer, lora_rank: int = 16, head_hidden: int = 128, dropout: float = 0.1,
                 window: int = WINDOW, stride: int = STRIDE):
        super().__init__()
        if lora_rank < 1:
            raise ValueError(f"`lora_rank` must be >= 1, got {lora_rank}")
        self.encoder = encoder
        self.tokenizer = tokenizer
        self.lora_rank = lora_rank
        self.window, self.stride = window, stride
        self.head_hidden = head_hidden
        self.drop_p = dropout
        for p in self.encoder.parameters():
            p.requires_grad_(False)
        for layer in self.encoder.encoder.layer:
            add_lora(layer, lora_rank)
        hidden = encoder.config.hidden_size
        self.head = nn.Sequential(nn.Dropout(dropout), nn.Linear(hidden, head_hidden), nn.GELU(),
                                  nn.Linear(head_hidden, 1))
        self.skip = nn.Linear(N_LEXICAL, 1)

    @property
    def device(self):
        return self.skip.weight.device

    # ---- preprocessing ---------------------------------------------------------------------
    def piece_ids(self, texts: Sequence[str]) -> List[List[int]]:
        return self.tokenizer([normalize(t) for t in texts], add_special_tokens=False)["input_ids"]

    def unit_ids(self, texts: Sequence[str]) -> List[List[int]]:
        """Piece ids of units; a unit beyond ``MAX_UNIT_PIECES`` is cut, with a warning."""
        out, cut = [], 0
        for ids in self.piece_ids(texts):
            if len(ids) > MAX_UNIT_PIECES:
                ids, cut = ids[:MAX_UNIT_PIECES], cut + 1
            out.append(ids)
        if cut:
            warnings.warn(f"learned matcher: {cut} pyramid unit(s) longer than {MAX_UNIT_PIECES} word pieces "
                          "were cut to that length", UserWarning, stacklevel=3)
        return out

    def summary_windows(self, texts: Sequence[str]) -> List[List[List[int]]]:
        """Per summary, the piece ids of its windows (one window unless it is long)."""
        return [[ids[s:e] for s, e in window_spans(len(ids), self.window, self.stride)]
                for ids in self.piece_ids(texts)]

    def pack(self, summary_ids, units) -> List[dict]:
        tok = self.tokenizer
        return pack(summary_ids, units, tok.cls_token_id, tok.sep_token_id)

    # ---- encoder ---------------------------------------------------------------------------
    def forward(self, chunks: Sequence[dict], lexical: "torch.Tensor") -> "torch.Tensor":
        """Logits of every unit of ``chunks`` (chunk order, then unit order); ``lexical`` [units, 2]."""
        device = self.device
        n, n_units = max(len(c["ids"]) for c in chunks), max(len(c["keys"]) for c in chunks)
        ids = torch.zeros(len(chunks), n, dtype=torch.long)
        pos, typ = torch.zeros_like(ids), torch.zeros_like(ids)
        blk = torch.full_like(ids, -1)
        for r, c in enumerate(chunks):
            m = len(c["ids"])
            ids[r, :m], pos[r, :m] = torch.tensor(c["ids"]), torch.tensor(c["pos"])
            typ[r, :m], blk[r, :m] = torch.tensor(c["typ"]), torch.tensor(c["blk"])
        ids, pos, typ, blk = ids.to(device), pos.to(device), typ.to(device), blk.to(device)
        valid = blk >= 0
        to_summary = (blk == 0)[:, None, :]
        allow = (to_summary | (blk[:, None, :] == blk[:, :, None])) & valid[:, None, :]
        allow = allow | (~valid[:, :, None] & to_summary)  # padding rows look at the summary (no empty rows)
        dt = self.skip.weight.dtype  # float32 in training, float64 in the matcher (module docstring of learned.py)
        mask = torch.zeros(allow.shape, device=device, dtype=dt).masked_fill(~allow, torch.finfo(dt).min)
        h = self.encoder.embeddings(input_ids=ids, position_ids=pos, token_type_ids=typ)
        for layer in self.encoder.encoder.layer:
            o = layer(h, mask[:, None])
            h = o[0] if isinstance(o, tuple) else o
        member = (blk[:, None, :] == torch.arange(1, n_units + 1, device=device)[None, :, None]).to(h.dtype)
        count = member.sum(-1)                                           # [chunks, units]
        pooled = (member @ h) / count.clamp(min=1)[..., None]
        pooled = pooled[count > 0].to(dt)                                # chunk order, unit order
        return (self.head(pooled) + self.skip(lexical.to(device=device, dtype=dt))).squeeze(-1)

    # ---- weights ---------------------------------------------------------------------------
    def trained_state(self) -> Dict[str, "torch.Tensor"]:
        """The tensors training changes (LoRA adapters + head): what is shipped."""
        return {k: t for k, t in self.state_dict().items()
                if k.startswith(("head.", "skip.")) or k.endswith((".lora_a", ".lora_b"))}

    def load_trained_state(self, tensors: Dict[str, "torch.Tensor"]) -> None:
        load_trained_tensors(self, tensors, self.trained_state(), PresenceWeightsError, "presence")

    def architecture(self) -> dict:
        return {"kind": "packed-cross-encoder", "lora_rank": self.lora_rank,
                "n_layers": len(self.encoder.encoder.layer), "head_hidden": self.head_hidden,
                "dropout": self.drop_p, "window": self.window, "stride": self.stride,
                "max_unit_pieces": MAX_UNIT_PIECES, "lexical_features": ["content-word recall", "bigram recall"],
                "head": "MLP(mean of the unit's final states) + linear(lexical features)"}


__all__ = ["PresenceModel"]
