"""A user's own ``Dataset.map(fn, num_proc=2)`` whose ``fn`` calls a scorer or the evaluate module finishes, on the
fork start method, with the scores of ``num_proc=1``, whether or not the parent scored first (torch's thread pool
does not survive a fork). Each case runs in a fresh interpreter under a timeout: a hang fails the test."""
import json
import subprocess
import sys

import pytest

SCRIPT = r'''
import json, sys
import multiprocess
multiprocess.set_start_method("fork", force=True)
from datasets import Dataset

entry, parent_first, methods = sys.argv[1], sys.argv[2] == "1", sys.argv[3].split(",")
rows = [{"prediction": f"The storm left thousands of homes in Town{i} without power. Schools closed.",
         "references": [f"A storm hit the coast near Town{i} and thousands of homes lost power, officials said.",
                        f"Thousands lost power when the storm hit; schools in Town{i} closed until Friday."],
         "source": f"The storm hit the coast near Town{i} on Monday. Thousands of homes lost power. "
                   f"Schools in Town{i} will stay closed until Friday."} for i in range(4)]
ds = Dataset.from_list(rows)
out = {}
for method in methods:
    if entry == "evaluate":
        import evaluate
        metric = evaluate.load("pyramid")
        def fn(batch):
            return {"s": metric.compute(predictions=batch["prediction"], references=batch["references"],
                                        sources=batch["source"], method=method)["scores"]}
    else:
        from pyramid_metric import PyramidScorer
        scorer = PyramidScorer(method=method)
        def fn(batch):
            return {"s": [r.score for r in scorer.score(batch["prediction"], batch["references"], batch["source"])]}
    runs = {}
    for num_proc in ((None, 2) if parent_first else (2, None)):
        runs[num_proc] = list(ds.map(fn, batched=True, batch_size=2, num_proc=num_proc,
                                     load_from_cache_file=False)["s"])
    out[method] = [runs[None], runs[2]]
print("RESULT " + json.dumps(out))
'''


def run_map(entry, parent_first, methods, timeout):
    try:
        proc = subprocess.run([sys.executable, "-c", SCRIPT, entry, "1" if parent_first else "0", ",".join(methods)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"map(num_proc=2) with the {entry} did not finish in {timeout} s (methods {methods})")
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


@pytest.mark.parametrize("entry", ["scorer", "evaluate"])
@pytest.mark.parametrize("parent_first", [True, False], ids=["parent-scored-first", "parent-did-not-score"])
def test_users_map_with_two_processes_finishes_with_the_same_scores(entry, parent_first):
    out = run_map(entry, parent_first, ["refpyramid"], timeout=180)
    one, two = out["refpyramid"]
    assert len(one) == 4 and one == two


def test_every_method_under_map_with_two_processes():
    methods = ["refpyramid", "hirao", "be", "pyreval", "ape", "peak", "rouge"]
    out = run_map("scorer", True, methods, timeout=600)
    for method in methods:
        one, two = out[method]
        assert len(one) == 4 and one == two, method
