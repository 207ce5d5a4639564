#!/usr/bin/env python
"""Training data for the learned presence judge: people's presence labels and generated meaning attacks.

Writes one JSONL file in REALSumm's layout (``example_id``, ``reference``, ``scus``, ``systems``: name ->
``summary``, ``scu_labels``, ``human_score``), read by ``scripts/train/presence.py --data``:

- **People's labels**: REALSumm dev (60 CNN/DM documents x 25 systems; Bhandari et al. 2020), RoSE XSum (496
  documents x 8 systems) and RoSE SAMSum (445 dialogues x 8 systems; Liu et al. 2023, "Revisiting the Gold
  Standard"): a person judged whether each content unit of the reference is present in each system summary.
  Example ids are prefixed with the set's name (``realsumm:``, ``xsum:``, ``samsum:``).  Summaries over 200
  words (two degenerate RoSE XSum outputs) are left out: the model is trained on whole summaries.
- **Meaning attacks**, written from each example's own reference through spaCy's dependency parse
  (``en_core_web_sm``), added as extra "systems" of the example (``human_score`` null), so that folds by
  document keep an attack with its document:

  ``attack:copy``     the reference itself; every unit present (1).
  ``attack:negate``   every sentence's main verb negated ("has passed" -> "has not passed", "won" -> "did not
                      win"); a unit that uses a negated verb (same stem) is absent (0), the others present.
  ``attack:swap``     the subject and the object of the first main verb that has both (neither a pronoun)
                      exchanged; a unit that uses the verb and either of the two heads is absent.
  ``attack:party``    one named person, organisation or place replaced, everywhere, by a name of the same kind
                      from another document; a unit that uses the replaced name is absent.
  ``attack:number``   the first figure changed (digits doubled plus one, number words shifted); a unit that
                      uses the figure is absent.

  An attack that finds nothing to change in a reference is not written for it.  Labels are read from words
  (stemmed), not from the package's contradiction check, so the judge does not learn the check's rules.
- **TAC 2008's pyramids** (``--sets`` with ``tac2008``; 48 topics): each SCU's label against each of the topic's
  four model summaries, present (1) in the summaries its contributors were cut from and absent (0) in the others;
  the four summaries are the example's "systems" (``model:0`` ... ``model:3``) and no attack is written on them.
  A contributor is found in a summary by its words (lower-cased, spaces collapsed; a contributor cut in pieces,
  "first A380...taking its maiden flight", by each piece); an SCU is kept only when its contributors fall in as
  many distinct summaries as its weight and no other summary holds the text of any of them (1,439 of 1,448).

    python scripts/train/presence_data.py                     # -> runs/presence_data/presence_train.jsonl
    python scripts/train/presence_data.py --no-attacks        # people's labels only
    python scripts/train/presence_data.py --sets xsum samsum tac2008 --out runs/presence_data/rose_tac.jsonl
    python scripts/train/presence_data.py --sets tac2008 --tac-topics odd --out runs/presence_data/tac_odd.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Optional, Tuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

from common import DATA, ROOT, in_tac2008_half, read_rows  # noqa: E402

SOURCES = {"realsumm": DATA / "realsumm" / "realsumm_dev.jsonl", "xsum": DATA / "rose" / "rose_xsum.jsonl",
           "samsum": DATA / "rose" / "rose_samsum.jsonl"}
TAC2008 = DATA / "tac2008"
OUT = ROOT / "runs" / "presence_data" / "presence_train.jsonl"
SEED = 2026
NAME_KINDS = ("PERSON", "ORG", "GPE", "NORP")
NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
PRONOUNS = {"PRON"}
MAX_WORDS = 200  # longer summaries (two degenerate RoSE XSum outputs of 254 words) exceed the model's window


def stems(text: str) -> set:
    from pyramid_metric.text import stem, words

    return {stem(w) for w in words(text.lower())}


def _replace(text: str, edits) -> str:
    """``text`` with (start char, end char, new text) edits applied (non-overlapping)."""
    out, last = [], 0
    for s, e, new in sorted(edits):
        out.append(text[last:s])
        out.append(new)
        last = e
    out.append(text[last:])
    return "".join(out)


def _main_verbs(doc):
    return [s.root for s in doc.sents if s.root.pos_ == "VERB"]


def _is_negated(verb) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def negate(doc):
    """(text, changed stems) with every sentence's main verb negated, or None."""
    edits, changed = [], set()
    for verb in _main_verbs(doc):
        if _is_negated(verb):
            continue
        aux = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
        if aux:
            a = aux[0]
            edits.append((a.idx + len(a.text), a.idx + len(a.text), " not"))
        elif verb.tag_ in ("VBD", "VBZ", "VBP"):
            do = {"VBD": "did", "VBZ": "does", "VBP": "do"}[verb.tag_]
            lemma = verb.lemma_.lower()
            new = f"{do} not {lemma}"
            if verb.text[:1].isupper():
                new = new.capitalize()
            edits.append((verb.idx, verb.idx + len(verb.text), new))
        else:
            continue
        changed |= stems(verb.text) | stems(verb.lemma_)
    if not edits:
        return None
    return _replace(doc.text, edits), [changed]


