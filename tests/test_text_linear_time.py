"""The text entrance (markup, sentence tags, look-alike letters) runs in time linear in the text, and gives what
the plain regular expressions it replaces give.

Each of these inputs took seconds to minutes before (20,000 characters: 0.8 to 6 s; 100,000 newlines in a
prediction: 23 s): a regular expression that starts with a repeated class (``\\s*<t>``, ``[^\\W\\d_]*[о]``) or
scans to the end of the text from each of many openings (``<script>.*?</script>``) tries every position against
the rest of the text.
"""
import html
import random
import re
import time
import unicodedata

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric import text as textlib
from pyramid_metric.text import clean_text, normalize_input, strip_markup

# the expressions the entrance used, as plain regular expressions: the reference the linear code must agree with
SENTENCE_TAGS = re.compile(r"(?:\s*</?t>\s*)+")
SCRIPT_BLOCKS = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)
TAGS = re.compile(r"</?(?!t\s*>)([A-Za-z][A-Za-z0-9:-]*)\b(?:\s+[^<>]*)?/?>")
LOOKALIKE_WORDS = re.compile(f"[^\\W\\d_]*[{textlib._LOOKALIKES}][^\\W\\d_]*")

PIECES = ["&amp;", "\ufb01", "\u200b", "\u2028", " ", "  ", "\n", "\t", "\u00a0", "\u3000", "<t>", "</t>", "<T>", "< t>", "<t >", "<", ">", "/", "a", "x1",
          "_", "9", "script", "style", "SCRIPT", "<script>", "<script a='>'>", "</script>", "</script >",
          "</SCRIPT\n>", "<style>", "</style>", "<scripts>", "<!--", "-->", "--", "<!-->", "<p>", "</p>", "<br/>",
          "<a href=x>", "<a\n b>", "<b", "é", "о", "Мon", "aо", "ο", "İ", "ß"]


def strip_markup_by_regex(text: str) -> str:
    if "<" not in text:
        return text
    text = COMMENTS.sub(" ", SCRIPT_BLOCKS.sub(" ", text))
    return TAGS.sub(lambda m: "\n" if m.group(1).lower() in textlib._BLOCK_TAGS else "", text)


def normalize_input_by_regex(text: str) -> str:
    """normalize_input with the look-alike step as one regular expression over the text."""
    if "&" in text:
        text = html.unescape(text)
    text = textlib.markdown_emphasis_as_text(text)
    if text.isascii():
        return text
    text = textlib._SPACE_RE.sub(" ", unicodedata.normalize("NFC", textlib._INVISIBLE_RE.sub("", text)))
    text = textlib._COMPATIBILITY_RE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    text = LOOKALIKE_WORDS.sub(textlib._latin_homoglyphs, text)
    return textlib._LINE_SEPARATOR_RE.sub("\n", text)


def test_the_linear_code_gives_what_the_regular_expressions_give():
    rng = random.Random(2026)
    for _ in range(20_000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 14)))
        assert textlib._sentence_tags_to_breaks(text) == SENTENCE_TAGS.sub("\n", text), text
        assert textlib._without_script_blocks(text) == SCRIPT_BLOCKS.sub(" ", text), text
        assert textlib._without_comments(text) == COMMENTS.sub(" ", text), text
        assert strip_markup(text) == strip_markup_by_regex(text), text
        assert normalize_input(text) == normalize_input_by_regex(text), text


def test_known_cases():
    assert clean_text("One. </t>  \n <t> Two.  </t><t>Three.") == "One.\nTwo.\nThree."
    assert strip_markup("a<script type='x'>var s = '<p>';</script>b<!-- c -->d") == "a b d"
    assert strip_markup("a <SCRIPT>x</script > b") == "a   b"
    assert strip_markup("unclosed <script> stays") == "unclosed  stays"  # the opening tag goes with the tags
    assert normalize_input("Мonday and Москва") == "Monday and Москва"


ADVERSARIAL = {
    "newlines": "\n" * 200_000 + "x",
    "spaces after a sentence tag": ("<t>" + " " * 1000) * 200,
    "openings without a '>'": "<script" * 25_000 + ">",
    "script openings without a closing": "<script>" * 25_000,
    "comment openings": "<!--" * 50_000,
    "a tag's name and spaces": "<a" + " " * 200_000,
    "one long accented word": "é" * 200_000,
    "look-alike words": "Мonday " * 30_000,
    "emphasis openings without a closing": "**a " * 50_000,
    "one emphasis opening and a long line": "**" + "storm " * 40_000,
    "underscores": "_a_ _" * 40_000,
    "decomposed accents": "e\u0301" * 100_000,
}


@pytest.mark.parametrize("case", sorted(ADVERSARIAL))
def test_entrance_time_is_linear(case):
    text = ADVERSARIAL[case]
    start = time.perf_counter()
    clean_text(strip_markup(normalize_input(text)))
    assert time.perf_counter() - start < 2.0  # about 0.1 s; the regular expressions took minutes on most


def test_a_prediction_of_many_newlines_is_scored_at_once():
    scorer = PyramidScorer(method="rouge")
    pred = "Thousands of homes lost power."
    start = time.perf_counter()
    out = scorer.compute(["\n" * 100_000 + pred], [["A storm hit the coast and thousands of homes lost power."]])
    assert time.perf_counter() - start < 5.0
    assert out["scores"] == scorer.compute([pred], [["A storm hit the coast and thousands of homes lost power."]])[
        "scores"]
