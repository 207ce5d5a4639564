#!/usr/bin/env python
"""Confirmed claims, given names and event nouns (pyramid_metric/claims.py) against people.

Three readings of the claim check, each switched off and on in the same run:

* **given names**: "Joe Cole" and "Carlton Cole" are two people (``_another_of_name``);
* **confirmed claims**: a unit whose claim the summary states in other words is credited the mean of its presence
  and the share of its words the summary states, the confirmed verb and parties counted (``credit_confirmed``);
* **event nouns**: "The deal is worth $6.5 billion" refers back to the deal a contradicted unit told
  (``refers_back``); with them, more verbs of one event ("hit" is "strike", "sacked" is "fired") and verbs of an
  amount read by their object.

A second set of readings (``--readings described``), switched off and on the same way:

* **described names**: a name that describes another word of a claim ("a camp in Norway", "British soldiers") is
  another party when the summary describes the same word with another name of its kind ("a camp in Panama";
  ``_other_modifier_name``);
* **pieces without a predicate**: a reference EDU without a verb of its own ("Four British soldiers" of "... have
  been jailed") holds the claims whose agent or patient it writes (``passage_claims``);
* **one role crossed**: the one role a unit fills is the other role in the summary ("The man was arrested"
  against "The man arrested two officers"), a headline's participle read as passive ("Man arrested over murder").

A third (``--readings figures``): figures written as the references write them ("$6.5bn" and "$6.5 billion",
"5%" and "5 per cent", "a quarter point" and "0.25 points"; ``pyramid_metric.figures``), a figure with its scale
written on it read as that amount ("£6.5bn"), and "halved" read as "did not double".  A fourth (``--readings
opposites``): verbs read as the other polarity of their opposite ("lost" is "did not win", "rejected" is "did not
approve", "acquitted", "allowed", "opened", "died", "opposed", "denied"), which deny only a claim of the same
subject ("Labour lost the seat" denies "Labour won it"; "Reed lost to Jones" does not deny "Jones won").  A fifth
(``--readings acronyms``): a party and its acronym read as one name by the check ("the ECB" and "the European
Central Bank"), a text given both forms where the references write both ("the ECB (European Central Bank)"), and
the weights read each reference with the other references' acronyms and figures (a unit of "the ECB raised rates
by 0.25 points" stated by "the European Central Bank raised rates by a quarter point").

1. **Presence labels** (``--labels``): RoSE's judgments of whether each content unit is present in each summary
   (first N documents of XSum and SAMSum): how many pairs each reading touches and how many of those a person
   found present; ROC AUC of the package's presence (the human-SCU rule, as ``claims_agreement.py --labels``)
   without and with them.
2. **Scores** (``--scores``): the default without and with them on RoSE XSum and SAMSum (first N documents, ACU recall),
   REALSumm dev (LitePyramid recall) and TAC 2008 (48 topics, NIST's modified pyramid score; the default and the
   human-SCU mode): summary and system level Pearson, and the paired summary-level difference with a 95% interval
   from resampling documents (1,000 resamples).

    python scripts/studies/confirmed_claims.py --labels --scores --limit 150
    python scripts/studies/confirmed_claims.py --labels --scores --limit 150 --readings described
    python scripts/studies/confirmed_claims.py --labels --scores --limit 150 --readings figures
    python scripts/studies/confirmed_claims.py --labels --scores --limit 150 --readings opposites
    python scripts/studies/confirmed_claims.py --labels --scores --limit 150 --readings acronyms

The results are in docs/studies/claims.md.
"""
from __future__ import annotations

import argparse
import os
import pickle
import re
import sys
from contextlib import contextmanager

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import claims_agreement as agreement  # noqa: E402
from realsumm_scu_presence import _auc  # noqa: E402

import pyramid_metric.claims as claims_module  # noqa: E402
import pyramid_metric.methods.reference as reference  # noqa: E402
from pyramid_metric.claims import confirmed_share  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

