"""The datasets path: ``score_dataset`` (``Dataset.map(batched=True)``, ``num_proc``) and the LOO example script."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.integrations import DatasetScorer, score_dataset

ROOT = Path(__file__).resolve().parent.parent
FAST = {"method": "refpyramid", "matcher": "recall"}  # speed only; the map path is the same for every method


@pytest.fixture(scope="module")
def loo_rows():
    """Leave-one-out rows of two gumsum dev documents, built by the example script's own function."""
    studies = str(ROOT / "scripts" / "studies")
    sys.path.insert(0, studies)
    try:
        from gumsum_leave_one_out import leave_one_out_rows
    finally:
        sys.path.remove(studies)
    from conftest import TEST_DATA
    import json

    with open(TEST_DATA / "gumsum" / "gumsum_dev_slice.jsonl", encoding="utf-8") as f:
        docs = [json.loads(line) for _, line in zip(range(1), f)]
    for d in docs:  # a shorter source keeps the test quick; the rows are otherwise the script's
        d["text"] = " ".join(d["text"].split()[:250])
    return leave_one_out_rows(docs)


def test_map_adds_score_columns_equal_to_plain_api(loo_rows, tmp_path):
    from datasets import Dataset

    ds = Dataset.from_list(loo_rows)
    scored = score_dataset(ds, prediction_column=["human", "lead"], batch_size=4, **FAST)
    assert scored.column_names == ds.column_names + ["pyramid_human", "pyramid_lead"]
    scorer = PyramidScorer(**FAST)
    refs, srcs = [r["references"] for r in loo_rows], [r["source"] for r in loo_rows]
    for col in ("human", "lead"):
        want = [r.score for r in scorer.score([r[col] for r in loo_rows], refs, srcs)]
        assert list(scored[f"pyramid_{col}"]) == pytest.approx(want, abs=1e-12)
    # one pyramid per row, shared by both prediction columns
    fn = DatasetScorer(scorer.config, ["human", "lead"], "references", "source", ["h", "l"])
    fn({k: [r[k] for r in loo_rows[:3]] for k in loo_rows[0]})
    assert len(fn.scorer._pyramids) == 3


def test_num_proc_gives_the_same_scores(loo_rows):
    from datasets import Dataset

    ds = Dataset.from_list(loo_rows)
    one = score_dataset(ds, prediction_column="human", batch_size=2, **FAST)
    two = score_dataset(ds, prediction_column="human", batch_size=2, num_proc=2, **FAST)
    assert len(two) == len(loo_rows) == 5 and list(one["pyramid"]) == list(two["pyramid"])


def test_map_function_pickles_without_its_scorer(loo_rows):
    import pickle

    fn = DatasetScorer(PyramidScorer(**FAST).config, ["human"], "references", "source", ["pyramid"])
    fn({k: [loo_rows[0][k]] for k in loo_rows[0]})
    assert fn._scorer is not None
    clone = pickle.loads(pickle.dumps(fn))
    assert clone._scorer is None and clone.config == fn.config


def test_bad_columns_are_named():
    from datasets import Dataset

    ds = Dataset.from_dict({"prediction": ["a"], "refs": [["a"]]})
    with pytest.raises(ValueError, match=r"no column\(s\) \['references', 'source'\]"):
        score_dataset(ds, **FAST)
    with pytest.raises(ValueError, match="1 prediction columns but 2 output"):
        score_dataset(ds, references_column="refs", source_column=None, output_column=["a", "b"], **FAST)


def test_dataset_loo_script_runs(tmp_path):
    from conftest import TEST_DATA

    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1")
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "studies" / "gumsum_dataset_loo.py"), "--limit", "1",
                        "--data", str(TEST_DATA / "gumsum"), "--split", "dev_slice",  # the first dev documents
                        "--num-proc", "1", "--method", "hirao", "--extract", "rouge", "--save", str(tmp_path / "scored")],
                       capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "| human (held out) |" in p.stdout and "| lead, same length |" in p.stdout
    assert "5 rows x 2 columns scored" in p.stdout
    from datasets import load_from_disk

    assert len(load_from_disk(str(tmp_path / "scored"))) == 5
