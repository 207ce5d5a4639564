"""The learned SCU-presence matcher (pyramid_metric/match/learned.py): offline load, real REALSumm pairs,
determinism, windowing of long summaries, checksum verification, registry."""
import shutil

import numpy as np
import pytest

from pyramid_metric.document import Span
from pyramid_metric.match import get_matcher
from pyramid_metric.match.learned import WEIGHTS_DIR, LearnedMatcher, PresenceWeightsError

pytestmark = pytest.mark.skipif(not (WEIGHTS_DIR / "presence.json").is_file(),
                                reason="presence weights not trained (scripts/train_presence.py --final)")


@pytest.fixture(scope="module")
def matcher():
    return LearnedMatcher()


def _auc(scores, labels):
    from scipy.stats import rankdata

    labels = np.asarray(labels) > 0.5
    ranks = rankdata(scores)
    n_pos, n_neg = labels.sum(), (~labels).sum()
    return (ranks[labels].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def test_registered_and_signature(matcher):
    m = get_matcher("learned")
    assert isinstance(m, LearnedMatcher) and m.name == "learned"
    sig = matcher.signature()
    assert sig.startswith("learned(") and matcher.config["sha256"][:8] in sig


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


def test_clearly_present_unit_beats_absent_unit(matcher, realsumm_rows):
    ex = realsumm_rows[0]
    summary = ex["systems"]["abs_bart_out"]["summary"]  # "... Anuradha Koirala has a rehabilitation center ..."
    present = "Anuradha Koirala has a rehabilitation center."
    absent = "The bank raised interest rates by half a point."
    p = matcher.presence([present, absent], summary)
    assert p[0] > 0.5 > p[1]


def test_deterministic_and_cached(matcher, realsumm_rows):
    ex = realsumm_rows[1]
    summaries = [ex["systems"][n]["summary"] for n in sorted(ex["systems"])[:2]]
    first = [matcher.presence(ex["scus"], s) for s in summaries]
    again = [matcher.presence(ex["scus"], s) for s in summaries]
    fresh = LearnedMatcher()
    other_order = [fresh.presence(ex["scus"][::-1], s)[::-1] for s in summaries[::-1]][::-1]
    for a, b, c in zip(first, again, other_order):
        assert np.array_equal(a, b)
        assert np.array_equal(a, c)


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


def test_corrupted_weights_are_refused(tmp_path):
    for f in ("presence.json", "presence.safetensors"):
        shutil.copy(WEIGHTS_DIR / f, tmp_path / f)
    data = bytearray((tmp_path / "presence.safetensors").read_bytes())
    data[-1] ^= 0xFF
    (tmp_path / "presence.safetensors").write_bytes(bytes(data))
    with pytest.raises(PresenceWeightsError, match="corrupted"):
        LearnedMatcher(weights_dir=tmp_path).presence(["a unit"], "a summary")
