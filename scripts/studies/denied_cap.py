#!/usr/bin/env python
"""What a unit whose fact the summary denies should keep: the contradiction check by kind, against people.

The contradiction check (pyramid_metric/claims.py) finds two kinds of contradiction.  A summary *denies* a unit's
fact when it states it with the other polarity or with its roles swapped, in the unit's own words ("Barcelona did
not beat Real Madrid", "Real Madrid beat Barcelona"); it *changes a detail* when it names another party or states
other figures ("Google has agreed to buy Activision", "for $2.1 billion").  People credit much of a unit whose
detail a summary gets wrong (a wrong fee in an otherwise right sentence), which is why a contradicted unit keeps
up to 0.5 of its presence (docs/studies/claims.md); a denied fact may deserve less.  Two rules that would make
a denial rarer are measured with it ("two rules"): the other polarity of another subject denies nothing ("Catherine
will visit Steve" does not deny "Ben won't visit Steve"; a pronoun may be any subject), and a verb read as its
opposite ("cut jobs": did not raise) negates no noun of its own verb ("job cuts").  Two measurements:

1. ``--labels``: RoSE's presence judgments (XSum, SAMSum; every document): for each (content unit, summary) pair,
   whether the summary denies the unit or changes one of its details (the unit's label or its best-matching
   reference span, as ``claims_agreement.py --labels`` flags them), and the share of each kind a person found
   present, with a 95% interval from resampling documents; the package's check and the check with the two rules.
2. ``--scores``: the default's scores (the package: a denied unit capped at 0.5, as a changed detail), and with the
   two rules and a denied unit capped at 0.5, 0.25 and 0:
   summary level (mean Pearson per document across systems) and system level Pearson against the human scores
   of RoSE XSum and SAMSum (ACU recall), REALSumm dev (LitePyramid) and TAC 2008 (NIST's modified pyramid score,
   four references), each setting's paired summary-level difference from the package with its 95% interval from
   resampling documents, and how many scores it changes.

    python scripts/studies/denied_cap.py --labels
    python scripts/studies/denied_cap.py --scores [--limit 150] [--save runs/denied]

The results are in docs/studies/claims.md.
"""
from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import claims_agreement as agreement  # noqa: E402

import pyramid_metric.claims as claims  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

CAPS = (0.5, 0.25, 0.0)  # the first is the cap of a changed detail


@contextmanager
def denied_at(cap: float):
    """The default with a denied unit kept at most ``cap``."""
    kept = claims.DENIED_CAP
    claims.DENIED_CAP = cap
    try:
        yield
    finally:
        claims.DENIED_CAP = kept


def _other_subject(unit, other) -> bool:
    """Agents with no word in common (a pronoun has none; a party and its acronym are one)."""
    mine, theirs = unit.agent, other.agent
    return bool(mine.core and theirs.core and not mine.core & theirs.core
                and not claims._abbreviates(mine, theirs) and not claims._abbreviates(theirs, mine))


@contextmanager
def two_rules():
    """The check with the two rules of the module docstring: the other polarity of another subject denies nothing;
    a claim negated only as a verb's opposite ("cut jobs") denies no noun of its verb."""
    contradiction, denied_in_other_words = claims.contradiction, claims._denied_in_other_words

    def one_subject(unit, other):
        return "" if unit.negated != other.negated and _other_subject(unit, other) else contradiction(unit, other)

    def own_negations(unit_claims, text_claims):
        return denied_in_other_words(unit_claims, [c for c in text_claims if not (c.negated and c.opposed)])

    claims.contradiction, claims._denied_in_other_words = one_subject, own_negations
    try:
        yield
    finally:
        claims.contradiction, claims._denied_in_other_words = contradiction, denied_in_other_words


