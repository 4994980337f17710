"""The syntax tree serialises to JSON that validates against schemas/ast.schema.json."""

from __future__ import annotations

import json

import jsonschema
import pytest

from interpreter.language.ast_schema import build_schema
from interpreter.language.nodes import to_json
from interpreter.language.parser import parse_rules
from interpreter.resources import schema

from .conftest import BASE, ROOT


def test_the_committed_schema_is_up_to_date():
    assert schema("ast") == json.loads(json.dumps(build_schema()))


@pytest.mark.parametrize("path", sorted((BASE / "rules").glob("*.rules")), ids=lambda p: p.name)
def test_every_rule_file_gives_a_valid_tree(path):
    tree = parse_rules(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    data = json.loads(json.dumps(to_json(tree)))
    jsonschema.Draft202012Validator(schema("ast")).validate(data)
    assert data["node"] == "RuleFile"
    first = data["decls"][0]
    assert first["loc"][0].endswith(path.name) and first["loc"][1] >= 1


def test_a_broken_tree_is_rejected():
    tree = to_json(parse_rules("enum x: a, b\n", "x.rules"))
    tree["decls"][0]["members"] = "not a list"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema("ast")).validate(tree)
