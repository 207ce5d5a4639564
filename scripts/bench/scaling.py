#!/usr/bin/env python
"""Time per example as the source grows (500 to 20,000 words), per stage, on REALSumm text.

Sources are REALSumm dev documents joined (in file order) and cut at a sentence end near N words; the
reference and the 25 system summaries are those of the first example.  For each N a fresh scorer
scores the 25 summaries cold (parse, segment, extract, build, match, solve); the table gives seconds
per example, the number of source EDUs, and the stage times (cProfile cumulative).

    python scripts/bench/scaling.py [--sizes 500 1000 2000 5000 10000 20000] [--config '{"method": "hirao"}']
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import add_data_argument, read_rows  # noqa: E402
from speed import STAGES, stage_times  # noqa: E402


def source_of(docs, n_words: int) -> str:
    """Documents joined until ``n_words`` words, cut after the sentence that reaches it."""
    out, count = [], 0
    for d in docs:
        for sent in d.replace("</t>", "").replace("<t>", "").split(" . "):
            out.append(sent.strip() + " .")
            count += len(sent.split()) + 1
            if count >= n_words:
                return " ".join(out)
    return " ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_data_argument(ap)
    ap.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000, 5000, 10000, 20000])
    ap.add_argument("--config", default='{"method": "hirao"}', help="PyramidScorer options as JSON")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    import torch

    from pyramid_metric import PyramidScorer
    from pyramid_metric import text as textlib
    from pyramid_metric.document import make_documents
    from pyramid_metric.segment import get_segmenter

    torch.set_num_threads(args.threads)
    rows = read_rows(args.data)
    docs = [r["document"] for r in rows]
    ref = rows[0]["reference"]
    preds = [s["summary"] for _, s in sorted(rows[0]["systems"].items())]
    options = json.loads(args.config)
    PyramidScorer(**options).score(["warm up."], [[ref]], [docs[0]])  # load models outside the timing
    print(f"config {options}; reference {len(ref.split())} words; {len(preds)} summaries per example\n")
    print("| source words | source EDUs | seconds per example | " + " | ".join(STAGES) + " |")
    print("|---|---|---|" + "---|" * len(STAGES))
    for n in args.sizes:
        src = source_of(docs, n)
        textlib.clear_parse_cache()
        scorer = PyramidScorer(**options)
        prof = cProfile.Profile()
        t = time.perf_counter()
        prof.enable()
        res = scorer.score(preds, [[ref]] * len(preds), [src] * len(preds))
        prof.disable()
        secs = time.perf_counter() - t
        assert all(0.0 <= r.score <= 1.0 for r in res)
        n_edus = len(make_documents([src], get_segmenter(scorer.config.segmenter))[0].edus)  # after timing
        stages = stage_times(prof)
        print(f"| {len(src.split())} | {n_edus} | {secs:.2f} | " + " | ".join(f"{v:.2f}" for v in stages.values())
              + " |", flush=True)


if __name__ == "__main__":
    main()
