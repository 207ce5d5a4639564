#!/usr/bin/env python
"""Boundary precision / recall / F1 of the shipped EDU segmenters (DISRPT convention).

Two scenarios:

- **gold**: gold tokens and sentences of a DISRPT file; every token tagged
  ``BeginSeg=Yes`` is a boundary (sentence-initial ones included, as DISRPT
  scores them); also reported: F1 on sentence-internal boundaries only;
- **plain** (GUM test): raw text rebuilt from the gold tokens
  (``SpaceAfter=No``), sentences joined by one space, then ``segment(text)``
  with our own spaCy sentence splitting and tokenization.  A predicted
  boundary is the start character of an EDU, a gold boundary the start
  character of a ``BeginSeg=Yes`` token; they match when equal.

    python scripts/train/eval_segmenter.py                       # both segmenters, GUM + SciDTB test, plain GUM
    python scripts/train/eval_segmenter.py --segmenter bilstm --files ../shared/data/edu/eng.rst.gum_test.conllu
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

from common import DATA  # noqa: E402

EDU = DATA / "edu"
DEFAULT_FILES = [EDU / "eng.rst.gum_test.conllu", EDU / "eng.dep.scidtb_test.conllu"]


def prf(tp: int, fp: int, fn: int) -> dict:
    """Precision, recall, F1 from counts."""
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(2 * p * r / (p + r) if p + r else 0.0, 4),
            "tp": tp, "fp": fp, "fn": fn}


def eval_gold(seg, path: Path) -> dict:
    """Gold tokens and sentences: ``seg.predict_begins`` on each sentence; all-boundary and intra-sentence F1."""
    from pyramid_metric.segment import data

    sents = data.sentences_of(data.read_disrpt(path))
    gold = [s.begins for s in sents]
    t0 = time.time()
    pred = seg.predict_begins([s.tokens for s in sents])
    secs = time.time() - t0
    allb = data.boundary_prf(gold, pred)
    intra = data.boundary_prf([g[1:] for g in gold], [p[1:] for p in pred])
    n_tok = sum(len(g) for g in gold)
    return {"file": path.name, "scenario": "gold tokens+sentences", **prf(allb["tp"], allb["fp"], allb["fn"]),
            "intra_sentence_f1": round(intra["f1"], 4), "tokens": n_tok, "tokens_per_s": round(n_tok / secs)}


def eval_plain(seg, path: Path) -> dict:
    """Plain text: rebuild each document's text, ``seg.segment_many``, align boundaries by character offset."""
    from pyramid_metric.segment import data

    docs = data.read_disrpt(path)
    texts, golds = [], []
    for d in docs:
        text, offsets = d.text()
        texts.append(text)
        golds.append({offsets[i][j][0] for i, s in enumerate(d.sentences) for j, b in enumerate(s.begins) if b})
    t0 = time.time()
    edus = seg.segment_many(texts)
    secs = time.time() - t0
    tp = fp = fn = 0
    for text, gold, doc_edus in zip(texts, golds, edus):
        pred = {e.start for e in doc_edus}
        assert all(text[e.start:e.end] == e.text for e in doc_edus)
        tp += len(gold & pred)
        fp += len(pred - gold)
        fn += len(gold - pred)
    n_tok = sum(len(s.tokens) for d in docs for s in d.sentences)
    return {"file": path.name, "scenario": "plain text (spaCy sentences+tokens)", **prf(tp, fp, fn),
            "tokens": n_tok, "tokens_per_s_incl_spacy": round(n_tok / secs)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--segmenter", nargs="+", default=["transformer", "bilstm"])
    ap.add_argument("--files", nargs="+", type=Path, default=DEFAULT_FILES, help="DISRPT test files (gold scenario)")
    ap.add_argument("--plain", type=Path, default=EDU / "eng.rst.gum_test.conllu",
                    help="DISRPT file for the plain-text scenario ('none' to skip)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", type=Path, help="also write the results here")
    ap.add_argument("--weights-dir", type=Path, help="evaluate the weights in this folder (<segmenter>.json and "
                                                     ".safetensors) instead of the shipped ones")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    from pyramid_metric.segment import get_segmenter

    rows = []
    for name in args.segmenter:
        if args.weights_dir:
            from pyramid_metric.segment import SEGMENTERS

            module, cls = SEGMENTERS[name].split(":")
            seg = getattr(importlib.import_module(module), cls)(weights_dir=args.weights_dir)
        else:
            seg = get_segmenter(name)
        for f in args.files:
            rows.append({"segmenter": seg.signature(), **eval_gold(seg, f)})
            print(json.dumps(rows[-1]), flush=True)
        if str(args.plain) != "none":
            rows.append({"segmenter": seg.signature(), **eval_plain(seg, args.plain)})
            print(json.dumps(rows[-1]), flush=True)
    print()
    print(f"{'segmenter':<34} {'file':<28} {'scenario':<36} {'P':>6} {'R':>6} {'F1':>6}")
    for r in rows:
        print(f"{r['segmenter']:<34} {r['file']:<28} {r['scenario']:<36} "
              f"{r['precision']:6.3f} {r['recall']:6.3f} {r['f1']:6.3f}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
