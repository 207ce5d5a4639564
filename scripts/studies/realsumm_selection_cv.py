#!/usr/bin/env python
"""Out-of-sample check of how the default configuration was chosen (REALSumm dev, nested selection).

The default (reference-EDU pyramid, content-weighted recall credit) has no fitted parameter, but it was
*chosen* among candidate configurations on REALSumm dev.  The candidates include the align matcher's
settings (MiniLM layer x cosine floor, rows ``align_L<layer>_f<floor x 100>``), so its layer and floor
are chosen inside the cross-validation too.  This script repeats that choice without
peeking: in 5-fold cross-validation split by example, and separately split by system (folds fixed by
seed 2026), the candidate with the best summary-level Pearson on the training folds is applied to the
held-out fold; the assembled held-out matrix is then correlated with the human scores.

Input: the score matrices written by ``realsumm_correlations.py --save-matrices DIR``::

    python scripts/studies/realsumm_correlations.py --rows default refpyr_recall refpyr_lcs refpyr_emb rouge_1 \\
        rouge_su4 rouge2 $(python scripts/studies/realsumm_selection_cv.py --list-align) --save-matrices runs/realsumm-matrices
    python scripts/studies/realsumm_selection_cv.py runs/realsumm-matrices
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

import common  # noqa: E402,F401  (the project root on the path)
from pyramid_metric.metaeval import all_correlations, summary_level  # noqa: E402
from realsumm_correlations import ALIGN_ROWS  # noqa: E402

CANDIDATES = ["default", "refpyr_recall", "refpyr_lcs", "refpyr_emb"] + list(ALIGN_ROWS)
SEED = 2026


def nested_selection(matrices: dict, human: np.ndarray, by: str, k: int = 5, seed: int = SEED):
    """Held-out matrix assembled fold by fold, and the candidate chosen in each fold."""
    axis = 0 if by == "example" else 1
    n = human.shape[axis]
    folds = np.array_split(np.random.default_rng(seed).permutation(n), k)
    held_out = np.zeros_like(human)
    chosen = []
    for fold in folds:
        train = np.setdiff1d(np.arange(n), fold)
        take = (lambda m, idx: m[idx]) if axis == 0 else (lambda m, idx: m[:, idx])
        best = max(matrices, key=lambda name: summary_level(take(matrices[name], train), take(human, train),
                                                            "pearson"))
        if axis == 0:
            held_out[fold] = matrices[best][fold]
        else:
            held_out[:, fold] = matrices[best][:, fold]
        chosen.append(best)
    return held_out, chosen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("matrices", nargs="?", help="folder with human.npy and <row>.npy")
    ap.add_argument("--candidates", nargs="+", default=CANDIDATES)
    ap.add_argument("--list-align", action="store_true", help="print the align candidate rows and exit")
    args = ap.parse_args()
    if args.list_align:
        print(" ".join(ALIGN_ROWS))
        return
    if not args.matrices:
        ap.error("the matrices folder is required")
    human = np.load(os.path.join(args.matrices, "human.npy"))
    matrices = {c: np.load(os.path.join(args.matrices, f"{c}.npy")) for c in args.candidates}
    print("| selection | chosen per fold | summary r | rho | tau | system r | rho | tau |")
    print("|---|---|---|---|---|---|---|---|")
    rows = [("in sample: " + c, [c], matrices[c]) for c in args.candidates]
    for by in ("example", "system"):
        held_out, chosen = nested_selection(matrices, human, by)
        rows.append((f"5-fold by {by}, best on training folds", chosen, held_out))
    for name, chosen, m in rows:
        c = all_correlations(m, human)
        print(f"| {name} | {', '.join(chosen)} | {c['summary_pearson']:.3f} | {c['summary_spearman']:.3f} | "
              f"{c['summary_kendall']:.3f} | {c['system_pearson']:.3f} | {c['system_spearman']:.3f} | "
              f"{c['system_kendall']:.3f} |")


if __name__ == "__main__":
    main()
