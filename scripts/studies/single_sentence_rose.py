#!/usr/bin/env python
"""The default's judge of short references checked on RoSE: its MiniLM layer and cosine floor, and which references
are short.

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

With ``--sentences`` it compares instead how many sentences a short reference may have (the default: two; 0: the
static judge for every reference), on every summary and on the documents whose scores change, against the
package's setting.

    python scripts/studies/single_sentence_rose.py --sentences 0 1 2 3

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
    kept = reference.SHORT_REFERENCE_LAYER, reference.SHORT_REFERENCE_FLOOR
    reference.SHORT_REFERENCE_LAYER, reference.SHORT_REFERENCE_FLOOR = layer, floor
    try:
        yield
    finally:
        reference.SHORT_REFERENCE_LAYER, reference.SHORT_REFERENCE_FLOOR = kept


@contextmanager
def short_up_to(sentences: int):
    """The default with references of at most ``sentences`` sentences read by its judge of short references."""
    kept = reference.SHORT_REFERENCE_SENTENCES
    reference.SHORT_REFERENCE_SENTENCES = sentences
    try:
        yield
    finally:
        reference.SHORT_REFERENCE_SENTENCES = kept


def compare_short_references(settings, limit) -> None:
    """Each setting of SHORT_REFERENCE_SENTENCES against the package's: agreement on every document and on the
    documents whose scores change, with the paired summary-level difference [95%]."""
    print("| set | short: at most ... sentences | summary r | system r | difference [95%] | documents changed | "
          "on them: summary r, the package's setting | this setting | difference [95%] |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in ("xsum", "samsum"):
        docs, human = agreement.one_reference_set(agreement.rose_rows(name, limit))
        base = agreement.score_matrix(docs, "default")
        for sentences in settings:
            with short_up_to(sentences):
                metric = agreement.score_matrix(docs, "default")
            rows = (metric != base).any(axis=1)
            row = (f"| RoSE {name} | {sentences} | {summary_level(metric, human, 'pearson'):.3f} | "
                   f"{system_level(metric, human, 'pearson'):.3f} | "
                   f"{agreement.paired_difference(metric, base, human, summary_level, 4)} | {int(rows.sum())} |")
            if rows.any():
                row += (f" {summary_level(base[rows], human[rows], 'pearson'):.3f} | "
                        f"{summary_level(metric[rows], human[rows], 'pearson'):.3f} | "
                        f"{agreement.paired_difference(metric[rows], base[rows], human[rows], summary_level, 4)} |")
            else:
                row += " | | |"
            print(row, flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=None, help="the first N documents of each set")
    ap.add_argument("--sentences", type=int, nargs="+", default=None,
                    help="compare these numbers of sentences a short reference may have (0: none is short)")
    args = ap.parse_args(argv)
    if args.sentences:
        compare_short_references(args.sentences, args.limit)
        return
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
