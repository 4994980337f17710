"""The parsing itself: Lark builds a parser from grammar/rules.lark and parses rule text;
this module turns its errors into RulesetErrors at their place, in words (tree_builder.py
turns its trees into typed nodes).

Use it through `parser.py`, which keeps the results in the cache and imports this module (and
Lark) only when something must be parsed afresh. The parser built from the grammar (about 0.2 s
of work) is kept in the cache too."""

from __future__ import annotations

import functools
import io
import re

from lark import Lark, Token
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from lark.indenter import DedentError, Indenter

from interpreter.language import cache
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError
from interpreter.language.mistakes import known_mistake
from interpreter.language.reserved import RESERVED, reserved_hint, reserved_names
from interpreter.language.tree_builder import build as _build
from interpreter.resources import grammar_path, grammar_text

_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "NAME": "a name", "NUMBER": "a number", "STRING": "a quoted text", "STEP": "a step number",
    "COLON": "':'", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'",
    "COMMA": "','", "EQUAL": "'='", "DOT": "'.'", "AUGOP": "'+=' or '-='", "$END": "end of file",
}




class _IndentError(Exception):
    def __init__(self, line: int, column: int, levels: list[int]):
        super().__init__(line, column)
        self.line, self.column, self.levels = line, column, list(levels)


class _TooLong(Exception):
    def __init__(self, line: int, column: int):
        super().__init__(line, column)
        self.line, self.column = line, column


MAX_STATEMENT_TOKENS = 20_000  # words and signs in one statement (a line and its continuation)


class _RulesIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 4

    def _process(self, stream):
        """As Lark's, plus continuation lines: a line indented deeper than the one before it
        continues that line, unless that line ends with ':' (then a block starts)."""
        previous, count = None, 0
        for token in stream:
            if token.type == self.NL_type and self.paren_level == 0 and previous is not None \
                    and previous.type != "COLON":
                indent_str = token.rsplit("\n", 1)[-1]
                indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
                if "\n" in token and indent > self.indent_level[-1]:
                    continue
            count = 0 if token.type == self.NL_type and self.paren_level == 0 else count + 1
            if count > MAX_STATEMENT_TOKENS:  # stopped before Lark builds a tree of it
                raise _TooLong(token.line or 1, token.column or 1)
            previous = token
            yield from self._one(token)
        while len(self.indent_level) > 1:
            self.indent_level.pop()
            yield Token.new_borrow_pos(self.DEDENT_type, "", previous) if previous else \
                Token(self.DEDENT_type, "", 0, 0, 0, 0, 0, 0)

    def _one(self, token):
        if token.type == self.NL_type:
            levels = list(self.indent_level)  # before the dedents that then fail
            try:
                yield from self.handle_NL(token)
            except DedentError:
                line = (token.end_line or token.line or 1)
                column = len(token.rsplit("\n", 1)[-1]) + 1
                raise _IndentError(line, column, levels) from None
        else:
            yield token
        if token.type in self.OPEN_PAREN_types:
            self.paren_level += 1
        elif token.type in self.CLOSE_PAREN_types:
            self.paren_level -= 1


_LARK_OPTIONS = {"parser": "lalr", "start": ["start", "expr"], "propagate_positions": True,
                 "maybe_placeholders": True}


@functools.cache
def _lark() -> Lark:
    """The parser; built from the grammar once (about 0.2 s), then read from the cache."""
    grammar = grammar_text()
    slot = str(grammar_path())  # one entry per grammar file (per copy of the engine)
    key = cache.key("parser", grammar, repr(sorted(_LARK_OPTIONS.items())))
    saved = cache.load("parser", slot, key)
    if isinstance(saved, bytes):
        try:
            return Lark.load(io.BytesIO(saved))
        except Exception:  # a saved parser this Lark cannot read: build it again
            pass
    parser = Lark(grammar, postlex=_RulesIndenter(), **_LARK_OPTIONS)
    if key is not None:
        out = io.BytesIO()
        parser.save(out)  # the post-lexer is saved with it
        cache.store("parser", slot, key, out.getvalue())
    return parser


