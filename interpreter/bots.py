"""Automated players written in Python, for simulations and for filling empty seats.

A bot sees what its player may see (`Game.view(player)`) and the decision it must take, never
the full game state. Bots that the rules themselves define (a dummy player, say) are not here:
they live in the ruleset and the interpreter runs them like any other rule.

New bots join the registry `BOTS` under a short name, so that `rules simulate --bot NAME`
can find them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from .errors import RulesError, did_you_mean
from .runtime import Decision


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


BotFactory = Callable[[], Bot]

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str) -> Bot:
    """A new bot of the kind registered as `name`. Raises RulesError for an unknown name."""
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names()) or "none"
        message = f"unknown bot '{name}' (known bots: {known})"
        hint = did_you_mean(name, BOTS)
        if hint:
            message += f"; {hint}"
        raise RulesError(message)
    return factory()
