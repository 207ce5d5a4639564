"""Leave-one-out on GUMSum: each human summary against the pyramid of the other four, next to a lead baseline.

Usage (from the project root):
    python scripts/studies/gumsum_leave_one_out.py [--split dev] [--method hirao --extract be] [--segmenter NAME]
        [--matcher NAME] [--presence RULE] [--fact-weight per-unit] [--method rouge --rouge-variant 2]
        [--bertscore | --unigram-recall all|content] [--jackknife | --single-reference]

For every document and every one of its five human summaries, the pyramid is
built from the source and the other four summaries (weights 1..4); the held-out
summary is scored, and so is a lead baseline: the first words of the source,
cut to the held-out summary's length. A sanity check of the metric: human
abstracts should not lose to the lead on documents whose first words are not a
summary (GUM's genres are mostly not news).

With --jackknife, the comparison DUC/TAC make between people and systems: one lead per document (cut to
the mean length of its five summaries) is jackknifed over all five (the mean of its scores against the
five leave-one-out subsets of four), each human summary is scored against the other four, and a paired
bootstrap test over documents compares the mean human score of a document with its lead's.

The rows, the options and the report are shared with scripts/studies/gumsum_dataset_loo.py
(the same experiment through ``datasets``), which imports them from here.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.metaeval import bootstrap_interval  # noqa: E402


def arg_parser(description: str = __doc__) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", default="dev")
    ap.add_argument("--data", default=str(DATA / "gumsum"))
    ap.add_argument("--method", default=None, help="default: the package default (refpyramid)")
    ap.add_argument("--extract", default=None, help="method hirao only (default be)")
    ap.add_argument("--segmenter", default=None)
    ap.add_argument("--matcher", default=None, help="default: the method's own")
    ap.add_argument("--presence", default=None, help="refpyramid's presence rule (default auto)")
    ap.add_argument("--fact-weight", default=None, help="refpyramid's fact_weight (default shared)")
    ap.add_argument("--rouge-variant", default=None, help="method rouge only: 1, 2 or su4 (default su4)")
    ap.add_argument("--limit", type=int, default=None)
    return ap


def options(args) -> dict:
    """PyramidScorer options from the command line (the package defaults for what is not given)."""
    opts = {k: v for k, v in (("method", args.method), ("extract", args.extract), ("matcher", args.matcher),
                              ("presence", args.presence), ("fact_weight", args.fact_weight),
                              ("rouge_variant", args.rouge_variant)) if v is not None}
    if args.segmenter:
        opts["segmenter"] = args.segmenter
    return opts


def load_docs(args) -> list:
    with open(os.path.join(args.data, f"gumsum_{args.split}.jsonl"), encoding="utf-8") as f:
        return [json.loads(line) for line in f][:args.limit]


def split_rows(split: str, data=os.path.join(DATA, "gumsum")) -> list:
    """:func:`leave_one_out_rows` of every document of GUMSum's ``split`` ("dev", "test", "train")."""
    with open(os.path.join(data, f"gumsum_{split}.jsonl"), encoding="utf-8") as f:
        return leave_one_out_rows([json.loads(line) for line in f])


def leave_one_out_rows(docs) -> list:
    """One row per (document, held-out summary): the held-out human summary, the same-length lead, the other
    four summaries as references and the source. Both predictions of a row share its pyramid."""
    rows = []
    for d in docs:
        words = d["text"].split()
        for i, held in enumerate(d["summaries"]):
            rows.append({"doc_id": d["doc_id"], "genre": d["genre"], "held_out": i, "human": held,
                         "lead": " ".join(words[:len(held.split())]),
                         "references": d["summaries"][:i] + d["summaries"][i + 1:], "source": d["text"]})
    return rows


def single_reference_rows(rows) -> list:
    """Each leave-one-out row once per other summary, that summary its only reference: one abstractive
    one-sentence reference, as in XSum."""
    return [dict(r, references=[ref]) for r in rows for ref in r["references"]]


