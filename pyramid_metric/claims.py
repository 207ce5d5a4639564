"""The claims a text states, read from its dependency parse, and whether a summary contradicts a content unit.

Word-counting judges credit "Barcelona did not beat Real Madrid" and "Real Madrid beat Barcelona" for the unit
"Barcelona beat Real Madrid": the words are all there.  An annotator does not: the summary states the opposite
fact.  This module reads, from spaCy's dependency parse (``en_core_web_sm``), one :class:`Claim` per predicate of
a text, a verb, a copula or an adjective a verb predicates of its object ("found the nurse guilty"), with

* its **polarity**: negated by "not", "n't", "never", "no" (a determiner of its subject or object: "no deal was
  reached"), "no longer", or by a verb or adjective that denies its complement ("failed to win", "forgot to call",
  "was unable to help", "is unlikely to close", "has yet to close", "ruled out closing", "denied that he stole",
  "was cleared of murdering"), inherited by the verbs it governs through open complements ("did not agree to
  buy": "buy" is negated too; "is not able to help": "help" is); and whether it is **hedged**, stated as a
  possibility only by "could", "might" or "may" ("Barcelona could beat Real Madrid"; "couldn't come" is negated,
  not hedged), which a clause describing a thing is not ("the highest honour that could be given"), or not stated
  at all, the clause of a negated report ("did not say that it would close"; PRESUPPOSING);
* its **roles**: the agent (the active subject, or the object of "by" in a passive clause) and the patient (the
  active object, or the passive subject, or the subject of a causative's participle: "had their bags collected");
  a verb without a subject of its own takes its governor's ("Apple agreed to buy Beats": Apple buys; "Ainsley is
  able to help": Ainsley helps), and a gerund after a preposition of time or means its clause's subject ("signed
  for Celtic after leaving Rangers": the striker left; GERUND_PREPOSITIONS); a reflexive object is the subject
  again ("stranded themselves"); a verb that reports ("says", "announced": REPORTING) also has the heads of the
  clause it reports among its arguments, their words without figures or names ("Venezuela says two aircraft were
  shot down": aircraft), so that another speaker of the same report contradicts it;
* its **names** (proper nouns; and those that describe one of its words, "in Norway", "British") and
  **figures** (numbers in digits or words, with their scale: "$6.5 billion" is 6500000000; a score "5-0" is one
  figure; "twice" is 2; a rank, "third", a figure of its own kind, and so is a day or period said relative to now,
  "tomorrow", "next week", each period of its own; the figure a change is measured from is the claim's too, "down
  from $9.5 billion").

A summary claim *bears on* a unit claim when they share the predicate (its lemma; a few verbs of one event are one
predicate, "defeated" is "beat", and a few opposites its other polarity, "cut" is "not raise", "lost" is "did not
win": SAME_EVENT, OPPOSITE, an opposite denying only a claim of the same subject, and "sold" only one of the same
buyer: CONVERSES) and at least one argument word; "X beat Y" also entails "X won", which may deny a unit's "Y won"
but never vouches for a unit, and "voted against the plan" entails "did not approve the plan" (VOTES). A claim that
states another outcome of the unit's thing ("were injured" for "were killed", "delayed" for "cancelled", "cleared
of" for "charged with": OTHER_OUTCOMES; a verb's antonym in WordNet 3.0, "ends" for "begins", "was missed by" for
"was hit by": ANTONYMS_FILE) bears on it too, and changes a detail of it. A negated claim also denies a
unit that states it with another construction, its verb a noun of the unit ("did not win the title" against "the win
gave them the title": :func:`_denied_in_other_words`), and a claim that calls off or cancels the act a unit's
verb names, as a noun, denies it ("have called off their strike" against "will strike": :func:`_event_cancelled`).
It **contradicts** the unit claim when, bearing on it, it has the other polarity (a copula only where it describes
the subject with the same words: "Christine will not be at school" does not deny "Christine is sick"), is hedged
where the unit, with an agent (its own or its governor's), is not ("could beat" against "beat"), says of the same
subject the opposite state (OPPOSITE_STATES and WordNet's antonyms of adjectives: "was dead" against "was alive",
"is rich" against "is poor"), swaps its agent and patient (the agent of one is the patient of the other and neither
role matches), or, with the same patient, its agent and the party its patient is said of ("the government rejected
the nurses' offer" for "nurses rejected the government's offer": :func:`_owners_swapped`), puts another name in a
role the unit fills with a name (the unit's name absent from the summary's claim, or another of the same family,
city or kind: "Joe Cole" and "Carlton Cole", "Manchester United" and "Manchester City", "the Bank of England" and
"the European Central Bank"; a title or one letter misspelt is no other name, nor a name typed with a letter left
out or two swapped: :func:`_typo`), describes one of the unit's words with another name of the same kind where the
unit's is not said ("a camp in Panama" for "a camp in Norway", "Spanish soldiers" for "British soldiers":
:func:`_other_modifier_name`), puts a person of another kind in a role ("a woman" for "a man", "his sister" for "his
brother", "a doctor" for "a nurse": OTHER_KIND, and one occupation for another, "nurses" for "teachers":
OCCUPATIONS; "she" for "he", "her company" for "his company": PRONOUN_GENDERS), says a degree that excludes the
unit's ("its highest level" for "its lowest level", "fewer than 200" for "more than 200": OPPOSITE_DEGREES; an
adjective's antonym, "light rain" for "heavy rain": :func:`_opposite_description`), places it on the other side of
what the unit places it before or after ("signed before the medical" for "signed after the medical", "despite" for
"because of": OTHER_LINK), or states other figures (both have figures, none shared); the first four *deny* the fact,
the others *change a detail* of it (:func:`contradiction`), and a contradicted unit keeps at most CONTRADICTED_CAP
of its presence, DENIED_CAP where it is denied (the same 0.5: a lower cap for a denial agreed less with people). A
unit is :func:`contradicted` by a summary when one of its claims is contradicted by every summary claim that bears
on it: a summary that also states the fact as the unit does is not penalised for stating its negation elsewhere, and
a summary that does not mention the predicate leaves the judgment to the word judges.

The other way round, a summary claim **confirms** a unit claim when it has the same predicate and polarity, the
same things in the roles the unit fills, every figure of the unit, and nothing contradicted (:func:`confirms`);
a paraphrase that confirms a unit's claim in other words ("Activision Blizzard will be acquired by Microsoft" for
"Microsoft has agreed to buy Activision Blizzard") is credited, beside its words, with the verb and parties it
confirms (:func:`credit_confirmed`).  Verbs that frame a fact ("said", "announced") confirm nothing.
"""
from __future__ import annotations

import calendar
import re
from bisect import bisect_right
import unicodedata
from collections import namedtuple
from functools import lru_cache
from importlib.resources import files
from itertools import combinations
from typing import FrozenSet, List, Optional, Sequence, Tuple

import numpy as np

from .figures import GOAL_WORDS, SCALES as AMOUNT_SCALES, part_before
from .text import (_stop_stems, content_words, detect_language, irregular_verb_forms, known_verbs, number_value,
                   parse_many, stem, words)

# A unit the summary contradicts keeps at most this presence (chosen among 0, 0.25 and 0.5 on the RoSE presence
# labels, folds by document: docs/studies/claims.md); a reference that contradicts a unit does not express it
CONTRADICTED_CAP = 0.5
# A unit whose fact the summary denies (the other polarity, roles swapped) keeps at most this presence: lower caps
# (0.25, 0) agreed less with people on RoSE's dialogues and more nowhere (docs/studies/claims.md)
DENIED_CAP = 0.5
# A given human SCU (one fact, where a reference EDU may hold several) that the summary contradicts keeps at most this
# presence, denied or changed: chosen among 0, 0.25 and 0.5 on RoSE XSum's human SCUs and checked on RoSE SAMSum's,
# TAC 2008's and REALSumm's (docs/studies/claims.md)
SCU_CONTRADICTED_CAP = 0.25
CLAIMS_CHECK = ("check(polarity,roles(+misparsed-objects+name-lists),"
                "names(+of-names,+typos,+alphanumeric,+appositions),given-names,"
                "described-names(+from-to+sharing-a-word),"
                "figures(+twice+relative-times(+nested-periods)+chained-prepositions+told-back+up-down-from),ranks,"
                "before-after;"
                "owners-swapped;"
                "lemmas(+e-verbs-past)+"
                "same-event(+phrasal)+opposite-verbs(same-subject(+given-names),+cleared+failed+overturned+froze+shrank"
                "+refused);"
                "other-outcomes(+hired-fired+wordnet-3.0-verb-antonyms);"
                "beat->win(+loser-by-score+loser-of-game);votes-for+against->approve;passed-laws->approve;"
                "negated-restatement(not-opposite-verb-nouns);"
                "able-to+unable-to+forgot-to;causatives;"
                "copulas:same-description;"
                "hedges:could+might+may;sold->not-bought(same-buyer);"
                "person-kinds(family+roles+occupations+institutions+men-plurals)+profit-loss;symmetric:another-of-name;"
                "pronoun-genders;pronoun-parties:bear-by-genders;"
                "opposite-degrees+wordnet-3.0-adjective-antonyms;"
                "denials:verdicts+denied-clauses+no-longer+ruled-out+unlikely+unfit+yet-to+undone-plans"
                "+called-off-acts;"
                "opposite-states(+passive-closed+safe-dangerous+found-dead+wordnet-3.0-adjective-antonyms);"
                f"spacy-parse;cap:{CONTRADICTED_CAP:g}(given-scus:{SCU_CONTRADICTED_CAP:g});"
                "other-refs:same-names+figures;"
                "pronouns+event-nouns+party-nouns+relative-clauses-after:parties;"
                "reports:their-clause-parties+beside:capped;dependent-edus-restated-in-one-sentence:capped;"
                "verbless-edus:claims-of-their-parties+places;"
                "weights:contradicting-refs-not-counted+refs-in-each-others-notation;"
                "acronyms(both-forms,one-party,bracketed-pairs-kept);"
                "figures+scores(+nil)+currencies-as-written;confirmed:mean(presence,confirmed-share))")

# stems: its content words; core: those of its head and the nouns compounded with it ("police" in "police in
# London"); party: the core when the head is a name ("Real Madrid"; "the FBI director" is none: its head is
# "director"), with the proper noun it takes with "of" ("the Bank of England")
Argument = namedtuple("Argument", "stems core party")
# forms: the stems of the predicate's lemma and of its word as written ("won": win, won), to find it in a text
# unparsed; agent_first: the agent is written before the patient (active voice), None when the agent is the
# governor's ("to win": who wins is said elsewhere); entailed: read from another claim ("X beat Y": "X won"), which
# may deny a unit's claim but never confirms it
# named: the names that describe a thing of the claim rather than name it, each with its slot: (the word it
# describes, how) and its kind ("camp in Norway": ("camp", "in"), a proper noun; "British soldiers": ("soldier",
# "mod"), a capitalised adjective), so that "a camp in Panama" or "Spanish soldiers" is another party
# opposed: its polarity is its verb's opposite's ("lost" is "did not win"), which denies only the same party's claim;
# hedged: stated as a possibility only ("could beat", "may agree to buy"), which does not state the fact;
# plan: "plan" for an intended act ("plans to build", "the plans are to build", "was meant to be built"),
# "cancelled" for one whose plan was undone ("scrapped plans to build"), "overruled" for one whose plan another
# party undid ("plans to build were rejected"), "" for an act stated
# links: what the fact is placed before or after, or said to happen because of or despite, each as (the link, the
# stem of the thing or act it is linked to): "signed after the medical" is (("after", "medic"),), "left before he
# signed" (("before", "sign"),), "was cancelled because of the storm" (("because", "storm"),)
# genders: the genders of the pronouns that are or own its agent and its patient ("he", "her company"), two sets
Claim = namedtuple("Claim", "predicate negated agent patient others figures forms agent_first entailed named opposed "
                   "hedged plan links genders",
                   defaults=(False, frozenset(), False, False, "", frozenset(), (frozenset(), frozenset())))

EMPTY = Argument(frozenset(), frozenset(), frozenset())
# the first name of a list that the parser hung on the verb, and the role of the rest of the list
FirstName = namedtuple("FirstName", "name head_role")
NEGATIONS = frozenset({"not", "n't", "never", "no", "nobody", "nothing", "none", "neither", "nor", "nowhere"})
# verbs that deny the complement they govern: "failed to win" says the win did not happen
DENYING_VERBS = frozenset({"fail", "refuse", "decline", "deny", "reject", "avoid", "cease", "stop", "prevent",
                           "forget"})
# verbs that deny the clause they govern: "denied that he stole the car" says he did not
DENYING_CLAUSE_VERBS = frozenset({"deny"})
# nouns of an intended act, whose infinitive takes its polarity and subject from the verb that has the noun:
# "announced plans to close the factory" (it will), "has no plans to close", "scrapped plans to close" (it will not)
PLAN_NOUNS = frozenset({"plan", "proposal", "bid", "attempt", "move", "decision", "intention", "scheme", "threat",
                        "pledge", "promise", "offer"})
# verbs that undo such a plan (DENYING_VERBS do too: "rejected plans to close"); "called off" is "call" with "off"
CANCELLING_VERBS = frozenset({"abandon", "scrap", "shelve", "drop", "cancel", "ditch", "axe", "withdraw", "reverse",
                              "block", "halt", "overturn", "veto"})
# of those, the verbs by which another party undoes a plan: its subject is not the one who would act ("the council
# rejected plans to build homes")
OVERRULING_VERBS = frozenset({"block", "halt", "overturn", "veto", "reject", "refuse", "prevent"})
# verbs by which a plan's own party has it or makes it known: their subject is the one who would act ("the company
# announced plans to close"); with other verbs ("delayed plans to sell", "backed a bid to buy") whose plan it is
# is not said, unless by a possessor ("the council's plans")
OWNING_VERBS = frozenset({"have", "announce", "unveil", "make", "draw", "outline", "reveal", "submit", "launch",
                          "confirm", "publish", "pursue"})
# verbs whose open complement is an intended act ("plans to close", "was meant to be built")
INTENDING_VERBS = frozenset({"plan", "intend", "mean", "aim", "propose", "want", "hope", "seek"})
# verbs that deny or assert the act their "of" complement names: "cleared of murdering his wife" (he did not),
# "convicted of murdering his wife" (he did)
OF_COMPLEMENT_VERBS = {"clear": True, "acquit": True, "exonerate": True, "convict": False}
# modal auxiliaries that state a fact as a possibility only: "Barcelona could beat Real Madrid" does not say they did
HEDGES = frozenset({"could", "might", "may"})
# adjectives of a copula that pass its subject and polarity to the verb they govern ("is not able to help Jane":
# help is negated, its agent the copula's subject), and those of them that deny it ("is unable to help")
ABLE = frozenset({"able", "unable", "willing", "unwilling", "fit", "unfit", "unlikely"})
DENYING_ADJECTIVES = frozenset({"unable", "unwilling", "unfit", "unlikely"})
# adjectives of a copula, each the denial of the other: "the victim was dead" is not "the victim was alive"
OPPOSITE_STATES = (("alive", "dead"), ("guilty", "innocent"), ("legal", "illegal"), ("lawful", "unlawful"),
                   ("possible", "impossible"), ("true", "false"), ("open", "closed"), ("present", "absent"),
                   ("available", "unavailable"), ("safe", "unsafe"), ("successful", "unsuccessful"),
                   ("correct", "incorrect"), ("valid", "invalid"), ("conscious", "unconscious"),
                   ("safe", "dangerous"))
