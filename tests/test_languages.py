"""Text outside English: detected and said (warning, explanation note, signature); scripts without spaces are
segmented; in every method an identical non-English prediction scores 1 and an unrelated one does not."""
import warnings

import numpy as np
import pytest

from pyramid_metric import PyramidScorer
from pyramid_metric.document import punctuation_sentences
from pyramid_metric.encoder import lexical_vector
from pyramid_metric.text import content_words, detect_language, latin_language, mostly_non_latin, parse, word_matches, words

ALL_METHODS = ["refpyramid", "hirao", "be", "rouge", "pyreval", "peak", "ape"]
# (a two-sentence summary, an unrelated one) per language
TEXTS = {
    "Chinese": ("暴风雨袭击了海岸，数千户家庭停电。官员在三个城镇开设了避难所。",
                "学校将关闭到星期五。孩子们在家学习数学。"),
    "Japanese": ("台風が海岸を襲い、数千世帯が停電した。"
                 "当局は三つの町に避難所を開設した。",
                 "学校は金曜日まで休校になる。子供たちは家で数学を勉強する。"),
    "a Cyrillic-script language (e.g. Russian)": (
        "Шторм обрушился на побережье, и тысячи домов остались без электричества.",
        "Школы будут закрыты до пятницы, ученики учатся дома."),
    "an Arabic-script language": (
        "ضربت العاصفة الساحل وانقطعت الكهرباء عن آلاف المنازل.",
        "ستبقى المدارس مغلقة حتى يوم الجمعة والطلاب في البيت."),
    "German": ("Der Sturm traf die Küste und tausende Häuser hatten keinen Strom mehr.",
               "Die Schulen bleiben bis Freitag geschlossen und die Kinder lernen zu Hause."),
}
ENGLISH = "A storm hit the coast and thousands of homes lost power."
# Latin-script languages without English's letters: (a reference, an unrelated sentence)
LATIN_OTHER = {
    "Polish": ("Rząd ogłosił wczoraj nowy plan budowy dróg w całym kraju.",
               "Kot śpi na ciepłym parapecie przy oknie w kuchni."),
    "Turkish": ("Hükümet dün ülke genelinde yeni bir yol yapım planı açıkladı.",
                "Kedi mutfakta pencerenin yanındaki sıcak pervazda uyuyor."),
    "Vietnamese": ("Chính phủ hôm qua công bố kế hoạch xây dựng đường mới trên cả nước.",
                   "Con mèo ngủ trên bậu cửa sổ ấm áp trong nhà bếp."),
}


@pytest.mark.parametrize("language", list(TEXTS))
def test_detect_language_names_it(language):
    assert detect_language([TEXTS[language][0]]) == language


def test_detect_language_other_cases():
    assert detect_language(["폭풍이 해안을 강타했다"]) == "Korean"
    assert detect_language(["La tormenta golpeó la costa y miles de casas se quedaron sin luz."]) == "Spanish"
    assert detect_language(["Le gouvernement a annoncé des mesures pour les familles et les écoles."]) == "French"
    assert detect_language([ENGLISH]) is None
    assert detect_language(["Storm hits coast, thousands lose power amid flooding chaos overnight"]) is None
    assert detect_language(["Die Küste"]) is None  # too few words to tell
    assert detect_language(["", "123 !!"]) is None


@pytest.mark.parametrize("language", list(LATIN_OTHER))
def test_latin_script_languages_are_named_by_their_letters(language):
    ref, other = LATIN_OTHER[language]
    assert detect_language([ref]) == language and detect_language([other]) == language
    assert detect_language([ENGLISH + " " + ref]) == language  # mixed with English, still a fair share


@pytest.mark.parametrize("text, language", [
    ("Pemerintah telah mengumumkan rencana yang baru untuk membangun jalan di seluruh negeri dan kota.",
     "Indonesian or Malay"),
    ("Serikali imetangaza mpango mpya wa kujenga barabara katika nchi nzima na miji yote ya pwani.", "Swahili"),
    ("Inihayag ng gobyerno ang bagong plano para sa mga kalsada sa buong bansa at ito ay malaki.", "Tagalog"),
])
def test_latin_script_languages_without_special_letters_are_named_by_their_words(text, language):
    assert detect_language([text]) == language


def test_accented_names_in_english_are_not_a_language():
    assert detect_language(["Jürgen Klopp met Mesut Özil in São Paulo on Monday to discuss the transfer."]) is None
    assert detect_language(["Lech Wałęsa won the Nobel Peace Prize in 1983 for leading the Solidarity movement "
                            "in the shipyards of Gdańsk and across the rest of the country."]) is None
    assert detect_language(["ZAŻÓŁĆ GĘŚLĄ JAŹŃ"]) == "Polish"  # capitals too
    assert detect_language(["Crème brûlée, jalapeño and açaí: a très naïve café menu."]) == \
        "a Latin-script language other than English"


