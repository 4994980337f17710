"""A comparison drawn as one picture (matplotlib, the optional extra `charts`).

Top row: the distributions of scores and of game lengths on both sides, the win rate of each
seat with its interval, and the games whose winner (ranking) changed beside the baseline of
unrelated games. Bottom row: how games end, then every tested measure's difference B - A with
its interval, the measures that differ in red: numbers as a share of A, on an axis kept to
the changes that matter (an interval past it ends in an arrow at the edge), and rates and
shares in points on their own axis (a rate near 0 would stretch a share of A to hundreds of
%). The title names both sides (overlays, settings), the bots, and whether the tests were
paired.
Written as PNG, SVG, or an HTML page holding the SVG and the comparison's table.
"""

from __future__ import annotations

import html
import io
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError
from interpreter.study.measuring import CATEGORIES, OPTIONS, RATE

if TYPE_CHECKING:
    from interpreter.study.comparison import Comparison

COLOUR_A, COLOUR_B = "#4C72B0", "#DD8452"
DIFFERS_COLOUR, SAME_COLOUR = "#C44E52", "#8C8C8C"
STYLE = ("body { font-family: sans-serif; margin: 1em 2em; } svg { max-width: 100%; "
         "height: auto; } pre { font-size: 13px; overflow-x: auto; }")


def check_plotting() -> None:
    """RulesError with the way to get it if the plotting library is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise RulesError("--chart needs the plotting library matplotlib: "
                         "pip install 'rules-engine[charts]'") from None


def write_chart(comparison: Comparison, path: Path) -> None:
    """Draw the comparison into `path` (.png, .svg or .html)."""
    check_plotting()
    save_figure(draw(comparison), path, comparison.title(), comparison.to_text(),
                "The comparison")


def save_figure(figure: Any, path: Path, title: str, text: str, heading: str) -> None:
    """Write a figure as PNG or SVG, or as an HTML page holding the SVG, then `text` (the
    report) under `heading`; the figure is closed."""
    suffix = Path(path).suffix.lower()
    from interpreter.language.writing import write_atomic

    try:
        if suffix in (".png", ".svg"):
            picture = io.BytesIO()
            figure.savefig(picture, format=suffix[1:], dpi=100)
            write_atomic(path, picture.getvalue())
        elif suffix == ".html":
            svg = io.StringIO()
            figure.savefig(svg, format="svg")
            write_atomic(path, _page(title, svg.getvalue(), text, heading))
        else:
            raise RulesError(f"{path}: a chart is a .html, .svg or .png file")
    except OSError as exc:
        raise RulesError(f"cannot write the chart {path}: {exc.strerror or exc}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(figure)


def draw(comparison: Comparison) -> Any:
    """The matplotlib figure of a comparison."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    a, b = comparison.a, comparison.b
    figure = plt.figure(figsize=(19, 10.5), layout="constrained")
    top, bottom = figure.subfigures(2, 1, height_ratios=[1, 1.35])
    upper = top.subplots(1, 4)
    lower = bottom.add_gridspec(1, 3, width_ratios=[1, 2.1, 1.3])
    differing = len(comparison.differing)
    seeds = "same seeds" if a.seed == b.seed else "own seeds"
    tests = "paired" if comparison.paired else "independent"
    figure.suptitle(f"{comparison.title()}\n{a.players} players, {a.games} "
                    f"games on each side ({seeds}), bots: {comparison.bots}: {differing} of "
                    f"{len(comparison.family)} measure{'s' if len(comparison.family) != 1 else ''}"
                    f" differ{'s' if len(comparison.family) == 1 else ''} (95% intervals, "
                    f"{tests} tests, "
                    f"Holm-corrected)", fontsize=13)
    scores_a = [float(v) for r in a.records for v in r.scores.values() if _number(v)]
    scores_b = [float(v) for r in b.records for v in r.scores.values() if _number(v)]
    _histograms(upper[0], scores_a, scores_b,
                "Scores (every seat)", "score", "share of scores")
    length = "turns" if a.turns is not None and b.turns is not None else "decisions"
    _histograms(upper[1],
                [float(getattr(r, length)) for r in a.records],
                [float(getattr(r, length)) for r in b.records],
                f"Game length in {length}", length, "share of games")
    rows = {r.name: r for r in comparison.rows}
    seats = [s.player for s in a.seats if f"win rate {s.player}" in rows]
    _win_rates(upper[2], [rows[f"win rate {s}"] for s in seats], seats,
               a.players)
    if comparison.outcomes is not None:
        _outcomes(upper[3], comparison.outcomes)
    endings = next((r for r in comparison.rows if r.kind == CATEGORIES), None)
    if endings is not None:
        _endings(bottom.add_subplot(lower[0]), endings)
    tested = [r for r in comparison.rows if r.kind != CATEGORIES and r.tested]
    _differences(bottom.add_subplot(lower[1]), [r for r in tested if not _share(r)])
    _rate_differences(bottom.add_subplot(lower[2]), [r for r in tested if _share(r)])
    return figure


