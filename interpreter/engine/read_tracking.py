"""Which entries of the state each cached function answer read, for tools that keep answers
across copies of a game (a bot judging many positions that differ in a few entries).

The engine forgets a cached answer when a rule changes any entry of a zone or variable the
function can read (compiler.forget_src): cheap, and right for one game. A copy of the game
that differs from another in one entry of a family would lose every answer that reads the
family. A game put in *tracking mode* (`track_reads`) notes, for each answer it computes,
the entries it read: `(zone or variable, key)`, with key None for the whole zone, variable or
family. An answer is then valid in any state whose read entries are equal (`KeptAnswers`).

Tracking mode is for throwaway copies (a game never leaves it): function bodies read the
state through views that note what they read, which is slower; procedures run as fast as
ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

Read = tuple[str, Any]  # (zone or variable, key of a family entry or None for all of it)


class _FamilyView:
    """A family of zones or variables as function bodies read it in tracking mode: each
    entry read is noted; going through all of it notes the whole family."""

    __slots__ = ("game", "name", "live")

    def __init__(self, game: Game, name: str, live: dict):
        self.game, self.name, self.live = game, name, live

    def __getitem__(self, key: Any) -> Any:
        trace = self.game.trace
        if trace is not None:
            trace.add((self.name, key))
        return self.live[key]

    def get(self, key: Any, default: Any = None) -> Any:
        trace = self.game.trace
        if trace is not None:
            trace.add((self.name, key))
        return self.live.get(key, default)

    def __contains__(self, key: Any) -> bool:  # a family's keys never change
        return key in self.live

    def __len__(self) -> int:
        return len(self.live)

    def _whole(self) -> dict:
        trace = self.game.trace
        if trace is not None:
            trace.add((self.name, None))
        return self.live

    def __iter__(self) -> Any:
        return iter(self._whole())

    def keys(self) -> Any:
        return self.live.keys()

    def items(self) -> Any:
        return self._whole().items()

    def values(self) -> Any:
        return self._whole().values()


class _TableView:
    """The zones or the variables of a game as function bodies read them in tracking mode:
    a read of a whole zone or variable is noted; a family is handed out as a view."""

    __slots__ = ("game", "live", "families")

    def __init__(self, game: Game, live: dict, families: list[str]):
        self.game, self.live = game, live
        self.families = {n: _FamilyView(game, n, live[n]) for n in families}

    def __getitem__(self, name: str) -> Any:
        family = self.families.get(name)
        if family is not None:
            return family
        trace = self.game.trace
        if trace is not None:
            trace.add((name, None))
        return self.live[name]

    def __contains__(self, name: str) -> bool:
        return name in self.live


class _TrackedCache(dict):
    """The cache of one function's answers in tracking mode, which notes what each answer
    read. The generated code asks `get(key, MISS)`, and on a miss computes the answer and
    stores it: a miss starts noting reads, the store ends it (misses nest, stores come in
    the reverse order). An answer found while another is computed adds its reads to the
    other's. Plain games keep plain dicts: no cost in play."""

    __slots__ = ("game", "reads", "outer")

    def get(self, key: Any, default: Any = None) -> Any:
        value = dict.get(self, key, _ABSENT)
        game = self.game
        if value is _ABSENT:
            self.outer.append(game.trace)
            game.trace = set()
            return default
        if game.trace is not None:
            game.trace |= self.reads[key]
        return value

    def __setitem__(self, key: Any, value: Any) -> None:
        game = self.game
        reads, game.trace = game.trace, self.outer.pop()
        self.reads[key] = frozenset(reads)
        if game.trace is not None:
            game.trace |= reads
        dict.__setitem__(self, key, value)


_ABSENT = object()


def track_reads(game: Game) -> None:
    """Put `game` (a copy of its own) in tracking mode: from now on each cached answer it
    computes comes with the entries it read, in `game.memo_reads` (slot -> key -> reads).
    Function bodies read the state through `game.ZT` and `game.VT` (the same tables as
    `game.Z` and `game.V` outside tracking mode); in tracking mode those note the reads."""
    zones, variables = _families(game.program)
    game.ZT = _TableView(game, game.Z, zones)
    game.VT = _TableView(game, game.V, variables)
    caches = []
    for answers in game.memo:
        cache = _TrackedCache(answers)
        cache.game, cache.reads, cache.outer = game, {}, []
        caches.append(cache)
    game.memo = caches
    game.memo_reads = [cache.reads for cache in caches]


