"""The ``pyramid-metric`` command line: score, explain, compare, segment, demo, register.

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


def read_examples(path: str) -> List[dict]:
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
        missing = [k for k in ("prediction", "references") if k not in r]
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
        results = scorer.score(preds, refs, srcs, progress=None)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return scorer, results, refs


def cmd_score(args) -> int:
    rows = read_examples(args.input)
    scorer, results, refs = _score_rows(args, rows, args.explain)
    from .scorer import _nrefs

    sig = scorer.signature(nrefs=_nrefs(refs))
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

    rows = read_examples(args.input)
    scorer, results, refs = _score_rows(args, rows, True)
    from .scorer import _nrefs

    sig = scorer.signature(nrefs=_nrefs(refs))
    examples = _report_examples(rows, results)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(html_report(examples, sig))
    print(f"wrote {args.output} ({len(results)} examples)", file=sys.stderr)
    return 0


def _report_examples(rows: List[dict], results) -> List[dict]:
    """What the HTML report shows of each example: its explanation, id, references and source."""
    from .scorer import SOURCE_SEPARATOR

    def texts(x):
        return [x] if isinstance(x, str) else [t for t in (x or []) if isinstance(t, str)]

    return [{"explanation": res.explanation(), "name": r.get("id"), "references": texts(r.get("references")),
             "source": SOURCE_SEPARATOR.join(texts(r.get("source"))) or None} for r, res in zip(rows, results)]


def cmd_compare(args) -> int:
    """Score several systems on the same examples; print means with bootstrap 95% intervals."""
    from .metaeval import bootstrap_interval

    if args.plot:  # fail before the scoring, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InputError("--plot needs matplotlib: pip install 'pyramid-metric[plot]'") from None
    table = []
    sizes = {path: len(read_examples(path)) for path in args.systems}  # check every file before scoring any
    if len(set(sizes.values())) > 1:
        raise InputError("systems must score the same examples: "
                         + ", ".join(f"{p} has {n}" for p, n in sizes.items()))
    for path in args.systems:
        rows = read_examples(path)
        _, results, _ = _score_rows(args, rows, False)
        scores = [r.score for r in results]
        lo, hi = bootstrap_interval(scores, seed=args.seed)
        table.append((os.path.basename(path), sum(scores) / len(scores), lo, hi, len(scores)))
    width = max(len(t[0]) for t in table)
    print(f"{'system':{width}}  pyramid  95% interval       n")
    for name, mean, lo, hi, n in sorted(table, key=lambda t: -t[1]):
        print(f"{name:{width}}  {mean:.4f}   [{lo:.4f}, {hi:.4f}]  {n}")
    if args.plot:
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            raise InputError("--plot needs matplotlib: pip install 'pyramid-metric[plot]'") from None
        fig, ax = plt.subplots(figsize=(6, 0.4 * len(table) + 1))
        for y, (name, mean, lo, hi, _) in enumerate(table):
            ax.errorbar(mean, y, xerr=[[mean - lo], [hi - mean]], fmt="o", capsize=4)
        ax.set_yticks(range(len(table)), [t[0] for t in table])
        ax.set_xlabel("pyramid score (95% bootstrap interval)")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
    return 0


def cmd_register(args) -> int:
    from ._hook import register

    print(register())
    return 0


def cmd_demo(args) -> int:
    """Score the example shipped in the package and explain the score of its held-out human summary."""
    from importlib.resources import files

    from .scorer import PyramidScorer

    data = json.loads(files("pyramid_metric.data").joinpath("example.json").read_text(encoding="utf-8"))
    scorer = PyramidScorer(_config(args))
    preds = [s["summary"] for s in data["systems"]]
    res = scorer.score(preds, [data["references"]] * len(preds), [data["source"]] * len(preds))
    print(demo_text(data, [r.explanation() for r in res], scorer.signature(nrefs=len(data["references"]))))
    return 0


_DEMO_ROLES = {"human": "a human summary that is not among the references",
               "lead": "the source's first words, cut to the human summary's length",
               "ending": "the source's last words, cut to the same length"}


def _bar(share: float, width: int = 10) -> str:
    full = int(round(share * width * 2))
    return ("\u2588" * (full // 2) + ("\u258c" if full % 2 else "")).ljust(width, "\u00b7")


def demo_text(data: dict, explanations: List[dict], signature: str) -> str:
    """The demo's printout: the scores, what they mean, and the first system's score explained unit by unit."""
    from .explanation import number

    n = len(data["references"])
    lines = [f"Example: {data['id']} ({data.get('license', '')})",
             f"{n} human references; each summary below is scored against all {n}.", ""]
    for s, ex in zip(data["systems"], explanations):
        role = next((v for k, v in _DEMO_ROLES.items() if s["name"].startswith(k)), "")
        lines.append(f"  {s['name']:<9} {ex['score']:.3f}   {role}")
    ex, name = explanations[0], data["systems"][0]["name"]
    pyr = ex["pyramid"]
    lines += ["",
              "A pyramid score is the share of the references' content that a summary expresses: content that",
              "more references express weighs more. It rewards content, not wording or fluency; a lead cut",
              "shares the source's names and facts with the references, so it earns credit too, and on news,",
              "whose first lines are a summary, it can come close to a human summary.",
              "", f"Why {name} scores {ex['score']:.3f}: {ex['text']}",
              f"  weight = how many of the {n} references express a unit; value = {ex['value_rule']};",
              f"  credit = {ex['credit_rule']}.", "",
              f"  {'weight':>6}  {'credit of value':<26} unit"]
    for j, u in sorted(enumerate(pyr["units"]), key=lambda ju: (-ju[1]["weight"], ju[0])):
        share = u["credit"] / u["value"] if u["value"] > 0 else 0.0
        earned = f"{_bar(share)} {number(u['credit']):>5} of {number(u['value']):<4}"
        times = f" (x{len(u['written_by'])})" if len(u.get("written_by", [])) > 1 else ""
        lines.append(f"  {number(u['weight']):>6}  {earned:<26} {u['text']}{times}")
    if ex.get("unlisted_credit", 0) > 0.05:
        lines.append(f"  {'':>6}  {number(ex['unlisted_credit']):>16} in all    units the summary barely contains")
    if any(len(u.get("written_by", [])) > 1 for u in pyr["units"]):
        lines.append("  (xK: K references wrote this content themselves; it counts once for each)")
    lines += ["", "For a report with the summary's words marked: pyramid-metric explain IN.jsonl -o report.html",
              "", signature]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pyramid-metric", description="Automatic Pyramid evaluation of summaries.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("score", help="score JSONL/CSV/datasets examples; JSONL out with the signature")
    s.add_argument("input", help="JSONL or CSV file, or a datasets folder: prediction, references, source")
    s.add_argument("-o", "--output", help="JSONL output (default stdout)")
    s.add_argument("--explain", action="store_true", help="add the explanation to each output line")
    _add_config_args(s)
    s.set_defaults(func=cmd_score)

    e = sub.add_parser("explain", help="write an HTML report explaining each example's score")
    e.add_argument("input")
    e.add_argument("-o", "--output", required=True, help="HTML file to write")
    _add_config_args(e)
    e.set_defaults(func=cmd_explain)

    c = sub.add_parser("compare", help="compare systems: mean scores with bootstrap 95%% intervals")
    c.add_argument("systems", nargs="+", help="one input file per system, same examples in the same order")
    c.add_argument("--plot", help="write a PNG plot of the scores and intervals")
    c.add_argument("--seed", type=int, default=12345, help="bootstrap seed")
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
