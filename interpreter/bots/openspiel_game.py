"""Every ruleset as an OpenSpiel game (`pip install -e ".[openspiel]"`; docs/openspiel.md).

Importing `interpreter.openspiel` registers the game `rules` with `pyspiel`:

    pyspiel.load_game("rules", {"path": "<ruleset>", "players": 4})

Parameters: `path` (a ruleset folder, or the name of a ruleset that comes with the engine, as
the command line takes them), `players` (0: the most the ruleset allows) and `seed` (-1: the
deal is a chance node, a fresh deal per game; otherwise every game starts with the deal of
that seed), `utility` and `undo` (true: `undo_action` takes back the last action through
the engine's Game.make / Game.unmake). A bad parameter is a `pyspiel.SpielError` saying which.

- Game type, per ruleset: perfect information when no zone, value or choice is hidden from
  anyone (Four in a Row), else imperfect; deterministic when no rule shuffles or picks at
  random, else explicit chance. Chance is the game's own (bots/openspiel_chance.py): the
  adapter chooses the engine's draws (`Game.draws_from`); when a player's choice leads to a
  step that draws, the state becomes chance nodes, one per draw: for a shuffle, the kinds of
  the pieces that can come to each place of the stack (top first) with their shares; for a
  `random` query, its options, equally likely. With `seed` -1 the deal is such a sequence of
  chance nodes too. So a clone does not know the coming draws, the history (the actions and
  chance outcomes) is the whole state, and every draw has the engine's own probabilities.
- Actions: one fixed list of values derived from the ruleset (`openspiel_space.action_space`).
- Returns: at the end the winners (ties broken by the ruleset's tiebreak) share 1; with the
  parameter `utility` = `zero_sum`, the shares less 1/n, scaled so that a lone winner gets 1
  (2 players: win 1, loss -1, tie 0), which alpha-beta search needs.
- Observation: `Game.view(player)` as JSON, and as a tensor (`openspiel_tensor`).
  Information state: the view, and a digest of everything the player observed at every step
  (each decision as they could see it, and their view after it): perfect recall. It is
  computed when asked for, by playing the steps since the last time again.
- Serialization: JSON of the actions (chance outcomes included); `deserialize_state` reads
  only that (never pickle) and refuses anything else with a SpielError. OpenSpiel's own
  `pyspiel.serialize_game_and_state` pickles every Python game's state: do not feed its
  `deserialize_game_and_state` text from a stranger; `serialize_game_and_state` and
  `deserialize_game_and_state` here are the safe pair.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from interpreter.bots.beliefs import Beliefs, beliefs_for
from interpreter.bots.openspiel_chance import Draw, Forcer, Unforced, kinds_of, play_step
from interpreter.bots.openspiel_space import ActionSpace, UnboundedChoice, action_space
from interpreter.bots.openspiel_tensor import Layout, encode, make_layout
from interpreter.engine.ruleset import Ruleset, load_ruleset
from interpreter.engine.runtime import Game
from interpreter.engine.world import player_id, seat_of
from interpreter.language import nodes as N
from interpreter.language.errors import RulesError

GAME_NAME = "rules"
MAX_GAME_LENGTH = 100_000  # decisions, for a ruleset that states no `max_decisions`
MAX_PATH = 4096  # characters of the `path` parameter
MAX_SERIALIZED = 20_000_000  # characters of a serialized state
STATE_FORMAT = "rules-openspiel-state"
DRAW_OUTCOMES = 1 << 12  # the most options of a `random` query (its outcomes' numbers)
RECALLED = 200_000  # information-state strings remembered per game (RulesGame.recalled)
MARK_EVERY = 16  # steps between the copies a step that drew is played again from
SPECTATOR = ""  # the player id of nobody: `Game.view(SPECTATOR)` is what every player sees
_DEFAULTS = {"path": "", "players": 0, "seed": 0, "utility": "share", "undo": False}
UTILITIES = ("share", "zero_sum")

__all__ = ["GAME_NAME", "ActionSpace", "Restartable", "RulesGame", "RulesState",
           "UnboundedChoice",
           "action_space", "deserialize_game_and_state", "register",
           "serialize_game_and_state"]


def resolve_path(text: str) -> Path:
    """A ruleset folder as the command line takes it: the path if it exists, else the ruleset
    of that name that comes with the engine."""
    path = Path(text)
    if path.exists() or not text:
        return path
    from interpreter.resources import rulesets_folder

    bundled = rulesets_folder() / text
    return bundled if bundled.exists() else path


def _default_path() -> str:
    """The first ruleset that comes with the engine (the parameter `path` needs a default)."""
    from interpreter.resources import rulesets_folder

    found = sorted(p.parent for p in rulesets_folder().glob("*/*/ruleset.yaml"))
    return found[0].relative_to(rulesets_folder()).as_posix() if found else ""


def _game_type(hidden: bool = True, random_draws: bool = True,
               zero_sum: bool = False) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="A ruleset of the rules engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if random_draws else chance.DETERMINISTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else
        pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_DEFAULTS, "path": _default_path()},
    )


GAME_TYPE = _game_type()  # what is registered; each loaded ruleset gets its own (`kind_of`)


def kind_of(ruleset: Ruleset) -> tuple[bool, bool]:
    """(hidden, random): whether something is hidden from some player (a zone or value not
    public, a sealed or private choice, a line told to some players only), and whether some
    rule shuffles or picks at random."""
    program = ruleset.program
    hidden = any(z.decl.visibility != "public" for z in program.zones.values()) or \
        any(v.decl.visibility != "public" for v in program.vars.values())
    drawn = False
    for decl in program.decls.values():
        for node in N.walk(decl):
            if isinstance(node, N.SecretChoose | N.Tell | N.Show) or \
                    isinstance(node, N.Choose) and node.private:
                hidden = True  # a sealed choice, a private one, a line told to some players
            elif isinstance(node, N.Shuffle) or \
                    isinstance(node, N.Query) and node.kind == "random":
                drawn = True
    return hidden, drawn


def max_decisions(ruleset: Ruleset) -> int:
    """The most decisions a game of the ruleset takes, as its manifest (or the nearest of
    the rulesets it extends) states it (`max_decisions`), else MAX_GAME_LENGTH."""
    for layer in reversed(getattr(ruleset, "layers", None) or []):
        stated = layer.manifest.get("max_decisions")
        if isinstance(stated, int) and not isinstance(stated, bool) and stated > 0:
            return stated
    return MAX_GAME_LENGTH


_RULESETS: dict[str, Ruleset] = {}  # loaded once per process: OpenSpiel loads games often


def _ruleset(path: str) -> Ruleset:
    if path not in _RULESETS:
        try:
            _RULESETS[path] = load_ruleset(resolve_path(path))
        except (RulesError, OSError, ValueError) as exc:
            raise _error(f"cannot load ruleset '{path}': {exc}") from None
    return _RULESETS[path]


def _error(message: str) -> pyspiel.SpielError:
    return pyspiel.SpielError(f"rules: {message}")


def _whole(params: dict, name: str, low: int) -> int:
    value = params[name]
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _error(f"the parameter '{name}' must be a whole number of at least {low}, "
                     f"not {str(value)[:40]!r}")
    return value


class RulesGame(pyspiel.Game):
    """A ruleset as an OpenSpiel game (see the module's text for what each part means)."""

    def __init__(self, params: dict | None = None, ruleset: Ruleset | None = None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        path = params["path"]
        if not isinstance(path, str) or len(path) > MAX_PATH:
            raise _error(f"the parameter 'path' must be a ruleset's folder of at most "
                         f"{MAX_PATH} characters")
        players, seed = _whole(params, "players", 0), _whole(params, "seed", -1)
        if params["utility"] not in UTILITIES:
            raise _error(f"the parameter 'utility' must be one of {', '.join(UTILITIES)}, "
                         f"not {str(params['utility'])[:40]!r}")
        self.zero_sum = params["utility"] == "zero_sum"
        if params["undo"] not in (True, False):
            raise _error(f"the parameter 'undo' must be true or false, not "
                         f"{str(params['undo'])[:40]!r}")
        self.undo = params["undo"] is True  # states keep what undo_action needs
        if ruleset is None:
            ruleset = _ruleset(path)
        if ruleset.requirements:
            refused = ruleset.unplayable()
            if refused:  # an edition written as its text reads, which cannot be played
                raise _error(f"'{ruleset.name}' cannot be played as written: {refused[0]}"
                             + (f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""))
        players = players or max(ruleset.player_counts)
        if players not in ruleset.player_counts:
            raise _error(f"'{ruleset.name}' is played by "
                         f"{', '.join(map(str, sorted(ruleset.player_counts)))} players, "
                         f"not {players}")
        try:
            self.space = action_space(ruleset, players)
        except UnboundedChoice as exc:
            raise _error(str(exc)) from None
        self.ruleset, self.players, self.seed = ruleset, players, seed
        self.hidden, self.random_draws = kind_of(ruleset)
        self.dealt_by_chance = self.random_draws and seed < 0
        self._layouts: dict[bool, Layout] = {}
        self._start_seed, self._start = max(seed, 0), None
        world = ruleset.program.world
        self.kinds = kinds_of(k for c in world.components for k in world.kinds_in_game(c, players))
        self.kind_names = sorted(self.kinds, key=self.kinds.__getitem__)
        self._first_draw: tuple[Game | None, Draw | None] | None = None
        self._recalled: dict[tuple[tuple[int, ...], str], str] = {}
        most = max(DRAW_OUTCOMES, len(self.kinds))
        low = -1.0 / (players - 1) if self.zero_sum and players > 1 else 0.0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space),
            max_chance_outcomes=most if self.random_draws else 0,
            num_players=players, min_utility=low, max_utility=1.0,
            utility_sum=0.0 if self.zero_sum else 1.0,
            max_game_length=max_decisions(ruleset))
        super().__init__(_game_type(self.hidden, self.random_draws, self.zero_sum), info,
                         {"path": path, "players": players, "seed": seed,
                          "utility": params["utility"], **({"undo": True} if self.undo else {})})

    def new_initial_state(self, game: Game | None = None) -> RulesState:
        """The start of a game (with seed -1 and draws, a chance node: the deal), or a state
        wrapping an engine game under way (for bots that search from it)."""
        own = game is None
        if own and not self.dealt_by_chance:
            game = self.dealt(max(self.seed, 0))
        state = RulesState(self, game)
        state._held.own = own  # its actions alone say what it is (Game.recalled)
        return state

    def recalled(self, held: _Held, player: str) -> str:
        """The information-state string of `player` in `held`: remembered per history for
        states of the game's own (exact algorithms ask for each node's again and again),
        computed from the game for the others (a sample, a game wrapped under way)."""
        key = (tuple(held.actions), player) if held.own else None
        text = self._recalled.get(key) if key is not None else None
        if text is None:
            digest, view = held.recall(player)
            text = f'{{"recall": "{digest}", "view": {view}}}'
            if key is not None:
                if len(self._recalled) >= RECALLED:
                    self._recalled.clear()
                self._recalled[key] = text
        return text

    def returns_of(self, game: Game) -> list[float]:
        """The returns of a game over (see the module's text)."""
        winners, n = game.winners(), self.players
        shares = [1.0 / len(winners) if p in winners else 0.0 for p in game.players]
        if self.zero_sum and n > 1:  # 1 for a lone winner, -1/(n-1) per loser
            return [n / (n - 1) * (s - 1.0 / n) for s in shares]
        return shares

    def deal_by_chance(self, calls: list[list[int]]) -> tuple[Game | None, Draw | None]:
        """The game dealt with the draws `calls` (None, and the next draw to choose, if the
        deal needs more)."""
        if not calls and self._first_draw is not None:
            game, draw = self._first_draw
            return (game.clone() if game else None), (draw.copy() if draw else None)
        try:
            game = Game.start(self.ruleset, self.players, 0, logging=False,
                              draws_from=Forcer(calls))
        except Unforced as exc:
            found: tuple[Game | None, Draw | None] = (None, Draw(exc, self.kinds))
        else:
            game.draws_from = None
            found = (game, None)
        if not calls:
            self._first_draw = found
            return self.deal_by_chance(calls)
        return found

    def dealt(self, seed: int) -> Game:
        """A new game of the ruleset dealt with `seed` (the one of the parameter is made once
        and cloned: OpenSpiel's tools start many games)."""
        if seed != self._start_seed:
            return self.ruleset.new_game(self.players, seed, logging=False)
        if self._start is None:
            self._start = self.ruleset.new_game(self.players, seed, logging=False)
        return self._start.clone()

    def deserialize_state(self, text: str) -> RulesState:
        """The state `RulesState.serialize()` wrote: the game played again from its actions.
        Any other text is a SpielError; nothing in it is run."""
        actions = _read_serialized(text)
        state = self.new_initial_state()
        for step, action in enumerate(actions):
            if state.is_terminal():
                raise _error(f"serialized state: action {action} at step {step + 1} comes "
                             "after the end of the game")
            try:
                state.apply_action(action)  # checks that the action is allowed there
            except pyspiel.SpielError as exc:
                raise _error(f"serialized state: step {step + 1}: {exc}") from None
        return state

    def layout(self, recall: bool) -> Layout:
        if recall not in self._layouts:
            self._layouts[recall] = make_layout(self.ruleset, self.players, len(self.space),
                                                recall, self.max_game_length())
        return self._layouts[recall]

    def __reduce_ex__(self, protocol):
        return _load, (str(self),)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        """An observer of what OpenSpiel's `iig_obs_type` asks for: with perfect recall or
        not; a player's private information (SINGLE_PLAYER, the default) or none (the public
        view, the same for every player). Every player's private information at once
        (ALL_PLAYERS) and any `params` are refused with a SpielError."""
        if params:
            raise _error(f"observer parameters are not supported (got {sorted(params)})")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else \
            iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise _error("an observer of every player's private information is not "
                         "supported: observe one player, or the public information")
        if iig_obs_type is not None and not iig_obs_type.public_info and \
                private == pyspiel.PrivateInfoType.NONE:
            raise _error("an observer of neither public nor private information sees nothing")
        return ViewObserver(self, recall, private == pyspiel.PrivateInfoType.NONE)


