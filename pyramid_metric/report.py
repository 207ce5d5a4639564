"""HTML explanation reports: the pyramid by tiers, the summary with matched spans highlighted, what was missed."""
from __future__ import annotations

import html
from typing import List, Optional, Sequence

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;color:#222}
.ex{border:1px solid #ccc;border-radius:8px;padding:1em;margin:1.5em 0}
.score{font-size:1.4em;font-weight:bold}
.hit{background:#c8f0c8;border-radius:3px;padding:0 2px;color:inherit}
.hit sup a{color:#175;text-decoration:none;font-size:.75em}
.unit a{color:#175}
.unit:target{outline:2px solid #e90}
.hit:target{outline:2px solid #e90}
.legend{font-size:.85em;color:#555}
.unit{margin:.2em 0;padding:.2em .4em;border-left:4px solid #ccc}
.unit.matched{border-color:#2a2;background:#f0fff0}
.unit.missed{border-color:#c33;background:#fff4f4}
.w{display:inline-block;min-width:3em;font-weight:bold}
.sig{font-family:monospace;font-size:.8em;color:#666;word-break:break-all}
.note{color:#a60}
"""


def _summary_html(ex_id: int, summary_spans: Sequence[str], matches: List[dict]) -> str:
    """The summary's spans; a matched span is highlighted, with a link to each pyramid unit it matched."""
    by_span: dict = {}
    for m in matches:  # a span may match several units (presence-style methods)
        by_span.setdefault(m["span"], []).append(m)
    parts = []
    for i, text in enumerate(summary_spans):
        ms = by_span.get(i)
        if ms:
            tip = "; ".join(f'unit {m["unit"]}: similarity {m["similarity"]:.2f}, weight {m["weight"]:g}, '
                            f'credit {m["credit"]:.2f}' for m in ms)
            links = " ".join(f'<a href="#ex{ex_id}-u{m["unit"]}">&rarr;u{m["unit"]} w={m["weight"]:g}</a>' for m in ms)
            parts.append(f'<mark class="hit" id="ex{ex_id}-s{i}" title="{html.escape(tip)}">{html.escape(text)}'
                         f'<sup>{links}</sup></mark>')
        else:
            parts.append(html.escape(text))
    return " ".join(parts)


def example_html(ex_id: int, score: float, summary_spans: Sequence[str], explanation: dict,
                 name: Optional[str] = None) -> str:
    """One example: score, highlighted summary, pyramid tiers (matched / missed units), notes."""
    units = explanation["pyramid"]["units"]
    matched = {m["unit"]: m for m in explanation["matches"]}
    label = f"Example {ex_id}" + (f" ({html.escape(str(name))})" if name is not None else "")
    tiers = sorted({u["weight"] for u in units}, reverse=True)
    rows = []
    for w in tiers:
        rows.append(f"<h4>weight {w:g}</h4>")
        for j, u in enumerate(units):
            if u["weight"] != w:
                continue
            cls = "matched" if j in matched else "missed"
            refs = ", ".join(str(r) for r in u["references"]) or "-"
            how = (f' &larr; matched by <a href="#ex{ex_id}-s{matched[j]["span"]}">summary span '
                   f'{matched[j]["span"]}</a> (similarity {matched[j]["similarity"]:.2f})'
                   if j in matched else " &mdash; missed")
            rows.append(f'<div class="unit {cls}" id="ex{ex_id}-u{j}"><span class="w">w={w:g}</span>'
                        f'{html.escape(u["text"])} <small>(unit {j}; references: {refs}){how}</small></div>')
    notes = "".join(f'<p class="note">{html.escape(n)}</p>' for n in explanation.get("notes", []))
    n_hit = len(matched)
    return (f'<div class="ex" id="ex{ex_id}"><div class="score">{label}: {score:.3f}</div>'
            f'<p>OPT_LAP = {explanation["opt_lap"]:g}, OPT_KP = {explanation["opt_kp"]:g}; '
            f'{n_hit} of {len(units)} pyramid units matched, {len(units) - n_hit} missed</p>'
            f'<h3>Summary</h3><p>{_summary_html(ex_id, summary_spans, explanation["matches"])}</p>'
            f'<p class="legend"><mark class="hit">highlighted</mark>: a summary span that matched the pyramid unit '
            f'it links to; below, green units were matched, red ones missed.</p>'
            f'<h3>Pyramid ({len(units)} units, by weight)</h3>{"".join(rows)}{notes}</div>')


def html_report(examples: Sequence[tuple], signature: str, title: str = "pyramid-metric explanations") -> str:
    """A whole report; ``examples`` holds (score, summary spans, explanation dict[, name]) per example."""
    body = "".join(example_html(i, *ex) for i, ex in enumerate(examples))
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f'<p class="sig">{html.escape(signature)}</p>{body}</body></html>')


def fragment_html(score: float, summary_spans: Sequence[str], explanation: dict, signature: str = "") -> str:
    """One explanation as an HTML fragment for embedding in another page (the Space): styles scoped to it."""
    scoped = "\n".join(f".pm-report {rule}" for rule in _STYLE.strip().splitlines() if not rule.startswith("body"))
    sig = f'<p class="sig">{html.escape(signature)}</p>' if signature else ""
    return (f'<div class="pm-report"><style>{scoped}</style>{example_html(0, score, summary_spans, explanation)}'
            f"{sig}</div>")
