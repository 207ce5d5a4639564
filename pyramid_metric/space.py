"""The Hub Space demo (``metric_card/app.py``): paste a source, references and a summary; see the score and
the highlighted explanation.  Needs the ``[space]`` extra (gradio); the HTML comes from :mod:`.report`.
"""
from __future__ import annotations

import json
from importlib.resources import files
from typing import List, Optional, Tuple

from .report import fragment_html

TITLE = "Pyramid: automatic Pyramid content evaluation for summarization"
INTRO = ("Paste a **source** document, one or more human **references** (one per line) and a **summary**. "
         "The pyramid is built from the references' EDUs (the seed method of Hirao et al. uses the source too); "
         "the score says how "
         "much of its weighted content the summary expresses, in [0, 1], higher is better. Matched summary "
         "spans are highlighted and linked to the pyramid units they matched; missed units are listed in red.")


def split_references(text: str) -> List[str]:
    """One reference per non-empty line."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def example() -> Tuple[str, str, str]:
    """(source, references, summary) of the example shipped with the package (a GUM news article)."""
    data = json.loads(files("pyramid_metric.data").joinpath("example.json").read_text(encoding="utf-8"))
    lead = next((s["summary"] for s in data["systems"] if s["name"] == "lead"), data["systems"][0]["summary"])
    return data["source"], "\n".join(" ".join(r.split()) for r in data["references"]), lead


def explain(source: str, references: str, summary: str, scorer=None) -> Tuple[float, str]:
    """Score one summary; returns (score, HTML explanation). Raises ValueError on bad input."""
    from .scorer import PyramidScorer

    scorer = scorer or PyramidScorer()
    refs = split_references(references)
    if not refs:
        raise ValueError("give at least one reference (one per line)")
    if not (summary or "").strip():
        raise ValueError("the summary is empty")
    res = scorer.score([summary], [refs], [source] if (source or "").strip() else None, progress=False)[0]
    return round(res.score, 4), fragment_html(res.score, res.result.spans, res.explanation(),
                                              scorer.signature(nrefs=len(refs)))


def build_demo(scorer=None, **options):
    """The Gradio Blocks app; ``options`` configure the :class:`~pyramid_metric.scorer.PyramidScorer`."""
    try:
        import gradio as gr
    except ImportError:
        raise ImportError("the Space demo needs gradio: pip install 'pyramid-metric[space]'") from None
    from .scorer import PyramidScorer

    scorer = scorer or PyramidScorer(**options)

    def run(source: str, references: str, summary: str) -> Tuple[Optional[float], str]:
        try:
            return explain(source, references, summary, scorer)
        except ValueError as exc:
            raise gr.Error(str(exc)) from None

    with gr.Blocks(title="Pyramid metric") as demo:
        gr.Markdown(f"# {TITLE}\n{INTRO}")
        with gr.Row():
            with gr.Column():
                source = gr.Textbox(label="Source document", lines=8, elem_id="source")
                refs = gr.Textbox(label="References (one per line)", lines=5, elem_id="references")
                summary = gr.Textbox(label="Summary to score", lines=3, elem_id="summary")
                button = gr.Button("Score", variant="primary", elem_id="score-button")
            with gr.Column():
                score = gr.Number(label="Pyramid score", precision=4, elem_id="score")
                html = gr.HTML(elem_id="explanation")
        gr.Examples([list(example())], inputs=[source, refs, summary], label="Example (GUM news article)")
        gr.Markdown(f"<small>`{scorer.signature()}`</small>")
        button.click(run, inputs=[source, refs, summary], outputs=[score, html])
    return demo
