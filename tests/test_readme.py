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


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "metric_card" / "README.md"]
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


# --- shell blocks ------------------------------------------------------------------------------------------
# ```bash blocks are checked too: the README's test command is the one CI runs; a block made only of
# `pyramid-metric` commands runs in-process on small input files; every other `pyramid-metric` command must
# parse, and every `scripts/*.py` a block calls must exist and define each `--flag` it is given. Installs
# (pip, venv, apt) run in CI itself.
import shlex  # noqa: E402

BASH_FENCE = re.compile(r"^```bash[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def shell_blocks(path: Path):
    """(first line number, text) of each ```bash block of a markdown file."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in BASH_FENCE.finditer(text)]


def shell_commands(block: str):
    """The commands of a shell block as argument lists: continuation lines joined, comments, `[optional]`
    parts and `VAR=value` prefixes dropped, `&&` chains split."""
    joined = re.sub(r"\\\n\s*", " ", block)
    commands = []
    for line in joined.splitlines():
        line = re.sub(r"\[[^\]]*\]", " ", line)
        try:
            tokens = shlex.split(line, comments=True)
        except ValueError:  # unbalanced quotes in a prose-like line: not a command we can check
            continue
        cmd = []
        for tok in tokens + ["&&"]:
            if tok in ("&&", "||", ";", "|"):
                while cmd and re.fullmatch(r"[A-Z_]+=.*", cmd[0]):
                    cmd.pop(0)
                if cmd:
                    commands.append(cmd)
                cmd = []
            else:
                cmd.append(tok)
    return commands


SHELL = [pytest.param(path, line, block, id=f"{path.relative_to(ROOT)}:{line}")
         for path in DOCS for line, block in shell_blocks(path)]


def _script_flags_exist(cmd):
    scripts = [i for i, tok in enumerate(cmd) if tok.endswith(".py")]
    if not scripts:
        return
    i = scripts[0]
    script = ROOT / cmd[i]
    assert script.is_file(), f"{cmd[i]} does not exist"
    source = script.read_text(encoding="utf-8")
    for tok in cmd[i + 1:]:
        if tok.startswith("--"):
            flag = tok.split("=")[0]
            assert f'"{flag}"' in source or f"'{flag}'" in source, f"{cmd[i]} has no option {flag}"


def test_shell_commands_are_found():
    assert shell_commands("a --x 1 \\\n  --y [--z w] && B=1 c # note\n# only a comment\n") == [
        ["a", "--x", "1", "--y"], ["c"]]


def test_readme_test_command_is_what_ci_runs():
    blocks = [b for _, b in shell_blocks(ROOT / "README.md") if "pytest" in b]
    assert len(blocks) == 1, "README.md should show one test command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert blocks[0].strip() in ci, "README's test command differs from .ci/run"


@pytest.mark.parametrize("path, line, block", SHELL)
def test_shell_block_commands_exist(path, line, block):
    from pyramid_metric.cli import build_parser

    commands = shell_commands(block)
    for cmd in commands:
        if cmd[0] == "pyramid-metric":  # parses: argparse exits on an unknown subcommand or option
            build_parser().parse_args(cmd[1:])
        _script_flags_exist(cmd)


def _runnable(block):
    cli = shell_commands(block)
    return bool(cli) and all(c[0] == "pyramid-metric" and c[1] not in ("demo", "register", "pyramid")
                             and "--pyramids" not in c for c in cli)  # pyramid files: tests/test_io.py


@pytest.mark.parametrize("path, line, block", [p for p in SHELL if _runnable(p.values[2])])
def test_cli_block_runs(path, line, block, tmp_path, monkeypatch, capsys):
    """A block made only of pyramid-metric commands runs, in-process, on small input files."""
    from pyramid_metric.cli import main

    cli = shell_commands(block)
    monkeypatch.chdir(tmp_path)
    example = {"references": ["A storm hit the coast and thousands of homes lost power."],
               "source": "The storm hit the coast on Monday. Thousands of homes lost power."}
    import json

    summaries = {"sysA": "The storm left thousands of homes without power.", "sysB": "The storm hit on Monday."}
    outputs = {cmd[i + 1] for cmd in cli for i, tok in enumerate(cmd[:-1]) if tok in ("-o", "--output", "--plot")}
    inputs = {tok for cmd in cli for tok in cmd[2:] if tok.endswith(".jsonl") and tok not in outputs}
    for k, name in enumerate(sorted(inputs | {"in.jsonl", "sysA.jsonl", "sysB.jsonl"})):
        summary = summaries.get(name[:-len(".jsonl")], ["The storm left thousands of homes without power.",
                                                         "The storm hit on Monday.", "Schools closed."][k % 3])
        rows = [{"id": f"ex{i}", "prediction": summary, **example} for i in range(2)]  # paired tests need 2
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    (tmp_path / "doc.txt").write_text(example["source"], encoding="utf-8")
    for cmd in cli:
        if "--plot" in cmd:
            pytest.importorskip("matplotlib")
        assert main(cmd[1:]) == 0, f"{path.name}:{line}: {' '.join(cmd)} failed: {capsys.readouterr().err}"
        for i, tok in enumerate(cmd):
            if tok in ("-o", "--output", "--plot"):
                assert (tmp_path / cmd[i + 1]).stat().st_size > 0, f"{' '.join(cmd)} wrote no {cmd[i + 1]}"


# --- links -------------------------------------------------------------------------------------------------
# Relative links of the docs point at files that exist, and #anchors at headings of the target page (GitHub's
# slugs). Pages written on other branches are listed in LINKED_LATER: a link to one of them is checked once the
# page exists in the tree.
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
LINKED_LATER = {"docs/studies/duc2007.md", "docs/align.md", "docs/robustness.md", "docs/workflow.md", "docs/methods.md"}


def slug(heading: str) -> str:
    """GitHub's anchor of a markdown heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {slug(m.group(1)) for m in re.finditer(r"^#+\s+(.*)$", text, re.M)}


def test_slug_is_githubs():
    assert slug('The learned SCU-presence matcher (`matcher="learned"`, `"learned+recall"`)') == \
        "the-learned-scu-presence-matcher-matcherlearned-learnedrecall"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(path):
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        rel = dest.relative_to(ROOT).as_posix() if dest.is_relative_to(ROOT) else str(dest)
        if not dest.exists() and rel in LINKED_LATER:
            continue
        assert dest.exists(), f"{path.relative_to(ROOT)}: link to missing {target}"
        if anchor:
            assert anchor in anchors(dest), f"{path.relative_to(ROOT)}: no heading #{anchor} in {rel}"


def test_readme_is_a_five_minute_read():
    """Under 12 KB: what it is, install, use, options, how to read a score, links. Results, derivations,
    segmenters and timings live in docs/."""
    size = len((ROOT / "README.md").read_bytes())
    assert size < 12_000, f"README.md is {size} bytes; move detail into a docs/ page"


def test_readme_installs_torch_for_cpu_from_pytorchs_index_and_names_the_gpu_command():
    quick_start = shell_blocks(ROOT / "README.md")[0][1]
    assert "pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu" in quick_start
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "plain `pip install torch==2.13.0`" in text and "GPU" in text
    assert "python metric_card/app.py" in text  # how to start the Space


def test_readme_evaluate_block_prints_when_run_as_a_script(tmp_path, monkeypatch, capsys):
    line, code = next((line, code) for line, code in python_blocks(ROOT / "README.md") if "evaluate.load" in code)
    monkeypatch.chdir(tmp_path)
    exec(compile("\n" * (line - 1) + code, "README.md", "exec"), {"__name__": "__main__"})
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= 4 and 0 <= float(out[0]) <= 1 and out[2].startswith("nrefs:1|method:refpyramid|")