NEW_VERBS = ("hit", "boost", "jump", "sack", "dismiss", "name", "wound", "hurt", "quit", "free", "unveil", "construct",
             "bar", "seize", "clinch", "jail")


@contextmanager
def readings_off():
    """The claim check without these readings: no given names, no confirmed credit, no event nouns, none of the
    verbs NEW_VERBS nor the verbs read by their object (BY_OBJECT)."""
    kept = (claims_module._another_of_name, reference.credit_confirmed, claims_module._DEFINITE_EVENT,
            dict(claims_module.SAME_EVENT), dict(claims_module.OPPOSITE), dict(claims_module.BY_OBJECT))
    claims_module._another_of_name = lambda mine, theirs: False
    reference.credit_confirmed = lambda presence, *args, **kwargs: presence
    claims_module.confirmed_share = lambda *args: 0.0
    claims_module._DEFINITE_EVENT = re.compile(r"(?!x)x")
    for verb in NEW_VERBS:
        claims_module.SAME_EVENT.pop(verb, None)
    for verb in ("reduce", "decrease"):
        claims_module.OPPOSITE.pop(verb, None)
    claims_module.BY_OBJECT.clear()
    claims_module.BY_OBJECT.update({"cut": ("raise", "raise"), "drop": ("rise", "rise"), "lower": ("raise", "raise")})
    _clear()
    try:
        yield
    finally:
        (claims_module._another_of_name, reference.credit_confirmed, claims_module._DEFINITE_EVENT) = kept[:3]
        claims_module.confirmed_share = confirmed_share
        for table, saved in zip((claims_module.SAME_EVENT, claims_module.OPPOSITE, claims_module.BY_OBJECT), kept[3:]):
            table.clear()
            table.update(saved)
        _clear()


@contextmanager
def described_off():
    """The claim check without described names (``_other_modifier_name``, and the sentences read for them:
    ``_may_contradict``), without the claims of pieces without a predicate (``passage_claims`` as it read them
    before: each claim in its predicate's piece alone), with another of a name found among the other's name
    words alone (``_another_of_name`` before: "Michelle Dockery" was another party than a summary's "Game of Thrones
    star Michelle Dockery" parsed with "Game" as the name), without one role crossed (``_one_role_crossed``: "The
    man was arrested" against "The man arrested two officers") and with a headline's participle active
    (``_headline_passive``: "Man arrested over murder")."""
    kept = (claims_module._other_modifier_name, claims_module._pieces_of_parties, claims_module._may_contradict,
            claims_module._another_of_name, claims_module._one_role_crossed, claims_module._headline_passive)
    may_contradict = claims_module._may_contradict

    def another_of_name(mine, theirs):
        titles = claims_module._title_stems()
        own, their = mine.party - theirs.party - titles, theirs.party - mine.party - titles
        return bool(own and their) and not all(any(claims_module._misspelt(a, b) for b in their) for a in own)

    claims_module._other_modifier_name = lambda unit, other: False
    claims_module._pieces_of_parties = lambda tok, starts: set()
    claims_module._may_contradict = lambda claim, sentence: may_contradict(claim._replace(named=frozenset()), sentence)
    claims_module._another_of_name = another_of_name
    claims_module._one_role_crossed = lambda unit, other: False
    claims_module._headline_passive = lambda tok: False
    _clear()
    try:
        yield
    finally:
        (claims_module._other_modifier_name, claims_module._pieces_of_parties, claims_module._may_contradict,
         claims_module._another_of_name, claims_module._one_role_crossed, claims_module._headline_passive) = kept
        _clear()


