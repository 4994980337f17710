"""Bounds on the work that files from strangers can ask for (issue 30, items 8-12): rulesets
that extend each other in diamonds, the expression cache, huge numbers in files, long chains of
constants and large data files, and the alignment of `rules review` and `rules diff` of many
rules. Each test counts the work, or gives a command a generous time limit that the code
before these bounds went far past (docs/robustness.md has the figures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language import files
from interpreter.language.errors import RulesetError, RulesetErrors

from .conftest import ROOT, TINY_RULES, write_tiny
from .test_robustness import (
    assert_one_line,
    cli,
    copy_tutorial,
    no_python_errors,
    tutorial,
    tutorial_files,
)

__all__ = ["tutorial", "tutorial_files"]  # fixtures, used by name


class TooMuchWork(Exception):
    """Raised by a counter past its bound: the code under test went on far too long."""


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str, bound: int
              ) -> dict[str, int]:
    """Count the calls of `module.name`; past `bound`, stop the test with TooMuchWork."""
    real = getattr(module, name)
    calls = {"n": 0}

    def counted(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] > bound:
            raise TooMuchWork(f"{name} called more than {bound} times")
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


# ============================================================ 8. extends in a diamond lattice
def _manifest(folder: Path, name: str, extends: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    listed = ", ".join(extends)
    (folder / "ruleset.yaml").write_text(f"name: {name}\nplayers: [2]\nextends: [{listed}]\n",
                                         encoding="utf-8")
    return folder


def lattice(root: Path, size: int) -> Path:
    """`size` rulesets over a tiny game, each extending the two before it (a diamond on
    a diamond): the top one."""
    write_tiny(root / "m0")
    _manifest(root / "m1", "m1", ["../m0"])
    for k in range(2, size + 1):
        _manifest(root / f"m{k}", f"m{k}", [f"../m{k - 1}", f"../m{k - 2}"])
    return root / f"m{size}"


def test_a_diamond_lattice_of_overlays_reads_each_manifest_once(tmp_path, monkeypatch):
    """30 rulesets each extending the two before it: every path through them was loaded
    again (1.6 million paths: over 120 s); now each ruleset is read once."""
    top = lattice(tmp_path / "rulesets", 30)
    reads = _counting(monkeypatch, files, "_checked_yaml", 1000)
    ruleset = load_ruleset(top)
    assert reads["n"] == 31
    assert [layer.name for layer in ruleset.layers] == ["Tiny", *(f"m{k}" for k in range(1, 31))]


def test_a_chain_too_long_is_found_through_a_ruleset_loaded_before(tmp_path):
    """A ruleset reached twice is loaded once: its chain of `extends` still counts where it is
    reached the second time, deeper."""
    root = tmp_path / "rulesets"
    write_tiny(root / "c0")
    for i in range(1, files.MAX_EXTENDS + 1):  # c0 <- c1 <- ... <- c50: 50 links, allowed
        _manifest(root / f"c{i}", f"c{i}", [f"../c{i - 1}"])
    top = files.MAX_EXTENDS
    load_ruleset(root / f"c{top}")
    _manifest(root / "x", "x", [f"../c{top}"])  # 51 links
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(root / "x")
    assert "in a chain" in str(info.value)
    # x reaches c49 first directly (loaded, 49 links below it), then through c50: 51 links
    _manifest(root / "y", "y", [f"../c{top - 1}", f"../c{top}"])
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(root / "y")
    assert "in a chain" in str(info.value)


def test_a_ruleset_that_builds_on_too_many_rulesets_is_an_error(tmp_path):
    root = tmp_path / "rulesets"
    write_tiny(root / "base")
    count = files.MAX_LAYERS + 1
    for i in range(count):
        _manifest(root / f"s{i}", f"s{i}", ["../base"])
    _manifest(root / "top", "top", [f"../s{i}" for i in range(count)])
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(root / "top")
    assert f"more than {files.MAX_LAYERS} rulesets" in str(info.value)
    assert info.value.errors[0].loc.line == 3


def test_many_unrelated_overlays_changing_one_name_give_one_error_each(tmp_path):
    """Each overlay that changes a name another unrelated overlay changed is one error
    (not one per pair: 150 overlays made 11,175)."""
    root = tmp_path / "rulesets"
    write_tiny(root / "base", TINY_RULES + "const zz = 1\n")
    count = 150
    for i in range(count):
        folder = _manifest(root / f"s{i}", f"s{i}", ["../base"])
        (folder / "ruleset.yaml").write_text(
            f"name: s{i}\nplayers: [2]\nextends: ../base\nrules: [s.rules]\n", encoding="utf-8")
        (folder / "s.rules").write_text(f"replace const zz = {i + 2}\n", encoding="utf-8")
    _manifest(root / "top", "top", [f"../s{i}" for i in range(count)])
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(root / "top")
    conflicts = [e for e in info.value.errors if "do not build on each other" in e.message]
    assert len(conflicts) == count - 1
    assert "'s0'" in conflicts[0].message and "'s1' (here)" in conflicts[0].message


# ============================================================ 10. numbers of a million digits
def _rules(*args: object, env: dict[str, str] | None = None, timeout: float = 30
           ) -> subprocess.CompletedProcess:
    """`rules ARGS` in a process of its own, stopped (TimeoutExpired) after `timeout` s."""
    return subprocess.run([sys.executable, "-m", "interpreter", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def test_a_replay_with_a_number_of_a_million_digits_is_refused_at_once(tutorial_files, tmp_path):
    """The command lifted Python's limit on digits: reading the number and writing it back
    took 96 s. The limit holds even if the environment lifts it."""
    _, replay = tutorial_files
    text = json.dumps(replay).replace(f'"seed": {replay["seed"]}', '"seed": ' + "7" * 10**6)
    path = tmp_path / "huge.replay.json"
    path.write_text(text, encoding="utf-8")
    done = _rules("replay", path, env={"PYTHONINTMAXSTRDIGITS": "0"})
    assert done.returncode == 2, done.stderr[-2000:]
    assert "a number of 1,000,000 digits, more than 4,300" in assert_one_line(done.stderr)


@no_python_errors
def test_a_journal_with_a_number_too_long_is_damaged(tutorial, tmp_path, capsys, monkeypatch):
    from interpreter.play.journal import JOURNAL_FORMAT

    path = tmp_path / "game.journal"
    path.write_text('{"format":"' + JOURNAL_FORMAT + '","version":1,"x":' + "9" * 5000 + "}\n",
                    encoding="utf-8")
    code, _, err = cli(capsys, monkeypatch, "replay", path)
    assert code == 2
    assert "journal" in assert_one_line(err)


@no_python_errors
def test_a_save_with_a_number_too_long_is_one_line(tutorial_files, tmp_path, capsys,
                                                    monkeypatch):
    save, _ = tutorial_files
    text = json.dumps(save).replace('"seed": ', '"seed": ' + "9" * 5000 + ", \"was\": ", 1)
    path = tmp_path / "x.save.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = cli(capsys, monkeypatch, "show", path)
    assert code == 2
    assert "a number of 5,000 digits, more than 4,300" in assert_one_line(err)


@pytest.mark.parametrize("number", ["9" * 5000, "0x" + "f" * 5000, "-" + "1" * 4001])
def test_a_data_file_with_a_number_too_long_is_an_error_at_its_line(tmp_path, number):
    folder = copy_tutorial(tmp_path)
    data = folder / "suits.yaml"
    text = data.read_text(encoding="utf-8")
    data.write_text(text.replace('name: "Suns"', f'name: "Suns"\n      strength: {number}'),
                    encoding="utf-8")
    line = text[:text.index('name: "Suns"')].count("\n") + 2
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    (error,) = info.value.errors
    assert "a number of more than 4,000 digits" in error.message \
        or "more than 4,300" in error.message
    assert error.loc.line == line


@no_python_errors
def test_a_rule_that_writes_a_number_too_long_stops_at_its_line(tmp_path, capsys, monkeypatch):
    """Values a game keeps have at most 4,000 digits; a number made only to be written (in a
    log line) with more than Python writes is an error at its rule, not written."""
    rules = TINY_RULES.replace('    log "{p} plays {c}"', "    let big = 7\n"
                               "    for each q in numbers(1, 11):\n      big = big * big\n"
                               '    log "{p} plays {c}: {big * big * big}"')
    folder = write_tiny(tmp_path / "t", rules)
    code, out, err = cli(capsys, monkeypatch, "play", folder, "--watch", "--no-replay",
                         "--color", "never")
    assert code == 1
    line = rules[:rules.index("log \"{p} plays {c}:")].count("\n") + 1
    assert f"game.rules:{line}:" in err and "more than 4,300 digits: too long to write" in err


# ============================================================ 11. chains of constants, caps
def _one_error(folder: Path) -> RulesetError:
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(folder)
    (error,) = info.value.errors
    return error


def _order_script(count: int) -> str:
    return f"""
