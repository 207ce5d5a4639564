"""Meaning attacks: a summary that negates the reference, swaps who did what to whom, names another party or states
other figures earns less than a faithful paraphrase (pyramid_metric/claims.py), in the default and with human SCUs.

The stories are written for these tests.  Each attack keeps the reference's words, so a judge that counts words
credits it as much as the copy; the paraphrase says the same facts in other words.
"""
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.acronyms import align_acronyms
from pyramid_metric.claims import (CONTRADICTED_CAP, SCU_CONTRADICTED_CAP, claims, confirmed_share, contradicted,
                                   passage_claims, refers_back)

MATCH = ("Barcelona beat Real Madrid 5-0 on Sunday to win the Spanish league title for the third year in a row.")
MATCH_ATTACKS = {
    "paraphrase": "Real Madrid were beaten 5-0 by Barcelona on Sunday, and Barcelona won the Spanish league title "
                  "for a third year running.",
    "negated": "Barcelona did not beat Real Madrid 5-0 on Sunday and did not win the Spanish league title for the "
               "third year in a row.",
    "roles swapped": "Real Madrid beat Barcelona 5-0 on Sunday to win the Spanish league title for the third year "
                     "in a row.",
    "another party": "Bayern beat Real Madrid 5-0 on Sunday to win the Spanish league title for the third year in a "
                     "row.",
    "hedged": "Barcelona could beat Real Madrid 5-0 on Sunday and might win the Spanish league title for the third "
              "year in a row.",
}
RATES = ["The central bank raised interest rates on Thursday. Economists had expected the increase.",
         "On Thursday the central bank raised interest rates, as economists had expected.",
         "Economists had predicted that the central bank would raise interest rates, and on Thursday it did."]
TAKEOVER = ["Microsoft has agreed to buy the video game maker Activision Blizzard for $6.5 billion, the companies "
            "said on Monday."]
TAKEOVER_ATTACKS = {
    "paraphrase": "Activision Blizzard, which makes video games, will be acquired by Microsoft in a $6.5 billion deal, "
                  "the two firms announced on Monday.",
    "sold": "Microsoft has agreed to sell the video game maker Activision Blizzard for $6.5 billion, the companies "
            "said on Monday.",
    "hedged": "Microsoft may agree to buy the video game maker Activision Blizzard for $6.5 billion, the companies "
              "said on Monday.",
}
RATES_ATTACKS = {
    "paraphrase": "Interest rates were raised by the central bank on Thursday, an increase economists had "
                  "expected.",
    "negated": "The central bank did not raise interest rates on Thursday. Economists had not expected an "
               "increase.",
}
# three references that say MATCH's facts with other verbs ("thrashed", "a 5-0 win ... gave"): only the first
# uses the attacks' verb
MATCH_THREE = [MATCH, "On Sunday Barcelona thrashed Real Madrid 5-0, securing a third straight Spanish league title.",
               "A 5-0 win over Real Madrid on Sunday gave Barcelona the Spanish league title for the third "
               "consecutive year."]
QUAKE = ["An earthquake of magnitude 6.4 struck southern Turkey on Tuesday, killing at least 12 people and "
         "destroying hundreds of homes.",
         "At least 12 people died when a 6.4-magnitude quake hit the south of Turkey on Tuesday, flattening "
         "hundreds of houses.",
         "Tuesday's magnitude 6.4 earthquake in southern Turkey left at least 12 dead and hundreds of homes in ruins."]
QUAKE_ATTACKS = {
    "paraphrase": "On Tuesday a 6.4-magnitude quake hit the south of Turkey; at least 12 people were killed and "
                  "hundreds of houses were destroyed.",
    "another place": "An earthquake of magnitude 6.4 struck southern Iran on Tuesday, killing at least 12 people "
                     "and destroying hundreds of homes.",
    "other figures": "An earthquake of magnitude 4.1 struck southern Turkey on Tuesday, killing at least 40 people "
                     "and destroying hundreds of homes.",
}
VERDICT = ["A jury found the former nurse guilty of murdering seven babies at a hospital in Chester."]
VERDICT_ATTACKS = {
    "paraphrase": "The ex-nurse was convicted by a jury of killing seven infants at a Chester hospital.",
    "not guilty": "A jury found the former nurse not guilty of murdering seven babies at a hospital in Chester.",
    "another kind of person": "A jury found the former doctor guilty of murdering seven babies at a hospital in "
                              "Chester.",
}
TRANSFER = ["The 32-year-old striker has signed a two-year contract with Celtic after leaving Rangers."]
TRANSFER_ATTACKS = {
    "paraphrase": "After his departure from Rangers, the 32-year-old forward agreed a two-year deal with Celtic.",
    "clubs swapped": "The 32-year-old striker has signed a two-year contract with Rangers after leaving Celtic.",
    "another position": "The 32-year-old goalkeeper has signed a two-year contract with Celtic after leaving "
                        "Rangers.",
}
LOWEST = ["Unemployment in the eurozone fell to 6.5% in March, its lowest level since records began."]
LOWEST_ATTACKS = {
    "paraphrase": "Eurozone joblessness dropped to 6.5% in March, the lowest since records started.",
    "highest": "Unemployment in the eurozone fell to 6.5% in March, its highest level since records began.",
}
FLIGHTS = ["More than 200 flights were cancelled at Heathrow on Monday after a power cut at the airport."]
FLIGHTS_ATTACKS = {
    "paraphrase": "A power cut at Heathrow airport led to the cancellation of over 200 flights on Monday.",
    "fewer": "Fewer than 200 flights were cancelled at Heathrow on Monday after a power cut at the airport.",
}
BANK = ["The European Central Bank raised interest rates by a quarter of a percentage point on Thursday."]
BANK_ATTACKS = {
    "paraphrase": "On Thursday the ECB increased its interest rates by 0.25 percentage points.",
    "another bank": "The Bank of England raised interest rates by a quarter of a percentage point on Thursday.",
}
CLOSURE = ["The company will close its factory in Swindon next year, with the loss of 3,500 jobs."]
CLOSURE_ATTACKS = {
    "paraphrase": "The firm is to shut its Swindon plant next year, cutting 3,500 jobs.",
    "no longer": "The company will no longer close its factory in Swindon next year, with the loss of 3,500 jobs.",
    "ruled out": "The company has ruled out closing its factory in Swindon next year, with the loss of 3,500 jobs.",
    "unlikely": "The company is unlikely to close its factory in Swindon next year, with the loss of 3,500 jobs.",
    "denied": "The company has denied it will close its factory in Swindon next year, with the loss of 3,500 jobs.",
    "plans scrapped": "The company has scrapped plans to close its factory in Swindon next year, with the loss of "
                      "3,500 jobs.",
    "called off": "The company has called off plans to close its factory in Swindon next year, with the loss of "
                  "3,500 jobs.",
}
PLANT = ["The carmaker will build a battery plant in Sunderland next year."]
PLANT_ATTACKS = {
    "paraphrase": "A battery factory is to be built in Sunderland by the car manufacturer next year.",
    "called off": "The carmaker has called off plans to build a battery plant in Sunderland next year.",
    "scrapped": "Plans by the carmaker to build a battery plant in Sunderland next year were scrapped.",
    "no plans": "The carmaker has no plans to build a battery plant in Sunderland next year.",
}
FIRE = ["A fire broke out in a block of flats in north London on Sunday night."]
FIRE_ATTACKS = {
    "paraphrase": "On Sunday night, fire broke out in a north London tower block.",
    "another part of the city": "A fire broke out in a block of flats in south London on Sunday night.",
}
STORM = ["A storm forced Heathrow to cancel more than 200 flights on Friday."]
STORM_ATTACKS = {
    "paraphrase": "More than 200 flights at Heathrow were cancelled on Friday because of a storm.",
    "another outcome": "A storm forced Heathrow to delay more than 200 flights on Friday.",
}
MINE = ["Three miners were killed in an explosion at a coal mine in northern Spain on Monday."]
MINE_ATTACKS = {
    "paraphrase": "An explosion at a coal mine in the north of Spain killed three miners on Monday.",
    "another outcome": "Three miners were injured in an explosion at a coal mine in northern Spain on Monday.",
}
STADIUM = ["Councillors in Leeds voted to approve plans for a new 30,000-seat stadium."]
STADIUM_ATTACKS = {
    "paraphrase": "Plans for a new 30,000-seat stadium were approved in a vote by Leeds councillors.",
    "voted against": "Councillors in Leeds voted against plans for a new 30,000-seat stadium.",
}
TOUR = ["The band will announce the dates of its world tour tomorrow."]
TOUR_ATTACKS = {
    "paraphrase": "Tomorrow the band is to reveal the dates of its world tour.",
    "another time": "The band will announce the dates of its world tour next week.",
}
VACCINE = ["Scientists at Oxford University have developed a malaria vaccine that was 77% effective in a trial in "
           "Burkina Faso."]
VACCINE_ATTACKS = {
    "paraphrase": "A malaria vaccine made by Oxford University researchers proved 77% effective in a Burkina Faso "
                  "trial.",
    "another university": "Scientists at Cambridge University have developed a malaria vaccine that was 77% effective "
                          "in a trial in Burkina Faso.",
}
SISTERS = ["Serena Williams beat her sister Venus 6-4, 6-2 to reach the final of the Australian Open."]
SISTERS_ATTACKS = {
    "paraphrase": "Venus Williams lost 6-4, 6-2 to her sister Serena, who went through to the Australian Open final.",
    "roles swapped": "Venus Williams beat her sister Serena 6-4, 6-2 to reach the final of the Australian Open.",
    "another player": "Naomi Osaka beat Venus Williams 6-4, 6-2 to reach the final of the Australian Open.",
}
RATE_RISE = ["The Bank of England raised interest rates from 0.5% to 0.75% on Thursday, the first rise in ten years."]
RATE_RISE_ATTACKS = {
    "paraphrase": "Interest rates were increased by the Bank of England to 0.75% from 0.5% on Thursday, their first "
                  "rise in a decade.",
    "another rate": "The Bank of England raised interest rates from 0.5% to 1.25% on Thursday, the first rise in ten "
                    "years.",
}
GATWICK = ["The airline cancelled all of its flights from Gatwick on Monday after a computer failure."]
GATWICK_ATTACKS = {
    "paraphrase": "A computer failure led the airline to cancel every flight it had from Gatwick on Monday.",
    "another day": "The airline cancelled all of its flights from Gatwick on Friday after a computer failure.",
}
UNION = ["The union accepted the company's pay offer after a month of strikes."]
UNION_ATTACKS = {
    "paraphrase": "After striking for a month, the union agreed to the company's pay offer.",
    "turned down": "The union turned down the company's pay offer after a month of strikes.",
}
MATCH_PIECES = ("Barcelona beat Real Madrid 5-0 on Sunday",
                "to win the Spanish league title for the third year in a row.")  # MATCH's two EDUs
