"""Shared test fixtures and where the test data lives.

- ``tests/data/``: small slices of public data sets shipped with the repository (sources and licenses in
  ``tests/data/README.md``); the correctness tests (formulas, methods, the contract, the evaluate module,
  the CLI) read only these, so they run on a fresh clone.
- The full development data sets, for the long data-set studies only: the folder named by ``PYRAMID_DATA``,
  else ``../shared/data`` next to the repository; a study whose data is missing skips.
"""
import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEST_DATA = ROOT / "tests" / "data"
DATA = Path(os.environ.get("PYRAMID_DATA") or ROOT.parent / "shared" / "data")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def need_data(*parts):
    """A file of the full development data (long studies only), or a skip when it is not available."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"development data {path} is not available")
    return path


def _jsonl(path: Path) -> list:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture
def realsumm_rows():
    """The first 4 REALSumm dev examples (25 system summaries each, human SCUs and scores)."""
    return _jsonl(TEST_DATA / "realsumm" / "realsumm_dev_first4.jsonl")


@pytest.fixture
def gumsum_dev():
    """The first 7 GUMSum dev documents and GUM_news_homeopathic (five human summaries each)."""
    return _jsonl(TEST_DATA / "gumsum" / "gumsum_dev_slice.jsonl")


# --- the fast tier: `pytest -m "not slow"` -------------------------------------------------------------------
# Tests that load trained models on large inputs, retrain them, score whole data sets or drive a browser are
# marked `slow` here, by node id prefix, instead of in each file (measured with
# `python -m pytest -q --durations=60`; every entry below took over ~5 s). The README's test command and CI run
# every test; `python -m pytest -q -m "not slow"` runs the rest.
SLOW = (
    "tests/test_map_num_proc.py::test_every_method_under_map_with_two_processes",  # every method's models, twice
    "tests/test_map_num_proc.py::test_map_with_workers_that_start_afresh",  # 35 s each: workers import everything
    "tests/test_space.py::test_space_folder_holds_the_wheel_its_requirements_install",  # builds the Space folder
    "tests/test_space.py::test_space_folder_serves_in_headless_chromium",  # and installs it in a fresh venv
    "tests/test_large_inputs.py::test_texts_beyond_the_supported_size_are_refused_at_once[predictions-hirao]",  # 38 s (model load)
    "tests/test_large_inputs.py::test_texts_at_the_supported_size_are_scored",  # 10 s
    "tests/test_amr_bounds.py::test_ape_and_amr_matcher_finish_under_a_memory_cap",  # 45 s each (model loads)
    "tests/test_amr_bounds.py::test_in_order_mapping_is_a_lower_bound_and_exact_on_itself",  # 16 s (spaCy load)
    "tests/test_unmeasured.py::test_references_too_short_for_a_pyramid_warn[hirao]",  # 17 s
    "tests/test_unmeasured.py::test_references_too_short_for_a_pyramid_warn[be]",  # 13 s
    "tests/test_unmeasured.py::test_hirao_reference_sharing_nothing_with_the_source_is_said",  # 11 s
    "tests/test_invisible_characters.py::test_invisible_characters_and_entities_do_not_move_scores[refpyramid]",  # 29 s
    "tests/test_invisible_characters.py::test_invisible_characters_and_entities_do_not_move_scores[hirao]",  # 9 s
    "tests/test_segmenters.py::test_long_unpunctuated_sentence_is_windowed",  # 158 s (transformer), 14 s (bilstm)
    "tests/test_robustness.py::test_scores_identical_across_processes_and_thread_counts",  # 53 s
    "tests/test_segmenters.py::test_sane_f1_on_gum_test_slice",  # 48 s (transformer), 18 s (bilstm)
    "tests/test_robustness.py::test_atheris_fuzzing_harness_runs",  # 45 s
    "tests/test_distributed.py::test_torchrun_two_processes_equal_single_process",  # 26 s
    "tests/test_robustness.py::test_full_pipeline_runs_with_sockets_blocked",  # 22 s
    "tests/test_trainer.py::test_seq2seq_trainer_evaluate",  # 18 s
    "tests/test_evaluate.py::test_evaluate_load_offline_with_empty_cache_from_any_directory",  # 17 s
    "tests/test_robustness.py::test_any_text_gets_a_score_in_range_or_a_value_error",  # 13 s
    "tests/test_scorer.py::test_long_source_is_handled_within_time_limit",  # 13 s
    "tests/test_evaluate.py::test_evaluate_load_metric_card_path",  # 13 s
    "tests/test_datasets.py::test_dataset_loo_script_runs",  # 12 s
    "tests/test_system_residuals_script.py::test_runs_on_realsumm",  # 9 s
    "tests/test_human_pyramid.py::test_realsumm_given_scus_agree_with_human_scores",  # 10 s
    "tests/test_cli.py::test_demo_runs_on_packaged_example",  # 7 s
    "tests/test_segmenters.py::test_offsets_cover_the_text",  # 7 s (transformer)
    "tests/test_syntax_features.py::test_model_without_syntax_ignores_features",  # 7 s
    "tests/test_learned_matcher.py::test_long_summary_is_windowed_not_truncated",  # 6 s
    "tests/test_learned_matcher.py::test_packed_sequence_equals_one_unit_per_sequence",  # 5 s
    "tests/test_robustness.py::test_batch_and_order_do_not_change_scores",  # 5 s
    "tests/test_segmenters.py::test_batch_independence",  # 5 s (bilstm)
    "tests/test_readme.py::test_cli_block_runs",  # the README's and docs' CLI blocks on small files: 30 s
    "tests/test_space.py::test_space_in_headless_chromium",  # headless Chromium (skips where not installed)
)


def pytest_collection_modifyitems(config, items):
    slow = pytest.mark.slow
    for item in items:
        if item.nodeid.startswith(SLOW):  # str.startswith accepts a tuple: any prefix
            item.add_marker(slow)


# --- stub components for fast logic tests ------------------------------------------------------------------
# Deterministic stand-ins with no model and no parse, whose output can be worked out by hand. They register
# under their own names for the duration of one test (fixtures `stub_segmenter`, `stub_matcher`), so the
# scorer, the methods and the pyramid code run unchanged around them.
import re as _re  # noqa: E402

from pyramid_metric.match.base import Matcher  # noqa: E402
from pyramid_metric.segment.base import EDU, Segmenter  # noqa: E402


class PunctuationSegmenter(Segmenter):
    """Stub EDU segmenter: a unit ends after each comma, semicolon, colon and sentence end (. ! ?)."""

    name = "stub-punct"
    _UNIT = _re.compile(r"[^,;:.!?]*[,;:.!?]+|[^,;:.!?]+$")

    def segment_many(self, texts):
        out = []
        for text in texts:
            edus, sentence = [], 0
            for m in self._UNIT.finditer(text):
                start = m.start() + len(m.group()) - len(m.group().lstrip())
                end = m.start() + len(m.group().rstrip())
                if start < end:
                    edus.append(EDU(text[start:end], start, end, sentence))
                if _re.search(r"[.!?]\s*$", m.group()):
                    sentence += 1
            out.append(edus)
        return out


class WordOverlapMatcher(Matcher):
    """Stub matcher: similarity = share of the unit's distinct words (as ``text.words`` gives them, stemmed,
    stop words included) that occur anywhere in the summary span."""

    name = "stub-overlap"

    def similarities(self, summary, pyramid):
        import numpy as np

        out = np.zeros((len(summary), len(pyramid)))
        for i, c in enumerate(summary):
            have = set(c.words)
            for j, p in enumerate(pyramid):
                unit = set(p.words)
                out[i, j] = len(unit & have) / len(unit) if unit else 0.0
        return out


@pytest.fixture
def stub_segmenter(monkeypatch):
    """Registers :class:`PunctuationSegmenter` as segmenter ``"stub-punct"``; returns the name."""
    from pyramid_metric import segment

    monkeypatch.setitem(segment.SEGMENTERS, PunctuationSegmenter.name, f"{__name__}:PunctuationSegmenter")
    monkeypatch.setitem(segment._instances, PunctuationSegmenter.name, PunctuationSegmenter())
    return PunctuationSegmenter.name


@pytest.fixture
def stub_matcher(monkeypatch):
    """Registers :class:`WordOverlapMatcher` as matcher ``"stub-overlap"`` (threshold 0.5); returns the name."""
    from pyramid_metric import options

    name = WordOverlapMatcher.name
    options.load_built_ins()
    monkeypatch.setitem(options.MATCHERS, name, options.Plugin(f"{__name__}:WordOverlapMatcher",
                                                              resolves=(("threshold", 0.5),)))
    return name


def headless_chromium(tmp_path, window_size: str):
    """A headless Chromium driven by selenium, or a skip when Chromium, its driver or selenium is missing.

    Browser tests (the HTML report, the Space) share it; network features are off, the profile lives in
    ``tmp_path``. The caller quits it.
    """
    import shutil

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.skip("Chromium is not installed (apt-get install chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs selenium (the [test] extra)")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
                 "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={tmp_path / 'chromium-profile'}", f"--window-size={window_size}"):
        opts.add_argument(flag)
    return webdriver.Chrome(service=Service(executable_path=chromedriver), options=opts)
