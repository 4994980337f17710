"""A possible world of a player: their tokens (bots/beliefs.py) dealt to the places they hide.

`deal_tokens(tokens, places, rng)`: `places` says, per hidden place, how many pieces it holds,
whether it is a stack and the kind of its top when the player sees it. Every token goes to one
of its places; a place gets exactly as many as it holds; a token at a known position in a stack
is put there, the seen top is a token of that kind; the other pieces of a stack lie in random
order. Tokens whose place is uncertain choose a place with a probability in proportion to the
room left there (as dealing one piece per free slot would), so that when all tokens may be
anywhere every deal is equally likely; a dead end is tried again, then an exact flow decides.
The answer is None when the tokens do not fit the places (beliefs of another position).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from interpreter.bots.beliefs import Place, Token
from interpreter.bots.matching import _flow

TRIES = 20  # random deals tried before the exact flow


@dataclass
class Hidden:
    """A place a player cannot see into, as they see it: its size, whether it is a stack,
    and its top piece when they see it (None otherwise)."""

    count: int
    stack: bool
    top: str | None = None


def deal_tokens(tokens: list[Token], places: dict[Place, Hidden], pool: Counter[str],
                rng: random.Random) -> dict[Place, list[str]] | None:
    """The pieces of each place (a stack bottom first), or None if the tokens do not fit."""
    if Counter(t.kind for t in tokens) != pool:
        return None
    fixed: dict[Place, list[Token]] = {q: [] for q in places}
    loose: list[Token] = []
    mine_of: dict[int, list[Place]] = {}  # by a token's set of places (tokens share a few)
    for t in tokens:
        mine = mine_of.get(id(t.places))
        if mine is None:
            mine = mine_of[id(t.places)] = [q for q in t.places if q in places]
        if not mine:
            return None
        if len(mine) == 1:
            fixed[mine[0]].append(t)
        else:
            loose.append(t)
    tops: dict[Place, Token] = {}
    for q, h in places.items():
        if h.top is None:
            continue
        top = _top_token(q, h, fixed[q], loose, rng)
        if top is None:
            return None
        tops[q] = top
        if top in loose:
            loose.remove(top)
            fixed[q].append(top)
    room = {q: h.count - len(fixed[q]) for q, h in places.items()}
    if any(r < 0 for r in room.values()):
        return None
    chosen = _spread(loose, room, rng)
    if chosen is None:
        return None
    for t, q in zip(loose, chosen, strict=True):
        fixed[q].append(t)
    out: dict[Place, list[str]] = {}
    for q, h in places.items():
        laid = _lay(fixed[q], h, tops.get(q), rng)
        if laid is None:
            return None
        out[q] = laid
    return out


def _top_token(q: Place, h: Hidden, fixed: list[Token], loose: list[Token],
               rng: random.Random) -> Token | None:
    """The token that is the top seen of a stack: the one known there, else one of its kind
    that is surely in the stack, else one that may be."""
    at = h.count - 1
    for t in fixed:
        if t.pos == at:
            return t if t.kind == h.top else None
    sure = [t for t in fixed if t.kind == h.top and t.pos is None]
    if sure:
        return sure[rng.randrange(len(sure))]
    maybe = [t for t in loose if t.kind == h.top and t.pos is None]
    return maybe[rng.randrange(len(maybe))] if maybe else None


def _spread(loose: list[Token], room: dict[Place, int], rng: random.Random
            ) -> list[Place] | None:
    """A place for each loose token, each drawn in proportion to the room left there: in a
    random order of the tokens, each token's places with room left (in the order of their
    names) weighted by that room, one `random()` a token (the draw `rng.choices(options,
    weights)` makes); a dead end is tried again, TRIES times, before an exact flow."""
    n = len(loose)
    if sum(room.values()) != n:
        return None
    named = sorted(room, key=str)  # the places a token may go to, in the order of their names
    by_set: dict[int, list[Place]] = {}  # (a token's other places never have room)
    places_of: list[list[Place]] = []
    for t in loose:
        mine = by_set.get(id(t.places))
        if mine is None:
            mine = by_set[id(t.places)] = [q for q in named if q in t.places]
        places_of.append(mine)
    order = list(range(n))
    random, shuffle = rng.random, rng.shuffle
    for _ in range(TRIES):
        shuffle(order)
        left = dict(room)
        chosen: list[Place | None] = [None] * n
        for i in order:
            options: list[Place] = []
            total = 0
            for q in places_of[i]:
                r = left[q]
                if r > 0:
                    options.append(q)
                    total += r
            if not options:
                break
            x = random() * (total + 0.0)
            q = options[-1]
            acc = 0
            for p in options[:-1]:
                acc += left[p]
                if x < acc:
                    q = p
                    break
            left[q] -= 1
            chosen[i] = q
        else:
            return chosen  # type: ignore[return-value]
    return _by_flow(loose, room, rng)


def _by_flow(loose: list[Token], room: dict[Place, int], rng: random.Random
             ) -> list[Place] | None:
    """An exact matching of loose tokens (grouped by their places) to the room left."""
    groups: dict[frozenset[Place], list[int]] = {}
    for i, t in enumerate(loose):
        groups.setdefault(frozenset(t.places), []).append(i)
    names = {g: str(n) for n, g in enumerate(groups)}
    order = list(room)
    allowed = [{names[g] for g in groups if q in g} for q in order]
    flow = _flow([room[q] for q in order], allowed,
                 Counter({names[g]: len(ix) for g, ix in groups.items()}), rng)
    if flow is None:
        return None
    by_name = {names[g]: list(ix) for g, ix in groups.items()}
    chosen: list[Place | None] = [None] * len(loose)
    for q, got in zip(order, flow, strict=True):
        for name in got:
            chosen[by_name[name].pop()] = q
    return chosen  # type: ignore[return-value]


def _lay(tokens: list[Token], h: Hidden, top: Token | None, rng: random.Random
         ) -> list[str] | None:
    """The pieces of a place: a stack with its known positions kept, the rest shuffled."""
    if not h.stack:
        return [t.kind for t in tokens]
    slots: list[str | None] = [None] * h.count
    rest: list[str] = []
    for t in tokens:
        at = h.count - 1 if t is top else t.pos
        if at is None:
            rest.append(t.kind)
        elif not 0 <= at < h.count or slots[at] is not None:
            return None
        else:
            slots[at] = t.kind
    rng.shuffle(rest)
    it = iter(rest)
    return [s if s is not None else next(it) for s in slots]
