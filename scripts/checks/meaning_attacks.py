"""Meaning attacks on stories written for this check: does a summary that negates, swaps roles, names another
party or states other figures score at least 0.10 below a faithful paraphrase, and does the paraphrase score
within 0.10 of the reference copied?

Usage (from the project root; about a minute on two CPU cores):
    python scripts/checks/meaning_attacks.py [--config '{"judge": "learned"}']

Each story has three references of one sentence, three of two sentences (each set written independently)
and human-style SCUs.  Every candidate is scored against the first reference alone and against all three, in
both lengths, and against the SCUs (human-SCU mode, weights 1).  A row prints the scores and, after them, the attacks that fail the 0.10 margin and the copy's lead
over the paraphrase when it is above 0.10.  A second table scores other ways of changing one fact (another
outcome, a vote against, another time, an opposite verb, before for after, despite for because of, whose offer
swapped), each on one reference of one sentence.  A third scores eighteen more one-sentence stories, each with
a paraphrase and attacks on one of its facts (or every claim negated).  tests/test_claims.py holds the same classes
on other stories.
"""
from __future__ import annotations

import argparse
import json

from pyramid_metric import PyramidScorer

GAP = 0.10
UNRELATED = "Heavy snow closed several mountain roads in the Alps, and skiers were told to stay indoors."

