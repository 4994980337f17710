"""A lockstep report in words (`rules diff A B --play N`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from interpreter.editions.lockstep import Lockstep


def ranking_text(ranking: list[list[str]], stopped: str | None = None) -> str:
    if stopped:
        return f"none (stopped: {stopped})"
    return " > ".join(" = ".join(group) for group in ranking)


def lockstep_text(report: Lockstep) -> str:
    out = [f"Played {len(report.games)} game(s) of both with {report.players} players, seeds "
           f"{report.seed}..{report.seed + len(report.games) - 1}, the same decisions while "
           "both offered them.", ""]
    for g in report.games:
        head = f"game {g.index + 1} (seed {g.seed}): "
        if g.first is None:
            out.append(head + f"no difference in {g.decisions_a} decisions")
        else:
            f = g.first
            out.append(head + f"first difference {f.when()} ({f.kind}): {f.what}")
            for side, place in (("A", f.a), ("B", f.b)):
                if place is not None:
                    stack = f" [running: {' > '.join(place.stack)}]" if place.stack else ""
                    out.append(f"    {side}: {place.rule}, {place.at}: {place.text}  "
                               f"({place.why}){stack}")
            out.append("    rule difference(s): " + ("; ".join(f.differences) or
                                                       "none found (no changed rule ran)"))
            more = len(g.events) - 1
            if more:
                out.append(f"    and {more} more difference(s) of options while the games "
                           "were alike")
        verdict = "changed" if g.ranking_changed else "the same"
        out.append(f"    final ranking: A {ranking_text(g.ranking_a, g.stopped[0])} | B "
                   f"{ranking_text(g.ranking_b, g.stopped[1])} ({verdict})")
    rows = report.table()
    out += ["", "How often each rule difference showed up in play:"]
    if rows:
        width = max(len(r["difference"]) for r in rows)
        out.append(f"  {'rule difference':<{width}}  shown  games  ranking changed  "
                   "changed lines ran (games)")
        for r in rows:
            out.append(f"  {r['difference']:<{width}}  {r['shown']:>5}  {r['games']:>5}  "
                       f"{r['ranking_changed']:>15}  {r['ran']:>20}")
    else:
        out.append("  (the rulesets have no difference that can change a game)")
    summary = report.to_json()["summary"]
    out += ["", f"{summary['differing']} of {summary['games']} game(s) differ; the final "
                f"ranking changed in {summary['ranking_changed']}"]
    return "\n".join(out)
