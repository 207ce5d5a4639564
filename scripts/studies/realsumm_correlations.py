"""Correlation of pyramid-metric configurations and ROUGE with REALSumm human pyramid scores.

Usage (from the project root):
    python scripts/studies/realsumm_correlations.py [--data ../shared/data/realsumm/realsumm_dev.jsonl]
        [--rows prop_be prop_rouge prop_al rouge2] [--limit N] [--markdown]

Protocol (../shared/data/README.md): summary level = per-example correlation across the 25
systems, averaged over examples; system level = correlation of per-system means. Pearson,
Spearman and Kendall; with --bootstrap, 95% intervals of summary- and system-level Pearson by
resampling examples (seed 12345). Every row also gets the Wilcoxon system-pair agreement of Gao et al. (2019)
section 6: for each of the 300 pairs of systems, a two-sided Wilcoxon signed-rank test on matched
examples (p < 0.05) decides "A better", "B better" or "no significant difference", once with the human
scores and once with the metric; accuracy = share of pairs with the same outcome, over 100 random
subsets of 89% of the examples (41/46 as in the paper's TAC 2010 setup), with the accuracy on all.
--save-matrices DIR writes each row's examples x systems score matrix (and the human one) as .npy.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import REALSUMM_DEV, bertscore_minilm, finish_table, reference_text  # noqa: E402
from pyramid_metric import PyramidScorer  # noqa: E402
from pyramid_metric.metaeval import (all_correlations, bootstrap_correlation,  # noqa: E402
                                     bootstrap_wilcoxon_agreement, summary_level, system_level)

# name -> (label, PyramidScorer options)
PYRAMID_ROWS = {
    "prop_be": ("Prop(BE): BE oracle, LCS t=0.55 (Hirao et al. 2018)", dict(method="hirao", extract="be")),
    "prop_rouge": ("Prop(ROUGE): bigram oracle, LCS t=0.55 (Hirao et al. 2018)", dict(method="hirao", extract="rouge")),
    "prop_al": ("Prop(AL): LCS alignment, LCS t=0.55 (Hirao et al. 2018)", dict(method="hirao", extract="align")),
    "pyreval": ("PyrEval: EDUA-G, MiniLM segments, WMIN, coverage (Gao et al. 2019)", dict(method="pyreval")),
    "pyreval_comp": ("PyrEval: EDUA-G, WMIN, comprehensive (Gao et al. 2019)",
                     dict(method="pyreval", pyreval_score="comprehensive")),
    "peak": ("PEAK: ClausIE-style triples, MiniLM T1=0.8, Hungarian T=0.6 (Yang et al. 2016)", dict(method="peak")),
    "ape": ("APE + ROUGE-SU4, alpha=0.2, dep2amr approx, tau=0.75 (Steinberger et al. 2017)", dict(method="ape")),
    "ape_only": ("APE alone (alpha=1), dep2amr approx, tau=0.75 (Steinberger et al. 2017)", dict(method="ape", ape_alpha=1.0)),
    "prop_be_emb": ("Prop(BE): BE oracle, MiniLM cosine t=0.45 (embedding matcher)",
                    dict(method="hirao", matcher="embedding")),
    "be_hmr": ("BE-HMR recall, lexical identity (Hovy et al. 2006)", dict(method="be")),
    "be_hm": ("BE-HM recall, lexical identity (Hovy et al. 2006)", dict(method="be", be_variant="hm")),
    "be_hmr_lemma": ("BE-HMR recall, lemma identity (Hovy et al. 2006)", dict(method="be", be_match="lemma")),
    "rouge_su4": ("ROUGE-SU4 recall (method=rouge, ROUGE-1.5.5 parity)", dict(method="rouge")),
    "rouge_1": ("ROUGE-1 recall (method=rouge, ROUGE-1.5.5 parity)", dict(method="rouge", rouge_variant="1")),
    "human_lcs": ("Human SCUs given (REALSumm scus), LCS t=0.55", dict(scus=True, method="hirao")),
    "default": ("**Default**: reference-EDU pyramid, content-weighted credit, soft content-word recall presence",
                dict()),
    "refpyr_exact": ("Reference-EDU pyramid, content-weighted credit, exact-word recall presence (matcher=recall)",
                     dict(matcher="recall")),
    "refpyr_sentence_bigram": ("Reference-EDU pyramid, presence = mean(best-sentence recall, bigram share) "
                               "(a rule for several references)", dict(presence="sentence+bigram")),
    "refpyr_sentence_order_bigram": ("Reference-EDU pyramid, presence = mean(best-sentence recall, in-order "
                                     "recall, best-sentence bigram share) (the default's rule for several "
                                     "references)", dict(presence="sentence+order+bigram")),
    "refpyr_recall": ("Reference-EDU pyramid, content-word recall presence, per-unit credit",
                      dict(method="refpyramid", matcher="recall", credit="unit")),
    "refpyr_emb": ("Reference-EDU pyramid, MiniLM cosine presence, content credit",
                   dict(method="refpyramid", matcher="embedding")),
    "refpyr_lcs": ("Reference-EDU pyramid, LCS presence, content credit", dict(method="refpyramid", matcher="lcs")),
    "refpyr_align": ("Reference-EDU pyramid, align presence (contextual MiniLM word alignment), content credit",
                     dict(method="refpyramid", matcher="align")),
    "refpyr_soft": ("Reference-EDU pyramid, soft presence (content-word recall, a missing plain word credited by "
                    "its static MiniLM cosine), content credit", dict(method="refpyramid", matcher="soft")),
    "human_soft": ("Human SCUs given, refpyramid scoring, soft presence, per-SCU credit",
                   dict(scus="alone", method="refpyramid", matcher="soft", credit="unit")),
    "human_soft_ref": ("Human SCUs and the reference given, soft presence of label and reference span",
                       dict(scus=True, matcher="soft")),
    "refpyr_context": ("Reference-EDU pyramid, context presence (each unit's MiniLM BERTScore recall), content "
                       "credit", dict(method="refpyramid", matcher="context")),
    "contextual": ("The contextual configuration (preset=\"contextual\": context presence, whole summary and best "
                   "sentence)", dict(preset="contextual")),
    "human_context": ("Human SCUs given, refpyramid scoring, context presence, per-SCU credit",
                      dict(scus="alone", method="refpyramid", matcher="context", credit="unit")),
    "human_context_ref": ("Human SCUs and the reference given, context presence of label and reference span",
                          dict(scus=True, matcher="context")),
    "human_align": ("Human SCUs given, refpyramid scoring, align presence, per-SCU credit",
                    dict(scus="alone", method="refpyramid", matcher="align", credit="unit")),
    "human_recall": ("Human SCUs given, refpyramid scoring, content-word recall presence, per-SCU credit",
                     dict(scus="alone", method="refpyramid", matcher="recall", credit="unit")),
    # with the reference: each SCU's best-matching span of it stands in for its contributor
    "human_default": ("Human SCUs and the reference given, default configuration (weight x soft recall presence "
                      "of label and reference span)", dict(scus=True)),
    "human_align_ref": ("Human SCUs and the reference given, align presence of label and reference span",
                        dict(scus=True, matcher="align")),
    "human_as_edus": ("Human SCUs given, scu_score=as-edus (labels credited as reference EDUs: content-weighted)",
                      dict(scus=True, scu_score="as-edus")),
    "human_emb": ("Human SCUs given (REALSumm scus), MiniLM cosine t=0.45",
                  dict(scus=True, method="hirao", matcher="embedding")),
}
# Rows of the learned presence matcher, scored out of fold: each example by the model of the by-example CV
# fold that held it out (scripts/train/presence.py --cv example --save-fold-weights DIR; --presence-folds DIR).
# The shipped model was trained on all of REALSumm dev, so scoring this file with it would be in sample.
OUT_OF_FOLD_ROWS = {
    "human_learned": ("Human SCUs given, learned presence (out of fold, by example), per-SCU credit",
                      dict(scus="alone", method="refpyramid", matcher="learned", credit="unit")),
    "human_learned_recall": ("Human SCUs given, mean of learned presence and recall (out of fold), per-SCU credit",
                             dict(scus="alone", method="refpyramid", matcher="learned+recall", credit="unit")),
    "refpyr_learned": ("Reference-EDU pyramid, learned presence (out of fold, by example), content credit",
                       dict(method="refpyramid", matcher="learned")),
    "refpyr_learned_recall": ("Reference-EDU pyramid, mean of learned presence and recall (out of fold), "
                              "content credit", dict(method="refpyramid", matcher="learned+recall")),
}

# The align matcher's candidate settings (MiniLM layer, cosine floor) for the nested selection of
# scripts/studies/realsumm_selection_cv.py: row "align_L<layer>_f<floor x 100>", e.g. align_L5_f60.
ALIGN_LAYERS = (3, 4, 5, 6)
ALIGN_FLOORS = (0.4, 0.5, 0.6, 0.7, 0.8)
ALIGN_ROWS = {f"align_L{layer}_f{round(100 * floor)}": (layer, floor)
              for layer in ALIGN_LAYERS for floor in ALIGN_FLOORS}


def load(path, limit=None):
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    rows = rows[:limit] if limit else rows
    systems = sorted(rows[0]["systems"])
    return rows, systems


def rouge2_recall(rows, systems):
    from rouge_score import rouge_scorer

    sc = rouge_scorer.RougeScorer(["rouge2"], use_stemmer=True)
    return np.array([[sc.score(reference_text(r), r["systems"][s]["summary"])["rouge2"].recall for s in systems]
                     for r in rows])


def bertscore_minilm_recall(predictions, references) -> np.ndarray:
    """BERTScore recall with the local all-MiniLM-L6-v2 (the `bert-score` package, all 6 layers); a reference
    may be a list of references (the best of them counts, as bert-score scores several)."""
    return bertscore_minilm().score(list(predictions), list(references))[1].numpy()


def bertscore_recall(rows, systems):
    """BERTScore-MiniLM recall of every system summary against its example's reference."""
    preds = [r["systems"][s]["summary"] for r in rows for s in systems]
    refs = [reference_text(r) for r in rows for _ in systems]
    return bertscore_minilm_recall(preds, refs).reshape(len(rows), len(systems))


