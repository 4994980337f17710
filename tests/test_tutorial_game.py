"""The tutorial game High Card (rulesets/tutorial/high-card): it loads, plays to the end,
replays bit for bit, refuses illegal moves, hides what players may not see, and agrees with
the tutorial text in docs/language.md."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from interpreter.engine.builtins import BUILTINS
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import IllegalMove

ROOT = Path(__file__).resolve().parent.parent
HIGH_CARD = ROOT / "rulesets" / "tutorial" / "high-card"
LANGUAGE_DOC = ROOT / "docs" / "language.md"
CARDS = 15  # 3 suits x values 1..5


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(HIGH_CARD)


def play_out(game, rng: random.Random, max_steps: int = 500) -> list:
    """Random legal choices until the game ends; the choices made."""
    moves = []
    while not game.over:
        assert len(moves) < max_steps, "the game does not end"
        decision = game.decision()
        assert decision is not None and decision.options
        choice = rng.choice(decision.options)
        game.apply(choice)
        moves.append(choice)
    return moves


def all_cards(game) -> int:
    zones = game.Z
    total = len(zones["deck"])
    for name in ("hand", "trick", "won"):
        for content in zones[name].values():
            total += sum(content.values()) if isinstance(content, dict) else len(content)
    return total


def test_it_loads(ruleset):
    assert ruleset.name == "High Card"
    assert ruleset.player_counts == [2, 3]
    summary = ruleset.summary()
    assert summary["components"] == {"card": CARDS}
    assert summary["triggers"] == 1


@pytest.mark.parametrize("players", [2, 3])
def test_random_games_end(ruleset, players):
    tricks = {2: 7, 3: 5}[players]  # every player plays every card dealt or drawn
    for seed in range(50):
        game = ruleset.new_game(players, seed)
        play_out(game, random.Random(seed))
        assert game.over and game.decision() is None
        assert game.events[-players - 1] == "Game end: a player has no cards left."
        assert all_cards(game) == CARDS
        assert sum(game.V["tricks"].values()) == tricks
        assert all(not hand for hand in game.Z["hand"].values())
        scores = game.scores()
        assert set(scores) == set(game.players)
        assert set(game.winners()) <= set(game.players) and game.winners()


def test_setup_deals_the_cards(ruleset):
    game = ruleset.new_game(3, 1)
    hands = game.Z["hand"]
    assert [sum(h.values()) for h in hands.values()] == [3, 3, 3]
    assert len(game.Z["deck"]) == CARDS - 9
    assert game.V["swaps_left"] == {"P1": 1, "P2": 1, "P3": 1}
    decision = game.decision()
    assert decision.player == "P1"
    assert decision.options == ["keep", "swap"]
    assert decision.labels == ["keep your hand", "swap a card with the deck"]


def test_same_seed_and_choices_give_the_same_state(ruleset):
    first = ruleset.new_game(2, 7)
    moves = play_out(first, random.Random(99))
    second = ruleset.new_game(2, 7)
    for move in moves:
        second.apply(move)
    assert second.over
    assert second.state_hash() == first.state_hash()
    assert second.events == first.events


def test_another_seed_gives_another_game(ruleset):
    hashes = {ruleset.new_game(2, seed).state_hash() for seed in range(10)}
    assert len(hashes) == 10


def test_an_unknown_option_is_refused_and_changes_nothing(ruleset):
    game = ruleset.new_game(2, 3)
    before = game.state_hash()
    with pytest.raises(IllegalMove, match=r"'discard' is not one of the options \(keep, swap\)"):
        game.apply("discard")
    assert game.state_hash() == before


def test_an_option_whose_condition_fails_is_refused_with_its_rule(ruleset):
    game = ruleset.new_game(2, 3)
    game.auto = False  # ask even when only one option is legal (else 'keep' is taken silently)
    rng = random.Random(0)
    # P1 swaps twice (all the swaps a player has with 2 players); then 'swap' is illegal.
    swaps = 0
    while swaps < 2:
        decision = game.decision()
        if decision.player == "P1" and "swap" in decision.options:
            game.apply("swap")
            swaps += 1
        else:
            game.apply(rng.choice(decision.options))
    while not (game.decision().player == "P1" and game.decision().options == ["keep"]):
        game.apply(rng.choice(game.decision().options))
    before = game.state_hash()
    with pytest.raises(IllegalMove) as info:
        game.apply("swap")
    assert str(info.value) == ("swap a card with the deck is not allowed now: it needs "
                               "swaps_left[p] > 0 and not empty(deck) (High Card: Swapping)")
    assert game.state_hash() == before


def test_a_card_not_in_hand_is_refused_and_changes_nothing(ruleset):
    game = ruleset.new_game(2, 5)
    game.apply("keep")
    decision = game.decision()
    assert decision.prompt == "which card do you play?"
    missing = next(f"card({s},{v})" for s in ("suns", "moons", "stars") for v in range(1, 6)
                   if f"card({s},{v})" not in decision.options)
    before = game.state_hash()
    with pytest.raises(IllegalMove, match="is not a legal choice here"):
        game.apply(missing)
    assert game.state_hash() == before
    game.apply(decision.options[0])  # a legal card is still accepted
    assert game.state_hash() != before


def test_a_view_shows_own_hand_and_only_counts_of_others(ruleset):
    game = ruleset.new_game(2, 11)
    rng = random.Random(11)
    while not game.over:
        hands = game.Z["hand"]
        deck = game.Z["deck"]
        for me, other in (("P1", "P2"), ("P2", "P1")):
            view = game.view(me)
            assert view["zones"]["hand"][me] == hands[me]
            assert view["zones"]["hand"][other] == {"count": sum(hands[other].values())}
            assert view["zones"]["deck"] == {"count": len(deck)}
            assert "rng" not in str(view) and "stack" not in view
            decision = view["decision"]
            if decision is not None and decision["player"] != me:
                assert "options" not in decision
        game.apply(rng.choice(game.decision().options))


def test_cards_in_tricks_and_won_piles_are_public(ruleset):
    game = ruleset.new_game(2, 4)
    game.apply("keep")
    game.apply(game.decision().options[0])
    view = game.view("P2")
    assert view["zones"]["trick"]["P1"] == game.Z["trick"]["P1"]
    assert len(view["zones"]["trick"]["P1"]) == 1


def test_the_log_tells_the_story(ruleset):
    game = ruleset.new_game(2, 2)
    play_out(game, random.Random(2))
    text = "\n".join(game.events)
    assert re.search(r"^Player 1 plays \d of (Suns|Moons|Stars)$", text, re.M)
    assert re.search(r"^Player [12] wins the trick with \d of \w+$", text, re.M)
    assert re.search(r"^Player 1: \d tricks, \d bonus, \d+ points$", text, re.M)


def test_a_streak_of_three_tricks_scores_a_bonus(ruleset):
    for seed in range(200):
        game = ruleset.new_game(2, seed)
        play_out(game, random.Random(seed))
        bonus_lines = [e for e in game.events if "tricks in a row" in e]
        assert len(bonus_lines) == sum(game.V["bonus"].values())
        if bonus_lines:
            assert bonus_lines[0].endswith("wins 3 tricks in a row and scores a bonus point")
            return
    pytest.fail("no streak bonus in 200 games")


# ------------------------------------------------------------------------- the tutorial text


def doc_files(text: str) -> dict[str, str]:
    """The files the tutorial writes: every code block right after a line
    `<!-- file: PATH -->`, blocks of the same PATH joined with one blank line."""
    pieces: dict[str, list[str]] = {}
    pattern = re.compile(r"<!-- file: (\S+) -->\n```[a-z]*\n(.*?)```", re.S)
    for path, body in pattern.findall(text):
        pieces.setdefault(path, []).append(body)
    return {path: "\n".join(parts) for path, parts in pieces.items()}


@pytest.fixture(scope="module")
def tutorial_files() -> dict[str, str]:
    return doc_files(LANGUAGE_DOC.read_text(encoding="utf-8"))


def test_the_tutorial_text_is_the_ruleset(tutorial_files):
    ruleset_files = sorted(p.name for p in HIGH_CARD.iterdir() if p.is_file())
    shown = sorted(path.split("/", 1)[1] for path in tutorial_files
                   if path.startswith("high-card/"))
    assert shown == ruleset_files
    for name in ruleset_files:
        assert tutorial_files[f"high-card/{name}"] == \
            (HIGH_CARD / name).read_text(encoding="utf-8"), name


def test_the_tutorial_overlay_loads_and_plays(tutorial_files, tmp_path):
    shutil.copytree(HIGH_CARD, tmp_path / "high-card")
    overlay = {p: t for p, t in tutorial_files.items()
               if not p.startswith(("high-card/", "four-in-a-row/"))}  # Part 4: its own test
    assert overlay, "the tutorial shows an overlay ruleset"
    for path, text in overlay.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    folder = (tmp_path / next(iter(overlay))).parent
    variant = load_ruleset(folder)
    assert variant.name != "High Card"
    for seed in range(20):
        game = variant.new_game(2, seed)
        play_out(game, random.Random(seed))
        assert not any("tricks in a row" in e for e in game.events)


def test_the_reference_lists_every_builtin():
    text = LANGUAGE_DOC.read_text(encoding="utf-8")
    missing = [name for name in BUILTINS if f"`{name}(" not in text]
    assert not missing, f"docs/language.md does not explain: {', '.join(missing)}"


def test_every_rules_block_of_the_docs_parses():
    """The examples of the reference are rules as the language writes them (a block that
    leaves steps out with a line '...' is a sketch, not rules)."""
    from interpreter.language.lark_parser import parse_rules

    text = LANGUAGE_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```rules\n(.*?)```", text, re.S)
    assert len(blocks) > 40
    for i, block in enumerate(blocks):
        if any(line.strip() == "..." for line in block.splitlines()):
            continue
        parse_rules(block, f"docs/language.md, rules block {i + 1}")
