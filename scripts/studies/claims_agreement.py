#!/usr/bin/env python
"""The contradiction check (``claims="check"``, pyramid_metric/claims.py) against people: presence labels and scores.

Two measurements, each with the check on and off, on the shared data:

1. **Presence labels** (``--labels``): RoSE's judgments of whether each content unit (ACU) is present in each
   summary (XSum news, SAMSum dialogues; ``../shared/data/rose``).  For every (unit, summary) pair, the package's
   presence of the unit under the human-SCU rule (label and its best-matching reference span, half each, each
   judged against the whole summary and its best sentence) with and without the cap on contradicted units; ROC
   AUC over all pairs, with a 95% interval from resampling documents (1,000 resamples), and the share of pairs
   the check flags and how many of those a person found present.  The cap (0.25) is chosen by 5-fold
   cross-validation over documents among {0, 0.25, 0.5} (criterion: AUC on the training folds).
2. **Scores** (``--scores``): the default (references only) and the human-SCU mode (``scus=``) correlated with the
   human scores: summary level (per document across systems, mean Pearson) and system level (Pearson of the
   systems' means), with 95% intervals from resampling documents, on RoSE XSum and SAMSum (ACU recall,
   ``human_score``) and TAC 2008 (NIST's modified pyramid score; peers cut to 100 words; SCUs with contributors).

    python scripts/studies/claims_agreement.py --labels          # AUC table (presences cached under runs/)
    python scripts/studies/claims_agreement.py --scores          # correlation table (scores cached under runs/)
    python scripts/studies/claims_agreement.py --scores --limit 50   # a quick look on 50 documents a set
    python scripts/studies/claims_agreement.py --caps --limit 150    # the default under caps 0.5, 0.25, 0

The results are in docs/studies/claims.md.
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

from common import DATA, REALSUMM_DEV, ROOT  # noqa: E402
from realsumm_scu_presence import _auc  # noqa: E402

from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

CACHE = ROOT / "runs" / "claims"
# what a contradicted unit keeps: ("cap", c) = min(presence, c), ("times", f) = f x presence
RULES = (("cap", 0.0), ("cap", 0.25), ("cap", 0.5), ("times", 0.25), ("times", 0.5))
N_FOLDS, SEED, RESAMPLES = 5, 2026, 1000
TAC_WORDS = 100  # TAC 2008 peers were cut to 100 words before NIST scored them


def rose_rows(name: str, limit=None) -> list:
    with open(DATA / "rose" / f"rose_{name}.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:limit] if limit else rows


# ---- 1. presence labels ---------------------------------------------------------------------------------

def label_kinds(rows) -> np.ndarray:
    """Per (unit, summary) pair, in :func:`label_pairs`' order: how the summary contradicts the unit's label or its
    reference span (the check as the package applies it, without the presence gate): "denied" where either is
    denied, else "changed" where either is contradicted, else "" (:func:`pyramid_metric.claims.contradiction_of`)."""
    from pyramid_metric.claims import DENIED, claims, contradiction_of
    from pyramid_metric.methods.human import reference_spans
    from pyramid_metric.text import clean_text

    kinds = []
    for row in rows:
        spans = reference_spans(row["scus"], [row["reference"]])
        summaries = [clean_text(s["summary"]) for s in row["systems"].values()]
        unit_claims, span_claims = claims(row["scus"]), claims(spans)
        for text_claims, system in zip(claims(summaries), row["systems"].values()):
            for k in range(len(system["scu_labels"])):
                found = {contradiction_of(unit_claims[k], text_claims), contradiction_of(span_claims[k], text_claims)}
                kinds.append(DENIED if DENIED in found else max(found))
    return np.array(kinds)


def label_flags(rows) -> np.ndarray:
    """Per (unit, summary) pair, in :func:`label_pairs`' order: whether the summary contradicts the unit's label or
    its reference span (:func:`label_kinds`)."""
    return label_kinds(rows) != ""


def label_pairs(rows) -> dict:
    """Per (unit, summary) pair: document index, word presence, label."""
    from pyramid_metric.match import get_matcher
    from pyramid_metric.methods.human import reference_spans
    from pyramid_metric.methods.reference import ReferencePyramidMethod
    from pyramid_metric.text import clean_text

    matcher = get_matcher("soft")
    doc, presence, label = [], [], []
    for e, row in enumerate(rows):
        spans = reference_spans(row["scus"], [row["reference"]])
        summaries = [clean_text(s["summary"]) for s in row["systems"].values()]
        labels = [s["scu_labels"] for s in row["systems"].values()]
        for summary, sents, y in zip(summaries, ReferencePyramidMethod._sentences(summaries), labels):
            halves = []
            for units in (row["scus"], spans):
                rows_ = np.clip(np.hstack(matcher.presence_in_sentences([[u] for u in units], summary, sents)), 0, 1)
                halves.append((rows_[0] + (rows_[1:].max(axis=0) if len(rows_) > 1 else rows_[0])) / 2)
            p = (halves[0] + halves[1]) / 2
            for k, yk in enumerate(y):
                doc.append(e)
                presence.append(p[k])
                label.append(yk)
        print(f"  labels: document {e + 1}/{len(rows)}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return {k: np.array(v) for k, v in dict(doc=doc, presence=presence, label=label).items()}


def capped(pairs: dict, rule) -> np.ndarray:
    """The presences with ``rule`` (one of RULES, None: unchanged) applied to the flagged pairs."""
    p = pairs["presence"]
    if rule is None:
        return p
    kind, value = rule
    return np.where(pairs["flag"], np.minimum(p, value) if kind == "cap" else value * p, p)


def auc_interval(pairs: dict, cap) -> tuple:
    """AUC and its 95% interval from resampling documents."""
    p, y, doc = capped(pairs, cap), pairs["label"], pairs["doc"]
    by_doc = [np.flatnonzero(doc == d) for d in np.unique(doc)]
    rng = np.random.default_rng(SEED)
    vals = []
    for _ in range(RESAMPLES):
        idx = np.concatenate([by_doc[i] for i in rng.integers(0, len(by_doc), len(by_doc))])
        vals.append(_auc(p[idx], y[idx]))
    return _auc(p, y), float(np.quantile(vals, 0.025)), float(np.quantile(vals, 0.975))


def chosen_cap_auc(pairs: dict) -> tuple:
    """Out-of-fold AUC: on each fold of documents, the rule with the best AUC on the others; and the choices."""
    docs = np.unique(pairs["doc"])
    folds = np.array_split(np.random.default_rng(SEED).permutation(docs), N_FOLDS)
    out, choices = np.zeros(len(pairs["label"])), []
    for fold in folds:
        test = np.isin(pairs["doc"], fold)
        train = {k: v[~test] for k, v in pairs.items()}
        cap = max(RULES, key=lambda c: _auc(capped(train, c), train["label"]))
        choices.append(cap)
        out[test] = capped({k: v[test] for k, v in pairs.items()}, cap)
    return _auc(out, pairs["label"]), choices


def labels_table(limit=None) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    names = ["words only"] + [f"{kind} {value:g}" for kind, value in RULES]
    print("| set | pairs | present | flagged | present among flagged | " + " | ".join(f"AUC, {n}" for n in names)
          + " | rule chosen out of fold: AUC (choices) |")
    print("|---" * (6 + len(names)) + "|")
    for name in ("xsum", "samsum"):
        cache = CACHE / f"labels_{name}_{limit or 'all'}.pkl"
        rows = rose_rows(name, limit)
        if cache.exists():  # the presences (slow); the flags are read again (the check may have changed)
            pairs = pickle.loads(cache.read_bytes())
        else:
            pairs = label_pairs(rows)
            cache.write_bytes(pickle.dumps(pairs))
        pairs = dict(pairs, flag=label_flags(rows))
        aucs = [auc_interval(pairs, rule) for rule in (None,) + RULES]
        oof, choices = chosen_cap_auc(pairs)
        flagged = pairs["flag"].astype(bool)
        fmt = "{:.3f} [{:.3f}, {:.3f}]".format
        print(f"| RoSE {name} | {len(flagged):,} | {pairs['label'].mean():.1%} | {flagged.sum():,} "
              f"({flagged.mean():.1%}) | {pairs['label'][flagged].mean():.1%} | "
              + " | ".join(fmt(*a) for a in aucs)
              + f" | {oof:.3f} ({', '.join(f'{k} {v:g}' for k, v in choices)}) |", flush=True)


# ---- 2. scores ------------------------------------------------------------------------------------------

def truncate(text: str, n: int) -> str:
    return " ".join(text.split()[:n])


def score_sets(limit=None) -> dict:
    """name -> (rows of inputs, human matrix): per document, the systems' summaries, references, SCUs."""
    sets = {"TAC 2008": tac2008(limit)}
    for name in ("xsum", "samsum"):
        sets[f"RoSE {name}"] = one_reference_set(rose_rows(name, limit))
    return sets


