"""Distributed evaluation: ``torchrun --nproc_per_node 2`` (gloo, CPU) gives exactly the single-process scores.

One torchrun run checks both ways of combining ranks (scripts/tools/distributed_score.py ``--mode both``): each
rank scoring its shard with scores gathered over gloo, and evaluate's num_process/process_id protocol with a
shared cache folder. Seven examples, so the two shards are uneven (4 + 3).
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "tools" / "distributed_score.py"
FAST = ["--method", "refpyramid", "--matcher", "recall"]  # speed only; the distributed path is method-agnostic


@pytest.fixture
def examples(tmp_path, gumsum_dev):
    path = tmp_path / "in.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for d in gumsum_dev[:7]:
            f.write(json.dumps({"id": d["doc_id"], "prediction": d["summaries"][0], "references": d["summaries"][1:],
                                "source": " ".join(d["text"].split()[:150])}) + "\n")
    return path


def run(args, cwd):
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", OMP_NUM_THREADS="1")
    p = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    return p


def test_torchrun_two_processes_equal_single_process(examples, tmp_path):
    from pyramid_metric import PyramidScorer

    rows = [json.loads(line) for line in examples.read_text().splitlines()]
    # the single-process result (what `python scripts/tools/distributed_score.py` computes, without a second launch)
    single = PyramidScorer(method="refpyramid", matcher="recall").score(
        [r["prediction"] for r in rows], [r["references"] for r in rows], [r["source"] for r in rows])
    p = run([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2", str(SCRIPT),
             str(examples), "-o", "two.jsonl", "--mode", "both", "--cache-dir", str(tmp_path / "shared-cache"),
             *FAST], tmp_path)
    two = [json.loads(line) for line in (tmp_path / "two.jsonl").read_text().splitlines()]
    assert [r["index"] for r in two] == list(range(7))  # every example exactly once, in input order
    assert [r["id"] for r in two] == [r["id"] for r in rows]
    # bit-identical scores (and --mode both checked torch == evaluate protocol inside the run)
    assert [r["score"] for r in two] == [r.score for r in single]
    assert "2 process(es), mode both" in p.stderr and "nrefs:4|method:refpyramid" in p.stderr


def test_bad_input_exits_1(tmp_path):
    p = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "missing.jsonl"), "-o", "x.jsonl"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert p.returncode == 1 and "no such file" in p.stderr and "Traceback" not in p.stderr