def _int64(action: Any) -> Any:
    """`action`, or a SpielError if it is a whole number that OpenSpiel cannot take (outside
    -2**63 .. 2**63 - 1); anything else is left to OpenSpiel."""
    if isinstance(action, int | np.integer) and not isinstance(action, bool) and \
            not -(1 << 63) <= int(action) < 1 << 63:
        bits = int(action).bit_length()
        shown = str(action) if bits <= 128 else f"a number of {bits} bits"
        raise _error(f"action {shown} is not an action of this game (OpenSpiel's actions are "
                     "64-bit numbers)")
    return action


def _read_serialized(text: Any) -> list[int]:
    if not isinstance(text, str) or len(text) > MAX_SERIALIZED:
        raise _error("a serialized state is a text of at most "
                     f"{MAX_SERIALIZED:,} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise _error(f"not a serialized state of this game (expected JSON with \"format\": "
                     f"\"{STATE_FORMAT}\"); nothing of it was run")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) and a >= 0 for a in actions):
        raise _error("serialized state: 'actions' must be a list of action numbers")
    return actions


class RulesState(pyspiel.State):
    """A game of the ruleset in progress (it wraps an engine `Game`; None before the deal)."""

    def __init__(self, game: RulesGame, inner: Game | None):
        super().__init__(game)
        # OpenSpiel copies a state by copying its attributes (copy.deepcopy): they are kept
        # in a holder that copies with Game.clone() and shares the ruleset.
        self._held = _Held(game, inner)

    @property
    def rules_game(self) -> RulesGame:
        return self._held.rules_game

    @property
    def game(self) -> Game:
        if self._held.game is None:
            raise _error("the game is not dealt yet (apply a chance outcome first)")
        return self._held.game

    @property
    def deciders(self) -> list[str]:
        """Who took each decision of `game.moves`."""
        return [who for who, _, _ in self._held.taken]

    def __reduce_ex__(self, protocol):
        """Pickled as the safe serialization: the game and the actions taken."""
        return _deserialize, (str(self.get_game()), self.serialize())

    # -------------------------------------------------------------- play
    def current_player(self) -> int:
        held = self._held
        if held.draw is not None:
            return pyspiel.PlayerId.CHANCE
        if held.game.over:
            return pyspiel.PlayerId.TERMINAL
        return seat_of(held.game.state["pending"]["player"]) - 1

    def is_chance_node(self) -> bool:
        return self._held.draw is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next draw (of the deal, or of the step a player has just
        chosen) with their probabilities (bots/openspiel_chance.py)."""
        draw = self._held.draw
        return draw.outcomes() if draw is not None else []

    # OpenSpiel's C++ methods take a 64-bit action: a larger number was a TypeError of the
    # binding (pybind11), not OpenSpiel's SpielError. Every action is checked first.
    def apply_action(self, action: Any) -> None:
        super().apply_action(_int64(action))

    def apply_action_with_legality_check(self, action: Any) -> None:
        super().apply_action_with_legality_check(_int64(action))

    def action_to_string(self, *args: Any) -> str:
        return super().action_to_string(*args[:-1], _int64(args[-1])) if args else \
            super().action_to_string()

    def undo_action(self, player: Any, action: Any) -> None:
        """Take back the last action (`player` and `action` must be the last ones), in a game
        loaded with `undo=true`: the engine's game takes its decision back (Game.unmake), and
        the state's record (actions, chance, recall) is as it was. Python callers only:
        OpenSpiel's own `history()` in C++ still lists the action (`self.history()` here does
        not)."""
        held = self._held
        if not self.rules_game.undo:
            raise _error("undo_action needs the game loaded with the parameter undo=true "
                         "(each action then keeps what taking it back needs)")
        if not held.undo:
            raise _error("no action to undo")
        last = held.undo[-1][0]
        if (player, _int64(action)) != (last, held.actions[-1]):
            raise _error(f"undo_action takes back the last action only: player {last}, "
                         f"action {held.actions[-1]} (not player {player!r}, action "
                         f"{str(action)[:40]!r})")
        held.take_back()

    def history(self) -> list[int]:
        return list(self._held.actions)

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        if held.draw is not None:
            return []
        pending = held.game.state["pending"]
        if pending is None or seat_of(pending["player"]) - 1 != player:
            return []
        return sorted(self._action(v) for v in pending["options"])

    def _action(self, value: Any) -> int:
        action = self.rules_game.space.action(value)
        if action is None:
            point = self.game.decision()
            raise _error(f"the option {value!r} of the decision '{point.prompt}' is not in "
                         "the action space derived from the rules (a value the adapter "
                         "did not foresee)")
        return action

    def _apply_action(self, action: int) -> None:
        """Apply an action; one that is refused (a SpielError) is not recorded. With the
        parameter undo=true, what undo_action needs is kept first."""
        held = self._held
        if not self.rules_game.undo:
            return self._applied(action)
        held.remember(self.current_player())
        try:
            self._applied(action)
        except BaseException:
            held.take_back()
            raise

    def _applied(self, action: int) -> None:
        held = self._held
        if held.draw is not None:
            outcomes = [o for o, _ in held.draw.outcomes()]
            if isinstance(action, bool) or not isinstance(action, int | np.integer) or \
                    int(action) not in outcomes:
                raise _error(f"chance outcome {action!r} is not one of "
                             f"{', '.join(map(str, outcomes[:20]))}"
                             + (" ..." if len(outcomes) > 20 else ""))
            held.chance(int(action))
            held.actions.append(int(action))
            return
        space = self.rules_game.space
        if isinstance(action, bool) or not isinstance(action, int | np.integer) or \
                not 0 <= action < len(space):
            raise _error(f"action {action!r} is not one of the game's {len(space)} actions")
        decision = held.game.decision()
        if decision is None:
            raise _error("the game is over: no action can be applied")
        value = space.values[action]
        if not any(value == o and type(value) is type(o) for o in decision.options):
            raise _error(f"action {action} ({held.game.label(value)}) is not one of the "
                         "options now")
        held.choose(decision.player, value, int(action), _seers(decision))
        held.actions.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            draw = self._held.draw
            if draw is None:
                return f"chance outcome {action}"
            return ("deal: " if self._held.game is None else "draws: ") + \
                draw.label(action, self.rules_game.kind_names)
        space = self.rules_game.space
        if not 0 <= action < len(space):
            raise _error(f"action {action} is not one of the game's {len(space)} actions")
        return self.game.label(space.values[action])

    def is_terminal(self) -> bool:
        return self._held.draw is None and self._held.game is not None and self.game.over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.rules_game.players
        return self.rules_game.returns_of(self.game)

    def rewards(self) -> list[float]:
        return self.returns()

    # -------------------------------------------------------------- what players see
    def _player(self, player: int | None) -> str:
        player = self.current_player() if player is None else player
        if isinstance(player, bool) or not isinstance(player, int) or \
                not 0 <= player < self.rules_game.players:
            raise _error(f"no player {player!r}: players are 0 to {self.rules_game.players - 1}")
        return player_id(player + 1)

    def observation_string(self, player: int | None = None) -> str:
        me = self._player(player)
        if self._held.game is None:
            return "null"
        return json.dumps(self.game.view(me), sort_keys=True)

    def information_state_string(self, player: int | str | None = None) -> str:
        """What `player` observed since the start, in order (SPECTATOR: what all did)."""
        return self.rules_game.recalled(
            self._held, player if player == SPECTATOR else self._player(player))

    def history_counts(self, me: str) -> tuple[np.ndarray, np.ndarray]:
        """How often player `me` took each action, and how often the others took each where
        `me` could see it (the information-state tensor's history part)."""
        n = len(self.rules_game.space)
        mine, others = np.zeros(n, np.float32), np.zeros(n, np.float32)
        for who, action, seers in self._held.taken:
            if who == me:
                mine[action] += 1
            elif seers is None or me in seers:
                others[action] += 1
        return mine, others

    def sequence(self, me: str) -> list[tuple[str, int | None]]:
        """The decisions taken, in order: who took each, and the action where `me` saw it."""
        return [(who, action if who == me or seers is None or me in seers else None)
                for who, action, seers in self._held.taken]

    # -------------------------------------------------------------- copies
    def __str__(self) -> str:
        held = self._held
        if held.game is None:
            return f"(not dealt yet: draws {held.calls})"
        state = {k: v for k, v in held.game.plain_state().items() if k != "rng"}
        if held.waiting is not None:
            state["chosen, before its draws"] = held.waiting[1]
            state["its draws so far"] = [*held.calls, held.draw.values]
        return json.dumps(state, sort_keys=True, default=str)

    def serialize(self) -> str:
        return _serialized(self._held)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> RulesState:
        """A copy in which what `player` cannot see is dealt anew (the coming draws are
        chance nodes), with the same information state for `player`."""
        from interpreter.bots.sampling import sample_game

        me = self._player(player)
        recalled = self._held.recall(me)
        rng = random.Random(int(probability_sampler() * 2**31))
        self._held.beliefs()
        twin = RulesState(self.rules_game, sample_game(self.game, me, rng))
        held = twin._held
        held.actions.extend(self._held.actions)
        held.taken.extend(self._held.taken)
        held.sampled, held.own = True, False
        held.chains[me] = recalled
        if self._held.waiting is not None:  # the step's draws begin again in the sample
            held.redraw(self._held.waiting)
        return twin


def _seers(decision: Any) -> tuple[str, ...] | None:
    """Who sees the option taken: every player (None), or for a secret choice its chooser
    (the others see it when all are revealed, in their views), for a private choice the
    players it is shown to."""
    if decision.secret:
        return (decision.player,)
    if decision.shown_to is not None:
        return tuple(decision.shown_to)
    return None


def _serialized(held: _Held) -> str:
    if held.sampled:
        raise _error("a sampled state (resample_from_infostate) has no history to serialize")
    return json.dumps({"format": STATE_FORMAT, "version": 2, "actions": held.actions})


_GAMES_BY_TEXT: dict[str, RulesGame] = {}


def _load(text: str) -> RulesGame:
    """The game of `str(game)` (loaded once per process)."""
    if text not in _GAMES_BY_TEXT:
        _GAMES_BY_TEXT[text] = pyspiel.load_game(text)
    return _GAMES_BY_TEXT[text]


def _deserialize(game_text: str, state_text: str) -> RulesState:
    return _load(game_text).deserialize_state(state_text)


def _unpickle_held(game_text: str, state_text: str) -> _Held:
    return _deserialize(game_text, state_text)._held


def serialize_game_and_state(game: RulesGame, state: RulesState) -> str:
    """The game's parameters and the state, as text (no pickle; see the module's text)."""
    return json.dumps({"game": str(game), "state": json.loads(state.serialize())})


def deserialize_game_and_state(text: str) -> tuple[RulesGame, RulesState]:
    """The game and state `serialize_game_and_state` wrote; anything else is a SpielError."""
    try:
        data = json.loads(text) if isinstance(text, str) and len(text) <= MAX_SERIALIZED \
            else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or \
            not data["game"].startswith(f"{GAME_NAME}(") or \
            not isinstance(data.get("state"), dict):
        raise _error("not a serialized game and state of this adapter; nothing of it was run")
    game = pyspiel.load_game(data["game"])
    return game, game.deserialize_state(json.dumps(data["state"]))


def _digest(previous: str, observed: Any) -> str:
    blob = json.dumps(observed, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256((previous + blob).encode()).hexdigest()[:32]


class _Held:
    """What a state holds; a deep copy shares the game object and clones the engine's game.

    A player's choice whose step draws at random waits (`waiting`) for its draws: `draw`, the
    chance node now, and `calls`, the draws of the step chosen before it
    (bots/openspiel_chance.py); before the deal (seed -1), `game` is None and the deal's draws
    are chosen the same way. For perfect recall it keeps, per player, a digest of everything
    they observed up to a past step (`chains`, with their view then), the game as it was at
    that step (`base`) and the steps since (`since`); `recall` brings a digest up to now."""

    def __init__(self, rules_game: RulesGame, game: Game | None):
        self.rules_game = rules_game
        self.game: Game | None = None
        self.actions: list[int] = []  # as OpenSpiel's history: chance outcomes too
        # decider, action, who saw it (None: every player; a secret or private choice: some)
        self.taken: list[tuple[str, int, tuple[str, ...] | None]] = []
        self.waiting: tuple[str, Any, tuple[str, ...] | None] | None = None  # decider, value, seers
        self.calls: list[list[int]] = []  # the draws chosen so far of the step waiting
        self.draw: Draw | None = None  # the chance node now
        self.sampled = False
        self.own = False  # made by the game's new_initial_state(): its actions say it all
        self.base: Game | None = None
        self.since: list[tuple[str, Any, tuple[str, ...] | None, list]] = []  # ..., draws
        self.chains: dict[str, tuple[str, str]] = {}
        self.record: list[tuple[Any, list]] = []  # each decision since the deal, its draws
        self.deal_calls: list[list[int]] | None = None  # the deal's draws (by chance)
        self.mark: tuple[Game, int] | None = None  # a copy after that many steps of `since`
        # per action (with undo=true): who took it, and what undo_action puts back
        self.undo: list[tuple[int, dict, tuple[int, ...], Any]] = []
        if game is not None:
            self.deal(game)
        elif rules_game.dealt_by_chance:
            dealt, self.draw = rules_game.deal_by_chance([])
            if dealt is not None:
                self.deal(dealt, [])
            else:
                self.settle()

    def deal(self, game: Game, calls: list[list[int]] | None = None) -> None:
        self.game = game
        game.logging = False
        self.base = game.clone()
        self.record = []
        self.deal_calls = calls

    def beliefs(self) -> Beliefs | None:
        """The players' beliefs following the game (bots/beliefs.py), built when first asked
        for by playing the game again from its deal, each step with the draws it had: the
        adapter chose them, so the game's own seed does not give them."""
        game = self.game
        if isinstance(game.watch, Beliefs) and game.watch.follows(game):
            return game.watch
        if not self.own:  # a game wrapped under way or a sample: played again from its seed
            return beliefs_for(game, game.players[0])
        beliefs = Beliefs()
        forced = None if self.deal_calls is None else Forcer(self.deal_calls)
        replay = Game.start(game.ruleset, game.n, game.state["seed"], game.names,
                            logging=False, streams=game.streams, watch=beliefs,
                            draws_from=forced)
        for value, calls in self.record:
            replay.draws_from = Forcer(calls) if calls else None
            replay.apply(value)
        replay.draws_from = None
        if replay.state_hash() != game.state_hash():  # a game wrapped under way: its seed
            return beliefs_for(game, game.players[0])
        game.watch = beliefs
        beliefs.follow(game)
        return beliefs

    def choose(self, player: str, value: Any, action: int,
               seers: tuple[str, ...] | None) -> None:
        self.taken.append((player, action, seers))
        game = self.game
        if not self.rules_game.random_draws:
            game.apply(value)
            self._played(player, value, seers, [])
            return
        game.draws_from = _NO_DRAWS
        try:
            game.apply(value)  # the step is played; does it draw?
        except Unforced as exc:
            # it does: the step is taken back (the game played again from the last mark,
            # no copy per action), and chance chooses its draws first
            self.game = self._replayed()
            self.waiting, self.calls = (player, value, seers), []
            self.draw = Draw(exc, self.rules_game.kinds)
            self.settle()
            return
        finally:
            game.draws_from = None
        self._played(player, value, seers, [])

    def chance(self, outcome: int) -> None:
        """Take a chance outcome (checked by the caller) of the draw now."""
        self.draw.choose(outcome)
        self.settle()

    def settle(self) -> None:
        """Take the draws that have one outcome; once a call's draws are all chosen, play the
        deal or the step again with them, up to its next draw or its end."""
        while self.draw is not None:
            self.draw.settle()
            if not self.draw.done:
                return
            self.calls.append(self.draw.values)
            if self.game is None:  # the deal
                dealt, self.draw = self.rules_game.deal_by_chance(self.calls)
                if dealt is not None:
                    self.deal(dealt, self.calls)
                    self.calls = []
                continue
            self.game, self.draw = play_step(self.game, self.waiting[1], self.calls,
                                             self.rules_game.kinds)
            if self.draw is None:
                player, value, seers = self.waiting
                self.waiting = None
                self._played(player, value, seers, self.calls)
                self.calls = []

    def redraw(self, waiting: tuple[str, Any, tuple[str, ...] | None]) -> None:
        """The step `waiting` (a decision taken) with its draws all to choose again."""
        player, value, seers = waiting
        self.game, self.draw = play_step(self.game, value, [], self.rules_game.kinds)
        self.waiting, self.calls = (waiting, []) if self.draw is not None else (None, [])
        if self.draw is None:
            self._played(player, value, seers, [])
        self.settle()

    def _replayed(self) -> Game:
        """The game as the steps recorded since `base` leave it (from the latest mark)."""
        start, at = self.base, 0
        if self.mark is not None and self.mark[1] <= len(self.since):
            start, at = self.mark
        game = start.clone()
        for _player, value, _seers, calls in self.since[at:]:
            _apply_with(game, value, calls)
        return game

    def _played(self, player: str, value: Any, seers: tuple[str, ...] | None,
                calls: list[list[int]]) -> None:
        """Record a step played (its draws `calls`)."""
        self.since.append((player, value, seers, calls))
        self.record.append((value, calls))
        if len(self.since) % MARK_EVERY == 0:  # a step taken back replays at most these
            self.mark = (self.game.clone(), len(self.since))

    def recall(self, player: str) -> tuple[str, str]:
        """The digest of all `player` observed, and their view now (as JSON)."""
        if self.base is None:
            return _digest("", "not dealt"), "null"
        if player not in self.chains or self.since:
            self._catch_up(player)
        return self.chains[player]

    def _catch_up(self, player: str) -> None:
        """Bring the digests up to now: of every player for a game of its own, else (a sample,
        a game wrapped under way, whose digests start where it starts) of those asked for."""
        game = self.base.clone() if self.since else self.base
        players = [*game.players, SPECTATOR] if self.own else [*self.chains, player]
        for p in players:
            if p not in self.chains:
                view = json.dumps(game.view(p), sort_keys=True)
                self.chains[p] = (_digest("start", view), view)
        for decider, value, seers, calls in self.since:
            _apply_with(game, value, calls)
            for p in self.chains:
                view = json.dumps(game.view(p), sort_keys=True)
                seen = value if seers is None or p in seers else "?"
                self.chains[p] = (_digest(self.chains[p][0], [decider, seen, view]), view)
        self.base, self.since, self.mark = game, [], None

    def remember(self, player: int) -> None:
        """Keep what taking back the next action needs: this record's parts (lists that
        only grow as their lengths, the others copied) and the game (a make of the engine's,
        Game.checkpoint; a copy of a game watched by beliefs, which cannot make)."""
        game = self.game
        if game is not None and game.watch is None:
            game.checkpoint()
            kept: Any = game
        else:
            kept = game.clone() if game is not None else None
        attrs = dict(self.__dict__)
        attrs.update(chains=dict(self.chains), calls=list(self.calls),
                     draw=self.draw.copy() if self.draw is not None else None)
        self.undo.append((player, attrs, tuple(len(attrs[n]) for n in _GROWING), kept))

    def take_back(self) -> None:
        """Put back what `remember` kept (undo_action)."""
        _, attrs, lengths, kept = self.undo.pop()
        for name, length in zip(_GROWING, lengths, strict=True):
            del attrs[name][length:]
        if kept is not None and kept is attrs["game"]:
            kept.unmake()
        else:
            attrs["game"] = kept
        self.__dict__.clear()
        self.__dict__.update(attrs)

    def __deepcopy__(self, memo: dict) -> _Held:
        twin = _Held.__new__(_Held)
        twin.__dict__.update(self.__dict__)
        twin.undo = []  # a copy takes back nothing from before it was made
        twin.game = self.game.clone() if self.game is not None else None
        twin.record = list(self.record)  # beliefs are built from it when asked for
        twin.actions = list(self.actions)
        twin.taken = list(self.taken)
        twin.since, twin.chains = list(self.since), dict(self.chains)
        twin.calls = list(self.calls)
        twin.draw = self.draw.copy() if self.draw is not None else None
        return twin

    def __reduce_ex__(self, protocol):
        """Pickled (OpenSpiel's own serialization does) as the safe serialized text."""
        return _unpickle_held, (str(self.rules_game), _serialized(self))


_GROWING = ("actions", "taken", "since", "record")  # lists of _Held only ever appended to
_NO_DRAWS = Forcer([])  # a step that must not draw: the first draw stops it (Unforced)


def _apply_with(game: Game, value: Any, calls: list[list[int]]) -> None:
    """Play the decision `value` again with the draws it had."""
    game.draws_from = Forcer(calls) if calls else None
    try:
        game.apply(value)
    finally:
        game.draws_from = None


class ViewObserver:
    """Observation and information-state strings and tensors from `Game.view(player)`, or
    with `public` (OpenSpiel's private_info NONE) from what every player sees, the same for
    all (`Game.view` of nobody: no hand, no sealed choice, no options)."""

    def __init__(self, game: RulesGame, perfect_recall: bool, public: bool = False):
        self.perfect_recall = perfect_recall
        self.public = public
        self.space = game.space
        self.layout = game.layout(perfect_recall)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, np.ndarray] = {
            name: self.tensor[start:start + length] for name, start, length in self.layout.parts}

    def set_from(self, state: RulesState, player: int) -> None:
        me = SPECTATOR if self.public else state._player(player)
        if state._held.game is None:  # before the deal: only who is looking
            self.tensor.fill(0.0)
            if not self.public:
                self.tensor[player] = 1.0
            return
        view = state.game.view(me)
        history = sequence = None
        if self.perfect_recall:
            history, sequence = state.history_counts(me), state.sequence(me)
        encode(self.layout, view, self.tensor, history, self._action, sequence)

    def _action(self, value: Any) -> int:
        action = self.space.action(value)
        if action is None:
            raise _error(f"the value {value!r} is not in the action space")
        return action

    def string_from(self, state: RulesState, player: int) -> str:
        if self.public:
            state._player(player)  # a player of the game, though the string is everybody's
            if self.perfect_recall:
                return state.information_state_string(SPECTATOR)
            if state._held.game is None:
                return "null"
            return json.dumps(state.game.view(SPECTATOR), sort_keys=True)
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class Restartable(pyspiel.Bot):
    """A bot for OpenSpiel's Python `evaluate_bots`, which first calls `restart_at` on every
    bot: OpenSpiel's own ISMCTSBot and uniform random bot do not implement it (they keep
    nothing between decisions, so there is nothing to restart). Wrap them in this; C++'s
    `pyspiel.evaluate_bots` needs no wrapper."""

    def __init__(self, bot: Any):
        super().__init__()
        self.bot = bot

    def step(self, state: Any) -> int:
        return self.bot.step(state)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass


def register() -> None:
    """Register the game `rules` with pyspiel (once)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(GAME_TYPE, RulesGame)


register()


# ------------------------------------------------------------------------------ a search bot
_GAMES: dict[tuple[int, int], RulesGame] = {}


def game_of(ruleset: Ruleset, players: int) -> RulesGame:
    """The OpenSpiel game of a loaded ruleset (made once per ruleset and player count)."""
    key = (id(ruleset), players)
    if key not in _GAMES or _GAMES[key].ruleset is not ruleset:
        _GAMES[key] = RulesGame({"path": ruleset.name, "players": players}, ruleset=ruleset)
    return _GAMES[key]


class ISMCTSBot:
    """OpenSpiel's information-set Monte Carlo tree search (`open_spiel.python.algorithms.
    ismcts`), `budget` simulations per decision, each ending in one random playout. Every
    simulation starts from a sample of the game as its player sees it (`sampling.sample_game`,
    as the greedy bot does): it never sees another player's hidden pieces or the coming draws.
    Register name: `ismcts`, or `ismcts:BUDGET` (default 50)."""

    name = "ismcts"

    def __init__(self, budget: int = 50):
        self.budget = budget

    def choose(self, view: Any, decision: Any, rng: random.Random) -> Any:
        from open_spiel.python.algorithms import ismcts

        from interpreter.bots.openspiel_rollout import EngineRollout

        options = decision.options
        if len(options) == 1:
            return options[0]
        game = getattr(view, "game", None)
        if game is None:
            return options[rng.randrange(len(options))]
        rules_game = game_of(game.ruleset, game.n)
        numbers = np.random.RandomState(rng.randrange(2**31))
        search = ismcts.ISMCTSBot(
            game=rules_game, evaluator=EngineRollout(numbers), uct_c=2.0,
            max_simulations=self.budget, random_state=numbers,
            allow_inconsistent_action_sets=True)
        inner = game.clone()
        beliefs_for(game, decision.player)  # built once, then following the game
        if isinstance(game.watch, Beliefs) and game.watch.follows(game):
            inner.watch = game.watch.copy_for(inner)  # not played again from the seed
        state = rules_game.new_initial_state(inner)
        search.set_resampler(lambda s, p: s.resample_from_infostate(p, numbers.uniform))
        return rules_game.space.values[search.step(state)]
