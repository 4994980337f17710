"""Rule text -> syntax tree: rule files, and the expressions in `{...}` of texts.

A tree computed once is kept in the cache between processes (`cache.py`), under a key that
changes with the text, the file's place, the grammar and the parser's code; the parsing itself
(`lark_parser.py`, and Lark with it) is imported only when something must be parsed afresh."""

from __future__ import annotations

import atexit
import os
import pickle
from dataclasses import dataclass, field, fields

from interpreter.language import cache
from interpreter.language import nodes as N
from interpreter.language.errors import remember_source

_EXPRESSIONS: dict[str, bytes] = {}  # expression text -> its tree (pickled), in this process


@dataclass
class _Batch:
    """The expressions of the texts of one file (its `{...}`s), kept in the cache as one
    entry: those read from it (`known`), and those this process used (`used`, written in
    their place when they differ: the entry follows the file's texts, not all their versions)."""
    known: dict[str, bytes]
    used: dict[str, bytes] = field(default_factory=dict)


_BATCHES: dict[str, _Batch] = {}  # slot -> its batch, read once in a process


def parse_rules(text: str, path: str) -> N.RuleFile:
    """Parse one rule file; raise RulesetError with file:line:column on a syntax error.
    `path` is where the nodes say they come from."""
    remember_source(path, text)
    slot, key = os.path.abspath(path), cache.key("rules", path, text)
    cached = cache.load("rules", slot, key)
    if isinstance(cached, N.RuleFile):
        return cached
    from interpreter.language import lark_parser

    tree = lark_parser.parse_rules(text, path)
    cache.store("rules", slot, key, tree)
    return tree


def parse_expr(text: str, loc: N.Loc) -> N.Expr:
    """Parse one expression (from a `{...}` in a log text); errors point at `loc`, and every
    node of the tree is placed there. The trees of the expressions of one file are kept in
    the cache together, written when the process ends (`save_expressions`)."""
    batch = _batch(_slot(loc))
    saved = batch.used.get(text) or _EXPRESSIONS.get(text)
    if saved is None:
        saved = batch.known.get(text)
        if saved.__class__ is not bytes or _unpickled(saved) is None:
            from interpreter.language import lark_parser

            saved = pickle.dumps(lark_parser.parse_expr(text, loc), pickle.HIGHEST_PROTOCOL)
        _EXPRESSIONS[text] = saved
    batch.used[text] = saved
    node = pickle.loads(saved)  # a tree of its own: the caller may change it
    _relocate(node, loc)
    return node


def _slot(loc: N.Loc) -> str:
    """The entry of the expressions of the file at `loc` (or of its kind of place, such as
    a setting on the command line)."""
    try:
        return os.path.abspath(loc.file)
    except (TypeError, ValueError):  # not a path
        return str(loc.file)


def _batch(slot: str) -> _Batch:
    batch = _BATCHES.get(slot)
    if batch is None:
        if not _BATCHES:
            atexit.register(save_expressions)
        kept = cache.load("expr", slot, cache.key("expr", slot))
        batch = _BATCHES[slot] = _Batch(kept if isinstance(kept, dict) else {})
    return batch


def _unpickled(saved: bytes) -> N.Expr | None:
    try:
        node = pickle.loads(saved)
    except Exception:  # a damaged tree is a missing one, whatever it raises
        return None
    return node if isinstance(node, N.Expr) else None


def save_expressions() -> None:
    """Write to the cache the entry of each file whose expressions this process used are
    not those its entry holds (at the end of the process, or when called)."""
    for slot, batch in _BATCHES.items():
        if batch.used and batch.used.keys() != batch.known.keys():
            cache.store("expr", slot, cache.key("expr", slot), batch.used)
            batch.known = dict(batch.used)


def _relocate(node: N.Node, loc: N.Loc) -> None:
    """Give every node of an embedded expression the location of its host text."""
    node.loc = loc
    for f in fields(node):
        value = getattr(node, f.name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, N.Node):
                _relocate(item, loc)
