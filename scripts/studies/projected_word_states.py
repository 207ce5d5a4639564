#!/usr/bin/env python
"""Two ways to credit a paraphrase's words more in the judge of short references: measured, not used.

The default judges the units of references of one or two sentences by their words read in context (MiniLM layer
4, floor 0.4: ``pyramid_metric/match/context.py``): a synonym earns its cosine, not full credit, so a faithful
paraphrase scores well below the reference copied.  This study asks whether a small trained adapter on those
word states, a linear map W = I + A B^T (rank ``--rank``) applied to both sides' word vectors before the cosine,
learns from people's presence labels what "the summary says this unit" means better than the raw states do.
With ``--exact-words`` the other way is measured instead: a unit's word whose stem the summary has earns 1, as
``matcher="align"`` credits it, the judge's contextual credit otherwise.

Training data: RoSE's content units (ACUs) and each system summary, people's label of whether the summary states
the unit (``../shared/data/rose``), every document outside the learned judge's held-out fold (``held_out`` of
``pyramid_metric/match/weights/presence.json``; 27,712 pairs of XSum and SAMSum).  Each pair's presence is the
matcher's: the mean over the unit's content words of the best rescaled cosine in the summary, a figure or
acronym credited only where the summary has it.  Objective ``--objective labels``: binary cross-entropy of
sigmoid(alpha (presence - beta)) against the label; ``summary``: per document, minus the Pearson correlation
of the summaries' mean presence with their ACU recall (the summary level the scores are judged on), plus a
tenth of the cross-entropy.  Adam, batches of 256 pairs (24 documents), ``--epochs`` passes.

Measured on the held-out documents (100 XSum, 92 SAMSum): ROC AUC of the pairs' presence against the labels;
the package's default scores with W inside its judge of short references (summary r / system r against ACU
recall, the difference in summary r with a 95% interval from resampling documents); GUMSum with one reference
(share of pairs where the human summary scores above the same-length lead, dev and test); and
``scripts/checks/meaning_attacks.py`` (checks passed per table, the paraphrases' mean change).

    python scripts/studies/projected_word_states.py [--rank 64] [--epochs 2] [--objective labels|summary]
    python scripts/studies/projected_word_states.py --exact-words

About 15 minutes on two CPU cores.  Results and why neither is used: docs/studies/contextual.md (section "Words
credited in full, or read through a trained projection").
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # scripts/: common.py
sys.path.insert(0, str(HERE.parent / "checks"))

from claims_agreement import paired_difference, score_matrix  # noqa: E402
from gumsum_leave_one_out import single_reference_rows, split_rows  # noqa: E402
from presence_judge import scored_sets  # noqa: E402

from pyramid_metric.match.align import AlignMatcher, _Words  # noqa: E402
from pyramid_metric.match.context import ContextMatcher  # noqa: E402
from pyramid_metric.methods.reference import short_reference_matcher  # noqa: E402
from pyramid_metric.metaeval import summary_level, system_level  # noqa: E402

ROOT = HERE.parents[1]
WEIGHTS = ROOT / "pyramid_metric" / "match" / "weights"
ROSE = ROOT.parent / "shared" / "data" / "rose"
SEED = 2026


def labelled_pairs():
    """(document key, unit words, summary words, label) for every RoSE label, words as the default's judge of short
    references reads them (each unit and each summary encoded alone)."""
    matcher = short_reference_matcher()
    pairs = []
    for name in ("xsum", "samsum"):
        meta = []
        with open(ROSE / f"rose_{name}.jsonl", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                for _, s in sorted(r["systems"].items()):
                    if s["summary"].strip():
                        meta += [(f"{name}:{r['example_id']}", unit, s["summary"], int(label))
                                 for unit, label in zip(r["scus"], s["scu_labels"])]
        units = sorted({m[1] for m in meta})
        summaries = sorted({m[2] for m in meta})
        unit_words = dict(zip(units, (w[0] for w in matcher._passage_words([[u] for u in units], units=True))))
        summary_words = dict(zip(summaries, (w[0] for w in matcher._passage_words([[s] for s in summaries],
                                                                                  units=False))))
        pairs += [(key, unit_words[u], summary_words[s], label) for key, u, s, label in meta]
    return pairs


def batch_tensors(pairs):
    """Padded unit vectors (content words), summary vectors, their masks, which (unit word, summary word) cells a
    figure or acronym may not match, and the labels."""
    import torch

    kept = [np.flatnonzero(u.content if u.content.any() else np.ones(len(u.stems), dtype=bool)) for _, u, _, _ in pairs]
    n, n_u, n_s = len(pairs), max(len(k) for k in kept), max(max(len(s.stems) for _, _, s, _ in pairs), 1)
    u = torch.zeros(n, n_u, 384)
    s = torch.zeros(n, n_s, 384)
    u_mask, s_mask = torch.zeros(n, n_u, dtype=torch.bool), torch.zeros(n, n_s, dtype=torch.bool)
    barred = torch.zeros(n, n_u, n_s, dtype=torch.bool)
    for i, ((_, uw, sw, _), k) in enumerate(zip(pairs, kept)):
        u[i, :len(k)] = torch.from_numpy(uw.vectors[k])
        u_mask[i, :len(k)] = True
        s[i, :len(sw.stems)] = torch.from_numpy(sw.vectors)
        s_mask[i, :len(sw.stems)] = True
        for a, j in enumerate(k):
            if uw.fixed[j]:
                barred[i, a, :len(sw.stems)] = torch.tensor([st != uw.stems[j] for st in sw.stems], dtype=torch.bool)
    labels = torch.tensor([p[3] for p in pairs], dtype=torch.float32)
    return u, u_mask, s, s_mask, barred, labels


def presence(w, u, u_mask, s, s_mask, barred, floor: float):
    """The matcher's presence of each unit (ContextMatcher._credits, whole summary), word vectors through ``w``."""
    import torch

    if w is not None:
        u, s = torch.nn.functional.normalize(u @ w, dim=-1), torch.nn.functional.normalize(s @ w, dim=-1)
    cosine = torch.einsum("nud,nsd->nus", u, s)
    credit = ((cosine - floor) / (1.0 - floor)).clamp(0.0, 1.0)
    credit = torch.where(cosine >= 1.0 - 1e-6, torch.ones_like(credit), credit)
    credit = credit.masked_fill(barred | ~s_mask[:, None, :], 0.0)
    return (credit.max(-1).values * u_mask).sum(-1) / u_mask.sum(-1).clamp(min=1)


