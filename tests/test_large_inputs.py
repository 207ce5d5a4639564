"""Inputs beyond the supported size are refused at once, naming the argument and the limit; long work shows
progress even when stderr is not a terminal (a log file, a pipe)."""
import json
import re
import time

import pytest

from pyramid_metric import PyramidScorer, scorer as scorer_module
from pyramid_metric.cli import main
from pyramid_metric.scorer import MAX_SOURCE_WORDS, MAX_SUMMARY_WORDS

REF = "A storm hit the coast and thousands of homes lost power."
PRED = "Thousands of homes lost power."


_SCORERS: dict = {}


def _words(n: int) -> str:
    return " ".join(f"w{i % 997}" for i in range(n))


@pytest.mark.parametrize("method", ["rouge", "hirao", "pyreval", "peak", "ape", "refpyramid"])
@pytest.mark.parametrize("where", ["predictions", "references", "sources", "second reference", "CJK prediction"])
def test_texts_beyond_the_supported_size_are_refused_at_once(method, where):
    big = _words(100_000 if where == "sources" else MAX_SUMMARY_WORDS + 1)
    preds, refs, srcs = [PRED, PRED], [[REF], [REF]], [REF, REF]
    limit, argument = MAX_SUMMARY_WORDS, where
    if where == "predictions":
        preds[1], argument = big, "predictions[1]"
    elif where == "references":
        refs[1], argument = [big], "references[1][0]"
    elif where == "second reference":
        refs[0], argument = [REF, big], "references[0][1]"
    elif where == "CJK prediction":
        preds[0], argument = "风" * (MAX_SUMMARY_WORDS + 1), "predictions[0]"  # one word per character
    else:
        srcs[0], argument, limit = [REF, big], "sources[0]", MAX_SOURCE_WORDS
    if method not in _SCORERS:
        _SCORERS[method] = PyramidScorer(method=method)
    scorer = _SCORERS[method]
    start = time.monotonic()
    with pytest.raises(ValueError, match=re.escape(f"`{argument}` has ") + r"[\d,]+ words; "
                                         + re.escape(f"the supported size is {limit:,} words")):
        scorer.compute(preds, refs, srcs)
    assert time.monotonic() - start < 5


def test_texts_at_the_supported_size_are_scored():
    out = PyramidScorer(method="rouge").compute([_words(MAX_SUMMARY_WORDS)], [[_words(MAX_SUMMARY_WORDS)]],
                                                [_words(MAX_SUMMARY_WORDS * 2)])
    assert out["scores"] == [1.0]
    long_chars = "x" * (MAX_SUMMARY_WORDS * 3)  # many characters, one word
    assert PyramidScorer(method="rouge").compute([long_chars], [[long_chars]])["scores"][0] >= 0


def test_cli_refuses_a_huge_prediction_in_one_line(tmp_path, capsys):
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"id": 1, "prediction": _words(100_000), "references": [REF]}) + "\n")
    assert main(["score", str(path), "--method", "rouge"]) == 1
    err = capsys.readouterr().err.strip()
    # the file and line, and the field as the file spells it
    assert len(err.splitlines()) == 1 and "in.jsonl: line 1: `prediction` has 100,000 words" in err, err


def test_progress_lines_without_a_terminal(capsys, monkeypatch):
    monkeypatch.setattr(scorer_module, "PROGRESS_FIRST_S", 0.0)
    monkeypatch.setattr(scorer_module, "PROGRESS_EVERY_S", 0.0)
    sc = PyramidScorer(method="rouge")
    n = 2 * scorer_module.BUILD_CHUNK + 4  # distinct references: 3 batches of pyramids
    sc.compute([PRED] * n, [[f"{REF} Number {i}."] for i in range(n)])
    err = capsys.readouterr().err
    assert "pyramid-metric: building pyramids: 1/3 batches (33%)" in err
    assert "pyramid-metric: building pyramids: 3/3 batches (100%)" in err
    sc.compute([PRED] * n, [[f"{REF} Other {i}."] for i in range(n)], progress=False)
    assert capsys.readouterr().err == ""


def test_short_work_prints_no_progress(capsys):
    PyramidScorer(method="rouge").compute([PRED] * 20, [[f"{REF} Again {i}."] for i in range(20)])
    assert "pyramid-metric:" not in capsys.readouterr().err  # under PROGRESS_FIRST_S seconds: silent


@pytest.mark.parametrize("where", ["predictions", "references", "sources"])
def test_floods_of_punctuation_are_refused_at_once(where):
    """A text of few words and many punctuation marks (read as one token each by the encoders and the parser)
    is refused like a text of too many words, naming the argument, the counts and the limit."""
    preds, refs, srcs = [PRED], [[REF]], [REF]
    limit, argument = MAX_SUMMARY_WORDS, f"{where}[0]"
    if where == "predictions":
        preds = [". " * 100_000 + PRED]
    elif where == "references":
        refs, argument = [[". " * 100_000 + REF]], "references[0][0]"
    else:
        srcs, limit = [". " * 200_000 + REF], MAX_SOURCE_WORDS
    scorer = PyramidScorer(method="hirao")
    start = time.monotonic()
    with pytest.raises(ValueError, match=re.escape(f"`{argument}` has ") + r"[\d,]+ words and [\d,]+ punctuation "
                       + re.escape(f"marks or symbols; the supported size is {limit:,} words and "
                                   f"{2 * limit:,} words and marks together")):
        scorer.compute(preds, refs, srcs)
    assert time.monotonic() - start < 5


def test_texts_with_marks_up_to_the_limit_are_scored():
    text = _words(MAX_SUMMARY_WORDS // 2) + " !" * (MAX_SUMMARY_WORDS * 2 - MAX_SUMMARY_WORDS // 2)
    assert PyramidScorer(method="rouge").compute([text], [[text]])["scores"] == [1.0]


def test_the_parse_cache_is_bounded_in_tokens(monkeypatch):
    """Parsed docs are kept by text, at most PARSE_CACHE_DOCS of them and PARSE_CACHE_TOKENS tokens in all (a
    parsed token takes about 630 bytes: 4,096 parsed 22,000-word sources would have taken 70 GB); a batch larger
    than the cache is still returned whole and in order."""
    from pyramid_metric import text as textlib

    cache = textlib._DocCache(size=100, tokens=26)
    monkeypatch.setattr(textlib, "_docs", cache)
    texts = [f"Storm number {i} hit the coast and thousands of homes lost power." for i in range(4)]  # 13 tokens
    docs = textlib.parse_many(texts + texts[:1])
    assert [d.text for d in docs] == texts + texts[:1] and docs[0] is docs[4]
    assert cache.tokens == sum(len(d) for d in cache.docs.values()) == 26 and list(cache.docs) == texts[2:]
    assert textlib.parse(texts[3]) is docs[3]  # still cached: no second parse
    long_text = " ".join(["word"] * 40)  # alone above the bound: kept, as the latest doc
    textlib.parse(long_text)
    assert list(cache.docs) == [long_text] and cache.tokens == 40
    textlib.clear_parse_cache()
    assert cache.tokens == 0 and not cache.docs
