#!/usr/bin/env python
"""Throughput of the EDU segmenters' batched inference (tokens/s) on this machine.

Measures ``predict_begins`` on gold-tokenized sentences of GUM test (the
model alone, batched), and ``segment_many`` on the rebuilt raw documents
(spaCy parsing included, for reference).  One warm-up pass first.

With ``--short-references``, instead: ``segment_many`` on the one-sentence references the default reads in
context (RoSE XSum's references and GUMSum dev's human summaries, a new process's parses, as a cold scoring run
meets them), its seconds, and how many EDUs it finds in a reference by the reference's length in words (whether a
short sentence could go without the segmenter).

    python scripts/bench/segmenters.py --threads 2
    python scripts/bench/segmenters.py --short-references
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA  # noqa: E402

GUM_TEST = DATA / "edu" / "eng.rst.gum_test.conllu"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--segmenter", nargs="+", default=["transformer", "bilstm"])
    ap.add_argument("--file", type=Path, default=GUM_TEST)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--no-plain", action="store_true", help="skip the raw-text (spaCy included) measurement")
    ap.add_argument("--short-references", action="store_true",
                    help="time the transformer on one-sentence references and count their EDUs by length")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    from pyramid_metric.segment import data, get_segmenter

    if args.short_references:
        return short_references(get_segmenter("transformer"))

    docs = data.read_disrpt(args.file)
    sents = [s.tokens for s in data.sentences_of(docs)]
    texts = [d.text()[0] for d in docs]
    n_tok = sum(len(s) for s in sents)
    print(json.dumps({"cpu": platform.processor() or platform.machine(), "threads": torch.get_num_threads(),
                      "file": args.file.name, "sentences": len(sents), "tokens": n_tok}))
    for name in args.segmenter:
        seg = get_segmenter(name)
        seg.predict_begins(sents[:200])  # warm-up
        best = float("inf")
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            seg.predict_begins(sents)
            best = min(best, time.perf_counter() - t0)
        row = {"segmenter": name, "tokens_per_s": round(n_tok / best), "seconds": round(best, 2)}
        if not args.no_plain:
            from pyramid_metric import text as textlib

            textlib.parse_many(texts)  # spaCy parses are cached: time the segmenter on warm parses
            t0 = time.perf_counter()
            seg.segment_many(texts)
            row["plain_text_tokens_per_s_spacy_cached"] = round(n_tok / (time.perf_counter() - t0))
        print(json.dumps(row), flush=True)
    return 0


def short_references(seg) -> int:
    """Seconds of ``segment_many`` on the one-sentence references of RoSE XSum and GUMSum dev, and their EDUs by
    length in words."""
    with open(DATA / "rose" / "rose_xsum.jsonl", encoding="utf-8") as f:
        refs = [json.loads(line)["reference"] for line in f]
    with open(DATA / "gumsum" / "gumsum_dev.jsonl", encoding="utf-8") as f:
        refs += [s for line in f for s in json.loads(line)["summaries"]]
    seg.segment_many(["The models load on a first text that is not one of the references."])
    t0 = time.perf_counter()
    edus = [len(d) for d in seg.segment_many(refs)]
    print(f"{len(refs)} one-sentence references: segment_many {time.perf_counter() - t0:.1f} s\n")
    print("| words | references | left whole | EDUs, mean |\n|---|---|---|---|")
    lengths = [len(r.split()) for r in refs]
    for lo, hi in ((0, 15), (15, 20), (20, 25), (25, 30), (30, 40), (40, None)):
        kept = [k for k, n in zip(edus, lengths) if n >= lo and (hi is None or n < hi)]
        if kept:
            print(f"| {lo}-{hi - 1 if hi else ''} | {len(kept)} | {sum(k == 1 for k in kept) / len(kept):.0%} | "
                  f"{sum(kept) / len(kept):.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