from types import SimpleNamespace
from interpreter.engine.compiler import Compiler
from interpreter.language import nodes as N
at = N.Loc("x.rules", 1, 1)
decls = [N.ConstDecl(loc=at, name=f"c{{i}}", value=N.Arith(
         loc=at, first=N.Name(loc=at, id=f"c{{i + 1}}"), ops=["+"], rest=[N.Num(loc=at, value=1)]))
         for i in range({count})]
decls.append(N.ConstDecl(loc=at, name="c{count}", value=N.Num(loc=at, value=1)))
errors = []
fake = SimpleNamespace(decl_list=decls, error=lambda *a: errors.append(a))
order = Compiler._consts_in_order(fake)
print(len(order), order[0].name, order[-1].name, len(errors))
"""


def test_chained_constants_are_ordered_in_linear_time():
    """20,000 constants, each using the next: they were ordered in 20,000 rounds over all of
    them (397 s for `rules check`); now in one pass."""
    done = subprocess.run([sys.executable, "-c", _order_script(20_000)], capture_output=True,
                          text=True, timeout=30, cwd=ROOT)
    assert done.stdout.split() == ["20001", "c20000", "c0", "0"], done.stderr[-2000:]


def _old_order(decls: list) -> list[str]:
    """The order of constants before: rounds of those whose uses are all done, as declared."""
    from interpreter.language import nodes as N

    consts = {d.name: d for d in decls}
    uses = {name: {n.id for n in N.walk(d.value) if isinstance(n, N.Name) and n.id in consts}
            for name, d in consts.items()}
    ordered, done = [], set()
    while len(done) < len(consts):
        ready = [n for n in consts if n not in done and uses[n] <= done]
        if not ready:
            break
        ordered += ready
        done.update(ready)
    return ordered


@pytest.mark.parametrize("seed", range(20))
def test_constants_are_ordered_as_before(seed):
    import random
    from types import SimpleNamespace

    from interpreter.engine.compiler import Compiler
    from interpreter.language import nodes as N

    rng = random.Random(seed)
    at = N.Loc("x.rules", 1, 1)
    names = [f"c{i}" for i in range(40)]
    decls = []
    for i, name in enumerate(names):
        used = rng.sample(names, rng.choice([0, 1, 2, 3]))
        if seed % 4 == 0:  # no circles: each uses only later ones
            used = [u for u in used if names.index(u) > i]
        value = N.Arith(loc=at, first=N.Num(loc=at, value=1), ops=["+"] * len(used),
                        rest=[N.Name(loc=at, id=other) for other in used])
        decls.append(N.ConstDecl(loc=at, name=name, value=value))
    rng.shuffle(decls)
    errors: list = []
    fake = SimpleNamespace(decl_list=decls, error=lambda message, loc: errors.append(message))
    assert [d.name for d in Compiler._consts_in_order(fake)] == _old_order(decls)
    circled = len(decls) - len(_old_order(decls))
    assert len(errors) == circled
    assert all("depends on itself" in e for e in errors)


def test_too_many_declarations_are_refused_before_parsing(tmp_path, monkeypatch):
    from interpreter.language import lark_parser

    consts = "".join(f"const zz_c{i} = {i}\n" for i in range(files.MAX_DECLARATIONS + 1))
    folder = write_tiny(tmp_path / "t", TINY_RULES + consts)
    _counting(monkeypatch, lark_parser, "parse_rules", 0)
    error = _one_error(folder)
    assert f"more than {files.MAX_DECLARATIONS:,} declarations" in error.message
    before = TINY_RULES.count("\n")  # the tiny game declares 11 things
    assert error.loc.line == before + files.MAX_DECLARATIONS - 11 + 1


def test_declarations_are_counted_over_every_layer(tmp_path):
    root = tmp_path / "rulesets"
    half = files.MAX_DECLARATIONS // 2
    write_tiny(root / "base", TINY_RULES + "".join(f"const zz_a{i} = {i}\n" for i in range(half)))
    top = _manifest(root / "top", "top", ["../base"])
    (top / "ruleset.yaml").write_text("name: top\nplayers: [2]\nextends: ../base\n"
                                      "rules: [more.rules]\n", encoding="utf-8")
    (top / "more.rules").write_text("".join(f"const zz_b{i} = {i}\n" for i in range(half)),
                                    encoding="utf-8")
    error = _one_error(top)
    assert "declarations" in error.message and error.loc.file.endswith("more.rules")
    assert error.loc.line == half - 11 + 1


def test_too_many_words_in_rules_are_refused_before_parsing(tmp_path, monkeypatch):
    from interpreter.language import lark_parser

    terms = " + ".join(["1"] * 1000)  # 1,999 words and signs a line, plus 4
    lines = files.MAX_RULE_WORDS // 2003 + 1
    folder = write_tiny(tmp_path / "t", TINY_RULES + "".join(
        f"const zz_c{i} = {terms}\n" for i in range(lines)))
    _counting(monkeypatch, lark_parser, "parse_rules", 0)
    error = _one_error(folder)
    assert f"more than {files.MAX_RULE_WORDS:,} words" in error.message
    assert error.loc.line > TINY_RULES.count("\n")


def _data_ruleset(folder: Path, board: str) -> Path:
    write_tiny(folder)
    (folder / "ruleset.yaml").write_text("name: Tiny\nplayers: [2]\nrules: [game.rules]\n"
                                         "data: [board.yaml]\n", encoding="utf-8")
    (folder / "board.yaml").write_text(board, encoding="utf-8")
    return folder


def test_too_many_entities_are_an_error_before_the_world_is_built(tmp_path, monkeypatch):
    from interpreter.engine import ruleset as ruleset_module

    count = files.MAX_ENTITIES + 1
    board = "entities:\n  zz_place:\n" + "".join(f"    - {{id: zz_p{i}}}\n" for i in range(count))
    folder = _data_ruleset(tmp_path / "t", board)
    _counting(monkeypatch, ruleset_module, "build_world", 0)
    error = _one_error(folder)
    assert f"more than {files.MAX_ENTITIES:,} entities" in error.message
    assert error.loc.line == 1


def test_a_data_file_of_millions_of_values_is_refused_as_soon_as_seen(tmp_path):
    """A data file of 3,000,000 values (6 MB) was read whole, then checked (a 15.9 MB one:
    over 300 s, 1.4 GB); now reading stops at the value past MAX_YAML_VALUES."""
    board = "entities:\n  zz_place:\n    - id: zz_p\n      many: x\nzz_more: [" + \
        ", ".join(["1"] * 3_000_000) + "]\n"
    folder = _data_ruleset(tmp_path / "t", board)
    done = _rules("check", folder)
    said = done.stdout + done.stderr
    assert done.returncode == 2, said[-2000:]
    assert f"more than {files.MAX_YAML_VALUES:,} values in one file" in said
    assert "board.yaml:5:" in said


def test_the_values_of_all_data_files_are_counted_together(tmp_path):
    half = files.MAX_YAML_VALUES // 2
    folder = _data_ruleset(tmp_path / "t", "relations:\n  zz_a:\n    edges:\n" + "".join(
        f"      - [p{i}, q{i}]\n" for i in range(half // 3)))
    (folder / "more.yaml").write_text("relations:\n  zz_b:\n    edges:\n" + "".join(
        f"      - [p{i}, q{i}]\n" for i in range(half // 3 + 10)), encoding="utf-8")
    (folder / "ruleset.yaml").write_text("name: Tiny\nplayers: [2]\nrules: [game.rules]\n"
                                         "data: [board.yaml, more.yaml]\n", encoding="utf-8")
    error = _one_error(folder)
    assert "values in the data files of this ruleset" in error.message
    assert error.loc.file.endswith("more.yaml")


@pytest.mark.parametrize("seed", range(60))
def test_the_fast_schema_check_agrees_with_jsonschema_on_data(seed):
    """The data files are checked by the fast check first (jsonschema took 2.5 ms an
    entity): both say the same of real data files damaged at random."""
    import random

    import jsonschema
    import yaml

    from interpreter.fuzz.mutations import mutate_value
    from interpreter.language.conforms import conforms
    from interpreter.resources import schema

    boards = sorted((ROOT / "rulesets").rglob("board*.yaml")) + \
        sorted((ROOT / "rulesets").rglob("suits.yaml"))
    rng = random.Random(seed)
    doc = yaml.safe_load(rng.choice(boards).read_text(encoding="utf-8"))
    if seed % 5:
        doc = mutate_value(rng, doc)
    expected = jsonschema.Draft202012Validator(schema("data")).is_valid(doc)
    assert conforms(schema("data"), doc) is expected


# ============================================================ 9. the expression cache
@pytest.fixture
def cache_folder(tmp_path, monkeypatch) -> Path:
    """A cache folder of this test's own, and a process that remembers no expression."""
    from interpreter.language import cache, parser

    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    monkeypatch.setattr(parser, "_EXPRESSIONS", {})
    monkeypatch.setattr(parser, "_BATCHES", {}, raising=False)
    monkeypatch.setattr(cache, "_TIDIED", set(), raising=False)
    return where


