"""The study behind the default's judge (``matcher="soft"``): which layer and floor, chosen out of sample.

Usage (from the project root; about 10 minutes on two CPU cores):
    python scripts/studies/soft_recall.py [--layers 1 2 3 4 5 6] [--floors 0.3 0.4 0.5 0.6 0.7] [--bertscore]

Every unit of the default pyramid (each reference's EDUs, weighted by the references that express them, judged
by content-word recall) gets its presence in each summary from ``SoftRecallMatcher(layer=L, floor=b)``: its
content words found in the summary (stemmed, clipped) count 1, a missing plain word counts its best static-MiniLM
cosine with the summary's plain words rescaled above b.  Scores are built as the package builds them: with one
reference p = mean(whole summary, best sentence); with several p = mean(best sentence, in-order recall,
best-sentence bigram share), the soft judge entering through the best-sentence term.  ``--floors 1`` is the
lexical rule (``matcher="recall"``).

1. REALSumm dev (60 CNN/DM examples x 25 systems, one reference, human LitePyramid scores): every (L, b), then
   the choice repeated inside 5-fold cross-validation by example (criterion on the training examples:
   summary-level + system-level Pearson; the held-out rows pooled).  System level is also reported over the 14
   abstractive systems alone (names starting "abs_"), where ROUGE-2 and BERTScore rank systems best.
2. The same rule with a third presence term (the best-sentence bigram share): what word order buys at system
   level and costs at summary level.
3. GUMSum dev and test leave-one-out (the held-out human summary against a same-length lead): with the other four
   summaries as references, and with each one alone (one abstractive one-sentence reference, the XSum setting).
DUC 2007 is measured through the package: ``python scripts/studies/duc2007_correlations.py --rows default``.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py

from common import DATA  # noqa: E402
from gumsum_leave_one_out import leave_one_out_rows, single_reference_rows  # noqa: E402
from multiref_presence import summaries_with_features  # noqa: E402
from realsumm_correlations import bertscore_recall, rouge2_recall  # noqa: E402
from pyramid_metric.match.soft import SoftRecallMatcher  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval, correlation, summary_level, system_level  # noqa: E402
from pyramid_metric.methods.reference import best_sentence_bigram_share  # noqa: E402


def presences(captured, layer, floor):
    """For each example, each summary: (P, Ps, Bs) arrays over units, P and Ps from the soft matcher at (layer,
    floor), Bs the best-sentence bigram share (a one-word unit: its Ps, as the package counts it)."""
    matcher = SoftRecallMatcher(layer=layer, floor=floor)
    out = []
    for pyr, cleaned, sentences, _ in captured:
        units = [u.text for u in pyr.units]
        rows = []
        for s, ss in zip(cleaned, sentences):
            r = matcher.presence_in_sentences([units], s, ss)[0]
            best = r[1:].max(axis=0) if len(r) > 1 else r[0]
            rows.append((r[0], best, best_sentence_bigram_share(pyr.units, s, ss, best)))
        out.append(rows)
    return out


def scores(captured, pres, rule):
    """Examples x summaries scores: sum_j v_j p_j / sum_j v_j with p the mean of the rule's terms."""
    out = []
    for (pyr, _, _, feats), rows in zip(captured, pres):
        values = np.array(pyr.unit_values())
        out.append([np.mean([{"P": P, "Ps": Ps, "L": f["L"], "Bs": Bs}[k] for k in rule], axis=0) @ values
                    / values.sum() for (P, Ps, Bs), f in zip(rows, feats)])
    return np.array(out)


