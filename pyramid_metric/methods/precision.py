"""The precision side of the reference pyramid: the share of a summary's content that the pyramid supports.

Recall asks how much of the references a summary says; precision asks how much of what the summary says the
references support, read by the same judge.  The summary's units are its sentences (spaCy's rule-based
sentencizer, as recall reads them).  Sentence i, with n_i content words, earns

    n_i x novelty_i x support_i x binding_i

and the precision is the sum over the summary's sentences divided by sum_i n_i, every sentence counted, repeats
included:

* **support_i** = sqrt(presence_i x pairs_i): presence_i is the sentence's presence in the references (the
  judge's presence of a text, as recall reads a unit in the summary: content words found, or said in other words
  by the default's static cosine), pairs_i the share of its word pairs (bigrams, clipped, exact words: ROUGE-2's
  precision of the sentence) found in the references; a one-word sentence takes its presence.  The geometric
  mean needs both: the references' words in another order, with the pairs that bind them missing, earn little.
  (Word pairs said in other words, as recall's pair term credits them, cost twice the time of the rest of
  precision and are left out: precision stays within a fifth of the default's time.)
* **novelty_i** = 1 - min(r_i, q_i), with r_i the share of the sentence's content words and q_i the share of its
  word pairs already said by the sentences before it (exact words, clipped): each fact is counted once.  A
  sentence repeated k times earns what it earns once, and its k - 1 copies count in the denominator, so a
  repetition lowers precision (and F) instead of raising recall.
* **binding_i** = min(1, f_i / F_MIN), f_i the share of the sentence's words that are function words (the stop
  words that bind content words into a sentence: "the", "of", "was", ...), in English text: content words
  without a sentence that binds them (a word salad) are supported by no fact.  F_MIN = 0.2: 95% of the sentences
  of REALSumm's system summaries have at least 23% (the 1st percentile is 14%); a text in another language is
  not judged by English function words (binding 1).

The sentences with the least support are the summary's unsupported content (the explanation lists those below
``UNSUPPORTED``).  F is the harmonic mean of precision and recall (the pyramid score).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ..match.base import Matcher, TextSpan, exact_bigram_shares
from ..text import _stop_stems, bigram_counts, bigram_hits, content_words, words

F_MIN = 0.2  # share of function words from which a sentence is fully bound (see the module docstring)
# how precision and F are computed, as the signature states it (recall is the score: the method's other fields)
PRECISION_SIGNATURE = ("summary-sentences:content-words-x-sqrt(presence-in-refs*word-pair-share)"
                       "x-binding(function-words/0.2)x-novelty(1-min(repeated-words,repeated-pairs));"
                       "f1:harmonic(precision,recall)")
UNSUPPORTED = 0.5  # sentences whose support x binding x novelty is below this are listed as unsupported


@lru_cache(maxsize=65536)
def sentence_words(sentence: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(stemmed words, content words) of a sentence (:func:`pyramid_metric.text.words`), cached: the systems of
    a data set share many sentences."""
    stems = tuple(words(sentence))
    return stems, tuple(content_words(stems))


def novelty(sentences: Sequence[Sequence[str]], contents: Optional[Sequence[Sequence[str]]] = None) -> np.ndarray:
    """1 - min(share of its content words, share of its word pairs) already said by the sentences before it, for
    each sentence (given as its stemmed words, and its content words when known); counts clipped (a word said
    once before covers one occurrence)."""
    said_words, said_pairs, out = Counter(), Counter(), []
    for k, ws in enumerate(sentences):
        content, pairs = Counter(content_words(ws) if contents is None else contents[k]), bigram_counts(ws)
        n_words, n_pairs = sum(content.values()), sum(pairs.values())
        old_words = bigram_hits(content, said_words) / n_words if n_words else 1.0
        old_pairs = bigram_hits(pairs, said_pairs) / n_pairs if n_pairs else old_words
        out.append(1.0 - min(old_words, old_pairs))
        said_words.update(content)
        said_pairs.update(pairs)
    return np.array(out)


