"""A plug-in matcher with one option of its own, declared in this file only: the option reaches the matcher
and appears in evaluate's compute() keywords, the command line's --help and the signature."""
import json
from typing import Sequence

import numpy as np
import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.match import Matcher, register_matcher
from pyramid_metric.options import Option


class PowerOverlapMatcher(Matcher):
    """phi(c, p) = (|words of p found in c| / |words of p|) ** toy_power."""

    name = "toy-overlap"

    def __init__(self, toy_power: float = 1.0):
        self.power = toy_power

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        out = np.zeros((len(summary), len(pyramid)))
        for i, c in enumerate(summary):
            have = {w.lower() for w in c.words}
            for j, p in enumerate(pyramid):
                words = [w.lower() for w in p.words]
                out[i, j] = (sum(w in have for w in words) / len(words)) ** self.power if words else 0.0
        return out

    def signature(self) -> str:
        return f"toy-overlap(power:{self.power:g})"


register_matcher("toy", PowerOverlapMatcher, options=(
    Option("toy_power", (), float, 1.0, help="exponent of the toy overlap similarity"),))

PRED = ["Schools closed on Friday."]
REFS = [["Schools closed on Monday and Friday after the storm."]]


def test_option_reaches_the_matcher_and_moves_the_score():
    s1 = PyramidScorer(method="refpyramid", matcher="toy", segmenter="sentence")
    s2 = PyramidScorer(method="refpyramid", matcher="toy", segmenter="sentence", toy_power=2.0)
    assert s1.method.matcher.power == 1.0 and s2.method.matcher.power == 2.0
    # one reference EDU of 9 words, 4 found: presence 4/9 (power 1) or 16/81 (power 2)
    a, b = s1.score(PRED, REFS)[0].score, s2.score(PRED, REFS)[0].score
    assert a > b > 0
    with pytest.raises(ValueError, match="`toy_power`=2.0 has no effect with method='refpyramid'"):
        PyramidScorer(method="refpyramid", toy_power=2.0)  # the default matcher does not read it
    with pytest.raises(TypeError, match="`toy_power` must be a float"):
        PyramidScorer(method="refpyramid", matcher="toy", toy_power="high")


def test_option_in_the_signature_and_back():
    scorer = PyramidScorer(method="refpyramid", matcher="toy", segmenter="sentence", toy_power=2.0)
    sig = scorer.signature()
    assert "|matcher:toy-overlap(power:2)|" in sig and "|toy_power:2.0|" in sig
    assert PyramidConfig.from_signature(sig) == scorer.config


def test_option_in_evaluate_compute():
    from pyramid_metric.hf import Pyramid

    metric = Pyramid()
    out = metric.compute(predictions=PRED, references=REFS, matcher="toy", segmenter="sentence", toy_power=2.0)
    assert "toy_power:2.0" in out["signature"]
    expected = PyramidScorer(method="refpyramid", matcher="toy", segmenter="sentence", toy_power=2.0)
    assert out["scores"] == [r.score for r in expected.score(PRED, REFS)]


def test_option_in_cli_help_and_run(capsys, tmp_path):
    from pyramid_metric.cli import main

    with pytest.raises(SystemExit):
        main(["score", "--help"])
    help_text = capsys.readouterr().out
    assert "options of matcher toy:" in help_text and "--toy-power TOY_POWER" in help_text
    assert "exponent of the toy overlap similarity" in help_text
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"prediction": PRED[0], "references": REFS[0]}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(path), "--matcher", "toy", "--segmenter", "sentence", "--toy-power", "2",
                 "-o", str(out)]) == 0
    assert "toy_power:2.0" in out.read_text(encoding="utf-8")
