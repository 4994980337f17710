"""Many seeded games between bots, summed up: scores, wins, game length, endings, speed.

Game i (counting from 0) is started with seed `seed + i`, and its bots draw, at decision k,
from `draws.decision_draws(seed + i, k)`, so the same ruleset, players, games, seed and bots
give the same report every time (apart from the timings), however many processes or cluster
workers play the games (parallel.py).
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING, Any

from interpreter.bots.players import Bot, make_bot
from interpreter.engine.world import player_id
from interpreter.language.errors import RulesError
from interpreter.study import stats
from interpreter.study.balance import DEFINITION as BALANCE_DEFINITION
from interpreter.study.balance import Balance, seat_balance
from interpreter.study.games import GameRecord
from interpreter.study.measuring import (
    BRANCHING,
    BUILT_IN,
    DECISIVENESS,
    LEAD,
    LEAD_CHANGES,
    NO_REASON,
    OPTIONS,
    RULESET,
    SHARED,
    Sample,
    samples,
)
from interpreter.study.parallel import Batch, play_batches
from interpreter.study.sides import Side

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset

Progress = Callable[[int, int], None]
# shown apart from the seats, length and endings
AUTOMATIC = (BRANCHING, LEAD, SHARED, LEAD_CHANGES, DECISIVENESS)


# ---------------------------------------------------------------------------------- report
@dataclass
class Stats:
    """Mean, spread and range of a list of numbers (None where the values are not numbers)."""

    mean: float | None
    sd: float | None
    min: Any
    max: Any

    @classmethod
    def of(cls, values: Sequence[Any]) -> Stats:
        if not values:
            return cls(None, None, None, None)
        numeric = all(isinstance(v, Real) for v in values)
        if not numeric:
            return cls(None, None, None, None)
        try:
            mean = statistics.fmean(values)
            sd = statistics.pstdev(values) if len(values) > 1 else 0.0
        except OverflowError:  # numbers too large for a float: no mean, but the range
            mean = sd = None
        return cls(mean, sd, min(values), max(values))

    def to_dict(self) -> dict[str, Any]:
        return {"mean": _round(self.mean), "sd": _round(self.sd), "min": _plain(self.min),
                "max": _plain(self.max)}


@dataclass
class SeatReport:
    player: str
    bot: str
    score: Stats
    wins: Fraction
    shared_wins: int

    def win_rate(self, games: int) -> float:
        return float(self.wins) / games if games else 0.0


@dataclass
class SimulationReport:
    ruleset: str
    players: int
    games: int
    seed: int
    bots: dict[str, str]
    seats: list[SeatReport]
    decisions: Stats
    turns: Stats | None
    endings: Counter[str]
    seconds: float
    records: list[GameRecord] = field(default_factory=list, repr=False)
    samples: list[Sample] = field(default_factory=list, repr=False)
    workers: str = "1 process"
    side: Side | None = None  # the ruleset, its overlays and settings

    def first_seat(self) -> tuple[str, stats.Estimate, float, stats.Estimate] | None:
        """The first seat, its win rate with its interval, the fair share (1 / players), and
        the advantage: the win rate minus the fair share, with the same interval shifted."""
        if not self.seats or not self.games:
            return None
        first = self.seats[0]
        rate = stats.rate_estimate(float(first.wins), self.games)
        fair = 1.0 / self.players
        return first.player, rate, fair, stats.Estimate(rate.value - fair, rate.low - fair,
                                                       rate.high - fair, rate.n)

    def seat_balance(self) -> Balance | None:
        """The spread of the seats' win rates beyond chance, with its interval (balance.py)."""
        if not hasattr(self, "_balance"):
            self._balance = seat_balance(self.records, list(self.bots))
        return self._balance

    @property
    def total_decisions(self) -> int:
        return sum(r.decisions for r in self.records)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def decisions_per_second(self) -> float:
        return self.total_decisions / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data. With timing=False the result depends only on the inputs."""
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": dict(self.bots),
            "seats": {
                s.player: {
                    "bot": s.bot,
                    "score": s.score.to_dict(),
                    "wins": _round(float(s.wins), 6),
                    "win_rate": _round(s.win_rate(self.games)),
                    "shared_wins": s.shared_wins,
                }
                for s in self.seats
            },
            "length": {
                "decisions": self.decisions.to_dict(),
                "turns": self.turns.to_dict() if self.turns is not None else None,
            },
            "endings": dict(self.endings.most_common()),
            "measures": [s.summary() for s in self.samples],
        }
        first = self.first_seat()
        if first is not None:
            seat, rate, fair, advantage = first
            out["first_seat"] = {"seat": seat, "win_rate": rate.to_dict(), "fair": _round(fair),
                                 "advantage": advantage.to_dict()}
        balance = self.seat_balance()
        if balance is not None:
            out["seat_balance"] = balance.to_dict()
        if timing:
            out["timing"] = {
                "seconds": _round(self.seconds),
                "games_per_second": _round(self.games_per_second),
                "decisions_per_second": _round(self.decisions_per_second),
            }
        return out

    def to_text(self) -> str:
        """A report for people: a table per seat, then length, endings and speed."""
        bots = ", ".join(f"{p} {b}" for p, b in self.bots.items())
        lines = [f"{self.ruleset}: {self.games} game{'s' if self.games != 1 else ''}, "
                 f"{self.players} players, seeds {self.seed}..{self.seed + self.games - 1}",
                 f"bots: {bots}", ""]
        header = ["seat", "bot", "mean score", "sd", "min", "max", "wins", "win %",
                  "shared wins"]
        rows = [[s.player, s.bot, _fixed(s.score.mean), _fixed(s.score.sd), _fmt(s.score.min),
                 _fmt(s.score.max), _wins(s.wins),
                 f"{100 * s.win_rate(self.games):.1f}", str(s.shared_wins)] for s in self.seats]
        lines += _table(header, rows, left=2)
        first = self.first_seat()
        if first is not None:
            seat, rate, fair, adv = first
            lines.append(f"first-seat advantage: {seat} wins {100 * rate.value:.1f}% "
                         f"[{100 * rate.low:.1f}, {100 * rate.high:.1f}] of the games, a fair "
                         f"share is {100 * fair:.1f}%: {100 * adv.value:+.1f} pts "
                         f"[{100 * adv.low:+.1f}, {100 * adv.high:+.1f}]")
        balance = self.seat_balance()
        if balance is not None:
            lines.append(f"seat balance: {balance.text()} ({BALANCE_DEFINITION})")
        lines.append("")
        lines.append("game length:")
        lines.append(f"  decisions  {_range(self.decisions)}")
        if self.turns is not None:
            lines.append(f"  turns      {_range(self.turns)}")
        lines.append("endings:")
        width = max(len(reason) for reason in self.endings)
        for reason, count in self.endings.most_common():
            lines.append(f"  {reason:<{width}}  {count:>{len(str(self.games))}}  "
                         f"({100 * count / self.games:.1f}%)")
        for heading, own in (
                ("measures every ruleset gets (mean, or rate; 95% confidence interval):",
                 [s for s in self.samples if s.origin == BUILT_IN and s.name in AUTOMATIC]),
                ("measures of the ruleset (mean, or rate; 95% confidence interval):",
                 [s for s in self.samples if s.origin == RULESET])):
            if own:
                lines.append(heading)
                rows = [[f"  {s.name}", *_estimate_cells(s)] for s in own]
                table = _table(["", "", ""], rows, left=1)[1:]
                lines += [f"{line}  {s.label}" for line, s in zip(table, own, strict=True)]
        lines += _balance_lines([s for s in self.samples if s.origin == OPTIONS])
        lines.append(f"speed: {self.games_per_second:.1f} games/s, "
                     f"{self.decisions_per_second:.0f} decisions/s "
                     f"({self.seconds:.2f} s in all, {self.workers})")
        return "\n".join(lines)


# ---------------------------------------------------------------------------------- play
def simulate(ruleset: Ruleset, players: int, games: int, seed: int,
             bots: Sequence[str | Bot] | None = None, progress: Progress | None = None,
             max_decisions: int | None = None, logging: bool = False, workers: int = 1,
             dask: str | None = None, replay_dir: str | None = None) -> SimulationReport:
    """Play `games` seeded games of `ruleset` between bots and sum them up.

    `bots`: one entry for every seat, or a single entry for all seats, or None for random
    bots. An entry is a bot name from `interpreter.bots.BOTS` (a fresh bot each game) or a bot
    object (used as it is, in every game; a copy of it in each worker process). `progress(done,
    total)` is called as games finish. `max_decisions` stops a game that does not end (a
    GameRuleError). The games keep no event log unless `logging` is true (the report does not
    use it). `workers` processes play the games (1: this process), or with `dask` (a
    scheduler's address, or "local") the workers of a Dask cluster; the report is the same
    whatever they are. `replay_dir`: a folder where each game's replay is written
    (`seed-SEED.json`, by the process that plays it). Raises RulesError for bad arguments and
    GameRuleError when the ruleset goes wrong during a game.
    """
    batch, labels = make_batch(ruleset, players, games, seed, bots, max_decisions, logging,
                               replay_dir)
    start = time.perf_counter()
    (records,) = play_batches([batch], workers, dask, progress)
    seconds = time.perf_counter() - start
    return summarise(ruleset, players, seed, labels, records, seconds,
                     describe_workers(workers, dask))


def make_batch(ruleset: Ruleset, players: int, games: int, seed: int,
               bots: Sequence[str | Bot] | None, max_decisions: int | None = None,
               logging: bool = False, replay_dir: str | None = None,
               keep_moves: bool = False) -> tuple[Batch, dict[str, str]]:
    """The games to play, checked, and the bots' names by seat."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"the number of games must be a whole number of at least 1, "
                         f"not {games!r}")
    ruleset.check_players(players)
    entries = _seat_entries(bots, players)
    seat_names = [player_id(i) for i in range(1, players + 1)]
    labels = {p: (e if isinstance(e, str) else getattr(e, "name", type(e).__name__))
              for p, e in zip(seat_names, entries, strict=True)}
    return Batch(ruleset, players, seed, games, tuple(entries), max_decisions, logging,
                 replay_dir, keep_moves), labels