def one_reference_set(rows) -> tuple:
    """(inputs as :func:`score_sets`, human matrix) of a one-reference set (RoSE, REALSumm): each document's
    systems' summaries, its reference and its SCUs (weights 1), and the systems' human scores."""
    systems = sorted(rows[0]["systems"])
    docs = [dict(summaries=[r["systems"][s]["summary"] for s in systems], references=[r["reference"]],
                 scus=r["scus"], weights=[1.0] * len(r["scus"]), contributors=None) for r in rows]
    return docs, np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])


def tac2008(limit=None) -> tuple:
    """TAC 2008's topics (inputs as :func:`score_sets`) and NIST's modified pyramid scores."""
    with open(DATA / "tac2008" / "tac2008_pyramid.jsonl", encoding="utf-8") as f:
        topics = [json.loads(line) for line in f if line.strip()]
    with open(DATA / "tac2008" / "tac2008_scus.jsonl", encoding="utf-8") as f:
        scus = {d["topic"]: d["scus"] for d in map(json.loads, f)}
    topics = topics[:limit] if limit else topics
    systems = sorted(set.intersection(*[set(t["systems"]) for t in topics]))  # 57 of 58 peers scored every topic
    docs = [dict(topic=t["example_id"],
                 summaries=[truncate(t["systems"][s]["summary"], TAC_WORDS) for s in systems],
                 references=t["references"], scus=[u["label"] for u in scus[t["example_id"]]],
                 weights=[float(u["weight"]) for u in scus[t["example_id"]]],
                 contributors=[u["contributors"] for u in scus[t["example_id"]]]) for t in topics]
    human = np.array([[t["systems"][s]["human_score"] for s in systems] for t in topics])
    return docs, human


