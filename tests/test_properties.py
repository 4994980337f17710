"""Properties of whole random games of the base game (hypothesis chooses seeds and moves)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter.engine.runtime import Game

FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def component_census(game: Game) -> Counter:
    """How many of each component kind lie in all zones together."""
    found: Counter = Counter()
    for content in game.Z.values():
        parts = content.values() if _is_family(content) else [content]
        for part in parts:
            if isinstance(part, list):
                found.update(part)
            else:
                found.update(part)
    return found


def _is_family(content) -> bool:
    return isinstance(content, dict) and any(isinstance(v, dict | list) for v in content.values())


def expected_census(game: Game) -> Counter:
    world = game.world
    out: Counter = Counter()
    for name, comp in world.components.items():
        for kind in world.kinds_in_game(name, game.n):
            out[kind] = comp.counts[kind]
    return out


@FAST
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4]))
def test_every_component_is_in_exactly_one_place_at_every_step(base, seed, players):
    game = base.new_game(players, seed, logging=False)
    rng = random.Random(seed)
    expected = expected_census(game)
    assert sum(expected.values()) == 110 + 36 + 18 * players
    while not game.over:
        assert component_census(game) == expected
        game.apply(rng.choice(game.decision().options))
    assert component_census(game) == expected


def _hidden_from(view: dict, game: Game, viewer: str) -> None:
    """Nothing of another player's hand and nothing of the deck order is in the view."""
    for other in game.players:
        seen = view["zones"]["hand"][other]
        if other == viewer:
            assert seen == game.Z["hand"][other]
        else:
            assert seen == {"count": sum(game.Z["hand"][other].values())}
    assert view["zones"]["black_stack"] == {"count": len(game.Z["black_stack"])}
    assert view["zones"]["bag"] == {"count": len(game.Z["bag"])}
    for suit, stack in game.Z["colour_stack"].items():
        assert view["zones"]["colour_stack"][suit] == {
            "count": len(stack), "top": stack[-1] if stack else None}
    text = json.dumps(view)
    assert '"stack"' not in text  # where execution stands (locals may hold drawn cards)


@FAST
@given(seed=st.integers(0, 10_000))
def test_views_never_show_hidden_cards(base, seed):
    game = base.new_game(4, seed, logging=False)
    rng = random.Random(seed)
    step = 0
    while not game.over:
        if step % 7 == 0:
            for viewer in game.players:
                view = game.view(viewer)
                _hidden_from(view, game, viewer)
                decision = view["decision"]
                if decision["player"] != viewer:
                    assert "options" not in decision
        game.apply(rng.choice(game.decision().options))
        step += 1


@FAST
@given(seed=st.integers(0, 10_000), cut=st.floats(0.05, 0.95))
def test_save_load_and_replay_reproduce_the_same_state(base, seed, cut):
    rng = random.Random(seed)
    whole = base.new_game(4, seed, logging=False)
    moves, hashes = [], [whole.state_hash()]
    while not whole.over:
        move = rng.choice(whole.decision().options)
        whole.apply(move)
        moves.append(move)
        hashes.append(whole.state_hash())

    # Replay: same ruleset + seed + moves gives the same state at every step.
    again = base.new_game(4, seed, logging=False)
    for i, move in enumerate(moves):
        assert again.state_hash() == hashes[i]
        again.apply(move)
    assert again.state_hash() == hashes[-1]

    # Save somewhere in the middle (through JSON text), load, go on: same end state.
    stop = int(len(moves) * cut)
    part = base.new_game(4, seed, logging=False)
    for move in moves[:stop]:
        part.apply(move)
    text = json.dumps(part.to_save())
    loaded = Game.from_save(base, json.loads(text))
    assert loaded.state_hash() == hashes[stop]
    assert loaded.decision() == part.decision()
    for move in moves[stop:]:
        loaded.apply(move)
    assert loaded.state_hash() == hashes[-1]


def test_a_save_in_the_middle_of_an_auction_continues_identically(base):
    """Find a moment when a bid is on the table, save there, load and finish the game."""
    rng = random.Random(5)
    game = base.new_game(4, 5, logging=False)
    while not any(game.Z["bid"].values()):
        game.apply(rng.choice(game.decision().options))
    assert any(frame[0] == "auction" for frame in game.state["stack"])
    loaded = Game.from_save(base, json.loads(json.dumps(game.to_save())))
    twin = game.clone()
    rest_rng = random.Random(99)
    moves = []
    while not twin.over:
        move = rest_rng.choice(twin.decision().options)
        twin.apply(move)
        moves.append(move)
    for move in moves:
        loaded.apply(move)
    assert loaded.state_hash() == twin.state_hash()
    assert loaded.scores() == twin.scores()


def test_clone_is_independent(base):
    game = base.new_game(4, 3, logging=False)
    twin = game.clone()
    before = game.state_hash()
    twin.apply(twin.decision().options[0])
    assert game.state_hash() == before
    assert twin.state_hash() != before


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_a_clone_plays_on_alone_and_as_the_original_would(base, seed, steps):
    """Clone anywhere (mid-auction included), play the clone to the end: the original has not
    changed; the same moves on the original give the clone's game, hash by hash."""
    rng = random.Random(seed)
    game = base.new_game(4, seed, logging=False)
    while steps and not game.over:
        game.apply(rng.choice(game.decision().options))
        steps -= 1
    before = json.dumps(game.state, sort_keys=True)
    twin = game.clone()
    moves, hashes = [], []
    while not twin.over:
        move = rng.choice(twin.decision().options)
        twin.apply(move)
        moves.append(move)
        hashes.append(twin.state_hash())
    assert json.dumps(game.state, sort_keys=True) == before
    for move, expected in zip(moves, hashes, strict=True):
        game.apply(move)
        assert game.state_hash() == expected


def test_same_seed_same_game_different_seed_different_game(base):
    a = base.new_game(4, 11, logging=False)
    b = base.new_game(4, 11, logging=False)
    c = base.new_game(4, 12, logging=False)
    assert a.state_hash() == b.state_hash()
    assert a.state_hash() != c.state_hash()