GAP = 0.10  # each attack scores at least this much below the paraphrase


def _scores(candidates, references, **options):
    options = {"claims": "check", **options}
    results = PyramidScorer(**options).score(list(candidates.values()), [references] * len(candidates))
    return {name: r.score for name, r in zip(candidates, results)}


@pytest.mark.parametrize("references, candidates", [
    ([MATCH], MATCH_ATTACKS), (RATES, RATES_ATTACKS), (MATCH_THREE, MATCH_ATTACKS), (QUAKE, QUAKE_ATTACKS),
    (TAKEOVER, TAKEOVER_ATTACKS), (VERDICT, VERDICT_ATTACKS), (CLOSURE, CLOSURE_ATTACKS), (FIRE, FIRE_ATTACKS),
    (PLANT, PLANT_ATTACKS), (BANK, BANK_ATTACKS), (TRANSFER, TRANSFER_ATTACKS), (LOWEST, LOWEST_ATTACKS),
    (FLIGHTS, FLIGHTS_ATTACKS), (STORM, STORM_ATTACKS), (MINE, MINE_ATTACKS), (STADIUM, STADIUM_ATTACKS),
    (TOUR, TOUR_ATTACKS), (UNION, UNION_ATTACKS), (VACCINE, VACCINE_ATTACKS), (SISTERS, SISTERS_ATTACKS),
    (RATE_RISE, RATE_RISE_ATTACKS), (GATWICK, GATWICK_ATTACKS)],
    ids=["one reference", "three references", "three references, other verbs", "three references, a place",
         "one reference, sold and hedged", "a verdict reversed", "other ways of saying no", "a point of the compass",
         "a plan undone", "another institution of the kind", "clubs swapped across clauses", "the opposite degree",
         "fewer for more", "delayed for cancelled", "injured for killed", "voted against for voted to approve",
         "next week for tomorrow", "a phrasal opposite", "a name sharing a word", "sisters",
         "from one figure to another", "another day"])
def test_attacks_score_below_the_paraphrase(references, candidates):
    scores = _scores(candidates, references)
    for name, score in scores.items():
        if name != "paraphrase":
            assert score <= scores["paraphrase"] - GAP, (name, scores)


def test_without_the_check_the_attacks_pass_for_the_fact():
    """The failure the check repairs: counting words, a negated or swapped summary scores above the paraphrase."""
    scores = _scores(MATCH_ATTACKS, [MATCH], claims="off", judge="words")
    assert scores["negated"] > scores["paraphrase"]
    assert scores["roles swapped"] > scores["paraphrase"]


def test_the_learned_judge_alone_reads_the_negation():
    """Without the check, the learned judge already puts the negated summary below the paraphrase; the swapped
    roles it does not see (the check does)."""
    scores = _scores(MATCH_ATTACKS, [MATCH], claims="off", judge="learned")
    assert scores["negated"] <= scores["paraphrase"] - GAP


def test_human_scus_refuse_the_attacks():
    scus = ["Barcelona beat Real Madrid", "Barcelona beat Real Madrid 5-0", "The match was on Sunday",
            "Barcelona won the Spanish league title", "Barcelona won the title for the third year in a row"]
    candidates = {k: v for k, v in MATCH_ATTACKS.items()}
    results = PyramidScorer(claims="check").score(list(candidates.values()), scus=[scus] * len(candidates))
    scores = {name: r.score for name, r in zip(candidates, results)}
    for name, score in scores.items():
        if name != "paraphrase":
            assert score <= scores["paraphrase"] - GAP, (name, scores)


