"""Reference-EDU pyramid with soft presence credit: the package's default beyond Hirao et al. (2018).

Hirao et al. (2018) anchor every pyramid unit in the *source*: a length-limited extract
of the source stands for each reference.  With one abstractive reference (as
in CNN/DM) that extract covers only part of the reference, and binary LCS
matching at t = 0.55 leaves few distinct scores.  This method keeps the
pyramid machinery and changes where units come from and how credit is given:

1. **Units** are the EDUs of the references themselves (the segmenter of the
   configuration): every EDU of every reference is a unit, in a canonical
   order (references sorted by their cleaned text, then EDU order), so the
   pyramid depends on the *set* of references, not on how they are listed.
   Unit j's weight w_j is the number of references whose text expresses it
   (presence >= 0.5; its own reference always counts), 1..K with K
   references, as Eq. 19 counts the extracts containing a source EDU.  A fact
   stated by three references is three units of weight 3, one in each
   reference's wording; no EDU is merged into another's wording.
2. **Credit** is soft: unit j earns v_j * p_j instead of the binary g of
   Eq. 24, where p_j is the presence of the unit in the summary, built from
   the matcher's presence probability (``presence`` option):

   * ``"summary+sentence"``: p_j = (presence against the whole summary + the
     best presence against one summary sentence) / 2 (sentences split at
     sentence-final punctuation by spaCy's rule-based sentencizer; a
     one-sentence summary is judged as a whole).  Half of the credit must be
     found in one place: against a long summary alone, a unit's words
     gathered from several unrelated sentences would earn full credit; the
     pyramid method credits a content unit where one contributor expresses
     it (Eq. 21-24 match summary EDUs to units one at a time).
   * ``"summary+sentence+bigram"``: p_j = (presence against the whole summary
     + the best presence against one summary sentence + the best share of the
     unit's word bigrams in one summary sentence) / 3: the two above, and the
     unit's wording found in one place (a one-word unit: its best-sentence
     presence for the last share).  People rank abstractive systems by how
     faithfully they state a fact, which word pairs see and single words do
     not; the matcher judges a pair (the default's credits a pair said in
     other words, ``pyramid_metric/match/soft.py``).
   * ``"sentence+bigram"``: p_j = (best presence against one summary
     sentence + the share of the unit's word bigrams found in the summary,
     clipped as ROUGE-2 counts them) / 2: half of the credit in one place,
     half for the unit's own wording (a one-word unit: its presence in the
     whole summary).
   * ``"sentence+order+bigram"``: p_j = (best presence against one summary
     sentence + the unit's in-order content-word recall in the summary (the
     longest common subsequence of its content words and the summary's, over
     its content words) + the best share of its word bigrams in one summary
     sentence) / 3: the unit found in one place, in its order and in its
     wording (a one-word unit: its best-sentence presence for the last share).
   * ``"auto"`` (the default): sentence+order+bigram for a pyramid of two or
     more references, summary+sentence+bigram for one reference,
     summary+sentence for given SCUs (scu_score="as-edus").  Measured choices:
     with four references (DUC 2007, docs/studies/duc2007.md)
     sentence+order+bigram agrees with NIST's responsiveness and pyramid
     scores at system level better than summary+sentence and ROUGE-2; with one
     reference the word-pair term's weight was chosen on REALSumm dev and on
     DUC 2007 with each reference alone (docs/studies/soft_recall.md): it
     raises system-level agreement on both and summary level on DUC 2007, at a
     small cost at summary level on REALSumm.

   **Under ``"auto"`` the presence may be sharpened** (``PRESENCE_POWER``,
   after the learned judge and the contradiction check: p_j <- p_j^k); k = 1,
   linear.  Measured (docs/studies/presence_power.md): k = 2 agrees better
   with people on RoSE's held-out XSum and SAMSum summaries and with TAC
   2008's human SCUs, but it also halves the credit of a faithful paraphrase
   and narrows the precision side's margin against a dump of the source, so
   it is not the default yet.  Given SCUs of several model summaries, which
   words alone judge (the learned judge reads those of one), are sharpened
   with k = ``SCU_WORDS_POWER`` = 2: an SCU is one fact, present or not, and
   on TAC 2008's human pyramids k = 2 agrees better with NIST's pyramid scores
   than k = 1 on either half of the topics (docs/studies/scu_presence.md).

   **Short references are read in context.**  Under the
   default matcher ("soft") and ``presence="auto"``, a pyramid whose references
   are each one or two English sentences (XSum's and GUMSum's one, many
   dialogue summaries' two; a cut the sentence rules make after an
   abbreviation, "Lt. Col." or "the No. 1 seed", does not count:
   :func:`sentence_count`, ``SHORT_REFERENCE_SENTENCES``) is judged by the
   contextual matcher (``pyramid_metric/match/context.py``: each unit's
   BERTScore recall from MiniLM states read in context) with the
   summary+sentence rule, at MiniLM layer 4 and floor 0.4 (the
   ``contextual`` configuration's judge keeps layer 5 and floor 0.5, chosen
   on REALSumm's whole references).  Such a pyramid has two to six short units per
   reference, and a summary states them in its own words: counting words
   misses the paraphrase, which the encoder reads.  Two-sentence references
   were measured after the choice: on RoSE's SAMSum dialogues they agree
   with people as under the static judge (summary level within 0.01 on the
   140 documents they change), and a paraphrase of them earns more
   (docs/studies/contextual.md).  The layer and floor were
   chosen on GUMSum train with one reference, with REALSumm's reference
   sentences as a check (docs/studies/contextual.md).  Measured on GUMSum
   (human summary above a same-length lead, docs/contextual.md): with one
   reference 90.0 / 88.2% of dev / test pairs (train, where it was chosen,
   94.3%) against the static judge's 84.7 / 83.8% and BERTScore-MiniLM's
   83.5 / 86.2%; with four, 92.7 / 92.0 / 96.4% of dev / test / train pairs
   against 86.7 / 88.7 / 93.4% and ROUGE-1's 88.7 / 91.3 / 92.9%.  With longer
   references (CNN/DM highlights, DUC's 250 words) the static judge agrees
   with people as well or better (DUC 2007) at several times the speed, and
   stays.  The pyramid (its units and weights) is the same either way; an
   explicit ``presence`` keeps the configured matcher for every pyramid.

   With ``credit="content"`` (the default) a unit's
   value is its counted weight times its number of content words,
   v_j = c_j * |content(j)|, so a long unit is worth more than a two-word one;
   with ``credit="unit"`` v_j = c_j, as the LitePyramid score counts SCUs.
   The counted weight c_j (``fact_weight``): with ``"shared"`` (the default)
   c_j = 1 when there are several references: a fact stated by w references
   is w units here, one in each reference's wording, each of weight w, so
   each counts its share w / w = 1 of the fact's weight and the fact counts w
   in all, as an SCU of weight w does in the pyramid method (Nenkova and
   Passonneau 2004); ``"per-unit"`` counts c_j = w_j for each unit, so that
   fact counts w x w.  Measured (docs/studies/duc2007.md): on GUMSum's four
   references shared weights prefer the held-out human summary to the lead
   more often (dev, test and train), at a cost of 0.008 in system-level r
   against DUC 2007's pyramid scores.  One reference: c_j = w_j = 1.  Given
   human SCUs count their own weights and follow ``credit``.
   **Presence read by a learned judge** (``judge``): p_j is the mean (1 - a) p_words + a P_j of the presence
   above and P_j, the probability that the summary says the unit, from a MiniLM cross-encoder trained on
   people's judgments of whether a content unit is present in a single-document summary (REALSumm's CNN/DM,
   RoSE's XSum and SAMSum), with meaning attacks written from the references as negatives
   (:mod:`pyramid_metric.match.learned`), a = ``LEARNED_SHARE`` = 0.5; a unit the summary states word for word
   keeps at least its words' presence (a copy of the reference scores 1).  ``"auto"`` (the default) blends it,
   under the default matcher and presence rule, for given English SCUs of one model summary (or weights of 1
   when no reference is given), and reads words alone for the references' own pyramids and for several model
   summaries: on RoSE's held-out documents it raised the human-SCU mode's agreement with people most and the
   EDU pyramid's a little, at five times the default's cost, and on TAC 2008's multi-document pyramids it
   lowered both (docs/studies/presence_judge.md).  ``"learned"`` blends it for every pyramid, ``"words"``
   never.  The weights of a pyramid stay the words' (item 1).
   **Contradicted facts** (``claims="check"``, the default; :mod:`pyramid_metric.claims`): a unit whose fact
   the summary states with the other polarity, agent and patient swapped, another name or other figures (read
   from spaCy's dependency parse, each EDU inside its reference) keeps at most 0.5 of its presence (a given
   human SCU, one fact, at most 0.25), and a reference that contradicts a unit does not count towards its
   weight; acronyms are judged as the references spell them out (:mod:`pyramid_metric.acronyms`), figures as they
   write them (:mod:`pyramid_metric.figures`).  The cap was chosen on RoSE's presence labels out of fold, the given
   SCUs' on RoSE XSum's scores and checked on the other sets' (docs/studies/claims.md).  With several
   references the same fact is a unit in each reference's wording,
   often with another verb ("beat", "thrashed", "a 5-0 win over"); a contradiction found on one unit also caps
   each unit of another reference that states it (its content words, as the weights judge them) and names
   every party and states every figure the contradicted unit does (:func:`pyramid_metric.claims.carries`); a
   contradiction of polarity, roles or parties also caps the later units of the same reference that refer back
   to it by a pronoun, a definite noun of the event or of a party, or a relative pronoun ("Barcelona beat Real
   Madrid. The win gave them the title."; "... agreed to buy Activision. The deal is worth $6.5 billion.";
   "Venezuela says | two aircraft were shot down | after entering the country's airspace"); a unit that only says
   who reported a fact ("..., | the United Nations said.") is capped with the contradicted fact beside it; the
   units whose fact depends on a contradicted unit's in the parse of its reference (its adverbial and relative
   clauses, complements and modifiers, not what it reports: :func:`pyramid_metric.claims.passage_dependents`) are
   capped with it where one summary sentence restates both (half the content words of each) with the fact changed
   ("Police in Liverpool arrested two men | after a shop owner was stabbed" for "Police in Manchester ..."); and
   a later unit that gives a figure of an event told before it ("Jones defeated Reed. | Her margin was 4,200
   votes.") is capped where the summary tells the event with another figure of that kind.  Before the cap, a unit one of
   whose claims the summary confirms in other words (the same verb or one of its event, the same parties in
   the same roles, every figure: :func:`pyramid_metric.claims.confirms`) gets the mean of its presence and
   the share of its words the summary states, the confirmed verb and parties counted as stated
   (:func:`pyramid_metric.claims.credit_confirmed`).
3. **Normalization**, exactly:

   * one reference: score = sum_j v_j p_j / OPT_KP, with OPT_KP the knapsack
     bound of Eq. 25-27 over the values v_j and lengths l(p_j) at L_max =
     ``length_limit``, or the reference's length when it is None, in which
     case OPT_KP = sum_j v_j (a recall, as the human LitePyramid score is);
     capped at 1;
   * several references: score = sum_j v_j p_j / sum_j v_j over every
     reference's units, i.e. each reference's credit against its own total
     value, pooled over the references (= each reference's own knapsack bound
     at any L_max at least its length; ``length_limit`` does not enter).  It is
     not one knapsack bound over all units: the same fact appears as one unit
     per reference that states it, so a summary expressing it earns the value
     of each of those units, and a bound that had to fit them all into L_max
     words would understate what a reference-length summary can earn.  The
     weights make content that more references state worth more.

With one reference, matcher "recall", content credit and presence
"summary+sentence", the score is the share of the reference's content words
that the summary contains, counted unit by unit (clipped per unit), half of
each unit's share taken from the summary sentence that contains most of it: a
ROUGE-1 recall over content words whose clipping respects the reference's
EDUs; the default rule adds, as a third of each unit's presence, the ROUGE-2
recall of the unit in its best summary sentence.  The default matcher, "soft"
(``pyramid_metric/match/soft.py``), counts the same words and pairs and also
credits a missing plain word (or a pair) said in other words by the cosine of
static MiniLM word vectors above a floor; names and figures (number words too) must match
exactly.  On REALSumm dev it agrees
with the human pyramid scores better than ROUGE-1/2/SU4 and BERTScore at
summary level; on DUC 2007 (four references) see docs/studies/duc2007.md.

The faithful systems of Hirao et al. (2018) stay available as ``method="hirao"``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..acronyms import align_acronyms
from ..claims import (CLAIMS_CHECK, CONTRADICTED_CAP, SCU_CONTRADICTED_CAP, cap_contradicted, carries,
                      credit_confirmed, denied_apart_from_figures, figures_told_back, other_figure_told,
                      parse_suspects, passage_claims, passage_dependents, refers_back, reports_only)
from ..claims import claims as read_claims
from ..document import make_documents
from ..figures import align_figures
from ..match import Matcher, get_matcher, matcher_options
from ..match.base import exact_bigram_shares
from ..match.context import ContextMatcher
from ..match.learned import LearnedMatcher
from ..match.recall import bigram_counts, bigram_recall
from ..options import Option, register_method
from ..pyramid import Pyramid, PyramidUnit, scu_pyramid
from ..scoring import CREDITED, ScoreResult, capped, soft_matches
from ..segment import get_segmenter
from ..signature import LMAX, MATCHER, SEGMENTER, Field, const, option
from ..text import content_words, detect_language, lcs_length
from ..text import words as text_words
from .base import Method
from .human import (SCU_SCORES, HumanSCUPyramid, human_pyramid, judged_texts, score_human,
                    with_reference_pyramid)
from .precision import PRECISION_SIGNATURE, joined_supports, precision_many, support_texts

@lru_cache(maxsize=1)
def _sentencizer():
    """A blank English spaCy pipeline with the rule-based sentencizer (no model: fast, deterministic)."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    nlp.max_length = 10 ** 9  # a tokenizer and punctuation rules only: any summary length is fine
    return nlp


