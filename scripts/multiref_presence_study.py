"""How the default judges a unit's presence with several references: the study behind ``presence="auto"``.

Usage (from the project root; about 10 minutes on two CPU cores):
    python scripts/multiref_presence_study.py [--halves 200]

The default pyramid (every reference's EDUs, weighted by the references that express them) is built once for
every DUC 2007 topic (four references, 32 systems) and every GUMSum leave-one-out case (four references, the
held-out human summary against a same-length lead; dev, test and train splits).  Then each unit's presence in
each summary is computed in several ways, all lexical (stemmed words, as the package counts them):

  P   content-word recall against the whole summary;     Ps  the same in the summary's best sentence;
  L   in-order (LCS) content-word recall, whole summary;  B   the share of the unit's word bigrams in the summary;
  Bs  the share of its bigrams in the best sentence.

Every rule that averages two or three of them is scored as the package scores (value = weight x content words,
pooled per-reference bound): DUC 2007 system-level Pearson against responsiveness and the modified pyramid score
(Hirao et al. 2018, Table 3 protocol; ``duc2007_correlations.py``) and the share of GUMSum pairs in which the
human summary scores above the lead.  ``--halves N`` repeats the DUC comparison with ROUGE-2 on N random halves
of the topics (the other half unused): how often a rule is at least ROUGE-2's r on data it was not chosen on.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)

from duc2007_correlations import AUTOMATIC, human_matrices, load, system_correlations, truncate  # noqa: E402
from gumsum_leave_one_out import leave_one_out_rows  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.match.recall import bigram_counts, bigram_recall, clipped_recall  # noqa: E402
from pyramid_metric.methods.reference import ReferencePyramidMethod  # noqa: E402
from pyramid_metric.text import clean_text, content_words, lcs_length, words  # noqa: E402

DATA = os.path.join(HERE, "..", "..", "shared", "data")
FEATURES = ("P", "Ps", "L", "B", "Bs")


def unit_features(unit_words, summary: str, sentences):
    """The five presences of one unit (rows) in one summary, as a dict of arrays over units."""
    sw = words(summary)
    sents = [words(s) for s in sentences] or [sw]
    scw, sents_cw = content_words(sw), [content_words(s) for s in sents]
    sb, sents_b = bigram_counts(sw), [bigram_counts(s) for s in sents]
    out = {k: np.zeros(len(unit_words)) for k in FEATURES}
    for j, uw in enumerate(unit_words):
        cw = content_words(uw) or list(uw)
        out["P"][j] = clipped_recall(cw, scw)
        out["Ps"][j] = max(clipped_recall(cw, s) for s in sents_cw)
        out["L"][j] = lcs_length(cw, scw) / len(cw) if cw else 0.0
        out["B"][j] = bigram_recall(uw, sb) if len(uw) > 1 else out["P"][j]
        out["Bs"][j] = max(bigram_recall(uw, b) for b in sents_b) if len(uw) > 1 else out["Ps"][j]
    return out


def capture(examples):
    """For each (references, summaries): unit values and each summary's unit presences."""
    method = PyramidScorer().method
    pyramids = method.build_many([refs for refs, _ in examples], [None] * len(examples))
    out = []
    for (_, summaries), pyr in zip(examples, pyramids):
        cleaned = [clean_text(s) for s in summaries]
        sentences = ReferencePyramidMethod._sentences(cleaned)
        unit_words = [list(u.words) for u in pyr.units]
        feats = [unit_features(unit_words, s, ss) for s, ss in zip(cleaned, sentences)]
        out.append((np.array(pyr.unit_values()), {k: np.array([f[k] for f in feats]) for k in FEATURES}))
    return out


def scores(captured, rule):
    return np.array([np.mean([f[k] for k in rule], axis=0) @ v / v.sum() for v, f in captured])


def system_r(matrix, human, topics):
    """System-level Pearson r on these topics (the protocol of ``duc2007_correlations.py``)."""
    return float(system_correlations(matrix[topics], human[topics])[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--halves", type=int, default=200)
    args = ap.parse_args()
    topics = load(os.path.join(DATA, "duc2007", "duc2007_main.jsonl"))
    resp, pyr = (np.array(x, float) for x in human_matrices(topics))
    refs = [[t["references"][k] for k in sorted(t["references"])] for t in topics]
    peers = [[truncate(t["systems"][s]["summary"]) for s in AUTOMATIC] for t in topics]
    duc = capture(list(zip(refs, peers)))
    rouge2 = np.array(PyramidScorer(method="rouge", rouge_variant="2").compute(
        [p for ps in peers for p in ps], [r for r, ps in zip(refs, peers) for _ in ps])["scores"]).reshape(resp.shape)
    gumsum = {}
    for split in ("dev", "test", "train"):
        with open(os.path.join(DATA, "gumsum", f"gumsum_{split}.jsonl"), encoding="utf-8") as f:
            rows = leave_one_out_rows([json.loads(line) for line in f])
        gumsum[split] = capture([(r["references"], [r["human"], r["lead"]]) for r in rows])
    all_topics, pyr_topics = np.arange(len(topics)), np.where(~np.isnan(pyr).all(1))[0]
    rng = np.random.default_rng(2026)
    halves = [rng.permutation(len(topics))[:len(topics) // 2] for _ in range(args.halves)]
    print("| presence rule | DUC Resp. r | DUC Pyr. r | halves >= ROUGE-2 (Resp. / Pyr.) | GUMSum human > lead "
          "(dev / test / train) |")
    print("|---|---|---|---|---|")
    print(f"| ROUGE-2 recall | {system_r(rouge2, resp, all_topics):.3f} | {system_r(rouge2, pyr, pyr_topics):.3f} "
          "| | |")
    for n in (1, 2, 3):
        for rule in itertools.combinations(FEATURES, n):
            m = scores(duc, rule)
            wins = [(system_r(m, resp, h) >= system_r(rouge2, resp, h),
                     system_r(m, pyr, hp) >= system_r(rouge2, pyr, hp))
                    for h, hp in ((h, np.intersect1d(h, pyr_topics)) for h in halves)]
            prefs = []
            for split in ("dev", "test", "train"):
                s = scores(gumsum[split], rule)  # (cases, 2): the held-out human summary, the lead
                prefs.append(f"{np.mean(s[:, 0] > s[:, 1]):.1%}")
            r_resp, r_pyr = system_r(m, resp, all_topics), system_r(m, pyr, pyr_topics)
            won = np.mean(wins, axis=0)
            print(f"| mean({', '.join(rule)}) | {r_resp:.3f} | {r_pyr:.3f} | {won[0]:.2f} / {won[1]:.2f} "
                  f"| {' / '.join(prefs)} |", flush=True)


if __name__ == "__main__":
    main()