def describe_workers(workers: int, dask: str | None) -> str:
    if dask == "local":
        return f"a local Dask cluster of {workers} worker{'s' if workers != 1 else ''}"
    if dask is not None:
        return f"the Dask cluster at {dask}"
    return f"{workers} process{'es' if workers != 1 else ''}"


def _seat_entries(bots: Sequence[str | Bot] | None, players: int) -> list[str | Bot]:
    if bots is None or len(bots) == 0:
        return ["random"] * players
    if isinstance(bots, str):
        bots = [bots]
    if len(bots) == 1:
        entries = list(bots) * players
    elif len(bots) == players:
        entries = list(bots)
    else:
        raise RulesError(f"give one bot for all seats or one for each of the {players} seats, "
                         f"not {len(bots)}")
    for entry in entries:
        if isinstance(entry, str):
            make_bot(entry)  # an unknown name fails now, with the list of known bots
        elif not callable(getattr(entry, "choose", None)):
            raise RulesError(f"{entry!r} is not a bot (it has no choose method)")
    return entries


def summarise(ruleset: Ruleset, players: int, seed: int, bots: dict[str, str],
              records: list[GameRecord], seconds: float,
              workers: str = "1 process") -> SimulationReport:
    """The report of a simulation from the records of its games (in the order of seeds)."""
    seats = []
    for player, bot in bots.items():
        wins, shared = Fraction(0), 0
        for r in records:
            if player in r.winners:
                wins += Fraction(1, len(r.winners))
                shared += len(r.winners) > 1
        seats.append(SeatReport(player=player, bot=bot,
                                score=Stats.of([r.scores[player] for r in records]),
                                wins=wins, shared_wins=shared))
    turns = [r.turns for r in records]
    has_turns = all(t is not None for t in turns)
    return SimulationReport(
        ruleset=ruleset.name, players=players, games=len(records), seed=seed, bots=bots,
        seats=seats,
        decisions=Stats.of([r.decisions for r in records]),
        turns=Stats.of(turns) if has_turns else None,
        endings=Counter(r.ending if r.ending is not None else NO_REASON for r in records),
        seconds=seconds, records=records, workers=workers,
        samples=samples(records, list(bots), ruleset.measures), side=Side.of(ruleset))


