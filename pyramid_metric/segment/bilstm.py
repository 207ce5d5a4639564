"""The bi-LSTM EDU segmenter of Hirao et al. (2018), section 4.2.

"We regard decomposing a sentence into EDUs as a sequential tagging problem
[...] based on 3-layer bi-LSTM.  The size of word embeddings and hidden layers
of the LSTM were set to 100 and 256 [...] all words are encoded to 40
dimension hidden state by using character-based bi-LSTM [...] word dropout
with smoothing rate 1.0 [...] dropout layer was adopted to the input of the
LSTMs with the ratio 0.3."

:class:`BiLSTMTagger` implements exactly that:

- word embedding (100) of the lower-cased word, index 1 = unknown word;
- character bi-LSTM (20 + 20 = 40 dims) over the word's original characters
  (case kept), so rare and unknown words still get a representation;
- word dropout (Iyyer et al. 2015, as in Kiperwasser & Goldberg 2016): while
  training, a word seen ``c`` times is replaced by the unknown word with
  probability ``alpha / (alpha + c)``, alpha = 1.0;
- dropout 0.3 on the input of every word-LSTM layer; 3-layer bi-LSTM with
  256 hidden units per direction; a linear layer gives begin-of-EDU logits.

Sequences are packed, so a sentence's tags do not depend on the batch it is in.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Union

import torch
from torch import nn

from ..checksum import load_trained_tensors
from . import _io
from .base import TokenTaggingSegmenter

PAD, UNK = 0, 1
MAX_CHARS = 24  # characters fed to the char LSTM: the first and last 12 of longer words


def char_view(word: str) -> str:
    """The characters of ``word`` the char LSTM reads: all of them, or the first and last 12."""
    return word if len(word) <= MAX_CHARS else word[:MAX_CHARS // 2] + word[-MAX_CHARS // 2:]


@dataclass
class WordExample:
    """A sentence prepared for the bi-LSTM: its words and their vocabulary ids."""

    words: List[str]
    word_ids: List[int]

    @property
    def n_words(self) -> int:
        return len(self.words)

    size = n_words


class BiLSTMTagger(nn.Module):
    """Hirao et al. (2018), section 4.2: word emb 100 + char bi-LSTM 40 -> dropout 0.3 -> 3-layer bi-LSTM 256 -> linear."""

    def __init__(self, words: Sequence[str], chars: Sequence[str], word_counts: Optional[Sequence[int]] = None,
                 emb_dim: int = 100, hidden: int = 256, layers: int = 3, char_emb_dim: int = 25,
                 char_dim: int = 40, dropout: float = 0.3, word_dropout_alpha: float = 1.0):
        super().__init__()
        if char_dim % 2:
            raise ValueError(f"`char_dim` must be even (two directions), got {char_dim}")
        self.words = list(words)     # index 0 = <pad>, 1 = <unk>
        self.chars = list(chars)
        self.word_index: Dict[str, int] = {w: i for i, w in enumerate(self.words)}
        self.char_index: Dict[str, int] = {c: i for i, c in enumerate(self.chars)}
        self.hparams = {"emb_dim": emb_dim, "hidden": hidden, "layers": layers, "char_emb_dim": char_emb_dim,
                        "char_dim": char_dim, "dropout": dropout, "word_dropout_alpha": word_dropout_alpha}
        self.embed = nn.Embedding(len(self.words), emb_dim, padding_idx=PAD)
        self.char_embed = nn.Embedding(len(self.chars), char_emb_dim, padding_idx=PAD)
        self.char_lstm = nn.LSTM(char_emb_dim, char_dim // 2, batch_first=True, bidirectional=True)
        self.input_dropout = nn.Dropout(dropout)
        self.lstm = nn.LSTM(emb_dim + char_dim, hidden, num_layers=layers, batch_first=True, bidirectional=True,
                            dropout=dropout)  # torch applies it to the inputs of layers 2..n
        self.out = nn.Linear(2 * hidden, 2)
        drop = torch.zeros(len(self.words))
        if word_counts is not None:
            counts = torch.tensor(list(word_counts), dtype=torch.float32)
            drop = word_dropout_alpha / (word_dropout_alpha + counts.clamp(min=1e-9))
            drop[:2] = 0.0
        self.register_buffer("word_drop_prob", drop, persistent=False)

    def prepare(self, sentences: Sequence[Sequence[str]]) -> List[WordExample]:
        """Vocabulary ids of the lower-cased words of each sentence."""
        get = self.word_index.get
        return [WordExample(list(s), [get(w.lower(), UNK) for w in s]) for s in sentences]

    def _char_states(self, words: List[str]) -> torch.Tensor:
        """40-dim character bi-LSTM encoding (final states of both directions) of each word."""
        device = self.out.weight.device
        views = [char_view(w) or " " for w in words]
        lengths = torch.tensor([len(v) for v in views])
        ids = torch.zeros(len(views), int(lengths.max()), dtype=torch.long)
        get = self.char_index.get
        for i, v in enumerate(views):
            ids[i, :len(v)] = torch.tensor([get(c, UNK) for c in v], dtype=torch.long)
        packed = nn.utils.rnn.pack_padded_sequence(self.char_embed(ids.to(device)), lengths, batch_first=True,
                                                   enforce_sorted=False)
        _, (h, _) = self.char_lstm(packed)
        return torch.cat([h[0], h[1]], dim=-1)

    def forward(self, examples: Sequence[WordExample]) -> List[torch.Tensor]:
        """Logits [n_words, 2] for each example."""
        device = self.out.weight.device
        uniq: Dict[str, int] = {}
        for ex in examples:
            for w in ex.words:
                uniq.setdefault(w, len(uniq))
        chars = self._char_states(list(uniq))
        lengths = torch.tensor([ex.n_words for ex in examples])
        ids = torch.zeros(len(examples), int(lengths.max()), dtype=torch.long)
        char_pos = torch.zeros(len(examples), int(lengths.max()), dtype=torch.long)
        for i, ex in enumerate(examples):
            ids[i, :ex.n_words] = torch.tensor(ex.word_ids, dtype=torch.long)
            char_pos[i, :ex.n_words] = torch.tensor([uniq[w] for w in ex.words], dtype=torch.long)
        ids, char_pos = ids.to(device), char_pos.to(device)
        if self.training:  # word dropout: rare words become <unk> with probability alpha / (alpha + count)
            drop = torch.rand(ids.shape, device=device) < self.word_drop_prob[ids]
            ids = ids.masked_fill(drop, UNK)
        x = torch.cat([self.embed(ids), chars[char_pos]], dim=-1)
        packed = nn.utils.rnn.pack_padded_sequence(self.input_dropout(x), lengths, batch_first=True,
                                                   enforce_sorted=False)
        seq, _ = self.lstm(packed)
        seq, _ = nn.utils.rnn.pad_packed_sequence(seq, batch_first=True)
        logits = self.out(seq)
        return [logits[i, :n] for i, n in enumerate(lengths.tolist())]

    def trained_state(self) -> dict:
        """All parameters (the whole model is trained)."""
        return dict(self.state_dict())

    def config(self) -> dict:
        """Hyper-parameters and vocabularies recorded next to the weights."""
        return dict(self.hparams, words=self.words, chars=self.chars)

    def load_trained_state(self, tensors: dict) -> None:
        """Load shipped tensors; names and shapes must match exactly."""
        load_trained_tensors(self, tensors, self.state_dict(), _io.WeightsError, "bi-LSTM segmenter",
                             " (vocabulary in the JSON config does not match)")


class BiLSTMSegmenter(TokenTaggingSegmenter):
    """EDU segmenter of Hirao et al. 2018 (section 4.2): spaCy sentences/tokens, then the 3-layer bi-LSTM tagger."""

    name = "bilstm"
    weights_name = "bilstm"

    def __init__(self, weights_dir: Union[str, os.PathLike, None] = None, batch_tokens: int = 8192):
        tensors, config = _io.load_weights(self.weights_name, weights_dir)
        self.config = config
        arch = dict(config["architecture"])
        words, chars = arch.pop("words"), arch.pop("chars")
        self.model = BiLSTMTagger(words, chars, **arch)
        self.model.load_trained_state(tensors)
        self.model.eval()
        self.threshold = float(config.get("threshold", 0.5))
        self.batch_tokens = batch_tokens

    def predict_begins(self, sentences: List[List[str]], features=None) -> List[List[bool]]:
        """Whether each word begins an EDU (batched, length-bucketed); the bi-LSTM reads words only,
        so ``features`` is ignored."""
        return _io.predict_begins_batched(self.model, sentences, self.threshold, max_items=256,
                                          max_tokens=self.batch_tokens)

    def signature(self) -> str:
        return f"bilstm-hirao2018@{self.config['sha256'][:8]}"