def kinds_of_pairs(rows) -> tuple:
    """Per (unit, summary) pair of RoSE ``rows``: document index, label, and how the summary contradicts the unit's
    label or its reference span (``claims_agreement.label_kinds``)."""
    doc = [e for e, row in enumerate(rows) for system in row["systems"].values() for _ in system["scu_labels"]]
    label = [y for row in rows for system in row["systems"].values() for y in system["scu_labels"]]
    return np.array(doc), np.array(label, dtype=float), agreement.label_kinds(rows)


def present_share(doc, label, mask) -> str:
    """The share of the ``mask``ed pairs labelled present, with a 95% interval from resampling documents."""
    docs = np.unique(doc)
    by_doc = {d: np.flatnonzero((doc == d) & mask) for d in docs}
    rng = np.random.default_rng(agreement.SEED)
    vals = []
    for _ in range(agreement.RESAMPLES):
        idx = np.concatenate([by_doc[d] for d in rng.choice(docs, len(docs))])
        if len(idx):
            vals.append(label[idx].mean())
    return (f"{label[mask].mean():.1%} [{np.quantile(vals, 0.025):.1%}, {np.quantile(vals, 0.975):.1%}]"
            if mask.any() else "-")


def labels_table(limit=None) -> None:
    from pyramid_metric.claims import CHANGED, DENIED

    print("| set | check | pairs | present | denied | present among denied [95%] | detail changed | present among "
          "changed [95%] |")
    print("|---|---|---|---|---|---|---|---|")
    for name in ("xsum", "samsum"):
        rows = agreement.rose_rows(name, limit)
        for check in ("the package", "two rules"):
            with (two_rules() if check == "two rules" else denied_at(claims.DENIED_CAP)):
                doc, label, kind = kinds_of_pairs(rows)
            denied, changed = kind == DENIED, kind == CHANGED
            print(f"| RoSE {name} | {check} | {len(label):,} | {label.mean():.1%} | {denied.sum():,} | "
                  f"{present_share(doc, label, denied)} | {changed.sum():,} | {present_share(doc, label, changed)} |",
                  flush=True)


def scores_table(limit=None, save=None) -> None:
    sets = {k: v for k, v in agreement.score_sets(limit).items() if k.startswith("RoSE")}
    sets["REALSumm dev"] = agreement.realsumm_dev()
    sets["TAC 2008"] = agreement.tac2008(limit)
    names = ["the package"] + [f"two rules, denied cap {c:g}" for c in CAPS]
    print("| set | " + " | ".join(f"{n}: summary r [95%] / system r" for n in names)
          + " | " + " | ".join(f"{n} minus the package, summary r [95%] (scores changed)" for n in names[1:]) + " |")
    print("|---" * (2 * len(names)) + "|")
    for name, (docs, human) in sets.items():
        matrices = [agreement.score_matrix(docs, "default")]
        for cap in CAPS:
            with two_rules(), denied_at(cap):
                matrices.append(agreement.score_matrix(docs, "default"))
        if save:
            os.makedirs(save, exist_ok=True)
            np.save(os.path.join(save, name.replace(" ", "_") + ".npy"), np.stack(matrices))
        cells = [f"{agreement.correlation_interval(m, human, summary_level)} / {system_level(m, human, 'pearson'):.3f}"
                 for m in matrices]
        cells += [f"{agreement.paired_difference(m, matrices[0], human, summary_level, digits=4)} "
                  f"({int((m != matrices[0]).sum())} of {m.size})" for m in matrices[1:]]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--labels", action="store_true", help="the share of denied and changed units people found present")
    ap.add_argument("--scores", action="store_true", help="the default's agreement under each cap of a denied unit")
    ap.add_argument("--limit", type=int, default=None, help="the first N documents (topics) of each set")
    ap.add_argument("--save", default=None, help="a folder to write each set's score matrices to (.npy)")
    args = ap.parse_args(argv)
    if args.labels:
        labels_table(args.limit)
    if args.scores:
        scores_table(args.limit, args.save)
    if not (args.labels or args.scores):
        ap.error("choose --labels and/or --scores")


if __name__ == "__main__":
    main()