def predicted(w, pairs, floor: float) -> np.ndarray:
    import torch

    with torch.no_grad():
        return np.concatenate([presence(w, *batch_tensors(pairs[i:i + 256])[:5], floor).numpy()
                               for i in range(0, len(pairs), 256)])


def train(pairs, rank: int, epochs: int, objective: str, floor: float):
    """W = I + A B^T fitted on ``pairs`` (see the module's docstring)."""
    import torch

    torch.manual_seed(SEED)
    a = torch.zeros(384, rank, requires_grad=True)
    b = (torch.randn(384, rank) * 0.01).requires_grad_(True)
    alpha, beta = torch.tensor(6.0, requires_grad=True), torch.tensor(0.5, requires_grad=True)
    optimizer = torch.optim.Adam([a, b, alpha, beta], lr=3e-3 if objective == "labels" else 2e-3)
    by_summary: dict = {}  # document -> summary -> its pairs, for the summary-level objective
    for i, (key, _, sw, _) in enumerate(pairs):
        by_summary.setdefault(key, {}).setdefault(id(sw), []).append(i)
    keys = list(by_summary)
    rng = np.random.default_rng(SEED)
    for _ in range(epochs):
        if objective == "labels":
            order = rng.permutation(len(pairs))
            batches = [[[int(i)] for i in order[k:k + 256]] for k in range(0, len(order), 256)]
        else:  # 24 documents a batch, each a list of its summaries' pairs
            order = rng.permutation(len(keys))
            batches = [[ids for j in order[k:k + 24] for ids in by_summary[keys[j]].values()]
                       for k in range(0, len(order), 24)]
        for groups in batches:
            flat = [i for g in groups for i in g]
            u, u_mask, s, s_mask, barred, labels = batch_tensors([pairs[i] for i in flat])
            p = presence(torch.eye(384) + a @ b.T, u, u_mask, s, s_mask, barred, floor)
            bce = torch.nn.functional.binary_cross_entropy_with_logits(alpha * (p - beta), labels)
            loss = bce if objective == "labels" else 0.1 * bce + _minus_summary_r(p, labels, groups, pairs)
            loss = loss + 1e-3 * (a.pow(2).sum() + b.pow(2).sum())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    return (torch.eye(384) + a @ b.T).detach()


