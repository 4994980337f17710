"""The OpenSpiel adapter (interpreter.openspiel): OpenSpiel's own conformance test on every
ruleset that comes with the engine, chance and clones, what the players see (strings,
tensors, perfect recall), the action space, serialization without pickle, bad parameters,
and OpenSpiel's own algorithms (IS-MCTS, MCTS, alpha-beta, rl_environment) on our games."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
import interpreter.openspiel  # noqa: E402,F401  (registers the game "rules")
from interpreter.bots.openspiel_space import _Bounds  # noqa: E402
from interpreter.language import nodes as N  # noqa: E402
from interpreter.openspiel import UnboundedChoice, action_space  # noqa: E402

BASE = "fifth-avenue/base"


def _bundled() -> tuple[list[tuple[str, int]], list[str]]:
    """Every ruleset that comes with the engine, the base game and the small games with their
    smallest and largest player counts and the others with their smallest (the editions and
    variants run the same adapter code as the base game: their largest counts add minutes,
    not checks), and the ones that cannot be played as written."""
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.resources import rulesets_folder

    playable, unplayable = [], []
    for manifest in sorted(rulesets_folder().glob("*/*/ruleset.yaml")) + sorted(
            rulesets_folder().glob("*/editions/*/ruleset.yaml")):
        name = manifest.parent.relative_to(rulesets_folder()).as_posix()
        ruleset = load_ruleset(manifest.parent)
        if ruleset.requirements and ruleset.unplayable():
            unplayable.append(name)
            continue
        if "/editions/" in name:
            continue  # the editions go through the adapter as the base game does (the suite
            # stays within CI's time; tests/test_openspiel_*.py play editions too)
        counts = sorted(ruleset.player_counts)
        both = name.startswith("tutorial/")  # the small games cost little; the base game
        playable += [(name, n) for n in ([counts[0], counts[-1]] if both else  # with 4
                                         counts[-1:] if name == BASE else counts[:1])]
    return playable, unplayable


BUNDLED, UNPLAYABLE = _bundled()


@pytest.mark.parametrize(("path", "players"), BUNDLED)
def test_random_sim_test_with_serialization(path, players):
    game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": 5})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("path", UNPLAYABLE)
def test_a_ruleset_that_cannot_be_played_is_a_spiel_error(path):
    with pytest.raises(pyspiel.SpielError, match="cannot be played as written"):
        pyspiel.load_game("rules", {"path": path})


def _play_randomly(state, rng, steps):
    """Random choices, and random chance outcomes at chance nodes."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def _through_chance(state, first=None):
    """Past the chance nodes now: `first` as the first outcome, then each node's first one."""
    while state.is_chance_node():
        outcome = state.chance_outcomes()[0][0] if first is None else first
        state.apply_action(outcome)
        first = None
    return state


def test_draws_are_chance_nodes_and_a_clone_does_not_know_them():
    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4})
    rng, chance_nodes = random.Random(1), 0
    while chance_nodes < 2:  # the base game draws during play when the black stack runs out
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert len(outcomes) > 1  # a node with one outcome is no node
            firsts = [o for o, _ in outcomes]
            twins = [_through_chance(state.clone(), o)
                     for o in [firsts[0], firsts[0], firsts[1]]]
            # the same outcome gives the same draws, others other draws: nothing was known
            assert twins[0].game.state_hash() == twins[1].game.state_hash()
            assert len({t.game.state_hash() for t in twins}) == 2
            text = state.action_to_string(pyspiel.PlayerId.CHANCE, firsts[0])
            assert text.startswith("draws: ") and " comes to place " in text
            state.apply_action(rng.choices(firsts, [p for _, p in outcomes])[0])


def test_a_shuffle_is_the_pieces_that_can_come_with_their_probabilities():
    """Chance is the game's own: the deal of High Card is one node per card of the deck, the
    top card first, among the cards not placed yet (each as likely); every deal can come."""
    fresh = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": -1})
    state = fresh.new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        sizes.append(len(outcomes))
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        state.apply_action(outcomes[-1][0])
    assert sizes == list(range(15, 1, -1))  # 15 distinct cards: 15 x 14 x ... x 2 orders
    hand = json.loads(state.observation_string(0))["zones"]["hand"]["P1"]
    # the deck was shuffled top first with the last (highest numbered) card each time: the
    # last four in sorted order are the top four, dealt to the first player
    assert sorted(hand) == sorted(fresh.kind_names)[-4:]


def test_seed_minus_one_deals_anew_each_game_and_a_seed_repeats():
    fresh = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": -1})
    rng = random.Random(8)
    deals = set()
    for _ in range(6):
        state = fresh.new_initial_state()
        assert state.is_chance_node() and len(state.chance_outcomes()) == 15
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        deals.add(json_view(state, 0))
    assert len(deals) > 1
    fixed = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": 3})
    assert not fixed.new_initial_state().is_chance_node()
    assert len({json_view(fixed.new_initial_state(), 0) for _ in range(3)}) == 1


