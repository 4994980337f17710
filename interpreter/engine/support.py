"""Small functions that the Python code generated from rule expressions calls.

Generated code does the common things inline (locals, comparisons, arithmetic); what needs a
decision on the kind of a value at run time (a zone family indexed by one key or by a list of
keys, an attribute of a kind or of a table row, ...) comes here.
"""

from __future__ import annotations

from typing import Any

from interpreter.language.errors import GameRuleError
from interpreter.language.nodes import Loc

# The largest values a rule may make: lists and texts of MAX_ITEMS, whole numbers of
# MAX_DIGITS digits. Checked where values grow fast (assignments of sums and products, the
# builtins that make lists and texts), so rules that double a value in a loop stop with an
# error at their place instead of filling the memory.
MAX_ITEMS = 1_000_000
MAX_DIGITS = 4_000  # below the 4300 digits that Python turns into text
_MAX_BITS = int(MAX_DIGITS * 3.3219280948873626)  # log2(10)

# One budget of work between two decisions (renewed at each): each loop turn, run of a
# procedure or trigger and call of a `define` costs STEP_WORK; each item of a list the rules
# make (numbers(), a sum or product of lists, flatten) or a query goes through (a list, not a
# zone: zones hold the ruleset's own pieces) costs 1. Counted per step, per call and per list,
# never per item inside a loop, so that it costs the engine little.
WORK_BETWEEN_DECISIONS = 5_000_000
STEP_WORK = 50


class CheckBudget:
    """The budget of work of what runs without a game (constants, at load): generated code
    spends from `rt.budget` whatever `rt` is."""

    def __init__(self, what: str):
        self.budget = WORK_BETWEEN_DECISIONS
        self.what = what

    def out_of_budget(self, looping: str | None = None) -> None:
        raise GameRuleError(f"{self.what} takes more than {WORK_BETWEEN_DECISIONS:,} units of "
                            "work to compute (list items made or gone through, steps): too "
                            "much for a ruleset to compute before a game")


def charge(rt: Any, v: Any) -> Any:
    """`v` (a list or text the rules made or go through), its length spent from the budget."""
    rt.budget -= len(v)
    if rt.budget < 0:
        rt.out_of_budget()
    return v


def flatten(rt: Any, lists: Any) -> list[Any]:
    """A list of lists as one list, if that is not too large (counted before it is made)."""
    sized(sum(len(xs) for xs in lists))
    return charge(rt, [x for xs in lists for x in xs])


def bounded(v: Any, rt: Any = None) -> Any:
    """`v`, if it is not larger than a rule may make (else a GameRuleError); a list or text
    is spent from the budget of `rt` (a loop that grows one by one is bounded too)."""
    c = v.__class__
    if c is int:
        if v.bit_length() > _MAX_BITS:
            raise GameRuleError(f"a number of more than {MAX_DIGITS} digits: too large")
    elif c is list or c is str:
        if len(v) > MAX_ITEMS:
            raise GameRuleError(f"a {'list' if c is list else 'text'} of {len(v)} "
                                f"{'items' if c is list else 'characters'}: more than "
                                f"{MAX_ITEMS} is too large")
        if rt is not None:
            charge(rt, v)
    return v


def sized(n: Any) -> Any:
    """A count of items or characters a builtin is asked to make, if it is not too large."""
    if n.__class__ is int and n > MAX_ITEMS:
        raise GameRuleError(f"{n} items or characters: more than {MAX_ITEMS} is too large")
    return n


def repeat(text: str, n: int) -> str:
    """`text` n times, if that is not too long."""
    sized(len(text) * n)
    return text * max(n, 0)


def size(v: Any) -> int:
    return sum(v.values()) if v.__class__ is dict else len(v)


def items(zone: Any) -> list[Any]:
    """The items of a zone one by one (a pile's counts expanded), or a list as it is."""
    if zone.__class__ is dict:
        out: list[Any] = []
        for kind, n in zone.items():
            out.extend([kind] * n)
        return out
    return zone


_LAST = 1 << 62  # the rank of a value that is no declared kind: after every kind


def put(pile: dict, kind: Any, n: int, rank: dict) -> None:
    """Add n pieces of `kind` to a pile, which lists its kinds in their declaration order
    (`rank`: Game.rank, the World's kind_rank), as a player sorts a hand, whatever order they
    arrived in; with an empty `rank` (games of an older engine), in the order they arrived."""
    if kind in pile:
        pile[kind] += n
        return
    if pile:
        place = rank.get(kind, _LAST)
        if place < rank.get(next(reversed(pile)), _LAST):
            # the kinds declared after it (the end of the pile) go back after it
            later = [(k, pile.pop(k)) for k in [k for k in pile if rank.get(k, _LAST) > place]]
            pile[kind] = n
            pile.update(later)
            return
    pile[kind] = n