# degrees that exclude each other where one claim says one and a claim bearing on it the other, of its parties or
# of what else it says ("fell to its lowest level" and "to its highest level", "more than 200 flights" and "fewer
# than 200 flights"); "first" and "last" are left out ("won last year" and "won a first title" may both be true)
OPPOSITE_DEGREES = (("highest", "lowest"), ("higher", "lower"), ("biggest", "smallest"), ("bigger", "smaller"),
                    ("largest", "smallest"), ("larger", "smaller"), ("best", "worst"), ("better", "worse"),
                    ("most", "least"), ("more", "fewer"), ("more", "less"), ("maximum", "minimum"),
                    ("majority", "minority"))
# verbs whose passive without an agent also states its participle as a state of its subject ("the museum will be
# closed": the museum is closed, which "the museum will be open" denies: OPPOSITE_STATES)
STATE_PARTICIPLES = {"close": "closed"}
# a verb's object that is its subject again: "whales stranded themselves" is "whales were stranded"
REFLEXIVES = frozenset({"myself", "yourself", "himself", "herself", "itself", "ourselves", "yourselves",
                        "themselves"})
# prepositions of time or means whose gerund without a subject takes its clause's subject ("signed for Celtic after
# leaving Rangers": the striker left); "for" only after a passive ("was fined for breaching the rules": "thanked
# her for coming" and "joined Huda for swimming" leave it open); "without" (he did not) and "despite" are left out
GERUND_PREPOSITIONS = frozenset({"after", "before", "since", "while", "by", "upon", "on"})
# verbs whose participle complement is done to its subject ("had their bags collected": the bags are collected)
CAUSATIVE = frozenset({"have", "get"})
# people of one kind that another kind excludes, in pairs (each excludes the other): "Police arrested a woman" is
# not "Police arrested a man"; "a former nurse" is not "a former doctor"; a pupil may be a student, so those two
# never meet
OTHER_KIND = (("man", "woman"), ("boy", "girl"), ("husband", "wife"), ("son", "daughter"), ("father", "mother"),
              ("brother", "sister"), ("uncle", "aunt"), ("nephew", "niece"), ("grandfather", "grandmother"),
              ("grandson", "granddaughter"), ("boyfriend", "girlfriend"), ("king", "queen"), ("prince", "princess"),
              ("doctor", "nurse"), ("doctor", "patient"), ("nurse", "patient"), ("teacher", "pupil"),
              ("teacher", "student"), ("pilot", "passenger"), ("driver", "passenger"), ("driver", "pedestrian"),
              ("driver", "cyclist"), ("landlord", "tenant"), ("prisoner", "guard"), ("goalkeeper", "striker"),
              ("goalkeeper", "forward"), ("goalkeeper", "defender"), ("goalkeeper", "midfielder"))
# occupations, each of which excludes the others as a kind of person: "Nurses in Scotland have accepted a pay offer"
# is not "Teachers in Scotland ..."; words that may name one person twice ("officer", "worker", "student", "surgeon")
# are left out
OCCUPATIONS = ("teacher", "nurse", "doctor", "dentist", "pharmacist", "paramedic", "firefighter", "police", "soldier",
               "farmer", "miner", "pilot", "lawyer", "judge", "journalist", "plumber", "electrician", "chef",
               "librarian", "vet", "postman", "cleaner", "coastguard", "fisherman", "lifeguard", "midwife", "priest",
               "mechanic", "builder", "accountant", "architect", "astronaut", "referee")
# institutions, each of which excludes the others as a kind of party: "The supermarket has banned the sale" is not
# "The government has banned the sale"; words that may name one body twice ("authority", "watchdog", "regulator",
# "lender" for a bank, "trust" for a hospital) are left out
INSTITUTIONS = ("government", "council", "parliament", "court", "army", "navy", "supermarket", "retailer", "airline",
                "airport", "bank", "university", "school", "hospital", "museum", "charity", "union", "church")
# things of one kind that another excludes, read as the kinds of person are: "made a loss" is not "made a profit"
OTHER_THING = (("profit", "loss"), ("surplus", "deficit"))
# heads of a phrase of quantity, whose "of" says what is counted ("thousands of nurses")
QUANTITY_NOUNS = frozenset({"hundreds", "thousands", "millions", "dozens", "group", "number", "couple", "crowd",
                            "majority", "minority"})
# predicates whose agent and patient may change places without changing the fact: "A met B" is "B met A"
SYMMETRIC = frozenset({"meet", "marry", "talk", "speak", "chat", "argue", "clash", "negotiate", "agree", "disagree",
                       "compete", "play", "fight", "date", "divorce", "merge", "partner", "tie", "draw", "resemble",
                       "match", "equal", "join", "contact", "call", "text", "message", "email", "discuss"})
# verbs that state one event with the same agent and patient, read as one predicate ("defeated" is "beat",
# "acquired" is "buy"), and opposites read as the other polarity ("cut rates" is "not raise rates", "fell" is "not
# rise"); each with the forms a text may write it in that its stem does not find ("bought", "fell")
SAME_EVENT = {"defeat": "beat", "thrash": "beat", "trounce": "beat", "rout": "beat", "crush": "beat",
              "overcome": "beat", "outplay": "beat", "acquire": "buy", "purchase": "buy", "murder": "kill",
              "slay": "kill", "detain": "arrest", "hike": "raise", "boost": "raise", "climb": "rise",
              "soar": "rise", "surge": "rise", "jump": "rise", "hit": "strike", "sack": "fire", "dismiss": "fire",
              "name": "appoint", "wound": "injure", "hurt": "injure", "quit": "resign", "free": "release",
              "unveil": "launch", "construct": "build", "bar": "ban", "seize": "capture", "clinch": "win",
              "jail": "imprison", "accept": "approve", "gain": "win"}
OPPOSITE = {"cut": "raise", "lower": "raise", "slash": "raise", "fall": "rise", "drop": "rise", "plunge": "rise",
            "slump": "rise", "tumble": "rise", "reduce": "raise", "decrease": "rise", "halve": "double",
            "lose": "win", "reject": "approve", "acquit": "convict", "clear": "convict", "allow": "ban",
            "permit": "ban", "open": "close", "die": "survive", "oppose": "support", "deny": "admit", "sell": "buy",
            "innocent": "guilty", "fail": "pass", "overturn": "uphold", "quash": "uphold", "shrink": "rise",
            "freeze": "raise", "refuse": "grant", "dead": "alive"}
# pronouns of a gender: "she would resign" is not "he would resign", nor "her company" "his company"
PRONOUN_GENDERS = {"he": "male", "him": "male", "his": "male", "himself": "male", "she": "female", "her": "female",
                   "hers": "female", "herself": "female"}
# words that link a fact to another thing or act, each as its link ("due to" is "because", "although" is "despite"),
# and the links that exclude each other: "signed after the medical" is not "signed before the medical", nor
# "cancelled despite the storm" "cancelled because of the storm"
LINK_WORDS = {"before": "before", "after": "after", "because": "because", "due": "because", "owing": "because",
              "despite": "despite", "although": "despite", "though": "despite", "notwithstanding": "despite"}
OTHER_LINK = {"before": "after", "after": "before", "because": "despite", "despite": "because"}
# phrasal verbs read as the verb they mean ("went up" is "rose", "turned down" is "rejected"), each by its verb
# and particle
PHRASAL_VERBS = {("go", "up"): "rise", ("go", "down"): "fall", ("turn", "down"): "reject", ("lay", "off"): "fire",
                 ("step", "down"): "resign", ("call", "off"): "cancel"}
# predicates whose opposite is the same event seen from the other party ("X sold it to Y": "Y bought it"): the
# opposite denies only a claim of the same agent
CONVERSES = frozenset({"buy"})
# verbs of an amount that raise or lower something with an object and rise or fall without one ("the bank
# increased rates": raise; "prices increased": rise), read as the pair's verb of their use
BY_OBJECT = {"increase": ("raise", "rise"), "decrease": ("raise", "rise"), "reduce": ("raise", "rise"),
             "cut": ("raise", "rise"), "drop": ("raise", "rise"), "lower": ("raise", "rise"),
             "grow": ("raise", "rise"), "shrink": ("raise", "rise")}
# a law passed is a law approved, so that "the Senate rejected the bill" denies "the Senate passed the bill"
PASSED = {"pass": "approve"}
LEGISLATION = frozenset({"bill", "law", "legislation", "motion", "budget", "amendment", "resolution", "act",
                         "measure", "treaty", "reform", "package"})
# a contest won: "X beat Y" also says "X won", so that a summary's "Y won the election" denies "X beat Y in it"
WON_BY = frozenset({"beat"})
# what a loser did not win, whatever the score: "Huddersfield beat Chelsea" denies "Chelsea won the game"
GAMES = frozenset({"game", "match", "tie", "fixture", "derby", "final", "semi-final", "contest", "bout", "race"})
# a vote for or against a thing: "voted against the plan" says "did not approve the plan" (and "voted for it",
# "approved it"), so that it denies "voted to approve the plan" (:func:`_claims_of`)
VOTES = {"vote": {"for": False, "against": True}}
VOTED = "approve"
# outcomes of one thing that exclude each other, each a predicate with its polarity: a summary that says the flight
# was delayed does not say it was cancelled, nor "12 people were injured" that they were killed, nor "cleared of
# fraud" (not convicted) that he was charged with it (:func:`_other_outcome`)
OTHER_OUTCOMES = ((("kill", False), ("injure", False)), (("cancel", False), ("delay", False)),
                  (("cancel", False), ("postpone", False)), (("charge", False), ("convict", True)),
                  (("join", False), ("leave", False)), (("hire", False), ("fire", False)))
# opposite acts and descriptions: WordNet 3.0's direct antonyms of verbs and adjectives, one pair a line
# (scripts/train/wordnet_antonyms.py).  A summary that says the tour "ends in Glasgow" states another outcome of
# the act "begins in Glasgow" (:func:`_other_outcome`), and "light rain" another description of "heavy rain"
# (:func:`_opposite_description`)
ANTONYMS_FILE = "wordnet_antonyms.tsv"
# pairs of it left out: one act seen from either party ("Sarah borrowed it from Mark": Mark loaned it to her), a
# move said from either place ("Paula will come over" and "Paula will go to Julie's"), and a thing lost that is
# found again ("Robert has lost his job" and "Serge will help him find a job")
NOT_ANTONYMS = frozenset({("borrow", "lend"), ("give", "take"), ("come", "go"), ("find", "lose")})
# adjectives whose pairs are left out: ranks and times relative to now, which the figures read ("won last year"
# and "won a first title" may both be true), amounts and likeness, which the degrees read or leave open ("more",
# "few", "other", "same"), and age and novelty ("a 19-year-old" is young; "the new manager" and "his old club")
ADJECTIVES_LEFT_OUT = frozenset({"first", "second", "last", "past", "present", "future", "former", "latter",
                                 "few", "many", "fewer", "fewest", "more", "most", "less", "least",
                                 "much", "little", "multiple", "single", "double", "other", "same", "different",
                                 "new", "old", "young", "worn"})
WRITTEN = {"beat": ("beaten",), "buy": ("bought",), "overcome": ("overcame",), "slay": ("slew", "slain"),
           "rise": ("rose", "risen"), "fall": ("fell", "fallen"), "cut": ("cut",), "strike": ("struck",),
           "hit": ("hit",), "quit": ("quit",), "grow": ("grew", "grown"), "free": ("freed",),
           "win": ("won",), "lose": ("lost",), "die": ("died", "dying"), "sell": ("sold",),
           "go": ("went", "gone"), "lay": ("laid",), "shrink": ("shrank", "shrunk"), "freeze": ("froze", "frozen")}
# adverbs of a change whose preposition gives a figure of the claim ("a profit of $6bn, down from $9bn")
CHANGE_ADVERBS = frozenset({"up", "down"})
# dependents that open a clause of their own: not part of the argument or claim they hang from
CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "csubj", "csubjpass", "parataxis"})
SUBJECTS = {"nsubj": "agent", "csubj": "agent", "expl": None, "nsubjpass": "patient", "csubjpass": "patient"}
OBJECTS = {"dobj": "patient", "attr": "patient", "acomp": "patient", "oprd": "patient", "dative": "other"}
SCALES = {"hundred": 1e2, **AMOUNT_SCALES}
# adverbs of how many times, figures of the claim they modify ("scored twice" against "scored three times"); "once"
# is left out ("once a star": formerly)
TIMES = {"twice": 2.0, "thrice": 3.0}
# days and periods said relative to now, figures of a kind of their own for each period: "will bring Jerry some
# tomorrow" against "today", "next week" against "last week" ("today" and "this week" may both be true); a day
# named ("on Friday") is a name, and a time on one side only contradicts nothing
# days and months: a time beside a verb, never its object ("announced Monday that")
CALENDAR_WORDS = frozenset(w.lower() for w in list(calendar.day_name) + list(calendar.month_name) if w)
RELATIVE_DAYS = {"yesterday": "@day-1", "today": "@day+0", "tonight": "@day+0", "tomorrow": "@day+1"}
RELATIVE_PERIODS = {"week", "weekend", "month", "year"}
RELATIVE_STEPS = {"last": "-1", "this": "+0", "next": "+1"}
# verbs that report what their complement clause says: the heads of that clause are arguments of the report too,
# so that "Myanmar says two aircraft were shot down" bears on "Venezuela says two aircraft were shot down"
REPORTING = frozenset({"say", "tell", "announce", "report", "claim", "state", "confirm", "reveal", "warn", "insist"})
# words that open a reported clause whose fact is taken as given: "did not say when it will close" (it will)
PRESUPPOSING = frozenset({"when", "where", "why", "how"})
_FIGURE = re.compile(r"^\d[\d,]*(?:\.\d+)?$")
_SCALED = re.compile(r"^(\d[\d,]*(?:\.\d+)?)(" + "|".join(AMOUNT_SCALES) + ")$",
                     re.IGNORECASE)  # "6.5bn", "10m", "440million": one token
_SCORE = re.compile(r"^(\d+)[-–](\d+)$")
_ORDINAL_DIGITS = re.compile(r"^(\d+)(?:st|nd|rd|th)$", re.IGNORECASE)
ORDINALS = {w: n for n, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
                                       "twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth "
                                       "nineteenth twentieth".split(), 1)}


def _ordinal(text: str) -> Optional[str]:
    """The rank an ordinal states, written "#3" for "third" and "3rd" alike; None for any other word.  A rank
    is a figure of its own kind: "third" is never the count 3."""
    digits = _ORDINAL_DIGITS.match(text)
    n = int(digits.group(1)) if digits else ORDINALS.get(text.lower())
    return None if n is None else f"#{n}"


def _figure_value(text: str) -> Optional[float]:
    """The number a token states ("6.5", "1,200", "seven", "6.5bn" with its scale), or None; "one" is a word, not
    a figure (as in :func:`pyramid_metric.text.number_value`)."""
    scaled = _SCALED.match(text)
    if _FIGURE.match(text) or scaled:
        try:
            if scaled:
                return float(scaled.group(1).replace(",", "")) * SCALES[scaled.group(2).lower()]
            return float(text.replace(",", ""))
        except ValueError:
            return None
    if text.lower() in TIMES:
        return TIMES[text.lower()]
    value = number_value(text)
    return float(value) if value is not None else None


def _scale_word(text: str) -> Optional[str]:
    """The scale a token after a number writes ("billion", "bn", "m"), or None; a sentence may end on it ("£5m."
    is the tokens "£", "5", "m.")."""
    written = text.lower().rstrip(".")
    return written if written in SCALES else None


def _relative_time(tok) -> Optional[str]:
    """The day or period a token says relative to now, as a figure of kind "@" ("tomorrow": "@day+1", "week" of
    "next week": "@week+1"; RELATIVE_DAYS, RELATIVE_PERIODS), or None."""
    word = tok.lower_
    if word in RELATIVE_DAYS:
        return RELATIVE_DAYS[word]
    if word in RELATIVE_PERIODS:
        steps = [RELATIVE_STEPS[c.lower_] for c in tok.children if c.dep_ in ("amod", "det") and c.lower_ in
                 RELATIVE_STEPS]
        return f"@{word}{steps[0]}" if steps else None
    return None


