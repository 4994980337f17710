"""Paired games that stay paired: a bot's draws at a decision depend on the game's seed and
the decision's number, not on how many draws came before (bots/draws.py), so two games of one
seed stay alike wherever their bots choose alike."""

from __future__ import annotations

import pickle
import random

from interpreter.bots.draws import KeyedRandom, decision_draws, first_of
from interpreter.bots.players import RandomBot, make_bot
from interpreter.study.games import play_one


def test_the_draws_of_a_decision_depend_on_its_seed_and_number_only():
    first = [decision_draws(7, 12).random() for _ in range(3)]
    assert first[0] == first[1] == first[2]  # a fresh generator each time: the same draw
    rng = decision_draws(7, 12)
    run = [rng.getrandbits(64) for _ in range(4)]
    assert run == [decision_draws(7, 12).getrandbits(64) for _ in range(1)] + run[1:]
    assert len(set(run)) == 4
    others = {decision_draws(7, 13).getrandbits(64), decision_draws(8, 12).getrandbits(64),
              decision_draws(-7, 12).getrandbits(64), decision_draws(2**70 + 7, 12)
              .getrandbits(64)}
    assert run[0] not in others and len(others) == 4


def test_the_draws_are_the_same_on_every_platform():
    """Games played by bots depend on these numbers (integer arithmetic, no platform's
    hash): they change only with a note in the commit that bots play other games."""
    rng = decision_draws(1, 0)
    assert [rng.getrandbits(32) for _ in range(3)] == [2978611956, 4173706796, 1832099095]
    assert decision_draws(1, 0).randrange(1000) == 710
    assert decision_draws(2**70, 3).random() == 0.18897296164820854


def test_the_generator_works_as_any_random_generator():
    rng = decision_draws(3, 4)
    picks = [rng.randrange(6) for _ in range(6000)]
    counts = [picks.count(i) for i in range(6)]
    assert all(900 < c < 1100 for c in counts), counts
    deck = list(range(20))
    rng.shuffle(deck)
    assert sorted(deck) == list(range(20)) and deck != list(range(20))
    assert 0.0 <= rng.random() < 1.0 and rng.getrandbits(0) == 0
    assert rng.getrandbits(200) < 2**200
    state = rng.getstate()
    ahead = [rng.random() for _ in range(3)]
    rng.setstate(state)
    assert [rng.random() for _ in range(3)] == ahead
    copy = pickle.loads(pickle.dumps(rng))
    assert [copy.random() for _ in range(3)] == [rng.random() for _ in range(3)]


def test_a_choice_among_equals_agrees_whenever_it_can():
    """Of two sets of equals, the option picked from the larger is picked from the smaller
    too whenever the smaller holds it (the rank of each option number is fixed by the
    tie-break value)."""
    rng = random.Random(5)
    agreed = 0
    for _ in range(500):
        tiebreak = rng.getrandbits(64)
        larger = rng.sample(range(12), rng.randrange(2, 12))
        smaller = rng.sample(larger, rng.randrange(1, len(larger) + 1))
        picked = first_of(larger, tiebreak)
        assert picked in larger
        if picked in smaller:
            assert first_of(smaller, tiebreak) == picked
            agreed += 1
    assert agreed > 100


class _Extra(RandomBot):
    """The random bot, drawing some numbers it never uses at one decision (as a bot that
    judges one option more under one ruleset than under another)."""

    def __init__(self, at: int, extra: int):
        self.at, self.extra, self.seen = at, extra, 0

    def choose(self, view, decision, rng):
        taken = super().choose(view, decision, rng)
        self.seen += 1
        if self.seen == self.at:
            for _ in range(self.extra):
                rng.random()
        return taken


def test_a_decision_that_draws_more_leaves_the_later_ones_alike(base):
    """Before, every bot drew from one generator of the game: one draw more at one decision
    shifted every later draw, and the two games parted ways for good."""
    moves = []
    for extra in (0, 5):
        bots = {p: _Extra(at=3, extra=extra) for p in ("P1", "P2", "P3", "P4")}
        moves.append(play_one(base, 4, 11, bots, keep_moves=True).moves)
    assert moves[0] == moves[1] and len(moves[0]) > 100


def test_paired_greedy_games_of_one_ruleset_are_identical(base):
    records = [play_one(base, 3, 2, {p: make_bot("greedy") for p in ("P1", "P2", "P3")},
                        keep_moves=True) for _ in range(2)]
    assert records[0].moves == records[1].moves
    assert records[0].scores == records[1].scores


def test_a_draw_of_up_to_64_bits_is_the_top_of_one_number_of_the_sequence():
    """getrandbits(k) for k <= 64 takes one number of the keyed sequence (a shortcut through
    the general loop): the same bits as the loop that joins 64-bit numbers gives."""
    for k in (1, 7, 32, 53, 64):
        fast, wide = KeyedRandom(99), KeyedRandom(99)
        for _ in range(5):
            assert fast.getrandbits(k) == wide.getrandbits(64) >> (64 - k)
    joined = KeyedRandom(99).getrandbits(128)  # two numbers: the first in the low bits
    again = KeyedRandom(99)
    assert joined == again.getrandbits(64) | again.getrandbits(64) << 64
