"""The load cache (interpreter/language/cache.py): results come back the same, a change to a file
or to the code is never served stale, and a damaged or unwritable cache only costs time."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language import cache, files, lark_parser, parser, tree_builder
from interpreter.language.errors import RulesetError, RulesetErrors
from interpreter.language.nodes import Loc, to_json

from .conftest import BASE, ROOT, write_tiny

HIGH_CARD = ROOT / "rulesets" / "tutorial" / "high-card"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own."""
    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    return where


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the rule files and YAML files read afresh (not from the cache)."""
    counts = {"rules": 0, "yaml": 0, "expr": 0}

    def counted(kind: str, real):
        def run(*args):
            counts[kind] += 1
            return real(*args)
        return run

    monkeypatch.setattr(lark_parser, "parse_rules", counted("rules", lark_parser.parse_rules))
    monkeypatch.setattr(files, "_parse_yaml", counted("yaml", files._parse_yaml))
    monkeypatch.setattr(lark_parser, "parse_expr", counted("expr", lark_parser.parse_expr))
    monkeypatch.setattr(parser, "_EXPRESSIONS", {})  # what this process remembers
    monkeypatch.setattr(parser, "_BATCHES", {})
    return counts


def _files(fresh: dict[str, int]) -> dict[str, int]:
    return {"rules": fresh["rules"], "yaml": fresh["yaml"]}


def _copy(source: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(source, tmp_path / source.name))


def _trees(ruleset) -> list:
    """Everything loading read from the files: the trees with their places, and the data."""
    return [(to_json(layer.rule_files), layer.manifest, layer.data) for layer in ruleset.layers]


def test_a_second_load_reads_every_file_from_the_cache(folder, fresh, tmp_path):
    game = _copy(HIGH_CARD, tmp_path)
    first = load_ruleset(game)
    assert _files(fresh) == {"rules": 1, "yaml": 2}  # the manifest and the data file
    kinds = sorted(p.name.split("-")[0] for p in folder.iterdir())
    assert [k for k in kinds if k in ("rules", "yaml")] == ["rules", "yaml", "yaml"]
    again = load_ruleset(game)
    assert _files(fresh) == {"rules": 1, "yaml": 2}
    assert _trees(again) == _trees(first)
    assert again.summary() == first.summary()


def test_the_base_game_loads_the_same_from_the_cache(folder, fresh):
    first = load_ruleset(BASE)
    read = dict(fresh)
    again = load_ruleset(BASE)
    assert fresh == read
    assert _trees(again) == _trees(first)
    assert again.summary() == first.summary()
    one, two = first.new_game(4, 3, logging=False), again.new_game(4, 3, logging=False)
    assert one.state_hash() == two.state_hash()


def test_a_changed_rule_file_is_read_again(folder, fresh, tmp_path):
    game = write_tiny(tmp_path / "tiny")
    assert load_ruleset(game).summary()["components"]["card"] == 12
    rules = game / "game.rules"
    rules.write_text(rules.read_text(encoding="utf-8").replace("count 2", "count 3"),
                     encoding="utf-8")
    assert load_ruleset(game).summary()["components"]["card"] == 18
    assert fresh["rules"] == 2
    assert len(list(folder.glob("rules-*"))) == 1  # the new tree replaced the old one


def test_a_changed_data_file_is_read_again(folder, tmp_path):
    game = _copy(HIGH_CARD, tmp_path)
    load_ruleset(game)
    data = game / "suits.yaml"
    data.write_text(data.read_text(encoding="utf-8").replace('"Suns"', '"Sonnen"'),
                    encoding="utf-8")
    names = [e.get("name") for e in load_ruleset(game).layers[0].data[0][1]["entities"]["suit"]]
    assert names == ["Sonnen", "Moons", "Stars"]


def test_a_changed_file_with_a_mistake_is_reported(folder, tmp_path):
    game = write_tiny(tmp_path / "tiny")
    load_ruleset(game)
    rules = game / "game.rules"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("count 2", "count 2 2"), encoding="utf-8")
    line = text[:text.index("count 2")].count("\n") + 1
    for _ in range(2):  # a mistake is not cached: it is found again, at its place
        with pytest.raises(RulesetErrors) as caught:
            load_ruleset(game)
        assert caught.value.errors[0].loc.line == line


def test_the_same_text_elsewhere_says_where_it_is(folder, tmp_path):
    one = write_tiny(tmp_path / "one")
    two = write_tiny(tmp_path / "two")
    load_ruleset(one)
    files_of_two = {str(d.loc.file) for d in load_ruleset(two).layers[0].rule_files[0].decls}
    assert files_of_two == {str(two / "game.rules")}


def test_a_new_engine_does_not_use_the_old_entries(folder, fresh, tmp_path, monkeypatch):
    game = _copy(HIGH_CARD, tmp_path)
    load_ruleset(game)
    monkeypatch.setattr(cache, "fingerprint", lambda: "another version of the engine")
    load_ruleset(game)
    assert _files(fresh) == {"rules": 2, "yaml": 4}


def _new_process() -> None:
    """What this process remembers of expressions written to the cache, then forgotten."""
    parser.save_expressions()
    parser._EXPRESSIONS.clear()
    parser._BATCHES.clear()


def test_an_expression_is_parsed_once_and_placed_where_it_is_used(folder, fresh):
    first = parser.parse_expr("size(hand[p]) + 1", Loc("a.rules", 3, 9))
    assert fresh["expr"] == 1
    _new_process()  # the expressions of a.rules: from the cache
    second = parser.parse_expr("size(hand[p]) + 1", Loc("a.rules", 7, 2))
    third = parser.parse_expr("size(hand[p]) + 1", Loc("c.rules", 1, 1))  # from memory
    assert fresh["expr"] == 1
    assert first == second == third
    assert set(_places(second)) == {("a.rules", 7, 2)}
    assert set(_places(third)) == {("c.rules", 1, 1)}
    _new_process()
    assert sorted(p.name[:5] for p in folder.glob("expr-*")) == ["expr-", "expr-"]  # a, c
    for entry in folder.glob("expr-*"):
        entry.write_bytes(entry.read_bytes()[:-5])
    assert parser.parse_expr("size(hand[p]) + 1", Loc("a.rules", 1, 1)) == first
    assert fresh["expr"] == 2
    with pytest.raises(RulesetError) as caught:
        parser.parse_expr("count(", Loc("d.rules", 2, 5))
    assert caught.value.loc == Loc("d.rules", 2, 5)


def _places(node) -> list:
    """(file, line, column) of every node of a tree, from its JSON form."""
    out, todo = [], [to_json(node)]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            out.append(tuple(item["loc"]))
            todo.extend(v for k, v in item.items() if k != "loc")
        elif isinstance(item, list):
            todo.extend(item)
    return out


def test_a_warm_cache_parses_nothing_and_imports_no_parser(tmp_path):
    """In a new process, as a user loads a ruleset: the second time, every tree comes from
    the cache, and Lark, PyYAML and jsonschema are not even imported."""
    script = ("import sys; from interpreter import load_ruleset; "
              f"r = load_ruleset({str(BASE)!r}); "
              "print(sorted(m for m in ('lark', 'yaml', 'jsonschema') if m in sys.modules), "
              "r.summary())")
    env = {**os.environ, cache.ENV: str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           cwd=ROOT, env=env, check=True).stdout for _ in range(2)]
    assert runs[0].startswith("['jsonschema', 'lark', 'yaml']")
    assert runs[1].startswith("[]")
    assert runs[0].split("] ", 1)[1] == runs[1].split("] ", 1)[1]


def test_the_fingerprint_follows_the_code_the_grammar_and_the_schemas(tmp_path, monkeypatch):
    names = {p.name for p in cache.fingerprint_files()}
    assert {"parser.py", "lark_parser.py", "nodes.py", "files.py", "cache.py", "rules.lark",
            "manifest.schema.json", "data.schema.json"} <= names
    code = tmp_path / "code.py"
    code.write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(cache, "fingerprint_files", lambda: [code])
    cache.fingerprint.cache_clear()
    try:
        before = cache.fingerprint()
        code.write_text("x = 2\n", encoding="utf-8")
        cache.fingerprint.cache_clear()
        changed = cache.fingerprint()
        assert changed != before
        monkeypatch.setattr(cache, "_installed", lambda: ["lark 9.9"])  # another Lark
        cache.fingerprint.cache_clear()
        assert cache.fingerprint() not in (before, changed)
        code.unlink()  # unreadable code: no cache at all
        cache.fingerprint.cache_clear()
        assert cache.fingerprint() is None and cache.key("rules", "text") is None
    finally:
        monkeypatch.undo()
        cache.fingerprint.cache_clear()


@pytest.mark.parametrize("damage", ["garbage", "empty", "cut short", "a word changed",
                                    "folder"])
def test_a_damaged_cache_still_loads(folder, fresh, tmp_path, damage):
    game = _copy(HIGH_CARD, tmp_path)
    first = load_ruleset(game)
    entries = sorted([*folder.glob("rules-*"), *folder.glob("yaml-*")])
    assert len(entries) == 3
    for entry in entries:
        data = entry.read_bytes()
        assert b"suit" in data  # every entry holds the word (unpickled, it would be read)
        if damage == "folder":
            entry.unlink()
            entry.mkdir()
        else:
            entry.write_bytes({"garbage": b"\x80\x04not a pickle at all",
                               "empty": b"",
                               "cut short": data[: len(data) // 2],
                               "a word changed": data.replace(b"suit", b"suiT", 1),
                               }[damage])
    again = load_ruleset(game)
    assert _trees(again) == _trees(first)
    assert _files(fresh) == {"rules": 2, "yaml": 4}  # everything read afresh
    if damage != "folder":  # and written again, whole
        load_ruleset(game)
        assert _files(fresh) == {"rules": 2, "yaml": 4}


def test_a_damaged_parser_entry_builds_the_parser_again(folder):
    built = lark_parser._lark.__wrapped__()  # past the memory of this process: the cache only
    (entry,) = folder.glob("parser-*")
    entry.write_bytes(entry.read_bytes()[:1000])
    again = lark_parser._lark.__wrapped__()
    from_cache = lark_parser._lark.__wrapped__()
    text = (BASE / "rules" / "auctions.rules").read_text(encoding="utf-8")
    trees = [to_json(tree_builder.build(p.parse(text, start="start"), "a.rules", None))
             for p in (built, again, from_cache)]
    assert trees[0] == trees[1] == trees[2]


@pytest.mark.parametrize("where", ["under a file", "a file", "off"])
def test_an_unusable_cache_folder_still_loads(tmp_path, monkeypatch, fresh, where):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder", encoding="utf-8")
    setting = {"under a file": str(blocker / "cache"), "a file": str(blocker), "off": ""}[where]
    monkeypatch.setenv(cache.ENV, setting)
    game = _copy(HIGH_CARD, tmp_path)
    first = load_ruleset(game)
    assert _trees(load_ruleset(game)) == _trees(first)
    assert _files(fresh) == {"rules": 2, "yaml": 4}  # nothing was kept, nothing broke
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocker", "high-card"]
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_the_cache_folder_is_the_users(tmp_path, monkeypatch):
    monkeypatch.delenv(cache.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == tmp_path / "xdg" / "rules-engine"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.folder() == tmp_path / "home" / ".cache" / "rules-engine"
    monkeypatch.setenv(cache.ENV, "")
    assert cache.folder() is None


def test_the_tests_use_a_cache_of_their_own():
    from .conftest import TEST_CACHE

    assert cache.folder() == Path(TEST_CACHE)
    assert ROOT not in Path(TEST_CACHE).parents
