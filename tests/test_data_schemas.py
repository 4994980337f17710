"""The JSON Schemas for data files and manifests, and the Fifth Avenue board data."""

from __future__ import annotations

import copy
import json
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
BASE = ROOT / "rulesets" / "fifth-avenue" / "base"

DISTRICTS = ["w34", "e34", "w42", "times_square", "e42", "w52", "e52"]
COLOURS = ["violet", "brown", "gray", "orange", "green"]

# DESIGN.md, "Board facts that the rulebook text does not give": commissioner movement.
ROUTE = {
    ("city_hall", "w34"),
    ("city_hall", "e34"),
    ("w34", "w42"),
    ("w34", "times_square"),
    ("e34", "times_square"),
    ("e34", "e42"),
    ("w42", "w52"),
    ("times_square", "w52"),
    ("times_square", "e52"),
    ("e42", "e52"),
    ("w52", "central_park"),
    ("e52", "central_park"),
}


def load_yaml(path: Path):
    with path.open(encoding="utf-8") as f:
        return yaml.safe_load(f)


def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(name: str, instance) -> list[str]:
    return [e.message for e in validator(name).iter_errors(instance)]


@pytest.fixture(scope="module")
def board():
    return load_yaml(BASE / "board.yaml")


@pytest.fixture(scope="module")
def manifest():
    return load_yaml(BASE / "ruleset.yaml")


# --- schemas -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["data", "manifest", "review"])
def test_schema_is_valid_draft_2020_12(name):
    validator(name)


def test_board_validates(board):
    assert errors("data", board) == []


def test_manifest_validates(manifest):
    assert errors("manifest", manifest) == []


def test_manifest_files_are_relative_to_its_folder(manifest):
    for data_file in manifest["data"]:
        assert (BASE / data_file).is_file(), data_file
    assert all(path.startswith("rules/") for path in manifest["rules"])
    assert manifest["cite"] in manifest["sources"]


# --- board facts ---------------------------------------------------------------------------------


def test_ids_unique_across_file_and_edges_name_ids(board):
    ids = [inst["id"] for instances in board["entities"].values() for inst in instances]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    known = set(ids)
    for name, relation in board["relations"].items():
        for a, b in relation["edges"]:
            assert a in known and b in known, (name, a, b)


def test_places(board):
    places = board["entities"]["place"]
    assert len(places) == 9
    assert [p["id"] for p in places] == ["city_hall", *DISTRICTS, "central_park"]
    roles = Counter(p["role"] for p in places)
    assert roles == {"start": 1, "district": 7, "end": 1}
    columns = [p["column"] for p in places]
    assert columns == sorted(columns) == [0, 1, 1, 2, 2, 2, 3, 3, 4]


def test_plots_one_per_district_and_colour(board):
    plots = board["entities"]["plot"]
    assert len(plots) == 35
    pairs = {(p["district"], p["colour"]) for p in plots}
    assert pairs == {(d, c) for d in DISTRICTS for c in COLOURS}


def test_plot_adjacency_is_a_ring_per_district(board):
    relation = board["relations"]["adjacent"]
    assert relation["directed"] is False
    district = {p["id"]: p["district"] for p in board["entities"]["plot"]}
    colour = {p["id"]: p["colour"] for p in board["entities"]["plot"]}
    neighbours = defaultdict(set)
    for a, b in relation["edges"]:
        assert district[a] == district[b], f"adjacency across districts: {a} - {b}"
        neighbours[a].add(b)
        neighbours[b].add(a)
    assert len(relation["edges"]) == 35
    for plot in district:
        assert len(neighbours[plot]) == 2, plot
        # violet-brown-gray-orange-green-violet
        i = COLOURS.index(colour[plot])
        expected = {COLOURS[(i - 1) % 5], COLOURS[(i + 1) % 5]}
        assert {colour[n] for n in neighbours[plot]} == expected, plot


def test_supply_row_slots(board):
    slots = board["entities"]["slot"]
    assert len(slots) == 20
    assert [s["id"] for s in slots] == [f"slot{i:02d}" for i in range(1, 21)]
    sets = [s["set"] for s in slots]
    assert sets == sorted(sets)
    assert [Counter(sets)[k] for k in range(1, 9)] == [3, 2, 3, 2, 3, 2, 3, 2]


def test_route_edges_as_design(board):
    relation = board["relations"]["route"]
    assert relation["directed"] is True
    edges = [tuple(e) for e in relation["edges"]]
    assert len(edges) == len(set(edges))
    assert set(edges) == ROUTE
    assert ("central_park", "city_hall") not in set(edges)


# --- broken data is rejected ---------------------------------------------------------------------


def test_edge_with_non_string_is_rejected(board):
    broken = copy.deepcopy(board)
    broken["relations"]["route"]["edges"].append(["w34", 7])
    assert errors("data", broken)


def test_instance_without_id_is_rejected(board):
    broken = copy.deepcopy(board)
    del broken["entities"]["plot"][0]["id"]
    assert any("'id' is a required property" in m for m in errors("data", broken))


@pytest.mark.parametrize(
    "broken",
    [
        {"entities": {"place": [{"id": "City Hall"}]}},  # id not an identifier
        {"entities": {"place": [{"id": "a", "tags": ["x"]}]}},  # list attribute
        {"entities": {"place": {"id": "a"}}},  # instances not a list
        {"relations": {"route": {"edges": [["a", "b", "c"]]}}},  # 3-item edge
        {"relations": {"route": {"edges": [["a"]]}}},  # 1-item edge
        {"relations": {"route": {"directed": "yes", "edges": []}}},
        {"relations": {"route": {"directed": True}}},  # no edges
        {"board": {}},  # unknown top-level key
    ],
)
def test_other_broken_data_is_rejected(broken):
    assert errors("data", broken)


@pytest.mark.parametrize(
    "change",
    [
        {"players": []},
        {"players": [3, 3]},
        {"players": [0]},
        {"players": ["3"]},
        {"rules": ["rules/setup.txt"]},
        {"rules": ["/abs/setup.rules"]},
        {"data": ["board.json"]},
        {"extends": 3},
        {"colour": "red"},  # unknown key
    ],
)
def test_broken_manifest_is_rejected(manifest, change):
    assert errors("manifest", {**manifest, **change})


def test_manifest_needs_rules_unless_it_extends(manifest):
    overlay = {k: v for k, v in manifest.items() if k != "rules"}
    assert any("'rules' is a required property" in m for m in errors("manifest", overlay))
    assert errors("manifest", {**overlay, "extends": "../base"}) == []
    assert errors("manifest", {**overlay, "extends": ["../base", "../six-plot"]}) == []


# --- packaging ---------------------------------------------------------------------------------


def test_every_interpreter_subpackage_is_packaged():
    """pyproject.toml lists packages explicitly (to map grammar/, schemas/, rulesets/ into
    the package); a new subpackage of interpreter/ must be listed there too."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "interpreter").rglob("__init__.py")
    }
    assert on_disk - listed == set()
