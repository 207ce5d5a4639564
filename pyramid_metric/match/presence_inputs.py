"""What the learned presence model reads: window sizes, the text it sees, packed sequences, its weights error.

The layer below both :mod:`pyramid_metric.match.learned` (the matcher: loading, caching, scoring) and
:mod:`pyramid_metric.match.presence_model` (the torch module): neither imports torch nor the other.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

MAX_POSITIONS = 512    # the encoder's position limit: a packed sequence never exceeds it
# Summary word pieces per window ([CLS] and [SEP] excluded): the longest REALSumm dev summary has 202, so
# training saw whole summaries; wider windows over long texts dilute the unit's attention (a fact at the
# end of 600 words of news: P = 0.23 with 320-piece windows, 0.88 with 208; absent unit 0.14 / 0.31).
WINDOW = 208
STRIDE = 160           # window start step; WINDOW - STRIDE pieces of overlap
MAX_UNIT_PIECES = MAX_POSITIONS - WINDOW - 3  # so that one window and one unit always fit in a sequence
N_LEXICAL = 2


class PresenceWeightsError(ValueError):
    """The shipped presence-model weights are missing, corrupted or do not match their config."""


def normalize(text: str) -> str:
    """The text the model sees: PTB escapes, ``<t>`` tags, HTML entities and control characters cleaned."""
    from ..text import clean_text

    return " ".join(clean_text(text).split())


def pack(summary_ids: Sequence[int], units: Sequence[Tuple[object, Sequence[int]]], cls_id: int, sep_id: int,
         max_len: int = MAX_POSITIONS) -> List[dict]:
    """Packed sequences for one summary window and its units: ``[CLS] s [SEP] u_1 [SEP] ... u_k [SEP]``.

    ``units`` are (key, piece ids) pairs.  Each returned chunk is a dict of
    ``ids``, ``pos`` (positions: the summary from 0, every unit restarting
    right after the summary), ``typ`` (token types: 0 summary, 1 unit),
    ``blk`` (0 for the summary, i for the i-th unit of the chunk) and ``keys``
    (the units' keys in order).  Units go into a new chunk, with the summary
    repeated, when the next one would pass ``max_len``.
    """
    head = [cls_id] + list(summary_ids) + [sep_id]
    n0 = len(head)
    chunks: List[dict] = []
    cur: Optional[dict] = None
    for key, ids in units:
        u = list(ids) + [sep_id]
        if n0 + len(u) > max_len:
            raise ValueError(f"a window of {len(summary_ids)} pieces and a unit of {len(ids)} pieces do not fit "
                             f"in {max_len} positions")
        if cur is None or len(cur["ids"]) + len(u) > max_len:
            cur = {"ids": list(head), "pos": list(range(n0)), "typ": [0] * n0, "blk": [0] * n0, "keys": []}
            chunks.append(cur)
        b = len(cur["keys"]) + 1
        cur["ids"] += u
        cur["pos"] += range(n0, n0 + len(u))
        cur["typ"] += [1] * len(u)
        cur["blk"] += [b] * len(u)
        cur["keys"].append(key)
    return chunks


__all__ = ["MAX_POSITIONS", "MAX_UNIT_PIECES", "N_LEXICAL", "STRIDE", "WINDOW", "PresenceWeightsError", "normalize",
           "pack"]
