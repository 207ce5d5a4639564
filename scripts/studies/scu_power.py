#!/usr/bin/env python
"""How sharply to credit a given SCU: its presence raised to a power k in the human-SCU mode, against people.

Under ``presence="auto"`` the package raises the presence of each text of a given SCU (its label, its
contributors) of several model summaries, which words alone judge, to ``SCU_WORDS_POWER`` of
``pyramid_metric/methods/reference.py`` (k = 2); SCUs of one model summary, which the learned judge reads, keep
k = 1.  This script sets k in {1, 1.5, 2, 3} and scores the human-SCU mode:

- TAC 2008 (48 topics x 57 peers cut to 100 words; NIST's pyramids with contributors and the four model
  summaries; human score = NIST's modified pyramid score), on all topics and on each half (odd, even topic
  numbers), against the automatic default from the four references;
- with ``--one-model``, the same power applied to the SCUs of one model summary too: RoSE XSum and SAMSum (the
  documents held out of the learned judge's training, ACU recall) and REALSumm dev (LitePyramid recall; the
  judge learned from most of these documents, so they are not out of sample).

Summary level (per document across systems, mean Pearson) and system level; each k's summary-level difference
from k = 1 with a 95% interval from resampling documents.  Results: docs/studies/scu_presence.md.

    python scripts/studies/scu_power.py [--one-model]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # scripts/: common.py

from claims_agreement import paired_difference, realsumm_dev, score_matrix, tac2008  # noqa: E402
from common import in_tac2008_half  # noqa: E402
from presence_judge import scored_sets  # noqa: E402

from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402
from pyramid_metric.methods import reference  # noqa: E402

ROOT = HERE.parents[1]
WEIGHTS = ROOT / "pyramid_metric" / "match" / "weights"  # presence.json lists the judge's held-out documents
POWERS = (1.0, 1.5, 2.0, 3.0)


def human_scu_scores(docs, power: float, one_model: bool) -> np.ndarray:
    """The human-SCU mode's score matrix with ``SCU_WORDS_POWER`` = ``power``; ``one_model``: applied to the SCUs
    of one model summary too."""
    method = reference.ReferencePyramidMethod
    kept_power, kept_rule = reference.SCU_WORDS_POWER, method._squares_scus
    reference.SCU_WORDS_POWER = power
    if one_model:
        method._squares_scus = lambda self, pyr: isinstance(pyr, reference.HumanSCUPyramid)
    try:
        return score_matrix(docs, "human SCUs")
    finally:
        reference.SCU_WORDS_POWER, method._squares_scus = kept_power, kept_rule


def rows_table(name: str, human: np.ndarray, default: np.ndarray, by_power: dict) -> None:
    print(f"| {name}, the default from the references | {summary_level(default, human, 'pearson'):.4f} / "
          f"{system_level(default, human, 'pearson'):.4f} | |", flush=True)
    for k, m in by_power.items():
        diff = paired_difference(m, by_power[1.0], human, summary_level, 4) if k != 1.0 else ""
        print(f"| {name}, human SCUs, k = {k:g} | {summary_level(m, human, 'pearson'):.4f} / "
              f"{system_level(m, human, 'pearson'):.4f} | {diff} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--one-model", action="store_true", help="also the SCUs of one model summary (RoSE, REALSumm)")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(2)
    print("| set, scores | summary r / system r | summary r minus k = 1 [95%] |\n|---|---|---|")
    docs, human = tac2008()
    default = score_matrix(docs, "default")
    by_power = {k: human_scu_scores(docs, k, False) for k in POWERS}
    rows_table("TAC 2008", human, default, by_power)
    for half in ("odd", "even"):
        rows = np.array([in_tac2008_half(d["topic"], half) for d in docs])
        rows_table(f"TAC 2008, {half} topics", human[rows], default[rows], {k: m[rows] for k, m in by_power.items()})
    if args.one_model:
        held_out = scored_sets(WEIGHTS, 0)
        for name, (docs, human) in (("RoSE XSum, held out", held_out["RoSE xsum (held out)"]),
                                    ("RoSE SAMSum, held out", held_out["RoSE samsum (held out)"]),
                                    ("REALSumm dev", realsumm_dev())):
            rows_table(name, human, score_matrix(docs, "default"),
                       {k: human_scu_scores(docs, k, True) for k in POWERS})


if __name__ == "__main__":
    main()
