"""A pile lists its kinds in their declaration order (docs/language.md, Zones), whatever order
its pieces arrived in; games of an older engine (streams 2 and before) keep the arrival order
they were recorded with."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.engine.support import put, put_many
from interpreter.language.errors import RulesError, RulesetError, RulesetErrors
from tests.conftest import ROOT, write_tiny


def _piles(game: Game):
    """Every pile of the game, with its name."""
    for name, info in game.program.zones.items():
        family = game.Z[name]
        entries = family.items() if info.decl.index else [(name, family)]
        for key, content in entries:
            if content.__class__ is dict:
                yield f"{name}[{key}]", content


def _out_of_order(game: Game) -> list[str]:
    rank = game.world.kind_rank
    return [name for name, pile in _piles(game)
            if [rank[k] for k in pile] != sorted(rank[k] for k in pile)]


def _playable() -> list[Path]:
    found = []
    for manifest in sorted((ROOT / "rulesets").rglob("ruleset.yaml")):
        try:
            ruleset = load_ruleset(manifest.parent)
            ruleset.new_game(min(ruleset.player_counts), 0)
        except (RulesetErrors, RulesetError, RulesError):
            continue  # an edition whose text leaves the game unplayable
        found.append(manifest.parent)
    return found


@pytest.mark.parametrize("folder", _playable(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_pile_of_every_bundled_ruleset_lists_its_kinds_in_declaration_order(folder):
    ruleset = load_ruleset(folder)
    rng = random.Random(7)
    for seed, players in enumerate(sorted(ruleset.player_counts)):
        game = ruleset.new_game(players, seed)
        moves = 0
        while not game.over and moves < 400:
            assert _out_of_order(game) == [], f"after {moves} moves"
            options = game.legal_options()
            game.apply(options[rng.randrange(len(options))])
            moves += 1
        assert _out_of_order(game) == []


def _hand_after_draws(tmp_path: Path, streams: int) -> list[str]:
    ruleset = load_ruleset(write_tiny(tmp_path / "tiny"))
    game = ruleset.new_game(2, 3, streams=streams)
    return list(game.Z["hand"]["P1"])


def test_a_hand_is_sorted_as_declared_and_an_older_game_keeps_the_arrival_order(tmp_path):
    declared = ["card(red,1)", "card(red,2)", "card(red,3)", "card(blue,1)", "card(blue,2)",
                "card(blue,3)"]
    new = _hand_after_draws(tmp_path, streams=3)
    assert new == [k for k in declared if k in new]
    seeds_out_of_order = 0
    ruleset = load_ruleset(tmp_path / "tiny")
    for seed in range(20):  # the same deal, in the order the cards came off the deck
        old = ruleset.new_game(2, seed, streams=2)
        now = ruleset.new_game(2, seed, streams=3)
        assert sorted(old.Z["hand"]["P1"]) == sorted(now.Z["hand"]["P1"])
        assert list(now.Z["hand"]["P1"]) == [k for k in declared if k in now.Z["hand"]["P1"]]
        seeds_out_of_order += list(old.Z["hand"]["P1"]) != list(now.Z["hand"]["P1"])
    assert seeds_out_of_order > 0  # the older order is the arrival order, not the declared one


def test_the_options_of_a_choice_from_a_pile_come_in_declaration_order(tmp_path):
    ruleset = load_ruleset(write_tiny(tmp_path / "tiny"))
    rank = ruleset.program.world.kind_rank
    for seed in range(10):
        game = ruleset.new_game(2, seed)
        while not game.over:
            options = game.decision().options
            assert options == sorted(options, key=rank.__getitem__)
            game.apply(options[-1])


def test_pieces_moved_all_at_once_from_a_pile_to_a_stack_go_in_declaration_order(tmp_path):
    rules = """\
enum suit: red, blue
component card(suit: suit, value: 1..3):
  count 1
  start in deck
zone deck: stack of card, hidden
zone hand: pile of card
zone played: stack of card

define score(p) = 0
define tiebreak(p) = 0

procedure setup():
  shuffle deck

procedure play():
  move 4 from deck to hand
  move all from hand to played
  end game "done"
"""
    ruleset = load_ruleset(write_tiny(tmp_path / "moves", rules))
    rank = ruleset.program.world.kind_rank
    for seed in range(5):
        game = ruleset.new_game(2, seed)
        played = game.Z["played"]
        assert len(played) == 4
        assert played == sorted(played, key=rank.__getitem__)


@given(st.lists(st.tuples(st.sampled_from("abcdexy"), st.integers(1, 3)), max_size=12),
       st.lists(st.tuples(st.sampled_from("abcdexy"), st.integers(1, 3)), max_size=6))
def test_pieces_put_together_land_as_if_put_one_by_one(before, added):
    """A deal puts its pieces at once and sorts the pile once (support.put_many): the pile is
    the one that putting each in turn makes (x and y are no declared kind: last, as they
    came)."""
    rank = {k: i for i, k in enumerate("abcde")}
    one_by_one: dict[str, int] = {}
    together: dict[str, int] = {}
    for kind, n in before:
        put(one_by_one, kind, n, rank)
        put(together, kind, n, rank)
    for kind, n in added:
        put(one_by_one, kind, n, rank)
    put_many(together, added, rank)
    assert list(together.items()) == list(one_by_one.items())