def _figures(tokens) -> FrozenSet[str]:
    """The figures among ``tokens`` (in text order): a number times the scale word after it ("6.5 billion"), a
    score of two numbers joined by a dash ("5-0", "5 - 0") as one figure."""
    toks = sorted(tokens, key=lambda t: t.i)
    doc = toks[0].doc if toks else None
    by_index = {t.i: t for t in toks}
    # the tokens right after a number belong to its figure ("5 - 0", "6.5 billion") wherever the parse hung them
    by_index.update({k: doc[k] for t in toks for k in (t.i + 1, t.i + 2) if k < len(doc) and k not in by_index})
    out, skip = set(), set()
    for t in toks:
        if t.i in skip:
            continue
        score = _SCORE.match(t.text)
        if score:
            out.add(f"{int(score.group(1))}-{int(score.group(2))}")
            continue
        rank = _ordinal(t.text)
        if rank is not None:
            out.add(rank)
            continue
        when = _relative_time(t)
        if when is not None:
            out.add(when)
            continue
        value = 1.0 if _counts_one(t) else _figure_value(t.text)
        if value is None or t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("quarter", "quarters"):
            continue  # "three quarters of a million": a part of the amount after it
        dash, second = by_index.get(t.i + 1), by_index.get(t.i + 2)
        if dash is not None and dash.text in "-–" and second is not None and _score_side(second.text) is not None:
            out.add(f"{value:g}-{_score_side(second.text):g}")
            skip.add(t.i + 2)
            continue
        scale = _scale_word(by_index[t.i + 1].text) if t.i + 1 in by_index else None
        if scale is not None and value == value:
            value *= SCALES[scale]
            skip.add(t.i + 1)
        out.add(f"{value * _part_before(t):g}")
    return frozenset(out)


def _score_side(text: str) -> Optional[float]:
    """The number a score's second side writes: a figure, a number word, or "nil" ("one-nil" is 1-0; GOAL_WORDS)."""
    goals = GOAL_WORDS.get(text.lower())
    return float(goals) if goals is not None else _figure_value(text)


def _counts_one(tok) -> bool:
    """Whether "one" is a count here, a figure: of a noun ("one man was arrested", "a one-month loan"); elsewhere it
    is a word ("no one", "the last one", "one of the world's poorest nations")."""
    return (tok.lower_ == "one" and tok.dep_ == "nummod" and tok.head.pos_ == "NOUN"
            and not any(c.dep_ in ("det", "amod") for c in tok.children))


def _part_before(tok) -> float:
    """The fraction written before an amount in words ("half a million": 0.5; "a quarter of a million": 0.25;
    :func:`pyramid_metric.figures.part_before`), 1 for none."""
    before = [w.lower_ for w in tok.doc[max(0, tok.i - 4):tok.i]]
    if not before or before[-1] not in ("a", "one") or number_value(tok.text) is None:
        return 1.0
    return part_before(before[:-1])


def _argument_tokens(head) -> List:
    """The tokens of the phrase headed by ``head``, without the clauses hanging from it (a relative clause
    is a claim of its own)."""
    out, todo = [], [head]
    while todo:
        tok = todo.pop()
        out.append(tok)
        todo.extend(c for c in tok.children if c.dep_ not in CLAUSE_DEPS)
    return out


def _folded_stem(word: str) -> str:
    """The stem of a word with its accents dropped ("Sólstafir" and "Solstafir" are one name)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(ch))
    return stem(plain)


def _core_stems(head) -> FrozenSet[str]:
    """The stems of a phrase's head and the nouns compounded with it ("police" in "police in London")."""
    return frozenset(_folded_stem(t.text) for t in [head] + [c for c in head.children if c.dep_ in ("compound", "flat")]
                     if _is_word(t)) - _stop_stems()


def _is_word(tok) -> bool:
    """A word of letters, or a name of letters and digits ("O2", "3M", "G7"); figures are read apart."""
    return tok.is_alpha or (tok.pos_ == "PROPN" and any(ch.isalpha() for ch in tok.text)
                            and any(ch.isdigit() for ch in tok.text) and tok.text.isalnum())


def _compass_words(name) -> list:
    """The points of the compass (COMPASS) that modify a proper noun: "north" of "north London"."""
    if name.pos_ != "PROPN":
        return []
    return [c for c in name.children if c.dep_ in ("amod", "compound") and c.lower_ in COMPASS]


def _of_name_stems(head) -> FrozenSet[str]:
    """The words of a proper noun that a name of ``head``, itself a proper noun, takes with "of": "England" of "the
    Bank of England", "York" of "the Duke of York"."""
    if head.pos_ != "PROPN":
        return frozenset()
    return frozenset().union(*(_core_stems(p) for c in head.children if c.dep_ == "prep" and c.lower_ == "of"
                               for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN"))


def _argument(head) -> Argument:
    stops = _stop_stems()
    tokens = _argument_tokens(head)
    stems = frozenset(s for s in (_folded_stem(t.text) for t in tokens if _is_word(t)) if s not in stops)  # no figures
    core = _core_stems(head)
    if _is_name(head):
        return Argument(stems, core, core | _of_name_stems(head))
    named = _apposed_names(head)
    return Argument(stems, core, frozenset().union(*(_core_stems(c) | _of_name_stems(c) for c in named)))


def _apposed_names(head) -> list:
    """The names in apposition to a noun, after a comma, which name the party: "Microsoft's chief executive, Satya
    Nadella, will step down" ("America's top model Tyra Banks" is parsed so too, without the comma); with a list
    the parser hangs on the first name ("the commissioner, Michael Callinan, and the minister, Alan Shatter")."""
    named = [c for c in head.children if c.dep_ == "appos" and c.pos_ == "PROPN" and c.left_edge.i > 0
             and c.doc[c.left_edge.i - 1].text == ","]
    for name in list(named):
        for other in name.conjuncts:
            named.extend([other] if other.pos_ == "PROPN" else _apposed_names(other) if other.pos_ == "NOUN" else [])
    return named


def _head_words(head) -> Argument:
    """The words of a phrase's head and the nouns compounded with it, as an argument that names nothing: what a
    report's clause speaks of ("two light aircraft": aircraft), without its figures or names."""
    core = _core_stems(head)
    return Argument(core, core, frozenset())


def _is_name(head) -> bool:
    """A proper noun, or a capitalised noun that is no common noun starting a sentence ("Trump nominated", not
    "The president" nor "Officials said")."""
    if head.pos_ == "PROPN":
        return True
    if head.pos_ != "NOUN" or not head.text[:1].isupper() or head.text.isupper():
        return False
    return not head.is_sent_start or (head.tag_ == "NN" and not any(c.dep_ == "det" for c in head.children))


def _merge(args: Sequence[Argument]) -> Argument:
    return Argument(*(frozenset().union(*[getattr(a, f) for a in args]) for f in Argument._fields)) if args else EMPTY


def _is_predicate(tok) -> bool:
    """A verb, a copula that heads its clause ("Burundi is poor"; an auxiliary of a verb is not), or an adjective
    that a verb predicates of its object ("found the nurse guilty", "was found not guilty": :func:`_small_clause`)."""
    if tok.pos_ == "VERB" or _small_clause(tok):
        return True
    return tok.pos_ == "AUX" and tok.dep_ not in ("aux", "auxpass") and any(
        c.dep_ in ("attr", "acomp", "nsubj") for c in tok.children)


def _small_clause(tok) -> bool:
    """An adjective a verb predicates of its object: "found the nurse guilty" (with its own subject), "was found
    guilty" (of the passive subject)."""
    if tok.pos_ != "ADJ" or tok.head.i == tok.i:
        return False
    return tok.dep_ == "oprd" or (tok.dep_ in ("ccomp", "xcomp") and any(c.dep_ == "nsubj" for c in tok.children))


def _own_negation(tok) -> bool:
    """Negated by its own dependents: "not"/"n't"/"never", "no longer", or "no"/"nothing"... as or in its subject
    or object, or in what a copula says its subject is of ("is of no benefit")."""
    for c in tok.children:
        low = c.text.lower()
        if c.dep_ == "neg" or (low in NEGATIONS and c.dep_ in ("advmod", "nsubj", "nsubjpass", "dobj", "attr")):
            return True
        if c.dep_ == "advmod" and low == "longer" and any(g.lower_ == "no" for g in c.children):
            return True
        if c.dep_ == "prep" and low == "of" and tok.lemma_ == "be" and any(  # "is of no benefit"
                g.dep_ == "pobj" and any(d.dep_ == "det" and d.lower_ == "no" for d in g.children) for g in c.children):
            return True
        if c.dep_ in ("nsubj", "nsubjpass", "dobj", "attr") and any(
                g.dep_ == "det" and g.text.lower() == "no" for g in c.children):
            return True
    return False


def _governor(tok):
    """The predicate whose open complement, or whose coordinated verb or purpose clause ("to win") without a
    subject of its own, ``tok`` is; for an adjective a verb predicates ("was found guilty"), that verb; for the
    act an "of" names ("guilty of murdering", "cleared of murdering"), the adjective or verb (OF_COMPLEMENT_VERBS)
    it completes."""
    if tok.dep_ == "oprd" and _small_clause(tok):
        return tok.head
    plan = _plan_governor(tok)
    if plan is not None:
        return plan
    of_complement = _of_complement_head(tok)
    if of_complement is not None:
        return of_complement
    own_subject = any(c.dep_ in SUBJECTS for c in tok.children)
    purpose = tok.dep_ == "advcl" and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)
    if tok.dep_ == "xcomp" or (tok.dep_ == "conj" or purpose) and not own_subject:
        head = tok.head
        if tok.dep_ == "xcomp" and _able(head):  # "is (not) able to help": the copula governs
            head = head.head
        return head if head.i != tok.i and _is_predicate(head) else None
    return None


def _plan_governor(tok):
    """The predicate that has the plan noun (PLAN_NOUNS) whose infinitive ``tok`` is, as subject or object:
    "scrapped" of "scrapped plans to close", "has" of "has no plans to close", "were scrapped" of "plans to close
    it were scrapped"; or None."""
    noun = tok.head  # the parser hangs the infinitive on the noun as "acl", or as "xcomp" in a long subject
    if (tok.dep_ not in ("acl", "xcomp") or noun.i == tok.i or noun.pos_ != "NOUN"
            or noun.lemma_.lower() not in PLAN_NOUNS
            or noun.dep_ not in ("dobj", "attr", "nsubjpass") or noun.head.i == noun.i
            or not any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)
            or any(c.dep_ in SUBJECTS for c in tok.children)):
        return None
    return noun.head if _is_predicate(noun.head) else None


def _plan(tok) -> str:
    """Whether predicate ``tok`` is an intended act (Claim.plan): "overruled" or "cancelled" where the plan was
    undone (by OVERRULING_VERBS or other verbs that cancel), "plan" for a plan's infinitive ("plans to build",
    "the plans are to build") or an intending verb's complement ("was meant to be built"), "" otherwise."""
    governor = _plan_governor(tok)
    if governor is not None:
        if not _cancels(governor):
            return "plan"
        return "overruled" if governor.lemma_.lower() in OVERRULING_VERBS else "cancelled"
    head = tok.head
    if tok.dep_ != "xcomp" or head.i == tok.i:
        return ""
    planned = head.lemma_.lower() in INTENDING_VERBS or head.lemma_ == "be" and any(
        c.dep_ in SUBJECTS and c.lemma_.lower() in PLAN_NOUNS for c in head.children)  # "the plans are to build"
    return "plan" if planned else ""


def _phrasal_verb(tok) -> Optional[str]:
    """The verb a phrasal verb means (PHRASAL_VERBS: "went up" is "rise"), or None."""
    return next((meant for (verb, particle), meant in PHRASAL_VERBS.items() if _phrasal(tok, verb, particle)), None)


def _phrasal(tok, verb: str, particle: str) -> bool:
    """Whether ``tok`` is the phrasal verb ``verb`` + ``particle`` ("called off", "ruled out")."""
    return tok.lemma_.lower() == verb and any(c.dep_ == "prt" and c.lower_ == particle for c in tok.children)


def _cancels(tok) -> bool:
    """Whether the predicate that has a plan undoes it: "scrapped", "called off", "rejected" (DENYING_VERBS)."""
    lemma = tok.lemma_.lower()
    return _phrasal(tok, "call", "off") or lemma in CANCELLING_VERBS or lemma in DENYING_VERBS


def _of_complement_head(tok):
    """The small-clause adjective or the verb of OF_COMPLEMENT_VERBS whose "of" complement verb ``tok`` is
    ("guilty of murdering", "cleared of murdering"), or None."""
    if tok.dep_ != "pcomp" or tok.head.dep_ != "prep" or tok.head.lower_ != "of" or tok.head.head.i == tok.head.i:
        return None
    head = tok.head.head
    if _small_clause(head) or (head.pos_ == "VERB" and head.lemma_.lower() in OF_COMPLEMENT_VERBS):
        return head
    return None


def _gerund_host(tok):
    """The predicate of the clause whose subject does the act of ``tok``, a gerund without a subject of its own
    after a preposition of time or means (GERUND_PREPOSITIONS), or after "for" on a passive: "signed" of "signed for
    Celtic after leaving Rangers" (the striker left Rangers), "was sacked" of "was sacked after losing" (the manager
    lost), "was fined" of "was fined for breaching the rules"; or None.
    Only the subject is taken: the gerund keeps its own polarity ("did not sign after leaving Rangers": he left)."""
    prep = tok.head
    if tok.dep_ != "pcomp" or tok.tag_ != "VBG" or prep.dep_ != "prep" or prep.head.i == prep.i:
        return None
    passive_for = prep.lower_ == "for" and _passive(prep.head)
    if prep.lower_ not in GERUND_PREPOSITIONS and not passive_for:
        return None
    return prep.head if prep.head.pos_ in ("VERB", "AUX") and _is_predicate(prep.head) else None


def _passive(tok) -> bool:
    """Whether predicate ``tok`` is passive (it has a passive auxiliary: "was fined", "being beaten")."""
    return any(c.dep_ == "auxpass" for c in tok.children)


def _able(tok) -> bool:
    """An adjective of ABLE complementing a copula ("is able", "is unable")."""
    return tok.dep_ == "acomp" and tok.lemma_.lower() in ABLE and tok.head.i != tok.i


def _denies_complement(tok) -> bool:
    """Whether the word an open complement hangs on denies it: "failed to win", "was unable to win", "ruled out
    closing", "has yet to close"."""
    lemma = tok.lemma_.lower()
    if _phrasal(tok, "rule", "out"):
        return True
    if lemma in ("have", "be") and any(c.dep_ == "advmod" and c.lower_ == "yet" for c in tok.children):
        return True
    return lemma in (DENYING_ADJECTIVES if _able(tok) else DENYING_VERBS)


def _negated(tok, depth: int = 0) -> bool:
    """Polarity, exclusive-or over the chain of governors: "did not fail to win" is not negated."""
    neg = _own_negation(tok)
    if tok.dep_ == "ccomp" and tok.head.lemma_.lower() in DENYING_CLAUSE_VERBS and depth < 8:
        return neg ^ (not _negated(tok.head, depth + 1))  # "denied that he stole": he did not
    gov = _governor(tok) if depth < 8 else None
    if gov is not None and _plan_governor(tok) is not None:  # "scrapped plans to close"
        neg ^= _negated(gov, depth + 1) ^ _cancels(gov)
    elif gov is not None and tok.dep_ == "xcomp":
        neg ^= _negated(gov, depth + 1) ^ _denies_complement(tok.head)
    elif gov is not None and tok.dep_ == "pcomp":  # "cleared of murdering" (:func:`_of_complement_head`)
        neg ^= _negated(gov, depth + 1) ^ OF_COMPLEMENT_VERBS.get(gov.lemma_.lower(), False)
    elif gov is not None:
        neg ^= _negated(gov, depth + 1) and not _own_negation(tok)
    return neg


