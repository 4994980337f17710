"""A sweep: one setting (`adjacency_vp[4]=6..12`) tried at each of its values, every value on
the same seeds and bots, and each measure reported against the value with its interval.

Every value plays the same seeds, so game i at one value and game i at the base value (the
ruleset's own value of the setting when it is one of those swept, else the first) are a pair:
each value is compared with the base value as `rules compare` compares two rulesets (paired
tests, Holm over the measures), and the chart draws that paired difference with its interval
and verdict, not the two values' own intervals (which overlap where the paired test is sure).

The settings are those of `--set` (language/settings.py); the games of every value are a
simulation (simulate.py), so the same arguments give the same sweep."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError
from interpreter.study.comparison import DIFFERS, Comparison
from interpreter.study.measuring import CATEGORIES, OPTIONS
from interpreter.study.sides import Side
from interpreter.study.simulate import Progress, SimulationReport, simulate

if TYPE_CHECKING:
    from interpreter.bots.players import Bot
    from interpreter.engine.ruleset import Ruleset

MAX_VALUES = 50
_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


@dataclass(frozen=True)
class Swept:
    """The setting swept: what it sets (`adjacency_vp[4]`) and the values, as texts."""

    target: str
    values: tuple[str, ...]

    def setting(self, value: str) -> str:
        return f"{self.target}={value}"


def swept(text: str) -> Swept | None:
    """`NAME=LOW..HIGH` (whole numbers) or `NAME=A,B,C` -> the setting swept; None for a
    setting of one value. RulesError for a range that is empty or too long."""
    if "=" not in text:
        return None
    target, value = text.split("=", 1)
    found = _RANGE.match(value)
    if found:
        low, high = int(found[1]), int(found[2])
        if high < low:
            raise RulesError(f"--set {text}: the range {low}..{high} is empty (write the "
                             "smaller number first)")
        values = tuple(str(v) for v in range(low, high + 1))
    elif ".." in value and not value.strip().startswith('"'):
        raise RulesError(f"--set {text}: a range is two whole numbers, LOW..HIGH (for example "
                         "6..12)")
    elif "," in value and not value.strip().startswith(("[", '"')):
        values = tuple(v.strip() for v in value.split(","))
        if any(not v for v in values):
            raise RulesError(f"--set {text}: a value between commas is empty")
    else:
        return None
    if len(values) > MAX_VALUES:
        raise RulesError(f"--set {text}: {len(values)} values; a sweep tries at most "
                         f"{MAX_VALUES}")
    return Swept(target.strip(), values)


def split_settings(settings: Sequence[str]) -> tuple[Swept, list[str]]:
    """The one setting with several values, and the others (fixed for every value)."""
    found = [(s, swept(s)) for s in settings]
    several = [w for _, w in found if w is not None]
    if len(several) != 1:
        raise RulesError("give exactly one --set with several values (NAME=LOW..HIGH or "
                         f"NAME=A,B,C) to sweep; {'none was' if not several else 'several were'}"
                         " given")
    return several[0], [s for s, w in found if w is None]


@dataclass
class Point:
    value: str
    report: SimulationReport


@dataclass
class Sweep:
    ruleset: str
    swept: Swept
    fixed: list[str]
    points: list[Point]
    side: Side | None = None  # the ruleset, its overlays, the fixed settings
    base: str | None = None  # the value every other is compared with (default: the first)
    comparisons: dict[str, Comparison] = field(default_factory=dict)  # value -> base vs it

    def __post_init__(self) -> None:
        if self.base is None or self.base not in self.swept.values:
            self.base = self.swept.values[0]
        if not self.comparisons:
            from interpreter.study.compare import compare_reports

            base = self.report(self.base)
            self.comparisons = {p.value: compare_reports(base, p.report)
                                for p in self.points if p.value != self.base}

    @property
    def first(self) -> SimulationReport:
        return self.points[0].report

    def report(self, value: str) -> SimulationReport:
        return next(p.report for p in self.points if p.value == value)

    def title(self) -> str:
        """The ruleset with its overlays and fixed settings, and the setting swept."""
        side = self.side.title() if self.side is not None else self.ruleset
        return f"{side}: {self.swept.target} = {', '.join(self.swept.values)}"

    def differences(self, name: str) -> list[Any]:
        """The measure's row of the comparison with the base value, at each value (None at
        the base value, and where the measure has no paired difference)."""
        out = []
        for value in self.swept.values:
            c = self.comparisons.get(value)
            row = next((r for r in c.rows if r.name == name), None) if c is not None else None
            out.append(row if row is not None and row.difference is not None else None)
        return out

    def is_share(self, name: str) -> bool:
        return next(s.is_share for s in self.first.samples if s.name == name)

    def charted(self, named: Sequence[str] | None = None) -> list[str]:
        """The measures a chart draws: those named, else every measure but the option
        balance (dozens of shares, which --measure NAME can add one by one).
        RulesError (with did-you-mean) for a name that is not a measure of the sweep."""
        if not named:
            return [s.name for s in self.first.samples
                    if s.kind != CATEGORIES and s.origin != OPTIONS]
        from interpreter.study.compare import check_family

        check_family(list(named), self.measures())
        return list(named)

    def measures(self) -> list[str]:
        """The measures with a number per value (how games end has shares: left out)."""
        return [s.name for s in self.first.samples if s.kind != CATEGORIES]

    def series(self, name: str) -> list[Any]:
        """The measure's estimate (value, low, high, n) at each value; None where it has none."""
        out = []
        for point in self.points:
            sample = next((s for s in point.report.samples if s.name == name), None)
            out.append(sample.estimate() if sample is not None else None)
        return out

    def to_dict(self) -> dict[str, Any]:
        first = self.first
        return {
            "ruleset": self.ruleset, "setting": self.swept.target,
            "side": self.side.to_dict() if self.side is not None else None,
            "title": self.title(),
            "values": list(self.swept.values), "settings": list(self.fixed),
            "base": self.base, "paired": True,
            "players": first.players, "games": first.games, "seed": first.seed,
            "bots": dict(first.bots),
            "measures": [{"name": name, "by_value": [
                {"value": v, **(e.to_dict() if e is not None else {"value": None}),
                 **_paired(d)}
                for v, e, d in zip(self.swept.values, self.series(name),
                                   self.differences(name), strict=True)]}
                for name in self.measures()],
        }

    def to_text(self) -> str:
        first = self.first
        bots = ", ".join(sorted(set(first.bots.values())))
        lines = [self.title(),
                 f"{first.players} players, {first.games} games for each value, the same seeds "
                 f"({first.seed}..{first.seed + first.games - 1}) and bots ({bots})"]
        if self.fixed:
            lines.append(f"settings for every value: {', '.join(self.fixed)}")
        lines.append("mean (or rate, or share of a decision's choices, in %) [95% confidence "
                     "interval] at each value; below it, '- base': the paired difference from "
                     f"the base value {self.base} (game i against game i) [95% interval] and "
                     "its verdict (paired tests, Holm over the measures at each value)")
        lines.append("")
        header = ["measure"] + [(self.swept.setting(v) if i == 0 else f"={v}")
                                + (" (base)" if v == self.base else "")
                                for i, v in enumerate(self.swept.values)]
        rows = [header]
        for name in self.measures():
            share = self.is_share(name)
            rows.append([name] + [_cell(e, share) for e in self.series(name)])
            rows.append(["  - base"] + [("" if v == self.base else _difference(d, share))
                                        for v, d in zip(self.swept.values,
                                                        self.differences(name), strict=True)])
        widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
        for row in rows:
            lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        return "\n".join(lines)


