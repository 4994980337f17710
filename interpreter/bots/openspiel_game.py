"""Every ruleset as an OpenSpiel game (`pip install -e ".[openspiel]"`; docs/openspiel.md).

Importing `interpreter.openspiel` registers the game `rules` with `pyspiel`:

    pyspiel.load_game("rules", {"path": "<ruleset>", "players": 4})

Parameters: `path` (a ruleset folder, or the name of a ruleset that comes with the engine, as
the command line takes them), `players` (0: the most the ruleset allows) and `seed` (-1: each
new game takes the next seed 0, 1, 2, ...; otherwise every new game uses that seed).

- Actions: one fixed list of values, derived from the ruleset before any game is played (see
  `action_space`). Action i means "choose value i"; a state's legal actions are the indexes of
  the options of the decision it waits for.
- Chance: sampled. The engine's random generator is part of the state, so there are no chance
  nodes; a draw happens inside the action that causes it, and a clone draws the same future
  as its original. `resample_from_infostate` deals what the player cannot see anew
  (`sampling.sample_game`), which is what IS-MCTS needs.
- Returns: at the end the winners (`Game.winners()`, ties broken by the ruleset's tiebreak)
  share 1 (each of k winners gets 1/k), every other player gets 0: a constant-sum game whose
  expected return is a player's win share.
- Strings: the observation is `Game.view(player)` as JSON; the information state is that view
  with the player's own earlier decisions. Nothing else about the state is shown. No tensors.
- Serialization: `state.serialize()` is JSON text holding the game's parameters and the
  actions taken, nothing else; `game.deserialize_state(text)` replays those actions and refuses
  any other text with a `ValueError` (it never unpickles: a serialized state may come from a
  stranger). OpenSpiel's own C++ `pyspiel.deserialize_game_and_state` unpickles the text for
  every Python game: do not give it a text you did not write.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from interpreter.engine.ruleset import Ruleset, load_ruleset
from interpreter.engine.runtime import Game
from interpreter.engine.world import player_id, seat_of
from interpreter.language import nodes as N
from interpreter.language.errors import RulesError

GAME_NAME = "rules"
MAX_GAME_LENGTH = 100_000  # decisions; the engine itself sets no bound
_DEFAULTS = {"path": "", "players": 0, "seed": 0}


class UnboundedChoice(RulesError):
    """A choice whose options the adapter cannot bound before the game is played."""


# ------------------------------------------------------------------------------ action space
class ActionSpace:
    """The values any decision of a ruleset may offer, numbered 0, 1, 2, ..."""

    def __init__(self, values: list[Any]):
        self.values: list[Any] = []
        self._index: dict[tuple[str, Any], int] = {}
        for value in values:
            key = _key(value)
            if key not in self._index:
                self._index[key] = len(self.values)
                self.values.append(value)

    def __len__(self) -> int:
        return len(self.values)

    def action(self, value: Any) -> int | None:
        return self._index.get(_key(value))


def _key(value: Any) -> tuple[str, Any]:
    """Values told apart by their type too (True == 1 in Python)."""
    if isinstance(value, list):
        return ("list", json.dumps(value))
    return (type(value).__name__, value)


def action_space(ruleset: Ruleset, players: int) -> ActionSpace:
    """Every value a decision of `ruleset` may offer, found from the rules alone: the players,
    every enumeration's members, every entity, every kind of piece, every option of an
    `options` choice, every text written in the rules, yes and no, and for each `choose` that
    offers numbers (`numbers(a, b)` or numbers in a list) the whole numbers its bounds allow.

    A `choose` whose numbers have no bound known before play (say `numbers(0, x)` with `x` a
    variable) is an UnboundedChoice naming the choice, its place in the rules and why."""
    program, world = ruleset.program, ruleset.program.world
    values: list[Any] = [player_id(i) for i in range(1, players + 1)]
    for members in world.enums.values():
        values += members
    for entities in world.entity_types.values():
        values += entities
    for name in world.components:
        values += world.kinds_in_game(name, players)
    values += [True, False]
    bounds = _Bounds(ruleset, players)
    numbers: set[int] = set()
    for decl in program.decls.values():
        for node in N.walk(decl):
            if isinstance(node, N.Str):
                values.append(node.value)
            elif isinstance(node, N.Options):
                values += [clause.name for clause in node.clauses]
            elif isinstance(node, N.Choose | N.SecretChoose):
                if node.options is None:
                    continue
                if isinstance(node.options, N.Name) and world.is_type(node.options.id) or \
                        isinstance(node.options, N.Name) and ".." in node.options.id:
                    values += world.domain(node.options.id, players)
                numbers |= bounds.numbers_of(node)
    return ActionSpace(values + sorted(numbers))


class _Bounds:
    """Whole numbers a choice's options may hold, from its options expression alone."""

    def __init__(self, ruleset: Ruleset, players: int):
        self.consts = ruleset.program.consts
        world = ruleset.program.world
        # No zone can hold more pieces than the game has: a bound for `size(...)`.
        self.pieces = sum(world.components[c].counts.get(k, 0) for c in world.components
                          for k in world.kinds_in_game(c, players))
        self.players = players

    def numbers_of(self, choose: N.Choose) -> set[int]:
        found: set[int] = set()
        for node in N.walk(choose.options):
            if isinstance(node, N.ListLit):
                found |= {i.value for i in node.items if isinstance(i, N.Num)}
            elif isinstance(node, N.Call) and node.func == "numbers" and len(node.args) == 2:
                low, why_low = self.low(node.args[0])
                high, why_high = self.high(node.args[1])
                if low is None or high is None:
                    loc = choose.loc
                    raise UnboundedChoice(
                        f"{loc.file}:{loc.line}:{loc.column}: choice '{choose.var}' "
                        f"({choose.prompt or 'no prompt'}) offers numbers with no bound known "
                        f"before play: {why_low or why_high}; OpenSpiel needs a fixed number "
                        "of actions (give the bound as a number, a constant, min_of(...) "
                        "with one, or size(...))")
                found |= set(range(low, high + 1))
        return found

    def high(self, e: Any) -> tuple[int | None, str]:
        """An upper bound of the expression's value, or None and why not."""
        if isinstance(e, N.Num):
            return e.value, ""
        if isinstance(e, N.Name) and isinstance(self.consts.get(e.id), int):
            return self.consts[e.id], ""
        if isinstance(e, N.Call) and e.func == "size":
            return self.pieces, ""
        if isinstance(e, N.Call) and e.func in ("min_of", "max_of") and e.args:
            found = [self.high(a) for a in e.args]
            known = [b for b, _ in found if b is not None]
            if e.func == "min_of" and known:
                return min(known), ""
            if e.func == "max_of" and len(known) == len(found):
                return max(known), ""
            return None, next(w for b, w in found if b is None)
        if isinstance(e, N.Arith) and all(op in ("+", "*") for op in e.ops):
            parts = [self.high(x) for x in [e.first, *e.rest]]
            if all(b is not None and b >= 0 for b, _ in parts):
                total = parts[0][0]
                for op, (b, _) in zip(e.ops, parts[1:], strict=True):
                    total = total + b if op == "+" else total * b
                return total, ""
        return None, f"'{N.render_expr(e) if hasattr(N, 'render_expr') else type(e).__name__}'" \
            " is neither a number, a constant, min_of/max_of, a sum nor size(...)"

    def low(self, e: Any) -> tuple[int | None, str]:
        if isinstance(e, N.Num):
            return e.value, ""
        if isinstance(e, N.Neg) and isinstance(e.operand, N.Num):
            return -e.operand.value, ""
        if isinstance(e, N.Name) and isinstance(self.consts.get(e.id), int):
            return self.consts[e.id], ""
        return None, "the lower bound is not a number or a constant"


