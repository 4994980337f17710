"""The variants as overlays: the 2-player game with Alea, the 6-plot side, and both at once."""

from __future__ import annotations

import os
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError, RulesetErrors

from .conftest import FIFTH, empty_board, play_random

# ---------------------------------------------------------------- Alea's bid


def exact_alea_distribution(counts: dict[int, int]) -> dict[int, Fraction]:
    """P(total) when black cards are drawn without replacement until a number repeats."""
    out: dict[int, Fraction] = Counter()

    def walk(left: dict[int, int], seen: frozenset[int], total: int, p: Fraction) -> None:
        n = sum(left.values())
        for value, k in left.items():
            if not k:
                continue
            q = p * Fraction(k, n)
            rest = {**left, value: k - 1}
            if value in seen:
                out[total + value] += q
            else:
                walk(rest, seen | {value}, total + value, q)
    walk(dict(counts), frozenset(), 0, Fraction(1))
    return dict(out)


def test_the_exact_distribution_spans_8_to_21():
    dist = exact_alea_distribution({4: 20, 5: 16, 6: 14})
    assert min(dist) == 8 and max(dist) == 21
    assert sum(dist.values()) == 1


def test_alea_bids_by_drawing_black_cards_until_a_number_repeats(alea):
    """en-2004, 2 players 3.): "until they draw and place a card with the same number as one
    already drawn ... This is Alea's complete bid for the auction and will total between 8 and
    21". The frequencies over many seeded draws from a full black stack match the exact
    distribution (the engine's own shuffle)."""
    game = alea.new_game(2, 1, logging=False)
    deck = [f"card(black,{v})" for v, n in ((4, 20), (5, 16), (6, 14)) for _ in range(n)]
    totals: Counter = Counter()
    samples = 3000
    for _ in range(samples):
        game.Z["black_stack"][:] = []
        game.Z["black_returned"][:] = deck  # drawing from an empty stack shuffles these
        game.Z["alea_cards"][:] = []
        game.perform("alea_draws_bid")
        drawn = game.Z["alea_cards"]
        values = [int(k[-2]) for k in drawn]
        assert len(set(values)) == len(values) - 1 and values[-1] in values[:-1]
        totals[sum(values)] += 1
    assert min(totals) >= 8 and max(totals) <= 21
    exact = exact_alea_distribution({4: 20, 5: 16, 6: 14})
    chi2 = sum((totals[t] - samples * float(p)) ** 2 / (samples * float(p))
               for t, p in exact.items() if samples * p >= 5)
    assert chi2 < 35  # 13 degrees of freedom at most: p < 0.001 only above 34.5


def test_alea_bids_third_after_the_two_players(alea):
    """en-2004, 2 players 1.)-4.2): the triggering player, then the second player, then Alea;
    if Alea's bid is highest and both players pass, Alea wins."""
    game = empty_board(alea.new_game(2, 3))
    game.Z["hand"]["P1"] = {"card(violet,4)": 1}
    game.Z["hand"]["P2"] = {"card(brown,4)": 1}
    # The top of a stack is its last item: Alea draws 4, then 4 (a repeat): a bid of 8.
    game.Z["black_stack"][:] = ["card(black,6)", "card(black,5)", "card(black,4)",
                                "card(black,4)"]
    game.perform("district_auction", "P1", "w34")
    decision = game.decision()
    assert decision.player == "P1"
    game.apply("violet")
    game.apply("card(violet,4)")
    game.apply("finish_bid")
    assert game.decision().player == "P2"
    game.apply("pass_bid")
    # Alea drew 4, 4: a bid of 8, above P1's 4; P1 has no card left to raise: it passes.
    assert "Alea bids 8." in game.events
    assert any(e == "Alea wins the auction for 34th St. West." for e in game.events)
    assert game.Z["alea_cards"] == []  # back under the black stack
    assert game.Z["black_returned"][:2] == ["card(black,4)", "card(black,4)"]