STORIES = {
    "league": {
        "references": [
            "Barcelona beat Real Madrid 5-0 on Sunday to win the Spanish league title for the third year in a row.",
            "On Sunday Barcelona thrashed Real Madrid 5-0, securing a third straight Spanish league title.",
            "A 5-0 win over Real Madrid on Sunday gave Barcelona the Spanish league title for the third "
            "consecutive year."],
        "long references": [
            "Barcelona beat Real Madrid 5-0 on Sunday. The win gave them the Spanish league title for the third year "
            "in a row.",
            "On Sunday Barcelona thrashed Real Madrid 5-0. They secured a third straight Spanish league title with "
            "the victory.",
            "Barcelona won the Spanish league title for the third consecutive year. They did it with a 5-0 win over "
            "Real Madrid on Sunday."],
        "scus": ["Barcelona beat Real Madrid", "Barcelona won 5-0", "The match was on Sunday",
                 "Barcelona won the Spanish league title", "It was Barcelona's third title in a row"],
        "candidates": {
            "paraphrase": "Real Madrid were beaten 5-0 by Barcelona on Sunday, and Barcelona won the Spanish league "
                          "title for a third year running.",
            "negated": "Barcelona did not beat Real Madrid 5-0 on Sunday and did not win the Spanish league title "
                       "for the third year in a row.",
            "roles swapped": "Real Madrid beat Barcelona 5-0 on Sunday to win the Spanish league title for the "
                             "third year in a row.",
            "another party": "Bayern beat Real Madrid 5-0 on Sunday to win the Spanish league title for the third "
                             "year in a row.",
            "other figures": "Barcelona beat Real Madrid 3-1 on Sunday to win the Spanish league title for the "
                             "fifth year in a row.",
        }},
    "takeover": {
        "references": [
            "Microsoft has agreed to buy the video game maker Activision Blizzard for $6.5 billion, the companies "
            "said on Monday.",
            "The companies announced on Monday that Microsoft will acquire Activision Blizzard, the game "
            "publisher, in a $6.5 billion deal.",
            "Activision Blizzard is to be bought by Microsoft for $6.5 billion, according to a statement issued on "
            "Monday."],
        "long references": [
            "Microsoft has agreed to buy the video game maker Activision Blizzard. The deal is worth $6.5 billion, "
            "the companies said on Monday.",
            "Microsoft will acquire Activision Blizzard, the game publisher. The companies announced the $6.5 "
            "billion deal on Monday.",
            "Activision Blizzard is to be bought by Microsoft. The price is $6.5 billion, according to a statement "
            "issued on Monday."],
        "scus": ["Microsoft agreed to buy Activision Blizzard", "The price is $6.5 billion",
                 "Activision Blizzard makes video games", "The deal was announced on Monday"],
        "candidates": {
            "paraphrase": "Activision Blizzard, which makes video games, will be acquired by Microsoft in a $6.5 "
                          "billion deal, the two firms announced on Monday.",
            "negated": "Microsoft has not agreed to buy the video game maker Activision Blizzard for $6.5 billion, "
                       "the companies said on Monday.",
            "roles swapped": "Activision Blizzard has agreed to buy the software maker Microsoft for $6.5 billion, "
                             "the companies said on Monday.",
            "another party": "Google has agreed to buy the video game maker Activision Blizzard for $6.5 billion, "
                             "the companies said on Monday.",
            "other figures": "Microsoft has agreed to buy the video game maker Activision Blizzard for $2.1 "
                             "billion, the companies said on Monday.",
        }},
    "earthquake": {
        "references": [
            "An earthquake of magnitude 6.4 struck southern Turkey on Tuesday, killing at least 12 people and "
            "destroying hundreds of homes.",
            "At least 12 people died when a 6.4-magnitude quake hit the south of Turkey on Tuesday, flattening "
            "hundreds of houses.",
            "Tuesday's magnitude 6.4 earthquake in southern Turkey left at least 12 dead and hundreds of homes in "
            "ruins."],
        "long references": [
            "An earthquake of magnitude 6.4 struck southern Turkey on Tuesday. At least 12 people were killed and "
            "hundreds of homes were destroyed.",
            "A 6.4-magnitude quake hit the south of Turkey on Tuesday. It killed at least 12 people and flattened "
            "hundreds of houses.",
            "Southern Turkey was struck by a magnitude 6.4 earthquake on Tuesday. The quake left at least 12 dead "
            "and hundreds of homes in ruins."],
        "scus": ["An earthquake struck southern Turkey", "The earthquake had a magnitude of 6.4",
                 "It happened on Tuesday", "At least 12 people were killed", "Hundreds of homes were destroyed"],
        "candidates": {
            "paraphrase": "On Tuesday a 6.4-magnitude quake hit the south of Turkey; at least 12 people were killed "
                          "and hundreds of houses were destroyed.",
            "negated": "An earthquake of magnitude 6.4 struck southern Turkey on Tuesday, but no one was killed and "
                       "no homes were destroyed.",
            "another party": "An earthquake of magnitude 6.4 struck southern Iran on Tuesday, killing at least 12 "
                             "people and destroying hundreds of homes.",
            "other figures": "An earthquake of magnitude 4.1 struck southern Turkey on Tuesday, killing at least 40 "
                             "people and destroying hundreds of homes.",
        }},
    "election": {
        "references": [
            "Labour's Sarah Jones defeated the Conservative Tom Reed by 4,200 votes in Thursday's by-election in "
            "Hartley.",
            "Sarah Jones of Labour won the Hartley by-election on Thursday, beating Conservative Tom Reed by 4,200 "
            "votes.",
            "The Conservative candidate Tom Reed lost Thursday's Hartley by-election to Labour's Sarah Jones by "
            "4,200 votes."],
        "long references": [
            "Labour's Sarah Jones defeated the Conservative Tom Reed in Thursday's by-election in Hartley. Her "
            "margin was 4,200 votes.",
            "Sarah Jones of Labour won the Hartley by-election on Thursday. She beat Conservative Tom Reed by 4,200 "
            "votes.",
            "The Conservative candidate Tom Reed lost Thursday's Hartley by-election. Labour's Sarah Jones beat him "
            "by 4,200 votes."],
        "scus": ["Sarah Jones defeated Tom Reed", "Sarah Jones won the Hartley by-election",
                 "Jones is Labour's candidate", "Reed is the Conservative candidate", "The margin was 4,200 votes",
                 "The by-election was on Thursday"],
        "candidates": {
            "paraphrase": "Tom Reed, the Conservative, was beaten by Labour's Sarah Jones in Thursday's Hartley "
                          "by-election, which she won by 4,200 votes.",
            "negated": "Labour's Sarah Jones did not defeat the Conservative Tom Reed by 4,200 votes in Thursday's "
                       "by-election in Hartley.",
            "roles swapped": "The Conservative Tom Reed defeated Labour's Sarah Jones by 4,200 votes in Thursday's "
                             "by-election in Hartley.",
            "another party": "Labour's Emma Clark defeated the Conservative Tom Reed by 4,200 votes in Thursday's "
                             "by-election in Hartley.",
            "other figures": "Labour's Sarah Jones defeated the Conservative Tom Reed by 1,800 votes in Thursday's "
                             "by-election in Hartley.",
        }},
}


