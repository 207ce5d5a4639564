"""The documentation's Python examples run: every ```python block of README.md, docs/*.md and the metric card.

Convention: a block runs as written, on its own (a fresh namespace, the working directory a temporary
folder), unless its first line is a comment starting with ``# not run`` (say why, e.g.
``# not run: needs a trained model; tests/test_trainer.py runs this path``). A block may end with bare
expressions (``out["pyramid"]  # ...``): they are evaluated like the other statements.
"""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIP_MARK = "# not run"
FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def python_blocks(path: Path):
    """(first line number, code) of each ```python block of a markdown file."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in FENCE.finditer(text)]


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "metric_card" / "README.md"]
BLOCKS = [pytest.param(path, line, code, id=f"{path.relative_to(ROOT)}:{line}",
                       marks=[pytest.mark.skip(reason=code.splitlines()[0].lstrip("# "))]
                       if code.lstrip().startswith(SKIP_MARK) else [])
          for path in DOCS for line, code in python_blocks(path)]


def test_blocks_are_found():
    assert any(p.values[0].name == "README.md" for p in BLOCKS), "README.md has no python block"
    assert FENCE.findall("```python\nx = 1\n```\n") == ["x = 1\n"]


@pytest.mark.parametrize("path, line, code", BLOCKS)
def test_python_block_runs(path, line, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    # compile with the markdown file's line numbers, so a failure points into the document
    compiled = compile("\n" * (line - 1) + code, str(path), "exec")
    exec(compiled, {"__name__": "__readme__"})
