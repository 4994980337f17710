"""The OpenSpiel adapter (interpreter.openspiel): OpenSpiel's own conformance test on every
ruleset that comes with the engine, clones, what the players see, and the action space."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")
from interpreter.bots.openspiel_game import _Bounds  # noqa: E402
from interpreter.language import nodes as N  # noqa: E402
from interpreter.openspiel import UnboundedChoice, action_space  # noqa: E402

BUNDLED = [("fifth-avenue/base", 4), ("fifth-avenue/base", 3), ("fifth-avenue/alea-2p", 2),
           ("fifth-avenue/six-plot", 4), ("fifth-avenue/six-plot-2p", 2),
           ("tutorial/high-card", 2), ("tutorial/photo-finish", 3)]


@pytest.mark.parametrize(("path", "players"), BUNDLED)
def test_random_sim_test_with_serialization(path, players):
    game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": 5})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def _play_randomly(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_clone_draws_the_same_future():
    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(1), 20)
    twin = state.clone()
    rng_a, rng_b = random.Random(2), random.Random(2)
    _play_randomly(state, rng_a, 200)
    _play_randomly(twin, rng_b, 200)
    assert state.history() == twin.history()
    assert state.game.state_hash() == twin.game.state_hash()
    assert str(state) == str(twin)


def test_strings_show_only_the_players_view():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    for player in range(2):
        view = state.game.view(f"P{player + 1}")
        import json
        assert json.loads(state.observation_string(player)) == json.loads(json.dumps(view))
        assert json.loads(state.information_state_string(player))["view"] == \
            json.loads(json.dumps(view))
    assert state.observation_string(0) != state.observation_string(1)


def test_returns_share_one_between_the_winners():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(3), 10_000)
    assert state.is_terminal()
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    winners = state.game.winners()
    assert [r > 0 for r in returns] == [p in winners for p in state.game.players]


def test_a_choice_of_unbounded_numbers_is_named_at_load():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    bounds = _Bounds(game.ruleset, 2)
    choose = N.Choose(var="n", options=N.Call(func="numbers", args=[
        N.Num(value=0), N.Name(id="somewhere")]), prompt="how many?")
    with pytest.raises(UnboundedChoice, match="choice 'n'.*no bound"):
        bounds.numbers_of(choose)
    bounded = N.Choose(var="n", options=N.Call(func="numbers", args=[
        N.Num(value=0), N.Call(func="min_of", args=[N.Num(value=3), N.Name(id="x")])]))
    assert bounds.numbers_of(bounded) == {0, 1, 2, 3}
    assert len(action_space(game.ruleset, 2)) == game.num_distinct_actions()


def test_the_ismcts_bot_plays_a_whole_game():
    from interpreter.bots.players import make_bot
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.resources import rulesets_folder
    from interpreter.study.games import play_one

    ruleset = load_ruleset(rulesets_folder() / "tutorial" / "high-card")
    bots = {"P1": make_bot("ismcts:5"), "P2": make_bot("random")}
    record = play_one(ruleset, 2, 1, bots)
    assert record.winners


def test_a_secret_choice_is_seen_only_by_its_chooser_until_all_have_chosen():
    game = pyspiel.load_game("rules", {"path": "tutorial/photo-finish", "players": 2, "seed": 4})
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(state.legal_actions()[0])
    import json
    mine = json.loads(state.observation_string(0))["secret"]["chosen"]
    theirs = json.loads(state.observation_string(1))["secret"]["chosen"]
    assert mine["P1"] != "?" and theirs == {"P1": "?"}
    sample = state.resample_from_infostate(1, random.Random(3).random)
    assert sample.current_player() == 1
    # P1's choice is made anew in the sample, among P1's options there: P2 sees only that
    assert json.loads(sample.observation_string(1)) == json.loads(state.observation_string(1))
    assert set(sample.game.state["secret"]["chosen"]) == {"P1"}
