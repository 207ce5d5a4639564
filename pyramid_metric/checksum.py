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


def load_checked_weights(directory, name: str, error: type, what: str, train_hint: str):
    """(tensors, config) of ``<name>.json`` + its safetensors file, the sha256 verified before loading.

    Never unpickles. Every problem (missing file, bad JSON, checksum mismatch,
    unreadable tensors) raises ``error`` (a ValueError subclass) with a message
    naming ``what`` and the file, never a traceback from deep inside torch.
    """
    import json
    from pathlib import Path

    from safetensors.torch import load_file

    directory = Path(directory)
    json_path = directory / f"{name}.json"
    if not json_path.is_file():
        raise error(f"{what} weights config not found: {json_path} (reinstall pyramid-metric or {train_hint})")
    try:
        config = json.loads(json_path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise error(f"{what} weights config {json_path} is not valid JSON: {exc}") from exc
    tensor_path = directory / config.get("weights_file", f"{name}.safetensors")
    if not tensor_path.is_file():
        raise error(f"{what} weight file not found: {tensor_path}")
    digest = sha256_file(tensor_path)
    if digest != config.get("sha256"):
        raise error(f"{what} weight file {tensor_path} is corrupted: sha256 {digest[:12]}... does not match "
                    f"{str(config.get('sha256'))[:12]}... recorded in {json_path.name}; reinstall pyramid-metric")
    try:
        tensors = load_file(str(tensor_path))
    except Exception as exc:  # safetensors raises its own error types
        raise error(f"cannot read {what} weight file {tensor_path}: {exc}") from exc
    return tensors, config
