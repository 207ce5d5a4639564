"""System-level correlation with NIST's human scores on DUC 2007 (Hirao et al. 2018, Table 3, 2007 columns).

Usage (from the project root):
    python scripts/duc2007_correlations.py [--rows rouge2 rouge_su4 be default] [--limit N]
        [--cache runs/duc2007] [--reuse] [--json FILE]

Data: ../shared/data/duc2007/duc2007_main.jsonl (45 topics, 25 source articles and four 250-word
references each; 36 peers: automatic systems "1".."32" and the four human summaries).

Protocol of the paper (system level only): average each system's automatic score and its human score
over the topics, then correlate the averages over the systems (Pearson r / Spearman rho / Kendall tau).
  Resp. = content responsiveness, 45 topics, the 32 automatic systems;
  Pyr.  = NIST's modified pyramid score, the 23 topics evaluated with it, the 13 systems it scored.
Peers are cut to their first 250 words (whitespace tokens), as DUC 2007 scored them; the references are
250 words at most already. Prop rows (method="hirao") build their pyramids from the topic's 25 articles
joined (headline and text, article after article) with L_max = 250 words, the task's length limit.

Each row's topics x peers score matrix is saved under --cache (``<row>.npy`` and ``<row>.json`` with its
label, signature and seconds); with --reuse a saved row is printed without being recomputed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from pyramid_metric import PyramidScorer  # noqa: E402
from table_output import finish_table  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
WORD_LIMIT = 250  # DUC 2007 main task: summaries of at most 250 words

# name -> (label, PyramidScorer options, needs the sources)
ROWS = {
    "rouge2": ("ROUGE-2 recall (method=rouge)", dict(method="rouge", rouge_variant="2"), False),
    "rouge_su4": ("ROUGE-SU4 recall (method=rouge)", dict(method="rouge", rouge_variant="su4"), False),
    "be": ("BE-HMR recall (method=be)", dict(method="be"), False),
    "default": ("**Default**: reference-EDU pyramid, content-weighted recall credit", dict(), False),
    "refpyr_summary_sentence": ("reference-EDU pyramid, presence = mean(whole summary, best sentence)",
                                dict(presence="summary+sentence"), False),
    "prop_be": ("Prop(BE): BE oracle, LCS t=0.55, L_max=250",
                dict(method="hirao", extract="be", length_limit=WORD_LIMIT), True),
    "prop_rouge": ("Prop(ROUGE): bigram oracle, LCS t=0.55, L_max=250",
                   dict(method="hirao", extract="rouge", length_limit=WORD_LIMIT), True),
    "prop_al": ("Prop(AL): LCS alignment, LCS t=0.55, L_max=250",
                dict(method="hirao", extract="align", length_limit=WORD_LIMIT), True),
}
# The paper's Table 3 (2007 Resp., 2007 Pyr.): Pearson / Spearman / Kendall.
PAPER = {
    "rouge2": ((.880, .873, .715), (.979, .989, .949)),
    "rouge_su4": ((.835, .832, .650), (.961, .973, .897)),
    "be": ((.891, .890, .732), (.982, .973, .897)),
    "prop_be": ((.885, .881, .715), (.936, .967, .897)),
    "prop_rouge": ((.853, .845, .679), (.943, .951, .872)),
    "prop_al": ((.814, .793, .610), (.958, .962, .872)),
}
AUTOMATIC = [str(i) for i in range(1, 33)]  # the 32 automatic systems (1 and 2 are NIST baselines)


def load(path, limit=None):
    with open(path, encoding="utf-8") as f:
        topics = [json.loads(line) for line in f]
    return topics[:limit] if limit else topics


def truncate(text: str, n: int = WORD_LIMIT) -> str:
    """The first ``n`` whitespace-separated words of ``text``, as DUC cut peers to the length limit."""
    words = text.split()
    return text if len(words) <= n else " ".join(words[:n])


def source_text(topic) -> str:
    return "\n\n".join(f"{d['headline']}\n{d['text']}" if d.get("headline") else d["text"]
                       for d in topic["documents"])


def score_matrix(topics, options, with_sources):
    """Topics x automatic systems scores of one configuration (one batch; pyramids built once per topic)."""
    scorer = PyramidScorer(**options)
    preds, refs, srcs = [], [], []
    for t in topics:
        references = [t["references"][k] for k in sorted(t["references"])]
        source = source_text(t) if with_sources else None
        for s in AUTOMATIC:
            preds.append(truncate(t["systems"][s]["summary"]))
            refs.append(references)
            srcs.append(source)
    scores = [r.score for r in scorer.score(preds, refs, srcs if with_sources else None, progress=True)]
    return np.array(scores).reshape(len(topics), len(AUTOMATIC)), scorer.signature(nrefs=4)


def human_matrices(topics):
    """Responsiveness (topics x systems) and the modified pyramid score (NaN where not evaluated)."""
    resp = np.array([[t["systems"][s]["responsiveness"] for s in AUTOMATIC] for t in topics], dtype=float)
    pyr = np.array([[t["systems"][s].get("pyramid", np.nan) for s in AUTOMATIC] for t in topics], dtype=float)
    return resp, pyr


def system_correlations(metric, human):
    """The paper's protocol: per-system means over the topics where the human score exists, then r/rho/tau
    over the systems that have one."""
    mask = ~np.isnan(human)
    topics = mask.any(axis=1)
    systems = mask[topics].all(axis=0)
    m = metric[topics][:, systems].mean(axis=0)
    h = human[topics][:, systems].mean(axis=0)
    return (stats.pearsonr(m, h)[0], stats.spearmanr(m, h)[0], stats.kendalltau(m, h)[0],
            int(topics.sum()), int(systems.sum()))


def fmt(triple) -> str:
    return "/".join(f"{v:.3f}" for v in triple)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.path.join(HERE, "..", "..", "shared", "data", "duc2007",
                                                   "duc2007_main.jsonl"))
    ap.add_argument("--rows", nargs="+", default=["rouge2", "rouge_su4", "be", "default"],
                    choices=list(ROWS), help="rows to print (prop_be, prop_rouge, prop_al: about 15 min each)")
    ap.add_argument("--limit", type=int, default=None, help="first N topics only (a quick check)")
    ap.add_argument("--cache", default=os.path.join(HERE, "..", "runs", "duc2007"),
                    help="folder of the saved score matrices")
    ap.add_argument("--reuse", action="store_true", help="print saved rows without recomputing them")
    ap.add_argument("--json", help="also write the table as JSON")
    args = ap.parse_args()

    topics = load(args.data, args.limit)
    resp, pyr = human_matrices(topics)
    os.makedirs(args.cache, exist_ok=True)
    suffix = f"_first{args.limit}" if args.limit else ""
    table = []
    for name in args.rows:
        label, options, with_sources = ROWS[name]
        saved = os.path.join(args.cache, f"{name}{suffix}")
        if args.reuse and os.path.exists(saved + ".json"):
            with open(saved + ".json", encoding="utf-8") as f:
                meta = json.load(f)
            metric, sig, secs = np.load(saved + ".npy"), meta["signature"], meta["seconds"]
        else:
            t0 = time.time()
            metric, sig = score_matrix(topics, options, with_sources)
            secs = time.time() - t0
            np.save(saved + ".npy", metric)
            with open(saved + ".json", "w", encoding="utf-8") as f:
                json.dump({"label": label, "signature": sig, "seconds": secs}, f)
        r_resp, r_pyr = system_correlations(metric, resp), system_correlations(metric, pyr)
        table.append({"row": name, "label": label, "signature": sig, "seconds": secs,
                      "seconds_per_topic": secs / len(topics), "resp": r_resp[:3], "pyr": r_pyr[:3],
                      "resp_n": r_resp[3:], "pyr_n": r_pyr[3:]})
        print(f"done {name} in {secs:.1f}s ({secs / len(topics):.1f}s per topic)", file=sys.stderr)

    if not table:
        return
    (nt_r, ns_r), (nt_p, ns_p) = table[0]["resp_n"], table[0]["pyr_n"]
    print(f"\nDUC 2007, system level r / rho / tau; Resp.: {nt_r} topics x {ns_r} systems, "
          f"Pyr.: {nt_p} topics x {ns_p} systems; peers cut to {WORD_LIMIT} words\n")
    print("| row | Resp. | paper | Pyr. | paper | s/topic |")
    print("|---|---|---|---|---|---|")
    for t in table:
        paper = PAPER.get(t["row"])
        pr, pp = (fmt(paper[0]), fmt(paper[1])) if paper else ("", "")
        print(f"| {t['label']} | {fmt(t['resp'])} | {pr} | {fmt(t['pyr'])} | {pp} | {t['seconds_per_topic']:.1f} |")
    print()
    finish_table(table, args.json)


if __name__ == "__main__":
    main()
