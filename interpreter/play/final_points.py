"""The end page's table of the final scoring, made to add up: a first row with each player's
points scored during play (the score just before the final scoring ran) and a last row with
the total, so each column adds up to the player's score. Nothing here knows any game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError
from interpreter.play.history import History, short_hash
from interpreter.play.undo import replayed_from_start

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

DURING_PLAY = "points during play"
TOTAL = "total"


def scores_before_final(ruleset: Ruleset, game: Game,
                        history: History) -> dict[str, Any] | None:
    """Each player's score when the game ended, before its final scoring ran: the game is
    played again up to its last decision, which is then taken on a copy marked as having
    had its final scoring (the mark the engine sets when it starts it: `final_done`), so the
    copy ends without it. None when that cannot be worked out (no decision was taken, or
    the game played again is not the game's own)."""
    moves = history.moves
    if not moves or not game.over or len(history.hashes) != len(moves) + 1:
        return None
    again = replayed_from_start(ruleset, game, moves[:-1])
    if again is None or short_hash(again) != history.hashes[-2]:
        return None
    try:
        again.state["final_done"] = True
        again.apply(moves[-1])
    except RulesError:
        return None
    return again.scores() if again.over else None


def with_play_points(table: dict[str, Any] | None, game: Game,
                     before: dict[str, Any] | None) -> dict[str, Any] | None:
    """The display's final table (title, columns, rows of text) with the points during play
    first and the total last, when every score is a number; else as it is."""
    if table is None or before is None or \
            not all(isinstance(before.get(p), int) for p in game.players):
        return table
    scores = game.scores()
    if not all(isinstance(scores[p], int) for p in game.players):
        return table
    first = [DURING_PLAY, *(str(before[p]) for p in game.players)]
    last = [TOTAL, *(str(scores[p]) for p in game.players)]
    return {**table, "rows": [first, *table["rows"], last], "summed": True}


def column_sums(table: dict[str, Any]) -> list[int]:
    """Each player's column of the table summed (a cell that is no number counts 0), the
    total row left out."""
    sums = [0] * len(table["columns"])
    for row in table["rows"]:
        if row[0] == TOTAL:
            continue
        for k, cell in enumerate(row[1:]):
            text = str(cell).strip()
            sums[k] += int(text) if text.lstrip("-").isdigit() else 0
    return sums
