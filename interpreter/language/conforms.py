"""A fast yes/no check of a document against the schemas of this project (JSON Schema
2020-12, the keywords they use). jsonschema takes about a millisecond per declaration of a
rule file, mostly in the `allOf` of `if`/`then` that picks a node's definition by its `node`
field; here that choice is one dictionary look-up, so checking grows linearly and stays fast.
Only the answer is given: when a document does not conform, jsonschema is asked what is wrong
(its messages are the ones users see)."""

from __future__ import annotations

import functools
import re
from typing import Any

_TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_KNOWN = {"type", "properties", "required", "additionalProperties", "const", "enum", "anyOf",
          "allOf", "items", "prefixItems", "minItems", "maxItems", "$ref", "if", "then",
          "$schema", "$id", "title", "description", "$defs", "default", "pattern",
          "propertyNames", "minimum", "maximum", "minLength"}


@functools.cache
def _pattern(text: str) -> re.Pattern:
    return re.compile(text)  # searched, not matched whole, as JSON Schema (and jsonschema) do


def conforms(root: dict, doc: Any) -> bool | None:
    """Whether `doc` conforms to the schema `root`; None when the schema uses a keyword this
    check does not know (then ask jsonschema)."""
    try:
        return _Check(root).ok(root, doc)
    except _Unknown:
        return None
    except RecursionError:
        return None


class _Unknown(Exception):
    pass


class _Check:
    def __init__(self, root: dict):
        self.defs = root.get("$defs", {})
        self.dispatch: dict[int, dict[str, dict] | None] = {}

    def ok(self, s: dict, v: Any) -> bool:  # noqa: C901 - one branch per keyword
        for key, want in s.items():
            if key == "$ref":
                if not want.startswith("#/$defs/"):
                    raise _Unknown(want)
                if not self.ok(self.defs[want[len("#/$defs/"):]], v):
                    return False
            elif key == "type":
                kinds = want if isinstance(want, list) else [want]
                if not any(_TYPES[k](v) for k in kinds):
                    return False
            elif key == "const":
                if not (v == want and type(v) is type(want)):
                    return False
            elif key == "enum":
                if v not in want:
                    return False
            elif key == "properties":
                if isinstance(v, dict):
                    for name, sub in want.items():
                        if name in v and not self.ok(sub, v[name]):
                            return False
            elif key == "required":
                if isinstance(v, dict) and any(name not in v for name in want):
                    return False
            elif key == "additionalProperties":
                if isinstance(v, dict):
                    props = s.get("properties", {})
                    extra = [k for k in v if k not in props]
                    if want is False and extra:
                        return False
                    if isinstance(want, dict) and not all(self.ok(want, v[k]) for k in extra):
                        return False
            elif key == "items":
                if isinstance(v, list):
                    start = len(s.get("prefixItems", ()))
                    if want is False and len(v) > start:
                        return False
                    if isinstance(want, dict) and not all(self.ok(want, x) for x in v[start:]):
                        return False
            elif key == "prefixItems":
                if isinstance(v, list) and not all(
                        self.ok(sub, x) for sub, x in zip(want, v, strict=False)):
                    return False
            elif key == "minItems":
                if isinstance(v, list) and len(v) < want:
                    return False
            elif key == "maxItems":
                if isinstance(v, list) and len(v) > want:
                    return False
            elif key == "pattern":
                if isinstance(v, str) and not _pattern(want).search(v):
                    return False
            elif key == "propertyNames":
                if isinstance(v, dict) and not all(self.ok(want, k) for k in v):
                    return False
            elif key == "minLength":
                if isinstance(v, str) and len(v) < want:
                    return False
            elif key in ("minimum", "maximum"):
                if _TYPES["number"](v) and (v < want if key == "minimum" else v > want):
                    return False
            elif key == "anyOf":
                if not any(self.ok(sub, v) for sub in want):
                    return False
            elif key == "allOf":
                if not self._all_of(want, v):
                    return False
            elif key not in _KNOWN or key in ("if", "then"):
                raise _Unknown(key)
        return True

    def _all_of(self, subs: list, v: Any) -> bool:
        """`allOf` of `if {node: const X} then S` picks S by the node's name; any other
        `allOf` is checked one by one."""
        key = id(subs)
        if key not in self.dispatch:
            self.dispatch[key] = _dispatch_table(subs)
        table = self.dispatch[key]
        if table is None:
            for sub in subs:
                if set(sub) & {"if", "then"}:
                    raise _Unknown("if")
                if not self.ok(sub, v):
                    return False
            return True
        if not isinstance(v, dict):
            return True  # `if` does not apply to what is not an object
        then = table.get(v.get("node"))
        return then is None or self.ok(then, v)


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
