#!/usr/bin/env python
"""The presence judge on multi-document pyramids it did not learn from: TAC 2008 topics held out of its training.

A judge trained on TAC 2008's odd-numbered topics (``scripts/train/presence_data.py --sets ... tac2008``, the even
topics removed) is read on the even-numbered topics against the shipped judge (which learned from no TAC topic)
and against words alone, in the human-SCU mode (the topics' SCUs, weights and contributors, with the four
references; the default's row, references only, beside them).  Peers are cut to 100 words as NIST scored them;
the scores are correlated with NIST's modified pyramid scores: summary level (per topic across the 57 peers that
scored every topic, mean Pearson) and system level (Pearson of the peers' means), 95% intervals and paired
differences from resampling topics.

    python scripts/studies/judge_out_of_sample.py --weights runs/judge_rose_tac_odd --topics even

The judge is read with ``judge="learned"`` (the default reads words for pyramids of several model summaries).
Score matrices are cached under ``runs/judge_out_of_sample/``.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from claims_agreement import correlation_interval, paired_difference, score_matrix, tac2008  # noqa: E402
from common import ROOT, in_tac2008_half  # noqa: E402

from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

CACHE = ROOT / "runs" / "judge_out_of_sample"


def held_out(docs, human, half: str) -> tuple:
    """The topics of ``half`` ("even" or "odd") and their rows of ``human``."""
    keep = [k for k, d in enumerate(docs) if in_tac2008_half(d["topic"], half)]
    return [docs[k] for k in keep], human[keep]


def judged_matrix(docs, mode: str, judge: str, weights) -> np.ndarray:
    """:func:`claims_agreement.score_matrix` with ``judge`` ("words" or "learned"), the learned judge read from
    ``weights`` (a folder) or the package's weights (None)."""
    import pyramid_metric.match.learned as learned
    from pyramid_metric.methods.reference import learned_judge

    kept = learned.WEIGHTS_DIR
    learned.WEIGHTS_DIR = Path(weights) if weights else kept
    learned_judge.cache_clear()
    try:
        return score_matrix(docs, mode, judge=judge)
    finally:
        learned.WEIGHTS_DIR = kept
        learned_judge.cache_clear()


def weights_checksum(weights) -> str:
    """The first 8 hex digits of the judge's weights checksum (its ``presence.json``): a cached matrix of other
    weights is not read back."""
    import json

    import pyramid_metric.match.learned as learned

    with open(Path(weights or learned.WEIGHTS_DIR) / "presence.json", encoding="utf-8") as f:
        return json.load(f)["sha256"][:8]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", required=True, help="folder of the judge trained without the held-out topics")
    ap.add_argument("--topics", choices=("even", "odd"), default="even", help="the held-out topics")
    args = ap.parse_args(argv)
    docs, human = tac2008()
    docs, human = held_out(docs, human, args.topics)
    CACHE.mkdir(parents=True, exist_ok=True)
    judges = {"words": ("words", None), "shipped judge": ("learned", None),
              f"judge of {Path(args.weights).name}": ("learned", args.weights)}
    print(f"TAC 2008, {len(docs)} {args.topics} topics x {human.shape[1]} peers\n")
    print("| mode | judge | summary r [95%] | system r [95%] | minus words: summary / system |")
    print("|---|---|---|---|---|")
    rows = [("default", "words")] + [("human SCUs", name) for name in judges]
    m = {}
    for mode, name in rows:
        judge, weights = judges[name]
        judged = "" if judge == "words" else f"_{weights_checksum(weights)}"
        cache = CACHE / f"{mode}_{name}{judged}_{args.topics}.npy".replace(" ", "_")
        if not cache.exists():
            np.save(cache, judged_matrix(docs, mode, judge, weights))
        m[mode, name] = np.load(cache)
        a, b = m[mode, name], m[mode, "words"]
        diff = "" if name == "words" else (f"{paired_difference(a, b, human, summary_level)} / "
                                           f"{paired_difference(a, b, human, system_level)}")
        print(f"| {mode} | {name} | {correlation_interval(a, human, summary_level)} | "
              f"{correlation_interval(a, human, system_level)} | {diff} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
