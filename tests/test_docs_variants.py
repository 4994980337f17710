"""docs/variants.md stays true: every rules block of the page is either a file of a worked
example (`<!-- file: PATH -->`), and the examples pass `rules check` next to a copy of the base
game, or an excerpt of a ruleset (`<!-- excerpt: FILES -->`) whose lines are in those files."""

from __future__ import annotations

import re
import shutil

import pytest

from interpreter.cli import main

from .conftest import BASE, ROOT

PAGE = ROOT / "docs" / "variants.md"
BLOCK = re.compile(r"(?:<!-- (file|excerpt): ([^>]+?) -->\n)?```(\w+)\n(.*?)```", re.S)


def blocks() -> list[tuple[str, str, str, str]]:
    return BLOCK.findall(PAGE.read_text(encoding="utf-8"))


def test_every_rules_block_is_a_file_or_an_excerpt():
    rules = [b for b in blocks() if b[2] == "rules"]
    assert len(rules) >= 5
    assert all(kind in ("file", "excerpt") for kind, *_ in rules), \
        [text.splitlines()[0] for kind, _, _, text in rules if not kind]


def test_the_worked_examples_pass_rules_check(tmp_path, capsys):
    shutil.copytree(BASE, tmp_path / "base")
    folders = set()
    for kind, path, _, text in blocks():
        if kind == "file":
            target = tmp_path / path.strip()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            folders.add(path.strip().split("/")[0])
    assert {"fewer-skyscrapers", "option-e", "other-sets"} <= folders
    for folder in sorted(folders):
        code = main(["check", str(tmp_path / folder)])
        out = capsys.readouterr().out
        assert code == 0, out
        assert out.rstrip().endswith("OK")


def test_the_excerpts_are_in_their_rulesets():
    for kind, paths, _, text in blocks():
        if kind != "excerpt":
            continue
        lines = {line.strip() for p in paths.split(",")
                 for line in (ROOT / "rulesets" / p.strip()).read_text(
                     encoding="utf-8").splitlines()}
        for line in (x.strip() for x in text.splitlines()):
            if not line or line == "...":
                continue
            if line.endswith(" ..."):  # the line is cut short
                assert any(x.startswith(line[:-4]) for x in lines), line
            else:
                assert line in lines, line


def commands() -> list[str]:
    """Every `rules ...` command of the page's sh blocks (continued lines joined)."""
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        found += [line.strip() for line in block.replace("\\\n", " ").splitlines()
                  if line.strip().startswith("rules ")]
    return found


def page_runs() -> list[list[str]]:
    """The page's commands as the tests run them: 2 games (1 with bots that look ahead: they
    cost most; a command's own game count is what the page measured with), one worker, no
    progress bar; a command the page repeats but for its game count runs once."""
    import shlex

    runs: list[list[str]] = []
    for command in commands():
        argv = shlex.split(command)[1:]
        if "--dask" in argv or argv[0] not in ("check", "simulate", "compare", "sweep",
                                               "diff", "flatten"):
            continue
        games = "1" if "greedy" in argv or "--skill" in argv else "2"
        for option in ("--games", "--play"):
            if option in argv:
                argv[argv.index(option) + 1] = games
        if argv[0] in ("simulate", "compare", "sweep"):
            argv += ["--workers", "1", "--no-progress"]
            if "--games" not in argv:
                argv += ["--games", "2"]
        if argv not in runs:
            runs.append(argv)
    return runs


def test_the_page_shows_the_tools_at_work():
    assert len(page_runs()) >= 12


@pytest.fixture(scope="module")
def page_folder(tmp_path_factory):
    """A folder of the page's own: a copy of the bundled rulesets with the worked example's
    variant made beside them (one per test process; each command writes files of its own)."""
    folder = tmp_path_factory.mktemp("variants-page")
    shutil.copytree(ROOT / "rulesets", folder / "rulesets")
    for kind, path, _, text in blocks():
        if kind == "file":
            target = folder / "rulesets" / "fifth-avenue" / path.strip()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    (folder / "tests").mkdir()
    (folder / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    return folder


@pytest.mark.parametrize("argv", page_runs(), ids=lambda argv: " ".join(argv[:3]))
def test_a_command_of_the_page_runs(argv, page_folder, capsys, monkeypatch):
    """Each command of the page, as written (but for its game count), in the page's folder."""
    monkeypatch.chdir(page_folder)
    code = main(list(argv))
    captured = capsys.readouterr()
    assert code == 0, f"{' '.join(argv)}\n{captured.out}\n{captured.err}"
