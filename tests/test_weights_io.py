"""Shipped-weight files (pyramid_metric/checksum.py): save with a recorded sha256, verified load, and the checked
loading of trained tensors into a model (used by both segmenters and the learned matcher)."""
import json
import os

import pytest

torch = pytest.importorskip("torch")

from pyramid_metric.checksum import load_checked_weights, load_trained_tensors, save_checked_weights  # noqa: E402


class Bad(ValueError):
    pass


def _model():
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Linear(2, 1))
    return m


def test_save_then_load_round_trip(tmp_path):
    m = _model()
    path = save_checked_weights(m.state_dict(), {"date": "2020-01-02", "note": "x"}, tmp_path / "w", "tiny",
                                labels=["a", "b"])
    config = json.loads(path.read_text())
    assert config["name"] == "tiny" and config["weights_file"] == "tiny.safetensors" and config["labels"] == ["a", "b"]
    assert config["date"] == "2020-01-02" and config["note"] == "x" and len(config["sha256"]) == 64
    assert config["size_bytes"] == (tmp_path / "w" / "tiny.safetensors").stat().st_size
    assert os.stat(tmp_path / "w" / "tiny.safetensors").st_mode & 0o777 == 0o644
    tensors, loaded = load_checked_weights(tmp_path / "w", "tiny", Bad, "tiny", "retrain")
    assert loaded == config
    fresh = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Linear(2, 1))
    load_trained_tensors(fresh, tensors, fresh.state_dict(), Bad, "tiny")
    for k, v in m.state_dict().items():
        assert torch.equal(fresh.state_dict()[k], v)


def test_partial_state_loads_only_the_trained_tensors():
    m, ref = _model(), _model()
    with torch.no_grad():
        ref[1].weight.fill_(7.0)
    frozen = m[0].weight.clone()
    trained = {"1.weight": ref[1].weight.to(torch.float16), "1.bias": ref[1].bias}
    load_trained_tensors(m, trained, trained, Bad, "tiny")
    assert torch.equal(m[1].weight, torch.full((1, 2), 7.0)) and m[1].weight.dtype == torch.float32
    assert torch.equal(m[0].weight, frozen)  # not among the trained tensors: untouched


def test_mismatched_tensors_are_refused_with_names():
    m = _model()
    state = dict(m.state_dict())
    with pytest.raises(Bad, match=r"tiny weights do not match the model: missing \['1.bias'\], unexpected \[\]"):
        load_trained_tensors(m, {k: v for k, v in state.items() if k != "1.bias"}, state, Bad, "tiny")
    with pytest.raises(Bad, match=r"tiny weight 0.weight has shape \(2, 4\), expected \(2, 3\) \(hint\)"):
        load_trained_tensors(m, {**state, "0.weight": torch.zeros(2, 4)}, state, Bad, "tiny", " (hint)")
