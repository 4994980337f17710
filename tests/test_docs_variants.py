"""docs/variants.md stays true: every rules block of the page is either a file of a worked
example (`<!-- file: PATH -->`), and the examples pass `rules check` next to a copy of the base
game, or an excerpt of a ruleset (`<!-- excerpt: FILES -->`) whose lines are in those files."""

from __future__ import annotations

import re
import shutil

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
