"""HTML explanation reports: the score in a sentence, the summary with the words that earned credit marked,
each pyramid unit with a bar of the credit it earned, the references with their units marked, the source on
demand.  The words are those of :mod:`pyramid_metric.explanation` (weight, value, credit).
"""
from __future__ import annotations

import html
import re
from typing import Dict, List, Optional, Sequence, Set, Tuple

from .explanation import number

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
.ex{border:1px solid #ccc;border-radius:8px;padding:1em 1.2em;margin:1.5em 0}
.ex h2{margin:.1em 0 .4em 0;font-size:1.25em}
.ex h3{margin:1.1em 0 .4em 0;font-size:1.05em}
.headline{display:flex;gap:1em;align-items:baseline;flex-wrap:wrap}
.score{font-size:2em;font-weight:bold}
.sentence{font-size:1.05em}
.legend{font-size:.85em;color:#555;margin:.3em 0}
.summary{background:#fafafa;border:1px solid #e3e3e3;border-radius:6px;padding:.6em .8em}
mark.sw{background:#dbe7fb;border-radius:3px;padding:0 1px;color:inherit}
mark.sw.focus,.ru.focus{outline:2px solid #d9822b;background:#fde6c8}
.span-sep{color:#bbb}
table.units{border-collapse:collapse;width:100%}
table.units td,table.units th{padding:.3em .4em;vertical-align:top;text-align:left;border:none !important;background:none}
table.units,table.units tr{border:none !important}
table.units th{font-size:.8em;color:#555;font-weight:normal;border-bottom:1px solid #ccc !important}
tr.tier td{font-weight:bold;font-size:.9em;padding-top:.8em;border-bottom:1px solid #eee !important}
tr.unit:hover{background:#f6f8fc}
tr.unit:target{outline:2px solid #d9822b}
td.w{width:3.2em;text-align:center;font-weight:bold}
td.c{width:11em;white-space:nowrap;font-size:.9em}
.bar{display:inline-block;width:5em;height:.75em;background:#eef0f3;border:1px solid #cfd5de;border-radius:3px;
vertical-align:middle;margin-right:.4em;overflow:hidden}
.bar span{display:block;height:100%;background:#3b6fd4}
b.found{background:#dbe7fb;font-weight:normal;border-radius:3px;padding:0 1px}
.none{color:#888}
.meta{color:#666;font-size:.82em}
.ref{margin:.5em 0}
.ref .rl{font-weight:bold;font-size:.9em;margin-right:.4em}
.ru{border-radius:3px;padding:0 1px;border-bottom:2px solid #3b6fd4}
.ru sup{font-size:.65em;color:#3b6fd4;margin-left:1px}
details{margin:.8em 0}
details summary{cursor:pointer;color:#2b5bb8}
.source{white-space:pre-wrap;font-size:.9em;background:#fafafa;border:1px solid #e3e3e3;border-radius:6px;
padding:.6em .8em;max-height:30em;overflow:auto}
.sig{font-family:monospace;font-size:.78em;color:#666;word-break:break-all}
.note{color:#8a5a00;font-size:.9em}
"""

# Pointing at a unit (or a reference unit) outlines the summary words that support it, and the other way round.
_SCRIPT = """
document.addEventListener('mouseover',function(e){var t=e.target.closest('[data-u]');
document.querySelectorAll('.focus').forEach(function(x){x.classList.remove('focus')});if(!t)return;
var ex=t.closest('.ex');if(!ex)return;t.getAttribute('data-u').split(' ').forEach(function(u){
ex.querySelectorAll('mark.sw,.ru').forEach(function(m){if((' '+m.getAttribute('data-u')+' ').indexOf(' '+u+' ')>=0)
m.classList.add('focus')})})});
"""


def _share(credit: float, value: float) -> float:
    return max(0.0, min(1.0, credit / value)) if value > 0 else 0.0


def _marked(text: str, offsets: Sequence[Sequence[int]], tag: str) -> str:
    """``text`` escaped, with the words at ``offsets`` wrapped in ``tag`` (e.g. ``<b class="found">``)."""
    close = "</" + tag[1:].split()[0].rstrip(">") + ">"
    out, pos = [], 0
    for start, end in sorted(offsets):
        if start < pos:
            continue
        out.append(html.escape(text[pos:start]) + tag + html.escape(text[start:end]) + close)
        pos = end
    return "".join(out) + html.escape(text[pos:])


def _summary_html(spans: Sequence[str], matches: List[dict]) -> str:
    """The summary, every word that supports a unit marked with the units it supports (``data-u``)."""
    units_at: Dict[Tuple[int, int], Set[int]] = {}
    for m in matches:
        for start, end in m.get("summary_words", []):
            units_at.setdefault((m["span"], start, end), set()).add(m["unit"])
    parts = []
    for i, text in enumerate(spans):
        marks = sorted((s, e, us) for (k, s, e), us in units_at.items() if k == i)
        out, pos = [], 0
        for start, end, us in marks:
            if start < pos:
                continue
            ids = " ".join(str(u) for u in sorted(us))
            title = "supports unit" + ("s " if len(us) > 1 else " ") + ", ".join(str(u + 1) for u in sorted(us))
            out.append(html.escape(text[pos:start]) + f'<mark class="sw" data-u="{ids}" title="{title}">'
                       + html.escape(text[start:end]) + "</mark>")
            pos = end
        parts.append("".join(out) + html.escape(text[pos:]))
    sep = ' <span class="span-sep">|</span> ' if len(spans) > 1 else " "
    return sep.join(parts)


def _read_as_html(matches: List[dict]) -> str:
    """The summary as it was read, where the references write its acronyms, figures or scores otherwise."""
    read = next((m["read_text"] for m in matches if m.get("read_text")), "")
    if not read:
        return ""
    return (f'<p class="legend">Read in the references\' notation (acronyms, figures, scores): '
            f"{html.escape(read)}</p>")


def _tier_label(weight: float, n_refs: int) -> str:
    if float(weight).is_integer() and 1 <= weight <= n_refs:
        return f"Weight {number(weight)}: expressed by {number(weight)} of {n_refs} reference" + (
            "s" if n_refs > 1 else "")
    return f"Weight {number(weight)}"


def _unit_rows(ex_id: int, explanation: dict, n_spans: int) -> str:
    pyr = explanation["pyramid"]
    units = pyr["units"]
    by_unit: Dict[int, List[dict]] = {}
    for m in explanation["matches"]:
        by_unit.setdefault(m["unit"], []).append(m)
    rows = []
    for w in sorted({u["weight"] for u in units}, reverse=True):
        rows.append(f'<tr class="tier"><td colspan="3">{_tier_label(w, pyr["n_references"])}</td></tr>')
        for j, u in enumerate(units):
            if u["weight"] != w:
                continue
            ms = by_unit.get(j, [])
            value, credit = u.get("value", u["weight"]), u.get("credit", sum(m["credit"] for m in ms))
            share = _share(credit, value)
            found = [o for m in ms for o in m.get("unit_words", [])]
            text = _marked(u["text"], found, '<b class="found">')
            meta = []
            if u["references"]:
                meta.append("in reference" + ("s " if len(u["references"]) > 1 else " ")
                            + ", ".join(str(r + 1) for r in u["references"]))
            if len(u.get("written_by", [])) > 1:
                meta.append("written by references " + ", ".join(str(r + 1) for r in u["written_by"])
                            + f": counts {len(u['written_by'])} times")
            for m in ms:
                if n_spans > 1:
                    meta.append(f"matched by summary span {m['span'] + 1} (similarity {m['similarity']:.2f})")
                elif abs(m["similarity"] - share) > 0.005:
                    meta.append(f"similarity {m['similarity']:.2f}")
            earned = (f'<span class="bar" title="{share:.0%}"><span style="width:{share * 100:.1f}%"></span></span>'
                      + (f"{number(credit)} of {number(value)}" if credit > 0 else
                         f'<span class="none">0 of {number(value)}</span>'))
            rows.append(f'<tr class="unit" id="ex{ex_id}-u{j}" data-u="{j}"><td class="w">{number(w)}</td>'
                        f'<td class="c">{earned}</td><td><span class="un">{j + 1}.</span> {text}'
                        + (f' <span class="meta">({"; ".join(meta)})</span>' if meta else "") + "</td></tr>")
    if explanation.get("unlisted_credit", 0) > 0.05:
        rows.append(f'<tr><td></td><td class="c">{number(explanation["unlisted_credit"])} in all</td>'
                    f'<td class="meta">units whose words the summary barely contains (under a tenth), '
                    f'shown above as 0, earned this much together</td></tr>')
    return ('<table class="units"><thead><tr><th>weight</th><th>credit of value</th><th>unit (the words the '
            'summary contains are marked)</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table>")


def _unit_pattern(text: str) -> Optional[re.Pattern]:
    chars = [re.escape(c) for c in text if not c.isspace()]
    return re.compile(r"\s*".join(chars)) if chars else None


def _references_html(references: Sequence[str], explanation: dict) -> str:
    """Each reference with the units found verbatim in it marked, shaded by the credit they earned."""
    units = explanation["pyramid"]["units"]
    out = []
    for k, ref in enumerate(references):
        found = []
        for j, u in enumerate(units):
            pat = _unit_pattern(u["text"])
            m = pat.search(ref) if pat and (k in u["references"] or not u["references"]) else None
            if m:
                found.append((m.start(), m.end(), j))
        parts, pos = [], 0
        for start, end, j in sorted(found):
            if start < pos:
                continue
            u = units[j]
            share = _share(u.get("credit", 0.0), u.get("value", u["weight"]))
            parts.append(html.escape(ref[pos:start]) + f'<span class="ru" data-u="{j}" style="background:'
                         f'rgba(59,111,212,{0.03 + 0.42 * share:.2f})" title="unit {j + 1}: weight '
                         f'{number(u["weight"])}, earned {share:.0%}">{html.escape(ref[start:end])}'
                         f"<sup>{j + 1}</sup></span>")
            pos = end
        parts.append(html.escape(ref[pos:]))
        out.append(f'<p class="ref"><span class="rl">Reference {k + 1}</span>{"".join(parts)}</p>')
    return "".join(out)


_REFS_LEGEND = ('<p class="legend">Each unit is underlined where its text appears, shaded by the share of its value '
                'the summary earned; its number is its row above. Text left unmarked is not a unit of this method\'s '
                'pyramid (for example, content that another method merged into an earlier reference).</p>')


def _legend(explanation: dict) -> str:
    rule = explanation.get("value_rule", "weight")
    how = explanation.get("credit_rule", "")
    return (f'<p class="legend"><b>weight</b>: how many references express the unit; <b>value</b>: what the unit '
            f'is worth ({rule}); <b>credit</b>: what the summary earned for it' + (f": {how}" if how else "")
            + '. The bar shows credit / value.</p>')


def example_html(ex_id: int, score: float, summary_spans: Sequence[str], explanation: dict,
                 name: Optional[str] = None, references: Optional[Sequence[str]] = None,
                 source: Optional[str] = None, heading: bool = True) -> str:
    """One example: the score in a sentence, the summary, the units with their credit, references, source."""
    sentence = explanation.get("text", "")
    title = ""
    if heading:
        label = html.escape(str(name)) if name is not None else f"Example {ex_id + 1}"
        title = f"<h2>{label}</h2>"
    notes = "".join(f'<p class="note">{html.escape(n)}</p>' for n in explanation.get("notes", []))
    refs = (f"<h3>References, with their units</h3>{_REFS_LEGEND}{_references_html(references, explanation)}"
            if references else "")
    src = (f'<details><summary>Source document</summary><div class="source">{html.escape(source)}</div></details>'
           if source and source.strip() else "")
    n_units = len(explanation["pyramid"]["units"])
    return (f'<section class="ex" id="ex{ex_id}">{title}<div class="headline"><span class="score">{score:.3f}'
            f'</span><span class="sentence">{html.escape(sentence)}</span></div>'
            f"<h3>Summary</h3><p class=\"summary\">{_summary_html(summary_spans, explanation['matches'])}</p>"
            f"{_read_as_html(explanation['matches'])}"
            f'<p class="legend">Marked words earned credit; point at a unit below to see the words that support '
            f"it.</p><h3>What the summary earned, unit by unit ({n_units} units)</h3>{_legend(explanation)}"
            f"{_unit_rows(ex_id, explanation, len(summary_spans))}{refs}{src}{notes}</section>")


def _example_args(ex) -> dict:
    """An example given as a dict (``explanation`` and optional ``name``, ``references``, ``source``) or as a
    tuple (score, summary spans, explanation[, name[, references[, source]]])."""
    if isinstance(ex, dict):
        e = ex["explanation"]
        return {"score": ex.get("score", e["score"]), "summary_spans": e["summary_spans"], "explanation": e,
                "name": ex.get("name"), "references": ex.get("references"), "source": ex.get("source")}
    keys = ("score", "summary_spans", "explanation", "name", "references", "source")
    return dict(zip(keys, ex))


def html_report(examples: Sequence, signature: str, title: str = "pyramid-metric explanations") -> str:
    """A whole report: one section per example (see :func:`_example_args` for what an example holds)."""
    body = "".join(example_html(i, **_example_args(ex)) for i, ex in enumerate(examples))
    return (f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f'<p class="sig">{html.escape(signature)}</p>{body}<script>{_SCRIPT}</script></body></html>')


def _scoped(css: str, scope: str) -> str:
    """``css`` with every selector prefixed by ``scope`` (rules for ``body`` dropped)."""
    rules = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        sel = [x.strip() for x in selectors.split(",") if x.strip() and x.strip() != "body"]
        if sel:
            rules.append(",".join(f"{scope} {x}" for x in sel) + "{" + body.replace("\n", "") + "}")
    return "\n".join(rules)


def fragment_html(score: float, summary_spans: Sequence[str], explanation: dict, signature: str = "",
                  references: Optional[Sequence[str]] = None, source: Optional[str] = None) -> str:
    """One explanation as an HTML fragment for another page (the Space): styles scoped to it, no heading."""
    scoped = _scoped(_STYLE, ".pm-report")
    sig = f'<p class="sig">{html.escape(signature)}</p>' if signature else ""
    body = example_html(0, score, summary_spans, explanation, references=references, source=source, heading=False)
    return f'<div class="pm-report"><style>{scoped}</style>{body}{sig}<script>{_SCRIPT}</script></div>'
