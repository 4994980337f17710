"""Samples are possible worlds: every world a bot imagines (`sampling.sample_game`) is one its
player cannot rule out, and the samples cover those worlds.

The worlds are enumerated here on their own, from the rules as the rulebooks say them (not by
the engine's beliefs): in Pass Left, every deal of the cards the player did not see and every
card the others may have passed that fits what the player saw; in High Card, the card the
player put under the deck stays at its bottom (under the one the opponent put there after);
in Top Stack (tests/data/top-stack), every card put face up on the stack is known in its place
under the ones put on it later. A chi-square test checks that right after the deal the samples
deal the unseen cards evenly.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from interpreter.bots.beliefs import Token
from interpreter.bots.sampling import sample_game
from interpreter.bots.worlds import _spread
from interpreter.engine.ruleset import load_ruleset

from .conftest import ROOT

PASS_LEFT = ROOT / "rulesets" / "tutorial" / "pass-left"
HIGH_CARD = ROOT / "rulesets" / "tutorial" / "high-card"
TOP_STACK = ROOT / "tests" / "data" / "top-stack"


def _hand(game, player: str) -> frozenset[str]:
    return frozenset(Counter(game.state["zones"]["hand"][player]).elements())


def pass_left_worlds(start, moves: list[str]) -> set[tuple[frozenset, frozenset]]:
    """Every (P2's hand, P3's hand) P1 cannot rule out in 3-player Pass Left, after `moves`
    (P1, P2, P3 pass in turn; P1 sees their own hand, what they pass and what P3 passes them).
    Cards are all different: hands are sets."""
    mine = _hand(start, "P1")
    every = frozenset(start.world.kind_of)
    unseen = sorted(every - mine)
    worlds = set()
    for two in itertools.combinations(unseen, 3):
        rest = [c for c in unseen if c not in two]
        for three in itertools.combinations(rest, 3):
            paths = [(frozenset(two), frozenset(three))]
            for i, card in enumerate(moves):
                passer = i % 3
                nxt = []
                for h2, h3 in paths:
                    if passer == 0:
                        nxt.append((h2 | {card}, h3))
                    elif passer == 1:
                        nxt += [(h2 - {c}, h3 | {c}) for c in h2]
                    elif card in h3:
                        nxt.append((h2, h3 - {card}))
                paths = nxt
            worlds.update(paths)
    return worlds


def _play(game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        options = game.decision().options
        game.apply(options[rng.randrange(len(options))])


@pytest.mark.parametrize("steps", [0, 2, 4, 7, 9])
def test_pass_left_samples_are_possible_worlds_and_cover_them(steps):
    ruleset = load_ruleset(PASS_LEFT)
    start = ruleset.new_game(3, 11, logging=False)
    game = start.clone()
    _play(game, random.Random(steps), steps)
    worlds = pass_left_worlds(start, list(game.moves))
    rng = random.Random(5)
    seen: Counter = Counter()
    for _ in range(600 if steps else 4200):
        sample = sample_game(game, "P1", rng)
        assert sample.view("P1") == game.view("P1")
        world = (_hand(sample, "P2"), _hand(sample, "P3"))
        assert world in worlds, f"an impossible world after {steps} passes: {world}"
        seen[world] += 1
    if steps == 0:  # right after the deal: P2's hand is any 3 of the 9 cards P1 did not see
        hands = Counter(w[0] for w in seen.elements())
        assert len(hands) == 84
        assert chisquare(list(hands.values())).pvalue > 0.001
    elif len(worlds) <= 60:
        assert set(seen) == worlds, f"{len(worlds) - len(seen)} worlds never sampled"


def _swap_first(game, rng: random.Random) -> str:
    """The player to decide swaps (their choice of the card to put under the deck at random);
    the card they put under."""
    game.apply("swap")
    card = rng.choice(game.decision().options)
    game.apply(card)
    return card


def test_high_card_the_card_put_under_the_deck_stays_at_its_bottom():
    ruleset = load_ruleset(HIGH_CARD)
    game = ruleset.new_game(2, 4, logging=False)
    rng = random.Random(2)
    assert game.decision().player == "P1" and "swap" in game.decision().options
    under = _swap_first(game, rng)
    decision = game.decision()
    game.apply(decision.options[0])  # P1 plays a card
    assert game.decision().player == "P2"
    for _ in range(300):
        assert sample_game(game, "P1", rng).state["zones"]["deck"][0] == under
    theirs = _swap_first(game, rng)  # P2 puts a card of their own under it, unseen by P1
    assert game.state["zones"]["deck"][:2] == [theirs, under]
    unseen_by_p1 = set(game.world.kind_of) - _hand(game, "P1") - {under} - set(
        game.state["zones"]["trick"]["P1"])
    below: Counter = Counter()
    for _ in range(1200):
        deck = sample_game(game, "P1", rng).state["zones"]["deck"]
        assert deck[1] == under  # P2's card went under it: one place up
        assert deck[0] in unseen_by_p1
        below[deck[0]] += 1
    assert set(below) == unseen_by_p1  # any card P1 has not seen may be P2's
    assert chisquare(list(below.values())).pvalue > 0.001


def top_stack_knowledge(start, moves: list) -> tuple[list[str], set[str]]:
    """What P1 knows in 2-player Top Stack after `moves`: the stack (bottom first; every card
    on it was seen laid) and the cards P2 took from it and has not laid since."""
    pile: list[str] = []
    known: set[str] = set()
    turn, i = 0, 0
    while i < len(moves):
        player, action = turn % 2, moves[i]
        i += 1
        if action == "lay":
            card = moves[i]
            i += 1
            pile.append(card)
            known.discard(card)
        elif action == "take":
            card = pile.pop()
            if player == 1:
                known.add(card)
        turn += 1
    return pile, known


@pytest.mark.parametrize("seed", range(6))
def test_top_stack_cards_under_the_top_stay_known(seed):
    ruleset = load_ruleset(TOP_STACK)
    start = ruleset.new_game(2, seed, logging=False)
    start.auto = False
    game = start.clone()
    rng = random.Random(seed)
    _play(game, rng, rng.randrange(4, 14))
    pile, known = top_stack_knowledge(start, list(game.moves))
    assert game.state["zones"]["pile"] == pile  # the oracle follows the game
    size = sum(game.state["zones"]["hand"]["P2"].values())
    unknown = set(game.world.kind_of) - _hand(game, "P1") - set(pile) - known
    seen: Counter = Counter()
    for _ in range(800):
        sample = sample_game(game, "P1", rng)
        assert sample.state["zones"]["pile"] == pile
        theirs = _hand(sample, "P2")
        assert known <= theirs and theirs - known <= unknown
        seen[frozenset(theirs - known)] += 1
    worlds = len(list(itertools.combinations(unknown, size - len(known))))
    assert len(seen) == worlds
    if worlds > 1:
        assert chisquare(list(seen.values())).pvalue > 0.001


def test_a_place_drawn_by_room_left_is_the_draw_random_choices_makes():
    """`_spread` draws each token's place in proportion to the room left without building
    `random.choices`' lists: the same places for the same draws, so bots' samples (and the
    games they play) are the same as with `choices`."""
    for seed in range(300):
        places = [("hand", f"P{i}") for i in range(1, 1 + seed % 5 + 1)]
        room = {q: 1 + (seed * 7 + i) % 4 for i, q in enumerate(places)}
        shared = set(places)  # tokens that may all be anywhere: no dead end
        loose = [Token("card", shared) for _ in range(sum(room.values()))]
        theirs = random.Random(seed)
        order = list(range(len(loose)))
        theirs.shuffle(order)
        left, expected = dict(room), [None] * len(loose)
        for i in order:
            options = [q for q in sorted(places, key=str) if left[q] > 0]
            q = expected[i] = theirs.choices(options, [left[q] for q in options])[0]
            left[q] -= 1
        assert _spread(loose, room, random.Random(seed)) == expected