def _span(tok):
    sub = list(tok.subtree)
    return sub[0].idx, sub[-1].idx + len(sub[-1].text)


def swap(doc):
    """(text, changed) with the subject and object of the first main verb that has both exchanged, or None."""
    for verb in _main_verbs(doc):
        subj = [c for c in verb.children if c.dep_ == "nsubj" and c.pos_ not in PRONOUNS]
        obj = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ not in PRONOUNS]
        if not subj or not obj:
            continue
        (s0, s1), (o0, o1) = _span(subj[0]), _span(obj[0])
        if s1 > o0 or stems(doc.text[s0:s1]) == stems(doc.text[o0:o1]):
            continue
        a, b = doc.text[s0:s1], doc.text[o0:o1]
        if a[:1].isupper() and not subj[0].pos_ == "PROPN":
            a = a[0].lower() + a[1:]
        if s0 == verb.sent.start_char and b[:1].islower():
            b = b[0].upper() + b[1:]
        verb_stems = stems(verb.text) | stems(verb.lemma_)
        heads = stems(subj[0].text) | stems(obj[0].text)
        return _replace(doc.text, [(s0, s1, b), (o0, o1, a)]), [verb_stems, heads]
    return None


def party(doc, names_by_kind, rng):
    """(text, changed) with one name replaced everywhere by another document's name of the same kind, or None."""
    for ent in doc.ents:
        if ent.label_ not in NAME_KINDS or len(ent.text) < 3:
            continue
        pool = [n for n in names_by_kind.get(ent.label_, ()) if not (stems(n) & stems(ent.text))]
        if not pool:
            continue
        new = pool[rng.integers(len(pool))]
        edits = [(e.start_char, e.end_char, new) for e in doc.ents if e.text == ent.text]
        return _replace(doc.text, edits), [stems(ent.text)]
    return None


def number(doc):
    """(text, changed) with the first figure changed, or None."""
    for tok in doc:
        low = tok.text.lower()
        if tok.text.isdigit() and len(tok.text) <= 6:
            new = str(int(tok.text) * 2 + 1)
        elif low in NUMBER_WORDS:
            new = NUMBER_WORDS[(NUMBER_WORDS.index(low) + 3) % len(NUMBER_WORDS)]
        else:
            continue
        return _replace(doc.text, [(tok.idx, tok.idx + len(tok.text), new)]), [{low, stem(low)}]
    return None


def stem(word: str) -> str:
    from pyramid_metric.text import stem as _stem

    return _stem(word)


def unit_labels(units, changed) -> list:
    """1 for a unit that uses none of the changed word sets' stems in full, else 0.

    ``changed`` is a list of stem sets; a unit is absent when it shares a stem with every set (a swap: the verb and
    one of its two heads; the other attacks: their one set)."""
    out = []
    for u in units:
        s = stems(u)
        out.append(0 if all(s & c for c in changed) else 1)
    return out


def names_of_kinds(docs) -> dict:
    """The names of each kind (NAME_KINDS) in parsed ``docs``, sorted: what :func:`party` draws a new name from."""
    names = {}
    for d in docs:
        for e in d.ents:
            if e.label_ in NAME_KINDS and len(e.text) >= 3:
                names.setdefault(e.label_, set()).add(e.text)
    return {k: sorted(v) for k, v in names.items()}


