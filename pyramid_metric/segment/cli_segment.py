"""``pyramid-metric segment FILE``: print the EDUs of a text file, one per line.

Wire it into a parent parser with :func:`add_segment_arguments` and call
:func:`segment_command` with the parsed namespace; or run
``python -m pyramid_metric.segment.cli_segment FILE``.
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence, Union


def add_segment_arguments(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add ``FILE``, ``--segmenter NAME`` and ``--offsets`` to ``parser``."""
    parser.add_argument("file", help="UTF-8 text file to segment ('-' reads standard input)")
    from ..config import PyramidConfig

    parser.add_argument("--segmenter", default=PyramidConfig().segmenter,
                        help="segmenter name: transformer (default), bilstm or sentence")
    parser.add_argument("--offsets", action="store_true",
                        help="print 'start<TAB>end<TAB>text' (character offsets into the file's text)")
    return parser


def segment_command(args: Union[argparse.Namespace, Sequence[str], None] = None) -> int:
    """Segment ``args.file`` with ``args.segmenter`` and print one EDU per line; returns the exit code.

    ``args`` is a parsed namespace (see :func:`add_segment_arguments`) or an
    argv list.  Line breaks inside an EDU are printed as spaces, so each
    output line is exactly one EDU.
    """
    if not isinstance(args, argparse.Namespace):
        parser = add_segment_arguments(argparse.ArgumentParser(prog="pyramid-metric segment",
                                                               description=__doc__.splitlines()[0]))
        args = parser.parse_args(None if args is None else list(args))
    from . import SEGMENTERS, get_segmenter

    if args.segmenter not in SEGMENTERS:
        print(f"pyramid-metric segment: unknown --segmenter {args.segmenter!r}; choose one of "
              f"{', '.join(sorted(SEGMENTERS))}", file=sys.stderr)
        return 2
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"pyramid-metric segment: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1
    if not text.strip():
        print(f"pyramid-metric segment: {args.file} has no text to segment (it is empty or only whitespace)", file=sys.stderr)
        return 1
    edus = get_segmenter(args.segmenter).segment(text)
    out: List[str] = []
    for e in edus:
        line = " ".join(e.text.split())
        out.append(f"{e.start}\t{e.end}\t{line}" if getattr(args, "offsets", False) else line)
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry point for ``python -m pyramid_metric.segment.cli_segment``."""
    return segment_command(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())