@pytest.mark.parametrize("unit, text, expected", [
    ("Barcelona beat Real Madrid", "Real Madrid were beaten by Barcelona.", False),   # passive for active
    ("Barcelona beat Real Madrid", "Real Madrid beat Barcelona.", True),             # roles swapped
    ("Barcelona beat Real Madrid", "Barcelona did not beat Real Madrid.", True),     # negated
    ("Barcelona beat Real Madrid", "Barcelona failed to beat Real Madrid.", True),   # denied by its governor
    ("Barcelona failed to beat Real Madrid", "Barcelona did not beat Real Madrid.", False),  # both negative
    ("Barcelona beat Real Madrid", "Bayern beat Real Madrid.", True),                # another party
    ("Barcelona beat Real Madrid 5-0", "Barcelona beat Real Madrid 3-1.", True),     # other figures
    ("Apple agreed to buy Beats for $3 billion", "Apple agreed to buy Beats for 3 billion dollars.", False),
    ("Apple agreed to buy Beats for $3 billion", "Apple agreed to buy Beats for $5 billion.", True),
    ("David Cameron will meet Enda Kenny", "Enda Kenny will meet David Cameron.", False),  # a symmetric predicate
    ("The director was nominated", "The weather was sunny and warm.", False),        # nothing bears on it
    ("Barcelona beat Real Madrid", "Real Madrid beat Barcelona, but Barcelona beat Real Madrid in May.", False),
    ("An agreement was reached on Friday.", "No agreement was reached on Friday.", True),
    ("The drug is safe for children.", "The drug is not safe for children.", True),       # a copula
    ("Smith was arrested by police in London.", "Police were arrested by Smith in London.", True),
    ("Sales rose 5% in March.", "Sales rose 7% in March.", True),
    ("Ms Smith, 45, was sentenced to five years.", "Ms Smith, 45, was sentenced to seven years.", True),
    ("The company was founded in 2015.", "The company was founded in 2015 with 12 staff.", False),  # a figure more
    ("Liverpool signed Benteke for £32.5m.", "Liverpool signed Benteke for £32m.", False),  # an amount rounded
    ("Hull signed Hernandez for £10m.", "Hull signed Hernandez for £12m.", True),
    ("The company was founded in 2015.", "The company was founded in 2016.", True),     # a year is no amount
    ("Obama nominated Comey as FBI director.", "Trump nominated Comey as FBI director.", True),
    ("The president nominated Comey.", "Obama nominated Comey.", False),              # no name to contradict
    ("Officials said the bridge was closed.", "The mayor said the bridge was closed.", False),
    ("Germany beat Argentina in the final.", "Argentina lost to Germany in the final.", False),
    ("Barcelona won the title for the third year in a row.", "Barcelona won the title for the fifth year running.",
     True),                                                                           # another rank
    ("Barcelona won the title for the third year in a row.", "Barcelona won the title for the 3rd straight year.",
     False),
    ("Barcelona won 5-0.", "Barcelona won the title for a third year running.", False),  # a score, a rank
    ("The central bank raised interest rates.", "The central bank cut interest rates.", True),  # an opposite
    ("Sales rose 5% in March.", "Sales fell 5% in March.", True),
    ("Sales rose 5% in March.", "Sales climbed 5% in March.", False),
    ("Microsoft will acquire Activision.", "Activision will buy Microsoft.", True),  # the same event, swapped
    ("Microsoft will acquire Activision.", "Activision was bought by Microsoft.", False),
    ("Barcelona thrashed Real Madrid 5-0.", "Barcelona did not beat Real Madrid 5-0.", True),
    ("Sarah Jones won the Hartley by-election.", "Tom Reed defeated Sarah Jones in the Hartley by-election.", True),
    ("Sarah Jones won the Hartley by-election.", "Sarah Jones defeated Tom Reed in the Hartley by-election.", False),
    ("Barcelona beat Real Madrid on Sunday.", "Real Madrid won the league.", False),  # another contest
    ("Barcelona won the title for the third year.", "Barcelona beat Real Madrid 3-1 to win the title for the "
     "fifth year.", True),  # "beat" entails a win, which never vouches for the title's rank
    ("The win gave Barcelona the Spanish league title.", "Barcelona did not win the Spanish league title.", True),
    ("The win gave Barcelona the Spanish league title.", "Barcelona won the Spanish league title but did not win "
     "the cup.", False),  # said positively too
    ("Aston Villa have signed Joe Cole.", "Aston Villa have signed Carlton Cole.", True),  # another of the name
    ("Manchester United beat Chelsea.", "Manchester City beat Chelsea.", True),
    # a proper noun a name takes with "of" is part of the name ("England" is a title elsewhere)
    ("The European Central Bank raised interest rates.", "The Bank of England raised interest rates.", True),
    ("The Bank of England raised interest rates.", "The European Central Bank raised interest rates.", True),
    ("The Duke of York opened the hospital wing.", "The Duke of Cambridge opened the hospital wing.", True),
    ("The Bank of England raised interest rates.", "The Bank raised interest rates.", False),
    ("Leicester Cathedral has defended its decision.", "The Dean of Leicester Cathedral has defended its "
     "decision.", False),
    ("The University of Oxford has appealed.", "Oxford University has appealed.", False),
    ("Aston Villa have signed Joe Cole.", "Aston Villa have signed former England midfielder Joe Cole.", False),
    ("President Obama signed the bill.", "Barack Obama signed the bill.", False),  # a title is no name
    ("Sarah Jones won the by-election.", "Jones won the by-election.", False),
    ("Karen Gillian is to star in the film.", "Karen Gillan is to star in the film.", False),  # one name misspelt
    ("A gunman opened fire at a youth camp in Norway.", "A gunman opened fire at a youth camp in Panama.", True),
    ("Four British soldiers have been jailed.", "Four Spanish soldiers have been jailed.", True),  # described by
    ("Police in Italy have arrested a pilot.", "Police in San Francisco have arrested a pilot.", True),  # a name
    ("Rebels attacked Afghanistan's security service.", "Rebels attacked England's security service.", True),
    ("A gunman opened fire at a camp in Norway.", "A gunman opened fire at a camp on Utoya, in Norway.", False),
    ("They tried to smuggle guns into the UK.", "They tried to smuggle guns into Britain.", False),  # one country
    ("The Labour MP resigned.", "The Welsh MP resigned.", False),  # a party and a nation: both may be true
    ("British soldiers have been jailed.", "Four Spanish soldiers have been jailed.", True),  # a nation first
    ("Former soldiers have been jailed.", "Four Spanish soldiers have been jailed.", False),  # no nation
    ("The man was arrested in Italy.", "Police in San Francisco have arrested a man.", True),  # where it happened
    ("The man was arrested.", "The man arrested two police officers.", True),  # the one role, the other way
    ("Police arrested the man.", "Police were arrested by the man.", True),
    ("The man was arrested in Italy.", "Man arrested in Italy.", False),  # a headline's participle is passive
    ("Four soldiers have been jailed.", "Four soldiers jailed for smuggling guns.", False),
    ("A Denbighshire road has been reopened.", "A road in Denbighshire has reopened.", False),  # no object
    ("A Banksy artwork has been put up for sale.", "A Banksy mural is to be put up for sale.", False),
    ("The most detailed analysis of a skeleton has begun.", "Scientists have begun the most detailed analysis of a "
     "skeleton.", False),  # the lone agent of a verb that may drop its object
    ("A gunman opened fire at a camp in Norway.", "A gunman opened fire at a camp in Norwy.", False),  # misspelt
    ("The wife of former Manchester United and England captain Rio Ferdinand has died.",
     "The wife of former England captain Rio Ferdinand has died.", False),  # one of two names said
    ("Michelle Dockery and actor Dominic West will star in a revival.",
     "Oscar-winning actor Dominic West and Game of Thrones star Michelle Dockery are to star in a revival.", False),
    ("Downton Abbey star Michelle Dockery will star in a revival.",
     "Game of Thrones star Michelle Dockery will star in a revival.", True),  # described as another's star
    # a verb's opposite: the other polarity of the same subject ("lost" is "did not win")
    ("Labour won the seat.", "Labour lost the seat.", True),
    ("Manchester United lost the final against Chelsea.", "Manchester United won the final against Chelsea.", True),
    ("The council approved the stadium plan.", "The council rejected the stadium plan.", True),
    ("The jury convicted the former mayor.", "The jury acquitted the former mayor.", True),
    ("The government has banned smoking in parks.", "The government has allowed smoking in parks.", True),
    ("The factory will close next year.", "The factory will open next year.", True),
    ("All passengers survived the crash.", "All passengers died in the crash.", True),
    ("The senator supported the bill.", "The senator opposed the bill.", True),
    ("He admitted the charges.", "He denied the charges.", True),
    ("The company's profit doubled.", "The company's profit halved.", True),
    ("Jones defeated Reed in the by-election.", "Reed lost the by-election to Jones.", False),  # another subject
    ("Chelsea lost 2-1 to Arsenal.", "Arsenal beat Chelsea 2-1.", False),
    ("Labour won the seat.", "Labour did not lose the seat.", False),
    # a person of another kind in a role
    ("Police arrested a man after a woman was stabbed.", "Police arrested a woman after a man was stabbed.", True),
    ("A man has been arrested in Leeds.", "A woman has been arrested in Leeds.", True),
    ("A woman has been arrested.", "A man and a woman have been arrested.", False),
    ("A former nurse was found guilty of murdering seven babies.", "A former doctor was found guilty of murdering "
     "seven babies.", True),
    ("The teacher was suspended by the school.", "The pupil was suspended by the school.", True),
    ("His uncle has been charged with the attack.", "His aunt has been charged with the attack.", True),
    ("A nurse has been suspended by the hospital.", "A nurse and a doctor have been suspended by the hospital.",
     False),
    ("The pupil was suspended by the school.", "The student was suspended by the school.", False),  # one kind
    ("Thousands of nurses will strike next month.", "Thousands of doctors will strike next month.", True),
    ("A woman has paid tribute to her son.", "The mother of a man who died has paid tribute to him.", False),
    ("The striker was sent off by the referee.", "The goalkeeper was sent off by the referee.", True),
    # a gerund after "after", "before", "by" ... does what its clause's subject does
    ("The striker has signed for Celtic after leaving Rangers.", "The striker has signed for Rangers after leaving "
     "Celtic.", True),
    ("The manager was sacked after losing to Chelsea.", "The manager was sacked after losing to Arsenal.", True),
    ("The striker has signed for Celtic after leaving Rangers.", "The striker left Rangers and has signed for "
     "Celtic.", False),
    ("The striker did not sign for Celtic after leaving Rangers.", "The striker left Rangers.", False),
    ("Amazon was fined for breaching EU privacy rules.", "Amazon was fined for breaching UK privacy rules.", True),
    ("The firm thanked the council for agreeing to the plan.", "The firm agreed to the plan.", False),  # "for": open
    # a passive's second object is no patient, and a "by" hung on it is the agent
    ("Amazon has been fined 746 million euros by the Luxembourg authority.", "The Luxembourg authority has been "
     "fined 746 million euros by Amazon.", True),
    ("Amazon has been fined 746 million euros by the Luxembourg authority.", "The Luxembourg authority has fined "
     "Amazon 746 million euros.", False),
    # a name the same preposition hangs on the event or on its object: the parser's choice
    ("The striker has signed a contract with Celtic.", "The striker has signed a contract with Rangers.", True),
    ("The striker has signed a two-year contract with Celtic.", "The striker has signed a contract with Celtic "
     "for two years.", False),
    # a degree that excludes the unit's
    ("Unemployment fell to its lowest level since 2008.", "Unemployment fell to its highest level since 2008.",
     True),
    ("More than 200 flights were cancelled at Heathrow.", "Fewer than 200 flights were cancelled at Heathrow.",
     True),
    ("More than 200 flights were cancelled at Heathrow.", "Over 200 flights were cancelled at Heathrow.", False),
    ("Inflation was higher than expected in May.", "Inflation was lower than expected in May.", True),
    # how many times, and a figure inside an adverb, are figures of the claim
    ("Mohamed Salah scored twice for Liverpool.", "Mohamed Salah scored three times for Liverpool.", True),
    ("Mohamed Salah scored three times for Liverpool.", "Mohamed Salah scored twice for Liverpool.", True),
    ("Mohamed Salah scored twice for Liverpool.", "Mohamed Salah scored two goals for Liverpool.", False),
    ("The win moves Liverpool four points clear at the top.", "The win moves Liverpool seven points clear at the "
     "top.", True),
    # a day or period said relative to now is a figure of its own kind, for each period
    ("Amanda will bring Jerry some cookies tomorrow.", "Amanda will bring Jerry some cookies today.", True),
    ("The meeting will take place next week.", "The meeting will take place last week.", True),
    ("Amanda will call Jerry tonight.", "Amanda will call Jerry today.", False),
    ("The meeting will take place next week.", "The meeting will take place on Monday next week.", False),
    ("Amanda will bring Jerry some cookies tomorrow.", "Amanda will bring Jerry some cookies.", False),
    # a name swapped between where (or when) a fact starts and ends
    ("The meeting has been moved from Monday to Wednesday.", "The meeting has been moved from Wednesday to "
     "Monday.", True),
    ("The flight from London to Paris was cancelled.", "The flight from Paris to London was cancelled.", True),
    ("The meeting has been moved from Monday to Wednesday.", "The meeting has been moved to Wednesday.", False),
    ("He moved from Leeds to London in 2010.", "He moved to London from Leeds in 2010.", False),
    ("Bradley is too busy to talk to Joanne.", "Joanne wants to talk to Bradley.", False),  # "to" of a party
    # a win by a score is the loser's loss by that score, and nothing else the loser won
    ("Liverpool won 3-1.", "Manchester City beat Liverpool 3-1 at Anfield.", True),
    ("Barcelona won 5-0.", "Real Madrid beat Barcelona 5-0 on Sunday.", True),
    ("Liverpool won 3-1 at Anfield.", "Liverpool beat Manchester City 3-1 at Anfield.", False),
    ("Real Madrid won the league.", "Barcelona beat Real Madrid 5-0 on Sunday.", False),
    ("Real Madrid won 2-1 on Saturday.", "Barcelona beat Real Madrid 5-0 on Sunday.", False),
    ("Manchester City lost 3-1 to Liverpool.", "Liverpool beat Manchester City 3-1.", False),
    # a reflexive object is its subject again
    ("The whales became stranded on rocks.", "The whales stranded themselves on rocks.", False),
    # selling is buying seen from the other party: it denies only the same buyer
    ("Microsoft has agreed to buy Activision Blizzard.", "Microsoft has agreed to sell Activision Blizzard.", True),
    ("Criminals use the dark net to buy weapons.", "Weapons are being sold on the dark net.", False),
    ("A group plans to buy the school site.", "The council wants to sell the school site.", False),
    # a party and its acronym are one name, either way round; another acronym is another party
    ("The ECB raised rates by 0.25 points.", "The European Central Bank raised interest rates by 0.25 points.", False),
    ("The Federal Bureau of Investigation arrested the man.", "The FBI arrested the man.", False),
    ("The FBI arrested the man.", "The Federal Bureau of Investigation arrested the man.", False),
    ("The FBI arrested the man.", "The CIA arrested the man.", True),
    ("The ECB raised rates.", "The Bank of England raised rates.", True),
    ("The ECB raised rates.", "The European Central Bank did not raise rates.", True),
    # a named object the parser reads as an adverb of the score is the object
    ("Spain beat England 1-0 in Sydney.", "Spain beat Sweden 1-0 in Sydney.", True),
    ("The club signed Smith.", "The club announced Monday that it had signed Smith.", False),
    # the loser did not win the game, whatever the score, but may have won something else
    ("Chelsea won the game.", "Huddersfield beat Chelsea.", True),
    ("Chelsea won the league.", "Huddersfield beat Chelsea.", False),
    ("Chelsea beat Arsenal.", "Chelsea won the game.", False),
    # another kind of person or institution, the plural in "-men" included
    ("Coastguards rescued 43 migrants.", "Fishermen rescued 43 migrants.", True),
    ("The government has banned the sale of vapes.", "The supermarket has banned the sale of vapes.", True),
    ("Police arrested three men.", "Police arrested three women.", True),
    # a list of names with one replaced, however the parser hangs its first names; a longer list is no other party
    ("George, Robert and Paul are going to play basketball.", "Dan, Robert and Paul are going to play basketball.",
     True),
    ("Ania, Kasia, Zuzia and Jan want to go to the church.", "Ania, Helen, Zuzia and Jan want to go to the church.",
     True),
    ("Mike will go for a beer.", "Mike, Tom and Ben will go for a beer.", False),
    # a law passed is a law approved: rejected denies it, approved says it
    ("The Senate passed a spending bill.", "The Senate rejected a spending bill.", True),
    ("The Senate passed a spending bill.", "The Senate approved a spending bill.", False),
    ("Maria passed her driving test.", "Maria failed her driving test.", True),
    # a name in apposition after a comma names the party, and another there is another party
    ("Microsoft's chief executive, Satya Nadella, will step down.",
     "Microsoft's chief executive, Sundar Pichai, will step down.", True),
    ("Microsoft's chief executive, Satya Nadella, will step down.", "Satya Nadella will step down.", False),
    ("Microsoft's chief executive, Satya Nadella, will step down.", "Microsoft's chief executive will step down.",
     False),
    ("An inquiry has cleared Alan Shatter.",
     "A report has cleared the commissioner, Michael Callinan, and the minister, Alan Shatter.", False),
    # a name of letters and digits is a name; in a pair that agreed, one of the two replaced is another party
    ("Vodafone and Three have agreed to merge.", "Vodafone and O2 have agreed to merge.", True),
    ("Vodafone and O2 have agreed to merge.", "O2 and Vodafone have agreed to merge.", False),
    ("Vodafone and O2 have agreed to merge.", "Vodafone has agreed to merge with O2.", False),
])
def test_contradicted(unit, text, expected):
    assert contradicted(claims([unit])[0], claims([text])[0]) is expected