def pyramid_matrix(rows, systems, options, segmenter=None, matcher=None):
    """Examples x systems scores of one configuration; ``matcher`` (an instance) replaces the named one."""
    opts = dict(options)
    if segmenter:
        opts["segmenter"] = segmenter
    use_scus = opts.pop("scus", False)  # human-pyramid rows: score against the example's given SCUs
    scorer = PyramidScorer(**opts)
    if matcher is not None:
        scorer.method.matcher = matcher
    preds, refs, srcs = [], [], []
    for r in rows:
        for s in systems:
            preds.append(r["systems"][s]["summary"])
            refs.append([r["reference"]])
            srcs.append(r["document"])
    scus = [r["scus"] for r in rows for _ in systems] if use_scus else None
    # scus="alone": the SCU labels without the reference (no stand-in contributor spans)
    given_refs = None if use_scus == "alone" else refs
    scores = [x.score for x in scorer.score(preds, given_refs, srcs, progress=True, scus=scus)]
    scoring = scorer.method.scu_signature() + "|" if use_scus and scorer.method.scu_signature() else ""
    sig = "pyramid:scus(w=1)|" + scoring + scorer.signature() if use_scus else scorer.signature(nrefs=1)
    return np.array(scores).reshape(len(rows), len(systems)), sig