def sentence_count(sentences: Sequence[str]) -> int:
    """How many sentences a text split into ``sentences`` by the rule-based sentencizer has: a piece that starts
    with a digit, or with a lower-case letter in a text that has capitals, or that follows a piece of one word,
    continues the piece before it (the rules cut after abbreviations and marks inside a sentence: "Lt. Col. Jane Doe
    said", "the No. 1 seed", "Smith et al., attorney", "the word “Huh?” is universal").  In text written all in
    lower case (as some data sets are) a lower-case start says nothing."""
    cased = any(ch.isupper() for sentence in sentences for ch in sentence)
    pieces = 0
    for k, sentence in enumerate(sentences):
        start = sentence.lstrip()[:1]
        continues = k > 0 and ((cased and start.islower()) or start.isdigit() or len(sentences[k - 1].split()) == 1)
        pieces += not continues
    return pieces


PRESENT = 0.5  # presence probability above which a reference is taken to express a unit
_ENDS_SENTENCE = re.compile(r"[.!?][\"'\u2019\u201d)]*\s*$")  # a unit that ends its sentence ("... season .")
LEARNED_SHARE = 0.5  # a: the learned judge's share of a unit's presence (module docstring, 2)
PRESENCE_POWER = 1  # under presence="auto", a unit's presence is raised to this power (module docstring, 2)
# under presence="auto", the presence of a given SCU of several model summaries, read from words, is raised to this
# power (module docstring, 2; docs/studies/scu_presence.md, TAC 2008)
SCU_WORDS_POWER = 2
# The judge of short references (module docstring, 2): the contextual matcher's MiniLM layer and floor
# chosen for them on GUMSum train (one one-sentence reference, human summary above a same-length lead), with
# REALSumm's reference sentences as a check (docs/studies/contextual.md); matcher="context" keeps its own (5, 0.5).
SHORT_REFERENCE_LAYER = 4
SHORT_REFERENCE_FLOOR = 0.4
# References of at most this many sentences each are short: read in context by the default judge (module docstring,
# 2; one sentence as XSum's, two as many dialogue summaries'; docs/studies/contextual.md)
SHORT_REFERENCE_SENTENCES = 2


