"""The measures every ruleset gets without declaring them: branching, the winner's lead,
shared wins, the option balance of each decision, and the first seat's advantage."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from interpreter.bots.draws import decision_draws
from interpreter.bots.players import RandomBot
from interpreter.engine.ruleset import load_ruleset
from interpreter.study.compare import compare
from interpreter.study.measuring import BRANCHING, LEAD, OPTIONS, POOLED, SHARED, option_measure
from interpreter.study.simulate import simulate

from .conftest import write_tiny

PLAY = "play a card"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    folder: Path = tmp_path_factory.mktemp("tiny")
    write_tiny(folder, players="2")
    return load_ruleset(folder)


@pytest.fixture(scope="module")
def report(tiny):
    return simulate(tiny, 2, 60, seed=3)


def by_name(report):
    return {s.name: s for s in report.samples}


def test_branching_is_the_options_offered_per_decision(tiny, report):
    s = by_name(report)[BRANCHING]
    for i in (0, 7):  # the game played again by hand, as a random bot plays it (its draws
        # keyed by the seed and the decision's number, as simulations hand them)
        seed = report.records[i].seed
        game, offered, decisions = tiny.new_game(2, seed), 0, 0
        taken: Counter[str] = Counter()
        while not game.over:
            decision = game.decision()
            offered += len(decision.options)
            option = RandomBot().choose({}, decision, decision_draws(seed, decisions))
            decisions += 1
            taken[str(option)] += 1
            game.apply(option)
        assert s.values[i] == offered / decisions and 1 < s.values[i] <= 6
        assert {k: v for k, v in report.records[i].choices[PLAY].items() if v} == taken


def test_the_winners_lead_and_shared_wins(report):
    lead, shared = by_name(report)[LEAD], by_name(report)[SHARED]
    for r, gap, sh in zip(report.records, lead.values, shared.values, strict=True):
        best = max(r.scores.values())
        rest = [v for p, v in r.scores.items() if p not in r.winners]
        assert gap == (best - max(rest) if rest else 0.0) and gap >= 0
        assert sh == (1.0 if len(r.winners) > 1 else 0.0)
    assert 0 < sum(shared.values) < len(report.records)  # this game ties now and then


def test_option_balance_gives_each_options_share_of_a_decision(report):
    balance = [s for s in report.samples if s.origin == OPTIONS]
    names = {s.name for s in balance}
    assert option_measure(PLAY, "card(red,3)") in names and all(s.kind == POOLED for s in balance)
    assert all(not s.tested for s in balance)  # many: tested only when named
    for i, record in enumerate(report.records):
        decisions = sum(record.choices[PLAY].values())
        assert decisions == record.decisions  # every decision of this game is "play a card"
        shares = [s.per_game(i) for s in balance if s.name.startswith(PLAY + " -> ")]
        assert sum(x for x in shares if x is not None) == pytest.approx(1.0)
    total = sum(s.estimate().value for s in balance)
    assert total == pytest.approx(1.0)
    assert "option balance (the share of each decision's choices" in report.to_text()


def test_the_first_seats_advantage_has_an_interval(report):
    seat, rate, fair, advantage = report.first_seat()
    assert seat == "P1" and fair == 0.5
    assert rate.value == pytest.approx(float(report.seats[0].wins) / 60)
    assert advantage.value == pytest.approx(rate.value - 0.5)
    assert advantage.low < advantage.value < advantage.high
    data = report.to_dict()["first_seat"]
    assert data["seat"] == "P1" and data["fair"] == 0.5 and len(data["advantage"]["ci"]) == 2
    assert "first-seat advantage: P1 wins" in report.to_text()


def test_compare_gives_the_automatic_measures_and_tests_the_balance_only_when_named(tiny):
    result = compare(tiny, tiny, 2, 30, seed=1)
    rows = {r.name: r for r in result.rows}
    assert {BRANCHING, LEAD, SHARED} <= {r.name for r in result.family}
    option = option_measure(PLAY, "card(blue,2)")
    assert rows[option].verdict == "not tested" and rows[option] not in result.family
    named = compare(tiny, tiny, 2, 30, seed=1, family=[option, LEAD])
    assert [r.name for r in named.family] == [LEAD, option]
    assert {r.name: r.verdict for r in named.rows}[option] == "no evidence"
