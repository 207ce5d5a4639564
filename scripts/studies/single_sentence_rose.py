#!/usr/bin/env python
"""The default's judge of single-sentence references checked on RoSE: its MiniLM layer and cosine floor.

Where every reference is one sentence, the default reads each unit in context at layer 4 and floor 0.4, chosen on
GUMSum train (scripts/studies/single_sentence_judge.py, docs/studies/contextual.md).  RoSE's XSum and SAMSum sets
(ACU recall of 8 systems, one reference each; ``../shared/data/rose``) were shared after that choice.  This script
scores every summary of both sets through the package, end to end (the claim check, figures and acronyms
included), at each (layer, floor) of a small grid, and prints summary level (mean Pearson per document across
systems) and system level Pearson, and each setting's paired summary-level difference from the default's setting
with a 95% interval from resampling documents (1,000 resamples; ``claims_agreement.paired_difference``).  SAMSum's
references are one sentence for about a third of its documents; the others are scored as the default scores them
at every setting.

    python scripts/studies/single_sentence_rose.py [--limit N]

The results are in docs/studies/contextual.md.
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import claims_agreement as agreement  # noqa: E402

import pyramid_metric.methods.reference as reference  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

SETTINGS = [(4, 0.4), (4, 0.5), (4, 0.6), (5, 0.4), (5, 0.5), (5, 0.6), (3, 0.4), (3, 0.5)]  # the default's first


@contextmanager
def judge_at(layer: int, floor: float):
    """The default with its single-sentence judge at ``layer`` and ``floor``."""
    kept = reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR
    reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR = layer, floor
    try:
        yield
    finally:
        reference.SINGLE_SENTENCE_LAYER, reference.SINGLE_SENTENCE_FLOOR = kept


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=None, help="the first N documents of each set")
    args = ap.parse_args(argv)
    print("| set | layer | floor | summary r | system r | summary r minus the default's setting [95%] |")
    print("|---|---|---|---|---|---|")
    for name in ("xsum", "samsum"):
        docs, human = agreement.one_reference_set(agreement.rose_rows(name, args.limit))
        base = None
        for layer, floor in SETTINGS:
            with judge_at(layer, floor):
                metric = agreement.score_matrix(docs, "default")
            base = metric if base is None else base
            difference = agreement.paired_difference(metric, base, human, summary_level, 4)
            print(f"| RoSE {name} | {layer} | {floor:g} | {summary_level(metric, human, 'pearson'):.3f} | "
                  f"{system_level(metric, human, 'pearson'):.3f} | {difference} |", flush=True)


if __name__ == "__main__":
    main()
