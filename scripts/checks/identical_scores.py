"""Check that scores stay bit-identical: save every method's scores on a small fixed input set, compare later.

    python scripts/checks/identical_scores.py --save runs/scores_before.json
    python scripts/checks/identical_scores.py --compare runs/scores_before.json
    python scripts/checks/identical_scores.py --realsumm --save runs/before
    python scripts/checks/identical_scores.py --realsumm --compare runs/before

Inputs: 3 REALSumm dev examples x 3 systems (source, one reference, the human SCUs) and one GUMSum dev document
(first summary scored against the other references).  Configurations: every method (Hirao et al. with the
BE, ROUGE and alignment extracts), the reference pyramid with each meaning-reading matcher and the lexical one,
the human-SCU mode, every preset, and jackknifing over the GUMSum references.  Scores are stored exactly (``float.hex``); ``--compare`` prints every difference and exits 1 on any.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

import common  # noqa: E402

DATA = Path(os.environ.get("PYRAMID_DATA", common.DATA))

METHODS = [
    {"method": "refpyramid"},
    {"method": "hirao", "extract": "be"},
    {"method": "hirao", "extract": "rouge"},
    {"method": "hirao", "extract": "align"},
    {"method": "be"},
    {"method": "rouge"},
    {"method": "pyreval"},
    {"method": "peak"},
    {"method": "ape"},
    {"method": "refpyramid", "credit": "unit"},
    {"method": "hirao", "matcher": "embedding", "soft": True},
    {"method": "refpyramid", "matcher": "recall"},  # the default's judge is "soft"; the lexical one by name
    {"method": "refpyramid", "matcher": "align"},
    {"method": "refpyramid", "matcher": "context"},
]
PRESETS = ["hirao2018", "be2006", "pyreval2019", "ape2017", "peak2016", "contextual"]
REALSUMM_ROWS = ["default", "prop_be", "be_hmr", "rouge_su4", "pyreval", "peak", "ape", "human_default", "human_lcs"]
REALSUMM_LIMIT = 5


def _inputs():
    with open(DATA / "realsumm" / "realsumm_dev.jsonl", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:3]
    preds, refs, srcs, scus = [], [], [], []
    for row in rows:
        for system in sorted(row["systems"])[:3]:
            summary = row["systems"][system]
            preds.append(summary if isinstance(summary, str) else summary["summary"])
            refs.append([row["reference"]])
            srcs.append(row["document"])
            scus.append(row["scus"])
    with open(DATA / "gumsum" / "gumsum_dev.jsonl", encoding="utf-8") as f:
        gum = json.loads(f.readline())
    multi = ([gum["summaries"][0]], [gum["summaries"][1:]], [gum["text"]])
    return (preds, refs, srcs, scus), multi


def _run(label, options, out, **kwargs):
    from pyramid_metric import PyramidScorer

    try:
        scorer = PyramidScorer(**options)
        results = scorer.score(progress=False, **kwargs)
        out[label] = {"scores": [float(r.score).hex() for r in results],
                      "signature": scorer.signature(jackknife=kwargs.get("jackknife", False))}
    except ValueError as e:  # a combination a method does not take is recorded, so a change shows too
        out[label] = {"error": str(e)}
    print(label, out[label].get("scores", out[label].get("error")), flush=True)


def collect() -> dict:
    (preds, refs, srcs, scus), (mp, mr, ms) = _inputs()
    out: dict = {}
    for options in METHODS:
        label = ",".join(f"{k}={v}" for k, v in options.items())
        _run(label, options, out, predictions=preds, references=refs, sources=srcs)
    for options in ({"method": "hirao"}, {"method": "refpyramid"}, {"method": "ape"}):
        _run("scus:" + options["method"], options, out, predictions=preds, references=refs, scus=scus)
    for preset in PRESETS:
        _run("preset:" + preset, {"preset": preset}, out, predictions=preds, references=refs, sources=srcs)
    for options in ({"method": "refpyramid"}, {"method": "rouge"}, {"method": "pyreval"}):
        _run("gumsum:" + options["method"], options, out, predictions=mp, references=mr, sources=ms)
        _run("gumsum-jackknife:" + options["method"], options, out, predictions=mp, references=mr, sources=ms,
             jackknife=True)
    return out


def realsumm_matrices(folder: str) -> None:
    """Run the REALSumm dev script on ``REALSUMM_ROWS`` (first ``REALSUMM_LIMIT`` examples) into ``folder``."""
    import subprocess

    script = Path(__file__).resolve().parents[1] / "studies" / "realsumm_correlations.py"
    subprocess.run([sys.executable, str(script), "--data", str(DATA / "realsumm" / "realsumm_dev.jsonl"),
                    "--limit", str(REALSUMM_LIMIT), "--rows", *REALSUMM_ROWS, "--save-matrices", folder,
                    "--matrices-only"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def compare_realsumm(before: Path, now: Path) -> int:
    """Byte-for-byte comparison of each row's score matrix (and its signature); the number of rows that differ."""
    import numpy as np

    diffs = 0
    for row in REALSUMM_ROWS:
        b, n = np.load(before / f"{row}.npy"), np.load(now / f"{row}.npy")
        same = b.dtype == n.dtype and b.shape == n.shape and b.tobytes() == n.tobytes()
        sig_b = json.loads((before / f"{row}.json").read_text(encoding="utf-8"))["signature"]
        sig_n = json.loads((now / f"{row}.json").read_text(encoding="utf-8"))["signature"]
        if not same:
            diffs += 1
            worst = float(np.nanmax(np.abs(b - n))) if b.shape == n.shape else float("nan")
            print(f"SCORES DIFFER {row}: max |before - now| = {worst!r}")
        else:
            print(f"identical {row}: {b.shape[0]}x{b.shape[1]} scores, mean {b.mean():.6f}")
        if sig_b != sig_n:
            print(f"signature changed {row}:\n  {sig_b}\n  {sig_n}")
    print(f"REALSumm dev, {REALSUMM_LIMIT} examples: {len(REALSUMM_ROWS)} rows, {diffs} with different scores")
    return diffs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", help="write the scores to this JSON file (with --realsumm: this folder)")
    group.add_argument("--compare", help="compare the scores with this JSON file (with --realsumm: this folder)")
    ap.add_argument("--realsumm", action="store_true", help="the REALSumm dev script's score matrices, one row "
                    "per method")
    args = ap.parse_args(argv)
    if args.realsumm:
        import tempfile

        if args.save:
            realsumm_matrices(args.save)
            print(f"saved {len(REALSUMM_ROWS)} score matrices to {args.save}")
            return 0
        with tempfile.TemporaryDirectory() as now:
            realsumm_matrices(now)
            return 1 if compare_realsumm(Path(args.compare), Path(now)) else 0
    now = collect()
    if args.save:
        Path(args.save).write_text(json.dumps(now, indent=1), encoding="utf-8")
        print(f"saved {len(now)} configurations to {args.save}")
        return 0
    before = json.loads(Path(args.compare).read_text(encoding="utf-8"))
    score_diffs, sig_diffs = 0, 0
    for label in sorted(set(before) | set(now)):
        b, n = before.get(label, {}), now.get(label, {})
        if b.get("scores") != n.get("scores") or ("error" in b) != ("error" in n):
            score_diffs += 1
            print(f"SCORES DIFFER {label}: {b.get('scores', b.get('error'))} -> {n.get('scores', n.get('error'))}")
        elif b.get("signature") != n.get("signature"):
            sig_diffs += 1
            print(f"signature changed {label}:\n  {b.get('signature')}\n  {n.get('signature')}")
    print(f"{len(now)} configurations: {score_diffs} with different scores, {sig_diffs} with a different signature")
    return 1 if score_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
