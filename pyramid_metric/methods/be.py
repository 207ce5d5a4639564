"""Basic Elements (Hovy, Lin, Zhou and Fukumoto, LREC 2006) as a scoring method: ``method="be"``.

The BE procedure of the paper's section 3, composed from the shared parts:

- BE breaker (section 3.2): ``units.break_basic_elements``, BE-F's rules on
  spaCy's dependency parse (in place of Minipar): heads alone and
  head|modifier|relation triples, compounds as "nn" modifiers, proper-name
  compounds and particles folded into one head, prepositions as the relation
  ("indicted|bombing|for"), Minipar's relation names where BE-F shows them.
  As ROUGE-1.5.5 does with Minipar-based BEs, BE-HMR and BE-HM score the
  triples; head-only BEs are not counted.
- BE scorer (section 3.3): "each BE gets exactly 1 point for each reference
  summary it participates in": a pyramid whose units are the distinct BEs of
  the references, weight = number of references containing the BE
  (``pyramid.scu_pyramid``).
- BE matcher (section 3.4): lexical identity (lower-cased words; the paper's
  default and this method's) or lemma identity (spaCy lemmas in place of
  WordNet root forms); BE-HMR compares head, modifier and relation, BE-HM head
  and modifier only (section 4).
- Score integrator (section 3.5): the points of the reference BEs that the
  summary contains, divided by the points of all reference BEs
  (``scoring.pyramid_score`` with the total-weight normalization), a recall in
  [0, 1] (ROUGE-1.5.5's BE recall, counted over distinct BEs).

Deviation, stated: the paper adds raw points; dividing by the total points of
the references makes scores comparable across examples and keeps them in [0, 1].
The pyramid does not depend on the order of the references (weights are counts).
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import numpy as np

from .. import text as textlib
from ..document import Span
from ..match.base import Matcher
from ..options import Option, register_method
from ..pyramid import Pyramid, scu_pyramid
from ..scoring import ScoreResult, pyramid_score
from ..signature import const, option, part
from ..units import basic_elements
from .base import Method

SEP = "|"


class BEIdentityMatcher(Matcher):
    """1 when two BEs are identical (their ``head|modifier[|relation]`` keys are equal), else 0."""

    name = "be-identity"

    def similarities(self, summary: Sequence, pyramid: Sequence) -> np.ndarray:
        out = np.zeros((len(summary), len(pyramid)))
        index = {u.text: j for j, u in enumerate(pyramid)}
        for i, s in enumerate(summary):
            j = index.get(s.text)
            if j is not None:
                out[i, j] = 1.0
        return out


class BEMethod(Method):
    """BE-HM / BE-HMR recall against the BEs of the references (Hovy et al. 2006); no source documents needed."""

    name = "be"
    needs_sources = False

    def __init__(self, config):
        super().__init__(config)
        self.matcher = BEIdentityMatcher()

    def breaks(self, texts: Sequence[str]) -> List[List[str]]:
        """The distinct BEs of each text, as ``head|modifier|relation`` (HMR) or ``head|modifier`` (HM) keys.

        BEs are listed in text order, duplicates removed (a BE earns its point once per text).  Text written
        mostly in non-Latin scripts, which spaCy's English parser cannot read, has pairs of adjacent words
        (``second|first|next``) as its BEs.
        """
        hmr = self.config.be_variant == "hmr"
        lemmas = self.config.be_match == "lemma"
        cleaned = [textlib.clean_text(t) for t in texts]
        out = []
        for text, doc in zip(cleaned, textlib.parse_many(cleaned)):
            if textlib.mostly_non_latin(text):  # the English parser cannot read it: adjacent word pairs
                ws = textlib.words(text, stemmed=False)
                keys = [be_key((h, m, "next"), hmr) for m, h in zip(ws, ws[1:])]
            else:
                keys = [be_key(triple, hmr) for triple, _, _ in basic_elements(doc, relations=hmr, lemmas=lemmas)]
            out.append(list(dict.fromkeys(keys)))
        return out

    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        flat = [r for refs in references for r in refs]
        broken = iter(self.breaks(flat))
        pyramids = []
        for refs in references:
            weights: dict = {}
            for _ in refs:  # one point per reference containing the BE (section 3.3)
                for key in next(broken):
                    weights[key] = weights.get(key, 0) + 1
            pyr = scu_pyramid(list(weights), [float(w) for w in weights.values()]) if weights else None
            if pyr is None:
                pyramids.append(Pyramid((), 1, len(refs),
                                        notes=("no Basic Element found in the references (no content word with a "
                                               "dependent): every summary scores 0",)))
            else:
                pyramids.append(Pyramid(pyr.units, pyr.length_limit, len(refs), one_to_one=False))
        return pyramids

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        return [pyramid_score([Span(k, ()) for k in keys], p, self.matcher, 1.0)
                for keys, p in zip(self.breaks(predictions), pyramids)]

    def signature_parts(self) -> dict:
        return {"breaker": f"spacy-dep({textlib.spacy_model_name()})"}


def be_key(triple: Tuple[str, str, str], relations: bool = True) -> str:
    """``head|modifier|relation`` (BE-HMR) or ``head|modifier`` (BE-HM)."""
    head, mod, rel = triple
    return SEP.join((head, mod, rel) if relations else (head, mod))


register_method("be", BEMethod, help="Basic Elements recall (Hovy et al. 2006); no sources needed", options=(
    Option("be_variant", (), choices=("hm", "hmr"), default="hmr", paper="hmr",
           help="Basic Elements head|modifier or head|modifier|relation (Hovy et al. 2006, section 4)"),
    Option("be_match", (), choices=("lexical", "lemma"), default="lexical", paper="lexical",
           help="Basic Elements word matching: exact lower-cased words or lemmas (Hovy et al. 2006, section 3.4)"),
), fields=(option("be", "be_variant"), option("match", "be_match"), part("breaker", "breaker"),
           const("score", "recall")))
