"""Bots' random draws keyed by the game's seed and the decision's number, not by how many
draws came before.

A bot's `rng` for the decision numbered `step` (the decisions taken before it) of the game
of seed `seed` is `decision_draws(seed, step)`: its draws depend on those two numbers and on
how many it drew for this decision, nothing else. Two games of the same seed under two
rulesets therefore hand their bots the same draws at every decision they reach by the same
moves: a decision one ruleset's bot judges with one draw more (a tie broken, an option it
did not judge) leaves every later decision's draws as they were, so the two games part ways
only where a bot chooses otherwise (common random numbers kept in step, "synchronised", as
simulation textbooks call it). The generator is SplitMix64 (Steele, Lea and Flood 2014),
small integer arithmetic that gives the same numbers on every platform; a
`random.Random` subclass, so bots use it as any generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's finaliser: 64 bits in, 64 well-mixed bits out."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def key_of(*numbers: int) -> int:
    """One 64-bit key for a few whole numbers (any size or sign), in order."""
    key = 0
    for n in numbers:
        n = int(n)
        chunks = [n & _MASK] if 0 <= n <= _MASK else _chunks(n)
        for chunk in chunks:
            key = _mix((key + _GOLDEN + chunk) & _MASK)
    return key


def _chunks(n: int) -> list[int]:
    out = [1 if n < 0 else 0]
    n = abs(n)
    while True:
        out.append(n & _MASK)
        n >>= 64
        if not n:
            return out


class KeyedRandom(random.Random):
    """A generator whose draws are a function of a key and of their number under it."""

    def __init__(self, key: int = 0) -> None:
        self.seed(key)

    def seed(self, a: Any = 0, version: int = 2) -> None:  # noqa: ARG002 (random's signature)
        self._key = key_of(a) if not isinstance(a, int) or not 0 <= a <= _MASK else a
        self._drawn = 0

    def getrandbits(self, k: int) -> int:
        if 0 < k <= 64:  # the usual draw: one number of the sequence, its top k bits
            self._drawn += 1
            return _mix((self._key + self._drawn * _GOLDEN) & _MASK) >> (64 - k)
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, bits = 0, 0
        while bits < k:
            self._drawn += 1
            out |= _mix((self._key + self._drawn * _GOLDEN) & _MASK) << bits
            bits += 64
        return out >> (bits - k) if bits > k else out

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> tuple[int, int]:
        return self._key, self._drawn

    def setstate(self, state: Sequence[int]) -> None:
        self._key, self._drawn = int(state[0]), int(state[1])


def decision_draws(seed: int | str, step: int) -> KeyedRandom:
    """The draws of the bot deciding at decision `step` of the game of `seed`."""
    return KeyedRandom(key_of(_seed_number(seed), step))


def _seed_number(seed: int | str) -> int:
    """A whole-number seed as it is; a secret seed (a text) as the number of its bytes."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(str(seed).encode(), "big")


def first_of(indices: Sequence[int], tiebreak: int) -> int:
    """Of the option numbers `indices` (among equals), the one a tie-break value picks:
    each option number gets its own random rank from `tiebreak`, the lowest wins. Two
    decisions with the same options and tie-break value but different sets of equals pick
    the same option whenever the one picked is among both (a choice at random between
    equals, kept as alike as it can be between two rulesets)."""
    return min(indices, key=lambda i: _mix((tiebreak + (i + 1) * _GOLDEN) & _MASK))
