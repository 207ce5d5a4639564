#!/usr/bin/env python
"""Sharper credit for short references, with the learned judge restoring what it reads as said: measured, not used.

docs/studies/presence_power.md found that crediting a unit p^2 instead of its presence p agrees better with RoSE's
people on one-sentence references but takes credit from a faithful paraphrase, and asked whether a judge that reads
meaning could give that credit back.  This script tries it on the units of the pyramids the default reads in
context (references of one or two sentences), with s the learned judge's probability that the summary says the
unit (``pyramid_metric/match/learned.py``, the shipped weights) and ramp_t(s) = clip((s - t) / (1 - t), 0, 1):

- ``p``: the package (linear credit);
- ``raise t``: p + (1 - p) ramp_t(s), the judge only raising;
- ``p^2``: the power alone;
- ``p^2 raise t``: p^2 + (1 - p^2) ramp_t(s);
- ``p^2 unless judged``: p where s >= 0.8, else p^2.

A unit the summary contradicts keeps its cap (squared where the power is 2): the judge never raises it.

Sets: RoSE XSum and SAMSum, the documents held out of the judge's training (``held_out`` of
``pyramid_metric/match/weights/presence.json``; human score = ACU recall), summary level (per document across
systems, mean Pearson) and system level, each rule's summary-level difference from ``p`` with a 95% interval from
resampling documents; the rule chosen on one half of the documents (best mean summary r of the two sets) and
scored on the other, both ways; GUMSum dev and test with one reference (``gumsum_leave_one_out.py
--single-reference``: the share of pairs where the human summary scores above the same-length lead); with
``--attacks``, the checks ``scripts/checks/meaning_attacks.py`` passes under each rule.

    python scripts/studies/judge_gated_power.py [--attacks]

Results and why none is used: docs/studies/presence_power.md (section "The learned judge as a gate").
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import runpy
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # scripts/: common.py

from claims_agreement import paired_difference  # noqa: E402
from gumsum_leave_one_out import single_reference_rows, split_rows  # noqa: E402
from presence_judge import scored_sets  # noqa: E402

from pyramid_metric.methods import reference  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402
from pyramid_metric.scoring import capped  # noqa: E402

ROOT = HERE.parents[1]
WEIGHTS = ROOT / "pyramid_metric" / "match" / "weights"  # presence.json lists the judge's held-out documents
JUDGED = 0.8  # "p^2 unless judged": the judge's probability from which a unit keeps its linear credit


def ramp(s: np.ndarray, t: float) -> np.ndarray:
    return np.clip((s - t) / (1.0 - t), 0.0, 1.0)


def _raised(q: np.ndarray, unit: dict, t: float) -> np.ndarray:
    return np.where(unit["contradicted"], q, q + (1.0 - q) * ramp(unit["said"], t))


RULES = {
    "p": lambda u: u["p"],
    "raise 0.8": lambda u: _raised(u["p"], u, 0.8),
    "raise 0.9": lambda u: _raised(u["p"], u, 0.9),
    "p^2": lambda u: u["p"] ** 2,
    "p^2 raise 0.8": lambda u: _raised(u["p"] ** 2, u, 0.8),
    "p^2 raise 0.9": lambda u: _raised(u["p"] ** 2, u, 0.9),
    "p^2 unless judged": lambda u: np.where(~u["contradicted"] & (u["said"] >= JUDGED), u["p"], u["p"] ** 2),
}


class Recorder:
    """Patches the default's presence (``ReferencePyramidMethod._summary_presence``) to record, for every summary
    scored, each unit's presence, whether the summary contradicts it (the contradiction check lowered it: its
    ``_unless_contradicted`` input against the result), and the learned judge's probability; with ``rule`` set, the
    presence of pyramids read in context is that rule's."""

    def __init__(self):
        self.records, self.rule, self.before = [], None, None

    @contextlib.contextmanager
    def patched(self, rule=None):
        method = reference.ReferencePyramidMethod
        presence, recall, check = method._summary_presence, method._recall, method._unless_contradicted
        recorder = self

        def unless_contradicted(self, before, *args, **kwargs):
            if recorder.before is None:  # the first check of a summary's units: their presence before the cap
                recorder.before = before
            return check(self, before, *args, **kwargs)

        def summary_presence(self, pyr, summary, sentences):
            recorder.before = None
            p = presence(self, pyr, summary, sentences)
            texts = [u.text for u in pyr.units]
            said = np.asarray(reference.learned_judge().presence(texts, summary), dtype=float)
            unit = {"p": p, "contradicted": p < recorder.before - 1e-9, "said": said, "pyr": pyr,
                    "short": self.judge(pyr) is not self.matcher}
            recorder.records[-1] = unit
            return RULES[rule](unit) if rule and unit["short"] else p

        def recall_one(self, summary, pyr, sentences):
            recorder.records.append(None)  # one entry per summary, filled where its units are judged
            result = recall(self, summary, pyr, sentences)
            if recorder.records[-1] is None:
                recorder.records[-1] = {"score": result.score}
            return result

        method._summary_presence, method._recall = summary_presence, recall_one
        method._unless_contradicted = unless_contradicted
        try:
            yield self
        finally:
            method._summary_presence, method._recall, method._unless_contradicted = presence, recall, check