def realsumm(layers, floors, with_bertscore=False):
    rows = [json.loads(line) for line in open(os.path.join(DATA, "realsumm", "realsumm_dev.jsonl"), encoding="utf-8")]
    systems = sorted(rows[0]["systems"])
    abstractive = [k for k, s in enumerate(systems) if s.startswith("abs")]
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    captured = summaries_with_features([([r["reference"]], [r["systems"][s]["summary"] for s in systems])
                                        for r in rows])
    settings = [(1, 1.0)] + [(layer, floor) for layer in layers for floor in floors]
    pres = {s: presences(captured, *s) for s in settings}
    matrices = {s: scores(captured, pres[s], ("P", "Ps")) for s in settings}

    def cells(m):
        return (f"{summary_level(m, human, 'pearson'):.3f} | {summary_level(m, human, 'kendall'):.3f} | "
                f"{system_level(m, human, 'pearson'):.3f} | "
                f"{system_level(m[:, abstractive], human[:, abstractive], 'pearson'):.3f}")

    print("## REALSumm dev, every setting (in sample)\n")
    print("| layer | floor | summary r | summary tau | system r | system r, 14 abstractive |")
    print("|---|---|---|---|---|---|")
    for (layer, floor), m in matrices.items():
        name = "lexical (`recall`)" if floor >= 1 else f"{layer} | {floor:g}"
        print(f"| {name}{' |' if floor >= 1 else ''} | {cells(m)} |")
    baselines = [("ROUGE-2 recall (rouge-score)", rouge2_recall(rows, systems))]
    if with_bertscore:
        baselines.append(("BERTScore-MiniLM recall (bert-score)", bertscore_recall(rows, systems)))
    for name, m in baselines:
        print(f"| {name} | | {cells(m)} |")
    soft = {s: m for s, m in matrices.items() if s[1] < 1}
    print("\n## REALSumm dev, chosen inside 5-fold cross-validation by example\n")
    n = human.shape[0]
    folds = np.array_split(np.random.default_rng(2026).permutation(n), 5)
    held, chosen = np.zeros_like(human), []
    for fold in folds:
        train = np.setdiff1d(np.arange(n), fold)
        best = max(soft, key=lambda s: summary_level(soft[s][train], human[train], "pearson")
                   + system_level(soft[s][train], human[train], "pearson"))
        chosen.append(best)
        held[fold] = soft[best][fold]
    lo, hi = bootstrap_interval([correlation(a, b, "pearson") for a, b in zip(held, human)])
    print("| chosen per fold | summary r [95%] | rho | tau | system r | system r, abstractive |")
    print("|---|---|---|---|---|---|")
    print(f"| {', '.join(f'L{l} b{f:g}' for l, f in chosen)} | {summary_level(held, human, 'pearson'):.3f} "
          f"[{lo:.3f}, {hi:.3f}] | {summary_level(held, human, 'spearman'):.3f} | "
          f"{summary_level(held, human, 'kendall'):.3f} | {system_level(held, human, 'pearson'):.3f} | "
          f"{system_level(held[:, abstractive], human[:, abstractive], 'pearson'):.3f} |")
    best = max(soft, key=lambda s: summary_level(soft[s], human, "pearson") + system_level(soft[s], human, "pearson"))
    print(f"\nChosen on all examples: layer {best[0]}, floor {best[1]:g}.\n")
    print("## Word order as a third term (REALSumm dev, the chosen setting and the lexical rule)\n")
    print("| presence | summary r | summary tau | system r | system r, 14 abstractive |\n|---|---|---|---|---|")
    for s in ((1, 1.0), best):
        for rule in (("P", "Ps"), ("P", "Ps", "Bs"), ("P", "Ps", "L")):
            label = "recall" if s[1] >= 1 else f"soft L{s[0]} b{s[1]:g}"
            print(f"| {label}: mean({', '.join(rule)}) | {cells(scores(captured, pres[s], rule))} |")
    return best


def gumsum(settings):
    print("\n## GUMSum leave-one-out: human summary above a same-length lead (share of pairs, 95% interval)\n")
    print("| split | references | " + " | ".join("lexical (`recall`)" if f >= 1 else f"soft L{l} b{f:g}"
                                            for l, f in settings) + " |")
    print("|---" * (2 + len(settings)) + "|")
    for split in ("dev", "test"):
        with open(os.path.join(DATA, "gumsum", f"gumsum_{split}.jsonl"), encoding="utf-8") as f:
            rows = leave_one_out_rows([json.loads(line) for line in f])
        for name, rs, rule in (("the other four", rows, ("Ps", "L", "Bs")),
                               ("each other one alone", single_reference_rows(rows), ("P", "Ps"))):
            captured = summaries_with_features([(r["references"], [r["human"], r["lead"]]) for r in rs])
            cells = []
            for s in settings:
                m = scores(captured, presences(captured, *s), rule)
                wins = (m[:, 0] > m[:, 1]).astype(float)
                lo, hi = bootstrap_interval(wins)
                cells.append(f"{wins.mean():.1%} [{lo:.1%}, {hi:.1%}]")
            print(f"| {split} | {name} | " + " | ".join(cells) + " |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--layers", type=int, nargs="+", default=[1, 2, 3, 4, 5, 6])
    ap.add_argument("--floors", type=float, nargs="+", default=[0.3, 0.4, 0.5, 0.6, 0.7])
    ap.add_argument("--bertscore", action="store_true", help="add BERTScore-MiniLM's row (needs bert-score)")
    args = ap.parse_args()
    best = realsumm(args.layers, args.floors, args.bertscore)
    gumsum([(1, 1.0), best] + ([(4, 0.4)] if best != (4, 0.4) else []))


if __name__ == "__main__":
    main()
