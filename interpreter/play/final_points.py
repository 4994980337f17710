"""The end page's table of the final scoring, made to add up: a first row with each player's
points scored during play (the score just before the final scoring ran) and a last row with
the total, so each column adds up to the player's score. The points of a decision that
changed the name of a row with no points of its own (a place closed by it) go into that
row, not into the points during play: the decision that ended the game, or one before it.
Nothing here knows any game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError
from interpreter.play.history import History, short_hash
from interpreter.play.undo import replayed_from_start

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

DURING_PLAY = "points during play"
TOTAL = "total"


def before_final(ruleset: Ruleset, game: Game,
                 history: History) -> tuple[Game, Game] | None:
    """The game before its last decision, and that decision taken without the final
    scoring: the game is played again up to its last decision, which is then taken on a
    copy marked as having had its final scoring (the mark the engine sets when it starts
    it: `final_done`), so the copy ends without it. None when that cannot be worked out (no
    decision was taken, or the game played again is not the game's own)."""
    moves = history.moves
    if not moves or not game.over or len(history.hashes) != len(moves) + 1:
        return None
    again = replayed_from_start(ruleset, game, moves[:-1])
    if again is None or short_hash(again) != history.hashes[-2]:
        return None
    ended = again.clone()
    try:
        ended.state["final_done"] = True
        ended.apply(moves[-1])
    except RulesError:
        return None
    return (again, ended) if ended.over else None


def end_table(render: Callable[[Game], dict[str, Any] | None], ruleset: Ruleset, game: Game,
              history: History) -> dict[str, Any] | None:
    """The display's final table (`render`: Display.final_table_of) made to add up
    (with_play_points). A row whose cells are blank and whose name a decision changed (a
    place closed by it: 'X (closed)') gets the points of that decision, whichever it was: the
    last one or one during play (seed 314's newcomer read the closing that ended the game in
    its row, and the one before it blank, its points among those during play)."""
    table = render(game)
    pair = before_final(ruleset, game, history)
    if table is None or pair is None:
        return with_play_points(table, game, None)
    ended = pair[1]
    before = ended.scores()
    blank = {k for k, row in enumerate(table["rows"])
             if not any(str(c).strip() for c in row[1:])}
    gains = _renamed_gains(render, ruleset, game, history.moves, ended, blank) if blank else {}
    label = DURING_PLAY
    if gains and all(isinstance(before.get(p), int) for p in game.players):
        for k, gain in gains.items():
            row = table["rows"][k]
            table["rows"][k] = [row[0], *(str(gain[p]) for p in game.players)]
            before = {p: before[p] - gain[p] for p in game.players}
        label = apart_label([str(table["rows"][k][0]) for k in sorted(gains)])
    return with_play_points(table, game, before, label)


def apart_label(names: list[str]) -> str:
    """The first row's name where the rows `names` hold points scored during play (a place
    closed then): 'points during play' did not say that they are not in it (seed 316's
    newcomer read 65 there, their score before the final scoring being 70). Rows named alike
    but for their place ('X (closed)', 'Y (closed)') are said by what they share: 'points
    during play, each closed apart'."""
    shared = {re.sub(r"^.*\(([^()]+)\)$", r"\1", name) for name in names}
    if len(shared) == 1 and all(name.endswith(")") for name in names):
        return f"{DURING_PLAY}, {'each' if len(names) > 1 else 'the'} {shared.pop()} apart"
    return f"{DURING_PLAY}, {' and '.join(names)} apart"


def _renamed_gains(render: Callable[[Game], dict[str, Any] | None], ruleset: Ruleset,
                   game: Game, moves: list[Any], ended: Game,
                   blank: set[int]) -> dict[int, dict[str, int]]:
    """The rows among `blank` (their index in the final table) whose name one decision
    changed, alone, each with the points that decision changed: the game played again from
    its seed, the final table drawn after each decision (`ended`: after the last one,
    without the final scoring). Rows of a table whose rows come and go are not found."""
    def names(at: Game) -> list[str]:
        try:
            return [row[0] for row in (render(at) or {}).get("rows", [])]
        except RulesError:
            return []

    again = replayed_from_start(ruleset, game, [])
    if again is None:
        return {}
    out: dict[int, dict[str, int]] = {}
    was, then = names(again), again.scores()
    for step, move in enumerate(moves):
        if step == len(moves) - 1:
            again = ended
        else:
            try:
                again.apply(move)
            except RulesError:
                return {}
        now, scores = names(again), again.scores()
        changed = [k for k in blank if k < min(len(was), len(now)) and was[k] != now[k]]
        if len(changed) == 1 and all(isinstance(then.get(p), int) and
                                     isinstance(scores.get(p), int) for p in game.players):
            out[changed[0]] = {p: scores[p] - then[p] for p in game.players}
        was, then = now, scores
    return out


def with_play_points(table: dict[str, Any] | None, game: Game, before: dict[str, Any] | None,
                     label: str = DURING_PLAY) -> dict[str, Any] | None:
    """The display's final table (title, columns, rows of text) with the points during play
    first (its name: `label`) and the total last, when every score is a number; else as it
    is."""
    if table is None or before is None or \
            not all(isinstance(before.get(p), int) for p in game.players):
        return table
    scores = game.scores()
    if not all(isinstance(scores[p], int) for p in game.players):
        return table
    first = [label, *(str(before[p]) for p in game.players)]
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