def json_view(state, player):
    return state.observation_string(player)


def test_game_type_follows_the_ruleset():
    info, chance = pyspiel.GameType.Information, pyspiel.GameType.ChanceMode
    row = pyspiel.load_game("rules", {"path": "tutorial/four-in-a-row", "players": 2})
    assert row.get_type().information == info.PERFECT_INFORMATION
    assert row.get_type().chance_mode == chance.DETERMINISTIC
    base = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4})
    assert base.get_type().information == info.IMPERFECT_INFORMATION
    assert base.get_type().chance_mode == chance.EXPLICIT_STOCHASTIC
    sealed = pyspiel.load_game("rules", {"path": "tutorial/photo-finish", "players": 2})
    assert sealed.get_type().information == info.IMPERFECT_INFORMATION


def test_mcts_and_alpha_beta_play_four_in_a_row():
    from open_spiel.python.algorithms import mcts, minimax

    zero_sum = pyspiel.load_game("rules", {"path": "tutorial/four-in-a-row", "players": 2,
                                           "utility": "zero_sum"})
    state = zero_sum.new_initial_state()
    # P1 holds columns 2 and 3 of the bottom row, P2 the squares above: a disc in column 4
    # makes three open at both ends, a win in three moves that alpha-beta finds
    for column in [2, 2, 3, 3]:
        state.apply_action(state.rules_game.space.action(column))
    value, action = minimax.alpha_beta_search(zero_sum, state=state, maximizing_player_id=0,
                                              maximum_depth=4, value_function=lambda s: 0.0)
    assert value == 1.0 and state.rules_game.space.values[action] == 4
    game = pyspiel.load_game("rules", {"path": "tutorial/four-in-a-row", "players": 2})
    numbers = np.random.RandomState(7)
    bots = [mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, numbers),
                         random_state=numbers), None]
    wins = 0
    for seed in range(4):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            bot = bots[state.current_player()]
            state.apply_action(bot.step(state) if bot else rng.choice(state.legal_actions()))
        wins += state.returns()[0] == 1.0
    assert wins >= 3  # MCTS with 30 simulations beats random play


def test_strings_show_only_the_players_view():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    for player in range(2):
        view = state.game.view(f"P{player + 1}")
        assert json.loads(state.observation_string(player)) == json.loads(json.dumps(view))
        info = json.loads(state.information_state_string(player))
        assert info["view"] == json.loads(json.dumps(view)) and info["recall"]
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
    mine = json.loads(state.observation_string(0))["secret"]["chosen"]
    theirs = json.loads(state.observation_string(1))["secret"]["chosen"]
    assert mine["P1"] != "?" and theirs == {"P1": "?"}
    sample = state.resample_from_infostate(1, random.Random(3).random)
    assert sample.current_player() == 1
    # P1's choice is made anew in the sample, among P1's options there: P2 sees only that
    assert json.loads(sample.observation_string(1)) == json.loads(state.observation_string(1))
    assert set(sample.game.state["secret"]["chosen"]) == {"P1"}


def _ismcts_plays(path, players, decisions, budget=4, seed=1):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("rules", {"path": path, "players": players, "seed": seed})
    numbers = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numbers), 2.0, budget,
                           random_state=numbers, allow_inconsistent_action_sets=True)
    state, rng, taken = game.new_initial_state(), random.Random(seed), 0
    while not state.is_terminal() and taken < decisions:
        action = bot.step(state) if state.current_player() == 0 else \
            rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        taken += 1
    return state, taken


@pytest.mark.parametrize(("path", "players"), [("tutorial/high-card", 2),
                                               ("tutorial/photo-finish", 3)])
def test_openspiels_ismcts_plays_whole_games(path, players):
    state, _ = _ismcts_plays(path, players, 10_000)
    assert state.is_terminal()


def test_openspiels_ismcts_plays_100_decisions_of_the_base_game():
    _, taken = _ismcts_plays("fifth-avenue/base", 4, 100, budget=2)
    assert taken == 100


def test_the_information_state_is_perfect_recall():
    """Two histories that lead to the same view but differ in what the player saw on the
    way have different information states; the same history gives the same one."""
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": 2})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.information_state_string(0) == b.information_state_string(0)
    a.apply_action(a.legal_actions()[0])
    b.apply_action(b.legal_actions()[-1])
    assert a.information_state_string(1) != b.information_state_string(1)
    # others' public actions are remembered: the view alone is not the information state
    info = json.loads(a.information_state_string(1))
    assert set(info) == {"recall", "view"}