def _many_texts(count: int) -> str:
    """A procedure logging `count` distinct {...} expressions, ten to a line."""
    lines = ['  log "' + "".join(f"{{turns+{j}}}" for j in range(i, min(i + 10, count))) + '"\n'
             for i in range(0, count, 10)]
    return TINY_RULES + "\nprocedure zz_logs():\n" + "".join(lines)


def test_the_expressions_of_a_file_are_one_cache_entry(tmp_path, cache_folder, monkeypatch):
    """A rule file of 12,875 distinct {...} texts wrote 12,875 cache files, reading the whole
    folder at each write (over 300 s); now the expressions of a file are one entry."""
    from interpreter.language import cache, parser

    folder = write_tiny(tmp_path / "t", _many_texts(2000))
    stores = _counting(monkeypatch, cache, "store", 100)
    load_ruleset(folder)
    getattr(parser, "save_expressions", lambda: None)()  # as at the end of the process
    assert stores["n"] <= 10
    assert len(list(cache_folder.glob("expr-*"))) == 1
    assert len(list(cache_folder.iterdir())) <= 10
    parser._EXPRESSIONS.clear()  # a new process: every expression from the one entry
    parser._BATCHES.clear()
    from interpreter.language import lark_parser

    _counting(monkeypatch, lark_parser, "parse_expr", 0)
    load_ruleset(folder)


