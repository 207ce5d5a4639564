"""Tune the embedding matcher's threshold t (Hirao et al. 2018, Eq. 24, cosine in place of LCS) on REALSumm dev only.

Usage (from the project root):
    python scripts/train/embedding_threshold.py [--data ../shared/data/realsumm/realsumm_dev.jsonl]
        [--grid 0.3 0.35 ... 0.9] [--extract be] [--scus] [--json out.json]

Pyramids are built once with the core method (default options, matcher="embedding"); each summary's
cosine matrix is computed once; every t of the grid is then scored with the same parts the method uses
(scoring.credit_matrix + the one-to-one assignment / knapsack bound of scoring.pyramid_score).  The
criterion is the summary-level Pearson correlation with the human LitePyramid scores (ties: the larger
system-level Pearson).  With --scus the human-pyramid mode is swept instead (REALSumm's given SCUs).
The chosen value is the embedding matcher's threshold (``resolves`` of its registration in
pyramid_metric/match/embedding.py); the table is reported in docs/studies/results.md.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import add_data_argument, read_rows  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.document import make_documents, spans  # noqa: E402
from pyramid_metric.metaeval import all_correlations  # noqa: E402
from pyramid_metric.pyramid import scu_pyramid  # noqa: E402
from pyramid_metric.scoring import pyramid_score  # noqa: E402


class _Fixed:
    """A matcher that returns a precomputed similarity matrix (so each t reuses the cosines)."""

    name = "fixed"

    def __init__(self, sim):
        self.sim = sim

    def similarities(self, summary, pyramid):
        return self.sim


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_data_argument(ap)
    ap.add_argument("--grid", type=float, nargs="+", default=[round(0.3 + 0.05 * i, 2) for i in range(13)])
    ap.add_argument("--extract", default="be")
    ap.add_argument("--scus", action="store_true", help="sweep the human-pyramid mode (given SCUs)")
    ap.add_argument("--matcher", default="embedding", help="sweep another matcher's threshold (e.g. lcs)")
    ap.add_argument("--soft", action="store_true", help="credit phi * w instead of w (config.soft)")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--json")
    args = ap.parse_args()

    rows = read_rows(args.data, args.limit)
    systems = sorted(rows[0]["systems"])
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    scorer = PyramidScorer(method="hirao", matcher=args.matcher, extract=args.extract)
    method = scorer.method
    t0 = time.time()
    if args.scus:
        pyramids = [scu_pyramid(r["scus"]) for r in rows]
    else:
        pyramids = scorer.pyramids([[r["reference"]] for r in rows], [r["document"] for r in rows], progress=True)
    t1 = time.time()
    preds = [r["systems"][s]["summary"] for r in rows for s in systems]
    docs = make_documents(preds, method.segmenter)
    method.matcher.prepare([e.text for d in docs for e in d.edus] + [u.text for p in pyramids for u in p.units])
    sims = []
    for k, d in enumerate(docs):
        sims.append((spans(d), method.matcher.similarities(spans(d), pyramids[k // len(systems)].units)))
    t2 = time.time()
    table = []
    for t in args.grid:
        scores = [pyramid_score(sp, pyramids[k // len(systems)], _Fixed(sim), t, args.soft).score
                  for k, (sp, sim) in enumerate(sims)]
        metric = np.array(scores).reshape(len(rows), len(systems))
        corr = all_correlations(metric, human)
        table.append({"t": t, "mean": float(metric.mean()), **corr})
    best = max(table, key=lambda r: (round(r["summary_pearson"], 4), r["system_pearson"]))
    mode = ("human SCUs" if args.scus else f"extract={args.extract}") + (", soft credit" if args.soft else "")
    print(f"\nREALSumm dev, {len(rows)} examples x {len(systems)} systems, {args.matcher} matcher, {mode} "
          f"(pyramids {t1 - t0:.0f}s, cosines {t2 - t1:.0f}s)\n")
    print("| t | mean score | summary r | summary rho | summary tau | system r | system rho | system tau |")
    print("|---|---|---|---|---|---|---|---|")
    for r in table:
        mark = " **best**" if r is best else ""
        print(f"| {r['t']:.2f}{mark} | {r['mean']:.3f} | {r['summary_pearson']:.3f} | {r['summary_spearman']:.3f} | "
              f"{r['summary_kendall']:.3f} | {r['system_pearson']:.3f} | {r['system_spearman']:.3f} | "
              f"{r['system_kendall']:.3f} |")
    print(f"\nchosen t = {best['t']:.2f} (summary-level Pearson {best['summary_pearson']:.3f})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"mode": mode, "table": table, "best": best["t"]}, f, indent=1)


if __name__ == "__main__":
    main()
