"""Families of variables over number ranges and players kept as one flat list (`var
cell[1..8, 1..8]`, `var seeds[player, 1..6]`).

A game keeps such a family as a Python list, and generated code finds an entry by arithmetic
on its indexes (`cell[c, r]` is `values[c * 9 + r]`) instead of building or looking up a text
key. Everywhere the state leaves the engine (saves, `state_hash`, views, replays, tools) the
family reads as before: a dict of its entries under text keys (`"3|1"`), in the order of its
keys. `text_state` and `entries` make that form; nothing outside the engine sees the list.

Layout: with indexes that start at 0 or 1 (the usual case) a position is `a * stride + b`
(one index: `a`), the unused positions below the ranges' starts hold None and are never
read; with other ranges an offset is subtracted, so the list holds no more than the entries.
A player index counts as its seat number (`P3` is 3) over every seat there may be; a game
keeps the entries of its own players only (the others hold None and are never read), so its
text form (`entries`) is the same as a family of text keys of that game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine.support import key_of
from interpreter.engine.world import MAX_PLAYERS, PLAYER, player_id
from interpreter.language.errors import GameRuleError
from interpreter.language.nodes import Loc


@dataclass(frozen=True)
class FlatLayout:
    """Where each entry of a family over one or two number ranges lies in its list."""

    ranges: tuple[tuple[int, int], ...]  # (low, high) of each index
    stride: int  # positions per value of the first index (two indexes), else 1
    offset: int  # subtracted from `a * stride + b` (0 when the ranges start at 0 or 1)
    size: int  # length of the list
    keys: tuple[str, ...]  # the text key of each entry, in the family's order
    positions: dict[str, int]  # text key -> position in the list
    players: tuple[bool, ...] = ()  # for each index: a player (read as its seat number)
    seat_of: dict[str, int] = field(default_factory=dict)  # key -> the highest seat it names
    _placed: dict[int, tuple] = field(default_factory=dict, compare=False)  # players -> keys

    def position_src(self, index: list[str]) -> str:
        """Python source of the position of the entry at `index` (plain names, known to be
        whole numbers within the ranges)."""
        if len(index) == 1:
            return index[0] if not self.offset else f"{index[0]} - {self.offset}"
        a, b = index
        src = f"{a} * {self.stride} + {b}"
        return src if not self.offset else f"{src} - {self.offset}"

    def placed(self, players: int) -> tuple[tuple[str, int], ...]:
        """The text key and position of each entry of a game of `players` players, in the
        family's order."""
        found = self._placed.get(players)
        if found is None:
            seat_of, positions = self.seat_of, self.positions
            found = self._placed[players] = tuple(
                (key, positions[key]) for key in self.keys if seat_of.get(key, 0) <= players)
        return found

    def start(self, value_of: Any, players: int) -> list:
        """A new list: each entry's value from `value_of(key)`, in the family's order."""
        values: list[Any] = [None] * self.size
        for key, at in self.placed(players):
            values[at] = value_of(key)
        return values

    def entries(self, values: list, players: int) -> dict[str, Any]:
        """The family as the state shows it outside the engine: entries under text keys."""
        return {key: values[at] for key, at in self.placed(players)}


