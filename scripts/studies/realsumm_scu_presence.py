#!/usr/bin/env python
"""How to judge whether a human SCU is present in a summary: a study on REALSumm dev's SCU labels.

REALSumm dev gives, for each of 60 CNN/DM examples x 25 system summaries, ``scu_labels[i]``: whether a
person found the reference's SCU i in the summary (16,175 judgments); the human score is the fraction
present.  That is direct supervision for the presence judge of the human-pyramid mode
(``PyramidScorer().compute(predictions, scus=...)``).  This script measures, for candidate judges of an
SCU in a summary:

- per-SCU agreement: ROC AUC of the presence against the labels (all pairs pooled) and accuracy at
  presence >= 0.5;
- the summary score built from the presences, correlated with the human scores: summary level (per
  example across its systems, averaged) and system level, Pearson / Spearman / Kendall
  (``pyramid_metric.metaeval.all_correlations``).

Judges (``J`` = a matcher's presence of the SCU text in a text): content-word recall (``recall``), the
default's soft content-word recall (``soft``: a missing word credited by its static MiniLM cosine), word LCS
share (``lcs``), contextual MiniLM word alignment (``align``) and contextual BERTScore recall (``context``), each
read against the whole summary (``whole``), against the best summary sentence (``sent``), or as the package's sentence rule, the mean of
the two (``rule``); the mean and the max of recall and align; and the SCU's own words in the reference
(``ref``: the reference span that best matches the label, located as ``pyramid_metric.io.from_pyramid``
locates a unit, standing in for a contributor, since REALSumm ships labels only), combined with the
label by max.  Scores from a judge's presences p_j: ``unit`` = mean_j p_j (each SCU counts once, as the
human score counts them), ``content`` = sum_j n_j p_j / sum_j n_j (n_j = the SCU's content words),
``hard@t`` = the share of SCUs with p_j >= t, ``calib`` = mean_j sigmoid(a p_j + b) (a monotone map,
two constants fitted by logistic regression on the training folds' labels).

Selection out of sample: 5 folds over examples (numpy ``default_rng(2026)`` permutation, as
``scripts/studies/realsumm_selection_cv.py``); on each fold the candidate with the best summary-level Pearson on
the other four (constants of ``calib`` fitted there too) scores the held-out examples; the assembled
held-out matrix is correlated with the human scores.  The learned presence matcher is not a candidate:
it was trained on these labels (its out-of-fold numbers are in its weights' ``presence.json``).

Long summaries: DUC summaries are 250 words, REALSumm's about 60.  ``--distractors N`` judges each
summary followed by the next N systems' summaries of the same example (an SCU is present when a person
found it in any of them) and reports the per-SCU AUC and the correlations again, so that a judge that
credits words gathered from several sentences of a long text on the topic shows.

One-sentence references (the XSum setting): each reference sentence holding two SCUs or more (an SCU placed in
the sentence that holds the middle of its located span) is scored as a pyramid of its own, against the same
summaries, the human score being the share of its SCUs a person found.

    python scripts/studies/realsumm_scu_presence.py                  # table (presences cached in runs/)
    python scripts/studies/realsumm_scu_presence.py --distractors 3  # and the long-summary check
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # scripts/: common.py

from common import ROOT, add_data_argument, read_rows  # noqa: E402
from pyramid_metric.metaeval import all_correlations, summary_level, system_level  # noqa: E402

SEED = 2026
N_FOLDS = 5
MATCHERS = ("recall", "soft", "lcs", "align", "context")
HARD = (0.5, 0.7)


def _auc(p: np.ndarray, y: np.ndarray) -> float:
    """ROC AUC (ties count one half), by ranks."""
    from scipy.stats import rankdata

    r = rankdata(p)
    pos = y.astype(bool)
    n1, n0 = pos.sum(), (~pos).sum()
    return float((r[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def located_spans(row):
    """The cleaned reference (one line) and, for each SCU label, the character span of the reference that
    holds it, located as ``pyramid_metric.io.from_pyramid`` locates a unit (empty when nothing matches)."""
    from pyramid_metric.io import _TOKEN, _locate
    from pyramid_metric.text import clean_text

    reference = clean_text(row["reference"]).replace("\n", " ")
    return reference, [_locate(_TOKEN.findall(scu), reference) for scu in row["scus"]]


def presences(rows, matcher_name: str, distractors: int = 0) -> dict:
    """{"whole", "sent", "ref_whole", "ref_sent"}: per example an (n_systems, n_scus) array of presences of
    each SCU label (``ref_*``: of its located reference span) in each summary (``sent``: best sentence)."""
    from pyramid_metric.match import get_matcher
    from pyramid_metric.methods.reference import ReferencePyramidMethod
    from pyramid_metric.text import clean_text

    matcher = get_matcher(matcher_name)
    systems = sorted(rows[0]["systems"])
    out = {k: [] for k in ("whole", "sent", "ref_whole", "ref_sent")}
    for e, r in enumerate(rows):
        reference, bounds = located_spans(r)
        spans = [reference[a:b] or scu for (a, b), scu in zip(bounds, r["scus"])]
        summaries = [clean_text(r["systems"][s]["summary"]) for s in systems]
        if distractors:  # the summaries of the next systems of the same example: one long summary of the topic
            summaries = [" ".join(summaries[(i + d) % len(summaries)] for d in range(distractors + 1))
                         for i in range(len(summaries))]
        sentences = ReferencePyramidMethod._sentences(summaries)
        if matcher.reads_context:
            matcher.prepare_summaries(summaries, sentences)
        arrays = {k: np.zeros((len(systems), len(r["scus"]))) for k in out}
        for i, (summary, sents) in enumerate(zip(summaries, sentences)):
            for units, key in ((r["scus"], ""), (spans, "ref_")):
                # row 0: the whole summary; rows 1..: its sentences (read inside the summary by align), as
                # the package's sentence rule judges them
                judged = np.clip(np.hstack(matcher.presence_in_sentences([[u] for u in units], summary, sents)), 0, 1)
                arrays[key + "whole"][i] = judged[0]
                arrays[key + "sent"][i] = judged[1:].max(axis=0) if len(judged) > 1 else judged[0]
        for k in out:
            out[k].append(arrays[k])
        print(f"  {matcher_name}: example {e + 1}/{len(rows)}", end="\r", file=sys.stderr)
    print(file=sys.stderr)
    return out


def load_presences(rows, cache: Path, distractors: int) -> dict:
    """Every matcher's presences, computed once and cached (``cache`` npz, one entry per matcher x view x example)."""
    if cache.exists():
        z = np.load(cache)
        out = {}
        for key in z.files:
            m, view, e = key.rsplit("|", 2)
            out.setdefault((m, view), []).append((int(e), z[key]))
        return {k: [a for _, a in sorted(v)] for k, v in out.items()}
    out = {}
    for m in MATCHERS:
        for view, arrays in presences(rows, m, distractors).items():
            out[(m, view)] = arrays
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(cache, **{f"{m}|{v}|{e}": a for (m, v), arrays in out.items() for e, a in enumerate(arrays)})
    return out


