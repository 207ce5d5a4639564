"""The learned SCU-presence matcher (pyramid_metric/match/learned.py): offline load, real REALSumm pairs,
packing equal to one pair a sequence, lexical features by hand, determinism, windowing of long summaries,
checksum verification, registry, the learned+recall mean."""
import json
import shutil

import numpy as np
import pytest

from pyramid_metric.document import Span
from pyramid_metric.match import get_matcher
from pyramid_metric.match.learned import (MAX_POSITIONS, WEIGHTS_DIR, LearnedMatcher, PresenceWeightsError,
                                          lexical_features, pack)
from pyramid_metric.match.recall import RecallMatcher

needs_weights = pytest.mark.skipif(not (WEIGHTS_DIR / "presence.json").is_file(),
                                   reason="presence weights not trained (scripts/train/presence.py --final)")


def test_pack_blocks_positions_and_chunks():
    """[CLS] s [SEP] u1 [SEP] u2 [SEP]: units restart their positions after the summary, one block each."""
    chunks = pack([7, 8], [("a", [20, 21]), ("b", [30])], cls_id=1, sep_id=2)
    assert len(chunks) == 1
    c = chunks[0]
    assert c["ids"] == [1, 7, 8, 2, 20, 21, 2, 30, 2]
    assert c["pos"] == [0, 1, 2, 3, 4, 5, 6, 4, 5]
    assert c["typ"] == [0, 0, 0, 0, 1, 1, 1, 1, 1]
    assert c["blk"] == [0, 0, 0, 0, 1, 1, 1, 2, 2]
    assert c["keys"] == ["a", "b"]
    # a unit that would pass max_len opens a new chunk with the summary repeated
    two = pack([7, 8], [("a", [20, 21]), ("b", [30])], cls_id=1, sep_id=2, max_len=8)
    assert [c["keys"] for c in two] == [["a"], ["b"]]
    assert two[1]["ids"] == [1, 7, 8, 2, 30, 2] and two[1]["blk"] == [0, 0, 0, 0, 1, 1]
    with pytest.raises(ValueError, match="do not fit"):
        pack(list(range(MAX_POSITIONS)), [("a", [5])], cls_id=1, sep_id=2)


def test_lexical_features_by_hand():
    # content words of the unit: storm, hit, coast -> all in the summary; bigrams (the storm) (storm hit)
    # (hit the) (the coast): "storm hit" and "the coast" are in the summary -> 2 / 4
    r1, r2 = lexical_features("The storm hit the coast", "A storm hit towns on the coast")
    assert r1 == pytest.approx(1.0) and r2 == pytest.approx(0.5)
    assert lexical_features("storms", "A storm came") == pytest.approx((1.0, 1.0))  # one word, stemmed
    assert lexical_features("the", "of the") == pytest.approx((1.0, 1.0))  # stop words only: all words count
    assert lexical_features("coast", "") == (0.0, 0.0)


@pytest.fixture(scope="module")
def matcher():
    return LearnedMatcher()


def _auc(scores, labels):
    from scipy.stats import rankdata

    labels = np.asarray(labels) > 0.5
    ranks = rankdata(scores)
    n_pos, n_neg = labels.sum(), (~labels).sum()
    return (ranks[labels].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


@needs_weights
def test_registered_and_signature(matcher):
    m = get_matcher("learned")
    assert isinstance(m, LearnedMatcher) and m.name == "learned"
    sig = matcher.signature()
    assert sig.startswith("learned(") and matcher.config["sha256"][:8] in sig


@needs_weights
def test_probabilities_on_real_realsumm_pairs(matcher, realsumm_rows):
    """One example (10 of its systems x its SCUs): probabilities in [0, 1]; human-present pairs score higher."""
    ex = realsumm_rows[0]
    probs, labels = [], []
    for name in sorted(ex["systems"])[::2][:10]:
        s = ex["systems"][name]
        p = matcher.presence(ex["scus"], s["summary"])
        assert p.shape == (len(ex["scus"]),)
        assert np.all((p >= 0) & (p <= 1))
        probs.extend(p)
        labels.extend(s["scu_labels"])
    probs, labels = np.array(probs), np.array(labels)
    assert probs[labels == 1].mean() > probs[labels == 0].mean() + 0.2
    assert _auc(probs, labels) > 0.8


@needs_weights
def test_clearly_present_unit_beats_absent_unit(matcher, realsumm_rows):
    ex = realsumm_rows[0]
    summary = ex["systems"]["abs_bart_out"]["summary"]  # "... Anuradha Koirala has a rehabilitation center ..."
    present = "Anuradha Koirala has a rehabilitation center."
    absent = "The bank raised interest rates by half a point."
    p = matcher.presence([present, absent], summary)
    assert p[0] > 0.5 > p[1]


@needs_weights
def test_deterministic_and_cached(matcher, realsumm_rows):
    ex = realsumm_rows[1]
    summaries = [ex["systems"][n]["summary"] for n in sorted(ex["systems"])[:2]]
    first = [matcher.presence(ex["scus"], s) for s in summaries]
    again = [matcher.presence(ex["scus"], s) for s in summaries]
    fresh = LearnedMatcher()
    other_order = [fresh.presence(ex["scus"][::-1], s)[::-1] for s in summaries[::-1]][::-1]
    for a, b, c in zip(first, again, other_order):
        assert np.array_equal(a, b)  # the same request: the same bits
        # another packing (other units alongside, other padding) moves float sums by ~1e-7 only
        np.testing.assert_allclose(a, c, atol=1e-5)


@needs_weights
def test_long_summary_is_windowed_not_truncated(matcher):
    filler = " ".join(f"Paragraph {i} describes the weather in a small town, which was mild and calm." for i in range(60))
    fact = "Anuradha Koirala runs a rehabilitation center for 425 young women in Kathmandu."
    long_summary = filler + " " + fact
    model = matcher._load()
    assert len(model.summary_windows([long_summary])[0]) > 2  # several windows, the fact is in the last one
    units = ["Anuradha Koirala runs a rehabilitation center.", "The bank raised interest rates."]
    with_fact = matcher.presence(units, long_summary)
    without = matcher.presence(units, filler)
    assert with_fact[0] > 0.5 and with_fact[0] > without[0] + 0.3
    assert with_fact[1] < 0.5


@needs_weights
def test_similarities_matrix_and_empty_inputs(matcher):
    spans = [Span(text="The storm hit the coast on Monday.", words=()),
             Span(text="Schools will stay closed until Friday.", words=())]
    units = [Span(text="A storm hit the coast.", words=()), Span(text="Schools are closed.", words=()),
             Span(text="The bank raised rates.", words=())]
    S = matcher.similarities(spans, units)
    assert S.shape == (2, 3) and np.all((S >= 0) & (S <= 1))
    assert S[0, 0] > S[1, 0] and S[1, 1] > S[0, 1]
    assert matcher.similarities([], units).shape == (0, 3)
    assert np.array_equal(matcher.presence(["", "x"], ""), [0.0, 0.0])


def _flip_last_byte(directory):
    path = directory / "presence.safetensors"
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))