def test_an_entry_keeps_the_expressions_the_file_still_has(tmp_path, cache_folder):
    from interpreter.language import parser
    from interpreter.language.nodes import Loc

    where = Loc(str(tmp_path / "a.rules"), 1, 1)
    for text in ("turns + 1", "turns + 2"):
        parser.parse_expr(text, where)
    parser.save_expressions()
    parser._EXPRESSIONS.clear()
    parser._BATCHES.clear()
    parser.parse_expr("turns + 2", where)  # the file was edited: "turns + 1" is gone
    parser.save_expressions()
    parser._EXPRESSIONS.clear()
    parser._BATCHES.clear()
    assert sorted(parser._batch(parser._slot(where)).known) == ["turns + 2"]


def test_the_cache_folder_is_read_once_a_process_and_kept_below_its_bound(cache_folder,
                                                                          monkeypatch):
    import glob
    import os
    import time

    from interpreter.language import cache, writing

    cache.store("yaml", "first", cache.key("yaml", "first"), 1)  # the folder and its key
    monkeypatch.setattr(cache, "_TIDIED", set(), raising=False)
    now = time.time()
    for i in range(cache.MAX_ENTRIES + 100):
        old = cache_folder / f"rules-{i:08d}.cache"
        old.write_bytes(b"x")
        os.utime(old, (now - 10_000 + i, now - 10_000 + i))
    stale = cache_folder / ".rules-x.cache.abcdefgh.tmp"
    stale.write_bytes(b"")
    os.utime(stale, (now - 2 * writing.STALE_SECONDS, now - 2 * writing.STALE_SECONDS))
    globs = _counting(monkeypatch, glob, "glob", 0)
    scans = _counting(monkeypatch, os, "scandir", 1)
    for i in range(200):
        cache.store("yaml", f"slot {i}", cache.key("yaml", f"slot {i}"), i)
    assert globs["n"] == 0 and scans["n"] == 1
    left = sorted(p.name for p in cache_folder.iterdir())
    assert not stale.exists() and "user.key" in left
    assert len([n for n in left if n.endswith(".cache")]) <= cache.MAX_ENTRIES * 3 // 4 + 200
    assert f"rules-{cache.MAX_ENTRIES + 99:08d}.cache" in left  # the newest are kept
    assert "rules-00000000.cache" not in left  # the oldest are gone
    assert cache.load("yaml", "slot 199", cache.key("yaml", "slot 199")) == 199


