#!/usr/bin/env python
"""Words of one meaning (pyramid_metric/synonyms.py, WordNet 3.0) in the presence judges, against people.

A unit's word that a summary says with a synonym ("said" as "told") earns the credit ``SYNONYM``, with a word one
hypernym step away ("said" as "announced", "buy" as "acquire") the credit ``HYPERNYM``, when that is more than the
judge's cosine credit.  Each pair of credits is measured in the same run as the judges without them (0, 0):

1. **Presence labels** (``--labels``): RoSE's judgments of whether each content unit is present in each summary
   (XSum news, SAMSum dialogues; the first N documents of each).  Per (unit, summary) pair, the presence under the
   human-SCU rule (the unit's label and its best-matching reference span, half each, each the mean of its presence
   in the whole summary and in its best sentence), judged by the default's static judge (``soft``) and by its
   judge of one-sentence references (``context``, MiniLM layer 4, floor 0.4).  ROC AUC per set and judge; the
   pair of credits chosen out of sample (5 folds of documents: the best AUC on the other four folds scores each
   fold), and the chosen pair's paired AUC difference against (0, 0) with a 95% interval from resampling documents.
2. **Scores** (``--scores``): the default with the chosen pair against (0, 0) on RoSE XSum and SAMSum (first N
   documents, ACU recall), REALSumm dev (LitePyramid recall) and TAC 2008 (NIST's modified pyramid score; the
   default and the human-SCU mode): summary and system level Pearson and the paired summary-level difference
   with a 95% interval from resampling documents.

    python scripts/studies/synonyms.py --labels --limit 300
    python scripts/studies/synonyms.py --scores --limit 150 --credits 1 0.5

The results are in docs/studies/synonyms.md.
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import claims_agreement as agreement  # noqa: E402
from realsumm_scu_presence import _auc  # noqa: E402

import pyramid_metric.synonyms as synonyms  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

CREDITS = ((0.0, 0.0), (0.5, 0.0), (1.0, 0.0), (0.5, 0.25), (1.0, 0.25), (1.0, 0.5), (1.0, 1.0))
N_FOLDS, SEED, RESAMPLES = 5, 2026, 1000


@contextmanager
def credits(synonym: float, hypernym: float):
    """The judges with these credits for a synonym and a word one hypernym step away."""
    kept = synonyms.SYNONYM, synonyms.HYPERNYM
    synonyms.SYNONYM, synonyms.HYPERNYM = synonym, hypernym
    try:
        yield
    finally:
        synonyms.SYNONYM, synonyms.HYPERNYM = kept


def judges() -> dict:
    from pyramid_metric.match import get_matcher
    from pyramid_metric.methods.reference import single_sentence_matcher

    return {"soft": get_matcher("soft"), "context": single_sentence_matcher(None)}


def label_presence(rows, matcher) -> dict:
    """Per (unit, summary) pair: document, presence under the human-SCU rule, label."""
    from pyramid_metric.methods.human import reference_spans
    from pyramid_metric.methods.reference import ReferencePyramidMethod
    from pyramid_metric.text import clean_text

    doc, presence, label = [], [], []
    for e, row in enumerate(rows):
        spans = reference_spans(row["scus"], [row["reference"]])
        summaries = [clean_text(s["summary"]) for s in row["systems"].values()]
        for summary, sents, system in zip(summaries, ReferencePyramidMethod._sentences(summaries),
                                          row["systems"].values()):
            halves = []
            for units in (row["scus"], spans):
                got = np.clip(np.hstack(matcher.presence_in_sentences([[u] for u in units], summary, sents)), 0, 1)
                halves.append((got[0] + (got[1:].max(axis=0) if len(got) > 1 else got[0])) / 2)
            p = (halves[0] + halves[1]) / 2
            doc.extend([e] * len(system["scu_labels"]))
            presence.extend(p[:len(system["scu_labels"])])
            label.extend(system["scu_labels"])
    return {k: np.array(v) for k, v in dict(doc=doc, presence=presence, label=label).items()}


def paired_auc(a, b, y, doc) -> str:
    """AUC(a) - AUC(b) and its 95% interval from resampling documents."""
    by_doc = [np.flatnonzero(doc == d) for d in np.unique(doc)]
    rng = np.random.default_rng(SEED)
    vals = []
    for _ in range(RESAMPLES):
        idx = np.concatenate([by_doc[i] for i in rng.integers(0, len(by_doc), len(by_doc))])
        vals.append(_auc(a[idx], y[idx]) - _auc(b[idx], y[idx]))
    return f"{_auc(a, y) - _auc(b, y):+.4f} [{np.quantile(vals, 0.025):+.4f}, {np.quantile(vals, 0.975):+.4f}]"


def labels_table(limit) -> None:
    print("| set | judge | pairs | " + " | ".join(f"AUC {s:g}/{h:g}" for s, h in CREDITS)
          + " | chosen out of sample (fold choices) | chosen minus 0/0 [95%] |")
    print("|---|---|---|" + "---|" * len(CREDITS) + "---|---|")
    for name in ("xsum", "samsum"):
        rows = agreement.rose_rows(name, limit)
        for judge_name, judge in judges().items():
            found = {}
            for c in CREDITS:
                with credits(*c):
                    found[c] = label_presence(rows, judge)
            y, doc = found[CREDITS[0]]["label"], found[CREDITS[0]]["doc"]
            folds = np.array_split(np.random.default_rng(SEED).permutation(np.unique(doc)), N_FOLDS)
            chosen, picks = np.zeros(len(y)), []
            for fold in folds:
                test = np.isin(doc, fold)
                best = max(CREDITS, key=lambda c: _auc(found[c]["presence"][~test], y[~test]))
                picks.append(f"{best[0]:g}/{best[1]:g}")
                chosen[test] = found[best]["presence"][test]
            aucs = " | ".join(f"{_auc(found[c]['presence'], y):.4f}" for c in CREDITS)
            print(f"| RoSE {name} | {judge_name} | {len(y):,} | {aucs} | {_auc(chosen, y):.4f} ({', '.join(picks)}) | "
                  f"{paired_auc(chosen, found[CREDITS[0]]['presence'], y, doc)} |", flush=True)


def scores_table(limit, chosen) -> None:
    sets = {f"RoSE {name}": agreement.one_reference_set(agreement.rose_rows(name, limit))
            for name in ("xsum", "samsum")}
    sets["REALSumm dev"] = agreement.realsumm_dev()
    sets["TAC 2008"] = agreement.tac2008()
    print(f"| set | mode | without: summary r / system r | with {chosen[0]:g}/{chosen[1]:g} | paired difference, "
          "summary r [95%] | scores changed |")
    print("|---|---|---|---|---|---|")
    for name, (docs, human) in sets.items():
        for mode in ("default",) + (("human SCUs",) if name == "TAC 2008" else ()):
            with credits(0.0, 0.0):
                before = agreement.score_matrix(docs, mode)
            with credits(*chosen):
                after = agreement.score_matrix(docs, mode)
            cells = [f"{summary_level(m, human, 'pearson'):.3f} / {system_level(m, human, 'pearson'):.3f}"
                     for m in (before, after)]
            changed = int((np.abs(after - before) > 1e-12).sum())
            difference = agreement.paired_difference(after, before, human, summary_level, 4)
            print(f"| {name} | {mode} | {cells[0]} | {cells[1]} | {difference} | {changed} of {after.size} |",
                  flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--labels", action="store_true", help="RoSE presence labels, every pair of credits")
    ap.add_argument("--scores", action="store_true", help="agreement with human scores, without and with")
    ap.add_argument("--limit", type=int, default=150, help="the first N documents of each RoSE set")
    ap.add_argument("--credits", type=float, nargs=2, default=(synonyms.SYNONYM, synonyms.HYPERNYM),
                    metavar=("SYNONYM", "HYPERNYM"), help="the credits --scores measures (default: the package's)")
    args = ap.parse_args()
    if not (args.labels or args.scores):
        ap.error("choose --labels and/or --scores")
    if args.labels:
        labels_table(args.limit)
    if args.scores:
        scores_table(args.limit, tuple(args.credits))


if __name__ == "__main__":
    main()
