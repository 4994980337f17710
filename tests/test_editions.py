"""The editions of Fifth Avenue as rulesets (rulesets/fifth-avenue/editions, docs/editions.md):
each checks, simulates and plays (or, where its text cannot be played as written, says so at
`rules check` and before a game, and its -playable form plays); the PDF extract plays the very
games of the base game; each reading that changes the game does what its text says; and each
edition's README names exactly the rules its overlay changes."""

from __future__ import annotations

import random
import re

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesetErrors
from interpreter.language.parser import parse_rules

from .conftest import FIFTH, empty_board
from .test_rulebook_examples import answer, card, fresh, position

EDITIONS = FIFTH / "editions"
PLAYABLE = {  # ruleset -> the player counts it is played with
    "nl-playable": [3, 4], "ko-playable": [3, 4], "ko-playable-2p": [2],
    "en-fan-1.2": [3, 4], "en-fan-1.2-2p": [2], "en-2004-pdf": [3, 4]}
UNPLAYABLE = {  # ruleset -> (the rule that cannot hold, its file, what the check shows)
    "nl": ("black_cards_as_named", "nl/rules/literal.rules", "is 250 == 50"),
    "ko": ("setup_colours", "ko/rules/literal.rules", "is 7 <= 5"),
    "ko-2p": ("setup_colours", "ko/rules/literal.rules", "is 7 <= 5"),
}


@pytest.fixture(scope="module")
def edition():
    loaded: dict = {}

    def get(name: str):
        if name not in loaded:
            loaded[name] = load_ruleset(EDITIONS / name)
        return loaded[name]
    return get


# ---------------------------------------------------------------- check, simulate, play


@pytest.mark.parametrize("name", sorted(PLAYABLE))
def test_a_playable_edition_checks_simulates_and_plays(name, capsys, tmp_path):
    path = str(EDITIONS / name)
    assert main(["check", path]) == 0
    assert capsys.readouterr().out.rstrip().endswith("OK")
    players = PLAYABLE[name][0]
    assert main(["simulate", path, "--players", str(players), "--games", "3", "--seed", "1",
                 "--json"]) == 0
    capsys.readouterr()
    seats = [f"--seat={s}=random" for s in range(1, players + 1)]
    assert main(["play", path, "--players", str(players), *seats, "--seed", "2",
                 "--replay-dir", str(tmp_path)]) == 0
    assert "Winner" in capsys.readouterr().out
    assert len(list(tmp_path.glob("*.json"))) == 1


@pytest.mark.parametrize("name", sorted(UNPLAYABLE))
def test_an_edition_that_cannot_be_played_as_written_says_so(name, edition, capsys):
    rule, file, numbers = UNPLAYABLE[name]
    ruleset = edition(name)  # it loads: flatten and comparisons work on it
    [error] = ruleset.unplayable()
    assert error.loc.file.endswith(file)
    assert error.message.startswith(f"this ruleset cannot be played: the rule '{rule}'")
    assert numbers in error.message
    assert main(["check", str(EDITIONS / name)]) == 2
    out = capsys.readouterr().out
    assert f"{file}:" in out and numbers in out and "1 error(s)" in out
    source = name.split("-")[0]
    assert f"({source}: " in error.message  # its citation of the edition's text
    with pytest.raises(RulesetErrors, match=f"the rule '{rule}'"):
        ruleset.new_game(2 if name.endswith("2p") else 3, 1)
    players = "2" if name.endswith("2p") else "3"
    assert main(["simulate", str(EDITIONS / name), "--players", players, "--games", "1"]) == 2
    assert "cannot be played" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["nl", "ko", "ko-2p", *sorted(PLAYABLE)])
def test_every_edition_flattens(name, capsys):
    assert main(["flatten", str(EDITIONS / name)]) == 0
    assert "# layers, base first: Fifth Avenue > " in capsys.readouterr().out


@pytest.mark.parametrize("players", [3, 4])
def test_the_pdf_extract_plays_the_same_games_as_the_base_game(base, edition, players):
    """Same seed, same moves: the same state after every step (and the same log)."""
    pdf = edition("en-2004-pdf")
    assert pdf.layers[-1].rule_files == []
    for seed in range(4):
        a, b = base.new_game(players, seed), pdf.new_game(players, seed)
        rng = random.Random(seed)
        while not a.over:
            assert a.decision().options == b.decision().options
            assert a.state_hash() == b.state_hash()
            move = rng.choice(a.decision().options)
            a.apply(move)
            b.apply(move)
        assert b.over and a.state_hash() == b.state_hash() and a.events == b.events


# ---------------------------------------------------------------- the readings, one by one


def test_nl_setup_needs_no_colour_everywhere_and_none_more_than_twice(edition):
    """nl #1: "alleen ... dat geen enkele bouwplaatskleur meer dan tweemaal wordt belegd"."""
    missing = 0
    for seed in range(40):
        game = edition("nl-playable").new_game(3, seed)
        used = [q.rsplit("_", 1)[1] for q, t in game.Z["plot_tiles"].items() if t]
        assert len(used) == 7 and max(used.count(c) for c in set(used)) <= 2
        missing += len(set(used)) < 5
    assert missing > 0  # en-2004 would never leave a colour out


