"""What an option changes that the rules' own functions can tell, said on its line.

A display file's `option_notes` name a value of the rules language (`value`, with `viewer`)
and the words for it (`text`, with `viewer`, `before`, `after` and `option`, the option
itself): the value is worked out before the decision and after each option, on a copy of the
game as the deciding player sees it (what they cannot see dealt at random, so a note tells
nothing hidden), and the note is said where `when` holds (without `when`: where the value
changes). A note with `alone` says all that matters of the options where it holds: what they
set off (consequences.py: pieces that flow back after an offer that cannot succeed) is not
said beside it. A note with `during` is said only at the decisions those procedures ask (a note for
a choice of a few options, kept off a choice of many where it would crowd the screen). A note
with `short` says that instead on a screen with no room for the whole notes (a terminal's
list of many places); the browser says the whole. A note with `running` names locals of
procedures under way after the option (`name: {procedure, local, default}`, as the board's
`running`), for its `when` and `text`: where the rules keep a fact in a procedure's local
only (who has left a round of offers). A note with `kept` gives the few words that stay on the
option's line on every screen, even one that shows the options' bare names (a warning the
player must not miss). A value that cannot be worked out (a
minimum of nothing) is `none`. Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.bots.sampling import sample_game
from interpreter.engine.rng import private_random
from interpreter.language.errors import GameRuleError, IllegalMove
from interpreter.play.under_way import running_local

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

NAMES = ("viewer", "before", "after", "option")  # the names `when` and `text` may use


@dataclass
class OptionNote:
    """One entry of `option_notes`, compiled."""

    value: Callable
    text: Callable
    when: Callable | None = None
    during: tuple[str, ...] = ()
    short: Callable | None = None  # the words where the screen is cramped (None: `text`)
    alone: bool = False  # where it holds, the option's consequences are not said
    # name -> (procedure, local, default): a local under way after the option, or the default
    running: dict[str, tuple[str, str, Callable | None]] = field(default_factory=dict)
    kept: Callable | None = None  # the words said on the option's line on every screen

    def applies(self, game: Game) -> bool:
        """Whether the note may be said at the decision `game` asks now (see `during`)."""
        return not self.during or asking_procedure(game) in self.during

    def worth(self, game: Game, viewer: str) -> Any:
        """The value on `game` (None where the rules cannot work it out)."""
        try:
            return self.value(game, viewer=viewer)
        except GameRuleError:
            return None

    def said(self, game: Game, viewer: str, before: Any, option: Any,
             short: bool = False, kept: bool = False) -> str:
        """The note after `option` ('' where it does not hold); `short`: its short words;
        `kept`: its words kept on every screen ('' where it has none)."""
        after = self.worth(game, viewer)
        values = {"viewer": viewer, "before": before, "after": after, "option": option}
        try:
            values |= self.locals_after(game)
            holds = after != before if self.when is None else self.when(game, **values)
            text = self.kept if kept else \
                self.short if short and self.short is not None else self.text
            return str(text(game, **values)) if holds and text is not None else ""
        except GameRuleError as exc:
            raise GameRuleError(f"an option note of the display file cannot be said: "
                                f"{exc.message}", exc.loc) from None

    def locals_after(self, game: Game) -> dict[str, Any]:
        """The values of the note's `running` names on `game` (after the option)."""
        return running_values(game, self.running)


def running_values(game: Game, running: dict[str, tuple[str, str, Callable | None]]
                   ) -> dict[str, Any]:
    """The values of a display entry's `running` names on `game`: each the local of its
    procedure under way, else its default (else none)."""
    out = {}
    for name, (proc, local, default) in running.items():
        found, value = running_local(game, proc, local)
        out[name] = value if found else (default(game) if default is not None else None)
    return out


def asking_procedure(game: Game) -> str | None:
    """The procedure of the rules that asks the decision now (None outside any)."""
    stack = getattr(game, "stack", None)
    return stack[-1][0] if stack else None


class Notes(list):
    """The notes of each option (strings), for each option whether a note that says all
    that matters of it (`alone`) holds there, and the words kept on its line on every
    screen (`kept`: '' where none)."""

    def __init__(self, said: list[str], alone: list[bool], kept: list[str] | None = None
                 ) -> None:
        super().__init__(said)
        self.alone = alone
        self.kept = kept if kept is not None else [""] * len(said)


def option_notes(notes: list[OptionNote], game: Game, viewer: str,
                 options: list[Any], short: bool = False) -> Notes:
    """For each option, its notes joined ('the limit falls to 1'); '' where none holds;
    `short`: the notes' short words where they have them."""
    notes = [note for note in notes if note.applies(game)]
    if not notes:
        return Notes([""] * len(options), [False] * len(options))
    seen = sample_game(game, viewer, private_random(game.state["seed"], game.state["step"],
                                                    viewer, "option notes"))
    before = [note.worth(seen, viewer) for note in notes]
    out, alone, kept = [], [], []
    for option in options:
        twin = seen.clone()
        try:
            twin.apply(option)
        except (GameRuleError, IllegalMove):
            out.append("")
            alone.append(False)
            kept.append("")
            continue
        said = [note.said(twin, viewer, was, option, short)
                for note, was in zip(notes, before, strict=True)]
        out.append("; ".join(x for x in said if x))
        alone.append(any(x and note.alone for x, note in zip(said, notes, strict=True)))
        kept.append("; ".join(filter(None, (note.said(twin, viewer, was, option, kept=True)
                                            for note, was in zip(notes, before, strict=True)
                                            if note.kept is not None))))
    return Notes(out, alone, kept)


def with_notes(labels: list[str], notes: list[str]) -> list[str]:
    """The options' labels, each with its notes ('red 6 (the limit falls to 1)'): the words
    the terminal and the browser both show."""
    return [f"{label} ({note})" if note else label
            for label, note in zip(labels, notes, strict=True)]
