"""Writing a variant as docs/variants.md says (issue 36): `extends:` takes the short names the
commands take, and a list joined to a single item (`LIST + (x)`) is found by `rules check`,
placed in the variant's own file, not in play at the base game's rule that calls it."""

from __future__ import annotations

from pathlib import Path

from interpreter.cli import main

LONE = """\
replace define district_points(p, d) "VP a player scores in a district" =
    sum plot_value(q) * towers_of(p, q) for each q in plots_of(d) + {item}
"""


def variant(folder: Path, extends: str, rules: str = "") -> Path:
    (folder / "rules").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(
        f'name: "a variant"\nplayers: [3, 4]\nextends: {extends}\nrules:\n  - rules/v.rules\n',
        encoding="utf-8")
    (folder / "rules" / "v.rules").write_text(rules, encoding="utf-8")
    return folder


def check(capsys, folder: Path) -> tuple[int, str]:
    code = main(["check", str(folder)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_extends_takes_the_short_name_of_a_bundled_ruleset(tmp_path, capsys):
    folder = variant(tmp_path / "mine", "fifth-avenue/base",
                     'replace const skyscrapers_taken "taken with option A" = 4\n')
    code, out = check(capsys, folder)
    assert code == 0, out
    assert "layers:      Fifth Avenue > a variant" in out


def test_a_misspelt_short_name_is_placed_with_did_you_mean(tmp_path, capsys):
    folder = variant(tmp_path / "mine", "fifth-avenue/bsae")
    code, out = check(capsys, folder)
    assert code == 2
    assert f"{folder / 'ruleset.yaml'}:3:1: 'extends: fifth-avenue/bsae' names no ruleset" in out
    assert "did you mean 'fifth-avenue/base'" in out
    assert "Traceback" not in out


def test_a_list_joined_to_one_item_is_an_error_in_the_variants_file(tmp_path, capsys):
    folder = variant(tmp_path / "lone", "fifth-avenue/base", LONE.format(item="(1)"))
    code, out = check(capsys, folder)
    assert code == 2, out
    assert f"{folder / 'rules' / 'v.rules'}:2:70: cannot join a number to a list" in out
    assert "[x], for a list of one item" in out
    assert "scoring.rules" not in out


def test_a_list_joined_to_a_list_of_one_item_passes(tmp_path, capsys):
    folder = variant(tmp_path / "lone", "fifth-avenue/base",
                     LONE.format(item="[plot_of(d, violet)]"))
    code, out = check(capsys, folder)
    assert code == 0, out
