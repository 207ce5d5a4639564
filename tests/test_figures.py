"""Figures written as the references write them (pyramid_metric/figures.py), and what the default makes of them."""
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.claims import claims
from pyramid_metric.figures import align_figures


@pytest.mark.parametrize("text, references, expected", [
    # amounts with a scale: the references' notation, the text's own currency sign
    ("Microsoft pays $6.5bn.", ["It cost $6.5 billion."], "Microsoft pays $6.5 billion."),
    ("It cost $6.5 billion.", ["It cost $6.5bn."], "It cost $6.5bn."),
    ("A £10 million fee.", ["The £10m fee."], "A £10m fee."),
    ("A £10,000,000 fee.", ["The £10m fee."], "A £10m fee."),
    ("Sold for £6.5bn.", ["Sold for $6.5 billion."], "Sold for £6.5 billion."),  # the pound stays a pound
    ("About 2000 people came.", ["About 2,000 people came."], "About 2,000 people came."),
    ("1,200,000 people voted.", ["About 1.2m people voted."], "1.2m people voted."),
    # "m" without money or decimals is no scale: a sprint is a distance
    ("He won the 100m.", ["He won the 100 million."], "He won the 100m."),
    ("It cost $7bn.", ["It cost $6.5 billion."], "It cost $7bn."),  # another value: left as written
    ("It happened in 2019.", ["In 2019 it happened."], "It happened in 2019."),
    # amounts in words: a number word and its scale
    ("The firm cut ten thousand jobs.", ["The firm cut 10,000 jobs."], "The firm cut 10,000 jobs."),
    ("The firm cut 10,000 jobs.", ["It cut ten thousand jobs."], "The firm cut ten thousand jobs."),
    ("A dozen people were hurt.", ["12 people were hurt."], "12 people were hurt."),
    ("It cost five million pounds.", ["It cost £5m."], "It cost £5m."),
    ("Two hundred thousand people came.", ["100,000 people came."], "Two hundred thousand people came."),
    ("The million-dollar question.", ["It cost $1m."], "The million-dollar question."),
    # a fraction of an amount in words
    ("Half a million people fled.", ["500,000 people fled."], "500,000 people fled."),
    ("A quarter of a million fans came.", ["250,000 fans came."], "250,000 fans came."),
    ("Three quarters of a million voted.", ["750,000 voted."], "750,000 voted."),
    ("Half a million people fled.", ["1,000,000 people fled."], "Half a million people fled."),
    # percentages: the references' sign, the number in digits
    ("Sales rose 5%.", ["Sales rose 5 per cent."], "Sales rose 5 per cent."),
    ("Sales rose five percent.", ["Sales rose 5%."], "Sales rose 5%."),
    ("Sales rose 5 percent.", ["Sales rose 5 percent."], "Sales rose 5 percent."),
    ("Sales rose 5%.", ["Sales rose sharply."], "Sales rose 5%."),  # no percentage in the references
    # fractions of a point: the references' decimals, and the references' fraction for their decimal
    ("Rates rose by a quarter point.", ["Rates rose by 0.25 points."], "Rates rose by 0.25 point."),
    ("Rates rose by a half point.", ["Rates rose by 0.25 points."], "Rates rose by 0.5 point."),
    ("Rates rose half a percentage point.", ["Rates rose 0.5 percentage points."],
     "Rates rose 0.5 percentage point."),
    ("Rates rose by 0.25 points.", ["Rates rose by a quarter of a point."], "Rates rose by a quarter of a points."),
    ("Rates rose by a quarter point.", ["Rates rose by a quarter point, or 0.25 points."],
     "Rates rose by a quarter point."),  # the references write both
    ("Half a loaf is better.", ["It cost 0.5 points."], "Half a loaf is better."),  # no point: no figure
    ("No figures here.", ["Nor here."], "No figures here."),
    # a currency's sign or name, as the references write it; the amount as the text writes it
    ("Sarah borrowed £50 from Mark.", ["Mark lent Sarah 50 pounds."], "Sarah borrowed 50 pounds from Mark."),
    ("Mark lent Sarah 50 pounds.", ["Sarah borrowed £50."], "Mark lent Sarah £50."),
    ("It cost £1.", ["It cost 3 pounds."], "It cost 1 pound."),
    ("The firm paid $20m.", ["The firm paid 20 million dollars."], "The firm paid 20 million dollars."),
    ("The firm paid 20 million dollars.", ["The firm paid $20m."], "The firm paid $20m."),
    ("It cost £50.", ["It cost 50 dollars."], "It cost £50."),  # another currency: left as written
])
def test_figures_in_the_references_notation(text, references, expected):
    assert align_figures(text, references) == expected


