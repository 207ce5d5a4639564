"""The runnable examples of where users optimise the score: best-of-n reranking and the Trainer's best checkpoint."""
import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_best_of_n_keeps_a_faithful_candidate(capsys):
    chosen = load("best_of_n").main([])
    assert len(chosen) == 2 and set(chosen) <= {"faithful paraphrase", "concise summary"}
    printed = capsys.readouterr().out
    assert printed.count("*") == 2 and "the source article" in printed


def test_trainer_keeps_the_checkpoint_of_best_f1():
    pytest.importorskip("accelerate", reason="the Trainer needs accelerate: pip install 'pyramid-metric[trainer]'")
    pytest.importorskip("rouge_score", reason="ROUGE-2 needs rouge-score: pip install 'pyramid-metric[trainer]'")
    out = load("trainer_best_model").main(["--epochs", "2", "--examples", "2"])
    assert [log["epoch"] for log in out["history"]] == [1.0, 2.0]
    assert {"eval_pyramid", "eval_precision", "eval_recall", "eval_f1"} <= set(out["history"][0])
    assert out["metric"] == max(log["eval_f1"] for log in out["history"])
    assert out["checkpoint"].startswith("checkpoint-")
