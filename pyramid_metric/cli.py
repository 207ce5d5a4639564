"""The ``pyramid-metric`` command line: score, explain, compare, pyramid, segment, demo, register.

Options mirror :class:`~pyramid_metric.config.PyramidConfig` (same names, same
defaults).  Exit codes: 0 success, 1 bad input (file missing or malformed, an
output that cannot be written, a missing optional extra such as matplotlib for
``--plot``), 2 usage errors (argparse).  Errors are one line on stderr.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from typing import List

from .config import (AMR_PARSERS, BE_MATCHES, BE_VARIANTS, CREDITS, EDUA_VARIANTS, EXTRACTS, MATCHERS, METHODS,
                     PYREVAL_SCORES, ROUGE_VARIANTS, SOLVERS, PyramidConfig)

EXIT_BAD_INPUT = 1
PYRAMIDS_HELP = ("score against human pyramids: a DUCView .pyr file, a folder of them or a SacreROUGE pyramid "
                 "JSONL file; each example names its pyramid by instance_id (or id) and needs no references; "
                 "with --jackknife, the mean over the pyramids of K - 1 model summaries (an example whose "
                 "summarizer_id is one of the model summaries: the pyramid of the others)")
JACKKNIFE_HELP = ("with K >= 2 references, score the mean over the K leave-one-out subsets of K - 1 references "
                  "(ROUGE-1.5.5's jackknifing)")


class InputError(Exception):
    """A problem with the user's files: reported in one line, exit code 1."""


def _add_config_args(p: argparse.ArgumentParser) -> None:
    d = PyramidConfig()
    g = p.add_argument_group("configuration (defaults as in the Python API)")
    g.add_argument("--method", default=d.method, choices=METHODS)
    g.add_argument("--extract", default=None, choices=EXTRACTS, help="method hirao only (default: be)")
    g.add_argument("--matcher", default=None, choices=MATCHERS, help="default: by method (recall for refpyramid, "
                   "lcs for hirao)")
    g.add_argument("--credit", default=d.credit, choices=CREDITS, help="refpyramid: content-weighted or per-unit")
    g.add_argument("--threshold", type=float, default=None, help="default: the matcher's (0.55 for lcs)")
    g.add_argument("--soft", action="store_true", default=d.soft, help="credit phi * w instead of w")
    g.add_argument("--segmenter", default=d.segmenter)
    g.add_argument("--sentence-penalty", type=float, default=d.sentence_penalty)
    g.add_argument("--length-limit", type=int, default=d.length_limit)
    g.add_argument("--time-limit", type=float, default=d.time_limit)
    g.add_argument("--solver", default=d.solver, choices=SOLVERS)
    g.add_argument("--be-variant", default=d.be_variant, choices=BE_VARIANTS)
    g.add_argument("--be-match", default=d.be_match, choices=BE_MATCHES)
    g.add_argument("--rouge-variant", default=d.rouge_variant, choices=ROUGE_VARIANTS)
    g.add_argument("--no-rouge-stem", dest="rouge_stem", action="store_false", default=d.rouge_stem)
    g.add_argument("--edua", default=d.edua, choices=EDUA_VARIANTS)
    g.add_argument("--edge-percentile", type=float, default=d.edge_percentile)
    g.add_argument("--zipf-beta", type=float, default=d.zipf_beta)
    g.add_argument("--pyreval-score", default=d.pyreval_score, choices=PYREVAL_SCORES)
    g.add_argument("--merge-threshold", type=float, default=d.merge_threshold)
    g.add_argument("--ape-alpha", type=float, default=d.ape_alpha)
    g.add_argument("--amr-parser", default=d.amr_parser, choices=AMR_PARSERS)


def _config(args) -> PyramidConfig:
    return PyramidConfig(method=args.method, extract=args.extract, matcher=args.matcher, credit=args.credit,
                         threshold=args.threshold,
                         soft=args.soft, segmenter=args.segmenter, sentence_penalty=args.sentence_penalty,
                         length_limit=args.length_limit, time_limit=args.time_limit, solver=args.solver,
                         be_variant=args.be_variant, be_match=args.be_match, rouge_variant=args.rouge_variant,
                         rouge_stem=args.rouge_stem, edua=args.edua, edge_percentile=args.edge_percentile,
                         zipf_beta=args.zipf_beta, pyreval_score=args.pyreval_score,
                         merge_threshold=args.merge_threshold, ape_alpha=args.ape_alpha, amr_parser=args.amr_parser)