def parse_rules(text: str, path: str) -> N.RuleFile:
    """Parse one rule file; raise RulesetError with file:line:column on a syntax error."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = _lark().parse(text, start="start")
    except UnexpectedInput as exc:
        raise _syntax_error(exc, path, text) from None
    except _TooLong as exc:
        raise RulesetError(f"a statement of more than {MAX_STATEMENT_TOKENS:,} words and signs",
                           N.Loc(path, exc.line, exc.column),
                           "split it with 'let' or 'define'") from None
    except _IndentError as exc:
        allowed = " or ".join(str(n) for n in exc.levels)
        raise RulesetError("this line's indentation matches no line above it",
                           N.Loc(path, exc.line, exc.column),
                           f"indent it by {allowed} spaces, like a line above it (as much as "
                           "the line above to go on with its block, less to end it)") from None
    items = _build(tree, path, N.Loc(path, 1, 1))
    decls = [d for i in items for d in (i[1] if isinstance(i, tuple) else [i])]
    readings = [i[0] for i in items if isinstance(i, tuple)]
    reserved = reserved_names(decls, text.splitlines())
    if reserved:
        raise reserved[0]
    return N.RuleFile(loc=N.Loc(path, 1, 1), path=path, decls=decls, readings=readings)


def parse_expr(text: str, loc: N.Loc) -> N.Expr:
    """Parse one expression; errors point at `loc` (the nodes are placed in `loc.file`)."""
    try:
        tree = _lark().parse(text, start="expr")
    except UnexpectedInput as exc:
        err = _syntax_error(exc, loc.file, text)
        raise RulesetError(f"in {{{text}}}: {err.message}", loc, err.hint) from None
    except (_TooLong, _IndentError):
        raise RulesetError(f"an expression of more than {MAX_STATEMENT_TOKENS:,} words and "
                           "signs, or on lines of different indentation", loc) from None
    return _build(tree, loc.file, loc)


def _syntax_error(exc: UnexpectedInput, path: str, text: str = "") -> RulesetError:
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    loc = N.Loc(path, line if line > 0 else 1, column if column > 0 else 1)
    if isinstance(exc, UnexpectedCharacters):
        if exc.char == '"':  # a text opened and never closed on its line
            return RulesetError("a text in quotes that is not closed on its line", loc,
                                'end it with " on the same line (a \\" inside it for a quote)')
        return RulesetError(f"unexpected character {exc.char!r}", loc)
    reserved = _reserved_before(text, exc)
    if isinstance(exc, UnexpectedEOF):
        return RulesetError("unexpected end of file", loc, reserved or _expected(exc.expected))
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        seen = "end of line" if tok.type == "_NL" else (
            "end of file" if tok.type == "$END" else repr(str(tok)))
        # `accepts` is what the parser can take here; `expected` also holds what the indentation
        # post-lexer always lets through (end of line).
        accepts = set(getattr(exc, "accepts", None) or exc.expected)
        if "NAME" not in accepts and reserved and str(tok) in RESERVED:
            reserved = None  # the word itself is misplaced, not a name
        mistake = known_mistake(text, tok.line or line, str(tok), path)
        if mistake is not None:
            return mistake
        continued = _continued_line(text, tok, accepts, path)
        if continued is not None:
            return continued
        early = _text_ended_early(text, exc.token)
        if early is not None:
            return RulesetError(f"the text {early} ends at the quote before {seen}", loc,
                                'a quote inside a text, also inside {...}, is written \\": '
                                'log "{label(\\"x\\")}"')
        return RulesetError(f"unexpected {seen}", loc, reserved or
                            _expected(getattr(exc, "accepts", None) or exc.expected))
    return RulesetError(str(exc).splitlines()[0], loc)


def _reserved_before(text: str, exc: UnexpectedInput) -> str | None:
    """The hint for a reserved word used as a name: the word where the parse stopped, or the
    last word before it on its line (`f(first)` stops at ')', after the query word `first`)."""
    token = getattr(exc, "token", None)
    if token is not None and str(token) in RESERVED and token.type != "NAME":
        return reserved_hint(str(token))
    start = getattr(token, "start_pos", None) if token is not None else None
    if start is None or token.type == "$END":
        start = len(text.rstrip())
    before = text[:start]
    m = re.search(r"([A-Za-z_][A-Za-z_0-9]*)[^A-Za-z_0-9\n]*$", before.rsplit("\n", 1)[-1])
    if m and m.group(1) in RESERVED:
        return reserved_hint(m.group(1))
    return None


def _continued_line(text: str, tok: Token, accepts: set[str], path: str) -> RulesetError | None:
    """A parse stopped at the first word of a line that the indentation joined to the line
    above (indented deeper, so a continuation): a ':' missing at the end of the line above,
    or a line indented too far."""
    start = getattr(tok, "start_pos", None)
    if not text or start is None or tok.type in ("_NL", "$END", "_INDENT", "_DEDENT"):
        return None
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip() or line_start == 0:
        return None
    above = _code_line_above(text, line_start)
    if above is None:
        return None
    number, content = above
    code = content.split("#", 1)[0].rstrip() if '"' not in content else content.rstrip()
    indent = start - line_start
    if code.endswith(":") or indent <= len(content) - len(content.lstrip()):
        return None  # a block under a line that opens one, or not deeper: no continuation
    if "COLON" in accepts:
        return RulesetError("expected ':' at the end of this line", N.Loc(path, number,
                                                                          len(code) + 1),
                            "a line that starts a block (the indented lines under it) ends "
                            "with ':'")
    return RulesetError("this line is indented deeper than the line above it, so it reads as "
                        f"the rest of that line (line {number})",
                        N.Loc(path, tok.line or 1, tok.column or 1),
                        "indent it as far as the line above; a deeper indented block follows "
                        "only a line that ends with ':'")


def _code_line_above(text: str, line_start: int) -> tuple[int, str] | None:
    """The number and text of the last line before `line_start` that holds rules (not blank,
    not only a comment)."""
    lines = text[:line_start].split("\n")[:-1]
    for i in range(len(lines) - 1, -1, -1):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#"):
            if lines[i].rstrip().endswith("\\"):
                return None  # joined on purpose
            return i + 1, lines[i]
    return None


def _text_ended_early(text: str, tok: Token) -> str | None:
    """The quoted text just before an unexpected token, if the token follows its closing quote
    with no space and the text has a '{' it does not close: a quote meant inside {...}."""
    start = getattr(tok, "start_pos", None)
    if not text or start is None or start < 2 or text[start - 1] != '"':
        return None
    line_start = text.rfind("\n", 0, start - 1) + 1
    m = re.search(r'"(?:[^"\\\n]|\\.)*"$', text[line_start:start])
    if m is None or m.group().count("{") <= m.group().count("}"):
        return None
    return m.group()


def _expected(names: set[str] | list[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(n, _keyword(n)) for n in names})
    if len(words) > 8:
        words = words[:8] + ["..."]
    return "expected " + ", ".join(words)


def _keyword(terminal: str) -> str:
    pattern = _lark().get_terminal(terminal).pattern if terminal in _terminal_names() else None
    if pattern is not None and pattern.type == "str":
        return f"'{pattern.value}'"
    return terminal.lower()


@functools.cache
def _terminal_names() -> frozenset[str]:
    return frozenset(t.name for t in _lark().terminals)
