"""The same accented text composed (NFC: "\u00e9") or decomposed (NFD: "e" + U+0301, as macOS file names, some PDFs
and web forms give it) is read as one text: every method scores it identically, the CLI too."""
import json
import unicodedata
import warnings

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.text import detect_language, normalize_input, words


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


# (prediction, references, source): French with references of several sentences, Vietnamese, English with names
CASES = {
    "French, references of several sentences": (
        "La tempête a frappé la côte lundi et des milliers de foyers ont été privés d'électricité.",
        ["Une tempête a frappé la côte lundi. Des milliers de foyers ont été privés d'électricité. "
         "Les écoles resteront fermées jusqu'à vendredi.",
         "Les autorités ont ouvert des abris dans trois villes. La tempête a privé d'électricité des "
         "milliers de foyers."],
        "Une tempête a frappé la côte lundi. Des milliers de foyers ont été privés d'électricité. Les autorités "
        "ont ouvert des abris dans trois villes. Les écoles resteront fermées jusqu'à vendredi."),
    "Vietnamese": (
        "Chính phủ công bố kế hoạch xây dựng đường mới.",
        ["Chính phủ hôm qua công bố kế hoạch xây dựng đường mới trên cả nước."],
        "Chính phủ hôm qua công bố kế hoạch xây dựng đường mới trên cả nước. Con mèo ngủ trên bậu cửa sổ."),
    "English with accented names": (
        "José Müller opened the café in São Paulo on Monday.",
        ["On Monday José Müller opened a new café in São Paulo. Renée Lefèvre cut the ribbon."],
        "José Müller opened a new café in São Paulo on Monday. Renée Lefèvre cut the ribbon. It serves crème brûlée."),
}


def _scores(scorer, pred, refs, src):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the languages are said in warnings: not what is measured here
        return scorer.compute([pred], [refs], [src])["scores"]


@pytest.mark.parametrize("method", ["refpyramid", "hirao", "rouge", "be"])
@pytest.mark.parametrize("case", list(CASES))
def test_composed_and_decomposed_text_score_identically(method, case):
    pred, refs, src = CASES[case]
    sc = PyramidScorer(method=method)
    composed = _scores(sc, pred, refs, src)
    assert _scores(sc, nfd(pred), refs, src) == composed  # the prediction decomposed
    assert _scores(sc, pred, [nfd(r) for r in refs], nfd(src)) == composed  # references and source decomposed
    assert _scores(sc, nfd(pred), [nfd(r) for r in refs], nfd(src)) == composed  # all of it


def test_the_entrance_composes_accents():
    assert normalize_input("cafe\u0301") == "caf\u00e9"
    assert normalize_input(nfd("Chính phủ hôm qua")) == "Chính phủ hôm qua"
    assert words(normalize_input(nfd("crème brûlée"))) == words("crème brûlée") == ["crème", "brûlée"]
    assert detect_language([normalize_input(nfd(CASES["Vietnamese"][1][0]))]) == "Vietnamese"


def test_cli_reads_decomposed_input_files_as_composed(tmp_path):
    from pyramid_metric.cli import main

    pred, refs, src = CASES["French, references of several sentences"]
    outputs = []
    for form in ("NFC", "NFD"):
        inp = tmp_path / f"{form}.jsonl"
        row = {"prediction": pred, "references": refs, "source": src}
        row = {k: unicodedata.normalize(form, v) if isinstance(v, str) else [unicodedata.normalize(form, r) for r in v]
               for k, v in row.items()}
        inp.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
        out = tmp_path / f"{form}.out.jsonl"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert main(["score", str(inp), "--output", str(out)]) == 0
        outputs.append([json.loads(line)["score"] for line in out.read_text(encoding="utf-8").splitlines()
                        if "score" in json.loads(line)])
    assert outputs[0] == outputs[1] and outputs[0]


def test_ducview_part_label_decomposed_against_a_composed_text_is_read_at_its_offsets(tmp_path):
    from pathlib import Path

    from pyramid_metric.io import read_pyramids

    pyr = (Path(__file__).parent / "data" / "pyramids" / "D0999-A.pyr").read_text(encoding="utf-8")
    old = '<line>A storm hit the coast on Monday.</line>'
    assert old in pyr and '<part label="A storm hit the coast" start="' in pyr
    text = pyr.replace(old, '<line>A stórm hit the coast on Monday.</line>', 1)
    text = text.replace('<part label="A storm hit the coast"', f'<part label="{nfd("A stórm hit the coast")}"', 1)
    path = tmp_path / "D0999-A.pyr"
    path.write_text(text, encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # read at its offsets: no part moved, no label used as written
        (pyramid,) = read_pyramids(path)
    assert pyramid.scus[0].contributors[0].parts[0].text == "A stórm hit the coast"
