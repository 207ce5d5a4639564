"""Reader for DISRPT discourse-segmentation files (``.conllu`` and ``.tok``).

DISRPT (the shared task on discourse unit segmentation) stores one token per
line; the 10th column (MISC) of the first token of every Elementary Discourse
Unit carries ``BeginSeg=Yes`` (DISRPT 2019-2021).  Later releases write
``Seg=B-seg`` instead; both are accepted.  The same reader therefore reads
GUM, SciDTB and, for users who hold the LDC corpus, RST-DT
(``eng.rst.rstdt_{train,dev,test}.conllu``).

- ``.conllu``: sentences separated by blank lines, ``# newdoc_id = ...``
  starts a document; multi-word token ranges (``3-4``) and empty nodes
  (``5.1``) are skipped.
- ``.tok``: the same token lines without sentence breaks; each document
  becomes one long "sentence" (``Document.has_sentences`` is False).

Nothing here imports torch.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterable, List, Sequence, Tuple, Union

PathLike = Union[str, os.PathLike]

BOUNDARY_MARKS = ("BeginSeg=Yes", "Seg=B-seg")


@dataclass
class Sentence:
    """Tokens of one sentence and, for each, whether it begins an EDU (``BeginSeg=Yes``)."""

    tokens: List[str]
    begins: List[bool]
    space_after: List[bool] = field(default_factory=list)

    def __post_init__(self):
        if len(self.tokens) != len(self.begins):
            raise ValueError("Sentence: `tokens` and `begins` must have the same length")
        if not self.space_after:
            self.space_after = [True] * len(self.tokens)


@dataclass
class Document:
    """One document of a DISRPT file: its id and sentences."""

    doc_id: str
    sentences: List[Sentence] = field(default_factory=list)
    has_sentences: bool = True

    def text(self) -> Tuple[str, List[List[Tuple[int, int]]]]:
        """Rebuild raw text from ``SpaceAfter=No`` and sentence breaks; also each token's (start, end).

        Sentences are joined by a single space, so the plain-text scenario has
        to find the sentence boundaries itself.
        """
        parts: List[str] = []
        offsets: List[List[Tuple[int, int]]] = []
        pos = 0
        for s_idx, sent in enumerate(self.sentences):
            if s_idx and parts and not parts[-1].endswith(" "):
                parts.append(" ")
                pos += 1
            spans = []
            for tok, space in zip(sent.tokens, sent.space_after):
                spans.append((pos, pos + len(tok)))
                parts.append(tok)
                pos += len(tok)
                if space:
                    parts.append(" ")
                    pos += 1
            offsets.append(spans)
        return "".join(parts), offsets


def _misc_has_boundary(misc: str) -> bool:
    return any(mark in misc.split("|") for mark in BOUNDARY_MARKS)


def read_disrpt(path: PathLike) -> List[Document]:
    """Documents of one DISRPT ``.conllu`` or ``.tok`` file (format chosen by the file extension).

    Raises ``ValueError`` naming the file and line for malformed token lines,
    and when the tokens are redacted as ``_`` (the LDC-licensed RST-DT
    release must first be restored with DISRPT's ``process_underscores.py``).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"read_disrpt: `path` must be a str or os.PathLike, got {type(path).__name__}")
    path = os.fspath(path)
    if not os.path.isfile(path):
        raise FileNotFoundError(f"read_disrpt: no such file: {path}")
    is_tok = path.endswith(".tok")
    docs: List[Document] = []
    tokens: List[str] = []
    begins: List[bool] = []
    spaces: List[bool] = []

    def flush_sentence():
        if tokens:
            if not docs:
                docs.append(Document(doc_id=os.path.basename(path), has_sentences=not is_tok))
            docs[-1].sentences.append(Sentence(list(tokens), list(begins), list(spaces)))
            tokens.clear()
            begins.clear()
            spaces.clear()

    with open(path, encoding="utf-8") as f:
        for line_no, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if line.startswith("#"):
                if line.startswith("# newdoc_id") or line.startswith("# newdoc id"):
                    flush_sentence()
                    doc_id = line.split("=", 1)[1].strip() if "=" in line else f"doc{len(docs)}"
                    docs.append(Document(doc_id=doc_id, has_sentences=not is_tok))
                continue
            if not line.strip():
                if not is_tok:
                    flush_sentence()
                continue
            cols = line.split("\t")
            if len(cols) < 10:
                raise ValueError(f"{path}:{line_no}: expected 10 tab-separated columns, got {len(cols)}")
            if "-" in cols[0] or "." in cols[0]:
                continue  # multi-word token range or empty node
            tokens.append(cols[1])
            begins.append(_misc_has_boundary(cols[9]))
            spaces.append("SpaceAfter=No" not in cols[9].split("|"))
    flush_sentence()
    docs = [d for d in docs if d.sentences]
    n_tok = sum(len(s.tokens) for d in docs for s in d.sentences)
    if n_tok and sum(t == "_" for d in docs for s in d.sentences for t in s.tokens) > 0.5 * n_tok:
        raise ValueError(
            f"{path}: the tokens are redacted as '_' (the DISRPT release of an LDC corpus such as RST-DT); "
            "restore them with DISRPT's process_underscores.py and your LDC copy first")
    return docs


def read_many(paths: Union[PathLike, Iterable[PathLike]]) -> List[Document]:
    """Documents of several DISRPT files, in order (one path or a list of paths)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: List[Document] = []
    for p in paths:
        out.extend(read_disrpt(p))
    return out


def sentences_of(docs: Sequence[Document]) -> List[Sentence]:
    """All sentences of the documents, in order."""
    return [s for d in docs for s in d.sentences]


def split_long(sentences: Sequence[Sentence], max_tokens: int) -> List[Sentence]:
    """Cut sentences longer than ``max_tokens`` into pieces (for training on ``.tok`` documents)."""
    if max_tokens < 1:
        raise ValueError("split_long: `max_tokens` must be >= 1")
    out = []
    for s in sentences:
        for i in range(0, len(s.tokens), max_tokens):
            out.append(Sentence(s.tokens[i:i + max_tokens], s.begins[i:i + max_tokens],
                                s.space_after[i:i + max_tokens]))
    return out


def boundary_prf(gold: Sequence[Sequence[bool]], pred: Sequence[Sequence[bool]]) -> dict:
    """Boundary precision, recall and F1, DISRPT convention: every token tagged as EDU-initial counts.

    ``gold`` and ``pred`` are aligned lists of per-sentence boolean tags.
    """
    if len(gold) != len(pred):
        raise ValueError(f"boundary_prf: `gold` has {len(gold)} sentences but `pred` has {len(pred)}")
    tp = fp = fn = 0
    for i, (g, p) in enumerate(zip(gold, pred)):
        if len(g) != len(p):
            raise ValueError(f"boundary_prf: sentence {i} has {len(g)} gold tags but {len(p)} predicted")
        for a, b in zip(g, p):
            tp += a and b
            fp += b and not a
            fn += a and not b
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    return {"precision": prec, "recall": rec, "f1": f1, "tp": tp, "fp": fp, "fn": fn}
