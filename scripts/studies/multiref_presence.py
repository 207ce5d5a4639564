"""How the default judges a unit's presence with several references: the study behind ``presence="auto"``.

Usage (from the project root; about 10 minutes on two CPU cores):
    python scripts/studies/multiref_presence.py [--halves 200] [--fact-weight per-unit|shared]

The default pyramid (every reference's EDUs, weighted by the references that express them) is built once for
every DUC 2007 topic (four references, 32 systems) and every GUMSum leave-one-out case (four references, the
held-out human summary against a same-length lead; dev, test and train splits).  Then each unit's presence in
each summary is computed in several ways, all lexical (stemmed words, as the package counts them):

  P   content-word recall against the whole summary;     Ps  the same in the summary's best sentence;
  L   in-order (LCS) content-word recall, whole summary;  B   the share of the unit's word bigrams in the summary;
  Bs  the share of its bigrams in the best sentence.

Every rule that averages two or three of them is scored as the package scores (value = content words x the weight
each unit counts, ``--fact-weight``, by default each unit's own as the published table was computed; pooled
per-reference bound): DUC 2007 system-level Pearson against responsiveness and the modified pyramid score
(Hirao et al. 2018, Table 3 protocol; ``scripts/studies/duc2007_correlations.py``) and the share of GUMSum pairs in which the
human summary scores above the lead.  ``--halves N`` repeats the DUC comparison with ROUGE-2 on N random halves
of the topics (the other half unused): how often a rule is at least ROUGE-2's r on data it was not chosen on.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections import Counter

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py

from common import DATA  # noqa: E402
from duc2007_correlations import AUTOMATIC, human_matrices, load, system_correlations, truncate  # noqa: E402
from gumsum_leave_one_out import split_rows  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.match.recall import bigram_counts, bigram_recall, clipped_recall  # noqa: E402
from pyramid_metric.methods.reference import (ReferencePyramidMethod, best_sentence_bigram_share,  # noqa: E402
                                              in_order_recall)
from pyramid_metric.text import clean_text, content_words, words  # noqa: E402

FEATURES = ("P", "Ps", "L", "B", "Bs")
MIN_HUMAN_WINS = 0.82  # GUMSum dev: the held-out human summary above the lead on at least this share of pairs


def unit_features(pyr, summary: str, sentences):
    """The five presences of each unit of ``pyr`` in one summary, as a dict of arrays over units (L and Bs as
    the package's sentence+order+bigram rule computes them)."""
    sw = words(summary)
    sents = [words(s) for s in sentences] or [sw]
    scw, sents_cw = content_words(sw), [content_words(s) for s in sents]
    sb = bigram_counts(sw)
    out = {k: np.zeros(len(pyr.units)) for k in FEATURES}
    for j, (unit, cw) in enumerate(zip(pyr.units, pyr.unit_content_words())):
        uw, cw = list(unit.words), list(cw) or list(unit.words)
        out["P"][j] = clipped_recall(cw, scw)
        out["Ps"][j] = max(clipped_recall(cw, s) for s in sents_cw)
        out["B"][j] = bigram_recall(uw, sb) if len(uw) > 1 else out["P"][j]
    out["L"] = in_order_recall(pyr, summary)
    out["Bs"] = best_sentence_bigram_share(pyr.units, summary, sentences, out["Ps"])
    return out


def default_pyramids(references, fact_weight: str = "shared"):
    """The default configuration's pyramid of each list of references (``fact_weight``: the option's value)."""
    return PyramidScorer(fact_weight=fact_weight).method.build_many(list(references), [None] * len(references))


def summaries_with_features(examples, pyramids=None, fact_weight: str = "shared"):
    """For each (references, summaries): (its default pyramid, the cleaned summaries, their sentences, each
    summary's unit features) (``pyramids``: the default pyramids of the references, when already built)."""
    if pyramids is None:
        pyramids = default_pyramids([refs for refs, _ in examples], fact_weight)
    out = []
    for (_, summaries), pyr in zip(examples, pyramids):
        cleaned = [clean_text(s) for s in summaries]
        sentences = ReferencePyramidMethod._sentences(cleaned)
        out.append((pyr, cleaned, sentences, [unit_features(pyr, s, ss) for s, ss in zip(cleaned, sentences)]))
    return out


def capture(examples, pyramids=None, fact_weight: str = "shared"):
    """For each (references, summaries): unit values and each summary's unit presences (``pyramids``: the
    default pyramids of the references, when already built)."""
    return [(np.array(pyr.unit_values()), {k: np.array([f[k] for f in feats]) for k in FEATURES})
            for pyr, _, _, feats in summaries_with_features(examples, pyramids, fact_weight)]


def scores(captured, rule):
    return np.array([np.mean([f[k] for k in rule], axis=0) @ v / v.sum() for v, f in captured])


def system_r(matrix, human, topics):
    """System-level Pearson r on these topics (the protocol of ``duc2007_correlations.py``)."""
    return float(system_correlations(matrix[topics], human[topics])[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--halves", type=int, default=200)
    ap.add_argument("--fact-weight", default="per-unit", help="the pyramids' fact_weight (per-unit: the weights "
                    "the published table was computed with; shared: the default's)")
    args = ap.parse_args()
    topics = load(os.path.join(DATA, "duc2007", "duc2007_main.jsonl"))
    resp, pyr = (np.array(x, float) for x in human_matrices(topics))
    refs = [[t["references"][k] for k in sorted(t["references"])] for t in topics]
    peers = [[truncate(t["systems"][s]["summary"]) for s in AUTOMATIC] for t in topics]
    duc = capture(list(zip(refs, peers)), fact_weight=args.fact_weight)
    rouge2 = np.array(PyramidScorer(method="rouge", rouge_variant="2").compute(
        [p for ps in peers for p in ps], [r for r, ps in zip(refs, peers) for _ in ps])["scores"]).reshape(resp.shape)
    gumsum = {}
    for split in ("dev", "test", "train"):
        rows = split_rows(split)
        gumsum[split] = capture([(r["references"], [r["human"], r["lead"]]) for r in rows],
                                fact_weight=args.fact_weight)
    all_topics, pyr_topics = np.arange(len(topics)), np.where(~np.isnan(pyr).all(1))[0]
    rng = np.random.default_rng(2026)
    orders = [rng.permutation(len(topics)) for _ in range(args.halves)]
    halves = [order[:len(topics) // 2] for order in orders]
    rules = [rule for n in (1, 2, 3) for rule in itertools.combinations(FEATURES, n)]
    matrices = {rule: scores(duc, rule) for rule in rules}
    human_wins = {rule: {split: float(np.mean((lambda s: s[:, 0] > s[:, 1])(scores(gumsum[split], rule))))
                         for split in gumsum} for rule in rules}  # scores: (cases, 2), the held-out human, the lead

    def margins(rule, half):
        """System-level r minus ROUGE-2's on these topics, against responsiveness and the pyramid score."""
        hp = np.intersect1d(half, pyr_topics)
        return (system_r(matrices[rule], resp, half) - system_r(rouge2, resp, half),
                system_r(matrices[rule], pyr, hp) - system_r(rouge2, pyr, hp))

    print("| presence rule | DUC Resp. r | DUC Pyr. r | halves >= ROUGE-2 (Resp. / Pyr.) | GUMSum human > lead "
          "(dev / test / train) |")
    print("|---|---|---|---|---|")
    print(f"| ROUGE-2 recall | {system_r(rouge2, resp, all_topics):.3f} | {system_r(rouge2, pyr, pyr_topics):.3f} "
          "| | |")
    for rule in rules:
        m = matrices[rule]
        won = np.mean([[x >= 0 for x in margins(rule, h)] for h in halves], axis=0)
        prefs = " / ".join(f"{human_wins[rule][split]:.1%}" for split in ("dev", "test", "train"))
        print(f"| mean({', '.join(rule)}) | {system_r(m, resp, all_topics):.3f} | {system_r(m, pyr, pyr_topics):.3f} "
              f"| {won[0]:.2f} / {won[1]:.2f} | {prefs} |", flush=True)

    def choose(half):
        """The rule that meets most of the three conditions on these topics and GUMSum dev (r >= ROUGE-2's on
        both DUC columns, human > lead on >= 82% of dev pairs), ties broken by the summed DUC margins."""
        def key(rule):
            a, b = margins(rule, half)
            return (int(a >= 0) + int(b >= 0) + int(human_wins[rule]["dev"] >= MIN_HUMAN_WINS), a + b)
        return max(rules, key=key)

    def name(rule):
        return f"mean({', '.join(rule)})"

    print(f"\nSelection repeated on {len(orders)} random halves of the topics (chosen on one half and GUMSum dev, "
          "scored on the other half and GUMSum test):\n")
    chosen, held_out = Counter(), []
    for order in orders:
        train, test = order[:len(topics) // 2], order[len(topics) // 2:]
        rule = choose(train)
        chosen[name(rule)] += 1
        held_out.append([*margins(rule, test), human_wins[rule]["test"]])
    held_out = np.array(held_out)
    print("| chosen rule | times |\n|---|---|")
    for rule, times in chosen.most_common():
        print(f"| {rule} | {times} |")
    print(f"\nheld-out half: the chosen rule's r >= ROUGE-2's on {np.mean(held_out[:, 0] >= 0):.0%} (Resp.) and "
          f"{np.mean(held_out[:, 1] >= 0):.0%} (Pyr.) of the splits, mean margin {held_out[:, 0].mean():+.3f} / "
          f"{held_out[:, 1].mean():+.3f}; GUMSum test human > lead {held_out[:, 2].mean():.1%} on average")
    print(f"chosen on all topics and GUMSum dev: {name(choose(all_topics))}")


if __name__ == "__main__":
    main()
