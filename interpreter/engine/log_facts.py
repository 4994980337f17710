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
    """A line of the log with the values its rule filled in (see the module docstring)."""

    facts: tuple[Fact, ...] = ()


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
    """The line of `template` with `values` filled in by their labels, with its facts: the
    same text as the words and the labels joined."""
    words, at = [template.words[0]], len(template.words[0])
    facts = []
    for value, kind, after in zip(values, template.kinds, template.words[1:], strict=True):
        said = rt.label(value)
        facts.append(Fact(kind or kind_of(rt, value), _kept(value), at, at + len(said)))
        words += (said, after)
        at += len(said) + len(after)
    line = LogLine("".join(words))
    line.facts = tuple(facts)
    return line


def kind_of(rt: Any, value: Any) -> str:
    """A value's kind as the value shows it (where the rules do not tell it)."""
    if value.__class__ is bool:
        return TRUTH
    if value.__class__ is int:
        return NUMBER
    if value is None:
        return NOTHING
    if isinstance(value, str):
        world = rt.world
        return world.member_of.get(value) or world.kind_of.get(value) or TEXT
    if isinstance(value, list | tuple):
        kinds = {kind_of(rt, item) for item in value}
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
    kept = LogLine(text)
    kept.facts = tuple(f for f in facts if f.end <= len(text))
    return kept
