#!/usr/bin/env python
"""How to read human SCUs with real contributors: TAC 2008's pyramids against NIST's modified pyramid scores.

TAC 2008 gives, for each of 48 topics, NIST's pyramid (each SCU's label, weight and contributors: the words of
each model summary that express it) and the modified pyramid score of 57 peers (cut to 100 words).  The package's
human-SCU mode judges an SCU's presence in a summary by its best contributor (each text's presence the mean of
its presence in the whole summary and in the best summary sentence, default judge), the rule this study chose.
This script reads every presence once (cached under runs/) and compares ways of combining them, each scored as
sum_j w_j p_j (the modified score's ranking within a topic), correlated with NIST's scores at summary level
(per topic across peers, mean Pearson) and system level, with 95% intervals from resampling topics; the
choice is made in 4-fold cross-validation over topics (best summary-level r on three folds, scored on the
fourth).

    python scripts/studies/tac2008_scu_presence.py [--limit N]
"""
from __future__ import annotations

import argparse
import os
import pickle
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from claims_agreement import CACHE, tac2008  # noqa: E402

from pyramid_metric.metaeval import bootstrap_correlation, summary_level, system_level  # noqa: E402

N_FOLDS, SEED = 4, 2026


def presences(docs) -> list:
    """Per topic, per summary: (label whole, label best, [contributor whole], [contributor best]) per SCU."""
    from pyramid_metric.match import get_matcher
    from pyramid_metric.methods.reference import ReferencePyramidMethod
    from pyramid_metric.text import clean_text

    matcher = get_matcher("soft")
    out = []
    for t, doc in enumerate(docs):
        texts = list(doc["scus"]) + [c for cs in doc["contributors"] for c in cs]
        sizes = [len(cs) for cs in doc["contributors"]]
        summaries = [clean_text(s) for s in doc["summaries"]]
        topic = []
        for summary, sents in zip(summaries, ReferencePyramidMethod._sentences(summaries)):
            rows = np.clip(np.hstack(matcher.presence_in_sentences([[x] for x in texts], summary, sents)), 0, 1)
            whole, best = rows[0], (rows[1:].max(axis=0) if len(rows) > 1 else rows[0])
            n = len(doc["scus"])
            cuts = np.cumsum(sizes)[:-1]
            topic.append((whole[:n], best[:n], np.split(whole[n:], cuts), np.split(best[n:], cuts)))
        out.append(topic)
        print(f"  topic {t + 1}/{len(docs)}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return out


def _pool(values, how: str) -> float:
    return 0.0 if not len(values) else float({"mean": np.mean, "max": np.max}[how](values))


VARIANTS = {  # name -> presence of SCU j from (label whole, label best, contributors whole, contributors best)
    "label, rule (whole+best)/2": lambda lw, lb, cw, cb: (lw + lb) / 2,
    "label + mean contributor, rule (the package before)": lambda lw, lb, cw, cb: (
        ((lw + lb) / 2 + (_pool(cw, "mean") + _pool(cb, "mean")) / 2) / 2 if len(cw) else (lw + lb) / 2),
    "label + max contributor, rule": lambda lw, lb, cw, cb: (
        ((lw + lb) / 2 + (_pool(cw, "max") + _pool(cb, "max")) / 2) / 2 if len(cw) else (lw + lb) / 2),
    "max contributor, rule (the package)": lambda lw, lb, cw, cb: (
        (_pool(cw, "max") + _pool(cb, "max")) / 2 if len(cw) else (lw + lb) / 2),
    "max(label, contributors), rule": lambda lw, lb, cw, cb: max(
        [(lw + lb) / 2] + [(w + b) / 2 for w, b in zip(cw, cb)]),
    "label + max contributor, best sentence": lambda lw, lb, cw, cb: (
        (lb + _pool(cb, "max")) / 2 if len(cb) else lb),
    "label + max contributor, whole": lambda lw, lb, cw, cb: (
        (lw + _pool(cw, "max")) / 2 if len(cw) else lw),
}


def matrix(P, docs, variant) -> np.ndarray:
    f = VARIANTS[variant]
    out = np.zeros((len(docs), len(docs[0]["summaries"])))
    for t, (topic, doc) in enumerate(zip(P, docs)):
        w = np.array(doc["weights"])
        for i, (lw, lb, cw, cb) in enumerate(topic):
            p = np.array([f(lw[j], lb[j], cw[j], cb[j]) for j in range(len(w))])
            out[t, i] = float(w @ p) / w.sum()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args()
    docs, human = tac2008(args.limit)
    cache = CACHE / f"tac2008_scu_presence_{args.limit or 'all'}.pkl"
    if cache.exists():
        P = pickle.loads(cache.read_bytes())
    else:
        CACHE.mkdir(parents=True, exist_ok=True)
        P = presences(docs)
        cache.write_bytes(pickle.dumps(P))
    M = {v: matrix(P, docs, v) for v in VARIANTS}
    print("| presence of an SCU | summary r [95%] | system r [95%] |")
    print("|---|---|---|")
    for v, m in M.items():
        cells = []
        for level in (summary_level, system_level):
            lo, hi = bootstrap_correlation(m, human, level, "pearson", 1000, SEED)
            cells.append(f"{level(m, human, 'pearson'):.3f} [{lo:.3f}, {hi:.3f}]")
        print(f"| {v} | {cells[0]} | {cells[1]} |")
    folds = np.array_split(np.random.default_rng(SEED).permutation(len(docs)), N_FOLDS)
    held = np.zeros_like(human, dtype=float)
    chosen = []
    for fold in folds:
        train = np.setdiff1d(np.arange(len(docs)), fold)
        best = max(VARIANTS, key=lambda v: summary_level(M[v][train], human[train], "pearson"))
        chosen.append(best)
        held[fold] = M[best][fold]
    print(f"| chosen on three folds, scored on the fourth ({'; '.join(chosen)}) | "
          f"{summary_level(held, human, 'pearson'):.3f} | {system_level(held, human, 'pearson'):.3f} |")


if __name__ == "__main__":
    main()
