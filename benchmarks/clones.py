"""How fast a game is copied (`game.clone()`), and how fast the greedy bot decides.

    python benchmarks/clones.py                        # 4 players, rulesets/fifth-avenue/base
    python benchmarks/clones.py --games 40 --clones 200 --greedy-games 20
    python benchmarks/clones.py PATH --players 3 --seed 7

Bots that search (sampling, tree search) copy the game many times per decision, so the speed of
`clone()` bounds theirs. Positions are taken from random games (seeds S, S+1, ...): at each
decision the position is kept with probability --sample. They are sorted by the kind of
decision waiting: auction positions (a bid: the decision's prompt mentions "bid") and the rest of
the game (turns: options, cards, commissioners, building). Each position is cloned --clones
times; the figure is clones per second over all of them.

Then --greedy-games games are played with the greedy bot (interpreter/bots/players.py) in seat 1
and random bots in the others; the figure is the greedy bot's decisions per second (the time
spent in its `choose`, which samples the hidden cards and looks one decision ahead with clones).

Every figure is printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.bots.players import TimedBot, make_bot  # noqa: E402
from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.engine.world import player_id  # noqa: E402
from interpreter.language.errors import GameRuleError, RulesError  # noqa: E402
from interpreter.study.games import play_one  # noqa: E402

DEFAULT_RULESET = ROOT / "rulesets" / "fifth-avenue" / "base"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="clones/s of game.clone() at positions of random games, and the greedy "
                    "bot's decisions/s.")
    parser.add_argument("path", nargs="?", default=str(DEFAULT_RULESET),
                        help="ruleset folder (default: rulesets/fifth-avenue/base)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default: 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default: 1)")
    parser.add_argument("--games", type=int, default=20,
                        help="random games to take positions from (default: 20)")
    parser.add_argument("--sample", type=float, default=0.05,
                        help="share of the decisions whose position is kept (default: 0.05)")
    parser.add_argument("--clones", type=int, default=100,
                        help="clones of each position (default: 100)")
    parser.add_argument("--greedy-games", type=int, default=10,
                        help="games with the greedy bot in seat 1 (default: 10; 0: none)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.clones < 1 or args.greedy_games < 0 or not 0 < args.sample <= 1:
        parser.error("--games and --clones must be at least 1, --greedy-games at least 0, "
                     "--sample in (0, 1]")
    try:
        ruleset = load_ruleset(args.path)
        ruleset.check_players(args.players)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    print(f"python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.machine()}, one process")
    print(f"ruleset: {ruleset.name} ({args.path}), {args.players} players")
    try:
        positions = sample_positions(ruleset, args.players, args.games, args.seed, args.sample)
        print(f"\nclone(): {sum(map(len, positions.values()))} positions from {args.games} "
              f"random games (seeds {args.seed}..{args.seed + args.games - 1}), "
              f"{args.clones} clones each")
        everything = []
        for kind, games in positions.items():
            everything += games
            clone_report(kind, games, args.clones)
        clone_report("all", everything, args.clones)
        if args.greedy_games:
            greedy_report(ruleset, args.players, args.greedy_games, args.seed)
    except GameRuleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def sample_positions(ruleset, players: int, games: int, seed: int, share: float) -> dict:
    """Copies of the games at randomly chosen decisions, by kind of decision."""
    found: dict[str, list] = {"mid-game (turns)": [], "mid-auction (bids)": []}
    pick = random.Random(seed)
    for i in range(games):
        game = ruleset.new_game(players, seed + i, logging=False)
        rng = random.Random(seed + i)
        while not game.over:
            decision = game.decision()
            if pick.random() < share:
                kind = "mid-auction (bids)" if "bid" in decision.prompt else "mid-game (turns)"
                found[kind].append(game.clone())
            options = decision.options
            game.apply(options[rng.randrange(len(options))])
    return found


def clone_report(kind: str, games: list, clones: int) -> None:
    if not games:
        print(f"  {kind:<20} no positions")
        return
    start = time.perf_counter()
    for game in games:
        for _ in range(clones):
            game.clone()
    seconds = time.perf_counter() - start
    count = len(games) * clones
    steps = statistics.fmean(g.state["step"] for g in games)
    print(f"  {kind:<20} {count / seconds:>9.0f} clones/s   {1e6 * seconds / count:7.1f} µs "
          f"each   ({len(games)} positions, {steps:.0f} decisions into the game on average)")


def greedy_report(ruleset, players: int, games: int, seed: int) -> None:
    greedy = TimedBot(make_bot("greedy"))
    others = TimedBot(make_bot("random"))
    start = time.perf_counter()
    for i in range(games):
        bots = {player_id(p): greedy if p == 1 else others for p in range(1, players + 1)}
        play_one(ruleset, players, seed + i, bots)
    seconds = time.perf_counter() - start
    print(f"\ngreedy bot: {games} games (seeds {seed}..{seed + games - 1}), greedy in seat 1, "
          f"random bots in the others, {seconds:.1f} s ({games / seconds:.2f} games/s)")
    print(f"  greedy decisions/s:  {greedy.decisions / greedy.seconds:.1f}   "
          f"({greedy.decisions} decisions, {1000 * greedy.seconds / greedy.decisions:.2f} ms "
          f"each; decisions with one option are applied by the engine and not counted)")


if __name__ == "__main__":
    sys.exit(main())
