"""Why the default ranks REALSumm systems less well than ROUGE-2, and what length or order terms do about it.

Usage (from the project root; about 2 minutes on two CPU cores):
    python scripts/studies/realsumm_system_residuals.py [--data PATH] [--limit N]

REALSumm dev: 60 CNN/DM examples x 25 systems, one reference, human LitePyramid scores.  For each system, the
mean human score is regressed on the mean metric score over the systems (system level); the residual is what
the metric gets wrong about a system.  The residuals of the default and of ROUGE-2 recall are correlated with
three properties of each system's summaries:

  length          mean number of words (the package's words) of its summaries;
  length ratio    mean of summary words / reference words;
  extractiveness  mean share of a summary's word bigrams found in the source article.

(Fluency is not measured: no language model runs here.)  Then each remedy is scored at summary level
(Pearson / Spearman / Kendall per example across systems, averaged) and at system level (Pearson of the
system means), every one computed from the same pyramids and unit presences as the default:

  default              credit = sum_j v_j p_j, p_j = mean(whole-summary recall, best-sentence recall), over
                       sum_j v_j (one reference: the knapsack bound at the reference length, a recall);
  + bigram share       p_j = mean(whole, best sentence, share of the unit's word bigrams in the summary);
  sentence+bigram      p_j = mean(best sentence, bigram share) (``presence="sentence+bigram"``);
  length-matched bound credit over the knapsack bound (Hirao et al. 2018, Eq. 25-27) at L_max = the summary's
                       length when it is shorter than the reference: what a summary of that length could earn
                       (the original pyramid score's normalisation, Nenkova and Passonneau 2004);
  verbosity penalty    the default x min(1, reference words / summary words): an over-long summary pays for
                       its extra words, as a length-limited pyramid implies;
  F1 with precision    harmonic mean of the default (a recall) and credit / the summary's content words (the
                       share of the summary's content words that express reference units).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py

from common import REALSUMM_DEV  # noqa: E402
from multiref_presence import capture, default_pyramids, scores  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.match.recall import bigram_counts  # noqa: E402
from pyramid_metric.metaeval import summary_level  # noqa: E402
from pyramid_metric.solve import knapsack  # noqa: E402
from pyramid_metric.text import content_words, words  # noqa: E402


def load(path, limit=None):
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:limit]
    systems = sorted(rows[0]["systems"])
    summaries = [[r["systems"][s]["summary"] for s in systems] for r in rows]
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows], dtype=float)
    return rows, systems, summaries, human


def extractiveness(summary: str, source_bigrams) -> float:
    b = bigram_counts(words(summary))
    n = sum(b.values())
    return sum(min(k, source_bigrams[g]) for g, k in b.items()) / n if n else 0.0


def length_matched(captured, pyramids, summaries, ref_lengths):
    """Credit over the knapsack bound at L_max = min(summary length, reference length)."""
    out = np.zeros((len(captured), len(summaries[0])))
    for i, ((values, feats), pyr) in enumerate(zip(captured, pyramids)):
        credit = (feats["P"] + feats["Ps"]) / 2 @ values
        sizes = [max(1, len(u.words)) for u in pyr.units]
        for k, s in enumerate(summaries[i]):
            bound = knapsack(values, sizes, min(len(words(s)), ref_lengths[i]))[0]
            out[i, k] = min(1.0, credit[k] / bound) if bound > 0 else 0.0
    return out


def correlations(matrix, human):
    system = float(np.corrcoef(np.nanmean(matrix, 0), np.nanmean(human, 0))[0, 1])
    return [summary_level(matrix, human, k) for k in ("pearson", "spearman", "kendall")] + [system]


def residuals(matrix, human):
    m, h = np.nanmean(matrix, 0), np.nanmean(human, 0)
    slope, intercept = np.polyfit(m, h, 1)
    return h - (slope * m + intercept)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REALSUMM_DEV))
    ap.add_argument("--limit", type=int, default=None, help="first N examples only")
    args = ap.parse_args()
    rows, systems, summaries, human = load(args.data, args.limit)
    references = [r["reference"] for r in rows]
    pyramids = default_pyramids([[ref] for ref in references])
    captured = capture([([ref], sums) for ref, sums in zip(references, summaries)], pyramids)
    ref_lengths = [len(words(ref)) for ref in references]
    lengths = np.array([[len(words(s)) for s in sums] for sums in summaries], dtype=float)
    content = np.array([[max(1, len(content_words(words(s)))) for s in sums] for sums in summaries], dtype=float)
    source_bigrams = [bigram_counts(words(r["document"])) for r in rows]
    extractive = np.array([[extractiveness(s, sb) for s in sums] for sums, sb in zip(summaries, source_bigrams)])
    rouge2 = np.array(PyramidScorer(method="rouge", rouge_variant="2").compute(
        [s for sums in summaries for s in sums], [ref for ref, sums in zip(references, summaries) for _ in sums]
    )["scores"]).reshape(human.shape)

    default = scores(captured, ("P", "Ps"))
    credit = np.array([(f["P"] + f["Ps"]) / 2 @ v for v, f in captured])  # examples x systems
    precision = np.clip(credit / content, 0.0, 1.0)
    remedies = {
        "default": default,
        "+ bigram share: mean(whole, best sentence, bigrams)": scores(captured, ("P", "Ps", "B")),
        "sentence+bigram: mean(best sentence, bigrams)": scores(captured, ("Ps", "B")),
        "length-matched bound (L_max = summary length if shorter)": length_matched(captured, pyramids, summaries,
                                                                                   ref_lengths),
        "verbosity penalty x min(1, reference / summary words)": default * np.minimum(
            1.0, np.array(ref_lengths, dtype=float)[:, None] / np.maximum(lengths, 1.0)),
        "F1 of the default and precision": np.where(default + precision > 0, 2 * default * precision
                                                    / np.maximum(default + precision, 1e-12), 0.0),
        "ROUGE-2 recall": rouge2,
    }

    props = {"length": lengths, "length ratio": lengths / np.array(ref_lengths, dtype=float)[:, None],
             "extractiveness": extractive}
    print("Per-system residual (human - fitted metric, system level) correlated with each property over the "
          f"{len(systems)} systems:\n")
    print("| metric | " + " | ".join(props) + " |\n|---|" + "---|" * len(props))
    for name in ("default", "ROUGE-2 recall"):
        res = residuals(remedies[name], human)
        print(f"| {name} | " + " | ".join(f"{np.corrcoef(res, p.mean(0))[0, 1]:+.2f}" for p in props.values()) + " |")
    print("\nSystems the default misplaces most (residual in human-score units; + = people rate it higher than "
          "the default's fit):\n")
    print("| system | default residual | ROUGE-2 residual | words | extractiveness |\n|---|---|---|---|---|")
    res_d, res_r = residuals(default, human), residuals(rouge2, human)
    for k in np.argsort(-np.abs(res_d))[:6]:
        print(f"| {systems[k]} | {res_d[k]:+.3f} | {res_r[k]:+.3f} | {lengths[:, k].mean():.0f} | "
              f"{extractive[:, k].mean():.2f} |")
    print("\n| remedy | summary r | rho | tau | system r |\n|---|---|---|---|---|")
    for name, matrix in remedies.items():
        print(f"| {name} | " + " | ".join(f"{v:.3f}" for v in correlations(matrix, human)) + " |")


if __name__ == "__main__":
    main()
