"""A fast yes/no check of a document against the schemas of this project (JSON Schema
2020-12, the keywords they use). jsonschema takes about a millisecond per declaration of a
rule file, mostly in the `allOf` of `if`/`then` that picks a node's definition by its `node`
field; here that choice is one dictionary look-up, and each part of a schema is made once into
a Python function of the value it checks (not read again keyword by keyword for each value),
so checking grows linearly and stays fast. Only the answer is given: when a document does not
conform, jsonschema is asked what is wrong (its messages are the ones users see)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_NOTES = {"$schema", "$id", "title", "description", "$defs", "default"}  # no check in them


@functools.cache
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)  # searched, not matched whole, as JSON Schema (and jsonschema) do


def conforms(root: dict, doc: Any) -> bool | None:
    """Whether `doc` conforms to the schema `root`; None when the schema uses a keyword this
    check does not know (then ask jsonschema)."""
    try:
        return _compiled(id(root), root)(doc)
    except (_Unknown, RecursionError):  # _Unknown: also met in a definition first used now
        return None


_KEPT: dict[int, tuple[dict, Check]] = {}  # id of a root schema -> (it, its check)


def _compiled(key: int, root: dict) -> Check:
    kept = _KEPT.get(key)
    if kept is None or kept[0] is not root:
        kept = _KEPT[key] = (root, _Compiler(root).part(root))
    return kept[1]


class _Unknown(Exception):
    pass


class _Compiler:
    def __init__(self, root: dict):
        self.defs = root.get("$defs", {})
        self.made: dict[int, Check] = {}  # id of a part of the schema -> its check

    def part(self, s: dict) -> Check:
        """The check of one part of the schema (made once; a `$ref` is followed lazily, so
        definitions may refer to each other in a circle)."""
        made = self.made.get(id(s))
        if made is None:
            checks = [self._keyword(key, want, s) for key, want in s.items()
                      if key not in _NOTES]
            checks = [c for c in checks if c is not None]
            made = self.made[id(s)] = _all(checks)
        return made

    def _ref(self, target: str) -> Check:
        if not target.startswith("#/$defs/"):
            raise _Unknown(target)
        name = target[len("#/$defs/"):]
        if name not in self.defs:
            raise _Unknown(target)
        cell: list[Check] = []

        def follow(v: Any) -> bool:
            if not cell:
                cell.append(self.part(self.defs[name]))
            return cell[0](v)
        return follow

    def _keyword(self, key: str, want: Any, s: dict) -> Check | None:  # noqa: C901, PLR0911
        if key == "$ref":
            return self._ref(want)
        if key == "type":
            kinds = [_TYPES[k] for k in (want if isinstance(want, list) else [want])]
            return kinds[0] if len(kinds) == 1 else lambda v: any(k(v) for k in kinds)
        if key == "const":
            return lambda v: v == want and type(v) is type(want)
        if key == "enum":
            return lambda v: v in want
        if key == "properties":
            subs = [(name, self.part(sub)) for name, sub in want.items()]
            return lambda v: not isinstance(v, dict) or all(
                name not in v or check(v[name]) for name, check in subs)
        if key == "required":
            return lambda v: not isinstance(v, dict) or all(name in v for name in want)
        if key == "additionalProperties":
            props = s.get("properties", {})
            if want is False:
                return lambda v: not isinstance(v, dict) or all(k in props for k in v)
            if isinstance(want, dict):
                extra = self.part(want)
                return lambda v: not isinstance(v, dict) or all(
                    extra(v[k]) for k in v if k not in props)
            return None
        if key == "items":
            start = len(s.get("prefixItems", ()))
            if want is False:
                return lambda v: not isinstance(v, list) or len(v) <= start
            if isinstance(want, dict):
                item = self.part(want)
                return lambda v: not isinstance(v, list) or all(item(x) for x in v[start:])
            return None
        if key == "prefixItems":
            firsts = [self.part(sub) for sub in want]
            return lambda v: not isinstance(v, list) or all(
                check(x) for check, x in zip(firsts, v, strict=False))
        if key == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= want
        if key == "maxItems":
            return lambda v: not isinstance(v, list) or len(v) <= want
        if key == "minLength":
            return lambda v: not isinstance(v, str) or len(v) >= want
        if key in ("minimum", "maximum"):
            number = _TYPES["number"]
            if key == "minimum":
                return lambda v: not number(v) or v >= want
            return lambda v: not number(v) or v <= want
        if key == "pattern":
            search = _pattern(want).search
            return lambda v: not isinstance(v, str) or search(v) is not None
        if key == "propertyNames":
            name_ok = self.part(want)
            return lambda v: not isinstance(v, dict) or all(name_ok(k) for k in v)
        if key == "anyOf":
            alternatives = [self.part(sub) for sub in want]
            return lambda v: any(check(v) for check in alternatives)
        if key == "allOf":
            return self._all_of(want)
        raise _Unknown(key)  # if/then outside an allOf, oneOf, not, uniqueItems, ...

    def _all_of(self, subs: list) -> Check:
        """`allOf` of `if {node: const X} then S` picks S by the node's name; any other
        `allOf` is checked one by one."""
        table = _dispatch_table(subs)
        if table is None:
            for sub in subs:
                if set(sub) & {"if", "then"}:
                    raise _Unknown("if")
            return _all([self.part(sub) for sub in subs])
        checks = {name: self.part(then) for name, then in table.items()}

        def pick(v: Any) -> bool:
            if not isinstance(v, dict):
                return True  # `if` does not apply to what is not an object
            then = checks.get(v.get("node"))
            return then is None or then(v)
        return pick


def _all(checks: list[Check]) -> Check:
    if not checks:
        return lambda v: True
    if len(checks) == 1:
        return checks[0]
    return lambda v: all(check(v) for check in checks)


def _dispatch_table(subs: list) -> dict[str, dict] | None:
    """{node name: schema} for an `allOf` made only of `if {node: const X} then S`."""
    table = {}
    for sub in subs:
        cond = sub.get("if", {}).get("properties", {}).get("node", {})
        if set(sub) != {"if", "then"} or set(sub["if"]) != {"properties"} \
                or set(sub["if"]["properties"]) != {"node"} or set(cond) != {"const"}:
            return None
        table[cond["const"]] = sub["then"]
    return table
