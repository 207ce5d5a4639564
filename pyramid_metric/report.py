"""HTML explanation reports: the pyramid by tiers, the summary with matched spans highlighted, what was missed."""
from __future__ import annotations

import html
from typing import List, Sequence

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;color:#222}
.ex{border:1px solid #ccc;border-radius:8px;padding:1em;margin:1.5em 0}
.score{font-size:1.4em;font-weight:bold}
.hit{background:#c8f0c8;border-radius:3px;padding:0 2px}
.unit{margin:.2em 0;padding:.2em .4em;border-left:4px solid #ccc}
.unit.matched{border-color:#2a2;background:#f0fff0}
.unit.missed{border-color:#c33;background:#fff4f4}
.w{display:inline-block;min-width:3em;font-weight:bold}
.sig{font-family:monospace;font-size:.8em;color:#666;word-break:break-all}
.note{color:#a60}
"""


def _summary_html(ex_id: int, summary_spans: Sequence[str], matches: List[dict]) -> str:
    by_span = {m["span"]: m for m in matches}
    parts = []
    for i, text in enumerate(summary_spans):
        m = by_span.get(i)
        if m:
            parts.append(f'<a class="hit" href="#ex{ex_id}-u{m["unit"]}" title="similarity {m["similarity"]:.2f}, '
                         f'weight {m["weight"]:g}, credit {m["credit"]:.2f}">{html.escape(text)}</a>')
        else:
            parts.append(html.escape(text))
    return " ".join(parts)


def example_html(ex_id: int, score: float, summary_spans: Sequence[str], explanation: dict) -> str:
    """One example: score, highlighted summary, pyramid tiers (matched / missed units), notes."""
    units = explanation["pyramid"]["units"]
    matched = {m["unit"]: m for m in explanation["matches"]}
    tiers = sorted({u["weight"] for u in units}, reverse=True)
    rows = []
    for w in tiers:
        rows.append(f"<h4>weight {w:g}</h4>")
        for j, u in enumerate(units):
            if u["weight"] != w:
                continue
            cls = "matched" if j in matched else "missed"
            refs = ", ".join(str(r) for r in u["references"]) or "-"
            how = (f' &larr; matched by summary span {matched[j]["span"]} (similarity {matched[j]["similarity"]:.2f})'
                   if j in matched else " &mdash; missed")
            rows.append(f'<div class="unit {cls}" id="ex{ex_id}-u{j}"><span class="w">w={w:g}</span>'
                        f'{html.escape(u["text"])} <small>(references: {refs}){how}</small></div>')
    notes = "".join(f'<p class="note">{html.escape(n)}</p>' for n in explanation.get("notes", []))
    return (f'<div class="ex" id="ex{ex_id}"><div class="score">Example {ex_id}: {score:.3f}</div>'
            f'<p>OPT_LAP = {explanation["opt_lap"]:g}, OPT_KP = {explanation["opt_kp"]:g}</p>'
            f'<h3>Summary</h3><p>{_summary_html(ex_id, summary_spans, explanation["matches"])}</p>'
            f'<h3>Pyramid ({len(units)} units)</h3>{"".join(rows)}{notes}</div>')


def html_report(examples: Sequence[tuple], signature: str, title: str = "pyramid-metric explanations") -> str:
    """A whole report; ``examples`` holds (score, summary spans, explanation dict) per example."""
    body = "".join(example_html(i, s, spans, e) for i, (s, spans, e) in enumerate(examples))
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f'<p class="sig">{html.escape(signature)}</p>{body}</body></html>')
