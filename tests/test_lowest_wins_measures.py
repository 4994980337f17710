"""Every measure that compares players follows the game's scoring direction (issue 34): in a
game where the lowest score wins, the winner's lead is how far the winner is below the best
other score (never negative), a seat's place in `rules compare` counts the lower scores as
better, and the final ranking of `rules diff --play` puts the lowest score first."""

from __future__ import annotations

import pytest

from interpreter.editions.lockstep import _ranking
from interpreter.engine.ruleset import load_ruleset
from interpreter.study.measuring import LEAD
from interpreter.study.outcomes import _ranks
from interpreter.study.simulate import simulate

from .test_language_errors import write

PENALTIES = """\
component card(value: 1..6) "a card":
    count 1
    start in deck
zone deck: stack of card, hidden
zone taken[player]: stack of card
var penalty[player] "penalty points" = 0
define score(p) "penalty points" lowest wins = penalty[p]

procedure setup():
    shuffle deck

procedure play():
    for each player p:
        choose n from [1, 2] by p "how many cards do you take?"
        for each i in numbers(1, n):
            move top from deck to taken[p]
            penalty[p] += top(taken[p]).value
    end game "every player has taken"
"""


@pytest.fixture(scope="module")
def penalties(tmp_path_factory):
    folder = tmp_path_factory.mktemp("penalties")
    write(folder, PENALTIES, "name: Penalties\nplayers: [3]\nrules: [game.rules]\n")
    return load_ruleset(folder)


def test_the_winners_lead_is_below_the_others_when_the_lowest_wins(penalties):
    report = simulate(penalties, 3, 40, seed=1)
    lead = next(s for s in report.samples if s.name == LEAD)
    for record, gap in zip(report.records, lead.values, strict=True):
        assert record.lowest_wins
        best = min(record.scores[p] for p in record.winners)
        others = [v for p, v in record.scores.items() if p not in record.winners]
        assert gap == (min(others) - best if others else 0.0)
        assert gap >= 0  # the old code gave best - max(others): below zero in most games
    assert lead.estimate().value > 0


def test_a_seats_place_counts_the_lower_score_better(penalties):
    record = simulate(penalties, 3, 1, seed=2).records[0]
    places = _ranks(record)
    order = sorted(record.scores, key=record.scores.get)
    assert places[order[0]] == 1 and places[order[-1]] == max(places.values())
    assert set(record.winners) == {p for p, place in places.items() if place == 1}


def test_the_final_ranking_puts_the_lowest_score_first(penalties):
    game = penalties.new_game(3, 5)
    while not game.over:
        game.apply(game.decision().options[-1])
    ranking = _ranking(game)
    scores = game.scores()
    assert ranking[0] == game.winners()
    assert [scores[group[0]] for group in ranking] == sorted({*scores.values()})