def judges(P: dict) -> dict:
    """Candidate presence judges: per example an (n_systems, n_scus) array each."""
    def rule(m, pre=""):
        return [(w + s) / 2 for w, s in zip(P[(m, pre + "whole")], P[(m, pre + "sent")])]

    out = {}
    for m in MATCHERS:
        out[f"{m} whole"] = P[(m, "whole")]
        out[f"{m} sent"] = P[(m, "sent")]
        out[f"{m} rule"] = rule(m)
    for view in ("whole", "sent"):
        out[f"mean(recall, align) {view}"] = [(a + b) / 2 for a, b in zip(P[("recall", view)], P[("align", view)])]
        out[f"max(recall, align) {view}"] = [np.maximum(a, b) for a, b in zip(P[("recall", view)], P[("align", view)])]
    out["mean(recall, align) rule"] = [(a + b) / 2 for a, b in zip(rule("recall"), rule("align"))]
    out["max(recall, align) rule"] = [np.maximum(a, b) for a, b in zip(rule("recall"), rule("align"))]
    return out


def contributor_judges(P: dict) -> dict:
    """The label, its reference span (a stand-in contributor) and their combinations, under the sentence rule."""
    out = {}
    for m in ("recall", "soft", "align", "context"):
        label = [(w + s) / 2 for w, s in zip(P[(m, "whole")], P[(m, "sent")])]
        span = [(w + s) / 2 for w, s in zip(P[(m, "ref_whole")], P[(m, "ref_sent")])]
        out[f"{m} rule: label"] = label
        out[f"{m} rule: ref span"] = span
        out[f"{m} rule: max(label, ref span)"] = [np.maximum(a, b) for a, b in zip(label, span)]
        out[f"{m} rule: mean(label, ref span)"] = [(a + b) / 2 for a, b in zip(label, span)]
    return out


def sentence_groups(rows) -> list:
    """(example, SCU indices) for every reference sentence that holds at least two SCUs: each SCU is placed in the
    reference sentence (spaCy's rule-based sentencizer) that holds the middle of its located span."""
    return [(e, js) for e, js, _ in sentence_groups_with_text(rows)]


