"""A user's own ``Dataset.map(fn, num_proc=2)`` whose ``fn`` calls a scorer or the evaluate module finishes, on the
fork start method (Linux's default before Python 3.14) and on spawn and forkserver (macOS's and Windows' default;
Python 3.14's on Linux), with the scores of ``num_proc=1``, whatever the parent did first: nothing, the same texts
(its workers find the pyramids built), or other texts (its workers build new pyramids after the parent ran
every model; the commonest: a sanity check on a few examples, then the whole set).  References of one sentence
and of several.  Each case runs in a fresh interpreter under a timeout: a hang fails the test."""
import json
import subprocess
import sys

import pytest

SCRIPT = r'''
import json, sys
import multiprocess
entry, parent, methods, start = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4]
multiprocess.set_start_method(start, force=True)
from datasets import Dataset

ONE_SENTENCE = [f"A storm hit the coast near Town{i} and thousands of homes lost power, officials said."
                for i in range(4)]
SENTENCES = [f"A storm hit the coast near Town{i} on Monday. Thousands of homes lost power. "
             f"Schools in Town{i} will stay closed until Friday." for i in range(4)]
def rows(references):
    return [{"prediction": f"The storm left thousands of homes in Town{i} without power. Schools closed.",
             "references": [r, f"Thousands lost power when the storm hit; schools in Town{i} closed."],
             "source": f"The storm hit the coast near Town{i} on Monday. Thousands of homes lost power. "
                       f"Schools in Town{i} will stay closed until Friday."} for i, r in enumerate(references)]
datasets = {"one-sentence": Dataset.from_list(rows(ONE_SENTENCE)), "sentences": Dataset.from_list(rows(SENTENCES))}
def score_with(method):  # the function and what it scores with travel to the workers in closures (spawn)
    if entry == "evaluate":
        import evaluate
        metric = evaluate.load("pyramid")
        def score(p, r, s):
            return metric.compute(predictions=p, references=r, sources=s, method=method)["scores"]
    else:
        from pyramid_metric import PyramidScorer
        scorer = PyramidScorer(method=method)
        def score(p, r, s):
            return [x.score for x in scorer.score(p, r, s)]
    def fn(batch):
        return {"s": score(batch["prediction"], batch["references"], batch["source"])}
    return score, fn
out = {}
for method in methods:
    score, fn = score_with(method)
    if parent == "other":  # a sanity check on other texts: every model runs in the parent before the fork
        score(["Power failed. Roads closed."], [["Power failed in the city after the flood. Roads closed for a day."]],
              ["The flood hit the city. Power failed. Roads closed for a day."])
    for kind, ds in datasets.items():
        runs = {}
        for num_proc in ((None, 2) if parent == "same" else (2, None)):
            runs[num_proc] = list(ds.map(fn, batched=True, batch_size=2, num_proc=num_proc,
                                         load_from_cache_file=False)["s"])
        out[f"{method} {kind}"] = [runs[None], runs[2]]
print("RESULT " + json.dumps(out))
'''


def run_map(entry, parent, methods, timeout, start="fork"):
    try:
        proc = subprocess.run([sys.executable, "-c", SCRIPT, entry, parent, ",".join(methods), start],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"map(num_proc=2) with the {entry} (parent: {parent}, {start}) did not finish in {timeout} s "
                    f"(methods {methods})")
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


@pytest.mark.parametrize("entry", ["scorer", "evaluate"])
@pytest.mark.parametrize("parent", ["same", "none", "other"],
                         ids=["parent-scored-the-same-texts", "parent-did-not-score", "parent-scored-other-texts"])
def test_users_map_with_two_processes_finishes_with_the_same_scores(entry, parent):
    out = run_map(entry, parent, ["refpyramid"], timeout=240)
    assert set(out) == {"refpyramid one-sentence", "refpyramid sentences"}
    for case, (one, two) in out.items():
        assert len(one) == 4 and one == two, case


@pytest.mark.parametrize("entry, start", [("scorer", "spawn"), ("evaluate", "spawn"), ("scorer", "forkserver")])
def test_map_with_workers_that_start_afresh(entry, start):
    """Workers that start a new interpreter receive the user's function pickled, with the scorer in it: the
    scorer travels without its lock (dill restores a free RLock as held: the workers waited forever)."""
    out = run_map(entry, "other", ["refpyramid"], timeout=300, start=start)
    for case, (one, two) in out.items():
        assert len(one) == 4 and one == two, case


@pytest.mark.parametrize("parent", ["same", "other"])
def test_every_method_under_map_with_two_processes(parent):
    methods = ["refpyramid", "hirao", "be", "pyreval", "ape", "peak", "rouge"]
    out = run_map("scorer", parent, methods, timeout=900)
    assert len(out) == 2 * len(methods)
    for case, (one, two) in out.items():
        assert len(one) == 4 and one == two, case