def read_examples(path: str, required=("prediction", "references")) -> List[dict]:
    """Examples from JSONL, CSV or a ``datasets`` folder saved with ``save_to_disk``.

    Each example has ``prediction`` (str), ``references`` (list of str, or a str)
    and ``source`` (str or list of str).
    """
    if not os.path.exists(path):
        raise InputError(f"{path}: no such file or folder")
    rows: List[dict] = []
    if os.path.isdir(path):
        try:
            import datasets

            rows = [dict(r) for r in datasets.load_from_disk(path)]
        except Exception as exc:
            raise InputError(f"{path}: not a datasets folder ({exc})") from None
    elif path.endswith(".csv"):
        with open(path, encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                refs = row.get("references", "")
                if refs.startswith("["):
                    try:
                        refs = json.loads(refs)
                    except json.JSONDecodeError:
                        pass
                rows.append({**row, "references": refs})
    else:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise InputError(f"{path}:{n}: not valid JSON ({exc.msg})") from None
    for n, r in enumerate(rows, 1):
        if not isinstance(r, dict):
            raise InputError(f"{path}: example {n} is not an object")
        missing = [k for k in required if k not in r]
        if missing:
            raise InputError(f"{path}: example {n} lacks {missing}; each needs prediction, references, source")
    if not rows:
        raise InputError(f"{path}: no examples")
    return rows


def _score_rows(args, rows, explain: bool):
    from .scorer import PyramidScorer

    scorer = PyramidScorer(_config(args))
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    srcs = [r.get("source") for r in rows] if any("source" in r for r in rows) else None
    try:
        results = scorer.score(preds, refs, srcs, progress=None, jackknife=getattr(args, "jackknife", False))
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return scorer, results, refs


def _signature(args, scorer, refs) -> str:
    from .scorer import _nrefs

    return scorer.signature(nrefs=_nrefs(refs), jackknife=getattr(args, "jackknife", False))


def _score_with_pyramids(args, rows, path):
    """Human-pyramid mode from a pyramid file: each example is scored against the SCUs of its pyramid (the
    one named by its ``instance_id``, else by its ``id``; the only one when the file holds one)."""
    from .io import PyramidFileError, read_pyramids
    from .scorer import PyramidScorer

    try:
        pyramids = read_pyramids(args.pyramids)
    except PyramidFileError as exc:
        raise InputError(str(exc)) from None
    by_id = {p.instance_id: p for p in pyramids}
    chosen = []
    for n, r in enumerate(rows, 1):
        key = r.get("instance_id", r.get("id"))
        if key is not None and str(key) in by_id:
            chosen.append(by_id[str(key)])
        elif len(pyramids) == 1 and "instance_id" not in r:
            chosen.append(pyramids[0])
        else:
            known = ", ".join(sorted(by_id)[:5]) + (" ..." if len(by_id) > 5 else "")
            raise InputError(f"{path}: example {n} names pyramid {key!r}, which {args.pyramids} does not "
                             f"hold (it has {known}); give each example an instance_id")
    jackknife = getattr(args, "jackknife", False)
    # each example's pyramids: the whole one; with --jackknife also the K leave-one-out pyramids (a model
    # summary of the pyramid, named by the example's summarizer_id, only the pyramid of the others)
    views = []
    for r, p in zip(rows, chosen):
        sid = r.get("summarizer_id")
        if not jackknife or len(p.summaries) < 2:
            views.append([p])
        elif sid is not None and str(sid) in p.summarizer_ids:
            views.append([p.remove_summary(p.summarizer_ids.index(str(sid)))])
        else:
            views.append([p] + [p.remove_summary(k) for k in range(len(p.summaries))])
    scorer = PyramidScorer(_config(args))
    flat = [(r["prediction"], v) for r, vs in zip(rows, views) for v in vs]
    try:
        scored = scorer.score([f[0] for f in flat], scus=[f[1].labels() for f in flat],
                              scu_weights=[f[1].weights() for f in flat])
    except ValueError as exc:
        raise InputError(str(exc)) from None
    results, pos = [], 0
    for vs in views:
        if len(vs) == 1:
            results.append(scored[pos])
        else:
            from .scorer import ExampleResult

            full, loo = scored[pos], tuple(x.score for x in scored[pos + 1:pos + len(vs)])
            results.append(ExampleResult(sum(loo) / len(loo), full.result, full.pyramid, loo))
        pos += len(vs)
    name = os.path.basename(os.path.normpath(args.pyramids))
    return results, f"pyramid:file({name})|" + ("jackknife:loo|" if jackknife else "") + scorer.signature()


def _read_input(args, path: str) -> List[dict]:
    """The examples of an input file; with --pyramids they need no references."""
    return read_examples(path, required=("prediction",)) if getattr(args, "pyramids", None) else read_examples(path)


def _score_input(args, path: str, rows):
    """(results, signature) of the examples of one input file: against their references, or with --pyramids
    against the human pyramid each example names."""
    if getattr(args, "pyramids", None):
        return _score_with_pyramids(args, rows, path)
    scorer, results, refs = _score_rows(args, rows, False)
    return results, _signature(args, scorer, refs)


def cmd_score(args) -> int:
    rows = _read_input(args, args.input)
    results, sig = _score_input(args, args.input, rows)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        for r, res in zip(rows, results):
            rec = {"id": r.get("id"), "score": res.score, "signature": sig}
            if args.explain:
                rec["explanation"] = res.explanation()
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
    finally:
        if out is not sys.stdout:
            out.close()
    mean = sum(r.score for r in results) / len(results)
    print(f"pyramid = {mean:.4f} over {len(results)} examples\n{sig}", file=sys.stderr)
    return 0


def cmd_explain(args) -> int:
    from .report import html_report

    rows = _read_input(args, args.input)
    results, sig = _score_input(args, args.input, rows)
    examples = [(res.score, res.result.spans, res.explanation(), r.get("id")) for r, res in zip(rows, results)]
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(html_report(examples, sig))
    print(f"wrote {args.output} ({len(results)} examples)", file=sys.stderr)
    return 0


def cmd_compare(args) -> int:
    """Score several systems on the same examples: means with bootstrap 95% intervals and paired tests of
    each system against the baseline (the first file, or ``--baseline``)."""
    from .metaeval import bootstrap_interval
    from .stats import DEFAULT_SAMPLES, paired_test

    if args.plot:  # fail before the scoring, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InputError("--plot needs matplotlib: pip install 'pyramid-metric[plot]'") from None
    test = "randomization" if args.paired_ar else "bootstrap"
    n_samples = args.n_samples or DEFAULT_SAMPLES[test]
    if n_samples < 1:
        raise InputError(f"--n-samples must be a positive integer, got {n_samples}")
    baseline = args.baseline or args.systems[0]
    if baseline not in args.systems:
        raise InputError(f"--baseline {baseline} is not one of the systems: {', '.join(args.systems)}")
    all_rows = {path: _read_input(args, path) for path in args.systems}  # check every file before scoring any
    sizes = {path: len(rows) for path, rows in all_rows.items()}
    if len(set(sizes.values())) > 1:
        raise InputError("systems must score the same examples: "
                         + ", ".join(f"{p} has {n}" for p, n in sizes.items()))
    base_ids = [r.get("id") for r in all_rows[baseline]]
    for path, rows in all_rows.items():  # paired tests need example i to be the same example in every file
        ids = [r.get("id") for r in rows]
        if None not in ids and None not in base_ids and ids != base_ids:
            k = next(i for i, (a, b) in enumerate(zip(ids, base_ids)) if a != b)
            raise InputError(f"{path}: example {k + 1} has id {ids[k]!r} but {baseline} has {base_ids[k]!r}: "
                             "systems must list the same examples in the same order")
    table, scores, sig = [], {}, ""
    for path in args.systems:
        results, sig = _score_input(args, path, all_rows[path])
        scores[path] = [r.score for r in results]
        lo, hi = bootstrap_interval(scores[path], seed=args.seed)
        table.append((path, sum(scores[path]) / len(results), lo, hi, len(results)))
    others = {p: scores[p] for p in args.systems if p != baseline}
    tests = {r.system: r for r in paired_test(scores[baseline], others, test=test, n_samples=n_samples,
                                              seed=args.seed, baseline_name=baseline)} if others else {}
    names = {p: os.path.basename(p) for p in args.systems}
    if len(set(names.values())) < len(names):
        names = {p: p for p in args.systems}
    n = table[0][4]
    what = "paired bootstrap resampling" if test == "bootstrap" else "paired approximate randomization"
    print(f"baseline: {names[baseline]}; {what}, {n_samples} {'resamples' if test == 'bootstrap' else 'shuffles'}, "
          f"seed {args.seed}; n = {n} examples")
    width = max(len(v) for v in names.values())
    print(f"{'system':{width}}  pyramid  {'95% interval':18}  difference  {'95% interval of difference':26}  p-value")
    for path, mean, lo, hi, _ in table:
        row = f"{names[path]:{width}}  {mean:.4f}   {f'[{lo:.4f}, {hi:.4f}]':18}"
        if path in tests:
            t = tests[path]
            ci = f"[{t.interval[0]:+.4f}, {t.interval[1]:+.4f}]"
            row += f"  {t.difference:+.4f}     {ci:26}  {t.p_value:.4f}"
        else:
            row += "  (baseline)"
        print(row)
    print(sig)
    if args.plot:
        _plot(args.plot, table, tests, names, n, what, sig)
    return 0


def _plot(path, table, tests, names, n, what, sig) -> None:
    """Means with 95% intervals; title with n and the test; the signature in small print."""
    import textwrap

    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("--plot needs matplotlib: pip install 'pyramid-metric[plot]'") from None
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(table) + 2.2))
    labels = []
    for y, (p, mean, lo, hi, _) in enumerate(table):
        ax.errorbar(mean, y, xerr=[[mean - lo], [hi - mean]], fmt="o", capsize=4)
        t = tests.get(p)
        labels.append(f"{names[p]}\n(baseline)" if t is None else f"{names[p]}\nvs baseline p = {t.p_value:.3g}")
    ax.set_yticks(range(len(table)), labels)
    ax.invert_yaxis()
    ax.set_xlabel("pyramid score (mean, 95% bootstrap interval)")
    ax.set_title(f"Pyramid scores on n = {n} examples ({what})", fontsize=10)
    fig.text(0.01, 0.01, "\n".join(textwrap.wrap(sig, 130)), fontsize=5, family="monospace", va="bottom")
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)


