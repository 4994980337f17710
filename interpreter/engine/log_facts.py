"""What a line of the log says beside its words: the values its rule filled in.

A `log` or `tell` statement fills values into its text ("{p} scores {n} in {d}."). The line
it writes is a `LogLine`: the text, as before, and its `facts`, one for each value filled in,
with the value, its kind (as the rules tell it, else as the value shows it: a player, an
entity of a type, a number, a text, a list of these) and where its words stand in the line.
A reader that wants to know who got which number, or which place a line is about, reads the
facts instead of guessing from the words ('Ann's 6' is not a 6 given to Ann).

A LogLine is a text: every reader of the log reads it as before, and its facts go wherever
the line goes (undo, copies of the log, lists made from it). Lines written without values
(the engine's own, or a text made from a line) are plain texts: `facts_of` gives () for them.
Facts are made only when the log is kept (`rt.logging`): simulations never pay for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import concat
from typing import Any

from interpreter.engine.kind_check import LIST, NUMBER, TEXT, TRUTH
from interpreter.engine.world import PLAYER

NOTHING = "nothing"  # the kind of a value that is none (it reads 'nobody')


@dataclass(frozen=True, slots=True)
class Fact:
    """A value a log line filled in: `kind` ('player', a type's name, 'number', 'text',
    'yes/no', 'list of ...'), the `value` (a list as a tuple), and where its words stand in
    the line: `line[start:end]`."""

    kind: str
    value: Any
    start: int
    end: int


class LogLine(str):
    """A line of the log with the values its rule filled in (see the module docstring). Its
    facts are worked out when first read, from what `filled` kept (most lines are never
    read so: the log of a game played at a table costs little more than its words)."""

    _facts: tuple[Fact, ...] | None = None
    _made: tuple | None = None  # (world, template, values, their labels): see filled

    @property
    def facts(self) -> tuple[Fact, ...]:
        if self._facts is None:
            self._facts = _facts_made(*self._made) if self._made is not None else ()
            self._made = None
        return self._facts

    def __reduce__(self) -> tuple:
        """A copy or a pickle keeps the text and the facts (not the world they came from)."""
        return _line_with, (str(self), self.facts)


def _line_with(text: str, facts: tuple[Fact, ...]) -> LogLine:
    line = LogLine(text)
    line._facts = facts
    return line


@dataclass(frozen=True, slots=True)
class LineTemplate:
    """A log statement's text as the compiler knows it: the rule's own `words` around the
    values (one more than the values) and each value's `kinds` (None: not known before the
    game, taken from the value)."""

    words: tuple[str, ...]
    kinds: tuple[str | None, ...]


SEALED = LineTemplate(("", " has chosen."), (PLAYER,))  # the engine's line of a secret choice


def revealed(players: int) -> LineTemplate:
    """The engine's line that reveals the secret choices of `players` players: 'Revealed:
    Ann: red; Bob: blue.' (each player, then what they chose)."""
    words = ("Revealed: ", *(": ", "; ") * (players - 1), ": ", ".") if players else \
        ("Revealed: .",)
    return LineTemplate(words, (PLAYER, None) * players)


def filled(rt: Any, template: LineTemplate, values: tuple) -> LogLine:
    """The line of `template` with `values` filled in by their labels (the same text as the
    words and the labels joined), with what its facts are made of when read."""
    labels = tuple(map(rt.label, values))
    line = LogLine(template.words[0] + "".join(map(concat, labels, template.words[1:])))
    if list in map(type, values):  # the game may change a list later: the line keeps it
        values = tuple(map(_kept, values))
    line._made = (rt.world, template, values, labels)
    return line


def _facts_made(world: Any, template: LineTemplate, values: tuple, labels: tuple
                ) -> tuple[Fact, ...]:
    """The facts of a line that `filled` made."""
    facts, at = [], len(template.words[0])
    for value, kind, said, after in zip(values, template.kinds, labels, template.words[1:],
                                        strict=True):
        facts.append(Fact(kind or kind_of(world, value), _kept(value), at, at + len(said)))
        at += len(said) + len(after)
    return tuple(facts)


def kind_of(world: Any, value: Any) -> str:
    """A value's kind as the value shows it (where the rules do not tell it)."""
    if value.__class__ is bool:
        return TRUTH
    if value.__class__ is int:
        return NUMBER
    if value is None:
        return NOTHING
    if isinstance(value, str):
        return world.member_of.get(value) or world.kind_of.get(value) or TEXT
    if isinstance(value, list | tuple):
        kinds = {kind_of(world, item) for item in value}
        return LIST + kinds.pop() if len(kinds) == 1 else LIST.strip()
    return TEXT


def _kept(value: Any) -> Any:
    """The value as the line keeps it: a list as a tuple (the game may change the list)."""
    return tuple(_kept(v) for v in value) if isinstance(value, list | tuple) else value


def facts_of(line: str) -> tuple[Fact, ...]:
    """The facts of a line of the log (() for a line written without values)."""
    return getattr(line, "facts", ())


def without_stop(line: str) -> str:
    """A log line without its full stop, its facts kept (their words stand before it)."""
    text = line.rstrip(".")
    facts = facts_of(line)
    if not facts:
        return text
    return _line_with(text, tuple(f for f in facts if f.end <= len(text)))
