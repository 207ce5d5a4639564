"""Given NIST's pyramids with their model summaries, what should the score read: the SCUs, the model summaries'
own pyramid, or both?  TAC 2008, the package end to end.

Usage (from the project root; about 15 minutes on two CPU cores, seconds with the cache):
    python scripts/studies/tac2008_scus_and_references.py [--cache runs/tac2008-scus-refs]

For TAC 2008's 48 topics x 57 peers (cut to 100 words), three score matrices of the default configuration:
the SCUs alone (labels, weights, contributors; ``scus=`` without ``references``), the references alone (the
automatic default) and the package's human-SCU mode given both (which averages the two: pyramid_metric/methods/
human.py, 4).  Printed: summary level (per topic across peers, mean Pearson) and system level against NIST's
modified pyramid scores, with 95% intervals from resampling topics; the share w of the references' score in a
mix w x references + (1 - w) x SCUs, chosen in 4-fold cross-validation over topics (by summary r on three
folds, scored on the fourth); and the human-SCU mode minus the default, paired over the same resampled topics.
The results are in docs/studies/scu_presence.md.
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py
sys.path.insert(0, HERE)

from claims_agreement import correlation_interval, paired_difference, score_matrix, tac2008  # noqa: E402
from contextual_presence import cached  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
FOLDS = 4


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=None, help="folder for the score matrices (reused when present)")
    args = ap.parse_args()
    docs, human = tac2008()
    scus, refs, both = (cached(args.cache, mode.replace(" ", "_"), lambda mode=mode: score_matrix(docs, mode))
                        for mode in ("SCUs alone", "default", "human SCUs"))
    print("| scores | summary r [95%] | system r [95%] |\n|---|---|---|")
    for name, m in (("SCUs alone", scus), ("references alone (the default)", refs),
                    ("human-SCU mode, given both (the package)", both)):
        print(f"| {name} | {correlation_interval(m, human, summary_level)} | "
              f"{correlation_interval(m, human, system_level)} |")
    print("\n| share of the references' score | summary r | system r |\n|---|---|---|")
    for w in SHARES:
        m = w * refs + (1 - w) * scus
        print(f"| {w:g} | {summary_level(m, human, 'pearson'):.3f} | {system_level(m, human, 'pearson'):.3f} |")
    print("\n| held-out fold | share chosen on the others | its summary r | SCUs alone | references alone |")
    print("|---|---|---|---|---|")
    for k, held in enumerate(np.array_split(np.arange(len(docs)), FOLDS)):
        rest = np.setdiff1d(np.arange(len(docs)), held)
        w = max(SHARES, key=lambda s: summary_level((s * refs + (1 - s) * scus)[rest], human[rest], "pearson"))
        m = w * refs + (1 - w) * scus
        print(f"| {k + 1} | {w:g} | {summary_level(m[held], human[held], 'pearson'):.3f} | "
              f"{summary_level(scus[held], human[held], 'pearson'):.3f} | "
              f"{summary_level(refs[held], human[held], 'pearson'):.3f} |")
    paired = [paired_difference(both, refs, human, level, seed=12345) for level in (summary_level, system_level)]
    print(f"\nhuman-SCU mode minus the default: summary r {paired[0]}, system r {paired[1]}")


if __name__ == "__main__":
    main()
