"""A sweep: one setting (`adjacency_vp[4]=6..12`) tried at each of its values, every value on
the same seeds and bots, and each measure reported against the value with its interval.

The settings are those of `--set` (language/settings.py); the games of every value are a
simulation (simulate.py), so the same arguments give the same sweep."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError
from interpreter.study.measuring import CATEGORIES, OPTIONS
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

    @property
    def first(self) -> SimulationReport:
        return self.points[0].report

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
            "values": list(self.swept.values), "settings": list(self.fixed),
            "players": first.players, "games": first.games, "seed": first.seed,
            "bots": dict(first.bots),
            "measures": [{"name": name, "by_value": [
                {"value": v, **(e.to_dict() if e is not None else {"value": None})}
                for v, e in zip(self.swept.values, self.series(name), strict=True)]}
                for name in self.measures()],
        }

    def to_text(self) -> str:
        first = self.first
        bots = ", ".join(sorted(set(first.bots.values())))
        lines = [f"{self.ruleset}: {self.swept.target} = {', '.join(self.swept.values)}",
                 f"{first.players} players, {first.games} games for each value, the same seeds "
                 f"({first.seed}..{first.seed + first.games - 1}) and bots ({bots})"]
        if self.fixed:
            lines.append(f"settings for every value: {', '.join(self.fixed)}")
        lines.append("mean (or rate, or share of a decision's choices, in %) [95% confidence "
                     "interval] at each value")
        lines.append("")
        header = ["measure"] + [self.swept.setting(v) if i == 0 else f"={v}"
                                for i, v in enumerate(self.swept.values)]
        rows = [header]
        for name in self.measures():
            share = self.is_share(name)
            rows.append([name] + [_cell(e, share) for e in self.series(name)])
        widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
        for row in rows:
            lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        return "\n".join(lines)


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
          **options: Any) -> Sweep:
    """Play `games` games at each value of the one setting of `settings` that has several
    (the others hold for every value). `load(settings)` gives the ruleset under settings; it
    checks each before any game is played. `players`: a number, or the number for the first
    ruleset loaded. `options` go to `simulate`."""
    target, fixed = split_settings(settings)
    rulesets = [load([*fixed, target.setting(v)]) for v in target.values]
    if callable(players):
        players = players(rulesets[0])
    total = games * len(rulesets)
    points = []
    for i, (value, ruleset) in enumerate(zip(target.values, rulesets, strict=True)):
        def step(done: int, _: int, before: int = i * games) -> None:
            if progress is not None:
                progress(before + done, total)
        points.append(Point(value, simulate(ruleset, players, games, seed, bots=bots,
                                            progress=step, **options)))
    return Sweep(rulesets[0].name, target, list(fixed), points)


def draw(result: Sweep, measures: Sequence[str] | None = None) -> Any:
    """The matplotlib figure: one panel per measure, its mean and interval at each value."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    names = result.charted(measures)
    columns = min(4, len(names)) or 1
    rows = -(-len(names) // columns) or 1
    figure, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.2 * rows),
                                layout="constrained", squeeze=False)
    values = result.swept.values
    numeric = all(re.fullmatch(r"-?\d+", v) for v in values)
    xs = [int(v) for v in values] if numeric else list(range(len(values)))
    first = result.first
    figure.suptitle(f"{result.ruleset}: {result.swept.target} from {values[0]} to "
                    f"{values[-1]}\n{first.players} players, {first.games} games per value "
                    "(same seeds and bots), 95% intervals", fontsize=12)
    for ax, name in zip(axes.flat, names, strict=False):
        shown = [(x, e) for x, e in zip(xs, result.series(name), strict=True) if e is not None]
        scale = 100 if result.is_share(name) else 1  # rates and shares in %, as the table
        if shown:
            x, est = zip(*shown, strict=True)
            means = [scale * e.value for e in est]
            below = [scale * (e.value - e.low) for e in est]
            above = [scale * (e.high - e.value) for e in est]
            ax.errorbar(x, means, yerr=[below, above], marker="o", capsize=3,
                        color="#4C72B0")
        ax.set_title(name + (" (%)" if scale == 100 else ""), fontsize=10, fontweight="bold")
        ax.set_xlabel(result.swept.target)
        if numeric:
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        else:
            ax.set_xticks(xs, values)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(names):]:
        ax.set_axis_off()
    return figure


CHART_SUFFIXES = (".png", ".svg")


def write_chart(result: Sweep, path: Any, measures: Sequence[str] | None = None) -> None:
    """Draw the sweep into `path` (.png or .svg): the `measures` named, else every measure
    but the option balance."""
    import io

    from interpreter.language.writing import write_atomic
    from interpreter.study.charts import check_plotting

    check_plotting()
    figure = draw(result, measures)
    try:
        picture = io.BytesIO()
        figure.savefig(picture, format=str(path).rsplit(".", 1)[-1].lower(), dpi=100)
        write_atomic(path, picture.getvalue())
    except OSError as exc:
        raise RulesError(f"cannot write the chart {path}: {exc.strerror or exc}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(figure)
