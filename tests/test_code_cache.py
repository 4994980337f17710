"""The compiled generated code kept between loads (interpreter/engine/codecache.py): a warm load
compiles nothing, plays the same game, reports errors at the same rule places, and a damaged or
foreign entry is compiled again."""

from __future__ import annotations

import builtins
import random
from pathlib import Path

import pytest

from interpreter.engine import codecache
from interpreter.engine.ruleset import load_ruleset
from interpreter.language import cache

ROOT = Path(__file__).resolve().parent.parent
REVERSI = ROOT / "rulesets" / "tutorial" / "reversi"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


def compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file names of the generated code compiled from now on."""
    seen: list[str] = []
    real = builtins.compile

    def counted(source, filename, mode, *args, **kwargs):
        seen.append(filename)
        return real(source, filename, mode, *args, **kwargs)
    monkeypatch.setattr(codecache, "compile", counted, raising=False)
    return seen


def moves(ruleset) -> list[str]:
    game = ruleset.new_game(2, 5)
    rng = random.Random(5)
    while not game.over:
        game.apply(rng.choice(game.legal_options()))
    return [game.state_hash(), *game.events]


def test_a_warm_load_compiles_no_generated_code_and_plays_the_same(folder, monkeypatch):
    seen = compiles(monkeypatch)
    first = load_ruleset(REVERSI)
    assert any(name.startswith("<rules ") for name in seen)
    seen.clear()
    again = load_ruleset(REVERSI)
    assert seen == []
    assert moves(again) == moves(first)


def test_a_damaged_entry_is_compiled_again(folder, monkeypatch):
    load_ruleset(REVERSI)
    entry = next(folder.glob("code-*.cache"))
    slot, key = str(REVERSI.resolve()), cache.key("code", str(REVERSI.resolve()))
    stored = cache.load("code", slot, key)
    cache.store("code", slot, key, {name: b"not code" for name in stored})
    assert entry.is_file()
    seen = compiles(monkeypatch)
    ruleset = load_ruleset(REVERSI)
    assert any(name.startswith("<rules ") for name in seen)
    assert moves(ruleset)[-1] == "Game end: neither player can move."


def test_without_a_cache_every_load_compiles(monkeypatch):
    monkeypatch.setenv(cache.ENV, "")  # an empty value switches the cache off
    seen = compiles(monkeypatch)
    load_ruleset(REVERSI)
    count = len(seen)
    load_ruleset(REVERSI)
    assert count > 0 and len(seen) == 2 * count
