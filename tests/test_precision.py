"""Precision, recall and F of the default method, and the summaries a model optimising the score might learn.

The texts (tests/data/reward/stories.json) are two invented news stories, each with a source article, three
references, a faithful paraphrase of the references (and of the first reference alone), a concise faithful summary
and unrelated text.  On F, each reward-hacking candidate must score at least 0.10 below the faithful paraphrase and
no higher than the concise summary, against one reference and against three.
"""
import json
import random
from pathlib import Path

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.methods.precision import binding, novelty
from pyramid_metric.text import _stop_stems, stem, words

STORIES = json.loads((Path(__file__).parent / "data" / "reward" / "stories.json").read_text(encoding="utf-8"))["stories"]
HACKS = ("source", "reference + 400 unrelated words", "a reference sentence x 20", "content words shuffled")


@pytest.fixture(scope="module")
def scorer():
    return PyramidScorer()


def first_sentence(text: str) -> str:
    return text.split(". ")[0].rstrip(".") + "."


def word_salad(texts, seed: int = 0) -> str:
    """The content words of ``texts`` (every word that is not a stop word) in random order."""
    stops = _stop_stems()
    tokens = [w.strip(".,") for t in texts for w in t.split() if stem(w.lower().strip(".,")) not in stops]
    random.Random(seed).shuffle(tokens)
    return " ".join(tokens)


def candidates(story: dict, n_refs: int) -> dict:
    refs = story["references"][:n_refs]
    return {"paraphrase": story["paraphrase"] if n_refs > 1 else story["paraphrase_first"],
            "concise": story["concise"],
            "source": story["source"],
            "reference + 400 unrelated words": refs[0] + " " + " ".join(story["unrelated"].split()[:400]),
            "a reference sentence x 20": " ".join([first_sentence(refs[0])] * 20),
            "content words shuffled": word_salad(refs)}


@pytest.mark.parametrize("n_refs", [1, 3])
@pytest.mark.parametrize("story", [0, 1])
def test_reward_hacking_does_not_pay_on_f(scorer, story, n_refs):
    refs = STORIES[story]["references"][:n_refs]
    cands = candidates(STORIES[story], n_refs)
    out = scorer.compute(list(cands.values()), [refs] * len(cands))
    f1 = dict(zip(cands, out["f1"]))
    for hack in HACKS:
        assert f1[hack] <= f1["paraphrase"] - 0.10, (hack, f1)
        assert f1[hack] <= f1["concise"], (hack, f1)


def test_outputs_are_per_example_precision_recall_f1(scorer):
    story = STORIES[0]
    out = scorer.compute([story["concise"], story["source"]], [story["references"]] * 2, explain=True)
    assert out["recall"] == out["scores"] and out["pyramid"] == pytest.approx(sum(out["scores"]) / 2)
    for p, r, f in zip(out["precision"], out["recall"], out["f1"]):
        assert 0.0 <= p <= 1.0 and f == pytest.approx(2 * p * r / (p + r))
    assert out["precision"][0] > 0.6 > 0.4 > out["precision"][1]  # the source says much the references do not
    assert "precision:summary-sentences" in out["signature"] and "f1:harmonic" in out["signature"]
    source_expl = out["explanations"][1]
    assert source_expl["precision"] == out["precision"][1] and "Precision" in source_expl["precision_text"]
    unsupported = {u["text"] for u in source_expl["unsupported"]}
    assert any("Schools in four districts" in t for t in unsupported)  # said by no reference
    assert not any("Schools" in u["text"] for u in out["explanations"][0]["unsupported"])


@pytest.mark.parametrize("n_refs", [1, 3])
def test_a_repeated_sentence_earns_what_it_earns_once(scorer, n_refs):
    refs = STORIES[1]["references"][:n_refs]
    once = first_sentence(refs[0]) + " " + STORIES[1]["concise"]
    out = scorer.compute([once, once + " " + once, " ".join([first_sentence(refs[0])] * 3)
                          + " " + STORIES[1]["concise"]], [refs] * 3, explain=True)
    assert out["recall"][1] == out["recall"][0] and out["recall"][2] == out["recall"][0]
    # the copies earn nothing and count in what the summary says: precision is the credit of once over twice
    assert out["precision"][1] == pytest.approx(out["precision"][0] / 2, rel=1e-6)
    assert any("read once" in n for n in out["explanations"][1]["notes"])


def test_novelty_and_binding_by_hand():
    said = [words("The storm closed the harbour."), words("The storm closed the harbour."),
            words("The harbour reopened on Friday.")]
    # the third: "harbour" (1 of 3 content words) and "the harbour" (1 of 4 pairs) said before: 1 - min(1/3, 1/4)
    assert list(novelty(said)) == pytest.approx([1.0, 0.0, 0.75])
    salad = words("storm harbour closed Friday power homes")
    assert list(binding([salad, said[0]], english=True)) == [0.0, 1.0]
    assert list(binding([salad], english=False)) == [1.0]


def test_other_methods_have_no_precision_side():
    out = PyramidScorer(method="rouge").compute(["The storm closed the harbour."], [["A storm closed the harbour."]])
    assert "precision" not in out and set(out) == {"pyramid", "scores", "signature"}


def test_cli_score_lines_carry_precision_recall_f1(tmp_path):
    from pyramid_metric.cli import main

    story = STORIES[0]
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"prediction": story["concise"], "references": story["references"]}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(data), "-o", str(out)]) == 0
    rec = json.loads(out.read_text())
    assert rec["recall"] == rec["score"] and 0 < rec["precision"] <= 1
    assert rec["f1"] == pytest.approx(2 * rec["precision"] * rec["score"] / (rec["precision"] + rec["score"]))


def test_precision_reads_acronyms_and_figures_as_the_references_write_them():
    reference = "Microsoft agreed to buy Activision for $6.5 billion, the European Central Bank said."
    other_notation = "Microsoft agreed to buy Activision for $6.5bn, the ECB said."
    with_snow = "Microsoft agreed to buy Activision for $6.5bn. The ECB said so. Snow fell in the Alps."
    checked = PyramidScorer().score([reference, other_notation, with_snow], [[reference]] * 3, progress=False)
    words_alone = PyramidScorer(claims="off").score([other_notation], [[reference]], progress=False)[0]
    assert checked[0].precision == pytest.approx(1.0) and checked[1].precision == pytest.approx(1.0)
    assert words_alone.precision < 0.9
    # an unsupported sentence is named as the summary writes it
    assert [(k, text) for k, text, _ in checked[2].result.unsupported] == [(2, "Snow fell in the Alps.")]
