"""What the README tells a newcomer is true: the first screen says what a score means and gives the two
commands; a fallback install line when PyTorch's index is unreachable; what needs the Hub; the options table's
defaults are the registry's; the derivation lives in docs/methods.md."""
import re
from pathlib import Path

from pyramid_metric.options import METHODS, declared

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BASH = re.findall(r"^```bash[ \t]*\n(.*?)^```", README, re.S | re.M)


def test_first_screen_says_what_a_score_means_and_gives_the_two_commands():
    first = README[:README.index("## ")]
    assert "0.45" in first and "recall" in first
    assert "pyramid-metric demo" in first and "python -m pytest -q" in first
    assert "knapsack" not in first  # the derivation is in docs/methods.md
    methods = (ROOT / "docs" / "methods.md").read_text(encoding="utf-8")
    assert "## The default, step by step" in methods and "knapsack" in methods.split("## The default, step by step")[1]


def test_a_fallback_install_line_from_pypi_alone():
    plain = [b for b in BASH if re.search(r"pip install torch==[\d.]+ ", b) and "--index-url" not in b]
    assert plain and "pip install ." in plain[0]


def test_combine_with_rouge_is_not_promised_offline():
    for sentence in re.split(r"(?<=[.;])\s", README):
        if "combine" in sentence and "rouge" in sentence:
            assert "Hub" in sentence, sentence
    assert "runs unchanged, also in\n`evaluate.combine([\"rouge\"" not in README


def test_options_table_names_each_methods_default_matcher():
    declared()
    row = next(line for line in README.splitlines() if line.startswith("| `matcher` |"))
    default = row.split("|")[2]
    for method, plugin in METHODS.items():
        matcher = plugin.resolved("matcher")
        if matcher is not None:
            assert f'"{matcher}"' in default, (method, matcher)
    assert "recall for refpyramid" not in README


def test_options_table_agrees_with_the_registry():
    options = declared()
    rows = [line.split("|")[1:4] for line in README.splitlines() if line.startswith("| `")]
    checked = 0
    for name_cell, default_cell, values_cell in rows:
        name = name_cell.strip().strip("`")
        option = options.get(name)
        if option is None or name == "matcher":
            continue
        if option.default is not None:
            assert f'"{option.default}"' in default_cell or f"`{option.default}`" in default_cell, name
        if option.choices:
            for value in re.findall(r'`"([^"`]+)"`', values_cell):
                assert value in option.choices, (name, value)
        checked += 1
    assert checked >= 4
