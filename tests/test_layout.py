"""The core is laid out by stage, and imports go one way: language -> engine -> tools -> cli.

Every import of a module of the package (at the top of a file or inside a function) is read
from the source; a module may import only from its own stage or from stages before it, and
module-level imports form no circle."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "interpreter"
STAGES = ["resources", "language", "engine", "tools", "cli"]  # each may use those before it


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, top_level_only: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("interpreter"):
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("interpreter"))
    return out


def _stage(module: str) -> int:
    parts = module.split(".")
    if len(parts) < 2:
        return len(STAGES)  # the package itself: its __init__ re-exports the public API
    return STAGES.index(parts[1]) if parts[1] in STAGES else len(STAGES)


def test_stages_import_only_earlier_stages():
    wrong = []
    for name, path in _modules().items():
        if name in ("interpreter", "interpreter.__main__"):
            continue
        for target in _imports(path, top_level_only=False):
            if _stage(target) > _stage(name):
                wrong.append(f"{name} imports {target}")
    assert wrong == []


def test_no_import_circles_between_modules():
    modules = _modules()
    graph = {name: {t for t in _imports(path, top_level_only=True) if t in modules}
             for name, path in modules.items()}
    done: set[str] = set()

    def visit(name: str, chain: list[str]) -> None:
        if name in chain:
            raise AssertionError("import circle: " + " -> ".join([*chain, name]))
        if name in done:
            return
        for target in graph[name]:
            if target != "interpreter":
                visit(target, [*chain, name])
        done.add(name)

    for name in graph:
        visit(name, [])


@pytest.mark.parametrize("module", [m for m in _modules() if m != "interpreter.__main__"])
def test_each_module_imports_alone(module):
    if "openspiel" in module:  # the optional extra: pip install -e ".[openspiel]"
        pytest.importorskip("pyspiel")
    result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                            text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr


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