def test_a_figure_with_its_scale_written_on_it_is_that_amount():
    """spaCy keeps "£1.2bn" one token: the claim check reads it as 1.2 billion, so that "£1.5bn" is another figure
    and "£1.2 billion" the same."""
    unit = claims(["The club was sold for £1.2bn."])[0]
    assert any("1.2e+09" in c.figures for c in unit)
    ref = ["The club has been sold for £1.2bn to a US investor."]
    same, other, smaller = (r.score for r in PyramidScorer().score(
        ["The club has been sold for £1.2 billion to a US investor.",
         "The club has been sold for £1.5bn to a US investor.",
         "The club has been sold for £1.2m to a US investor."], [ref] * 3))
    assert same == pytest.approx(1.0)
    assert other <= same - 0.1 and smaller <= same - 0.1


@pytest.mark.parametrize("text, expected", [
    ("More than half a million people fled.", {"500000"}), ("A quarter of a million fans came.", {"250000"}),
    ("Three quarters of a million people voted.", {"750000"}), ("A million people voted.", {"1e+06"}),
    ("Three people were hurt.", {"3"})])
def test_a_fraction_of_an_amount_in_words_is_read_by_the_check(text, expected):
    """"half a million" is 500,000 to the claim check, not a million: a summary that writes it does not contradict
    a reference's "500,000", and one that writes "a million" does."""
    assert set().union(*(c.figures for c in claims([text])[0])) == expected


def test_a_scale_that_ends_a_sentence_is_read():
    """spaCy writes "£5m." at a sentence's end as "£", "5", "m.": still five million, so that "a budget of £5 million."
    does not contradict "a £5m budget"."""
    assert [c.figures for c in claims(["It cost $5m."])[0]] == [frozenset({"5e+06"})]
    ref = ["The council approved a £5m budget."]
    assert PyramidScorer().score(["The council approved a budget of £5 million."], [ref])[0].score > 0.95


def test_a_figure_in_other_notation_earns_what_the_copy_earns():
    """With the check (the default) "$6.5bn", "5 per cent" and "a quarter point" are the references' figures;
    with claims="off" the text is judged as written."""
    pairs = [("Microsoft agreed to buy Activision for $6.5 billion.", "Microsoft agreed to buy Activision for $6.5bn."),
             ("Unemployment fell to 4.5% in May.", "Unemployment fell to 4.5 per cent in May."),
             ("The bank raised interest rates by 0.25 points on Thursday.",
              "The bank raised interest rates by a quarter point on Thursday.")]
    for claims_option, least in (("check", 0.95), ("off", None)):
        scorer = PyramidScorer(claims=claims_option)
        scores = [r.score for r in scorer.score([b for _, b in pairs], [[a] for a, _ in pairs])]
        if least is not None:
            assert min(scores) >= least, scores
        else:
            assert min(scores) < 0.9, scores


def test_another_fraction_of_a_point_and_halved_for_doubled_are_contradictions():
    ref = ["The bank raised interest rates by 0.25 points on Thursday."]
    quarter, half = (r.score for r in PyramidScorer().score(
        ["The bank raised interest rates by a quarter point on Thursday.",
         "The bank raised interest rates by a half point on Thursday."], [ref] * 2))
    assert half <= quarter - 0.1
    doubled = ["The company's profit doubled in 2020."]
    same, halved = (r.score for r in PyramidScorer().score(doubled + ["The company's profit halved in 2020."],
                                                            [doubled] * 2))
    assert halved <= same - 0.1