def binding(sentences: Sequence[Sequence[str]], english: bool) -> np.ndarray:
    """min(1, share of function words / F_MIN) for each sentence (given as its stemmed words); 1 for text that is
    not English."""
    if not english:
        return np.ones(len(sentences))
    stops = _stop_stems()
    return np.array([min(1.0, sum(w in stops for w in ws) / len(ws) / F_MIN) if ws else 0.0 for ws in sentences])


def precision_many(summaries: Sequence[Sequence[str]], supports: Sequence[str], judge: Matcher,
                   english: bool) -> List[Tuple[float, List[Tuple[int, str, float]]]]:
    """The precision of each summary, given as its sentences, against the texts that support them all
    (``supports``: the references, or a human pyramid's SCU labels and contributors), with its unsupported
    sentences as (index, text, credit share), credit share = support x binding x novelty below ``UNSUPPORTED``.
    ``judge`` reads presence (:meth:`Matcher.presence_in_sentences`: each summary's sentences read inside it);
    one call serves every summary."""
    spans = [[TextSpan(s, sentence_words(s)[0]) for s in sentences] for sentences in summaries]
    support_text = joined_supports(supports)
    if not support_text.strip() or not any(spans):
        return [(0.0, [(i, s, 0.0) for i, s in enumerate(sentences)]) for sentences in summaries]
    cuts = np.cumsum([len(g) for g in spans])[:-1]
    if judge.reads_context:  # a sentence read inside its summary
        presence = [rows[0] for rows in judge.presence_in_sentences([list(s) for s in summaries], support_text, ())]
    else:  # a sentence's presence is its text's: each distinct sentence (systems share many) is read once
        distinct = list(dict.fromkeys(s for sentences in summaries for s in sentences))
        (rows,) = judge.presence_in_sentences([distinct], support_text, ())
        found = dict(zip(distinct, rows[0]))
        presence = np.split(np.array([found[s] for sentences in summaries for s in sentences]), cuts)
    pairs = np.split(exact_bigram_shares([sp for group in spans for sp in group], [support_text])[0], cuts)
    return [_summary_precision(sentences, group, np.clip(np.nan_to_num(p), 0.0, 1.0), np.clip(q, 0.0, 1.0), english)
            for sentences, group, p, q in zip(summaries, spans, presence, pairs)]


def _summary_precision(sentences: Sequence[str], spans, presence: np.ndarray, pairs: np.ndarray,
                       english: bool) -> Tuple[float, List[Tuple[int, str, float]]]:
    """One summary's precision from its sentences' presence and word-pair share in the references."""
    contents = [sentence_words(s)[1] for s in sentences]
    sizes = np.array([len(c) for c in contents], dtype=float)
    if not spans or sizes.sum() <= 0:
        return 0.0, [(i, s, 0.0) for i, s in enumerate(sentences)]
    pairs = np.where([len(sp.words) > 1 for sp in spans], pairs, presence)
    stems = [sp.words for sp in spans]
    share = np.sqrt(presence * pairs) * binding(stems, english) * novelty(stems, contents)
    unsupported = [(i, s, float(share[i])) for i, s in enumerate(sentences) if sizes[i] and share[i] < UNSUPPORTED]
    return float((sizes * share).sum() / sizes.sum()), unsupported


def joined_supports(supports: Sequence[str]) -> str:
    """The one text a summary's sentences are judged against: the supporting texts joined by a space."""
    return " ".join(supports)


def support_texts(units: Sequence, groups: Sequence[Sequence[int]], mentions: Sequence[Sequence[str]] = ()) -> List[str]:
    """The texts a summary's content is looked for in: each reference's units joined (its EDUs, in order), and a
    human pyramid's contributors after its labels."""
    return [" ".join(units[j].text for j in g) for g in groups if g] + [m for ms in mentions for m in ms]

