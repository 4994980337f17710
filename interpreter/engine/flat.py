"""Families of variables over number ranges kept as one flat list (`var cell[1..8, 1..8]`).

A game keeps such a family as a Python list, and generated code finds an entry by arithmetic
on its indexes (`cell[c, r]` is `values[c * 9 + r]`) instead of building or looking up a text
key. Everywhere the state leaves the engine (saves, `state_hash`, views, replays, tools) the
family reads as before: a dict of its entries under text keys (`"3|1"`), in the order of its
keys. `text_state` and `entries` make that form; nothing outside the engine sees the list.

Layout: with indexes that start at 0 or 1 (the usual case) a position is `a * stride + b`
(one index: `a`), the unused positions below the ranges' starts hold None and are never
read; with other ranges an offset is subtracted, so the list holds no more than the entries.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from interpreter.engine.support import key_of
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

    def position_src(self, index: list[str]) -> str:
        """Python source of the position of the entry at `index` (plain names, known to be
        whole numbers within the ranges)."""
        if len(index) == 1:
            return index[0] if not self.offset else f"{index[0]} - {self.offset}"
        a, b = index
        src = f"{a} * {self.stride} + {b}"
        return src if not self.offset else f"{src} - {self.offset}"

    def start(self, value_of: Any) -> list:
        """A new list: each entry's value from `value_of(key)`, in the family's order."""
        values: list[Any] = [None] * self.size
        positions = self.positions
        for key in self.keys:
            values[positions[key]] = value_of(key)
        return values

    def entries(self, values: list) -> dict[str, Any]:
        """The family as the state shows it outside the engine: entries under text keys."""
        positions = self.positions
        return {key: values[positions[key]] for key in self.keys}


def flat_layout(index: list[str], most: int) -> FlatLayout | None:
    """The layout of a family with these index types (ranges made numbers, `1..8`), or None
    when it is not one or two number ranges, or has more than `most` entries."""
    if not 1 <= len(index) <= 2 or not all(".." in t for t in index):
        return None
    ranges = tuple((int(lo), int(hi)) for lo, hi in (t.split("..") for t in index))
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
        keys = tuple(f"{a}|{b}" for a in range(lo1, hi1 + 1) for b in range(lo2, hi2 + 1))
        positions = {f"{a}|{b}": a * stride + b - offset
                     for a in range(lo1, hi1 + 1) for b in range(lo2, hi2 + 1)}
    return FlatLayout(ranges, stride, offset, size, keys, positions)


def flat_position(layout: FlatLayout, index: tuple, name: str, loc: Loc | None) -> int:
    """The position of the entry at `index` given as any values (a text "3" finds entry 3, as
    a text key did; whole numbers in range take the inline path), or the error of a family
    with no such entry."""
    joined = "|".join(key_of(k) for k in index)
    at = layout.positions.get(joined)
    if at is None:
        raise GameRuleError(f"'{name}' has no entry for {joined}", loc)
    return at


def flat_read(values: list, layout: FlatLayout, index: tuple, name: str,
              loc: Loc | None) -> Any:
    """An entry read by indexes that are not known to be whole numbers in range; a list as
    the one index reads several entries (as a family read with a list of keys does)."""
    if len(index) == 1 and index[0].__class__ is list:
        return [flat_read(values, layout, (k,), name, loc) for k in index[0]]
    return values[flat_position(layout, index, name, loc)]


def text_vars(variables: dict[str, Any], flat: dict[str, FlatLayout]) -> dict[str, Any]:
    """The variables of a state with every flat family as its entries (see `entries`)."""
    if not flat:
        return variables
    return {name: flat[name].entries(v) if name in flat and v.__class__ is list else v
            for name, v in variables.items()}


def text_state(state: dict, flat: dict[str, FlatLayout]) -> dict:
    """A state as it leaves the engine: the same dict, or a shallow copy whose flat families
    read as entries under text keys."""
    if not flat:
        return state
    shown = dict(state)
    shown["vars"] = text_vars(state["vars"], flat)
    return shown
