"""Best-of-n reranking: among a model's candidate summaries, keep the one with the highest F against the references.

    python examples/best_of_n.py [FILE.json]

FILE holds {"stories": [{"references": [...], "candidates": {"name": "text", ...}}, ...]} (default: the shipped
tests/data/reward/stories.json, whose stories give a faithful paraphrase, a concise summary, the source article
and a reference padded with unrelated text as candidates).  F, the harmonic mean of precision and recall, is what
to rerank by: recall alone prefers the longest candidate (a copy of the source), precision alone the shortest.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Dict, List, Sequence

from pyramid_metric import PyramidScorer

SHIPPED = Path(__file__).resolve().parents[1] / "tests" / "data" / "reward" / "stories.json"


def best_of_n(scorer: PyramidScorer, candidates: Sequence[str], references: Sequence[str]) -> Dict[str, object]:
    """The candidate with the highest F against ``references``, with every candidate's precision, recall and F."""
    out = scorer.compute(list(candidates), [list(references)] * len(candidates))
    best = max(range(len(candidates)), key=lambda i: out["f1"][i])
    return {"best": best, "precision": out["precision"], "recall": out["recall"], "f1": out["f1"]}


def stories_with_candidates(path: Path) -> List[dict]:
    """The stories of ``path``; the shipped file's stories get their candidates from their texts."""
    stories = json.loads(path.read_text(encoding="utf-8"))["stories"]
    for story in stories:
        story.setdefault("candidates", {
            "faithful paraphrase": story["paraphrase"], "concise summary": story["concise"],
            "the source article": story["source"],
            "a reference padded with unrelated text": story["references"][0] + " " + story["unrelated"]})
    return stories


def main(argv: Sequence[str] = ()) -> List[str]:
    path = Path(argv[0]) if argv else SHIPPED
    scorer = PyramidScorer()
    chosen = []
    for k, story in enumerate(stories_with_candidates(path)):
        names, texts = list(story["candidates"]), list(story["candidates"].values())
        result = best_of_n(scorer, texts, story["references"])
        print(f"story {k}:")
        for i, name in enumerate(names):
            mark = "*" if i == result["best"] else " "
            print(f" {mark} {name:40s} precision {result['precision'][i]:.3f}  recall {result['recall'][i]:.3f}  "
                  f"F {result['f1'][i]:.3f}")
        chosen.append(names[result["best"]])
    return chosen


if __name__ == "__main__":
    main(sys.argv[1:])
