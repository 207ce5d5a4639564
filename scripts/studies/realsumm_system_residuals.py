"""Why the default ranks REALSumm systems less well than ROUGE-2, and what its presence terms, unit values and
length terms do about it.

Usage (from the project root; about 1.5 minutes on two CPU cores, 7 with --bertscore):
    python scripts/studies/realsumm_system_residuals.py [--data PATH] [--limit N] [--bertscore]

REALSumm dev: 60 CNN/DM examples x 25 systems, one reference, human LitePyramid scores.  The default's
pyramids are built and each unit's presence terms are computed with the default's own matcher and code
(``pyramid_metric.methods.reference``); the default's score is rebuilt from them and checked against
``PyramidScorer(judge="words", claims="off").score`` (to 1e-9): the default as words read it, without the
learned judge and the contradiction check.  Terms of unit j in a summary:

  whole   its soft content-word recall in the whole summary;
  best    the same in the summary sentence that holds most of it;
  pair    its best share of word bigrams in one summary sentence (pairs said in other words credited, as the
          default's matcher judges them); ``exact pair``: exact words only;
  order   its in-order content-word recall (LCS of its content words and the summary's).

The default: p_j = mean(whole, best, pair), credit sum_j v_j p_j / sum_j v_j with v_j = the unit's content words.

1. Residuals: for each system, the mean human score is regressed on the mean metric score over the systems; the
   residual (what the metric gets wrong about a system) is correlated with the systems' mean length (words),
   length ratio (summary / reference words) and extractiveness (share of summary bigrams found in the source).
2. Remedies, each scored at summary level (Pearson / Spearman / Kendall per example across systems, averaged)
   and at system level (Pearson of the system means) over all 25 systems, the 14 abstractive ones and 10 of
   them (BART, SemSim, UniLM x2, T5 x3, PreSumm x3):

   - each term alone;
   - every mix of the five terms with integer weights 0-4 (3,124 mixes): the one with the best system r among
     those within 0.007 of the default's summary r;
   - unit value v_j = (content words)^g, g < 1 (g = 0: each unit counts once, ``credit="unit"``);
   - length: the score x (the summary's content words)^-b; credit over the knapsack bound (Hirao et al. 2018,
     Eq. 25-27) at L_max = the summary's length when shorter than the reference (what a summary of that length
     could earn, the original pyramid score's normalisation); the verbosity penalty x min(1, reference words /
     summary words);
   - ROUGE-2 recall (rouge-score, stemmed) and, with ``--bertscore``, BERTScore-MiniLM recall and the default averaged with it
     (BERTScore standardised to the default's mean and spread): a meaning-reading signal the static terms
     lack, at BERTScore's cost.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py

from common import REALSUMM_DEV  # noqa: E402
from realsumm_correlations import bertscore_recall, rouge2_recall  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.match.recall import bigram_counts  # noqa: E402
from pyramid_metric.methods.reference import best_sentence_bigram_share, in_order_recall  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402
from pyramid_metric.solve import knapsack  # noqa: E402
from pyramid_metric.text import clean_text, content_words, words  # noqa: E402

TERMS = ("whole", "best", "pair", "exact pair", "order")
DEFAULT_MIX = {"whole": 1, "best": 1, "pair": 1}  # the default's presence: the mean of these three terms
NEWER = ("abs_bart", "abs_semsim", "abs_unilm", "abs_t5", "abs_presumm")


def load(path, limit=None):
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:limit]
    systems = sorted(rows[0]["systems"])
    summaries = [[r["systems"][s]["summary"] for s in systems] for r in rows]
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows], dtype=float)
    return rows, systems, summaries, human


def unit_terms(scorer: PyramidScorer, references, summaries):
    """The default's pyramids and, per example, each term's (systems, units) presences."""
    method = scorer.method
    pyramids = scorer.pyramids([[r] for r in references], [None] * len(references))
    out = []
    for pyr, sums in zip(pyramids, summaries):
        cleaned = [clean_text(s) for s in sums]
        sentences = method._sentences(cleaned)
        judge = method.judge(pyr)
        method._prepare(judge, cleaned, sentences, [pyr] * len(cleaned))
        passages, index = method._unit_passages(pyr)
        terms = {t: np.zeros((len(sums), len(pyr.units))) for t in TERMS}
        for k, (s, sents) in enumerate(zip(cleaned, sentences)):
            terms["whole"][k, index], terms["best"][k, index] = method._whole_and_best(passages, s, sents, judge)
            best = terms["best"][k]
            terms["pair"][k] = best_sentence_bigram_share(pyr.units, s, sents, best, method.matcher)
            terms["exact pair"][k] = best_sentence_bigram_share(pyr.units, s, sents, best, None)
            terms["order"][k] = in_order_recall(pyr, s)
        out.append(terms)
    return pyramids, out


def credit_scores(pyramids, terms, weights: dict, exponent: float = 1.0) -> np.ndarray:
    """Examples x systems scores: p_j = the weighted mean of the terms, value (content words)^exponent."""
    total = sum(weights.values())
    out = []
    for pyr, t in zip(pyramids, terms):
        values = np.array(pyr.unit_sizes(), dtype=float) ** exponent
        p = sum(w * t[name] for name, w in weights.items() if w) / total
        out.append(np.minimum(1.0, p @ values / values.sum()))
    return np.array(out)


def length_matched(pyramids, terms, summaries, ref_lengths) -> np.ndarray:
    """The default's credit over the knapsack bound at L_max = min(summary length, reference length)."""
    out = np.zeros((len(pyramids), len(summaries[0])))
    for i, (pyr, t) in enumerate(zip(pyramids, terms)):
        values = pyr.unit_values()
        credit = sum(t[name] for name in DEFAULT_MIX) / len(DEFAULT_MIX) @ np.array(values)
        for k, s in enumerate(summaries[i]):
            bound = knapsack(values, [u.length for u in pyr.units], min(len(words(s)), ref_lengths[i]))[0]
            out[i, k] = min(1.0, credit[k] / bound) if bound > 0 else 0.0
    return out