def test_a_resampled_state_has_the_players_information_state():
    game = pyspiel.load_game("rules", {"path": "tutorial/photo-finish", "players": 3,
                                       "seed": 4})
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(7):
        state.apply_action(rng.choice(state.legal_actions()))
        player = state.current_player()
        if player < 0:
            break
        sample = state.resample_from_infostate(player, rng.random)
        assert sample.information_state_string(player) == \
            state.information_state_string(player)
        assert sample.current_player() == player


def test_tensors_follow_their_layout_and_rl_environment_steps_through_a_game():
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 4, "seed": 1})
    state = game.new_initial_state()
    size = game.observation_tensor_size()
    assert size > 0 and len(state.observation_tensor(0)) == size
    assert game.information_state_tensor_size() > size
    observation = np.array(state.observation_tensor(0))
    layout = game.layout(False)
    me = dict((name, (start, n)) for name, start, n in layout.parts)["me"]
    assert list(observation[me[0]:me[0] + me[1]]) == [1.0, 0.0, 0.0, 0.0]
    assert state.observation_tensor(0) != state.observation_tensor(1)
    env = rl_environment.Environment(game)
    step, rng, steps = env.reset(), random.Random(3), 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert len(step.observations["info_state"][player]) == \
            game.information_state_tensor_size()
        step = env.step([rng.choice(legal)])
        steps += 1
    assert steps > 50 and sum(step.rewards) == pytest.approx(1.0)


def test_a_crafted_serialized_state_runs_nothing(tmp_path):
    import base64
    import pickle

    marker = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (open, (str(marker), "w"))

    blob = base64.b64encode(pickle.dumps({"_held": Payload()})).decode()
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    for text in [f"history=\nmove_number=0\n__dict__={blob}", blob, "{}", "[1, 2]",
                 '{"format": "rules-openspiel-state", "seed": 1, "actions": [99999]}']:
        with pytest.raises(pyspiel.SpielError):
            game.deserialize_state(text)
        with pytest.raises(pyspiel.SpielError):
            interpreter.openspiel.deserialize_game_and_state(text)
    assert not marker.exists()


def test_serialization_round_trips_with_chance_outcomes():
    game = pyspiel.load_game("rules", {"path": "fifth-avenue/base", "players": 3, "seed": 9})
    state = game.new_initial_state()
    _play_randomly(state, random.Random(4), 40)
    state = state.clone()
    _play_randomly(state, random.Random(5), 40)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.game.state_hash() == state.game.state_hash()
    text = interpreter.openspiel.serialize_game_and_state(game, state)
    _, third = interpreter.openspiel.deserialize_game_and_state(text)
    assert third.game.state_hash() == state.game.state_hash()


@pytest.mark.parametrize("params", [{"path": "x" * 100_000}, {"players": 99},
                                    {"utility": "most"},
                                    {"players": -1}, {"seed": -5},
                                    {"path": "no/such/ruleset"}])
def test_bad_parameters_are_one_kind_of_clean_error(params):
    with pytest.raises(pyspiel.SpielError, match="rules: "):
        pyspiel.load_game("rules", {"path": "tutorial/high-card", **params})


def test_an_action_out_of_range_is_a_clean_error():
    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(pyspiel.SpielError, match="rules: action .* is not one of"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(pyspiel.SpielError):  # OpenSpiel itself refuses -1
        state.apply_action(-1)
    assert str(state) == before


def test_evaluate_bots_plays_with_openspiels_bots_wrapped():
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2, "seed": -1})
    numbers = np.random.RandomState(2)
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numbers), 2.0, 4,
                              random_state=numbers, allow_inconsistent_action_sets=True)
    bots = [interpreter.openspiel.Restartable(search),
            interpreter.openspiel.Restartable(pyspiel.make_uniform_random_bot(1, 3))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, numbers)
    assert sum(returns) == pytest.approx(1.0)


def test_a_private_choice_is_in_the_information_state_of_those_it_is_shown_to_only():
    """Pass Left: Player 1 passes a card to Player 2 (`privately choose ... shown to`). Taken
    one way or another, Player 3's information state (string and tensor) is the same; Player
    2's is not."""
    game = pyspiel.load_game("rules", {"path": "tutorial/pass-left", "players": 3, "seed": 2})
    one, other = game.new_initial_state(), game.new_initial_state()
    actions = one.legal_actions()
    one.apply_action(actions[0])
    other.apply_action(actions[-1])
    assert one.observation_string(2) == other.observation_string(2)
    assert one.information_state_string(2) == other.information_state_string(2)
    assert np.array_equal(one.information_state_tensor(2), other.information_state_tensor(2))
    assert one.information_state_string(1) != other.information_state_string(1)
    assert not np.array_equal(one.information_state_tensor(1),
                              other.information_state_tensor(1))
