"""GUMSum leave-one-out through ``datasets``: ``Dataset.map(batched=True, num_proc=N)`` adds the score columns.

Usage (from the project root):
    python scripts/studies/gumsum_dataset_loo.py [--split dev] [--num-proc 2] [--method hirao --extract be] [--limit N]

The same experiment as scripts/studies/gumsum_leave_one_out.py (whose rows, options and
report it reuses): one dataset row per (document, held-out human summary) with
columns ``human`` (the held-out summary), ``lead`` (the source's first words cut
to the same length), ``references`` (the other four) and ``source``;
``pyramid_metric.integrations.score_dataset`` scores both prediction columns
against the row's pyramid, built once, in ``num_proc`` worker processes. The
numbers equal the plain-API script's.
"""
from __future__ import annotations

import time

from gumsum_leave_one_out import arg_parser, leave_one_out_rows, load_docs, options, report  # noqa: E402

from pyramid_metric.integrations import score_dataset  # noqa: E402
from pyramid_metric.scorer import PyramidScorer  # noqa: E402


def main():
    ap = arg_parser(__doc__)
    ap.add_argument("--num-proc", type=int, default=2, help="worker processes of Dataset.map (1: none)")
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--save", help="save the scored dataset here (save_to_disk)")
    args = ap.parse_args()
    from datasets import Dataset

    docs = load_docs(args)
    ds = Dataset.from_list(leave_one_out_rows(docs))
    t0 = time.perf_counter()
    scored = score_dataset(ds, prediction_column=["human", "lead"], references_column="references",
                           source_column="source", batch_size=args.batch_size,
                           num_proc=args.num_proc if args.num_proc > 1 else None, **options(args))
    secs = time.perf_counter() - t0
    if args.save:
        scored.save_to_disk(args.save)
    report(args.split, len(docs), list(scored["pyramid_human"]), list(scored["pyramid_lead"]), list(scored["genre"]),
           PyramidScorer(**options(args)).signature(nrefs=4))
    print(f"\n{len(scored)} rows x 2 columns scored in {secs:.1f} s with num_proc={args.num_proc}")


if __name__ == "__main__":
    main()