def unigram_recall(prediction: str, references, content_only: bool = False) -> float:
    """Unigram recall pooled over the references (clipped hits summed over references / their word counts, as
    ROUGE-1 -f A counts), on the package's stemmed words; ``content_only``: stop words left out of both sides."""
    from collections import Counter

    from pyramid_metric.methods.rouge import pooled_recall
    from pyramid_metric.text import content_words, words

    def grams(text):
        ws = words(text)
        return Counter(content_words(ws) if content_only else ws)

    return pooled_recall(grams(prediction), [grams(ref) for ref in references])


def document_share_interval(values, doc_ids) -> tuple:
    """95% interval of the share of per-pair ``values``, resampling documents (a document's pairs share its text
    and references, so they are not independent): the bootstrap interval of the mean of the documents' own shares,
    which is the pooled share since every document holds as many pairs (five summaries each)."""
    values, doc_ids = np.asarray(values, float), np.asarray(doc_ids)
    return bootstrap_interval([values[doc_ids == d].mean() for d in sorted(set(doc_ids.tolist()))])


def report(split: str, n_docs: int, human, lead, genres, signature: str, against: str = "the other 4",
           doc_ids=None, wins_file: str = None, against_files=None) -> None:
    """Print the markdown tables of the README: means with bootstrap intervals, pairwise wins (with an interval
    over documents; saved to ``wins_file``, compared with the wins saved by other runs in ``against_files``), per
    genre."""
    human, lead, genres = np.asarray(human), np.asarray(lead), np.asarray(genres)
    print(f"GUMSum {split}: {n_docs} documents x 5 held-out summaries; pyramids from {against}\n")
    print("| summary | mean pyramid score | 95% interval |")
    print("|---|---|---|")
    for name, v in (("human (held out)", human), ("lead, same length", lead)):
        lo, hi = bootstrap_interval(v)
        print(f"| {name} | {v.mean():.3f} | [{lo:.3f}, {hi:.3f}] |")
    print(f"\nhuman > lead on {np.mean(human > lead):.1%} of pairs, lead > human on {np.mean(lead > human):.1%}")
    wins = (human > lead).astype(float)
    if doc_ids is not None:
        lo, hi = document_share_interval(wins, doc_ids)
        print(f"human > lead: 95% interval [{lo:.1%}, {hi:.1%}] (documents resampled, seed 12345)")
    if wins_file:
        with open(wins_file, "w", encoding="utf-8") as f:
            json.dump({"doc_ids": list(doc_ids), "wins": wins.tolist(), "signature": signature}, f)
    for path in against_files or []:
        with open(path, encoding="utf-8") as f:
            other = json.load(f)
        if other["doc_ids"] != list(doc_ids):
            raise SystemExit(f"--against {path}: another split or setting (its pairs differ)")
        diff = wins - np.asarray(other["wins"])
        lo, hi = document_share_interval(diff, doc_ids)
        print(f"against {path} ({other['signature'][:60]}): {diff.mean():+.1%} of pairs, 95% interval "
              f"[{lo:+.1%}, {hi:+.1%}] (paired, documents resampled)")
    print("\n| genre | human | lead |\n|---|---|---|")
    for g in sorted(set(genres.tolist())):
        m = genres == g
        print(f"| {g} | {human[m].mean():.3f} | {lead[m].mean():.3f} |")
    print(f"\n`{signature}`")