def _paired(row: Any) -> dict[str, Any]:
    """The paired difference from the base value, for --json (nothing at the base value)."""
    if row is None:
        return {}
    d = row.difference
    return {"difference": {"value": round(d.value, 6), "ci": [round(d.low, 6),
                                                             round(d.high, 6)]},
            "p_adjusted": None if row.p_adjusted is None else round(row.p_adjusted, 6),
            "verdict": row.verdict}


def _difference(row: Any, share: bool) -> str:
    """`+1.75 [+1.38, +2.12] differs`: a rate in points."""
    if row is None:
        return "-"
    d, scale = row.difference, 100 if share else 1
    unit = " pts" if share else ""
    return (f"{scale * d.value:+.3g}{unit} [{scale * d.low:+.3g}, {scale * d.high:+.3g}] "
            f"{row.verdict}")


def _cell(e: Any, share: bool = False) -> str:
    if e is None:
        return "-"
    if share:
        return f"{100 * e.value:.1f}% [{100 * e.low:.1f}, {100 * e.high:.1f}]"
    return f"{_num(e.value)} [{_num(e.low)}, {_num(e.high)}]"


def _num(x: float) -> str:
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:.0f}"


def sweep(load: Callable[[list[str]], Ruleset], settings: Sequence[str],
          players: int | Callable[[Ruleset], int], games: int, seed: int,
          bots: Sequence[str | Bot] | None = None, progress: Progress | None = None,
          base: str | None = None, **options: Any) -> Sweep:
    """Play `games` games at each value of the one setting of `settings` that has several
    (the others hold for every value). `load(settings)` gives the ruleset under settings; it
    checks each before any game is played. `players`: a number, or the number for the first
    ruleset loaded. `base`: the value the others are compared with (default: the ruleset's
    own value of the setting if it is swept, else the first). `options` go to `simulate`."""
    target, fixed = split_settings(settings)
    rulesets = [load([*fixed, target.setting(v)]) for v in target.values]
    if callable(players):
        players = players(rulesets[0])
    unswept = load(list(fixed))
    if base is None:
        base = own_value(unswept, target, players)
    elif base not in target.values:
        raise RulesError(f"--base {base}: not one of the values swept "
                         f"({', '.join(target.values)})")
    total = games * len(rulesets)
    points = []
    for i, (value, ruleset) in enumerate(zip(target.values, rulesets, strict=True)):
        def step(done: int, _: int, before: int = i * games) -> None:
            if progress is not None:
                progress(before + done, total)
        points.append(Point(value, simulate(ruleset, players, games, seed, bots=bots,
                                            progress=step, **options)))
    return Sweep(rulesets[0].name, target, list(fixed), points, Side.of(unswept), base)


