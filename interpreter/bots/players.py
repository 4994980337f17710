"""Automated players written in Python, for simulations and for filling empty seats.

A bot decides from what its player may see (`Game.view(player)`) and the decision it must
take. The greedy bot builds samples of the game from that view (`sampling.py`); the samples
also copy the rules' own bookkeeping (the locals of running procedures): the checker refuses a
ruleset that would keep something private in a local name while the game waits for a decision
(engine/secrecy.py), and secret choices are kept out of the locals until they are revealed.
Bots that the rules themselves define (a dummy player, say) are not here: they live in the
ruleset and the interpreter runs them like any other rule.

New bots join the registry `BOTS` under a short name, so that `rules simulate --bot NAME`
can find them.
"""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from interpreter.engine.runtime import FINAL as FINAL_SCORING
from interpreter.engine.runtime import Decision
from interpreter.language.errors import RulesError, did_you_mean


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of a decision's options from a player's view."""

    name: str

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        """One of `decision.options`. All randomness must come from `rng` (for replays)."""
        ...


class RandomBot:
    """Picks uniformly among the legal options; looks at nothing else."""

    name = "random"

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


MAX_JUDGED = 1_000  # options the greedy bot looks ahead on for one decision


class GreedyBot:
    """Looks one decision ahead and scores each option with the ruleset's own scoring.

    For each legal option it takes a sample of the game as its player sees it (hidden cards and
    the coming draws are dealt at random: `interpreter.bots.sampling.sample_game`), applies the
    option, lets the game run to the next decision, and then asks "what if the game ended
    now?": it runs the ruleset's `final_scoring` on that copy and compares `score` of its
    player with the best other score. It takes the option with the best margin (a random one
    among equals). All options are judged on the same sample. Facing more than
    MAX_JUDGED options, it judges MAX_JUDGED of them drawn at random (from `rng`, so replays
    still agree) and says so in `last_note`.

    It needs the game behind its view (`view.game`, or the view of a simulation); given a plain
    view it plays like the random bot.
    """

    name = "greedy"
    last_note: str | None = None  # what the last decision left out, if anything

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        game = game_behind(view)
        if game is None:
            return options[rng.randrange(len(options))]
        from interpreter.bots.sampling import sample_game

        sample = sample_game(game, decision.player, rng)
        judge = _Judge(sample, decision.player)
        self.last_note = None
        if len(options) > MAX_JUDGED:
            self.last_note = (f"{len(options)} options: the greedy bot judged "
                              f"{MAX_JUDGED} of them, drawn at random")
            options = rng.sample(options, MAX_JUDGED)
        best: list[Any] = []
        best_value = None
        for option in options:
            value = judge.value_after(option)
            if best_value is None or value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class _Judge:
    """Scores options on one sample: "my score minus the best other score, if the game ended
    right after this option". The final scoring is the costly part; its result is remembered
    under the contents of the zones and variables it read, so options that change only other
    things (a card taken into a hand, a pawn moved) are not scored twice."""

    def __init__(self, sample: Any, me: str):
        self.sample = sample
        self.me = me
        self.reads: tuple[set[str], set[str]] = (set(), set())
        self.known: dict[bytes, Any] = {}

    def value_after(self, option: Any) -> Any:
        twin = self.sample.clone()
        twin.logging = False
        twin.apply(option)
        if twin.over or FINAL_SCORING not in twin.program.procs:
            return self._margin(twin)
        key = self._key(twin)
        if key is not None and key in self.known:
            return self.known[key]
        zones, variables = _Reads(twin.state["zones"]), _Reads(twin.state["vars"])
        twin.state["zones"], twin.state["vars"] = zones, variables
        twin._bind(twin.state)
        twin.stack.clear()  # only the final scoring runs, then the copy is over
        twin.perform(FINAL_SCORING)
        value = self._margin(twin)
        if not (zones.seen <= self.reads[0] and variables.seen <= self.reads[1]):
            self.reads[0].update(zones.seen)
            self.reads[1].update(variables.seen)
            self.known.clear()
            return value
        if key is not None:
            self.known[key] = value
        return value

    def _key(self, twin: Any) -> bytes | None:
        zone_names, var_names = self.reads
        if not zone_names and not var_names:
            return None
        return pickle.dumps(([twin.Z[n] for n in sorted(zone_names)],
                             [twin.V[n] for n in sorted(var_names)]), -1)

    def _margin(self, twin: Any) -> Any:
        scores = twin.scores()
        if twin.lowest_wins:  # fewer points is better: the lead is below the others
            scores = {p: -v for p, v in scores.items()}
        others = [v for p, v in scores.items() if p != self.me]
        return scores[self.me] - (max(others) if others else 0)


class _Reads(dict):
    """A dict that remembers which keys were read with []."""

    def __init__(self, data: dict):
        super().__init__(data)
        self.seen: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.seen.add(key)
        return dict.__getitem__(self, key)


def game_behind(view: Mapping[str, Any]) -> Any:
    """The game a view was taken from, for bots that sample it (`sampling.sample_game` reads
    only what the view's player may see). None for a plain dict."""
    return getattr(view, "game", None)


BotFactory = Callable[[], Bot]

def _ismcts(budget: int | None = None) -> Bot:
    """OpenSpiel's IS-MCTS through the adapter (needs pip install -e ".[openspiel]")."""
    try:
        from interpreter.bots.openspiel_game import ISMCTSBot
    except ImportError:
        raise RulesError("the bot 'ismcts' needs OpenSpiel: pip install -e \".[openspiel]\"")\
            from None
    return ISMCTSBot() if budget is None else ISMCTSBot(budget)


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": _ismcts,  # ismcts:BUDGET for another search budget (simulations per decision)
}
BUDGETED = {"ismcts"}  # bots that take a search budget: NAME:BUDGET


def bot_names() -> list[str]:
    return sorted(BOTS)


class TimedBot:
    """Another bot, counting its decisions and the time it took for them (for benchmarks)."""

    def __init__(self, bot: Bot):
        self.bot, self.name = bot, bot.name
        self.seconds, self.decisions = 0.0, 0

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        start = time.perf_counter()
        option = self.bot.choose(view, decision, rng)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return option


def make_bot(name: str) -> Bot:
    """A new bot of the kind registered as `name` (`NAME:BUDGET` for a search bot's budget).
    Raises RulesError for an unknown name or a budget that is not a whole number above 0."""
    base, _, budget = name.partition(":")
    if budget and base in BUDGETED:
        if not budget.isdigit() or int(budget) < 1:
            raise RulesError(f"bot '{name}': the budget after ':' must be a whole number above "
                             "0")
        return BOTS[base](int(budget))  # type: ignore[call-arg]
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names()) or "none"
        message = f"unknown bot '{name}' (known bots: {known})"
        hint = did_you_mean(name, BOTS)
        if hint:
            message += f"; {hint}"
        raise RulesError(message)
    return factory()
