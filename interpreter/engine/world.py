"""The static world of a ruleset: enumerations, board entities, relations, tables and components.

Everything here is fixed for a game (it never changes while playing), so the compiler can look it
up once and the runtime never copies it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError, did_you_mean, source_line

PLAYER = "player"
NUMBER = "number"
MAX_PLAYERS = 16
MAX_KINDS = 100_000  # kinds of one component: more is surely a mistake


def player_id(seat: int) -> str:
    """Players are the values P1, P2, ... (seat numbers from 1, in clockwise order)."""
    return f"P{seat}"


def seat_of(player: str) -> int:
    return int(player[1:])


@dataclass
class Table:
    name: str
    decl: N.TableDecl
    rows: dict[Any, Any]  # map: key -> value; grid: row key -> {column: value}
    columns: list[Any] = field(default_factory=list)
    default: Any = None
    has_default: bool = False

    def lookup(self, key: Any) -> Any:
        try:
            return self.rows[key]
        except (KeyError, TypeError):
            if self.has_default:
                return self.default
            raise KeyError(key) from None


@dataclass
class Component:
    decl: N.ComponentDecl
    kinds: list[str] = field(default_factory=list)  # kind ids, in declaration order
    counts: dict[str, int] = field(default_factory=dict)
    player_param: str | None = None  # a parameter of type player (pieces owned by a player)
    types: list[str] = field(default_factory=list)  # of its parameters, ranges made numbers
    # a count that depends on the number of players: number of players -> kind -> count
    # (`counts` then holds the largest count of each kind)
    by_players: dict[int, dict[str, int]] | None = None

    def count_in_game(self, kind: str, players: int) -> int:
        if self.by_players is None:
            return self.counts[kind]
        return self.by_players.get(players, {}).get(kind, 0)


class SetupOnly:
    """What a piece count may read of a game before it starts: the number of players."""

    def __init__(self, players: int):
        self.n = players
        self.players = [player_id(i) for i in range(1, players + 1)]
        self.budget = 5_000_000  # what the lists of a count may hold (support.charge)

    def out_of_budget(self, looping: str | None = None) -> None:
        raise RulesetError("a piece count that makes lists of more than 5,000,000 items")


@dataclass
class World:
    """Names and static facts of a ruleset, shared by every game played with it."""

    enums: dict[str, list[str]] = field(default_factory=dict)
    entity_types: dict[str, list[str]] = field(default_factory=dict)
    relations: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    attrs: dict[Any, dict[str, Any]] = field(default_factory=dict)  # value -> attributes
    member_of: dict[str, str] = field(default_factory=dict)  # enum member / entity id -> type
    tables: dict[str, Table] = field(default_factory=dict)
    components: dict[str, Component] = field(default_factory=dict)
    kind_of: dict[str, str] = field(default_factory=dict)  # kind id -> component name
    # kind id -> its place in declaration order (components as declared, then each
    # component's kinds): the order in which a pile lists what it holds
    kind_rank: dict[str, int] = field(default_factory=dict)

    def domain(self, type_name: str, players: int) -> list[Any]:
        """All values of a type (enum members, entities, players or a component's kinds)."""
        if type_name == PLAYER:
            return [player_id(i) for i in range(1, players + 1)]
        if type_name in self.enums:
            return self.enums[type_name]
        if type_name in self.entity_types:
            return self.entity_types[type_name]
        if type_name in self.components:
            return self.kinds_in_game(type_name, players)
        if ".." in type_name:
            low, high = (int(x) for x in type_name.split(".."))
            return list(range(low, high + 1))
        raise KeyError(type_name)

    def is_type(self, name: str) -> bool:
        return (name == PLAYER or name in self.enums or name in self.entity_types
                or name in self.components)

    def kinds_in_game(self, component: str, players: int) -> list[str]:
        comp = self.components[component]
        kinds = comp.kinds
        if comp.by_players is not None:
            kinds = [k for k in kinds if comp.count_in_game(k, players)]
        if comp.player_param is None:
            return kinds
        return [k for k in kinds if seat_of(self.attrs[k][comp.player_param]) <= players]

    def label(self, value: Any) -> str:
        """How a value reads in a log line or a prompt."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self.label(v) for v in value)
        attrs = self.attrs.get(value) if isinstance(value, str) else None
        if attrs is not None:
            return str(attrs.get("name", value))
        if value is None:
            return "nobody"
        return str(value)


def build_world(decls: list[N.Decl],
                data: list[tuple[str, dict]]) -> tuple[World, list[RulesetError]]:
    """Collect enums, data entities, relations and tables; components come later (they need
    compiled expressions for their counts)."""
    world = World()
    errors: list[RulesetError] = []
    for seat in range(1, MAX_PLAYERS + 1):
        world.attrs[player_id(seat)] = {"name": f"Player {seat}", "seat": seat}
        world.member_of[player_id(seat)] = PLAYER

    def claim(value: str, owner: str, loc: N.Loc | None) -> None:
        if value in world.member_of and world.member_of[value] != owner:
            errors.append(RulesetError(
                f"'{value}' names both a {world.member_of[value]} and a {owner}", loc))
        world.member_of[value] = owner

    replaced: list[tuple[str, dict, str]] = []  # applied once every entity is declared
    for path, doc in data:
        loc = N.Loc(path, 1, 1)
        for type_name, instances in (doc.get("entities") or {}).items():
            ids = world.entity_types.setdefault(type_name, [])
            for inst in instances:
                ident = inst["id"]
                if inst.get("replace") is True:  # an overlay's new values for some attributes
                    replaced.append((type_name, inst, path))
                    continue
                if ident in world.attrs:
                    errors.append(RulesetError(
                        f"entity '{ident}' is declared twice", _place(path, f"id: {ident}", 2),
                        f"to change its attributes in an overlay, write 'replace: true' in "
                        f"it: {{id: {ident}, replace: true, ...}}"))
                    continue
                ids.append(ident)
                claim(ident, type_name, loc)
                attrs = {k: v for k, v in inst.items()}
                attrs.setdefault("name", ident.replace("_", " "))
                world.attrs[ident] = attrs
        for rel_name, rel in (doc.get("relations") or {}).items():
            edges: dict[str, list[str]] = world.relations.setdefault(rel_name, {})
            for a, b in rel.get("edges", []):
                for end in (a, b):
                    if end not in world.attrs:
                        errors.append(RulesetError(
                            f"relation '{rel_name}' names '{end}', which no entity has as id",
                            _place(path, f"[{a}, {b}]", 1), did_you_mean(end, world.attrs)))
                edges.setdefault(a, []).append(b)
                if not rel.get("directed", False):
                    edges.setdefault(b, []).append(a)

    for type_name, inst, path in replaced:
        errors.extend(_replace_entity(world, type_name, inst, path))
    for decl in decls:
        if isinstance(decl, N.EnumDecl):
            world.enums[decl.name] = list(decl.members)
            for member in decl.members:
                claim(member, decl.name, decl.loc)
                label = decl.member_labels.get(member, member.replace("_", " "))
                world.attrs.setdefault(member, {"name": label})
        elif isinstance(decl, N.TableDecl):
            try:
                world.tables[decl.name] = _build_table(decl)
            except RulesetError as exc:
                errors.append(exc)
    for table in world.tables.values():
        errors.extend(_unknown_cells(table, world))
    errors.extend(_shadowing(world, decls, data))
    return world, errors


def _replace_entity(world: World, type_name: str, inst: dict, path: str) -> list[RulesetError]:
    """`{id: x, replace: true, attr: value}`: the entity x, declared before (by a base), takes
    the values given; its other attributes stay."""
    ident = inst["id"]
    if world.member_of.get(ident) != type_name or ident not in world.entity_types.get(
            type_name, []):
        known = world.entity_types.get(type_name, [])
        hint = did_you_mean(ident, known) if known else did_you_mean(
            type_name, [t for t, ids in world.entity_types.items() if ids])
        return [RulesetError(f"entity '{ident}' is replaced, but no {type_name} '{ident}' is "
                             "declared before", _place(path, ident, 1), hint)]
    attrs = world.attrs[ident]
    new = {k: v for k, v in inst.items() if k not in ("id", "replace")}
    errors = []
    named = {k for other in world.entity_types[type_name] for k in world.attrs[other]}
    for key, value in new.items():
        near = did_you_mean(key, named) if key not in named else None
        if near:  # a misspelt name (a new attribute no rule may read yet is fine)
            errors.append(RulesetError(
                f"no {type_name} has an attribute '{key}' ('{ident}' is replaced)",
                _key_place(path, ident, key), near))
        elif key in attrs and None not in (attrs[key], value) \
                and _kind(attrs[key]) != _kind(value):
            errors.append(RulesetError(
                f"attribute '{key}' of '{ident}' was {_kind(attrs[key])} "
                f"({attrs[key]!r}); the new value {value!r} is {_kind(value)}",
                _key_place(path, ident, key), "the rules that read it expect "
                f"{_kind(attrs[key])}"))
    if not errors:
        attrs.update(new)
    return errors


def _key_place(path: str, ident: str, key: str) -> N.Loc:
    """Where `key:` of the entity `ident` stands: on its id's line or after it."""
    start = _place(path, f"id: {ident}", 1)
    for number in range(start.line, start.line + 1000):
        line = source_line(N.Loc(path, number, 1))
        if line is None:
            break
        at = line.find(f"{key}:", start.column if number == start.line else 0)
        if at >= 0:
            return N.Loc(path, number, at + 1)
    return start


def _kind(value: object) -> str:
    """The kind of a data value, for messages: a number, a text, yes or no, a list."""
    if isinstance(value, bool):
        return "yes or no"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    return "a list" if isinstance(value, list) else "a value"


# Names a value of an enumeration or an entity may not take: the words of the language that
# stand for values, and the player types.
_RESERVED = {"true": "a word of the language", "false": "a word of the language",
             "none": "a word of the language", "player_count": "the number of players",
             PLAYER: "the type of players"}
_SHADOWED = {N.ConstDecl: "constant", N.VarDecl: "variable", N.ZoneDecl: "zone",
             N.TableDecl: "table", N.EnumDecl: "enumeration", N.ComponentDecl: "component",
             N.MeasureDecl: "measure"}


def _shadowing(world: World, decls: list[N.Decl],
               data: list[tuple[str, dict]]) -> list[RulesetError]:
    """An enumeration value or an entity id that is also the name of something else would
    hide it (or be hidden by it) in every expression: each is an error at its place."""
    taken = dict(_RESERVED)
    for decl in decls:
        kind = _SHADOWED.get(type(decl))
        if kind is not None and decl.name:
            taken.setdefault(decl.name, f"the {kind} declared at {decl.loc}")
    for type_name in world.entity_types:
        taken.setdefault(type_name, "a type of entities")
    errors = []
    for decl in decls:
        if isinstance(decl, N.EnumDecl):
            for member in decl.members:
                if member in taken:
                    errors.append(RulesetError(
                        f"the value '{member}' of enumeration '{decl.name}' has the name of "
                        f"{taken[member]}: one would hide the other", _member_place(decl, member),
                        "give one of them another name"))
    for path, doc in data:
        for instances in (doc.get("entities") or {}).values():
            for inst in instances:
                ident = inst.get("id")
                if isinstance(ident, str) and ident in taken:
                    errors.append(RulesetError(
                        f"entity '{ident}' has the name of {taken[ident]}: one would hide "
                        "the other", _id_place(path, ident),
                        "give one of them another name"))
    return errors


def _id_place(path: str, ident: str) -> N.Loc:
    """Where an entity's id is written in a data file (plain or quoted)."""
    for needle in (f"id: {ident}", f'id: "{ident}"', f"id: '{ident}'"):
        loc = _place(path, needle, 1)
        if loc.line != 1:
            return loc
    return N.Loc(path, 1, 1)


def _member_place(decl: N.EnumDecl, member: str) -> N.Loc:
    """Where a member of an enumeration is written (its declaration's place if not found)."""
    import re

    pattern = re.compile(rf"(?<![\w@]){re.escape(member)}(?![\w@])")
    for line in range(decl.loc.line, decl.loc.line + 50):
        text = source_line(N.Loc(decl.loc.file, line, 1))
        if text is None:
            break
        start = text.find(":") + 1 if line == decl.loc.line else 0
        found = pattern.search(text, start)
        if found:
            return N.Loc(decl.loc.file, line, found.start() + 1)
    return decl.loc


def _place(path: str, needle: str, nth: int) -> N.Loc:
    """Where a text stands in a data file (its nth occurrence), for messages; else line 1."""
    seen = 0
    for number in range(1, 100_000):
        line = source_line(N.Loc(path, number, 1))
        if line is None:
            break
        if needle in line:
            seen += 1
            if seen == nth:
                return N.Loc(path, number, line.index(needle) + 1)
    return N.Loc(path, 1, 1)


def _unknown_cells(table: Table, world: World) -> list[RulesetError]:
    """A name in a table cell must be a value the rules know (a typo would be a silent text).
    A grid table's header row names its columns and is free."""
    rows = table.decl.rows if table.decl.style == "map" else table.decl.rows[1:]
    out = []
    for cells in rows:
        for cell in cells:
            if isinstance(cell, N.Name) and cell.id != "else" and cell.id not in world.member_of:
                out.append(RulesetError(f"table '{table.name}': unknown value '{cell.id}'",
                                        cell.loc, did_you_mean(cell.id, world.member_of)))
    return out


def _cell_value(cell: N.Expr) -> Any:
    if isinstance(cell, N.Num):
        return cell.value
    if isinstance(cell, N.Str):
        return cell.value
    assert isinstance(cell, N.Name)
    return cell.id


def _build_table(decl: N.TableDecl) -> Table:
    table = Table(decl.name, decl, {})
    if decl.style == "map":
        for cells, loc in zip(decl.rows, decl.row_locs, strict=True):
            key, values = _cell_value(cells[0]), [_cell_value(c) for c in cells[1:]]
            value = values[0] if len(values) == 1 else values
            if key == "else":
                table.default, table.has_default = value, True
                continue
            if key in table.rows:
                raise RulesetError(f"table '{decl.name}' has two rows for {key!r}", loc)
            table.rows[key] = value
        return table
    header, *body = decl.rows
    table.columns = [_cell_value(c) for c in header[1:]]
    if not body:
        raise RulesetError(f"table '{decl.name}' has a header row but no rows", decl.loc)
    for cells, loc in zip(body, decl.row_locs[1:], strict=True):
        if len(cells) != len(header):
            raise RulesetError(
                f"table '{decl.name}': this row has {len(cells)} cells, the header has "
                f"{len(header)}", loc, "every row needs one cell per header cell")
        key = _cell_value(cells[0])
        if key in table.rows:
            raise RulesetError(f"table '{decl.name}' has two rows for {key!r}", loc)
        table.rows[key] = dict(zip(table.columns, (_cell_value(c) for c in cells[1:]),
                                   strict=True))
    return table


def enumerate_kinds(world: World, decl: N.ComponentDecl, max_players: int,
                    count_of, player_counts: list[int] | None = None,
                    types: list[str] | None = None) -> Component:
    """Every combination of the component's parameters with a non-zero count is a kind.
    `count_of(binding, players)` gives a count; with `player_counts`, the count depends on
    the number of players and is computed for each (players None: it does not)."""
    comp = Component(decl, types=types or [p.type or "" for p in decl.params])
    if player_counts is not None:
        comp.by_players = {n: {} for n in player_counts}
    domains = []
    for param, type_name in zip(decl.params, comp.types, strict=True):
        if param.type is None:
            raise RulesetError(f"parameter '{param.name}' of component '{decl.name}' needs a type",
                               param.loc, "for example 'suit: suit' or 'value: 4..6'")
        if type_name == PLAYER:
            comp.player_param = param.name
        if ".." in type_name:
            low, high = (int(x) for x in type_name.split(".."))
            if high - low >= MAX_KINDS:
                raise RulesetError(f"the range {type_name} is too wide for a component "
                                   f"(at most {MAX_KINDS} values)", param.loc)
        try:
            domains.append(world.domain(type_name, max_players))
        except KeyError:
            raise RulesetError(f"unknown type '{param.type}'", param.loc) from None
    combinations = 1
    for domain in domains:
        combinations *= len(domain)
    if combinations > MAX_KINDS:
        raise RulesetError(f"component '{decl.name}' would have {combinations} kinds (at most "
                           f"{MAX_KINDS})", decl.loc, "use narrower parameter types")
    for values in itertools.product(*domains):
        binding = {p.name: v for p, v in zip(decl.params, values, strict=True)}
        kind = f"{decl.name}({','.join(str(v) for v in values)})" if values else decl.name
        counts = {n: _count(decl, values, count_of(dict(binding), n), n)
                  for n in (player_counts or [None])}
        count = max(counts.values())
        if not count:
            continue
        if comp.by_players is not None:
            for n, c in counts.items():
                if c:
                    comp.by_players[n][kind] = c
        comp.kinds.append(kind)
        comp.counts[kind] = count
        world.kind_of[kind] = decl.name
        world.kind_rank.setdefault(kind, len(world.kind_rank))
        world.attrs[kind] = {"component": decl.name, **binding}
    return comp


def _count(decl: N.ComponentDecl, values: tuple, count: Any, players: int | None) -> int:
    """A piece count, checked: a whole number, 0 or more."""
    if count is None or count is False:
        return 0
    if count.__class__ is not int or count < 0:
        which = ", ".join(str(v) for v in values) or "it"
        with_players = f" with {players} players" if players is not None else ""
        raise RulesetError(f"component '{decl.name}': the count of {which}{with_players} is "
                           f"{label_of(count)}, not a whole number of pieces", decl.count.loc)
    return count


def label_of(value: Any) -> str:
    """A value as a message shows it: a number or a text as written in the rules."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)
