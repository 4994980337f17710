"""Simulations: seeded and reproducible, wins counted fairly, bots that see only their view."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.players import BOTS, Bot, RandomBot, make_bot
from interpreter.bots.views import LazyView
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError
from interpreter.study.simulate import simulate

from .conftest import write_tiny


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    folder: Path = tmp_path_factory.mktemp("tiny")
    write_tiny(folder, players="2, 3")
    return load_ruleset(folder)


def test_same_seed_same_report(tiny):
    a = simulate(tiny, 2, 30, seed=11)
    b = simulate(tiny, 2, 30, seed=11)
    assert a.to_dict(timing=False) == b.to_dict(timing=False)
    assert a.records == b.records


def test_different_seeds_different_games(tiny):
    a = simulate(tiny, 2, 30, seed=11)
    b = simulate(tiny, 2, 30, seed=12345)
    assert [r.scores for r in a.records] != [r.scores for r in b.records]
    assert a.to_dict(timing=False) != b.to_dict(timing=False)


def test_game_i_uses_seed_plus_i(tiny):
    whole = simulate(tiny, 2, 5, seed=100)
    for i in range(5):
        alone = simulate(tiny, 2, 1, seed=100 + i)
        assert alone.records == [whole.records[i]]
        assert whole.records[i].seed == 100 + i


def test_wins_add_up_to_the_games(tiny):
    report = simulate(tiny, 3, 60, seed=1)
    assert sum(s.wins for s in report.seats) == 60  # exact: fractions of a win
    assert sum(s.win_rate(report.games) for s in report.seats) == pytest.approx(1)
    ties = sum(1 for r in report.records if len(r.winners) > 1)
    assert sum(s.shared_wins for s in report.seats) == sum(
        len(r.winners) for r in report.records if len(r.winners) > 1)
    data = report.to_dict()
    assert sum(s["wins"] for s in data["seats"].values()) == pytest.approx(60, abs=1e-3)
    assert ties == 0 or any(s["shared_wins"] for s in data["seats"].values())


def test_report_numbers_are_sane(tiny):
    report = simulate(tiny, 2, 25, seed=3)
    data = report.to_dict()
    assert data["games"] == 25 and data["players"] == 2
    assert data["endings"] == {"deck empty": 25}
    assert data["length"]["turns"]["mean"] == 6
    for player, seat in data["seats"].items():
        scores = [r.scores[player] for r in report.records]
        assert seat["score"]["min"] == min(scores)
        assert seat["score"]["max"] == max(scores)
        assert seat["score"]["mean"] == pytest.approx(sum(scores) / 25, abs=1e-4)
    assert report.games_per_second > 0
    text = report.to_text()
    assert "P1" in text and "deck empty" in text and "turns" in text


def test_progress_is_called_after_each_game(tiny):
    calls = []
    simulate(tiny, 2, 4, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_bad_arguments(tiny):
    with pytest.raises(RulesError, match="at least 1"):
        simulate(tiny, 2, 0, seed=1)
    with pytest.raises(RulesError, match="not 4"):
        simulate(tiny, 4, 3, seed=1)
    with pytest.raises(RulesError, match="known bots: .*random"):
        simulate(tiny, 2, 3, seed=1, bots=["clever"])
    with pytest.raises(RulesError, match="one for each"):
        simulate(tiny, 2, 3, seed=1, bots=["random"] * 3)


def test_make_bot():
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("random"), Bot)
    assert "random" in BOTS
    with pytest.raises(RulesError, match=r"unknown bot 'randon'.*known bots: .*random.*did you"):
        make_bot("randon")


class FirstOptionBot:
    """Checks that it is shown only its own player's view."""

    name = "first"

    def __init__(self):
        self.seen = 0

    def choose(self, view, decision, rng):
        assert view["you"] == decision.player
        assert view["decision"]["options"] == decision.options
        for owner, hand in view["zones"]["hand"].items():
            if owner != decision.player:
                assert set(hand) == {"count"}  # others' hands are counts only
        assert set(view["zones"]["deck"]) == {"count"}  # the deck order is hidden
        self.seen += 1
        return decision.options[0]


def test_bot_objects_and_views(tiny):
    bot = FirstOptionBot()
    report = simulate(tiny, 2, 3, seed=1, bots=[bot, "random"])
    assert report.bots == {"P1": "first", "P2": "random"}
    assert bot.seen == 3 * 3  # P1 decides 3 times a game (the last single option is automatic)


def test_random_bot_uses_only_the_given_generator(tiny):
    game = tiny.new_game(2, 1)
    decision = game.decision()
    picks = [RandomBot().choose({}, decision, random.Random(7)) for _ in range(5)]
    assert len(set(map(repr, picks))) == 1
    assert picks[0] in decision.options


def test_a_view_cannot_be_used_after_its_decision(tiny):
    game = tiny.new_game(2, 1)
    view = LazyView(game, "P1")
    assert view["you"] == "P1"  # computed on first use, then kept
    view.close()
    assert view["you"] == "P1"
    unused = LazyView(game, "P2")
    unused.close()
    with pytest.raises(RuntimeError):
        unused["zones"]


def test_wins_read_as_whole_numbers_unless_a_win_was_shared():
    from fractions import Fraction

    from interpreter.study.simulate import _wins

    assert _wins(Fraction(3)) == "3" and _wins(Fraction(5, 2)) == "2.50"
