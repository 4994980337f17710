"""Make and unmake (Game.make / Game.unmake, engine/journal.py): a decision taken back leaves
the game exactly as it was, for every bundled ruleset, and a game in journaling form plays on
exactly as a plain one."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter import Game, load_ruleset
from interpreter.engine.read_tracking import KeptAnswers
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError

ROOT = Path(__file__).resolve().parents[1] / "rulesets"
RULESETS = sorted(p.parent.relative_to(ROOT).as_posix() for p in ROOT.rglob("ruleset.yaml"))
STEPS = 160  # decisions of a game checked at most (a Fifth Avenue game has about 650)


def _playable(name: str):
    try:
        ruleset = load_ruleset(ROOT / name)
        ruleset.new_game(min(ruleset.player_counts), 0)
    except (RulesError, GameRuleError):
        return None
    return ruleset


def snapshot(game) -> tuple:
    """Everything make/unmake must put back, as values."""
    return (game.state_hash(), game._integrity_hash(),
            json.dumps(game.plain_state(), sort_keys=True), list(game.events),
            [(list(w), t, n) for w, t, n in game.told], list(game.moves),
            game.legal_options(), game.over)


def check_game(ruleset, players: int, seed: int, steps: int = STEPS, depth: int = 2) -> int:
    """Play a random game in journaling form: before every decision, make an option (and up
    to `depth` more after it), unmake them all and check nothing changed; then play on and
    check the game is the plain game of the same moves. Returns the decisions checked."""
    game = ruleset.new_game(players, seed)
    rng = random.Random(seed)
    checked = 0
    while not game.over and checked < steps:
        before = snapshot(game)
        made = 0
        for _ in range(rng.randint(1, depth)):
            if game.over:
                break
            options = game.legal_options()
            game.make(options[rng.randrange(len(options))])
            made += 1
        assert game.made == made
        for _ in range(made):
            game.unmake()
        assert snapshot(game) == before, f"seed {seed}, decision {checked}"
        options = game.legal_options()
        game.apply(options[rng.randrange(len(options))])
        checked += 1
    plain = ruleset.new_game(players, seed)
    for move in game.moves:
        plain.apply(move)
    assert snapshot(plain) == snapshot(game)
    return checked


@pytest.mark.parametrize("name", RULESETS)
def test_unmake_puts_back_every_position(name: str) -> None:
    ruleset = _playable(name)
    if ruleset is None:
        pytest.skip("not playable")
    counts = sorted(ruleset.player_counts)
    # editions are overlays of one base game: one game each; the others two, every count
    games = [(counts[0], 1)] if name.startswith("fifth-avenue/editions") else \
        [(n, seed) for seed in (1, 2) for n in counts]
    assert sum(check_game(ruleset, n, seed) for n, seed in games) > 0


SMALL = ["tutorial/high-card", "tutorial/photo-finish", "tutorial/pass-left",
         "tutorial/kalah", "fifth-avenue/alea-2p"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SMALL), seed=st.integers(0, 10_000),
       picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
       depth=st.integers(1, 4))
def test_make_unmake_any_line(name: str, seed: int, picks: list[int], depth: int) -> None:
    """A line of play chosen by hypothesis; at its end, `depth` makes taken back in turn,
    each putting back the position it started from."""
    ruleset = load_ruleset(ROOT / name)
    game = ruleset.new_game(min(ruleset.player_counts), seed)
    for pick in picks:
        if game.over:
            break
        options = game.legal_options()
        game.make(options[pick % len(options)]) if pick % 3 else \
            game.apply(options[pick % len(options)])
    while game.made:  # some of the line was made: take it back to where applies left it
        game.unmake()
    positions = []
    for pick in picks[:depth]:
        if game.over:
            break
        positions.append(snapshot(game))
        options = game.legal_options()
        game.make(options[pick % len(options)])
    while positions:
        game.unmake()
        assert snapshot(game) == positions.pop()
    assert game.made == 0


def test_refused_or_failing_make_changes_nothing() -> None:
    ruleset = load_ruleset(ROOT / "tutorial/reversi")
    game = ruleset.new_game(2, 1)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        game.make([1, 1])
    assert game.made == 0 and snapshot(game) == before
    with pytest.raises(ValueError, match="nothing to unmake"):
        game.unmake()


def test_copies_of_a_journaling_game_are_plain_and_apart() -> None:
    ruleset = load_ruleset(ROOT / "fifth-avenue/base")
    game = ruleset.new_game(4, 5)
    game.make(game.legal_options()[0])
    twin = game.clone()
    assert twin.made == 0 and twin.state_hash() == game.state_hash()
    assert pickle.dumps(twin.state) == pickle.dumps(pickle.loads(pickle.dumps(game.state)))
    kept = snapshot(twin)
    game.unmake()
    game.make(game.legal_options()[-1])
    assert snapshot(twin) == kept  # nothing of the copy is shared with the journaling game
    with pytest.raises(ValueError):
        twin.unmake()


def test_a_watched_game_cannot_make() -> None:
    class Watch:
        def started(self, game) -> None: ...
        def moved(self, *args) -> None: ...

    game = Game.start(load_ruleset(ROOT / "tutorial/high-card"), 2, 1, watch=Watch())
    with pytest.raises(ValueError, match="watch"):
        game.make(game.legal_options()[0])


def test_changed_names_every_change_of_a_make() -> None:
    """Game.changed(): each zone and variable whose value differs after the make, and each
    entry that read tracking would find changed (what bots keeping answers rely on)."""
    ruleset = load_ruleset(ROOT / "fifth-avenue/base")
    game = ruleset.new_game(4, 2)
    rng = random.Random(2)
    for _ in range(150):
        if game.over:
            break
        before = game.clone()
        options = game.legal_options()
        game.make(options[rng.randrange(len(options))])
        changed = game.changed()
        old, new = before.plain_state(), game.plain_state()
        for part in ("zones", "vars"):
            differ = {name for name in old[part] if old[part][name] != new[part][name]}
            assert {(name, None) for name in differ} <= changed
        answers = KeptAnswers(ruleset.program, before.state)
        answers.memo = [{0: 0} for _ in answers.memo]  # every slot kept: all it can read
        assert answers.changed(game.state) <= changed
        game.unmake()
        game.apply(options[rng.randrange(len(options))])
    with pytest.raises(ValueError, match="no make"):
        game.changed()
