"""The Hub Space demo (``metric_card/app.py``): paste a source, references and a summary; see the score and
the highlighted explanation.  Needs the ``[space]`` extra (gradio); the HTML comes from :mod:`.report`.
"""
from __future__ import annotations

import json
from importlib.resources import files
from typing import List, Tuple

from .report import fragment_html

TITLE = "Pyramid: automatic Pyramid content evaluation for summarization"
INTRO = ("Paste a **source** document, one or more human **references** (one per line) and a **summary**, then "
         "press **Score**. The pyramid is made of the references' units (their elementary discourse units); a unit's "
         "**weight** is how many references express it, its **value** what it is worth (its content words; a fact "
         "that w references state is w units, so it counts w), "
         "and the summary's **credit** what it earned for it. The score is the credit earned over the most a summary "
         "could earn, in [0, 1], higher is better. It measures content shared with the references, not fluency.")


def split_references(text: str) -> List[str]:
    """One reference per non-empty line."""
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def example() -> Tuple[str, str, str]:
    """(source, references, summary) of the example shipped with the package: a Wikinews interview from the GUM
    corpus, four of its human summaries as references and its fifth human summary to score."""
    data = json.loads(files("pyramid_metric.data").joinpath("example.json").read_text(encoding="utf-8"))
    return (data["source"], "\n".join(" ".join(r.split()) for r in data["references"]),
            data["systems"][0]["summary"])


def explain(source: str, references: str, summary: str, scorer=None) -> Tuple[float, str]:
    """Score one summary; returns (score, HTML explanation). Raises ValueError on bad input."""
    from .scorer import PyramidScorer

    scorer = scorer or PyramidScorer()
    refs = split_references(references)
    if not refs:
        raise ValueError("give at least one reference (one per line)")
    if not (summary or "").strip():
        raise ValueError("the summary is empty")
    src = source if (source or "").strip() else None
    res = scorer.score([summary], [refs], [src], progress=False)[0]
    return round(res.score, 4), fragment_html(res.score, res.result.spans, res.explanation(), references=refs,
                                              source=src)


def respond(source: str, references: str, summary: str, scorer=None) -> str:
    """What the page shows after Score: the explanation, or the input error in its place (an error never
    leaves the previous explanation on screen)."""
    import html

    try:
        return explain(source, references, summary, scorer)[1]
    except ValueError as exc:
        return f'<p class="pm-error" role="alert" style="color:#b00020"><b>Error:</b> {html.escape(str(exc))}</p>'


def build_demo(scorer=None, **options):
    """The Gradio Blocks app; ``options`` configure the :class:`~pyramid_metric.scorer.PyramidScorer`."""
    try:
        import gradio as gr
    except ImportError:
        raise ImportError("the Space demo needs gradio: pip install 'pyramid-metric[space]'") from None
    from .scorer import PyramidScorer

    scorer = scorer or PyramidScorer(**options)

    def run(source: str, references: str, summary: str) -> str:
        return respond(source, references, summary, scorer)

    with gr.Blocks(title="Pyramid metric") as demo:
        gr.Markdown(f"# {TITLE}\n{INTRO}")
        with gr.Row():
            with gr.Column():
                source = gr.Textbox(label="Source document", lines=8, elem_id="source")
                refs = gr.Textbox(label="References (one per line)", lines=5, elem_id="references")
                summary = gr.Textbox(label="Summary to score", lines=3, elem_id="summary")
                button = gr.Button("Score", variant="primary", elem_id="score-button")
            with gr.Column():
                html = gr.HTML(EMPTY, elem_id="explanation")
        gr.Examples([list(example())], inputs=[source, refs, summary],
                    label="Example: a Wikinews interview (GUM corpus, CC-BY), four human references, a fifth "
                          "human summary to score")
        gr.Markdown(f"<small>Configuration: `{scorer.signature()}`</small>", elem_id="signature")
        button.click(run, inputs=[source, refs, summary], outputs=[html])
    return demo


EMPTY = ('<p style="color:#666">The score and its explanation appear here: load the example below or paste your '
         "own texts, then press <b>Score</b>.</p>")
