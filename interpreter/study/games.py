"""One game played to its end by bots, and the record of how it went: the unit that
simulate, parallel and measuring share."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.bots.views import LazyView
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError

if TYPE_CHECKING:
    from interpreter.bots.players import Bot
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

TURNS_VAR = "turns"


@dataclass
class GameRecord:
    """One finished game."""

    seed: int
    scores: dict[str, Any]
    winners: list[str]
    decisions: int
    turns: int | None
    ending: str | None
    measures: dict[str, Any] = field(default_factory=dict)  # the ruleset's measures


def play_one(ruleset: Ruleset, players: int, seed: int, bots: Mapping[str, Bot],
             max_decisions: int | None = None, number: int | None = None,
             logging: bool = False) -> GameRecord:
    """Play one game to its end with `bots` (player -> bot) and record how it went."""
    where = f"game {number}, seed {seed}" if number is not None else f"the game of seed {seed}"
    rng = random.Random(seed)
    game: Game | None = None
    try:
        game = ruleset.new_game(players, seed, logging=logging)
        while not game.over:
            decision = game.decision()
            if decision is None:  # not over, yet nobody to ask: the runtime would be broken
                raise GameRuleError("the game stopped without a decision and without ending")
            if max_decisions is not None and game.state["step"] >= max_decisions:
                raise GameRuleError(f"the game did not end after {max_decisions} decisions")
            bot = bots[decision.player]
            view = LazyView(game, decision.player)
            option = bot.choose(view, decision, rng)
            view.close()
            try:
                game.apply(option)
            except IllegalMove as exc:
                name = getattr(bot, "name", type(bot).__name__)
                raise RulesError(f"{where}: bot '{name}' playing {decision.player} chose "
                                 f"an illegal option: {exc}") from None
        scores = game.scores()
        winners = game.winners()
        measures = ruleset.measure_values(game)
    except GameRuleError as exc:
        after = f", after {game.state['step']} decisions" if game is not None else ""
        err = GameRuleError(f"{exc} (in {where}{after})")
        err.loc = exc.loc
        raise err from None
    turns = game.state["vars"].get(TURNS_VAR)
    if isinstance(turns, bool) or not isinstance(turns, int):
        turns = None
    return GameRecord(seed=seed, scores=scores, winners=winners, decisions=game.state["step"],
                      turns=turns, ending=game.state["ending"], measures=measures)
