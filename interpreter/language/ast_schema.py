"""The JSON Schema of the syntax tree, derived from the node classes (schemas/ast.schema.json).

`python -m interpreter.language.ast_schema > schemas/ast.schema.json` writes it again after a
change to nodes.py; a test checks that the committed file is up to date.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import fields

from interpreter.language import nodes as N

_LOC = {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"},
                                         {"type": "integer"}], "minItems": 3, "maxItems": 3}


def _type_schema(tp: typing.Any) -> dict:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_type_schema(a) for a in typing.get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    if origin is list:
        (item,) = typing.get_args(tp) or (typing.Any,)
        return {"type": "array", "items": _type_schema(item)}
    if origin is dict:
        return {"type": "object"}
    if tp is str:
        return {"type": "string"}
    if tp is int:
        return {"type": "integer"}
    if tp is bool:
        return {"type": "boolean"}
    if tp is N.Loc:
        return _LOC
    if isinstance(tp, type) and issubclass(tp, N.Node):
        if not tp.__subclasses__():
            return {"$ref": f"#/$defs/{tp.__name__}"}
        return {"$ref": f"#/$defs/any{tp.__name__}"}
    return {}


def _dispatch(base: type[N.Node]) -> dict:
    """Any node of a family (an expression, a statement, ...): its 'node' field says which
    definition applies (if/then keeps validation fast, unlike anyOf)."""
    subs = sorted(name for name, cls in N.node_types().items()
                  if issubclass(cls, base) and not cls.__subclasses__())
    return {"type": "object", "required": ["node"],
            "properties": {"node": {"enum": subs}},
            "allOf": [{"if": {"properties": {"node": {"const": sub}}},
                       "then": {"$ref": f"#/$defs/{sub}"}} for sub in subs]}


def build_schema() -> dict:
    defs: dict[str, dict] = {}
    for name, cls in sorted(N.node_types().items()):
        hints = typing.get_type_hints(cls, vars(N))
        props: dict[str, dict] = {"node": {"const": name}, "loc": _LOC}
        for f in fields(cls):
            if f.name != "loc":
                props[f.name] = _type_schema(hints[f.name])
        defs[name] = {"type": "object", "properties": props, "required": ["node", "loc"],
                      "additionalProperties": False}
        if cls.__subclasses__():
            defs[f"any{name}"] = _dispatch(cls)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.org/rules-engine/ast.schema.json",
        "title": "Syntax tree of a rule file",
        "description": "A parsed rule file as JSON: every node has its type ('node') and its "
                       "place in the source ('loc': file, line, column). Generated from "
                       "interpreter/nodes.py by interpreter/ast_schema.py.",
        "$ref": "#/$defs/RuleFile",
        "$defs": defs,
    }


if __name__ == "__main__":
    print(json.dumps(build_schema(), indent=1))