@pytest.mark.parametrize("unit, text, expected", [
    ("Barcelona beat Real Madrid.", "Barcelona did not beat Real Madrid.", "denied"),
    ("Barcelona beat Real Madrid.", "Real Madrid beat Barcelona.", "denied"),
    ("The team won the title.", "The team did not win it: the title went elsewhere.", "denied"),
    ("Barcelona beat Real Madrid.", "Bayern beat Real Madrid.", "changed"),
    ("Barcelona beat Real Madrid 5-0.", "Barcelona beat Real Madrid 2-0.", "changed"),
    ("Barcelona beat Real Madrid 5-0.", "Barcelona beat Real Madrid 5-0.", ""),
    ("Barcelona beat Real Madrid.", "Barcelona won the title.", ""),
    ("He did not beat Real Madrid.", "Barcelona beat Real Madrid.", "denied"),  # a pronoun may be any agent
    # "able to" passes its subject and polarity on; "unable to", "forgot to" deny what they govern
    ("Ainsley is not able to help Jane.", "Ainsley can't help Jane with her thesis.", ""),
    ("Ainsley is unable to help Jane.", "Ainsley can't help Jane.", ""),
    ("Ainsley is able to help Jane.", "Ainsley can't help Jane.", "denied"),
    ("Jacob hasn't listened to the song.", "Jacob forgot to listen to the song.", ""),
    ("Jacob listened to the song.", "Jacob forgot to listen to the song.", "denied"),
    # a causative's participle is done to its subject: the bags are collected, as in the unit
    ("Black bin bags could be collected in Pembrokeshire.", "Residents in Pembrokeshire could have their black bin "
     "bags collected three times a week in a bid to save the council money.", ""),
    ("Black bin bags could be collected.", "Black bin bags could not be collected.", "denied"),
    # a copula denies only what describes the subject with the same words
    ("Christine is sick.", "Christine will not be at school tomorrow.", ""),
    ("Teluguland is quite poor.", "Teluguland is not rich.", ""),
    ("Christine is sick.", "Christine is not sick.", "denied"),
    ("Barcelona is the champion.", "Barcelona is not the champion.", "denied"),
    # a possibility does not state the fact ("could", "might", "may"), unless the unit is one too
    ("Barcelona beat Real Madrid.", "Barcelona could beat Real Madrid.", "denied"),
    ("Microsoft has agreed to buy Activision.", "Microsoft may agree to buy Activision.", "denied"),
    ("Noah might have to stay late at work.", "Noah might have to stay late.", ""),
    ("Benjamin didn't come to the game.", "Benjamin couldn't come to the game.", ""),  # a negated modal: it did not
    ("He was given the highest honour.", "He was awarded the highest honour that could be given.", ""),
    ("stay late at work", "Noah might have to stay late at work.", ""),  # a piece without its subject
    # other ways of saying no: a verdict, a denial of a clause, "no longer", "ruled out", "unlikely to", "yet to"
    ("A jury found the nurse guilty of murder.", "A jury found the nurse not guilty of murder.", "denied"),
    ("He was found guilty of murdering his wife.", "He was found not guilty of murdering his wife.", "denied"),
    ("He was found guilty of murdering his wife.", "He was found guilty of murdering his wife.", ""),
    ("murdering his wife", "He was cleared of murdering his wife.", "denied"),
    ("He was convicted of murdering his wife.", "He was acquitted of murdering his wife.", "denied"),
    ("He was convicted of murdering his wife.", "He was cleared of murdering his wife.", "denied"),
    ("Smith was found innocent of the murder.", "Smith was found guilty of the murder.", "denied"),
    ("The company will close its factory.", "The company has denied it will close its factory.", "denied"),
    ("The company will close its factory.", "The company did not deny it will close its factory.", ""),
    ("The company will close its factory.", "The company will no longer close its factory.", "denied"),
    ("The company will close its factory.", "The company has ruled out closing its factory.", "denied"),
    ("The company will close its factory.", "The company is unlikely to close its factory.", "denied"),
    ("The company has closed its factory.", "The company has yet to close its factory.", "denied"),
    ("The company has closed its factory.", "The company is yet to close its factory.", "denied"),
    ("The striker will play in the final.", "The striker is unfit to play in the final.", "denied"),
    ("The striker will play in the final.", "The striker is fit to play in the final.", ""),
    ("The victim was alive when police arrived.", "The victim was dead when police arrived.", "denied"),
    ("The drug is of great benefit to patients.", "The drug is of no benefit to patients.", "denied"),
    ("Radiotherapy is of no benefit to patients.", "Radiotherapy is no longer an effective treatment for patients.",
     ""),
    ("The victim was alive when police arrived.", "The victim was still alive when police arrived.", ""),
    ("The government accepted the recommendations.", "The government rejected the recommendations.", "denied"),
    # an indirect object is the object of "to"; a meeting's place; a place's point of the compass
    ("Jenny gave Mark 50 dollars.", "Jenny gave Paul 50 dollars.", "changed"),
    ("Jenny gave Mark 50 dollars.", "Jenny gave 50 dollars to Mark.", ""),
    ("Macron met Scholz in Berlin.", "Macron met Scholz in Paris.", "changed"),
    ("Macron met Scholz in Berlin.", "Scholz met Macron in Berlin.", ""),
    ("The fire broke out in a flat in north London.", "The fire broke out in a flat in south London.", "changed"),
    ("The fire broke out in a flat in north London.", "The fire broke out in a flat in London.", ""),
    ("The quake struck southern Turkey.", "The quake struck northern Turkey.", "changed"),
    # a plan's act takes the polarity of the verb that has the plan: scrapped, called off, no plans; a plan another
    # party overruled still says there was a plan
    ("The company will close its factory.", "The company has scrapped plans to close its factory.", "denied"),
    ("The company will close its factory.", "The company has called off plans to close its factory.", "denied"),
    ("The company will close its factory.", "The company has no plans to close its factory.", "denied"),
    ("The company will close its factory.", "There are no plans to close the company's factory.", "denied"),
    ("The company will close its factory.", "Plans to close the company's factory have been shelved.", "denied"),
    ("The company will close its factory.", "Ministers blocked the company's bid to close its factory.", "denied"),
    ("The company will close its factory.", "The company announced plans to close its factory.", ""),
    ("The company will close its factory.", "The company did not abandon plans to close its factory.", ""),
    ("The company plans to close its factory.", "The company has dropped its plan to close its factory.", "denied"),
    ("The plans are to build 500 homes.", "A plan to build 500 homes was rejected by the council.", ""),
    ("The cathedral decided to stage the play.", "The dean defended the cathedral's decision to stage the play.", ""),
    ("Westminster Abbey will stage the play.", "The dean defended the Globe Theatre's decision to stage the play.",
     "changed"),
    # a state written as a passive participle ("will be closed") against its opposite written as a copula's
    ("The museum will be open to visitors on Sundays.", "The museum will be closed to visitors on Sundays.", "denied"),
    ("The museum will be closed to visitors on Sundays.", "The museum will be open to visitors on Sundays.", "denied"),
    ("The museum will be closed to visitors on Sundays.", "The museum will not be open to visitors on Sundays.", ""),
    ("The museum is open on Sundays.", "The museum will be closed on Mondays.", ""),
    ("The council closed the museum.", "The museum was closed by the council.", ""),
    # another outcome of the same thing changes a detail; the unit's own outcome said beside it does not
    ("At least 12 people were killed in the attack.", "At least 12 people were injured in the attack.", "changed"),
    ("The attack killed 12 people.", "The attack injured 12 people.", "changed"),
    ("At least 12 people were killed in the attack.", "At least 12 people were killed and 40 injured.", ""),
    ("Two people were injured in the crash.", "Two people were hurt in the crash.", ""),
    ("He was injured in the crash.", "He was not killed in the crash.", ""),
    ("The flight to Paris was cancelled.", "The flight to Paris was delayed because of the storm.", "changed"),
    ("The match was postponed because of snow.", "The match was cancelled because of snow.", "changed"),
    ("The flight was delayed.", "The flight was delayed and later cancelled.", ""),
    ("The former minister was charged with fraud.", "The former minister was cleared of fraud.", "changed"),
    ("The man was charged with murder.", "The man was charged with murder and remanded in custody.", ""),
    ("The former minister was convicted of fraud.", "The former minister was cleared of fraud.", "denied"),
    ("Smith joined Arsenal in 2019.", "Smith left Arsenal in 2019.", "changed"),
    ("The firm hired 200 workers.", "The firm laid off 200 workers.", "changed"),
    # more opposites read as the other polarity, phrasal verbs as the verb they mean, and states and things that
    # exclude each other
    ("The bill passed in the Senate on Tuesday.", "The bill failed in the Senate on Tuesday.", "denied"),
    ("The government raised the minimum wage.", "The government froze the minimum wage.", "denied"),
    ("The court upheld the ban on the march.", "The court overturned the ban on the march.", "denied"),
    ("Exports grew by 5% in March.", "Exports shrank by 5% in March.", "denied"),
    ("The economy is growing.", "The economy is shrinking.", "denied"),
    ("Prices went up by 3%.", "Prices went down by 3%.", "denied"),
    ("Prices rose by 3%.", "Prices went up by 3%.", ""),
    ("The union accepted the pay offer.", "The union turned down the pay offer.", "denied"),
    ("The judge granted bail to the man.", "The judge refused bail to the man.", "denied"),
    ("Police found the missing girl alive.", "Police found the missing girl dead.", "denied"),
    ("Republicans gained seats in the House.", "Republicans lost seats in the House.", "denied"),
    ("Republicans won seats in the House.", "Republicans gained seats in the House.", ""),
    ("The drug is safe for children.", "The drug is dangerous for children.", "denied"),
    ("The company made a profit of $2 million.", "The company made a loss of $2 million.", "changed"),
    # a name typed with a letter left out or added, or two letters swapped, is the same name; one letter changed is
    # another
    ("Barcelona beat Real Madrid.", "Barcelna beat Real Madird.", ""),
    ("Microsoft has agreed to buy Activision Blizzard.", "Microsfot has agreed to buy Activison Blizzard.", ""),
    ("Martha wants to buy similar lenses.", "Matha wants to buy similar lenses.", ""),
    ("Iceland beat England in Nice.", "Ireland beat England in Nice.", "changed"),
    ("Iran signed the deal.", "Iraq signed the deal.", "changed"),
    # a pronoun of the other gender, or its thing
    ("The prime minister said he would resign.", "The prime minister said she would resign.", "changed"),
    ("Sarah Jones said her company would open a factory.", "Sarah Jones said his company would open a factory.",
     "changed"),
    ("He scored twice in the final.", "They scored twice in the final.", ""),
    ("Den will invite his mum for tea.", "Den will invite her for tea.", ""),
    # who did it and whose thing it was done to, swapped
    ("Nurses rejected the government's pay offer.", "The government rejected the nurses' pay offer.", "denied"),
    ("Nurses rejected the pay offer from the government.", "The government rejected the pay offer from nurses.",
     "denied"),
    ("Nurses rejected the pay offer from the government.", "The government rejected the pay offer.", ""),
    ("The council approved the company's plan.", "The company's plan was approved by the council.", ""),
    # the other side of what a fact is placed before or after
    ("Police arrested the man after the match.", "Police arrested the man before the match.", "changed"),
    ("The striker signed for Celtic after leaving Rangers.", "The striker signed for Celtic before leaving Rangers.",
     "changed"),
    ("The striker signed for Celtic after he left Rangers.", "The striker signed for Celtic before he left Rangers.",
     "changed"),
    ("The fire started after the fireworks display.", "The fire started shortly after the fireworks display.", ""),
    ("The fire started after the fireworks display.", "The fire started after the display, before midnight.", ""),
    ("He resigned before the vote.", "He resigned after the scandal.", ""),
    # "despite" for "because of": the other link to the same thing
    ("The match was cancelled because of the storm.", "The match was cancelled despite the storm.", "changed"),
    ("The match was cancelled because it rained.", "The match was cancelled although it rained.", "changed"),
    ("The match was cancelled because of the storm.", "The match was cancelled due to the storm.", ""),
    # a vote for or against a thing is its approval or not
    ("Councillors voted to approve the new stadium.", "Councillors voted against the new stadium.", "denied"),
    ("Councillors voted against the new stadium.", "Councillors voted to approve the new stadium.", "denied"),
    ("Councillors voted for the new stadium.", "Councillors voted against the new stadium.", "denied"),
    ("Councillors approved the new stadium.", "Councillors voted against the new stadium.", "denied"),
    ("Councillors voted to approve the new stadium.", "Councillors voted for the new stadium.", ""),
    ("Councillors voted against the new stadium.", "Councillors rejected the new stadium.", ""),
    # times relative to now of two periods: the longer one must be the present one
    ("The festival will take place tomorrow.", "The festival will take place next week.", "changed"),
    ("The festival will take place tomorrow.", "The festival will take place this week.", ""),
    ("The results were published yesterday.", "The results were published last month.", "changed"),
    # a figure after a chained preposition ("from 0.5% to 0.75%") is the claim's; "a decade" states no figure
    ("The bank raised rates from 0.5% to 0.75% on Thursday.", "The bank raised rates to 0.75% from 0.5%.", ""),
    ("The bank raised rates from 0.5% to 0.75% on Thursday.", "The bank raised rates from 0.5% to 1.25%.", "changed"),
    # another person of the same family is no subject of the unit's: "Venus lost" does not deny "Serena won"
    ("Serena Williams beat her sister Venus in the final.", "Venus Williams lost the final to her sister Serena.", ""),
    ("Serena Williams won the final.", "Serena Williams lost the final.", "denied"),
    # a name that shares a word with the unit's and has another of its own
    ("Scientists at Oxford University developed the vaccine.", "Scientists at Cambridge University developed the "
     "vaccine.", "changed"),
    ("Scientists at Oxford University developed the vaccine.", "Scientists at the University of Oxford developed the "
     "vaccine.", ""),
    ("Scientists at Oxford University developed the vaccine.", "Oxford scientists developed the vaccine.", ""),
    # a verb read as its opposite's other polarity restates the unit's noun of that verb
    ("The minister was concerned over news of 27 job cuts at the studio.", "The minister is concerned about plans "
     "to cut 27 jobs at the studio.", ""),
    ("The win gave them the league title.", "They did not win the league title.", "denied"),
    # a day said of the event or of its object is when the event happened
    ("The airline cancelled all of its flights from Gatwick on Monday.", "The airline cancelled all of its flights "
     "from Gatwick on Friday.", "changed"),
    ("The airline cancelled all of its flights from Gatwick on Monday.", "On Monday the airline cancelled all its "
     "Gatwick flights.", ""),
    # the figure a change is measured from is the claim's ("down from $9.5 billion")
    ("Shell reported a profit of $6.2 billion, down from $9.5 billion a year earlier.", "Shell reported a profit of "
     "$6.2 billion, up from $4.5 billion a year earlier.", "changed"),
    ("Shell reported a profit of $6.2 billion, down from $9.5 billion a year earlier.", "Shell reported a profit of "
     "$6.2 billion, down from $9.5 billion in the same quarter last year.", ""),
    # an occupation is no other occupation
    ("Teachers in Scotland have accepted a pay offer.", "Nurses in Scotland have accepted a pay offer.", "changed"),
    ("Teachers in Scotland have accepted a pay offer.", "Scottish teachers have accepted the pay offer.", ""),
    # an act called off, named by the noun of the unit's verb
    ("Junior doctors will strike for five days from Wednesday.", "Junior doctors have called off their five-day "
     "strike.", "denied"),
    ("Junior doctors will strike for five days from Wednesday.", "Junior doctors have called off talks and will "
     "strike from Wednesday.", ""),
    ("Junior doctors will strike for five days from Wednesday.", "Junior doctors have called a five-day strike "
     "from Wednesday.", ""),
    # "one" counting a noun is a figure; "one of" and "no one" are words
    ("Gateshead have signed Wes Atkinson on a one-month loan deal.", "Gateshead have signed Wes Atkinson on a "
     "four-month loan deal.", "changed"),
    ("Gateshead have signed Wes Atkinson on a one-month loan deal.", "Gateshead signed Wes Atkinson on loan for a "
     "month.", ""),
    ("Burundi is one of the world's poorest nations.", "Burundi is one of the world's poorest, with a population of "
     "about 10m.", ""),
    # the clause of a negated report is not stated
    ("The company will close the factory.", "The company will close the factory, its chief executive did not say.",
     "denied"),
    ("The company will close the factory.", "Its chief executive did not say that the company will close the "
     "factory.", "denied"),
    ("The company will close the factory.", "Its chief executive did not say when the company will close the "
     "factory.", ""),
    ("The company will close the factory.", "The company will close the factory, its chief executive said.", ""),
    # most of the roles' words crossed: the same words in both teams' names
    ("Manchester City beat Manchester United 2-1.", "Manchester United beat Manchester City 2-1.", "denied"),
    ("The US Federal Reserve has raised its interest rate, only the second increase in a decade.", "Its interest "
     "rate has raised the US Federal Reserve, only the second increase in a decade.", "denied"),
    # a named object beside an amount is the one fined, whether parsed as the object or as the recipient
    ("A judge fined Donald Trump $355 million.", "A judge fined Rudy Giuliani $355 million.", "changed"),
    ("A judge fined Donald Trump $355 million.", "Donald Trump was fined $355 million by a judge.", ""),
    # a past form read as its verb ending in "e" ("fined": fine, not fin)
    ("A judge fined Donald Trump $355 million.", "A judge did not fine Donald Trump $355 million.", "denied"),
    # a verb's antonym (WordNet) is another outcome of the same thing, read as the claim reads the verb ("hit" is
    # "strike"); a converse, a move said from the other place and a thing found again are not
    ("The Tour of Britain begins in Glasgow on Sunday.", "The Tour of Britain ends in Glasgow on Sunday.", "changed"),
    ("The Tour of Britain begins in Glasgow on Sunday.", "The Tour of Britain starts in Glasgow on Sunday.", ""),
    ("A man died when his car was hit by a train.", "A man died when his car was missed by a train.", "changed"),
    ("The council approved the plan.", "The council disapproved the plan.", "changed"),
    ("Sarah borrowed 50 pounds from Mark.", "Mark lent Sarah 50 pounds.", ""),
    ("Paula will come over to Julie's.", "Paula will go to Julie's.", ""),
    ("Robert has lost his job.", "Serge will help Robert find a job.", ""),
    # an adjective's antonym describing a thing of the fact, of the same polarity
    ("Heavy rain will hit parts of Wales on Monday.", "Light rain will hit parts of Wales on Monday.", "changed"),
    ("Heavy rain will hit parts of Wales on Monday.", "Parts of Wales will see heavy rain on Monday.", ""),
    ("The captain tried to dock in strong winds.", "The captain tried to dock in weak winds.", "changed"),
    ("The number of jobseekers has risen, according to official figures.", "The number of jobseekers has risen, "
     "according to unofficial figures.", "changed"),
    ("Teluguland is quite poor.", "Teluguland is rich.", "denied"),
    ("Teluguland is quite poor.", "Teluguland is not rich.", ""),
])
def test_how_a_text_contradicts_a_unit(unit, text, expected):
    """The other polarity or swapped roles deny a fact; another party or other figures change a detail of it."""
    from pyramid_metric.claims import contradiction_of

    assert contradiction_of(claims([unit])[0], claims([text])[0]) == expected