def extractiveness(summary: str, source_bigrams) -> float:
    b = bigram_counts(words(summary))
    n = sum(b.values())
    return sum(min(k, source_bigrams[g]) for g, k in b.items()) / n if n else 0.0


def fast_pearsons(matrix, human):
    """Summary-level and system-level Pearson (the mixes' search; the tables use metaeval)."""
    m = matrix - matrix.mean(1, keepdims=True)
    h = human - human.mean(1, keepdims=True)
    den = np.sqrt((m ** 2).sum(1) * (h ** 2).sum(1))
    ok = den > 0
    return float(((m * h).sum(1)[ok] / den[ok]).mean()), float(np.corrcoef(matrix.mean(0), human.mean(0))[0, 1])


def correlations(matrix, human, subsets):
    out = [summary_level(matrix, human, k) for k in ("pearson", "spearman", "kendall")]
    return out + [system_level(matrix[:, s], human[:, s], "pearson") for s in subsets]


def residuals(matrix, human):
    m, h = matrix.mean(0), human.mean(0)
    slope, intercept = np.polyfit(m, h, 1)
    return h - (slope * m + intercept)


def best_mix(pyramids, terms, human, min_summary: float):
    """The integer mix (weights 0-4) of the terms with the best system r among those at or above min_summary."""
    parts = {t: credit_scores(pyramids, terms, {t: 1}) for t in TERMS}
    best = None
    for w in itertools.product(range(5), repeat=len(TERMS)):
        if not sum(w):
            continue
        matrix = sum(k * parts[t] for k, t in zip(w, TERMS)) / sum(w)
        summary, system = fast_pearsons(matrix, human)
        if summary >= min_summary and (best is None or system > best[0]):
            best = (system, dict(zip(TERMS, w)), matrix)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REALSUMM_DEV))
    ap.add_argument("--limit", type=int, default=None, help="first N examples only")
    ap.add_argument("--bertscore", action="store_true", help="also BERTScore-MiniLM recall and the default "
                    "averaged with it (needs the bert-score package)")
    args = ap.parse_args()
    rows, systems, summaries, human = load(args.data, args.limit)
    references = [r["reference"] for r in rows]
    flat = [s for sums in summaries for s in sums]
    flat_refs = [ref for ref, sums in zip(references, summaries) for _ in sums]
    scorer = PyramidScorer(judge="words", claims="off")  # the words' terms (the learned judge: presence_judge.py)
    shipped = np.array([r.score for r in scorer.score(flat, [[r] for r in flat_refs])]).reshape(human.shape)
    pyramids, terms = unit_terms(scorer, references, summaries)
    default = credit_scores(pyramids, terms, DEFAULT_MIX)
    assert np.abs(default - shipped).max() < 1e-9, "the rebuilt default differs from PyramidScorer's scores"

    ref_lengths = [len(words(ref)) for ref in references]
    lengths = np.array([[len(words(s)) for s in sums] for sums in summaries], dtype=float)
    content = np.array([[max(1, len(content_words(words(s)))) for s in sums] for sums in summaries], dtype=float)
    source_bigrams = [bigram_counts(words(r["document"])) for r in rows]
    extractive = np.array([[extractiveness(s, sb) for s in sums] for sums, sb in zip(summaries, source_bigrams)])
    rouge2 = rouge2_recall(rows, systems)

    summary_r = summary_level(default, human, "pearson")
    system, weights, mixed = best_mix(pyramids, terms, human, summary_r - 0.007)
    remedies = {"default: mean(whole, best, pair)": default}
    remedies.update({f"{t} alone": credit_scores(pyramids, terms, {t: 1}) for t in TERMS})
    remedies["best of 3,124 term mixes within 0.007 of the default's summary r: "
             + ", ".join(f"{t} {w}" for t, w in weights.items() if w)] = mixed
    for g in (0.75, 0.5, 0.0):
        remedies[f"unit value (content words)^{g:g}"] = credit_scores(pyramids, terms, DEFAULT_MIX, g)
    for b in (0.05, 0.1):
        remedies[f"x (summary content words)^-{b:g}"] = default * content ** -b
    remedies["knapsack bound at L_max = the summary's length if shorter"] = length_matched(pyramids, terms, summaries,
                                                                                        ref_lengths)
    remedies["verbosity penalty x min(1, reference / summary words)"] = default * np.minimum(
        1.0, np.array(ref_lengths, dtype=float)[:, None] / np.maximum(lengths, 1.0))
    remedies["ROUGE-2 recall"] = rouge2
    if args.bertscore:
        bert = bertscore_recall(rows, systems)
        remedies["BERTScore-MiniLM recall"] = bert
        scaled = (bert - bert.mean()) / bert.std() * default.std() + default.mean()
        for a in (0.2, 0.3):
            remedies[f"default x {1 - a:g} + BERTScore-MiniLM x {a:g}"] = (1 - a) * default + a * scaled

    props = {"length": lengths, "length ratio": lengths / np.array(ref_lengths, dtype=float)[:, None],
             "extractiveness": extractive}
    print("Per-system residual (human - fitted metric, system level) correlated with each property over the "
          f"{len(systems)} systems:\n")
    print("| metric | " + " | ".join(props) + " |\n|---|" + "---|" * len(props))
    for name in ("default: mean(whole, best, pair)", "ROUGE-2 recall"):
        res = residuals(remedies[name], human)
        print(f"| {name} | " + " | ".join(f"{np.corrcoef(res, p.mean(0))[0, 1]:+.2f}" for p in props.values()) + " |")
    print("\nSystems the default misplaces most (residual in human-score units; + = people rate it higher than "
          "the default's fit):\n")
    print("| system | default residual | ROUGE-2 residual | words | extractiveness |\n|---|---|---|---|---|")
    res_d, res_r = residuals(default, human), residuals(rouge2, human)
    for k in np.argsort(-np.abs(res_d))[:6]:
        print(f"| {systems[k]} | {res_d[k]:+.3f} | {res_r[k]:+.3f} | {lengths[:, k].mean():.0f} | "
              f"{extractive[:, k].mean():.2f} |")
    abstractive = np.array([s.startswith("abs_") for s in systems])
    newer = np.array([s.startswith(NEWER) for s in systems])
    subsets = (np.ones(len(systems), dtype=bool), abstractive, newer)
    print(f"\n| remedy | summary r | rho | tau | system r, all {len(systems)} | {int(abstractive.sum())} abstractive | "
          f"{int(newer.sum())} of them |\n|---|---|---|---|---|---|---|")
    for name, matrix in remedies.items():
        print(f"| {name} | " + " | ".join(f"{v:.3f}" for v in correlations(matrix, human, subsets)) + " |")


if __name__ == "__main__":
    main()