# other ways of changing one fact, each on a reference of one sentence: (name, reference, paraphrase, attack)
OTHER_ATTACKS = [
    ("another outcome: delayed for cancelled", "A storm forced Heathrow to cancel more than 200 flights on Friday.",
     "More than 200 flights at Heathrow were cancelled on Friday because of a storm.",
     "A storm forced Heathrow to delay more than 200 flights on Friday."),
    ("another outcome: injured for killed",
     "Three miners were killed in an explosion at a coal mine in northern Spain on Monday.",
     "An explosion at a coal mine in the north of Spain killed three miners on Monday.",
     "Three miners were injured in an explosion at a coal mine in northern Spain on Monday."),
    ("another outcome: cleared of for charged with",
     "The former finance minister was charged with fraud by prosecutors in Paris on Tuesday.",
     "Prosecutors in Paris charged the former finance minister with fraud on Tuesday.",
     "The former finance minister was cleared of fraud by prosecutors in Paris on Tuesday."),
    ("voted against for voted to approve", "Councillors in Leeds voted to approve plans for a new 30,000-seat stadium.",
     "Plans for a new 30,000-seat stadium were approved in a vote by Leeds councillors.",
     "Councillors in Leeds voted against plans for a new 30,000-seat stadium."),
    ("another time: next week for tomorrow", "The band will announce the dates of its world tour tomorrow.",
     "Tomorrow the band is to reveal the dates of its world tour.",
     "The band will announce the dates of its world tour next week."),
    ("an opposite: turned down for accepted", "The union accepted the company's pay offer after a month of strikes.",
     "After striking for a month, the union agreed to the company's pay offer.",
     "The union turned down the company's pay offer after a month of strikes."),
    ("an opposite: overturned for upheld", "The appeal court upheld the ban on the march in central London.",
     "The ban on the march in central London was upheld by the appeal court.",
     "The appeal court overturned the ban on the march in central London."),
    ("an opposite: laid off for hired", "The firm hired 200 workers at its plant in Derby last year.",
     "Last year the firm took on 200 workers at its Derby plant.",
     "The firm laid off 200 workers at its plant in Derby last year."),
    ("an opposite: failed for passed", "The climate bill passed in the Senate by 52 votes to 48 on Tuesday.",
     "The Senate approved the climate bill on Tuesday, by 52 votes to 48.",
     "The climate bill failed in the Senate by 52 votes to 48 on Tuesday."),
    ("before for after", "Police arrested the driver after the crash on the M6 on Sunday morning.",
     "The driver was arrested by police after Sunday morning's crash on the M6.",
     "Police arrested the driver before the crash on the M6 on Sunday morning."),
    ("despite for because of", "The final was postponed because of heavy rain in Madrid on Saturday.",
     "Heavy rain in Madrid on Saturday led to the final being postponed.",
     "The final was postponed despite heavy rain in Madrid on Saturday."),
    ("whose offer, swapped", "Nurses in Scotland rejected the government's latest pay offer on Wednesday.",
     "The government's latest pay offer was rejected by nurses in Scotland on Wednesday.",
     "The government in Scotland rejected the nurses' latest pay offer on Wednesday."),
]

