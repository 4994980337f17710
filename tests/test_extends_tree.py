"""`extends` stays inside the ruleset's tree (issues 13, 19): a ruleset extends rulesets of its
project (the nearest folder above it named `rulesets` or holding `rules-project.yaml`; without
one, the folder that holds its own folder; for a ruleset that comes with the engine, any of
those); anything else needs --allow-outside (load_ruleset(..., allow_outside=True))."""

from __future__ import annotations

import shutil

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesetErrors
from interpreter.language.files import tree_root
from interpreter.resources import rulesets_folder

from .conftest import FIFTH
from .test_robustness import TUTORIAL, cli


def _overlay(folder, extends: str):
    folder.mkdir(parents=True)
    (folder / "ruleset.yaml").write_text(f"name: V\nplayers: [2]\nextends: {extends}\n",
                                         encoding="utf-8")
    return folder


@pytest.fixture
def collections(tmp_path):
    """Two folders of rulesets: 'mine' with a variant, 'theirs' with the tutorial game."""
    shutil.copytree(TUTORIAL, tmp_path / "theirs" / "high-card")
    return tmp_path / "mine", tmp_path / "theirs" / "high-card"


def test_a_sibling_is_inside_the_tree(tmp_path, collections):
    mine, _ = collections
    shutil.copytree(TUTORIAL, mine / "high-card")
    assert load_ruleset(_overlay(mine / "v", "../high-card")).name == "V"


def test_extends_out_of_the_tree_needs_the_flag(collections):
    mine, theirs = collections
    variant = _overlay(mine / "v", "../../theirs/high-card")
    with pytest.raises(RulesetErrors) as info:
        load_ruleset(variant)
    error = info.value.errors[0]
    assert "outside this ruleset's tree" in error.message and "--allow-outside" in error.message
    assert error.loc.line == 3  # the line of `extends`
    assert load_ruleset(variant, allow_outside=True).name == "V"


def test_a_link_in_the_tree_that_leads_out_of_it_needs_the_flag(collections):
    mine, theirs = collections
    (mine).mkdir()
    (mine / "linked").symlink_to(theirs)
    with pytest.raises(RulesetErrors, match="outside this ruleset's tree"):
        load_ruleset(_overlay(mine / "v", "../linked"))


def test_the_command_says_what_to_add(tmp_path, capsys, monkeypatch, collections):
    mine, _ = collections
    variant = _overlay(mine / "v", "../../theirs/high-card")
    code, out, err = cli(capsys, monkeypatch, "check", variant)
    assert code == 2 and "add --allow-outside to the command" in out + err
    code, _, err = cli(capsys, monkeypatch, "check", variant, "--allow-outside")
    assert code == 0, err
    code, _, err = cli(capsys, monkeypatch, "simulate", variant, "--allow-outside", "--games",
                       "4", "--workers", "2", "--no-progress")
    assert code == 0, err


def test_the_bundled_rulesets_are_one_tree():
    nl = FIFTH / "editions" / "nl"
    assert tree_root(nl) == rulesets_folder().resolve()
    assert load_ruleset(nl).layers[0].folder == (FIFTH / "base").resolve()


def test_a_worker_process_loads_the_ruleset_as_it_was_allowed(collections, monkeypatch):
    from interpreter.study import parallel

    mine, _ = collections
    ruleset = load_ruleset(_overlay(mine / "v", "../../theirs/high-card"), allow_outside=True)
    monkeypatch.setattr(parallel, "_LOADED", {})  # as in a fresh worker
    loaded = parallel._ruleset(parallel.RulesetSource.of(ruleset))
    assert loaded.content_hash == ruleset.content_hash


def test_a_copy_of_the_rulesets_elsewhere_is_one_tree(tmp_path):
    """A clone of the repository outside the installed copy: its `rulesets/` is the tree, so
    every edition (and its -playable and -2p forms) and every variant loads; leaving the
    copy's `rulesets/` is still refused."""
    copy = tmp_path / "clone" / "rulesets"
    shutil.copytree(rulesets_folder(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    playable = copy / "fifth-avenue" / "editions" / "nl-playable"
    assert tree_root(playable) == copy.resolve()
    assert load_ruleset(playable).layers[0].folder == (copy / "fifth-avenue" / "base").resolve()
    for manifest in sorted(copy.glob("fifth-avenue/**/ruleset.yaml")):
        load_ruleset(manifest.parent)  # raises on a refused `extends`
    shutil.copytree(TUTORIAL, tmp_path / "clone" / "high-card")
    with pytest.raises(RulesetErrors, match="outside this ruleset's tree"):
        load_ruleset(_overlay(copy / "mine" / "v", "../../../high-card"))


def test_a_designer_tree_is_marked_by_a_project_file(tmp_path):
    """mygame/variants/x extends mygame/base: with `rules-project.yaml` in mygame/ the whole
    project is the tree; without it only the siblings of x are."""
    game = tmp_path / "mygame"
    shutil.copytree(TUTORIAL, game / "base")
    variant = _overlay(game / "variants" / "x", "../../base")
    with pytest.raises(RulesetErrors, match="outside this ruleset's tree"):
        load_ruleset(variant)
    (game / "rules-project.yaml").write_text("# the top of my game's rulesets\n",
                                             encoding="utf-8")
    assert tree_root(variant) == game.resolve()
    assert load_ruleset(variant).name == "V"
    shutil.copytree(TUTORIAL, tmp_path / "elsewhere" / "base")
    with pytest.raises(RulesetErrors, match="outside this ruleset's tree"):
        load_ruleset(_overlay(game / "variants" / "y", "../../../elsewhere/base"))
