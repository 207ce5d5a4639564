"""The study behind the default's judge of single-sentence references: the MiniLM layer and floor, chosen on GUMSum.

Usage (from the project root; about 10 minutes on two CPU cores the first time, seconds with --cache):
    python scripts/studies/single_sentence_judge.py [--cache runs/single-sentence] [--bertscore] [--ceilings]

Where every reference is one sentence (XSum-like data), the default judges each unit's presence in context:
the mean over its content words of max(0, (cos - b) / (1 - b)), cos the word's best cosine with the summary's
words, MiniLM states of layer L, against the whole summary and against its best sentence, the two averaged
(``matcher="context"`` at layer L and floor b; scripts/studies/contextual_presence.py computes it, for every
layer from one pass of the encoder).

1. Chosen on GUMSum train: each of the 177 documents' five human summaries against a lead of the same length,
   scored against each other summary alone (one abstractive one-sentence reference; 3,540 pairs); the share of
   pairs where the human summary scores above the lead, for every (layer, floor) in {3, 4, 5, 6} x {0, 0.3,
   0.4, 0.5, 0.6}, and for the same presence averaged with content-word recall (weights 0.25, 0.5).
2. Checked on REALSumm dev's reference sentences: each reference sentence holding two SCUs or more is a
   one-sentence reference of its own (198), scored against the example's 25 system summaries; the human score
   is the share of its SCUs a person found (summary level over the sentences whose human scores vary, system
   level over the 25 systems).  The rule: the setting with the largest GUMSum train share among those whose
   REALSumm sentence agreement is no worse than the ``context`` matcher's own setting (layer 5, floor 0.5,
   chosen on whole REALSumm references): summary r not lower, system r within 0.005.
3. Reported, not used to choose: GUMSum dev and test, the same pairs.

``--ceilings`` asks another question of the same captures: whether a word should earn full credit from a cosine
below 1 (a ceiling c: credit = (cos - b) / (c - b), clipped), which raises a paraphrase's credit towards the
copy's; printed for layers 4 and 5, floors 0.4 and 0.5, with RoSE XSum's people (ACU recall of 8 systems on
496 documents, one-sentence references) as a third check.

The figures and number words rule of the package (a figure credited only against the same word) is not applied
here; the package's own numbers come from scripts/studies/gumsum_leave_one_out.py --single-reference.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py
sys.path.insert(0, HERE)

from common import DATA  # noqa: E402
from contextual_presence import cached, capture, contextual, default_scores  # noqa: E402
from gumsum_leave_one_out import leave_one_out_rows, single_reference_rows  # noqa: E402
from realsumm_scu_presence import sentence_groups_with_text  # noqa: E402
from pyramid_metric.match.context import FLOOR as CONTEXT_FLOOR, LAYER as CONTEXT_LAYER  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval, summary_level, system_level  # noqa: E402

LAYERS = (3, 4, 5, 6)
FLOORS = (0.0, 0.3, 0.4, 0.5, 0.6)
SETTINGS = [(layer, floor) for layer in LAYERS for floor in FLOORS]
CONTEXT_SETTING = (CONTEXT_LAYER, CONTEXT_FLOOR)  # matcher="context", chosen on REALSumm dev (contextual_presence.py)
MIXES = (0.25, 0.5)  # weight of content-word recall averaged into the contextual presence


def gumsum_captured(split: str, cache):
    docs = [json.loads(line) for line in open(os.path.join(DATA, "gumsum", f"gumsum_{split}.jsonl"), encoding="utf-8")]
    rows = single_reference_rows(leave_one_out_rows(docs))
    return cached(cache, f"gumsum-{split}-1ref", lambda: capture([(r["references"], [r["human"], r["lead"]])
                                                                  for r in rows]))


def realsumm_sentences(cache):
    """(captured, human, sentences, summaries): REALSumm dev's reference sentences of two SCUs or more, each a
    one-sentence reference scored against its example's system summaries; human = share of the sentence's SCUs
    found."""
    rows = [json.loads(line) for line in open(os.path.join(DATA, "realsumm", "realsumm_dev.jsonl"), encoding="utf-8")]
    systems = sorted(rows[0]["systems"])
    groups = sentence_groups_with_text(rows)
    labels = [np.array([r["systems"][s]["scu_labels"] for s in systems], float) for r in rows]
    human = np.array([labels[e][:, js].mean(1) for e, js, _ in groups])
    texts = [text for _, _, text in groups]
    summaries = [[rows[e]["systems"][s]["summary"] for s in systems] for e, _, _ in groups]
    captured = cached(cache, "realsumm-sentences", lambda: capture([([t], ss) for t, ss in zip(texts, summaries)]))
    return captured, human, texts, summaries


def mixed(captured, layer, floor, weight):
    """The contextual presence averaged unit by unit with the lexical one (mean of whole-summary and best-sentence
    content-word recall), (1 - weight) x contextual + weight x lexical: the scores are linear in the presences."""
    return (1 - weight) * contextual(captured, layer, floor) + weight * default_scores(captured)


CEILINGS = (1.0, 0.95, 0.9, 0.85, 0.8)


def rose_xsum(cache):
    """(captured, human): RoSE XSum's 496 documents x 8 systems against their one-sentence reference; human =
    ACU recall."""
    rows = [json.loads(line) for line in open(os.path.join(DATA, "rose", "rose_xsum.jsonl"), encoding="utf-8")]
    systems = sorted(rows[0]["systems"])
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    captured = cached(cache, "rose-xsum", lambda: capture([([r["reference"]], [r["systems"][s]["summary"]
                                                                                for s in systems]) for r in rows]))
    return captured, human


def ceilings(gum, sentences, human, cache):
    """The ceiling grid (module docstring): GUMSum shares, REALSumm sentences and RoSE XSum, summary / system r."""
    varied = human.std(1) > 0
    rose, rose_human = rose_xsum(cache)
    rose_varied = rose_human.std(1) > 0
    print("| layer | floor | ceiling | GUMSum train | dev | test | REALSumm sentences: summary r | system r | "
          "RoSE XSum: summary r | system r |\n|---|---|---|---|---|---|---|---|---|---|")
    for layer in (4, 5):
        for floor in (0.4, 0.5):
            for ceiling in CEILINGS:
                shares = {split: share(contextual(c, layer, floor, ceiling)) for split, c in gum.items()}
                m, r = contextual(sentences, layer, floor, ceiling), contextual(rose, layer, floor, ceiling)
                print(f"| {layer} | {floor:g} | {ceiling:g} | {shares['train']:.1%} | {shares['dev']:.1%} | "
                      f"{shares['test']:.1%} | {summary_level(m[varied], human[varied], 'pearson'):.3f} | "
                      f"{system_level(m, human, 'pearson'):.3f} | "
                      f"{summary_level(r[rose_varied], rose_human[rose_varied], 'pearson'):.3f} | "
                      f"{system_level(r, rose_human, 'pearson'):.3f} |")


def share(scores) -> float:
    return float((scores[:, 0] > scores[:, 1]).mean())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=None, help="folder for the captured cosines (reused when present)")
    ap.add_argument("--bertscore", action="store_true", help="also BERTScore-MiniLM recall on REALSumm's sentences")
    ap.add_argument("--ceilings", action="store_true", help="the ceiling grid (module docstring) instead")
    args = ap.parse_args()
    gum = {split: gumsum_captured(split, args.cache) for split in ("train", "dev", "test")}
    sentences, human, texts, summaries = realsumm_sentences(args.cache)
    if args.ceilings:
        return ceilings(gum, sentences, human, args.cache)
    varied = human.std(1) > 0

    def realsumm_cells(m):
        return (summary_level(m[varied], human[varied], "pearson"), system_level(m, human, "pearson"))

    results = {}
    print("| layer | floor | GUMSum train | REALSumm sentences: summary r | system r | GUMSum dev | GUMSum test |")
    print("|---|---|---|---|---|---|---|")
    lexical = {split: default_scores(c) for split, c in gum.items()}
    s, y = realsumm_cells(default_scores(sentences))
    print(f"| content-word recall | | {share(lexical['train']):.1%} | {s:.3f} | {y:.3f} | "
          f"{share(lexical['dev']):.1%} | {share(lexical['test']):.1%} |")
    for layer, floor in SETTINGS:
        shares = {split: share(contextual(c, layer, floor)) for split, c in gum.items()}
        results[(layer, floor)] = (shares, realsumm_cells(contextual(sentences, layer, floor)))
        (s, y) = results[(layer, floor)][1]
        print(f"| {layer} | {floor:g} | {shares['train']:.1%} | {s:.3f} | {y:.3f} | {shares['dev']:.1%} | "
              f"{shares['test']:.1%} |")
    base_summary, base_system = results[CONTEXT_SETTING][1]
    allowed = [k for k, (_, (s, y)) in results.items() if s >= base_summary and y >= base_system - 0.005]
    chosen = max(allowed, key=lambda k: results[k][0]["train"])
    best_train = max(results, key=lambda k: results[k][0]["train"])
    print(f"\nbest on GUMSum train alone: layer {best_train[0]}, floor {best_train[1]:g}; chosen (REALSumm sentences "
          f"no worse than layer {CONTEXT_SETTING[0]}, floor {CONTEXT_SETTING[1]:g}): layer {chosen[0]}, "
          f"floor {chosen[1]:g}")
    print("\n| chosen setting, content-word recall mixed in | GUMSum train | dev | test |\n|---|---|---|---|")
    for weight in MIXES:
        shares = {split: share(mixed(c, *chosen, weight)) for split, c in gum.items()}
        print(f"| weight {weight:g} | {shares['train']:.1%} | {shares['dev']:.1%} | {shares['test']:.1%} |")
    for split in ("dev", "test"):
        new, old = (contextual(gum[split], *k) for k in (chosen, CONTEXT_SETTING))
        wins = (new[:, 0] > new[:, 1]).astype(float) - (old[:, 0] > old[:, 1])
        lo, hi = bootstrap_interval(wins)
        print(f"\nGUMSum {split}: chosen minus layer {CONTEXT_SETTING[0]} floor {CONTEXT_SETTING[1]:g}: "
              f"{wins.mean() * 100:+.1f} points [{lo * 100:+.1f}, {hi * 100:+.1f}] (pairs resampled)")
    if args.bertscore:
        from common import bertscore_minilm

        _, recall, _ = bertscore_minilm().score([s for ss in summaries for s in ss],
                                                [t for t, ss in zip(texts, summaries) for _ in ss])
        s, y = realsumm_cells(recall.numpy().reshape(len(texts), -1))
        print(f"\nBERTScore-MiniLM recall on REALSumm's sentences: summary r {s:.3f}, system r {y:.3f}")


if __name__ == "__main__":
    main()