# one-sentence stories written to test the readings above on new texts: (name, reference, paraphrase,
# {attack: text}); each attack changes one fact of the reference (or negates every claim)
MORE_STORIES = [
    ("Apple",
     "Apple sued Samsung in a California court on Friday, accusing it of copying the design of "
     "the iPhone.",
     "On Friday Apple filed a lawsuit against Samsung in California, claiming the South Korean "
     "firm had copied the iPhone's design.",
     {
      "negated": "Apple did not sue Samsung in a California court on Friday, and did not accuse it of "
          "copying the design of the iPhone.",
      "roles swapped": "Samsung sued Apple in a California court on Friday, accusing it of copying the design of "
          "the Galaxy.",
      "another party": "Apple sued Huawei in a California court on Friday, accusing it of copying the design of "
          "the iPhone.",
      "other figures": "Apple sued Samsung in a California court on Monday, accusing it of copying the design of "
          "the iPhone.",
     }),
    ("cholera",
     "The World Health Organization said the outbreak of cholera in Yemen had killed more than "
     "1,300 people since April.",
     "More than 1,300 people have died of cholera in Yemen since April, according to the WHO.",
     {
      "negated": "The World Health Organization said the outbreak of cholera in Yemen had not killed "
          "anyone since April.",
      "another party": "The World Health Organization said the outbreak of cholera in Somalia had killed more "
          "than 1,300 people since April.",
      "other figures": "The World Health Organization said the outbreak of cholera in Yemen had killed more than "
          "300 people since April.",
     }),
    ("sisters",
     "Serena Williams beat her sister Venus 6-4, 6-2 to reach the final of the Australian "
     "Open.",
     "Venus Williams lost 6-4, 6-2 to her sister Serena, who went through to the Australian "
     "Open final.",
     {
      "negated": "Serena Williams failed to beat her sister Venus and did not reach the final of the "
          "Australian Open.",
      "roles swapped": "Venus Williams beat her sister Serena 6-4, 6-2 to reach the final of the Australian "
          "Open.",
      "another party": "Naomi Osaka beat Venus Williams 6-4, 6-2 to reach the final of the Australian Open.",
      "other figures": "Serena Williams beat her sister Venus 7-5, 6-3 to reach the final of the Australian "
          "Open.",
     }),
    ("rates",
     "The Bank of England raised interest rates from 0.5% to 0.75% on Thursday, the first rise "
     "in ten years.",
     "Interest rates were increased by the Bank of England to 0.75% from 0.5% on Thursday, "
     "their first rise in a decade.",
     {
      "negated": "The Bank of England did not raise interest rates from 0.5% to 0.75% on Thursday.",
      "the opposite": "The Bank of England cut interest rates from 0.75% to 0.5% on Thursday, the first cut in "
          "ten years.",
      "another party": "The European Central Bank raised interest rates from 0.5% to 0.75% on Thursday, the "
          "first rise in ten years.",
      "other figures": "The Bank of England raised interest rates from 0.5% to 1.25% on Thursday, the first rise "
          "in four years.",
     }),
    ("stabbing",
     "Police in Manchester arrested two men after a shop owner was stabbed on Saturday "
     "evening.",
     "Two men were arrested by Manchester police after the stabbing of a shopkeeper on "
     "Saturday evening.",
     {
      "negated": "Police in Manchester have not arrested anyone after a shop owner was stabbed on Saturday "
          "evening.",
      "another party": "Police in Liverpool arrested two men after a shop owner was stabbed on Saturday evening.",
      "other figures": "Police in Manchester arrested five men after a shop owner was stabbed on Saturday "
          "evening.",
     }),
    ("nuclear",
     "Germany's parliament approved a law that will close all of the country's nuclear power "
     "plants by 2022.",
     "A law to shut every German nuclear power station by 2022 was passed by the country's "
     "parliament.",
     {
      "negated": "Germany's parliament rejected a law that would close all of the country's nuclear power "
          "plants by 2022.",
      "another party": "France's parliament approved a law that will close all of the country's nuclear power "
          "plants by 2022.",
      "other figures": "Germany's parliament approved a law that will close all of the country's nuclear power "
          "plants by 2035.",
     }),
    ("recall",
     "Tesla recalled 2 million cars in the US because of a fault in its Autopilot software.",
     "Because of a flaw in its Autopilot software, Tesla has called back 2 million vehicles in "
     "the United States.",
     {
      "negated": "Tesla has refused to recall any cars in the US despite a fault in its Autopilot "
          "software.",
      "another party": "Ford recalled 2 million cars in the US because of a fault in its Autopilot software.",
      "other figures": "Tesla recalled 20,000 cars in the US because of a fault in its Autopilot software.",
     }),
    ("transfer",
     "The striker Harry Kane has joined Bayern Munich from Tottenham for a fee of £86m.",
     "Bayern Munich have signed Harry Kane from Tottenham in a deal worth £86m.",
     {
      "negated": "The striker Harry Kane has not joined Bayern Munich from Tottenham.",
      "roles swapped": "The striker Harry Kane has joined Tottenham from Bayern Munich for a fee of £86m.",
      "another party": "The striker Harry Kane has joined Real Madrid from Tottenham for a fee of £86m.",
      "other figures": "The striker Harry Kane has joined Bayern Munich from Tottenham for a fee of £36m.",
     }),
    ("vaccine",
     "Scientists at Oxford University have developed a malaria vaccine that was 77% effective "
     "in a trial in Burkina Faso.",
     "A malaria vaccine made by Oxford University researchers proved 77% effective in a "
     "Burkina Faso trial.",
     {
      "negated": "Scientists at Oxford University have developed a malaria vaccine that was not effective "
          "in a trial in Burkina Faso.",
      "another party": "Scientists at Cambridge University have developed a malaria vaccine that was 77% "
          "effective in a trial in Burkina Faso.",
      "other figures": "Scientists at Oxford University have developed a malaria vaccine that was 27% effective "
          "in a trial in Burkina Faso.",
     }),
    ("airline",
     "The airline cancelled all of its flights from Gatwick on Monday after a computer "
     "failure.",
     "A computer failure led the airline to cancel every flight it had from Gatwick on Monday.",
     {
      "negated": "The airline did not cancel any of its flights from Gatwick on Monday despite a computer "
          "failure.",
      "another party": "The airline cancelled all of its flights from Heathrow on Monday after a computer "
          "failure.",
      "other figures": "The airline cancelled all of its flights from Gatwick on Friday after a computer "
          "failure.",
     }),
    ("settlement",
     "Amazon has agreed to pay $2.5 billion to settle claims that it tricked customers into "
     "signing up for Prime.",
     "To settle allegations that it duped shoppers into joining Prime, Amazon will pay $2.5 "
     "billion.",
     {
      "negated": "Amazon has refused to pay $2.5 billion to settle claims that it tricked customers into "
          "signing up for Prime.",
      "another party": "Netflix has agreed to pay $2.5 billion to settle claims that it tricked customers into "
          "signing up for Prime.",
      "other figures": "Amazon has agreed to pay $25 million to settle claims that it tricked customers into "
          "signing up for Prime.",
     }),
    ("comeback",
     "Liverpool came from two goals down to beat Chelsea 3-2 at Anfield on Saturday.",
     "Chelsea were beaten 3-2 by Liverpool at Anfield on Saturday after leading 2-0.",
     {
      "negated": "Liverpool failed to beat Chelsea at Anfield on Saturday despite coming from two goals "
          "down.",
      "roles swapped": "Chelsea came from two goals down to beat Liverpool 3-2 at Anfield on Saturday.",
      "another party": "Liverpool came from two goals down to beat Arsenal 3-2 at Anfield on Saturday.",
      "other figures": "Liverpool came from two goals down to beat Chelsea 4-2 at Anfield on Saturday.",
     }),
    ("sentence",
     "A judge in New York sentenced the former banker to 12 years in prison for fraud.",
     "The ex-banker was jailed for 12 years by a New York judge after being convicted of "
     "fraud.",
     {
      "negated": "A judge in New York refused to sentence the former banker to prison for fraud.",
      "another party": "A judge in Chicago sentenced the former banker to 12 years in prison for fraud.",
      "other figures": "A judge in New York sentenced the former banker to 2 years in prison for fraud.",
     }),
    ("floods",
     "Floods in Pakistan have forced more than 500,000 people from their homes, the United "
     "Nations said.",
     "More than half a million people in Pakistan have been driven from their homes by "
     "flooding, according to the UN.",
     {
      "negated": "Floods in Pakistan have not forced anyone from their homes, the United Nations said.",
      "another party": "Floods in Bangladesh have forced more than 500,000 people from their homes, the United "
          "Nations said.",
      "other figures": "Floods in Pakistan have forced more than 50,000 people from their homes, the United "
          "Nations said.",
     }),
    ("re-election",
     "Emmanuel Macron defeated Marine Le Pen to win a second term as president of France.",
     "Marine Le Pen was beaten by Emmanuel Macron, who secured a second term as French "
     "president.",
     {
      "negated": "Emmanuel Macron did not defeat Marine Le Pen and failed to win a second term as "
          "president of France.",
      "roles swapped": "Marine Le Pen defeated Emmanuel Macron to win a second term as president of France.",
      "another party": "Emmanuel Macron defeated Eric Zemmour to win a second term as president of France.",
      "other figures": "Emmanuel Macron defeated Marine Le Pen to win a third term as president of France.",
     }),
    ("delivery",
     "Boeing has delivered its first 737 Max jet to China since the model was grounded in "
     "2019.",
     "The first 737 Max since the plane's grounding in 2019 has been handed over to China by "
     "Boeing.",
     {
      "negated": "Boeing has not delivered a 737 Max jet to China since the model was grounded in 2019.",
      "another party": "Airbus has delivered its first 737 Max jet to China since the model was grounded in "
          "2019.",
      "other figures": "Boeing has delivered its first 737 Max jet to China since the model was grounded in "
          "2015.",
     }),
    ("unemployment",
     "Unemployment in Spain fell to 12% in the second quarter, its lowest level since 2008.",
     "Spain's jobless rate dropped to 12% in the second quarter, the lowest since 2008.",
     {
      "negated": "Unemployment in Spain did not fall in the second quarter and stayed at its highest level "
          "since 2008.",
      "the opposite": "Unemployment in Spain rose to 12% in the second quarter, its highest level since 2008.",
      "another party": "Unemployment in Italy fell to 12% in the second quarter, its lowest level since 2008.",
      "other figures": "Unemployment in Spain fell to 21% in the second quarter, its lowest level since 2008.",
     }),
    ("car ban",
     "The mayor of Paris announced that cars will be banned from the city centre on Sundays "
     "from next month.",
     "Cars are to be barred from central Paris on Sundays starting next month, the city's "
     "mayor said.",
     {
      "negated": "The mayor of Paris announced that cars will not be banned from the city centre on "
          "Sundays.",
      "another party": "The mayor of Lyon announced that cars will be banned from the city centre on Sundays "
          "from next month.",
      "other figures": "The mayor of Paris announced that cars will be banned from the city centre on Sundays "
          "from next year.",
     }),
]


