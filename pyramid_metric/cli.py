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
import re
import sys
import warnings
from typing import List

from .config import PyramidConfig
from .presets import PRESETS

EXIT_BAD_INPUT = 1
PLOT_NEEDS_MATPLOTLIB = "--plot needs matplotlib: pip install 'pyramid-metric[plot]'"
PYRAMIDS_HELP = ("score against human pyramids: a DUCView .pyr file, a folder of them or a SacreROUGE pyramid "
                 "JSONL file; each example names its pyramid by instance_id (or id) and needs no references; "
                 "with --jackknife, the mean over the pyramids of K - 1 model summaries (an example whose "
                 "summarizer_id is one of the model summaries: the pyramid of the others)")
JACKKNIFE_HELP = ("with K >= 2 references, score the mean over the K leave-one-out subsets of K - 1 references "
                  "(ROUGE-1.5.5's jackknifing)")


class Example(dict):
    """One example read from an input file, and where it was read (``in.jsonl: line 3``) for error messages."""

    where = ""

    @classmethod
    def at(cls, row, where: str):
        if not isinstance(row, dict):
            return row  # refused, with its place, by read_examples
        example = cls(row)
        example.where = where
        return example


_INDEXED = re.compile(r"`?(predictions|references|sources)\[(\d+)\]((?:\[\d+\])*)`?")
_FIELDS = {"predictions": "prediction", "references": "references", "sources": "source"}


def located(message: str, rows: List[dict]) -> str:
    """A scorer's message about ``predictions[i]`` (or ``references[i][j]``, ``sources[i]``) said of the input
    file's example: ``in.jsonl: line 3: `prediction` must be a str, got int``."""
    m = _INDEXED.search(message)
    if m is None or int(m.group(2)) >= len(rows) or not getattr(rows[int(m.group(2))], "where", ""):
        return message
    field = f"`{_FIELDS[m.group(1)]}{m.group(3)}`"
    return f"{rows[int(m.group(2))].where}: {message[:m.start()]}{field}{message[m.end():]}"


class InputError(Exception):
    """A problem with the user's files: reported in one line, exit code 1."""


def _add_config_args(p: argparse.ArgumentParser) -> None:
    """The configuration flags, generated from the option declarations (``pyramid_metric.options``): the
    options several methods read, then one group per method (and per matcher) with its own. Every flag
    defaults to None (not given): only the options the user gives reach PyramidConfig, so an option the
    method does not read is refused and a preset sets the others."""
    from .options import declared, matcher_names, method_names

    d = PyramidConfig()
    g = p.add_argument_group("configuration")
    g.add_argument("--method", choices=method_names(), help=f"scoring system (default: {d.method})")
    g.add_argument("--preset", default=None, choices=sorted(PRESETS),
                   help="a paper's own configuration (options not given take the preset's values)")
    def owner(opt) -> str:
        return ("options of several methods" if len(opt.methods) > 1 else
                f"options of method {opt.methods[0]}" if opt.methods else f"options of matcher {opt.matchers[0]}")

    order = ["options of several methods", *(f"options of method {m}" for m in method_names()),
             *(f"options of matcher {m}" for m in matcher_names())]  # the groups in registration order
    owners = {opt.name: owner(opt) for opt in declared().values()}
    groups = {name: p.add_argument_group(name) for name in order if name in owners.values()}
    for opt in declared().values():
        several = len(opt.methods) + len(opt.matchers) > 1
        help_text = (opt.describe() + (f" (read by {opt.reader_list()})" if several else "")).replace("%", "%%")
        choices = sorted(matcher_names()) if opt.name == "matcher" else (list(opt.choices) or None)
        _add_flag(groups[owners[opt.name]], opt, help_text, choices)


def _add_flag(group, opt, help_text: str, choices) -> None:
    """``--name`` (``--no-name`` for a switch that is on by default), default None = not given."""
    flag = "--" + opt.name.replace("_", "-")
    if opt.type is bool:
        negate = bool(opt.default)  # on by default: the flag turns it off
        group.add_argument("--no-" + flag[2:] if negate else flag, dest=opt.name, default=None,
                           action="store_false" if negate else "store_true",
                           help=("turn off: " if negate else "") + help_text)
        return
    group.add_argument(flag, type=opt.type if opt.type in (int, float) else None, choices=choices, help=help_text)


