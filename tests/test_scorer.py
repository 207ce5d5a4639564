"""The Python API on real data: validation, warnings, caching, messy text, multi-reference pyramids."""

import pytest

from pyramid_metric import PyramidConfig, PyramidScorer, score

SOURCE = ("The storm hit the coast on Monday. Thousands of homes lost power. "
          "Officials opened shelters in three towns. Schools will stay closed until Friday.")
REF = "A storm hit the coast and thousands of homes lost power."


@pytest.fixture(scope="module")
def scorer():
    return PyramidScorer(method="hirao")  # seed 000; the default method has its own tests below


@pytest.mark.parametrize("kwargs, message", [
    (dict(predictions=["a"], references=[["b"], ["c"]], sources=[SOURCE]), "`references` has 2 items"),
    (dict(predictions=["a"], references=[["b"]], sources=[SOURCE, SOURCE]), "`sources` has 2 items"),
    (dict(predictions=["a"], references=[[]], sources=[SOURCE]), r"`references\[0\]` is empty"),
    (dict(predictions=["a"], references=[["  "]], sources=[SOURCE]), r"`references\[0\]\[0\]` is empty"),
    (dict(predictions=[3], references=[["b"]], sources=[SOURCE]), r"`predictions\[0\]` must be a str"),
    (dict(predictions=["a"], references=[[None]], sources=[SOURCE]), r"`references\[0\]\[0\]` must be a str"),
    (dict(predictions=["a"], references=[["b"]], sources=None), "`sources` is required"),
    (dict(predictions=["a"], references=[["b"]], sources=[" "]), r"`sources\[0\]` is empty"),
    (dict(predictions=["a"], references=[["b"]], sources=[5]), r"`sources\[0\]` must be a str"),
    (dict(predictions="a", references=[["b"]], sources=[SOURCE]), "`predictions` must be a list"),
])
def test_bad_input_raises_value_error_naming_argument(scorer, kwargs, message):
    with pytest.raises(ValueError, match=message):
        scorer.score(**kwargs)


def test_bad_options():
    with pytest.raises(ValueError, match="unknown extract 'bert'"):
        PyramidScorer(method="hirao", extract="bert")
    with pytest.raises(ValueError, match="unknown option"):
        PyramidScorer(treshold=0.5)
    with pytest.raises(ValueError, match="threshold"):
        PyramidConfig(threshold=float("nan"))
    with pytest.raises(ValueError, match="not implemented|unknown method"):
        PyramidScorer(method="nonesuch")


def test_empty_prediction_scores_zero_with_warning(scorer):
    with pytest.warns(UserWarning, match=r"predictions\[0\] is empty"):
        res = scorer.score([""], [[REF]], [SOURCE])
    assert res[0].score == 0.0


def test_scores_in_range_and_signature(scorer):
    out = scorer.compute(["The storm left thousands of homes without power.", "Schools stay closed."],
                         [[REF], REF], [SOURCE, [SOURCE]], explain=True)
    assert out["scores"] == [1.0, 0.0]
    assert out["pyramid"] == 0.5
    assert out["signature"].startswith("nrefs:1|method:hirao|extract:be|matcher:lcs|t:0.55")
    assert "version:pyramid-metric-" in out["signature"]
    ex = out["explanations"][0]
    assert ex["matches"][0]["unit_text"] == "Thousands of homes lost power."
    assert ex["pyramid"]["units"][0]["references"] == [0]


def test_default_is_reference_pyramid_without_sources():
    # the static judge's rule, named (a one-sentence reference is read in context by default, tested in
    # test_reference_method.py)
    out = PyramidScorer(presence="summary+sentence+bigram").compute(
        ["The storm left thousands of homes without power.", "Schools stay closed."], [[REF], REF], explain=True)
    # 4 of the reference's 7 content words (storm, thousands, homes, power) and none.  Presence = mean(whole,
    # best sentence, word pairs); "A storm hit the coast": 1/3, 1/3, no pair (x 3 content words); "and thousands
    # of homes lost power.": 3/4, 3/4, thousands-of and of-homes of its 5 pairs (x 4)
    assert out["scores"] == [pytest.approx(((1 / 3 + 1 / 3 + 0) / 3 * 3 + (3 / 4 + 3 / 4 + 2 / 5) / 3 * 4) / 7), 0.0]
    assert out["signature"].startswith("nrefs:1|method:refpyramid|matcher:soft(recall+static-cosine,"
                                       "word-pairs:static-cosine,layer:6,floor:0.3,plain-words,number-words:exact,")
    units = out["explanations"][0]["pyramid"]["units"]
    assert [u["text"] for u in units] == ["A storm hit the coast", "and thousands of homes lost power."]


