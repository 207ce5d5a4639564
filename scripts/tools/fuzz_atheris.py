#!/usr/bin/env python
"""Coverage-guided fuzzing of the public API with atheris (libFuzzer for Python).

Each input is split by ``atheris.FuzzedDataProvider`` into a configuration choice, a prediction, one
to three references and a source (random Unicode, control characters, empty strings included), and
sometimes a wrong type.  The invariant checked on every input: ``PyramidScorer.score`` returns a float
in [0, 1] that is not NaN, or raises ``ValueError``/``TypeError`` (the documented exceptions for bad
input).  Anything else -- another exception, NaN, a score out of range -- is a crash that atheris
reports with the input that caused it.

    pip install atheris
    python scripts/tools/fuzz_atheris.py -atheris_runs=2000      # stops after 2,000 inputs, prints the count

``tests/test_robustness.py`` runs it for a few hundred inputs when atheris is installed.
"""
from __future__ import annotations

import math
import sys

import atheris

with atheris.instrument_imports():  # coverage feedback from the package's own modules
    import pyramid_metric.extract  # noqa: F401
    import pyramid_metric.methods  # noqa: F401
    import pyramid_metric.scorer  # noqa: F401
    import pyramid_metric.text  # noqa: F401
    from pyramid_metric import PyramidScorer

CONFIGS = [dict(), dict(method="hirao", extract="rouge"), dict(method="hirao", extract="align"),
           dict(method="refpyramid", matcher="recall"), dict(method="be"), dict(method="rouge")]
WRONG = [None, 3, b"bytes", ["nested"], {"a": 1}, 2.5]
_scorers: dict = {}
tried = {"inputs": 0}


def scorer(i: int) -> PyramidScorer:
    if i not in _scorers:
        _scorers[i] = PyramidScorer(**CONFIGS[i])
    return _scorers[i]


def text(fdp: atheris.FuzzedDataProvider):
    if fdp.ConsumeIntInRange(0, 30) == 0:
        return WRONG[fdp.ConsumeIntInRange(0, len(WRONG) - 1)]
    return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 300))


def one_input(data: bytes) -> None:
    tried["inputs"] += 1
    fdp = atheris.FuzzedDataProvider(data)
    cfg = fdp.ConsumeIntInRange(0, len(CONFIGS) - 1)
    pred = text(fdp)
    refs = [text(fdp) for _ in range(fdp.ConsumeIntInRange(1, 3))]
    src = text(fdp)
    try:
        result = scorer(cfg).score([pred], [refs], [src])
    except (ValueError, TypeError):
        return
    s = result[0].score
    if not (isinstance(s, float) and not math.isnan(s) and 0.0 <= s <= 1.0):
        raise AssertionError(f"score {s!r} out of [0, 1] for config {CONFIGS[cfg]}")


def main() -> None:
    import atexit

    atexit.register(lambda: print(f"atheris: {tried['inputs']} inputs tried, no invariant broken",
                                  file=sys.stderr))
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