def test_a_denied_fact_and_a_changed_detail_keep_their_own_caps():
    import numpy as np

    from pyramid_metric.claims import cap_contradicted

    units = ["Barcelona beat Real Madrid.", "Barcelona beat Real Madrid 5-0."]
    unit_claims = [claims([u])[0] for u in units]
    for text, kept in (("Barcelona did not beat Real Madrid 5-0.", [0.1, 0.1]),
                       ("Barcelona beat Real Madrid 2-0.", [0.9, 0.5]),
                       ("Barcelona beat Real Madrid 5-0.", [0.9, 0.9])):
        capped = cap_contradicted(np.full(2, 0.9), unit_claims, text, cap=0.5, denied_cap=0.1)
        assert list(capped) == pytest.approx(kept), text
    # a cap of 0 (the weights: a reference that contradicts a unit does not express it) holds for both kinds
    assert list(cap_contradicted(np.full(2, 0.9), unit_claims, "Bayern beat Real Madrid 5-0.", cap=0.0,
                                 denied_cap=0.1)) == [0.0, 0.0]


def test_a_piece_takes_the_subject_of_its_passage():
    """An EDU without a subject of its own ("to win the title") is read inside its reference."""
    beat, win = passage_claims(("Barcelona beat Real Madrid on Sunday", "to win the title."))
    assert win[0].predicate == "win" and "barcelona" in win[0].agent.stems
    assert contradicted(win, claims(["Real Madrid beat Barcelona to win the title."])[0])