def sentence_groups_with_text(rows) -> list:
    """:func:`sentence_groups` with each reference sentence's text: (example, SCU indices, sentence)."""
    from pyramid_metric.methods.reference import _sentencizer

    groups = []
    for e, r in enumerate(rows):
        reference, spans = located_spans(r)
        sentences = list(_sentencizer()(reference).sents)
        where: dict = {}
        for j, (a, b) in enumerate(spans):
            middle = (a + b) / 2
            k = next((i for i, s in enumerate(sentences) if s.start_char <= middle < s.end_char), len(sentences) - 1)
            where.setdefault(k, []).append(j)
        groups += [(e, js, sentences[k].text) for k, js in sorted(where.items()) if len(js) >= 2]
    return groups


def one_sentence_references(rows, C: dict, labels) -> None:
    """Human pyramids of one-sentence references (the XSum setting), cut from REALSumm: each reference sentence
    with its SCUs is a pyramid of its own, scored against the same summaries; the human score is the share of
    those SCUs a person found.  Summary level over the sentence pyramids whose human scores vary."""
    groups = sentence_groups(rows)
    human = np.array([labels[e][:, js].mean(1) for e, js in groups])
    varied = human.std(1) > 0
    print(f"\nOne-sentence references: {len(groups)} reference sentences of REALSumm dev holding two SCUs or more, "
          f"each a pyramid of its own ({int(varied.sum())} with varied human scores); unit credit, no fitted "
          "constant:\n")
    print("| presence | summary r | system r |")
    print("|---|---|---|")
    for name, ps in C.items():
        m = np.array([ps[e][:, js].mean(1) for e, js in groups])
        print(f"| {name} | {summary_level(m[varied], human[varied], 'pearson'):.3f} | "
              f"{system_level(m, human, 'pearson'):.3f} |")


def content_sizes(rows) -> list:
    from pyramid_metric.text import content_words, words

    return [np.array([max(1, len(content_words(words(s)))) for s in r["scus"]], float) for r in rows]


def fit_calibration(ps, labels) -> tuple:
    """(a, b) of P(present) = sigmoid(a p + b), by logistic regression (two constants)."""
    from scipy.optimize import minimize

    p = np.concatenate([x.ravel() for x in ps])
    y = np.concatenate([x.ravel() for x in labels])

    def loss(ab):
        z = ab[0] * p + ab[1]
        return float(np.mean(np.logaddexp(0, z) - y * z))

    return tuple(minimize(loss, np.array([4.0, -2.0]), method="Nelder-Mead").x)


def score(ps, how: str, sizes, ab=None) -> np.ndarray:
    """An (examples, systems) score matrix from per-example presences."""
    out = []
    for p, n in zip(ps, sizes):
        if how == "unit":
            out.append(p.mean(1))
        elif how == "content":
            out.append(p @ n / n.sum())
        elif how.startswith("hard@"):
            out.append((p >= float(how[5:])).mean(1))
        elif how == "calib":
            out.append((1 / (1 + np.exp(-(ab[0] * p + ab[1])))).mean(1))
    return np.array(out)


def print_row(name: str, m: np.ndarray, human: np.ndarray) -> None:
    c = all_correlations(m, human)
    print(f"| {name} | {c['summary_pearson']:.3f} | {c['summary_spearman']:.3f} | {c['summary_kendall']:.3f} | "
          f"{c['system_pearson']:.3f} | {c['system_spearman']:.3f} | {c['system_kendall']:.3f} |")


def cross_validate(J: dict, candidates, labels, human, sizes):
    """Held-out matrices of each candidate (``calib`` fitted on the training folds), the candidate chosen on
    each fold's training examples (best summary-level Pearson) and the assembled held-out matrix."""
    n = len(human)
    folds = np.array_split(np.random.default_rng(SEED).permutation(n), N_FOLDS)
    held = {c: np.zeros_like(human) for c in candidates}
    chosen, selected = [], np.zeros_like(human)
    for fold in folds:
        train = np.setdiff1d(np.arange(n), fold)
        best, best_r = None, -2.0
        for name, how in candidates:
            ps = J[name]
            ab = fit_calibration([ps[i] for i in train], [labels[i] for i in train]) if how == "calib" else None
            m = score(ps, how, sizes, ab)
            held[(name, how)][fold] = m[fold]
            r = summary_level(m[train], human[train], "pearson")
            if r > best_r:
                best, best_r = (name, how), r
        chosen.append(best)
        selected[fold] = held[best][fold]
    return held, chosen, selected


