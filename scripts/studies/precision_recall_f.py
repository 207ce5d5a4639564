"""Which number agrees best with people: the default's recall, its precision, F, or a length-aware recall?

Usage (from the project root):
    python scripts/studies/precision_recall_f.py [--sets realsumm rose_xsum rose_samsum duc2007 tac2008]
        [--limit N]
        [--bootstrap 1000] [--json out.json]

Each set is scored once by the default configuration (``PyramidScorer().score``: recall, precision and F of every
summary); the length-aware recall is recall x exp(1 - words / reference words) for a summary longer than its
reference (BLEU's brevity penalty the other way round), recall otherwise.  Human scores: REALSumm dev
``human_score`` (LitePyramid ACU recall); RoSE XSum and SAMSum ``human_score`` (ACU recall) and
``normalized_acu`` (ACU recall with RoSE's length penalty); DUC 2007 NIST's content responsiveness (the 32 automatic
peers cut to 250 words, four references); TAC 2008 NIST's modified pyramid score (58 peers cut to 100 words, four
references).  Protocol (../shared/data/README.md): summary level =
per-example Pearson across systems averaged over examples, system level = Pearson of per-system means; 95%
intervals by resampling examples (seed 12345).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA, read_rows  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.metaeval import bootstrap_correlation, summary_level, system_level  # noqa: E402
from pyramid_metric.text import words  # noqa: E402

WORD_LIMITS = {"duc2007": 250, "tac2008": 100}  # peers cut to the task's limit, as NIST scored them


def truncate(text: str, n: int) -> str:
    """The first ``n`` whitespace-separated words of ``text``."""
    tokens = text.split()
    return text if len(tokens) <= n else " ".join(tokens[:n])


def one_reference_set(path):
    """REALSumm and RoSE: one reference, systems with their human scores."""
    def load(limit):
        return [([r["reference"]], {name: (s["summary"], s) for name, s in r["systems"].items()})
                for r in read_rows(path, limit)]
    return load


def duc2007(limit):
    """DUC 2007: four references, the 32 automatic peers cut to 250 words, NIST's responsiveness."""
    return [(list(r["references"].values()),
             {name: (truncate(s["summary"], WORD_LIMITS["duc2007"]), s) for name, s in r["systems"].items()
              if not s.get("human")}) for r in read_rows(DATA / "duc2007" / "duc2007_main.jsonl", limit)]


def tac2008(limit):
    """TAC 2008: four references, the 58 peers cut to 100 words, NIST's modified pyramid score."""
    return [(list(r["references"]), {name: (truncate(s["summary"], WORD_LIMITS["tac2008"]), s)
                                     for name, s in r["systems"].items()})
            for r in read_rows(DATA / "tac2008" / "tac2008_pyramid.jsonl", limit)]


# set -> (loader(limit) -> [(references, {system: (summary, human fields)})], human score fields)
SETS = {"realsumm": (one_reference_set(DATA / "realsumm" / "realsumm_dev.jsonl"), ("human_score",)),
        "rose_xsum": (one_reference_set(DATA / "rose" / "rose_xsum.jsonl"), ("human_score", "normalized_acu")),
        "rose_samsum": (one_reference_set(DATA / "rose" / "rose_samsum.jsonl"), ("human_score", "normalized_acu")),
        "duc2007": (duc2007, ("responsiveness",)),
        "tac2008": (tac2008, ("human_score",))}
NUMBERS = ("recall", "precision", "f1", "length_aware_recall")


def length_aware(recall: float, summary: str, references) -> float:
    """recall x exp(1 - summary words / mean reference words) when the summary is the longer, else recall."""
    n, m = len(words(summary)), max(1.0, float(np.mean([len(words(r)) for r in references])))
    return recall * math.exp(1 - n / m) if n > m else recall


def score_set(scorer: PyramidScorer, examples: list):
    """examples x systems matrices of every number, for the systems every example has."""
    systems = sorted(set.intersection(*(set(peers) for _, peers in examples)))
    preds = [peers[s][0] for _, peers in examples for s in systems]
    refs = [refs for refs, _ in examples for _ in systems]
    res = scorer.score(preds, refs)
    out = {"recall": [x.score for x in res], "precision": [x.precision for x in res], "f1": [x.f1 for x in res],
           "length_aware_recall": [length_aware(x.score, p, r) for x, p, r in zip(res, preds, refs)]}
    return {k: np.array(v, dtype=float).reshape(len(examples), len(systems)) for k, v in out.items()}, systems


def main(argv=None) -> list:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    ap.add_argument("--limit", type=int, default=None, help="first N examples of each set")
    ap.add_argument("--bootstrap", type=int, default=1000)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    scorer, table = PyramidScorer(), []
    print("| set | human | number | summary-level Pearson [95%] | system-level Pearson [95%] |")
    print("|---|---|---|---|---|")
    for name in args.sets:
        load, humans = SETS[name]
        rows = load(args.limit)
        matrices, systems = score_set(scorer, rows)
        for human_key in humans:
            human = np.array([[peers[s][1][human_key] for s in systems] for _, peers in rows], dtype=float)
            for number in NUMBERS:
                m = matrices[number]
                row = {"set": name, "examples": len(rows), "systems": len(systems), "human": human_key,
                       "number": number, "summary": summary_level(m, human, "pearson"),
                       "system": system_level(m, human, "pearson"),
                       "summary_ci": bootstrap_correlation(m, human, summary_level, "pearson", args.bootstrap),
                       "system_ci": bootstrap_correlation(m, human, system_level, "pearson", args.bootstrap)}
                table.append(row)
                print(f"| {name} ({len(rows)} x {len(systems)}) | {human_key} | {number} | {row['summary']:.3f} "
                      f"[{row['summary_ci'][0]:.3f}, {row['summary_ci'][1]:.3f}] | {row['system']:.3f} "
                      f"[{row['system_ci'][0]:.3f}, {row['system_ci'][1]:.3f}] |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(table, f, indent=1)
    return table


if __name__ == "__main__":
    main()