def put_many(pile: dict, pieces: Any, rank: dict) -> None:
    """Add the pieces (pairs of kind and number) to a pile as `put` adds each, sorting the
    pile once at the end where a kind came before one already there (a hand dealt at once)."""
    unsorted = False
    for kind, n in pieces:
        if kind in pile:
            pile[kind] += n
            continue
        if pile and rank and not unsorted:
            unsorted = rank.get(kind, _LAST) < rank.get(next(reversed(pile)), _LAST)
        pile[kind] = n
    if unsorted:  # stable: kinds that are no declared kind stay last, in arrival order
        ordered = sorted(pile.items(), key=lambda item: rank.get(item[0], _LAST))
        pile.clear()
        pile.update(ordered)


def merge(contents: list[Any], rank: dict) -> Any:
    """Several zones read as one (e.g. the tiles on all neighbouring spaces)."""
    if contents and contents[0].__class__ is list:
        out_list: list = []
        for c in contents:
            out_list.extend(c)
        return out_list
    out: dict[str, int] = {}
    for c in contents:
        put_many(out, c.items(), rank)
    return out


def key_of(value: Any) -> str:
    return value if value.__class__ is str else str(value)


def family(values: dict, key: Any, name: str, rank: dict | None, loc: Loc) -> Any:
    """One entry of a zone or variable family; a list of keys reads several (zones merged;
    `rank`: the order of kinds for a zone family, None for a variable family)."""
    if key.__class__ is list:  # before the lookup: a list is no key (no exception raised)
        try:  # the usual case: every key is an entry's own key
            found = [values[k] for k in key]
        except (KeyError, TypeError):
            found = [family(values, k, name, rank, loc) for k in key]
        return found if rank is None else merge(found, rank)
    try:
        return values[key]
    except (KeyError, TypeError):
        pass
    if key_of(key) in values:
        return values[key_of(key)]
    raise GameRuleError(f"'{name}' has no entry for {key!r}", loc)


def range_keys(index: list[str]) -> dict | None:
    """For a family indexed only by number ranges (`var cell[1..7, 1..6]`): its keys as nested
    dicts by number (`keys[3][1]` is "3|1"), so that a read finds its entry by a lookup per
    index instead of building the text key; None for any other family."""
    if not index or not all(".." in t for t in index):
        return None
    ranges = [range(int(lo), int(hi) + 1) for lo, hi in (t.split("..") for t in index)]

    def level(i: int, prefix: str) -> dict:
        if i == len(ranges) - 1:
            return {v: f"{prefix}{v}" for v in ranges[i]}
        return {v: level(i + 1, f"{prefix}{v}|") for v in ranges[i]}
    return level(0, "")


MAX_KEY_TABLE = 100_000  # entries of a key table (key_table): a larger family builds its keys


def key_table(index: list[str], domains: list[list[Any]]) -> dict | None:
    """For a family over two index types with known values (players, an enumeration, places,
    kinds, a number range): its keys as nested dicts by value (`keys["P1"][3]` is "P1|3"), so
    that a read or a write finds its entry's key by two lookups instead of building the text.
    `domains`: every value each index may take in any game (all seats for a player). None for
    a family of another shape, or one too large."""
    if len(index) != 2 or len(domains[0]) * len(domains[1]) > MAX_KEY_TABLE:
        return None
    second = {v: key_of(v) for v in domains[1]}
    return {a: {b: f"{key_of(a)}|{text}" for b, text in second.items()} for a in domains[0]}


_ABSENT = object()


def family_k(values: dict, keys: dict, a: Any, b: Any, name: str, loc: Loc) -> Any:
    """An entry of a family with a key table (key_table); anything else (a value of another
    type, a seat not in this game) as family_n finds it or fails."""
    ca, cb = a.__class__, b.__class__
    if (ca is str or ca is int) and (cb is str or cb is int):
        row = keys.get(a)
        if row is not None:
            key = row.get(b)
            if key is not None:
                found = values.get(key, _ABSENT)
                if found is not _ABSENT:
                    return found
    return family_n(values, (a, b), name, loc)


def family_2(values: dict, keys: dict, a: Any, b: Any, name: str, loc: Loc) -> Any:
    """An entry of a family over two number ranges (see range_keys); anything else (a text, a
    number outside the range, yes or no) as family_n finds it or fails."""
    if a.__class__ is int and b.__class__ is int:
        row = keys.get(a)
        if row is not None:
            key = row.get(b)
            if key is not None:
                return values[key]
    return family_n(values, (a, b), name, loc)


def family_1(values: dict, keys: dict, a: Any, name: str, rank: dict | None,
             loc: Loc) -> Any:
    """An entry of a family over one number range (see range_keys)."""
    if a.__class__ is int:
        key = keys.get(a)
        if key is not None:
            return values[key]
    return family(values, a, name, rank, loc)


def family_n(values: dict, keys: tuple, name: str, loc: Loc) -> Any:
    joined = "|".join(key_of(k) for k in keys)
    try:
        return values[joined]
    except KeyError:
        raise GameRuleError(f"'{name}' has no entry for {joined}", loc) from None


