"""Explanations in users' words: what each pyramid unit is worth and what the summary earned for it.

One vocabulary for the JSON explanation, the HTML report, the CLI and the Space:

- **weight**: how many references express a unit (Eq. 19 of Hirao et al. (2018) counts the
  references' extracts that contain a source unit; the default method counts the references
  that express a reference EDU);
- **value**: what the unit is worth when the summary expresses all of it: its weight, or, with
  ``credit="content"`` (the default), its weight x its number of content words; with several
  references the default method counts 1 of each unit's weight w instead (a fact that w references
  state is w units there, one in each reference's words, so the fact counts w in all);
- **credit**: what the summary earned for the unit: its value x the share the matcher found
  (the default method), or its value or nothing (threshold matchers, Eq. 24);
- **bound**: the most credit a summary could earn (the knapsack bound OPT_KP of Hirao et al.
  (2018), Eq. 25-27, or the method's own normalizer); the score is min(1, credit / bound).

The words of a summary that support a unit are the words it shares with the unit's content
words (stemmed, each word used once): exactly what the default "recall" matcher counts, and a
readable approximation of what other matchers compare.  Where the summary was read in the
references' notation ("the ECB" as "the ECB (European Central Bank)", "$6.5bn" as "$6.5 billion",
"three goals to one" as "3-1"), the words are found in the summary as read and shown on the words
as written that they stand for.
"""
from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from typing import List, Tuple

from .pyramid import Pyramid
from .scoring import ScoreResult
from .text import content_words, stem

_WORD_RE = re.compile(r"[^\W_]+", re.UNICODE)  # the words of ``text.words``, with their offsets

Offsets = List[Tuple[int, int]]


def _tokens(text: str) -> List[Tuple[int, int, str]]:
    """(start, end, stem) of each word of ``text``, as ``text.words`` counts words."""
    return [(m.start(), m.end(), stem(m.group().lower())) for m in _WORD_RE.finditer(text)]


def _unit_stems(unit_text: str) -> List[str]:
    stems = [t for _, _, t in _tokens(unit_text)]
    return content_words(stems) or stems  # a unit of stop words only is compared word for word


def _credited(tokens: List[Tuple[int, int, str]], unit_text: str) -> List[int]:
    """Indices of the ``tokens`` (:func:`_tokens`) that express ``unit_text``'s content words: each content word of
    the unit credited once, to its first occurrence (the clipping of the recall matcher)."""
    avail = Counter(_unit_stems(unit_text))
    out = []
    for k, (_, _, s) in enumerate(tokens):
        if avail[s] > 0:
            avail[s] -= 1
            out.append(k)
    return out


def supporting_words(span_text: str, unit_text: str) -> Offsets:
    """Character offsets of the words of ``span_text`` that express ``unit_text``'s content words (each content word
    of the unit credited once, to its first occurrence in the span)."""
    tokens = _tokens(span_text)
    return [tokens[k][:2] for k in _credited(tokens, unit_text)]


def written_words(written: str, read: str) -> List[Offsets]:
    """For each word of ``read`` (a text as the matcher read it: ``written`` with acronyms, figures and scores in the
    references' notation), the offsets of the words of ``written`` it stands for: a word kept is itself, a word put in
    place of others ("billion" for "bn", "3-1" for "three goals to one") stands for all of them, and a word added
    ("European Central Bank" after "ECB") for the word before it."""
    mine, theirs = _tokens(written), _tokens(read)
    out: List[Offsets] = [[] for _ in theirs]
    blocks = difflib.SequenceMatcher(None, [t for _, _, t in mine], [t for _, _, t in theirs],  # stems, lower case
                                     autojunk=False).get_opcodes()
    for op, a1, a2, b1, b2 in blocks:
        if op == "equal":
            for k in range(b2 - b1):
                out[b1 + k] = [mine[a1 + k][:2]]
        elif op == "replace":
            for k in range(b1, b2):
                out[k] = [m[:2] for m in mine[a1:a2]]
        elif op == "insert" and mine:
            for k in range(b1, b2):
                out[k] = [mine[max(a1 - 1, 0)][:2]]
    return out


def supporting_words_as_read(span_text: str, read_text: str, unit_text: str) -> Offsets:
    """:func:`supporting_words` found in ``read_text`` (the span as the matcher read it) and shown on the words of
    ``span_text`` they stand for (:func:`written_words`)."""
    if not read_text or read_text == span_text:
        return supporting_words(span_text, unit_text)
    stands_for = written_words(span_text, read_text)
    return sorted({o for k in _credited(_tokens(read_text), unit_text) for o in stands_for[k]})


def found_words(unit_text: str, span_text: str) -> Offsets:
    """Character offsets of the content words of ``unit_text`` that ``span_text`` contains (clipped)."""
    avail = Counter(t for _, _, t in _tokens(span_text))
    wanted = set(_unit_stems(unit_text))
    out = []
    for start, end, s in _tokens(unit_text):
        if s in wanted and avail[s] > 0:
            avail[s] -= 1
            out.append((start, end))
    return out