def jackknife_study(args, docs) -> None:
    """Leads jackknifed over the five summaries next to each summary against the other four, per document."""
    from pyramid_metric.stats import paired_test

    scorer = PyramidScorer(**options(args))
    leads = [" ".join(d["text"].split()[:round(np.mean([len(s.split()) for s in d["summaries"]]))]) for d in docs]
    lead = scorer.compute(leads, [d["summaries"] for d in docs], [d["text"] for d in docs], jackknife=True,
                          progress=True)
    rows = leave_one_out_rows(docs)  # its pyramids are the jackknife's leave-one-out subsets: built once
    human = np.array([r.score for r in scorer.score([r["human"] for r in rows], [r["references"] for r in rows],
                                                    [r["source"] for r in rows])]).reshape(len(docs), -1).mean(1)
    t = paired_test(lead["scores"], {"human": human}, baseline_name="lead")[0]
    print(f"GUMSum {args.split}: {len(docs)} documents; lead jackknifed over 5 summaries, each human summary "
          f"against the other 4 (mean per document)\n")
    print("| summary | mean pyramid score |\n|---|---|")
    print(f"| human (each against the other 4) | {human.mean():.3f} |")
    print(f"| lead, jackknifed | {np.mean(lead['scores']):.3f} |")
    print(f"\nhuman - lead = {t.difference:+.3f}, 95% interval [{t.interval[0]:+.3f}, {t.interval[1]:+.3f}], "
          f"p = {t.p_value:.4f} (paired bootstrap over documents, {t.n_samples} resamples, seed {t.seed}); "
          f"human > lead on {np.mean(human > np.array(lead['scores'])):.0%} of documents")
    print(f"\n`{lead['signature']}`")


def main():
    ap = arg_parser()
    ap.add_argument("--jackknife", action="store_true", help="leads jackknifed over all five summaries (DUC/TAC "
                    "practice) against each summary scored with the other four, paired test over documents")
    ap.add_argument("--bertscore", action="store_true", help="BERTScore recall (bert-score, local all-MiniLM-L6-v2, "
                    "6 layers; best over the references) instead of pyramid-metric: the baseline")
    ap.add_argument("--unigram-recall", choices=("all", "content"), default=None, help="unigram recall pooled "
                    "over the references (ROUGE-1 recall on the package's stemmed words) of all words or of content "
                    "words only, instead of pyramid-metric: says how much of ROUGE-1's count is stop words")
    ap.add_argument("--single-reference", action="store_true", help="score against each other summary alone "
                    "(one reference per pair: 4 pairs per held-out summary)")
    ap.add_argument("--wins", help="write each pair's outcome (human above lead) to this JSON file")
    ap.add_argument("--against", nargs="+", help="--wins files of other metrics on the same pairs: the paired "
                    "difference in the share of pairs won against each, with a 95%% interval over documents")
    args = ap.parse_args()
    docs = load_docs(args)
    if args.jackknife:
        jackknife_study(args, docs)
        return
    rows = leave_one_out_rows(docs)
    if args.single_reference:
        rows = single_reference_rows(rows)
    n = len(rows)
    if args.unigram_recall:
        content_only = args.unigram_recall == "content"
        scores = [unigram_recall(r[side], r["references"], content_only) for side in ("human", "lead") for r in rows]
        signature = f"unigram-recall:{args.unigram_recall}-words:pooled"
    elif args.bertscore:
        from realsumm_correlations import bertscore_minilm_recall

        scores = bertscore_minilm_recall([r["human"] for r in rows] + [r["lead"] for r in rows],
                                         [list(r["references"]) for r in rows] * 2).tolist()
        signature = "bert-score:all-MiniLM-L6-v2:L6:no-idf"
    else:
        scorer = PyramidScorer(**options(args))
        # human and lead of a row are scored against the same pyramid: the scorer's cache builds it once
        results = scorer.score([r["human"] for r in rows] + [r["lead"] for r in rows],
                               [r["references"] for r in rows] * 2, [r["source"] for r in rows] * 2, progress=True)
        scores = [r.score for r in results]
        signature = None
    nrefs = len(rows[0]["references"]) if rows else 4
    report(args.split, len(docs), scores[:n], scores[n:], [r["genre"] for r in rows],
           signature or scorer.signature(nrefs=nrefs),
           "each other summary alone" if args.single_reference else "the other 4", [r["doc_id"] for r in rows],
           args.wins, args.against)


if __name__ == "__main__":
    main()