@contextmanager
def figures_off():
    """The claim check without figures written as the references write them (``align_figures``: "$6.5bn" for
    "$6.5 billion", "5%" for "5 per cent", "a quarter point" for "0.25 points"), without figures read with a
    scale written on them ("£6.5bn", ``_SCALED``), without a scale read at a sentence's end ("£5m.":
    ``_scale_word``) and without "halve" read as "not double"."""
    kept = (reference.align_figures, claims_module._SCALED, claims_module._scale_word)
    reference.align_figures = lambda text, references: text
    claims_module._SCALED = re.compile(r"(?!x)x")
    claims_module._scale_word = lambda text: text.lower() if text.lower() in claims_module.SCALES else None
    claims_module.OPPOSITE.pop("halve", None)
    _clear()
    try:
        yield
    finally:
        reference.align_figures, claims_module._SCALED, claims_module._scale_word = kept
        claims_module.OPPOSITE["halve"] = "double"
        _clear()


ANTONYMS = ("lose", "reject", "acquit", "allow", "permit", "open", "die", "oppose", "deny")


@contextmanager
def opposites_off():
    """The claim check without the verbs read as their opposite's other polarity that ``ANTONYMS`` names ("lost" is
    "did not win", "rejected" is "did not approve"), and with the other polarity of an opposite verb ("fell", "cut")
    contradicting whatever subject it has (``_same_subject`` not asked)."""
    kept = (dict(claims_module.OPPOSITE), claims_module._same_subject)
    for verb in ANTONYMS:
        claims_module.OPPOSITE.pop(verb, None)
    claims_module._same_subject = lambda unit, other: True
    _clear()
    try:
        yield
    finally:
        claims_module.OPPOSITE.clear()
        claims_module.OPPOSITE.update(kept[0])
        claims_module._same_subject = kept[1]
        _clear()


def _one_form_only(text, references):
    """``align_acronyms`` leaving an acronym or an expansion as written where the references write both forms."""
    from pyramid_metric.acronyms import _ACRONYM, _letters, _reference_forms, acronyms, expansions

    if not text or not references:
        return text
    ref_expansions, ref_acronyms = _reference_forms(tuple(references))
    mine = acronyms(text)

    def spell_out(m):
        letters = _letters(m.group(0))
        return m.group(0) if letters in ref_acronyms or letters not in ref_expansions else ref_expansions[letters]

    if mine and ref_expansions:
        text = _ACRONYM.sub(spell_out, text)
    wanted = {letters: full for letters, full in expansions(text).items()
              if letters in ref_acronyms and letters not in ref_expansions and letters not in mine}
    for letters, full in sorted(wanted.items(), key=lambda kv: -len(kv[1])):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(full)}(?![A-Za-z])", letters, text)
    return text


@contextmanager
def acronyms_off():
    """The claim check without a party and its acronym read as one name ("the ECB" and "the European Central Bank",
    ``_abbreviates``), texts not given both forms where the references write both (``_one_form_only``), and the
    weights without each reference read with the others' acronyms and figures (``_as_the_others_write``)."""
    kept = (claims_module._abbreviates, reference.ReferencePyramidMethod._as_the_others_write, reference.align_acronyms)
    claims_module._abbreviates = lambda acronym, name: False
    reference.ReferencePyramidMethod._as_the_others_write = lambda self, text, others: text
    reference.align_acronyms = _one_form_only
    _clear()
    try:
        yield
    finally:
        (claims_module._abbreviates, reference.ReferencePyramidMethod._as_the_others_write,
         reference.align_acronyms) = kept
        _clear()


READINGS = {"confirmed": readings_off, "described": described_off, "figures": figures_off,
            "opposites": opposites_off, "acronyms": acronyms_off}


def _clear():
    claims_module._predicate_forms.cache_clear()
    claims_module.passage_claims.cache_clear()


def confirmed_shares(rows) -> np.ndarray:
    """Per (unit, summary) pair, in ``label_pairs``' order: the share of the unit's label the summary confirms."""
    from pyramid_metric.text import clean_text, words

    claims = claims_module.claims

    out = []
    for row in rows:
        summaries = [clean_text(s["summary"]) for s in row["systems"].values()]
        unit_claims = claims(row["scus"])
        for text_claims, summary, system in zip(claims(summaries), summaries, row["systems"].values()):
            stems = frozenset(words(summary))
            out.extend(claims_module.confirmed_share(unit_claims[k], row["scus"][k], text_claims, stems)
                       for k in range(len(system["scu_labels"])))
    return np.array(out)