# ---------------------------------------------------------------------------------- formatting
def _round(x: float | None, digits: int = 4) -> float | None:
    if x is None or math.isinf(x) or math.isnan(x):
        return None
    return round(x, digits)


def _plain(x: Any) -> Any:
    """Numbers as JSON numbers; anything else as text."""
    if x is None or isinstance(x, bool | int):
        return x
    if isinstance(x, float):
        return _round(x)
    if isinstance(x, Real):
        return _round(float(x))
    return str(x)


def _fmt(x: Any) -> str:
    if x is None:
        return "-"
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, int):
        return str(x)
    if isinstance(x, Real):
        value = float(x)
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else f"{value:.2f}"
    return str(x)


def _fixed(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _wins(wins: Fraction) -> str:
    """Wins, a shared win counting a share: whole as a whole number, else with 2 decimals."""
    return str(int(wins)) if wins.denominator == 1 else f"{float(wins):.2f}"


def _estimate_cells(sample: Sample) -> list[str]:
    """A measure's value and interval, as a rate in % or a mean."""
    e = sample.estimate()
    if e is None:
        return ["-", "-"]
    if sample.kind == "rate":
        return [f"{100 * e.value:.1f}%", f"[{100 * e.low:.1f}, {100 * e.high:.1f}]"]
    return [f"{e.value:.2f}", f"[{e.low:.2f}, {e.high:.2f}]"]


def _balance_lines(balance: list[Sample]) -> list[str]:
    """`  choose your option for this turn: A 25.7%, B 26.1%, ...`, a line per decision."""
    if not balance:
        return []
    by_prompt: dict[str, list[str]] = {}
    for s in balance:
        prompt, _, option = s.name.rpartition(" -> ")
        e = s.estimate()
        by_prompt.setdefault(prompt, []).append(
            f"{option} {100 * e.value:.1f}%" if e is not None else f"{option} -")
    return ["option balance (the share of each decision's choices that took each option):",
            *(f"  {prompt}: {', '.join(shares)}" for prompt, shares in by_prompt.items())]


def _range(s: Stats) -> str:
    return f"mean {_fmt(s.mean)}, sd {_fmt(s.sd)}, min {_fmt(s.min)}, max {_fmt(s.max)}"


def _table(header: list[str], rows: list[list[str]], left: int = 0) -> list[str]:
    """Columns: the first two aligned left, the rest right."""
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]

    def line(cells: list[str]) -> str:
        parts = [c.ljust(w) if i < left else c.rjust(w)
                 for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(header), *(line(r) for r in rows)]
