"""The procedures under way in a game, and which one an option starts.

A rule may set a whole stretch of play going from inside a player's decision (a round in
which every player answers, interrupting a turn): applying the option leaves the procedures
under way before it in place and adds one in which other players decide. That procedure's
own description, from the ruleset, says what the option starts. Read through the game's
saved layout (`state["stack"]`: docs/api.md), names and parameters only. Nothing here knows
any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

MOST_STEPS = 40  # decisions followed to see who decides in what an option started
Frame = tuple[str, tuple[Any, ...]]  # a procedure under way: its name and its parameters


def under_way(game: Game) -> list[Frame]:
    """The procedures under way, outermost first, each with its parameters' values."""
    procs = game.program.procs
    out = []
    for frame in game.state["stack"]:
        proc = procs.get(frame[0])
        if proc is None:  # the engine's own frames (the final scoring)
            continue
        out.append((frame[0], tuple(frame[2][:len(proc.params)])))
    return out


def running_local(game: Game, proc: str, local: str) -> tuple[bool, Any]:
    """A local of the innermost procedure `proc` under way, public: (True, its value), or
    (False, None) where none is under way, or the local may hold something private while the
    procedure waits (a value chosen privately, or worked out from a hand)."""
    if local in game.program.private_while_waiting.get(proc, ()):
        return False, None
    stack = game.stack
    for depth in range(len(stack) - 1, -1, -1):
        if stack[depth][0] == proc:
            names = game.frame_locals(depth)
            if local in names:
                return True, names[local]
    return False, None


def started(before: list[Frame], after: Game, viewer: str) -> str | None:
    """What an option started, in the ruleset's words (a procedure's description), or None:
    `before`, the procedures under way when the viewer decided; `after`, the game at the
    next decision. Something is started when every procedure under way before still is
    (the one that asked may have finished), procedures were called since, and other players
    decide in them before they end: the outermost of those with a description names it."""
    if after.over or after.decision() is None:
        return None
    now = under_way(after)
    kept = len(before) if now[:len(before)] == before else len(before) - 1
    if kept < 0 or now[:kept] != before[:kept] or len(now) <= len(before):
        return None
    for depth in range(kept, len(now)):
        name = now[depth][0]
        if kept == len(before) - 1 and depth == kept and name == before[-1][0]:
            return None  # the same procedure again (the next player's turn at it)
        label = after.program.procs[name].decl.label
        if label:
            return _lower_article(label) if _others_decide(after, now[:depth + 1],
                                                           viewer) else None
    return None


def _others_decide(game: Game, frames: list[Frame], viewer: str) -> bool:
    """Whether a player other than `viewer` decides while `frames` are under way (played
    on a copy, each decision's first option, MOST_STEPS at most). Not when `viewer` decides
    first in the procedure itself (not in one it called): what it starts then depends on
    a choice still to come (where to go, say), and the option does not start it alone."""
    twin = game.clone()
    twin.logging = False
    for _ in range(MOST_STEPS):
        decision = twin.decision()
        now = under_way(twin)
        if twin.over or decision is None or now[:len(frames)] != frames:
            return False
        if decision.player != viewer:
            return True
        if len(now) == len(frames):  # the viewer's own choice, in the procedure itself
            return False
        twin.apply(decision.options[0])
    return False


def _lower_article(label: str) -> str:
    """'A round of play' -> 'a round of play' (a name stays as it is)."""
    first, _, rest = label.partition(" ")
    return f"{first.lower()} {rest}" if first in ("A", "An", "The") and rest else label
