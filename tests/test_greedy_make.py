"""The greedy bot looking ahead by make and unmake (players.MAKE_FROM) chooses as it does with a
copy per option: the moves of games recorded before make and unmake existed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.bots import players
from interpreter.bots.players import GreedyBot
from interpreter.study.games import play_one

HERE = Path(__file__).resolve().parent
RULESETS = HERE.parent / "rulesets"
RECORDED = json.loads((HERE / "data" / "greedy_moves.json").read_text())["games"]


CASES = [(game, making) for game in sorted(RECORDED) for making in (None, 2)
         if making is None or not game.endswith(" 2")]  # make and unmake: two games of three


@pytest.mark.parametrize(("game", "making"), CASES)
def test_greedy_moves_as_recorded(game: str, making: int | None,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(players, "MAKE_FROM", making)
    path, count, seed = game.split()
    ruleset = load_ruleset(RULESETS / path)
    bots = {f"P{i}": GreedyBot() for i in range(1, int(count) + 1)}
    record = play_one(ruleset, int(count), int(seed), bots, keep_moves=True)
    moves = json.loads(json.dumps(record.moves))
    first = next((i for i, (a, b) in enumerate(zip(moves, RECORDED[game], strict=False))
                  if a != b), None)
    assert first is None and len(moves) == len(RECORDED[game]), f"differs at move {first}"
