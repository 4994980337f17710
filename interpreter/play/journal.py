"""The journal: the record of a game written as it goes, one JSON line per decision.

`rules play` appends each decision to the journal as soon as it is taken (flushed to the
operating system at once, and to the disk after each decision of a person), so a session that
is killed (SIGKILL, SIGTERM, SIGHUP, a closed terminal, a power cut) loses at most the decision
in progress. When the session ends normally, the replay file holds the same record and the
journal is removed. `rules play --load JOURNAL` continues the game, `rules replay JOURNAL`
checks it.

The first line describes the game, each further line one decision:

    {"format": "rules-engine-journal", "version": 3, "ruleset": {"name", "path", "hash"},
     "players": 3, "seed": 7, "names": {...}, "seats": {...}, "hash": <after setup>}
    {"move": "pass", "by": "P1", "hash": <after the decision>, "core": <without options>}

A last line cut short (the process was killed while writing it) is left out when reading.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import SaveFileError
from interpreter.language.writing import check_target, sync_folder
from interpreter.play.history import REPLAY_FORMAT, History, ruleset_record

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset

JOURNAL_FORMAT = "rules-engine-journal"
JOURNAL_VERSION = 4  # as a replay's (history.py): a journal's version is its game's way of
# playing (Game.streams + 1), and the replay it turns into has the same version
JOURNAL_SUFFIX = ".journal.jsonl"


class Journal:
    """A journal open for appending."""

    def __init__(self, path: Path, fd: int):
        self.path = path
        self._fd = fd

    @classmethod
    def create(cls, path: Path, ruleset: Ruleset, players: int, seed: int,
               names: dict[str, str], seats: dict[str, str], history: History,
               streams: int) -> Journal:
        """A new journal at `path` (created exclusively, never through a link, readable by its
        owner only: it holds the seed, which fixes every hidden card), holding the
        game's description and the decisions of `history` so far. OSError if it cannot be."""
        path = Path(path)
        check_target(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        journal = cls(path, os.open(path, flags, 0o600))  # the seed is inside
        head = {"format": JOURNAL_FORMAT, "version": streams + 1,
                "ruleset": ruleset_record(ruleset),
                "players": players, "seed": seed, "names": dict(names), "seats": dict(seats),
                "hash": history.hashes[0], "core": history.core_hashes[0]}
        lines = [head] + [_line(history, i) for i in range(len(history.moves))]
        journal._write(lines, durable=True)
        sync_folder(path.parent)
        return journal

    def record(self, history: History, durable: bool = False) -> None:
        """Append the last decision of `history`."""
        self._write([_line(history, len(history.moves) - 1)], durable)

    def _write(self, lines: list[dict[str, Any]], durable: bool) -> None:
        data = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        view = memoryview(data.encode("utf-8"))
        while view:  # one write() per call in practice; the rest if it was cut short
            view = view[os.write(self._fd, view):]
        if durable:
            os.fsync(self._fd)

    def close(self, remove: bool = False) -> None:
        os.close(self._fd)
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()


def _line(history: History, i: int) -> dict[str, Any]:
    return {"move": history.moves[i], "by": history.deciders[i], "hash": history.hashes[i + 1],
            "core": history.core_hashes[i + 1]}


def journal_head(text: str) -> dict[str, Any] | None:
    """The description of a journal (its first line), or None if `text` is not a journal."""
    first = text.split("\n", 1)[0]
    if not first.startswith('{"format":"' + JOURNAL_FORMAT + '"'):
        return None
    try:
        head = json.loads(first)
    except (ValueError, RecursionError):  # ValueError: also a number of too many digits
        return None
    return head if isinstance(head, dict) else None


def journal_as_replay(text: str, path: Path) -> dict[str, Any]:
    """A journal's record in the form of a replay (see replay.py), which is then checked
    and played as one. A last line cut short is left out; any other damage is a
    SaveFileError."""
    head = journal_head(text)
    if head is None:
        raise SaveFileError(f"{path}: not a journal of this engine")
    if head.get("version") not in range(1, JOURNAL_VERSION + 1) \
            or head["version"].__class__ is not int:
        raise SaveFileError(f"{path}: a journal of version {head.get('version')!r}; this "
                            f"engine reads versions 1 to {JOURNAL_VERSION}")
    lines = text.split("\n")[1:]
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    elif lines:
        lines.pop()  # a last line cut short by a kill: that decision is lost
    moves, deciders, hashes, cores = [], [], [head.get("hash")], [head.get("core")]
    for number, line in enumerate(lines, start=2):
        try:
            step = json.loads(line)
        except (ValueError, RecursionError):  # ValueError: also a number of too many digits
            step = None
        if not (isinstance(step, dict) and {"move", "by", "hash", "core"} <= set(step)):
            raise SaveFileError(f"{path}: the journal is damaged (line {number})")
        moves.append(step["move"])
        deciders.append(step["by"])
        hashes.append(step["hash"])
        cores.append(step["core"])
    return {"format": REPLAY_FORMAT, "version": head["version"], "ruleset": head.get("ruleset"),
            "players": head.get("players"), "seed": head.get("seed"),
            "names": head.get("names"), "seats": head.get("seats"), "moves": moves,
            "deciders": deciders, "hashes": hashes, "core_hashes": cores}
