"""The search bot and the greedy bot's shortcuts: what they pick, and that they are reachable by
name from the command line."""

from __future__ import annotations

import json
import random

import pytest

from interpreter.bots.players import RARELY, GreedyBot, how_often_it_matters, make_bot
from interpreter.bots.search import SearchBot
from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import RulesError

from .conftest import ROOT


class Seen(dict):
    """A view with the game behind it, as simulations hand bots."""

    def __init__(self, game):
        super().__init__(game.view(game.decision().player))
        self.game = game


@pytest.fixture(scope="module")
def four():
    return load_ruleset(ROOT / "rulesets" / "tutorial" / "four-in-a-row")


def threes(ruleset):
    """P1 has three discs in column 1, P2 three in column 7: P1 to move wins with column 1."""
    game = ruleset.new_game(2, 1)
    for c in (1, 7, 1, 7, 1, 7):
        game.apply(c)
    return game


@pytest.mark.parametrize("bot", [SearchBot(budget=14), GreedyBot()], ids=["search", "greedy"])
def test_a_bot_takes_the_winning_move(four, bot):
    game = threes(four)
    for seed in range(3):
        assert bot.choose(Seen(game), game.decision(), random.Random(seed)) == 1


def test_the_search_bot_blocks_a_line_the_greedy_bot_cannot_see(four):
    """P2 to move must block column 1: only a look-ahead past P1's next move sees it."""
    game = four.new_game(2, 1)
    for c in (1, 7, 1, 7, 1):
        game.apply(c)
    picks = [SearchBot(budget=140).choose(Seen(game), game.decision(), random.Random(s))
             for s in range(3)]
    assert picks == [1, 1, 1]


def test_search_is_made_by_name_with_a_budget():
    assert isinstance(make_bot("search"), SearchBot)
    assert make_bot("search:10").budget == 10
    with pytest.raises(RulesError, match="budget"):
        make_bot("search:0")


def test_the_command_line_plays_the_search_bot(capsys):
    code = main(["simulate", str(ROOT / "rulesets" / "tutorial" / "high-card"), "--players",
                 "2", "--games", "2", "--bot", "search:4", "--bot", "greedy", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert json.loads(out)["bots"] == {"P1": "search:4", "P2": "greedy"}


def test_greedy_judges_only_where_options_can_score_differently():
    """Fifth Avenue: raising an offer by a card never changes the final scoring at once (the
    greedy bot plays it at random, without a sample); placing a skyscraper always does."""
    ruleset = load_ruleset(ROOT / "rulesets" / "fifth-avenue" / "base")
    game = ruleset.new_game(4, 1)
    rates = how_often_it_matters(game)
    prompts = {at: ruleset.program.choices[at].prompt for at in rates}
    raise_ = [rates[at] for at, p in prompts.items() if p.startswith("add a card to your bid")]
    place = [rates[at] for at, p in prompts.items() if p.startswith("place a skyscraper")]
    assert raise_ and max(raise_) < RARELY
    assert place and min(place) == 1.0
    assert how_often_it_matters(game) is rates  # learnt once per ruleset and player count
