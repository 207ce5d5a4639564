"""Shared test fixtures: where the development data lives (../shared/data from the project root)."""
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _data_dir() -> Path:
    for cand in (os.environ.get("PYRAMID_DATA"), ROOT.parent / "shared" / "data", Path("/work/shared/data")):
        if cand and Path(cand).is_dir():
            return Path(cand)
    return ROOT.parent / "shared" / "data"


DATA = _data_dir()
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def need_data(*parts):
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"development data {path} is not available")
    return path


@pytest.fixture
def realsumm_rows():
    import json

    path = need_data("realsumm", "realsumm_dev.jsonl")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture
def gumsum_dev():
    import json

    path = need_data("gumsum", "gumsum_dev.jsonl")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]