def score_matrix(docs, mode: str, **options) -> np.ndarray:
    """Documents x systems scores of ``PyramidScorer(**options)``: ``mode`` "default" (references only), "human
    SCUs" (the documents' SCUs, weights and contributors, with the references) or "SCUs alone" (the same without
    the references)."""
    from pyramid_metric import PyramidScorer

    scorer = PyramidScorer(**options)
    n = len(docs[0]["summaries"])
    preds = [s for d in docs for s in d["summaries"]]
    refs = [d["references"] for d in docs for _ in range(n)] if mode != "SCUs alone" else None
    if mode == "default":
        results = scorer.score(preds, refs, progress=False)
    else:
        results = scorer.score(preds, refs, progress=False, scus=[d["scus"] for d in docs for _ in range(n)],
                               scu_weights=[d["weights"] for d in docs for _ in range(n)],
                               scu_contributors=([d["contributors"] for d in docs for _ in range(n)]
                                                 if docs[0]["contributors"] else None))
    return np.array([r.score for r in results]).reshape(len(docs), n)


def correlation_interval(metric, human, level) -> str:
    from pyramid_metric.metaeval import bootstrap_correlation

    lo, hi = bootstrap_correlation(metric, human, level, "pearson", RESAMPLES, SEED)
    return f"{level(metric, human, 'pearson'):.3f} [{lo:.3f}, {hi:.3f}]"