def other_rows(scorer: PyramidScorer):
    """(name, copy, paraphrase, attack) scores of each of OTHER_ATTACKS against its reference alone."""
    for name, ref, para, attack in OTHER_ATTACKS:
        results = scorer.score([ref, para, attack], references=[[ref]] * 3, progress=False)
        yield name, *(r.score for r in results)


def more_rows(scorer: PyramidScorer):
    """(name, scores by candidate name) of each of MORE_STORIES against its reference alone."""
    for name, ref, para, attacks in MORE_STORIES:
        texts = [ref, para] + list(attacks.values())
        results = scorer.score(texts, references=[[ref]] * len(texts), progress=False)
        yield name, dict(zip(["copy", "paraphrase", *attacks], (r.score for r in results)))


def rows(scorer: PyramidScorer):
    """(story, setting, scores by candidate name) for each story and setting."""
    for name, story in STORIES.items():
        refs = story["references"]
        candidates = {**story["candidates"], "unrelated": UNRELATED, "copy": refs[0]}
        texts = list(candidates.values())
        copies = {"one reference of two sentences": story["long references"][0],
                  "three references of two sentences": story["long references"][0]}
        longer = story["long references"]
        for setting, kwargs in (("one reference", {"references": [refs[:1]] * len(texts)}),
                                ("three references", {"references": [refs] * len(texts)}),
                                ("one reference of two sentences", {"references": [longer[:1]] * len(texts)}),
                                ("three references of two sentences", {"references": [longer] * len(texts)}),
                                ("human SCUs", {"scus": [story["scus"]] * len(texts)})):
            texts[-1] = copies.get(setting, refs[0])  # the copy of the first reference as this setting gives it
            results = scorer.score(texts, progress=False, **kwargs)
            yield name, setting, {k: r.score for k, r in zip(candidates, results)}


