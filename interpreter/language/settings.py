"""Settings from the command line (`--set NAME=VALUE`): a constant, a table cell or a
component's count changed without writing an overlay.

    hand_size=6                    a constant (any expression of the rules language)
    adjacency_vp[4]=10             the row 4 of a key -> value table
    card_counts[black, 4]=18       a cell of a grid table (row, column) ...
    special_scoring[3].vp=5        ... or the same with the column's name
    tile=12                        a component: its count

Settings are applied to the declarations in effect (after the overlays) as one more layer:
each changed declaration is a copy, then checked and compiled like any rule. A mistake (an
unknown name, a name that is not a constant, table or component, a row that is not there) is
a RulesetError placed at `--set:N:COLUMN` (the N-th setting), with "did you mean"."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError, did_you_mean, remember_source
from interpreter.language.layers import changed_kind, keyword_of, literal_kind
from interpreter.language.parser import parse_expr

_SETTING = re.compile(r"^\s*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*"
                      r"(?:\[(?P<keys>[^\]]*)\])?\s*"
                      r"(?:\.\s*(?P<column>[A-Za-z_][A-Za-z0-9_]*))?\s*"
                      r"=(?P<value>.*)$")
_SETTABLE = (N.ConstDecl, N.TableDecl, N.ComponentDecl)
SOURCE = "--set"


@dataclass(frozen=True)
class Setting:
    name: str
    keys: tuple[str, ...]  # () for a constant or a component
    column: str | None
    value: str
    text: str


def parse_setting(text: str, loc: N.Loc | None = None) -> Setting:
    """`NAME=VALUE`, `NAME[KEY]=VALUE`, `NAME[ROW, COLUMN]=VALUE`, `NAME[ROW].COLUMN=VALUE`."""
    found = _SETTING.match(text)
    if found is None or not found["value"].strip():
        raise RulesetError(f"'{text}' is not a setting", loc,
                           "write NAME=VALUE, NAME[KEY]=VALUE or NAME[ROW, COLUMN]=VALUE, "
                           "for example adjacency_vp[4]=10")
    keys = tuple(k.strip() for k in found["keys"].split(",")) if found["keys"] is not None \
        else ()
    if any(not k for k in keys):
        raise RulesetError(f"'{text}': a key between [ ] is empty", loc)
    return Setting(found["name"], keys, found["column"], found["value"].strip(), text)


def duplicate_setting(settings: Sequence[str]) -> tuple[str, str] | None:
    """The first two settings that set the same constant, cell or count, if any (settings
    that are not settings at all are left to apply_settings, which says why)."""
    seen: dict[tuple, str] = {}
    for text in settings:
        try:
            s = parse_setting(text)
        except RulesetError:
            continue
        target = (s.name, s.keys, s.column)
        if target in seen:
            return seen[target], text
        seen[target] = text
    return None


def apply_settings(decls: list[N.Decl], settings: Sequence[str],
                   source: str = SOURCE) -> tuple[list[N.Decl], list[RulesetError]]:
    """The declarations with the settings applied (changed ones are copies), and the errors.
    `source` names the settings in messages (`--set`, `--set-b`)."""
    out = list(decls)
    where = {d.name: i for i, d in enumerate(out)}
    errors: list[RulesetError] = []
    remember_source(source, "\n".join(settings))
    for line, text in enumerate(settings, start=1):
        loc = N.Loc(source, line, 1)
        try:
            setting = parse_setting(text, loc)
            i = where.get(setting.name)
            if i is None:
                names = [d.name for d in out if isinstance(d, _SETTABLE)]
                raise RulesetError(f"'{setting.name}' is no constant, table or component of "
                                   "this ruleset", loc, did_you_mean(setting.name, names))
            out[i] = _applied(out[i], setting, loc)
        except RulesetError as exc:
            errors.append(exc)
    return out, errors


def _applied(decl: N.Decl, s: Setting, loc: N.Loc) -> N.Decl:
    value_loc = N.Loc(loc.file, loc.line, s.text.index("=") + 2)
    if isinstance(decl, N.TableDecl):
        key_loc = N.Loc(loc.file, loc.line, s.text.find("[") + 2) if "[" in s.text else loc
        return _table_cell(decl, s, value_loc, key_loc)
    if not isinstance(decl, (N.ConstDecl, N.ComponentDecl)):
        raise RulesetError(f"'{s.name}' is a {keyword_of(decl)}: a setting changes a "
                           "constant, a table cell or a component's count", loc)
    if s.keys or s.column:
        kind = "constant" if isinstance(decl, N.ConstDecl) else "component"
        raise RulesetError(f"'{s.name}' is a {kind}, not a table: write {s.name}=VALUE", loc)
    changed = copy.deepcopy(decl)
    value = _value_of(s.value, value_loc)
    if isinstance(changed, N.ConstDecl):
        wrong = changed_kind(s.name, decl.value, value, value_loc)
        changed.value = value
    else:
        count = literal_kind(value)
        wrong = None if count in (None, "a number") else RulesetError(
            f"'{s.name}' is a component: its count is a number, not {count}", value_loc)
        changed.count = value
    if wrong is not None:
        raise wrong
    return changed


_DECIMAL = re.compile(r"^\s*-?\d*\.\d+\s*$")


def _value_of(text: str, loc: N.Loc) -> N.Expr:
    """The value of a setting: an expression of the rules language, with errors that speak of
    the value written (not of the `{...}` it is parsed as)."""
    if _DECIMAL.match(text):
        raise RulesetError(f"'{text}': the rules language has whole numbers only", loc,
                           "write a whole number (or a text in quotes)")
    try:
        return parse_expr(text, loc)
    except RulesetError as exc:
        said = exc.message.removeprefix(f"in {{{text}}}: ")
        raise RulesetError(f"'{text}' is not a value: {said}", exc.loc, exc.hint) from None


def _cell_of(text: str, loc: N.Loc) -> N.Expr:
    """A table cell written in a setting: a whole number, a name or a text in quotes."""
    node = _value_of(text, loc)
    if isinstance(node, N.Neg) and isinstance(node.operand, N.Num):
        return N.Num(loc=loc, value=-node.operand.value)
    if not isinstance(node, (N.Num, N.Str, N.Name)):
        raise RulesetError(f"'{text}' is not a table cell", loc,
                           "a cell is a whole number, a name or a text in quotes")
    return node


def _same(cell: N.Expr, key: N.Expr) -> bool:
    value = getattr(cell, "value", getattr(cell, "id", None))
    return type(cell) is type(key) and value == getattr(key, "value", getattr(key, "id", None))


def _table_cell(decl: N.TableDecl, s: Setting, loc: N.Loc, key_loc: N.Loc) -> N.TableDecl:
    """The table with one cell changed; `loc` is the value's place, `key_loc` the row's."""
    keys = list(s.keys) + ([s.column] if s.column else [])
    grid = decl.style == "grid"
    if len(keys) != (2 if grid else 1):
        shape = f"{s.name}[ROW, COLUMN] or {s.name}[ROW].COLUMN" if grid else f"{s.name}[KEY]"
        raise RulesetError(f"'{s.name}' is a table: write {shape}=VALUE", loc)
    rows = decl.rows[1:] if grid else decl.rows
    row_key = _cell_of(keys[0], key_loc)
    index = next((i for i, cells in enumerate(rows) if _same(cells[0], row_key)), None)
    shown = [_text(cells[0]) for cells in rows]
    if index is None:
        raise RulesetError(f"table '{s.name}' has no row {keys[0]}", key_loc,
                           did_you_mean(keys[0], shown) or f"its rows: {', '.join(shown)}")
    column = 1
    if grid:
        header = decl.rows[0]
        col_key = _cell_of(keys[1], loc)
        found = next((j for j, c in enumerate(header) if j and _same(c, col_key)), None)
        if found is None:
            names = [_text(c) for c in header[1:]]
            raise RulesetError(f"table '{s.name}' has no column {keys[1]}", loc,
                               did_you_mean(keys[1], names) or f"its columns: {', '.join(names)}")
        column = found
    changed = copy.deepcopy(decl)
    cells = changed.rows[index + 1 if grid else index]
    new = _cell_of(s.value, loc)
    old = cells[column] if column < len(cells) else None
    if old is not None and isinstance(old, N.Num) != isinstance(new, N.Num):
        raise RulesetError(f"'{s.text}': the cell holds {_text(old)}, a "
                           f"{'number' if isinstance(old, N.Num) else 'name or text'}; "
                           f"'{s.value}' is not", loc)
    if grid:
        cells[column] = new
    else:
        cells[1:] = [new]
    return changed


def _text(cell: N.Expr) -> str:
    if isinstance(cell, N.Str):
        return f'"{cell.value}"'
    return str(getattr(cell, "value", getattr(cell, "id", "?")))