def _older_architecture(directory):
    config = json.loads((directory / "presence.json").read_text())
    config["architecture"]["kind"] = "late-interaction"
    (directory / "presence.json").write_text(json.dumps(config))


@needs_weights
@pytest.mark.parametrize("tamper, message", [(_flip_last_byte, "corrupted"),
                                             (_older_architecture, "packed-cross-encoder")])
def test_bad_weights_are_refused(tmp_path, tamper, message):
    for f in ("presence.json", "presence.safetensors"):
        shutil.copy(WEIGHTS_DIR / f, tmp_path / f)
    tamper(tmp_path)
    with pytest.raises(PresenceWeightsError, match=message):
        LearnedMatcher(weights_dir=tmp_path).presence(["a unit"], "a summary")


@needs_weights
def test_packed_sequence_equals_one_unit_per_sequence(matcher, realsumm_rows):
    """The block mask makes each unit's result independent of the other units packed with it."""
    ex = realsumm_rows[2]
    summary = ex["systems"]["ext_bart_out"]["summary"]
    together = LearnedMatcher().presence(ex["scus"], summary)
    alone = np.array([LearnedMatcher().presence([u], summary)[0] for u in ex["scus"]])
    np.testing.assert_allclose(together, alone, atol=2e-6)


@needs_weights
def test_learned_plus_recall_is_the_mean_of_both(matcher, realsumm_rows):
    ex = realsumm_rows[0]
    summary = ex["systems"]["abs_bart_out"]["summary"]
    both = get_matcher("learned+recall")
    p = both.presence(ex["scus"], summary)
    expected = (LearnedMatcher().presence(ex["scus"], summary) + RecallMatcher().presence(ex["scus"], summary)) / 2
    np.testing.assert_allclose(p, expected, atol=1e-12)
    sig = both.signature()
    assert sig.startswith("mean(learned(") and sig.endswith(",recall)")
    spans = [Span(text=summary, words=())]
    units = [Span(text=u, words=()) for u in ex["scus"][:3]]
    assert both.similarities(spans, units).shape == (1, 3)


@needs_weights
def test_human_scu_mode_with_learned_plus_recall_through_the_scorer(realsumm_rows):
    """The public path: PyramidScorer(matcher="learned+recall") on given SCUs = mean of the two presences (the
    claim check off: its credit for a confirmed claim is tested in test_claims.py)."""
    from pyramid_metric import PyramidScorer

    ex = realsumm_rows[0]
    names = ["abs_bart_out", "ext_bart_out"]
    preds = [ex["systems"][n]["summary"] for n in names]
    out = PyramidScorer(matcher="learned+recall", credit="unit", judge="words", claims="off").compute(
        preds, scus=[ex["scus"]] * 2)
    assert "matcher:mean(learned(" in out["signature"]
    both = get_matcher("learned+recall")
    from pyramid_metric.methods.reference import ReferencePyramidMethod

    for pred, got in zip(preds, out["scores"]):  # presence = mean of whole-summary and best-sentence presence
        sentences = ReferencePyramidMethod._sentences([pred])[0]
        p = np.clip(both.presence(ex["scus"], pred), 0, 1)
        if len(sentences) > 1:
            p = (p + np.max([np.clip(both.presence(ex["scus"], s), 0, 1) for s in sentences], axis=0)) / 2
        assert got == pytest.approx(float(np.mean(p)), abs=1e-9)


def test_importing_the_matcher_does_not_import_torch():
    """The presence model (pyramid_metric.match.presence_model) is imported only when a model is built."""
    import subprocess
    import sys

    code = ("import sys, pyramid_metric, pyramid_metric.match.learned, pyramid_metric.amr_graph; "
            "print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
