"""The numbers a text says, in digits and in words of its language (issue 31): what the check
of a `same` verdict compares."""

from __future__ import annotations

import pytest

from interpreter.editions.numerals import compared, numbers
from interpreter.editions.sourcetext import SourceText
from interpreter.editions.units import text_units


@pytest.mark.parametrize("text, language, said", [
    # English: cardinals, ordinals, digits with a suffix
    ("draw another 20 businesses, one at a time, on the 20 spaces", "en", ["20", "1", "20"]),
    ("the second player, his 3rd action, twelve in all", "en", ["2", "3", "12"]),
    ("In both cases", "en", ["2"]),
    # Dutch: number words, the accented één only, plurals of card values, 20x
    ("op de twintig velden van de aflegrij", "nl", ["20"]),
    ("telkens 20x het getal 4", "nl", ["20", "4"]),
    ("een kaart en één torenflat", "nl", ["1"]),
    ("2 zwarte vieren en 1 zwarte vijf", "nl", ["2", "4", "1", "5"]),
    ("de derde actie, de twaalfde winkel", "nl", ["3", "12"]),
    ("één van de beide spelers", "nl", ["1", "2"]),
    # Korean: digits with counters, native numerals before a counter or a noun, ordinals
    ("2개의 커미션 마커와 3개씩", "ko", ["2", "3"]),
    ("남은 두 플레이어", "ko", ["2"]),
    ("두 번째 경매, 첫번째 경매, 세 장", "ko", ["2", "1", "3"]),
    ("하나의 타일, 셋을", "ko", ["1", "3"]),
    ("중요한 세부 사항을 열어 둔다", "ko", []),  # 한, 세, 열 inside words are not numbers
    ("8에서 21", "ko", ["8", "21"]),
])
def test_numbers_in_digits_and_in_words_of_each_language(text, language, said):
    assert numbers(text, language) == said


@pytest.mark.parametrize("text", [
    "see fig. 03 (page 4)", "예시)p.4 하단에 위치한 그림 3에서는", "zoals op pagina 9", "fig.05",
])
def test_figure_and_page_numbers_are_not_numbers_of_the_rules(text):
    language = "ko" if "그림" in text else "nl" if "pagina" in text else "en"
    assert numbers(text, language) == []


@pytest.mark.parametrize("text", ["- 4.1) If the bid", "4.1)If the bid", "2. The second",
                                  "#### **2. het getal**", "(3) skyscraper(s)", "3\tmove", "3"])
def test_a_label_that_numbers_a_list_item_is_not_a_number_it_says(text):
    assert "4.1" not in numbers(text) and "3" not in numbers(text) \
        and numbers(text) in ([], ["2"])


def test_a_number_word_that_begins_a_name_is_not_read():
    assert numbers("the famous Third Street in the city") == []
    assert numbers("Third, the player moves") == ["3"]
    assert numbers("the third street") == ["3"]


def test_a_language_without_number_words_has_its_digits_read():
    assert numbers("zwei Karten, 3 Felder", "de") == ["3"]


def test_values_are_compared_once_each_without_zero_and_one():
    assert compared(["20", "1", "20"]) == compared(["20"]) == ["20"]
    assert compared(["2", "2", "4"]) != compared(["2", "3", "4"])


def test_a_unit_reads_digits_followed_by_a_latin_letter(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("# Material\n\n- telkens 20x het getal 4\n- telkens 16x het getal 5\n",
                    encoding="utf-8")
    units = text_units(SourceText.read(path))
    assert [u.numbers() for u in units if u.kind == "item"] == [["20", "4"], ["16", "5"]]
