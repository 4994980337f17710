"""What OpenSpiel's observers are asked for is what they give: a public-only observer shows no
player's hand and is the same for every player; every player's private information at once,
or observer parameters, are a SpielError; the tensors hold the player's options and their own
sealed choice; max_game_length is the ruleset's own bound."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.observation import make_observation  # noqa: E402

import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")

Private = pyspiel.PrivateInfoType


def _high_card():
    return pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": 4})


def test_a_public_observer_shows_no_hand_and_is_the_same_for_all():
    game = _high_card()
    state = game.new_initial_state()
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=Private.NONE))
    mine = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=Private.SINGLE_PLAYER))
    texts = [public.string_from(state, p) for p in range(2)]
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["zones"]["hand"] == {"P1": {"count": 4}, "P2": {"count": 4}}
    assert json.loads(mine.string_from(state, 0))["zones"]["hand"]["P1"] != {"count": 4}
    tensors = []
    for p in range(2):
        public.set_from(state, p)
        tensors.append(public.tensor.copy())
    assert np.array_equal(tensors[0], tensors[1])
    mine.set_from(state, 0)
    assert not np.array_equal(tensors[0], mine.tensor)


def test_a_public_information_state_hides_private_choices():
    game = _high_card()
    recall = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=Private.NONE))
    texts = set()
    state = game.new_initial_state()
    state.apply_action(game.space.action("swap"))
    for action in state.legal_actions():  # which card goes under the deck: nobody else sees
        child = state.clone()
        child.apply_action(action)
        texts.add(recall.string_from(child, 1))
    assert len(texts) == 1


def test_what_an_observer_cannot_give_is_a_spiel_error():
    game = _high_card()
    with pytest.raises(pyspiel.SpielError, match="every player's private information"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=Private.ALL_PLAYERS))
    with pytest.raises(pyspiel.SpielError, match="observer parameters"):
        game.make_py_observer(None, {"shape": 3})


def test_the_tensor_holds_the_options_and_the_sealed_choice():
    game = pyspiel.load_game("rules", {"path": "tutorial/photo-finish", "players": 3,
                                       "seed": 2})
    state = game.new_initial_state()
    obs = make_observation(game)
    parts = dict((name, (start, length)) for name, start, length in game.layout(False).parts)
    player = state.current_player()
    obs.set_from(state, player)
    start, length = parts["options"]
    assert sorted(np.flatnonzero(obs.tensor[start:start + length])) == state.legal_actions()
    action = state.legal_actions()[0]
    state.apply_action(action)  # a sealed choice: the chooser's, nobody else's
    obs.set_from(state, player)
    start, length = parts["sealed"]
    assert list(np.flatnonzero(obs.tensor[start:start + length])) == [action]
    obs.set_from(state, (player + 1) % 3)
    assert not obs.tensor[start:start + length].any()


@pytest.mark.parametrize(("path", "players", "most"), [
    ("tutorial/high-card", 2, 45), ("tutorial/pass-left", 3, 12),
    ("fifth-avenue/editions/en-fan-1.2-2p", 2, 1500)])
def test_max_game_length_is_the_rulesets_bound(path, players, most):
    game = pyspiel.load_game("rules", {"path": path, "players": players})
    assert game.max_game_length() == most
