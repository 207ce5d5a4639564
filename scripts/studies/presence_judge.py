#!/usr/bin/env python
"""The learned presence judge against people, on documents it was not trained on.

The judge (``pyramid_metric/match/learned.py``) is trained by ``scripts/train/presence.py`` on the file that
``scripts/train/presence_data.py`` writes (REALSumm dev, RoSE XSum and SAMSum presence labels, with generated
meaning attacks), with one fold of documents held out (``--cv example --folds 0 --save-fold-weights DIR``).
This script reads that fold's model and its held-out documents and measures, on people's labels only (the
attacks are left out):

1. **Presence labels**: per (unit, summary) pair, the package's presence of the unit as the human-SCU mode judges
   it (its label and its best-matching reference span, half each; each the mean of its presence in the whole
   summary and in its best sentence; a contradicted text capped at 0.5), with the learned probability blended in
   at share a in {0, 0.25, 0.5, 0.75, 1} (``(1 - a) words + a learned``, before the cap, as the package blends
   it), for the model trained with the held-out fold out and, as a check, for the model trained on REALSumm dev
   alone (the package's previous weights, ``--previous DIR``).  ROC AUC per set with a 95% interval from
   resampling documents; a chosen out of sample (two halves of the held-out documents: the share with the best
   AUC on one half scores the other).
2. **Scores**: the same presences averaged over each summary's units (every unit counts once, as the ACU score
   and REALSumm's human score count them), correlated with the human scores: summary level (per document
   across systems, mean Pearson) and system level, with 95% intervals from resampling documents.

    python scripts/studies/presence_judge.py --fold runs/presence_rose/folds/fold0 \\
        --previous runs/presence_previous            # table; presences cached under runs/presence_judge/

The results are in docs/studies/presence_judge.md.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import ROOT, read_rows  # noqa: E402
from realsumm_scu_presence import _auc  # noqa: E402

from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

DATA_FILE = ROOT / "runs" / "presence_data" / "presence_train.jsonl"
CACHE = ROOT / "runs" / "presence_judge"
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
SEED, RESAMPLES, CAP = 2026, 1000, 0.5
SCREENS = ((0.0, 1.0), (0.1, 1.0), (0.2, 1.0), (0.0, 0.9), (0.1, 0.9), (0.2, 0.8))


def held_out_rows(fold_dir: Path) -> list:
    """The held-out documents of the fold (people's summaries only), in the data file's order."""
    held = set(json.loads((fold_dir / "presence.json").read_text())["held_out"])
    rows = []
    for r in read_rows(DATA_FILE):
        if r["example_id"] in held:
            r["systems"] = {k: v for k, v in r["systems"].items() if not k.startswith("attack:")}
            rows.append(r)
    return rows


def word_pairs(rows) -> dict:
    """Per (unit, summary) pair and per text (label, span): the words' presence (claims off), whether the summary
    contradicts the text, and the pair's document, source, system and label."""
    from pyramid_metric.claims import cap_contradicted
    from pyramid_metric.claims import claims as read_claims
    from pyramid_metric.config import PyramidConfig
    from pyramid_metric.methods.human import reference_spans
    from pyramid_metric.methods.reference import ReferencePyramidMethod
    from pyramid_metric.text import clean_text

    method = ReferencePyramidMethod(PyramidConfig(claims="off", judge="words"))
    out = {k: [] for k in ("doc", "source", "system", "label", "words", "flag", "unit", "span", "summary")}
    for d, row in enumerate(rows):
        spans = reference_spans(row["scus"], [row["reference"]])
        texts = list(row["scus"]) + spans
        text_claims = read_claims(texts)
        for system, s in row["systems"].items():
            summary = clean_text(s["summary"])
            sents = method._sentences([summary])[0]
            words = method._rule_presence(texts, summary, sents, None)
            flags = cap_contradicted(np.ones(len(texts)), text_claims, summary, sents, CAP) < 1.0
            n = len(row["scus"])
            for k, y in enumerate(s["scu_labels"]):
                out["doc"].append(d)
                out["source"].append(row["example_id"].split(":", 1)[0])
                out["system"].append(system)
                out["label"].append(y)
                out["words"].append((words[k], words[n + k]))
                out["flag"].append((flags[k], flags[n + k]))
                out["unit"].append(texts[k])
                out["span"].append(texts[n + k])
                out["summary"].append(summary)
        print(f"  words: document {d + 1}/{len(rows)}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return {k: np.array(v) if k not in ("unit", "span", "summary") else v for k, v in out.items()}


def learned_pairs(pairs: dict, weights_dir: Path) -> np.ndarray:
    """[pairs, 2] learned probabilities of the label and of the span."""
    from pyramid_metric.match.learned import LearnedMatcher

    matcher = LearnedMatcher(weights_dir=weights_dir)
    keys = [(u, s) for u, s in zip(pairs["unit"], pairs["summary"])]
    keys += [(u, s) for u, s in zip(pairs["span"], pairs["summary"])]
    p = matcher.presence_many(keys)
    n = len(pairs["unit"])
    return np.stack([p[:n], p[n:]], axis=1)


def presence(pairs: dict, learned: np.ndarray, share: float, label_only: bool = False,
             screen=(0.0, 1.0)) -> np.ndarray:
    """The human-SCU mode's presence of each pair with the learned judge at ``share`` (module docstring, 1);
    ``label_only``: the judge reads the label, the span is judged by words alone; ``screen`` (lo, hi): the judge
    reads only the texts whose words' presence lies in [lo, hi]."""
    words = pairs["words"]
    read = (words >= screen[0]) & (words <= screen[1])
    blended = np.where(read, (1 - share) * words + share * learned, words)
    if label_only:
        blended[:, 1] = pairs["words"][:, 1]
    blended = np.where(pairs["flag"], np.minimum(blended, CAP), blended)
    return blended.mean(axis=1)


def auc_interval(p, y, doc) -> tuple:
    by_doc = [np.flatnonzero(doc == d) for d in np.unique(doc)]
    rng = np.random.default_rng(SEED)
    vals = [_auc(p[idx], y[idx]) for idx in
            (np.concatenate([by_doc[i] for i in rng.integers(0, len(by_doc), len(by_doc))])
             for _ in range(RESAMPLES))]
    return _auc(p, y), float(np.quantile(vals, 0.025)), float(np.quantile(vals, 0.975))


def chosen_share(pairs, learned, mask, label_only: bool = False) -> tuple:
    """AUC with the share chosen on the other half of the documents (two halves), and the two choices."""
    docs = np.unique(pairs["doc"][mask])
    halves = np.array_split(np.random.default_rng(SEED).permutation(docs), 2)
    y = pairs["label"]
    out, choices = np.zeros(len(y)), []
    for k, half in enumerate(halves):
        test = mask & np.isin(pairs["doc"], half)
        train = mask & np.isin(pairs["doc"], halves[1 - k])
        best = max(SHARES, key=lambda a: _auc(presence(pairs, learned, a, label_only)[train], y[train]))
        choices.append(best)
        out[test] = presence(pairs, learned, best, label_only)[test]
    return _auc(out[mask], y[mask]), choices


def label_matrix(pairs, p, mask) -> tuple:
    """Documents x systems matrices of the mean presence over units and of the share of units people found."""
    docs = sorted(set(pairs["doc"][mask]))
    systems = sorted(set(pairs["system"][mask]))
    metric, human = np.full((len(docs), len(systems)), np.nan), np.full((len(docs), len(systems)), np.nan)
    for i, d in enumerate(docs):
        for j, s in enumerate(systems):
            sel = mask & (pairs["doc"] == d) & (pairs["system"] == s)
            if sel.any():
                metric[i, j], human[i, j] = p[sel].mean(), pairs["label"][sel].mean()
    keep = ~np.isnan(metric).any(axis=1)
    return metric[keep], human[keep]


def correlation_interval(metric, human, level) -> str:
    from pyramid_metric.metaeval import bootstrap_correlation

    lo, hi = bootstrap_correlation(metric, human, level, "pearson", RESAMPLES, SEED)
    return f"{level(metric, human, 'pearson'):.3f} [{lo:.3f}, {hi:.3f}]"


def scored_sets(fold_dir: Path, tac_topics: int) -> dict:
    """name -> (documents, human matrix) for the default's scores: the held-out RoSE documents (their ACU score)
    and the first ``tac_topics`` TAC 2008 topics (NIST's modified pyramid score; no TAC data trains the judge)."""
    from claims_agreement import tac2008

    held = set(json.loads((fold_dir / "presence.json").read_text())["held_out"])
    sets = {}
    for name in ("xsum", "samsum"):
        rows = [r for r in read_rows(ROOT.parent / "shared" / "data" / "rose" / f"rose_{name}.jsonl")
                if f"{name}:{r['example_id']}" in held]
        systems = sorted(rows[0]["systems"])
        docs = [dict(summaries=[r["systems"][s]["summary"] for s in systems], references=[r["reference"]],
                     scus=r["scus"], weights=[1.0] * len(r["scus"]), contributors=None) for r in rows]
        sets[f"RoSE {name} (held out)"] = (docs, np.array([[r["systems"][s]["human_score"] for s in systems]
                                                          for r in rows]))
    if tac_topics:
        sets["TAC 2008"] = tac2008(tac_topics)
    return sets


def judged_scores(docs, mode: str, judge: str) -> np.ndarray:
    """Documents x systems scores of the package with the learned judge forced at share ``judge`` (as text), or
    without it ("words")."""
    import pyramid_metric.methods.reference as reference
    from claims_agreement import score_matrix as package_scores

    if judge != "words":
        reference.LEARNED_SHARE = float(judge)
    return package_scores(docs, mode, judge="words" if judge == "words" else "learned")


def baseline_scores(docs, name: str) -> np.ndarray:
    """ROUGE-1/-2 recall (rouge-score, stemmed) or BERTScore recall (local MiniLM), max over references."""
    n = len(docs[0]["summaries"])
    if name == "BERTScore-R":
        from common import bertscore_minilm

        scorer = bertscore_minilm()
        refs = [d["references"] for d in docs for _ in range(n)]
        preds = [s for d in docs for s in d["summaries"]]
        _, r, _ = scorer.score(preds, refs)
        return r.numpy().reshape(len(docs), n)
    from rouge_score import rouge_scorer

    key = {"ROUGE-1 R": "rouge1", "ROUGE-2 R": "rouge2"}[name]
    scorer = rouge_scorer.RougeScorer([key], use_stemmer=True)
    return np.array([[max(scorer.score(ref, s)[key].recall for ref in d["references"]) for s in d["summaries"]]
                     for d in docs])


def scores_table(fold_dir: Path, tac_topics: int) -> None:
    print("\n| set | mode | row | summary r [95%] | system r [95%] |")
    print("|---|---|---|---|---|")
    for name, (docs, human) in scored_sets(fold_dir, tac_topics).items():
        rows = [(mode, j) for mode in ("default", "human SCUs") for j in ("words", "0.5", "0.75", "1")]
        rows += [("baseline", b) for b in ("ROUGE-1 R", "ROUGE-2 R", "BERTScore-R")]
        for mode, row in rows:
            key = f"{name.split(' (')[0]}_{mode}_{row}_{len(docs)}".replace(" ", "_")
            cache = CACHE / f"scores_{key}.npy"
            if cache.exists():
                m = np.load(cache)
            else:
                m = baseline_scores(docs, row) if mode == "baseline" else judged_scores(docs, mode, row)
                np.save(cache, m)
            label = row if mode == "baseline" else ("words (before)" if row == "words" else f"learned, a = {row}")
            print(f"| {name} ({len(docs)}) | {mode} | {label} | {correlation_interval(m, human, summary_level)} | "
                  f"{correlation_interval(m, human, system_level)} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold", required=True, type=Path, help="the fold model's weights directory")
    ap.add_argument("--previous", type=Path, default=None, help="weights of the model trained on REALSumm alone")
    ap.add_argument("--scores", action="store_true", help="the default's scores on held-out RoSE documents and TAC")
    ap.add_argument("--tac-topics", type=int, default=12, help="TAC 2008 topics scored with --scores (0: none)")
    args = ap.parse_args()
    CACHE.mkdir(parents=True, exist_ok=True)
    if args.scores:
        return scores_table(args.fold, args.tac_topics)
    rows = held_out_rows(args.fold)
    cache = CACHE / "words.pkl"
    if cache.exists():
        pairs = pickle.loads(cache.read_bytes())
    else:
        pairs = word_pairs(rows)
        cache.write_bytes(pickle.dumps(pairs))
    judges = {"trained with attacks, fold out": args.fold}
    if args.previous:
        judges["REALSumm dev alone (previous)"] = args.previous
    learned = {}
    for name, path in judges.items():
        f = CACHE / f"learned_{path.name}.npy"
        if not f.exists():
            np.save(f, learned_pairs(pairs, path))
        learned[name] = np.load(f)
    y, doc = pairs["label"], pairs["doc"]
    fmt = "{:.3f} [{:.3f}, {:.3f}]".format
    print(f"held-out documents: {len(rows)}; pairs: {len(y)}")
    print("\n| set | judge | pairs | " + " | ".join(f"AUC, a = {a:g}" for a in SHARES)
          + " | a chosen on the other half: AUC (choices) |")
    print("|---" * (4 + len(SHARES)) + "|")
    for source in sorted(set(pairs["source"])):
        mask = pairs["source"] == source
        for name, lp in learned.items():
            for label_only in (False, True):
                cells = [fmt(*auc_interval(presence(pairs, lp, a, label_only)[mask], y[mask], doc[mask]))
                         for a in SHARES]
                oof, choices = chosen_share(pairs, lp, mask, label_only)
                print(f"| {source} | {name}{', label only' if label_only else ''} | {mask.sum():,} | "
                      + " | ".join(cells) + f" | {oof:.3f} ({', '.join(f'{c:g}' for c in choices)}) |", flush=True)
    name = next(iter(learned))
    print(f"\n{name}, a = 0.5: the judge reads only the texts whose words' presence lies in [lo, hi]")
    print("| set | " + " | ".join(f"[{lo:g}, {hi:g}]: AUC (texts read)" for lo, hi in SCREENS) + " |")
    print("|---" * (1 + len(SCREENS)) + "|")
    for source in sorted(set(pairs["source"])):
        mask = pairs["source"] == source
        cells = []
        for screen in SCREENS:
            read = ((pairs["words"] >= screen[0]) & (pairs["words"] <= screen[1]))[mask].mean()
            cells.append(f"{_auc(presence(pairs, learned[name], 0.5, screen=screen)[mask], y[mask]):.3f} "
                         f"({read:.0%})")
        print(f"| {source} | " + " | ".join(cells) + " |", flush=True)
    print("\n| set | judge | share a | summary r [95%] | system r [95%] |")
    print("|---|---|---|---|---|")
    for source in sorted(set(pairs["source"])):
        mask = pairs["source"] == source
        for name, lp in learned.items():
            for a in SHARES:
                m, h = label_matrix(pairs, presence(pairs, lp, a), mask)
                print(f"| {source} ({len(m)} documents) | {name} | {a:g} | {correlation_interval(m, h, summary_level)}"
                      f" | {correlation_interval(m, h, system_level)} |", flush=True)


if __name__ == "__main__":
    main()