@pytest.mark.parametrize("method", ALL_METHODS)
def test_every_method_warns_and_signs_latin_script_languages(method):
    sc = PyramidScorer(method=method)
    refs = [[ref] for ref, _ in LATIN_OTHER.values()]
    preds = [other for _, other in LATIN_OTHER.values()]
    srcs = [ref + " " + other for ref, other in LATIN_OTHER.values()]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = sc.compute(preds, refs, srcs, explain=True)
    said = " ".join(str(w.message) for w in caught)
    for k, language in enumerate(LATIN_OTHER):
        assert f"examples {k} look like {language}" in said, (method, said)
        assert out["explanations"][k]["language"] == language
    assert "lang:" not in out["signature"]  # three languages, none of most of the run: named per example only


@pytest.mark.parametrize("text", [
    "Louis: Gotta go, my mom's calling me Fabian: Ok, see ya Louis: See ya",  # "ya" twice: no Swahili
    "Mary has played DA Inquisition. Lucas has played DA II. Daniel started playing DA Inquisition.",  # a game
    "Ana: do you want to play? Joe: no no no, not now, do it later",  # English words that Portuguese also has
])
def test_short_colloquial_english_is_not_named_another_language(text):
    assert detect_language([text]) is None


def test_signature_names_a_language_only_when_most_of_the_run_is_in_it():
    chat = "Louis: Gotta go, my mom's calling me Fabian: Ok, see ya Louis: See ya"
    same, other = TEXTS["Chinese"]
    sc = PyramidScorer(method="rouge")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        few = sc.compute([ENGLISH] * 3 + [same], [[ENGLISH]] * 3 + [[same]], explain=True)
        most = sc.compute([ENGLISH, same, other], [[ENGLISH], [same], [same]])
        chats = sc.compute([chat, ENGLISH], [[chat], [ENGLISH]])
    assert "lang:" not in few["signature"]  # one example of four: said in its warning and explanation
    assert [e.get("language") for e in few["explanations"]] == [None, None, None, "Chinese"]
    assert any("examples 3 look like Chinese" in str(w.message) for w in caught)
    assert most["signature"].endswith("|lang:Chinese")  # two of three
    assert "lang:" not in chats["signature"]
    assert not any("Swahili" in str(w.message) for w in caught)


def test_english_development_data_is_never_flagged(realsumm_rows):
    flagged = [s["summary"][:60] for r in realsumm_rows for s in r["systems"].values()
               if detect_language([s["summary"]]) or detect_language([r["reference"]])]
    assert flagged == []  # 1,500 REALSumm summaries and their references, each read alone


def test_english_stop_words_are_removed_from_english_only():
    german = words("Der Sturm traf die Küste und tausende Häuser in Hamburg hatten keinen Strom")
    assert latin_language(german, stemmed=True) == "German"
    assert content_words(german) == german  # "in" is a German word here, not an English stop word
    english = words("The storm hit the coast and thousands of homes in Hamburg lost their power")
    assert content_words(english) == ["storm", "hit", "coast", "thousand", "home", "hamburg", "lost", "power"]


def test_english_sentences_of_the_development_data_keep_their_stop_words_removed(realsumm_rows):
    import re

    texts = [r["reference"] for r in realsumm_rows] + [s["summary"] for r in realsumm_rows
                                                       for s in r["systems"].values()]
    sentences = [w for t in texts for x in re.split(r"(?<=[.!?])\s+|\n", t) if (w := words(x))]
    assert len(sentences) > 300  # 382 in the 4 shipped REALSumm examples
    assert [s for s in sentences if latin_language(s, stemmed=True)] == []


def test_scripts_without_spaces_give_one_word_per_character():
    assert words("暴风雨，2024年 storms", stemmed=False) == ["暴", "风", "雨", "2024", "年", "storms"]
    assert words("台風が来た") == ["台", "風", "が", "来", "た"]
    assert words("Шторм обрушился", stemmed=False) == ["шторм", "обрушился"]
    assert [t.text for t in parse("停电了。")] == ["停", "电", "了", "。"]  # spaCy's tokenizer agrees
    assert [t.text for t in parse(ENGLISH)][:3] == ["A", "storm", "hit"]
    assert mostly_non_latin(TEXTS["Chinese"][0]) and not mostly_non_latin(TEXTS["German"][0])