def long_summaries(rows, labels, J: dict, y: np.ndarray, sizes, cache: Path, k: int) -> None:
    """Judges on summaries k + 1 times as long: each system's summary followed by the next k systems' summaries
    of the same example, an SCU present when a person found it in any of them."""
    n = labels[0].shape[0]
    long_labels = [np.max([lab[(np.arange(n) + d) % n] for d in range(k + 1)], axis=0) for lab in labels]
    y_long = np.concatenate([x.ravel() for x in long_labels])
    human_long = np.array([lab.mean(1) for lab in long_labels])
    D = judges(load_presences(rows, cache / f"presence-long{k}.npz", k))
    print(f"\nLong summaries: each summary followed by the next {k} systems' summaries of the same example "
          f"({y_long.mean():.1%} of SCUs present); per-SCU AUC, and unit-credit scores against the share of SCUs "
          "present\n")
    print("| judge | AUC, one summary | AUC, long | long: summary r | rho | tau | system r | rho | tau |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in J:
        a = _auc(np.concatenate([x.ravel() for x in J[name]]), y)
        b = _auc(np.concatenate([x.ravel() for x in D[name]]), y_long)
        print_row(f"{name} | {a:.3f} | {b:.3f}", score(D[name], "unit", sizes), human_long)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_data_argument(ap)
    ap.add_argument("--distractors", type=int, default=0, help="also judge each summary followed by the next N "
                    "systems' summaries of the same example (a long summary of the topic)")
    ap.add_argument("--cache", default=str(ROOT / "runs" / "scu_presence"), help="folder for cached presences")
    args = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    rows = read_rows(args.data)
    systems = sorted(rows[0]["systems"])
    labels = [np.array([r["systems"][s]["scu_labels"] for s in systems], float) for r in rows]
    human = np.array([[r["systems"][s]["human_score"] for s in systems] for r in rows])
    sizes = content_sizes(rows)
    P = load_presences(rows, Path(args.cache) / "presence.npz", 0)
    J = judges(P)
    y = np.concatenate([x.ravel() for x in labels])

    print(f"REALSumm dev: {len(rows)} examples x {len(systems)} systems, {y.size} (SCU, summary) pairs, "
          f"{y.mean():.1%} present\n")
    print("| judge | AUC | acc@0.5 | score | summary r | rho | tau | system r | rho | tau |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    hows = ["unit", "content", "calib"] + [f"hard@{t:g}" for t in HARD]
    for name, ps in J.items():
        p = np.concatenate([x.ravel() for x in ps])
        auc, acc = _auc(p, y), float(np.mean((p >= 0.5) == y))
        for k, how in enumerate(hows):
            ab = fit_calibration(ps, labels) if how == "calib" else None
            c = all_correlations(score(ps, how, sizes, ab), human)
            first = f"| {name} | {auc:.3f} | {acc:.3f} |" if k == 0 else "| | | |"
            print(f"{first} {how}{' (in sample)' if how == 'calib' else ''} | {c['summary_pearson']:.3f} | "
                  f"{c['summary_spearman']:.3f} | {c['summary_kendall']:.3f} | {c['system_pearson']:.3f} | "
                  f"{c['system_spearman']:.3f} | {c['system_kendall']:.3f} |")

    # -- selection out of sample: matcher x view x credit, and the calibrated sentence rule ----------------------
    candidates = [(f"{m} {v}", h) for m in MATCHERS for v in ("whole", "sent", "rule") for h in ("unit", "content")]
    candidates += [(f"{m} rule", "calib") for m in MATCHERS]
    held, chosen, selected = cross_validate(J, candidates, labels, human, sizes)
    print("\nOut of sample (5 folds over examples; the choice among the "
          f"{len(candidates)} candidates (matcher x whole/sent/rule x unit/content, and calib) and the calib "
          "constants made on the other four folds):\n")
    print("| candidate | summary r | rho | tau | system r | rho | tau |")
    print("|---|---|---|---|---|---|---|")
    shown = [("soft rule", "content"), ("soft rule", "unit"), ("soft whole", "unit"), ("soft rule", "calib"),
             ("recall rule", "unit"), ("context rule", "unit"), ("align rule", "unit"), ("align whole", "unit"),
             ("align rule", "calib"), ("lcs rule", "unit")]
    table_rows = [(f"{n}, {h}", held[(n, h)]) for n, h in shown]
    table_rows.append((f"selected per fold: {'; '.join(f'{n}, {h}' for n, h in chosen)}", selected))
    for name, m in table_rows:
        print_row(name, m, human)

    C = contributor_judges(P)
    print("\nContributors: REALSumm gives labels only; the reference span that best matches each label "
          "(located as pyramid_metric.io.from_pyramid locates a unit) stands in for a contributor. Unit "
          "credit, no fitted constant:\n")
    print("| presence | AUC | summary r | rho | tau | system r | rho | tau |")
    print("|---|---|---|---|---|---|---|---|")
    for name, ps in C.items():
        auc = _auc(np.concatenate([x.ravel() for x in ps]), y)
        print_row(f"{name} | {auc:.3f}", score(ps, "unit", sizes), human)

    one_sentence_references(rows, C, labels)

    if args.distractors:
        long_summaries(rows, labels, J, y, sizes, Path(args.cache), args.distractors)


if __name__ == "__main__":
    main()
