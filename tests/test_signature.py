"""The signature parses back into the configuration that produced it (long and short form)."""
import warnings

import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.config import METHODS, PyramidConfig
from pyramid_metric.presets import PRESETS
from pyramid_metric.options import method_plugin
from pyramid_metric.signature import Signature, build_signature

# component descriptions as the components write them (the real ones load models; see the last test)
PARTS = {"matcher": "lcs", "segmenter": "transformer-minilm-l6(top3+lora16)@484556b0",
         "breaker": "spacy-dep(core_web_sm-3.8.0)", "alpha_offset": "10",
         "vectors": "all-MiniLM-L6-v2(gt-0.1.0),pool:mean,maxlen:256", "parse": "core_web_sm-3.8.0",
         "triples": "clausie-style(core_web_sm-3.8.0)", "amr": "dep2amr-approx(core_web_sm-3.8.0)"}
# every method with options other than the defaults
CONFIGS = [
    PyramidConfig(method="hirao", extract="align", threshold=0.6, soft=True, sentence_penalty=0.5,
                  length_limit=80, time_limit=3.0, solver="cbc", segmenter="bilstm"),
    PyramidConfig(method="refpyramid", credit="unit", length_limit=40, segmenter="sentence"),
    PyramidConfig(method="be", be_variant="hm", be_match="lemma"),
    PyramidConfig(method="rouge", rouge_variant="2", rouge_stem=False),
    PyramidConfig(method="pyreval", edua="complete", edge_percentile=80.0, pyreval_score="quality",
                  threshold=0.5),
    PyramidConfig(method="pyreval", zipf_beta=2.0),
    PyramidConfig(method="peak", merge_threshold=0.7, threshold=0.65),
    PyramidConfig(method="ape", threshold=0.7, ape_alpha=0.5, zipf_beta=3.0, edge_percentile=90.0,
                  amr_parser="dependency"),
    PyramidConfig(method="refpyramid", matcher="learned+recall"),
    PyramidConfig(method="hirao", matcher="learned+recall"),
] + [PyramidConfig(method=m) for m in METHODS] + [PyramidConfig.from_preset(p) for p in PRESETS]


def _parts(config):
    parts = dict(PARTS)
    parts["segmenter"] = {"bilstm": "bilstm-hirao2018@6343b3f2", "sentence": "sentence(core_web_sm-3.8.0)"}.get(
        config.segmenter, parts["segmenter"])
    parts["matcher"] = {"embedding": "embedding(all-MiniLM-L6-v2(gt-0.1.0),pool:mean)",
                        "amr": "amr(smatch-mmt,it:4,seed:1,parser:dep2amr-approx(core_web_sm-3.8.0))"}.get(
        config.matcher, config.matcher)
    if config.matcher == "learned+recall":  # as match/mean.py describes it
        parts["matcher"] = "mean(learned-presence@1a2b3c4d,recall)"
    return parts


def _expected(config):
    # the signature names the parser "auto" resolved to (here the built-in dependency approximation)
    if config.method == "ape" and config.amr_parser == "auto" and config.preset is None:
        return PyramidConfig(**{**config.to_dict(), "amr_parser": "dependency"})
    return config


def test_methods_have_signature_fields():
    assert all(method_plugin(name).fields for name in METHODS)  # declared with each built-in method


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.preset or c.method}")
@pytest.mark.parametrize("short", [False, True])
def test_round_trip_for_every_method_and_preset(config, short):
    sig = build_signature(config, _parts(config), "highs-1.16.0+pulp-3.3.2", "0.1.0", nrefs=2, jackknife=True)
    text = sig.format(short=short)
    assert Signature.parse(text).format(short=short) == text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the test's version string is not necessarily the package's
        assert PyramidConfig.from_signature(text) == _expected(config)


def test_short_form_abbreviates_and_drops_component_versions():
    config = PyramidConfig(method="hirao")
    sig = build_signature(config, _parts(config), "highs-1.16.0", "0.1.0", nrefs=1)
    assert sig.format().startswith("nrefs:1|method:hirao|extract:be|matcher:lcs|t:0.55|credit:binary|seg:transformer")
    short = sig.format(short=True)
    assert short.startswith("#:1|m:hirao|x:be|mt:lcs|t:0.55|c:binary|s:transformer-minilm-l6|")
    assert "@484556b0" in sig.format() and "@" not in short


def test_malformed_signature_is_a_value_error():
    with pytest.raises(ValueError, match="method"):
        PyramidConfig.from_signature("t:0.5|version:pyramid-metric-0.1.0")
    with pytest.raises(ValueError, match="key:value"):
        Signature.parse("method:rouge|nonsense")
    with pytest.raises(ValueError, match="unknown method"):
        PyramidConfig.from_signature("method:bleu")


@pytest.mark.parametrize("text, named", [
    ("method:rouge|stm:none", "stm"),                      # a typo of a key: not ignored
    ("m:rouge|rouge:2|bogus:1|v:pyramid-metric-0.1.0", "bogus"),
    ("method:hirao|thresh:0.5", "thresh"),
    ("method:rouge|method:be", "method"),                  # a conflict: not the last one silently
    ("m:rouge|method:be", "method"),                       # the same key in short and long form
    ("method:hirao|t:0.5|t:0.6", "'t'"),
])
def test_unknown_or_repeated_field_is_a_value_error_naming_it(text, named):
    with pytest.raises(ValueError, match=named):
        PyramidConfig.from_signature(text)


@pytest.mark.parametrize("options", [{"matcher": "learned+recall"}, {"method": "hirao", "matcher": "learned+recall"},
                                     {"method": "rouge"}, {"method": "be"}])
def test_every_written_signature_reads_back_long_and_short(options):
    scorer = PyramidScorer(**options)
    for short in (False, True):
        text = scorer.signature_object(nrefs=2).format(short=short)
        assert PyramidConfig.from_signature(text + "|lang:Polish") == scorer.config


def test_other_version_warns():
    with pytest.warns(UserWarning, match="pyramid-metric-0.0.1"):
        PyramidConfig.from_signature("method:rouge|rouge:2|version:pyramid-metric-0.0.1")


@pytest.mark.parametrize("options", [{"method": "rouge", "rouge_variant": "2"}, {"method": "be", "be_match": "lemma"},
                                     {"preset": "be2006"}])
def test_scorer_signature_reproduces_the_score(options):
    preds = ["The storm left thousands of homes without power."]
    refs = [["A storm hit the coast and thousands of homes lost power.", "Thousands lost power in a storm."]]
    scorer = PyramidScorer(**options)
    sig = scorer.signature(nrefs=2)
    again = PyramidScorer(PyramidConfig.from_signature(sig))
    assert again.config == scorer.config and again.signature(nrefs=2) == sig
    assert [r.score for r in again.score(preds, refs)] == [r.score for r in scorer.score(preds, refs)]
    assert str(scorer.signature_object(nrefs=2)) == sig
