"""Beliefs learn from `show ZONE to PLAYERS` (issue 37): a hand shown to a player is known to
them, so every world they imagine holds that hand; the players it was not shown to still
imagine it among the cards they did not see. The game is tests/data/peek (the first player is
shown the second player's hand after the deal)."""

from __future__ import annotations

import random
from collections import Counter

from interpreter.bots.beliefs import beliefs_for
from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset

from .conftest import ROOT

PEEK = ROOT / "tests" / "data" / "peek"


def _hand(game, player: str) -> Counter:
    return Counter(game.state["zones"]["hand"][player])


def test_a_hand_shown_to_a_player_is_in_every_world_they_imagine():
    ruleset = load_ruleset(PEEK)
    for seed in range(3):
        game = ruleset.new_game(3, seed, logging=False)
        real = _hand(game, "P2")
        beliefs = beliefs_for(game, "P1")
        known = [t for t in beliefs.tokens_of("P1") if ("hand", "P2") in t.places]
        assert sorted(t.kind for t in known) == sorted(real.elements())
        assert all(t.places == {("hand", "P2")} for t in known)
        mine = _hand(game, "P1")
        for i in range(50):
            seen_by_p1 = sample_game(game, "P1", random.Random(i))
            assert _hand(seen_by_p1, "P2") == real and _hand(seen_by_p1, "P1") == mine
        # the third player was not shown it: their worlds give the second player other hands
        others = {tuple(sorted(_hand(sample_game(game, "P3", random.Random(i)), "P2")))
                  for i in range(50)}
        assert len(others) > 5


def test_what_was_shown_stays_known_until_it_moves_out_of_sight():
    ruleset = load_ruleset(PEEK)
    game = ruleset.new_game(3, 1, logging=False)
    beliefs_for(game, "P1")  # follows the game from now on
    game.apply("keep")  # P1 keeps; P2 swaps a card they name (everybody sees which)
    game.apply("swap")
    given = sorted(_hand(game, "P2"))[0]
    kept = [k for k in _hand(game, "P2") if k != given]
    game.apply(given)
    for i in range(50):
        world = sample_game(game, "P1", random.Random(i))
        hand = _hand(world, "P2")
        assert all(hand[k] == 1 for k in kept)  # the card P2 kept is still known
        assert hand[given] == 0  # the card given went under the deck, seen
        assert world.state["zones"]["deck"][0] == given
