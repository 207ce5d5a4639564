#!/usr/bin/env python
"""Fingerprint of the AMR and learned-matcher outputs on a few REALSumm dev examples, to show that a code change
leaves them bit-identical.

Records, for the first ``--examples`` dev examples and their first ``--systems`` system summaries:

- every dependency-to-AMR graph of the reference and of the summaries (all triples and alignments);
- APE scores (Steinberger et al. 2017) with the dependency parser, from the reference and from the human SCUs;
- scores of the Hirao et al. (2018) method with the AMR matcher on the human SCUs, and the AMR matcher's
  similarity matrix (summary sentences x SCUs);
- the learned matcher's presence probabilities P(SCU expressed by summary);
- the EDUs of the references and summaries under the bi-LSTM and transformer segmenters (shipped weights).

Floats are stored exactly (JSON keeps every bit of a double)::

    python scripts/checks/identical_components.py --save runs/identity_before.json    # before the change
    python scripts/checks/identical_components.py --compare runs/identity_before.json # after: exit 1 on any difference
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: common.py

from common import add_data_argument, read_rows  # noqa: E402


def graph_record(g) -> list:
    return [g.top, list(g.instances), list(g.attributes), list(g.relations), [[v, list(a)] for v, a in g.alignments],
            g.text]


def fingerprint(rows: list, n_systems: int) -> dict:
    from pyramid_metric import PyramidScorer
    from pyramid_metric.amr_graph import graphs_of
    from pyramid_metric.document import Span
    from pyramid_metric.match.amr import AMRMatcher
    from pyramid_metric.match.learned import LearnedMatcher
    from pyramid_metric.segment import get_segmenter

    summaries = [[s["summary"] for s in list(r["systems"].values())[:n_systems]] for r in rows]
    preds = [s for ss in summaries for s in ss]
    refs = [[r["reference"]] for r, ss in zip(rows, summaries) for _ in ss]
    scus = [r["scus"] for r, ss in zip(rows, summaries) for _ in ss]
    out = {"graphs": [[graph_record(g) for g in graphs_of(t, "dependency")]
                      for r, ss in zip(rows, summaries) for t in [r["reference"]] + ss]}
    ape = PyramidScorer(method="ape", amr_parser="dependency")
    out["ape_reference"] = ape.compute(preds, refs)["scores"]
    out["ape_scus"] = ape.compute(preds, refs, scus=scus)["scores"]
    out["hirao_amr_scus"] = PyramidScorer(method="hirao", matcher="amr").compute(preds, scus=scus)["scores"]
    amr = AMRMatcher("dependency")
    out["amr_similarities"] = [amr.similarities([Span(g.text, ()) for g in graphs_of(p, "dependency")],
                                                [Span(u, ()) for u in s]).tolist()
                               for p, s in zip(preds, scus)]
    learned = LearnedMatcher()
    out["learned_presence"] = [learned.presence(s, p).tolist() for p, s in zip(preds, scus)]
    texts = [r["reference"] for r in rows] + preds
    for name in ("bilstm", "transformer"):
        out[f"edus_{name}"] = [[e.text for e in edus] for edus in get_segmenter(name).segment_many(texts)]
    return out


def differences(a, b, path="") -> list:
    """Paths where two fingerprints differ (exact comparison, floats included)."""
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(set(a) | set(b))
        return [d for k in keys for d in differences(a.get(k), b.get(k), f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{path}: length {len(a)} != {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_data_argument(ap)
    ap.add_argument("--examples", type=int, default=3, help="number of dev examples (file order)")
    ap.add_argument("--systems", type=int, default=4, help="system summaries per example (file order)")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", help="write the fingerprint to this JSON file")
    group.add_argument("--compare", help="compare with a fingerprint saved earlier; exit 1 on any difference")
    args = ap.parse_args(argv)
    # JSON round trip so that tuples and lists compare alike
    fp = json.loads(json.dumps(fingerprint(read_rows(args.data, args.examples), args.systems)))
    counts = {k: len(v) for k, v in fp.items()}
    if args.save:
        os.makedirs(os.path.dirname(os.path.abspath(args.save)), exist_ok=True)
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(fp, f)
        print(f"saved {args.save}: {counts}")
        return 0
    with open(args.compare, encoding="utf-8") as f:
        saved = json.load(f)
    diff = differences(saved, fp)
    for d in diff[:20]:
        print("DIFF", d)
    print(f"{'identical' if not diff else f'{len(diff)} differences'} to {args.compare}: {counts}")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