def test_punctuation_sentences():
    text = TEXTS["Japanese"][0]
    assert [e.text for e in punctuation_sentences(text)] == ["台風が海岸を襲い、数千世帯が停電した。",
                                                             "当局は三つの町に避難所を開設した。"]
    longer = text + "\n 次 "
    assert [longer[e.start:e.end] for e in punctuation_sentences(longer)][-1] == "次"


def test_lexical_vector_cosines():
    a, b = TEXTS["a Cyrillic-script language (e.g. Russian)"]
    va, vb = lexical_vector(a, 384), lexical_vector(b, 384)
    assert float(va @ lexical_vector(a, 384)) == pytest.approx(1.0)
    assert abs(float(va @ vb)) < 0.3  # no shared word: only hash collisions
    assert np.allclose(lexical_vector("", 384), 0)


@pytest.mark.parametrize("method", ALL_METHODS)
def test_identical_non_english_scores_1_and_unrelated_does_not(method):
    sc = PyramidScorer(method=method)
    for language, (same, other) in TEXTS.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            scores = sc.compute([same, other], [[same], [same]], [same + " " + other] * 2)["scores"]
        assert scores[0] == 1.0, (method, language, scores)
        assert scores[1] < 0.5, (method, language, scores)


def test_non_english_is_said_in_warning_explanation_and_signature():
    same, other = TEXTS["Chinese"]
    sc = PyramidScorer()
    with pytest.warns(UserWarning, match=r"examples 0, 1 look like Chinese; the components are English"):
        out = sc.compute([same, other], [[same], [same]], explain=True)
    assert out["signature"].endswith("|lang:Chinese")
    note = out["explanations"][0]["notes"][-1]
    assert note.startswith("the text looks like Chinese") and "all-MiniLM-L6-v2" in note
    assert out["explanations"][0]["language"] == "Chinese"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # English: no warning at all
        out = sc.compute([ENGLISH], [[ENGLISH]], explain=True)
    assert "lang:" not in out["signature"] and "language" not in out["explanations"][0]


# Scripts of letters written without spaces: (a sentence, an unrelated one, one that shares its subject and verb)
LETTER_SCRIPTS = {
    "Thai": ("เด็กชายไปโรงเรียนตอนเช้า", "ราคาน้ำมันสูงขึ้นในตลาดโลกวันนี้", "เด็กชายไปตลาดตอนเย็น"),
    "Lao": ("ເດັກຊາຍໄປໂຮງຮຽນຕອນເຊົ້າ", "ລາຄານ້ຳມັນສູງຂຶ້ນໃນຕະຫຼາດໂລກມື້ນີ້", "ເດັກຊາຍໄປຕະຫຼາດຕອນແລງ"),
    "Khmer": ("ក្មេងប្រុសបានទៅសាលារៀននៅពេលព្រឹក", "តម្លៃប្រេងបានកើនឡើងនៅថ្ងៃនេះ", "ក្មេងប្រុសបានទៅផ្សារនៅពេលល្ងាច"),
}


def test_scripts_of_letters_without_spaces_give_pairs_of_letters():
    # a Thai letter is no word (two unrelated Khmer sentences shared half their characters): each pair of adjacent
    # letters of a run is one, with its span; a letter keeps its vowel signs and tone marks ("น้" is one letter) and
    # the consonants stacked under it (Khmer "ក្ម", after the coeng sign)
    assert words("น้ำมัน 2024 oil", stemmed=False) == ["น้ำ", "ำมั", "มัน", "2024", "oil"]
    assert words("ក្មេងប្រុស", stemmed=False) == ["ក្មេង", "ងប្រុ", "ប្រុស"]
    assert words("ไป") == ["ไป"] and words("ก") == ["ก"]
    text = "ราคา น้ำ"
    assert word_matches(text) == [(0, 2, "รา"), (1, 3, "าค"), (2, 4, "คา"), (5, 8, "น้ำ")]
    assert [text[a:b] for a, b, _ in word_matches(text)] == [w for _, _, w in word_matches(text)]


@pytest.mark.parametrize("method", ALL_METHODS)
def test_unrelated_text_in_scripts_of_letters_without_spaces_scores_low(method):
    sc = PyramidScorer(method=method)
    for language, (same, other, partly) in LETTER_SCRIPTS.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            scores = sc.compute([same, other, partly], [[same]] * 3, ["\n".join((same, other, partly))] * 3)["scores"]
        assert scores[0] == 1.0, (method, language, scores)
        assert scores[1] < 0.15, (method, language, scores)  # characters alone: 0.1 to 0.5
        if method not in ("hirao", "pyreval", "peak"):  # they match whole segments, with a threshold
            assert scores[1] < scores[2] < 1.0, (method, language, scores)
