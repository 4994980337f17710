"""What a function's value shows: a score that adds up hidden cards is shown only to those who
may see the cards.

`seen_value(game, function, args, viewer)` is the value of a ruleset function as `viewer` may
know it: the value itself, or HIDDEN when computing it reads something `viewer` may not see.
Which private zones and variables a function reads (contents, not counts) is known from the
rules (`secrecy.private_functions`); which entries of them it reads in this position is watched
while it is computed on a copy of the game. Once the game is over everything is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import HIDDEN, owns

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


class _Watched(dict):
    """A zone or variable family that remembers which entries were read."""

    def __init__(self, data: dict, read: set[str]):
        super().__init__(data)
        self.read = read

    def __getitem__(self, key: Any) -> Any:
        self.read.add(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self.read.add(key)
        return dict.get(self, key, default)

    def values(self):  # type: ignore[override]
        self.read.update(self.keys())
        return dict.values(self)

    def items(self):  # type: ignore[override]
        self.read.update(self.keys())
        return dict.items(self)

    def __iter__(self):
        self.read.update(self.keys())
        return dict.__iter__(self)


def may_see(game: Game, name: str, key: str | None, viewer: str | None) -> bool:
    """Whether `viewer` (None: a spectator) may see the contents of a zone or variable
    (an entry `key` of a family)."""
    info = game.program.zones.get(name) or game.program.vars.get(name)
    vis = info.decl.visibility
    if vis == "public" or game.over:
        return True
    if vis == "owner":
        return owns(key, viewer)
    return False


def seen_value(game: Game, function: str, args: tuple[Any, ...], viewer: str | None) -> Any:
    """A function's value as `viewer` may know it (HIDDEN if it reads what they may not see)."""
    reads = game.program.private_reads.get(function, set())
    if not reads or game.over:
        return game.evaluate(function, *args)
    if any(not _has_owner(game, n) for n in reads):
        return HIDDEN  # a hidden zone or variable: nobody sees it
    twin = game.clone()
    watched: dict[str, set[str]] = {}
    for name in reads:
        store = twin.Z if name in twin.Z else twin.V
        watched[name] = set()
        store[name] = _Watched(store[name], watched[name])
    value = twin.evaluate(function, *args)
    for name, keys in watched.items():
        if any(not may_see(game, name, k, viewer) for k in keys):
            return HIDDEN
    return value


def seen_score(game: Game, player: str, viewer: str | None) -> Any:
    """A player's score as `viewer` may know it."""
    if "score" not in game.program.funcs:
        return 0
    value = seen_value(game, "score", (player,), viewer)
    return value if value == HIDDEN else game.score(player)


def _has_owner(game: Game, name: str) -> bool:
    info = game.program.zones.get(name) or game.program.vars.get(name)
    return info.decl.visibility == "owner"
