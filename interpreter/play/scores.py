"""The final scores in words: best first, the tie-break only where it decided, the winners.

Used by the terminal (`rules play`, `rules show`) and the browser table (`rules serve`), which
draws the same rows as a table. Nothing here knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


@dataclass
class ScoreRow:
    player: str
    name: str
    score: Any
    tiebreak: Any = None  # the tie-break value, only when the player shares a score
    winner: bool = False


def tiebreak_label(game: Game) -> str | None:
    """The ruleset's tie-break in words (`tiebreak` function's description), or None."""
    func = game.program.funcs.get("tiebreak")
    return (func.decl.label or "tie-break") if func is not None else None


def score_rows(game: Game) -> list[ScoreRow]:
    """The players best first; the tie-break is given for those who share a score with
    another player (where it decided), never for the others."""
    has_tiebreak = tiebreak_label(game) is not None
    rows = sorted(game.players, key=game.rank_key, reverse=True)  # lowest first if it wins
    scores = [game.score(p) for p in rows]
    winners = set(game.winners())
    return [ScoreRow(p, game.label(p), game.score(p),
                     game.tiebreak(p) if has_tiebreak and scores.count(game.score(p)) > 1
                     else None, p in winners)
            for p in rows]


def final_scores(game: Game) -> str:
    """The final scores, best first, with the tie-break where it decided, and the winner(s)."""
    label = tiebreak_label(game)
    rows = score_rows(game)
    width = max(len(r.name) for r in rows)
    lines = ["Final scores:"]
    for r in rows:
        line = f"  {r.name:<{width}}  {r.score!s:>5}"
        if r.tiebreak is not None:
            line += f"   (tie-break, {label}: {r.tiebreak})"
        lines.append(line)
    winners = [r.name for r in rows if r.winner]
    if len(winners) == 1:
        lines.append(f"Winner: {winners[0]}")
    else:
        lines.append(f"Winners (a tie): {', '.join(winners)}")
    return "\n".join(lines)
