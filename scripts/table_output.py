"""The shared end of the correlation scripts: each row's signature, then the table as JSON when asked.

    from table_output import finish_table
"""
from __future__ import annotations

import json
from typing import List, Optional


def finish_table(table: List[dict], json_path: Optional[str]) -> None:
    """Print each row's signature (``row``, ``signature`` keys) and write ``table`` to ``json_path`` if given."""
    for t in table:
        print(f"- {t['row']}: `{t['signature']}`")
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(table, f, indent=1)
