"""A bot keeps to its course within a run of its own decisions (bots/players.py: OwnRun,
no_detours): it does not build an offer step by step and then give it up, nor start one its
hand cannot complete. Round-5 newcomers saw greedy bots put forward bids far above the high
bid and then pass, six times in a game, and read it as a higher bid losing. Nor does it make
an offer whose win gains it nothing (bots/players.py: gains): newcomers later saw a bot
with no skyscraper in supply bid up to 24 and win an auction that built nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.bots.draws import decision_draws
from interpreter.bots.players import GreedyBot, OwnRun
from interpreter.bots.views import LazyView

OFFERS = Path(__file__).resolve().parent / "data" / "offers"


def _runs(players: int, seed: int, copies: bool = False) -> list[list[str]]:
    """The runs of a greedy-bot game of Offers: the options one offer's procedure asked a
    player for, one after the other ('token(4)', 'finish', 'give_up'). `copies`: each bot
    decides on a copy of the game, as the browser's table hands them one."""
    game = load_ruleset(OFFERS).new_game(players, seed)
    bots = {p: GreedyBot() for p in game.players}
    runs: list[list[str]] = []
    last: tuple[str, object] | None = None
    step = 0
    while (decision := game.decision()) is not None:
        view = LazyView(game.clone() if copies else game, decision.player)
        option = bots[decision.player].choose(view, decision, decision_draws(seed, step))
        view.close()
        if last is None or decision.player != last[0] or game.stack[-1] is not last[1]:
            runs.append([])
        runs[-1].append(option)
        last = (decision.player, game.stack[-1])
        game.apply(option)
        step += 1
    return runs


@pytest.mark.parametrize("copies", [False, True], ids=["the game", "a copy each time"])
@pytest.mark.parametrize("players", [2, 3])
def test_a_greedy_bot_never_builds_an_offer_and_then_gives_it_up(players: int,
                                                                copies: bool) -> None:
    """Also when it is handed a copy of the game at each decision, as the browser's table
    does: seed 318's newcomer still met 'passes ... and takes back the cards they had put
    forward (brown 5, black 6: 11 in all, never finished)' there."""
    runs = [run for seed in range(12) for run in _runs(players, seed, copies)]
    detours = [run for run in runs if len(run) > 1 and run[-1] == "give_up"]
    assert detours == []
    # not by giving up at once every time: offers are made, some of several tokens
    assert any(run[-1] == "finish" and len(run) > 2 for run in runs)


def test_a_run_ends_when_anybody_else_decides() -> None:
    game = load_ruleset(OFFERS).new_game(2, 1)
    run = OwnRun()
    first = game.decision()
    assert len(run.least_declined(game, first.options)) == len(first.options)
    token = first.options[0]
    run.took(game, first.options, token)
    game.apply(token)
    again = game.decision()  # the same player, one step on: the run goes on
    assert again.player == first.player
    kept = [again.options[i] for i in run.least_declined(game, again.options)]
    assert "give_up" not in kept  # turned down once already
    game.apply("give_up")  # the player gives up after all (a human may), the other decides
    other = game.decision()
    assert other.player != first.player
    assert len(run.least_declined(game, other.options)) == len(other.options)


FLAGS = Path(__file__).resolve().parent / "data" / "flags"


def _flag_runs(seed: int) -> list[tuple[int, bool, list[str]]]:
    """The runs of a greedy-bot game of Flags (only the second player has flags to plant),
    each with the flags its player had in supply and whether the other player's offer stood
    then, with a flag to plant if it won."""
    game = load_ruleset(FLAGS).new_game(2, seed)
    bots = {p: GreedyBot() for p in game.players}
    runs: list[tuple[int, bool, list[str]]] = []
    last: tuple[str, object] | None = None
    step = 0
    while (decision := game.decision()) is not None:
        me = decision.player
        if last is None or me != last[0] or game.stack[-1] is not last[1]:
            other = next(p for p in game.players if p != me)
            stands = game.state["vars"]["high"] > 0 and len(game.Z["supply"][other]) > 0
            runs.append((len(game.Z["supply"][me]), stands, []))
        view = LazyView(game, me)
        option = bots[me].choose(view, decision, decision_draws(seed, step))
        view.close()
        runs[-1][2].append(option)
        last = (me, game.stack[-1])
        game.apply(option)
        step += 1
    return runs


def test_a_greedy_bot_makes_no_offer_whose_win_gains_it_nothing() -> None:
    """Newcomers saw a greedy bot of Fifth Avenue with no skyscraper in supply bid up to 24
    and win an auction that built nothing, and spend five cards so: judged one decision
    ahead, an offer and giving up are worth the same until the offers are over (and what a
    hand keeps counts for nothing in the scoring), so it opened one at random. Now it
    follows each offer to what it wins, if it stood, and makes none that gains it nothing:
    with no flag to plant, and no offer of the other player's to outbid, it gives up at
    once; with a flag it still makes offers, and without one it still outbids an offer
    that would plant one (a win that keeps the other player from a point is worth it)."""
    runs = [run for seed in range(12) for run in _flag_runs(seed)]
    for_nothing = [run for flags, stands, run in runs if flags == 0 and not stands]
    assert for_nothing and all(run == ["give_up"] for run in for_nothing)
    assert any(run[-1] == "finish" for flags, _, run in runs if flags > 0)
    assert any(run[-1] == "finish" for flags, stands, run in runs if flags == 0 and stands)
