"""Errors a user can cause, each with a place in the rule text and a plain message."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from interpreter.language.nodes import Loc


class RulesError(Exception):
    """Base of every error the tools report to a user (never shown as a traceback)."""


class RulesetError(RulesError):
    """A mistake in a ruleset, found while loading or checking it."""

    def __init__(self, message: str, loc: Loc | None = None, hint: str | None = None,
                 layer: str | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc
        self.hint = hint
        self.layer = layer

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        """`file:line:col: message`, then the source line with a caret, then the hint."""
        head = f"{self.loc}: {self.message}" if self.loc else self.message
        if self.layer:
            head += f" [in layer {self.layer}]"
        lines = [head]
        source = source_line(self.loc) if self.loc else None
        if source is not None:
            lines.append("    " + source.rstrip())
            lines.append("    " + " " * max(self.loc.column - 1, 0) + "^")
        if self.hint:
            lines.append(f"    {self.hint}")
        return "\n".join(lines)


class RulesetErrors(RulesError):
    """Several ruleset errors found in one pass."""

    def __init__(self, errors: list[RulesetError]):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors

    def __str__(self) -> str:
        return "\n".join(e.render() for e in self.errors)


class IllegalMove(RulesError):
    """A decision that the rules do not allow; the game state is unchanged."""


class GameRuleError(RulesError):
    """A ruleset that went wrong while a game was running (a rule asked for the impossible)."""

    def __init__(self, message: str, loc: Loc | None = None):
        super().__init__(f"{loc}: {message}" if loc else message)
        self.message = message
        self.loc = loc


class SaveFileError(RulesError):
    """A save or replay file that cannot be read."""


_SOURCES: dict[str, list[str]] = {}


def remember_source(path: str, text: str) -> None:
    """Keep a file's text so that errors can quote its lines."""
    _SOURCES[path] = text.splitlines()


def source_line(loc: Loc) -> str | None:
    lines = _SOURCES.get(loc.file)
    if lines is None:
        try:
            lines = Path(loc.file).read_text(encoding="utf-8").splitlines()
        except OSError:
            return None
        _SOURCES[loc.file] = lines
    if 1 <= loc.line <= len(lines):
        return lines[loc.line - 1]
    return None


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    import difflib  # only when a name is unknown: not on every load

    close = difflib.get_close_matches(name, list(candidates), n=3, cutoff=0.6)
    if not close:
        return None
    return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


# Python errors that a rule can cause while a game runs (a ruleset's mistake, not the engine's).
PYTHON_ERRORS = (KeyError, TypeError, IndexError, ValueError, ZeroDivisionError, AttributeError,
                 OverflowError, RecursionError, NameError, MemoryError)

_TYPE_WORDS = {"int": "a number", "float": "a number", "str": "a text", "list": "a list",
               "dict": "a table row or a pile", "NoneType": "nothing (none)", "bool": "yes/no",
               "Table": "a whole table", "tuple": "a list"}


_DIGITS = re.compile(r"limit \((\d+) digits\) for integer string conversion"
                     r"(?:: value has (\d+) digits)?")


def too_many_digits(exc: BaseException) -> str | None:
    """Python's error on reading or writing a whole number of more digits than its limit
    (sys.get_int_max_str_digits()) in words: "a number of N digits, more than LIMIT"; None
    for another error."""
    m = _DIGITS.search(str(exc)) if isinstance(exc, ValueError) else None
    if m is None:
        return None
    limit, has = m.groups()
    return f"a number of {int(has):,} digits, more than {int(limit):,}" if has else \
        f"a number of more than {int(limit):,} digits"


def explain(exc: BaseException) -> str:
    """A Python error inside a rule, in the words of the rules."""
    digits = too_many_digits(exc)
    if digits is not None:
        return f"{digits}: too long to write"
    if isinstance(exc, RecursionError):
        return "a function calls itself without end"
    if isinstance(exc, KeyError):
        return (f"there is no {exc.args[0]!r} here (a name without a value, a missing entry, "
                "or an attribute the value does not have)")
    if isinstance(exc, NameError):  # a local of a procedure read before it is set
        m = re.search(r"'l_(\w+)'", str(exc))
        return f"'{m.group(1) if m else '?'}' is used before it has a value"
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    if isinstance(exc, IndexError):
        return "a position past the end of a list"
    if isinstance(exc, OverflowError):
        return "a number too large"
    if isinstance(exc, MemoryError):
        return "a value too large for the memory"
    text = str(exc)
    m = re.match(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'", text)
    if m:
        op, a, b = m.groups()
        return f"cannot compute {_TYPE_WORDS.get(a, a)} {op} {_TYPE_WORDS.get(b, b)}"
    m = re.match(r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'", text)
    if m:
        op, a, b = m.groups()
        return f"cannot compare {_TYPE_WORDS.get(a, a)} with {_TYPE_WORDS.get(b, b)} ({op})"
    m = re.match(r"'(\w+)' object is not (subscriptable|iterable)", text)
    if m:
        what = _TYPE_WORDS.get(m.group(1), "this value")
        return f"{what} has no entries" if m.group(2) == "subscriptable" else \
            f"{what} is not something to go through"
    m = re.match(r"can only concatenate (\w+) \(not \"(\w+)\"\) to (\w+)", text)
    if m:
        return f"cannot add {_TYPE_WORDS.get(m.group(2), m.group(2))} to " \
               f"{_TYPE_WORDS.get(m.group(1), m.group(1))}"
    return "a value of the wrong kind for this rule"
