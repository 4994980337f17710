"""`rules book`: every bundled ruleset reads as a rulebook, in every language, with no rule code
left in its rules and no phrase missing; a rule added to a ruleset appears in its book."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from interpreter import load_ruleset
from interpreter.cli import main
from interpreter.language.book.korean import particles, predicates
from interpreter.language.book.output import columns, section_text, to_html, to_markdown, to_text
from interpreter.language.book.phrases import FOLDER, PhraseError, Phrases, languages
from interpreter.play.rulebook import book_of

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted(str(p.parent.relative_to(ROOT / "rulesets"))
                  for p in (ROOT / "rulesets").rglob("ruleset.yaml"))
# What rule text looks like: comparisons, brackets, calls, names_with_underscores.
CODE = re.compile(r"==|!=|<=|>=|->|\[|\]|\b[a-z0-9]+_[a-z0-9_]+\b|[A-Za-z0-9_]\([A-Za-z0-9_\")]")


def _lines(book) -> list[str]:
    """Every line of the rules in words (citations and rulings are quoted text: left out)."""
    out = [book.title, *book.intro]
    for s in book.sections:
        out += [s.title, *s.intro]
        for e in s.entries:
            out += [e.title, *(line.text for line in e.lines)]
            out += [cell for row in e.table or [] for cell in row]
    return out


@pytest.fixture(scope="module")
def loaded():
    cache: dict[str, object] = {}

    def get(name: str):
        if name not in cache:
            try:
                cache[name] = load_ruleset(ROOT / "rulesets" / name)
            except Exception as e:  # an edition read literally may be unplayable: no book
                pytest.skip(f"{name} does not load: {e}")
        return cache[name]
    return get


@pytest.fixture(scope="module")
def book_in(loaded):
    """The book of a bundled ruleset in a language, built once for the tests that read it."""
    cache: dict[tuple[str, str], object] = {}

    def get(name: str, lang: str):
        if (name, lang) not in cache:
            cache[name, lang] = book_of(loaded(name), lang)
        return cache[name, lang]
    return get


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_reads_without_rule_code(book_in, name, lang):
    book = book_in(name, lang)
    code = [line for line in _lines(book) if CODE.search(line)]
    assert code == []
    assert len(book.sections) >= 5
    text = to_text(book)
    assert max(columns(x) for x in text.splitlines()) <= 80
    assert to_markdown(book).startswith("# ")


def test_every_phrase_table_has_every_phrase_of_english():
    english = set(yaml.safe_load((FOLDER / "en.yaml").read_text(encoding="utf-8")))
    for lang in languages():
        table = set(yaml.safe_load((FOLDER / f"{lang}.yaml").read_text(encoding="utf-8")))
        assert english - table == set(), lang
        assert table - english == set(), lang


def test_a_missing_phrase_is_an_error_not_english():
    with pytest.raises(PhraseError, match="no phrase 'stmt.nothing'"):
        Phrases("en").say("stmt.nothing")
    with pytest.raises(PhraseError, match="no phrase table for the language 'xx'"):
        Phrases("xx")


@pytest.fixture
def high_card(tmp_path) -> Path:
    """A copy of the tutorial's High Card, to add rules to."""
    folder = tmp_path / "high-card"
    shutil.copytree(ROOT / "rulesets/tutorial/high-card", folder)
    return folder