def _config(args) -> PyramidConfig:
    given = {name: getattr(args, name) for name in PyramidConfig.option_names()
             if name != "preset" and getattr(args, name, None) is not None}
    return PyramidConfig.from_preset(getattr(args, "preset", None), **given)


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

            rows = [Example.at(dict(r), f"{path}: row {n}") for n, r in enumerate(datasets.load_from_disk(path), 1)]
        except Exception as exc:
            raise InputError(f"{path}: not a datasets folder ({exc})") from None
    elif path.endswith(".csv"):
        import io

        with open(path, "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise InputError(f"{path}: line {line}: {_not_utf8(exc)}") from None
        reader = csv.DictReader(io.StringIO(text, newline=""))
        for n, row in enumerate(reader, 1):
            _check_csv_row(path, n, reader, row)
            refs = row.get("references", "")
            if refs.startswith("["):
                try:
                    refs = json_value(refs, f"{path}: row {n} (line {reader.line_num}), references")
                except InputError:
                    pass  # a text that starts with "[": kept as the text
            rows.append(Example.at({**row, "references": refs}, f"{path}: row {n} (line {reader.line_num})"))
    else:
        with open(path, "rb") as f:
            for n, raw in enumerate(f, 1):
                line = _decode_line(path, n, raw)
                if line.strip():
                    rows.append(Example.at(json_value(line, f"{path}:{n}"), f"{path}: line {n}"))
    for n, r in enumerate(rows, 1):
        if not isinstance(r, dict):
            raise InputError(f"{path}: example {n} is not an object")
        if isinstance(r.get("id"), float) and r["id"] != r["id"] or r.get("id") in (float("inf"), float("-inf")):
            raise InputError(f"{path}: example {n} has id {r['id']}, which JSON cannot hold; give ids as "
                             "strings or whole numbers")
        missing = [k for k in required if k not in r]
        if missing:
            raise InputError(f"{path}: example {n} lacks {missing}; each example needs {' and '.join(required)}")
    if not rows:
        raise InputError(f"{path}: no examples")
    return rows


def _not_utf8(exc: UnicodeDecodeError) -> str:
    data = exc.object
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"
    return (f"not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be decoded); "
            "save the file as UTF-8 (Latin-1 or UTF-16 files are not read)")


def _decode_line(path: str, n: int, raw: bytes) -> str:
    """A line of a JSONL file as text, or an InputError naming the file and line when it is not UTF-8."""
    try:
        return raw.decode("utf-8-sig" if n == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}:{n}: {_not_utf8(exc)}") from None


def json_value(text: str, where: str):
    """The value of one JSON text, strictly: NaN and Infinity are refused; an error names ``where``."""
    from .io import strict_json

    return strict_json(text, where, InputError)


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
        self._target = atomic_path(path)

    def __enter__(self):
        self.file = open(self._target.__enter__(), "w", encoding="utf-8")
        return self.file

    def __exit__(self, exc_type, exc, tb):
        self.file.close()
        return self._target.__exit__(exc_type, exc, tb)


def _score_rows(args, rows, explain: bool):
    from .scorer import PyramidScorer

    scorer = PyramidScorer(_config(args))
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    srcs = [r.get("source") for r in rows] if any("source" in r for r in rows) else None
    try:
        results = scorer.score(preds, refs, srcs, progress=None, jackknife=getattr(args, "jackknife", False))
    except (ValueError, TypeError) as exc:
        raise InputError(located(str(exc), rows)) from None
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
        # the SCUs' contributors and the model summaries, for the methods that read them (refpyramid, APE)
        given = dict(references=[list(f[1].summaries) for f in flat],
                     scu_contributors=[f[1].contributors() for f in flat]) if scorer.method.scus_use_references else {}
        scored = scorer.score([f[0] for f in flat], scus=[f[1].labels() for f in flat],
                              scu_weights=[f[1].weights() for f in flat], **given)
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
    return results, scorer.human_pyramid_signature(f"file({name})", jackknife, [r.pyramid for r in results])


def _example_id(row: dict):
    """An example's name in the output: its ``id``, else its ``instance_id`` (the key ``--pyramids`` uses)."""
    return row.get("id", row.get("instance_id"))


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
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # a temporary path (see _run)
    try:
        for r, res in zip(rows, results):
            rec = {"id": _example_id(r), "score": res.score, "signature": sig}
            if res.precision is not None:  # the default method's precision side (its recall is the score)
                rec.update(precision=res.precision, recall=res.score, f1=res.f1)
            if args.explain:
                rec["explanation"] = res.explanation()
            out.write(json.dumps(rec, ensure_ascii=False, allow_nan=False) + "\n")
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
    examples = _report_examples(rows, results)
    with atomic_output(args.output) as f:
        f.write(html_report(examples, sig))
    print(f"wrote {args.output} ({len(results)} examples)", file=sys.stderr)
    return 0


def _report_examples(rows: List[dict], results) -> List[dict]:
    """What the HTML report shows of each example: its explanation, id, references and source."""
    from .scorer import SOURCE_SEPARATOR

    def texts(x):
        return [x] if isinstance(x, str) else [t for t in (x or []) if isinstance(t, str)]

    return [{"explanation": res.explanation(), "name": _example_id(r), "references": texts(r.get("references")),
             "source": SOURCE_SEPARATOR.join(texts(r.get("source"))) or None} for r, res in zip(rows, results)]


def cmd_compare(args) -> int:
    """Score several systems on the same examples: means with bootstrap 95% intervals and paired tests of
    each system against the baseline (the first file, or ``--baseline``)."""
    from .metaeval import bootstrap_interval
    from .stats import DEFAULT_SAMPLES, paired_test

    if args.plot:  # fail before the scoring, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InputError(PLOT_NEEDS_MATPLOTLIB) from None
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
    base_ids = [_example_id(r) for r in all_rows[baseline]]
    for path, rows in all_rows.items():  # paired tests need example i to be the same example in every file
        ids = [_example_id(r) for r in rows]
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
        raise InputError(PLOT_NEEDS_MATPLOTLIB) from None
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

    method = _config(args).method
    if method in ("be", "rouge"):
        units = "Basic Elements" if method == "be" else "n-grams"
        raise InputError(f"--method {method}: its pyramid units are {units}, not content units a person "
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
    from ._hook import register, register_download

    print(register())
    download = register_download()  # None without evaluate installed
    if download is not None:
        print(download)
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

    r = sub.add_parser("register", help="make evaluate.load('pyramid') work offline and quietly (writes the "
                       "module script into evaluate's caches)")
    r.set_defaults(func=cmd_register)
    return p


# The file each command writes: checked before any scoring, and written atomically (the ``explain`` report
# through atomic_output; the others into a temporary file renamed over the target when the command succeeds).
CHECKED_OUTPUTS = {"score": "output", "explain": "output", "compare": "plot"}


def _inputs(args) -> List[str]:
    """The files a command reads."""
    given = [getattr(args, "input", None), getattr(args, "pyramids", None), *(getattr(args, "systems", None) or [])]
    return [p for p in given if p]


def refuse_overwriting_inputs(args) -> None:
    """An InputError when the file a command writes is one of the files it reads (by path or by inode)."""
    target = getattr(args, "output", None) or getattr(args, "plot", None)
    if not target:
        return
    for path in _inputs(args):
        same = os.path.realpath(path) == os.path.realpath(target)
        if not same and os.path.exists(path) and os.path.exists(target):
            same = os.path.samefile(path, target)
        if same:
            raise InputError(f"{target}: is the input file {path}; writing it would replace your data "
                             "(give another output file)")


def _run(args) -> int:
    refuse_overwriting_inputs(args)
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


def _warning_printer(command: str):
    """``warnings.showwarning`` for the command line: one line, no source line."""
    def show(message, category, filename, lineno, file=None, line=None):
        print(f"pyramid-metric {command}: warning: {message}", file=sys.stderr)
    return show


class Terminated(Exception):
    """SIGTERM, raised in the main thread so that temporary outputs are removed as on any other error."""


def _terminate(signum, frame):
    raise Terminated()


def _on_sigterm():
    """Turn SIGTERM into :class:`Terminated` while a command runs (main thread only); returns the previous handler."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _terminate)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings():
        warnings.showwarning = _warning_printer(args.command)
        return _main(args)


def _main(args) -> int:
    import signal

    previous = _on_sigterm()
    try:
        return _run(args)
    except KeyboardInterrupt:
        print(f"pyramid-metric {args.command}: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print(f"pyramid-metric {args.command}: terminated", file=sys.stderr)
        return 143
    except RecursionError:
        print(f"pyramid-metric {args.command}: error: an input is nested too deeply to read", file=sys.stderr)
        return EXIT_BAD_INPUT
    except InputError as exc:
        print(f"pyramid-metric {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (ValueError, TypeError) as exc:
        print(f"pyramid-metric {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # e.g. an output path in a missing folder
        print(f"pyramid-metric {args.command}: error: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