def check_arg(value: Any, kind: str, rule: str, i: int) -> Any:
    """`value`, if it is of the kind the generated code of `rule` relies on for its
    parameter i (Program.arg_kinds: "number", or a kind whose values are texts): a call
    from outside the rules (a tool, a test, an expression typed in) must not hand it
    another kind, which the code would not check."""
    if value.__class__ is (int if kind == "number" else str):
        return value
    what = "a whole number" if kind == "number" else f"a {kind}" if kind != "text" else "a text"
    raise GameRuleError(f"'{rule}' takes {what} as its value {i + 1}, not "
                        f"{kind_word(value)} ({_shown(value)})")


def check_args(kinds: dict, rule: str, args: tuple) -> None:
    """The values a tool gives a rule, checked as check_arg does (kinds: Program.arg_kinds)."""
    relied = kinds.get(rule)
    if relied is not None:
        for i, (value, kind) in enumerate(zip(args, relied, strict=False)):
            if kind:
                check_arg(value, kind, rule, i)


def attr(attrs: dict, obj: Any, name: str, loc: Loc) -> Any:
    """`obj.name`: an attribute of a kind, an entity or a player, or a column of a table row."""
    try:
        if obj.__class__ is dict:
            return obj[name]
        return attrs[obj][name]
    except (KeyError, TypeError):
        what = "this table row" if obj.__class__ is dict else repr(obj)
        raise GameRuleError(f"{what} has no '{name}'", loc) from None


def position(seq: Any, i: Any, loc: Loc) -> Any:
    """`list[i]` counts from 1 to size(list): 0, a negative number, a number past the end or
    a value that is not a whole number is an error (never an item from the end); a table row
    is read by column."""
    if seq.__class__ is list:
        if i.__class__ is int and 0 < i <= len(seq):
            return seq[i - 1]
        raise GameRuleError(f"no item {_shown(i)} in a list of {len(seq)}: "
                            f"{_positions(len(seq))}", loc)
    if seq.__class__ is dict:
        try:
            return seq[i]
        except (KeyError, TypeError):
            raise GameRuleError(f"no item {_shown(i)} in this table row", loc) from None
    raise GameRuleError(f"only a list or a table row has items in [...], not {kind_word(seq)}",
                        loc)


def _shown(i: Any) -> str:
    if i.__class__ is bool:
        return "yes" if i else "no"
    if i is None:
        return "none"
    return repr(i) if i.__class__ is str else str(i)


def kind_word(v: Any) -> str:
    """What kind of value `v` is, in words (for messages: never the value itself, which may
    be long)."""
    c = v.__class__
    if c is bool:
        return "yes or no"
    if c is int:
        return "a number"
    if c is str:
        return "a text"
    if c is list:
        return f"a list of {len(v)}"
    return "none" if v is None else "a table row" if c is dict else "this value"


def _positions(n: int) -> str:
    """What positions a list of n items has, in words."""
    if n == 0:
        return "the list is empty"
    return "its only position is 1" if n == 1 else f"positions go from 1 to {n}"


def with_item(seq: Any, i: Any, value: Any, loc: Loc) -> list:
    """A copy of a list with its item at position i (from 1) replaced: lists are never changed
    in place, so clones and saves that share a list stay independent."""
    if seq.__class__ is not list:
        raise GameRuleError(f"only an item of a list can be set, not of {kind_word(seq)}", loc)
    position(seq, i, loc)  # the same positions as reading
    new = list(seq)
    new[i - 1] = value
    return new


def table_row(rows: dict, key: Any, default: Any, has_default: bool, name: str, loc: Loc) -> Any:
    try:
        return rows[key]
    except (KeyError, TypeError):
        if has_default:
            return default
        raise GameRuleError(f"table '{name}' has no row for {key!r}", loc) from None


def kind(known: dict, component: str, values: tuple, loc: Loc) -> str:
    k = f"{component}({','.join(str(v) for v in values)})" if values else component
    if k not in known:
        raise GameRuleError(f"there is no component {k}", loc)
    return k


def extreme(pick, values: list, what: str, loc: Loc) -> Any:
    if not values:
        raise GameRuleError(f"{what} of nothing: no value passed the filter", loc)
    return pick(values)


def sort_by(pairs: list[tuple[Any, Any]], descending: bool, loc: Loc) -> list[Any]:
    """The items of (key, item) pairs in the order of their keys (equal keys keep their
    order). Keys are numbers, or texts, or lists of them compared position by position."""
    if pairs:
        first = pairs[0][0].__class__
        for key, _ in pairs:
            if key.__class__ is not first or first not in (int, str, list):
                raise GameRuleError(f"sort needs keys that are all numbers, all texts or all "
                                    f"lists; it got {kind_word(pairs[0][0])} and "
                                    f"{kind_word(key)}", loc)
    try:
        return [item for _, item in sorted(pairs, key=_first, reverse=descending)]
    except TypeError:
        raise GameRuleError("sort needs lists of keys with numbers or texts at the same "
                            "positions", loc) from None


def _first(pair: tuple[Any, Any]) -> Any:
    return pair[0]


def random_one(rt, options: list, stream: str, text_named: str) -> Any:
    """One of `options` drawn from the query's stream (`text_named`: its name in the games
    of an engine that named it by the query's whole text, Game.streams == 1)."""
    if not options:
        return None
    return options[rt.random_draws(text_named if rt.streams == 1 else stream,
                                   [len(options)])[0]]
