"""A's games scored again under B, with play held fixed (`rules compare --rescore`).

Each game of A is played again under B from the same seed, decision for decision the same
moves, and recorded as a game of B: the points B's rules give for the very play A's bots
chose. This answers "what does the change do to the points, play being the same?", not "what
does it do once the players adapt to it?" (a plain compare with bots that play for points).
It holds only for a change that leaves play as it was (a score, a table of points): at every
decision B must ask the same player between the same options as A, and end when A ends;
otherwise the replay stops with an error that names the game, the decision and what
differs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import Decision
from interpreter.language.errors import RulesError
from interpreter.study.games import GameRecord, play_one

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset

HOLDS_FOR = ("--rescore holds play fixed, which needs a change that leaves play as it was "
             "(a score, a table of points); compare without --rescore to let the bots play "
             "under B's rules")


class _Replayed:
    """The 'bot' of every seat of B's game: A's move at each decision, once it has made sure
    that A's game, played alongside, asked the same player between the same options."""

    name = "replay"

    def __init__(self, a_game: Any, moves: Sequence[Any], seed: int):
        self.a_game, self.moves, self.seed = a_game, moves, seed
        self.taken = 0

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        step = self.taken + 1
        where = f"the game of seed {self.seed}, decision {step}"
        if self.taken >= len(self.moves):
            raise RulesError(f"{where}: under B the game goes on where A's ended (after "
                             f"{len(self.moves)} decisions); {HOLDS_FOR}")
        move = self.moves[self.taken]
        theirs = self.a_game.decision()
        if move not in decision.options:
            raise RulesError(f"{where}: A's move {self.a_game.label(move)} (by "
                             f"{theirs.player}) is illegal under B; {HOLDS_FOR}")
        if theirs.player != decision.player or theirs.options != decision.options:
            what = (f"B asks {decision.player} where A asks {theirs.player}"
                    if theirs.player != decision.player else
                    f"B offers {decision.player} other options than A "
                    f"({len(decision.options)} against {len(theirs.options)})")
            raise RulesError(f"{where}: {what}; {HOLDS_FOR}")
        self.a_game.apply(move)
        self.taken += 1
        return move


def rescored(a: Ruleset, b: Ruleset, players: int, records: Sequence[GameRecord],
             max_decisions: int | None = None) -> list[GameRecord]:
    """A's games (their records kept their moves) played again under B, move for move."""
    out = []
    for number, record in enumerate(records, start=1):
        if record.moves is None:
            raise ValueError("the records of A's games must keep their moves")
        a_game = a.new_game(players, record.seed, logging=False)
        replay = _Replayed(a_game, record.moves, record.seed)
        seats = {p: replay for p in a_game.players}
        again = play_one(b, players, record.seed, seats, max_decisions, number=number)
        if replay.taken < len(record.moves):
            raise RulesError(f"the game of seed {record.seed}: under B it ends after "
                             f"{replay.taken} decisions, under A after {len(record.moves)}; "
                             f"{HOLDS_FOR}")
        out.append(again)
    return out