# ============================================================ 12. rules review and rules diff
_VOCABULARY = ("player card tile plot district auction bid money victory point build shop "
               "round turn move phase score supply black joker coin").split()


def _units(seed: int, count: int) -> list:
    import random

    from interpreter.editions.units import Unit

    rng = random.Random(seed)
    kinds = ["paragraph"] * 6 + ["item", "caption", "summary", "heading"]
    return [Unit(2 * k + 1, 2 * k + 1, rng.choice(kinds),
                 " ".join(rng.choice(_VOCABULARY) for _ in range(rng.randint(4, 16)))
                 + f" {rng.randint(1, 30)}", "") for k in range(count)]


def test_aligning_two_long_texts_compares_a_bounded_number_of_pairs(monkeypatch):
    """Two texts of 10,000 units (a megabyte each) were compared unit by unit: 100 million
    likenesses held in memory (about 20 GB); now those in a band, MAX_PAIRS in all. The
    edition here is the reference with units left out, added and changed: most units find
    their own counterpart."""
    import random

    from interpreter.editions import align
    from interpreter.editions.units import Unit

    rng = random.Random(5)
    ref, ed, truth = _units(1, 10_000), [], {}
    extra = _units(2, 10_000)
    for k, unit in enumerate(ref):
        roll = rng.random()
        if roll < 0.05:
            continue  # left out
        if roll < 0.10:
            ed.append(extra[k])  # something else in its place
            continue
        text = unit.text if roll > 0.2 else unit.text.rsplit(" ", 1)[0] + " 99"
        truth[unit.line] = len(ed)
        ed.append(Unit(len(ed) * 2 + 1, 0, unit.kind, text, ""))
    ed = [Unit(2 * k + 1, 2 * k + 1, u.kind, u.text, "") for k, u in enumerate(ed)]
    bound = 3 * align.MAX_PAIRS
    for name in ("likeness", "_like"):
        if hasattr(align, name):
            _counting(monkeypatch, align, name, bound)
    pairs = align.align(ref, ed)
    align.first_pass(ref, ed, pairs)
    assert align.banded(ref, ed)
    right = sum(1 for line, k in truth.items() if ed[k].line in pairs.get(line, []))
    assert right > 0.9 * len(truth)