# ------------------------------------------------------------------------------ loading
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


GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="A ruleset of the rules engine",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={**_DEFAULTS, "path": _default_path()},
)


class RulesGame(pyspiel.Game):
    """A ruleset as an OpenSpiel game (see the module's text for what each part means)."""

    def __init__(self, params: dict | None = None, ruleset: Ruleset | None = None):
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        if ruleset is None:
            try:
                ruleset = load_ruleset(resolve_path(str(params["path"])))
            except RulesError as exc:
                raise ValueError(f"rules: cannot load ruleset '{params['path']}': {exc}") \
                    from None
        players = int(params["players"]) or max(ruleset.player_counts)
        ruleset.check_players(players)
        self.ruleset = ruleset
        self.players = players
        self.space = action_space(ruleset, players)
        self.seed = int(params["seed"])
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.space), max_chance_outcomes=0,
            num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(GAME_TYPE, info, {"path": str(params["path"]), "players": players,
                                           "seed": self.seed})

    def new_initial_state(self, game: Game | None = None) -> RulesState:
        if game is None:
            game = self.ruleset.new_game(self.players, self.seed, logging=False)
        return RulesState(self, game)

    def __reduce_ex__(self, protocol):
        return _load, (str(self),)

    def deserialize_state(self, text: str) -> RulesState:
        """The state `RulesState.serialize` wrote: this game's parameters and the actions taken,
        replayed one by one. Anything else is refused before any of it is used."""
        return _deserialize(self, text)

    def make_py_observer(self, iig_obs_type=None, params=None) -> ViewObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(recall)



