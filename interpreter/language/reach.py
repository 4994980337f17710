"""What a set of names reaches through the names each one uses: the closure the book (which
rules a game's play reaches) and the lockstep report (which rules a difference reaches) share."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def reachable(roots: Iterable[str], neighbours: Callable[[str], Iterable[str]]) -> set[str]:
    """Every name reached from `roots` (themselves included), following `neighbours`."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(n for n in neighbours(name) if n not in seen)
    return seen