def _hedged(tok, depth: int = 0) -> bool:
    """Stated as a possibility only (HEDGES): "could beat", and a complement or coordinated verb of a hedged
    predicate ("may agree to buy", "might beat Madrid and win the title"); or not stated at all, the clause a
    negated report gives ("did not say that it would close")."""
    if tok.dep_ in ("relcl", "acl"):  # "the highest honour that could be given": a description, not the fact
        return False
    if any(c.dep_ == "aux" and c.lower_ in HEDGES for c in tok.children):
        return True
    if (tok.dep_ == "ccomp" and tok.head.lemma_.lower() in REPORTING and _own_negation(tok.head)
            and not any(c.lower_ in PRESUPPOSING for c in tok.children)):
        return True  # "did not say that it would close the factory": the closure is not stated ("when": it is)
    gov = _governor(tok) if depth < 8 else None
    return gov is not None and _hedged(gov, depth + 1)


def _headline_passive(tok) -> bool:
    """A headline's participle, passive without its auxiliary: "Man arrested over murder" (the man is arrested;
    a participle with an object is a past tense mistagged: "Trump nominated Comey")."""
    return tok.dep_ == "ROOT" and tok.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass", "dobj")
                                                                for c in tok.children)


def _causative_participle(tok) -> bool:
    """The participle a causative verb governs, done to its subject: "had their bags collected", "got her car
    repaired" (the bags are collected; who collects them is not said)."""
    return (tok.dep_ == "ccomp" and tok.tag_ in ("VBN", "VBD") and tok.head.lemma_.lower() in CAUSATIVE
            and not any(c.dep_ in ("aux", "auxpass") or c.dep_ == "dobj" and c.lemma_.lower() != "time"
                        for c in tok.children))  # "collected three times a week": a count, not an object


def _roles(tok, depth: int = 0) -> Tuple[List, List, List]:
    """(agent heads, patient heads, other argument heads) of predicate ``tok``; a missing subject is the
    governor's (control: "agreed to buy"; coordination: "beat Madrid and won the title")."""
    agent, patient, other = [], [], []
    headline = _headline_passive(tok) or _causative_participle(tok)
    passive = _passive(tok)
    for c in tok.children:
        dep = c.dep_
        if dep in SUBJECTS and SUBJECTS[dep]:
            (agent if SUBJECTS[dep] == "agent" and not headline else patient).append(c)
        elif dep == "dobj" and passive:  # a passive's second object: "was fined 746 million euros (by the authority)"
            other.append(c)
            agent.extend(g for p in c.children if p.dep_ == "prep" and p.lower_ == "by"
                         for g in p.children if g.dep_ == "pobj")  # the parser may hang "by" on the object
        elif dep == "dative" and c.pos_ == "PROPN":  # a named recipient is the patient: "fined Rudy Giuliani $355
            patient.append(c)  # million" as "fined Donald Trump $355 million", which is parsed with two objects
        elif dep in OBJECTS:
            (patient if OBJECTS[dep] == "patient" else other).append(c)
        elif dep == "agent":  # passive "by": its object is the agent
            agent.extend(g for g in c.children if g.dep_ == "pobj")
        elif dep == "prep":  # with a preposition chained to it: "from 0.5% to 0.75%", "from Porto on Monday"
            other.extend(g for p in [c] + [p for p in c.children if p.dep_ == "prep"]
                         for g in p.children if g.dep_ == "pobj")
        elif dep == "npadvmod" or (dep in ("nummod", "advmod") and c.like_num):  # "rose 5%", "5 - 0"
            other.append(c)
        elif dep == "advmod" and (c.lower_ in TIMES or any(g.dep_ == "npadvmod" for g in c.children)
                                  or (c.lower_ in CHANGE_ADVERBS and any(g.dep_ == "prep" for g in c.children))):
            other.append(c)  # "scored twice", "moves Liverpool four points clear", "three years later", "down from"
    for first in _misread_first_names(tok):  # "Dan, Robert and Paul are going": "Dan" read as an adverb
        (agent if first.head_role == "agent" else patient).append(first.name)
        other.remove(first.name)
    named_object = _misread_named_object(tok, patient) if not passive else None
    if named_object is not None:  # "Spain beat Sweden 1-0": the parser may read the name as an adverb of the score
        patient.append(named_object)
        other.remove(named_object)
    if any(h.pos_ == "PROPN" for h in patient):  # the amount beside a named object is what was given or fined
        other.extend(h for h in patient if h.tag_ == "CD")
        patient = [h for h in patient if h.tag_ != "CD"]
    gov = _governor(tok) if depth < 8 else None
    host = _gerund_host(tok) if gov is None and depth < 8 else None
    if host is not None and not agent and not any(c.dep_ in SUBJECTS for c in tok.children):
        host_agent, host_patient, _ = _roles(host, depth + 1)  # its subject: the passive host's patient
        subject = host_patient if _passive(host) else host_agent
        if passive:  # "was sacked after being beaten"
            patient = patient or subject
        else:
            agent = subject
    if gov is not None and not agent and not any(c.dep_ in SUBJECTS for c in tok.children):
        gov_agent, gov_patient, _ = _roles(gov, depth + 1)
        # a passive subject is the patient of the governor and the agent of its complement ("was asked to go"
        # keeps it simple: the governor's subject is the complement's subject), unless the complement is passive
        # too ("the mural is to be put up for sale": the mural is put up)
        inherited = gov_agent or (gov_patient if tok.dep_ == "xcomp" else [])
        if _plan_governor(tok) is not None:  # "its decision to stage": the possessor; "the company announced plans
            owner = [c for c in tok.head.children if c.dep_ == "poss"]  # to close": its subject (OWNING_VERBS)
            own = gov.lemma_.lower() in OWNING_VERBS or _cancels(gov) and gov.lemma_.lower() not in OVERRULING_VERBS
            inherited = owner or (gov_agent if own else [])
        if tok.dep_ == "oprd" or (tok.dep_ == "pcomp" and gov.pos_ == "VERB"):  # "he was found guilty",
            inherited = [h for h in gov_patient if h.i != tok.i] or gov_agent  # "he was cleared of murdering"
        if passive:
            patient = patient or inherited
        else:
            agent = inherited
    return agent, patient, other


def _misread_first_names(tok) -> List[FirstName]:
    """The first name of a list that opens a clause, which the parser may hang on the verb as an adverb
    (npadvmod) before the rest of the list as its subject: "Dan, Robert and Paul are going"."""
    out = []
    for c in tok.children:
        if c.dep_ != "npadvmod" or c.pos_ != "PROPN" or c.i + 2 >= len(c.doc) or c.doc[c.i + 1].text != ",":
            continue
        subject = c.doc[c.i + 2]
        if (subject.head.i == tok.i and subject.dep_ in SUBJECTS and SUBJECTS[subject.dep_] and subject.pos_ == "PROPN"
                and subject.conjuncts):
            out.append(FirstName(c, "agent" if SUBJECTS[subject.dep_] == "agent" and not _passive(tok) else "patient"))
    return out


def _misread_named_object(tok, patient):
    """The name right after an active verb that the parser hung on it as an adverb (npadvmod) where the verb has no
    object but a number: "Spain beat Sweden 1-0" is parsed with "0" as the object and "Sweden" as an adverb, as
    "Spain beat England 1-0" is not.  A day or month there is a time ("announced Monday that"), not an object."""
    if any(not h.like_num for h in patient):
        return None
    return next((c for c in tok.rights if c.dep_ == "npadvmod" and c.pos_ == "PROPN" and c.left_edge.i == tok.i + 1
                 and c.lower_ not in CALENDAR_WORDS), None)


def _claim(tok) -> Claim:
    agent, patient, other = _roles(tok)

    def arg(heads):  # coordinated heads ("Luke and Martial") are one argument, and so is a list the parser reads as
        # an apposition to its first name ("Ania, Helen, Zuzia and Jan")
        listed = [a for h in heads if h.pos_ == "PROPN" for a in h.children
                  if a.dep_ == "appos" and a.pos_ == "PROPN" and a.conjuncts]
        heads = list(heads) + listed
        heads = heads + [c for h in heads for c in h.conjuncts if c.pos_ in ("PROPN", "NOUN", "PRON")]
        return _merge([_argument(h) for h in dict.fromkeys(heads)])

    if patient and agent and all(h.lower_ in REFLEXIVES for h in patient):  # "whales stranded themselves"
        patient = agent
    a, p, o = arg(agent), arg(patient), arg(other)
    lemma = _lemma(tok)  # a copula's is "be": it bears on another "be" through a shared argument
    if lemma in REPORTING:  # the heads of what it reports, to bear on another report of the same clause
        o = _merge([o] + [_head_words(g) for c in tok.children if c.dep_ == "ccomp"
                          for g in c.children if g.dep_ in SUBJECTS or g.dep_ in OBJECTS])
    verb = _phrasal_verb(tok) or lemma  # "went up": rise
    predicate = SAME_EVENT.get(verb) or OPPOSITE.get(verb) or verb
    if verb in BY_OBJECT:  # "the bank cut rates" (not raise) or "exports cut by half" (not rise)
        predicate = BY_OBJECT[verb][0 if patient else 1]
    if verb in PASSED and p.core & _stems_of(LEGISLATION):  # "the Senate passed the bill": approved it
        predicate = PASSED[verb]
    # figures of the claim, not of a description of its parties ("Ms Smith, 45,": an age in apposition)
    clause = [t for h in agent + patient + other for t in _argument_tokens(h)
              if not (t.dep_ == "appos" and t.like_num)] + [tok]
    own_agent = any(tok.i in (h.head.i, h.head.head.i) for h in agent)  # not one taken from a governor
    first = min((h.i for h in agent), default=-1) < min((h.i for h in patient), default=-1) if own_agent else None
    negated = _negated(tok)
    return Claim(predicate, negated ^ (verb in OPPOSITE), a, p, o, _figures(clause),
                 _predicate_forms(predicate) | {stem(lemma), stem(tok.lower_)}, first,
                 named=_modifier_names(clause, tok), opposed=verb in OPPOSITE,
                 hedged=_hedged(tok) and not negated,  # "couldn't come" says it did not happen
                 plan=_plan(tok), links=_links(tok), genders=(_genders(agent), _genders(patient)))


def _genders(heads) -> FrozenSet[str]:
    """The genders of the pronouns among ``heads`` ("he": "male") and of those that own them ("her company":
    "of-female"; PRONOUN_GENDERS)."""
    own = {PRONOUN_GENDERS[h.lower_] for h in heads if h.lower_ in PRONOUN_GENDERS}
    owners = {"of-" + PRONOUN_GENDERS[c.lower_] for h in heads for c in h.children
              if c.dep_ == "poss" and c.lower_ in PRONOUN_GENDERS}
    return frozenset(own | owners)


def _other_gender(mine: FrozenSet[str], theirs: FrozenSet[str]) -> bool:
    """Whether a role is a pronoun (or a pronoun's thing) of one gender in the unit and of the other in the text
    (:func:`_genders`): "she" for "he", "his company" for "her company"; "his mother" and "her" are not compared."""
    for owned in (False, True):
        m = {g for g in mine if g.startswith("of-") == owned}
        t = {g for g in theirs if g.startswith("of-") == owned}
        if m and t and not m & t:
            return True
    return False


def _links(tok) -> FrozenSet[Tuple[str, str]]:
    """What the fact of predicate ``tok`` is linked to (LINK_WORDS; :data:`Claim` ``links``): the object of "before",
    "after", "because of", "due to" or "despite" ("after the medical", "after leaving Rangers", "because of the
    storm") or the verb of a clause one of them introduces ("after he left Rangers", "although it rained"), each as
    (the link, the stem of the object's or the verb's dictionary form)."""
    return frozenset((LINK_WORDS[word.lower_], _folded_stem(g.lemma_)) for word, objects in _link_words(tok)
                     for g in objects)


def _link_words(tok) -> List[Tuple]:
    """The words of LINK_WORDS that link predicate ``tok``'s fact to another thing or act, each with what they link
    it to: a preposition with its object ("because of the storm", "due to the storm") or its verb ("after
    leaving"), or the word that introduces a clause with the clause's verb ("after he left")."""
    out = []
    for c in tok.children:
        if c.dep_ == "prep" and c.lower_ in LINK_WORDS:
            objects = [g for g in c.subtree if g.dep_ == "pobj"][:1]
            objects += [g for g in c.children if g.dep_ == "pcomp" and g.pos_ == "VERB"]
            out.append((c, objects))
        elif c.dep_ == "advcl":
            out.extend((m, [c]) for m in c.children if m.dep_ == "mark" and m.lower_ in LINK_WORDS)
    return out


MODIFIER_DEPS = frozenset({"amod", "compound", "nmod", "poss"})
NAME_PARTS = frozenset({"compound", "flat", "nmod"})  # the words of a longer name ("Manchester" of "Manchester United")
# names of one country written in other words: each is also read as the first
NAME_ALIASES = {"britain": "uk", "great britain": "uk", "united kingdom": "uk", "america": "us", "usa": "us",
                "united states": "us", "states": "us", "holland": "netherlands", "burma": "myanmar"}


# the points of the compass that locate a place within a named one ("north London", "southern Turkey"), each as
# its direction
COMPASS = {"north": "north", "northern": "north", "south": "south", "southern": "south", "east": "east",
           "eastern": "east", "west": "west", "western": "west", "northeast": "northeast",
           "northeastern": "northeast", "northwest": "northwest", "northwestern": "northwest",
           "southeast": "southeast", "southeastern": "southeast", "southwest": "southwest",
           "southwestern": "southwest"}


# the endings of adjectives of a nation, to tell "British soldiers have been jailed" from "Former soldiers ..."
NATION_ENDINGS = ("ish", "ese", "ian", "ean", "can", "yan", "ban", "ch", "ani", "ali", "eek", "ai", "iss")


def _name_kind(tok) -> Optional[str]:
    """"name" for a proper noun, "adjective" for a capitalised adjective inside a sentence ("Spanish soldiers"),
    or one of a nation at its start ("British soldiers have been jailed"); None for any other word."""
    if tok.pos_ == "PROPN" and tok.is_alpha:
        return "name"
    if tok.pos_ == "ADJ" and tok.text[:1].isupper() and not tok.text.isupper() and (
            not tok.is_sent_start or tok.lower_.endswith(NATION_ENDINGS)):
        return "adjective"
    return None


def _modifier_names(tokens, predicate) -> FrozenSet[Tuple[Tuple[str, str], str, FrozenSet[str]]]:
    """The names among a claim's argument ``tokens`` that describe another word (:data:`Claim` ``named``): a
    modifier ("British soldiers", "Afghanistan's security service", "the Labour leader") or the object of a
    preposition ("a camp in Norway", "arrested in Italy"), each as ((the described word's stem, "mod" or the
    preposition), kind, the name's stems, with a point of the compass that locates it: "north London" is (north,
    london)).  An indirect object is the object of "to" ("gave Mark $50": gave to Mark).  A word of a longer name
    ("Real" of "Real Madrid") and a name in apposition (the same thing named again) describe nothing."""
    out = set()
    for t in tokens:
        kind = _name_kind(t)
        if kind is None or t.dep_ == "flat" or (t.dep_ in NAME_PARTS and _is_name(t.head)):
            continue
        first = t
        while first.dep_ == "conj" and first.head.i != first.i:  # "Manchester United and England": one slot
            first = first.head
        if first.dep_ in MODIFIER_DEPS:
            slot = (_folded_stem(first.head.text), "mod")
        elif first.dep_ == "pobj" and first.head.dep_ == "prep":
            described = first.head.head
            slot = ("" if described.i == predicate.i else _folded_stem(described.text), first.head.lower_)
        elif first.dep_ == "dative" and first.head.i == predicate.i:
            slot = ("", "to")
        else:
            continue
        name = sorted([t] + [c for c in t.children if c.dep_ in NAME_PARTS and _name_kind(c)], key=lambda c: c.i)
        stems = {_folded_stem(c.text) for c in name if c.is_alpha}
        stems |= {_folded_stem(c.text) for c in _compass_words(t)}
        alias = NAME_ALIASES.get(" ".join(c.lower_ for c in name))
        if stems:
            out.add((slot, kind, frozenset(stems | ({_folded_stem(alias)} if alias else set()))))
    return frozenset(out)


