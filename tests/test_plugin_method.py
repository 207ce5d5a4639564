"""A plug-in scoring method with one option of its own, declared in this file only (one ``register_method`` call,
made here in a fixture so that it can be undone): the method and its option appear in evaluate's compute()
keywords, the command line's --help and the signature, and it scores."""
import json
import subprocess
import sys
from typing import List, Sequence

import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.methods import Method, register_method
from pyramid_metric.options import Option
from pyramid_metric.pyramid import Pyramid, scu_pyramid
from pyramid_metric.scoring import ScoreResult, capped


class WordCoverageMethod(Method):
    """Score = share of the reference's distinct lower-cased words (longer than ``toy_min_len`` - 1 characters)
    that the summary contains: one unit per word, weight 1."""

    name = "toy-coverage"
    needs_sources = False

    def build_many(self, references, sources) -> List[Pyramid]:
        n = self.config.get("toy_min_len")
        return [scu_pyramid(sorted({w.strip(".,").lower() for r in refs for w in r.split()
                                    if len(w.strip(".,")) >= n}), None) for refs in references]

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        out = []
        for pred, pyr in zip(predictions, pyramids):
            have = {w.strip(".,").lower() for w in pred.split()}
            units = [u.text for u in pyr.units]
            hit = [j for j, u in enumerate(units) if u in have]
            score, notes = capped(float(len(hit)), float(len(units)), "the number of reference words")
            out.append(ScoreResult(score, float(len(hit)), float(len(units)), (),
                                   tuple(j for j in range(len(units)) if j not in hit), notes))
        return out


@pytest.fixture(autouse=True, scope="module")
def toy_method():
    """The registration, as a plug-in's module makes it; removed after this file's tests, so that the tests
    that list every method see only the built-in ones."""
    from pyramid_metric import options

    register_method("toy-coverage", WordCoverageMethod, help="share of the reference's words in the summary (a test)",
                    options=(Option("toy_min_len", (), int, 1, bounds=(1, 100),
                                    help="shortest word that counts, in characters"),))
    yield
    del options.METHODS["toy-coverage"], options.OPTIONS["toy_min_len"]

PRED = ["Schools closed on Friday."]
REFS = [["Schools closed on Monday and Friday."]]


def test_the_option_reaches_the_method_and_moves_the_score():
    # reference words: schools closed on monday and friday; the summary has schools, closed, on, friday
    assert PyramidScorer(method="toy-coverage").score(PRED, REFS)[0].score == pytest.approx(4 / 6)
    # words of >= 4 characters: schools closed monday friday; the summary has 3 of them
    assert PyramidScorer(method="toy-coverage", toy_min_len=4).score(PRED, REFS)[0].score == pytest.approx(3 / 4)
    with pytest.raises(ValueError, match="`toy_min_len`=4 has no effect with method='refpyramid'"):
        PyramidScorer(method="refpyramid", toy_min_len=4)
    with pytest.raises(ValueError, match="`toy_min_len` must be an int in"):
        PyramidScorer(method="toy-coverage", toy_min_len=0)


def test_the_option_is_in_the_signature_and_back():
    scorer = PyramidScorer(method="toy-coverage", toy_min_len=4)
    sig = scorer.signature()
    assert sig.startswith("method:toy-coverage|") and "|toy_min_len:4|" in sig
    assert PyramidConfig.from_signature(sig) == scorer.config


def test_the_method_and_option_are_compute_keywords():
    from pyramid_metric.hf import Pyramid, _compute_signature
    from pyramid_metric.options import options_doc

    metric = Pyramid()
    out = metric.compute(predictions=PRED, references=REFS, method="toy-coverage", toy_min_len=4)
    assert out["scores"] == [pytest.approx(3 / 4)] and "toy_min_len:4" in out["signature"]
    # the generated keyword parameters and their documentation (evaluate's _KWARGS_DESCRIPTION) name both
    assert "toy_min_len" in _compute_signature().parameters
    doc = " ".join(options_doc().split())  # unwrapped
    assert "toy_min_len (`int`, read by toy-coverage, default `1`): shortest word that counts" in doc
    assert '`"toy-coverage"`: share of the reference\'s words in the summary (a test)' in doc


def test_the_method_and_option_are_in_the_cli_help_and_run(capsys, tmp_path):
    from pyramid_metric.cli import main

    with pytest.raises(SystemExit):
        main(["score", "--help"])
    help_text = capsys.readouterr().out
    assert "options of method toy-coverage:" in help_text and "--toy-min-len TOY_MIN_LEN" in help_text
    assert "shortest word that counts, in characters" in help_text and "toy-coverage" in help_text
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"prediction": PRED[0], "references": REFS[0]}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(path), "--method", "toy-coverage", "--toy-min-len", "4", "-o", str(out)]) == 0
    row = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert row["score"] == pytest.approx(3 / 4) and "toy_min_len:4" in row["signature"]


def test_importing_the_package_and_the_cli_help_import_no_torch():
    code = ("import sys, pyramid_metric\n"
            "from pyramid_metric import PyramidConfig\n"
            "PyramidConfig(method='hirao')\n"
            "from pyramid_metric.cli import main\n"
            "try:\n    main(['score', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