def out_of_fold_matrix(rows, systems, options, folds_dir, segmenter=None):
    """Scores of a learned-matcher row, each example scored by the fold model that never saw it."""
    from pathlib import Path

    from pyramid_metric.match.learned import LearnedMatcher
    from pyramid_metric.match.mean import MeanMatcher
    from pyramid_metric.match.recall import RecallMatcher

    metric = np.full((len(rows), len(systems)), np.nan)
    sigs = []
    ids = [str(r["example_id"]) for r in rows]
    for fold in sorted(Path(folds_dir).glob("fold*")):
        learned = LearnedMatcher(weights_dir=fold)
        held = set(learned.config["held_out"])
        if learned.config.get("regime") != "example":
            raise SystemExit(f"{fold}: fold models must come from --cv example")
        matcher = learned if options["matcher"] == "learned" else MeanMatcher([learned, RecallMatcher()])
        idx = [i for i, e in enumerate(ids) if e in held]
        if idx:
            part, sig = pyramid_matrix([rows[i] for i in idx], systems, options, segmenter, matcher)
            metric[idx] = part
            sigs.append(sig)
    if np.isnan(metric).any():
        raise SystemExit(f"{folds_dir}: the fold models do not hold out every example")
    return metric, f"out-of-fold x{len(sigs)}: " + sigs[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(REALSUMM_DEV))
    ap.add_argument("--rows", nargs="+", default=["default"] + [r for r in PYRAMID_ROWS if r != "default"]
                    + ["rouge2", "bertscore"], help="row names (bertscore needs the bert-score package); also align_L<layer>_f<floor "
                    "x 100> for the align matcher's candidate settings, e.g. align_L5_f60")
    ap.add_argument("--segmenter", default=None, help="override the segmenter of every pyramid row")
    ap.add_argument("--limit", type=int, default=None, help="first N examples only")
    ap.add_argument("--bootstrap", action="store_true", help="95%% intervals of summary/system Pearson")
    ap.add_argument("--json", help="also write the table as JSON")
    ap.add_argument("--save-matrices", metavar="DIR", help="write <row>.npy score matrices (and <row>.json with "
                    "the label, signature and seconds) and human.npy")
    ap.add_argument("--presence-folds", metavar="DIR", help="by-example CV fold models of the learned matcher "
                    "(scripts/train/presence.py --cv example --save-fold-weights DIR): adds the out-of-fold rows "
                    + ", ".join(OUT_OF_FOLD_ROWS))
    ap.add_argument("--matrices-only", action="store_true", help="with --save-matrices: only write the score "
                    "matrices (no correlations; scripts/checks/identical_scores.py --realsumm compares them)")
    ap.add_argument("--reuse", action="store_true", help="with --save-matrices: rows already saved there are "
                    "loaded, not recomputed (their recorded seconds are reported)")
    args = ap.parse_args()
    if args.presence_folds and not any(r in OUT_OF_FOLD_ROWS for r in args.rows):
        args.rows += list(OUT_OF_FOLD_ROWS)

    rows, systems = load(args.data, args.limit)
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    if args.save_matrices:
        os.makedirs(args.save_matrices, exist_ok=True)
        np.save(os.path.join(args.save_matrices, "human.npy"), human)
    table = []
    for name in args.rows:
        t = time.time()
        saved = os.path.join(args.save_matrices or "", f"{name}.json")
        if args.reuse and args.save_matrices and os.path.exists(saved):
            with open(saved, encoding="utf-8") as f:
                meta = json.load(f)
            label, sig, metric = meta["label"], meta["signature"], np.load(saved[:-5] + ".npy")
            t -= meta["seconds"]
        elif name == "rouge2":
            label, metric, sig = "ROUGE-2 recall (rouge-score, stemmed)", rouge2_recall(rows, systems), "rouge-score"
        elif name == "bertscore":
            label, metric = "BERTScore recall (bert-score, local all-MiniLM-L6-v2, 6 layers)", bertscore_recall(rows, systems)
            sig = "bert-score:all-MiniLM-L6-v2:L6:no-idf"
        elif name in ALIGN_ROWS:
            from pyramid_metric.match.align import AlignMatcher

            layer, floor = ALIGN_ROWS[name]
            label = f"Reference-EDU pyramid, align presence (layer {layer}, floor {floor:g}), content credit"
            metric, sig = pyramid_matrix(rows, systems, dict(method="refpyramid", matcher="align"), args.segmenter,
                                         AlignMatcher(layer=layer, floor=floor))
        elif name in OUT_OF_FOLD_ROWS:
            if not args.presence_folds:
                raise SystemExit(f"row {name} needs --presence-folds DIR")
            label, opts = OUT_OF_FOLD_ROWS[name]
            metric, sig = out_of_fold_matrix(rows, systems, opts, args.presence_folds, args.segmenter)
        else:
            label, opts = PYRAMID_ROWS[name]
            metric, sig = pyramid_matrix(rows, systems, opts, args.segmenter)
        secs = time.time() - t
        if args.save_matrices:
            np.save(os.path.join(args.save_matrices, f"{name}.npy"), metric)
            with open(saved, "w", encoding="utf-8") as f:
                json.dump({"label": label, "signature": sig, "seconds": secs}, f)
            if args.matrices_only:
                print(f"saved {name} in {secs:.1f}s", file=sys.stderr)
                continue
        corr = all_correlations(metric, human)
        corr["wilcoxon"] = bootstrap_wilcoxon_agreement(metric, human)
        if args.bootstrap:
            corr["summary_pearson_ci"] = bootstrap_correlation(metric, human, summary_level, "pearson")
            corr["system_pearson_ci"] = bootstrap_correlation(metric, human, system_level, "pearson")
        table.append({"row": name, "label": label, "signature": sig, "seconds": secs,
                      "ms_per_summary": 1000 * secs / metric.size, **corr})
        print(f"done {name} in {secs:.1f}s", file=sys.stderr)
    if args.matrices_only:
        return

    print(f"\nREALSumm dev: {len(rows)} examples x {len(systems)} systems\n")
    print("| metric | summary r | summary rho | summary tau | system r | system rho | system tau | ms/summary |")
    print("|---|---|---|---|---|---|---|---|")
    for t in table:
        ci = sci = ""
        if "summary_pearson_ci" in t:
            ci = " [{:.3f}, {:.3f}]".format(*t["summary_pearson_ci"])
            sci = " [{:.3f}, {:.3f}]".format(*t["system_pearson_ci"])
        print(f"| {t['label']} | {t['summary_pearson']:.3f}{ci} | {t['summary_spearman']:.3f} | "
              f"{t['summary_kendall']:.3f} | {t['system_pearson']:.3f}{sci} | {t['system_spearman']:.3f} | "
              f"{t['system_kendall']:.3f} | {t['ms_per_summary']:.1f} |")
    print("\nWilcoxon system-pair agreement with the human scores (Gao et al. 2019, sec. 6; 300 pairs, p < 0.05)\n")
    print("| metric | mean accuracy (sd), 100 subsets | 95% CI | accuracy on all |")
    print("|---|---|---|---|")
    for t in table:
        w = t["wilcoxon"]
        print(f"| {t['label']} | {w['mean']:.3f} ({w['sd']:.3f}) | ({w['ci'][0]:.3f}, {w['ci'][1]:.3f}) | "
              f"{w['all']:.3f} |")
    print()
    finish_table(table, args.json)


if __name__ == "__main__":
    main()