def test_alea_builds_one_skyscraper_on_each_tied_most_valuable_empty_plot(alea):
    """en-2004, 2 players: "If there is more than one building plot that would tie for highest
    score, he builds 1 skyscraper in each such building plot!" Ring violet-brown-gray-orange-
    green: a jeweler on violet and a gallery on gray make brown (2 types) the best plot alone;
    adding a boutique on green makes orange (gray, green: 2 types) tie with brown."""
    game = empty_board(alea.new_game(2, 1))
    game.Z["plot_tiles"]["w34_violet"] = {"tile(jeweler)": 1}
    game.Z["plot_tiles"]["w34_gray"] = {"tile(gallery)": 1}
    assert game.evaluate("alea_plots", "w34") == ["w34_brown"]
    game.Z["plot_tiles"]["w34_green"] = {"tile(boutique)": 1}
    assert game.evaluate("alea_plots", "w34") == ["w34_brown", "w34_orange"]
    game.perform("award_district", "alea", "w34", False)
    assert game.Z["towers"]["w34_brown"] == {"alea_skyscraper(alea)": 1}
    assert game.Z["towers"]["w34_orange"] == {"alea_skyscraper(alea)": 1}
    assert game.V["vp"] == {"P1": 0, "P2": 0}


def test_alea_declares_a_building_stop_where_no_plot_is_empty(alea):
    """en-2004, 2 players: "If Alea wins an auction for a district with no empty building
    plots, he declares a building stop in this district. The 2 real players score points as in
    the 3 or 4 player game." Alea scores nothing; the stop counts towards the game end."""
    game = empty_board(alea.new_game(2, 1))
    game.Z["plot_tiles"]["w34_violet"] = {"tile(jeweler)": 1}
    game.Z["plot_tiles"]["w34_gray"] = {"tile(gallery)": 1}
    game.Z["plot_tiles"]["w34_orange"] = {"tile(boutique)": 1}
    game.Z["towers"]["w34_brown"] = {"skyscraper(P1)": 2}  # 2 types next to it: 3 VP each
    game.Z["towers"]["w34_green"] = {"alea_skyscraper(alea)": 1}
    game.perform("award_district", "alea", "w34", True)
    assert game.V["stopped"]["w34"] is True
    assert game.V["vp"] == {"P1": 3, "P2": 0}  # half of 2 x 3
    assert game.V["stops"] == 1
    assert all(game.Z["towers"][f"w34_{c}"] == {} for c in
               ("violet", "brown", "gray", "orange", "green"))


def test_a_players_building_stop_counts_aleas_skyscrapers(alea):
    game = empty_board(alea.new_game(2, 1))
    game.Z["towers"]["w34_brown"] = {"skyscraper(P1)": 2}
    game.Z["towers"]["w34_green"] = {"alea_skyscraper(alea)": 3}
    game.perform("building_stop", "P1", "w34")
    assert game.V["vp"]["P1"] == 5


def test_alea_never_scores_in_whole_games(alea):
    for seed in range(6):
        game = play_random(alea.new_game(2, seed, logging=False), random.Random(seed))
        assert set(game.V["vp"]) == {"P1", "P2"}
        assert set(game.scores()) == {"P1", "P2"}


def test_alea_wins_in_central_park_and_builds_nothing(alea):
    game = empty_board(alea.new_game(2, 1))
    before = dict(game.Z["park_towers"])
    game.perform("award_park", "alea")
    assert game.Z["park_towers"] == before
    assert game.events[-1] == "Alea wins the Central Park auction and builds nothing."


# ---------------------------------------------------------------- the 6-plot side


def test_six_plot_setup_puts_every_setup_business_on_a_sixth_plot(six):
    for seed in range(10):
        game = six.new_game(4, seed)
        placed = {q: t for q, t in game.Z["plot_tiles"].items() if t}
        assert len(placed) == 7
        assert all(q.endswith("_sixth") for q in placed)


def test_sixth_plots_touch_all_five_and_hold_no_skyscraper(six):
    game = six.new_game(4, 1)
    assert sorted(game.world.relations["adjacent"]["w34_sixth"]) == sorted(
        f"w34_{c}" for c in ("violet", "brown", "gray", "orange", "green"))
    assert len(game.world.relations["adjacent"]["w34_violet"]) == 3
    assert "w34_sixth" not in game.decision().options  # not empty: it holds its business
    play_random(game, random.Random(1))
    assert all(not game.Z["towers"][f"{d}_sixth"] for d in
               ("w34", "e34", "w42", "times_square", "e42", "w52", "e52"))


