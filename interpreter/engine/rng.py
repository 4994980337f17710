"""Seeded random streams whose whole state is plain data (cheap to save and clone).

A game draws from one stream per thing it randomises: each shuffled zone (`bag`,
`colour_stack[violet]`) and each `random` query (named by what it draws from: `random from
colours`, whatever its condition). A stream's n-th draw depends only on the game's root (from
its seed), the stream's name and n, so a rule that draws once more from one stream leaves
every other stream as it was: a variant that adds a shuffle elsewhere still deals the same
hands (common random numbers across rulesets)."""

from __future__ import annotations

import functools
import hashlib

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The root of a game's streams, from its seed."""
    return (seed * _GOLDEN + 0x2545F4914F6CDD1D) & _MASK


def _mix(z: int) -> int:
    """SplitMix64's output function."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=4096)
def _stream_hash(name: str) -> int:
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")


def stream_values(root: int, name: str, start: int, count: int) -> list[int]:
    """Draws start .. start + count - 1 of the stream `name` (64-bit numbers)."""
    base = _mix(root ^ _stream_hash(name))
    return [_mix((base + (start + i + 1) * _GOLDEN) & _MASK) for i in range(count)]


def next_value(state: int) -> tuple[int, int]:
    """The one stream of the engine before streams (SplitMix64): the new state and a 64-bit
    output. Saves and replays of that time are played again with it."""
    state = (state + _GOLDEN) & _MASK
    return state, _mix(state)
