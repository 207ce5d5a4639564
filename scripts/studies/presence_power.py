#!/usr/bin/env python
"""How sharply a unit's presence is credited: the default's presence raised to a power, against people.

Under ``presence="auto"`` the default credits a unit its weight x content words x p^k, where p is its presence
(the words' rule, the learned judge where it reads, the contradiction cap) and k = ``PRESENCE_POWER`` of
``pyramid_metric/methods/reference.py``.  This script sets k in {1, 1.5, 2, 3} and scores, with the default
(references only) and with the human SCUs (``scus=``):

- RoSE XSum and SAMSum, the documents held out of the learned judge's training (fold 0 of
  ``scripts/train/presence.py``; human score = ACU recall, one reference);
- the first ``--tac-topics`` TAC 2008 topics (57 peers cut to 100 words, four references, NIST's pyramid with
  contributors; human score = NIST's modified pyramid score).

Summary level (per document across systems, mean Pearson) and system level, 95% intervals from resampling
documents; a power chosen on these sets is to be checked on REALSumm dev and DUC 2007 with their own scripts
(``realsumm_correlations.py --rows default``, ``duc2007_correlations.py --rows default``, with the constant set).
Score matrices are cached under runs/presence_power/.

    python scripts/studies/presence_power.py --fold runs/presence_rose/folds/fold0 [--tac-topics 12] \\
        [--judge words] [--powers 1 2]

The results are in docs/studies/presence_power.md; the package keeps the power at 1 (linear).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from claims_agreement import score_matrix  # noqa: E402
from common import ROOT  # noqa: E402
from presence_judge import correlation_interval, scored_sets  # noqa: E402

from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

CACHE = ROOT / "runs" / "presence_power"
POWERS = (1.0, 1.5, 2.0, 3.0)


def powered_scores(docs, mode: str, power: float, judge: str) -> np.ndarray:
    """Documents x systems scores of the package with ``PRESENCE_POWER`` set to ``power``."""
    import pyramid_metric.methods.reference as reference

    kept = reference.PRESENCE_POWER
    reference.PRESENCE_POWER = power
    try:
        return score_matrix(docs, mode, judge=judge)
    finally:
        reference.PRESENCE_POWER = kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold", required=True, type=Path, help="the learned judge's fold directory (held-out ids)")
    ap.add_argument("--tac-topics", type=int, default=12, help="TAC 2008 topics scored (0: none)")
    ap.add_argument("--powers", type=float, nargs="+", default=list(POWERS))
    ap.add_argument("--judge", default="auto", choices=("auto", "learned", "words"), help="the judge option")
    args = ap.parse_args()
    CACHE.mkdir(parents=True, exist_ok=True)
    print("| set | mode | power | summary r [95%] | system r [95%] |")
    print("|---|---|---|---|---|")
    for name, (docs, human) in scored_sets(args.fold, args.tac_topics).items():
        for mode in ("default", "human SCUs"):
            for power in args.powers:
                cache = CACHE / f"{name.split(' (')[0]}_{mode}_{args.judge}_{power:g}_{len(docs)}.npy".replace(" ", "_")
                if cache.exists():
                    m = np.load(cache)
                else:
                    m = powered_scores(docs, mode, power, args.judge)
                    np.save(cache, m)
                print(f"| {name} ({len(docs)}) | {mode} | {power:g} | "
                      f"{correlation_interval(m, human, summary_level)} | "
                      f"{correlation_interval(m, human, system_level)} |", flush=True)


if __name__ == "__main__":
    main()
