"""A sample a bot imagines is a world its player cannot rule out, in every bundled ruleset.

For random positions of random games and each player P, every sample built for P
(`sampling.sample_game`):
- shows P exactly what the real game shows P (their view of the sample is their view of the
  game), and
- puts in every place P cannot see into only pieces that could have entered that place: a kind
  that lay there at the start, or came in by a `move` from a place it could have been in, past
  the kinds the move named (computed here on its own, from the record of every move of the real
  game: a flow of kinds between places, blind to what anyone saw).

Fifth Avenue's face-down black stack is dealt only black cards, so a sample never holds a
coloured card there (the sampler before beliefs did, in nearly every sample).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from interpreter.bots.beliefs import beliefs_for
from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game, face_down

from .conftest import ROOT

DECISIONS = 80  # random decisions of a game at most
CHECKS = 4  # positions of a game where samples are checked


def shipped_rulesets() -> list[Path]:
    return sorted(p.parent for p in (ROOT / "rulesets").rglob("ruleset.yaml"))


class Reach:
    """Which kinds could ever have reached each place: a watcher of the real game that follows
    every move's places and named kinds (not the pieces themselves)."""

    def __init__(self) -> None:
        self.could: dict[tuple, set[str]] = {}

    def _place(self, container) -> tuple:
        for name, info in self.game.program.zones.items():
            content = self.game.Z[name]
            if not info.decl.index and content is container:
                return name, None
            if info.decl.index:
                for key, c in content.items():
                    if c is container:
                        return name, key
        raise AssertionError("a move between containers that are no zone")

    def started(self, game: Game) -> None:
        self.game = game
        for name, info in game.program.zones.items():
            entries = game.Z[name].items() if info.decl.index else [(None, game.Z[name])]
            for key, content in entries:
                self.could[(name, key)] = set(content)

    def moved(self, source, dest, taken, amount, bottom, kinds) -> None:
        a, b = self._place(source), self._place(dest)
        flow = self.could[a] if kinds.__class__ is not list else self.could[a] & set(kinds)
        self.could[b] |= flow


def reach_of(game: Game) -> Reach:
    reach = Reach()
    replay = Game.start(game.ruleset, game.n, game.state["seed"], logging=False, watch=reach)
    for move in game.moves:
        replay.apply(move)
    assert replay.state_hash() == game.state_hash()
    return reach


def hidden_contents(game: Game, player: str):
    """(place, pieces) of every place `player` cannot see into (the top of a stack seen by its
    top left out)."""
    view = game.view(player)
    for name, info in game.program.zones.items():
        entries = game.Z[name].items() if info.decl.index else [(None, game.Z[name])]
        for key, content in entries:
            shown = view["zones"][name][key] if info.decl.index else view["zones"][name]
            if not face_down(shown):
                continue
            pieces = Counter(content)
            if shown.get("top") is not None:
                pieces[shown["top"]] -= 1
            yield (name, key), +pieces


def check_samples(game: Game, rng: random.Random) -> None:
    reach = reach_of(game)
    for player in game.players:
        seen = game.view(player)
        for _ in range(2):
            sample = sample_game(game, player, rng)
            assert sample.view(player) == seen, f"{player}'s view of a sample differs"
            for place, pieces in hidden_contents(sample, player):
                strays = set(pieces) - reach.could[place]
                assert not strays, (f"a sample for {player} puts {sorted(strays)} in {place}, "
                                    f"where only {sorted(reach.could[place])} could be")


@pytest.mark.parametrize("path", shipped_rulesets(), ids=lambda p: str(p.relative_to(ROOT)))
@settings(max_examples=3, deadline=None, derandomize=True, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), which=st.integers(0, 10))
def test_samples_are_worlds_the_player_cannot_rule_out(path, seed, which):
    ruleset = load_ruleset(path)
    if ruleset.requirements and ruleset.unplayable():  # a literal edition: nothing to play
        return
    counts = sorted(ruleset.player_counts)
    game = ruleset.new_game(counts[which % len(counts)], seed, logging=False)
    rng = random.Random(seed)
    last = rng.randrange(1, DECISIONS)
    checks = set(rng.sample(range(last + 1), min(CHECKS, last + 1)))
    for step in range(last + 1):
        if game.over:
            break
        if step in checks:
            check_samples(game, random.Random(step))
        options = game.decision().options
        game.apply(options[rng.randrange(len(options))])


def test_the_black_stack_holds_only_black_cards():
    """The example of issue 20: face down, dealt from the black cards only."""
    game = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base").new_game(4, 3)
    rng = random.Random(1)
    for _ in range(30):
        options = game.decision().options
        game.apply(options[rng.randrange(len(options))])
    for seed in range(10):
        sample = sample_game(game, "P1", random.Random(seed))
        suits = {sample.world.attrs[k]["suit"] for k in sample.Z["black_stack"]}
        assert suits == {"black"}
        for colour, stack in sample.Z["colour_stack"].items():
            assert {sample.world.attrs[k]["suit"] for k in stack} <= {colour}


def test_a_card_seen_entering_a_hand_is_known_there():
    """P1 sees the top card of a coloured stack go into P2's hand: P1's beliefs know it there
    until P2 may have played it."""
    game = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base").new_game(4, 5)
    beliefs = beliefs_for(game, "P1")
    assert beliefs is not None and game.watch is beliefs
    possible, known = beliefs.about("P1", ("hand", "P2"))
    # dealt one card from the top of each coloured stack and 4 black cards face down
    colours = [k for k in known.elements() if game.world.attrs[k]["suit"] != "black"]
    hand = Counter(game.Z["hand"]["P2"])
    assert len(colours) == 5 and not Counter(colours) - hand
    assert beliefs.about("P2", ("hand", "P2")) is None  # P2 sees into their own hand
