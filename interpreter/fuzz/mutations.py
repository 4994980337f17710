"""Mutations of real input files, for fuzzing: each function takes a random generator and a
file's contents and returns a damaged copy, the way a careless edit, a cut download or a hostile
author would damage it.

- `mutate_text`: edits of lines, numbers, tokens and brackets, cuts, random bytes and unicode;
  for rule files and YAML files alike.
- `mutate_value`: edits of a parsed JSON or YAML value (change a type or a value, nest, drop or
  add a key, huge and negative numbers), anywhere in it.
- `FILE_KINDS`: things that are not a regular file of text put in place of a file.

All are deterministic for a given generator state, so a seed reproduces a mutant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

NUMBER = re.compile(r"-?\d+")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+|\S")
BRACKETS = "()[]{}<>\"'"
SPECIAL_NUMBERS = ["0", "-1", "1", "-0", "2147483648", "99999999999999999999", "10" * 40,
                   "1" + "0" * 5000, "-" + "9" * 30, "3.5", "1e309", "0x10", "007"]
UNICODE = ["\u00e9", "\u202e", "\u0000", "\ufeff", "\U0001f600", "\u200b", "\u2028", "\x1b[2J",
           "\ud800", "\t", "\r", "\\u00e9", "\\", "{", "}", "%s", "{0}", "$(x)", "\x7f"]
DEEP = 3000  # brackets nested by a "deep" mutation


def _lines(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    n = rng.randrange(len(lines))
    op = rng.choice(["delete", "duplicate", "swap", "repeat", "move"])
    if op == "delete":
        del lines[n]
    elif op == "duplicate":
        lines.insert(n, lines[n])
    elif op == "swap":
        m = rng.randrange(len(lines))
        lines[n], lines[m] = lines[m], lines[n]
    elif op == "repeat":  # one line many times over
        lines[n:n + 1] = [lines[n]] * rng.choice([2, 10, 200, 3000])
    else:
        line = lines.pop(n)
        lines.insert(rng.randrange(len(lines) + 1), line)
    return "".join(lines)


def _number(rng: random.Random, text: str) -> str:
    spots = list(NUMBER.finditer(text))
    if not spots:
        return _token(rng, text)
    spot = rng.choice(spots)
    value = rng.choice(SPECIAL_NUMBERS + [str(int(spot.group()) + rng.choice([-1, 1])),
                                          str(-int(spot.group()))])
    return text[:spot.start()] + value + text[spot.end():]


def _token(rng: random.Random, text: str) -> str:
    spots = list(TOKEN.finditer(text))
    if not spots:
        return text + rng.choice(UNICODE)
    spot = rng.choice(spots)
    op = rng.choice(["delete", "duplicate", "insert", "replace"])
    if op == "delete":
        return text[:spot.start()] + text[spot.end():]
    other = rng.choice(spots).group()
    if op == "duplicate":
        return text[:spot.end()] + " " + spot.group() + text[spot.end():]
    if op == "insert":
        return text[:spot.start()] + other + " " + text[spot.start():]
    return text[:spot.start()] + other + text[spot.end():]


def _bracket(rng: random.Random, text: str) -> str:
    spots = [i for i, c in enumerate(text) if c in BRACKETS]
    op = rng.choice(["delete", "insert", "deep"])
    if op == "delete" and spots:
        i = rng.choice(spots)
        return text[:i] + text[i + 1:]
    i = rng.randrange(len(text) + 1)
    if op == "deep":
        opening = rng.choice("([{")
        closing = {"(": ")", "[": "]", "{": "}"}[opening]
        inner = opening * DEEP + (closing * DEEP if rng.random() < 0.5 else "")
        return text[:i] + inner + text[i:]
    return text[:i] + rng.choice(BRACKETS) + text[i:]


def _truncate(rng: random.Random, text: str) -> str:
    return text[:rng.randrange(len(text) + 1)]


def _unicode(rng: random.Random, text: str) -> str:
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(UNICODE) * rng.choice([1, 1, 2, 100]) + text[i:]


TEXT_MUTATIONS: dict[str, Callable[[random.Random, str], str]] = {
    "lines": _lines, "number": _number, "token": _token, "bracket": _bracket,
    "truncate": _truncate, "unicode": _unicode}


def splice(rng: random.Random, text: str, donor: str) -> str:
    """`text` with a few lines of `donor` (another real file) put in at a random line."""
    lines, given = text.splitlines(keepends=True), donor.splitlines(keepends=True)
    if not given:
        return text
    start = rng.randrange(len(given))
    at = rng.randrange(len(lines) + 1)
    return "".join(lines[:at] + given[start:start + rng.choice([1, 2, 5, 20])] + lines[at:])


def mutate_text(rng: random.Random, text: str, edits: int | None = None,
                donors: list[str] | None = None) -> bytes:
    """`text` after 1-3 random edits (or `edits`), as UTF-8 bytes; sometimes random bytes are
    written over a part of it, so the result need not be valid UTF-8. With `donors` (texts of
    the same kind), an edit may also bring in lines of one of them."""
    for _ in range(edits or rng.choice([1, 1, 1, 2, 3])):
        if donors and rng.random() < 0.2:
            text = splice(rng, text, rng.choice(donors))
            continue
        text = TEXT_MUTATIONS[rng.choice(list(TEXT_MUTATIONS))](rng, text)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.08:
        i = rng.randrange(len(data) + 1)
        noise = bytes(rng.randrange(256) for _ in range(rng.choice([1, 4, 64])))
        data = data[:i] + noise + data[i + len(noise):]
    return data


# ------------------------------------------------------------------------------ values
def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """The path (keys and indexes) of every part of `value`, itself included."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, prefix + (i,))
    return found