def test_a_unit_of_the_same_words_is_paired_across_a_long_text():
    from interpreter.editions import align
    from interpreter.editions.units import Unit

    ref, ed = _units(1, 3_000), _units(2, 3_000)
    moved = "A sidebar that the extraction put at the very end of the page, 17 and 4"
    ref[10] = Unit(ref[10].line, ref[10].line, "paragraph", moved, "")
    ed[-1] = Unit(ed[-1].line, ed[-1].line, "paragraph", moved, "")
    assert align.banded(ref, ed)
    assert align.align(ref, ed)[ref[10].line] == [ed[-1].line]


def test_many_review_entries_are_found_without_reading_every_unit_again(monkeypatch):
    from interpreter.editions import units as units_module

    units = _units(3, 5_000)
    spaced = _counting(monkeypatch, units_module, "_spaced", 5_000 + 2 * 2_000)
    index = units_module.UnitIndex(units)
    for k in range(0, 4_000, 2):
        quote = " ".join(units[k].text.split()[:3])
        found, _ = index.find(quote, at=units[k].line)
        assert found == [units[k]]
    assert spaced["n"] <= 5_000 + 2 * 2_000


@pytest.mark.parametrize("seed", range(30))
def test_the_unit_index_finds_what_each_unit_searched_alone_finds(seed):
    import random
    import re

    from interpreter.editions import units as units_module

    rng = random.Random(seed)
    units = _units(seed, 60)
    for _ in range(30):
        unit = rng.choice(units)
        words = unit.text.split()
        start = rng.randrange(len(words))
        quote = " ".join(words[start:start + rng.randint(1, 3)])
        if rng.random() < 0.3:
            quote += " ... " + rng.choice(_VOCABULARY)
        if rng.random() < 0.2:
            quote = quote[:-1]  # a word cut short
        at = rng.choice([None, None, unit.line, unit.line + 2])
        alone = []
        parts = [units_module._spaced(p) for p in re.split(r"\.\.\.|…", quote)]
        patterns = [units_module._bounded(p) for p in parts if p]
        for u in units:
            if at is not None and u.line != at:
                continue
            body, pos = units_module._spaced(u.text), 0
            for pattern in patterns:
                m = pattern.search(body, pos)
                if m is None:
                    break
                pos = m.end()
            else:
                if patterns:
                    alone.append(u)
        assert units_module.find_unit(units, quote, at)[0] == alone


