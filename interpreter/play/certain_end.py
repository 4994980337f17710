"""Whether an option makes the end of the game certain before anyone else decides.

A preview plays an option up to the next decision. When that decision is the same player's
(what to take, then where to put it), the end may already be certain: every way on ends the
game before another player decides (the last piece of a row taken, whatever place it goes
to). Followed on copies of the game, a few of the player's own decisions deep, none with too
many options. Nothing here knows any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

DEPTH = 2  # the player's own decisions followed after the option
MOST_OPTIONS = 40  # a decision with more options is not followed (no end said)


def certain_end(game: Game, player: str, depth: int = DEPTH) -> str | None:
    """The reason the game ends, when it ends on every way on from `game` through
    `player`'s own decisions alone (`depth` of them at most), the same reason on each;
    else None. `game` itself is not changed."""
    if game.over:
        return ending_of(game)
    decision = game.decision()
    if depth == 0 or decision is None or decision.player != player or \
            not 0 < len(decision.options) <= MOST_OPTIONS:
        return None
    reasons = set()
    for option in decision.options:
        twin = game.clone()
        twin.logging = False
        twin.apply(option)
        reason = certain_end(twin, player, depth - 1)
        if reason is None:
            return None
        reasons.add(reason)
    return reasons.pop() if len(reasons) == 1 else None


def ending_of(game: Game) -> str:
    """Why a game that is over ended, in the rules' words ('' when they give none)."""
    return game.state.get("ending") or ""