def test_a_piece_without_a_predicate_holds_the_claims_of_its_parties():
    """An EDU that only names who the sentence speaks of ("Four British soldiers" of "... have been jailed")
    holds the claim it is the agent or patient of, and a summary that negates it contradicts that EDU too."""
    soldiers, smuggled, jailed = passage_claims(("Four British soldiers", "who tried to smuggle guns into the UK",
                                                 "have been jailed."))
    assert [c.predicate for c in soldiers] == ["imprison"] and "soldier" in soldiers[0].patient.stems  # jail
    assert [c.predicate for c in smuggled] == ["try", "smuggle"]  # a piece with predicates keeps its own
    negated = claims(["Four British soldiers who tried to smuggle guns into the UK have not been jailed."])[0]
    assert contradicted(soldiers, negated) and contradicted(jailed, negated) and not contradicted(smuggled, negated)


def test_a_piece_without_a_predicate_holds_the_claims_it_places():
    """An EDU that only says where a fact happened ("without power in France") holds the claim of its sentence, so
    that a summary placing the fact elsewhere contradicts it; the piece of another place keeps nothing new."""
    homes, power = passage_claims(("Storm Ciaran left 1.2 million homes", "without power in France."))
    assert [c.predicate for c in power] == ["leave"]
    assert contradicted(power, claims(["Storm Ciaran left 1.2 million homes without power in Spain."])[0])
    assert not contradicted(power, claims(["Storm Ciaran left 1.2 million homes without power in France."])[0])


def test_claims_of_pronouns_alone_bear_on_each_other_by_their_genders():
    """"she promised to pay him back on Friday" and "... on Monday" speak of one payment (the same pronouns)."""
    _, pay = passage_claims(("Mark lent Sarah 50 pounds,", "and she promised to pay him back on Friday."))
    assert contradicted(pay, claims(["Mark lent Sarah 50 pounds, and she promised to pay him back on Monday."])[0])
    assert not contradicted(pay, claims(["Mark lent Sarah 50 pounds, and she promised to pay him back on Friday."])[0])


def test_weights_count_only_the_references_that_state_a_unit():
    """A reference that negates a unit's fact does not count towards its weight."""
    refs = ["The council approved the new stadium on Monday.", "The council did not approve the new stadium."]
    pyr = PyramidScorer(claims="check").pyramids([refs], [None])[0]
    checked = {u.text: u.weight for u in pyr.units}
    unchecked = {u.text: u.weight for u in PyramidScorer(claims="off").pyramids([refs], [None])[0].units}
    assert max(unchecked.values()) == 2 and max(checked.values()) == 1, (checked, unchecked)


def test_signature_names_the_check():
    assert "claims:check(" in PyramidScorer(claims="check").signature()
    assert "claims:off" in PyramidScorer(claims="off").signature()


@pytest.mark.parametrize("text, references, expected", [
    ("The ECB cut rates.", ["The European Central Bank cut rates."], "The European Central Bank cut rates."),
    ("The European Central Bank cut rates.", ["The ECB cut rates."], "The ECB cut rates."),
    ("The FBI said so.", ["the Federal Bureau of Investigation said so"], "The Federal Bureau of Investigation said so."),
    ("The U.S. agreed.", ["The United States agreed."], "The United States agreed."),
    # the references write both forms: so does the text
    ("The ECB cut rates.", ["The ECB, the European Central Bank, cut rates."],
     "The ECB (European Central Bank) cut rates."),
    ("The European Central Bank cut rates.", ["The ECB cut rates.", "The European Central Bank met."],
     "The European Central Bank (ECB) cut rates."),
    # a text that writes both forms itself is left as it is: a copy of the reference stays a copy
    ("GDP, or Gross Domestic Product, rose.", ["GDP, or Gross Domestic Product, rose."],
     "GDP, or Gross Domestic Product, rose."),
    ("The BBC said so.", ["The broadcaster said so."], "The BBC said so."),                          # no expansion
    # an acronym written beside its own words, in any case, in brackets either way round: left as it is
    ("The gross domestic product (GDP) rose.", ["Gross Domestic Product grew.", "GDP grew."],
     "The gross domestic product (GDP) rose."),
    ("GDP (gross domestic product) rose.", ["Gross Domestic Product grew."], "GDP (gross domestic product) rose."),
    ("The Department of Health (DOH) said so.", ["The Department Of Health said so.", "DOH said so."],
     "The Department of Health (DOH) said so."),
    # a bracket that does not spell the acronym does not count
    ("The ECB (the bank) cut rates.", ["The European Central Bank cut rates."],
     "The European Central Bank (the bank) cut rates."),
])
def test_acronyms_in_the_references_wording(text, references, expected):
    assert align_acronyms(text, references) == expected


def test_an_acronym_earns_what_its_expansion_earns():
    ref = ["The European Central Bank cut interest rates on Thursday, its first cut in two years."]
    candidates = ["The ECB cut interest rates on Thursday, its first cut in two years.", ref[0]]
    checked = [r.score for r in PyramidScorer(claims="check").score(candidates, [ref] * 2)]
    unchecked = [r.score for r in PyramidScorer(claims="off").score(candidates, [ref] * 2)]
    assert checked[0] == pytest.approx(checked[1]) and unchecked[0] < unchecked[1] - 0.1


DEAL = ("Microsoft agreed on Monday",
        "to buy the games maker Activision Blizzard for $68.7 billion in cash, its largest deal ever.")
DEAL_ATTACKS = ["Activision Blizzard agreed on Monday to buy Microsoft for $68.7 billion in cash, its largest deal "
                "ever.",  # roles swapped: the unit's name is still said, after the predicate
                "Google agreed on Monday to buy the games maker Activision Blizzard for $68.7 billion in cash.",
                "Microsoft agreed on Monday to buy the games maker Activision Blizzard for $6.5 billion in cash.",
                "Activision Blizzard will be bought by Microsoft for $68.7 billion, the firms said on Monday."]


