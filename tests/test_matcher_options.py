"""Options reach the components they name: ``amr_parser`` reaches the AMR matcher of method="hirao"."""
import pytest

import pyramid_metric.match.amr as amr_match
from pyramid_metric import PyramidScorer
from pyramid_metric.match import get_matcher
from pyramid_metric.document import Span


def test_amr_parser_reaches_the_matcher_of_hirao(monkeypatch):
    sc = PyramidScorer(method="hirao", matcher="amr", amr_parser="dependency")
    assert sc.method.matcher.parser_name == "dependency"
    assert "parser:dep2amr-approx" in sc.signature()
    used = []
    real = amr_match.graphs_of

    def spy(text, parser="auto"):
        used.append(parser)
        return real(text, parser)

    monkeypatch.setattr(amr_match, "graphs_of", spy)
    sim = sc.method.matcher.similarities([Span("The dog barked.", ("dog", "barked"))],
                                         [Span("The dog barked.", ("dog", "barked"))])
    assert sim[0, 0] == pytest.approx(1.0)
    assert used and set(used) == {"dependency"}


def test_get_matcher_refuses_options_it_cannot_apply():
    assert get_matcher("amr", parser="dependency").parser_name == "dependency"
    with pytest.raises(ValueError, match="takes no option"):
        get_matcher("lcs", parser="dependency")
    with pytest.raises(ValueError, match="takes no option"):
        get_matcher("amr", parsr="dependency")
