"""Score a sharded dataset with several processes: ``torchrun --nproc_per_node N`` (gloo, CPU) or plain python.

Usage (from the project root):
    torchrun --nproc_per_node 2 scripts/tools/distributed_score.py in.jsonl -o scores.jsonl [--mode both] [options]
    python scripts/tools/distributed_score.py in.jsonl -o scores.jsonl      # one process: the reference results

The input is what ``pyramid-metric score`` reads (JSONL, CSV or a ``datasets`` folder with prediction,
references, source), loaded as a ``datasets.Dataset`` and cut into contiguous shards, one per rank
(``Dataset.shard(world_size, rank, contiguous=True)``). Two ways to combine the ranks, both checked to give
exactly the single-process scores:

``--mode torch``: every rank scores its own shard with a ``PyramidScorer`` (the work is split), the
    (index, score) pairs are gathered with ``torch.distributed.all_gather_object`` over gloo, and rank 0
    checks that every example came back exactly once before writing them in input order.
``--mode evaluate``: ``evaluate``'s own multi-process protocol: each rank loads the module with
    ``num_process=world_size, process_id=rank, experiment_id=..., cache_dir=<shared folder>``, adds its shard
    with ``add_batch``, and ``compute()`` on rank 0 reads every rank's cache file and scores all examples
    (other ranks get None). The split is of data loading and generation, not of scoring.
``--mode both`` runs both and fails unless they agree exactly.

Options of the scoring configuration are those of ``pyramid-metric score`` (same names, same defaults).
Output (rank 0): one JSON line per example, ``{"index", "id", "score"}``, then a summary on stderr with the
mean and the signature. On a cluster, run the same command under torchrun's multi-node rendezvous (see
docs/distributed.md); ``--cache-dir`` must then be a folder every node can see.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))  # the project root

from pyramid_metric.cli import InputError, _add_config_args, _config, read_examples  # noqa: E402
from pyramid_metric.config import PyramidConfig  # noqa: E402


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", help="JSONL or CSV file, or a datasets folder: prediction, references, source")
    ap.add_argument("-o", "--output", required=True, help="JSONL scores (written by rank 0)")
    ap.add_argument("--mode", choices=("torch", "evaluate", "both"), default="torch")
    ap.add_argument("--batch-size", type=int, default=16, help="add_batch size in --mode evaluate")
    ap.add_argument("--cache-dir", default=None,
                    help="evaluate's cache folder shared by all processes (default: next to the output)")
    ap.add_argument("--experiment-id", default=None,
                    help="evaluate experiment id, the same on every rank (default: from torchrun's run id)")
    _add_config_args(ap)
    return ap.parse_args(argv)


def load_dataset(path: str):
    from datasets import Dataset

    rows = read_examples(path)
    return Dataset.from_dict({
        "index": list(range(len(rows))),
        "id": [str(r.get("id", i)) for i, r in enumerate(rows)],
        "prediction": [r["prediction"] for r in rows],
        "references": [[r["references"]] if isinstance(r["references"], str) else list(r["references"])
                       for r in rows],
        "source": [r.get("source") or "" for r in rows],
    })


def score_torch(shard, config: PyramidConfig, rank: int, world: int, n: int, nrefs):
    """Each rank scores its shard; rank 0 gathers (index, score) and returns them in input order."""
    import torch.distributed as dist

    from pyramid_metric.scorer import PyramidScorer

    scorer = PyramidScorer(config)
    res = scorer.score(shard["prediction"], shard["references"], shard["source"]) if len(shard) else []
    mine = list(zip(shard["index"], [r.score for r in res]))
    if world > 1:
        gathered = [None] * world
        dist.all_gather_object(gathered, mine)
    else:
        gathered = [mine]
    if rank != 0:
        return None, None
    pairs = [p for part in gathered for p in part]
    indices = sorted(i for i, _ in pairs)
    if indices != list(range(n)):
        raise RuntimeError(f"distributed scoring lost or repeated examples: got {len(pairs)} scores for {n}")
    return [s for _, s in sorted(pairs)], scorer.signature(nrefs=nrefs)


def score_evaluate(shard, config: PyramidConfig, rank: int, world: int, args):
    """evaluate's protocol: add_batch per rank, compute on rank 0 (which sees every rank's examples)."""
    import evaluate

    defaults = PyramidConfig().to_dict()
    opts = {k: v for k, v in config.to_dict().items() if v != defaults[k]}  # explicit options only
    if "threshold" in opts and config.threshold == PyramidConfig(**{**opts, "threshold": None}).threshold:
        del opts["threshold"]  # the resolved default of the chosen matcher/method
    metric = evaluate.load("pyramid", num_process=world, process_id=rank, experiment_id=args.experiment_id,
                           cache_dir=args.cache_dir)
    for start in range(0, len(shard), args.batch_size):
        b = shard[start:start + args.batch_size]
        metric.add_batch(predictions=b["prediction"], references=b["references"], sources=b["source"])
    out = metric.compute(**opts)
    if rank != 0:
        return None, None
    return out["scores"], out["signature"]


def main(argv=None) -> int:
    args = parse_args(argv)
    rank, world = int(os.environ.get("RANK", 0)), int(os.environ.get("WORLD_SIZE", 1))
    if world > 1:
        import torch.distributed as dist

        dist.init_process_group("gloo")
    args.cache_dir = args.cache_dir or os.path.join(os.path.dirname(os.path.abspath(args.output)), ".evaluate-cache")
    args.experiment_id = args.experiment_id or f"pyramid-{os.environ.get('TORCHELASTIC_RUN_ID', 'local')}"
    try:
        config = _config(args)
        ds = load_dataset(args.input)
        shard = ds.shard(num_shards=world, index=rank, contiguous=True)
        results = {}
        if args.mode in ("torch", "both"):
            from pyramid_metric.scorer import _nrefs

            results["torch"] = score_torch(shard, config, rank, world, len(ds), _nrefs(ds["references"]))
        if args.mode in ("evaluate", "both"):
            results["evaluate"] = score_evaluate(shard, config, rank, world, args)
    except InputError as exc:
        print(f"distributed_score: error: {exc}", file=sys.stderr)
        return 1
    if rank == 0:
        (scores, signature), *rest = results.values()
        for other, _ in rest:
            if other != scores:
                raise RuntimeError("torch and evaluate modes disagree")
        with open(args.output, "w", encoding="utf-8") as f:
            for i, (id_, s) in enumerate(zip(ds["id"], scores)):
                f.write(json.dumps({"index": i, "id": id_, "score": s}) + "\n")
        mean = sum(scores) / len(scores)
        print(f"pyramid = {mean:.6f} over {len(scores)} examples, {world} process(es), mode {args.mode}\n"
              f"{signature}", file=sys.stderr)
    if world > 1:
        import torch.distributed as dist

        dist.barrier()
        dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
