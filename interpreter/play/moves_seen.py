"""The moves a step really made, as the engine tells them, and the choices it took alone.

A step (one decision applied) is played again on a copy of the game with a watcher
(`Game.watch`: the engine tells it of every `move`) and with `Game.auto` off, so that a
decision with one legal option stops the copy too: it is taken there, as the game takes it,
and noted. The game itself is then played as usual (its own watcher, bots' beliefs, is left
alone). Previews (consequences.py) watch their copies the same way.

Each move keeps what a player may know of it: the kinds of the pieces are seen by a player
who sees into the place they left or the place they reached, or when the rule named a single
kind in public, or when the piece was the top of a stack seen by its top or lands on one
(the visibility the views use). Nothing here knows any game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import owns
from interpreter.language.errors import GameRuleError, IllegalMove

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

# the key, after a zone's name, of the display's words for pieces put under it ("zones")
UNDER = " under"

Place = tuple[str, Any]  # zone, family key (None for a zone without an index)
UNSEEN = "?"  # a piece a player cannot tell from others (a face-down card)
DRAWN = "?drawn"  # a piece of a preview that a random draw picks (from a shuffled zone)
MOST_LONE = 20  # lone choices followed in one step; past that the copy stops (a safeguard)


@dataclass(frozen=True)
class Moved:
    """One `move`: `pieces` went from `source` to `dest`."""

    source: Place
    dest: Place
    pieces: tuple[str, ...]
    public: bool  # the kinds are seen by all (a single kind named in public, a top seen)
    bottom: bool  # put under a stack
    logged: int = field(default=-1, compare=False)  # the step's log lines written before
    # it (-1: not known); moves alike are equal wherever in the log they came
    decided: bool = field(default=True, compare=False)  # made by the step's decision: while
    # the procedure that asked it still ran, no choice of another player's taken since (not
    # what the rules went on to do once it had returned: a pass that ended a round of offers
    # did not declare the winner's closing of a place)

    def kinds_for(self, game: Game, viewer: str, ahead: bool = False,
                  drawn: frozenset[str] = frozenset()) -> list[str]:
        """The pieces as `viewer` knows them: each its kind, or UNSEEN. `ahead`: a move on a
        sample, ahead of the game (a preview): where the pieces arrive tells nothing, since
        what the viewer cannot see yet (a face-down card drawn) was dealt there at random;
        and pieces taken from a zone shuffled on the way (`drawn`: the random streams the
        run drew from) are DRAWN, whatever the viewer sees there: the draw picks them."""
        if ahead and place_name(self.source) in drawn:
            return [DRAWN] * len(self.pieces)
        if self.public or sees_into(game, self.source, viewer) or \
                not ahead and sees_into(game, self.dest, viewer):
            return list(self.pieces)
        return [UNSEEN] * len(self.pieces)


@dataclass(frozen=True)
class Lone:
    """A decision with one legal option, taken without asking."""

    player: str
    prompt: str
    label: str
    before: tuple[str, ...]  # the log lines written since the decision before it
    after: tuple[str, ...] = ()  # and after it, up to the next decision
    about: str = ""  # what it was about, in the display's words ('in the round for X')
    option: Any = None  # the option taken (a place of the board, a value)


def place_name(place: Place) -> str:
    """A place as the engine names it ('stack[red]'), the name of its random stream too."""
    zone, key = place
    return zone if key is None else f"{zone}[{key}]"


def sees_into(game: Game, place: Place, viewer: str) -> bool:
    """Whether `viewer` sees which pieces lie in `place` (as `Game.view` shows it)."""
    vis = game.program.zones[place[0]].decl.visibility
    return vis == "public" or vis == "owner" and owns(place[1], viewer)


class Recorder:
    """A watcher (`Game.watch`) keeping every move made while it watches: set on a game,
    or given to `Game.start` with no game (it is told of the game as it starts)."""

    def __init__(self, game: Game | None) -> None:
        self.moves: list[Moved] = []
        self.cleared = 0  # log lines the watched game wrote and forgot (watch_step)
        self.deciding: list | None = None  # the frame of the procedure that asked the
        # decision being applied (watch_step); None: every move is the decision's
        self.others_chose = False  # a choice of another player's was taken since
        self.scores_then: dict[str, int] | None = None  # the scores when the first move not
        # of the decision was made
        self._top: set[str] = set()
        if game is not None:
            self.started(game)

    def started(self, game: Game) -> None:
        self.game = game
        self._top = {n for n, z in game.program.zones.items() if z.decl.visibility == "top"}

    def moved(self, source: Any, dest: Any, taken: list[str], amount: str, bottom: bool,
              kinds: Any) -> None:
        a, b = self.place(source), self.place(dest)
        if a is None or b is None or not taken:
            return
        single = kinds.__class__ is list and len(set(kinds)) == 1
        one = len(taken) == 1
        top_out = a[0] in self._top and one and source.__class__ is list and (
            amount == "top" or kinds is None)
        top_in = b[0] in self._top and one and dest.__class__ is list and not bottom
        decided = self.deciding is None or not self.others_chose and \
            any(frame is self.deciding for frame in self.game.stack)
        if not decided and self.scores_then is None:
            self.scores_then = self.game.scores()
        self.moves.append(Moved(a, b, tuple(taken), single or top_out or top_in, bottom,
                                self.cleared + len(self.game.events), decided))

    def place(self, container: Any) -> Place | None:
        name = self.game.zone_name(container)
        if name == "?":
            return None
        zone, _, key = name.partition("[")
        return (zone, key[:-1] if key else None)


@dataclass
class StepSeen:
    """What one step did: its moves and the choices taken alone on the way; `scores_then`:
    the scores when its first move not of its decision was made (Moved.decided; None where
    all were)."""

    moves: list[Moved] = field(default_factory=list)
    lone: list[Lone] = field(default_factory=list)
    scores_then: dict[str, int] | None = None


def watch_step(game: Game, option: Any,
               about: Callable[[Game, str], str] | None = None) -> StepSeen:
    """What applying `option` to `game` will do (played on a copy; `game` is unchanged).
    An option the copy refuses tells nothing (the game will refuse it too). `about`: what a
    choice taken alone was about, for its player (a pass names the round it passed on)."""
    twin = game.clone()
    recorder = Recorder(twin)
    twin.watch = recorder
    twin.auto = False
    seen = StepSeen(recorder.moves)
    asked: list[tuple[str, str, str, str, Any]] = []  # the lone choices met: player,
    # prompt, label, what it was about, the option
    lines: list[tuple[str, ...]] = []  # the log lines before each, and after the last
    recorder.deciding = twin.stack[-1] if twin.stack else None
    decider = twin.state["pending"]["player"] if twin.state["pending"] else None
    try:
        twin.apply(option)
        for _ in range(MOST_LONE):
            decision = twin.decision()
            if decision is None or len(decision.options) != 1:
                break
            lines.append(tuple(twin.events))
            recorder.cleared += len(twin.events)
            twin.events.clear()
            said = about(twin, decision.player) if about is not None else ""
            asked.append((decision.player, decision.prompt, decision.labels[0], said,
                          decision.options[0]))
            recorder.others_chose = recorder.others_chose or decision.player != decider
            twin.apply(decision.options[0])
    except (GameRuleError, IllegalMove):
        pass
    lines.append(tuple(twin.events))
    seen.scores_then = recorder.scores_then
    seen.lone = [Lone(player, prompt, label, lines[k], lines[k + 1], said, option)
                 for k, (player, prompt, label, said, option) in enumerate(asked)]
    return seen


def watched_apply(game: Game, option: Any) -> list[Moved]:
    """Apply `option` to `game` (a copy nobody else follows), recording its moves."""
    recorder = Recorder(game)
    game.watch = recorder
    try:
        game.apply(option)
    finally:
        game.watch = None
    return recorder.moves


def flows(game: Game, moves: list[Moved], viewer: str, ahead: bool = False,
          drawn: frozenset[str] = frozenset()) -> list[tuple]:
    """The moves as `viewer` knows them: (from, to, kind or UNSEEN, count, at the bottom),
    pieces of one kind between the same places counted together, in the order they moved
    (`ahead`, `drawn`: moves of a preview, see `Moved.kinds_for`)."""
    counted: Counter = Counter()
    for m in moves:
        for kind in m.kinds_for(game, viewer, ahead, drawn):
            counted[(m.source, m.dest, kind, m.bottom)] += 1
    return [(a, b, kind, n, bottom) for (a, b, kind, bottom), n in counted.items()]


__all__ = ["DRAWN", "Lone", "Moved", "Recorder", "StepSeen", "UNSEEN", "flows", "sees_into",
           "watch_step", "watched_apply"]