def test_nl_as_written_counts_250_black_cards(edition):
    """nl #2: "50 zwarte bouwkaarten in 5 kleuren ; telkens 20x ..." (and nl-playable has 50)."""
    comps = edition("nl").program.world.components["card"].counts
    assert sum(n for k, n in comps.items() if "black" in k) == 250
    comps = edition("nl-playable").program.world.components["card"].counts
    assert sum(n for k, n in comps.items() if "black" in k) == 50


def test_ko_playable_setup_takes_colours_as_different_as_five_allow(edition):
    for seed in range(20):
        game = edition("ko-playable").new_game(4, seed)
        order = [q.rsplit("_", 1)[1] for q, t in game.Z["plot_tiles"].items() if t]
        assert len(set(order[:5])) == 5 and len(set(order)) == 5
        assert max(order.count(c) for c in order) <= 2


def test_ko_coloured_stacks_are_sorted_high_cards_first(edition):
    """ko #2: "유색 건설 카드 텍의 정렬은 높은 카드 순으로"."""
    game = edition("ko-playable").new_game(3, 5)
    for c in ("violet", "brown", "gray", "orange", "green"):
        values = [int(k[-2]) for k in game.Z["colour_stack"][c]]  # bottom first
        assert values == sorted(values) and values[-1] == 6
        assert sum(game.Z["hand"][p].get(card(c, 6), 0) for p in ("P1", "P2", "P3")) <= 3


def test_ko_face_up_black_cards_are_drawn_in_their_order_never_shuffled(edition):
    """ko #3: no footnote *: the paid black cards lie face up under the deck and come up as
    they lie, the first paid first."""
    game = fresh(edition("ko-playable"))
    game.Z["black_stack"][:] = [card("black", 6)]
    game.Z["black_returned"][:] = []
    for p, value in (("P1", 4), ("P2", 5)):
        game.Z["bid"][p] = {card("black", value): 1}
        game.perform("pay", p)
    assert game.Z["black_returned"] == [card("black", 5), card("black", 4)]  # top = last
    for p in ("P1", "P2", "P3"):
        game.Z["hand"][p] = {}
        game.perform("draw_black", p)
    assert [game.Z["hand"][p] for p in ("P1", "P2", "P3")] == [
        {card("black", 6): 1}, {card("black", 4): 1}, {card("black", 5): 1}]
    assert game.Z["black_stack"] == [] and game.Z["black_returned"] == []


def test_ko_egon_draws_the_face_up_black_cards_in_their_order(edition):
    game = empty_board(edition("ko-playable-2p").new_game(2, 1))
    game.Z["black_stack"][:] = [card("black", 6)]
    game.Z["black_returned"][:] = [card("black", 6), card("black", 5), card("black", 4)]
    game.perform("alea_draws_bid")
    assert game.Z["alea_cards"] == [card("black", 6), card("black", 4), card("black", 5),
                                    card("black", 6)]  # 6 repeats: a bid of 21
    assert game.Z["black_returned"] == []


