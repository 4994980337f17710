"""Rule text -> syntax tree: rule files, and the expressions in `{...}` of texts.

A tree computed once is kept in the cache between processes (`cache.py`), under a key that
changes with the text, the file's place, the grammar and the parser's code; the parsing itself
(`lark_parser.py`, and Lark with it) is imported only when something must be parsed afresh."""

from __future__ import annotations

import os
import pickle
from dataclasses import fields

from interpreter.language import cache
from interpreter.language import nodes as N
from interpreter.language.errors import remember_source

_EXPRESSIONS: dict[str, bytes] = {}  # expression text -> its tree (pickled), in this process


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
    node of the tree is placed there."""
    saved = _EXPRESSIONS.get(text)
    if saved is None:
        key = cache.key("expr", text)
        node = cache.load("expr", text, key)
        if not isinstance(node, N.Expr):
            from interpreter.language import lark_parser

            node = lark_parser.parse_expr(text, loc)
            cache.store("expr", text, key, node)
        saved = _EXPRESSIONS[text] = pickle.dumps(node, pickle.HIGHEST_PROTOCOL)
    node = pickle.loads(saved)  # a tree of its own: the caller may change it
    _relocate(node, loc)
    return node


def _relocate(node: N.Node, loc: N.Loc) -> None:
    """Give every node of an embedded expression the location of its host text."""
    node.loc = loc
    for f in fields(node):
        value = getattr(node, f.name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, N.Node):
                _relocate(item, loc)