@lru_cache(maxsize=4096)
def _predicate_forms(predicate: str) -> FrozenSet[str]:
    """The stems a text may write ``predicate`` with: its own, those of the verbs read as it (SAME_EVENT,
    OPPOSITE, BY_OBJECT), their irregular forms (WRITTEN), and for "win" and "approve" those of the verbs that
    entail them (WON_BY, VOTES)."""
    lemmas = {predicate} | {k for k, v in {**SAME_EVENT, **OPPOSITE}.items() if v == predicate}
    lemmas |= {k for k, pair in BY_OBJECT.items() if predicate in pair}
    lemmas |= {verb for (verb, _), meant in PHRASAL_VERBS.items() if meant in lemmas}
    own = _written_stems(lemmas)
    if predicate == "win":  # a text may say who won with a verb that entails it ("defeated": :func:`_claims_of`)
        own |= frozenset().union(*(_predicate_forms(p) for p in WON_BY))
    if predicate == VOTED:  # "voted against the plan": did not approve it
        own |= frozenset(stem(v) for v in VOTES)
    return own


@lru_cache(maxsize=None)
def _opposite_forms(predicate: str) -> FrozenSet[str]:
    """The stems a text may write the verbs read as ``predicate``'s other polarity with (OPPOSITE): "cut", "lowered"
    for "raise"."""
    return _written_stems(lemma for lemma, meant in OPPOSITE.items() if meant == predicate)


def _written_stems(lemmas) -> FrozenSet[str]:
    """The stems of verbs' dictionary forms and of their irregular forms (WRITTEN, and those spaCy's lemmatizer
    knows: "left" for "leave")."""
    irregular = irregular_verb_forms()
    return frozenset(stem(w) for lemma in lemmas for w in (lemma,) + WRITTEN.get(lemma, ()) + irregular.get(lemma, ()))


_VOWELS = frozenset("aeiou")
_UNDOUBLED = _VOWELS | frozenset("wxy")  # final letters a verb never doubles before "-ed"


def _lemma(tok) -> str:
    """The dictionary form of a verb: spaCy's, except a past form of a verb ending in "e" that spaCy reads as a
    verb without it ("fined": "fin", "dined": "din"), since a verb ending in one vowel and one consonant doubles the
    consonant before "-ed" ("pinned", "binned")."""
    lemma, word = tok.lemma_.lower(), tok.lower_
    if (tok.tag_ in ("VBD", "VBN") and word == lemma + "ed" and len(lemma) >= 3 and lemma[-1] not in _UNDOUBLED
            and lemma[-2] in _VOWELS and lemma[-3] not in _VOWELS and lemma + "e" in known_verbs()):
        return lemma + "e"
    return lemma


def _claims_of(tok) -> Tuple[Claim, ...]:
    """The claim of predicate ``tok`` and the one it entails: "Reed defeated Jones in the by-election" says "Reed
    won" (in the by-election), which a summary's "Jones won the by-election" contradicts.  The loser is left out
    of what was won: "Real Madrid won the league" does not bear on "Barcelona beat Real Madrid on Sunday".  An
    agentless passive of STATE_PARTICIPLES entails its subject's state: "the museum was closed" says "the museum
    was closed" as a copula does, which "the museum was open" denies."""
    claim = _claim(tok)
    lemma = tok.lemma_.lower()
    if lemma in VOTES:
        return (claim,) + _votes(tok, claim)
    if (lemma in STATE_PARTICIPLES and claim.patient.core and not claim.agent.stems and not claim.plan
            and _passive(tok)):
        state = _folded_stem(STATE_PARTICIPLES[lemma])
        return claim, claim._replace(predicate="be", agent=claim.patient,
                                     patient=Argument(frozenset({state}), frozenset({state}), frozenset()),
                                     forms=_predicate_forms("be"), agent_first=None, entailed=True, opposed=False)
    if claim.predicate not in WON_BY:
        return (claim,)
    won = claim._replace(predicate="win", patient=EMPTY, figures=frozenset(), forms=_predicate_forms("win"),
                         agent_first=None, entailed=True, named=frozenset())
    scores = frozenset(f for f in claim.figures if _SCORE.match(f))
    if not claim.patient.core:
        return claim, won
    # the loser did not win by that score, nor that game: "Manchester City beat Liverpool 3-1" denies "Liverpool
    # won 3-1" and "Liverpool won the game" (:func:`_lost_by_score`), and nothing else the loser won
    lost = claim._replace(predicate="win", agent=claim.patient, patient=EMPTY, others=EMPTY, figures=scores,
                          negated=not claim.negated, opposed=True, forms=_predicate_forms("win"), agent_first=None,
                          entailed=True, named=frozenset())
    return claim, won, lost


def _votes(tok, claim: Claim) -> Tuple[Claim, ...]:
    """What a vote for or against a thing entails (VOTES): "Councillors voted against the plan" says they did not
    approve it, which denies "Councillors voted to approve the plan" (and "voted for the plan": approved it)."""
    out = []
    for prep in tok.children:
        against = VOTES[tok.lemma_.lower()].get(prep.lower_) if prep.dep_ == "prep" else None
        objects = [g for g in prep.children if g.dep_ == "pobj"]
        if against is None or not objects:
            continue
        out.append(claim._replace(predicate=VOTED, negated=claim.negated ^ against, patient=_argument(objects[0]),
                                  others=EMPTY, figures=frozenset(), forms=_predicate_forms(VOTED), agent_first=None,
                                  entailed=True, named=frozenset(), opposed=False))
    return tuple(out)


_CLAIMS_KEY = "pyramid_metric.claims"  # where a parsed text keeps its claims once read (Doc.user_data)


def claims_of_doc(doc) -> Tuple[Claim, ...]:
    """The claims of a parsed text: one per predicate, and what a won contest entails (:func:`_claims_of`).  They
    are read once and kept with the parse (the claims depend on its tags, lemmas and dependencies only, and a
    parse is cached as long as its text is)."""
    found = doc.user_data.get(_CLAIMS_KEY)
    if found is None:
        found = tuple(c for t in doc if _is_predicate(t) for c in _claims_of(t))
        doc.user_data[_CLAIMS_KEY] = found
    return found


def claims(texts: Sequence[str]) -> List[Tuple[Claim, ...]]:
    """The claims of each text; texts not parsed before are parsed in one batch (the parse cache of
    :func:`pyramid_metric.text.parse_many`)."""
    return [claims_of_doc(doc) for doc in parse_many(list(texts))]


def _piece_starts(pieces: Sequence[str]) -> List[int]:
    """The first character of each piece in the passage the pieces make joined by spaces."""
    starts, at = [], 0
    for piece in pieces:
        starts.append(at)
        at += len(piece) + 1
    return starts


@lru_cache(maxsize=16384)
def passage_claims(pieces: Tuple[str, ...]) -> Tuple[Tuple[Claim, ...], ...]:
    """The claims of each piece of a passage (the EDUs of one reference, in order), read from the parse of the
    whole passage (the pieces joined by spaces): a piece without a subject of its own ("to win the title") takes
    the one its sentence gives it ("Barcelona beat Madrid"), each predicate belongs to the piece it is in, and a
    piece without a predicate ("Four British soldiers", "because of heavy rain") holds the claims whose agent or
    patient, or the word that links them to another thing, it writes."""
    starts = _piece_starts(pieces)
    out: List[List[Claim]] = [[] for _ in pieces]
    about: List[List[Claim]] = [[] for _ in pieces]  # the claims whose agent or patient a piece holds
    for tok in parse_many([" ".join(pieces)])[0]:
        if _is_predicate(tok):
            own = _claims_of(tok)
            at = bisect_right(starts, tok.idx) - 1
            out[at].extend(own)
            for k in _pieces_of_parties(tok, starts) - {at}:
                about[k].extend(own)
    # a piece without a predicate of its own ("Four British soldiers" of "... have been jailed") states the claims
    # of which it holds the agent or the patient
    return tuple(tuple(c or a) for c, a in zip(out, about))


# how a piece of a passage hangs from another without depending on its fact: what the other reports ("Venezuela
# says | two aircraft were shot down"), a fact coordinated with it ("... | and won the title"), punctuation
NOT_DEPENDENT = frozenset({"ccomp", "parataxis", "conj", "cc", "punct"})


@lru_cache(maxsize=16384)
def passage_dependents(pieces: Tuple[str, ...]) -> Tuple[FrozenSet[int], ...]:
    """For each piece of a passage (the EDUs of one reference, in order), the pieces whose fact depends on it, read
    from the parse of the whole passage (the pieces joined by spaces, as :func:`passage_claims` reads them): those
    with a word that hangs from a word of this piece, directly or through another dependent piece, as its
    adverbial or relative clause, complement or modifier ("after a shop owner was stabbed" and "on Saturday" of
    "Police arrested two men"; "to win the title" of "Spain beat England"; "who was stabbed" of "a teenager"), not
    as what it reports or a fact coordinated with it (NOT_DEPENDENT).  A conjunct hangs where the first of its
    list hangs ("killing 75 people | and leaving 400 injured" both of "Two earthquakes struck")."""
    starts = _piece_starts(pieces)
    under: List[set] = [set() for _ in pieces]  # piece -> the pieces hanging from it directly
    for tok in parse_many([" ".join(pieces)])[0]:
        first = tok
        while first.dep_ == "conj" and first.head.i != first.i:  # "killing 75 | and leaving 400 injured"
            first = first.head  # a conjunct hangs where the first of its list does
        mine, its_head = bisect_right(starts, tok.idx) - 1, bisect_right(starts, first.head.idx) - 1
        if first.head.i != first.i and mine != its_head and first.dep_ not in NOT_DEPENDENT:
            under[its_head].add(mine)
    out = []
    for k in range(len(pieces)):
        reached, todo = set(), list(under[k])
        while todo:
            v = todo.pop()
            if v != k and v not in reached:
                reached.add(v)
                todo.extend(under[v])
        out.append(frozenset(reached))
    return tuple(out)


def _pieces_of_parties(tok, starts: Sequence[int]) -> set:
    """The pieces of a passage (their first characters, ``starts``) that hold an agent or a patient of predicate
    ``tok``, or a word that links its fact to another thing ("because of heavy rain", "after the match": LINK_WORDS)."""
    agent, patient, other = _roles(tok)
    links = [word for word, _ in _link_words(tok)]
    places = [h for h in other if h.pos_ == "PROPN"]  # "without power in France": where it happened
    return {bisect_right(starts, h.idx) - 1 for h in agent + patient + links + places}


def _shares(a: Argument, b: Argument) -> bool:
    return bool(a.stems & b.stems)