def cmd_pyramid(args) -> int:
    """Build the pyramid of each example's references and write it as a DUCView .pyr or SacreROUGE JSONL file."""
    from .io import from_pyramid, write_pyramids
    from .scorer import PyramidScorer, normalize_inputs

    if args.method in ("be", "rouge"):
        units = "Basic Elements" if args.method == "be" else "n-grams"
        raise InputError(f"--method {args.method}: its pyramid units are {units}, not content units a person "
                         "can correct; use refpyramid, hirao, pyreval, peak or ape")
    rows = read_examples(args.input, required=("references",))
    scorer = PyramidScorer(_config(args))
    srcs = [r.get("source") for r in rows] if any("source" in r for r in rows) else None
    try:
        _, refs, srcs = normalize_inputs([""] * len(rows), [r["references"] for r in rows], srcs,
                                         scorer.method.needs_sources)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    first = {}  # one pyramid per distinct (references, source), named after its first example
    for i, (r, s) in enumerate(zip(refs, srcs)):
        first.setdefault((tuple(r), s), i)
    idx = list(first.values())
    built = scorer.pyramids([refs[i] for i in idx], [srcs[i] for i in idx])
    names = [str(rows[i].get("instance_id", rows[i].get("id", f"example{i + 1}"))) for i in idx]
    try:
        human = [from_pyramid(p, refs[i], name) for p, i, name in zip(built, idx, names)]
        written = write_pyramids(human, args.output)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    where = written[0] if len(written) == 1 else os.path.dirname(written[0])
    print(f"wrote {len(human)} pyramid{'s' if len(human) > 1 else ''} ({sum(len(h.scus) for h in human)} SCUs) "
          f"to {where}\n{scorer.signature(nrefs=_nrefs_of(refs))}", file=sys.stderr)
    return 0


