"""Paper presets: every option of the paper's configuration, the preset in the signature, conflicts refused."""
import pytest

from pyramid_metric import PyramidConfig, PyramidScorer
from pyramid_metric.presets import PRESETS, preset_config

LIBYANS = "Two Libyans were indicted for the Lockerbie bombing in 1991."


def test_hirao2018_is_the_papers_configuration():
    # Hirao et al. (2018): bi-LSTM EDU segmenter (section 4.2), Prop(BE) (Table 3's best), LCS phi (Eq. 6)
    # with t = 0.55 and binary g (Eq. 24), sentence term weight 1 (Eq. 9), L_max = the reference length.
    c = PyramidConfig.from_preset("hirao2018")
    assert (c.method, c.extract, c.matcher, c.threshold, c.soft, c.segmenter, c.sentence_penalty,
            c.length_limit, c.preset) == ("hirao", "be", "lcs", 0.55, False, "bilstm", 1.0, None, "hirao2018")
    # L_max is free: the paper's DUC 2005-2007 task limit can be given
    assert PyramidConfig.from_preset("hirao2018", length_limit=250).length_limit == 250


@pytest.mark.parametrize("name, expected", [
    ("be2006", dict(method="be", be_variant="hmr", be_match="lexical")),
    ("pyreval2019", dict(method="pyreval", edua="greedy", edge_percentile=83.0, zipf_beta=2.5)),
    ("ape2017", dict(method="ape", threshold=0.75, ape_alpha=0.2, matcher="amr")),
    ("peak2016", dict(method="peak", matcher="embedding")),
])
def test_each_preset_sets_its_papers_options_and_lists_differences(name, expected):
    c = PyramidConfig.from_preset(name)
    assert {k: getattr(c, k) for k in expected} == expected
    assert PRESETS[name].differences and PRESETS[name].paper


def test_signature_names_the_preset_and_scores_match_the_explicit_options():
    by_preset = PyramidScorer(preset="be2006")
    explicit = PyramidScorer(method="be", be_variant="hmr", be_match="lexical")
    assert by_preset.signature().startswith("preset:be2006|method:be|")
    assert not explicit.signature().startswith("preset:")
    args = (["Two Libyans were indicted for the bombing."], [[LIBYANS, "Two Libyans were charged with the bombing."]])
    assert by_preset.compute(*args)["scores"] == explicit.compute(*args)["scores"] == [0.5]


def test_conflicting_options_are_refused_equal_or_free_ones_accepted():
    with pytest.raises(ValueError, match="preset 'be2006' sets be_match='lexical'"):
        PyramidScorer(preset="be2006", be_match="lemma")
    with pytest.raises(ValueError, match="threshold"):
        PyramidScorer(preset="pyreval2019", threshold=0.7)
    assert PyramidScorer(preset="hirao2018", threshold=0.55, time_limit=5.0).config.time_limit == 5.0
    with pytest.raises(ValueError, match="`time_limit`=5.0 has no effect with method='be'"):  # BE solves no ILP
        PyramidScorer(preset="be2006", time_limit=5.0)
    with pytest.raises(ValueError, match="unknown preset"):
        PyramidScorer(preset="rouge2004")
    with pytest.raises(ValueError, match="preset 'be2006' needs"):  # a config cannot claim a preset it is not
        PyramidConfig(method="be", be_match="lemma", preset="be2006")


def test_entry_points_that_pass_every_option():
    # options equal to the package defaults count as not given
    c = preset_config("hirao2018", PyramidConfig(method="hirao", time_limit=3.0))
    assert c.segmenter == "bilstm" and c.time_limit == 3.0 and c.preset == "hirao2018"
    with pytest.raises(ValueError, match="segmenter"):
        preset_config("hirao2018", PyramidConfig(method="hirao", segmenter="sentence"))


def test_cli_and_evaluate_accept_preset():
    import argparse

    from pyramid_metric import cli

    p = argparse.ArgumentParser()
    cli._add_config_args(p)
    assert cli._config(p.parse_args(["--preset", "be2006"])).preset == "be2006"
    with pytest.raises(ValueError, match="be_match"):
        cli._config(p.parse_args(["--preset", "be2006", "--be-match", "lemma"]))
    from pyramid_metric.hf import Pyramid

    out = Pyramid()._compute(["Two Libyans were indicted."], [[LIBYANS]], preset="be2006")
    assert out["signature"].startswith("nrefs:1|preset:be2006|")


def test_hirao2018_scores_with_the_bilstm_segmenter():
    sc = PyramidScorer(preset="hirao2018")
    src = "The storm hit the coast on Monday. Thousands of homes lost power. Officials opened shelters in three towns."
    # the extract of the reference is the EDU "Officials opened shelters in three towns." (weight 1), which
    # the summary expresses word for word: LCS phi = 1 >= 0.55, OPT_LAP = 1 = OPT_KP (Eq. 24-27)
    out = sc.compute(["Officials opened shelters in three towns."],
                     [["Officials opened shelters in three towns after the storm."]], [src])
    sig = out["signature"]
    assert sig.startswith("nrefs:1|preset:hirao2018|method:hirao|extract:be|matcher:lcs|t:0.55|credit:binary|")
    assert "seg:bilstm" in sig and "lmax:ref" in sig
    assert out["scores"] == [1.0]
