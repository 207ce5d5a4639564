"""Clause-level analysis of a spaCy dependency parse: clause-like segments and subject-predicate-object triples.

Shared by two methods:

- **PyrEval** (Gao et al. 2019, section 4.1, "Sentence Decomposition"): every tensed
  verb phrase starts a segment; its subject is attached (subjects of VP
  conjuncts are reused, footnote 2); the remaining words go to the segment of
  the clause that governs them.  A sentence has a default segmentation (the
  whole sentence) and alternative segmentations of at least two segments each
  (Figure 3).  The paper reads tensed VPs off a Stanford phrase-structure parse;
  here they are read off spaCy's dependency parse (a tensed verb = a finite verb
  or a verb with a finite auxiliary), which is what the core's Basic Elements use too.
- **PEAK** (Yang et al. 2016, "Semantic Content Analysis"): ``<subject, predicate, object>``
  triples from a ClausIE-style clause extraction (Del Corro & Gemulla 2013).
  ClausIE itself (Java, Stanford parser) is not available; :func:`sentence_triples`
  follows its recipe on the spaCy parse: one clause per verb with a subject
  (inherited through conjunction and relative clauses), clause constituents
  S, V, O/C/A by dependency label, and one proposition per clause plus one per
  optional adverbial.

This module sits just above :mod:`pyramid_metric.text` and imports nothing else of the package.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence, Tuple

from . import text as textlib

# Dependency labels under which a tensed verb heads a clause of its own.
CLAUSE_DEPS = frozenset({"ROOT", "conj", "ccomp", "advcl", "relcl", "parataxis", "csubj", "csubjpass"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass"})
# ClausIE's essential complements: object, subject complement, clausal/open complements.
OBJECT_DEPS = ("dobj", "attr", "acomp", "oprd", "ccomp", "xcomp", "dative")
ADVERBIAL_DEPS = frozenset({"prep", "agent", "npadvmod"})
PREDICATE_DEPS = frozenset({"aux", "auxpass", "neg", "prt"})
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})
RELATIVE_TAGS = frozenset({"WDT", "WP", "WP$"})
MAX_SEGMENTATIONS = 4  # the default one, the finest one, and up to two two-way splits


@dataclass(frozen=True)
class Segment:
    """A clause-like segment of sentence ``sentence``: ``segmentation`` k, segment m (seg_ijkm of Gao et al. 2019 Fig. 5).

    ``tokens`` are the token indices (in the sentence's spaCy ``Doc``) in text order;
    segments may be discontinuous and may reuse a subject from another clause.
    """

    text: str
    tokens: Tuple[int, ...]
    sentence: int
    segmentation: int
    index: int


@dataclass(frozen=True)
class Triple:
    """A ClausIE-style proposition ``<subject, predicate, object>`` of sentence ``sentence``."""

    subject: str
    predicate: str
    object: str
    sentence: int
    tokens: Tuple[int, ...]

    @property
    def text(self) -> str:
        return " ".join(p for p in (self.subject, self.predicate, self.object) if p)


def is_tensed(tok) -> bool:
    """A finite verb (VBD/VBZ/VBP/MD, or VerbForm=Fin) or a verb with a finite auxiliary: a tensed VP head."""
    if tok.pos_ not in ("VERB", "AUX"):
        return False
    if tok.tag_ in FINITE_TAGS or "Fin" in tok.morph.get("VerbForm"):
        return True
    return any(c.dep_ in ("aux", "auxpass") and (c.tag_ in FINITE_TAGS or "Fin" in c.morph.get("VerbForm"))
               for c in tok.children)


def clause_heads(sent) -> List:
    """Heads of the clauses of a spaCy sentence span: the root and every tensed verb under a clausal label."""
    heads = [sent.root]
    for tok in sent:
        if tok.i != sent.root.i and tok.dep_ in CLAUSE_DEPS and is_tensed(tok):
            heads.append(tok)
    return sorted(heads, key=lambda t: t.i)


def _subject(verb):
    """The subject of a verb: its own, else that of the verb it is conjoined to (reused subject)."""
    seen = 0
    while verb is not None and seen < 8:
        subj = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
        if subj:
            return subj[0]
        if verb.dep_ == "conj" and verb.head is not verb:
            verb = verb.head
            seen += 1
            continue
        return None
    return None


def _keep(tok) -> bool:
    return not tok.is_punct and not tok.is_space


def _render(doc, tokens: Sequence[int]) -> str:
    """Text of a (possibly discontinuous) token set, in text order, without edge punctuation or conjunctions."""
    toks = [doc[i] for i in sorted(set(tokens))]
    while toks and (not _keep(toks[0]) or toks[0].dep_ in ("cc", "mark")):
        toks = toks[1:]
    while toks and (not _keep(toks[-1]) or toks[-1].dep_ == "cc"):
        toks = toks[:-1]
    toks = [t for k, t in enumerate(toks) if _keep(t) or k == 0 or _keep(toks[k - 1])]  # ", ," -> ","
    out = []
    for k, t in enumerate(toks):
        out.append(t.text)
        if k + 1 < len(toks):
            out.append(t.whitespace_ if toks[k + 1].i == t.i + 1 else " ")
    return "".join(out).strip()


def _owner_map(sent, heads) -> dict:
    """Token index -> index of the nearest clause head dominating it (the root when none)."""
    head_ids = {h.i for h in heads}
    owner = {}
    for tok in sent:
        t, steps = tok, 0
        while t.i not in head_ids and t.head is not t and steps < 200:
            t, steps = t.head, steps + 1
        owner[tok.i] = t.i if t.i in head_ids else sent.root.i
    return owner


def _clause_segment(doc, owner, head, group: set) -> List[int]:
    """Tokens owned by clause heads in ``group`` (headed by ``head``) plus a reused subject when it has none."""
    tokens = [i for i, o in owner.items() if o in group]
    if not any(doc[i].dep_ in SUBJECT_DEPS and doc[i].head.i in group for i in tokens):
        subj = _subject(head)
        if subj is not None and subj.i not in tokens:
            tokens += [t.i for t in subj.subtree if owner.get(t.i) == owner.get(subj.i)]
    return sorted(tokens)


def sentence_segmentations(sent, sentence: int = 0) -> List[List[Segment]]:
    """Segmentation 0 = the whole sentence; then alternatives of >= 2 segments (Gao et al. 2019, section 4.1, Fig. 3).

    Alternatives: the finest one (one segment per tensed clause) and two-way
    splits that cut one embedded clause (with the clauses under it) from the rest.
    At most :data:`MAX_SEGMENTATIONS` segmentations; duplicates are removed.
    """
    doc = sent.doc
    whole = _render(doc, [t.i for t in sent])
    out = [[Segment(whole, tuple(t.i for t in sent if _keep(t)), sentence, 0, 0)]] if whole else []
    heads = clause_heads(sent)
    if len(heads) < 2 or not out:
        return out
    owner = _owner_map(sent, heads)
    head_ids = [h.i for h in heads]
    groupings = [[{h} for h in head_ids]]  # finest
    for h in heads[1:]:
        below = {x.i for x in h.subtree if x.i in set(head_ids)}
        rest = set(head_ids) - below
        if rest:
            groupings.append([rest, below])
    seen = set()
    for groups in groupings:
        segs = []
        for g in groups:
            head = min((doc[i] for i in g), key=lambda t: len(list(t.ancestors)))
            toks = _clause_segment(doc, owner, head, g)
            text = _render(doc, toks)
            if textlib.words(text):
                segs.append((tuple(i for i in toks if _keep(doc[i])), text))
        if len(segs) < 2:
            continue
        key = tuple(sorted(s[0] for s in segs))
        if key in seen:
            continue
        seen.add(key)
        k = len(out)
        segs.sort(key=lambda s: s[0][:1])
        out.append([Segment(text, toks, sentence, k, m) for m, (toks, text) in enumerate(segs)])
        if len(out) >= MAX_SEGMENTATIONS:
            break
    return out


def content_sentences(text: str) -> list:
    """spaCy sentence spans of the cleaned ``text`` that have at least one word (the sentences j of Gao et al. 2019)."""
    doc = textlib.parse(textlib.clean_text(text))
    return [s for s in doc.sents if textlib.words(s.text)]


def segmentations(text: str) -> List[List[List[Segment]]]:
    """Per content sentence of ``text`` (see :func:`content_sentences`), its list of segmentations.

    Token indices are those of the parse of the cleaned text (``text.parse(text.clean_text(text))``).
    """
    out = []
    for sent in content_sentences(text):
        segs = sentence_segmentations(sent, len(out))
        if segs:
            out.append(segs)
    return out


# -- ClausIE-style triples (PEAK) --------------------------------------------------------------------

def _constituent(tok, stop: set) -> List[int]:
    """Subtree of ``tok`` without the subtrees of clause heads in ``stop`` (embedded clauses are separate)."""
    out, todo = [], [tok]
    while todo:
        t = todo.pop()
        out.append(t.i)
        todo.extend(c for c in t.children if c.i not in stop)
    return sorted(out)


def _triple_subject(verb):
    """Subject token of a clause: own subject, a conjunct's, or the antecedent of a relative pronoun."""
    subj = _subject(verb)
    if verb.dep_ == "relcl" and (subj is None or subj.tag_ in RELATIVE_TAGS):
        return verb.head
    return subj


def sentence_triples(sent, sentence: int = 0) -> List[Triple]:
    """ClausIE-style propositions of one spaCy sentence (Yang et al. 2016; Del Corro & Gemulla 2013).

    For each verb that has a subject (own, conjunct's or relative antecedent):
    predicate = verb with its auxiliaries, negation and particle; object = the
    first essential complement (O or C), else the first adverbial (SVA clause);
    every further adverbial gives one more proposition ``<S, V O, A>``.
    """
    doc = sent.doc
    heads = {h.i for h in clause_heads(sent)}
    verbs = [t for t in sent if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")]
    out: List[Triple] = []
    for v in verbs:
        subj = _triple_subject(v)
        if subj is None:
            continue
        stop = heads | {v.i}
        subj_toks = [i for i in _constituent(subj, stop | {c.i for c in subj.children if c.dep_ == "relcl"})
                     if _keep(doc[i])] if subj.i != v.head.i else [subj.i] + [
            c.i for c in subj.lefts if c.dep_ in ("compound", "amod", "nummod", "poss")]
        pred_toks = sorted([v.i] + [c.i for c in v.children if c.dep_ in PREDICATE_DEPS])
        comps = [c for c in v.children if c.dep_ in OBJECT_DEPS]
        advs = [c for c in v.children if c.dep_ in ADVERBIAL_DEPS]
        if not comps and not advs:  # "is home to ...": a nominal adverb modifier as the complement
            comps = [c for c in v.children if c.dep_ == "advmod" and c.pos_ in ("NOUN", "PROPN")]
        obj = comps[0] if comps else (advs.pop(0) if advs else None)
        obj_toks = _constituent(obj, stop - {obj.i}) if obj is not None else []
        s, p, o = _render(doc, subj_toks), _render(doc, pred_toks), _render(doc, obj_toks)
        if not s or not p:
            continue
        base = tuple(sorted(set(subj_toks) | set(pred_toks) | set(obj_toks)))
        out.append(Triple(s, p, o, sentence, base))
        for a in advs[:2]:
            a_toks = _constituent(a, stop)
            a_text = _render(doc, a_toks)
            if a_text:
                out.append(Triple(s, f"{p} {o}".strip(), a_text, sentence, tuple(sorted(set(base) | set(a_toks)))))
    return out


def triples(text: str) -> List[Triple]:
    """All ClausIE-style triples of ``text``; a sentence without any gets one triple holding the whole sentence.

    The fallback keeps verbless sentences (headlines, fragments) in the pyramid
    instead of silently dropping their content.
    """
    out: List[Triple] = []
    for j, sent in enumerate(content_sentences(text)):
        found = sentence_triples(sent, j)
        if not found:
            whole = _render(sent.doc, [t.i for t in sent])
            if textlib.words(whole):
                found = [Triple(whole, "", "", j, tuple(t.i for t in sent if _keep(t)))]
        out.extend(found)
    return out


__all__ = ["Segment", "Triple", "is_tensed", "clause_heads", "content_sentences", "sentence_segmentations",
           "segmentations", "sentence_triples", "triples"]
