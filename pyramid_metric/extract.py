"""Extractive reference summaries made of source EDUs (Hirao et al. 2018, section 3.1-3.2).

- :func:`align_extract`, Eq. (1)-(6), Prop(AL): align source EDUs to reference
  EDUs one-to-one maximizing the LCS similarity phi, within the length limit.
- :func:`oracle_extract`, Eq. (7)-(18), Prop(ROUGE) / Prop(BE): choose source
  EDUs maximizing the clipped unit counts shared with the reference minus the
  number of sentences used, within the length limit; a unit spanning two EDUs
  counts only if both are chosen.

Both return an :class:`Extract`: the chosen source EDU indices and how the ILP
ended (optimal, or best feasible at the time limit), so explanations can say so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from . import solve
from .document import Document
from .text import lcs_length
from .units import occurrences, occurrences_by_unit, unit_counts


@dataclass(frozen=True)
class Extract:
    """Source EDU indices chosen for one reference; ``status``/``solver`` from the ILP; ``objective`` its value."""

    edus: Tuple[int, ...]
    objective: float
    status: str
    solver: str
    alignment: Tuple[Tuple[int, int], ...] = field(default=())  # (source EDU, reference EDU), Prop(AL) only
    note: str = ""  # anything the explanation should say about this extract

    @property
    def below_sentence_term(self) -> bool:
        """Empty although the source shares units with the reference: no source sentence shares more of them
        than the sentence term of Eq. (9) costs (with the paper's penalty of 1, a sentence sharing one unit
        adds 1 - 1 = 0, and the optimum leaves it out)."""
        return not self.edus and self.solver != TRIVIAL and self.status in (solve.OPTIMAL, solve.TIME_LIMIT)


TRIVIAL = "trivial"  # the solver of an extract with nothing to choose: no unit (or word) shared with the source


def phi(source_words: List[str], ref_words: List[str]) -> float:
    """Eq. (6): phi(e, m) = l(LCS(e, m)) / l(m), in words."""
    if not ref_words:
        return 0.0
    return lcs_length(source_words, ref_words) / len(ref_words)


def align_extract(source: Document, reference: Document, length_limit: int,
                  time_limit: float = 10.0, solver: str = "highs") -> Extract:
    """Eq. (1)-(5): maximize sum phi(e_j, m_k) a_jk, each EDU aligned at most once, sum l(e_j) a_jk <= L_max.

    Pairs with phi = 0 are left out of the model (they cannot raise the objective).
    """
    import pulp

    src_len = source.edu_lengths()
    sims: Dict[Tuple[int, int], float] = {}
    for k, m in enumerate(reference.edu_words):
        for j, e in enumerate(source.edu_words):
            if src_len[j] <= length_limit:
                s = phi(e, m)
                if s > 0:
                    sims[j, k] = s
    if not sims:
        return Extract((), 0.0, solve.OPTIMAL, TRIVIAL)
    prob = pulp.LpProblem("align_extract", pulp.LpMaximize)
    a = {jk: prob.add_variable(f"a_{jk[0]}_{jk[1]}", cat="Binary") for jk in sims}
    prob += pulp.lpSum(sims[jk] * v for jk, v in a.items())  # (1)
    prob += pulp.lpSum(src_len[j] * v for (j, _), v in a.items()) <= length_limit  # (2)
    by_k: Dict[int, list] = {}
    by_j: Dict[int, list] = {}
    for (j, k), v in a.items():
        by_k.setdefault(k, []).append(v)
        by_j.setdefault(j, []).append(v)
    for vs in by_k.values():
        prob += pulp.lpSum(vs) <= 1  # (3)
    for vs in by_j.values():
        prob += pulp.lpSum(vs) <= 1  # (4)
    st = solve.solve_ilp(prob, time_limit, solver)
    if not st.has_solution:
        return _greedy_align(sims, src_len, length_limit)
    pairs = sorted(jk for jk, v in a.items() if (v.varValue or 0) > 0.5)
    return Extract(tuple(sorted({j for j, _ in pairs})), sum(sims[p] for p in pairs), st.status, st.solver,
                   tuple(pairs))


def _greedy_align(sims, src_len, length_limit) -> Extract:
    """Fallback when no solver answers: best pairs first, within the length limit."""
    used_j, used_k, total, pairs, length = set(), set(), 0.0, [], 0
    for (j, k), s in sorted(sims.items(), key=lambda kv: -kv[1]):
        if j in used_j or k in used_k or length + src_len[j] > length_limit:
            continue
        used_j.add(j), used_k.add(k), pairs.append((j, k))
        total += s
        length += src_len[j]
    return Extract(tuple(sorted(used_j)), total, "greedy-fallback", "greedy", tuple(sorted(pairs)))


def oracle_extract(source: Document, reference: Document, length_limit: int, units: str = "be",
                   sentence_penalty: float = 1.0, time_limit: float = 10.0, solver: str = "highs") -> Extract:
    """The oracle extract of :func:`oracle_ilp`; an empty BE extract falls back to bigrams, with a note.

    The English parser can find no Basic Element shared by reference and source
    (non-English text, verbless headlines, parse differences): rather than an
    empty pyramid and a silent 0, the bigram (ROUGE-2) oracle is used and the
    explanation says so.
    """
    ex = oracle_ilp(source, reference, length_limit, units, sentence_penalty, time_limit, solver)
    if units == "be" and not ex.edus and reference.n_words:
        ex = oracle_ilp(source, reference, length_limit, "rouge", sentence_penalty, time_limit, solver)
        ex = Extract(ex.edus, ex.objective, ex.status, ex.solver,
                     note="no Basic Element shared with the source: bigram (ROUGE-2) oracle used instead")
    return ex


def oracle_ilp(source: Document, reference: Document, length_limit: int, units: str = "be",
               sentence_penalty: float = 1.0, time_limit: float = 10.0, solver: str = "highs") -> Extract:
    """Eq. (9)-(18): the EDU-based extractive oracle for ROUGE-2 (``units='rouge'``) or BE (``units='be'``).

    maximize sum_i z_i - sentence_penalty * sum_m s_m  (Eq. 9; the paper's penalty is 1)
    s.t. sum_j l(e_j) x_j <= L_max (10); z_i <= N(u_i, R) (11); z_i <= sum_{n in V_i} d_n (12);
         x_left(n) >= d_n (13); x_right(n) >= d_n (14); s_c(j) >= x_j (15); binaries (16)-(17), z_i integer (18).

    Only units of the reference and EDUs holding one of their occurrences enter
    the model: any other EDU costs length and sentences and gains nothing, so
    leaving it out does not change the optimum.
    """
    import pulp

    ref_counts = unit_counts(occurrences(reference, units))
    src_len = source.edu_lengths()
    by_unit = {u: [o for o in occs if src_len[o.left] + (src_len[o.right] if o.right != o.left else 0)
                   <= length_limit]
               for u, occs in occurrences_by_unit(occurrences(source, units)).items() if u in ref_counts}
    by_unit = {u: occs for u, occs in by_unit.items() if occs}
    if not by_unit:
        return Extract((), 0.0, solve.OPTIMAL, TRIVIAL)
    edus = sorted({e for occs in by_unit.values() for o in occs for e in (o.left, o.right)})
    sents = sorted({source.edus[j].sentence for j in edus})
    prob = pulp.LpProblem("oracle_extract", pulp.LpMaximize)
    x = {j: prob.add_variable(f"x_{j}", cat="Binary") for j in edus}
    s = {m: prob.add_variable(f"s_{m}", cat="Binary") for m in sents}
    z, d = {}, {}
    for i, (u, occs) in enumerate(by_unit.items()):
        z[u] = prob.add_variable(f"z_{i}", lowBound=0, upBound=ref_counts[u], cat="Integer")  # (11), (18)
        ds = []
        for n, o in enumerate(occs):
            if o.left == o.right:
                ds.append(x[o.left])  # a unit inside one EDU: d_n = x_j
                continue
            dn = prob.add_variable(f"d_{i}_{n}", cat="Binary")  # (16)
            prob += x[o.left] >= dn  # (13)
            prob += x[o.right] >= dn  # (14)
            ds.append(dn)
        prob += pulp.lpSum(ds) >= z[u]  # (12)
        d[u] = ds
    prob += pulp.lpSum(z.values()) - sentence_penalty * pulp.lpSum(s.values())  # (9)
    prob += pulp.lpSum(src_len[j] * x[j] for j in edus) <= length_limit  # (10)
    for j in edus:
        prob += s[source.edus[j].sentence] >= x[j]  # (15)
    st = solve.solve_ilp(prob, time_limit, solver)
    if not st.has_solution:
        return Extract((), 0.0, "failed-empty", "none")
    chosen = tuple(j for j in edus if (x[j].varValue or 0) > 0.5)
    return Extract(chosen, float(pulp.value(prob.objective) or 0.0), st.status, st.solver)


def oracle_objective(source: Document, reference: Document, chosen: List[int], units: str,
                     sentence_penalty: float = 1.0) -> float:
    """Value of Eq. (9) for a given set of source EDUs (used to check the ILP by brute force)."""
    ref_counts = unit_counts(occurrences(reference, units))
    sel = set(chosen)
    got: Dict = {}
    for o in occurrences(source, units):
        if o.left in sel and o.right in sel:
            got[o.unit] = got.get(o.unit, 0) + 1
    gain = sum(min(c, got.get(u, 0)) for u, c in ref_counts.items())
    return gain - sentence_penalty * len({source.edus[j].sentence for j in sel})
