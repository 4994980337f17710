"""What a game's score trace says: the seats' scores at the start, after every turn (every
decision in a ruleset without a variable `turns`) and at the end (games.py records it).

- The leaders at a point: the seats with the best score (the highest, or the lowest where
  the lowest wins); nobody leads while every seat has the same score.
- Lead changes: how many times the leaders changed from one point where somebody leads to
  the next such point. 0: whoever went ahead first stayed ahead; many: a see-saw game.
- Decisiveness: the share of the game's turns played after the winner took the lead for
  good (the turn after which a winner is always among the leaders, a shared lead counting).
  Near 1: the winner led from the first turns on, and the rest of the game was already
  settled ((T - 1) / T for a lead taken in the first of T turns); 0: the winner went
  ahead only at the end (the final scoring decided it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LEAD_CHANGES_LABEL = "times the leaders changed between turns (the score trace)"
DECISIVENESS_LABEL = "share of the turns played after the winner took the lead for good"


def leaders(scores: Sequence[Any], lowest_wins: bool = False) -> frozenset[int] | None:
    """The seats (by index) with the best score; None when every seat has it."""
    best = min(scores) if lowest_wins else max(scores)
    top = frozenset(i for i, v in enumerate(scores) if v == best)
    return None if len(top) == len(scores) else top


def lead_changes(trace: Sequence[Sequence[Any]], lowest_wins: bool = False) -> int:
    """How many times the leaders changed between points where somebody leads."""
    changes, before = 0, None
    for point in trace:
        now = leaders(point, lowest_wins)
        if now is None:
            continue
        if before is not None and now != before:
            changes += 1
        before = now
    return changes


def decisiveness(trace: Sequence[Sequence[Any]], seats: Sequence[str],
                 winners: Sequence[str], lowest_wins: bool = False) -> float:
    """The share of the turns played after the winner took the lead for good."""
    turns = len(trace) - 1
    if turns < 1:
        return 0.0
    won = {seats.index(w) for w in winners if w in seats}
    since = 0  # the first point from which a winner is among the leaders to the end
    for i, point in enumerate(trace):
        now = leaders(point, lowest_wins)
        if now is None or not now & won:
            since = i + 1
    return max(0.0, (turns - min(since, turns)) / turns)