def _share(row: Any) -> bool:
    return row.kind == RATE or row.origin == OPTIONS


def _outcomes(ax: Any, o: Any) -> None:
    """Winner (ranking) changed in the pairs, beside the baseline of unrelated games."""
    import numpy as np

    labels = ["winner"] + (["ranking"] if o.ranking_changed is not None else [])
    x = np.arange(len(labels))
    observed = [o.winner_changed, o.ranking_changed][:len(labels)]
    ax.bar(x - 0.2, [100 * k / o.games for k in observed], 0.4, color=COLOUR_B, alpha=0.85,
           label="pairs A, B")
    base = [o.baseline_winner, o.baseline_ranking][:len(labels)]
    if all(e is not None for e in base):
        ax.bar(x + 0.2, [100 * e.value for e in base], 0.4, color=SAME_COLOUR, alpha=0.85,
               yerr=[[100 * (e.value - e.low) for e in base],
                     [100 * (e.high - e.value) for e in base]], capsize=4,
               label="unrelated games of A")
    ax.set_xticks(x, [f"{name} changed" for name in labels])
    ax.set_ylim(0, 115)
    ax.set_ylabel("% of pairs")
    verdict = o.verdict or ""
    ax.set_title(f"Winner changed in {o.winner_changed} of {o.games} pairs:\n{verdict}",
                 fontweight="bold", fontsize=11)
    ax.legend(frameon=False, loc="upper left", fontsize=9)


def _histograms(ax: Any, a: list[float], b: list[float], title: str, xlabel: str,
                ylabel: str) -> None:
    import numpy as np

    values = a + b
    if not values:
        ax.set_axis_off()
        return
    low, high = math.floor(min(values)), math.ceil(max(values))
    step = max(1, math.ceil((high - low + 1) / 40))  # whole numbers: bins of whole widths
    bins = np.arange(low, high + step + 1, step) - 0.5
    for data, colour, name in ((a, COLOUR_A, "A"), (b, COLOUR_B, "B")):
        if not data:
            continue
        weights = np.full(len(data), 1.0 / len(data))
        ax.hist(data, bins=bins, weights=weights, histtype="stepfilled", alpha=0.35,
                color=colour)
        ax.hist(data, bins=bins, weights=weights, histtype="step", linewidth=1.5,
                color=colour, label=f"{name}: mean {np.mean(data):.1f}")
        ax.axvline(float(np.mean(data)), color=colour, linestyle="--", linewidth=1.2)
    ax.set_title(title, fontweight="bold")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(frameon=False)


def _win_rates(ax: Any, rows: list[Any], seats: list[str], players: int) -> None:
    import numpy as np

    x = np.arange(len(seats))
    for offset, side, colour, name in ((-0.2, "a", COLOUR_A, "A"), (0.2, "b", COLOUR_B, "B")):
        estimates = [getattr(r, side) for r in rows]
        values = [100 * e.value for e in estimates]
        errors = [[max(0.0, 100 * (e.value - e.low)) for e in estimates],
                  [max(0.0, 100 * (e.high - e.value)) for e in estimates]]
        ax.bar(x + offset, values, 0.4, yerr=errors, capsize=4, color=colour, alpha=0.85,
               label=name)
    for i, r in enumerate(rows):
        if r.verdict == "differs":
            ax.annotate("differs", (i, 0), ha="center", va="bottom", color=DIFFERS_COLOUR,
                        fontweight="bold")
    ax.axhline(100 / players, color="black", linestyle=":", linewidth=1,
               label=f"fair share {100 / players:.0f}%")
    ax.set_xticks(x, seats)
    ax.set_title("Win rate by seat (95% interval)", fontweight="bold")
    ax.set_ylabel("% of games won")
    top = max(100 * getattr(r, side).high for r in rows for side in ("a", "b"))
    ax.set_ylim(0, top * 1.3)
    ax.legend(frameon=False, loc="upper center", ncols=3)


def _endings(ax: Any, row: Any) -> None:
    import numpy as np

    names = list(row.shares)
    y = np.arange(len(names))
    for offset, i, colour, name in ((-0.2, 0, COLOUR_A, "A"), (0.2, 1, COLOUR_B, "B")):
        estimates = [row.shares[c][i] for c in names]
        ax.barh(y + offset, [100 * e.value for e in estimates], 0.4,
                xerr=[[max(0.0, 100 * (e.value - e.low)) for e in estimates],
                      [max(0.0, 100 * (e.high - e.value)) for e in estimates]],
                capsize=4, color=colour, alpha=0.85, label=name)
    ax.set_yticks(y, [_wrap(n, 28) for n in names])
    ax.invert_yaxis()
    ax.set_xlabel("% of games")
    verdict = row.verdict if row.p_adjusted is not None else "no test"
    ax.set_title(f"How games end\n({row.test}: {verdict})", fontweight="bold",
                 color=DIFFERS_COLOUR if verdict == "differs" else "black")
    ax.legend(frameon=False, loc="lower right")


