"""Cached answers kept across copies of a game (engine/read_tracking.py): an answer notes the
entries of the state it read, and is given to a copy only while those entries are unchanged.
The greedy bot's judgement leans on it, so the test that matters is that judging with kept
answers gives exactly what a copy computing everything afresh gives."""

from __future__ import annotations

import random

import pytest

from interpreter.bots.judging import Judge
from interpreter.bots.sampling import sample_game
from interpreter.engine.read_tracking import KeptAnswers, track_reads
from interpreter.engine.runtime import FINAL


def _position(ruleset, players: int, seed: int, decisions: int):
    game = ruleset.new_game(players, seed, logging=False)
    rng = random.Random(seed)
    for _ in range(decisions):
        decision = game.decision()
        if decision is None:
            break
        game.apply(decision.options[rng.randrange(len(decision.options))])
    return game


def _plots(game, district: str) -> list[str]:
    return game.evaluate("plots_of", district)


def _final(game):
    copy = game.clone()
    track_reads(copy)
    copy.stack.clear()
    copy.perform(FINAL, remembered=True)
    return copy


def test_an_answer_notes_the_entries_of_a_family_it_read(base):
    game = _position(base, 4, 3, 200).clone()
    track_reads(game)
    district = game.evaluate("districts")[0]
    game.evaluate("district_points", "player_1", district)
    reads = set().union(*(r for slot in game.memo_reads for r in slot.values()))
    mine = {("towers", q) for q in _plots(game, district)}
    assert mine <= reads
    others = {("towers", q) for q in game.Z["towers"]} - mine
    assert not reads & others  # the other districts' plots were not read
    assert ("towers", None) not in reads  # nor the family as a whole


def test_a_changed_entry_makes_only_the_answers_that_read_it_stale(base):
    game = _position(base, 4, 5, 250)
    final = _final(game)
    kept = KeptAnswers(base.program, final.state, final.memo, final.memo_reads)
    kept.moved_to(game.state)
    before = sum(map(len, kept.memo))
    assert before > 0
    assert sum(map(len, kept.valid_in(game.clone().state))) == before  # nothing changed
    copy = game.clone()
    district = copy.evaluate("districts")[0]
    plot = _plots(copy, district)[0]
    piece = next(k for k, n in copy.Z["general_supply"].items() if n > 0)
    copy.Z["general_supply"][piece] -= 1
    copy.Z["towers"][plot][piece] = copy.Z["towers"][plot].get(piece, 0) + 1
    after = sum(map(len, kept.valid_in(copy.state)))
    assert 0 < after < before  # the answers about that plot's district went, not the others
    fresh = _final(copy)
    for slot, answers in enumerate(kept.valid_in(copy.state)):
        for key, value in answers.items():
            assert fresh.memo[slot].get(key, value) == value


@pytest.mark.parametrize("ruleset_name, players, seed", [
    ("base", 4, 11), ("base", 3, 12), ("alea", 2, 13), ("six", 4, 14)])
def test_judging_with_kept_answers_agrees_with_scoring_afresh(request, ruleset_name, players,
                                                              seed):
    ruleset = request.getfixturevalue(ruleset_name)
    game = ruleset.new_game(players, seed, logging=False)
    rng = random.Random(seed)
    judges: dict[str, Judge] = {}
    judged = 0
    while not game.over and judged < 60:
        decision = game.decision()
        if len(decision.options) > 1 and game.state["step"] % 3 == 0:
            judge = judges.setdefault(decision.player, Judge(game.program, decision.player))
            judge.sample = sample = sample_game(game, decision.player, rng)
            for option in decision.options[:12]:
                judge.known.clear()  # no result remembered: the kept answers alone
                kept = judge.value_after(option)
                twin = sample.clone()
                twin.apply(option)
                if not twin.over:
                    twin.stack.clear()
                    twin.perform(FINAL)  # every answer computed afresh
                assert kept == judge._margin(twin), (game.state["step"], option)
                judged += 1
        game.apply(decision.options[rng.randrange(len(decision.options))])
    assert judged >= 60


def test_reads_of_a_flat_family_are_noted_by_position():
    """A family over number ranges is a list while the game runs (engine/flat.py): an answer
    notes the positions it read, and a changed square makes stale only what read it."""
    from pathlib import Path

    from interpreter.engine.ruleset import load_ruleset

    reversi = load_ruleset(Path(__file__).resolve().parent.parent / "rulesets/tutorial/reversi")
    at = reversi.program.flat["disc_at"].positions
    game = reversi.new_game(2, 1, logging=False).clone()
    track_reads(game)
    assert sorted(game.evaluate("moves", "P1")) == [[3, 4], [4, 3], [5, 6], [6, 5]]
    reads = set().union(*(r for slot in game.memo_reads for r in slot.values()))
    assert {("disc_at", at["4|5"]), ("disc_at", at["1|1"])} <= reads
    assert ("disc_at", None) not in reads
    kept = KeptAnswers(reversi.program, game.state, game.memo, game.memo_reads)
    same = game.clone()
    assert kept.changed(same.state) == set()
    assert sum(map(len, kept.valid_in(same.state))) == 1  # the answer of moves(P1) holds
    corner = game.clone()
    corner.V["disc_at"][at["1|1"]] = "P2"
    assert kept.changed(corner.state) == {("disc_at", None), ("disc_at", at["1|1"])}
    assert sum(map(len, kept.valid_in(corner.state))) == 0  # moves(P1) read that square
