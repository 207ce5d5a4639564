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
swapped), each on one reference of one sentence.  tests/test_claims.py holds the same classes on other stories.
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


def other_rows(scorer: PyramidScorer):
    """(name, copy, paraphrase, attack) scores of each of OTHER_ATTACKS against its reference alone."""
    for name, ref, para, attack in OTHER_ATTACKS:
        results = scorer.score([ref, para, attack], references=[[ref]] * 3, progress=False)
        yield name, *(r.score for r in results)


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
    print(f"signature: {scorer.signature()}")


if __name__ == "__main__":
    main()