def test_ko_central_park_others_bid_with_another_colour(edition):
    """ko #4: "다른 플레이어는 다른 색깔의 건설 카드(+ 검은색 카드)를 사용해야만 한다"."""
    game = fresh(edition("ko-playable"))
    position(game, hands={"P1": {card("violet", 4): 1}, "P2": {card("violet", 5): 1,
                                                            card("gray", 5): 1},
                          "P3": {}, "P4": {}})
    game.perform("park_auction", "P1")
    answer(game, "choose the colour of your bid", "violet", "P1")
    answer(game, "add a card", card("violet", 4), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert game.decision().player == "P2"
    assert game.decision().options == ["gray", "pass_bid"]


def test_fan_has_21_buildings_a_colour_and_gedeon_too(edition):
    game = edition("en-fan-1.2").new_game(4, 1)
    assert game.world.components["skyscraper"].counts["skyscraper(P1)"] == 21
    game = edition("en-fan-1.2-2p").new_game(2, 1)
    assert game.Z["general_supply"]["alea_skyscraper(alea)"] == 21


def test_fan_setup_shop_tiles_go_where_the_starting_player_chooses(edition):
    """fan #2: "A player draws a Shop tile and places it face-up on a Building site of his
    choice on the neighborhood of his choice ... no more than 2 Shop tiles ... on same color"."""
    game = edition("en-fan-1.2").new_game(3, 1)
    chosen = ["w34_violet", "e34_violet", "w42_brown", "times_square_brown", "e42_gray",
              "w52_gray"]
    for q in chosen:
        decision = game.decision()
        assert decision.player == "P1" and decision.prompt.startswith("place the shop tile")
        drawn = game.Z["setup_tile"][-1]
        assert game.view("P2")["zones"]["setup_tile"] == [drawn]  # face up
        game.apply(q)
        assert game.Z["plot_tiles"][q] == {drawn: 1}
    last = game.decision().options  # e52 only, and not violet, brown or gray
    assert last == ["e52_orange", "e52_green"]
    game.apply("e52_green")
    assert game.decision().prompt == "place a skyscraper on an empty building plot"


def test_fan_gedeons_cards_go_face_down_under_the_black_pile(edition):
    """fan #4: "*Gedeon's* played Black Construction cards are placed face-down under the
    corresponding pile": with no face-up card there, they are drawn as they lie."""
    game = empty_board(edition("en-fan-1.2-2p").new_game(2, 3))
    game.Z["hand"]["P1"] = {card("violet", 4): 1}
    game.Z["hand"]["P2"] = {}
    game.Z["black_returned"][:] = []
    game.Z["black_stack"][:] = [card("black", 6), card("black", 5), card("black", 4),
                                card("black", 4)]
    game.perform("district_auction", "P1", "w34")
    answer(game, "choose the colour of your bid", "violet", "P1")
    answer(game, "add a card", card("violet", 4), "P1")
    answer(game, "add a card", "finish_bid", "P1")
    assert "Alea bids 8." in game.events
    assert game.Z["black_returned"] == []
    assert game.Z["black_stack"][:2] == [card("black", 4), card("black", 4)]  # the bottom
    assert game.Z["black_stack"][2:] == [card("black", 6), card("black", 5)]
    # with face-up cards under the pile, they go under those (shuffled with them later)
    game.Z["black_returned"][:] = [card("black", 6)]
    game.Z["alea_cards"][:] = [card("black", 5), card("black", 5)]
    game.perform("alea_cards_return", "w34")
    assert game.Z["black_returned"] == [card("black", 5), card("black", 5), card("black", 6)]


def test_the_base_game_still_places_every_colour(base):
    for seed in range(20):
        used = {q.rsplit("_", 1)[1] for q, t in base.new_game(3, seed).Z["plot_tiles"].items()
                if t}
        assert len(used) == 5


# ---------------------------------------------------------------- the READMEs


def _declared(folder_names: list[str]) -> set[str]:
    names = set()
    for name in folder_names:
        for path in (EDITIONS / name).glob("rules/*.rules"):
            names |= {d.name for d in parse_rules(path.read_text(encoding="utf-8"),
                                                   str(path)).decls}
    return names


def _encoded(readme: str) -> set[str]:
    """The rules the README's tables of readings that change the game say are encoded."""
    part = readme.split("## Readings that change the game", 1)[1].split("\n## ", 1)[0]
    kinds = "require|procedure|define|component|trigger|zone|const|table|enum|var"
    return set(re.findall(rf"`(?:replace )?(?:{kinds}) (\w+)`", part))


@pytest.mark.parametrize("name, folders", [
    ("nl", ["nl"]), ("ko", ["ko", "ko-playable", "ko-2p"]),
    ("en-fan-1.2", ["en-fan-1.2", "en-fan-1.2-2p"]), ("en-2004-pdf", ["en-2004-pdf"])])
def test_each_readme_names_exactly_the_rules_its_overlays_change(name, folders):
    readme = (EDITIONS / name / "README.md").read_text(encoding="utf-8")
    for heading in ("## Readings that change the game", "## Unclear readings",
                    "## Wording only"):
        assert heading in readme
    assert _encoded(readme) == _declared(folders)


def test_every_edition_names_its_text(edition):
    for folder in sorted(p for p in EDITIONS.iterdir() if p.is_dir()):
        ruleset = edition(folder.name)
        source = ruleset.manifest["cite"]
        path = folder / ruleset.manifest["sources"][source]
        assert path.name.endswith(".txt")
        if path.parent.is_dir():  # the shared folder next to the repository
            assert path.is_file(), path



# ---------------------------------------------------------------- the reviews


@pytest.mark.parametrize("name", ["nl", "ko", "en-fan-1.2", "en-2004-pdf"])
def test_each_readme_states_its_review(name):
    """A README gives the figures of its review (no "everything else is the same"), and its
    readings are the review's (by id); the -playable and -2p forms name the same review."""
    import yaml

    folder = EDITIONS / name
    readme = (folder / "README.md").read_text(encoding="utf-8")
    review = yaml.safe_load((folder / "review.yaml").read_text(encoding="utf-8"))
    assert "Everything else says" not in readme
    counts: dict[str, int] = {}
    for unit in review["units"]:
        kind = unit["verdict"].split()[0]
        counts[kind] = counts.get(kind, 0) + 1
    for kind in ("same", "reading", "omitted", "unclear"):
        assert f"| {kind} | {counts.get(kind, 0)} |" in readme, kind
    assert f"{counts.get('added', 0)} units of" in readme
    assert set(re.findall(r"^\| ([a-z]+-\d+) \|", readme, re.M)) == set(review["readings"])
    for other in EDITIONS.iterdir():
        manifest = other / "ruleset.yaml"
        if other.name.startswith(name) and manifest.is_file() and other != folder:
            assert f"review: ../{name}/review.yaml" in manifest.read_text(encoding="utf-8")