def _side(decls: dict[str, str]):
    from interpreter.editions.diff import Side
    from interpreter.language import nodes as N

    at = N.Loc("x.rules", 1, 1)
    made = {name: N.ConstDecl(loc=at, name=name) for name in decls}
    text = {name: [line] for name, line in decls.items()}
    return Side(made, text, text)


def _old_renames(left, right, removed, added) -> dict[str, str]:
    """The renames as found before: every removed rule tried for every added one."""
    from interpreter.editions.citations import kind_of
    from interpreter.editions.diff import _renamer

    out, taken = {}, set()
    for new in added:
        for old in removed:
            if old in taken or kind_of(left.decls[old]) != kind_of(right.decls[new]):
                continue
            if _renamer({new: old})(right.text[new]) == left.text[old]:
                out[new] = old
                taken.add(old)
                break
    return out


def test_renames_among_thousands_of_rules_are_found_in_linear_time(monkeypatch):
    """2,000 constants removed and 2,000 others added, none a rename: each added one was
    compared with each removed one (49 s); now each is looked up by its text."""
    from interpreter.editions import diff

    count = 2_000
    left = _side({f"zz_c{i}": f"const zz_c{i} = {i}" for i in range(count)})
    right = _side({f"zz_d{i}": f"const zz_d{i} = {i + 100_000}" for i in range(count)})
    calls = _counting(monkeypatch, diff, "_renamer", 10 * count)
    assert diff._renames(left, right, list(left.decls), list(right.decls)) == {}
    renamed = _side({f"zz_d{i}": f"const zz_d{i} = {count - 1 - i}" for i in range(count)})
    found = diff._renames(left, renamed, list(left.decls), list(renamed.decls))
    assert found == {f"zz_d{i}": f"zz_c{count - 1 - i}" for i in range(count)}
    assert calls["n"] <= 10 * count