def _other_value(rng: random.Random, old: Any) -> Any:
    """A value of another type or an extreme one of the same type."""
    choices: list[Any] = [None, True, False, 0, -1, 1, 10 ** 30, -(10 ** 30), 10 ** 4000, 2.5,
                          float("1e308"), "", "P9", "x" * rng.choice([1, 100, 100_000]),
                          "\x1b]0;title\x07", [], {}, [old], {"x": old}, [old, old]]
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [old + 1, old - 1, -old, old * 1000]
    if isinstance(old, str):
        choices += [old + old, old[:-1], old.upper(), old + "\u202e"]
    if isinstance(old, list):
        choices += [old[::-1], old[1:], old + old, old * 100]
    return rng.choice(choices)


def mutate_value(rng: random.Random, data: Any, edits: int | None = None) -> Any:
    """A changed copy of a JSON-like value (dicts, lists, strings, numbers): 1-3 edits at
    random places."""
    import copy

    data = copy.deepcopy(data)
    for _ in range(edits or rng.choice([1, 1, 1, 2, 3])):
        path = rng.choice(_paths(data))
        if not path:
            data = _other_value(rng, data)
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = rng.choice(["change", "change", "drop", "add", "nest", "copy"])
        if op == "change":
            parent[key] = _other_value(rng, parent[key])
        elif op == "drop":
            del parent[key]
        elif op == "nest":
            for _ in range(rng.choice([1, 2, 50])):
                parent[key] = [parent[key]] if rng.random() < 0.5 else {"v": parent[key]}
        elif op == "copy":  # a part of the value somewhere else
            source = data
            for k in rng.choice(_paths(data)):
                source = source[k]
            parent[key] = copy.deepcopy(source)
        elif isinstance(parent, dict):
            parent[rng.choice(["extra", "x", key + "_" if isinstance(key, str) else "k"])] = \
                _other_value(rng, parent[key])
        else:
            parent.insert(key, _other_value(rng, parent[key]))
    return data


# ------------------------------------------------------------------------------ file kinds
FILE_KINDS = ["fifo", "self-link", "dev-zero", "dev-urandom", "directory", "empty",
              "outside-link", "dangling-link", "huge"]
