"""Reserved words: the words of the language that cannot be names.

A word of the language is read as that word wherever it may stand: `count` where an
expression may start is the query `count each ...`, `first` is `first each ...`. So a name
spelt like one can be declared (`var count = 0` parses) but never used. These words are
refused where the name is declared, and a parse error at one of them says why. The other
words of the language (`owner`, `top`, `from`, ...) stand only where a name cannot, and are
fine as names. `true`, `false` and `none` are values: a name spelt so would never be read.
(tests/test_rule_checks.py checks this list against the grammar.)
"""

from __future__ import annotations

import re

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError

RESERVED = frozenset({
    "any", "break", "choose", "count", "distinct", "emit", "end", "every", "false", "first",
    "for", "if", "let", "log", "loop", "max", "min", "move", "none", "not", "pass", "privately",
    "random", "record", "return", "secretly", "show", "shuffle", "sort", "sum", "tell", "true",
    "while",
})


def reserved_hint(word: str) -> str:
    return (f"'{word}' is a reserved word of the language and cannot be a name: rename it "
            f"(e.g. '{word}_'); the reserved words are {', '.join(sorted(RESERVED))}")


def reserved_names(decls: list[N.Decl], lines: list[str]) -> list[RulesetError]:
    """Every name declared with a reserved word, at the place it is declared."""
    errors: list[RulesetError] = []
    for decl in decls:
        for name, loc in _declared(decl):
            if name in RESERVED:
                errors.append(RulesetError(
                    f"'{name}' is a reserved word and cannot be a name", _at_word(loc, name, lines),
                    reserved_hint(name)))
    return errors


def _declared(decl: N.Decl):
    """(name, place) of every name a declaration introduces."""
    yield decl.name, decl.loc
    for member in getattr(decl, "members", None) or []:
        yield member, decl.loc
    for p in getattr(decl, "params", None) or []:
        yield (p.name, p.loc) if isinstance(p, N.Param) else (p, decl.loc)
    for node in N.walk(getattr(decl, "body", None) or []):
        if isinstance(node, N.Let):
            yield node.name, node.loc
        elif isinstance(node, N.Binder):
            yield node.var, node.loc
        elif isinstance(node, N.Choose | N.SecretChoose | N.Options):
            yield node.var, node.loc
        elif isinstance(node, N.OptionClause):
            yield node.name, node.loc


def _at_word(loc: N.Loc, word: str, lines: list[str]) -> N.Loc:
    """The place of `word` itself on the line of `loc`, from `loc` on (else `loc`)."""
    if not 0 < loc.line <= len(lines):
        return loc
    m = re.compile(rf"\b{re.escape(word)}\b").search(lines[loc.line - 1], max(loc.column - 1, 0))
    return N.Loc(loc.file, loc.line, m.start() + 1) if m else loc
