"""OpenSpiel's undo_action through make and unmake (a game loaded with undo=true): a state
taken back reads as it did before the action, chance nodes and recall included."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import interpreter.openspiel  # noqa: E402,F401  (registers the game)


def _look(state, players: int) -> list:
    """Everything a caller can read of a state."""
    out = [state.serialize(), str(state), state.is_terminal(), state.current_player(),
           state.history()]
    if state.is_chance_node():
        out.append(state.chance_outcomes())
    elif not state.is_terminal():
        out.append(state.legal_actions())
    out += [state.information_state_string(p) for p in range(players)]
    out += [state.observation_string(p) for p in range(players)]
    if state.is_terminal():
        out.append(state.returns())
    return out


def _pick(state, rng: random.Random) -> int:
    if state.is_chance_node():
        return rng.choice([o for o, _ in state.chance_outcomes()])
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("path,players,seed,steps", [
    ("tutorial/high-card", 2, -1, 60),      # the deal and the draws as chance nodes
    ("tutorial/photo-finish", 3, -1, 60),   # secret choices
    ("tutorial/pass-left", 3, 0, 60),       # private choices
    ("fifth-avenue/base", 4, -1, 80),
])
def test_undo_action_puts_the_state_back(path: str, players: int, seed: int,
                                         steps: int) -> None:
    game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": seed,
                                       "undo": True})
    state = game.new_initial_state()
    rng = random.Random(3)
    done = 0
    while not state.is_terminal() and done < steps:
        before = _look(state, players)
        player, action = state.current_player(), _pick(state, rng)
        state.apply_action(action)
        if not state.is_terminal() and rng.random() < 0.5:  # two deep, taken back in turn
            inner_player, inner = state.current_player(), _pick(state, rng)
            state.apply_action(inner)
            state.undo_action(inner_player, inner)
        state.undo_action(player, action)
        assert _look(state, players) == before, f"action {done}"
        state.apply_action(action)
        done += 1
    assert done > 5


def test_undo_action_refusals() -> None:
    plain = pyspiel.load_game("rules", {"path": "tutorial/reversi", "players": 2})
    state = plain.new_initial_state()
    action = state.legal_actions()[0]
    state.apply_action(action)
    with pytest.raises(pyspiel.SpielError, match="undo=true"):
        state.undo_action(0, action)
    game = pyspiel.load_game("rules", {"path": "tutorial/reversi", "players": 2,
                                       "undo": True})
    state = game.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="no action to undo"):
        state.undo_action(0, action)
    state.apply_action(action)
    with pytest.raises(pyspiel.SpielError, match="the last action only"):
        state.undo_action(1, action)
    twin = state.clone()  # a copy takes back nothing from before it was made
    with pytest.raises(pyspiel.SpielError, match="no action to undo"):
        twin.undo_action(0, action)
    state.undo_action(0, action)
    assert state.history() == [] and action in state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match="undo"):
        pyspiel.load_game("rules", {"path": "tutorial/reversi", "undo": 2})