@pytest.mark.parametrize("pieces, summary", [(MATCH_PIECES, s) for s in list(MATCH_ATTACKS.values()) + [MATCH]]
                         + [(DEAL, s) for s in DEAL_ATTACKS + [" ".join(DEAL)]]
                         + [(("Barcelona won the Spanish league title", "for the third year in a row."), s)
                            for s in MATCH_ATTACKS.values()]
                         + [(("Barcelona beat Real Madrid 5-0 on Sunday.", "The win gave them the Spanish league "
                              "title for the third year in a row."), s) for s in MATCH_ATTACKS.values()]
                         + [(("A man has been arrested", "in Leeds on Monday."), "A woman has been arrested in Leeds.")]
                         + [(("At least 12 people were killed", "and hundreds of homes were destroyed."), s)
                            for s in ("At least 12 people were injured and hundreds of homes were destroyed.",
                                      "Twelve people died. Hundreds of homes were damaged, and 40 people injured.")]
                         + [(("Councillors voted to approve", "the new stadium on Monday."), s)
                            for s in ("Councillors voted against the new stadium.", "The new stadium was approved.")]
                         + [(("Microsoft has agreed to buy the video game maker Activision Blizzard for $6.5 billion,",
                              "the companies said on Monday."), s) for s in TAKEOVER_ATTACKS.values()])
def test_reading_only_what_can_change_changes_no_verdict(pieces, summary):
    """The check parses only the sentences that might contradict a unit; every verdict is the full parse's."""
    import numpy as np

    from pyramid_metric.claims import cap_contradicted
    from pyramid_metric.methods.reference import ReferencePyramidMethod

    unit_claims = passage_claims(pieces)
    sentences = ReferencePyramidMethod._sentences([summary])[0]
    capped = cap_contradicted(np.ones(2), unit_claims, summary, sentences)
    full = [contradicted(c, [x for cs in claims(sentences) for x in cs]) for c in unit_claims]
    assert list(capped < 1) == full


@pytest.mark.parametrize("unit, other, expected", [
    ("Barcelona beat Real Madrid 5-0 on Sunday", "On Sunday Barcelona thrashed Real Madrid 5-0,", True),
    ("Barcelona beat Real Madrid 5-0 on Sunday", "On Sunday Barcelona thrashed Real Madrid,", False),  # no score
    ("Barcelona beat Real Madrid 5-0 on Sunday", "On Sunday Bayern thrashed Real Madrid 5-0,", False),
    ("The central bank raised interest rates", "Rates went up on Thursday", False),  # no name nor figure
])
def test_a_contradiction_reaches_the_units_that_carry_its_names_and_figures(unit, other, expected):
    """Another reference's unit that names every party and states every figure of a contradicted unit is capped
    with it; one that lacks a figure or a party it contradicts on is not."""
    from pyramid_metric.claims import carries

    assert carries(claims([unit])[0], other, claims([other])[0]) is expected


def test_a_figure_left_out_by_another_reference_keeps_its_credit():
    """Only the units that carry the contradicted figure lose credit: "thrashed Real Madrid" without the score
    is what a summary with another score still states."""
    refs = ["Barcelona beat Real Madrid 5-0 on Sunday.", "On Sunday Barcelona thrashed Real Madrid."]
    result = PyramidScorer().score(["Barcelona beat Real Madrid 3-1 on Sunday."], [refs])[0].result
    presence = {m.unit_text: m.similarity for m in result.matches}
    assert presence["Barcelona beat Real Madrid 5-0 on Sunday."] == 0.5
    assert presence["On Sunday Barcelona thrashed Real Madrid."] > 0.5


ELECTION_SCUS = ["Sarah Jones defeated Tom Reed", "Sarah Jones won the Hartley by-election",
                 "Jones is Labour's candidate", "Reed is the Conservative candidate", "The margin was 4,200 votes",
                 "The by-election was on Thursday"]
ELECTION = {
    "paraphrase": "Tom Reed, the Conservative, was beaten by Labour's Sarah Jones in Thursday's Hartley by-election, "
                  "which she won by 4,200 votes.",
    "negated": "Labour's Sarah Jones did not defeat the Conservative Tom Reed by 4,200 votes in Thursday's "
               "by-election in Hartley.",
    "roles swapped": "The Conservative Tom Reed defeated Labour's Sarah Jones by 4,200 votes in Thursday's by-election "
                     "in Hartley.",
}


def test_human_scus_read_who_won():
    """The SCU "Sarah Jones won" is denied by a summary in which Reed defeated her: a defeat entails a win."""
    results = PyramidScorer().score(list(ELECTION.values()), scus=[ELECTION_SCUS] * len(ELECTION))
    scores = {name: r.score for name, r in zip(ELECTION, results)}
    for name, score in scores.items():
        if name != "paraphrase":
            assert score <= scores["paraphrase"] - GAP, (name, scores)


STORM_SCUS = ["A storm hit northern Spain", "The storm hit on Friday", "Two people died",
              "Thousands of homes lost power"]
STORM_REFERENCE = ("A storm hit northern Spain on Friday, killing two people and leaving thousands of homes without "
                   "power.")
STORM = {
    "paraphrase": "On Friday a storm battered the north of Spain, killing two people and cutting power to thousands "
                  "of homes.",
    "another place": "A storm hit northern Portugal on Friday, killing two people and leaving thousands of homes "
                     "without power.",
}


def test_a_contradicted_human_scu_keeps_less_than_a_contradicted_edu():
    """A given SCU is one fact: the storm put in Portugal keeps at most SCU_CONTRADICTED_CAP of "A storm hit northern
    Spain", one SCU of four, and the summary falls 0.10 below the paraphrase (at the EDUs' cap of 0.5 it would
    not); against the reference, whose EDU holds the place and the day, the contradicted EDU keeps CONTRADICTED_CAP."""
    assert SCU_CONTRADICTED_CAP < CONTRADICTED_CAP
    scorer = PyramidScorer()
    results = scorer.score(list(STORM.values()), scus=[STORM_SCUS] * len(STORM))
    scores = {name: r.score for name, r in zip(STORM, results)}
    presence = {m.unit_text: m.similarity for m in results[1].result.matches}
    assert presence["A storm hit northern Spain"] == SCU_CONTRADICTED_CAP
    assert presence["The storm hit on Friday"] > 0.9
    assert scores["another place"] <= scores["paraphrase"] - GAP, scores
    against_reference = scorer.score([STORM["another place"]], [[STORM_REFERENCE]])[0]
    edu = {m.unit_text: m.similarity for m in against_reference.result.matches}
    assert edu["A storm hit northern Spain on Friday,"] == CONTRADICTED_CAP


def test_a_contradicted_party_reaches_what_the_reference_says_of_it_next():
    """"The win gave them the title" follows "Barcelona beat Real Madrid": a summary in which Real Madrid won
    contradicts both; a summary with another score only contradicts the score, and "them" keeps its credit."""
    ref = ["Barcelona beat Real Madrid 5-0 on Sunday. The win gave them the Spanish league title for the third "
           "year in a row."]
    then = "The win gave them the Spanish league title for the third year in a row."
    swapped = "Real Madrid beat Barcelona 5-0 on Sunday. " + then
    other_score = "Barcelona beat Real Madrid 3-1 on Sunday. " + then
    results = PyramidScorer().score([swapped, other_score], [ref, ref])
    presence = [{m.unit_text: m.similarity for m in r.result.matches} for r in results]
    assert presence[0]["Barcelona beat Real Madrid 5-0 on Sunday."] == 0.5 and presence[0][then] == 0.5
    assert presence[1]["Barcelona beat Real Madrid 5-0 on Sunday."] == 0.5 and presence[1][then] > 0.9


def test_a_report_of_another_party_reaches_what_the_reference_says_of_that_party():
    """"Venezuela says two light aircraft have been shot down after entering the country's airspace": a summary in
    which Myanmar says it contradicts who said it, and "the country's airspace" is then Myanmar's, not Venezuela's;
    the aircraft shot down keep their credit.  A report by another speaker who is no name contradicts nothing."""
    ref = ["Venezuela says two light aircraft have been shot down after entering the country's airspace over the "
           "weekend."]
    other_party = ref[0].replace("Venezuela", "Myanmar")
    results = PyramidScorer().score([other_party, ref[0]], [ref, ref])
    presence = {m.unit_text: m.similarity for m in results[0].result.matches}
    assert presence["Venezuela says"] <= 0.5
    assert presence["after entering the country's airspace over the weekend."] == 0.5
    assert presence["two light aircraft have been shot down"] > 0.9
    assert results[0].score <= results[1].score - GAP
    said = claims(["Venezuela says two light aircraft have been shot down."])[0]
    assert contradicted(said, claims(["Myanmar says two light aircraft have been shot down."])[0])
    assert not contradicted(said, claims(["Venezuela says two aircraft have been shot down."])[0])
    police = claims(["Police say two light aircraft have been shot down."])[0]
    assert not contradicted(police, claims(["Officials say two light aircraft have been shot down."])[0])


@pytest.mark.parametrize("unit, text, expected", [
    # who did what to whom in other words: the share of the unit's words, its verb and parties counted as said
    ("Microsoft has agreed to buy the video game maker Activision Blizzard.",
     "Activision Blizzard, which makes video games, will be acquired by Microsoft.", 7 / 8),  # not "agreed"
    ("Labour's Sarah Jones defeated Tom Reed by 4,200 votes.",
     "Tom Reed was beaten by Sarah Jones in the contest, which she won by 4,200 votes.", 8 / 10),  # not "Labour's"
    # nothing confirmed: the other polarity, swapped roles, another figure, a frame verb, another predicate
    ("Microsoft agreed to buy Activision.", "Microsoft did not agree to buy Activision.", 0.0),
    ("Barcelona beat Real Madrid.", "Real Madrid beat Barcelona.", 0.0),
    ("Jones defeated Reed by 4,200 votes.", "Jones defeated Reed by 1,800 votes.", 0.0),
    ("The companies said on Monday.", "The companies said on Monday.", 0.0),
    ("Barcelona beat Real Madrid.", "Barcelona met Real Madrid.", 0.0),
])
def test_confirmed_share(unit, text, expected):
    from pyramid_metric.text import words
    assert confirmed_share(claims([unit])[0], unit, claims([text])[0], frozenset(words(text))) == \
        pytest.approx(expected)


