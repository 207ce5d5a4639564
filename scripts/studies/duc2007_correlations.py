"""System-level correlation with NIST's human scores on DUC 2007 (Hirao et al. 2018, Table 3, 2007 columns).

Usage (from the project root):
    python scripts/studies/duc2007_correlations.py [--rows rouge2 rouge_su4 be default] [--limit N]
        [--cache runs/duc2007] [--reuse] [--json FILE] [--segmenter bilstm] [--bootstrap 1000]
        [--set KEY=JSON ...] [--segment-cache DIR] [--unstemmed]

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
--unstemmed tokenizes every document without Porter stemming (a sensitivity check; the package stems).
--segmenter overrides the EDU segmenter of the rows that segment (the default and the Prop rows; the
paper's is the bi-LSTM, ``--segmenter bilstm``); those rows are saved as ``<row>_<segmenter>``.
--bootstrap N adds a 95% interval for each system-level Pearson r (and, with the rouge2 row, for each row's
gap to ROUGE-2 on the same resampled topics): the topics are resampled with
replacement N times (metric and human scores together), r is recomputed over the same systems, and the
interval is the observed r +- 1.96 bootstrap standard errors in Fisher's z = atanh(r).
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import json
import os
import pickle
import sys
import time
from collections import Counter

import numpy as np
from scipy import stats

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import DATA, ROOT, finish_table  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.config import PyramidConfig  # noqa: E402
from pyramid_metric.options import reads  # noqa: E402
from pyramid_metric.presets import get_preset  # noqa: E402
from pyramid_metric.segment import Segmenter  # noqa: E402

WORD_LIMIT = 250  # DUC 2007 main task: summaries of at most 250 words

# name -> (label, PyramidScorer options, needs the sources)
ROWS = {
    "rouge2": ("ROUGE-2 recall (method=rouge)", dict(method="rouge", rouge_variant="2"), False),
    "rouge_su4": ("ROUGE-SU4 recall (method=rouge)", dict(method="rouge", rouge_variant="su4"), False),
    "be": ("BE-HMR recall (method=be)", dict(method="be"), False),
    "default": ("**Default**: reference-EDU pyramid, content-weighted credit, presence=auto", dict(), False),
    "refpyr_soft": ("reference-EDU pyramid, presence=auto, soft presence (static MiniLM cosine for missing plain "
                    "words)", dict(matcher="soft"), False),
    "refpyr_recall": ("reference-EDU pyramid, presence=auto, content-word recall (lexical, exact word pairs)",
                      dict(matcher="recall"), False),
    "contextual": ("the contextual configuration (preset=contextual)", dict(preset="contextual"), False),
    "refpyr_per_unit": ("reference-EDU pyramid, presence=auto, each unit counts its own weight (fact_weight=per-unit)",
                        dict(fact_weight="per-unit"), False),
    "refpyr_summary_sentence": ("reference-EDU pyramid, presence = mean(whole summary, best sentence)",
                                dict(presence="summary+sentence"), False),
    "refpyr_sentence_bigram": ("reference-EDU pyramid, presence = mean(best sentence, bigram share in the summary)",
                               dict(presence="sentence+bigram"), False),
    "prop_be": ("Prop(BE): BE oracle, LCS t=0.55, L_max=250",
                dict(method="hirao", extract="be", length_limit=WORD_LIMIT), True),
    "prop_rouge": ("Prop(ROUGE): bigram oracle, LCS t=0.55, L_max=250",
                   dict(method="hirao", extract="rouge", length_limit=WORD_LIMIT), True),
    "prop_al": ("Prop(AL): LCS alignment, LCS t=0.55, L_max=250",
                dict(method="hirao", extract="align", length_limit=WORD_LIMIT), True),
    # the paper's configuration in one word: Prop(BE) with the bi-LSTM segmenter (= prop_be --segmenter bilstm)
    "hirao2018": ("Prop(BE) as preset hirao2018, L_max=250", dict(preset="hirao2018", length_limit=WORD_LIMIT),
                  True),
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
PAPER["hirao2018"] = PAPER["prop_be"]
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


class CachedSegmenter(Segmenter):
    """A segmenter whose EDUs are kept on disk by text (``--segment-cache``): the same name and signature,
    the same EDUs, without segmenting a text twice (the 25 articles of a topic take most of a Prop row)."""

    def __init__(self, inner: Segmenter, folder: str):
        self.inner, self.name = inner, inner.name
        self.seconds = 0.0  # time spent segmenting texts not found on disk
        self.folder = os.path.join(folder, inner.signature().replace("/", "_"))
        os.makedirs(self.folder, exist_ok=True)

    def signature(self) -> str:
        return self.inner.signature()

    def segment_many(self, texts):
        paths = [os.path.join(self.folder, hashlib.sha1(t.encode("utf-8")).hexdigest() + ".pkl") for t in texts]
        todo = sorted({i for i, p in enumerate(paths) if not os.path.exists(p)})
        t0 = time.time()
        fresh = dict(zip(todo, self.inner.segment_many([texts[i] for i in todo]) if todo else []))
        self.seconds += time.time() - t0
        out = []
        for i, p in enumerate(paths):
            if i in fresh:
                with open(p, "wb") as f:
                    pickle.dump(fresh[i], f)
                out.append(fresh[i])
            else:
                with open(p, "rb") as f:
                    out.append(pickle.load(f))
        return out


def cache_segmenter(name: str, folder: str) -> None:
    """Make ``get_segmenter(name)`` (used by every method) return a :class:`CachedSegmenter`."""
    from pyramid_metric import segment

    inner = segment.get_segmenter(name)
    if not isinstance(inner, CachedSegmenter):
        segment._instances[name] = CachedSegmenter(inner, folder)


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
    if with_sources:  # how the extract ILPs ended (pyramids are cached: nothing is rebuilt)
        n = len(AUTOMATIC)
        ended = Counter(e.status for p in scorer.pyramids(refs[::n], srcs[::n]) for e in p.extracts)
        print(f"extract ILPs: {dict(ended)}", file=sys.stderr)
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


def _row_pearson(m, y):
    """Pearson r of each row of ``m`` with the same row of ``y`` (resamples x systems)."""
    m, y = m - m.mean(axis=1, keepdims=True), y - y.mean(axis=1, keepdims=True)
    return (m * y).sum(axis=1) / np.sqrt((m ** 2).sum(axis=1) * (y ** 2).sum(axis=1))


def _scored_topics(human, *matrices):
    """The matrices cut to the topics and systems :func:`system_correlations` uses (topics with a human score,
    systems scored on all of them), the human matrix last."""
    mask = ~np.isnan(human)
    topics = mask.any(axis=1)
    systems = mask[topics].all(axis=0)
    return [x[topics][:, systems] for x in (*matrices, human)]


def bootstrap_r(metric, human, n: int, seed: int = 0):
    """95% interval of the system-level Pearson r from resampling the topics with replacement.

    Same topics and systems as :func:`system_correlations`; each resample averages the metric and the
    human score over the same drawn topics (paired), then correlates the averages over the systems.
    """
    m, h = _scored_topics(human, metric)
    draws = np.random.default_rng(seed).integers(0, len(m), size=(n, len(m)))
    r = _row_pearson(m[draws].mean(axis=1), h[draws].mean(axis=1))
    # Resampled means repeat topics, so resampled r lean low: the interval is centred on the observed r,
    # with the bootstrap standard error of Fisher's z = atanh(r).
    r_hat = stats.pearsonr(m.mean(axis=0), h.mean(axis=0))[0]
    z = np.arctanh(np.clip(np.append(r, r_hat), -0.999999, 0.999999))
    lo, hi = np.tanh(z[-1] + np.array([-1.96, 1.96]) * z[:-1].std(ddof=1))
    return float(lo), float(hi)


def bootstrap_r_difference(metric, base, human, n: int, seed: int = 0):
    """r(metric) - r(base) on the observed topics and its 95% interval (observed +- 1.96 bootstrap SE), both
    rows scored on the same resampled topics: what topic sampling leaves of a gap between two rows."""
    a, b, h = _scored_topics(human, metric, base)
    draws = np.random.default_rng(seed).integers(0, len(a), size=(n, len(a)))
    observed = float(_row_pearson(a.mean(axis=0)[None], h.mean(axis=0)[None])[0]
                     - _row_pearson(b.mean(axis=0)[None], h.mean(axis=0)[None])[0])
    se = float((_row_pearson(a[draws].mean(axis=1), h[draws].mean(axis=1))
                - _row_pearson(b[draws].mean(axis=1), h[draws].mean(axis=1))).std(ddof=1))
    return observed, observed - 1.96 * se, observed + 1.96 * se


def fmt(triple) -> str:
    return "/".join(f"{v:.3f}" for v in triple)


def row_setup(name, args, overrides):
    """(label, PyramidScorer options, needs the sources, file key) of row ``name`` with the command's variants."""
    label, options, with_sources = ROWS[name]
    key = name
    if args.segmenter and options.get("method") not in ("rouge", "be") and "preset" not in options:
        options, key = dict(options, segmenter=args.segmenter), f"{name}_{args.segmenter}"
        label = f"{label}, {args.segmenter} segmenter"
    for k, v in overrides.items():
        if reads(options.get("method", PyramidConfig.method), k, options.get("matcher")):
            options, key = dict(options, **{k: v}), f"{key}_{k}-{v}"
            label = (label.replace(f"L_max={WORD_LIMIT}", f"L_max={'each reference length' if v is None else v}")
                     if k == "length_limit" else f"{label}, {k}={v}")
    if args.unstemmed:
        key, label = f"{key}_unstemmed", f"{label}, unstemmed words"
    return label, options, with_sources, key


