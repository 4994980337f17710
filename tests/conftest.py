"""Shared fixtures: the rulesets are loaded once per test session (loading compiles them)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.loader import Ruleset, load_ruleset
from interpreter.runtime import Game

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "rulesets" / "fifth-avenue" / "base"


@pytest.fixture(scope="session")
def base() -> Ruleset:
    return load_ruleset(BASE)


def play_random(game: Game, rng: random.Random, limit: int = 5000) -> Game:
    """Play to the end with uniformly random legal decisions."""
    for _ in range(limit):
        decision = game.decision()
        if decision is None:
            return game
        game.apply(rng.choice(decision.options))
    raise AssertionError("the game did not end")
