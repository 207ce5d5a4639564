"""The study behind ``matcher="context"``: a presence judge that reads meaning, chosen out of sample.

Usage (from the project root; about 25 minutes on two CPU cores, most of it DUC 2007):
    python scripts/studies/contextual_presence.py [--cache runs/contextual] [--skip-duc]

Each unit of the default pyramid (every reference's EDUs, weighted by the references that express them) gets
its contextual presence in each summary: the mean over its content words of max(0, (cos - b) / (1 - b)), cos
the best cosine of the word's MiniLM state at layer L (read inside its reference) with the states of the
summary's words (read inside the summary), against the whole summary and against its best sentence, the two
averaged (the default's summary+sentence rule).  That is ``PyramidScorer(matcher="context")`` at
layer L and floor b; one pass of the encoder serves every layer (the layers are the model's own states).

1. REALSumm dev (60 CNN/DM examples x 25 systems, one reference, human LitePyramid scores): summary-level and
   system-level Pearson of every (layer, floor) in {3, 4, 5, 6} x {0, 0.3, 0.5}, then the choice repeated
   inside 5-fold cross-validation by example: on the training examples the setting with the largest
   summary-level + system-level r is chosen, and the held-out examples are scored with it (folds by system
   would put systems scored by different settings into one system-level correlation, so they are not used).
2. Checked on data not used to choose: GUMSum dev leave-one-out (the held-out human summary against a
   same-length lead; with the other four summaries as references, and with each of them alone: one
   abstractive one-sentence reference, the XSum setting), and DUC 2007 (four references, system level against
   NIST's responsiveness and modified pyramid scores; Hirao et al. 2018, Table 3 protocol).

The pyramid weights are the default's (content-word recall), as ``matcher="context"`` builds them.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))  # scripts/: common.py

from common import DATA  # noqa: E402
from duc2007_correlations import (AUTOMATIC, bootstrap_r, human_matrices, load,  # noqa: E402
                                  system_correlations, truncate)
from gumsum_leave_one_out import leave_one_out_rows, single_reference_rows  # noqa: E402
from multiref_presence import default_pyramids  # noqa: E402
from pyramid_metric.encoder import get_encoder  # noqa: E402
from pyramid_metric.match.align import pool_words, word_spans  # noqa: E402
from pyramid_metric.match.recall import clipped_recall  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval, correlation, summary_level, system_level  # noqa: E402
from pyramid_metric.methods.reference import ReferencePyramidMethod  # noqa: E402
from pyramid_metric.text import _stop_stems, clean_text, content_words, words  # noqa: E402

LAYERS = (3, 4, 5, 6)
FLOORS = (0.0, 0.3, 0.5)
SETTINGS = [(layer, floor) for layer in LAYERS for floor in FLOORS]


def encode_layers(texts):
    """Each distinct text's words (spans, content flags) and their vectors at every layer of LAYERS, from one pass
    of the encoder (:meth:`pyramid_metric.encoder.Encoder.token_vectors_by_layer`)."""
    todo = list(dict.fromkeys(texts))
    encoded = get_encoder().token_vectors_by_layer(todo, LAYERS)
    out = {}
    stops = _stop_stems()
    for k, text in enumerate(todo):
        spans = word_spans(text)
        vecs = {L: pool_words([(s, e) for s, e, _ in spans], encoded[L][k].offsets, encoded[L][k].vectors)
                for L in LAYERS}
        out[text] = (spans, np.array([st not in stops for _, _, st in spans], dtype=bool), vecs)
    return out


def passages(pyr):
    """The units of each reference as one passage (the text the matcher encodes), with their unit indices."""
    groups = {}
    for j, origin in enumerate(pyr.origins):
        groups.setdefault(min(origin), []).append(j)
    return [(" ".join(pyr.units[j].text for j in js), js) for _, js in sorted(groups.items())]


def unit_cosines(pyr, summary_text, pieces, encoded):
    """For each unit: (best cosine of each content word with the whole summary, with each sentence), per layer.
    One product of a passage's word vectors with the summary's serves all its units and the summary's
    sentences (consecutive blocks of its words)."""
    sspans, _, svecs = encoded[summary_text]
    bounds, at = [], 0
    for p in pieces:
        bounds.append((at, at + len(p)))
        at += len(p) + 1
    sent_of = np.array([next((i for i, (a, b) in enumerate(bounds) if s >= a and e <= b), 0) for s, e, _ in sspans])
    blocks = [np.flatnonzero(sent_of == i) for i in range(len(pieces))]
    out = [None] * len(pyr.units)
    if not len(sspans):
        return out
    for text, js in passages(pyr):
        spans, content, vecs = encoded[text]
        starts = np.array([s for s, _, _ in spans])
        ends = np.array([e for _, e, _ in spans])
        products = {L: vecs[L] @ svecs[L].T for L in LAYERS}
        at = 0
        for j in js:
            a, b = at, at + len(pyr.units[j].text)
            at = b + 1
            sel = np.flatnonzero((starts >= a) & (ends <= b))
            sel = sel[content[sel]] if content[sel].any() else sel
            if not len(sel):
                continue
            cos = {}
            for L in LAYERS:
                m = products[L][sel]
                per = [m[:, idx].max(1) if len(idx) else np.zeros(len(sel)) for idx in blocks]
                cos[L] = (m.max(1), np.stack(per))
            out[j] = cos
    return out


def capture(examples):
    """For each (references, summaries): unit values, lexical default presences and contextual cosines."""
    pyramids = default_pyramids([refs for refs, _ in examples])
    cleaned = [[clean_text(s) for s in summaries] for _, summaries in examples]
    sentences = [ReferencePyramidMethod._sentences(c) for c in cleaned]
    texts = [t for pyr in pyramids for t, _ in passages(pyr)]
    texts += [" ".join(ss) if len(ss) > 1 else c for cs, sss in zip(cleaned, sentences) for c, ss in zip(cs, sss)]
    encoded = encode_layers(texts)
    out = []
    for pyr, cs, sss in zip(pyramids, cleaned, sentences):
        cases = []
        for c, ss in zip(cs, sss):
            pieces = list(ss) if len(ss) > 1 else [c]
            sw = content_words(words(c))
            sents = [content_words(words(s)) for s in ss] or [sw]
            lexical = []
            for unit, cw in zip(pyr.units, pyr.unit_content_words()):
                cw = list(cw) or list(unit.words)
                lexical.append((clipped_recall(cw, sw), max(clipped_recall(cw, s) for s in sents)))
            cases.append((np.array(lexical), unit_cosines(pyr, " ".join(pieces), pieces, encoded)))
        out.append((np.array(pyr.unit_values()), cases))
    return out


def contextual(captured, layer, floor, ceiling=1.0):
    """Examples x summaries scores of ``matcher="context"`` at (layer, floor): sum_j v_j p_j / sum_j v_j; a word
    earns full credit from cosine ``ceiling`` (1: the package's matcher)."""
    def credit(cos):
        return np.clip((cos - floor) / (ceiling - floor), 0.0, 1.0)

    rows = []
    for values, cases in captured:
        row = []
        for _, cosines in cases:
            p = np.array([0.0 if c is None else (credit(c[layer][0]).mean() + credit(c[layer][1]).mean(1).max()) / 2
                          for c in cosines])
            row.append(p @ values / values.sum())
        rows.append(row)
    return np.array(rows)


def default_scores(captured):
    """The default's scores (one reference: mean of whole-summary and best-sentence content-word recall)."""
    return np.array([[lex.mean(1) @ values / values.sum() for lex, _ in cases] for values, cases in captured])


def realsumm(args, cache):
    rows = [json.loads(line) for line in open(os.path.join(DATA, "realsumm", "realsumm_dev.jsonl"), encoding="utf-8")]
    systems = sorted(rows[0]["systems"])
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    captured = cached(cache, "realsumm", lambda: capture([([r["reference"]], [r["systems"][s]["summary"]
                                                                                for s in systems]) for r in rows]))
    matrices = {s: contextual(captured, *s) for s in SETTINGS}
    print("## REALSumm dev, every setting (in sample)\n")
    print("| layer | floor | summary r | summary tau | system r |\n|---|---|---|---|---|")
    print(f"| default (lexical) | | {summary_level(default_scores(captured), human, 'pearson'):.3f} | "
          f"{summary_level(default_scores(captured), human, 'kendall'):.3f} | "
          f"{system_level(default_scores(captured), human, 'pearson'):.3f} |")
    for (layer, floor), m in matrices.items():
        print(f"| {layer} | {floor:g} | {summary_level(m, human, 'pearson'):.3f} | "
              f"{summary_level(m, human, 'kendall'):.3f} | {system_level(m, human, 'pearson'):.3f} |")
    print("\n## REALSumm dev, chosen inside 5-fold cross-validation\n")
    print("| folds | chosen per fold | summary r [95%] | summary rho | summary tau | system r |\n|---|---|---|---|---|---|")
    chosen, held = cross_validate(matrices, human)
    print(f"| by example | {', '.join(f'L{l} b{f:g}' for l, f in chosen)} | {held} |")
    return matrices, human


def objective(m, h):
    return summary_level(m, h, "pearson") + system_level(m, h, "pearson")


def cross_validate(matrices, human, k=5, seed=2026):
    """Choose (layer, floor) on the training examples, score the held-out ones with it; the held-out examples'
    rows are pooled into one out-of-sample matrix."""
    n = human.shape[0]
    folds = np.array_split(np.random.default_rng(seed).permutation(n), k)
    out = np.zeros_like(human)
    chosen = []
    for fold in folds:
        train = np.setdiff1d(np.arange(n), fold)
        best = max(matrices, key=lambda s: objective(matrices[s][train], human[train]))
        chosen.append(best)
        out[fold] = matrices[best][fold]
    per_example = [v for v in (correlation(a, b, "pearson") for a, b in zip(out, human)) if not np.isnan(v)]
    lo, hi = bootstrap_interval(per_example)
    cells = (f"{summary_level(out, human, 'pearson'):.3f} [{lo:.3f}, {hi:.3f}] | "
             f"{summary_level(out, human, 'spearman'):.3f} | {summary_level(out, human, 'kendall'):.3f} | "
             f"{system_level(out, human, 'pearson'):.3f}")
    return chosen, cells


def gumsum(args, cache, settings):
    docs = [json.loads(line) for line in open(os.path.join(DATA, "gumsum", "gumsum_dev.jsonl"), encoding="utf-8")]
    rows = leave_one_out_rows(docs)
    print("\n## GUMSum dev leave-one-out: human summary above a same-length lead (share of pairs, 95% interval)\n")
    print("| references | default | " + " | ".join(f"context L{l} b{f:g}" for l, f in settings) + " |")
    print("|---" * (2 + len(settings)) + "|")
    for name, rs in (("the other four", rows), ("each other one alone (one-sentence reference)",
                                                single_reference_rows(rows))):
        captured = cached(cache, f"gumsum-{len(rs)}", lambda: capture([(r["references"], [r["human"], r["lead"]])
                                                                       for r in rs]))
        cells = []
        for m in [None] + list(settings):
            s = default_scores(captured) if m is None else contextual(captured, *m)
            wins = (s[:, 0] > s[:, 1]).astype(float)
            lo, hi = bootstrap_interval(wins)
            cells.append(f"{wins.mean():.1%} [{lo:.1%}, {hi:.1%}]")
        if len(rs) == len(rows):  # the default with several references uses its multi-reference rule
            cells[0] = "see docs (multi-reference rule)"
        print(f"| {name} | " + " | ".join(cells) + " |")


def duc(args, cache, settings):
    topics = load(os.path.join(DATA, "duc2007", "duc2007_main.jsonl"))
    resp, pyr = (np.array(x, float) for x in human_matrices(topics))
    refs = [[t["references"][k] for k in sorted(t["references"])] for t in topics]
    peers = [[truncate(t["systems"][s]["summary"]) for s in AUTOMATIC] for t in topics]
    captured = cached(cache, "duc2007", lambda: capture(list(zip(refs, peers))))
    print("\n## DUC 2007, system level (r / rho / tau; 95% interval of r over resampled topics)\n")
    print("| setting | vs responsiveness | vs modified pyramid |\n|---|---|---|")
    for layer, floor in settings:
        m = contextual(captured, layer, floor)
        cells = []
        for h in (resp, pyr):
            r, rho, tau = system_correlations(m, h)[:3]
            lo, hi = bootstrap_r(m, h, 1000)
            cells.append(f"{r:.3f} [{lo:.3f}, {hi:.3f}] / {rho:.3f} / {tau:.3f}")
        print(f"| context L{layer} b{floor:g} | " + " | ".join(cells) + " |")


def cached(cache, name, compute):
    if not cache:
        return compute()
    path = os.path.join(cache, name + ".pkl")
    if os.path.exists(path):
        with open(path, "rb") as f:
            return pickle.load(f)
    out = compute()
    os.makedirs(cache, exist_ok=True)
    with open(path, "wb") as f:
        pickle.dump(out, f)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", default=None, help="folder for the captured cosines (reused when present)")
    ap.add_argument("--skip-duc", action="store_true")
    args = ap.parse_args()
    matrices, human = realsumm(args, args.cache)
    checked = sorted({max(matrices, key=lambda s: objective(matrices[s], human)), (6, 0.0)})
    gumsum(args, args.cache, checked)
    if not args.skip_duc:
        duc(args, args.cache, checked)


if __name__ == "__main__":
    main()
