"""Meaning attacks on stories written for this check: does a summary that negates, swaps roles, names another
party, states other figures or says the opposite with an antonym score at least 0.10 below a faithful paraphrase,
and does the paraphrase score within 0.10 of the reference copied?

Usage (from the project root; about a minute on two CPU cores):
    python scripts/checks/meaning_attacks.py [--config '{"judge": "learned"}']

Each story has three references of one sentence, three of two sentences (each set written independently)
and human-style SCUs.  Every candidate is scored against the first reference alone and against all three, in
both lengths, and against the SCUs (human-SCU mode, weights 1).  A row prints the scores and, after them, the
attacks that fail the 0.10 margin and the copy's lead over the paraphrase when it is above 0.10.  A second table
scores other ways of changing one fact (another outcome, a vote against, another time, an opposite verb, before
for after, despite for because of, whose offer swapped), each on one reference of one sentence.  A third scores
eighteen more one-sentence stories, each with a paraphrase and attacks on one of its facts (or every claim
negated); a fourth, twenty stories written later the same way; a fifth, ten more; a sixth, fourteen stories
whose attacks replace a verb or an adjective by its opposite.  tests/test_claims.py holds the same classes on
other stories.
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

# twenty more one-sentence stories, written after the readings the stories above led to: a test of those
# readings on texts they were not written for
LATER_STORIES = [
    ("ecb",
     "The European Central Bank raised interest rates by a quarter of a percentage point on Thursday, its first "
     "increase in eleven years.",
     "On Thursday the ECB lifted borrowing costs by 0.25 percentage points, the first rise in 11 years.",
     {"negated":
          "The European Central Bank did not raise interest rates by a quarter of a percentage point on Thursday, its "
          "first increase in eleven years.",
      "another party":
          "The Bank of England raised interest rates by a quarter of a percentage point on Thursday, its first "
          "increase in eleven years.",
      "other figures":
          "The European Central Bank raised interest rates by half a percentage point on Thursday, its first increase "
          "in eight years."}),
    ("djokovic",
     "Novak Djokovic beat Carlos Alcaraz in straight sets to win his 25th Grand Slam title at the US Open.",
     "Carlos Alcaraz was beaten in straight sets by Novak Djokovic, who claimed a 25th Grand Slam title at the US "
     "Open.",
     {"negated":
          "Novak Djokovic failed to beat Carlos Alcaraz in straight sets and did not win his 25th Grand Slam title at "
          "the US Open.",
      "roles swapped":
          "Carlos Alcaraz beat Novak Djokovic in straight sets to win his 25th Grand Slam title at the US Open.",
      "another party":
          "Novak Djokovic beat Daniil Medvedev in straight sets to win his 25th Grand Slam title at the US Open.",
      "other figures":
          "Novak Djokovic beat Carlos Alcaraz in straight sets to win his 22nd Grand Slam title at the US Open."}),
    ("charged",
     "A 45-year-old man has been charged with the murder of a teenager who was stabbed in Leeds on Saturday night.",
     "Police have charged a man, 45, with murdering a teenage boy who was knifed in Leeds late on Saturday.",
     {"negated":
          "A 45-year-old man has not been charged with the murder of a teenager who was stabbed in Leeds on Saturday "
          "night.",
      "another party":
          "A 45-year-old man has been charged with the murder of a teenager who was stabbed in Bradford on Saturday "
          "night.",
      "other figures":
          "A 27-year-old man has been charged with the murder of a teenager who was stabbed in Leeds on Saturday "
          "night."}),
    ("senate",
     "The Senate passed a $1.2 trillion spending bill late on Friday, averting a government shutdown.",
     "A government shutdown was avoided after senators approved a $1.2tn spending package late on Friday.",
     {"negated":
          "The Senate rejected a $1.2 trillion spending bill late on Friday, failing to avert a government shutdown.",
      "another party":
          "The House of Representatives passed a $1.2 trillion spending bill late on Friday, averting a government "
          "shutdown.",
      "other figures":
          "The Senate passed a $2.1 trillion spending bill late on Friday, averting a government shutdown."}),
    ("unilever",
     "Unilever will cut 7,500 jobs as part of a plan to separate its ice cream business.",
     "Some 7,500 posts are to go at Unilever as it splits off its ice cream division.",
     {"negated":
          "Unilever will not cut 7,500 jobs as part of a plan to separate its ice cream business.",
      "another party":
          "Nestle will cut 7,500 jobs as part of a plan to separate its ice cream business.",
      "other figures":
          "Unilever will cut 2,500 jobs as part of a plan to separate its ice cream business."}),
    ("rover",
     "NASA's Perseverance rover has found evidence of an ancient lake in Jezero Crater on Mars.",
     "Evidence of an ancient lake in Mars' Jezero Crater has been discovered by NASA's Perseverance rover.",
     {"negated":
          "NASA's Perseverance rover has found no evidence of an ancient lake in Jezero Crater on Mars.",
      "another party":
          "China's Zhurong rover has found evidence of an ancient lake in Jezero Crater on Mars.",
      "other figures":
          "NASA's Perseverance rover has found evidence of an ancient lake in Gale Crater on Mars."}),
    ("storm",
     "Storm Ciaran left 1.2 million homes without power in France after winds of up to 207 km/h hit Brittany.",
     "Winds of up to 207 km/h battered Brittany as Storm Ciaran cut power to 1.2 million French homes.",
     {"another party":
          "Storm Ciaran left 1.2 million homes without power in Spain after winds of up to 207 km/h hit Galicia.",
      "other figures":
          "Storm Ciaran left 3.5 million homes without power in France after winds of up to 150 km/h hit Brittany."}),
    ("fine",
     "A judge in New York fined Donald Trump $355 million after finding that he had inflated the value of his "
     "properties.",
     "Donald Trump was ordered by a New York judge to pay $355m for overstating what his properties were worth.",
     {"negated":
          "A judge in New York did not fine Donald Trump $355 million after finding that he had not inflated the value"
          " of his properties.",
      "another party":
          "A judge in New York fined Rudy Giuliani $355 million after finding that he had inflated the value of his "
          "properties.",
      "other figures":
          "A judge in New York fined Donald Trump $83 million after finding that he had inflated the value of his "
          "properties."}),
    ("ryanair",
     "Ryanair carried a record 19.3 million passengers in July, up 11% on the same month last year.",
     "A record 19.3 million people flew with Ryanair in July, an 11% rise on July last year.",
     {"negated":
          "Ryanair carried fewer passengers in July than in the same month last year.",
      "another party":
          "EasyJet carried a record 19.3 million passengers in July, up 11% on the same month last year.",
      "other figures":
          "Ryanair carried a record 17.1 million passengers in July, up 4% on the same month last year."}),
    ("teachers",
     "Teachers in Scotland have accepted a pay offer of 14.6% over two years, ending a long-running dispute.",
     "A long-running dispute is over after Scottish teachers voted to accept a 14.6% pay rise over two years.",
     {"negated":
          "Teachers in Scotland have rejected a pay offer of 14.6% over two years, prolonging a long-running dispute.",
      "another party":
          "Nurses in Scotland have accepted a pay offer of 14.6% over two years, ending a long-running dispute.",
      "other figures":
          "Teachers in Scotland have accepted a pay offer of 9.5% over three years, ending a long-running dispute."}),
    ("kovacic",
     "Manchester City have signed Croatian midfielder Mateo Kovacic from Chelsea for £25 million.",
     "Croatia midfielder Mateo Kovacic has joined Manchester City from Chelsea in a £25m deal.",
     {"roles swapped":
          "Chelsea have signed Croatian midfielder Mateo Kovacic from Manchester City for £25 million.",
      "another party":
          "Manchester United have signed Croatian midfielder Mateo Kovacic from Chelsea for £25 million.",
      "other figures":
          "Manchester City have signed Croatian midfielder Mateo Kovacic from Chelsea for £52 million."}),
    ("byelection",
     "Labour won the Rutherglen by-election with a majority of 9,446 votes over the SNP.",
     "The SNP lost the Rutherglen by-election to Labour, who had a majority of 9,446.",
     {"roles swapped":
          "The SNP won the Rutherglen by-election with a majority of 9,446 votes over Labour.",
      "another party":
          "The Conservatives won the Rutherglen by-election with a majority of 9,446 votes over the SNP.",
      "other figures":
          "Labour won the Rutherglen by-election with a majority of 2,446 votes over the SNP."}),
    ("morocco",
     "At least 2,000 people were killed when a magnitude 6.8 earthquake struck Morocco's Atlas Mountains on Friday "
     "night.",
     "A 6.8-magnitude quake hit the Atlas Mountains in Morocco late on Friday, killing more than 2,000 people.",
     {"another party":
          "At least 2,000 people were killed when a magnitude 6.8 earthquake struck Algeria's Atlas Mountains on "
          "Friday night.",
      "other figures":
          "At least 200 people were killed when a magnitude 5.8 earthquake struck Morocco's Atlas Mountains on Friday "
          "night."}),
    ("booker",
     "The Booker Prize was awarded to Irish writer Paul Lynch for his novel Prophet Song.",
     "Irish author Paul Lynch has won the Booker Prize with his novel Prophet Song.",
     {"negated":
          "The Booker Prize was not awarded to Irish writer Paul Lynch for his novel Prophet Song.",
      "another party":
          "The Booker Prize was awarded to Canadian writer Sarah Bernstein for her novel Study for Obedience."}),
    ("shell",
     "Shell reported a profit of $6.2 billion for the third quarter, down from $9.5 billion a year earlier.",
     "Third-quarter profit at Shell fell to $6.2bn from $9.5bn in the same period last year.",
     {"negated":
          "Shell reported a loss of $6.2 billion for the third quarter, down from a profit of $9.5 billion a year "
          "earlier.",
      "another party":
          "BP reported a profit of $6.2 billion for the third quarter, down from $9.5 billion a year earlier.",
      "other figures":
          "Shell reported a profit of $6.2 billion for the third quarter, up from $4.5 billion a year earlier."}),
    ("hs2",
     "The prime minister has scrapped the northern leg of HS2 from Birmingham to Manchester.",
     "HS2's northern section, between Birmingham and Manchester, has been cancelled by the prime minister.",
     {"negated":
          "The prime minister has kept the northern leg of HS2 from Birmingham to Manchester.",
      "another party":
          "The prime minister has scrapped the northern leg of HS2 from Birmingham to Leeds."}),
    ("pickup",
     "Anna will pick Tom up from the station at 6 pm because his car broke down.",
     "Tom's car has broken down, so Anna is collecting him from the station at six in the evening.",
     {"negated":
          "Anna will not pick Tom up from the station at 6 pm because his car broke down.",
      "roles swapped":
          "Tom will pick Anna up from the station at 6 pm because her car broke down.",
      "another party":
          "Jake will pick Tom up from the station at 6 pm because his car broke down.",
      "other figures":
          "Anna will pick Tom up from the station at 9 pm because his car broke down."}),
    ("loan",
     "Mark lent Sarah 50 pounds, and she promised to pay him back on Friday.",
     "Sarah borrowed £50 from Mark and said she would return it on Friday.",
     {"roles swapped":
          "Sarah lent Mark 50 pounds, and he promised to pay her back on Friday.",
      "another party":
          "Mark lent Emily 50 pounds, and she promised to pay him back on Friday.",
      "other figures":
          "Mark lent Sarah 500 pounds, and she promised to pay him back on Monday."}),
    ("strike",
     "Junior doctors in England will strike for five days from Wednesday in a dispute over pay.",
     "A five-day walkout over pay by junior doctors in England begins on Wednesday.",
     {"negated":
          "Junior doctors in England have called off their five-day strike from Wednesday in a dispute over pay.",
      "another party":
          "Nurses in England will strike for five days from Wednesday in a dispute over pay.",
      "other figures":
          "Junior doctors in England will strike for three days from Monday in a dispute over pay."}),
    ("bridge",
     "The Francis Scott Key Bridge in Baltimore collapsed after it was struck by a container ship on Tuesday.",
     "A container ship hit Baltimore's Francis Scott Key Bridge on Tuesday, bringing it down.",
     {"negated":
          "The Francis Scott Key Bridge in Baltimore did not collapse after it was struck by a container ship on "
          "Tuesday.",
      "roles swapped":
          "A container ship collapsed after it was struck by the Francis Scott Key Bridge in Baltimore on Tuesday.",
      "another party":
          "The Chesapeake Bay Bridge in Baltimore collapsed after it was struck by a container ship on Tuesday.",
      "other figures":
          "The Francis Scott Key Bridge in Baltimore collapsed after it was struck by a container ship on Sunday."}),
]

# ten more, written after the readings the later stories led to, with other forms of each attack ("never",
# "failed to", "refused to", "abandoned plans to", "no nurse", another pronoun, another year): a test of them all
LAST_STORIES = [
    ("census",
     "The population of Nigeria rose to 220 million in 2022, according to the United Nations.",
     "According to the UN, Nigeria had 220 million people in 2022 after its population grew.",
     {"negated":
          "The population of Nigeria never rose to 220 million in 2022, according to the United Nations.",
      "another party":
          "The population of Ethiopia rose to 220 million in 2022, according to the United Nations.",
      "other figures":
          "The population of Nigeria rose to 220 million in 2019, according to the United Nations."}),
    ("ceo",
     "Satya Nadella will step down as chief executive of Microsoft at the end of the year, the company said.",
     "Microsoft said its chief executive, Satya Nadella, is to leave the post when the year ends.",
     {"negated":
          "Satya Nadella will not step down as chief executive of Microsoft at the end of the year, the company said.",
      "another party":
          "Sundar Pichai will step down as chief executive of Microsoft at the end of the year, the company said.",
      "other figures":
          "Satya Nadella will step down as chief executive of Microsoft at the end of next month, the company said."}),
    ("rescue",
     "Coastguards rescued 43 migrants from a sinking boat off the coast of Lampedusa on Saturday.",
     "On Saturday 43 migrants were saved by coastguards after their boat began to sink near Lampedusa.",
     {"negated":
          "Coastguards failed to rescue 43 migrants from a sinking boat off the coast of Lampedusa on Saturday.",
      "another party":
          "Fishermen rescued 43 migrants from a sinking boat off the coast of Lampedusa on Saturday.",
      "other figures":
          "Coastguards rescued 34 migrants from a sinking boat off the coast of Lampedusa on Saturday."}),
    ("pronoun",
     "The actress said she had been offered the role after her audition in London.",
     "After auditioning in London, the actress was offered the part, she said.",
     {"another party":
          "The actor said he had been offered the role after his audition in London.",
      "other figures":
          "The actress said she had been offered the role after her audition in Paris."}),
    ("final",
     "Spain beat England 1-0 in Sydney to win the Women's World Cup for the first time.",
     "England were beaten 1-0 by Spain in Sydney, giving Spain their first Women's World Cup.",
     {"negated":
          "Spain did not beat England in Sydney and did not win the Women's World Cup.",
      "roles swapped":
          "England beat Spain 1-0 in Sydney to win the Women's World Cup for the first time.",
      "another party":
          "Spain beat Sweden 1-0 in Sydney to win the Women's World Cup for the first time.",
      "other figures":
          "Spain beat England 2-1 in Sydney to win the Women's World Cup for the first time."}),
    ("ban",
     "The government has banned the sale of disposable vapes to protect children's health.",
     "Disposable vapes can no longer be sold, after the government outlawed them to protect the health of children.",
     {"negated":
          "The government has refused to ban the sale of disposable vapes despite concerns about children's health.",
      "another party":
          "The supermarket has banned the sale of disposable vapes to protect children's health."}),
    ("hospital",
     "A nurse was attacked by a patient at the Royal Infirmary in Edinburgh on Tuesday night.",
     "On Tuesday night a patient assaulted a nurse at Edinburgh's Royal Infirmary.",
     {"negated":
          "No nurse was attacked by a patient at the Royal Infirmary in Edinburgh on Tuesday night.",
      "roles swapped":
          "A patient was attacked by a nurse at the Royal Infirmary in Edinburgh on Tuesday night.",
      "another party":
          "A nurse was attacked by a patient at the Royal Infirmary in Glasgow on Tuesday night.",
      "other figures":
          "A nurse was attacked by a patient at the Royal Infirmary in Edinburgh on Thursday night."}),
    ("merger",
     "Vodafone and Three have agreed to merge their UK businesses in a deal worth £15 billion.",
     "A £15bn deal will combine the UK operations of Three and Vodafone.",
     {"negated":
          "Vodafone and Three have abandoned plans to merge their UK businesses in a deal worth £15 billion.",
      "another party":
          "Vodafone and O2 have agreed to merge their UK businesses in a deal worth £15 billion.",
      "other figures":
          "Vodafone and Three have agreed to merge their UK businesses in a deal worth £5 billion."}),
    ("exam",
     "Maria passed her driving test on her third attempt last week.",
     "Last week, at the third try, Maria got through her driving test.",
     {"negated":
          "Maria failed her driving test on her third attempt last week.",
      "another party":
          "Sofia passed her driving test on her third attempt last week.",
      "other figures":
          "Maria passed her driving test on her first attempt last week."}),
    ("dinner",
     "Tom invited Lisa to dinner on Friday, but she said she was busy.",
     "Lisa turned down Tom's Friday dinner invitation, saying she was busy.",
     {"roles swapped":
          "Lisa invited Tom to dinner on Friday, but he said he was busy.",
      "another party":
          "Tom invited Kate to dinner on Friday, but she said she was busy.",
      "other figures":
          "Tom invited Lisa to dinner on Sunday, but she said she was busy."}),
]


# the opposite said with an antonym: a verb's ("ended" for "began") or an adjective's ("light" for "heavy")
ANTONYM_STORIES = [
    ("festival",
     "The Edinburgh festival began on Friday with a concert in Princes Street Gardens.",
     "A concert in Princes Street Gardens opened the Edinburgh festival on Friday.",
     {"opposite verb": "The Edinburgh festival ended on Friday with a concert in Princes Street Gardens."}),
    ("snow",
     "Heavy snow closed dozens of roads across the north of Scotland on Tuesday.",
     "On Tuesday dozens of roads in northern Scotland were shut by heavy snowfall.",
     {"opposite adjective": "Light snow closed dozens of roads across the north of Scotland on Tuesday."}),
    ("earthquake",
     "A strong earthquake struck southern Turkey overnight, causing major damage to buildings.",
     "Buildings in southern Turkey were badly damaged by a powerful overnight earthquake.",
     {"opposite adjective": "A weak earthquake struck southern Turkey overnight, causing minor damage to buildings."}),
    ("minister",
     "The foreign minister arrived in Beijing on Monday for talks on trade.",
     "On Monday the foreign minister flew into Beijing for trade talks.",
     {"opposite verb": "The foreign minister left Beijing on Monday after talks on trade."}),
    ("scooters",
     "A new law makes it legal to ride electric scooters on public roads.",
     "Electric scooters may now be ridden on public roads under a new law.",
     {"opposite adjective": "A new law makes it illegal to ride electric scooters on public roads."}),
    ("goal",
     "An early goal from Harry Kane gave Tottenham victory over Arsenal.",
     "Tottenham beat Arsenal thanks to a goal Harry Kane scored early in the match.",
     {"opposite adjective": "A late goal from Harry Kane gave Tottenham victory over Arsenal."}),
    ("shares",
     "Shares in Rolls-Royce rose after the company reported strong demand for its engines.",
     "Rolls-Royce's share price went up when the firm said demand for its engines was strong.",
     {"opposite verb": "Shares in Rolls-Royce fell after the company reported strong demand for its engines.",
      "opposite adjective": "Shares in Rolls-Royce rose after the company reported weak demand for its engines."}),
    ("bird",
     "A rare bird from Siberia has been spotted on the coast of Norfolk.",
     "Birdwatchers on the Norfolk coast have seen an uncommon Siberian bird.",
     {"opposite adjective": "A common bird from Siberia has been spotted on the coast of Norfolk."}),
    ("trial",
     "The judge allowed the trial to continue after a juror fell ill.",
     "A juror fell ill, but the judge let the trial go on.",
     {"opposite verb": "The judge stopped the trial after a juror fell ill."}),
    ("bank",
     "The bank will open 40 new branches in rural areas next year.",
     "Next year the bank plans to open 40 more branches in the countryside.",
     {"opposite verb": "The bank will close 40 branches in rural areas next year.",
      "opposite adjective": "The bank will open 40 new branches in urban areas next year."}),
    ("vote",
     "MPs approved the bill by a large majority on Wednesday.",
     "On Wednesday the bill was backed by a big majority of MPs.",
     {"opposite verb": "MPs rejected the bill by a large majority on Wednesday.",
      "opposite adjective": "MPs approved the bill by a narrow majority on Wednesday."}),
    ("hospital",
     "The hospital said the patient was in a stable condition after surgery.",
     "After surgery the patient's condition was stable, according to the hospital.",
     {"opposite adjective": "The hospital said the patient was in an unstable condition after surgery."}),
    ("prices",
     "House prices increased in most parts of the country last month.",
     "Last month homes became more expensive across most of the country.",
     {"opposite verb": "House prices decreased in most parts of the country last month."}),
    ("talks",
     "The union accepted the pay offer after a week of talks.",
     "After a week of negotiations the union agreed to the pay offer.",
     {"opposite verb": "The union refused the pay offer after a week of talks."}),
]


def other_rows(scorer: PyramidScorer):
    """(name, copy, paraphrase, attack) scores of each of OTHER_ATTACKS against its reference alone."""
    for name, ref, para, attack in OTHER_ATTACKS:
        results = scorer.score([ref, para, attack], references=[[ref]] * 3, progress=False)
        yield name, *(r.score for r in results)


def more_rows(scorer: PyramidScorer, stories=MORE_STORIES):
    """(name, scores by candidate name) of each of ``stories`` (MORE_STORIES) against its reference alone."""
    for name, ref, para, attacks in stories:
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
    for title, stories in (("More stories", MORE_STORIES), ("Later stories", LATER_STORIES),
                           ("Last stories", LAST_STORIES), ("Antonyms", ANTONYM_STORIES)):
        print(f"\n{title}, one reference of one sentence (each attack against the paraphrase):\n")
        print("| story | copy | paraphrase | attacks | fails |\n|---|---|---|---|---|")
        passed = total = 0
        for name, scores in more_rows(scorer, stories):
            fails = failures(scores)
            attacks = ", ".join(f"{k} {v:.3f}" for k, v in scores.items() if k not in ("copy", "paraphrase"))
            print(f"| {name} | {scores['copy']:.3f} | {scores['paraphrase']:.3f} | {attacks} | {', '.join(fails)} |")
            total += len(scores) - 1
            passed += len(scores) - 1 - len(fails)
        print(f"\n{passed} of {total} checks pass")
    print(f"signature: {scorer.signature()}")


if __name__ == "__main__":
    main()