def own_value(ruleset: Ruleset, target: Swept, players: int) -> str | None:
    """The ruleset's own value of the setting swept, as one of the values swept (None when
    it is not one, or cannot be read as an expression: a component's count)."""
    from interpreter.language import nodes as N
    from interpreter.language.errors import GameRuleError, RulesetError

    try:
        value = ruleset.expression(target.target, N.Loc("--set", 1, 1))(
            ruleset.new_game(players, 0))
    except (RulesetError, GameRuleError, RulesError):
        return None
    for v in target.values:
        if str(value) == v:
            return v
    return None


def draw(result: Sweep, measures: Sequence[str] | None = None) -> Any:
    """The matplotlib figure: one panel per measure, its paired difference from the base
    value at each value with its 95% interval (red where it differs), the base value marked
    at 0; the measure's own value at the base value in the panel's title."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    from interpreter.study.charts import DIFFERS_COLOUR, SAME_COLOUR

    names = result.charted(measures)
    columns = min(4, len(names)) or 1
    rows = -(-len(names) // columns) or 1
    figure, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.3 * rows),
                                layout="constrained", squeeze=False)
    values = result.swept.values
    numeric = all(re.fullmatch(r"-?\d+", v) for v in values)
    xs = [int(v) for v in values] if numeric else list(range(len(values)))
    base_x = xs[values.index(result.base)]
    first = result.first
    figure.suptitle(f"{result.title()}\n{first.players} players, {first.games} games per "
                    f"value (same seeds and bots), bots: {_bots(first)}: each value minus the "
                    f"base value {result.base} (paired, 95% intervals; red: differs, Holm)",
                    fontsize=12)
    for ax, name in zip(axes.flat, names, strict=False):
        scale = 100 if result.is_share(name) else 1  # rates and shares in points
        for x, row in zip(xs, result.differences(name), strict=True):
            if row is None:
                continue
            d = row.difference
            colour = DIFFERS_COLOUR if row.verdict == DIFFERS else SAME_COLOUR
            ax.errorbar([x], [scale * d.value], yerr=[[scale * max(0.0, d.value - d.low)],
                                                     [scale * max(0.0, d.high - d.value)]],
                        marker="o", capsize=3, color=colour)
        ax.scatter([base_x], [0], marker="*", s=170, color="black", zorder=3,
                   label=f"base {result.base}")
        ax.axhline(0, color="black", linewidth=0.8)
        ax.axvline(base_x, color="black", linestyle=":", linewidth=0.8)
        at_base = result.series(name)[values.index(result.base)]
        shown = "-" if at_base is None else (f"{scale * at_base.value:.1f}%" if scale == 100
                                             else f"{at_base.value:.3g}")
        ax.set_title(f"{name}\n(at base: {shown})", fontsize=10, fontweight="bold")
        ax.set_ylabel("minus base (pts)" if scale == 100 else "minus base")
        ax.set_xlabel(result.swept.target)
        if numeric:
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        else:
            ax.set_xticks(xs, values)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(names):]:
        ax.set_axis_off()
    return figure


def _bots(report: SimulationReport) -> str:
    return ", ".join(sorted(set(report.bots.values())))


CHART_SUFFIXES = (".png", ".svg", ".html")


def write_chart(result: Sweep, path: Any, measures: Sequence[str] | None = None) -> None:
    """Draw the sweep into `path` (.png, .svg, or .html: a page with the chart and the
    report): the `measures` named, else every measure but the option balance."""
    from interpreter.study.charts import check_plotting, save_figure

    check_plotting()
    save_figure(draw(result, measures), path, result.title(), result.to_text(), "The sweep")


def write_out(folder: Path, result: Sweep) -> None:
    """DIR/sweep.json (the sweep as --json prints it), DIR/games.csv (a row per game and
    value, the value in the column `value`: game i of every value is a pair) and
    DIR/turns.csv (the seats' scores after every turn)."""
    from interpreter.study.pergame import game_rows, turn_rows, write_json, write_rows

    for name, rows_of in (("games.csv", game_rows), ("turns.csv", turn_rows)):
        write_rows(folder / name, [{"value": point.value, **row} for point in result.points
                                   for row in rows_of(point.report)])
    write_json(folder / "sweep.json", result.to_dict())
