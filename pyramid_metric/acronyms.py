"""Acronyms said in full, and names said as acronyms: a summary's wording brought to the references' before judging.

A reference says "the European Central Bank", a summary "the ECB": the same party, which word judges miss (a name
must match exactly).  :func:`align_acronyms` rewrites, in the text to be judged, each acronym whose expansion the
references spell out (and do not abbreviate) into that expansion, and each expansion the references abbreviate
(and do not spell out) into the acronym; where the references write both, the text writes both ("the ECB (European
Central Bank)", "the European Central Bank (ECB)"), so that each reference's units find their own form; a text that
writes an acronym beside its own words, in any case ("gross domestic product (GDP)"), keeps it as it is.  An
expansion is a run of capitalised words, with "of", "and", "for", "the", "de" allowed inside, whose initials are the
acronym's letters ("Federal Bureau of Investigation": FBI; "National Health Service": NHS).  Nothing else in the
text changes; a text without acronyms is returned as it is.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, Sequence, Tuple

_ACRONYM = re.compile(r"\b(?:[A-Z]\.){2,6}(?![A-Za-z])|\b[A-Z]{2,6}\b")
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")
_INSIDE = frozenset({"of", "and", "for", "the", "de", "on", "&"})
_WORD = re.compile(r"[A-Za-z&][A-Za-z&-]*")
_BRACKETED = re.compile(r"\(\s*([^()]{1,80}?)\s*\)")  # a short aside in brackets


def _letters(acronym: str) -> str:
    return acronym.replace(".", "")


def expansions(text: str) -> Dict[str, str]:
    """Runs of two to six capitalised words of ``text`` (function words allowed inside), starting at any
    capitalised word, by their initials: {"ECB": "European Central Bank", "EC": "European Central", "CB": "Central
    Bank"}; only the initials of an acronym the other text writes are ever looked up."""
    tokens = _WORD.findall(text)
    out: Dict[str, str] = {}
    for i, tok in enumerate(tokens):
        if not _CAPITALISED.fullmatch(tok):
            continue
        run, initials = [tok], tok[0]
        for nxt in tokens[i + 1:]:
            if _CAPITALISED.fullmatch(nxt):
                run.append(nxt)
                initials += nxt[0]
                if 2 <= len(initials) <= 6:
                    out.setdefault(initials, " ".join(run))
                if len(initials) >= 6:
                    break
            elif nxt.lower() in _INSIDE and len(run) < 8:
                run.append(nxt)
            else:
                break
    return out


def _initials_match(words: Sequence[str], letters: str) -> bool:
    """Whether ``words``, in any case, are spelt by ``letters``: their initials, with or without the function words
    inside ("Department of Health": DH or DOH); the first and the last word are never function words."""
    if not words or words[0].lower() in _INSIDE or words[-1].lower() in _INSIDE:
        return False
    letters = letters.upper()
    return letters in ("".join(w[0] for w in words).upper(),
                       "".join(w[0] for w in words if w.lower() not in _INSIDE).upper())


def _bracketed_pairs(text: str) -> frozenset:
    """The acronyms ``text`` writes beside their own words, one of the two in brackets, in any case: "gross
    domestic product (GDP)", "the WHO (World Health Organization)" (by their letters)."""
    out = set()
    for m in _BRACKETED.finditer(text):
        inside = m.group(1)
        if _ACRONYM.fullmatch(inside):  # words (ACRONYM): the words just before the bracket
            letters = _letters(inside)
            before = _WORD.findall(text[max(0, m.start() - 120):m.start()])
            if any(_initials_match(before[len(before) - k:], letters) for k in range(1, min(len(before), 12) + 1)):
                out.add(letters)
        else:  # ACRONYM (words): the acronym just before the bracket
            tail = text[max(0, m.start() - 16):m.start()]
            last = list(_ACRONYM.finditer(tail))[-1:]
            if last and not tail[last[0].end():].strip() and _initials_match(_WORD.findall(inside),
                                                                            _letters(last[0].group(0))):
                out.add(_letters(last[0].group(0)))
    return frozenset(out)


def acronyms(text: str) -> frozenset:
    """The acronyms written in ``text`` ("ECB", "U.S."), by their letters."""
    return frozenset(_letters(m.group(0)) for m in _ACRONYM.finditer(text))


@lru_cache(maxsize=4096)
def _reference_forms(references: Tuple[str, ...]) -> Tuple[Dict[str, str], frozenset]:
    joined = "\n".join(references)
    return expansions(joined), acronyms(joined)


def align_acronyms(text: str, references: Sequence[str]) -> str:
    """``text`` with its acronyms and expansions written as the ``references`` write them (module docstring)."""
    if not text or not references:
        return text
    ref_expansions, ref_acronyms = _reference_forms(tuple(references))
    mine = acronyms(text)
    # a text that writes both forms itself is left as it is, in any case ("gross domestic product (GDP)")
    spelt = (set(expansions(text)) | _bracketed_pairs(text)) if mine else set()

    def spell_out(m: "re.Match") -> str:
        letters = _letters(m.group(0))
        if letters not in ref_expansions or letters in spelt:
            return m.group(0)
        if letters in ref_acronyms:  # the references write both: so does the text
            return f"{m.group(0)} ({ref_expansions[letters]})"
        return ref_expansions[letters]

    if mine and ref_expansions:
        text = _ACRONYM.sub(spell_out, text)
    wanted = {letters: full for letters, full in expansions(text).items()
              if letters in ref_acronyms and letters not in mine}
    for letters, full in sorted(wanted.items(), key=lambda kv: -len(kv[1])):
        written = letters if letters not in ref_expansions else f"{full} ({letters})"
        text = re.sub(rf"(?<![A-Za-z]){re.escape(full)}(?![A-Za-z])", written, text)
    return text
