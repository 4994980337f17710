"""One game played to its end by bots, and the record of how it went: the unit that
simulate, parallel and measuring share. The record also counts what every ruleset can be
measured on without declaring it: the options offered at each decision (branching) and which
option each `choose` took (option balance); on request the game's replay is written."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.bots.draws import decision_draws
from interpreter.bots.views import LazyView
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError

if TYPE_CHECKING:
    from interpreter.bots.players import Bot
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

TURNS_VAR = "turns"
MAX_BALANCED = 12  # a decision offering more options is left out of the option balance
MAX_TRACE = 2_000  # points of a game's score trace at most (a longer game keeps none)


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
    options: int = 0  # legal options offered, over all decisions (branching = options / decisions)
    # prompt of a decision -> option (as text) -> times taken; every option offered is there
    # (0 if never taken), for decisions of at most MAX_BALANCED options
    choices: dict[str, dict[str, int]] = field(default_factory=dict)
    # the scores of the seats (in seat order) at the start and after every turn (every
    # decision without a variable `turns`), the last the final scores; None when a score
    # was not a number during play, or the game was too long
    trace: list[list[Any]] | None = None
    lowest_wins: bool = False  # the lowest score wins (the ruleset says so)
    moves: list[Any] | None = None  # the options taken, in order (when asked for)


def play_one(ruleset: Ruleset, players: int, seed: int, bots: Mapping[str, Bot],
             max_decisions: int | None = None, number: int | None = None,
             logging: bool = False, replay_dir: str | None = None,
             keep_moves: bool = False) -> GameRecord:
    """Play one game to its end with `bots` (player -> bot) and record how it went; with
    `replay_dir`, write its replay there as `seed-SEED.json` (play/replay.py); with
    `keep_moves`, the record keeps the options taken. The bot deciding at decision k draws
    from `draws.decision_draws(seed, k)`: the same draws wherever two games of the seed
    reach decision k by the same moves, whatever their rules."""
    where = f"game {number}, seed {seed}" if number is not None else f"the game of seed {seed}"
    if getattr(ruleset, "settings", None):  # a setting is the likely cause: say it
        where += f", with --set {', '.join(ruleset.settings)}"
    game: Game | None = None
    offered = 0
    choices: dict[str, dict[str, int]] = {}
    history = None
    trace: list[list[Any]] | None = []
    try:
        game = ruleset.new_game(players, seed, logging=logging)
        turns_var = TURNS_VAR in game.state["vars"]
        turn = game.state["vars"].get(TURNS_VAR)
        trace = _trace_point(game, trace)
        if replay_dir is not None:
            from interpreter.play.history import History

            history = History.start(game)
        while not game.over:
            decision = game.decision()
            if decision is None:  # not over, yet nobody to ask: the runtime would be broken
                raise GameRuleError("the game stopped without a decision and without ending")
            if max_decisions is not None and game.state["step"] >= max_decisions:
                raise GameRuleError(f"the game did not end after {max_decisions} decisions")
            bot = bots[decision.player]
            view = LazyView(game, decision.player)
            option = bot.choose(view, decision, decision_draws(seed, game.state["step"]))
            view.close()
            options = decision.options
            offered += len(options)
            if len(options) <= MAX_BALANCED:
                _count_choice(choices, decision.prompt, options, option)
            try:
                game.apply(option)
            except IllegalMove as exc:
                name = getattr(bot, "name", type(bot).__name__)
                raise RulesError(f"{where}: bot '{name}' playing {decision.player} chose "
                                 f"an illegal option: {exc}") from None
            if history is not None:
                history.record(game, decision.player, option)
            if trace is not None and (not turns_var or game.state["vars"][TURNS_VAR] != turn):
                turn = game.state["vars"].get(TURNS_VAR)
                if not game.over:
                    trace = _trace_point(game, trace)
        scores = game.scores()
        if trace is not None:
            trace.append(list(scores.values()))
        winners = game.winners()
        measures = ruleset.measure_values(game)
    except GameRuleError as exc:
        after = f", after {game.state['step']} decisions" if game is not None else ""
        err = GameRuleError(f"{exc} (in {where}{after})")
        err.loc = exc.loc
        raise err from None
    if history is not None and replay_dir is not None:
        _write_replay(Path(replay_dir) / f"seed-{seed}.json", ruleset, game, history, bots)
    turns = game.state["vars"].get(TURNS_VAR)
    if isinstance(turns, bool) or not isinstance(turns, int):
        turns = None
    return GameRecord(seed=seed, scores=scores, winners=winners, decisions=game.state["step"],
                      turns=turns, ending=game.state["ending"], measures=measures,
                      options=offered, choices=choices, trace=trace,
                      lowest_wins=game.lowest_wins,
                      moves=list(game.moves) if keep_moves else None)


def _trace_point(game: Game, trace: list[list[Any]]) -> list[list[Any]] | None:
    """The trace with the seats' scores now added; None (no trace) when a score is not a
    number yet, or the trace would grow past MAX_TRACE."""
    if len(trace) >= MAX_TRACE:
        return None
    try:
        scores = list(game.scores(remembered=True).values())
    except GameRuleError:  # a score that means something only at the end
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in scores):
        return None
    trace.append(scores)
    return trace


def _count_choice(choices: dict[str, dict[str, int]], prompt: str, options: list[Any],
                  taken: Any) -> None:
    counts = choices.get(prompt)
    if counts is None:
        counts = choices[prompt] = {}
    for o in options:
        key = o if o.__class__ is str else str(o)
        if key not in counts:
            counts[key] = 0
    key = taken if taken.__class__ is str else str(taken)
    counts[key] = counts.get(key, 0) + 1  # an illegal option is refused next, by apply


def _write_replay(path: Path, ruleset: Ruleset, game: Game, history: Any,
                  bots: Mapping[str, Bot]) -> None:
    from interpreter.play.replay import FILE_ERRORS, file_error, replay_data, write_json

    seats = {p: getattr(b, "name", type(b).__name__) for p, b in bots.items()}
    try:
        write_json(path, replay_data(ruleset, game, history, seats))
    except FILE_ERRORS as exc:
        raise RulesError(f"cannot write the replay {path}: {file_error(exc)}") from None
