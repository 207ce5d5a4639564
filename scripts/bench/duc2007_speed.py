"""Speed on DUC 2007 (four 250-word references, 32 peers a topic): BERTScore-MiniLM and this metric, one run.

Usage (from the project root):
    python scripts/bench/duc2007_speed.py [--topics 10] [--config '{"matcher": "recall"}'] [--threads 2]

Both score the first N topics' peers (cut to 250 words, as NIST's evaluation did) against all four references:
BERTScore with the local all-MiniLM-L6-v2 (`bert-score`, warm model; with several references it keeps the best
one), this metric cold (every pyramid built: the references parsed and segmented, their units weighted) and warm
(pyramids cached, summaries processed anew; word vectors kept), and warm with the word vectors cleared too
(summaries whose words were never seen).  Prints seconds and the ratios.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py
sys.path.insert(0, os.path.join(HERE, "..", "studies"))

from common import DATA, bertscore_minilm  # noqa: E402
from duc2007_correlations import AUTOMATIC, load, truncate  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--topics", type=int, default=10)
    ap.add_argument("--config", default="{}", help="PyramidScorer options as JSON (default configuration)")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    topics = load(str(DATA / "duc2007" / "duc2007_main.jsonl"), args.topics)
    preds, refs = [], []
    for t in topics:
        references = [t["references"][k] for k in sorted(t["references"])]
        for s in AUTOMATIC:
            peer = truncate(t["systems"][s]["summary"])
            if peer.strip():  # bert-score cannot read an empty text; the few empty peers are left out of both
                preds.append(peer)
                refs.append(references)

    bs = bertscore_minilm()
    bs.score(preds[:4], refs[:4])  # load and warm up the model
    t = time.perf_counter()
    bs.score(preds, refs)
    secs_bs = time.perf_counter() - t

    from pyramid_metric import PyramidScorer
    from pyramid_metric import text as textlib
    from pyramid_metric.encoder import get_encoder

    options = json.loads(args.config)
    PyramidScorer(**options).score(["warm up the models."], [["A reference."]])  # models loaded outside timing
    scorer = PyramidScorer(**options)
    t = time.perf_counter()
    scorer.score(preds, refs)
    secs_cold = time.perf_counter() - t
    textlib.clear_parse_cache()
    t = time.perf_counter()
    scorer.score(preds, refs)
    secs_warm = time.perf_counter() - t
    textlib.clear_parse_cache()
    get_encoder().clear_word_cache()
    t = time.perf_counter()
    scorer.score(preds, refs)
    secs_new_words = time.perf_counter() - t
    n = len(preds)
    print(f"\nDUC 2007, first {len(topics)} topics: {n} peers x 4 references, {args.threads} threads; config "
          f"{options or 'default'}\n")
    print("| metric | seconds | summaries/s | vs BERTScore-MiniLM |\n|---|---|---|---|")
    for name, secs in (("BERTScore-MiniLM (bert-score, warm model, best of 4 references)", secs_bs),
                       ("pyramid-metric cold (pyramids built)", secs_cold),
                       ("pyramid-metric warm (pyramids cached)", secs_warm),
                       ("pyramid-metric warm, word vectors cleared", secs_new_words)):
        print(f"| {name} | {secs:.1f} | {n / secs:.1f} | {secs_bs / secs:.2f}x |")


if __name__ == "__main__":
    main()
