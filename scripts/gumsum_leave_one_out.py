"""Leave-one-out on GUMSum: each human summary against the pyramid of the other four, next to a lead baseline.

Usage (from the project root):
    python scripts/gumsum_leave_one_out.py [--split dev] [--extract be] [--segmenter NAME]

For every document and every one of its five human summaries, the pyramid is
built from the source and the other four summaries (weights 1..4); the held-out
summary is scored, and so is a lead baseline: the first words of the source,
cut to the held-out summary's length. A sanity check of the metric: human
abstracts should not lose to the lead on documents whose first words are not a
summary (GUM's genres are mostly not news).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval  # noqa: E402


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="dev")
    ap.add_argument("--data", default=os.path.join(here, "..", "..", "shared", "data", "gumsum"))
    ap.add_argument("--extract", default="be")
    ap.add_argument("--segmenter", default=None)
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args()
    with open(os.path.join(args.data, f"gumsum_{args.split}.jsonl"), encoding="utf-8") as f:
        docs = [json.loads(line) for line in f][:args.limit]
    opts = {"extract": args.extract}
    if args.segmenter:
        opts["segmenter"] = args.segmenter
    scorer = PyramidScorer(**opts)
    preds, refs, srcs, kinds = [], [], [], []
    for d in docs:
        words = d["text"].split()
        for i, held in enumerate(d["summaries"]):
            others = d["summaries"][:i] + d["summaries"][i + 1:]
            lead = " ".join(words[:len(held.split())])
            for kind, pred in (("human", held), ("lead", lead)):
                preds.append(pred)
                refs.append(others)
                srcs.append(d["text"])
                kinds.append(kind)
    results = scorer.score(preds, refs, srcs, progress=True)
    scores = np.array([r.score for r in results])
    kinds = np.array(kinds)
    human, lead = scores[kinds == "human"], scores[kinds == "lead"]
    print(f"GUMSum {args.split}: {len(docs)} documents x 5 held-out summaries; pyramids from the other 4\n")
    print("| summary | mean pyramid score | 95% interval |")
    print("|---|---|---|")
    for name, v in (("human (held out)", human), ("lead, same length", lead)):
        lo, hi = bootstrap_interval(v)
        print(f"| {name} | {v.mean():.3f} | [{lo:.3f}, {hi:.3f}] |")
    print(f"\nhuman > lead on {np.mean(human > lead):.0%} of pairs, lead > human on {np.mean(lead > human):.0%}")
    genres = sorted({d["genre"] for d in docs})
    per_doc = np.repeat([d["genre"] for d in docs], 5)
    print("\n| genre | human | lead |\n|---|---|---|")
    for g in genres:
        m = per_doc == g
        print(f"| {g} | {human[m].mean():.3f} | {lead[m].mean():.3f} |")
    print(f"\n`{scorer.signature(nrefs=4)}`")


if __name__ == "__main__":
    main()
