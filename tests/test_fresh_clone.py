"""The tests that guard correctness run on a fresh clone: their data ships in tests/data, and no file of the
repository points at a folder of one machine."""
import subprocess
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parent.parent


def test_correctness_fixtures_read_only_shipped_slices(realsumm_rows, gumsum_dev):
    assert len(realsumm_rows) == 4 and len(gumsum_dev) == 8
    assert conftest.TEST_DATA == ROOT / "tests" / "data"
    files = [p for p in (ROOT / "tests" / "data").rglob("*") if p.is_file()]
    assert {"realsumm_dev_first4.jsonl", "gumsum_dev_slice.jsonl", "README.md"} <= {p.name for p in files}
    assert sum(p.stat().st_size for p in files) < 2_000_000  # small slices, not data sets


def test_no_absolute_machine_path_in_the_repository():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not tracked:  # not a git checkout (e.g. an unpacked source archive): check the tests folder
        tracked = [str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("*.py")]
    machine = "/" + "work/"  # the development machine's folder, spelled so this file does not hold it
    holders = [f for f in tracked if (ROOT / f).is_file() and machine in (ROOT / f).read_text("utf-8", "replace")]
    assert holders == []