def paired_difference(a, b, human, level, digits: int = 3, seed: int = SEED) -> str:
    """``level`` correlation of ``a`` minus that of ``b``, and its 95% interval from the same resampled documents."""
    from pyramid_metric.metaeval import bootstrap_correlation

    both = np.stack([a, b], axis=1)
    diff = lambda m, h, kind: level(m[:, 0], h, kind) - level(m[:, 1], h, kind)  # noqa: E731
    lo, hi = bootstrap_correlation(both, human, diff, "pearson", RESAMPLES, seed)
    return f"{diff(both, human, 'pearson'):+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}]"


def scores_table(limit=None) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    print("| set | mode | words only (off): summary r [95%] / system r [95%] | check (the default) | paired "
          "difference, summary / system |")
    print("|---|---|---|---|---|")
    for name, (docs, human) in score_sets(limit).items():
        for mode in ("default", "human SCUs"):
            m = {}
            for claims in ("off", "check"):
                key = f"{name}_{mode}_{claims}_{limit or 'all'}".replace(" ", "_")
                cache = CACHE / f"scores_{key}.npy"
                if cache.exists():
                    m[claims] = np.load(cache)
                else:
                    m[claims] = score_matrix(docs, mode, claims=claims)
                    np.save(cache, m[claims])
            cells = [f"{correlation_interval(m[c], human, summary_level)} / "
                     f"{correlation_interval(m[c], human, system_level)}" for c in ("off", "check")]
            print(f"| {name} | {mode} | {cells[0]} | {cells[1]} | "
                  f"{paired_difference(m['check'], m['off'], human, summary_level)} / "
                  f"{paired_difference(m['check'], m['off'], human, system_level)} |", flush=True)


CAPS = (0.5, 0.25, 0.0)


def realsumm_dev() -> tuple:
    """REALSumm dev's examples (inputs as :func:`score_sets`) and the human LitePyramid scores."""
    with open(REALSUMM_DEV, encoding="utf-8") as f:
        return one_reference_set([json.loads(line) for line in f if line.strip()])


def caps_table(limit=None) -> None:
    """The default's agreement with people when a contradicted unit keeps at most each of CAPS (the package's
    CONTRADICTED_CAP is 0.5): what the meaning attacks would gain from a lower cap costs agreement."""
    import pyramid_metric.methods.reference as reference

    sets = {k: v for k, v in score_sets(limit).items() if k.startswith("RoSE")}
    sets["REALSumm dev"] = realsumm_dev()
    sets["TAC 2008"] = tac2008(limit)
    print("| set | " + " | ".join(f"cap {c:g}: summary r [95%] / system r" for c in CAPS) + " |")
    print("|---" * (len(CAPS) + 1) + "|")
    kept = reference.CONTRADICTED_CAP
    try:
        for name, (docs, human) in sets.items():
            cells = []
            for cap in CAPS:
                reference.CONTRADICTED_CAP = cap
                m = score_matrix(docs, "default")
                cells.append(f"{correlation_interval(m, human, summary_level)} / "
                             f"{system_level(m, human, 'pearson'):.3f}")
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    finally:
        reference.CONTRADICTED_CAP = kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--labels", action="store_true", help="AUC on RoSE's presence labels")
    ap.add_argument("--scores", action="store_true", help="correlations on RoSE and TAC 2008")
    ap.add_argument("--caps", action="store_true", help="the default's agreement under other caps (slow)")
    ap.add_argument("--limit", type=int, default=None, help="the first N documents of each set")
    args = ap.parse_args()
    if args.labels:
        labels_table(args.limit)
    if args.scores:
        scores_table(args.limit)
    if args.caps:
        caps_table(args.limit)
    if not (args.labels or args.scores or args.caps):
        ap.error("choose --labels, --scores and/or --caps")


if __name__ == "__main__":
    main()
