"""A tiny seeded random generator whose whole state is one integer (cheap to save and clone)."""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (seed * _GOLDEN + 0x2545F4914F6CDD1D) & _MASK


def next_value(state: int) -> tuple[int, int]:
    """SplitMix64: the new state and a 64-bit output."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)
