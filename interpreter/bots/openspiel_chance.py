"""Chance as the game's own, for the OpenSpiel adapter (bots/openspiel_game.py).

The engine draws inside the rules, in the middle of a step (`Game.random_draws`). The adapter
chooses those draws itself (`Game.draws_from`): a step is played with the draws chosen so far
(`Forcer`), and stops at the first draw not chosen yet (`Unforced`); that draw becomes chance
nodes (`Draw`) and the step is played again, from the game before it, once they are chosen.

- A shuffle of a stack (the stream is the zone's name) draws one piece per place, from the top
  down (the engine's Fisher-Yates): each is a chance node whose outcomes are the kinds of the
  pieces that can come to that place, each with its share of them (3 of 5 pieces: 3/5). The
  outcome is the kind's number in `kinds`. Pieces of one kind are alike, so which of them comes
  changes nothing: the orders of the stack come with the engine's own probabilities.
- A `random` query draws one of its options, each equally likely: outcome i is option i.
- A chance node with one outcome is taken at once (no node).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


class Unforced(Exception):  # noqa: N818 (not an error: a draw the adapter has to choose)
    """A draw that the adapter has not chosen yet: the step stops there (the game it ran in
    is left half-way and must be thrown away)."""

    def __init__(self, stream: str, bounds: list[int], pieces: list[str] | None):
        super().__init__(stream)
        self.stream, self.bounds, self.pieces = stream, bounds, pieces


class Forcer:
    """`Game.draws_from`: each call of `Game.random_draws` gets the next list of `calls`;
    one more raises `Unforced`, with the pieces of the stack it shuffles."""

    def __init__(self, calls: list[list[int]]):
        self.calls, self.next = calls, 0

    def __call__(self, game: Game, stream: str, bounds: list[int]) -> list[int]:
        if self.next < len(self.calls):
            self.next += 1
            return self.calls[self.next - 1]
        raise Unforced(stream, list(bounds), shuffled_pieces(game, stream, bounds))


def shuffled_pieces(game: Game, stream: str, bounds: list[int]) -> list[str] | None:
    """The pieces of the stack that the draws shuffle (bottom first), or None for draws of a
    `random` query. A shuffle's stream is the zone's name (`deck`, `stack[key]`) and its
    bounds are the stack's size down to 2."""
    if stream.startswith("random") or not bounds or \
            bounds != list(range(bounds[0], 1, -1)):
        return None
    name, key = stream, None
    if stream.endswith("]") and "[" in stream:
        name, key = stream[:-1].split("[", 1)
    zone = game.state["zones"].get(name)  # the documented whole state (docs/api.md)
    if isinstance(zone, dict) and key is not None:
        zone = zone.get(key)
    if not isinstance(zone, list) or len(zone) != bounds[0]:
        return None
    return list(zone)


class Draw:
    """The draws of one `Game.random_draws` call, chosen one chance node at a time."""

    def __init__(self, exc: Unforced, kinds: dict[str, int]):
        self.stream, self.bounds = exc.stream, exc.bounds
        self.order = exc.pieces  # a shuffle: the stack as the draws so far left it
        self.kinds = kinds
        self.values: list[int] = []

    @property
    def done(self) -> bool:
        return len(self.values) == len(self.bounds)

    def copy(self) -> Draw:
        twin = Draw.__new__(Draw)
        twin.__dict__.update(self.__dict__)
        twin.values = list(self.values)
        twin.order = None if self.order is None else list(self.order)
        return twin

    def outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the next draw and their probabilities."""
        bound = self.bounds[len(self.values)]
        if self.order is None:
            return [(i, 1.0 / bound) for i in range(bound)]
        counts = Counter(self.order[:bound])
        return sorted((self.kinds[k], n / bound) for k, n in counts.items())

    def choose(self, outcome: int) -> None:
        """Take `outcome` (one of `outcomes()`; the caller checked it)."""
        bound = self.bounds[len(self.values)]
        if self.order is None:
            self.values.append(outcome)
            return
        i = bound - 1  # the place filled: the top of what is not placed yet
        j = next(at for at in range(bound) if self.kinds[self.order[at]] == outcome)
        self.order[i], self.order[j] = self.order[j], self.order[i]
        self.values.append(j)

    def settle(self) -> None:
        """Take every next draw that has one outcome only."""
        while not self.done:
            outcomes = self.outcomes()
            if len(outcomes) > 1:
                return
            self.choose(outcomes[0][0])

    def label(self, outcome: int, names: list[str]) -> str:
        if self.order is None:
            return f"{self.stream}: option {outcome + 1} of {self.bounds[len(self.values)]}"
        return f"{names[outcome]} comes to place {self.bounds[len(self.values)]} of {self.stream}"


def play_step(before: Game, value: Any, calls: list[list[int]],
              kinds: dict[str, int]) -> tuple[Game, Draw | None]:
    """`before` after the decision `value` with the draws `calls`: (the game, None) if the
    step needed no other draw, else (`before` unchanged, the next draw to choose, settled)."""
    game = before.clone()
    game.draws_from = Forcer(calls)
    try:
        game.apply(value)
    except Unforced as exc:
        return before, Draw(exc, kinds)
    game.draws_from = None
    return game, None


def kinds_of(game_kinds: Any) -> dict[str, int]:
    """Every kind a game can shuffle, numbered in sorted order (the outcomes' numbers)."""
    return {kind: i for i, kind in enumerate(sorted(game_kinds))}


__all__ = ["Draw", "Forcer", "Unforced", "kinds_of", "play_step", "shuffled_pieces"]
