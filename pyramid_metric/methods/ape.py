"""Steinberger, Krejzl & Brychcín (2017): APE — AMR-based Pyramid Evaluation, and APE + ROUGE-SU4.

Algorithm 1 of the seed: an SCU c_i (weight lambda_i) is covered when, for one
of its contributors d_j and one summary sentence p_k,
``mmt(A_dj, A_pk) / |A_dj| > tau`` (tau = 0.75, section 5); the APE score is the
covered weight divided by w_ideal, the best weight an average-size reference
could reach (Nenkova & Passonneau 2004).  The reported score is the paper's
linear mix ``alpha * APE + (1 - alpha) * ROUGE-SU4`` with alpha = 0.2 by default
(``ape_alpha``; 1 gives APE alone).

Two ways to get the SCUs c:

- *Human SCUs* (the paper's setting): ``scorer.score(predictions, references,
  scus=..., scu_weights=..., scu_contributors=...)`` runs Algorithm 1 on the
  given SCUs: lambda_i = the given weight; the mentions d_j are the given
  contributors (else the SCU label itself).  A mention found word for word in a
  sentence m_i of a reference gets A_dj = the triples of A_mi whose nodes lie in
  the mention (section 4); any other mention is parsed as its own sentence.
  w_ideal = the best weight of X SCUs, X = (sum of lambda_i) / (number of
  references), the average number of SCUs in a model summary.  ROUGE-SU4 is
  computed against the references (needed unless ``ape_alpha=1``).
- *Automatic SCUs* (no ``scus``): the seed scores against human SCUs and names
  building them automatically as future work; here the pyramid is built from
  the references alone by PyrEval's EDUA (:mod:`.pyreval`): SCUs are groups of
  reference segments (contributors), weight = number of references.

Differences from the seed, each forced by what is available here:

- *AMR parser.*  JAMR is not installable; graphs come from
  :mod:`pyramid_metric.amr_graph` (amrlib when a model is installed, else the
  built-in dependency-to-AMR approximation, named ``dep2amr-approx`` in the
  signature; PENMAN input is read as is).
- *TOP.*  A_dj keeps the TOP triple of A_mi when the mention holds the
  sentence's root (TOP's constituent is then in the mention, as the paper's
  count of A_mi's triples requires); a mention parsed alone has its own TOP.
- *ROUGE-SU4* is :func:`pyramid_metric.methods.rouge.rouge_recall` (ROUGE-1.5.5
  parity, stemmed), against all references of the example.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

from ..amr_graph import AMRGraph, get_parser, graphs_of, is_penman, read_penman, union
from ..clauses import content_sentences
from ..match.amr import triple_recall
from ..options import Option, register_method
from ..pyramid import PyramidUnit
from ..scoring import Match, capped
from ..signature import THRESHOLD, Field, const, edua_options, option, parser_name
from ..text import words
from .base import Method
from .scu import Contributor, SCUPyramid, SCUScoreResult


@dataclass(frozen=True)
class APEPyramid(SCUPyramid):
    """An SCU pyramid with the AMR triples of every contributor (A_dj) and the reference texts (for ROUGE-SU4)."""

    contributor_graphs: Tuple[Tuple[AMRGraph, ...], ...] = field(default=(), repr=False)
    references: Tuple[str, ...] = field(default=(), repr=False)
    average_scus: Optional[int] = None  # X of w_ideal when given (human SCUs), else from the contributors

    def average_count(self) -> int:
        return self.average_scus if self.average_scus is not None else super().average_count()

    def to_dict(self) -> dict:
        d = super().to_dict()
        for u, graphs in zip(d["units"], self.contributor_graphs):
            for c, g in zip(u.get("contributors", []), graphs):
                c["amr"] = g.to_penman()
                c["amr_triples"] = g.n_triples
        return d


def reference_text(ref: str) -> str:
    """The plain text of a reference (a PENMAN document's ``# ::snt`` lines joined, else the text itself)."""
    if is_penman(ref):
        return " ".join(g.text for g in read_penman(ref))
    return ref


class APEMethod(Method):
    """APE (Steinberger et al. 2017): SCU contributors' AMR triples matched against summary sentence graphs with Smatch."""

    name = "ape"
    needs_sources = False
    scores_scus = True  # Algorithm 1 on given human SCUs (``scus=``), the paper's setting
    scus_use_references = True

    only_matcher = ("amr", "matches AMR graphs")

    def __init__(self, config):
        super().__init__(config)
        from .pyreval import PyrEvalMethod

        # the SCUs are PyrEval's (EDUA with APE's own edua/edge_percentile/zipf_beta); tau is APE's, not WMIN's
        self.builder = PyrEvalMethod(type(config)(method="pyreval", edua=config.edua,
                                                  edge_percentile=config.edge_percentile, zipf_beta=config.zipf_beta))
        self.parser_name = config.amr_parser
        self.parser = get_parser(config.amr_parser)

    # -- pyramid --------------------------------------------------------------------------------
    def _contributor_graph(self, ref: str, sentence: int, tokens: Sequence[int]) -> AMRGraph:
        if is_penman(ref):  # given graphs: no token alignment to our parse; match concepts to the lemmas
            graphs = read_penman(ref)
            text = reference_text(ref)
        else:
            graphs = graphs_of(ref, self.parser_name)
            text = ref
        sents = content_sentences(text)
        if not graphs or sentence >= len(sents):
            return AMRGraph(None, ())
        doc = sents[0].doc
        lemmas = [doc[i].lemma_ for i in tokens] + [doc[i].text for i in tokens]
        if len(graphs) == len(sents):
            g = graphs[sentence]
        else:  # sentence counts disagree (PENMAN input split differently): the graph sharing most concepts
            g = max(graphs, key=lambda x: x.restrict(tokens, lemmas).n_triples)
        return g.restrict(tokens, lemmas)

    def build_many(self, references, sources) -> List[APEPyramid]:
        texts = [[reference_text(r) for r in refs] for refs in references]
        base = self.builder.build_many(texts, sources)
        out = []
        for refs, pyr in zip(references, base):
            graphs = tuple(tuple(self._contributor_graph(refs[c.reference], c.sentence, c.tokens) for c in group)
                           for group in pyr.contributors)
            fields_ = {f.name: getattr(pyr, f.name) for f in dataclasses.fields(pyr)}
            out.append(APEPyramid(**fields_, contributor_graphs=graphs, references=tuple(refs)))
        return out

    def _locate(self, mention: str, references: Sequence[str]):
        """(reference, sentence, tokens) of the first reference sentence holding ``mention`` word for word."""
        from ..text import clean_text, parse

        target = [t.text.lower() for t in parse(clean_text(mention)) if words(t.text, stemmed=False)]
        if not target:
            return None
        for r, ref in enumerate(references):
            if is_penman(ref):
                continue
            toks = [t for t in parse(clean_text(ref)) if words(t.text, stemmed=False)]
            low = [t.text.lower() for t in toks]
            for start in range(len(toks) - len(target) + 1):
                if low[start:start + len(target)] == target:
                    span = toks[start:start + len(target)]
                    sents = content_sentences(ref)
                    k = next((j for j, st in enumerate(sents) if st.start <= span[0].i < st.end), None)
                    if k is not None:
                        return r, k, tuple(t.i for t in span)
        return None

    def pyramid_of_scus(self, scus: Sequence[str], weights: Sequence[float], references: Sequence[str] = None,
                        contributors: Sequence[Sequence[str]] = None) -> APEPyramid:
        """The SCUs c of Algorithm 1 from a human pyramid: labels, weights lambda_i, contributors' mentions d_j."""
        if references is None and self.config.ape_alpha < 1.0:
            raise ValueError("method='ape' with `scus`: the ROUGE-SU4 mix (ape_alpha < 1) is computed against the "
                             "model summaries; give `references` too, or ape_alpha=1.0 for APE alone")
        refs = list(references or [])
        texts = [reference_text(r) for r in refs]
        mentions = contributors if contributors is not None else [[] for _ in scus]
        units, groups, graphs = [], [], []
        for label, w, ms in zip(scus, weights, mentions):
            group, gs = [], []
            for m in (list(ms) or [label]):
                found = self._locate(m, texts)
                if found is not None:  # A_dj = triples of the model sentence's graph inside the mention
                    r, k, toks = found
                    group.append(Contributor(r, m, k, toks))
                    gs.append(self._contributor_graph(refs[r], k, toks))
                else:  # a mention that is not a span of a reference: parsed as its own sentence(s)
                    sent_graphs = graphs_of(m, self.parser_name)
                    group.append(Contributor(None, m))  # reference None: not a span of one
                    gs.append(union(sent_graphs) if len(sent_graphs) > 1 else
                              (sent_graphs[0] if sent_graphs else AMRGraph(None, ())))
            refs_of = tuple(sorted({c.reference for c in group if c.reference is not None}))
            units.append(PyramidUnit(label, tuple(words(label)), float(w), refs_of))
            groups.append(tuple(group))
            graphs.append(tuple(gs))
        n_models = len(refs) if refs else max([1] + [int(round(w)) for w in weights])
        average = max(1, int(sum(weights) / n_models + 0.5))
        notes = () if refs else (f"no references given: w_ideal assumes {n_models} model summaries "
                                 "(the highest SCU weight)",)
        limit = max(1, sum(u.length for u in units))
        return APEPyramid(tuple(units), limit, len(refs), notes=notes, one_to_one=False,
                          contributors=tuple(groups), reference_counts=(), info=(("scus", "given"),),
                          contributor_graphs=tuple(graphs), references=tuple(refs), average_scus=average)

    # -- scoring --------------------------------------------------------------------------------
    def score_one(self, prediction: str, pyramid: APEPyramid) -> SCUScoreResult:
        from .rouge import rouge_recall

        c = self.config
        tau, alpha = c.threshold, c.ape_alpha
        sents = graphs_of(prediction, self.parser_name) if prediction.strip() else []
        w_ideal = pyramid.ideal_weight(pyramid.average_count())
        matches, w_p = [], 0.0
        for i, (unit, graphs) in enumerate(zip(pyramid.units, pyramid.contributor_graphs)):
            found = None
            for d in graphs:  # Algorithm 1: first contributor and sentence above tau
                if d.n_triples == 0:
                    continue
                for k, p in enumerate(sents):
                    share = triple_recall(d, p)
                    if share > tau:
                        found = (k, share)
                        break
                if found:
                    break
            if found:
                w_p += unit.weight
                k, share = found
                matches.append(Match(k, sents[k].text, i, unit.text, float(share), unit.weight, unit.weight))
        ape, cap = capped(w_p, w_ideal, f"w_ideal, the weight of an average-size reference "
                                        f"({pyramid.average_count()} SCUs)", "APE")
        notes = list(cap)
        refs = [reference_text(r) for r in pyramid.references]
        if alpha < 1.0 and not any(len(words(r)) > 1 for r in refs):
            # no reference has a word pair: ROUGE-SU4 counts nothing, and mixing in its 0 would give a copy of
            # the reference alpha; the score is APE alone, said in the notes
            alpha = 1.0
            notes.append("the references have fewer than two words: ROUGE-SU4 has no word pair to count, "
                         "the score is APE alone")
        su4 = rouge_recall(reference_text(prediction), refs, "su4", True) if alpha < 1.0 and words(
            reference_text(prediction)) else 0.0
        score = alpha * ape + (1.0 - alpha) * su4
        matched = {m.unit for m in matches}
        details = (("ape", float(ape)), ("rouge_su4", float(su4)), ("alpha", float(alpha)),
                   ("covered_weight", float(w_p)), ("ideal_weight", float(w_ideal)))
        if not sents:
            notes.append("the summary has no AMR graph (no words)")
        return SCUScoreResult(float(min(1.0, max(0.0, score))), float(w_p), float(w_ideal), tuple(matches),
                              tuple(j for j in range(len(pyramid.units)) if j not in matched), tuple(notes),
                              tuple(g.text for g in sents), details=details)

    def score_many(self, predictions, pyramids) -> List[SCUScoreResult]:
        from ..text import clean_text, parse_many

        parse_many([clean_text(p) for p in predictions if not is_penman(p)])
        return [self.score_one(p, pyr) for p, pyr in zip(predictions, pyramids)]

    def signature_parts(self) -> dict:
        from ..encoder import encoder_signature

        return {"amr": self.parser.signature(), "vectors": encoder_signature()}


register_method("ape", APEMethod, help="APE (Steinberger et al. 2017): AMR/Smatch coverage of the SCUs, mixed with "
                "ROUGE-SU4; built from the references alone", options=(
    Option("ape_alpha", (), float, 0.2, paper=0.2, bounds=(0.0, 1.0), scoring_only=True,
           help="mix alpha x APE + (1 - alpha) x ROUGE-SU4 (Steinberger et al. 2017); 1 = APE alone"),
), reads=("matcher", "threshold", "amr_parser"), resolves={"matcher": "amr", "threshold": 0.75}, fields=(
    Field("amr", lambda c, parts: parts["amr"], lambda v: {"amr_parser": parser_name(v)}),
    const("mmt", "smatch"), option("tau", "threshold", **THRESHOLD),
    option("alpha", "ape_alpha", lambda v: f"{v:g}+rouge-su4(stem)", lambda v: float(v.split("+")[0])),
    Field("scus", lambda c, parts: "pyreval-edua-" + ("C" if c.edua == "complete" else f"G(beta:{c.zipf_beta:g})")
          + f"(t_edge:p{c.edge_percentile:g},{parts['vectors']})",
          lambda v: {**edua_options(v[len("pyreval-edua-"):]),
                     "edge_percentile": float(re.search(r"t_edge:p([0-9.eE+-]+)", v).group(1))})))