def test_a_paraphrase_that_confirms_the_fact_earns_more_than_its_words():
    """The claim check credits what a paraphrase confirms (who bought whom, passive for active): with the check
    off the same paraphrase earns its word credit only; the copy still earns 1 either way."""
    ref = ["Microsoft has agreed to buy the video game maker Activision Blizzard. The deal is worth $6.5 billion."]
    para = "Activision Blizzard, which makes video games, will be acquired by Microsoft in a $6.5 billion deal."
    on, off = (PyramidScorer(claims=c).score([para, ref[0]], [ref, ref]) for c in ("check", "off"))
    unit = "Microsoft has agreed to buy the video game maker Activision Blizzard."
    credit = [{m.unit_text: m.similarity for m in r.result.matches}[unit] for r in (on[0], off[0])]
    assert credit[0] >= credit[1] + 0.1, credit
    assert on[1].score == off[1].score == 1.0


@pytest.mark.parametrize("text, expected", [
    ("The deal is worth $6.5 billion.", True), ("The win gave them the title.", True),
    ("This takeover needs approval.", True), ("Deal makers met on Monday.", False),
    ("Barcelona won the title.", False), ("after entering the country's airspace", True),
    ("the club\u2019s failure to pay", True), ("a country of ten million people", False),
    ("a meeting organised by the city library", False), ("that was 77% effective in a trial", True),
    ("who went through to the final.", True), ("a report that the firm would close", False),
    ("that councils were over-interpreting legislation.", False)])
def test_refers_back(text, expected):
    assert refers_back(text) is expected


def test_a_negated_deal_reaches_what_the_reference_says_of_the_deal():
    """"The deal is worth $6.5 billion" follows "Microsoft has agreed to buy Activision": a summary that says
    Microsoft has not agreed to buy it has no deal to put a price on."""
    ref = ["Microsoft has agreed to buy Activision Blizzard. The deal is worth $6.5 billion."]
    negated = "Microsoft has not agreed to buy Activision Blizzard for $6.5 billion."
    result = PyramidScorer().score([negated], [ref])[0]
    presence = {m.unit_text: m.similarity for m in result.result.matches}
    assert presence["Microsoft has agreed to buy Activision Blizzard."] == 0.5
    assert presence["The deal is worth $6.5 billion."] == 0.5


def test_who_reported_a_contradicted_fact_is_capped_with_it():
    """"..., the United Nations said." reports the fact beside it: a summary that denies the fact does not state
    what the United Nations said, though it names them saying something; a summary that states it keeps both."""
    from pyramid_metric.claims import reports_only

    ref = "Floods in Pakistan have forced more than 500,000 people from their homes, the United Nations said."
    assert reports_only(claims(["the United Nations said."])[0])
    assert not reports_only(claims(["Floods have forced people from their homes."])[0])
    denied = "Floods in Pakistan have not forced anyone from their homes, the United Nations said."
    stated = ("More than 500,000 people in Pakistan have been forced from their homes by floods, the United Nations "
              "said.")
    results = PyramidScorer().score([denied, stated], [[ref]] * 2)
    said = [{m.unit_text: m.similarity for m in r.result.matches}["the United Nations said."] for r in results]
    assert said[0] == 0.5 and said[1] > 0.9, said


def test_a_fact_restated_wrong_takes_the_units_that_depend_on_it():
    """The segmenter splits one reference sentence into a main clause and the clause that hangs from it; a summary
    sentence that restates both with another place in the main clause caps both (one fact told wrong), as a
    reference left whole would be.  Nothing passes the other way (another night in the dependent clause leaves the
    rescue its credit), the same words told in a sentence of their own keep their credit, and a paraphrase keeps
    both."""
    from pyramid_metric.claims import passage_dependents

    ref = "Firefighters in Glasgow rescued three children after a fire broke out in a block of flats on Tuesday night."
    rescued, fire = "Firefighters in Glasgow rescued three children", "after a fire broke out in a block of flats"
    assert passage_dependents((rescued, fire + " on Tuesday night.")) == (frozenset({1}), frozenset())
    candidates = [ref.replace("Glasgow", "Edinburgh"),
                  ref.replace("Tuesday", "Wednesday"),
                  "Firefighters in Edinburgh rescued three children. A fire broke out in a block of flats on Tuesday "
                  "night.",
                  "Three children were rescued by Glasgow firefighters when fire broke out in a block of flats on "
                  "Tuesday night."]
    results = PyramidScorer().score(candidates, [[ref]] * len(candidates))
    presence = [{m.unit_text[:len(fire) if m.unit_text.startswith("after") else None]: m.similarity
                 for m in r.result.matches} for r in results]
    assert all(len(p) == 2 for p in presence), presence  # the reference is two units
    assert presence[0] == {rescued: 0.5, fire: 0.5}, presence
    assert presence[1][rescued] > 0.9 and presence[1][fire] == 0.5, presence
    assert presence[2][rescued] == 0.5 and presence[2][fire] > 0.9, presence
    assert min(presence[3].values()) > 0.9, presence
    assert results[0].score == 0.5 and results[3].score > 0.9


def test_another_figure_of_an_event_reaches_the_unit_that_gives_its_figure():
    """"Her margin of victory ... was 4,200 votes" gives a figure of the defeat told before it: a summary that says
    the defeat was by 1,800 votes changes that unit's detail (capped as a contradicted unit), not the defeat's; the
    same defeat by 4,200 votes keeps it."""
    from pyramid_metric.claims import figures_told_back, other_figure_told, passage_claims

    ref = ("Labour's Sarah Jones defeated Tom Reed.", "Her margin of victory in the Hartley by-election on Thursday "
           "was 4,200 votes.")
    unit_claims = passage_claims(ref)
    assert figures_told_back(unit_claims[1]) == {"4200"} and not figures_told_back(unit_claims[0])
    other, same = ("Labour's Sarah Jones defeated Tom Reed by %s votes in the Hartley by-election on Thursday." % n
                   for n in ("1,800", "4,200"))
    assert other_figure_told(unit_claims[0], {"4200"}, claims([other])[0])
    assert not other_figure_told(unit_claims[0], {"4200"}, claims([same])[0])
    results = PyramidScorer().score([other, same], [[" ".join(ref)]] * 2)
    presence = [{m.unit_text: m.similarity for m in r.result.matches}[ref[1]] for r in results]
    assert presence[0] == 0.5 and presence[1] > 0.7, presence


def attacks_and_copies(name: str):
    """The rows of a shipped attack file (tests/data/attacks), each attacked text's score against its reference and
    each reference's own (the copy's)."""
    import json
    from pathlib import Path

    path = Path(__file__).parent / "data" / "attacks" / name
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    scorer = PyramidScorer()
    refs = [[r["reference"]] for r in rows]
    attacked = [r.score for r in scorer.score([r["attacked"] for r in rows], refs, progress=False)]
    copies = [r.score for r in scorer.score([r["reference"] for r in rows], refs, progress=False)]
    return rows, attacked, copies


def test_attacks_written_on_real_references_score_below_the_copy():
    """Meaning attacks written by the dependency parse on the first 25 RoSE XSum references (the main verb negated,
    subject and object swapped, a name replaced, a figure changed: scripts/checks/reference_attacks.py), each
    scored against its reference: every attack below the copy, and most at least GAP below (83% with the check,
    17% with words alone)."""
    rows, attacked, copies = attacks_and_copies("rose_xsum_first25_attacks.jsonl")
    assert all(a < c - 0.005 for a, c in zip(attacked, copies))
    by_kind = {}
    for row, a, c in zip(rows, attacked, copies):
        by_kind.setdefault(row["attack"], []).append(a <= c - GAP)
    assert sum(sum(v) for v in by_kind.values()) >= 0.8 * len(rows)
    assert sum(by_kind["negate"]) >= 0.9 * len(by_kind["negate"])
    assert sum(by_kind["party"]) >= 0.7 * len(by_kind["party"])


def test_antonyms_written_on_real_references_score_below_the_copy():
    """A verb or an adjective of the first 25 RoSE XSum references replaced by its WordNet antonym
    (scripts/checks/reference_attacks.py: "has closed an exhibition" for "has opened", "uninfluential" for
    "influential"), each scored against its reference: every attack below the copy, and at least 80% of them GAP
    below it (17 of 20; 7 of 20 without the antonyms read)."""
    rows, attacked, copies = attacks_and_copies("rose_xsum_first25_antonyms.jsonl")
    assert len(rows) == 20 and {r["attack"] for r in rows} == {"verb antonym", "adjective antonym"}
    assert all(a < c - 0.005 for a, c in zip(attacked, copies))
    assert sum(a <= c - GAP for a, c in zip(attacked, copies)) >= 0.8 * len(rows)


def test_the_antonyms_table_is_wordnets_with_its_license():
    """The antonyms the check reads are WordNet 3.0's (its license kept in the file, as it asks), both parts of
    speech, single words, and without the pairs left out (NOT_ANTONYMS)."""
    from importlib.resources import files

    from pyramid_metric.claims import ANTONYMS_FILE, NOT_ANTONYMS, wordnet_antonyms

    text = files("pyramid_metric.data").joinpath(ANTONYMS_FILE).read_text(encoding="utf-8")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in text
    table = wordnet_antonyms()
    assert ("begin", "end") in table["verb"] and ("heavy", "light") in table["adjective"]
    assert len(table["verb"]) > 300 and len(table["adjective"]) > 1500
    assert not NOT_ANTONYMS & set(table["verb"])
    assert all(" " not in w and "_" not in w for pairs in table.values() for pair in pairs for w in pair)


def test_claims_are_read_once_per_parse_and_are_the_same_read_again():
    from pyramid_metric import claims as claims_module
    from pyramid_metric.text import parse

    doc = parse("Microsoft has agreed to buy Activision Blizzard for $6.5 billion, the companies said.")
    first = claims_module.claims_of_doc(doc)
    assert claims_module.claims_of_doc(doc) is first  # kept with the parse
    doc.user_data.pop(claims_module._CLAIMS_KEY)
    assert claims_module.claims_of_doc(doc) == first  # read again: the same claims
    assert [c.predicate for c in first] == ["agree", "buy", "say"]
