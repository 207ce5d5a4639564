"""File checksums for shipped weights (verified at load, recorded at save)."""
from __future__ import annotations

import hashlib
import os
from typing import Union


def sha256_file(path: Union[str, os.PathLike]) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
