"""Whether an option makes the end of the game certain before anyone else decides.

A preview plays an option up to the next decision. When that decision is the same player's
(what to take, then where to put it), the end may already be certain: every way on ends the
game before another player decides (the last piece of a row taken, whatever place it goes
to). Followed on copies of the game, a few of the player's own decisions deep, none with too
many options. Nothing here knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

DEPTH = 2  # the player's own decisions followed after the option
MOST_OPTIONS = 40  # a decision with more options is not followed (no end said)


@dataclass
class End:
    """Why the game ends, and the scores it ends with on each way on (with its winners)."""

    reason: str
    finals: list[tuple[dict[str, Any], tuple[str, ...]]] = field(default_factory=list)


def certain_end(game: Game, player: str, depth: int = DEPTH) -> End | None:
    """The end, when the game ends on every way on from `game` through `player`'s own
    decisions alone (`depth` of them at most), for the same reason on each; else None.
    `game` itself is not changed."""
    if game.over:
        return End(ending_of(game), [final_of(game)])
    decision = game.decision()
    if depth == 0 or decision is None or decision.player != player or \
            not 0 < len(decision.options) <= MOST_OPTIONS:
        return None
    reasons, finals = set(), []
    for option in decision.options:
        twin = game.clone()
        twin.logging = False
        twin.apply(option)
        end = certain_end(twin, player, depth - 1)
        if end is None:
            return None
        reasons.add(end.reason)
        finals += end.finals
    return End(reasons.pop(), finals) if len(reasons) == 1 else None


def final_of(game: Game) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The scores of a game that is over, and who won it."""
    return game.scores(), tuple(game.winners())


def ending_of(game: Game) -> str:
    """Why a game that is over ended, in the rules' words ('' when they give none)."""
    return game.state.get("ending") or ""