class RulesState(pyspiel.State):
    """A game of the ruleset in progress (it wraps an engine `Game`)."""

    def __init__(self, game: RulesGame, inner: Game):
        super().__init__(game)
        # OpenSpiel copies a state by copying its attributes (copy.deepcopy): they are kept
        # in a holder that copies with Game.clone() and shares the ruleset.
        self._held = _Held(game, inner, [])

    @property
    def rules_game(self) -> RulesGame:
        return self._held.rules_game

    @property
    def game(self) -> Game:
        return self._held.game

    @property
    def deciders(self) -> list[str]:
        """Who took each decision of `game.moves`."""
        return self._held.deciders

    def __reduce_ex__(self, protocol):
        """Pickled as OpenSpiel serializes: the game and the actions taken."""
        return _replay, (str(self.get_game()), list(self.history()))

    def serialize(self) -> str:
        """The game's parameters and the actions taken, as JSON (no pickle: see the module)."""
        return json.dumps({"format": SERIAL_FORMAT, "actions": list(self.history()),
                           "parameters": self.get_game().get_parameters()}, sort_keys=True)

    # -------------------------------------------------------------- play
    def current_player(self) -> int:
        if self.game.over:
            return pyspiel.PlayerId.TERMINAL
        return seat_of(self.game.state["pending"]["player"]) - 1

    def _legal_actions(self, player: int) -> list[int]:
        pending = self.game.state["pending"]
        if pending is None or seat_of(pending["player"]) - 1 != player:
            return []
        return sorted(self._action(v) for v in pending["options"])

    def _action(self, value: Any) -> int:
        action = self.rules_game.space.action(value)
        if action is None:
            point = self.game.decision()
            raise RulesError(f"the option {value!r} of the decision '{point.prompt}' is not in "
                             "the action space derived from the rules (a value the adapter "
                             "did not foresee)")
        return action

    def _apply_action(self, action: int) -> None:
        self.deciders.append(self.game.state["pending"]["player"])
        self.game.apply(self.rules_game.space.values[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.label(self.rules_game.space.values[action])

    def is_terminal(self) -> bool:
        return self.game.over

    def returns(self) -> list[float]:
        if not self.game.over:
            return [0.0] * self.rules_game.players
        winners = self.game.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in self.game.players]

    def rewards(self) -> list[float]:
        return self.returns() if self.game.over else [0.0] * self.rules_game.players

    # -------------------------------------------------------------- what players see
    def observation_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        return json.dumps(self.game.view(player_id(player + 1)), sort_keys=True)

    def information_state_string(self, player: int | None = None) -> str:
        player = self.current_player() if player is None else player
        me = player_id(player + 1)
        mine = [m for m, who in zip(self.game.moves, self.deciders, strict=False)
                if who == me]
        return json.dumps({"view": self.game.view(me), "my_decisions": mine}, sort_keys=True)

    # -------------------------------------------------------------- copies
    def __str__(self) -> str:
        return json.dumps(self.game.state, sort_keys=True)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> RulesState:
        """A copy in which what `player` cannot see is dealt anew (and the coming draws)."""
        from interpreter.bots.sampling import sample_game

        rng = random.Random(int(probability_sampler() * 2**31))
        sample = sample_game(self.game, player_id(player + 1), rng)
        twin = RulesState(self.rules_game, sample)
        twin.deciders.extend(self.deciders)
        return twin


SERIAL_FORMAT = "rules-openspiel-state"
MAX_SERIAL_CHARS = 16 * MAX_GAME_LENGTH  # room for every action of the longest game


def _deserialize(game: RulesGame, text: str) -> RulesState:
    """A state from the text of `RulesState.serialize`, or a `ValueError` saying why not."""
    if not isinstance(text, str) or len(text) > MAX_SERIAL_CHARS:
        raise ValueError("rules: not a serialized state of this game (too long or not text)")
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    if not (isinstance(value, dict) and value.get("format") == SERIAL_FORMAT
            and isinstance(value.get("actions"), list)
            and all(type(a) is int for a in value["actions"])):
        raise ValueError("rules: not a serialized state of this game (expected the JSON that "
                         "state.serialize() writes: its parameters and a list of actions)")
    if value.get("parameters") != game.get_parameters():
        raise ValueError(f"rules: the serialized state is of another game "
                         f"({value.get('parameters')!r}, not {game.get_parameters()!r})")
    state = game.new_initial_state()
    for number, action in enumerate(value["actions"], 1):
        if action not in state.legal_actions():
            raise ValueError(f"rules: action {number} of the serialized state ({action}) is "
                             "not legal there")
        state.apply_action(action)
    return state


def _load(text: str) -> RulesGame:
    return pyspiel.load_game(text)


def _replay(text: str, actions: list[int]) -> RulesState:
    state = pyspiel.load_game(text).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


class _Held:
    """What a state holds; a deep copy shares the game object and clones the engine's game."""

    def __init__(self, rules_game: RulesGame, game: Game, deciders: list[str]):
        self.rules_game = rules_game
        self.game = game
        self.game.logging = False
        self.deciders = deciders

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.rules_game, self.game.clone(), list(self.deciders))

    def __reduce_ex__(self, protocol):
        """Pickled (OpenSpiel does, to check serialization) as the engine's save."""
        return _unpickle_held, (str(self.rules_game), self.game.to_save(), self.deciders)


def _unpickle_held(text: str, save: dict, deciders: list[str]) -> _Held:
    rules_game = pyspiel.load_game(text)
    return _Held(rules_game, Game.from_save(rules_game.ruleset, save), list(deciders))


class ViewObserver:
    """Observation strings from `Game.view(player)`; no tensor (an empty one)."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: RulesState, player: int) -> None:
        pass

    def string_from(self, state: RulesState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


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
        from open_spiel.python.algorithms import ismcts, mcts

        options = decision.options
        if len(options) == 1:
            return options[0]
        game = getattr(view, "game", None)
        if game is None:
            return options[rng.randrange(len(options))]
        rules_game = game_of(game.ruleset, game.n)
        numbers = np.random.RandomState(rng.randrange(2**31))
        search = ismcts.ISMCTSBot(
            game=rules_game, evaluator=mcts.RandomRolloutEvaluator(1, numbers), uct_c=2.0,
            max_simulations=self.budget, random_state=numbers,
            allow_inconsistent_action_sets=True)
        state = rules_game.new_initial_state(game.clone())
        search.set_resampler(lambda s, p: s.resample_from_infostate(p, numbers.uniform))
        return rules_game.space.values[search.step(state)]
