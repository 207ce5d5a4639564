"""AMR graph builder for APE (Steinberger et al. 2017): parser adapter, PENMAN input, dependency-to-AMR approximation.

This module builds graphs from text; it compares nothing.  Comparing graphs (Smatch triples, the AMR
matcher) is :mod:`pyramid_metric.match.amr`, which reads the graphs built here.

Steinberger et al. (2017) parse every sentence with JAMR (Flanigan et al. 2014).  JAMR (Scala)
and trained AMR parser weights are not installable here, so parsing goes
through an adapter:

- ``"amrlib"``: amrlib's sentence-to-graph model, when the package *and* a parse
  model are installed (``amrlib.load_stog_model()`` succeeds);
- ``"dependency"``: :func:`dependency_amr`, a built-in approximation built from
  spaCy's dependency parse — concepts from lemmas, PropBank-style frames
  ``lemma-01`` for verbs (sense 01 always: no sense disambiguation), ARG0/ARG1/
  ARG2 from subject/object/dative/passive labels, ``:mod``, ``:poss``,
  ``:polarity -``, ``:quant``, named entities as ``(x / type :name (n / name :op1
  "W1" ...))``, copulas as ``:domain``, conjunctions as ``(a / and :op1 ... :op2 ...)``
  with the shared subject re-entered, and prepositions as ``:location``/``:time``
  or ``:prep-X`` roles.  It is *not* an AMR parser; every signature that uses it
  says ``dep2amr-approx``;
- ``"auto"``: amrlib when a model loads, else the approximation.

Precomputed graphs are accepted too: a text that is a PENMAN document (one
graph per sentence, ``# ::snt`` metadata optional, ISI alignments ``~e.N``
optional) is read with :mod:`penman` instead of being parsed.

Graph nodes carry *alignments* (token indices in ``text.parse(text.clean_text(...))``)
when the approximation built them, so APE can keep exactly the triples of an
SCU contributor (Steinberger et al. 2017, section 4: A_dj = triples of A_mi whose constituents
lie in the mention); unaligned graphs fall back to matching concepts against
the contributor's lemmas.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from . import text as textlib

# spaCy entity labels -> AMR named-entity types (a small part of AMR's list)
NE_TYPES = {"PERSON": "person", "ORG": "organization", "GPE": "country", "LOC": "location", "NORP": "nationality",
            "FAC": "facility", "PRODUCT": "product", "EVENT": "event", "WORK_OF_ART": "work-of-art",
            "LAW": "law", "LANGUAGE": "language"}
PREP_ROLES = {"in": "location", "at": "location", "on": "location", "near": "location", "inside": "location",
              "during": "time", "before": "time", "after": "time", "since": "time", "until": "time",
              "for": "beneficiary", "with": "accompanier", "about": "topic", "of": "part-of",
              "from": "source", "to": "destination", "into": "destination", "by": "agent-approx"}
ADVCL_ROLES = {"because": "cause", "since": "cause", "as": "cause", "if": "condition", "unless": "condition",
               "when": "time", "while": "time", "after": "time", "before": "time", "until": "time",
               "although": "concession", "though": "concession", "so": "purpose"}
NEGATIONS = {"not", "n't", "never", "no"}
SKIP_DEPS = {"punct", "det", "aux", "auxpass", "case", "cc", "mark", "expl", "dep", "space", "predet", "prt"}


@dataclass(frozen=True)
class AMRGraph:
    """An AMR graph as triples (Steinberger et al. 2017, Eq. 1): instances (var, concept), attributes (var, role, value),
    relations (var, role, var); ``alignments`` = (var, token indices) pairs; ``text`` = its sentence."""

    top: Optional[str]
    instances: Tuple[Tuple[str, str], ...]
    attributes: Tuple[Tuple[str, str, str], ...] = ()
    relations: Tuple[Tuple[str, str, str], ...] = ()
    alignments: Tuple[Tuple[str, Tuple[int, ...]], ...] = ()
    text: str = ""

    @property
    def n_triples(self) -> int:
        """|A|: instance + attribute + relation triples, plus TOP when the graph has a root (as Smatch counts)."""
        return len(self.instances) + len(self.attributes) + len(self.relations) + (1 if self.top else 0)

    def smatch_triples(self, prefix: str) -> Tuple[list, list, list]:
        """Triples in the ``smatch`` package's format, variables renamed ``prefix + index`` (as Smatch requires)."""
        names = {v: f"{prefix}{i}" for i, (v, _) in enumerate(self.instances)}
        inst = [("instance", names[v], _norm(c)) for v, c in self.instances]
        attr = [(r, names[v], _norm(x)) for v, r, x in self.attributes if v in names]
        if self.top in names:
            attr.append(("TOP", names[self.top], _norm(dict(self.instances)[self.top])))
        rel = [(r, names[a], names[b]) for a, r, b in self.relations if a in names and b in names]
        return inst, attr, rel

    def restrict(self, tokens: Iterable[int], lemmas: Iterable[str] = ()) -> "AMRGraph":
        """The triples whose nodes lie in a text span (A_dj ⊆ A_mi, Steinberger et al. 2017, section 4).

        TOP is kept when the span holds the root (its constituent is then in the span, so it is one of
        A_mi's triples that the paper's A_dj counts), and dropped otherwise.

        Aligned nodes are kept when one of their tokens is in ``tokens``;
        unaligned graphs (amrlib, PENMAN without ``~e.N``) keep nodes whose concept
        (sense suffix removed) is one of ``lemmas``, and name nodes with an ``:opN``
        among them, together with the entity node above a kept name.
        """
        tokens = set(tokens)
        align = dict(self.alignments)
        if align:
            keep = {v for v, _ in self.instances if set(align.get(v, ())) & tokens}
        else:
            lem = {x.lower() for x in lemmas}
            keep = {v for v, c in self.instances if _concept_word(c) in lem}
            for v, r, x in self.attributes:
                if re.fullmatch(r"op\d+", r) and x.lower() in lem:
                    keep.add(v)
            for a, r, b in self.relations:
                if r == "name" and b in keep:
                    keep.add(a)
        return AMRGraph(self.top if self.top in keep else None, tuple((v, c) for v, c in self.instances if v in keep),
                        tuple(t for t in self.attributes if t[0] in keep),
                        tuple(t for t in self.relations if t[0] in keep and t[2] in keep),
                        tuple((v, a) for v, a in self.alignments if v in keep), self.text)

    def to_penman(self) -> str:
        """The graph in PENMAN notation (``penman.encode``); the first instance is the root when there is no top."""
        import penman

        if not self.instances:
            return "()"
        triples = [(v, ":instance", c) for v, c in self.instances]
        triples += [(v, ":" + r, _quote(x)) for v, r, x in self.attributes]
        triples += [(a, ":" + r, b) for a, r, b in self.relations]
        top = self.top or self.instances[0][0]
        try:
            return penman.encode(penman.Graph(triples, top=top), indent=None)
        except Exception:  # disconnected pieces (restricted subgraphs): list them under a multi-sentence node
            roots = _roots(self)
            extra = [("m0_", ":instance", "multi-sentence")] + [("m0_", f":snt{i + 1}", r)
                                                                  for i, r in enumerate(roots)]
            return penman.encode(penman.Graph(triples + extra, top="m0_"), indent=None)