def number(x: float) -> str:
    """A credit or value as people write it: 216, 18.5 (one decimal at most)."""
    return f"{x:.1f}".rstrip("0").rstrip(".") if abs(x - round(x)) > 0.05 else f"{round(x):d}"


def summary_sentence(score: float, credit: float, bound: float) -> str:
    """The score in words, for any method: "The summary earned credit 216 of a possible 345: score ..." """
    if bound <= 0:
        return f"Nothing could be earned (the pyramid is empty): score {score:.3f}."
    text = f"The summary earned credit {number(credit)} of a possible {number(bound)}"
    if abs(score - min(1.0, credit / bound)) < 1e-6:
        if credit > bound:
            return text + f": more than the most a summary could earn, so the score is capped at {score:.3f}."
        return text + f": score {number(credit)} / {number(bound)} = {score:.3f}."
    return text + f"; this method's score is {score:.3f}."


def value_rule(pyramid: Pyramid) -> str:
    """How a unit's value is set, in words."""
    if not pyramid.shared_weight:
        return "weight x content words" if pyramid.content_credit else "weight"
    share = "a fact that w references state is w units here, each counting 1 of its weight w"
    return f"content words; {share}" if pyramid.content_credit else f"1; {share}"


def complete(d: dict, result: ScoreResult, pyramid: Pyramid) -> dict:
    """Complete the plain explanation ``d`` (``result.to_dict()`` with ``"pyramid": pyramid.to_dict()``) with the
    words of this module; returns ``d``.

    Adds: ``text`` (the sentence), ``precision_text`` (the precision side in a sentence, when the method has
    one), ``value_rule`` and ``credit_rule`` (how values and credits are set, in words), to each match the
    unit's ``weight``, ``summary_words`` (offsets into ``span_text``; found in ``read_text`` when the match has one)
    and ``unit_words`` (offsets into ``unit_text``), to each pyramid unit its ``value``,
    ``credit`` and ``written_by`` (with several references, those whose own text holds the unit: it counts once
    for each), and ``unlisted_credit`` (credit of units found too weakly to be listed as matches).
    """
    units = pyramid.units
    values = pyramid.unit_values() if units else []
    earned = [0.0] * len(units)
    for m, md in zip(result.matches, d["matches"]):
        md["weight"] = units[m.unit].weight if m.unit < len(units) else m.weight
        md["summary_words"] = [list(o) for o in supporting_words_as_read(m.span_text, m.read_text, m.unit_text)]
        md["unit_words"] = [list(o) for o in found_words(m.unit_text, m.read_text or m.span_text)]
        if m.unit < len(units):
            earned[m.unit] += m.credit
    groups = pyramid.reference_groups() if units else []
    for j, (u, v, c) in enumerate(zip(d["pyramid"]["units"], values, earned)):
        u["value"] = float(v)
        u["credit"] = float(c)
        u["written_by"] = (sorted(pyramid.user_reference(k) for k, g in enumerate(groups) if j in g)
                           if pyramid.origins else [])  # the user's reference indices
    counted = sum(u["credit"] * max(1, len(u["written_by"])) for u in d["pyramid"]["units"])
    d["unlisted_credit"] = float(result.credit) - counted if result.credit - counted > 1e-6 else 0.0
    d["value_rule"] = value_rule(pyramid)
    partial = any(0 < m.credit < m.weight * (1 - 1e-9) for m in result.matches)
    d["credit_rule"] = ("value x the unit's presence in the summary (the notes say how it is judged)" if partial else
                        "its value when a summary span matches the unit, nothing otherwise")
    d["text"] = summary_sentence(result.score, result.credit, result.bound)
    if abs(d.get("score", result.score) - result.score) > 1e-9:  # e.g. a score averaged over reference subsets
        d["text"] += f" The score reported, {d['score']:.3f}, is computed from other scores (see the notes)."
    if result.precision is not None:
        d["precision_text"] = precision_sentence(result.precision, len(result.unsupported))
    return d


def precision_sentence(precision: float, n_unsupported: int) -> str:
    """One sentence on the precision side: how much of the summary the references support, and how many of its
    sentences they support little (listed under ``unsupported``)."""
    little = (f"; {n_unsupported} of its sentences {'is' if n_unsupported == 1 else 'are'} little supported (said "
              f"nowhere in the references, said twice, or words without a sentence that binds them: see "
              f"'unsupported')" if n_unsupported else "")
    return f"Precision {precision:.3f}: the share of the summary's content that the references support{little}."


def explain(result: ScoreResult, pyramid: Pyramid) -> dict:
    """The explanation of one score as plain data (JSON-ready) in the words of this module (see :func:`complete`)."""
    d = result.to_dict()
    d["pyramid"] = pyramid.to_dict()
    return complete(d, result, pyramid)


def in_users_words(explanation):
    """Decorate a method that returns a plain explanation of ``self.result`` against ``self.pyramid`` (e.g.
    :meth:`pyramid_metric.scorer.ExampleResult.explanation`) so that it returns it completed (:func:`complete`)."""
    @functools.wraps(explanation)
    def completed(self) -> dict:
        return complete(explanation(self), self.result, self.pyramid)

    return completed
