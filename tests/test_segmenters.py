"""EDU segmenters: DISRPT reader, the shipped transformer and bi-LSTM models, bad input, weight integrity.

Real models and real data (``../shared/data/edu``); no network (HF offline).
"""
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import json
import shutil
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from conftest import TEST_DATA  # noqa: E402
from pyramid_metric.segment import data, get_segmenter  # noqa: E402
from pyramid_metric.segment import _io  # noqa: E402
from pyramid_metric.segment.transformer import (LoRALinear, best_window_index,  # noqa: E402
                                                 window_spans)

ROOT = Path(__file__).resolve().parents[1]
EDU = TEST_DATA / "edu"  # slices of the GUM and SciDTB DISRPT files (tests/data/README.md)
GUM_TEST = EDU / "eng.rst.gum_test_first5docs.conllu"


def _slice(path: Path, n_sentences: int) -> str:
    """The first ``n_sentences`` sentences of a DISRPT file, as text."""
    out, seen = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        out.append(line)
        if not line.strip():
            seen += 1
            if seen == n_sentences:
                break
    return "\n".join(out) + "\n"


# ---- reader -----------------------------------------------------------------------------------

def test_reader_on_real_slice(tmp_path):
    text = _slice(EDU / "eng.rst.gum_dev_first40.conllu", 40)
    f = tmp_path / "slice.conllu"
    f.write_text(text, encoding="utf-8")
    docs = data.read_disrpt(f)
    sents = data.sentences_of(docs)
    token_lines = [l for l in text.splitlines() if l and not l.startswith("#") and l.split("\t")[0].isdigit()]
    assert len(sents) == 40
    assert sum(len(s.tokens) for s in sents) == len(token_lines)
    assert sum(sum(s.begins) for s in sents) == sum("BeginSeg=Yes" in l for l in token_lines)
    assert all(s.begins[0] for s in sents)  # GUM: every sentence starts an EDU
    assert docs[0].doc_id.startswith("GUM_")
    # raw text rebuilt from SpaceAfter=No: token offsets point at the tokens
    raw, offsets = docs[0].text()
    for sent, spans in zip(docs[0].sentences, offsets):
        assert [raw[a:b] for a, b in spans] == sent.tokens


def test_reader_tok_format_and_seg_labels(tmp_path):
    """The .tok variant (no sentence breaks) and the DISRPT 2023 ``Seg=B-seg`` label read the same."""
    text = _slice(EDU / "eng.dep.scidtb_dev_first12.conllu", 12)
    conllu = data.read_disrpt(_write(tmp_path / "a.conllu", text))
    tok_lines = [l for l in text.splitlines() if l.startswith("# newdoc") or (l and not l.startswith("#"))]
    tok = data.read_disrpt(_write(tmp_path / "a.tok", "\n".join(tok_lines).replace("BeginSeg=Yes", "Seg=B-seg")))
    assert [d.doc_id for d in tok] == [d.doc_id for d in conllu]
    for dt, dc in zip(tok, conllu):
        assert not dt.has_sentences and len(dt.sentences) == 1
        assert dt.sentences[0].tokens == [w for s in dc.sentences for w in s.tokens]
        assert dt.sentences[0].begins == [b for s in dc.sentences for b in s.begins]


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_reader_errors(tmp_path):
    with pytest.raises(TypeError, match="path"):
        data.read_disrpt(3)
    with pytest.raises(FileNotFoundError):
        data.read_disrpt(tmp_path / "missing.conllu")
    with pytest.raises(ValueError, match="10 tab-separated"):
        data.read_disrpt(_write(tmp_path / "bad.conllu", "1\tword\n"))
    redacted = "# newdoc_id = wsj_0600\n" + "".join(f"{i}\t_\t_\t_\t_\t_\t_\t_\t_\t_\n" for i in range(1, 6)) + "\n"
    with pytest.raises(ValueError, match="process_underscores"):
        data.read_disrpt(_write(tmp_path / "eng.rst.rstdt_train.conllu", redacted))


def test_boundary_prf_counts():
    m = data.boundary_prf([[True, False, True, False]], [[True, True, False, False]])
    assert (m["tp"], m["fp"], m["fn"]) == (1, 1, 1) and m["f1"] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="sentence 0"):
        data.boundary_prf([[True]], [[True, False]])


# ---- windows ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 255, 256, 257, 700, 10_000])
def test_windows_cover_every_piece(n):
    spans = window_spans(n, 256, 192)
    assert spans[0][0] == 0 and spans[-1][1] == n
    assert all(e - s <= 256 for s, e in spans)
    idx = best_window_index(n, spans)
    assert len(idx) == n and len(set(idx)) == n
    assert max(idx) < sum(e - s for s, e in spans)


