"""The end page's table of the final scoring adds up (issue 33: it added up only the final
scoring, 30 of 48 points): a row of the points scored during play, the score just before the
final scoring ran, found by playing the game again, so each column sums to the player's
score."""

from __future__ import annotations

import pytest

from interpreter.play.final_points import DURING_PLAY, TOTAL, column_sums
from tests.web_support import make_table, play_until


def _whole_game(path: str, players: int, seed: int):
    ruleset, game, history = play_until(path, players, seed, lambda g, d: False)
    assert game.over
    return make_table(ruleset, game, history, {p: "human" for p in game.players})


@pytest.mark.parametrize("path, players, seed", [
    ("fifth-avenue/base", 4, 1), ("fifth-avenue/base", 3, 2),
    ("fifth-avenue/six-plot", 4, 3), ("fifth-avenue/alea-2p", 2, 4)])
def test_each_column_of_the_final_table_adds_up_to_the_players_score(path, players, seed):
    table = _whole_game(path, players, seed)
    final = table.state_for(next(iter(table.tokens)))["final"]
    rows = final["table"]["rows"]
    assert rows[0][0].startswith(DURING_PLAY) and rows[-1][0] == TOTAL
    scores = [table.game.score(p) for p in table.game.players]
    assert column_sums(final["table"]) == scores
    assert [int(x) for x in rows[-1][1:]] == scores
    # the points during play are the game's own, not the difference: some were scored in
    # play, and the final scoring gave some too
    during = [int(x) for x in rows[0][1:]]
    assert any(during) and during != scores


def test_a_game_that_is_not_its_history_gets_no_row_rather_than_wrong_points():
    table = _whole_game("fifth-avenue/base", 4, 1)
    table.history.hashes[-2] = "not this game"
    final = table.state_for(next(iter(table.tokens)))["final"]
    assert not final["table"]["rows"][0][0].startswith(DURING_PLAY)


def test_the_stop_that_ends_the_game_has_its_points_in_its_own_row():
    """The end page's row "Times Square (building stop)" was blank while the points that
    stop gave, at the game's end, fell into "points during play": they are in its row, and
    the columns still add up."""
    table = _whole_game("fifth-avenue/base", 4, 1)  # ends with a second building stop
    rows = table.state_for(next(iter(table.tokens)))["final"]["table"]["rows"]
    stop = next(r for r in rows if r[0] == "Times Square (building stop)")
    assert any(int(x) for x in stop[1:]), stop
    earlier = next(r for r in rows if r[0] == "34th St. East (building stop)")
    assert any(int(x) for x in earlier[1:]), earlier  # in its row too (seed 314's newcomer)
    final = table.state_for(next(iter(table.tokens)))["final"]
    assert column_sums(final["table"]) == [table.game.score(p) for p in table.game.players]


def test_every_stop_has_its_points_in_its_own_row_as_the_one_that_ends_the_game():
    """Seed 314's newcomer (issue 33) read "52nd St. West (building stop)" with its 7 points,
    the stop that ended the game, and "42nd St. West (building stop)" blank, its points among
    those during play (54): each stop's points are in its row, the columns still add up."""
    from pathlib import Path

    from tests.test_digest import _table_at

    replay = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed314-newcomer.replay.json"
    table, tokens = _table_at(replay, 603)
    rows = table.state_for(tokens["P1"])["final"]["table"]["rows"]
    said = {r[0]: r[1:] for r in rows}
    assert said["42nd St. West (building stop)"] == ["4", "2", "5", "1"]
    assert said["52nd St. West (building stop)"] == ["7", "0", "1", "1"]
    assert said[f"{DURING_PLAY}, each building stop apart"] == ["50", "12", "20", "16"]
    assert said[TOTAL] == ["89", "36", "36", "27"]
    assert column_sums({"columns": rows[0][1:], "rows": rows}) == [89, 36, 36, 27]


def test_the_first_row_says_that_the_building_stops_are_not_in_it():
    """Seed 316's newcomer (issue 33) read "points during play" 65 while their score just
    before the final scoring was 70: the 5 of the two building stops, scored during play, are
    in rows of their own. The first row says so, and it is that score less those rows."""
    from pathlib import Path

    from interpreter.play.final_points import before_final
    from tests.test_digest import _table_at

    replay = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed316-newcomer.replay.json"
    table, tokens = _table_at(replay, 331)
    assert table.game.over
    rows = table.state_for(tokens["P1"])["final"]["table"]["rows"]
    assert rows[0] == ["points during play, each building stop apart", "65", "4", "6", "2"]
    stops = [r for r in rows if r[0].endswith("(building stop)")]
    assert [r[1] for r in stops] == ["2", "3"]
    _, ended = before_final(table.ruleset, table.game, table.history)
    assert ended.scores()["P1"] == 70 == 65 + 2 + 3