def test_a_rule_added_to_a_ruleset_appears_in_its_book(high_card):
    folder = high_card
    with (folder / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write('\ntrigger comeback after trick_won(w) when tricks[w] == 0\n'
                '        cite "High Card: Comebacks":\n'
                '    bonus[w] += 2\n')
    text = to_text(book_of(load_ruleset(folder)))
    assert "After trick won, if tricks won of w is 0:" in text
    assert "Add 2 to bonus points of w." in text  # said as a step a player takes
    assert "Rulebook: High Card: Comebacks" in text


def test_the_book_of_the_base_game_says_how_a_turn_goes(loaded):
    text = to_text(book_of(loaded("fifth-avenue/base")))
    assert "The player chooses one of these options" in text
    assert "Option D: score a district" in text
    assert "the tie is broken by most cards in hand" in text
    assert "the second building stop" in text  # how the game ends
    assert "Ruling: Player 1 starts" in text


def test_cli_book_text_markdown_and_html(tmp_path, capsys):
    assert main(["book", "tutorial/high-card"]) == 0
    assert "1. The game" in capsys.readouterr().out
    assert main(["book", "tutorial/high-card", "--markdown"]) == 0
    assert "## Contents" in capsys.readouterr().out
    page = tmp_path / "book.html"
    assert main(["book", "tutorial/high-card", "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert "<nav>" in html and "href='#setup'" in html and "<section id='setup'>" in html


def test_cli_book_refuses_an_unknown_language(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["book", "tutorial/high-card", "--lang", "xx"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "no phrase table for 'xx'" in err and "Traceback" not in err


def test_html_escapes_what_the_rules_say(loaded):
    html = to_html(book_of(loaded("tutorial/pass-left")))
    assert "‹the player›" in html and "<script" not in html


@pytest.mark.parametrize(("name", "lang", "words"), [
    ("fifth-avenue/editions/nl-playable", "nl", ["Spelvoorbereiding", "torenflat", "Bouwstop",
                                                 "Mogelijkheid D", "dichtstbijzijnde"]),
    ("fifth-avenue/editions/ko-playable", "ko", ["게임 준비", "빌딩", "건설 중단", "D)",
                                                 "가장 가까운"]),
    ("fifth-avenue/editions/nl", "nl", ["zoals geschreven"]),
])
def test_an_edition_reads_in_its_language_with_its_own_names(loaded, name, lang, words):
    ruleset = loaded(name)
    book, english = book_of(ruleset, lang), book_of(ruleset, "en")
    text = to_text(book)
    assert [w for w in words if w not in text] == []
    # every rule is named in the language (the ruleset's book/LANG.yaml), none left in English
    untranslated = [e.key for s, t in zip(book.sections, english.sections, strict=True)
                    for e, f in zip(s.entries, t.entries, strict=True)
                    if e.key and e.key != "score" and e.title == f.title]
    assert untranslated == []


def test_a_names_file_that_is_not_a_mapping_is_a_clear_error(tmp_path):
    from interpreter.language.book.names import load_names
    from interpreter.language.errors import RulesetError

    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "nl.yaml").write_text("names: [a, b]\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="'names' maps each name"):
        load_names([tmp_path], "nl")
    (tmp_path / "book" / "nl.yaml").write_text("names: {a: [\n", encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_names([tmp_path], "nl")
    assert "nl.yaml:" in str(error.value)


def test_a_book_with_diff_marks_what_the_variant_changes(loaded):
    from interpreter.editions.book_diff import marked_book

    book = marked_book(loaded("fifth-avenue/base"), loaded("fifth-avenue/editions/nl-playable"),
                       "nl")
    marked = {e.key: (e.mark, e.note) for s in book.sections for e in s.entries if e.mark}
    assert marked["place_starting_businesses"][0] == "changed"
    assert marked["place_starting_businesses"][1].startswith("lezing nl-1")
    assert "take_skyscrapers" not in marked  # the same in both
    assert "[ANDERS]" in to_text(book)
    same = marked_book(loaded("fifth-avenue/base"), loaded("fifth-avenue/base"))
    assert [e for s in same.sections for e in s.entries if e.mark] == []


TEXTS = ROOT.parent / "shared" / "rulebooks"


@pytest.mark.skipif(not (TEXTS / "nl.txt").is_file(), reason="the rulebook texts are not here")
def test_each_rule_stands_beside_the_paragraph_it_cites(loaded):
    from interpreter.editions.book_cites import cited_paragraphs

    ruleset = loaded("fifth-avenue/editions/nl-playable")
    book = book_of(ruleset, "nl", cited_paragraphs(ruleset, str(TEXTS)))
    _, entry = book.entry("place_starting_businesses")
    assert "per stadswijk wordt één willekeurige winkelfiche open" in entry.cited_text
    base = loaded("fifth-avenue/base")
    _, entry = book_of(base, "en", cited_paragraphs(base, str(TEXTS))).entry("take_skyscrapers")
    assert "There is no limit (except piece limit in the game)" in entry.cited_text


def test_a_rule_says_why_it_cites_no_paragraph(high_card):
    folder = high_card
    with (folder / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write('\ndefine doubled(n) = n * 2  # No paragraph: a helper of the tests\n'
                'define tripled(n) = n * 3\n'
                'trigger again after trick_won(w) cite "High Card: Streaks":\n'
                '    bonus[w] += doubled(tripled(0))\n')
    book = book_of(load_ruleset(folder))
    assert book.entry("doubled")[1].no_cite == "No paragraph of the rulebook: a helper of the tests"
    assert book.entry("tripled")[1].no_cite == "cites no paragraph of the rulebook"
    assert book.entry("again")[1].no_cite is None


@pytest.mark.skipif(not (TEXTS / "en-riograndegames-2004.txt").is_file(),
                    reason="the rulebook texts are not here")
def test_coverage_reports_the_rules_that_say_why_they_cite_nothing(loaded, capsys):
    from interpreter.editions.citations import texts_folder
    from interpreter.editions.coverage import coverage, coverage_json, coverage_text

    with texts_folder(str(TEXTS)):
        cov = coverage(loaded("fifth-avenue/base"))
    data = coverage_json(cov)
    why = {r["name"]: r["why"] for r in data["uncited_rules"]}
    assert why["bid_total"] == "a sum the auction rules use (The play of an auction)"
    assert data["summary"]["rules_saying_why"] >= 55
    text = coverage_text(cov)
    assert "Rules that say why they cite no paragraph (" in text
    assert "of them say why)" in text.splitlines()[-1]


def test_every_rule_of_the_base_game_cites_a_paragraph_or_says_why(loaded):
    from interpreter.editions.citations import check_citations
    from interpreter.language.book.comments import no_paragraph

    rules = check_citations(loaded("fifth-avenue/base")).rules
    silent = [f"{r.kind} {r.name} ({r.loc})" for r in rules
              if r.cite is None and not no_paragraph(r)]
    assert silent == []
    assert sum(1 for r in rules if r.cite is not None) > 100  # the rules were read


# What the 2-player rules say in English: the imaginary bidder's name, its labels and names.
ALEA_ENGLISH = re.compile(r"\b(Alea|skyscrapers?|bidders?|bid cards|cards? drawn|turns taken|"
                          r"repeated|bidding turn done|auction over|most valuable|plots?)\b",
                          re.IGNORECASE)


@pytest.mark.parametrize("lang, bidder", [("nl", "Bolleke"), ("ko", "Egon")])
def test_the_two_player_rules_read_in_the_words_of_each_edition(loaded, lang, bidder):
    book = book_of(loaded("fifth-avenue/alea-2p"), lang)
    lines = _lines(book)
    assert [line for line in lines if ALEA_ENGLISH.search(line)] == []
    assert bidder in book.title
    assert any(line.startswith(bidder) or f" {bidder}" in line for line in lines[1:])


def test_a_book_with_diff_marks_changed_board_data_and_counts(loaded, tmp_path):
    from interpreter.editions.book_diff import marked_book

    base = loaded("fifth-avenue/base")
    six = marked_book(base, loaded("fifth-avenue/six-plot"))
    board = {e.key: e.mark for e in six.section("board").entries}
    assert board["plot"] == "changed"  # a sixth plot in each district
    assert board["place"] is None  # the same places
    (tmp_path / "ruleset.yaml").write_text(
        f"name: more tiles\nplayers: [3, 4]\nextends: {ROOT / 'rulesets/fifth-avenue/base'}\n"
        "rules:\n  - more.rules\n", encoding="utf-8")
    (tmp_path / "more.rules").write_text(
        'replace const tiles_per_type "business tiles of each type" = 10\n', encoding="utf-8")
    more = marked_book(base, load_ruleset(tmp_path, allow_outside=True))
    marks = {e.key: e.mark for s in more.sections for e in s.entries if e.mark}
    assert marks == {"tiles_per_type": "changed", "tile": "changed"}


@pytest.mark.parametrize("written, read", [
    ("카드을(를) 섞는다", "카드를 섞는다"),  # a vowel: 를
    ("빌딩을(를) 짓는다", "빌딩을 짓는다"),  # a final consonant: 을
    ("플레이어이(가) 고른다", "플레이어가 고른다"),
    ("점수은(는) 0", "점수는 0"),
    ("카드와(과) 빌딩", "카드와 빌딩"), ("빌딩와(과) 카드", "빌딩과 카드"),
    ("상자(으)로", "상자로"), ("구역(으)로", "구역으로"), ("서울(으)로", "서울로"),  # ㄹ: 로
    ("3을(를)", "3을"), ("2을(를)", "2를"), ("10이(가)", "10이"),  # numbers as read: 삼, 이, 십
    ("p와(과) d", "p와 d"), ("m을(를)", "m을"),  # one letter as read: 피, 엠
    ("“건물”을(를)", "“건물”을"), ("빌딩(상자)을(를)", "빌딩(상자)을"),
    ("(건물 더하기 카드)이(가)", "(건물 더하기 카드)가"),
    ("total이(가)", "total이(가)"),  # a Latin word: unknown, both forms stay
])
def test_korean_particles_follow_the_word_before_them(written, read):
    assert particles(written) == read
    assert Phrases("ko").say("stmt.shuffle", zone="카드") == "카드를 섞는다."


# Words of English sentences that are no Dutch word (Dutch has "is", "in", "of", "op" too).
ENGLISH = re.compile(r"\b(the|and|with|which|when|each|from|this|that|must|may|not|every|"
                     r"there|his|their|are|players?|if|to|by|it|its|for|or|build|district)\b")
ENGLISH_KO = re.compile(ENGLISH.pattern[:-3] + r"|is|of|in)\b")
TRANSLATED = [(f"fifth-avenue/{name}", lang) for name, lang in (
    ("base", "nl"), ("base", "ko"), ("alea-2p", "nl"), ("alea-2p", "ko"),
    ("editions/nl", "nl"), ("editions/nl-playable", "nl"), ("editions/ko", "ko"),
    ("editions/ko-2p", "ko"), ("editions/ko-playable", "ko"), ("editions/ko-playable-2p", "ko"))]


@pytest.mark.parametrize("name, lang", TRANSLATED)
def test_no_english_sentence_in_a_dutch_or_korean_book(loaded, name, lang):
    """Every line in words, the rulings and why a rule cites nothing included, is in the book's
    language (the citations name the English reference text: they stay as they are)."""
    book = book_of(loaded(name), lang)
    said = _lines(book) + [x for s in book.sections for e in s.entries
                           for x in (*e.rulings, e.no_cite or "")]
    english = ENGLISH_KO if lang == "ko" else ENGLISH
    assert [x for x in said if english.search(x)] == []
    if lang == "ko":  # every particle after a Korean word has its one form
        both = re.compile(r"[가-힣](을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)")
        assert [x for x in said if both.search(x)] == []


def test_the_game_in_short_and_a_rules_own_words_come_from_its_names_file(high_card):
    """`goal` and `about` make "the game in short" and stand with their rules; `reads` says
    how a name reads in a sentence; a list grown by `x = x + [a]` reads as adding a to x."""
    (high_card / "book").mkdir()
    (high_card / "book" / "en.yaml").write_text(
        "goal: Win the most tricks; a trick goes to the strongest card.\n"
        "about:\n  play_trick: Everybody plays one card; the strongest card takes all.\n"
        "reads:\n  hand: \"{1}'s hand\"\n  played: the card {1} played\n", encoding="utf-8")
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write("\nvar winners \"who won a trick\" = []\n"
                "trigger remember after trick_won(w):\n    winners = winners + [w]\n")
    book = book_of(load_ruleset(high_card))
    short = book.sections[0]
    assert (short.id, short.intro) == ("short", [
        "The goal: Win the most tricks; a trick goes to the strongest card."])
    assert short.entries[0].lines[0].text == \
        "One trick: Everybody plays one card; the strongest card takes all."
    _, trick = book.entry("play_trick")
    assert trick.about == "Everybody plays one card; the strongest card takes all."
    text = to_text(book)
    assert "Move 1 of the card from the player's hand to card in the trick of the player." \
        in " ".join(text.split())
    assert "The suit of the card the player who leads the next trick played: call this led." \
        in " ".join(text.split())
    assert "played of" not in text
    assert "Add w to who won a trick." in text
    assert "» Everybody plays one card" in text
    assert "<p class='about'><em>Everybody plays one card" in to_html(book)


def test_a_list_of_options_joined_reads_as_or(high_card):
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write("\ntrigger pick after trick_won(w):\n"
                "    choose x from [1, 2] + [\"pass\"] by w\n")
    assert "w chooses x among 1, 2, or “pass”." in to_text(book_of(load_ruleset(high_card)))


# What reads like code in a sentence (issue 32): a word twice in a row ("where where", "in in"),
# a name_with_underscores, a file name, a label said twice ("A set of auctions: A set of
# auctions:"). A word that a language doubles in good prose is allowed (Dutch "waar je je ...").
SLIPS = {"a word twice": re.compile(r"(?i)\b([^\W\d_]+)\s+\1\b"),
         "a name of the rules": re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b"),
         "a file name": re.compile(r"\b[\w-]+\.(?:yaml|rules|json)\b"),
         "a label said twice": re.compile(r"(?i)(?:^|[\s(])([^:.»\s][^:.»]{3,}): \1\b")}
GOOD_DOUBLES = {"nl": {"je je"}}


def _said(book) -> list[str]:
    """Every line of the book in its own words: the rules, headings, rulings, why a rule cites
    nothing, what it is for (the quoted rulebook text is left out)."""
    return _lines(book) + [x for s in book.sections for e in s.entries
                           for x in (*e.rulings, e.no_cite or "", e.about or "")]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", RULESETS)
def test_no_sentence_of_a_book_reads_like_code(loaded, book_in, name, lang):
    book = book_in(name, lang)
    slips = [(what, m.group(0), x) for x in _said(book) for what, rx in SLIPS.items()
             for m in rx.finditer(x) if m.group(0).lower() not in GOOD_DOUBLES.get(lang, ())]
    raw = {n.replace("_", " ") for n in loaded(name).program.decls if "_" in n}
    slips += [("a heading that is a rule's name", e.title, e.title)
              for s in book.sections for e in s.entries if e.title in raw]
    assert slips == []


def test_conditions_loops_and_parameters_read_as_sentences(high_card):
    """Each construct that read like code reads as a rulebook says it: `every ... where`,
    `not`, `== none`, a loop over 1 to 1 (folded) or over a fixed range whose number the body
    does not use, a choice of a number, a rule's parameters, `if c: (nothing) else: ...`,
    a `let` nothing reads."""
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write('\nvar last_winner "the last winner of a trick" = none\n'
                'procedure reward(w: player, n: number) "a reward" cite "High Card: Play":\n'
                '    let all_out = every p in clockwise_from(w) where empty(hand[p])\n'
                '    if all_out:\n'
                '        bonus[w] += 1\n'
                '    let unread = size(hand[w])\n'
                '    if last_winner == none:\n'
                '        pass\n'
                '    else:\n'
                '        bonus[w] += 1\n'
                '    for each i in numbers(1, 1):\n'
                '        bonus[w] += 1\n'
                '    for each i in numbers(1, 3):\n'
                '        bonus[w] += 1\n'
                '    if not empty(hand[w]):\n'
                '        choose k from numbers(0, n) by w "how many"\n'
                '    last_winner = none\n'
                'trigger rewarded after trick_won(w):\n'
                '    reward(w, 2)\n')
    text = " ".join(to_text(book_of(load_ruleset(high_card))).split())
    assert "n: a number" not in text  # "from 0 to n" says it; w, a player, reads "the player"
    assert "Note whether for each player p in all players clockwise from the player: hand " \
           "of player p is empty (“all out”)." in text
    assert "unread" not in text  # a let that nothing reads is no rule of play
    assert "If there is a last winner of a trick: Add 1 to bonus points of the player. " \
           "Add 1 to bonus points of the player. Do this 3 times: Add 1 to bonus points" in text
    assert "If hand of the player is not empty:" in text
    assert "The player chooses a number k from 0 to n (“how many”)." in text
    assert "The last winner of a trick is cleared." in text
    assert not re.search(r"nobody/nothing|not \(|from 1 to 1", text)


def test_a_rules_own_values_read_as_a_player_reads_them(book_in):
    """Issue 33: the steps read like code ('Let the players who have passed be nothing.', 'Let
    total be ...', 'The result is 0.', 'Here high is a number.'): a list that starts empty, a
    count, a value named for the steps after it, one read once right after (said there), what
    a rule gives at its end and where it stops early read as sentences, in every ruleset."""
    base = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    for said in ("At first, no player has passed. At first, the number of bidding turns taken "
                 "is 0.", "Count the seven districts: call this the number of districts left.",
                 "The left-most set with a business left: call this the current set.",
                 "One card colour picked at random from the five plot colours",  # capital
                 "Add the points the player scores in the district to the player's victory "
                 "points.", "call this the winner. If there is a winner: The winner pays",
                 "Stop here: it gives 0.",
                 "It gives who holds the high bid (none before the first bid)."):
        assert said in base, said
    _, bid = book_in("fifth-avenue/base", "en").entry("bid_turn")
    assert "high" not in bid.lines[0].text  # "more than high" says it is a number
    photo = " ".join(to_text(book_in("tutorial/photo-finish", "en")).split())
    assert "(same: a number from 1 to 4) 1. The value of c if same is 1, otherwise 1: call " \
        "this steps." in photo  # what the rule's words do not say
    for name in RULESETS:
        code = re.compile(r"(?m)^ *(\d+\. )?(Let |The result is|Here \w+ is)")
        assert code.findall(to_text(book_in(name, "en"))) == [], name


def test_what_a_rule_gives_and_a_parameter_its_steps_do_not_show(high_card):
    """A value given after a condition that gave one reads "Otherwise it gives ..."; one given
    inside a loop stops the rule ("Stop here: it gives ..."); a number only compared for
    equality is said to be one, a number compared by size is not."""
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write('\nprocedure bonus_of(w: player, n: number) "a bonus" cite "High Card: Play":\n'
                '    if tricks[w] == n:\n'
                '        return 2\n'
                '    return 0\n'
                'procedure first_bonus(w: player, most: number) "the first bonus"'
                ' cite "High Card: Play":\n'
                '    for each player p:\n'
                '        if tricks[p] > most:\n'
                '            return p\n'
                '    return none\n'
                'trigger rewarded after trick_won(w):\n'
                '    let b = bonus_of(w, 3)\n'
                '    bonus[w] += b\n'
                '    let f = first_bonus(w, 0)\n'
                '    if f == w:\n'
                '        bonus[w] += 1\n')
    book = book_of(load_ruleset(high_card))
    (_, bonus), (_, first) = book.entry("bonus_of"), book.entry("first_bonus")
    assert [line.text for line in bonus.lines] == [
        "(n: a number)", "If tricks won of the player is n:", "It gives 2.",
        "Otherwise it gives 0."]
    assert [line.text for line in first.lines] == [
        "Do this for each player:", "If tricks won of the player is more than most:",
        "Stop here: it gives the player.", "It gives none."]


@pytest.mark.parametrize("lang", ["nl", "ko"])
def test_dutch_and_korean_say_a_rules_own_values_as_english_does(book_in, lang):
    """Dutch read 'Wie gepast heeft is voortaan niets.', 'Hierin: hoogste bod is een getal.',
    Korean '없음을 패스한 플레이어들이라 한다.': both say a list that starts empty, a count kept
    and where a rule stops early as the English book does."""
    text = " ".join(to_text(book_in("fifth-avenue/base", lang)).split())
    said = {"nl": ("Aanvankelijk heeft nog niemand gepast. Aanvankelijk is het aantal "
                   "gespeelde biedbeurten 0.", "Stop hier: de uitkomst is 0.",
                   "Tel de zeven stadswijken: noem dit het aantal overgebleven stadswijken."),
            "ko": ("처음에는 패스한 플레이어들이 없다. 처음에는 지나간 비딩 차례가 0이다.",
                   "여기서 멈춘다: 결과는 0이다.", "일곱 구역을 세어 남은 구역 수라 한다.")}
    for sentence in said[lang]:
        assert sentence in text, sentence
    for old in ("is voortaan", "Hierin:", "없음을", "0을 지나간", "(최고 비딩: 수)"):
        assert old not in text, old


def test_the_board_gives_every_link_a_rule_reads_and_the_groups_of_a_set(book_in):
    """The adjacency the scoring reads is given whole, district by district, and the supply
    row's spaces by set (3, 2, 3, 2, ...), in every language (nl and ko name the spaces and
    the plots)."""
    text = to_text(book_in("fifth-avenue/base", "en"))
    board = text.split("\n4. The board")[1].split("\n5. Where things lie")[0]
    assert "more" not in board
    for district in ("34th St. West", "52nd St. East"):
        assert f"{district}: violet → brown, green; brown → violet, gray;" in text
    assert "set 1 (3): supply space 1–3; set 2 (2): supply space 4–5;" in text
    nl, ko = (to_text(book_in("fifth-avenue/base", lang)) for lang in ("nl", "ko"))
    assert "groep 1 (3): vak 1–3" in nl and "supply space" not in nl.split("\n5. ")[0]
    assert "공급 칸 1–3" in ko and "supply space" not in ko.split("\n5. ")[0]
    assert "34th St. West: paars, bruin, grijs, oranje, groen;" in nl  # the plots named in nl
    board_nl = to_text(book_in("fifth-avenue/six-plot", "nl")).split("\n5. ")[0]
    assert "zesde bouwplaats" in board_nl and "sixth" not in board_nl


def test_the_base_book_says_what_only_the_rulebook_quoted(book_in):
    """The game's end by the last business skips the rest of the turn; the supply row's sets;
    the special scoring counts the businesses of the whole board; why a building stop."""
    book = book_in("fifth-avenue/base", "en")
    text = " ".join(to_text(book).split())
    assert "The game ends at once (the last business of the supply row was placed): nothing " \
           "more is played, not even the rest of this turn." in text
    assert "does not take his 2nd and 3rd actions" in text
    assert "8 sets of 3, 2, 3, 2, 3, 2, 3 and 2 spaces" in text
    assert "the count runs over the whole board" in text
    assert "business placed on a plot" not in text
    # a rule's list said as what there is ('there is something in districts ...' read as code)
    assert "(only if there are districts where a commissioner stands)" in text
    play = text.split(" 13. Definitions =")[0].split(" 10. Playing the game =")[1]
    assert not re.search(r"the number of things in [^.:]*? is (more than )?0\b", play)
    _, stop = book.entry("building_stop")
    # the gist says no citation (a newcomer read '(rulebook: ...)' in the rules as code): the
    # rule's own cite says it, on request
    assert "What it is for" in (stop.about or "") and "rulebook" not in stop.about
    assert "Building stop" in (stop.cite or ""), stop.cite


def _section_lines(book, *ids: str) -> list[str]:
    return [line.text for s in book.sections if s.id in ids for e in s.entries
            for line in e.lines]


@pytest.mark.parametrize("lang", languages())
def test_a_rules_one_letter_names_read_as_what_they_hold(book_in, lang):
    """In the turn, the auctions and the end, a rule's `p`, `d`, `q`, `w`, `c`, `k` read as the
    player, the district, the plot ... (their type, or the ruleset's names file); a second
    name of one type in a rule keeps its letter after the type ("player q")."""
    book = book_in("fifth-avenue/base", lang)
    letters = re.compile(r"(?<![\w'’.-])[pdwck](?![\w'’.-])")
    play = _section_lines(book, "play", "end", "triggers")
    assert [x for x in play if letters.search(x)] == []
    if lang == "en":
        text = " ".join(to_text(book).split())
        assert "The player chooses the card colour among the colours the player may open a " \
               "bid with in the district" in text
        # a loop of one step, said as a sentence about each (not 'For each player q: The
        # colour player q bids with is cleared.', which read as code)
        assert "The colour each player bids with is cleared." in text
        assert "For each player q:" not in text
        assert "Here the winner is a player" not in text  # the name says its type


def test_two_statements_of_one_step_read_as_one_step(book_in):
    """Option C's 1st action is two statements (`1. draw_black(p)`, `1. move_commissioner(p)`):
    one step 1, not "1. 1. 2. 3."."""
    _, turn = book_in("fifth-avenue/base", "en").entry("turn")
    steps = [(line.depth, line.step) for line in turn.lines if line.step is not None]
    assert all(a != b for a, b in zip(steps, steps[1:], strict=False))
    assert any(line.text == "The player takes the top card of the black stack. The player "
               "moves a commissioner." and line.step == 1 for line in turn.lines)


def test_a_ruling_reads_where_it_applies(book_in):
    """A ruling written before a statement reads before that statement's line (the lowest
    value of a Central Park skyscraper, where final scoring counts the types); the ruling of a
    definition a rule uses reads with the rule too."""
    book = book_in("fifth-avenue/base", "en")
    _, final = book.entry("final_scoring")
    texts = [line.text for line in final.lines]
    at = next(i for i, x in enumerate(texts) if x.startswith("Ruling: with fewer than 3"))
    assert texts[at + 1].startswith("Shuffle") and final.lines[at].ruling
    assert final.rulings == []
    _, bid = book.entry("bid_turn")
    assert any(r.startswith("colours a player may bid with in a district: when a full "
                            "district is auctioned for a building stop")
               for r in bid.rulings)


def test_where_things_lie_and_the_moments_read_in_a_rulebooks_words(book_in):
    """No "heap (order does not matter)": a pile's order goes without saying, a stack says
    which end is on top, and who sees what in plain words; a moment that no rule in effect
    follows is not said (the base game's "auction over" is for the 2-player overlay)."""
    text = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    assert "heap" not in text and "order does not matter" not in text
    assert "Kept secret: only its owner sees what lies there, the others see how many" in text
    assert "auction over" not in text
    assert "Now: a business is placed on a building plot (see “When something happens”)." \
        in text
    assert "auction over" in to_text(book_in("fifth-avenue/alea-2p", "en"))


def test_every_table_has_column_headings(book_in, high_card):
    """A table's columns are headed by the ruleset's `columns` (its names file), or else by
    what the rules look it up with and "value"."""
    book = book_in("fifth-avenue/base", "en")
    heads = {e.key: e.table[0] for e in book.section("tables").entries}
    assert heads["adjacency_vp"] == ["different business types next to the plot",
                                     "VP per skyscraper"]
    assert all(all(h) for h in heads.values())
    assert "| different business types next to the plot | VP per skyscraper |" in \
        to_markdown(book)
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write('\ntable bonus_for "bonus for a trick" cite "High Card: Play":\n'
                '    1 -> 2\n    2 -> 3\n'
                'trigger trick_bonus after trick_won(w):\n    bonus[w] += bonus_for[tricks[w]]\n')
    _, table = book_of(load_ruleset(high_card)).entry("bonus_for")
    assert table.table[0] == ["tricks won of w", "value"]
    (high_card / "book").mkdir()
    (high_card / "book" / "en.yaml").write_text("columns:\n  bonus_for: tricks\n",
                                                encoding="utf-8")
    from interpreter.language.errors import RulesetError

    with pytest.raises(RulesetError, match="'columns' maps each table"):
        book_of(load_ruleset(high_card))


def test_a_section_names_the_rulebook_once_where_it_does_not_change(book_in):
    """Each rule's citation names the section of the rulebook; the rulebook itself ("en-2004")
    is named by the first citation of a section only, and again where a rule cites another."""
    book = book_in("fifth-avenue/base", "en")
    for index, s in enumerate(book.sections, 1):
        text = "\n".join(section_text(book, s, index))
        cites = [x for x in text.splitlines() if x.startswith("  | Rulebook:")]
        assert sum("en-2004:" in x for x in cites) <= 1, s.id
    play = "\n".join(section_text(book, book.section("play"), 1))
    assert "  | Rulebook: en-2004: Playing the game\n" in play
    assert "  | Rulebook: The play of an auction; Building stop\n" in play
    page = to_html(book)
    assert page.count("Rulebook: en-2004:") == sum(
        1 for s in book.sections if any(e.cite for e in s.entries))


@pytest.mark.parametrize(("written", "read"), [
    ("카드 더미가 비어 있지 않음이면:", "카드 더미가 비어 있지 않으면:"),
    ("출발지가 구역임이면:", "출발지가 구역이면:"), ("0보다 큼인 점수", "0보다 큰 점수"),
    ("승자가 정해짐이면:", "승자가 정해지면:"),
    ("꽉 참 그리고 빌딩이 있음이면:", "꽉 차고 빌딩이 있으면:"),
    ("첫 색깔이 아님 그리고 더미가 비어 있음", "첫 색깔이 아니고 더미가 비어 있음"),
    ("놓을 수 있음일 때만", "놓을 수 있을 때만"),
    ("구역이 Central Park임 그리고", "구역이 Central Park이고"),
    ("게임 참여", "게임 참여"),  # a noun form not before 이면, 인, 인지, 그리고 or 일 stays
])
def test_a_korean_condition_joins_its_ending_as_korean_says_it(written, read):
    assert predicates(written) == read


def test_a_dutch_condition_puts_its_verb_last(book_in):
    """Conditions stand in a bijzin (als, waarvoor, waarbij, of): "als de stadswijk geen
    bouwstop heeft", "als er een kaartkleur ... is waarvoor ...", a yes/no kept from now on
    "Vanaf nu geldt dat ..."; the ruleset's `not NAME` says a condition's opposite."""
    text = " ".join(to_text(book_in("fifth-avenue/base", "nl")).split())
    for said in ("Als de stadswijk geen bouwstop heeft:", "Als het totaal gelijk is aan 0:",
                 "Als de kaartkleur gelijk is aan passen (kaarten terugnemen):",
                 "Vanaf nu geldt dat de stadswijk een bouwstop heeft.",
                 "De winnaar van de veiling in de stadswijk die de openende speler opent: "
                 "noem dit de winnaar.",
                 "zijn jokers) is waarvoor de stapel van de kaartkleur niet leeg is:"):
        assert said in text
    for slip in ("Als er is", "Als de stadswijk heeft", " is niet leeg", "Noem "):
        assert slip not in text


def test_a_definitions_parameters_read_as_what_its_callers_pass(book_in):
    """`define empty_plot(q)` has no types: its callers pass a plot, so q reads "the plot"; a
    loop that declares its type (`each place d`) reads by it, whatever the names file calls d."""
    book = book_in("fifth-avenue/base", "en")
    _, empty = book.entry("empty_plot")
    assert empty.lines[0].text.startswith("The plot is empty means: there is nothing in the "
                                          "businesses on the plot")
    _, districts = book.entry("districts")
    assert districts.lines[0].text == \
        "The seven districts: each place whose role is “district”."


def test_a_rule_replaced_only_when_its_condition_holds_keeps_its_steps(book_in):
    """Alea's award (an overlay's rule that applies when the winner is Alea) says the rule it
    replaces after it, under its own line, with its own indentation."""
    _, award = book_in("fifth-avenue/alea-2p", "en").entry("award_district")
    texts = [(line.depth, line.text) for line in award.lines]
    at = texts.index((0, "Otherwise, the rule it replaces:"))
    assert (2, "The winner calls a building stop in the district.") in texts[at:]
    assert texts[0][1].endswith("otherwise the rule it replaces applies (below).")


def test_zones_and_rulings_read_as_sentences_about_the_game_s_things(book_in):
    """A newcomer read 'a stack: what is put on last lies on top; open: everyone sees what
    lies there; holds: business tile' for the area below the park, and a ruling 'in case (3)
    ... as (2) says in so many words': a zone is said in sentences about what lies there, and
    no ruling of the base game points at numbered cases or reads like a lawyer's."""
    text = to_text(book_in("fifth-avenue/base", "en"))
    assert "What lies there: business tile. What is put there last lies on top. Face up: " \
        "everyone can see what lies there." in " ".join(text.split())
    for jargon in ("a stack:", "open: everyone", "holds: ", "; face down:", "there; the others"):
        assert jargon not in text, jargon
    rulings = [line for line in text.splitlines() if "Ruling:" in line]
    assert rulings
    assert not re.search(r"case \(\d\)|\(\d\) says|so many words|seat \d", text), rulings


def test_the_play_rules_say_counts_and_kinds_as_a_player_would(book_in):
    """`rules 10` read like code to a newcomer: "For each card in the different things in the
    cards the winner has bid: ... Move everything of the card from ...", "number of things in
    the winner's supply"."""
    text = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    play = text.split(" 13. Definitions =")[0].split(" 10. Playing the game =")[1]
    for code in ("the different things in", "everything of", "number of things in"):
        assert code not in play
    assert "Do this for each of the cards the winner has bid, each kind once:" in play
    assert "Move every one like the card from the cards the winner has bid" in play


def test_turns_round_the_table_read_as_turns_not_as_a_program(book_in):
    """Issue 33: the Rules panel's 'step by step' read as pseudo-code ('Let the player be the
    opening player. Repeat: If ...: Stop repeating. ... The player becomes the next player
    after the player (clockwise).'). Turns round the table read as turns, in every ruleset
    that has them, in every language (nl, ko)."""
    base = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    assert "Turn by turn, clockwise from the opening player (the player is the one whose " \
        "turn it is): If the player is who holds the high bid" in base
    assert "The turns end here." in base
    # the auction's own list, named in the base game's names file (was 'Add the player to
    # passed.', 'If the count of passed is the number of players:')
    assert "Add the player to the players who have passed." in base
    assert "If the count of the players who have passed is the number of players:" in base
    assert "Turn by turn, clockwise from the starting player" in base
    for code in ("Repeat:", "Stop repeating", "Let the player be the", "becomes the next "
                 "player after the player", "For each player in all players clockwise"):
        assert code not in base, code
    assert "Each player q in turn, clockwise from the player, if player q has no skyscraper" \
        in base
    reversi = " ".join(to_text(book_in("tutorial/reversi", "en")).split())
    assert "Do this again and again: Each player in turn, clockwise from the starting " \
        "player:" in reversi
    cards = " ".join(to_text(book_in("tutorial/high-card", "en")).split())
    assert "Each player in turn, clockwise from the player who leads the next trick:" in cards
    dutch = " ".join(to_text(book_in("fifth-avenue/base", "nl")).split())
    assert "Om de beurt, met de klok mee vanaf de openende speler (de speler is wie aan de " \
        "beurt is): Als de speler gelijk is aan wie het hoogste bod heeft: Hier eindigen de " \
        "beurten." in dutch
    assert "Elke speler q om de beurt, met de klok mee vanaf de speler, als speler q geen " \
        "torenflat" in dutch
    korean = " ".join(to_text(book_in("fifth-avenue/base", "ko")).split())
    assert "경매를 여는 플레이어부터 시계 방향으로 돌아가며 차례를 진행한다" in korean
    assert "여기서 차례 진행을 끝낸다." in korean
    for loop in ("Stop met herhalen.", "De speler wordt de volgende speler na de speler",
                 "반복을 멈춘다.", "플레이어의 다음 플레이어 (시계 방향)이 된다"):
        assert loop not in dutch + korean, loop


def test_the_dutch_book_changes_a_value_in_the_imperative_whatever_its_number(book_in):
    """A Dutch verb agrees with its subject, and a value's name may be plural ("de zegepunten
    van de speler"): a change of a value is said as a step to do, as the moves are ("Tel ... op
    bij ...", not "... neemt toe met ...")."""
    dutch = " ".join(to_text(book_in("fifth-avenue/base", "nl")).split())
    assert "Tel 1 op bij gespeelde beurten." in dutch
    assert "Tel het totaal op bij de zegepunten van de speler." in dutch
    assert "Trek 1 af van het aantal overgebleven stadswijken." in dutch
    assert "Zet het hoogste bod van de lopende veiling op 0." in dutch
    for agreeing in (" neemt toe met ", " neemt af met ", " wordt vermenigvuldigd met "):
        assert agreeing not in dutch, agreeing


def test_a_filter_a_random_choice_and_another_of_a_kind_read_as_a_rulebook_says_them(high_card):
    """Issue 33: "every one like each card where the suit of the card is ...", "a random suit in
    ..." and "suit u ... where suit u is not the suit" read like code; a filter says "whose", a
    random choice says what it is picked from, and a variable kept apart reads "the other"."""
    beaten = "beats(played(w).suit)"
    with (high_card / "high-card.rules").open("a", encoding="utf-8") as f:
        f.write(f"\ntrigger tidy after trick_won(w):\n"
                f"    let c = random each suit c in {beaten} where "
                f"(count each suit u in {beaten} where u != c and u == c) <= 1\n"
                f"    move all of [k for each card k where k.suit == c] from deck to hand[w]\n")
    text = " ".join(to_text(book_of(load_ruleset(high_card))).split())
    assert "Move every card whose suit is the suit from the deck to hand of w." in text
    assert "One suit picked at random from beats of the suit of the card a player put in the " \
        "trick of w, one where the number of each other suit in beats" in text
    assert "where the other suit is the suit is at most 1: call this the suit." in text
    for code in ("every one like", "where the suit of the card", "a random", "suit u",
                 "the other suit is not the suit"):
        assert code not in text, code
    for lang, said in (("nl", "willekeurig gekozen uit"), ("ko", "무작위로 고른 suit")):
        assert said in " ".join(to_text(book_of(load_ruleset(high_card), lang)).split()), lang


def test_a_filter_with_more_conditions_reads_whose_then_where(book_in):
    base = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    assert "the number of each plot whose colour is the card colour and where there is " \
        "something in the businesses on the plot." in base
    assert "Move every card whose suit is black from out of the game" in base


def test_a_loop_over_things_of_its_kind_says_the_noun_once(book_in):
    """Issue 33 (newcomer round 4): the Rules panel said 'Note whether each plot in the plots
    of the district is not empty ("full")': a loop over a list of its own kind of thing says
    'each of the plots of ...', and one whose condition is a 'not' says 'none of ... is'."""
    text = " ".join(to_text(book_in("fifth-avenue/base", "en")).split())
    assert "Note whether none of the plots of the district is empty (“full”)." in text
    assert "each of the plots of the district" in text
    for twice in ("each plot in the plots of the district:", "each card in the cards"):
        assert twice not in text, twice
    dutch = " ".join(to_text(book_in("fifth-avenue/base", "nl")).split())
    assert "geen van de bouwplaatsen van de stadswijk leeg is" in dutch