def rescored(records, rule) -> np.ndarray:
    """Each recorded summary's score under ``rule`` (the recall of ``ReferencePyramidMethod._recall``)."""
    out = []
    for unit in records:
        if "score" in unit:
            out.append(unit["score"])
            continue
        q = RULES[rule](unit) if unit["short"] else unit["p"]
        pyr, bound = unit["pyr"], unit["pyr"].credit_bound()
        out.append(capped(pyr.pooled_credit(np.array(pyr.unit_values()) * q), bound, "bound")[0])
    return np.array(out)


def rose_matrices(recorder: Recorder) -> dict:
    """set -> (human matrix, {rule: score matrix}) on the held-out RoSE documents."""
    from pyramid_metric import PyramidScorer

    out, held_out = {}, scored_sets(WEIGHTS, 0)
    for name in ("xsum", "samsum"):
        docs, human = held_out[f"RoSE {name} (held out)"]
        n = len(docs[0]["summaries"])
        recorder.records = []
        with recorder.patched():
            PyramidScorer().score([s for d in docs for s in d["summaries"]],
                                  [d["references"] for d in docs for _ in range(n)], progress=False)
        out[name] = human, {rule: rescored(recorder.records, rule).reshape(len(docs), n) for rule in RULES}
    return out


def rose_table(matrices: dict) -> None:
    print("| rule | RoSE XSum: summary r / system r | difference, summary r [95%] | RoSE SAMSum: summary r / system r "
          "| difference, summary r [95%] |")
    print("|---|---|---|---|---|")
    for rule in RULES:
        cells = []
        for name in ("xsum", "samsum"):
            human, m = matrices[name]
            diff = paired_difference(m[rule], m["p"], human, summary_level, 4) if rule != "p" else ""
            cells += [f"{summary_level(m[rule], human, 'pearson'):.3f} / {system_level(m[rule], human, 'pearson'):.3f}",
                      diff]
        print(f"| {rule} | " + " | ".join(cells) + " |", flush=True)


def halves_table(matrices: dict) -> None:
    """The rule chosen on one half of each set's documents (best mean summary r over both sets), scored on the
    other half against ``p``."""
    print("\n| chosen on | rule | scored on the other half: XSum summary r (p) | SAMSum summary r (p) |")
    print("|---|---|---|---|")
    rng = np.random.default_rng(2026)
    halves = {name: rng.permutation(len(matrices[name][0])) for name in matrices}
    for side in (0, 1):
        def pick(name, part):
            order = halves[name]
            return order[:len(order) // 2] if part == 0 else order[len(order) // 2:]

        def mean_r(rule, part):
            return np.mean([summary_level(m[rule][pick(n, part)], h[pick(n, part)], "pearson")
                            for n, (h, m) in matrices.items()])

        best = max(RULES, key=lambda rule: mean_r(rule, side))
        cells = []
        for name, (human, m) in matrices.items():
            rows = pick(name, 1 - side)
            cells.append(f"{summary_level(m[best][rows], human[rows], 'pearson'):.3f} "
                         f"({summary_level(m['p'][rows], human[rows], 'pearson'):.3f})")
        print(f"| half {side + 1} | {best} | " + " | ".join(cells) + " |", flush=True)


def gumsum_table(recorder: Recorder) -> None:
    """Share of GUMSum pairs (one reference) where the human summary scores above the same-length lead."""
    from pyramid_metric import PyramidScorer

    print("\n| rule | GUMSum dev, one reference: human above lead | GUMSum test |")
    print("|---|---|---|")
    shares = {}
    for split in ("dev", "test"):
        rows = single_reference_rows(split_rows(split))
        recorder.records = []
        with recorder.patched():
            PyramidScorer().score([r["human"] for r in rows] + [r["lead"] for r in rows],
                                  [r["references"] for r in rows] * 2, [r["source"] for r in rows] * 2,
                                  progress=False)
        for rule in RULES:
            scores = rescored(recorder.records, rule)
            shares.setdefault(rule, []).append(float(np.mean(scores[:len(rows)] > scores[len(rows):])))
    for rule, (dev, test) in shares.items():
        print(f"| {rule} | {dev:.1%} | {test:.1%} |", flush=True)


def attacks_table(recorder: Recorder) -> None:
    """The checks scripts/checks/meaning_attacks.py passes with each rule applied (its six tables in order)."""
    print("\n| rule | meaning_attacks.py: checks passed, table by table |")
    print("|---|---|")
    script = str(ROOT / "scripts" / "checks" / "meaning_attacks.py")
    for rule in RULES:
        recorder.records = []
        printed = io.StringIO()
        argv, sys.argv = sys.argv, [script]
        try:
            with recorder.patched(rule), contextlib.redirect_stdout(printed):
                runpy.run_path(script, run_name="__main__")
        finally:
            sys.argv = argv
        counts = re.findall(r"^(\d+) of (\d+) checks pass", printed.getvalue(), re.MULTILINE)
        print(f"| {rule} | " + ", ".join(f"{a}/{b}" for a, b in counts) + " |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attacks", action="store_true", help="also count the meaning-attack checks under each rule")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(2)
    recorder = Recorder()
    matrices = rose_matrices(recorder)
    rose_table(matrices)
    halves_table(matrices)
    gumsum_table(recorder)
    if args.attacks:
        attacks_table(recorder)


if __name__ == "__main__":
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    main()
