"""Information states are what the player saw, no more and no less: every history of the
first decisions of Pass Left (3 players) and High Card (2 players) is enumerated, and the
histories the adapter's information-state string, and its tensor, tell apart for a player
are exactly those the rulebooks let the player tell apart: in Pass Left, a card passed is
seen by its giver and its receiver only; in High Card, the card a player puts under the
deck is seen by that player only; every other decision is seen by all, in its order."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")


def histories(game, depth: int) -> list:
    """Every state after `depth` decisions (or earlier at the end), with its decisions."""
    found, todo = [], [(game.new_initial_state(), [])]
    while todo:
        state, taken = todo.pop()
        if len(taken) == depth or state.is_terminal():
            found.append((state, taken))
            continue
        assert not state.is_chance_node()
        who = state.current_player()
        prompt = state.game.decision().prompt
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            todo.append((child, [*taken, (who, prompt, action)]))
    return found


def same_partition(keys: list, adapter: list) -> bool:
    """Whether two labellings of the same histories group them the same way."""
    return len(set(keys)) == len(set(adapter)) == len(set(zip(keys, adapter, strict=True)))


def check(game, depth: int, seen_by) -> int:
    found = histories(game, depth)
    for player in range(game.num_players()):
        keys = [tuple((who, action if seen_by(player, who, prompt) else "?")
                      for who, prompt, action in taken) for _, taken in found]
        strings = [s.information_state_string(player) for s, _ in found]
        tensors = [bytes(memoryview(__import__("numpy").asarray(
            s.information_state_tensor(player), "float32"))) for s, _ in found]
        assert same_partition(keys, strings), f"player {player}: strings"
        assert same_partition(keys, tensors), f"player {player}: tensors"
    return len(found)


def test_pass_left_information_sets():
    game = pyspiel.load_game("rules", {"path": "tutorial/pass-left", "players": 3, "seed": 11})

    def seen_by(player, giver, prompt):  # the giver and the one on their left
        return player in (giver, (giver + 1) % 3)

    assert check(game, 6, seen_by) > 500


def test_high_card_information_sets():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": 4})

    def seen_by(player, who, prompt):  # the card put under the deck: its player only
        return player == who or "under the deck" not in prompt

    assert check(game, 6, seen_by) > 300
