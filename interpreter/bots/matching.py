"""Dealing unseen pieces into places, each place taking only kinds allowed there.

`match(needs, pool, rng)`: `needs` says, place by place, how many pieces it holds, which kinds
it may hold (None: any) and which pieces are known to be there; `pool` is the pieces to deal
(exactly as many as the places hold). The answer is one list of pieces per place, a random
matching that respects every constraint, or None when there is none. Places are filled most
constrained first, drawing at random; should that corner itself (overlapping constraints), a
maximum flow from kinds to places finds a matching whenever one exists.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Mapping

# pieces held, kinds allowed (None: any), pieces known there (kind -> how many)
Need = tuple[int, "set[str] | None", Mapping[str, int]]

TRIES = 3  # random fillings tried before the exact flow


def match(needs: list[Need], pool: Mapping[str, int], rng: random.Random
          ) -> list[list[str]] | None:
    # plain dicts kept in the order a Counter would keep them (kinds met first come first,
    # a kind used up is dropped), so the same draws deal the same pieces
    left = {k: n for k, n in pool.items() if n > 0}
    hands: list[list[str]] = []
    rest: list[int] = []
    for count, _allowed, known in needs:
        there = 0
        for k, n in known.items():
            if n > 0:
                if left.get(k, 0) < n:
                    return None
                there += n
        if there > count:
            return None
        for k, n in known.items():
            if n > 0:
                if left[k] == n:
                    del left[k]
                else:
                    left[k] -= n
        hands.append([k for k, n in known.items() for _ in range(n)])
        rest.append(count - sum(known.values()))
    if sum(rest) != sum(left.values()):
        return None
    allowed = [a for _c, a, _k in needs]
    for _ in range(TRIES):
        drawn = _fill(rest, allowed, left, rng)
        if drawn is not None:
            break
    else:
        drawn = _flow(rest, allowed, Counter(left), rng)
        if drawn is None:
            return None
    return [hand + more for hand, more in zip(hands, drawn, strict=True)]


def _fill(rest: list[int], allowed: list[set[str] | None], pool: dict[str, int],
          rng: random.Random) -> list[list[str]] | None:
    """Most constrained place first, each drawing its pieces at random from what fits."""
    left = dict(pool)
    kinds = len(left)
    order = sorted(range(len(rest)), key=lambda i: (
        len(allowed[i]) if allowed[i] is not None else kinds + 1, rng.random()))
    out: list[list[str]] = [[] for _ in rest]
    for i in order:
        if not rest[i]:
            continue
        fit = allowed[i]
        fits = [k for k, n in left.items() if fit is None or k in fit for _ in range(n)]
        if len(fits) < rest[i]:
            return None
        taken = rng.sample(fits, rest[i])
        for k in taken:
            if left[k] == 1:
                del left[k]
            else:
                left[k] -= 1
        out[i] = taken
    return out


def _flow(rest: list[int], allowed: list[set[str] | None], pool: Counter[str],
          rng: random.Random) -> list[list[str]] | None:
    """A maximum flow kinds -> places (augmenting paths, in random order): a matching if
    any exists."""
    kinds = list(pool)
    rng.shuffle(kinds)
    places = list(range(len(rest)))
    edges = {k: [i for i in places if allowed[i] is None or k in allowed[i]] for k in kinds}
    for targets in edges.values():
        rng.shuffle(targets)
    supply = Counter(pool)
    demand = list(rest)
    flow: dict[tuple[str, int], int] = Counter()
    while True:
        path = _augmenting(kinds, edges, supply, demand, flow)
        if path is None:
            break
        for k, i, sign in path:
            flow[(k, i)] += sign
        supply[path[0][0]] -= 1
        demand[path[-1][1]] -= 1
    if any(demand):
        return None
    out: list[list[str]] = [[] for _ in rest]
    for (k, i), m in flow.items():
        out[i].extend([k] * m)
    return out


def _augmenting(kinds, edges, supply, demand, flow):
    """One unit from a kind with supply left to a place with demand left, through the
    residual graph (kind -> place on an edge; place -> kind back along flow already sent)."""
    start = [k for k in kinds if supply[k] > 0]
    came: dict[object, tuple] = {("k", k): None for k in start}
    todo = deque(("k", k) for k in start)
    while todo:
        node = todo.popleft()
        if node[0] == "k":
            k = node[1]
            for i in edges[k]:
                nxt = ("p", i)
                if nxt not in came:
                    came[nxt] = (node, k, i, 1)
                    if demand[i] > 0:
                        return _path(came, nxt)
                    todo.append(nxt)
        else:
            i = node[1]
            for k in kinds:
                nxt = ("k", k)
                if nxt not in came and flow[(k, i)] > 0:
                    came[nxt] = (node, k, i, -1)
                    todo.append(nxt)
    return None


def _path(came, end) -> list[tuple[str, int, int]]:
    steps = []
    node = end
    while came[node] is not None:
        prev, k, i, sign = came[node]
        steps.append((k, i, sign))
        node = prev
    steps.reverse()
    return steps