def test_weights_read_each_reference_with_the_others_acronyms_and_figures():
    """A unit's weight counts the references that state it, whatever notation they use ("the ECB" and "the European
    Central Bank", "0.25 points" and "a quarter point"), and a summary naming the party in full is not contradicted."""
    references = ["The European Central Bank raised interest rates by a quarter point on Thursday.",
                  "The ECB raised rates by 0.25 points on Thursday, its first rise in a decade.",
                  "On Thursday the European Central Bank lifted rates by 0.25 points."]
    scorer = PyramidScorer()
    pyramid = scorer.method.build_many([references], [None])[0]
    weights = {u.text: (u.weight, u.references) for u in pyramid.units}
    assert weights["The ECB raised rates by 0.25 points on Thursday,"] == (3.0, (0, 1, 2))
    in_full = "The European Central Bank raised interest rates by a quarter point on Thursday."
    assert weights[in_full] == (3.0, (0, 1, 2))
    assert weights["its first rise in a decade."] == (1.0, (1,))
    full, acronym = (r.score for r in scorer.score(
        ["The European Central Bank raised rates by 0.25 points on Thursday.",
         "The ECB raised rates by 0.25 points on Thursday."], [references] * 2, progress=False))
    assert full == pytest.approx(acronym, abs=0.01) and full > 0.75  # both forms earn the same


@pytest.mark.parametrize("text, references, expected", [
    ("Arsenal beat Chelsea three goals to one.", ["Arsenal won 3-1."], "Arsenal beat Chelsea 3-1."),
    ("Arsenal beat Chelsea by three goals to nil.", ["Arsenal won 3–0."], "Arsenal beat Chelsea by 3–0."),
    ("Arsenal beat Chelsea 3-1.", ["Arsenal beat Chelsea three goals to one."],
     "Arsenal beat Chelsea three goals to one."),
    ("Arsenal beat Chelsea 2-1.", ["Arsenal beat Chelsea three goals to one."], "Arsenal beat Chelsea 2-1."),
    ("He scored one goal to win it.", ["Arsenal won 3-1."], "He scored one goal to win it."),  # no score
    ("The 2010-11 season.", ["Arsenal won 3-1."], "The 2010-11 season."),  # a span of years is no score
    ("Spain beat England two-nil.", ["Spain won 2-0."], "Spain beat England 2-0."),
    ("Spain beat England 2-0.", ["Spain beat England two-nil."], "Spain beat England two-nil."),
    ("Twenty-one people died.", ["Spain won 2-0."], "Twenty-one people died."),  # a number, no score
])
def test_scores_written_as_the_references_write_them(text, references, expected):
    assert align_figures(text, references) == expected


def test_a_score_in_words_is_not_a_contradiction_and_another_score_is():
    scorer = PyramidScorer()
    for reference, same, other in [
            ("Arsenal beat Chelsea 3-1 on Saturday.", "Arsenal beat Chelsea three goals to one on Saturday.",
             "Arsenal beat Chelsea two goals to one on Saturday."),
            ("Arsenal beat Chelsea three goals to one on Saturday.", "Arsenal beat Chelsea 3-1 on Saturday.",
             "Arsenal beat Chelsea 2-1 on Saturday.")]:
        said, wrong = (r.score for r in scorer.score([same, other], [[reference]] * 2, progress=False))
        assert said > 0.95 and wrong <= said - 0.4


def test_a_score_with_nil_is_that_score_for_the_check():
    unit = claims(["Spain beat England 1-0 in Sydney."])[0]
    assert {"1-0"} <= claims(["Spain beat England one-nil in Sydney."])[0][0].figures
    assert {"2-1"} <= claims(["Spain beat England two-one in Sydney."])[0][0].figures
    assert unit[0].figures == claims(["Spain beat England 1-0 in Sydney."])[0][0].figures


def test_a_reference_that_writes_a_name_both_ways_copied_scores_one():
    reference = "GDP, or Gross Domestic Product, is the most watched economic statistic, the ONS said."
    assert PyramidScorer().score([reference], [[reference]], progress=False)[0].score == pytest.approx(1.0)