@lru_cache(maxsize=256)
def _english(texts: Tuple[str, ...]) -> bool:
    """Whether the texts that support a summary (its references) are English: their function words bind a
    sentence (:func:`pyramid_metric.methods.precision.binding`)."""
    return detect_language(list(texts)) is None


def in_order_recall(pyr: Pyramid, summary: str) -> np.ndarray:
    """Each unit's in-order content-word recall in the summary: the longest common subsequence of its content
    words and the summary's, over its content words (all its words when it has no content word)."""
    summary_content = content_words(text_words(summary))
    out = np.zeros(len(pyr.units))
    for j, (unit, unit_content) in enumerate(zip(pyr.units, pyr.unit_content_words())):
        unit_content = unit_content or unit.words
        out[j] = lcs_length(unit_content, summary_content) / len(unit_content) if unit_content else 0.0
    return out


def best_sentence_bigram_share(units: Sequence[PyramidUnit], summary: str, sentences: Sequence[str],
                               best: np.ndarray, matcher: Optional[Matcher] = None) -> np.ndarray:
    """Each unit's best share of word bigrams (clipped as ROUGE-2 counts them) in one summary sentence, as the
    ``matcher`` judges a pair (:meth:`Matcher.bigram_shares`; None: exact words); a one-word unit takes its
    best-sentence presence ``best``."""
    if not units:
        return np.zeros(0)
    texts = sentences or [summary]
    shares = (matcher.bigram_shares(units, texts) if matcher else exact_bigram_shares(units, texts)).max(axis=0)
    return np.array([shares[j] if len(u.words) > 1 else best[j] for j, u in enumerate(units)])


def reads_short_references(config) -> bool:
    """Whether units of short references are judged in context: the default judge (matcher "soft",
    presence "auto"), module docstring, 2."""
    return config.matcher == "soft" and config.presence == "auto"


def short_reference_matcher(model: Optional[str] = None) -> ContextMatcher:
    """The contextual judge of short references (module docstring, 2): MiniLM layer
    ``SHORT_REFERENCE_LAYER``, floor ``SHORT_REFERENCE_FLOOR``."""
    return ContextMatcher(layer=SHORT_REFERENCE_LAYER, floor=SHORT_REFERENCE_FLOOR, model=model)


def short_reference_judge(config) -> str:
    """The signature's statement of how units of short references are judged."""
    if not reads_short_references(config):
        return "as-others"
    return short_reference_matcher().judge_signature(PRESENCE_RULES["summary+sentence"])


@lru_cache(maxsize=1)
def learned_judge() -> LearnedMatcher:
    """The learned presence judge (one per process: its model and its cache of probabilities are shared)."""
    return LearnedMatcher()


def said_word_for_word(texts: Sequence[str], summary: str) -> np.ndarray:
    """Whether the summary has each text's words (stemmed) in its order, one after the other: such a unit keeps
    at least its words' presence under the learned judge (a copy of the reference scores 1)."""
    said = " " + " ".join(text_words(summary)) + " "
    return np.array([bool(ws) and f" {' '.join(ws)} " in said for ws in map(text_words, texts)], dtype=bool)


def learned_signature() -> str:
    """The learned judge in the signature: its model, its weights' checksum and its share."""
    return f"{learned_judge().signature()}x{LEARNED_SHARE:g}"


