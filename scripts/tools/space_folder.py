"""Write a Hugging Face Space folder that installs on a machine that reaches only PyPI.

    python scripts/tools/space_folder.py OUT

The package is not on PyPI, and a Space holds only its own folder: OUT gets the metric card's files
(README.md with the Space's front matter, app.py, pyramid.py), the package's wheel built from this checkout,
and a requirements.txt that installs that wheel with its ``[space]`` extra (gradio); everything else comes
from PyPI.  Building the wheel needs hatchling (in the ``[test]`` extra; otherwise pip fetches it from PyPI).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CARD_FILES = ("README.md", "app.py", "pyramid.py")


def build_wheel(out: Path) -> Path:
    """The package's wheel, built from this checkout into ``out``."""
    cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)]
    if _has_hatchling():
        cmd.append("--no-build-isolation")  # offline: the installed hatchling builds it
    subprocess.run(cmd, check=True)
    wheels = sorted(out.glob("pyramid_metric-*.whl"))
    if len(wheels) != 1:
        raise RuntimeError(f"expected one pyramid_metric wheel in {out}, found {[w.name for w in wheels]}")
    return wheels[0]


def _has_hatchling() -> bool:
    import importlib.util

    return importlib.util.find_spec("hatchling") is not None


def requirements(wheel: Path) -> str:
    """requirements.txt of the Space: the wheel beside it, with the demo extra; torch pinned as in the README."""
    return ("# Installs the package from the wheel in this folder (it is not on PyPI), with its demo extra (gradio);\n"
            "# the rest comes from PyPI.\n"
            "torch==2.13.0\n"
            f"./{wheel.name}[space]\n")


def write_space(out: Path) -> Path:
    """Fill ``out`` (created if missing) with the Space's files; return the wheel's path."""
    out.mkdir(parents=True, exist_ok=True)
    for name in CARD_FILES:
        shutil.copy(ROOT / "metric_card" / name, out / name)
    for old in out.glob("pyramid_metric-*.whl"):
        old.unlink()
    wheel = build_wheel(out)
    (out / "requirements.txt").write_text(requirements(wheel), encoding="utf-8")
    return wheel


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the Space folder to write")
    args = parser.parse_args(argv)
    wheel = write_space(Path(args.out))
    print(f"wrote {args.out}: {', '.join(CARD_FILES)}, requirements.txt, {wheel.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