def failures(scores: dict) -> list:
    """The attacks within GAP of the paraphrase, and the copy's lead when above GAP."""
    para = scores["paraphrase"]
    out = [k for k in scores if k not in ("paraphrase", "copy") and scores[k] > para - GAP]
    if scores["copy"] - para > GAP:
        out.append(f"copy +{scores['copy'] - para:.2f}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--config", default="{}", help="PyramidScorer options as JSON (default: the default)")
    args = ap.parse_args()
    scorer = PyramidScorer(**json.loads(args.config))
    names = ["copy", "paraphrase", "negated", "roles swapped", "another party", "other figures", "unrelated"]
    print("| story | setting | " + " | ".join(names) + " | fails |\n|" + "---|" * (len(names) + 3))
    passed = total = 0
    for story, setting, scores in rows(scorer):
        fails = failures(scores)
        cells = " | ".join(f"{scores[k]:.3f}" if k in scores else "" for k in names)
        print(f"| {story} | {setting} | {cells} | {', '.join(fails)} |")
        total += len(scores) - 1
        passed += len(scores) - 1 - len(fails)
    print(f"\n{passed} of {total} checks pass (each attack 0.10 below the paraphrase; the copy within 0.10 of it)")
    print("\nOther ways of changing a fact, one reference of one sentence:\n")
    print("| attack | copy | paraphrase | attack | fails |\n|---|---|---|---|---|")
    passed = 0
    for name, copy, para, attack in other_rows(scorer):
        fails = failures({"copy": copy, "paraphrase": para, "attack": attack})
        passed += 2 - len(fails)
        print(f"| {name} | {copy:.3f} | {para:.3f} | {attack:.3f} | {', '.join(fails)} |")
    print(f"\n{passed} of {2 * len(OTHER_ATTACKS)} checks pass")
    print("\nMore stories, one reference of one sentence (each attack against the paraphrase):\n")
    print("| story | copy | paraphrase | attacks | fails |\n|---|---|---|---|---|")
    passed = total = 0
    for name, scores in more_rows(scorer):
        fails = failures(scores)
        attacks = ", ".join(f"{k} {v:.3f}" for k, v in scores.items() if k not in ("copy", "paraphrase"))
        print(f"| {name} | {scores['copy']:.3f} | {scores['paraphrase']:.3f} | {attacks} | {', '.join(fails)} |")
        total += len(scores) - 1
        passed += len(scores) - 1 - len(fails)
    print(f"\n{passed} of {total} checks pass")
    print(f"signature: {scorer.signature()}")


if __name__ == "__main__":
    main()
