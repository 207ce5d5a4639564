"""No function or method in the package is longer than 80 lines (an ast walk over pyramid_metric/).

A long function is split along its own steps into named helpers. Exceptions are listed here by
"path::qualified name" with the reason; there are none.
"""
import ast
from pathlib import Path

MAX_LINES = 80
PACKAGE = Path(__file__).resolve().parent.parent / "pyramid_metric"
EXCEPTIONS = {}  # "amr.py::name": "why it stays long"


def long_functions(root: Path = PACKAGE, limit: int = MAX_LINES) -> dict:
    """{"relative/path.py::Qualified.name": lines} for every function longer than ``limit`` lines (decorators
    and docstring included)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()

        def visit(node, prefix=""):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                        if child.end_lineno - first + 1 > limit:
                            found[f"{rel}::{name}"] = child.end_lineno - first + 1
                    visit(child, name + ".")
                else:
                    visit(child, prefix)

        visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_no_function_is_longer_than_80_lines():
    too_long = {k: n for k, n in long_functions().items() if k not in EXCEPTIONS}
    assert not too_long, f"functions over {MAX_LINES} lines (split them or list them in EXCEPTIONS): {too_long}"


def test_the_walk_finds_long_and_nested_functions(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(85))
    (tmp_path / "m.py").write_text(f"def short():\n    return 1\n\n\ndef outer():\n    class Inner:\n"
                                   f"        def method(self):\n" + body.replace("    ", "            ") + "\n"
                                   "    return Inner\n")
    found = long_functions(tmp_path)
    assert set(found) == {"m.py::outer", "m.py::outer.Inner.method"}
    assert found["m.py::outer.Inner.method"] == 86
