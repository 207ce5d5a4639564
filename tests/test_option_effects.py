"""An option the chosen method does not read is a ValueError naming the option and the methods that read it.

Entry points that list every option (``evaluate``'s ``compute`` and the CLI) pass only the options the user
gave, so their defaults never trigger the error.
"""
import argparse
from dataclasses import fields

import pytest

from pyramid_metric import cli
from pyramid_metric.config import BUILT_IN, METHODS, PyramidConfig
from pyramid_metric.options import declared

OPTIONS = declared()

# a value other than the default for every option (a valid one for the methods that read it)
OTHER = {"extract": "rouge", "matcher": "embedding", "credit": "unit", "fact_weight": "per-unit",
         "presence": "sentence+bigram",
         "scu_score": "modified", "threshold": 0.5, "soft": True,
         "segmenter": "sentence", "sentence_penalty": 0.5, "length_limit": 50, "time_limit": 3.0, "solver": "cbc",
         "be_variant": "hm", "be_match": "lemma", "rouge_variant": "2", "rouge_stem": False, "edua": "complete",
         "edge_percentile": 80.0, "zipf_beta": 2.0, "pyreval_score": "quality", "merge_threshold": 0.7,
         "ape_alpha": 0.5, "amr_parser": "dependency", "claims": "off", "judge": "words"}
# matchers a method accepts (PyrEval and PEAK compare MiniLM vectors, APE AMR graphs)
MATCHER_FOR = {"ape": "amr", "refpyramid": "embedding", "hirao": "embedding"}


def test_every_option_is_declared():
    assert set(BUILT_IN) | {"method", "preset", "extra"} == {f.name for f in fields(PyramidConfig)}
    assert set(OTHER) == set(BUILT_IN) and set(BUILT_IN) <= set(OPTIONS)  # plug-ins may add more


def test_field_defaults_are_the_declared_defaults():
    # a field left None is resolved by the component that reads it (extract "be" for hirao, the matcher's threshold)
    for f in fields(PyramidConfig):
        if f.name in BUILT_IN and f.default is not None:
            assert OPTIONS[f.name].default == f.default, f.name


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", sorted(OTHER))
def test_foreign_option_is_refused_and_own_option_accepted(method, name):
    value = MATCHER_FOR.get(method, "embedding") if name == "matcher" else OTHER[name]
    option = OPTIONS[name]
    if method in option.methods:
        assert getattr(PyramidConfig(method=method, **{name: value}), name) == value
        return
    with pytest.raises(ValueError) as err:
        PyramidConfig(method=method, **{name: value})
    message = str(err.value)
    assert f"`{name}`" in message and f"method={method!r}" in message
    assert all(f"method={m!r}" in message for m in option.methods)


def test_option_read_through_the_matcher():
    # amr_parser is read by the AMR matcher, whatever method uses it
    assert PyramidConfig(method="hirao", matcher="amr", amr_parser="dependency").amr_parser == "dependency"
    assert PyramidConfig(method="refpyramid", matcher="amr", amr_parser="dependency").amr_parser == "dependency"
    with pytest.raises(ValueError, match="matcher='amr'"):
        PyramidConfig(method="refpyramid", amr_parser="dependency")


def test_default_values_count_as_not_given():
    assert PyramidConfig(method="be", soft=False, credit="content", threshold=None, matcher=None) == \
        PyramidConfig(method="be")


def test_unset_stays_unset_for_methods_that_do_not_read_it():
    for method in ("be", "rouge"):
        c = PyramidConfig(method=method)
        assert c.matcher is None and c.threshold is None
    assert PyramidConfig(method="refpyramid").threshold is None
    # each method resolves its own matcher; "lcs" is no longer a stand-in for "unset"
    assert [PyramidConfig(method=m).matcher for m in ("hirao", "pyreval", "peak", "ape")] == \
        ["lcs", "embedding", "embedding", "amr"]


@pytest.mark.parametrize("method,matcher", [("pyreval", "lcs"), ("peak", "lcs"), ("ape", "lcs")])
def test_methods_with_their_own_similarity_refuse_another_matcher(method, matcher):
    from pyramid_metric.methods import get_method

    with pytest.raises(ValueError, match="`matcher`"):
        get_method(PyramidConfig(method=method, matcher=matcher))