def test_six_plot_two_players_combines_both_overlays():
    both = load_ruleset(FIFTH / "six-plot-2p")
    assert [layer.folder.name for layer in both.layers] == [
        "base", "alea-2p", "six-plot", "six-plot-2p"]
    game = both.new_game(2, 4, logging=False)
    assert all(q.endswith("_sixth") for q, t in game.Z["plot_tiles"].items() if t)
    assert "alea_skyscraper(alea)" in game.Z["general_supply"]
    play_random(game, random.Random(4))


@pytest.mark.parametrize("folder,wrong,allowed", [
    ("base", 2, "3 or 4"), ("alea-2p", 3, "2"), ("six-plot", 5, "3 or 4"),
    ("six-plot-2p", 4, "2")])
def test_wrong_player_counts_are_refused(folder, wrong, allowed):
    ruleset = load_ruleset(FIFTH / folder)
    with pytest.raises(RulesError, match=f"is played by {allowed} players, not {wrong}$"):
        ruleset.new_game(wrong, 1)


# ---------------------------------------------------------------- overlay errors


def _overlay(tmp_path: Path, name: str, rules: str,
             extends: tuple[Path, ...] = (FIFTH / "base",)) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    targets = ", ".join(os.path.relpath(t, folder) for t in extends)
    (folder / "ruleset.yaml").write_text(
        f"name: {name}\nplayers: [3, 4]\nextends: [{targets}]\nrules: [v.rules]\n")
    (folder / "v.rules").write_text(rules)
    return folder


def _errors(path: Path) -> str:
    with pytest.raises(RulesetErrors) as exc:
        load_ruleset(path, allow_outside=True)  # the base is in the repository
    return str(exc.value)


def test_replacing_a_rule_that_does_not_exist(tmp_path):
    path = _overlay(tmp_path, "v", "replace table adjacency_value:\n    0 -> 1\n")
    text = _errors(path)
    assert text.startswith(f"{path / 'v.rules'}:1:1: 'replace table adjacency_value': there is "
                           "no rule 'adjacency_value' to replace [in layer v]")
    assert "declare it without 'replace' to add it" in text


@pytest.mark.parametrize("rules, place, message", [
    ('replace const skyscrapers_taken = "four"\n', "1:35",
     "'skyscrapers_taken' was a number (3); the new value \"four\" is a text"),
    ("replace table adjacency_vp:\n    0 -> 1\n    1 -> \"two\"\n    2 -> 3\n", "3:10",
     "the cells of table 'adjacency_vp' in this column were numbers (such as 1); the new value "
     "\"two\" is a text"),
])
def test_a_replaced_value_of_another_kind_is_an_error_at_the_overlay(tmp_path, rules, place,
                                                                      message):
    """The rules that read it would fail only in play, at their own line in the base."""
    path = _overlay(tmp_path, "v", rules)
    text = _errors(path)
    assert text.startswith(f"{path / 'v.rules'}:{place}: {message} [in layer v]"), text
    fine = _overlay(tmp_path, "w", rules.replace('"four"', "4").replace('"two"', "2"))
    load_ruleset(fine, allow_outside=True)


def test_removing_a_rule_that_does_not_exist(tmp_path):
    path = _overlay(tmp_path, "v", "remove no_such_rule\n")
    assert "'remove no_such_rule': there is no rule 'no_such_rule' to remove [in layer v]" in \
        _errors(path)


def test_a_replaced_grid_table_is_compared_column_by_column_by_their_headers(tmp_path):
    """Columns are matched by their header: a new column of texts is no change of kind; a
    text in a column of numbers is, wherever the column moved."""
    grid = "replace table card_counts:\n    suit  note  4   5   6\n" + "".join(
        f"    {suit}  \"few\"  5  4  3\n" for suit in ("violet", "brown", "gray", "orange",
                                                    "green")) + \
        "    black  \"many\"  20  16  14\n"
    load_ruleset(_overlay(tmp_path, "v", grid), allow_outside=True)
    wrong = grid.replace("20  16", "20  \"x\"")
    text = _errors(_overlay(tmp_path, "w", wrong))
    assert "the cells of table 'card_counts' in this column were numbers" in text


