"""Skill trace: does a stronger player win more? For each stronger bot named (`--skill
greedy`, in order: a trace of levels), games with that bot in one seat and the usual bot in
the others; the strong seat goes round (the first block of games in seat 1, the next in
seat 2, ...), so no seat's own advantage is counted as skill. The figure: the strong seat's
win rate (a shared win counts its share) with its 95% interval, against the fair share
1 / players. A game of pure luck keeps it at the fair share; a game of skill lifts it.

In a comparison both rulesets play the same blocks of seeds with the same seats: game i of A
and game i of B are a pair, and B - A is the paired difference with its interval (the exact
sign test). Games of seeds seed, seed + 1, ... as for the other measures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from interpreter.engine.world import player_id
from interpreter.language.errors import RulesError
from interpreter.study import paired as pairs
from interpreter.study import stats
from interpreter.study.games import GameRecord
from interpreter.study.parallel import Batch, play_batches
from interpreter.study.simulate import make_batch

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset

DEFINITION = ("the win rate of one seat played by the stronger bot against the usual bot in "
              "the others (the strong seat goes round the table), against the fair share")


@dataclass
class Level:
    """One stronger bot's games: per game, the strong seat's share of the win."""

    bot: str
    against: str
    players: int
    shares: list[float] = field(repr=False)

    @property
    def games(self) -> int:
        return len(self.shares)

    def estimate(self) -> stats.Estimate:
        return stats.rate_estimate(sum(self.shares), self.games)

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "against": self.against, "games": self.games,
                "win_rate": self.estimate().to_dict(), "fair": round(1 / self.players, 6)}

    def text(self) -> str:
        e = self.estimate()
        return (f"{self.bot} in one seat against {self.against}: wins "
                f"{100 * e.value:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}] of {self.games} "
                f"games (a fair share is {100 / self.players:.1f}%)")


def batches(ruleset: Ruleset, players: int, games: int, seed: int, strong: str, weak: str,
            max_decisions: int | None = None) -> list[tuple[Batch, int]]:
    """The blocks of games of one level: (batch, the strong seat's index)."""
    if players < 2:
        raise RulesError("--skill needs 2 players or more: a stronger seat against others")
    block = -(-games // players)
    out = []
    first = seed
    for seat in range(players):
        count = min(block, seed + games - first)
        if count <= 0:
            break
        bots = [weak] * players
        bots[seat] = strong
        batch, _ = make_batch(ruleset, players, count, first, bots, max_decisions)
        out.append((batch, seat))
        first += count
    return out


def skill_trace(rulesets: Sequence[Ruleset], players: int, games: int, seed: int,
                strong: Sequence[str], weak: str, workers: int = 1, dask: str | None = None,
                max_decisions: int | None = None) -> list[list[Level]]:
    """For each ruleset, a Level for each stronger bot; all their games played together."""
    plan = [[batches(r, players, games, seed, bot, weak, max_decisions) for bot in strong]
            for r in rulesets]
    flat = [b for levels in plan for blocks in levels for b, _ in blocks]
    played = iter(play_batches(flat, workers, dask))
    out = []
    for levels in plan:
        row = []
        for bot, blocks in zip(strong, levels, strict=True):
            shares: list[float] = []
            for _, seat in blocks:
                shares += [_share(r, player_id(seat + 1)) for r in next(played)]
            row.append(Level(bot, weak, players, shares))
        out.append(row)
    return out


def paired_difference(a: Level, b: Level) -> stats.Test:
    """B's strong-seat win rate minus A's, paired game by game."""
    return pairs.sign_test(a.shares, b.shares)


def _share(record: GameRecord, seat: str) -> float:
    return float(Fraction(1, len(record.winners))) if seat in record.winners else 0.0


def run(args: Any, rulesets: Sequence[Ruleset], players: int,
        default_bot: str) -> list[list[Level]] | None:
    """The skill trace a command's `--skill` asks for (None without it): each `--skill` bot
    against the one `--bot` (or `default_bot`); `--games` games a level."""
    strong = getattr(args, "skill", None)
    if not strong:
        return None
    check(args)
    weak = args.bots or [default_bot]
    return skill_trace(rulesets, players, args.games, args.seed, strong, weak[0],
                       args.workers, args.dask, args.max_decisions)


def check(args: Any) -> None:
    """Before any game is played: `--skill` bots that exist, against one `--bot`."""
    strong = getattr(args, "skill", None)
    if not strong:
        return
    if args.bots and len(args.bots) != 1:
        raise RulesError("--skill puts a stronger bot in one seat against one bot in the "
                         "others: give one --bot, not one per seat")
    from interpreter.bots.players import make_bot

    for name in strong:
        make_bot(name)  # an unknown bot: the list of known ones


def lines(sides: Sequence[Sequence[Level]]) -> list[str]:
    """The report's lines: one level a line (both sides and B - A in a comparison)."""
    out = [f"skill trace ({DEFINITION}):"]
    if len(sides) == 1:
        return out + [f"  {level.text()}" for level in sides[0]]
    for a, b in zip(*sides, strict=True):
        d = paired_difference(a, b)
        eb = b.estimate()
        out.append(f"  A: {a.text()}")
        out.append(f"  B: {100 * eb.value:.1f}% [{100 * eb.low:.1f}, {100 * eb.high:.1f}]; "
                   f"B - A {100 * d.difference.value:+.1f} pts [{100 * d.difference.low:+.1f},"
                   f" {100 * d.difference.high:+.1f}], p {d.p:.4f} ({d.name})")
    return out


def to_dict(sides: Sequence[Sequence[Level]]) -> list[dict[str, Any]]:
    """For --json: each level's side(s), and in a comparison the paired difference."""
    if len(sides) == 1:
        return [level.to_dict() for level in sides[0]]
    out = []
    for a, b in zip(*sides, strict=True):
        d = paired_difference(a, b)
        out.append({"bot": a.bot, "against": a.against, "a": a.to_dict(), "b": b.to_dict(),
                    "difference": {"value": round(d.difference.value, 6),
                                   "ci": [round(d.difference.low, 6),
                                          round(d.difference.high, 6)]},
                    "p": round(d.p, 6), "test": d.name, "definition": DEFINITION})
    return out