def test_length_batches():
    batches = _io.length_batches([5, 1, 9, 3, 7], max_items=2, max_tokens=100)
    assert sorted(i for b in batches for i in b) == [0, 1, 2, 3, 4]
    assert all(len(b) <= 2 for b in batches)
    assert batches[0] == [2, 4]


def test_length_batches_limit_padding():
    # longest first: 10 and 9 share a batch (9 >= 0.75 x 10); 7 < 7.5 starts one; 4 < 0.75 x 7 another, with 3
    lengths = [10, 9, 7, 4, 3]
    assert _io.length_batches(lengths, max_items=8, max_tokens=1000, max_padding=0.25) == [[0, 1], [2], [3, 4]]
    assert _io.length_batches(lengths, max_items=8, max_tokens=1000) == [[0, 1, 2, 3, 4]]


# ---- the shipped models -------------------------------------------------------------------------

MIN_F1 = {"transformer": 0.90, "bilstm": 0.84}  # on the first 5 GUM test documents; see scripts/train/eval_segmenter.py


@pytest.fixture(scope="module", params=["transformer", "bilstm"])
def segmenter(request):
    torch.set_num_threads(2)
    return get_segmenter(request.param)


def test_sane_f1_on_gum_test_slice(segmenter):
    docs = data.read_disrpt(GUM_TEST)[:5]
    sents = data.sentences_of(docs)
    pred = segmenter.predict_begins([s.tokens for s in sents])
    m = data.boundary_prf([s.begins for s in sents], pred)
    intra = data.boundary_prf([s.begins[1:] for s in sents], [p[1:] for p in pred])
    assert m["f1"] >= MIN_F1[segmenter.name], m
    assert intra["f1"] >= MIN_F1[segmenter.name] - 0.1, intra  # the model does more than mark sentence starts


def test_offsets_cover_the_text(segmenter):
    doc = data.read_disrpt(GUM_TEST)[1]
    text, _ = doc.text()
    text = "  \u201cNa\u00efve caf\u00e9\u201d \u2014 line one.\n\n\tSecond\u00a0paragraph, which has a clause. " + text[:3000]
    edus = segmenter.segment(text)
    assert len(edus) > 10
    pos = 0
    for e in edus:
        assert text[e.start:e.end] == e.text
        assert e.start >= pos and text[pos:e.start].strip() == ""  # only whitespace between EDUs
        pos = e.end
    assert text[pos:].strip() == ""
    assert "".join("".join(e.text for e in edus).split()) == "".join(text.split())
    assert edus[0].text.startswith("\u201cNa\u00efve caf\u00e9\u201d")


def test_empty_and_whitespace(segmenter):
    assert segmenter.segment("") == []
    assert segmenter.segment(" \n\t ") == []
    assert segmenter.predict_begins([]) == []
    assert segmenter.predict_begins([[]]) == [[]]


def test_long_unpunctuated_sentence_is_windowed(segmenter):
    words = [f"word{i % 97}" if i % 5 else "and" for i in range(10_000)]
    tags = segmenter.predict_begins([words])[0]
    assert len(tags) == 10_000 and tags[0]
    if segmenter.name == "transformer":
        ex = segmenter.model.prepare([words])[0]
        assert len(ex.windows) > 10 and ex.n_words == 10_000
    text = " ".join(words)
    edus = segmenter.segment(text)
    assert edus[0].start == 0 and edus[-1].end == len(text)
    assert sum(len(e.text.split()) for e in edus) == 10_000


def test_bad_input_types(segmenter):
    with pytest.raises(TypeError, match="`text`"):
        segmenter.segment(b"bytes")
    with pytest.raises(TypeError, match="texts\\[1\\]"):
        segmenter.segment_many(["ok", None])
    with pytest.raises(TypeError, match="sentences\\[0\\]\\[1\\]"):
        segmenter.predict_begins([["ok", 3]])


def test_batch_independence(segmenter):
    """A sentence's tags do not depend on the other sentences in its batch (packing, masks)."""
    s = "Although it rained , we went out because we wanted to see the parade .".split()
    alone = segmenter.predict_begins([s])[0]
    batched = segmenter.predict_begins([["Short", "."], s, ["x"] * 60])[1]
    assert alone == batched


# ---- weight files -------------------------------------------------------------------------------

def test_weights_small_safe_and_documented():
    files = sorted(_io.WEIGHTS_DIR.iterdir())
    names = {f.name for f in files}
    assert {"transformer.safetensors", "transformer.json", "bilstm.safetensors", "bilstm.json"} <= names
    assert all(f.suffix in (".safetensors", ".json", ".md") for f in files), names  # never a pickle
    # every trained weight file the package ships (segmenters and the presence matcher), configs included:
    # under the project's 25 MB aim
    from pyramid_metric.match.learned import WEIGHTS_DIR as PRESENCE_DIR

    shipped = files + sorted(PRESENCE_DIR.iterdir())
    assert sum(f.stat().st_size for f in shipped if f.suffix in (".safetensors", ".json")) < 25_000_000
    for name in ("transformer", "bilstm"):
        cfg = json.loads((_io.WEIGHTS_DIR / f"{name}.json").read_text())
        for key in ("labels", "training_data", "metrics", "date", "sha256", "architecture", "threshold"):
            assert key in cfg, (name, key)
        assert cfg["sha256"] == _io.sha256_file(_io.WEIGHTS_DIR / f"{name}.safetensors")


