"""Shipped weights: safetensors files with a JSON config whose sha256 is recorded at save and verified at load,
and the checked loading of those tensors into a model."""
from __future__ import annotations

import datetime
import hashlib
import json
import os
from pathlib import Path
from typing import Iterable, Union


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


def save_checked_weights(tensors: dict, config: dict, directory: Union[str, os.PathLike], name: str,
                         **fields) -> Path:
    """Write ``<name>.safetensors`` (tensors only, never a pickle) and ``<name>.json``; returns the JSON path.

    The JSON is ``config`` plus the file name, its sha256 and size, the date (``config["date"]`` when given)
    and ``fields``.  The tensor file is made world-readable: safetensors writes it 0600 and it ships in the wheel.
    """
    from safetensors.torch import save_file

    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    tensor_path = directory / f"{name}.safetensors"
    save_file({k: v.detach().contiguous().cpu() for k, v in tensors.items()}, str(tensor_path))
    os.chmod(tensor_path, 0o644)
    config = dict(config)
    config.update({"name": name, "weights_file": tensor_path.name, "sha256": sha256_file(tensor_path),
                   "size_bytes": tensor_path.stat().st_size,
                   "date": config.get("date") or datetime.date.today().isoformat(), **fields})
    json_path = directory / f"{name}.json"
    json_path.write_text(json.dumps(config, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return json_path


def load_trained_tensors(module, tensors: dict, expected: Iterable[str], error: type, what: str,
                         shape_hint: str = "") -> None:
    """Load shipped ``tensors`` into a torch ``module``: exactly the ``expected`` names, each of the module's shape.

    Raises ``error`` naming the missing, unexpected or misshapen tensors (``shape_hint`` is added to a shape
    message).  Tensors are cast to the module's dtypes; the other parameters (frozen pretrained ones) are left as
    they are.
    """
    own = module.state_dict()
    expected = set(expected)
    missing, unexpected = sorted(expected - set(tensors)), sorted(set(tensors) - expected)
    if missing or unexpected:
        raise error(f"{what} weights do not match the model: missing {missing[:3]}, unexpected {unexpected[:3]}")
    for k, v in tensors.items():
        if tuple(v.shape) != tuple(own[k].shape):
            raise error(f"{what} weight {k} has shape {tuple(v.shape)}, expected {tuple(own[k].shape)}{shape_hint}")
    module.load_state_dict({k: v.to(own[k].dtype) for k, v in tensors.items()}, strict=expected == set(own))