MAX_SHARE_OF_A = 100.0  # % of A: an axis past this is kept to the changes that matter


def _differences(ax: Any, rows: list[Any]) -> None:
    """Every number's B - A as % of A, with its interval: a forest chart (one line per
    measure). A measure that is 0 in A has no percentage: its line has no point, and its
    values still read on the right (A -> B, as tick labels, so they stay inside the figure).
    The axis spans the intervals within ±MAX_SHARE_OF_A; a wider one ends at the edge in an
    arrow."""
    shown = [r for r in rows if r.difference is not None and r.a is not None]
    y = list(range(len(shown)))
    colours = [DIFFERS_COLOUR if r.verdict == "differs" else SAME_COLOUR for r in shown]
    spans = []
    for r in shown:
        if r.a.value:
            scale = 100 / abs(r.a.value)
            spans.append((r.difference.low * scale, r.difference.high * scale))
    near = [max(abs(lo), abs(hi)) for lo, hi in spans if max(abs(lo), abs(hi)) <= MAX_SHARE_OF_A]
    edge = 1.1 * max([*near, 5.0])
    for i, r in enumerate(shown):
        if not r.a.value:
            continue
        scale = 100 / abs(r.a.value)
        d = r.difference
        value, low, high = (max(-edge, min(edge, v * scale)) for v in (d.value, d.low, d.high))
        ax.errorbar(value, i, xerr=[[max(0.0, value - low)], [max(0.0, high - value)]],
                    fmt="o", color=colours[i], capsize=3, markersize=6)
        for end, past, marker in ((d.low * scale, low, "<"), (d.high * scale, high, ">")):
            if abs(end) > edge:  # cut at the edge of the axis
                ax.scatter([past], [i], marker=marker, color=colours[i], s=64)
    ax.set_xlim(-edge, edge)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(y, [f"{r.name}" + (" *" if r.origin == "ruleset" else "")
                      + ("" if r.a.value else " (A is 0)") for r in shown])
    ax.set_ylim(len(shown) - 0.5, -0.5)
    right = ax.secondary_yaxis("right")
    right.set_yticks(y, [_change(r) for r in shown], fontsize=9)
    right.tick_params(length=0)
    for label, colour in zip(right.get_yticklabels(), colours, strict=True):
        label.set_color(colour)
    ax.set_xlabel("B - A, as % of A (95% interval; an arrow: the interval goes on)")
    ax.set_title("Every number: the change from A to B\n(red: differs; * the rulesets' own "
                 "measures)", fontweight="bold")
    ax.grid(axis="x", alpha=0.3)


def _rate_differences(ax: Any, rows: list[Any]) -> None:
    """Every rate's (and share's) B - A in points, with its interval."""
    shown = [r for r in rows if r.difference is not None and r.a is not None]
    if not shown:
        ax.set_axis_off()
        return
    colours = [DIFFERS_COLOUR if r.verdict == "differs" else SAME_COLOUR for r in shown]
    for i, r in enumerate(shown):
        d = r.difference
        ax.errorbar(100 * d.value, i, xerr=[[max(0.0, 100 * (d.value - d.low))],
                                            [max(0.0, 100 * (d.high - d.value))]],
                    fmt="o", color=colours[i], capsize=3, markersize=6)
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(range(len(shown)), [_wrap(f"{r.name}" + (" *" if r.origin == "ruleset"
                                                             else ""), 30)
                                      + f"\n{_change(r)}" for r in shown], fontsize=9)
    for label, colour in zip(ax.get_yticklabels(), colours, strict=True):
        label.set_color(colour)
    ax.set_ylim(len(shown) - 0.5, -0.5)
    ax.set_xlabel("B - A, in points of % (95% interval)")
    ax.set_title("Every rate: the change in points\n(an axis of its own)", fontweight="bold")
    ax.grid(axis="x", alpha=0.3)


def _change(r: Any) -> str:
    """`12.3 -> 14.1 (differs)`: both sides in the measure's own unit."""
    if r.kind == RATE:
        text = f"{100 * r.a.value:.1f}% -> {100 * r.b.value:.1f}%"
    else:
        text = f"{r.a.value:.2f} -> {r.b.value:.2f}"
    return f"{text}  {r.verdict}"


def _wrap(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text


def _number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _page(title: str, svg: str, text: str, heading: str) -> str:
    """An HTML page: the chart, then the report as text."""
    title = html.escape(title)
    start = svg.find("<svg")
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n<style>{STYLE}</style>\n"
            f"</head>\n<body>\n<h1>{title}</h1>\n{svg[start:]}\n<h2>{heading}</h2>\n"
            f"<pre>{html.escape(text)}</pre>\n</body>\n</html>\n")
