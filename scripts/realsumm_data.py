"""The REALSumm dev file the scripts read by default (``../shared/data/realsumm/realsumm_dev.jsonl``), and reading it.

    from realsumm_data import REALSUMM_DEV, add_data_argument, read_rows
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

REALSUMM_DEV = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "realsumm" / "realsumm_dev.jsonl"


def add_data_argument(ap, default: Path = REALSUMM_DEV) -> None:
    """``--data``: the REALSumm JSONL file (one example a line)."""
    ap.add_argument("--data", default=str(default), help=f"REALSumm JSONL (default {default})")


def read_rows(path, limit: Optional[int] = None) -> list:
    """The first ``limit`` examples (all when None) of a JSONL file, in file order."""
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows if limit is None else rows[:limit]
