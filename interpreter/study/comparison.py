"""The result of comparing two rulesets (compare.py computes it): each measure's row, the
games whose outcome changed, and the report for people."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from interpreter.study import balance, skill, stats
from interpreter.study import paired as pairs
from interpreter.study.measuring import BUILT_IN, CATEGORIES, MEAN, OPTIONS, POOLED, RATE, RULESET
from interpreter.study.outcomes import Outcomes
from interpreter.study.sides import Side
from interpreter.study.simulate import SimulationReport

DIFFERS, NO_EVIDENCE, NOT_TESTED, NO_TEST = "differs", "no evidence", "not tested", "(no test)"
ONLY_A, ONLY_B = "only in A", "only in B"  # a measure of one side: shown, never tested
# The bot of every seat when none is named. Random bots never look at the score, so a change
# that only moves points leaves their games move for move the same: it shows in the scores
# but never in who wins or how the game goes. The greedy bot plays for points; it becomes the
# default here once it is fast enough for thousands of games (issue 20).
DEFAULT_BOT = "random"
UNPAIRED_TESTS = {MEAN: "Welch t", RATE: "two-proportion z", POOLED: "z over games",
                  CATEGORIES: "chi-squared"}
QUESTIONS = {  # what a comparison answers: with play adapted (bots play B), or play held fixed
    False: "with play adapted to the new rule: each side's bots play under its own rules",
    True: "points with the same play: B is A's games, move for move, scored again under "
          "B's rules (--rescore)",
}
TESTS_USED = {
    True: "paired t for numbers, exact McNemar for yes/no (the exact sign test where a game "
          "counts a share), paired z over games for means of recorded values, Stuart-Maxwell "
          "for how games end",
    False: "Welch's t for means, the two-proportion z-test for rates, a z-test over games for "
           "means of recorded values, chi-squared for how games end",
}


class Target(float):
    """A --target difference; `percent`: written as a rate (`5%`, kept as 0.05)."""

    percent = False

    @classmethod
    def of(cls, value: float, percent: bool) -> Target:
        made = cls(value)
        made.percent = percent
        return made


def target_mismatch(name: str, target: float, share: bool) -> str | None:
    """Why a target named for a measure does not fit its kind (a rate needs a %), or None."""
    percent = getattr(target, "percent", False)
    if share and not percent:
        return (f"--target '{name}={target:g}': '{name}' is a rate: write the difference as a "
                f"percentage, '{name}=5%'")
    if percent and not share:
        return (f"--target '{name}={100 * target:g}%': '{name}' is not a rate: write the "
                "difference as a number")
    return None


@dataclass
class Row:
    """One measure compared. For categories, `shares` holds each category's share on both
    sides and their difference; `a`, `b` and `difference` are None."""

    name: str
    label: str
    kind: str
    origin: str
    a: stats.Estimate | None
    b: stats.Estimate | None
    difference: stats.Estimate | None
    p: float | None
    p_adjusted: float | None = None
    verdict: str = NO_TEST
    shares: dict[str, tuple[stats.Estimate, stats.Estimate, stats.Estimate]] = \
        field(default_factory=dict)
    cite: str | None = None
    test: str = ""
    tested: bool = True  # in the family of tests
    se: float | None = None  # standard error of the difference
    detectable: float | None = None  # the smallest difference found 4 times in 5
    target: float | None = None
    games_needed: int | None = None  # a side, to detect `target`

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "label": self.label, "kind": self.kind,
                               "origin": self.origin, "test": self.test,
                               "in_family": self.tested}
        if self.cite:
            out["cite"] = self.cite
        if self.kind == CATEGORIES:
            for side, i in (("a", 0), ("b", 1)):
                out[side] = {"shares": {c: s[i].to_dict() for c, s in self.shares.items()}}
            out["difference"] = {c: _difference(s[2]) for c, s in self.shares.items()}
        else:
            out["a"] = self.a.to_dict() if self.a is not None else None
            out["b"] = self.b.to_dict() if self.b is not None else None
            out["difference"] = _difference(self.difference)
        out["p"] = _r(self.p)
        out["p_adjusted"] = _r(self.p_adjusted)
        out["verdict"] = self.verdict
        out["detectable"] = _r(self.detectable)
        if self.target is not None:
            out["target"] = self.target
            out["games_needed"] = self.games_needed
        return out


@dataclass
class Comparison:
    a: SimulationReport
    b: SimulationReport
    rows: list[Row]
    only_in_a: list[str]
    only_in_b: list[str]
    seconds: float
    alpha: float = stats.ALPHA
    paths: dict[str, str] = field(default_factory=dict)  # "a", "b" -> the rulesets' folders
    paired: bool = True
    outcomes: Outcomes | None = None
    skill: Any = None  # the skill trace of each side (skill.py), when asked for
    rescore: bool = False  # B is A's games scored again under B (rescore.py)

    @property
    def differing(self) -> list[Row]:
        return [r for r in self.rows if r.verdict == DIFFERS]

    @property
    def family(self) -> list[Row]:
        return [r for r in self.rows if r.tested and r.p is not None]

    @property
    def test_alpha(self) -> float:
        """The level of the strictest Holm step (alpha / the family's size): the power of
        each measure is given at it."""
        return self.alpha / max(1, len(self.family))

    def side(self, which: str) -> Side:
        """What side "a" or "b" played: the ruleset, its overlays, its settings."""
        report = self.a if which == "a" else self.b
        return report.side or Side(report.ruleset, self.paths.get(which, ""))

    def title(self) -> str:
        """`A: ...  vs  B: ...`, each side with its overlays and settings."""
        return f"A: {self.side('a').title()}    vs    B: {self.side('b').title()}"

    @property
    def bots(self) -> str:
        names = list(self.a.bots.values())
        return names[0] if len(set(names)) == 1 else ", ".join(names)

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """Plain JSON-ready data. With timing=False the result depends only on the inputs."""
        out: dict[str, Any] = {
            "a": self.a.ruleset, "b": self.b.ruleset, "paths": dict(self.paths),
            "sides": {s: self.side(s).to_dict() for s in ("a", "b")},
            "players": self.a.players,
            "games": self.a.games, "seed": self.a.seed,
            "seeds": {"a": self.a.seed, "b": self.b.seed}, "bots": dict(self.a.bots),
            "paired": self.paired, "rescore": self.rescore,
            "question": QUESTIONS[self.rescore], "level": stats.LEVEL, "alpha": self.alpha,
            "correction": "Holm", "family": [r.name for r in self.family],
            "power": {"chance": pairs.POWER, "alpha": _r(self.test_alpha)},
            "measures": [r.to_dict() for r in self.rows],
            "differing": [r.name for r in self.differing],
            "outcomes": self.outcomes.to_dict() if self.outcomes is not None else None,
            "seat_balance": _balance_dict(self.seat_balance()),
            "skill_trace": None if self.skill is None else skill.to_dict(self.skill),
            "only_in_a": list(self.only_in_a), "only_in_b": list(self.only_in_b),
        }
        for side in ("a", "b"):
            if self.side(side).settings:
                out[f"settings_{side}"] = list(self.side(side).settings)
        if timing:
            games = self.a.games + self.b.games
            out["timing"] = {"seconds": _r(self.seconds), "workers": self.a.workers,
                             "games_per_second": _r(games / self.seconds)
                             if self.seconds > 0 else None}
        return out

    def to_text(self) -> str:
        return report_text(self)

    def seat_balance(self) -> dict[str, Any] | None:
        """Each side's seat balance, and (paired) B's minus A's with its interval."""
        a, b = self.a.seat_balance(), self.b.seat_balance()
        if a is None or b is None:
            return None
        out: dict[str, Any] = {"a": a, "b": b, "difference": None}
        if self.paired:
            out["difference"] = balance.paired_difference(self.a.records, self.b.records,
                                                          list(self.a.bots))
        return out


# ------------------------------------------------------------------------ formatting
SECTIONS = ((BUILT_IN, ""), (RULESET, "measures of the rulesets:"),
            (OPTIONS, "option balance (the share of a decision's choices that took each "
                      "option), where tested (--measure) or moved (p alone below alpha):"))


def report_text(c: Comparison) -> str:
    """The comparison for people: a table of every measure, then what it says."""
    a, b = c.a, c.b
    last = a.games - 1
    seeds = (f"the same seeds ({a.seed}..{a.seed + last})" if a.seed == b.seed else
             f"seeds {a.seed}..{a.seed + last} (A) and {b.seed}..{b.seed + last} (B)")
    tests = ("paired tests (game i of A against game i of B)" if c.paired
             else "independent tests")
    lines = [f"A: {c.side('a').title()}", f"B: {c.side('b').title()}",
             f"{a.players} players, {a.games} game{'s' if a.games != 1 else ''} on each "
             f"side, {seeds}, bots: {c.bots}",
             f"the question: {QUESTIONS[c.rescore]}",
             f"95% confidence intervals; {tests}, corrected for {len(c.family)} "
             f"measure{'' if len(c.family) == 1 else 's'} (Holm), alpha {c.alpha:g}", ""]
    targets = any(r.target is not None for r in c.rows)
    header = ["measure", "A", "B", "B - A", "p (Holm)", "verdict", "detects"]
    if targets:
        header.append("games for target")
    width = len(header)
    rows: list[list[str]] = []
    for origin, heading in SECTIONS:
        chosen = [r for r in c.rows if r.origin == origin]
        if origin == OPTIONS:
            chosen = [r for r in chosen if r.tested or r.p is not None and r.p < c.alpha]
        if heading and chosen:
            rows.append([heading] + [""] * (width - 1))
        for r in chosen:
            rows.extend(cells[:width] for cells in _text_rows(r))
    widths = [max(len(row[i]) for row in [header, *rows] if row[1:] != [""] * (width - 1)
                  or row is header) for i in range(width)]

    def line(cells: list[str]) -> str:
        if cells[1:] == [""] * (width - 1):  # a heading, or a measure's name alone
            return cells[0]
        parts = [cells[0].ljust(widths[0]), *(x.ljust(w) for x, w in
                                              zip(cells[1:4], widths[1:4], strict=True)),
                 cells[4].rjust(widths[4]), cells[5].ljust(widths[5]),
                 *(x.rjust(w) for x, w in zip(cells[6:], widths[6:], strict=True))]
        return "  ".join(parts).rstrip()

    lines += [line(header), *(line(r) for r in rows), ""]
    lines += _summary(c)
    balance = [r for r in c.rows if r.origin == OPTIONS]
    if balance:
        lines.append(f"option balance: {len(balance)} shares of "
                     f"{len({r.name.rsplit(' -> ', 1)[0] for r in balance})} decisions "
                     "(all in --json and --out; name one with --measure to test it)")
    own = [r for r in c.rows if r.origin == RULESET]
    if own:
        lines.append("the rulesets' measures:")
        name_width = max(len(r.name) for r in own)
        lines += [f"  {r.name:<{name_width}}  {r.label}" for r in own]
    games = a.games + b.games
    if c.seconds > 0:
        how = f"{a.games} games played and scored again" if c.rescore else f"{games} games"
        lines.append(f"speed: {games / c.seconds:.1f} games/s ({how} in "
                     f"{c.seconds:.2f} s, {a.workers})")
    return "\n".join(lines)


def _summary(c: Comparison) -> list[str]:
    lines = []
    differing = c.differing
    family = len(c.family)
    if family == 1:
        lines.append(f"the measure tested differs: {differing[0].name}" if differing else
                     "no evidence of a difference in the measure tested")
    elif differing:
        lines.append(f"{len(differing)} of {family} measures differ: "
                     + ", ".join(r.name for r in differing))
    else:
        lines.append(f"no evidence of a difference in any of the {family} measures tested")
    if c.outcomes is not None:
        lines += c.outcomes.lines()
    seats = c.seat_balance()
    if seats is not None:
        text = f"seat balance: A {seats['a'].text()}; B {seats['b'].text()}"
        d = seats["difference"]
        if d is not None:
            text += (f"; B - A {100 * d.value:+.1f} pts [{100 * d.low:+.1f}, "
                     f"{100 * d.high:+.1f}] (paired bootstrap)")
        lines += [text, f"  ({balance.DEFINITION})"]
    if c.skill is not None:
        lines += skill.lines(c.skill)
    for side, names in (("A", c.only_in_a), ("B", c.only_in_b)):
        if names:
            lines.append(f"only {side} measures: {', '.join(names)}")
    lines.append(f"detects: the smallest difference these {c.a.games} games a side would find "
                 f"4 times in 5 (a test at alpha/{family} = {c.test_alpha:.2g}); more games "
                 f"find smaller ones (4 times the games, half the difference)")
    if any(r.target is not None for r in c.rows):
        lines.append("games for target: the games a side that would detect the --target "
                     "difference as often")
    lines.append(f"tests: {TESTS_USED[c.paired]}")
    return lines


def _text_rows(r: Row) -> list[list[str]]:
    verdict = r.verdict
    p = "-" if r.p_adjusted is None else _p(r.p_adjusted)
    if r.verdict == NOT_TESTED and r.p is not None:
        p = f"({_p(r.p)})"  # the p-value of the test alone
    kind = RATE if r.origin == OPTIONS else r.kind  # a share
    detects = "-" if r.detectable is None else _plus_minus(r.detectable, kind)
    needed = ("" if r.games_needed is None
              else f"{r.games_needed} for {_plus_minus(r.target, kind)}")
    if r.kind == CATEGORIES:
        out = [[r.name, "", "", "", p, verdict, "", ""]]
        for c, (sa, sb, d) in r.shares.items():
            out.append([f"  {c}", _cell(sa, RATE), _cell(sb, RATE), _cell(d, RATE, "+"),
                        "", "", "", ""])
        return out
    return [[r.name, _cell(r.a, kind), _cell(r.b, kind), _cell(r.difference, kind, "+"),
             p, verdict, detects, needed]]


def _plus_minus(x: float | None, kind: str) -> str:
    if x is None:
        return "-"
    if kind == RATE:
        return f"±{100 * abs(x):.1f} pts"
    x = abs(x)
    digits = 0 if x >= 100 else 1 if x >= 10 else 2 if x >= 0.1 else 3
    return f"±{x:.{digits}f}"


def _cell(e: stats.Estimate | None, kind: str, sign: str = "") -> str:
    """`12.34 [11.90, 12.78]`, a rate in %; sign="+": a difference (of a rate in points)."""
    if e is None:
        return "-"
    if kind == RATE:
        unit = " pts" if sign else "%"
        return (f"{100 * e.value:{sign}.1f}{unit} [{100 * e.low:{sign}.1f}, "
                f"{100 * e.high:{sign}.1f}]")
    d = _digits(e)
    return f"{e.value:{sign}.{d}f} [{e.low:{sign}.{d}f}, {e.high:{sign}.{d}f}]"


def _digits(e: stats.Estimate) -> int:
    size = max(abs(e.value), abs(e.low), abs(e.high))
    return 0 if size >= 1000 else 1 if size >= 100 else 2


def _p(p: float) -> str:
    return "<0.0001" if p < 0.0001 else f"{p:.4f}"


def _balance_dict(seats: dict[str, Any] | None) -> dict[str, Any] | None:
    if seats is None:
        return None
    return {"a": seats["a"].to_dict(), "b": seats["b"].to_dict(),
            "difference": _difference(seats["difference"]),
            "definition": balance.DEFINITION}


def _difference(e: stats.Estimate | None) -> dict[str, Any] | None:
    if e is None:
        return None
    return {"value": _r(e.value), "ci": [_r(e.low), _r(e.high)]}


def _r(x: float | None, digits: int = 6) -> float | None:
    if x is None or math.isnan(x) or math.isinf(x):
        return None
    return round(x, digits)