def labels_table(limit, off=readings_off) -> None:
    print("| set | pairs | present | flagged without / with | present among the newly flagged | confirmed | present "
          "among confirmed | AUC without | AUC with | AUC with, the confirmed share alone |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in ("xsum", "samsum"):
        rows = agreement.rose_rows(name, limit)
        cache = agreement.CACHE / f"labels_{name}_{limit or 'all'}.pkl"
        if cache.exists():
            pairs = pickle.loads(cache.read_bytes())
        else:
            pairs = agreement.label_pairs(rows)
            agreement.CACHE.mkdir(parents=True, exist_ok=True)
            cache.write_bytes(pickle.dumps(pairs))
        p, y = pairs["presence"], pairs["label"]
        with off():
            before, share_before = agreement.label_flags(rows), confirmed_shares(rows)
        after, share = agreement.label_flags(rows), confirmed_shares(rows)
        new, held = after & ~before, share > 0
        lifted = np.where(held, np.maximum(p, (p + share) / 2), p)
        lifted_before = np.where(share_before > 0, np.maximum(p, (p + share_before) / 2), p)
        auc_before = _auc(np.where(before, np.minimum(lifted_before, 0.5), lifted_before), y)
        auc_after = _auc(np.where(after, np.minimum(lifted, 0.5), lifted), y)
        alone = np.where(held, np.maximum(p, share), p)  # max(presence, share) instead of their mean
        auc_alone = _auc(np.where(after, np.minimum(alone, 0.5), alone), y)
        print(f"| RoSE {name} | {len(y):,} | {y.mean():.1%} | {before.sum()} / {after.sum()} | "
              f"{y[new].mean() if new.any() else float('nan'):.1%} of {new.sum()} | {held.sum()} ({held.mean():.1%}) | "
              f"{y[held].mean():.1%} | {auc_before:.4f} | {auc_after:.4f} | {auc_alone:.4f} |", flush=True)


def scores_table(limit, off=readings_off) -> None:
    sets = {f"RoSE {name}": agreement.one_reference_set(agreement.rose_rows(name, limit))
            for name in ("xsum", "samsum")}
    sets["REALSumm dev"] = agreement.realsumm_dev()
    sets["TAC 2008"] = agreement.tac2008()
    print("| set | mode | without: summary r / system r | with (the package) | paired difference, summary r "
          "[95%] | scores changed |")
    print("|---|---|---|---|---|---|")
    for name, (docs, human) in sets.items():
        for mode in ("default",) + (("human SCUs",) if name == "TAC 2008" else ()):
            with off():
                before = agreement.score_matrix(docs, mode)
            after = agreement.score_matrix(docs, mode)
            cells = [f"{summary_level(m, human, 'pearson'):.3f} / {system_level(m, human, 'pearson'):.3f}"
                     for m in (before, after)]
            changed = int((np.abs(after - before) > 1e-12).sum())
            difference = agreement.paired_difference(after, before, human, summary_level, 4)
            print(f"| {name} | {mode} | {cells[0]} | {cells[1]} | {difference} | "
                  f"{changed} of {after.size} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--labels", action="store_true", help="RoSE presence labels")
    ap.add_argument("--scores", action="store_true", help="agreement with human scores, without and with them")
    ap.add_argument("--limit", type=int, default=150, help="the first N documents of each RoSE set")
    ap.add_argument("--readings", choices=tuple(READINGS), default="confirmed",
                    help="the readings switched off and on (module docstring)")
    args = ap.parse_args()
    if not (args.labels or args.scores):
        ap.error("choose --labels and/or --scores")
    if args.labels:
        labels_table(args.limit, READINGS[args.readings])
    if args.scores:
        scores_table(args.limit, READINGS[args.readings])


if __name__ == "__main__":
    main()
