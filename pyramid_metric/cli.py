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
            reader = csv.DictReader(f)
            for n, row in enumerate(reader, 1):
                _check_csv_row(path, n, reader, row)
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


def _check_csv_row(path: str, n: int, reader: csv.DictReader, row: dict) -> None:
    """A CSV row must have as many fields as the header (``DictReader`` fills missing ones with None)."""
    fields = reader.fieldnames or []
    if None in row:  # more fields than the header
        raise InputError(f"{path}: row {n} (line {reader.line_num}) has {len(fields) + len(row[None])} fields, "
                         f"the header has {len(fields)}: {','.join(fields)}")
    missing = [k for k in fields if row.get(k) is None]
    if missing:
        raise InputError(f"{path}: row {n} (line {reader.line_num}) has {len(fields) - len(missing)} fields, "
                         f"the header has {len(fields)}: {','.join(fields)} (missing {','.join(missing)})")


def check_writable(path: str) -> None:
    """Fail before any scoring when ``path`` cannot be written (missing or read-only folder, a folder)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InputError(f"{path}: is a folder, not a file to write")
    if not os.path.isdir(folder):
        raise InputError(f"{path}: No such file or directory (the folder {folder} does not exist)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(f"{path}: the folder {folder} is not writable")
    if os.path.exists(path) and not os.access(path, os.W_OK):
        raise InputError(f"{path}: the file is not writable")


class atomic_path:
    """A temporary path in the output file's folder (same extension), renamed over the output file when the
    block ends without an error; removed otherwise, so an interrupt never shortens or loses the previous file."""

    def __init__(self, path: str):
        self.path = path

    def __enter__(self) -> str:
        import tempfile

        base, ext = os.path.splitext(os.path.basename(self.path))
        fd, self.tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=f".tmp{ext}",
                                        dir=os.path.dirname(os.path.abspath(self.path)))
        os.close(fd)
        return self.tmp

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None and os.path.getsize(self.tmp) > 0:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(self.tmp, 0o666 & ~umask)  # the mode a plain open() would give, not mkstemp's 0600
                os.replace(self.tmp, self.path)
        finally:
            if os.path.exists(self.tmp):
                os.unlink(self.tmp)
        return False


class atomic_output:
    """Write a text file atomically: into a temporary file in its folder, renamed over the output file on
    success, removed on any error or interrupt, so the previous file is never lost or left half-written."""

    def __init__(self, path: str):
        self.path = path

    def __enter__(self):
        import tempfile

        folder = os.path.dirname(os.path.abspath(self.path))
        fd, self.tmp = tempfile.mkstemp(prefix=f".{os.path.basename(self.path)}.", suffix=".tmp", dir=folder)
        self.file = os.fdopen(fd, "w", encoding="utf-8")
        return self.file

    def __exit__(self, exc_type, exc, tb):
        try:
            self.file.close()
            if exc_type is None:
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(self.tmp, 0o666 & ~umask)  # the mode a plain open() would give, not mkstemp's 0600
                os.replace(self.tmp, self.path)
        finally:
            if os.path.exists(self.tmp):
                os.unlink(self.tmp)
        return False


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
    examples = [(res.score, res.result.spans, res.explanation(), r.get("id")) for r, res in zip(rows, results)]
    with atomic_output(args.output) as f:
        f.write(html_report(examples, sig))
    print(f"wrote {args.output} ({len(results)} examples)", file=sys.stderr)
    return 0


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


# The file each command writes: checked before any scoring, and written atomically (the ``explain`` report
# through atomic_output; the others into a temporary file renamed over the target when the command succeeds).
CHECKED_OUTPUTS = {"score": "output", "explain": "output", "compare": "plot"}


def _run(args) -> int:
    attr = CHECKED_OUTPUTS.get(args.command)
    target = getattr(args, attr, None) if attr else None
    if not target:
        return args.func(args)
    check_writable(target)
    if args.command == "explain":
        return args.func(args)
    with atomic_path(target) as tmp:
        setattr(args, attr, tmp)
        return args.func(args)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
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