def test_a_mistyped_extends_gets_did_you_mean(tmp_path):
    import shutil

    shutil.copytree(FIFTH / "base", tmp_path / "base")
    folder = tmp_path / "v"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("name: v\nplayers: [3, 4]\nextends: ../bse\n")
    text = _errors(folder)
    assert "'extends: ../bse' names no ruleset folder" in text
    assert "did you mean '../base'?" in text


def test_removing_a_rule_still_used_says_which_layer_removed_it(tmp_path):
    """The error stands at the base's rule that still uses it; the hint names the removal."""
    path = _overlay(tmp_path, "v", "remove take_skyscrapers\n")
    text = _errors(path)
    assert "unknown function 'take_skyscrapers' [in layer Fifth Avenue]" in text
    assert f"'take_skyscrapers' is removed by 'v' (at {path / 'v.rules'}:1:8)" in text


def test_declaring_an_existing_name_without_replace(tmp_path):
    path = _overlay(tmp_path, "v", "table adjacency_vp:\n    0 -> 9\n")
    text = _errors(path)
    assert ":1:7: 'adjacency_vp' is already declared (at " in text
    assert "write 'replace table adjacency_vp' to change the rule of 'Fifth Avenue'" in text


def test_two_overlays_changing_one_name_conflict_unless_the_combination_says_so(tmp_path):
    change = "replace table adjacency_vp:\n    0 -> {n}\n"
    a = _overlay(tmp_path, "a", change.format(n=2))
    b = _overlay(tmp_path, "b", change.format(n=3))
    both = _overlay(tmp_path, "both", "", extends=(a, b))
    text = _errors(both)
    assert f"{b / 'v.rules'}:1:1: 'adjacency_vp' is changed by two overlays that do not build " \
           f"on each other: 'a' (at {a / 'v.rules'}:1:1) and 'b' (here) [in layer b]" in text
    settled = _overlay(tmp_path, "settled", change.format(n=4), extends=(a, b))
    game = load_ruleset(settled, allow_outside=True).new_game(4, 1)
    assert game.world.tables["adjacency_vp"].rows[0] == 4


def test_a_guarded_replacement_needs_the_same_parameters(tmp_path):
    path = _overlay(tmp_path, "v", "replace procedure award_park() when true:\n    pass\n")
    assert "it must take the same 1 value(s) as the rule it replaces" in _errors(path)


def test_when_on_a_new_procedure_is_refused(tmp_path):
    path = _overlay(tmp_path, "v", "procedure extra() when true:\n    pass\n")
    assert "only a replacement can have a 'when'" in _errors(path)


def test_an_error_in_an_overlay_names_its_layer(tmp_path):
    path = _overlay(tmp_path, "v", "define broken(p) = vp[p] + hands[p]\n")
    text = _errors(path)
    assert "unknown name 'hands' [in layer v]" in text
    assert "did you mean 'hand'?" in text


# ---------------------------------------------------------------- the commands


@pytest.mark.parametrize("folder", ["base", "alea-2p", "six-plot", "six-plot-2p"])
def test_check_flatten_and_simulate_work_on_every_ruleset(folder, capsys):
    path = str(FIFTH / folder)
    assert main(["check", path]) == 0
    assert capsys.readouterr().out.rstrip().endswith("OK")
    assert main(["flatten", path]) == 0
    flat = capsys.readouterr().out
    assert "# from " in flat and "(layer Fifth Avenue)" in flat
    players = "2" if "2p" in folder else "4"
    assert main(["simulate", path, "--players", players, "--games", "2", "--json"]) == 0


def test_flatten_marks_replaced_rules_with_their_layer(capsys):
    assert main(["flatten", str(FIFTH / "alea-2p")]) == 0
    flat = capsys.readouterr().out
    marker = "alea.rules:"
    assert f"{marker}" in flat and "(layer Fifth Avenue for 2 players (with Alea))" in flat
    assert "#   otherwise: the rule it replaces" in flat
    assert flat.count("\nprocedure award_park(") == 0  # only its replacement is in effect
    assert flat.count("replace procedure award_park(") == 1