def _minus_summary_r(p, labels, groups, pairs):
    """Minus the mean over documents of the Pearson r between summaries' mean presence and their ACU recall."""
    import torch

    at, docs = 0, {}
    for g in groups:
        docs.setdefault(pairs[g[0]][0], []).append((p[at:at + len(g)].mean(), labels[at:at + len(g)].mean()))
        at += len(g)
    total, n = 0.0, 0
    for rows in docs.values():
        pred, human = torch.stack([r[0] for r in rows]), torch.stack([r[1] for r in rows])
        if len(rows) > 1 and human.std() > 0:
            pc, hc = pred - pred.mean(), human - human.mean()
            total, n = total - (pc * hc).sum() / (pc.norm() * hc.norm() + 1e-8), n + 1
    return total / max(n, 1)


@contextlib.contextmanager
def projected(w):
    """The default's judge of short references reads its word vectors through ``w`` (both sides)."""
    original = AlignMatcher._passage_words
    matrix = w.numpy().astype(np.float32)
    layer = short_reference_matcher().layer

    def passage_words(self, passages, units):
        out = original(self, passages, units)
        if isinstance(self, ContextMatcher) and self.layer == layer:
            for words in out:
                for w_ in words:
                    v = w_.vectors @ matrix
                    w_.vectors = (v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)).astype(np.float32)
        return out

    AlignMatcher._passage_words = passage_words
    try:
        yield
    finally:
        AlignMatcher._passage_words = original


@contextlib.contextmanager
def exact_words():
    """The default's judge of short references credits in full a unit's word whose stem the summary (or the
    sentence) has, as ``matcher="align"`` does; every other word keeps its contextual credit.  Each word's credit
    is the judge's own (``ContextMatcher._credits`` of the word alone), then averaged over its unit."""
    original = ContextMatcher._credits
    layer = short_reference_matcher().layer

    def credits(self, group, parts):
        if self.layer != layer:
            return original(self, group, parts)
        masks = [u.content if u.content.any() else np.ones(len(u.stems), dtype=bool) for u in group]
        singles = [_Words([st], np.ones(1, dtype=bool), u.vectors[k:k + 1], u.fixed[k:k + 1])
                   for u, m in zip(group, masks) for k in np.flatnonzero(m) for st in [u.stems[k]]]
        if not singles:
            return original(self, group, parts)
        per_word = original(self, singles, parts)
        rows = [{st for w in parts for st in w.stems}] + ([set(w.stems) for w in parts] if len(parts) > 1 else [])
        stems = [w.stems[0] for w in singles]
        per_word = np.where([[st in row for st in stems] for row in rows], 1.0, per_word)
        sizes = np.array([int(m.sum()) for m in masks])
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        out = np.zeros((len(rows), len(group)))
        has = sizes > 0
        out[:, has] = np.add.reduceat(per_word, starts[has], axis=1) / sizes[has]
        return out

    ContextMatcher._credits = credits
    try:
        yield
    finally:
        ContextMatcher._credits = original


def package_rows(variant) -> dict:
    """RoSE held-out matrices, GUMSum one-reference shares and meaning-attack results with the judge changed by
    ``variant`` (a context manager; ``contextlib.nullcontext()`` for the package as it is)."""
    from pyramid_metric import PyramidScorer

    out = {}
    with variant:
        for name, (docs, human) in scored_sets(WEIGHTS, 0).items():
            out[name] = (score_matrix(docs, "default"), human)
        for split in ("dev", "test"):
            rows = single_reference_rows(split_rows(split))
            scores = np.array([r.score for r in PyramidScorer().score(
                [r["human"] for r in rows] + [r["lead"] for r in rows], [r["references"] for r in rows] * 2,
                [r["source"] for r in rows] * 2, progress=False)])
            out[f"GUMSum {split}"] = float(np.mean(scores[:len(rows)] > scores[len(rows):]))
        out["attacks"] = attack_results()
    return out


