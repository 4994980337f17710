"""The core is laid out by stage and by job, and imports go one way (down this list):

    cli -> fuzz -> editions -> study -> play -> bots -> engine -> language -> resources

`language`, `engine` and `bots` are the stages every job uses; `play`, `study`, `editions` and
`fuzz` are the job folders, ordered so that where one needs another's module (study and fuzz
read replays, say) the import goes one way only. Every import of a module of the package is
read from the source, wherever it is written: at the top of a file, inside a function, or under
`if TYPE_CHECKING:`; relative imports too. No module may import a later stage, and the modules
form no circle at all."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"
# each may use those before it; the package itself and `interpreter.openspiel` (a facade that
# registers the game) come last, with cli
STAGES = ["resources", "language", "engine", "bots", "play", "study", "editions", "fuzz", "cli"]


def _modules(package: Path = PACKAGE) -> dict[str, Path]:
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of the package that `name` (at `path`) imports, however the import is
    written; `from a import b` counts as importing `a.b` when that is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            if not module.startswith("interpreter"):
                continue
            subs = {f"{module}.{a.name}" for a in node.names} & known
            out.update(subs or {module})
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("interpreter"))
    return {m for m in out if m != name}


def _graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = _modules(package)
    return {name: {t for t in _imports(name, path, set(modules)) if t in modules}
            for name, path in modules.items()}


def _stage(module: str) -> int:
    parts = module.split(".")
    if len(parts) < 2:
        return len(STAGES)  # the package itself: its __init__ re-exports the public API
    return STAGES.index(parts[1]) if parts[1] in STAGES else len(STAGES)


def wrong_directions(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{name} imports {target}" for name, targets in graph.items()
                  for target in targets if _stage(target) > _stage(name))


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, as the chain of modules, or None. The package itself is left
    out: it imports the public API and nothing imports it for anything else."""
    done: set[str] = set()

    def visit(name: str, chain: list[str]) -> list[str] | None:
        if name in chain:
            return [*chain[chain.index(name):], name]
        if name in done:
            return None
        for target in sorted(graph.get(name, ())):
            if target != "interpreter":
                found = visit(target, [*chain, name])
                if found:
                    return found
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_stages_import_only_earlier_stages():
    assert wrong_directions(_graph()) == []


def test_no_import_circles_between_modules():
    circle = find_circle(_graph())
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def _plant(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "interpreter"
    for rel, text in {"__init__.py": "", **files}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("how", ["top", "function", "type_checking", "relative"])
def test_a_planted_circle_is_found_however_it_is_written(tmp_path, how):
    second = {
        "top": "from interpreter.engine import a\n",
        "function": "def f():\n    from interpreter.engine.a import x\n",
        "type_checking": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                         "    from interpreter.engine.a import x\n",
        "relative": "from . import a\n",
    }[how]
    root = _plant(tmp_path, {"engine/__init__.py": "",
                             "engine/a.py": "import interpreter.engine.b\n",
                             "engine/b.py": second})
    assert find_circle(_graph(root)) == ["interpreter.engine.a", "interpreter.engine.b",
                                         "interpreter.engine.a"]


def test_an_import_against_the_direction_is_found(tmp_path):
    root = _plant(tmp_path, {"bots/__init__.py": "", "play/__init__.py": "",
                             "bots/x.py": "def f():\n    from interpreter.play import y\n",
                             "play/y.py": ""})
    assert wrong_directions(_graph(root)) == ["interpreter.bots.x imports interpreter.play.y"]


# Each module imported in a process of its own that has imported nothing else of the package
# but the package itself: a child forked from one process per test worker, which has imported
# the libraries the package uses and the package (every import of one of its modules runs
# the package's __init__ first, whole, so each child starts where its own import would be
# after that first step). A new interpreter per module took most of this file's 40 seconds.
# argv: the libraries, '--', the modules. Prints {module: [exit status, traceback]} as JSON.
IMPORT_EACH_ALONE = """
import importlib, json, os, sys, traceback
at = sys.argv.index("--")
for library in sys.argv[1:at]:
    try:
        importlib.import_module(library)
    except Exception:  # not installed (an optional extra): each module that needs it says so
        pass
try:
    importlib.import_module("interpreter")
    failed = ""
except BaseException:
    failed = traceback.format_exc()
said = {}
for module in sys.argv[at + 1:]:
    if failed:
        said[module] = [1, failed]
        continue
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        try:
            importlib.import_module(module)
            text = ""
        except BaseException:
            text = traceback.format_exc()
        os.write(write, text.encode())
        os._exit(1 if text else 0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode()
    said[module] = [os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]), text]
print(json.dumps(said))
"""
IMPORTED = [m for m in _modules() if m != "interpreter.__main__"]


def _libraries() -> set[str]:
    """The libraries (not of Python's own, not the package) that the package imports."""
    out = set()
    for path in _modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                out.add(node.module.split(".")[0])
    return out - set(sys.stdlib_module_names) - {"interpreter", "__future__"}


@cache
def _imported_alone() -> dict[str, list]:
    result = subprocess.run([sys.executable, "-c", IMPORT_EACH_ALONE, *sorted(_libraries()),
                             "--", *IMPORTED],
                            capture_output=True, text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("module", IMPORTED)
def test_each_module_imports_alone(module):
    status, error = _imported_alone()[module]
    missing = re.search(r"ModuleNotFoundError: No module named '(\w+)", error)
    if status != 0 and missing and missing.group(1) in OPTIONAL:
        pytest.skip(f"{module} needs an optional extra ({missing.group(1)} is not installed)")
    assert status == 0, error


# What the optional extras install (pyproject.toml): a module that needs one is skipped above
# when it is not installed (the README's quick start installs only `.[test]`).
OPTIONAL = {"pyspiel", "open_spiel", "starlette", "uvicorn", "matplotlib", "distributed",
            "dask", "httpx", "playwright", "numpy"}


def test_public_api():
    import interpreter

    for name in ("load_ruleset", "Ruleset", "Game", "Decision", "RulesetErrors", "IllegalMove"):
        assert hasattr(interpreter, name)


GAME_WORDS = ["skyscraper", "commissioner", "business", "district", "central park", "alea",
              "fifth avenue", "city hall", "building stop", "gedeon", "egon", "auction",
              "boutique", "jeweler", "gallery", "perfume"]
WHOLE_WORDS = ["plot", "plots", "bid", "bids", "bidding"]  # "plotting" is matplotlib's


def test_the_interpreter_knows_no_word_of_any_game():
    """The one rule of the architecture: every word of a game lives in rulesets/ (in the
    Python code, and in the files of the web page too)."""
    found = []
    files = [p for p in PACKAGE.rglob("*")
             if p.suffix in (".py", ".js", ".css", ".html") and "__pycache__" not in p.parts]
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        name = path.relative_to(PACKAGE.parent)
        found += [f"{name}: {word}" for word in GAME_WORDS if word in text]
        found += [f"{name}: {word}" for word in WHOLE_WORDS
                  if re.search(rf"\b{word}\b", text)]
    assert found == []