@pytest.mark.parametrize("cls_path", ["pyramid_metric.segment.transformer:TransformerSegmenter",
                                      "pyramid_metric.segment.bilstm:BiLSTMSegmenter"])
def test_corrupted_weights_are_refused(tmp_path, cls_path):
    import importlib

    module, cls = cls_path.split(":")
    Seg = getattr(importlib.import_module(module), cls)
    for f in _io.WEIGHTS_DIR.iterdir():
        shutil.copy(f, tmp_path / f.name)
    target = tmp_path / f"{Seg.weights_name}.safetensors"
    blob = bytearray(target.read_bytes())
    blob[len(blob) // 2] ^= 0xFF
    target.write_bytes(bytes(blob))
    with pytest.raises(ValueError, match="corrupted"):
        Seg(weights_dir=tmp_path)
    target.unlink()
    with pytest.raises(ValueError, match="not found"):
        Seg(weights_dir=tmp_path)


def test_encoder_is_local_only():
    from pyramid_metric.segment.transformer import resolve_encoder_path

    assert (resolve_encoder_path() / "config.json").is_file()
    with pytest.raises(ValueError, match="local directories only"):
        resolve_encoder_path("bert-base-uncased")


def test_layer_split_matches_the_encoder():
    """Running embeddings + layers by hand (frozen/tuned split) equals the encoder's own forward."""
    seg = get_segmenter("transformer")
    model = seg.model
    ex = model.prepare([["The", "model", "segments", "text", "into", "units", "."]])[0]
    base = type(model.encoder).from_pretrained(str(_encoder_dir()), local_files_only=True).eval()
    assert not any(isinstance(m, LoRALinear) for m in model.modules())  # the adapters are folded in at load
    for i in range(len(base.encoder.layer)):  # put the tuned layers and the adapted lower layers in
        base.encoder.layer[i].load_state_dict(model.encoder.encoder.layer[i].state_dict())
    with torch.no_grad():
        ref = base(input_ids=torch.tensor([ex.windows[0]])).last_hidden_state[0, 1:-1]
        ours = model.upper_states(model.lower_states(ex.windows))[0]
    assert torch.allclose(ref, ours, atol=1e-4)


def _encoder_dir():
    from pyramid_metric.segment.transformer import resolve_encoder_path

    return resolve_encoder_path()


# ---- CLI and house rules ------------------------------------------------------------------------

def test_cli_prints_one_edu_per_line(tmp_path, capsys):
    from pyramid_metric.segment.cli_segment import segment_command

    f = _write(tmp_path / "doc.txt", "We propose a method that works, although it is slow.\nIt rained.")
    assert segment_command([str(f), "--segmenter", "bilstm"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 2 and lines[-1] == "It rained."
    assert " ".join(lines).split() == "We propose a method that works, although it is slow. It rained.".split()
    assert segment_command([str(f), "--segmenter", "nope"]) == 2


def test_package_never_reads_shared():
    for f in (ROOT / "pyramid_metric" / "segment").glob("*.py"):
        assert "shared/data" not in f.read_text(encoding="utf-8"), f


def test_bilstm_vocabulary_pruning_keeps_the_most_frequent_words(tmp_path):
    """scripts/train/prune_bilstm_vocab.py: the first K words and embedding rows stay, the checksum is renewed, the
    pruned model loads and tags; a word cut from the vocabulary reads as <unk>."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts" / "train"))
    from prune_bilstm_vocab import prune

    from pyramid_metric.segment.bilstm import BiLSTMSegmenter

    full = json.loads((_io.WEIGHTS_DIR / "bilstm.json").read_text())
    config = prune(_io.WEIGHTS_DIR, tmp_path, keep=1000)
    assert config["architecture"]["words"] == full["architecture"]["words"][:1000]
    assert config["vocabulary_pruned"]["kept_words"] == 1000
    small = BiLSTMSegmenter(weights_dir=tmp_path)
    cut = full["architecture"]["words"][2000]
    assert small.model.prepare([[cut]])[0].word_ids == [1]  # <unk>
    s = "Although it rained , we went out because we wanted to see the parade .".split()
    begins = small.predict_begins([s])[0]
    assert len(begins) == len(s) and begins[0]
    with pytest.raises(ValueError, match="keep"):
        prune(_io.WEIGHTS_DIR, tmp_path / "bad", keep=2)