def attack_results():
    """(checks passed per table of meaning_attacks.py, the paraphrases' scores in its order), each candidate scored
    once with the check's own rows and its ``failures`` rule."""
    import meaning_attacks as attacks
    from pyramid_metric import PyramidScorer

    scorer = PyramidScorer()
    tables = [[scores for _, _, scores in attacks.rows(scorer)],
              [{"copy": copy, "paraphrase": para, "attack": attack}
               for _, copy, para, attack in attacks.other_rows(scorer)]]
    tables += [[scores for _, scores in attacks.more_rows(scorer, stories)]
               for stories in (attacks.MORE_STORIES, attacks.LATER_STORIES, attacks.LAST_STORIES,
                               attacks.ANTONYM_STORIES)]
    counts = []
    for table in tables:  # every candidate but the copy is a check, and so is the copy's lead (see main there)
        total = sum(len(scores) - 1 for scores in table)
        counts.append(f"{total - sum(len(attacks.failures(scores)) for scores in table)}/{total}")
    return ", ".join(counts), np.array([scores["paraphrase"] for table in tables for scores in table])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rank", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--objective", choices=("labels", "summary"), default="labels")
    ap.add_argument("--exact-words", action="store_true",
                    help="instead of a projection, measure the judge crediting a word the summary has in full")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(2)
    if args.exact_words:
        variant, label = exact_words(), "exact words in full"
    else:
        w, label = learned_projection(args), "projected"
        variant = projected(w)
    raw, changed = package_rows(contextlib.nullcontext()), package_rows(variant)
    print(f"\n| the default on | the judge as it is | {label} | difference, summary r [95%] |\n|---|---|---|---|")
    for name in raw:
        if name.startswith("RoSE"):
            (m0, human), (m1, _) = raw[name], changed[name]
            print(f"| {name}: summary r / system r | {summary_level(m0, human, 'pearson'):.3f} / "
                  f"{system_level(m0, human, 'pearson'):.3f} | {summary_level(m1, human, 'pearson'):.3f} / "
                  f"{system_level(m1, human, 'pearson'):.3f} | {paired_difference(m1, m0, human, summary_level, 4)} |")
        elif name.startswith("GUMSum"):
            print(f"| {name}, one reference: human above lead | {raw[name]:.1%} | {changed[name]:.1%} | |")
    (c0, p0), (c1, p1) = raw["attacks"], changed["attacks"]
    print(f"| meaning attacks: checks passed per table | {c0} | {c1} | |")
    print(f"| meaning attacks: mean paraphrase score ({len(p0)}) | {p0.mean():.3f} | {p1.mean():.3f} | "
          f"{(p1 - p0).mean():+.3f} (from {(p1 - p0).min():+.3f} to {(p1 - p0).max():+.3f}) |")


def learned_projection(args):
    """Train W on the documents outside the judge's held-out fold; print the held-out pairs' AUC with and without."""
    from sklearn.metrics import roc_auc_score

    floor = short_reference_matcher().floor
    held = set(json.loads((WEIGHTS / "presence.json").read_text())["held_out"])
    pairs = labelled_pairs()
    fit = [p for p in pairs if p[0] not in held]
    test = [p for p in pairs if p[0] in held]
    w = train(fit, args.rank, args.epochs, args.objective, floor)
    print(f"{len(fit):,} training pairs, {len(test):,} held out; rank {args.rank}, {args.epochs} epochs, "
          f"objective {args.objective}\n")
    print("| held-out pairs | raw states: AUC | projected: AUC |\n|---|---|---|")
    before, after = predicted(None, test, floor), predicted(w, test, floor)
    for name in ("xsum", "samsum"):
        idx = [i for i, p in enumerate(test) if p[0].startswith(name)]
        labels = [test[i][3] for i in idx]
        print(f"| RoSE {name} ({len(idx):,}) | {roc_auc_score(labels, before[idx]):.3f} | "
              f"{roc_auc_score(labels, after[idx]):.3f} |", flush=True)
    return w


if __name__ == "__main__":
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    main()