def test_functional_score_equals_scorer(scorer):
    args = (["The storm left thousands of homes without power."], [[REF]], [SOURCE])
    assert score(*args, method="hirao")["scores"] == scorer.compute(*args)["scores"]


def test_pyramid_is_built_once_per_example(monkeypatch):
    s = PyramidScorer(method="hirao", extract="rouge")
    calls = []
    real = s.method.build_many
    monkeypatch.setattr(s.method, "build_many", lambda r, src: calls.append(len(r)) or real(r, src))
    s.score(["a summary", "another summary", "third"], [[REF]] * 3, [SOURCE] * 3)
    s.score(["yet another"], [[REF]], [SOURCE])
    assert calls == [1]


def test_messy_realsumm_text_and_unicode(scorer, realsumm_rows):
    row = realsumm_rows[0]
    summaries = [s["summary"] for s in row["systems"].values()][:5]
    out = scorer.compute(summaries, [[row["reference"]]] * 5, [row["document"]] * 5, explain=True)
    assert all(0.0 <= x <= 1.0 for x in out["scores"])
    units = out["explanations"][0]["pyramid"]["units"]
    assert units and all("<t>" not in u["text"] and "-lrb-" not in u["text"] for u in units)
    greek = "Η καταιγίδα χτύπησε την ακτή. Χιλιάδες σπίτια έμειναν χωρίς ρεύμα. Τα σχολεία κλείνουν."
    res = scorer.score(["Χιλιάδες σπίτια έμειναν χωρίς ρεύμα."], [["Χιλιάδες σπίτια έμειναν χωρίς ρεύμα."]], [greek])
    assert res[0].score == 1.0  # non-Latin text is never scored as empty


def test_reference_longer_than_source_and_html_entities(scorer):
    src = "Prices rose &amp; fell."
    ref = "Prices rose and fell sharply over a long and eventful week of trading in all the markets."
    res = scorer.score(["Prices rose &amp; fell."], [[ref]], [src])
    assert 0.0 <= res[0].score <= 1.0


def test_long_source_is_handled_within_time_limit():
    import time

    sentences = [f"Report {i} says the council approved budget item {i % 97} for the {i % 13} district."
                 for i in range(600)]
    src = " ".join(sentences)  # about 8,000 words
    s = PyramidScorer(method="hirao", extract="rouge", time_limit=5)
    t = time.time()
    res = s.score(["The council approved budget item 5."], [["The council approved budget item 5 for the district."]],
                  [src])
    assert 0.0 <= res[0].score <= 1.0
    assert time.time() - t < 120


def test_multi_reference_pyramid_on_gumsum(gumsum_dev):
    doc = next(d for d in gumsum_dev if d["doc_id"] == "GUM_news_homeopathic")
    s = PyramidScorer(method="hirao", extract="rouge", sentence_penalty=0.0)
    pyr = s.pyramids([doc["summaries"]], [doc["text"]])[0]
    weights = {u.weight for u in pyr.units}
    assert max(weights) == 5 and min(weights) >= 1 and weights <= {1.0, 2.0, 3.0, 4.0, 5.0}
    assert pyr.n_references == 5
    opt_kp, chosen = pyr.optimal_weight()
    assert sum(pyr.units[j].length for j in chosen) <= pyr.length_limit
    assert opt_kp < sum(u.weight for u in pyr.units) or len(chosen) == len(pyr.units)


@pytest.mark.parametrize("method", ["refpyramid", "hirao", "be", "pyreval", "ape", "peak", "rouge"])
def test_a_pickled_scorer_keeps_its_options_and_pyramids_and_scores_the_same(method):
    """What a worker of ``Dataset.map(num_proc=N)`` receives under spawn: the scorer pickled, without its lock."""
    import pickle

    import dill

    original = PyramidScorer(method=method, **({"scu_score": "modified"} if method == "refpyramid" else {}))
    refs = [REF, "Schools closed after the storm cut power."]
    expected = [r.score for r in original.score(["Thousands lost power in the storm."], [refs], [SOURCE])]
    for dumps, loads in ((pickle.dumps, pickle.loads), (dill.dumps, dill.loads)):
        copy = loads(dumps(original))
        assert copy.config == original.config and list(copy._pyramids) == list(original._pyramids)
        assert copy._lock.acquire(blocking=False)  # free, not restored as held by a thread that is not there
        copy._lock.release()
        assert [r.score for r in copy.score(["Thousands lost power in the storm."], [refs], [SOURCE])] == expected
