#!/usr/bin/env python
"""The default's judge of single-sentence references checked on RoSE: its MiniLM layer and cosine floor.

Where every reference is one sentence, the default reads each unit in context at layer 4 and floor 0.4, chosen on
GUMSum train (scripts/studies/single_sentence_judge.py, docs/studies/contextual.md).  RoSE's XSum and SAMSum sets
(ACU recall of 8 systems, one reference each; ``../shared/data/rose``) were shared after that choice.  This script
scores every summary of both sets through the package, end to end (the claim check, figures and acronyms
included), at each (layer, floor) of a small grid, and prints summary level (mean Pearson per document across
systems) and system level Pearson, and each setting's paired summary-level difference from the default's setting
with a 95% interval from resampling documents (1,000 resamples).  SAMSum's references are one sentence for about a
third of its documents; the others are scored as the default scores them at every setting.

    python scripts/studies/single_sentence_rose.py [--limit N]

The results are in docs/studies/contextual.md.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA, read_rows  # noqa: E402
import pyramid_metric.methods.reference as reference  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval, correlation, summary_level, system_level  # noqa: E402

SETTINGS = [(4, 0.4), (4, 0.5), (4, 0.6), (5, 0.4), (5, 0.5), (5, 0.6), (3, 0.4), (3, 0.5)]  # the default's first


def matrices(rows):
    """(predictions, references, the row and column of each in a documents x systems matrix, human matrix)."""
    systems = sorted(rows[0]["systems"])
    preds, refs, cells = [], [], []
    human = np.zeros((len(rows), len(systems)))
    for i, r in enumerate(rows):
        for j, name in enumerate(systems):
            preds.append(r["systems"][name]["summary"])
            refs.append([r["reference"]])
            cells.append((i, j))
            human[i, j] = r["systems"][name]["human_score"]
    return preds, refs, cells, human


def scored(preds, refs, cells, shape, layer: int, floor: float) -> np.ndarray:
    """The default's scores, documents x systems, with the single-sentence judge at ``layer`` and ``floor``."""
    kept = reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR
    reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR = layer, floor
    try:
        results = PyramidScorer().score(preds, refs, progress=False)
    finally:
        reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR = kept
    out = np.zeros(shape)
    for (i, j), r in zip(cells, results):
        out[i, j] = r.score
    return out


def per_document(metric: np.ndarray, human: np.ndarray) -> np.ndarray:
    """Pearson across systems of each document (nan where either side is constant)."""
    return np.array([correlation(m, h, "pearson") for m, h in zip(metric, human)])


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=None, help="the first N documents of each set")
    args = ap.parse_args(argv)
    table = defaultdict(dict)
    print("| set | layer | floor | summary r | system r | summary r minus the default's setting [95%] |")
    print("|---|---|---|---|---|---|")
    for name in ("xsum", "samsum"):
        rows = read_rows(DATA / "rose" / f"rose_{name}.jsonl", args.limit)
        preds, refs, cells, human = matrices(rows)
        base = None
        for layer, floor in SETTINGS:
            metric = scored(preds, refs, cells, human.shape, layer, floor)
            rs = per_document(metric, human)
            if base is None:
                base = rs
            diff = rs - base
            diff = diff[~np.isnan(diff)]
            lo, hi = bootstrap_interval(diff)
            summ, syst = summary_level(metric, human, "pearson"), system_level(metric, human, "pearson")
            table[name][(layer, floor)] = (summ, syst, float(diff.mean()), lo, hi)
            print(f"| RoSE {name} | {layer} | {floor:g} | {summ:.3f} | {syst:.3f} | {diff.mean():+.4f} "
                  f"[{lo:+.4f}, {hi:+.4f}] |", flush=True)
    return dict(table)


if __name__ == "__main__":
    main()