def score_and_save(path, topics, label, options, with_sources, unstemmed):
    """The row's matrix, signature and seconds, computed and saved as ``path``.npy / ``path``.json."""
    t0 = time.time()
    metric, sig = score_matrix(topics, options, with_sources)
    secs = time.time() - t0
    sig += "|words:unstemmed" if unstemmed else ""
    np.save(path + ".npy", metric)
    with open(path + ".json", "w", encoding="utf-8") as f:
        json.dump({"label": label, "signature": sig, "seconds": secs}, f)
    return metric, sig, secs


def load_saved(path):
    """A row saved by :func:`score_and_save`: matrix, signature, seconds."""
    with open(path + ".json", encoding="utf-8") as f:
        meta = json.load(f)
    return np.load(path + ".npy"), meta["signature"], meta["seconds"]


def print_tables(table, resp, pyr, n_boot):
    """The correlation table; with ``n_boot`` also the intervals and the gaps to ROUGE-2 (rows keep the cells)."""
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
    if not n_boot:
        return
    print(f"95% intervals of the Pearson r ({n_boot} resamples of the topics); is the paper's r inside?\n")
    print("| row | Resp. r | interval | paper | inside | Pyr. r | interval | paper | inside |")
    print("|---|---|---|---|---|---|---|---|---|")
    for t in table:
        paper, cells = PAPER.get(t["row"]), []
        for col, k, human in (("resp", 0, resp), ("pyr", 1, pyr)):
            lo, hi = t[f"{col}_r_95"] = bootstrap_r(t["metric"], human, n_boot)
            pr = paper[k][0] if paper else None
            cells += [f"{t[col][0]:.3f}", f"[{lo:.3f}, {hi:.3f}]", "" if pr is None else f"{pr:.3f}",
                      "" if pr is None else ("yes" if lo <= pr <= hi else "no")]
        print(f"| {t['label']} | " + " | ".join(cells) + " |")
    print()
    base = next((t for t in table if t["row"] == "rouge2"), None)
    if base is None:
        return
    # ROUGE-2 reproduces the paper's row: gaps to it cancel the topic noise the rows share
    print("Gap to ROUGE-2 on the same resampled topics, r(row) - r(ROUGE-2) [95% interval]; the paper's "
          "gap; is it inside?\n")
    print("| row | Resp. gap | paper | inside | Pyr. gap | paper | inside |")
    print("|---|---|---|---|---|---|---|")
    for t in table:
        if t is base:
            continue
        paper, cells = PAPER.get(t["row"]), []
        for k, human in enumerate((resp, pyr)):
            d, lo, hi = bootstrap_r_difference(t["metric"], base["metric"], human, n_boot)
            pd = paper[k][0] - PAPER["rouge2"][k][0] if paper else None
            cells += [f"{d:+.3f} [{lo:+.3f}, {hi:+.3f}]", "" if pd is None else f"{pd:+.3f}",
                      "" if pd is None else ("yes" if lo <= pd <= hi else "no")]
        t["gap_to_rouge2"] = cells
        print(f"| {t['label']} | " + " | ".join(cells) + " |")
    print()


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(DATA / "duc2007" / "duc2007_main.jsonl"))
    ap.add_argument("--rows", nargs="+", default=["rouge2", "rouge_su4", "be", "default"],
                    choices=list(ROWS), help="rows to print (prop_be, prop_rouge, prop_al: about 15 min each)")
    ap.add_argument("--limit", type=int, default=None, help="first N topics only (a quick check)")
    ap.add_argument("--cache", default=str(ROOT / "runs" / "duc2007"),
                    help="folder of the saved score matrices")
    ap.add_argument("--reuse", action="store_true", help="print saved rows without recomputing them")
    ap.add_argument("--json", help="also write the table as JSON")
    ap.add_argument("--segmenter", default=None,
                    help="EDU segmenter of the default and Prop rows (the paper's: bilstm)")
    ap.add_argument("--set", nargs="+", default=[], metavar="KEY=JSON",
                    help="override options of the rows that read them, e.g. length_limit=null (a variant: "
                         "saved as <row>_<key>-<value>)")
    ap.add_argument("--segment-cache", default=None, metavar="DIR",
                    help="keep each text's EDUs on disk and reuse them (same segmenter, same EDUs)")
    ap.add_argument("--unstemmed", action="store_true",
                    help="sensitivity check: documents tokenized without Porter stemming (the package stems; the "
                         "paper does not say); rows saved as <row>_unstemmed")
    ap.add_argument("--bootstrap", type=int, default=0, metavar="N",
                    help="95%% interval of each Pearson r from N resamples of the topics")
    return ap.parse_args()


