"""The package's import graph has no circle (an ast walk over pyramid_metric/, imports inside functions included).

An arrow A -> B means a module A imports module B (``from B import name`` or ``from package import B``); an
import of a package above A (always already being imported) is no arrow.  A circle would mean two modules
that can only be read, and imported alone, together.
"""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "pyramid_metric"


def _modules(root: Path = PACKAGE) -> dict:
    """{"pyramid_metric.x.y": path} for every module; a package is named by its ``__init__.py``."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = (root.name,) + path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _targets(node, name: str, is_package: bool, modules: dict):
    """The package modules one import statement of module ``name`` reads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in modules]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module or ""
    found = [f"{origin}.{a.name}" for a in node.names if f"{origin}.{a.name}" in modules]
    return found or ([origin] if origin in modules else [])


def import_graph(root: Path = PACKAGE) -> dict:
    """{module: set of package modules it imports}, without arrows to its own enclosing packages."""
    modules = _modules(root)
    graph = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        arrows = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                arrows.update(_targets(node, name, is_package, modules))
        graph[name] = {t for t in arrows if t != name and not name.startswith(t + ".")}
    return graph


def circles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_walk_sees_the_package():
    graph = import_graph()
    assert "pyramid_metric.match.presence_inputs" in graph["pyramid_metric.match.presence_model"]
    assert "pyramid_metric.text" in graph["pyramid_metric.match.presence_inputs"]


def test_a_circle_is_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_in_the_package():
    assert circles(import_graph()) == []