def _roots(g: AMRGraph) -> List[str]:
    targets = {b for _, _, b in g.relations}
    return [v for v, _ in g.instances if v not in targets] or [g.instances[0][0]]


def _norm(x: str) -> str:
    return str(x).strip('"').lower()


def _quote(x: str) -> str:
    return x if x in ("-", "+") or re.fullmatch(r"-?\d+(\.\d+)?", x) else '"' + x.replace('"', "") + '"'


def _concept_word(c: str) -> str:
    """``chase-01`` -> ``chase``: the lemma part of a concept."""
    return re.sub(r"-\d+$", "", c.lower())


# -- PENMAN input ---------------------------------------------------------------------------------------

_PENMAN_START = re.compile(r"^\(\s*[^\s()/:\"]+\s*/\s*[^\s()]")


def is_penman(text: str) -> bool:
    """Whether ``text`` is a PENMAN document: after ``#`` comment lines, ``(var / concept ...`` that decodes."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")).strip()
    if not _PENMAN_START.match(body):  # "(var / concept": not "(CNN) Officials said ..."
        return False
    try:
        graphs = read_penman(text)
    except Exception:
        return False
    return bool(graphs) and all(g.instances for g in graphs)


def read_penman(text: str) -> List[AMRGraph]:
    """Graphs of a PENMAN document (penman.loads): one per sentence; ``# ::snt`` gives the text.

    ISI surface alignments (``~e.3``) become node alignments (indices into the
    ``# ::tok`` tokens when given); without them APE matches concepts to lemmas.
    """
    import penman
    from penman import surface

    out = []
    for g in penman.loads(text):
        aligns = surface.alignments(g)
        inst = tuple((s, str(t)) for s, r, t in g.instances())
        attr = tuple((s, r.lstrip(":"), str(t)) for s, r, t in g.attributes())
        rel = tuple((s, r.lstrip(":"), t) for s, r, t in g.edges())
        al = {}
        for (s, r, t), a in aligns.items():
            if r == ":instance":
                al[s] = tuple(a.indices)
        snt = g.metadata.get("snt") or " ".join(_concept_word(c) for _, c in inst)
        out.append(AMRGraph(g.top, inst, attr, rel, tuple(al.items()), snt))
    return out


# -- the built-in dependency-to-AMR approximation -----------------------------------------------------

@dataclass
class _Draft:
    """The graph of one sentence while :func:`dependency_amr` builds it: nodes, triples and alignments so far."""

    sent: object
    ents: Dict[int, object]          # token -> its named entity (entities of a known type only)
    copula_of: Dict[int, int]        # be-token -> its attr/acomp token (the clause's node)
    var: Dict[int, str] = field(default_factory=dict)  # token -> node variable
    inst: Dict[str, str] = field(default_factory=dict)
    align: Dict[str, Tuple[int, ...]] = field(default_factory=dict)
    attrs: List[Tuple[str, str, str]] = field(default_factory=list)
    rels: List[Tuple[str, str, str]] = field(default_factory=list)
    coord_of: Dict[int, str] = field(default_factory=dict)  # first conjunct token -> its coordination node

    def node_of(self, t) -> Optional[str]:
        """The node of token ``t`` (a copula stands for its attr/acomp token)."""
        return self.var.get(self.copula_of.get(t.i, t.i))

    def target(self, t) -> Optional[str]:
        """Where an edge to ``t`` points: its coordination node when it heads one, else its node."""
        return self.coord_of.get(t.i) or self.node_of(t)


def dependency_amr(sent) -> AMRGraph:
    """An approximate AMR of one spaCy sentence span (see the module docstring for the rules).

    Variables are ``v<token index>`` (``e``/``n`` prefixes for entities and their
    names, ``c`` for coordination nodes); every node is aligned to its tokens.
    """
    doc = textlib.with_entities(sent.doc)  # NER runs on demand (text.get_nlp)
    draft = _Draft(sent, _entities_of(sent, doc), _copulas_of(sent))
    _add_nodes(draft)           # 1) nodes
    _add_coordination(draft)    # 2) coordination
    _add_edges(draft)           # 3) edges from dependencies
    _add_shared_subjects(draft)  # 4) re-entrant subjects
    return _finish(draft)


def _entities_of(sent, doc) -> Dict[int, object]:
    """Token index -> named entity, for the sentence's entities of a type in :data:`NE_TYPES`."""
    ents = {}
    for ent in doc.ents:
        if ent.start >= sent.start and ent.end <= sent.end and ent.label_ in NE_TYPES:
            for t in ent:
                ents[t.i] = ent
    return ents


def _copulas_of(sent) -> Dict[int, int]:
    """Copulas: "X is Y" -> (Y :domain X), so a be-token maps to its attr/acomp token."""
    copula_of = {}
    for tok in sent:
        if tok.lemma_ == "be":
            comp = [c for c in tok.children if c.dep_ in ("attr", "acomp")]
            if comp:
                copula_of[tok.i] = comp[0].i
    return copula_of


def _is_node(tok, copula_of: Dict[int, int]) -> bool:
    """Whether a token becomes a node; prepositions, negations, numbers and function words become roles or
    attributes instead."""
    if tok.i in copula_of or tok.dep_ in SKIP_DEPS or tok.is_punct or tok.is_space:
        return False
    if tok.dep_ in ("prep", "agent") or (tok.dep_ == "pcomp" and tok.pos_ == "ADP"):
        return False  # prepositions become roles, not nodes
    if tok.lower_ in NEGATIONS or tok.dep_ == "neg" or tok.tag_ in ("WDT", "WP"):
        return False
    return not (tok.pos_ == "NUM" and tok.dep_ == "nummod")  # a number becomes :quant of its head


def _concept(tok) -> str:
    """A token's concept: its lemma, ``lemma-01`` for verbs (PropBank frame, sense 01 always)."""
    if tok.pos_ == "PRON" and tok.lemma_.lower() in ("i", "me"):
        return "i"
    if tok.pos_ == "PRON":
        return tok.lemma_.lower()
    if tok.pos_ in ("VERB", "AUX"):
        return f"{tok.lemma_.lower()}-01"
    return tok.lemma_.lower() or tok.lower_


def _add_entity(draft: _Draft, ent) -> None:
    """A named entity: ``(e / type :name (n / name :op1 "W1" ...))``, every token of it mapped to ``e``."""
    e, n = f"e{ent.root.i}", f"n{ent.root.i}"
    draft.inst[e], draft.inst[n] = NE_TYPES[ent.label_], "name"
    draft.align[e] = draft.align[n] = tuple(t.i for t in ent)
    for k, t in enumerate([t for t in ent if not t.is_punct], start=1):
        draft.attrs.append((n, f"op{k}", t.text))
    draft.rels.append((e, "name", n))
    for t in ent:
        draft.var[t.i] = e


def _add_nodes(draft: _Draft) -> None:
    """Step 1: one node per content token, one entity node (and its name node) per named entity."""
    for tok in draft.sent:
        if not _is_node(tok, draft.copula_of):
            continue
        if tok.i in draft.ents:
            ent = draft.ents[tok.i]
            if tok.i == ent.root.i:
                _add_entity(draft, ent)
            continue
        v = f"v{tok.i}"
        draft.inst[v] = _concept(tok)
        draft.align[v] = (tok.i,)
        draft.var[tok.i] = v


def _add_coordination(draft: _Draft) -> None:
    """Step 2: coordination ``(c / and :op1 first :op2 second ...)``; the parent's edge will point to c."""
    for tok in draft.sent:
        conj = [c for c in tok.children if c.dep_ == "conj"]
        if not conj or draft.node_of(tok) is None or tok.dep_ == "conj":
            continue
        members, todo = [tok], list(conj)
        while todo:
            c = todo.pop(0)
            members.append(c)
            todo.extend(x for x in c.children if x.dep_ == "conj")
        members = [m for m in members if draft.node_of(m) is not None]
        if len(members) < 2:
            continue
        cc = [c for m in members for c in m.children if c.dep_ == "cc"]
        c_var = f"c{tok.i}"
        draft.inst[c_var] = "or" if cc and cc[0].lower_ == "or" else "and"
        draft.align[c_var] = tuple(x.i for x in cc) or (tok.i,)
        for k, m in enumerate(sorted(members, key=lambda x: x.i), start=1):
            draft.rels.append((c_var, f"op{k}", draft.node_of(m)))
        draft.coord_of[tok.i] = c_var


def _add_edges(draft: _Draft) -> None:
    """Step 3: attributes (``:polarity -``, ``:quant``) and relations from the dependency arcs."""
    for tok in draft.sent:
        head = tok.head
        if head.i == tok.i:
            continue
        h = draft.node_of(head)
        if tok.lower_ in NEGATIONS or tok.dep_ == "neg":
            if h is not None:
                draft.attrs.append((h, "polarity", "-"))
            continue
        if tok.pos_ == "NUM" and tok.dep_ == "nummod":
            if h is not None:
                draft.attrs.append((h, "quant", tok.text.replace(",", "")))
            continue
        d = draft.target(tok)
        if tok.dep_ == "pobj" and head.dep_ in ("prep", "agent", "pcomp") and d is not None:
            edge = _preposition_edge(draft, tok, head, d)
        elif d is None or h is None or d == h or tok.dep_ == "conj":
            edge = None
        else:
            edge = _dependency_edge(draft, tok, head, h, d)
        if edge is not None:
            draft.rels.append(edge)


def _preposition_edge(draft: _Draft, tok, head, d: str) -> Optional[Tuple[str, str, str]]:
    """The object of a preposition: (governor, role named by the preposition, object), or None."""
    prep = head.head if head.dep_ == "pcomp" else head  # "because of X": the role word is "because"
    g = draft.node_of(prep.head)
    if g is None or g == d:
        return None
    p = prep.lower_
    if prep.dep_ == "agent":
        role = "ARG0"
    elif tok.ent_type_ in ("DATE", "TIME"):
        role = "time"
    else:
        role = PREP_ROLES.get(p, f"prep-{p}")
        if role == "location" and tok.ent_type_ not in ("GPE", "LOC", "FAC", ""):
            role = f"prep-{p}"
        if role == "agent-approx":
            role = "prep-by"
    return (g, role, d)


def _dependency_edge(draft: _Draft, tok, head, h: str, d: str) -> Optional[Tuple[str, str, str]]:
    """The relation for one dependency arc head -> tok (nodes h -> d), or None for a preposition."""
    dep = tok.dep_
    head_is_verb = head.pos_ in ("VERB", "AUX") and head.i not in draft.copula_of
    if head.i in draft.copula_of and dep in ("nsubj", "nsubjpass", "csubj"):
        return (h, "domain", d)
    if dep in ("nsubj", "csubj"):
        return (h, "ARG0" if head_is_verb else "domain", d)
    if dep in ("nsubjpass", "dobj", "ccomp", "csubjpass"):
        return (h, "ARG1", d)
    if dep == "xcomp":
        return (h, "ARG1" if not any(c.dep_ == "dobj" for c in head.children) else "ARG2", d)
    if dep in ("dative", "iobj", "oprd") or (dep == "acomp" and head.i not in draft.copula_of):
        return (h, "ARG2", d)
    if dep == "poss":
        return (h, "poss", d)
    if dep in ("prep", "agent"):
        return None  # the preposition itself is a role, not a node
    if dep == "relcl":
        rel_subj = any(c.dep_ in ("nsubj", "nsubjpass") and c.tag_ in ("WDT", "WP") for c in tok.children)
        return (d, "ARG0" if rel_subj else "ARG1", h)  # AMR's :ARGn-of, stored de-inverted
    if dep == "advcl":
        marks = [c.lower_ for c in tok.children if c.dep_ == "mark"]
        return (h, ADVCL_ROLES.get(marks[0], "mod") if marks else "mod", d)
    if dep in ("npadvmod", "tmod") and tok.ent_type_ in ("DATE", "TIME"):
        return (h, "time", d)
    return (h, "mod", d)  # amod, advmod, compound, nmod, appos, attr of non-copula ...


def _add_shared_subjects(draft: _Draft) -> None:
    """Step 4: subjects shared by conjoined verbs and controlled by xcomp heads (re-entrancy, as AMR annotates
    them)."""
    node_of, target = draft.node_of, draft.target
    for tok in draft.sent:
        if tok.dep_ == "xcomp" and node_of(tok) is not None and node_of(tok.head) is not None:
            subj = [c for c in tok.head.children if c.dep_ in ("nsubj", "csubj")]
            if subj and target(subj[0]) is not None and not any(c.dep_.startswith("nsubj") for c in tok.children):
                draft.rels.append((node_of(tok), "ARG0", target(subj[0])))
        if tok.dep_ == "conj" and tok.pos_ in ("VERB", "AUX") and node_of(tok) is not None:
            if not any(c.dep_ in ("nsubj", "nsubjpass", "csubj") for c in tok.children):
                subj = [c for c in tok.head.children if c.dep_ in ("nsubj", "csubj")]
                if subj and target(subj[0]) is not None:
                    draft.rels.append((node_of(tok), "ARG0", target(subj[0])))


def _finish(draft: _Draft) -> AMRGraph:
    """The graph: top = the root's node (else the first node); triples between existing nodes, each once."""
    inst = draft.inst
    root = draft.sent.root
    top = draft.target(root) if draft.target(root) is not None else (next(iter(inst)) if inst else None)
    seen, rel_out = set(), []
    for r in draft.rels:
        if r not in seen and r[0] in inst and r[2] in inst:
            seen.add(r)
            rel_out.append(r)
    attr_out = list(dict.fromkeys(a for a in draft.attrs if a[0] in inst))
    return AMRGraph(top, tuple(inst.items()), tuple(attr_out), tuple(rel_out), tuple(draft.align.items()),
                    draft.sent.text)


# -- the parser adapter ----------------------------------------------------------------------------

class AMRParser:
    """Sentence-level AMR graphs of a text: one graph per content sentence (``clauses.content_sentences``)."""

    name = "amr-parser"

    def parse(self, text: str) -> List[AMRGraph]:  # pragma: no cover - interface
        raise NotImplementedError

    def signature(self) -> str:
        return self.name


class DependencyAMRParser(AMRParser):
    """The built-in dependency-to-AMR approximation (:func:`dependency_amr`); not a trained AMR parser."""

    name = "dependency"

    def parse(self, text: str) -> List[AMRGraph]:
        from .clauses import content_sentences

        return [dependency_amr(s) for s in content_sentences(text)]

    def signature(self) -> str:
        return f"dep2amr-approx({textlib.spacy_model_name()})"


class AmrlibParser(AMRParser):
    """amrlib's sentence-to-graph model (needs ``pip install amrlib`` and a downloaded parse model)."""

    name = "amrlib"

    def __init__(self):
        import amrlib  # noqa: F401

        self._model = amrlib.load_stog_model()
        self._version = getattr(amrlib, "__version__", "?")
        self._lock = threading.Lock()

    def parse(self, text: str) -> List[AMRGraph]:
        from .clauses import content_sentences

        sents = [s.text for s in content_sentences(text)]
        if not sents:
            return []
        with self._lock:
            strings = self._model.parse_sents(sents, add_metadata=True)
        out = []
        for s, g in zip(sents, strings):
            graphs = read_penman(g) if g else []
            out.append(graphs[0] if graphs else AMRGraph(None, (), text=s))
        return out

    def signature(self) -> str:
        return f"amrlib-{self._version}"


_parsers: Dict[str, AMRParser] = {}
_parsers_lock = threading.Lock()


def get_parser(name: str = "auto") -> AMRParser:
    """The AMR parser by name; ``"auto"`` = amrlib when a parse model loads, else the dependency approximation."""
    if name not in ("auto", "amrlib", "dependency"):
        raise ValueError(f"get_parser: unknown `amr_parser` {name!r}; choose one of ['auto', 'amrlib', 'dependency']")
    with _parsers_lock:
        if name in _parsers:
            return _parsers[name]
        if name == "dependency":
            parser = DependencyAMRParser()
        elif name == "amrlib":
            try:
                parser = AmrlibParser()
            except Exception as exc:
                raise ValueError(f"amr_parser='amrlib' needs `pip install amrlib` and an installed sentence-to-graph "
                                 f"model ({exc.__class__.__name__}: {exc}); use amr_parser='dependency' for the "
                                 f"built-in approximation") from exc
        else:
            try:
                parser = AmrlibParser()
            except Exception:
                parser = DependencyAMRParser()
        _parsers[name] = parser
        return parser


@lru_cache(maxsize=50_000)
def _parse_cached(parser_name: str, text: str) -> Tuple[AMRGraph, ...]:
    return tuple(get_parser(parser_name).parse(text))


def graphs_of(text: str, parser: str = "auto") -> List[AMRGraph]:
    """Sentence graphs of ``text``: read as PENMAN when it is a PENMAN document, else parsed (cached)."""
    if is_penman(text):
        return read_penman(text)
    return list(_parse_cached(parser, text))


def union(graphs: Sequence[AMRGraph]) -> AMRGraph:
    """One graph holding the triples of several (variables made distinct); top = the first graph's top."""
    inst, attr, rel, al = [], [], [], []
    top = None
    for k, g in enumerate(graphs):
        ren = {v: f"g{k}_{v}" for v, _ in g.instances}
        inst += [(ren[v], c) for v, c in g.instances]
        attr += [(ren[v], r, x) for v, r, x in g.attributes if v in ren]
        rel += [(ren[a], r, ren[b]) for a, r, b in g.relations if a in ren and b in ren]
        al += [(ren[v], a) for v, a in g.alignments if v in ren]
        if top is None and g.top in ren:
            top = ren[g.top]
    return AMRGraph(top, tuple(inst), tuple(attr), tuple(rel), tuple(al), " ".join(g.text for g in graphs))


__all__ = ["AMRGraph", "AMRParser", "DependencyAMRParser", "AmrlibParser", "dependency_amr", "get_parser",
           "graphs_of", "is_penman", "read_penman", "union", "NE_TYPES"]

