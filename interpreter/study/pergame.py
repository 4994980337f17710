"""Per-game data: one row per game of a simulation (its seed, bots, winners and every measure),
written as CSV or JSON lines, for pandas, a spreadsheet or R.

The columns: `game` (1..), `seed`, `players`, `bot P1`.., `winners` (the seats, separated by
spaces), then every measure of the report by its name (`score P1`, `win rate P1`, `decisions
per game`, `how games end`, ..., the ruleset's own, the option balance). A measure of values
recorded several times a game holds the mean of that game's values (empty if it recorded
none); an option's share holds the share of that game's decisions. `rules compare --out`
writes both sides into one file, with a first column `side` (A or B): game i of A and game i
of B are a pair.

Per-turn data (`turn_rows`): one row per point of each game's score trace, the columns
`game`, `seed`, `turn` (0: the start; the last row of a game holds its final scores) and
`score P1`...; `rules simulate --out games.csv` writes them to `games.turns.csv`, `rules
compare --out DIR` and `rules sweep --out DIR` to `DIR/turns.csv` (with `side`, or `value`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import RulesError

if TYPE_CHECKING:
    from interpreter.study.simulate import SimulationReport

FORMATS = (".csv", ".jsonl")


def game_rows(report: SimulationReport, side: str | None = None) -> list[dict[str, Any]]:
    """A row per game, in the order of the seeds."""
    rows = []
    for i, record in enumerate(report.records):
        row: dict[str, Any] = {} if side is None else {"side": side}
        row.update({"game": i + 1, "seed": record.seed, "players": report.players})
        row.update({f"bot {seat}": bot for seat, bot in report.bots.items()})
        row["winners"] = " ".join(record.winners)
        for sample in report.samples:
            row[sample.name] = sample.per_game(i)
        rows.append(row)
    return rows


def turn_rows(report: SimulationReport, side: str | None = None) -> list[dict[str, Any]]:
    """A row per point of every game's score trace (none for a game without a trace)."""
    rows = []
    seats = list(report.bots)
    for i, record in enumerate(report.records):
        for turn, scores in enumerate(record.trace or []):
            row: dict[str, Any] = {} if side is None else {"side": side}
            row.update({"game": i + 1, "seed": record.seed, "turn": turn})
            row.update({f"score {seat}": v for seat, v in zip(seats, scores, strict=True)})
            rows.append(row)
    return rows


def turns_path(path: Path) -> Path:
    """Where `rules simulate --out games.csv` writes the per-turn data: games.turns.csv."""
    return path.with_name(f"{path.stem}.turns{path.suffix}")


def check_path(path: Path, option: str = "--out") -> None:
    """Before any game is played: a known format, in a folder that exists."""
    if path.suffix.lower() not in FORMATS:
        raise RulesError(f"{option} {path}: the file must end in .csv or .jsonl")
    if not path.parent.is_dir():
        raise RulesError(f"{option} {path}: there is no folder {path.parent}")


def write_rows(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """CSV (the columns of every row, in order of first appearance) or JSON lines."""
    from interpreter.language.writing import write_atomic

    if path.suffix.lower() == ".jsonl":
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    else:
        columns = list(dict.fromkeys(k for r in rows for k in r))
        out = io.StringIO()
        writer = csv.DictWriter(out, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        text = out.getvalue()
    try:
        write_atomic(path, text)
    except (OSError, ValueError) as exc:
        raise RulesError(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}") \
            from None


def write_json(path: Path, data: Any) -> None:
    """`data` as indented JSON (a report of --out)."""
    from interpreter.language.writing import write_atomic

    try:
        write_atomic(path, json.dumps(data, indent=2) + "\n")
    except (OSError, ValueError) as exc:
        raise RulesError(f"cannot write {path}: {getattr(exc, 'strerror', None) or exc}") \
            from None
