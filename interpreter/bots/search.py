"""A bot that searches: flat Monte Carlo over determinized samples, with random playouts.

For each decision it plays out every option many times and takes the one with the best mean
result. One round = one sample of the game as its player sees it (`sampling.sample_game`: a
world the player cannot rule out, so it never peeks); in that sample every option is applied
to its own copy, the game is played on for HORIZON decisions by uniformly random choices, and
the copy is judged as the greedy bot judges: "my score minus the best other score, if the game
ended now" (the ruleset's own `final_scoring`). All options of a round share the sample and the
random numbers of their playouts (common random numbers: the comparison between options is
not drowned in the noise of the deals). It plays as many rounds as its budget of playouts per
decision allows (`search:N`: N playouts, at least one round). Options that tie are told apart
by the greedy bot's one-step judgement (a win now beats a win later).

This is determinized ("perfect information") Monte Carlo, as in Ginsberg's GIB for bridge and
Long et al. (2010), "Understanding the success of perfect information Monte Carlo sampling in
game tree search". Random playouts are a good model of the other bots here: the greedy bot
itself plays most choices at random (those its look-ahead cannot tell apart), and searching
HORIZON decisions ahead lets it see what an offer leads to once the round of offers is over,
which a one-step look-ahead cannot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from interpreter.bots.judging import Judge
from interpreter.bots.sampling import sample_game
from interpreter.bots.views import nothing_to_judge
from interpreter.engine.runtime import Decision

BUDGET = 48  # playouts per decision
HORIZON = 24  # decisions played at random after an option before the copy is judged


class SearchBot:
    """Flat Monte Carlo over consistent samples, random playouts, greedy's judgement."""

    name = "search"

    def __init__(self, budget: int = BUDGET, horizon: int = HORIZON) -> None:
        self.budget, self.horizon = budget, horizon
        self._judges: dict[tuple[int, str], Judge] = {}

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        game, taken = nothing_to_judge(view, options, rng)
        if game is None:
            return taken
        me = decision.player
        judge = self._judges.get((id(game.program), me))
        if judge is None or judge.program is not game.program:
            judge = self._judges[(id(game.program), me)] = Judge(game.program, me)
        totals = [0.0] * len(options)
        rounds = max(1, self.budget // len(options))
        for _ in range(rounds):
            sample = sample_game(game, me, rng)
            seed = rng.getrandbits(32)
            for i, option in enumerate(options):
                twin = _after(sample, option)
                playout(twin, self.horizon, random.Random(seed))
                totals[i] += judge.value(twin)
        best = max(totals)
        ties = [o for o, t in zip(options, totals, strict=True) if t == best]
        if len(ties) > 1:  # as good in the long run: the best at once (a win now, not later)
            sample = sample_game(game, me, rng)
            now = [judge.value(_after(sample, o)) for o in ties]
            ties = [o for o, v in zip(ties, now, strict=True) if v == max(now)]
        return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def _after(sample: Any, option: Any) -> Any:
    twin = sample.clone()
    twin.apply(option)
    return twin


def playout(game: Any, decisions: int, rng: random.Random) -> None:
    """Play `decisions` decisions (or to the end) by uniformly random choices."""
    for _ in range(decisions):
        pending = game.state["pending"]
        if pending is None:
            return
        options = pending["options"]
        game.apply(options[rng.randrange(len(options))] if len(options) > 1 else options[0])