def _nrefs_of(refs):
    from .scorer import _nrefs

    return _nrefs(refs)


def cmd_register(args) -> int:
    from ._hook import register

    print(register())
    return 0


def cmd_demo(args) -> int:
    """Score the example data shipped in the package and print one explanation."""
    from importlib.resources import files

    from .scorer import PyramidScorer

    data = json.loads(files("pyramid_metric.data").joinpath("example.json").read_text(encoding="utf-8"))
    scorer = PyramidScorer(_config(args))
    preds = [s["summary"] for s in data["systems"]]
    res = scorer.score(preds, [data["references"]] * len(preds), [data["source"]] * len(preds))
    print(f"example: {data['id']} ({len(data['references'])} references)")
    for s, r in zip(data["systems"], res):
        print(f"  {s['name']:<12} pyramid = {r.score:.3f}")
    best = max(range(len(res)), key=lambda i: res[i].score)
    ex = res[best].explanation()
    print(f"\nexplanation for {data['systems'][best]['name']}: OPT_LAP {ex['opt_lap']:g} / OPT_KP {ex['opt_kp']:g}")
    matched = {m["unit"]: m for m in ex["matches"]}
    for j, u in sorted(enumerate(ex["pyramid"]["units"]), key=lambda ju: -ju[1]["weight"]):
        mark = f"MATCHED (sim {matched[j]['similarity']:.2f})" if j in matched else "missed"
        print(f"  w={u['weight']:g}  {mark:<20} {u['text']}")
    print(f"\n{scorer.signature(nrefs=len(data['references']))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pyramid-metric", description="Automatic Pyramid evaluation of summaries.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("score", help="score JSONL/CSV/datasets examples; JSONL out with the signature")
    s.add_argument("input", help="JSONL or CSV file, or a datasets folder: prediction, references, source")
    s.add_argument("-o", "--output", help="JSONL output (default stdout)")
    s.add_argument("--explain", action="store_true", help="add the explanation to each output line")
    s.add_argument("--jackknife", action="store_true", help=JACKKNIFE_HELP)
    s.add_argument("--pyramids", help=PYRAMIDS_HELP)
    _add_config_args(s)
    s.set_defaults(func=cmd_score)

    y = sub.add_parser("pyramid", help="write the pyramid of each example's references as DUCView .pyr or "
                       "SacreROUGE JSONL, to correct by hand and score with score --pyramids")
    y.add_argument("input", help="JSONL or CSV file, or a datasets folder: references (and source), id")
    y.add_argument("-o", "--output", required=True, help="a .pyr file (one pyramid), a .jsonl file, or a folder "
                   "(one .pyr file per pyramid)")
    _add_config_args(y)
    y.set_defaults(func=cmd_pyramid)

    e = sub.add_parser("explain", help="write an HTML report explaining each example's score")
    e.add_argument("input")
    e.add_argument("-o", "--output", required=True, help="HTML file to write")
    e.add_argument("--jackknife", action="store_true", help=JACKKNIFE_HELP)
    e.add_argument("--pyramids", help=PYRAMIDS_HELP)
    _add_config_args(e)
    e.set_defaults(func=cmd_explain)

    c = sub.add_parser("compare", help="compare systems: means with 95%% intervals, paired tests against a baseline")
    c.add_argument("systems", nargs="+", help="one input file per system, same examples in the same order")
    c.add_argument("--baseline", help="the system the others are tested against (default: the first file)")
    t = c.add_mutually_exclusive_group()
    t.add_argument("--paired-bs", action="store_true", help="paired bootstrap resampling (the default)")
    t.add_argument("--paired-ar", action="store_true", help="paired approximate randomization")
    c.add_argument("--n-samples", type=int, default=None,
                   help="resamples (default 1000) or shuffles (default 10000), as SacreBLEU")
    c.add_argument("--plot", help="write a PNG plot of the scores and intervals")
    c.add_argument("--seed", type=int, default=12345, help="seed of the bootstrap and randomization")
    c.add_argument("--jackknife", action="store_true", help=JACKKNIFE_HELP)
    c.add_argument("--pyramids", help=PYRAMIDS_HELP)
    _add_config_args(c)
    c.set_defaults(func=cmd_compare)

    from .segment.cli_segment import add_segment_arguments, segment_command

    g = add_segment_arguments(sub.add_parser("segment", help="print the EDUs of a text file, one per line"))
    g.set_defaults(func=segment_command)

    d = sub.add_parser("demo", help="score the example shipped with the package and print an explanation")
    _add_config_args(d)
    d.set_defaults(func=cmd_demo)

    r = sub.add_parser("register", help="make evaluate.load('pyramid') work offline (writes evaluate's module cache)")
    r.set_defaults(func=cmd_register)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as exc:
        print(f"pyramid-metric {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ValueError, TypeError) as exc:
        print(f"pyramid-metric {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # e.g. an output path in a missing folder
        print(f"pyramid-metric {args.command}: error: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
