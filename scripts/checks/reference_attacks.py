"""Meaning attacks written on the shared data's own references: does a human summary with its main verb
negated, its subject and object swapped, a name replaced or a figure changed score below the same summary
unchanged?

Usage (from the project root; about ten minutes on two CPU cores):
    python scripts/checks/reference_attacks.py [--limit 100] [--show 5] [--config '{"claims": "off"}']

The attacks are those the learned judge's training data is written with (``scripts/train/presence_data.py``:
spaCy's dependency parse and named entities, names taken from other documents of the same set).  Settings:

- one reference (RoSE XSum, RoSE SAMSum, REALSumm dev): the reference, and each attack of it, scored against the
  reference; the faithful summary is the reference copied;
- human SCUs (RoSE XSum and SAMSum): the same summaries scored against the document's human content units;
- three other references (TAC 2008): each of a topic's four human summaries, and each attack of it, scored against
  the topic's other three: the faithful summary is another person's summary of the same documents, a paraphrase
  in the wide sense; and against all four, its own among them.

For each set and attack: how many summaries it could attack, the mean score of the faithful summaries and of
their attacks, the share of attacks scoring at least 0.10 below their faithful summary, and the share scoring
below it at all.  An attack changes one fact, so on a summary of several sentences a drop of 0.10 is not always
due; the share below at all says whether the fact's change was seen.  ``--show N`` prints, per set and attack,
N attacks scoring less than 0.10 below their faithful summary, with both scores and texts.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "train"))

from common import DATA, read_rows, reference_text  # noqa: E402
from presence_data import names_of_kinds, negate, number, party, swap  # noqa: E402

GAP = 0.10
SEED = 2026
ATTACKS = ("negate", "swap", "party", "number", "verb antonym", "adjective antonym")
# verbs too light to carry a fact of their own, not attacked with an antonym
LIGHT_VERBS = frozenset({"be", "have", "do", "say", "get", "make", "go", "come", "give", "take"})
# dependents that head a clause or its verb: the verbs an antonym attack replaces
CLAUSE_HEADS = frozenset({"ROOT", "conj", "ccomp", "xcomp", "advcl", "relcl"})


def antonym_table() -> dict:
    """{part of speech: {word: its first antonym}} of every pair in the package's WordNet table (the pairs the
    claim check leaves out included)."""
    from importlib.resources import files

    out = {"verb": {}, "adjective": {}}
    for line in files("pyramid_metric.data").joinpath("wordnet_antonyms.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            pos, a, b = line.split("\t")
            out[pos].setdefault(a, b)
            out[pos].setdefault(b, a)
    return out


def inflect(verb: str, tag: str) -> str:
    """``verb`` in the form of Penn tag ``tag`` (VBD, VBN, VBZ, VBG; else as it is): an irregular form spaCy's
    lemmatizer knows ("begin": "began", "begun"), or the regular one ("stopped", "closes", "ending")."""
    from pyramid_metric.text import irregular_verb_forms

    irregular = irregular_verb_forms().get(verb, ())
    past = [f for f in irregular if not f.endswith("s") and not f.endswith("ing")]
    if tag in ("VBD", "VBN") and past:
        participle = [f for f in past if re.search(r"(en|un|wn|ne)$", f)]  # "begun", "shown", "gone"
        simple = [f for f in past if f not in participle]
        return (participle or past)[0] if tag == "VBN" else (simple or past)[0]
    one_syllable_cvc = (len(verb) <= 4 and re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", verb) is not None)
    if tag in ("VBD", "VBN"):
        if verb.endswith("e"):
            return verb + "d"
        if re.search(r"[^aeiou]y$", verb):
            return verb[:-1] + "ied"
        return verb + verb[-1] + "ed" if one_syllable_cvc else verb + "ed"
    if tag == "VBZ":
        if re.search(r"[^aeiou]y$", verb):
            return verb[:-1] + "ies"
        return verb + "es" if re.search(r"(s|sh|ch|x|z|o)$", verb) else verb + "s"
    if tag == "VBG":
        if verb.endswith("e") and not verb.endswith("ee"):
            return verb[:-1] + "ing"
        return verb + verb[-1] + "ing" if one_syllable_cvc else verb + "ing"
    return verb


def antonym(doc, table: dict, pos: str):
    """``doc``'s text with its first verb heading a clause (``pos`` "verb") or its first adjective describing a noun
    or said of a subject ("adjective") replaced by its antonym, or None."""
    for t in doc:
        if pos == "verb" and t.pos_ == "VERB" and t.dep_ in CLAUSE_HEADS and t.lemma_ not in LIGHT_VERBS:
            other = table["verb"].get(t.lemma_.lower())
            word = inflect(other, t.tag_) if other else None
        elif pos == "adjective" and t.tag_ == "JJ" and t.dep_ in ("amod", "acomp"):
            word = table["adjective"].get(t.lower_)
        else:
            continue
        if word:
            word = word[:1].upper() + word[1:] if t.text[:1].isupper() else word
            return doc[:t.i].text_with_ws + word + t.whitespace_ + doc[t.i + 1:].text
    return None


def attacked(texts, nlp, rng):
    """For each text, {attack: attacked text} (attacks that find nothing to change are left out)."""
    docs = list(nlp.pipe(texts, batch_size=64))
    names = names_of_kinds(docs)
    table = antonym_table()
    out = []
    for doc in docs:
        made = {"negate": negate(doc), "swap": swap(doc), "party": party(doc, names, rng), "number": number(doc)}
        made = {k: v[0] for k, v in made.items() if v is not None}
        made["verb antonym"] = antonym(doc, table, "verb")
        made["adjective antonym"] = antonym(doc, table, "adjective")
        out.append({k: v for k, v in made.items() if v is not None and v != doc.text})
    return out


def settings(limit):
    """(set, setting, faithful texts, the scoring arguments of each: its references or its SCUs)."""
    for name, path in (("RoSE XSum", DATA / "rose" / "rose_xsum.jsonl"),
                       ("RoSE SAMSum", DATA / "rose" / "rose_samsum.jsonl"),
                       ("REALSumm dev", DATA / "realsumm" / "realsumm_dev.jsonl")):
        rows = read_rows(path, limit)
        refs = [reference_text(r) for r in rows]
        yield name, "one reference", refs, [{"references": [r]} for r in refs]
        if name.startswith("RoSE"):
            yield name, "human SCUs", refs, [{"scus": r["scus"]} for r in rows]
    rows = read_rows(DATA / "tac2008" / "tac2008_pyramid.jsonl", limit)
    texts, kwargs = [], []
    for r in rows:
        for k, ref in enumerate(r["references"]):
            texts.append(ref)
            kwargs.append({"references": r["references"][:k] + r["references"][k + 1:]})
    yield "TAC 2008", "three other references", texts, kwargs
    yield "TAC 2008", "four references, its own among them", texts, [{"references": r["references"]} for r in rows
                                                                     for _ in r["references"]]


def score(scorer, texts, kwargs):
    """Scores of each text with its own references or SCUs, grouped by mode in one call."""
    key = "scus" if "scus" in kwargs[0] else "references"
    results = scorer.score(list(texts), progress=False, **{key: [kw[key] for kw in kwargs]})
    return np.array([r.score for r in results])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=100, help="documents (topics for TAC 2008) per set")
    ap.add_argument("--show", type=int, default=0, help="attacks per set and kind not 0.10 lower, to print")
    ap.add_argument("--sets", default="", help="comma-separated names of the sets to run (default: all)")
    ap.add_argument("--config", default="{}", help="PyramidScorer options as JSON (default: the default)")
    args = ap.parse_args()
    import spacy

    from pyramid_metric import PyramidScorer
    from pyramid_metric.text import SPACY_MODELS

    nlp = spacy.load(next(n for n in SPACY_MODELS if spacy.util.is_package(n)))
    scorer = PyramidScorer(**json.loads(args.config))
    rows, shown = [], []
    made_for = {}
    for name, mode, texts, kwargs in settings(args.limit):
        if args.sets and name not in args.sets.split(","):
            continue
        if name not in made_for:
            made_for[name] = attacked(texts, nlp, np.random.default_rng(SEED))
        made = made_for[name]
        faithful = score(scorer, texts, kwargs)
        for kind in ATTACKS:
            idx = [i for i, m in enumerate(made) if kind in m]
            if not idx:
                continue
            got = score(scorer, [made[i][kind] for i in idx], [kwargs[i] for i in idx])
            base = faithful[idx]
            rows.append((name, mode, kind, len(idx), base.mean(), got.mean(), np.mean(got <= base - GAP),
                         np.mean(got < base - 0.005)))
            missed = [(i, g, b) for i, g, b in zip(idx, got, base) if g > b - GAP][:args.show]
            shown.extend((name, mode, kind, texts[i], made[i][kind], b, g) for i, g, b in missed)
    print("| set | setting | attack | attacked | faithful: mean score | attacked: mean score | "
          "at least 0.10 below | below at all |\n|---|---|---|---|---|---|---|---|")
    for name, mode, kind, n, b, g, gap, below in rows:
        print(f"| {name} | {mode} | {kind} | {n} | {b:.3f} | {g:.3f} | {gap:.0%} | {below:.0%} |")
    for name, mode, kind, text, changed, b, g in shown:
        print(f"\n[{name}, {mode}, {kind}: {b:.3f} -> {g:.3f}]\n  faithful: {text[:300]}\n  attacked: {changed[:300]}")
    print(f"\nsignature: {scorer.signature()}")


if __name__ == "__main__":
    main()