def _cli_config(argv):
    p = argparse.ArgumentParser()
    cli._add_config_args(p)
    return cli._config(p.parse_args(argv))


def test_cli_passes_only_given_options():
    for method in METHODS:  # every method with the CLI's defaults
        assert _cli_config(["--method", method]) == PyramidConfig(method=method)
    assert _cli_config(["--preset", "be2006"]) == PyramidConfig.from_preset("be2006")
    with pytest.raises(ValueError, match="`be_variant`"):
        _cli_config(["--method", "refpyramid", "--be-variant", "hm"])
    with pytest.raises(ValueError, match="`soft`"):
        _cli_config(["--method", "rouge", "--soft"])


def test_evaluate_passes_only_given_options():
    from pyramid_metric.hf import Pyramid

    metric = Pyramid()
    out = metric.compute(predictions=["The storm cut power to homes."], references=["A storm cut power."],
                         method="rouge", floats_only=True)
    assert 0.0 < out["pyramid"] <= 1.0
    with pytest.raises(ValueError, match="`threshold`"):
        metric.compute(predictions=["The storm cut power to homes."], references=["A storm cut power."],
                       method="rouge", threshold=0.5)


def test_docs_options_table_matches_the_declarations():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "options.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", text, flags=re.M))
    assert set(rows) == set(BUILT_IN)
    for name, option in ((n, OPTIONS[n]) for n in BUILT_IN):
        listed = [r.strip() for r in rows[name].split(",")]
        assert listed == list(option.methods) + [f"matcher {m}" for m in option.matchers], name


def test_score_help_lists_every_option_with_help_grouped_by_method(capsys):
    import re

    with pytest.raises(SystemExit):
        cli.main(["score", "--help"])
    text = capsys.readouterr().out
    for method in METHODS:  # one group per method that reads options of its own
        if any(OPTIONS[n].methods[:1] == (method,) for n in BUILT_IN):
            assert f"options of method {method}:" in text
    groups = text[text.index("options of several methods:"):]  # past the usage line
    for name in BUILT_IN:
        option = OPTIONS[name]
        assert len(option.help.split()) >= 2, name
        flag = ("--no-" if option.type is bool and option.default else "--") + name.replace("_", "-")
        found = re.search(r"^  " + re.escape(flag) + r"\b", groups, flags=re.M)
        entry = groups[found.start():found.start() + 500] if found else ""
        assert " ".join(option.help.split()[:2]) in " ".join(entry.split()), name  # its help follows the flag


def test_option_docs_are_generated_from_the_declarations():
    """PyramidConfig's docstring and evaluate's argument list carry every option's declared help; neither
    source file describes an option by hand (a line ``name: text`` or ``name (`type`...``)."""
    import re
    from pathlib import Path

    from pyramid_metric import config, hf

    doc, kwargs = " ".join(PyramidConfig.__doc__.split()), " ".join(hf._KWARGS_DESCRIPTION.split())
    for name in BUILT_IN:
        help_text = " ".join(OPTIONS[name].help.split())
        assert f"{name}: {help_text}" in doc, name
        assert f"{name} (`{OPTIONS[name].type.__name__}`, read by" in kwargs and help_text in kwargs, name
    sources = {p: Path(p).read_text(encoding="utf-8") for p in (config.__file__, hf.__file__)}
    for path, text in sources.items():
        for name in BUILT_IN | {"method"}:
            by_hand = re.findall(rf"^\s+{name}(?: \(`|: (?!(?:str|int|float|bool|Optional)\b))", text, flags=re.M)
            assert not by_hand, f"{path} describes `{name}` by hand"


def test_pyramid_key_leaves_out_only_the_scoring_options():
    hirao = PyramidConfig(method="hirao")
    assert hirao.pyramid_key() == PyramidConfig(method="hirao", threshold=0.7, soft=True).pyramid_key()
    assert hirao.pyramid_key() != PyramidConfig(method="hirao", extract="rouge").pyramid_key()
    # the reference pyramid weighs each unit by the references its matcher finds it in: the matcher counts
    assert PyramidConfig().pyramid_key() != PyramidConfig(matcher="lcs").pyramid_key()
    assert PyramidConfig(method="ape").pyramid_key() == PyramidConfig(method="ape", ape_alpha=0.5).pyramid_key()
