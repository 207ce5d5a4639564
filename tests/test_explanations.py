"""Explanations in users' words (weight, value, credit): the JSON, the HTML report in a real browser, the demo.

The hand-worked examples use the stub punctuation segmenter of conftest.py and the default method
(refpyramid, content-word recall), whose definitions are in pyramid_metric/methods/reference.py:
value v_j = content words with several references (each unit counts 1 of its weight w_j: a fact stated by w_j
references is w_j units, one in each reference's words), w_j x content words otherwise, credit = v_j x share of the
unit's content words in the summary, and with several references each reference's own units are credited against
their own total, pooled.
"""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import headless_chromium
from pyramid_metric import PyramidScorer
from pyramid_metric.explanation import (found_words, summary_sentence, supporting_words, supporting_words_as_read,
                                        written_words)
from pyramid_metric.report import html_report

ROOT = Path(__file__).resolve().parent.parent
REFS = ["The storm hit the coast.", "The storm hit the coast, and homes lost power."]
SUMMARY = "Homes lost power after the storm."
SOURCE = "A storm hit the coast on Monday.\n\nHomes lost power."


def _keys(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys(v)


@pytest.fixture
def two_refs(stub_segmenter):
    # Stub EDUs: reference 0 = ["The storm hit the coast."]; reference 1 = ["The storm hit the coast,",
    # "and homes lost power."]. The default pyramid keeps every reference's own EDUs as units, references in
    # canonical (text) order, so reference 1 comes first (',' sorts before '.'): units "The storm hit the coast,"
    # and "and homes lost power." (written by reference 1), then "The storm hit the coast." (reference 0).
    # Weights: references expressing the unit: 2, 1, 2. Values: each unit counts 1 of its weight (a fact two
    # references state is two units here), x 3 content words = 3, 3, 3. Bound: each reference's units against
    # their own total, pooled: (3 + 3) + 3 = 9. The summary is one sentence, so the presence is the whole-summary
    # content-word recall: storm (1 of 3: 3 x 1/3 = 1), home, lost, power (3 of 3: credit 3), storm (1):
    # 1 + 3 + 1 = 5: score 5 / 9.  (With fact_weight="per-unit" the values are weight x content words, 6, 3, 6:
    # 7 / 15, test_per_unit_weights_worked_by_hand.)  (The one-reference presence rule, set here;
    # the default with two references also counts the unit's bigrams: test_reference_method.py.)
    out = PyramidScorer(segmenter=stub_segmenter, presence="summary+sentence").compute([SUMMARY], [REFS],
                                                                                       explain=True)
    return out["scores"][0], out["explanations"][0]


def test_json_vocabulary_worked_by_hand(two_refs):
    score, ex = two_refs
    assert score == pytest.approx(5 / 9, abs=1e-12)
    assert ex["credit"] == pytest.approx(5) and ex["bound"] == pytest.approx(9) and ex["score"] == score
    assert ex["text"] == "The summary earned credit 5 of a possible 9: score 5 / 9 = 0.556."
    assert ex["value_rule"].startswith("content words; a fact that w references state is w units")
    assert ex["credit_rule"] == "value x the unit's presence in the summary (the notes say how it is judged)"
    units = ex["pyramid"]["units"]
    assert [u["text"] for u in units] == ["The storm hit the coast,", "and homes lost power.", "The storm hit the coast."]
    assert [u["weight"] for u in units] == [2.0, 1.0, 2.0]  # references expressing the unit
    assert [u["value"] for u in units] == [3.0, 3.0, 3.0]  # 1 of the weight x content words
    assert [u["credit"] for u in units] == pytest.approx([1.0, 3.0, 1.0])  # value x share found
    assert [u["written_by"] for u in units] == [[1], [1], [0]]  # the user's reference indices
    # the per-unit credits add up to the total: a unit counts once per reference that wrote it
    assert sum(u["credit"] * len(u["written_by"]) for u in units) + ex["unlisted_credit"] == pytest.approx(5)
    m0, m1, m2 = ex["matches"]
    assert (m0["unit"], m0["weight"], m0["value"], m0["credit"]) == (0, 2.0, 3.0, pytest.approx(1.0))
    assert (m1["unit"], m1["weight"], m1["value"], m1["credit"]) == (1, 1.0, 3.0, pytest.approx(3.0))
    assert (m2["unit"], m2["weight"], m2["value"], m2["credit"]) == (2, 2.0, 3.0, pytest.approx(1.0))
    words = lambda text, offs: [text[a:b] for a, b in offs]  # noqa: E731
    assert words(m0["span_text"], m0["summary_words"]) == ["storm"]
    assert words(m1["span_text"], m1["summary_words"]) == ["Homes", "lost", "power"]
    assert words(units[0]["text"], m0["unit_words"]) == ["storm"]
    assert words(units[1]["text"], m1["unit_words"]) == ["homes", "lost", "power"]
    assert not {"opt_lap", "opt_kp"} & set(_keys(ex))  # the paper's symbols stay out of what users read
    json.dumps(ex)  # JSON-ready


def test_per_unit_weights_worked_by_hand(stub_segmenter):
    # The fixture's example with each unit counting its own weight: values 2 x 3, 1 x 3, 2 x 3 = 6, 3, 6; bound
    # (6 + 3) + 6 = 15; credit 6/3 + 3 + 6/3 = 7: score 7 / 15.
    out = PyramidScorer(segmenter=stub_segmenter, presence="summary+sentence", fact_weight="per-unit").compute(
        [SUMMARY], [REFS], explain=True)
    ex = out["explanations"][0]
    assert out["scores"][0] == pytest.approx(7 / 15, abs=1e-12) and ex["value_rule"] == "weight x content words"
    assert [u["value"] for u in ex["pyramid"]["units"]] == [6.0, 3.0, 6.0]
    assert "weight:per-unit" in out["signature"]


def test_supporting_words_are_clipped_and_stemmed():
    # each content word of the unit is credited once, to its first occurrence (the recall matcher's clipping)
    text = "Powers lost; power lost again."
    assert [text[a:b] for a, b in supporting_words(text, "The power was lost")] == ["Powers", "lost"]
    unit = "The power was lost, power"
    assert [unit[a:b] for a, b in found_words(unit, text)] == ["power", "lost", "power"]
    assert supporting_words("Nothing here.", "The storm hit") == []


def test_words_read_in_the_references_notation_are_shown_as_written():
    # kept words stand for themselves, a word put in place of others for all of them, a word added for the one before
    written, read = "The ECB paid $6.5bn, winning three goals to one.", "The ECB (European Central Bank) paid $6.5 " \
                                                                     "billion, winning 3-1."
    shown = [[written[a:b] for a, b in offs] for offs in written_words(written, read)]
    assert shown == [["The"], ["ECB"], ["ECB"], ["ECB"], ["ECB"], ["paid"], ["6"], ["5bn"], ["5bn"], ["winning"],
                     ["three", "goals", "to", "one"], ["three", "goals", "to", "one"]]
    unit = "The European Central Bank paid $6.5 billion"
    assert [written[a:b] for a, b in supporting_words_as_read(written, read, unit)] == ["ECB", "paid", "6", "5bn"]
    assert supporting_words_as_read(written, "", unit) == supporting_words(written, unit)  # read as written


def test_explanation_marks_words_credited_through_the_references_notation():
    # the default reads the summary with the references' acronym, figure and score: the words it credits are marked
    # where the summary writes them, and the summary as read is in the explanation (and the report)
    out = PyramidScorer().compute(predictions=["The ECB paid $6.5bn after Arsenal beat Chelsea three goals to one."],
                                  references=[["The European Central Bank paid $6.5 billion after Arsenal beat "
                                               "Chelsea 3-1."]], explain=True)
    ex = out["explanations"][0]
    marked = {m["span_text"][a:b] for m in ex["matches"] for a, b in m["summary_words"]}
    assert {"ECB", "5bn", "three", "goals", "one"} <= marked
    read = {m.get("read_text") for m in ex["matches"]}
    assert read == {"The European Central Bank paid $6.5 billion after Arsenal beat Chelsea 3-1."}
    report = html_report([{"explanation": ex}], out["signature"])
    assert "Read in the references' notation" in report and "European Central Bank paid" in report
    plain = PyramidScorer().compute(predictions=["The bank paid."], references=[["The bank paid."]], explain=True)
    assert all("read_text" not in m for m in plain["explanations"][0]["matches"])  # written as read: no key


def test_summary_sentence_for_capped_and_other_scores():
    assert summary_sentence(1.0, 12.0, 10.0).endswith("so the score is capped at 1.000.")
    assert summary_sentence(0.75, 3.0, 4.0) == "The summary earned credit 3 of a possible 4: score 3 / 4 = 0.750."
    # a method whose score is not credit / bound (e.g. PyrEval's comprehensive score) says so
    assert summary_sentence(0.6, 3.0, 4.0) == "The summary earned credit 3 of a possible 4; this method's score is 0.600."
    assert "empty" in summary_sentence(0.0, 0.0, 0.0)


def test_other_methods_use_the_same_words(stub_segmenter):
    # Hirao et al. (2018) with the LCS matcher: binary credit (Eq. 24), value = weight, one-to-one spans
    src = "The storm hit the coast on Monday. Thousands of homes lost power. Schools stay shut."
    out = PyramidScorer(method="hirao", extract="rouge").compute(
        ["Schools stay shut. Thousands of homes lost power."], [["Thousands of homes lost power in the storm."]],
        [src], explain=True)
    ex = out["explanations"][0]
    assert ex["value_rule"] == "weight" and ex["credit"] == sum(m["credit"] for m in ex["matches"])
    assert ex["credit_rule"] == "its value when a summary span matches the unit, nothing otherwise"
    assert all(m["value"] == m["weight"] for m in ex["matches"]) and "earned credit" in ex["text"]
    html = html_report([{"explanation": ex, "name": "hirao"}], out["signature"])
    assert "OPT_" not in html and 'class="bar"' in html
    assert "matched by summary span 2 (similarity 1.00)" in html  # "Thousands of homes lost power."


def _browser(tmp_path):
    return headless_chromium(tmp_path, "1100,1400")


def test_report_in_headless_chromium(two_refs, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    score, ex = two_refs
    path = tmp_path / "report.html"
    path.write_text(html_report([{"explanation": ex, "name": "storm", "references": REFS, "source": SOURCE}],
                                "nrefs:2|method:refpyramid"), encoding="utf-8")
    browser = _browser(tmp_path)
    try:
        browser.get(path.as_uri())
        text = browser.find_element(By.TAG_NAME, "body").text
        assert "0.556" in text and "earned credit 5 of a possible 9" in text and "OPT_" not in text
        assert "Weight 2: expressed by 2 of 2 references" in text
        # the summary: only the words that earned credit are marked, one word each
        marks = browser.find_elements(By.CSS_SELECTOR, "p.summary mark.sw")
        assert [m.text for m in marks] == ["Homes", "lost", "power", "storm"]
        # each unit's bar is filled to credit / value: 1 of 3 and 3 of 3
        rows = {r.get_attribute("data-u"): r for r in browser.find_elements(By.CSS_SELECTOR, "tr.unit")}
        fill = {u: r.find_element(By.CSS_SELECTOR, ".bar span").size["width"]
                / r.find_element(By.CSS_SELECTOR, ".bar").size["width"] for u, r in rows.items()}
        assert fill["0"] == pytest.approx(1 / 3, abs=0.05) and fill["1"] == pytest.approx(1.0, abs=0.05)
        assert "1 of 3" in rows["0"].text and "3 of 3" in rows["1"].text and "1 of 3" in rows["2"].text
        # pointing at a unit outlines the summary words that support it, and only those
        ActionChains(browser).move_to_element(rows["1"]).perform()
        focused = [m.text for m in browser.find_elements(By.CSS_SELECTOR, "p.summary mark.sw.focus")]
        assert focused == ["Homes", "lost", "power"]
        # the references (in the user's order) with their units marked: reference 1 holds unit 2 (its own EDU),
        # reference 2 holds units 0 and 1 (the default keeps every reference's own EDUs; none is merged away)
        refs = browser.find_elements(By.CSS_SELECTOR, "p.ref")
        assert [[u.get_attribute("data-u") for u in r.find_elements(By.CSS_SELECTOR, ".ru")] for r in refs] == [
            ["2"], ["0", "1"]]
        # the source on demand
        src = browser.find_element(By.CSS_SELECTOR, ".source")
        assert not src.is_displayed()
        browser.find_element(By.CSS_SELECTOR, "details summary").click()
        assert src.is_displayed() and "Monday" in src.text
    finally:
        browser.quit()


def test_report_screenshot_of_the_default_configuration(tmp_path):
    """The packaged example through ``pyramid-metric explain`` (default configuration) in headless Chromium.
    ``PYRAMID_UPDATE_SCREENSHOTS=1`` refreshes docs/explain_report.png and docs/explain_references.png."""
    browser = _browser(tmp_path)
    from selenium.webdriver.common.by import By

    data = json.loads((ROOT / "pyramid_metric" / "data" / "example.json").read_text(encoding="utf-8"))
    rows = tmp_path / "example.jsonl"
    rows.write_text("".join(json.dumps({"id": s["name"], "prediction": s["summary"], "references": data["references"],
                                        "source": data["source"]}) + "\n" for s in data["systems"][:1]))
    out = tmp_path / "report.html"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "pyramid_metric.cli", "explain", str(rows), "-o", str(out)],
                       capture_output=True, text=True, env=env, timeout=900)
    assert p.returncode == 0, p.stderr
    try:
        browser.get(out.as_uri())
        text = browser.find_element(By.TAG_NAME, "body").text
        assert "OPT_" not in text and "earned credit" in text and "Reference 4" in text
        section = browser.find_element(By.CSS_SELECTOR, "#ex0")
        shot = tmp_path / "report.png"
        assert section.screenshot(str(shot)) and shot.stat().st_size > 20000
        refs = tmp_path / "references.png"
        browser.find_element(By.CSS_SELECTOR, "details summary").click()
        browser.execute_script("document.querySelector('.ex h3:nth-of-type(3)').scrollIntoView()")
        assert browser.save_screenshot(str(refs))
        if os.environ.get("PYRAMID_UPDATE_SCREENSHOTS"):
            shutil.copy(shot, ROOT / "docs" / "explain_report.png")
            shutil.copy(refs, ROOT / "docs" / "explain_references.png")
    finally:
        browser.quit()


def test_demo_text_uses_the_same_words(two_refs):
    from pyramid_metric.cli import demo_text

    _, ex = two_refs
    data = {"id": "storm", "license": "CC-BY", "references": REFS,
            "systems": [{"name": "human-1", "summary": SUMMARY}, {"name": "lead", "summary": SOURCE}]}
    text = demo_text(data, [ex, ex], "nrefs:2|method:refpyramid")
    assert "human-1   0.556   a human summary that is not among the references" in text
    assert "Why human-1 scores 0.556: The summary earned credit 5 of a possible 9" in text
    assert "value = content words; a fact that w references state is w units" in text
    assert "credit = value x the unit's presence in the summary" in text
    assert re.search(r"\n +2 +\S+ +1 of 3 +The storm hit the coast,\n", text)
    assert re.search(r"\n +2 +\S+ +1 of 3 +The storm hit the coast\.\n", text)
    assert re.search(r"\n +1 +\S+ +3 of 3 +and homes lost power\.\n", text)
    assert "OPT_" not in text and "MATCHED" not in text and text.endswith("nrefs:2|method:refpyramid")