_FAMILIES: dict[int, tuple[Any, tuple[list[str], list[str]]]] = {}
_KEPT_PROGRAMS = 16  # programs whose families are kept (a process may load many rulesets)


def _families(program: Any) -> tuple[list[str], list[str]]:
    """The zone families and the variable families of a program (kept: asked per copy)."""
    found = _FAMILIES.get(id(program))
    if found is None or found[0] is not program:
        if len(_FAMILIES) >= _KEPT_PROGRAMS:
            _FAMILIES.clear()
        found = _FAMILIES[id(program)] = (program, program.families())
    return found[1]


def _whole(state: dict, name: str) -> Any:
    """A zone, variable or family of a state."""
    zones = state["zones"]
    return zones[name] if name in zones else state["vars"][name]


class KeptAnswers:
    """Cached answers of a game's functions valid in one state of it, with the entries each
    read: they can be given to a copy in another state, less those whose entries differ."""

    def __init__(self, program: Any, state: dict, memo: list[dict] | None = None,
                 memo_reads: list[dict] | None = None):
        """The answers of `memo` (with their reads, `memo_reads`) valid in `state`; none
        without `memo`."""
        self.state = state
        self.names = program.memo_reads  # slot -> the zones and variables it can read
        self.flat = program.flat  # families kept as lists: read by position
        if memo is None:
            self.memo: list[dict] = [{} for _ in self.names]
            self.reads: list[dict] = [{} for _ in self.names]
        else:
            self.memo = [dict(answers) for answers in memo]
            self.reads = [{key: reads[key] for key in answers}
                          for answers, reads in zip(memo, memo_reads or (), strict=True)]

    def changed(self, state: dict) -> set[Read]:
        """The reads whose entries differ in `state` (a whole one when any part does), of
        the zones and variables the answers kept can read."""
        out: set[Read] = set()
        if state is self.state:
            return out
        names = self.names
        for name in frozenset().union(*(names[s] for s, kept in enumerate(self.memo) if kept)):
            before, after = _whole(self.state, name), _whole(state, name)
            if before.__class__ is after.__class__ and before == after:
                continue
            out.add((name, None))
            if before.__class__ is dict and after.__class__ is dict:  # its entries, one by one
                # equal and of the same kind (true is not 1 to a rule that shows it)
                out.update((name, k) for k, v in before.items()
                           if (w := after.get(k)).__class__ is not v.__class__ or w != v)
            elif name in self.flat and len(before) == len(after):  # a flat family, by position
                out.update((name, i) for i, (v, w) in enumerate(zip(before, after, strict=True))
                           if w.__class__ is not v.__class__ or w != v)
        return out

    def copy(self) -> list[dict]:
        """The answers, as a game's cache (Game.memo)."""
        return [dict(answers) for answers in self.memo]

    def valid_in(self, state: dict, changed: set[Read] | None = None) -> list[dict]:
        """The answers still valid in `state`, as a game's cache (`changed`: the reads that
        differ from theirs, when known: Game.changed() of a make from their state)."""
        memo = self.copy()
        for slot, key in self._stale(state, changed):
            del memo[slot][key]
        return memo

    def _stale(self, state: dict, changed: set[Read] | None = None) -> list[tuple[int, Any]]:
        """The answers (slot, key) not valid in `state`."""
        if changed is None:
            changed = self.changed(state)
        if not changed:
            return []
        names = {name for name, _ in changed}
        return [(slot, key) for slot, answers in enumerate(self.reads)
                if answers and not names.isdisjoint(self.names[slot])
                for key, reads in answers.items() if not changed.isdisjoint(reads)]

    def moved_to(self, state: dict) -> KeptAnswers:
        """Keep only the answers also valid in `state`, as answers of `state`."""
        for slot, key in self._stale(state):
            del self.memo[slot][key]
            del self.reads[slot][key]
        self.state = state
        return self

    def add(self, other: KeptAnswers) -> None:
        """Add the answers of `other` (valid in another state) that are valid in this one."""
        other.moved_to(self.state)
        for mine, theirs in zip(self.memo, other.memo, strict=True):
            mine.update(theirs)
        for mine, theirs in zip(self.reads, other.reads, strict=True):
            mine.update(theirs)

    def give(self, game: Game, state: dict) -> None:
        """Put the answers valid in `state`, the state of `game` (in tracking mode), into its
        cache."""
        for slot, answers in enumerate(self.valid_in(state)):
            game.memo[slot].update(answers)
            game.memo_reads[slot].update({key: self.reads[slot][key] for key in answers})