class ReferencePyramidMethod(Method):
    """Pyramids of the references' own EDUs, weighted by how many references express them; soft credit."""

    name = "refpyramid"
    needs_sources = False
    scores_scus = True  # _score_one works on any pyramid, including given human SCUs
    scus_use_references = True  # human SCUs: the contributors' texts and the number of model summaries

    def __init__(self, config):
        super().__init__(config)
        self.segmenter = get_segmenter(config.segmenter)
        self.matcher = get_matcher(config.matcher, **matcher_options(config))
        # the default judge (soft, presence auto) reads units of short references in context
        self.context_judge = short_reference_matcher(self.matcher.model) if reads_short_references(config) else None
        self.learned = (learned_judge() if config.judge == "learned"
                        or (config.judge == "auto" and reads_short_references(config)) else None)
        self._of_references: dict = {}  # references -> their pyramid, beside given SCUs with contributors

    def judge(self, pyr: Pyramid) -> Matcher:
        """The matcher that judges presence against this pyramid: the contextual one for the units of
        short references under the default judge (module docstring, 2), the configured one otherwise."""
        if self.context_judge is not None and pyr.short_references:
            return self.context_judge
        return self.matcher

    def _expressed(self, units: Sequence[str], text: str) -> np.ndarray:
        """Whether a reference expresses each unit, for the weights: the matcher's judgment, and no reference
        that contradicts a unit expresses it (item 3 of the module docstring)."""
        return self._unless_contradicted(np.clip(np.nan_to_num(self.matcher.expressed(list(units), text)), 0.0, 1.0),
                                         lambda: read_claims(list(units)), text, cap=0.0)

    def _as_the_others_write(self, text: str, others: Sequence[str]) -> str:
        """A reference's text as the weights read it: its acronyms and figures written as the ``others`` (the other
        references' units) write them (``_as_theirs``), so that "the ECB" states a unit of "the European
        Central Bank" and "$6.5bn" one of "$6.5 billion"."""
        return self._as_theirs(text, others)

    def _unless_contradicted(self, presence: np.ndarray, unit_claims, text: str, sentences: Sequence[str] = (),
                             cap: Optional[float] = None) -> np.ndarray:
        """``presence`` of each unit in ``text`` (split into ``sentences``), capped at ``cap`` where ``text``
        contradicts the unit's claims (``unit_claims()``: each unit's; :func:`pyramid_metric.claims.cap_contradicted`);
        ``claims="off"``: unchanged."""
        if self.config.claims == "off" or not len(presence):
            return presence
        return cap_contradicted(presence, unit_claims(), text, sentences, CONTRADICTED_CAP if cap is None else cap)

    def _where_confirmed(self, presence: np.ndarray, unit_claims, texts: Sequence[str], text: str,
                         sentences: Sequence[str] = ()) -> np.ndarray:
        """``presence`` of each unit (``texts``) raised where ``text`` confirms one of its claims in other words
        (:func:`pyramid_metric.claims.credit_confirmed`); ``claims="off"``: unchanged."""
        if self.config.claims == "off" or not len(presence) or not (presence < 1).any():
            return presence
        return credit_confirmed(presence, unit_claims(), list(texts), text, sentences)

    @staticmethod
    def _reference_passages(pyr: Pyramid) -> List[Tuple[int, int]]:
        """The (first, past-the-last) unit indices of each reference's EDUs: consecutive units of one origin."""
        out, j = [], 0
        while j < len(pyr.units):
            k = j
            while k + 1 < len(pyr.units) and pyr.origins[k + 1] == pyr.origins[j]:
                k += 1
            out.append((j, k + 1))
            j = k + 1
        return out

    @staticmethod
    def _reference_texts(pyr: Pyramid) -> List[Tuple[int, Tuple[str, ...]]]:
        """Each reference's first unit index and the texts of its EDUs, in order (the pieces of one passage)."""
        return [(j, tuple(u.text for u in pyr.units[j:k])) for j, k in ReferencePyramidMethod._reference_passages(pyr)]

    @staticmethod
    def _edu_claims(pyr: Pyramid) -> list:
        """Each unit's claims, read in its reference: the EDUs of one reference parsed as one passage
        (:func:`pyramid_metric.claims.passage_claims`); units without origins alone."""
        if not pyr.origins:
            return read_claims([u.text for u in pyr.units])
        return [unit_claims for _, texts in ReferencePyramidMethod._reference_texts(pyr)
                for unit_claims in passage_claims(texts)]

    @staticmethod
    def _edu_dependents(pyr: Pyramid) -> List[frozenset]:
        """Each unit's dependents in its reference, as unit indices (:func:`pyramid_metric.claims.passage_dependents`:
        the EDUs of one reference parsed as one passage)."""
        return [frozenset(j + v for v in dependents) for j, texts in ReferencePyramidMethod._reference_texts(pyr)
                for dependents in passage_dependents(texts)]

    def _unit_passages(self, pyr: Pyramid):
        """The units as the pyramid's judge reads them, and their indices in that order.  A matcher that reads
        context judges reference EDUs inside their reference: the units of each reference (``origins``: the first
        reference whose EDU a unit is) are the consecutive pieces of one passage; otherwise each unit alone."""
        if not self.judge(pyr).reads_context or not pyr.origins:
            return [[u.text] for u in pyr.units], list(range(len(pyr.units)))
        groups: dict = {}
        for j, origin in enumerate(pyr.origins):
            groups.setdefault(min(origin) if origin else -1, []).append(j)
        order = [js for _, js in sorted(groups.items())]
        return [[pyr.units[j].text for j in js] for js in order], [j for js in order for j in js]

    def build_many(self, references: Sequence[Sequence[str]], sources: Sequence[Optional[str]]) -> List[Pyramid]:
        docs = iter(make_documents([r for refs in references for r in refs], self.segmenter))
        return [self._build_one([next(docs) for _ in refs]) for refs in references]

    def _build_one(self, ref_docs) -> Pyramid:
        """The pyramid of a *set* of references: the same units, weights and bound however they are listed.

        Units are every reference's own EDUs, in a canonical order (references sorted by their cleaned text,
        then EDU order), each with the weight w_j = the number of references whose text expresses it
        (presence >= 0.5; its own reference always counts), as Eq. 19 counts extracts containing a source EDU.
        No unit is merged into another's wording, so nothing depends on which reference came first.
        ``PyramidUnit.references`` lists the expressing references by their position as given.
        """
        order = sorted(range(len(ref_docs)), key=lambda k: (ref_docs[k].text, k))  # canonical: by text
        docs = [ref_docs[k] for k in order]
        units = [(rank, edu.text, tuple(ws)) for rank, doc in enumerate(docs)
                 for edu, ws in zip(doc.edus, doc.edu_words)]
        refs = [{rank} for rank, _, _ in units]
        if len(docs) > 1:  # weights: every reference that expresses the unit (Eq. 19 by presence)
            texts = [u[1] for u in units]
            for rank, doc in enumerate(docs):
                said = self._as_the_others_write(doc.text, [t for (r, t, _) in units if r != rank])
                for r, pk in zip(refs, self._expressed(texts, said)):
                    if pk >= PRESENT:
                        r.add(rank)
        pyr_units = tuple(PyramidUnit(text, words, float(len(r)), tuple(sorted(order[x] for x in r)))
                          for (_, text, words), r in zip(units, refs))
        texts = [d.text for d in docs]  # short English references: read in context by the default judge
        short = (bool(units) and detect_language(texts) is None
                 and all(sentence_count(sents) <= SHORT_REFERENCE_SENTENCES for sents in self._sentences(texts)))
        lengths = [max(1, d.n_words) for d in docs]
        limit = self.config.length_limit or max(1, round(sum(lengths) / len(lengths)))
        if len(docs) == 1 and self.config.length_limit is None:
            limit = max(limit, sum(u.length for u in pyr_units))  # one reference: OPT_KP = total weight
        return Pyramid(pyr_units, limit, len(docs), content_credit=self.config.credit == "content",
                       shared_weight=len(docs) > 1 and self.config.fact_weight == "shared",
                       origins=tuple((rank,) for rank, _, _ in units), reference_positions=tuple(order),
                       short_references=short)

    def pyramid_of_scus(self, scus: Sequence[str], weights: Sequence[float], references: Sequence[str] = None,
                        contributors: Sequence[Sequence[str]] = None) -> Pyramid:
        """Given SCUs, scored as ``scu_score`` says (:mod:`pyramid_metric.methods.human`); with "as-edus" the
        labels alone, credited like reference EDUs (by content words with ``credit="content"``)."""
        if self.config.scu_score == "as-edus":
            return scu_pyramid(scus, weights, content_credit=self.config.credit == "content")
        if self.config.presence != "auto":
            raise ValueError(f"`presence`={self.config.presence!r} has no effect on given SCUs scored with "
                             f"scu_score={self.config.scu_score!r} (an SCU's presence is judged from its label and "
                             f"its contributors); drop `presence` or use scu_score='as-edus'")
        pyr = human_pyramid(scus, weights, references, contributors)
        if (self.config.scu_score == "recall" and references and any(pyr.mentions)
                and not pyr.spans_stand_in):  # human.py, module docstring, 4
            pyr = replace(pyr, reference_pyramid=self._pyramid_of_references(tuple(references)))
        return pyr

    def _pyramid_of_references(self, references: Tuple[str, ...]) -> Pyramid:
        """The pyramid of ``references`` (every summary of a topic brings the same model summaries: built once)."""
        if references not in self._of_references:
            if len(self._of_references) >= 256:
                self._of_references.clear()
            self._of_references[references] = self._build_one(make_documents(list(references), self.segmenter))
        return self._of_references[references]

    def scu_signature(self) -> str:
        """The human-pyramid mode's scoring, for the signature."""
        if self.config.scu_score == "as-edus":
            return "scu_score:as-edus"
        return (f"scu_score:{self.config.scu_score}(weight-x-presence,best-contributor-or-label+ref-span;"
                f"contributors+refs:mean-with-ref-pyramid)")

    def scu_signature_keys(self, pyramids: Sequence[Pyramid] = ()) -> Optional[frozenset]:
        """Given SCUs are judged by the matcher under the presence rule; labels credited as reference EDUs
        (as-edus) are also valued by ``credit``.  Segmentation, the length limit, the weights of facts stated by
        several references and the judge of short references build pyramids from references only, and
        act only where a pyramid is scored beside its model summaries' own (human.py, module docstring, 4)."""
        if any(isinstance(p, HumanSCUPyramid) and p.reference_pyramid is not None for p in pyramids):
            return None
        return frozenset({"matcher", "presence"} | ({"credit"} if self.config.scu_score == "as-edus" else set()))

    def score_many(self, predictions: Sequence[str], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        from ..text import clean_text

        summaries = [clean_text(p) for p in predictions]
        sentences = self._sentences(summaries)
        for matcher in [m for m in (self.matcher, self.context_judge) if m is not None]:
            self._prepare(matcher, summaries, sentences, pyramids)
        self._judge_ahead(summaries, sentences, pyramids)
        if self.config.claims != "off":  # the sentences the check may read, parsed in one batch
            edu = [(s, p) for s, p in zip(sentences, pyramids) if p.units and not isinstance(p, HumanSCUPyramid)]
            units = {id(p): [u.text for u in p.units] for _, p in edu}
            parse_suspects([self._edu_claims(p) for _, p in edu],
                           [[self._as_theirs(x, units[id(p)]) for x in s] for s, p in edu])
        results = [self._score_one(s, pyr, sents) for s, pyr, sents in zip(summaries, pyramids, sentences)]
        return self._with_precision(results, summaries, sentences, pyramids)

    def _prepare(self, matcher: Matcher, summaries: Sequence[str], sentences: Sequence[Sequence[str]],
                 pyramids: Sequence[Pyramid]) -> None:
        """Encode, in one batch (cached), the summaries that ``matcher`` judges and the reference passages of their
        pyramids, when the matcher needs it."""
        if not matcher.reads_context and type(matcher).prepare_summaries is Matcher.prepare_summaries:
            return
        mine = [j for j, p in enumerate(pyramids) if self.judge(p) is matcher]
        if not mine:
            return
        pyrs = {id(p): p for p in (pyramids[j] for j in mine) if p.units and not isinstance(p, HumanSCUPyramid)}
        passages = [pieces for pyr in pyrs.values() for pieces in self._unit_passages(pyr)[0]]
        matcher.prepare_summaries([summaries[j] for j in mine], [sentences[j] for j in mine], passages)
        if matcher.reads_context:  # the references as the precision side reads them (_with_precision), one batch,
            # kept with the pyramids' units
            supports = [joined_supports(support_texts(p.units, p.reference_groups())) for p in pyrs.values()]
            matcher.keep_texts([t for t in supports if t.strip()])

    @staticmethod
    def _sentences(summaries: Sequence[str]) -> List[List[str]]:
        """Each summary's sentences (spaCy's rule-based sentencizer: punctuation, no model), batched."""
        return [[s.text for s in d.sents if s.text.strip()] for d in _sentencizer().pipe(list(summaries))]

    def presence_rule(self, pyr: Pyramid) -> str:
        """The presence rule for this pyramid: the ``presence`` option, "auto" resolved by its references."""
        if self.config.presence != "auto":
            return self.config.presence
        if self.judge(pyr) is not self.matcher:  # short references, read in context
            return "summary+sentence"
        if pyr.n_references >= 2:
            return "sentence+order+bigram"
        return "summary+sentence+bigram" if pyr.n_references == 1 else "summary+sentence"  # 0: given SCUs

    def _whole_and_best(self, passages: Sequence[Sequence[str]], summary: str, sentences: Sequence[str],
                        matcher: Matcher):
        """Presence of the pieces of ``passages`` (flattened, in order) against the whole summary, and their best
        over the summary's sentences (the whole summary again when it has one sentence), as ``matcher``'s
        ``presence_in_sentences`` judges them."""
        if not any(passages):
            return np.zeros(0), np.zeros(0)
        rows = np.clip(np.nan_to_num(np.hstack(matcher.presence_in_sentences(passages, summary, sentences))),
                       0.0, 1.0)
        return rows[0], (rows[1:].max(axis=0) if len(rows) > 1 else rows[0])

    def _summary_presence(self, pyr: Pyramid, summary: str, sentences: Sequence[str]) -> np.ndarray:
        """Presence of each unit in the summary (module docstring, 2), capped where the summary contradicts it;
        ``summary`` and ``sentences`` are given as judged, in the units' notation (``_in_their_words``)."""
        texts = [u.text for u in pyr.units]
        presence = self._with_judge(self._word_presence(pyr, summary, sentences), texts, summary, pyr)
        presence = self._where_confirmed(presence, lambda: self._edu_claims(pyr), texts, summary, sentences)
        checked = self._unless_contradicted(presence, lambda: self._edu_claims(pyr), summary, sentences)
        alike = self._contradicted_alike(pyr, presence, checked, sentences)
        restated = self._dependents_restated(pyr, checked < presence, alike, sentences)
        return self._sharpened(self._other_figures_told_back(pyr, restated, sentences))

    def _dependents_restated(self, pyr: Pyramid, contradicted: np.ndarray, presence: np.ndarray,
                             sentences: Sequence[str]) -> np.ndarray:
        """``presence`` with a contradicted unit's cap on the units of its reference whose fact depends on it (its
        adverbial and relative clauses, complements and modifiers, split off by the segmenter:
        :func:`pyramid_metric.claims.passage_dependents`) where one summary sentence restates both, holding at least
        half the content words of each, with the fact changed ("Police in Liverpool arrested two men | after a shop
        owner was stabbed" for "Police in Manchester arrested two men | after ..."): the summary tells the reference's
        sentence as one fact and gets it wrong.  Nothing passes the other way ("Lancashire moved up to second | after
        thrashing Hampshire by 169 runs": the rise keeps its credit), nor from a report to what it reports, nor from a
        unit whose claims name no agent or patient."""
        if not contradicted.any() or not pyr.origins or not sentences:
            return presence
        dependents, unit_claims = self._edu_dependents(pyr), self._edu_claims(pyr)
        unit_words = [set(c) for c in pyr.unit_content_words()]
        said = [set(text_words(s)) for s in sentences]

        def holding(j) -> set:  # the summary sentences that hold at least half of unit j's content words
            return {s for s, w in enumerate(said) if unit_words[j] and len(unit_words[j] & w) >= len(unit_words[j]) / 2}

        out = presence.copy()
        for u in np.flatnonzero(contradicted):
            if not any(c.agent.core or c.patient.core for c in unit_claims[u]):
                continue  # a fact of no named role ("Came up with idea"): too little read to pass on
            holds_u = holding(u)
            for v in sorted(dependents[u]):
                if out[v] > presence[u] and holds_u & holding(v):
                    out[v] = presence[u]
        return out

    def _contradicted_alike(self, pyr: Pyramid, presence: np.ndarray, checked: np.ndarray,
                            sentences: Sequence[str]) -> np.ndarray:
        """``checked`` (presence after the contradiction check) with the same cap on the units that state a
        contradicted unit's fact otherwise (module docstring, 2): each unit of another reference that states it with
        all its names and figures (three references say "beat", "thrashed" and "a 5-0 win over"; a summary that
        negates "beat" negates the others too), and, where the contradiction is of polarity, roles or parties, each
        later unit of the same reference that refers back to it by a pronoun ("The win gave them the title"), a
        definite noun of the event or of a party ("the country's airspace") or a relative pronoun ("that was 77%
        effective"). A unit that only says who reported a fact ("..., | the United Nations said.") gets the cap of
        the contradicted unit beside it in its sentence."""
        contradicted = np.flatnonzero(checked < presence)
        if not len(contradicted) or not pyr.origins:
            return checked
        unit_claims, out = self._edu_claims(pyr), checked.copy()
        reached = {}  # unit of another reference -> the contradicted units it states
        for v, unit in enumerate(pyr.units):
            sources = [u for u in contradicted if pyr.origins[u] != pyr.origins[v]
                       and carries(unit_claims[u], unit.text, unit_claims[v])
                       and self.matcher.expressed([pyr.units[u].text], unit.text)[0] >= PRESENT]
            kept = max((checked[u] for u in sources), default=1.0)  # the cap its contradicted unit got
            if sources and out[v] > kept:
                out[v], reached[v] = kept, sources
        capped = sorted(set(contradicted) | set(reached))
        for v in range(len(pyr.units)):  # "..., the United Nations said": who said it reported what is contradicted
            if out[v] > CONTRADICTED_CAP and reports_only(unit_claims[v]) and any(
                    abs(u - v) == 1 and pyr.origins[u] == pyr.origins[v]
                    and not _ENDS_SENTENCE.search(pyr.units[min(u, v)].text) for u in capped):
                out[v] = CONTRADICTED_CAP
        after = [v for v, unit in enumerate(pyr.units) if out[v] > CONTRADICTED_CAP and refers_back(unit.text)
                 and any(u < v and pyr.origins[u] == pyr.origins[v] for u in capped)]
        if not after:  # no pronoun to follow: the summary's other sentences need no parse
            return out
        summary_claims = [c for cs in read_claims(list(sentences)) for c in cs]
        parties = {u for u in contradicted if denied_apart_from_figures(unit_claims[u], summary_claims)}
        parties |= {v for v, sources in reached.items() if parties.intersection(sources)}
        for v in after:
            if any(u < v and pyr.origins[u] == pyr.origins[v] for u in parties):
                out[v] = CONTRADICTED_CAP
        return out

    def _other_figures_told_back(self, pyr: Pyramid, presence: np.ndarray, sentences: Sequence[str]) -> np.ndarray:
        """``presence`` capped at the contradicted cap for each unit that gives a figure of an event its reference
        told before it ("Her margin was 4,200 votes" after "Jones defeated Reed") where the summary tells that event
        with another figure of the kind ("defeated Reed by 1,800 votes"; module docstring, 2;
        :func:`pyramid_metric.claims.other_figure_told`).  Only such units lead to a parse of the summary."""
        if self.config.claims == "off" or not pyr.origins:
            return presence
        unit_claims, first = self._edu_claims(pyr), {}
        for v, origin in enumerate(pyr.origins):
            first.setdefault(origin, v)
        told = {v: figures_told_back(unit_claims[v]) for v in range(len(pyr.units))
                if presence[v] > CONTRADICTED_CAP and first[pyr.origins[v]] < v}
        told = {v: figures for v, figures in told.items() if figures}
        if not told:
            return presence
        summary_claims = [c for cs in read_claims(list(sentences)) for c in cs]
        out = presence.copy()
        for v, figures in told.items():
            earlier = [c for u in range(first[pyr.origins[v]], v) if pyr.origins[u] == pyr.origins[v]
                       for c in unit_claims[u]]
            if other_figure_told(earlier, figures, summary_claims):
                out[v] = CONTRADICTED_CAP
        return out

    def _sharpened(self, presence: np.ndarray) -> np.ndarray:
        """Presence under ``presence="auto"`` raised to ``PRESENCE_POWER`` (module docstring, 2); else unchanged."""
        if PRESENCE_POWER == 1 or self.config.presence != "auto":
            return presence
        return presence ** PRESENCE_POWER

    def _squares_scus(self, pyr: Pyramid) -> bool:
        """Whether the presence of ``pyr``'s given SCUs is raised to ``SCU_WORDS_POWER`` (module docstring, 2): under
        ``presence="auto"``, SCUs of several model summaries, which words alone judge."""
        return (self.config.presence == "auto" and isinstance(pyr, HumanSCUPyramid) and pyr.models() >= 2
                and not self.reads_learned(pyr))

    def reads_learned(self, pyr: Pyramid) -> bool:
        """Whether the learned judge reads this pyramid's units: ``judge="learned"``, or "auto" under the default
        judge (matcher "soft", presence "auto") for given English SCUs of one model summary (or weights of 1 when
        none is given; module docstring, 2)."""
        if self.learned is None:
            return False
        if self.config.judge == "learned":
            return True
        return (isinstance(pyr, HumanSCUPyramid) and pyr.models() <= 1 and bool(pyr.units)
                and _english(tuple(u.text for u in pyr.units)))

    def _with_judge(self, presence: np.ndarray, texts: Sequence[str], summary: str, pyr: Pyramid) -> np.ndarray:
        """``presence`` (as words read it) blended with the learned judge's probability that ``summary`` says each
        text (module docstring, 2), where the judge reads ``pyr``; otherwise unchanged."""
        if not len(presence) or not self.reads_learned(pyr):
            return presence
        said = self.learned.presence(list(texts), summary)
        blended = np.clip((1.0 - LEARNED_SHARE) * presence + LEARNED_SHARE * said, 0.0, 1.0)
        return np.where(said_word_for_word(texts, summary), np.maximum(presence, blended), blended)

    def _judge_ahead(self, summaries: Sequence[str], sentences: Sequence[Sequence[str]],
                     pyramids: Sequence[Pyramid]) -> None:
        """The learned judge's probabilities of every (unit, summary) pair scored next, in one batch (cached)."""
        if self.learned is None:
            return
        pairs = []
        for summary, sents, pyr in zip(summaries, sentences, pyramids):
            if not pyr.units or not summary.strip() or not self.reads_learned(pyr):
                continue
            texts = judged_texts(pyr) if isinstance(pyr, HumanSCUPyramid) else [u.text for u in pyr.units]
            judged = self._as_theirs(summary, texts)
            pairs.extend((t, judged) for t in texts)
        if pairs:
            self.learned.presence_many(list(dict.fromkeys(pairs)))

    def _in_their_words(self, summary: str, sentences: Sequence[str], texts: Sequence[str]):
        """The summary and its sentences as judged: with ``claims="check"``, their acronyms and the names they
        abbreviate, and their figures ("$6.5bn", "5%", "a quarter point"), written as ``texts`` (the units) write
        them (:func:`pyramid_metric.acronyms.align_acronyms`, :func:`pyramid_metric.figures.align_figures`)."""
        return self._as_theirs(summary, texts), [self._as_theirs(s, texts) for s in sentences]

    def _as_theirs(self, text: str, texts: Sequence[str]) -> str:
        """One text as judged (``_in_their_words``): unchanged under ``claims="off"``."""
        if self.config.claims == "off":
            return text
        return align_figures(align_acronyms(text, texts), texts)

    def _word_presence(self, pyr: Pyramid, summary: str, sentences: Sequence[str]) -> np.ndarray:
        """Presence of each unit in the summary as the matcher reads words, half of it required in one place."""
        passages, index = self._unit_passages(pyr)
        whole, best = np.zeros(len(pyr.units)), np.zeros(len(pyr.units))
        whole[index], best[index] = self._whole_and_best(passages, summary, sentences, self.judge(pyr))
        rule = self.presence_rule(pyr)
        if rule == "summary+sentence":
            return (whole + best) / 2
        if rule == "summary+sentence+bigram":
            return (whole + best + best_sentence_bigram_share(pyr.units, summary, sentences, best, self.matcher)) / 3
        if rule == "sentence+bigram":
            summary_bigrams = bigram_counts(text_words(summary))
            wording = np.array([bigram_recall(u.words, summary_bigrams) if len(u.words) > 1 else whole[j]
                                for j, u in enumerate(pyr.units)])
            return (best + wording) / 2
        in_order = in_order_recall(pyr, summary)
        return (best + in_order + best_sentence_bigram_share(pyr.units, summary, sentences, best, self.matcher)) / 3

    def _rule_presence(self, texts: Sequence[str], summary: str, sentences: Sequence[str],
                       pyr: Pyramid) -> np.ndarray:
        """Presence of texts judged alone (given human SCUs: their labels and contributors), under the
        summary+sentence rule of ``_summary_presence``; ``summary`` and ``sentences`` are given as judged, in the
        texts' notation (``_in_their_words``).  A text the summary contradicts keeps at most SCU_CONTRADICTED_CAP: an
        SCU is one fact, where a reference EDU may hold several."""
        whole, best = self._whole_and_best([[t] for t in texts], summary, sentences, self.matcher)
        presence = self._with_judge((whole + best) / 2, texts, summary, pyr)
        text_claims = lru_cache(maxsize=1)(lambda: read_claims(list(texts)))  # read once, if at all
        presence = self._where_confirmed(presence, text_claims, texts, summary, sentences)
        return self._sharpened(self._unless_contradicted(presence, text_claims, summary, sentences,
                                                         cap=SCU_CONTRADICTED_CAP))

    def _score_one(self, summary: str, pyr: Pyramid, sentences: Optional[Sequence[str]] = None) -> ScoreResult:
        """The recall (the pyramid score) with its matches; a sentence said again is read once."""
        if sentences is None:
            sentences = self._sentences([summary])[0]
        said_once = list(dict.fromkeys(sentences))  # a sentence said again earns what it earns once
        if len(said_once) < len(sentences):
            result = self._recall(" ".join(said_once), pyr, said_once)
            return replace(result, notes=result.notes + (f"{len(sentences) - len(said_once)} repeated sentence(s) "
                                                         f"read once for the score",))
        return self._recall(summary, pyr, sentences)

    def _with_precision(self, results: Sequence[ScoreResult], summaries: Sequence[str],
                        sentences: Sequence[Sequence[str]], pyramids: Sequence[Pyramid]) -> List[ScoreResult]:
        """Each result with its precision (:mod:`.precision`): the summaries of one pyramid are read together."""
        groups: dict = {}
        for i, (summary, pyr) in enumerate(zip(summaries, pyramids)):
            if summary.strip() and pyr.units:
                groups.setdefault(id(pyr), []).append(i)
        found = {}
        for idx in groups.values():
            pyr = pyramids[idx[0]]
            if isinstance(pyr, HumanSCUPyramid):  # the SCU labels and their contributors support a summary
                supports, judge = support_texts(pyr.units, [range(len(pyr.units))], pyr.mentions), self.matcher
            else:
                supports, judge = support_texts(pyr.units, pyr.reference_groups()), self.judge(pyr)
            written = [sentences[i] or [summaries[i]] for i in idx]
            # each summary's sentences read with the references' acronyms and figures, as the recall reads them
            read = [[self._as_theirs(s, supports) for s in sents] for sents in written]
            values = precision_many(read, supports, judge, english=_english(tuple(supports)))
            found.update((i, (value, [(k, sents[k], share) for k, _, share in unsupported]))
                         for i, sents, (value, unsupported) in zip(idx, written, values))
        return [replace(r, precision=found[i][0], unsupported=tuple(found[i][1])) if i in found
                else replace(r, precision=0.0) for i, r in enumerate(results)]

    def _recall(self, summary: str, pyr: Pyramid, sentences: Sequence[str]) -> ScoreResult:
        if isinstance(pyr, HumanSCUPyramid):  # given human SCUs (methods/human.py)
            read, read_sentences = self._in_their_words(summary, sentences, judged_texts(pyr))
            squared = self._squares_scus(pyr)  # each text's presence raised to SCU_WORDS_POWER (docstring, 2)

            def presence(texts):
                p = self._rule_presence(texts, read, read_sentences, pyr)
                return p ** SCU_WORDS_POWER if squared else p

            result = score_human(pyr, summary, presence, self.config.scu_score, read)
            if squared:
                result = replace(result, notes=result.notes + (
                    f"each text's presence raised to the power {SCU_WORDS_POWER:g} (an SCU is said or not; SCUs of "
                    f"several model summaries are read from words alone)",))
            if pyr.reference_pyramid is None or not summary.strip():
                return result
            return with_reference_pyramid(result, self._recall(summary, pyr.reference_pyramid, sentences))
        units = pyr.units
        bound = pyr.credit_bound()  # OPT_KP; with several references, per-reference totals pooled
        if not units or bound <= 0:
            return ScoreResult.empty(0.0, len(units), "the pyramid is empty", (summary,))
        if not summary.strip():
            return ScoreResult.empty(bound, len(units), "the summary has no words")
        read, read_sentences = self._in_their_words(summary, sentences, [u.text for u in units])
        p = self._summary_presence(pyr, read, read_sentences)
        values = np.array(pyr.unit_values())
        credit = values * p
        total = pyr.pooled_credit(credit)
        n_groups = len(pyr.reference_groups())
        matches, missed = soft_matches(summary, units, p, values, credit, read)
        weight = "1 (its share of its fact's weight)" if pyr.shared_weight else "its weight"
        worth = f"{weight} x its content words" if pyr.content_credit else weight
        how = {"summary+sentence": "its presence in the whole summary and in the summary sentence that holds "
                                   "most of it",
               "summary+sentence+bigram": "its presence in the whole summary, in the summary sentence that holds "
                                          "most of it, and the share of its word pairs found in one summary "
                                          "sentence",
               "sentence+bigram": "its presence in the summary sentence that holds most of it and the share of "
                                  "its word pairs found in the summary",
               "sentence+order+bigram": "its presence in the summary sentence that holds most of it, the share of "
                                        "its content words found in the summary in its order, and the share of "
                                        "its word pairs found in one summary sentence"}[self.presence_rule(pyr)]
        notes = [f"soft credit: each unit earns {worth} x its presence probability (the mean of {how}); units "
                 f"below {CREDITED:g} are listed as missed"]
        said_otherwise = self.judge(pyr).presence_note()
        if said_otherwise:
            notes.append(said_otherwise)
        if n_groups > 1:
            notes.append(f"{n_groups} references: each reference's units are credited against their own "
                         f"total value, pooled (the most a summary can earn is the sum over references)")
        score, cap = capped(total, bound, "the knapsack bound")
        notes.extend(cap)
        return ScoreResult(float(score), total, float(bound), matches, missed, tuple(notes), (summary,))

    def signature_parts(self) -> dict:
        return {"matcher": self.matcher.signature(), "segmenter": self.segmenter.signature()}


# the presence rules as the signature states them (``presence`` option)
PRESENCE_RULES = {"summary+sentence": "mean(summary,best-sentence)",
                  "summary+sentence+bigram": "mean(summary,best-sentence,best-sentence-bigram)",
                  "sentence+bigram": "mean(best-sentence,bigram)",
                  "sentence+order+bigram": "mean(best-sentence,in-order,best-sentence-bigram)",
                  "auto": "auto(1ref:mean(summary,best-sentence,best-sentence-bigram);"
                          "multiref:mean(best-sentence,in-order,best-sentence-bigram);scus:mean(summary,best-sentence)"
                          "(several-models:^2))"}
_PRESENCE_OPTION = {v: k for k, v in PRESENCE_RULES.items()}

register_method("refpyramid", ReferencePyramidMethod, help="the pyramid of the references' own EDUs, unmerged; "
                "credit = weight x content words x presence (with one reference the mean of the unit's soft "
                "content-word recall in the whole summary and in its best sentence and its best-sentence share of "
                "word pairs; with several the mean of its best-sentence recall, its in-order content-word recall "
                "and its best-sentence share of word pairs); no sources needed (the default)", options=(
    Option("credit", (), choices=("content", "unit"), default="content",
           help="content: a unit's credit and bound scale with its content words (a long unit is worth more "
                "than a short one); unit: each unit counts its weight once, as the LitePyramid score counts SCUs"),
    Option("fact_weight", (), choices=("shared", "per-unit"), default="shared",
           help="with several references: shared (every reference that states a fact holds a unit of its own for "
                "it, so a unit of weight w is one of w wordings of one fact and counts weight 1: the fact counts w "
                "in all, as an SCU of weight w does) or per-unit (each unit counts its own weight w, so a fact "
                "stated by w references counts w x w)"),
    Option("presence", (), choices=tuple(PRESENCE_RULES), default="auto",
           help="how a unit's presence in the summary is judged: summary+sentence (mean of its presence in the "
                "whole summary and in the summary sentence that holds most of it), summary+sentence+bigram (those "
                "two and its best share of word bigrams in one sentence), sentence+bigram (mean of its "
                "presence in that sentence and the share of the unit's word bigrams found in the summary), "
                "sentence+order+bigram (mean of its presence in that sentence, its in-order content-word recall "
                "in the summary and its best share of word bigrams in one sentence) or auto "
                "(sentence+order+bigram for a pyramid of two or more references, summary+sentence+bigram for one, "
                "summary+sentence for given SCUs; with the default matcher, references of one English sentence "
                "each are judged by the contextual matcher, summary+sentence)"),
    Option("scu_score", (), choices=SCU_SCORES, default="recall",
           help="human-pyramid mode (scus=): each SCU earns its weight x its presence (its best contributor; "
                "without contributors, label and best reference span half each), over the total SCU weight "
                "(recall; given contributors and the model summaries, averaged with the score against the model "
                "summaries' own pyramid) or over the best weight of X SCUs, X = the average SCU count of a model "
                "summary (modified: the modified pyramid score, Passonneau et al. 2005); as-edus: labels alone, "
                "credited as reference EDUs (the credit option)"),
    Option("claims", (), choices=("check", "off"), default="check",
           help="check: a unit the summary contradicts (the same fact with the other polarity, its agent and "
                "patient swapped, another name or other figures, read from spaCy's dependency parse) keeps at "
                "most 0.5 of its presence (a given human SCU 0.25), and a reference that contradicts a unit does "
                "not count towards its weight; acronyms are read as the names the references spell out (ECB: "
                "European Central Bank), figures as they write them ($6.5bn: $6.5 billion, 5%: 5 per cent); "
                "off: presence as the matcher reads words"),
    Option("judge", (), choices=("auto", "learned", "words"), default="auto",
           help="learned: each unit's presence is half what the matcher reads in words and half the probability "
                "that the summary says the unit, from a MiniLM cross-encoder trained on people's presence "
                "judgments of single-document news and dialogue summaries, with meaning attacks as negatives; "
                "auto: learned for given English SCUs of one model summary (with the default matcher and presence "
                "rule), words for the references' own pyramids (five times faster) and for several model summaries "
                "(multi-document pyramids, where it agreed less with people); words: the matcher alone"),
), reads=("matcher", "segmenter", "length_limit"), resolves={"matcher": "soft"}, fields=(
    MATCHER, option("credit", "credit", lambda v: f"presence-x-{v}", lambda v: v.replace("presence-x-", "")),
    option("weight", "fact_weight", lambda v: f"{v}-by-wordings" if v == "shared" else v,
           lambda v: v.replace("-by-wordings", "")),
    SEGMENTER, LMAX, option("presence", "presence", PRESENCE_RULES.get, _PRESENCE_OPTION.get),
    Field(f"refs<={SHORT_REFERENCE_SENTENCES}sent", lambda c, parts: short_reference_judge(c)),
    option("claims", "claims", lambda v: CLAIMS_CHECK if v == "check" else "off",
           lambda v: "off" if v == "off" else "check"),
    Field("judge", lambda c, parts: "words" if c.judge == "words" else f"{c.judge}:{learned_signature()}",
          lambda v: {"judge": v.split(":", 1)[0]}),
    const("multiref", "every-ref-edu,pooled"), const("precision", PRECISION_SIGNATURE)))