def main():
    args = parse_args()
    overrides = {k: json.loads(v) for k, v in (kv.split("=", 1) for kv in args.set)}
    if args.unstemmed:  # every Document's words (EDU words, lengths, LCS) come from text.words
        from pyramid_metric import text as textlib

        textlib.words = functools.partial(textlib.words, stemmed=False)
    topics = load(args.data, args.limit)
    resp, pyr = human_matrices(topics)
    os.makedirs(args.cache, exist_ok=True)
    suffix = f"_first{args.limit}" if args.limit else ""
    table = []
    for name in args.rows:
        label, options, with_sources, key = row_setup(name, args, overrides)
        segmenter = options.get("segmenter", get_preset(options["preset"]).as_dict().get("segmenter")
                                if "preset" in options else PyramidConfig.segmenter)
        if args.segment_cache:
            cache_segmenter(segmenter, args.segment_cache)
        path = os.path.join(args.cache, f"{key}{suffix}")
        if args.reuse and os.path.exists(path + ".json"):
            metric, sig, secs = load_saved(path)
        else:
            metric, sig, secs = score_and_save(path, topics, label, options, with_sources, args.unstemmed)
        r_resp, r_pyr = system_correlations(metric, resp), system_correlations(metric, pyr)
        table.append({"row": name, "label": label, "signature": sig, "seconds": secs,
                      "seconds_per_topic": secs / len(topics), "resp": r_resp[:3], "pyr": r_pyr[:3],
                      "resp_n": r_resp[3:], "pyr_n": r_pyr[3:], "metric": metric})
        print(f"done {name} in {secs:.1f}s ({secs / len(topics):.1f}s per topic)", file=sys.stderr)
        if args.segment_cache:
            from pyramid_metric.segment import get_segmenter

            seg = get_segmenter(segmenter)
            print(f"segmenting texts not cached: {seg.seconds:.1f}s (counted in the time above)", file=sys.stderr)
            seg.seconds = 0.0
    if not table:
        return
    print_tables(table, resp, pyr, args.bootstrap)
    for t in table:
        t.pop("metric")
    finish_table(table, args.json)


if __name__ == "__main__":
    main()
