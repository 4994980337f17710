"""What a decision scores, and the final scoring if the game ended now, from a player's view.

Both work on a sample of the game as the player sees it (`sampling.sample_game`: what the
player cannot see is dealt at random anew, the coming draws are unknown), so they never tell
a player what their view hides. The scores are the ruleset's own (`score`, and its
`final_scoring` procedure). Nothing here knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.bots.sampling import sample_game
from interpreter.engine.rng import private_random, seed_state
from interpreter.engine.runtime import FINAL
from interpreter.language.errors import GameRuleError, IllegalMove

if TYPE_CHECKING:
    from interpreter.engine.runtime import Decision, Game

DRAWN_AGAIN = 4  # final scorings tried with other random draws, when it draws
MAX_PREVIEWED = 200  # options a preview plays out; past that, no preview (and it says so)


@dataclass
class Preview:
    """For each option (in order), the change of each player's score it brings at once."""

    changes: list[dict[str, int]]
    skipped: int = 0  # options not played out (too many)

    @property
    def scores(self) -> bool:
        """Does any option change a score?"""
        return any(self.changes)


@dataclass
class Ending:
    """The scores now and after the final scoring, and what the final scoring said."""

    now: dict[str, Any]
    end: dict[str, Any]
    lines: list[str] = field(default_factory=list)
    chance: bool = False  # the final scoring drew at random (the sample's draws, not the game's)
    others: list[dict[str, Any]] = field(default_factory=list)  # `end` with other draws
    drawn: set[str] = field(default_factory=set)  # the lines other draws did not all write

    def end_range(self, player: str) -> tuple[Any, Any]:
        """The least and most the player ends with over the draws tried."""
        ends = [self.end[player], *(other[player] for other in self.others)]
        try:
            return min(ends), max(ends)
        except TypeError:  # scores that are no numbers: the first draw's
            return self.end[player], self.end[player]

    def first_words(self, player: str) -> str:
        """Whether the player ends first, as far as the draws tried allow ('' where none puts
        them first): 'first' where every draw does, alone; 'tied for first' where every draw
        ties them at the top; where some draws do, the share and the other places ('first
        in 3 of 5 draws, else second', 'first in 1 of 5 draws, else second or third'; one
        line of 80 with the points). Seed 315's newcomer read 'Player 1 28 at the end
        (first)' above 'Player 3 26 to 32 at the end': a rank the estimate could not
        support."""
        draws = [self.end, *self.others]
        try:
            above = [sum(draw[o] > draw[player] for o in draw if o != player) for draw in draws]
            level = [any(draw[o] == draw[player] for o in draw if o != player)
                     for draw in draws]
        except TypeError:  # scores that are no numbers: no rank
            return ""
        alone = sum(n == 0 and not tie for n, tie in zip(above, level, strict=True))
        tied = sum(n == 0 and tie for n, tie in zip(above, level, strict=True))
        if alone + tied == 0:
            return ""
        word = "first" if not tied else "tied for first" if not alone else \
            "first or tied for first"
        if alone + tied == len(draws):
            return word
        return f"{word} in {alone + tied} of {len(draws)} draws, else " + \
            " or ".join(_place(1 + n) for n in sorted(set(above) - {0}))


def _place(n: int) -> str:
    """'second' for 2, up to 'fourth'; '5th', '21st', ... past it."""
    words = ("first", "second", "third", "fourth")
    if n <= len(words):
        return words[n - 1]
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th')}"


def _sample(game: Game, viewer: str) -> Game:
    return sample_game(game, viewer, private_random(game.state["seed"], game.state["step"],
                                                    viewer, "preview"))


def preview(game: Game, decision: Decision, viewer: str) -> Preview | None:
    """The score change each option brings (up to the next decision); None when the options
    cannot be played out on a sample."""
    if len(decision.options) > MAX_PREVIEWED:
        return Preview([], skipped=len(decision.options))
    try:
        sample = _sample(game, viewer)
        now = sample.scores()
        changes = []
        for option in decision.options:
            twin = sample.clone()
            twin.logging = False
            twin.apply(option)
            after = twin.scores()
            changes.append({p: after[p] - now[p] for p in game.players if after[p] != now[p]})
    except (GameRuleError, IllegalMove):
        return None
    return Preview(changes)


def if_ended_now(game: Game, viewer: str) -> Ending | None:
    """The final scoring run now on the viewer's sample; None if the rules cannot run it."""
    try:
        sample = _sample(game, viewer)
        twin = _finally_scored(sample)
        if twin is None:
            return Ending(sample.scores(), sample.scores())
        ending = Ending(sample.scores(), twin.scores(), list(twin.events),
                        twin.state.get("draws") != sample.state.get("draws"))
        if ending.chance:  # the same sample with other draws: what they change is said so
            rng = private_random(game.state["seed"], game.state["step"], viewer, "drawn")
            again = [_finally_scored(sample, rng.getrandbits(63)) for _ in range(DRAWN_AGAIN)]
            ending.others = [g.scores() for g in again if g is not None]
            ending.drawn = {line for line in ending.lines
                            if not all(line in g.events for g in again if g is not None)}
        return ending
    except (GameRuleError, IllegalMove):
        return None


def final_worth(game: Game, seed: int) -> dict[str, Any] | None:
    """What the final scoring, run now on `game` (its random draws from `seed`), adds to each
    player's score; None where the rules have no final scoring or the game is over."""
    twin = _finally_scored(game, seed, logging=False)
    if twin is None:
        return None
    now, end = game.scores(), twin.scores()
    try:
        return {p: end[p] - now[p] for p in now}
    except TypeError:  # scores that are no numbers
        return None


def _finally_scored(sample: Game, seed: int | None = None, logging: bool = True
                    ) -> Game | None:
    """A copy of `sample` after its final scoring (with random draws from `seed` when
    given), its log lines kept; None when the rules have no final scoring or it is over."""
    if FINAL not in sample.program.procs or sample.over:
        return None
    twin = sample.clone()
    twin.logging = logging  # the final scoring's own lines, for the player to read
    twin.events = []
    if seed is not None:
        twin.state["rng"] = seed_state(seed)
    twin.stack.clear()
    twin.perform(FINAL)
    return twin


def common_points(changes: list[dict[str, int]]) -> tuple[dict[str, int],
                                                         list[dict[str, int]]]:
    """What every option gives each player at least (the least of its changes, when it is
    not 0), and what each option gives beyond that. An option that ends the game gives the
    final scoring's points whatever it is: said once, each option shows only its own part."""
    players = {p for change in changes for p in change}
    common = {p: least for p in players
              if (least := min(change.get(p, 0) for change in changes)) != 0}
    extras = [{p: change.get(p, 0) - common.get(p, 0) for p in sorted(players)
               if change.get(p, 0) != common.get(p, 0)} for change in changes]
    return common, extras


def change_text(game: Game, change: dict[str, int], viewer: str) -> str:
    """'you +4, Ben +1' (the viewer first), or 'no points'."""
    if not change:
        return "no points"
    order = sorted(change, key=lambda p: (p != viewer, game.players.index(p)))
    return ", ".join(f"{'you' if p == viewer else game.label(p)} {change[p]:+d}"
                     for p in order)