def attacks(rows, nlp, rng) -> int:
    """Add the attack systems to each row (in place); the number of attacked summaries written."""
    docs = list(nlp.pipe([r["reference"] for r in rows], batch_size=64))
    names_by_kind = names_of_kinds(docs)
    n = 0
    for row, doc in zip(rows, docs):
        row["systems"]["attack:copy"] = {"summary": row["reference"], "scu_labels": [1] * len(row["scus"]),
                                         "human_score": None}
        for name, made in (("negate", negate(doc)), ("swap", swap(doc)),
                           ("party", party(doc, names_by_kind, rng)), ("number", number(doc))):
            if made is None:
                continue
            text, changed = made
            labels = unit_labels(row["scus"], changed)
            if all(labels):
                continue  # the edit touches no unit: nothing to learn
            row["systems"][f"attack:{name}"] = {"summary": text, "scu_labels": labels, "human_score": None}
            n += 1
    return n


def _plain(text: str) -> str:
    return " ".join(text.lower().split())


def contributor_summaries(scu: dict, summaries) -> Optional[set]:
    """Indices of the ``summaries`` (plain text, :func:`_plain`) that ``scu``'s contributors were cut from, or
    None when they cannot be told with certainty: each contributor is given a distinct summary that holds all its
    pieces (the contributor with fewest choices first), their number must be the SCU's weight, and no other
    summary may hold the text of any contributor (so that absence is certain too)."""
    holders = [[k for k, s in enumerate(summaries) if all(p in s for p in pieces)]
               for pieces in ([_plain(p) for p in c.split("...") if p.strip()] for c in scu["contributors"])]
    chosen = set()
    for found in sorted(holders, key=len):
        free = [k for k in found if k not in chosen]
        if not free:
            return None
        chosen.add(free[0])
    if len(chosen) != scu["weight"] or set().union(*holders) != chosen:
        return None
    return chosen


def tac2008_rows(topics: str = "all") -> Tuple[list, int]:
    """(rows, SCUs left out): each topic's SCU labels against its four model summaries (module docstring), of
    ``topics`` "all", "odd" or "even" (by the topic's number: D0801-A is odd)."""
    summaries = {r["example_id"]: r["references"] for r in read_rows(TAC2008 / "tac2008_pyramid.jsonl")}
    rows, left_out = [], 0
    for topic in read_rows(TAC2008 / "tac2008_scus.jsonl"):
        if not in_tac2008_half(topic["topic"], topics):
            continue
        texts = summaries[topic["topic"]]
        plain = [_plain(t) for t in texts]
        units, labels = [], [[] for _ in texts]
        for scu in topic["scus"]:
            chosen = contributor_summaries(scu, plain)
            if chosen is None:
                left_out += 1
                continue
            units.append(scu["label"])
            for k, row in enumerate(labels):
                row.append(int(k in chosen))
        rows.append({"example_id": f"tac2008:{topic['topic']}", "reference": texts[0], "scus": units,
                     "systems": {f"model:{k}": {"summary": t, "scu_labels": labels[k], "human_score": None}
                                 for k, t in enumerate(texts)}})
    return rows, left_out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--no-attacks", action="store_true")
    ap.add_argument("--sets", nargs="+", choices=[*SOURCES, "tac2008"], default=list(SOURCES),
                    help="the sets of people's labels to read (default: REALSumm dev and RoSE's two)")
    ap.add_argument("--tac-topics", choices=("all", "odd", "even"), default="all",
                    help="with tac2008: its topics of odd or even number only (to hold the others out)")
    args = ap.parse_args(argv)
    import spacy

    from pyramid_metric.text import SPACY_MODELS

    rows, dropped = [], 0
    for name, path in SOURCES.items():
        if name not in args.sets:
            continue
        for r in read_rows(path):
            systems = {k: v for k, v in r["systems"].items() if len(v["summary"].split()) <= MAX_WORDS}
            dropped += len(r["systems"]) - len(systems)
            rows.append({"example_id": f"{name}:{r['example_id']}", "reference": r["reference"],
                         "scus": r["scus"], "systems": systems})
    print(f"{dropped} summaries over {MAX_WORDS} words left out (the model is trained on whole summaries)")
    n = 0
    if not args.no_attacks:
        nlp = spacy.load(next(n for n in SPACY_MODELS if spacy.util.is_package(n)))
        n = attacks(rows, nlp, np.random.default_rng(SEED))
    if "tac2008" in args.sets:
        tac, left_out = tac2008_rows(args.tac_topics)
        rows += tac
        print(f"TAC 2008: {len(tac)} topics, {sum(len(r['scus']) for r in tac)} SCUs ({left_out} left out: their "
              "contributors' summaries are not certain)")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    pairs = sum(len(s["scu_labels"]) for r in rows for s in r["systems"].values())
    print(f"{len(rows)} documents, {pairs} labeled pairs, {n} attacked summaries -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