def flat_layout(index: list[str], most: int) -> FlatLayout | None:
    """The layout of a family with these index types (ranges made numbers, `1..8`, or
    `player`), or None when it is not one or two of them (a player beside another index), or
    has more than `most` entries."""
    if not 1 <= len(index) <= 2 or not all(".." in t or t == PLAYER for t in index) \
            or PLAYER in index and len(index) < 2:
        return None  # a family by player alone is a dict by player already: nothing to gain
    players = tuple(t == PLAYER for t in index)
    ranges = tuple((1, MAX_PLAYERS) if t == PLAYER else (int(t.split("..")[0]),
                                                          int(t.split("..")[1]))
                   for t in index)
    if any(hi < lo for lo, hi in ranges) or math.prod(hi - lo + 1 for lo, hi in ranges) > most:
        return None
    padded = all(0 <= lo <= 1 for lo, _ in ranges)
    if len(ranges) == 1:
        (lo, hi), = ranges
        stride, offset = 1, 0 if padded else lo
        size = hi + 1 - offset
        keys = tuple(str(a) for a in range(lo, hi + 1))
        positions = {str(a): a - offset for a in range(lo, hi + 1)}
    else:
        (lo1, hi1), (lo2, hi2) = ranges
        stride = hi2 + 1 if padded else hi2 - lo2 + 1
        offset = 0 if padded else lo1 * stride + lo2
        size = hi1 * stride + hi2 + 1 - offset
        keys = tuple(_key(a, b, players) for a in range(lo1, hi1 + 1)
                     for b in range(lo2, hi2 + 1))
        positions = {_key(a, b, players): a * stride + b - offset
                     for a in range(lo1, hi1 + 1) for b in range(lo2, hi2 + 1)}
    seat_of = {_key(a, b, players): max(a if players[0] else 0, b if players[1] else 0)
               for a in range(ranges[0][0], ranges[0][1] + 1)
               for b in range(ranges[-1][0], ranges[-1][1] + 1)} if any(players) else {}
    return FlatLayout(ranges, stride, offset, size, keys, positions, players, seat_of)


_SEATS = {player_id(s): s for s in range(1, MAX_PLAYERS + 1)}


def _key(a: int, b: int, players: tuple[bool, ...]) -> str:
    """The text key of the entry at (a, b), a player index named by its seat."""
    return f"{player_id(a) if players[0] else a}|{player_id(b) if players[1] else b}"


def flat_position(layout: FlatLayout, index: tuple, name: str, loc: Loc | None,
                  players: int) -> int:
    """The position of the entry at `index` given as any values (a text "3" finds entry 3, as
    a text key did; whole numbers in range take the inline path), or the error of a family
    with no such entry (a seat not in this game of `players` players included)."""
    if len(index) == len(layout.ranges):  # whole numbers in range, seats of this game
        at = 0
        for k, (lo, hi), player in zip(index, layout.ranges,
                                       layout.players or (False,) * len(index), strict=True):
            if player:  # a player of this game, by name (a number is no player)
                k = _SEATS.get(k, 0) if k.__class__ is str else 0
            if k.__class__ is not int or not lo <= k <= (players if player else hi):
                break
            at = at * layout.stride + k
        else:
            return at - layout.offset
    joined = "|".join(key_of(k) for k in index)
    at = layout.positions.get(joined)
    if at is None or layout.seat_of.get(joined, 0) > players:
        raise GameRuleError(f"'{name}' has no entry for {joined}", loc)
    return at


def flat_read(values: list, layout: FlatLayout, index: tuple, name: str,
              loc: Loc | None, players: int) -> Any:
    """An entry read by indexes that are not known to be whole numbers in range; a list as
    the one index reads several entries (as a family read with a list of keys does)."""
    if len(index) == 1 and index[0].__class__ is list:
        return [flat_read(values, layout, (k,), name, loc, players) for k in index[0]]
    return values[flat_position(layout, index, name, loc, players)]


def text_vars(variables: dict[str, Any], flat: dict[str, FlatLayout],
              players: int) -> dict[str, Any]:
    """The variables of a state with every flat family as its entries (see `entries`)."""
    if not flat:
        return variables
    return {name: flat[name].entries(v, players) if name in flat and v.__class__ is list
            else v for name, v in variables.items()}


def text_state(state: dict, flat: dict[str, FlatLayout]) -> dict:
    """A state as it leaves the engine: the same dict, or a shallow copy whose flat families
    read as entries under text keys."""
    if not flat:
        return state
    shown = dict(state)
    shown["vars"] = text_vars(state["vars"], flat, state["players"])
    return shown
