"""Functions every ruleset can call. None of them knows any particular game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from interpreter.engine.support import charge, flatten, repeat, size, sized
from interpreter.engine.world import player_id, seat_of
from interpreter.language.errors import GameRuleError


@dataclass(frozen=True)
class Builtin:
    fn: Callable[..., Any]
    min_args: int
    max_args: int | None
    doc: str
    zone_args: bool = False
    reads_game: bool = False  # depends on the game (number of players, names), not only its args


def _top(rt, zone):
    if zone.__class__ is dict:
        raise GameRuleError("a pile has no top; declare the zone as a stack")
    return zone[-1] if zone else None


def _kinds(rt, zone):
    if zone.__class__ is dict:
        return list(zone)
    return list(dict.fromkeys(zone))


def _clockwise(rt, p):
    found = rt.rounds.get(p) if p.__class__ is str else None
    if found is not None:
        return found
    s = seat_of(p)
    return [player_id((s - 1 + i) % rt.n + 1) for i in range(rt.n)]


def _counterclockwise(rt, p):
    s = seat_of(p)
    return [player_id((s - 1 - i) % rt.n + 1) for i in range(rt.n)]


def _next(rt, p):
    following = rt.following.get(p) if p.__class__ is str else None
    return following if following is not None else player_id(seat_of(p) % rt.n + 1)


def _previous(rt, p):
    return player_id((seat_of(p) - 2) % rt.n + 1)


def _index_of(rt, seq, x):
    return seq.index(x) + 1 if x in seq else 0


BUILTINS: dict[str, Builtin] = {
    "size": Builtin(lambda rt, z: size(z), 1, 1, "how many items a zone or list holds"),
    "empty": Builtin(lambda rt, z: size(z) == 0, 1, 1, "whether a zone or list is empty"),
    "top": Builtin(_top, 1, 1, "the top item of a stack (none if empty)", zone_args=True),
    "kinds": Builtin(_kinds, 1, 1, "the different kinds in a zone", zone_args=True),
    "clockwise_from": Builtin(_clockwise, 1, 1, "all players, clockwise, starting with this one",
                              reads_game=True),
    "counterclockwise_from": Builtin(_counterclockwise, 1, 1,
                                     "all players, counter-clockwise, starting with this one",
                                     reads_game=True),
    "next_player": Builtin(_next, 1, 1, "the player to the left (clockwise)",
                           reads_game=True),
    "previous_player": Builtin(_previous, 1, 1, "the player to the right", reads_game=True),
    "seat": Builtin(lambda rt, p: seat_of(p), 1, 1, "a player's seat number (1, 2, ...)"),
    "reverse": Builtin(lambda rt, xs: list(reversed(xs)), 1, 1, "a list backwards"),
    "index_of": Builtin(_index_of, 2, 2, "the position (from 1) of a value in a list, 0 if absent"),
    "without": Builtin(lambda rt, xs, x: [y for y in xs if y != x], 2, 2,
                       "a list without a value"),
    "min_of": Builtin(lambda rt, *xs: min(xs), 1, None, "the smallest of the values"),
    "max_of": Builtin(lambda rt, *xs: max(xs), 1, None, "the largest of the values"),
    "half": Builtin(lambda rt, x: x // 2, 1, 1, "half, rounded down"),
    "flatten": Builtin(flatten, 1, 1,
                       "a list of lists as one list"),
    "numbers": Builtin(lambda rt, a, b: charge(rt, list(range(a, sized(b - a + 1) + a))), 2, 2,
                       "the whole numbers from a to b (both included)"),
    "pad": Builtin(lambda rt, t, n: charge(rt, str(t)[:n].ljust(sized(n))), 2, 2,
                   "a text cut or filled with spaces to a width (for boards drawn as text)"),
    "pad_left": Builtin(lambda rt, t, n: charge(rt, str(t)[:n].rjust(sized(n))), 2, 2,
                        "a text cut or filled with spaces on the left to a width"),
    "repeat": Builtin(lambda rt, t, n: charge(rt, repeat(str(t), n)), 2, 2, "a text n times"),
    "join": Builtin(lambda rt, xs, sep: str(sep).join(rt.label(x) for x in xs), 2, 2,
                    "a list as one text, the values in words, separated by sep",
                    reads_game=True),
    "label": Builtin(lambda rt, x: rt.label(x), 1, 1, "how a value reads in a text",
                     reads_game=True),
}