@pytest.mark.parametrize("seed", range(40))
def test_renames_are_found_as_before(seed):
    import random

    from interpreter.editions import diff

    rng = random.Random(seed)
    names = [f"n{i}" for i in range(12)]

    def text(name: str) -> str:
        other = rng.choice([*names, name, name])
        return rng.choice([f"const {name} = 1", f"const {name} = {other} + 1",
                           f'const {name} = "{other}"', f"const {name} = {other} + {name}"])

    left = _side({f"a{i}": text(f"a{i}") for i in range(8)})
    right = _side({f"b{i}": text(f"b{i}") for i in range(8)})
    names[:] = [*left.decls, *right.decls]
    for side in (left, right):
        for name in list(side.decls):
            side.text[name] = [text(name)]
    # renames on purpose, some mentioning the old name as it is
    for i in rng.sample(range(8), 4):
        old, new = f"a{i}", f"b{i}"
        right.text[new] = [line.replace(old, new) for line in left.text[old]]
        if rng.random() < 0.3:
            right.text[new] = [right.text[new][0] + f" + {old}"]
            left.text[old] = [left.text[old][0] + f" + {old}"]
    removed, added = list(left.decls), list(right.decls)
    rng.shuffle(removed)
    assert diff._renames(left, right, removed, added) == _old_renames(left, right, removed, added)


def test_too_many_expressions_in_texts_are_refused_before_parsing(tmp_path, monkeypatch):
    """Each {...} of a text is parsed on its own (about a millisecond): 13,000 of them took
    longer than the fuzzer's 10 s."""
    from interpreter.language import lark_parser

    count = files.MAX_TEXT_EXPRESSIONS + 1
    folder = write_tiny(tmp_path / "t", _many_texts(count))
    _counting(monkeypatch, lark_parser, "parse_rules", 0)
    error = _one_error(folder)
    assert f"more than {files.MAX_TEXT_EXPRESSIONS:,} {{...}}" in error.message
    assert error.loc.line == TINY_RULES.count("\n") + 2 + files.MAX_TEXT_EXPRESSIONS // 10


def test_a_display_file_of_too_many_templates_is_refused(tmp_path):
    from interpreter.play.display import load_display

    folder = copy_tutorial(tmp_path)
    manifest = folder / "ruleset.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "display: zz.yaml\n",
                        encoding="utf-8")
    (folder / "zz.yaml").write_text("log:\n" + "".join(
        f'  - "{{{i} + 1}}"\n' for i in range(files.MAX_TEXT_EXPRESSIONS + 1)), encoding="utf-8")
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    assert "{...}" in str(info.value) and "zz.yaml" in str(info.value)
