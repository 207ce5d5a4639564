#!/usr/bin/env python
"""Keep the bi-LSTM segmenter's K most frequent training words; the rest read as ``<unk>``.

Usage (from the project root)::

    python scripts/train/prune_bilstm_vocab.py --keep 6000 [--weights-dir DIR] [--out DIR]

The bi-LSTM's vocabulary (``architecture.words`` in ``bilstm.json``) is sorted
by training frequency (``segment/train.py``: count, then alphabetically), so
its first K entries are the K most frequent words of GUM + SciDTB train.  The
word-embedding table is cut to those rows; every other word becomes ``<unk>``
and is still read through its characters (the character bi-LSTM).  Training
already showed the model rare words as ``<unk>``: word dropout replaces a word
seen c times with probability alpha / (alpha + c), alpha = 1.

Why: the shipped weights had to fit the project's 25 MB aim; the embedding
rows of the 12,815 rarest words (mostly seen once or twice in training) were
2.6 MB.  Measured with ``scripts/train/eval_segmenter.py --segmenter bilstm``
before and after (K = 6000): GUM dev F1 0.899 -> 0.897, SciDTB dev 0.933 ->
0.928, GUM test 0.900 -> 0.900, SciDTB test 0.918 -> 0.916, plain-text GUM
test 0.882 -> 0.882.  The JSON records the pruning; the sha256 is recomputed.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import ROOT  # noqa: E402
from pyramid_metric.checksum import sha256_file  # noqa: E402

WEIGHTS = ROOT / "pyramid_metric" / "segment" / "weights"


def prune(weights_dir: Path, out: Path, keep: int) -> dict:
    """Write ``out/bilstm.{safetensors,json}`` with the first ``keep`` words; returns the new config."""
    from safetensors.torch import load_file, save_file

    config = json.loads((weights_dir / "bilstm.json").read_text(encoding="utf-8"))
    tensors = load_file(str(weights_dir / config.get("weights_file", "bilstm.safetensors")))
    words = config["architecture"]["words"]
    if words[:2] != ["<pad>", "<unk>"]:
        raise ValueError("bilstm.json: the vocabulary must start with <pad>, <unk>")
    if not 2 < keep <= len(words):
        raise ValueError(f"`keep` must be in (2, {len(words)}], got {keep}")
    if tensors["embed.weight"].shape[0] != len(words):
        raise ValueError("bilstm.json and bilstm.safetensors disagree on the vocabulary size")
    tensors["embed.weight"] = tensors["embed.weight"][:keep].contiguous()
    out.mkdir(parents=True, exist_ok=True)
    tensor_path = out / "bilstm.safetensors"
    save_file(tensors, str(tensor_path))
    os.chmod(tensor_path, 0o644)
    config["architecture"]["words"] = words[:keep]
    config["vocabulary_pruned"] = {
        "kept_words": keep, "of_words": len(words), "date": datetime.date.today().isoformat(),
        "command": f"python scripts/train/prune_bilstm_vocab.py --keep {keep}",
        "note": "the most frequent training words kept; the others read as <unk> (their characters still "
                "count); 'metrics' are those of the unpruned model at training time"}
    config.update({"weights_file": tensor_path.name, "sha256": sha256_file(tensor_path),
                   "size_bytes": tensor_path.stat().st_size})
    (out / "bilstm.json").write_text(json.dumps(config, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return config


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", type=int, required=True, help="words to keep (including <pad> and <unk>)")
    ap.add_argument("--weights-dir", type=Path, default=WEIGHTS)
    ap.add_argument("--out", type=Path, default=None, help="default: overwrite --weights-dir")
    args = ap.parse_args(argv)
    config = prune(args.weights_dir, args.out or args.weights_dir, args.keep)
    print(f"kept {args.keep} of {config['vocabulary_pruned']['of_words']} words: {config['size_bytes']} bytes, "
          f"sha256 {config['sha256'][:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
