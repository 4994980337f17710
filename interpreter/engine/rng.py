"""Seeded random streams whose whole state is plain data (cheap to save and clone).

A game draws from one stream per thing it randomises: each shuffled zone (`bag`,
`deck[red]`) and each `random` query (named by what it draws from: `random from
colours`, whatever its condition). A stream's n-th draw depends only on the game's root (from
its seed), the stream's name and n, so a rule that draws once more from one stream leaves
every other stream as it was: a variant that adds a shuffle elsewhere still deals the same
hands (common random numbers across rulesets).

Two kinds of root. A whole number (a seed: `simulate`, `compare`, tests, `--seed`) gives a
64-bit root and SplitMix64 streams: cheap, and the same seed always gives the same game; but a
small seed is found again by trying them all, and SplitMix64 is invertible, so its draws hide
nothing from someone who can try seeds. A secret (`new_secret()`: 256 bits from the operating
system, as hex text) is its own root, and the n-th draw of a stream is BLAKE2b keyed by the
secret over n and the stream's name: a game that people play, whose hidden cards must not be
computable from what they see."""

from __future__ import annotations

import functools
import hashlib
import random
import secrets

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


SECRET_BYTES = 32  # a new game's secret: 256 bits
_SECRET_SIZES = range(32, 129, 2)  # what a secret may be in hex digits (16 to 64 bytes)
_HEX = frozenset("0123456789abcdef")


def new_secret() -> str:
    """A new game's secret: 256 bits from the operating system, as 64 hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def is_secret(seed: object) -> bool:
    """Whether `seed` is a secret (hex text of 16 to 64 bytes), not a seed."""
    return seed.__class__ is str and len(seed) in _SECRET_SIZES and _HEX.issuperset(seed)


def seed_state(seed: int | str) -> int | str:
    """The root of a game's streams, from its seed (a secret is its own root)."""
    if seed.__class__ is str:
        if not is_secret(seed):
            raise ValueError("a game's secret is 32 to 128 hex digits")
        return seed
    return (seed * _GOLDEN + 0x2545F4914F6CDD1D) & _MASK


def _mix(z: int) -> int:
    """SplitMix64's output function."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=4096)
def _stream_hash(name: str) -> int:
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")


def stream_values(root: int | str, name: str, start: int, count: int) -> list[int]:
    """Draws start .. start + count - 1 of the stream `name` (64-bit numbers)."""
    if root.__class__ is str:
        return _keyed_values(root, name, start, count)
    base = _mix(root ^ _stream_hash(name))
    return [_mix((base + (start + i + 1) * _GOLDEN) & _MASK) for i in range(count)]


def next_value(state: int) -> tuple[int, int]:
    """The one stream of the engine before streams (SplitMix64): the new state and a 64-bit
    output. Saves and replays of that time are played again with it."""
    state = (state + _GOLDEN) & _MASK
    return state, _mix(state)


@functools.lru_cache(maxsize=64)
def _key(secret: str) -> bytes:
    return bytes.fromhex(secret)


def _keyed_values(secret: str, name: str, start: int, count: int) -> list[int]:
    """The draws of a stream under a secret: BLAKE2b keyed by the secret over the draw's index
    (8 bytes) and the stream's name, 64 bits each."""
    key, label = _key(secret), name.encode()
    return [int.from_bytes(hashlib.blake2b((start + i).to_bytes(8, "little") + label, key=key,
                                           digest_size=8).digest(), "little")
            for i in range(count)]


def _derived(secret: str, purpose: str, size: int) -> bytes:
    """`size` bytes for `purpose` that only the secret's holder can compute (a different
    personalisation from the streams', so no draw ever equals them)."""
    return hashlib.blake2b(purpose.encode(), key=_key(secret), digest_size=size,
                           person=b"rules-engine").digest()


def game_id(secret: str) -> str:
    """What names a game played with a secret where a seed would be shown: 10 hex digits that
    tell games apart and give nothing of the secret."""
    return _derived(secret, "game id", 5).hex()


def private_random(seed: int | str, *labels: object) -> random.Random:
    """A generator for a purpose of its own in a game (a bot's decision, a sample of what a
    player cannot see), named by `labels`. From a seed, as always: seeded with the text
    'seed:label:label...'; from a secret, seeded with 256 bits derived from it, so that what
    the generator chooses cannot be computed without the secret."""
    text = ":".join(map(str, labels))
    if seed.__class__ is str:
        return random.Random(int.from_bytes(_derived(seed, text, 32), "little"))
    return random.Random(f"{seed}:{text}")