def bears_on(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` speaks of the same event as ``unit``: the same predicate and an argument word in
    common (two predicates without arguments: the predicate alone), or another outcome of the same thing
    (:func:`_other_outcome`)."""
    if unit.predicate != other.predicate:
        return _other_outcome(unit, other)
    unit_args = (unit.agent, unit.patient, unit.others)
    other_args = (other.agent, other.patient, other.others)
    if not any(a.stems for a in unit_args) or not any(b.stems for b in other_args):
        return True
    if _same_pronoun_parties(unit, other):  # "she promised to pay him back on Friday" and "... on Monday"
        return True
    return any(_shares(a, b) for a in unit_args for b in other_args)


def _same_pronoun_parties(unit: Claim, other: Claim) -> bool:
    """Whether two claims name their parties by pronouns only, of the same genders ("she" and "him" in both)."""
    if unit.agent.stems or unit.patient.stems or other.agent.stems or other.patient.stems:
        return False
    return any(unit.genders) and unit.genders == other.genders


@lru_cache(maxsize=1)
def wordnet_antonyms() -> dict:
    """{"verb": pairs, "adjective": pairs}: the antonyms of ANTONYMS_FILE, each pair (word, antonym)."""
    out: dict = {"verb": [], "adjective": []}
    for line in files("pyramid_metric.data").joinpath(ANTONYMS_FILE).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            pos, word, antonym = line.split("\t")
            left_out = (word, antonym) in NOT_ANTONYMS or pos == "adjective" and {word, antonym} & ADJECTIVES_LEFT_OUT
            if not left_out:
                out[pos].append((word, antonym))
    return {pos: tuple(pairs) for pos, pairs in out.items()}


@lru_cache(maxsize=1)
def _other_outcome_pairs() -> dict:
    """Each (predicate, polarity) of OTHER_OUTCOMES, and each verb of a pair of antonyms stated, with those that
    exclude it."""
    return _excluding(OTHER_OUTCOMES + _antonym_outcomes(), stemmed=False)


def _antonym_outcomes() -> Tuple[Tuple[Tuple[str, bool], Tuple[str, bool]], ...]:
    """The verbs of each pair of antonyms (ANTONYMS_FILE) as the predicates and polarities a claim reads them as
    (:func:`_claim`: "hit" is "strike", "refused" is "did not grant"): "was missed by a train" for "was hit by a
    train", "refused the offer" for "accepted the offer".  Pairs a claim already reads as one predicate's two polarities ("fell"
    and "rose") and verbs read by their object (BY_OBJECT) are left to those readings."""
    def read(verb):
        return SAME_EVENT.get(verb) or OPPOSITE.get(verb) or verb, verb in OPPOSITE

    return tuple((read(a), read(b)) for a, b in wordnet_antonyms()["verb"]
                 if read(a)[0] != read(b)[0] and not {a, b} & BY_OBJECT.keys())


def _other_outcome(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` states of the unit's thing an outcome that excludes the unit's (OTHER_OUTCOMES: "12
    people were injured" for "12 people were killed", "the flight was delayed" for "was cancelled", "was cleared
    of fraud" for "was charged with fraud"): a stated claim, not a possibility, whose patient (where the unit has
    one; its agent otherwise) has the head of the unit's."""
    if other.entailed or other.hedged or unit.hedged:
        return False
    if (other.predicate, other.negated) not in _other_outcome_pairs().get((unit.predicate, unit.negated), ()):
        return False
    mine, theirs = (unit.patient, other.patient) if unit.patient.core else (unit.agent, other.agent)
    return bool(mine.core & theirs.core)


def _other_outcome_forms(claim: Claim) -> FrozenSet[str]:
    """The stems a text may write an outcome that excludes ``claim``'s with (:func:`_other_outcome`)."""
    return _outcome_forms(claim.predicate, claim.negated)


@lru_cache(maxsize=4096)
def _outcome_forms(predicate: str, negated: bool) -> FrozenSet[str]:
    others = _other_outcome_pairs().get((predicate, negated), ())
    return frozenset().union(*(_predicate_forms(p) for p, _ in others))


def _same_description(unit: Claim, other: Claim) -> bool:
    """Whether two copulas describe the same subject with the same words: a shared word of the subject where both
    have one, and of what is said of it (complement and other arguments) where both say something.  "Christine
    will not be at school" does not deny "Christine is sick", nor "Teluguland is not rich" "Teluguland is poor";
    "Christine is not sick" does."""
    said = [_merge([c.patient, c.others]) for c in (unit, other)]
    return ((not (unit.agent.stems and other.agent.stems) or _shares(unit.agent, other.agent))
            and (not (said[0].stems and said[1].stems) or _shares(*said)))


# how a claim contradicts another (:func:`contradiction`): it denies the fact, stating its other polarity or its
# roles swapped with the unit's own words ("did not beat", "Real Madrid beat Barcelona"), or it changes a detail of
# it, another party or other figures ("Google has agreed to buy", "for $2.1 billion")
DENIED, CHANGED = "denied", "changed"


def contradiction(unit: Claim, other: Claim) -> str:
    """How ``other`` (which bears on ``unit``) states the opposite: DENIED for the other polarity or swapped roles,
    CHANGED for another name as agent or patient (for a symmetric predicate, "met", the two together) or other
    figures, "" where it does not (module docstring).  Another outcome of the same thing changes a detail
    (:func:`_other_outcome`)."""
    if _lost_by_score(unit) and not unit.figures:  # "X beat Y" says Y lost: a text's "Y won" may be another game
        return ""
    if unit.predicate != other.predicate:
        return CHANGED if _other_outcome(unit, other) else ""
    if _lost_by_score(other) and not unit.figures & other.figures and not _wins_a_game(unit):
        return ""  # "Barcelona beat Real Madrid 5-0" says nothing of the league Real Madrid won
    # the other polarity denies (a verb's opposite on one side: of the same subject only); a copula's, only where
    # it describes the subject with the same words: "will not be at school" does not deny "is sick"
    alike = unit.predicate != "be" or _same_description(unit, other)
    # a plan another party undid does not deny that there was a plan: "plans to build were rejected" against "the
    # plans are to build" (one its own party dropped does: "scrapped plans to close" against "plans to close")
    if unit.negated != other.negated and alike and not (unit.plan and other.plan == "overruled"):
        if _opposite_states(unit, other):  # "is not open" says "is closed"
            return ""
        if unit.opposed == other.opposed:
            return DENIED
        if unit.predicate in CONVERSES:  # "X sold the site" and "Y bought the site" may both be true
            return DENIED if unit.agent.core & other.agent.core else ""
        return DENIED if _same_subject(unit, other) else ""
    # a possibility does not state the fact: "Barcelona could beat Real Madrid" against "Barcelona beat Real Madrid"
    if other.hedged and not unit.hedged and unit.agent.core and alike:
        return DENIED
    if unit.negated == other.negated and _opposite_states(unit, other):  # "was dead" against "was alive"
        return DENIED
    if unit.predicate in SYMMETRIC:
        mine, theirs = _merge([unit.agent, unit.patient]), _merge([other.agent, other.patient])
        named_other = not _named_alike(mine, theirs) or _another_of_name(mine, theirs)
        changed = bool(mine.party and theirs.party and named_other) or _other_detail(unit, other)
        return CHANGED if changed else ""
    straight = len(unit.agent.core & other.agent.core) + len(unit.patient.core & other.patient.core)
    to_patient, to_agent = unit.agent.core & other.patient.core, unit.patient.core & other.agent.core
    # most of the roles' words crossed ("Manchester United beat Manchester City" for the other way)
    crossed = to_patient and to_agent and len(to_patient) + len(to_agent) > straight
    if crossed or (_one_role_crossed(unit, other) and not straight) or _owners_swapped(unit, other):
        return DENIED
    for mine, theirs in ((unit.agent, other.agent), (unit.patient, other.patient)):
        if mine.party and theirs.party and (not _named_alike(mine, theirs) or _another_of_name(mine, theirs)):
            return CHANGED
        if mine.party & theirs.party and _other_direction(mine.stems, theirs.stems):  # "northern Turkey"
            return CHANGED
    if any(_other_kind(mine, theirs) for mine, theirs in ((unit.agent, other.agent), (unit.patient, other.patient))):
        return CHANGED
    if any(_other_gender(mine, theirs) for mine, theirs in zip(unit.genders, other.genders)):
        return CHANGED  # "she would resign" for "he would resign"
    return CHANGED if _other_detail(unit, other) else ""


def _other_detail(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` changes a detail of ``unit`` besides its parties: other figures, another name describing
    one of its words, a degree that excludes the unit's, or the other link ("before" for "after", "despite" for
    "because of")."""
    return (_other_figures(unit, other) or _other_modifier_name(unit, other) or _opposite_degree(unit, other)
            or _opposite_description(unit, other)
            or _other_link(unit, other))


@lru_cache(maxsize=1)
def _link_stems() -> dict:
    """The stems of LINK_WORDS, each with its link."""
    return {stem(w): link for w, link in LINK_WORDS.items()}


def _other_link(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` links the fact to a thing or act the unit links it to by the link that excludes the unit's
    ("signed before the medical" for "signed after the medical", "cancelled despite the storm" for "because of the
    storm"; OTHER_LINK), and not also by the unit's."""
    return any((OTHER_LINK[link], to) in other.links and (link, to) not in other.links for link, to in unit.links)


def _excluding(pairs: Sequence[Tuple], stemmed: bool = True) -> dict:
    """Each word of ``pairs`` of words that exclude each other (stemmed, unless not ``stemmed``), with the words it
    excludes."""
    out: dict = {}
    for a, b in pairs:
        if stemmed:
            a, b = _folded_stem(a), _folded_stem(b)
        out[a], out[b] = out.get(a, frozenset()) | {b}, out.get(b, frozenset()) | {a}
    return out


@lru_cache(maxsize=1)
def _opposite_state_stems() -> dict:
    """Each adjective of OPPOSITE_STATES and of a pair of antonyms (ANTONYMS_FILE; stemmed) with its opposites."""
    return _excluding(OPPOSITE_STATES + wordnet_antonyms()["adjective"])


def _opposite_states(unit: Claim, other: Claim) -> bool:
    """Whether two copulas say of the same subject two states that deny each other (OPPOSITE_STATES: "was dead"
    and "was alive"), the unit's state not said by ``other``, and, where both say more of it (when, where),
    something of that alike ("open on Sundays" and "closed on Mondays" may both be true)."""
    if unit.predicate != "be" or other.predicate != "be" or not unit.agent.core & other.agent.core:
        return False
    mine, theirs = ((c.patient.stems - c.patient.core) | c.others.stems for c in (unit, other))  # "on Sundays"
    if mine and theirs and not mine & theirs:
        return False
    opposite = _opposite_state_stems()
    return any(opposite.get(w, frozenset()) & other.patient.core and w not in other.patient.core
               for w in unit.patient.core)


@lru_cache(maxsize=1)
def _opposite_degree_stems() -> dict:
    """Each degree of OPPOSITE_DEGREES (stemmed) with the degrees it excludes."""
    return _excluding(OPPOSITE_DEGREES)


def _opposite_degree(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` says of the fact a degree that excludes one the unit says (OPPOSITE_DEGREES: "its highest
    level" for "its lowest level", "fewer than 200" for "more than 200"), in any of its arguments, neither
    claim saying both."""
    mine = unit.agent.stems | unit.patient.stems | unit.others.stems
    theirs = other.agent.stems | other.patient.stems | other.others.stems
    return _says_the_other(mine, theirs, _opposite_degree_stems())


@lru_cache(maxsize=1)
def _antonym_adjective_stems() -> dict:
    """Each adjective of a pair of antonyms (ANTONYMS_FILE, stemmed) with its antonyms."""
    return _excluding(wordnet_antonyms()["adjective"])


def _opposite_description(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` describes a thing of the fact with the antonym of an adjective the unit describes it with
    ("light rain" for "heavy rain", "an unofficial estimate" for "an official estimate"), in any of its arguments,
    neither claim saying both (:func:`_opposite_degree`'s rule), both of one polarity.  A copula's state is
    left to :func:`_opposite_states` ("is open on Sundays" and "is closed on Mondays")."""
    if unit.negated != other.negated:
        return False
    mine, theirs = _description_words(unit), _description_words(other)
    return _says_the_other(mine, theirs, _antonym_adjective_stems())


def _says_the_other(mine: FrozenSet[str], theirs: FrozenSet[str], excluding: dict) -> bool:
    """Whether ``theirs`` holds a word that excludes (``excluding``: :func:`_excluding`) a word of ``mine``, neither
    side saying both."""
    return any(excluding.get(w, frozenset()) & (theirs - mine) for w in mine - theirs)


def _description_words(claim: Claim) -> FrozenSet[str]:
    """The words of a claim's arguments, without a copula's state (its complement's head)."""
    words = claim.agent.stems | claim.patient.stems | claim.others.stems
    return words - claim.patient.core if claim.predicate == "be" else words


def _other_kind(mine: Argument, theirs: Argument) -> bool:
    """Whether a role names a person of one kind in the unit and of the other in the text (OTHER_KIND), the unit's
    not said there (:func:`_kind_words`)."""
    kinds = _other_kind_stems()
    mine, theirs = _kind_words(mine), _kind_words(theirs)
    return any(kinds.get(w, frozenset()) & theirs and w not in theirs for w in mine)


def _kind_words(role: Argument) -> FrozenSet[str]:
    """The words of a role that may say what kind of person it is: its head and compounds, and all its words where
    the head is a quantity ("thousands of nurses", "a group of doctors": QUANTITY_NOUNS)."""
    return role.stems if role.core & _stems_of(QUANTITY_NOUNS) else role.core


@lru_cache(maxsize=8)
def _stems_of(words: FrozenSet[str]) -> FrozenSet[str]:
    """The stems of a constant set of words (QUANTITY_NOUNS, GAMES, LEGISLATION, TITLES), computed once."""
    return frozenset(_folded_stem(w) for w in words)


@lru_cache(maxsize=1)
def _other_kind_stems() -> dict:
    """Each kind of person of OTHER_KIND, and of thing of OTHER_THING (stemmed), with the kinds it excludes."""
    pairs = OTHER_KIND + OTHER_THING + tuple(combinations(OCCUPATIONS, 2)) + tuple(combinations(INSTITUTIONS, 2))
    return _excluding([(x, y) for a, b in pairs for x in _noun_forms(a) for y in _noun_forms(b)])


def _noun_forms(noun: str) -> Tuple[str, ...]:
    """A noun and its plural in "-men", which its stem does not find ("fisherman": "fishermen"; "woman": "women")."""
    return (noun, noun[:-3] + "men") if noun.endswith("man") else (noun,)


def _lost_by_score(claim: Claim) -> bool:
    """Whether ``claim`` is the loss a win entails (:func:`_claims_of`): "Manchester City beat Liverpool 3-1" says
    Liverpool did not win 3-1 (nor the game), which denies only a win by that score or of a game (GAMES)."""
    return claim.entailed and claim.opposed and claim.predicate == "win"


def _wins_a_game(unit: Claim) -> bool:
    """Whether ``unit`` is a win of a game (GAMES: "Chelsea won the match"), which a loss denies whatever its
    score."""
    return unit.predicate == "win" and bool(unit.patient.core) and unit.patient.core <= _stems_of(GAMES)


def contradicts(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` (which bears on ``unit``) states the opposite (:func:`contradiction`)."""
    return bool(contradiction(unit, other))


def _named_alike(mine: Argument, theirs: Argument) -> bool:
    """Whether the names of two arguments may name one party: a word in common, or one an acronym of the other
    (:func:`_abbreviates`).  References that write a party both ways are not aligned to one form ("the ECB" in one,
    "the European Central Bank" in another), so the check meets both.  A name typed with one letter left out,
    added or two letters swapped ("Barcelna", "Madird") is the same name (:func:`_typo`)."""
    if mine.party & theirs.party or _abbreviates(mine, theirs) or _abbreviates(theirs, mine):
        return True
    return any(_typo(a, b) for a in mine.party for b in theirs.party)


TYPO_LENGTH = 5  # the shortest word read as a typing slip of another ("Barcelna"; "Iran" and "Iraq" are two names)


def _typo(a: str, b: str) -> bool:
    """Whether two words (stems) of TYPO_LENGTH letters or more are one word typed with one letter left out or added,
    or two neighbouring letters swapped ("Barcelna" and "Barcelona", "Madird" and "Madrid"), or one is the stem of
    the other typed so ("activis", the stem of "Activision", and "Activison": one more letter or two after it).  One
    letter changed is another word ("Iceland" and "Ireland")."""
    if a == b or min(len(a), len(b)) < TYPO_LENGTH:
        return False
    short, long_ = sorted((a, b), key=len)
    if len(short) > TYPO_LENGTH and long_.startswith(short) and len(long_) - len(short) <= 2:
        return True
    if len(long_) - len(short) > 1:
        return False
    i = _common_start(a, b)
    if len(a) != len(b):
        return _one_letter_more(a, b, i)
    return a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1]


def _abbreviates(acronym: Argument, name: Argument) -> bool:
    """Whether ``acronym``'s name is one word whose letters are the initials of ``name``'s other words ("ECB" and "the
    European Central Bank", "FBI" and "the Federal Bureau of Investigation"), in any order: stems keep none."""
    if len(acronym.party) != 1:
        return False
    (letters,) = acronym.party
    spelt = name.stems - acronym.party  # "the European Central Bank (ECB)" spells out its own acronym
    return 2 <= len(spelt) <= 6 and letters.isalpha() and sorted(letters) == sorted(word[0] for word in spelt)


def _same_subject(unit: Claim, other: Claim) -> bool:
    """Whether two claims speak of the same subject: the same agent, or the same patient where one has no agent.
    A verb's opposite denies only that: "Labour lost the seat" denies "Labour won the seat", while "Reed lost the
    by-election to Jones" does not deny "Jones won it", nor "Venus Williams lost" "Serena Williams won"
    (:func:`_another_of_name`)."""
    if unit.agent.core and other.agent.core:
        return bool(unit.agent.core & other.agent.core) and not _another_of_name(unit.agent, other.agent)
    return bool(unit.patient.core & other.patient.core or unit.agent.core & other.patient.core
                or unit.patient.core & other.agent.core)


def _other_modifier_name(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` describes a word of ``unit`` with another name of the same kind where the unit's name is
    not said at all: "a camp in Panama" for "a camp in Norway", "Spanish soldiers" for "British soldiers" (a
    misspelling is the same name; "the camp in Utoya, Norway" says Norway; "the England captain" is one of "the
    Manchester United and England captain"), the same place with another point of the compass ("south London"
    for "north London", "South Korea" for "North Korea"), or another name where the fact starts or ends, even one
    the unit names at the other end ("from Wednesday to Monday" for "from Monday to Wednesday": ENDPOINTS; "to" of
    a symmetric verb names a party: "talk to Joanne")."""
    said = other.agent.stems | other.patient.stems | other.others.stems
    objects = unit.patient.stems & other.patient.stems  # a word of the object both claims have ("all of its flights")
    for slot, kind, name in unit.named:
        if any(k == kind and _other_direction(name, n) for _, k, n in other.named):  # in whatever slot
            return True
        mine = frozenset().union(*(n for s, k, n in unit.named if s == slot and k == kind))  # "United and England"
        ends = [n for s, k, n in other.named if s == slot and k == kind]
        if slot[1] in ENDPOINTS and unit.predicate not in SYMMETRIC and ends and not any(n & mine for n in ends):
            return True  # another name where it started or ended, even if the text says the unit's elsewhere
        if name & said:  # said, unless in part only, beside another name of its kind ("Cambridge University")
            if any(_same_slot(slot, s, objects) and k == kind and _another_sharing_a_word(name - said, mine, n)
                   for s, k, n in other.named):
                return True
            continue
        if any(_same_slot(slot, s, objects) and k == kind and not (n & mine)
               and not any(_misspelt(a, b) or _typo(a, b) for a in mine for b in n)
               for s, k, n in other.named):
            return True
    return False


def _another_sharing_a_word(unsaid: FrozenSet[str], mine: FrozenSet[str], theirs: FrozenSet[str]) -> bool:
    """Whether a name (``unsaid``: its words the text does not say; ``mine``: every name the unit gives there,
    "Manchester City and Manchester United") and another (``theirs``) share a word and each has one of its own, not
    a title nor a misspelling of the other's: "Oxford University" and "Cambridge University"; "Sarah Jones" and
    "Jones" are one name."""
    titles = _stems_of(TITLES)
    own, their = unsaid - theirs - titles, theirs - mine - titles
    return bool(mine & theirs and own and their) and not all(any(_misspelt(a, b) or _typo(a, b) for b in their)
                                                              for a in own)


@lru_cache(maxsize=1)
def _compass_stems() -> dict:
    """The stem of each point of the compass (COMPASS) with its direction."""
    return {_folded_stem(w): d for w, d in COMPASS.items()}


def _other_direction(mine: FrozenSet[str], theirs: FrozenSet[str]) -> bool:
    """Whether two names of a place share a word and locate it by different points of the compass, neither
    name's direction in the other ("north London" and "south London"; "London" and "north London" are one)."""
    compass = _compass_stems()
    own = {compass[w] for w in mine if w in compass}
    their = {compass[w] for w in theirs if w in compass}
    rest = {w for w in mine if w not in compass} & {w for w in theirs if w not in compass}
    return bool(own and their and rest and not own & their)


PLACE_PREPOSITIONS = frozenset({"in", "at", "near", "outside"})
# prepositions of where or when a move starts and ends: a name swapped between them is another fact ("moved from
# Monday to Wednesday" against "from Wednesday to Monday")
ENDPOINTS = frozenset({"from", "to"})


def _same_slot(a: Tuple[str, str], b: Tuple[str, str], objects: FrozenSet[str] = frozenset()) -> bool:
    """Whether two names describe the same thing: the same word in the same way, a place of the event and a
    place of one of its parties ("was arrested in Italy" and "police in San Francisco have arrested"), or a name
    the same preposition hangs on the event in one and on its object (a word of ``objects``, which both claims
    have) in the other: the parser's choice, not the text's ("signed a contract with Celtic": signed with Celtic,
    or a contract with it)."""
    if a == b:
        return True
    if a[1] != b[1] or "" not in (a[0], b[0]):
        return False
    return a[1] in PLACE_PREPOSITIONS or (a[0] or b[0]) in objects


def _one_role_crossed(unit: Claim, other: Claim) -> bool:
    """Whether the patient, the one role a unit fills, is the agent of ``other``, which fills both: "The man was
    arrested" against "The man arrested two officers".  A unit's lone agent may be a patient in other words ("The
    analysis has begun" and "Scientists have begun the analysis"; "The road has reopened"), so it crosses nothing."""
    if not (other.agent.core and other.patient.core) or unit.agent.core:
        return False
    return bool(unit.patient.core & other.agent.core)


def _owners_swapped(unit: Claim, other: Claim) -> bool:
    """Whether the two have one patient and each one's agent is said of the other's patient or fact, not as its
    agent: "The government rejected the nurses' pay offer" (or "the pay offer from nurses") against "Nurses rejected
    the government's pay offer" (who made the offer and who rejected it are swapped)."""
    if not (unit.agent.core and other.agent.core and unit.patient.core & other.patient.core):
        return False
    if unit.agent.core & other.agent.core:
        return False
    said = [(c.patient.stems - c.patient.core) | c.others.stems for c in (unit, other)]
    return bool(unit.agent.core & said[1] and other.agent.core & said[0])


# words written with a name that are no part of it: a title ("President Obama", "Mrs May") or a role
TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "prof", "professor", "president",
                    "prime", "minister", "pm", "chancellor", "secretary", "senator", "sen", "governor", "gov",
                    "mayor", "judge", "justice", "king", "queen", "prince", "princess", "duke", "duchess", "pope",
                    "father", "rev", "reverend", "bishop", "archbishop", "general", "gen", "colonel", "captain",
                    "capt", "sergeant", "officer", "detective", "inspector", "chief", "coach", "manager", "boss",
                    "striker", "midfielder", "defender", "goalkeeper", "player", "star", "singer", "actor", "actress",
                    "former", "ex", "late", "young", "st", "saint", "mp", "msp", "am", "mep", "labour", "tory",
                    "conservative", "democrat", "republican", "leader", "chairman", "ceo", "founder", "director",
                    "uk", "us", "u", "s", "british", "american", "england", "english", "scotland", "scottish",
                    "wales", "welsh", "ireland", "irish", "jr", "sr", "junior", "senior"})


def _another_of_name(mine: Argument, theirs: Argument) -> bool:
    """Two names that share a word and differ in another, each word of their own not a title: another person or
    club of the same family or city ("Joe Cole" and "Carlton Cole", "Manchester United" and "Manchester City"),
    another institution of the same kind ("the Bank of England" and "the European Central Bank"); "Sarah Jones" and
    "Jones", "President Obama" and "Barack Obama", "the Bank of England" and "the Bank" are one."""
    if _abbreviates(mine, theirs) or _abbreviates(theirs, mine):
        return False
    # a word a name takes with "of" is part of it, not a title ("the Bank of England" is not "the Bank")
    titles = _stems_of(TITLES) - (mine.party - mine.core) - (theirs.party - theirs.core)
    own, their = mine.party - theirs.stems - titles, theirs.party - mine.stems - titles
    return bool(own and their) and not all(any(_misspelt(a, b) or _typo(a, b) for b in their) for a in own)


def _misspelt(a: str, b: str) -> bool:
    """One word written two ways: one a beginning of the other, of three letters or more ("Wes", "West"), or one
    letter added, dropped or changed in words of four letters or more ("Gillian", "Gillan")."""
    if min(len(a), len(b)) < 3:
        return False
    if a.startswith(b) or b.startswith(a):
        return True
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 1:
        return False
    i = _common_start(a, b)
    return a[i + 1:] == b[i + 1:] or _one_letter_more(a, b, i)


def _common_start(a: str, b: str) -> int:
    """How many letters two words share from their first."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return i


def _one_letter_more(a: str, b: str, i: int) -> bool:
    """Whether one word is the other with one letter added at ``i``, where they first differ (:func:`_common_start`)."""
    return a[i + 1:] == b[i:] or a[i:] == b[i + 1:]


ROUNDING = 0.05  # amounts (a fraction, or 10,000 and more) within this share of each other are one figure rounded


def _same_figure(a: str, b: str) -> bool:
    """The same figure, or one amount rounded ("£32.5m" and "£32m"; counts, years and scores must be equal)."""
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:  # a score, "5-0"
        return False
    amount = max(abs(x), abs(y)) >= 1e4 or not (x.is_integer() and y.is_integer())
    return amount and abs(x - y) <= ROUNDING * max(abs(x), abs(y))


def _other_figures(unit: Claim, other: Claim) -> bool:
    """Each states a figure of the same kind the other does not: "sentenced to five years" and "to seven years",
    "the third title" and "the fifth" (an extra figure on one side alone, a date, a second amount, is no
    contradiction; nor is an amount rounded, nor a score against a rank: "won 5-0" and "won a third title")."""
    missing = [a for a in unit.figures if not any(_same_figure(a, b) for b in other.figures)]
    extra = [b for b in other.figures if not any(_same_figure(a, b) for a in unit.figures)]
    return any(_figure_kind(x) == _figure_kind(y) or _other_times(x, y)  # a rank against a rank
               for x in missing for y in extra)


# periods a time relative to now may be said in, shortest first (a weekend is compared with none of them)
NESTED_PERIODS = ("@day", "@week", "@month", "@year")


def _other_times(a: str, b: str) -> bool:
    """Whether two times relative to now, of two periods, cannot be one time: the longer period is not the present
    one ("tomorrow" and "next week", "yesterday" and "last month"; "tomorrow" may be this week)."""
    kinds = _figure_kind(a), _figure_kind(b)
    if kinds[0] == kinds[1] or not all(k in NESTED_PERIODS for k in kinds):
        return False
    longer = a if NESTED_PERIODS.index(kinds[0]) > NESTED_PERIODS.index(kinds[1]) else b
    return not longer.endswith("+0")


def _figure_kind(figure: str) -> str:
    """A figure's kind: "#" a rank, a time relative to now by its period ("@day", "@week": "today" and "this week"
    are not two times; :func:`_relative_time`), "" an amount or a score."""
    if figure.startswith("@"):
        return figure.rstrip("+-0123456789")
    return figure[0] if figure.startswith("#") else ""


def contradicted(unit_claims: Sequence[Claim], text_claims: Sequence[Claim]) -> bool:
    """Whether a text contradicts a unit: one of the unit's claims is contradicted by every claim of the text
    that bears on it (and at least one does); a claim the text only entails counts where it contradicts."""
    return bool(contradiction_of(unit_claims, text_claims))


def contradiction_of(unit_claims: Sequence[Claim], text_claims: Sequence[Claim]) -> str:
    """How a text contradicts a unit (:func:`contradicted`): DENIED where a claim of the unit is denied by every
    claim of the text that bears on it (or the text negates it with another construction), CHANGED where a claim
    is contradicted by every bearing claim and some of them change a detail only, "" where the text does not
    contradict it."""
    found = ""
    for claim in unit_claims:
        bearing = ((contradiction(claim, c), c) for c in text_claims if bears_on(claim, c))
        kinds = [kind for kind, c in bearing if kind or not c.entailed]  # an entailed claim counts where it contradicts
        if kinds and all(kinds):
            if all(k == DENIED for k in kinds):
                return DENIED
            found = CHANGED
    if _denied_in_other_words(unit_claims, text_claims):
        return DENIED
    return found


def _event_cancelled(unit: Claim, other: Claim) -> bool:
    """Whether ``other`` cancels the unit's act, named by the noun of its verb, with the unit's agent as its own or
    as the noun's: "Junior doctors have called off their strike" against "Junior doctors will strike"."""
    if other.predicate not in CANCELLING_VERBS or other.negated or other.hedged or other.entailed or unit.plan:
        return False
    return bool(unit.forms & other.patient.core and unit.agent.core
                and unit.agent.core & (other.agent.core | other.patient.stems))


RESTATED = 2  # words of a negated claim's object and other arguments a unit must share to be denied by it


def _argument_stems(unit_claims: Sequence[Claim]) -> FrozenSet[str]:
    """The content words (stems) of every argument of a unit's claims."""
    return frozenset().union(*(a.stems for c in unit_claims for a in (c.agent, c.patient, c.others)))


def _denied_in_other_words(unit_claims: Sequence[Claim], text_claims: Sequence[Claim]) -> bool:
    """Whether the text negates what the unit states with another construction: "The win gave them the league
    title" against "did not win the league title" (the unit's noun is the text's verb, with RESTATED of its object
    and other words), and the text does not also state it positively, or calls off the act the unit's verb names
    (:func:`_event_cancelled`).  A verb read as its opposite's other polarity restates the unit's noun of that verb:
    "plans to cut 27 jobs" for "news of 27 job cuts"."""
    if not unit_claims or any(c.negated for c in unit_claims):
        return False
    said = _argument_stems(unit_claims)
    if any(_event_cancelled(u, c) for u in unit_claims for c in text_claims):
        return True
    for c in text_claims:
        if not c.negated or c.entailed or not c.forms & said:
            continue
        if c.opposed and _opposite_forms(c.predicate) & said:  # "cut" (not "raise") for "cuts"
            continue
        shared = (c.patient.stems | c.others.stems) & said
        if len(shared) >= RESTATED and not any(not o.negated and o.predicate == c.predicate
                                               and (o.patient.stems | o.others.stems) & shared for o in text_claims):
            return True
    return False


def carries(unit_claims: Sequence[Claim], text: str, text_claims: Sequence[Claim]) -> bool:
    """Whether ``text`` (another reference's unit, read as ``text_claims``) names every party and states every figure
    of ``unit_claims``: a summary that contradicts the unit on them (another party, another figure, the other
    polarity or roles of the same parties) contradicts that text too, whatever verb it uses ("thrashed" for "beat")."""
    names = frozenset().union(*(c.agent.party | c.patient.party for c in unit_claims))
    figures = frozenset().union(*(c.figures for c in unit_claims))
    if not names and not figures:
        return False  # nothing that identifies the fact: a verb alone is not enough
    stems = {_folded_stem(w) for w in words(text)}
    theirs = frozenset().union(*(c.figures for c in text_claims))
    return names <= stems and all(any(_same_figure(a, b) for b in theirs) for a in figures)


ANAPHORS = frozenset({"he", "him", "his", "she", "her", "they", "them", "their", "it", "its"})


# nouns that name an event a reference has just told, read after "the" or "this" ("The deal is worth $6.5 billion")
EVENT_NOUNS = frozenset({"deal", "agreement", "takeover", "acquisition", "purchase", "sale", "merger", "bid", "offer",
                         "win", "victory", "defeat", "loss", "result", "match", "game", "move", "decision", "vote",
                         "attack", "quake", "earthquake", "crash", "accident", "incident", "fire", "storm", "blast",
                         "explosion", "shooting", "arrest", "ruling", "verdict", "sentence", "announcement",
                         "election", "contest", "transfer", "signing", "appointment", "resignation", "cut", "rise",
                         "increase", "fall", "drop"})
# nouns that name a party a reference has just named, read in the possessive after "the" ("Venezuela says two
# aircraft were shot down after entering the country's airspace": the airspace is Venezuela's; "the city library"
# is no party named before)
PARTY_NOUNS = frozenset({"country", "nation", "state", "city", "town", "region", "island", "club", "team", "side",
                         "company", "firm", "group", "government", "council", "charity", "organisation",
                         "organization", "airline", "band"})
_DEFINITE_EVENT = re.compile(r"\b(?:the|this|that)\s+(" + "|".join(sorted(EVENT_NOUNS)) + r")\b")
_DEFINITE_PARTY = re.compile(r"\bthe\s+(" + "|".join(sorted(PARTY_NOUNS)) + r")(?:'s|\u2019s)")


# a relative pronoun that starts a clause: "which", "who", or "that" before a verb ("that was 77% effective"; the
# "that" of "added that councils were" starts a reported clause)
_RELATIVE_START = re.compile(r"^\W*(?:which|who|whom|whose)\b|^\W*that\s+(?:is|was|are|were|has|have|had|will|would|"
                             r"could|can|may|might|should|must|does|did)\b")


def refers_back(text: str) -> bool:
    """Whether a unit refers to what its reference said before it: by a pronoun ("The win gave them the title"), by
    a definite noun of an event ("The deal is worth $6.5 billion") or a party's ("the country's airspace"), or as a
    clause that starts with a relative pronoun ("that was 77% effective in a trial")."""
    low = text.lower()
    return (any(w in ANAPHORS for w in re.findall(r"[a-z]+", low)) or _DEFINITE_EVENT.search(low) is not None
            or _DEFINITE_PARTY.search(low) is not None or _RELATIVE_START.match(low) is not None)


# nouns that measure an event a reference has just told, as the subject of a copula ("Her margin was 4,200 votes",
# "The price is $6.5 billion"); a noun of the event does too ("The deal is worth $6.5 billion": EVENT_NOUNS)
MEASURE_NOUNS = frozenset({"margin", "majority", "price", "fee", "cost", "value", "sum", "amount", "total", "toll",
                           "fine", "score", "tally", "bill"})


@lru_cache(maxsize=1)
def _event_measure_stems() -> FrozenSet[str]:
    """The stems of EVENT_NOUNS and MEASURE_NOUNS (stemmed on first use)."""
    return frozenset(stem(w) for w in EVENT_NOUNS | MEASURE_NOUNS)


def figures_told_back(unit_claims: Sequence[Claim]) -> FrozenSet[str]:
    """The figures a unit gives of an event its reference told before it: those of a copula whose subject is a
    noun of the event or a measure of it ("The deal is worth $6.5 billion", "Her margin was 4,200 votes")."""
    return frozenset().union(*(c.figures for c in unit_claims
                               if c.predicate == "be" and not c.negated and c.agent.core & _event_measure_stems()))


def other_figure_told(earlier_claims: Sequence[Claim], figures: FrozenSet[str],
                      text_claims: Sequence[Claim]) -> bool:
    """Whether the text tells a fact of ``earlier_claims`` with another figure of a kind that a later unit of the
    same reference gives of it (``figures``: :func:`figures_told_back`): "Jones defeated Reed by 1,800 votes"
    against "Jones defeated Reed. Her margin was 4,200 votes." The earlier claim, given those figures, is
    contradicted by the text (:func:`contradiction_of`) where without them it is not."""
    for claim in earlier_claims:
        if claim.entailed or claim.predicate in FRAMES or not figures - claim.figures:
            continue
        told = claim._replace(figures=claim.figures | figures)
        if contradiction_of([told], text_claims) and not contradiction_of([claim], text_claims):
            return True
    return False


def reports_only(unit_claims: Sequence[Claim]) -> bool:
    """Whether a unit only says who reported a fact (REPORTING: "the United Nations said.", "the companies said on
    Monday"): what it states is the fact of the unit it reports."""
    return bool(unit_claims) and all(c.predicate in REPORTING for c in unit_claims)


def denied_apart_from_figures(unit_claims: Sequence[Claim], text_claims: Sequence[Claim]) -> bool:
    """Whether the text contradicts the unit on its polarity, roles or parties, not on figures alone: then what
    the reference says next about the same parties ("them", "it") is contradicted too."""
    return contradicted([c._replace(figures=frozenset()) for c in unit_claims],
                        [c._replace(figures=frozenset()) for c in text_claims])


# a sentence without any of these stems states no negation
@lru_cache(maxsize=1)
def _negation_stems() -> frozenset:
    """The stems of the words that may negate a claim (stemmed on first use: no stemmer at import)."""
    contracted = {"didn", "doesn", "don", "isn", "wasn", "aren", "weren", "won", "can", "couldn", "hasn", "haven",
                  "hadn", "wouldn", "shouldn"}
    denying = DENYING_CLAUSE_VERBS | {v for v, denies in OF_COMPLEMENT_VERBS.items() if denies}
    denying |= {"longer", "yet", "rule"}  # "no longer", "has yet to", "ruled out"
    denying |= CANCELLING_VERBS  # "scrapped plans to close"
    return frozenset(stem(w) for w in NEGATIONS | DENYING_VERBS | DENYING_ADJECTIVES | denying | contracted)


@lru_cache(maxsize=1)
def _screened_stems() -> frozenset:
    """The negation stems and the hedges: a sentence with none of them states neither (:func:`_may_contradict`)."""
    return _negation_stems() | HEDGES


_COPULA = frozenset({"is", "are", "was", "were", "be", "been", "being", "am", "s", "re"})
_HAS_OPPOSITE = frozenset(OPPOSITE.values())  # a sentence may state the other polarity without a negation word
NEAR = 3  # a named agent at most this many words before its predicate is its subject ("Barcelona has now won")


def _may_contradict(claim: Claim, sentence: Sequence[str]) -> bool:
    """Whether a sentence (its stemmed words, :func:`pyramid_metric.text.words`) might contradict ``claim``, read
    without parsing it: a negation word, a hedge ("could", "might", "may") or a verb that undoes a plan
    ("scrapped", "called off") in either, figures in both, a name of
    the claim (or one that describes a word of it) missing from the sentence, a person of another kind than one of
    its roles in the sentence ("woman" for "man"), a degree that excludes one of its words ("highest" for "lowest"),
    the opposite of a copula's state ("dead" for "alive"), another
    point of the compass than one of its names ("south London" for "north London"), its agent and patient written
    in the other order (or an agent the claim takes from another clause), or its named agent not written just
    before the predicate (another name may be the predicate's subject there: "Real Madrid beat Barcelona to win
    the title").
    A sentence it returns False for cannot contradict the claim (:func:`contradicts` would find the same polarity,
    roles, names and figures, or nothing bearing on it)."""
    present = set(sentence)
    if claim.negated or present & _screened_stems() or claim.predicate in _HAS_OPPOSITE:
        return True
    if "call" in present and "off" in present:  # "called off plans to build" (CANCELLING_VERBS)
        return True
    if any(PRONOUN_GENDERS[w] not in gender for w in present.intersection(PRONOUN_GENDERS)
           for gender in claim.genders if gender):
        return True  # a pronoun of another gender ("she" for "he")
    if present & _other_outcome_forms(claim):  # "delayed" for "cancelled" (OTHER_OUTCOMES)
        return True
    if claim.links and any(_link_stems().get(w) == OTHER_LINK[link] for link, _ in claim.links for w in sentence):
        return True  # "before" for "after", "despite" for "because of"
    if claim.figures and any(w[:1].isdigit() or number_value(w) is not None or _ordinal(w) is not None or w in TIMES
                             or w in _time_stems() for w in sentence):
        return True
    if any(name not in present for name in claim.agent.party | claim.patient.party):
        return True
    if any(not name <= present for _, _, name in claim.named):  # a word of it missing ("Cambridge University")
        return True
    directions = present.intersection(_compass_stems())  # most sentences have none: the claim is read only then
    if directions:
        located = frozenset().union(*(name for _, _, name in claim.named)) | claim.agent.stems | claim.patient.stems
        if located.intersection(_compass_stems()) and directions - located:
            return True  # another point of the compass ("south London" for "north London")
    kinds = _other_kind_stems()
    if any(kinds.get(w, frozenset()) & present for role in (claim.agent, claim.patient) for w in _kind_words(role)):
        return True  # a person of another kind ("a woman" for "a man")
    degrees, antonyms = _opposite_degree_stems(), _antonym_adjective_stems()
    if any((degrees.get(w, frozenset()) | antonyms.get(w, frozenset())) & present
           for role in (claim.agent, claim.patient, claim.others) for w in role.stems):
        return True  # a degree that excludes the claim's ("highest" for "lowest"), an antonym ("light" for "heavy")
    if claim.predicate == "be" and any(_opposite_state_stems().get(w, frozenset()) & present
                                       for w in claim.patient.core):
        return True  # the opposite state ("dead" for "alive")
    if claim.agent_first is None:  # its agent is said in another clause, whose order tells nothing here
        return True
    agent = [k for k, w in enumerate(sentence) if w in claim.agent.stems]
    patient = [k for k, w in enumerate(sentence) if w in claim.patient.stems]
    said = [k for k, w in enumerate(sentence) if w in claim.forms]
    if claim.agent.party and said and not any(0 <= k - a <= NEAR for a in agent for k in said):
        return True  # its named agent not just before the predicate: maybe another clause's party, another agent
    return bool(agent and patient and (agent[0] < patient[0]) != claim.agent_first)


@lru_cache(maxsize=1)
def _time_stems() -> FrozenSet[str]:
    """The stems of the words that say a time relative to now (RELATIVE_DAYS, RELATIVE_STEPS)."""
    return frozenset(stem(w) for w in list(RELATIVE_DAYS) + list(RELATIVE_STEPS))


def _mentions(claim: Claim, sentence: Sequence[str]) -> bool:
    """Whether a sentence (stemmed words) has the claim's predicate (a copula: any form of "be")."""
    forms = _COPULA if claim.predicate == "be" else claim.forms
    return any(w in forms for w in sentence)


def cap_contradicted(presence: np.ndarray, unit_claims: Sequence[Sequence[Claim]], text: str,
                     sentences: Sequence[str] = (), cap: float = CONTRADICTED_CAP,
                     denied_cap: Optional[float] = None) -> np.ndarray:
    """``presence`` (of each unit in ``text``; ``unit_claims``: each unit's claims) capped at ``denied_cap`` for the
    units whose fact ``text`` denies and at ``cap`` for those of which it changes a detail (:func:`contradiction_of`;
    ``denied_cap`` None: DENIED_CAP, at most ``cap``); text in a language other than English is left as it is (the
    parse is English).

    Only what can change is parsed: units whose presence is above the lower cap, judged against the ``sentences``
    of ``text`` (the whole text when none are given) that mention one of their predicates, and only when one of
    those might contradict the unit (:func:`_may_contradict`); a faithful extract is never parsed."""
    presence = np.asarray(presence, dtype=float)
    caps = {DENIED: min(cap, DENIED_CAP if denied_cap is None else denied_cap), CHANGED: cap}
    at_stake = [j for j, c in enumerate(unit_claims) if c and presence[j] > min(caps.values())]
    if not at_stake or not text.strip() or detect_language([text]) is not None:
        return presence
    pieces = [s for s in (sentences or [text]) if s.strip()]
    piece_words = [words(s) for s in pieces]
    out = presence.copy()
    for j in at_stake:
        near = _to_read(unit_claims[j], piece_words)
        if near:
            kind = contradiction_of(unit_claims[j], [c for cs in claims([pieces[k] for k in near]) for c in cs])
            if kind:
                out[j] = min(presence[j], caps[kind])
    return out


def _to_read(unit_claims: Sequence[Claim], piece_words: Sequence[Sequence[str]]) -> List[int]:
    """The pieces (sentences, as stemmed words) to parse for a unit: those that mention one of its predicates,
    when one of them might contradict it (:func:`_may_contradict`); none otherwise."""
    near = [k for k, w in enumerate(piece_words)
            if any(_mentions(c, w) or _other_outcome_forms(c).intersection(w) for c in unit_claims)]
    if any(_may_contradict(c, piece_words[k]) for c in unit_claims for k in near):
        return near
    said = _argument_stems(unit_claims)  # a negation of the unit said with another construction
    return [k for k, w in enumerate(piece_words) if set(w) & _negation_stems() and len(said & set(w)) >= RESTATED]


def parse_suspects(unit_claims: Sequence[Sequence[Sequence[Claim]]], texts: Sequence[Sequence[str]]) -> None:
    """Parse, in one batch, every sentence that :func:`cap_contradicted` or :func:`credit_confirmed` may read: for
    each text (its sentences) against the claims of its units, whatever their presence (so that later calls find
    them parsed)."""
    todo = []
    for units, pieces in zip(unit_claims, texts):
        piece_words = [words(s) for s in pieces]
        todo.extend(pieces[k] for u in units for k in _to_read(u, piece_words))
        todo.extend(pieces[k] for u in units for k, w in enumerate(piece_words) if any(_may_confirm(c, w) for c in u))
    parse_many(list(dict.fromkeys(todo)))


# predicates that frame a fact rather than state it ("the companies said", "was asked"): confirming who spoke
# says nothing of what was said; a copula or "have" says too little to identify a fact
FRAMES = frozenset({"be", "have", "do", "say", "tell", "announce", "report", "add", "claim", "state", "ask",
                    "confirm", "reveal", "describe", "explain", "insist", "warn", "suggest", "believe", "think",
                    "know", "write", "note", "argue", "accord"})


def _same_party(mine: Argument, theirs: Argument) -> bool:
    """Whether two arguments name the same thing: a head of one among the words of the other ("the video game
    maker Activision Blizzard" and "Activision Blizzard")."""
    return bool(mine.core & theirs.stems or theirs.core & mine.stems)


def confirms(unit: Claim, other: Claim, text_figures: FrozenSet[str] = frozenset()) -> bool:
    """Whether ``other`` states ``unit``'s fact as the unit does: the same predicate and polarity, each role the
    unit fills filled by the same thing ("Microsoft" acquires "Activision Blizzard", active or passive), nothing
    contradicted, and every figure of the unit stated in the text (``text_figures``: the figures of all its
    claims; "beaten by Jones in the by-election, which she won by 4,200 votes").  The unit claim must say who did
    what to whom: two roles, or one role with a name or a figure ("officials said" identifies nothing)."""
    if unit.entailed or other.entailed or unit.predicate != other.predicate or unit.negated != other.negated:
        return False
    if (other.hedged and not unit.hedged) or unit.predicate in FRAMES:  # a possibility confirms no fact
        return False
    roles = [(mine, theirs) for mine, theirs in ((unit.agent, other.agent), (unit.patient, other.patient))
             if mine.core]
    if not roles or not all(_same_party(mine, theirs) for mine, theirs in roles):
        return False
    if len(roles) < 2 and not (unit.figures or any(mine.party for mine, _ in roles)):
        return False
    if not all(any(_same_figure(a, b) for b in text_figures | other.figures) for a in unit.figures):
        return False
    return not contradicts(unit, other)


def confirmed_share(unit_claims: Sequence[Claim], unit_text: str, text_claims: Sequence[Claim],
                    text_stems: FrozenSet[str]) -> float:
    """The share of a unit's content words that a text states, when the text confirms one of the unit's claims
    (:func:`confirms`): the words it writes itself, and the predicate and role heads of each confirmed claim in
    whatever words the text uses ("was acquired by Microsoft" states "Microsoft has agreed to buy"'s "buy");
    0 when no claim is confirmed."""
    figures = frozenset().union(*(o.figures for o in text_claims))
    held = [c for c in unit_claims if any(confirms(c, o, figures) for o in text_claims)]
    if not held:
        return 0.0
    unit_words = content_words(words(unit_text))
    if not unit_words:
        return 0.0
    said = set(text_stems)
    for c in held:
        said |= c.forms | c.agent.core | c.patient.core
    return sum(w in said for w in unit_words) / len(unit_words)


def _may_confirm(claim: Claim, sentence: Sequence[str]) -> bool:
    """Whether a sentence (stemmed words) might confirm ``claim`` (:func:`confirms`), read without parsing it: it
    has the predicate and a word of each role the claim fills."""
    if claim.entailed or claim.predicate in FRAMES or not _mentions(claim, sentence):
        return False
    present = set(sentence)
    roles = [a for a in (claim.agent, claim.patient) if a.core]
    return bool(roles) and all(a.stems & present for a in roles)


def credit_confirmed(presence: np.ndarray, unit_claims: Sequence[Sequence[Claim]], unit_texts: Sequence[str],
                     text: str, sentences: Sequence[str] = ()) -> np.ndarray:
    """``presence`` (of each unit in ``text``) raised, for each unit one of whose claims the text confirms, to
    the mean of the presence and the share of the unit's words the text states (:func:`confirmed_share`): a
    paraphrase that says who did what to whom in other words ("Activision Blizzard will be acquired by Microsoft"
    for "Microsoft has agreed to buy Activision Blizzard") is credited closer to the words copied.  Only the
    ``sentences`` (the whole text when none are given) that might confirm a unit whose presence is below 1 are
    parsed; text in a language other than English is left as it is."""
    presence = np.asarray(presence, dtype=float)
    pieces = [s for s in (sentences or [text]) if s.strip()]
    piece_words = [words(s) for s in pieces]
    near = {j: [k for k, w in enumerate(piece_words) if any(_may_confirm(c, w) for c in unit_claims[j])]
            for j in range(len(presence)) if presence[j] < 1 and unit_claims[j]}
    near = {j: ks for j, ks in near.items() if ks}
    if not near or detect_language([text]) is not None:
        return presence
    read = sorted(set().union(*near.values()))
    text_claims = dict(zip(read, claims([pieces[k] for k in read])))
    stems = frozenset(w for ws in piece_words for w in ws)
    out = presence.copy()
    for j, ks in near.items():
        share = confirmed_share(unit_claims[j], unit_texts[j], [c for k in ks for c in text_claims[k]], stems)
        if share > 0:
            out[j] = max(presence[j], (presence[j] + share) / 2)
    return out
