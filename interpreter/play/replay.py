"""Replays: a game as its ruleset, seed and decisions, with the state hash after every step.

A replay file is JSON:

    {"format": "rules-engine-replay", "version": 4,
     "ruleset": {"name": ..., "path": ..., "hash": <content hash of the rule and data files>},
     "players": 4, "names": {"P1": "Ann"}, "seats": {"P1": "human", "P2": "greedy"},
     "seed": 7, "moves": [...], "deciders": ["P1", ...],
     "hashes": [<after setup>, <after move 1>, ...], "final_hash": <full hash>,
     "over": true, "ending": "...", "scores": {...}, "winners": [...]}

A replay is played again the way its game drew at random (engine/rng.py): version 1 with the
one stream of the engine before streams, version 2 with `random` queries named by their whole
text, version 3 by what they draw from; version 4 (now) as 3 with piles listing their kinds in
the kinds' declaration order (in the order pieces arrived before).

`hashes` holds the first 16 hex digits of `Game.state_hash()`; `final_hash` the whole hash;
`core_hashes` the hash of the state without the options of the decision it waits for. Replaying
under the same rules gives the same hashes; under changed rules, `verify` names the first step
where the game goes another way, and why: a decision the rules no longer allow (with the rule
that forbids it) or a different state after the same decision. Where only the options offered
differ (the recorded decision is still allowed), the replay goes on and says so.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.engine.rng import is_secret
from interpreter.language.errors import IllegalMove, RulesError, SaveFileError, too_many_digits
from interpreter.language.files import FileRefused, read_bounded
from interpreter.language.writing import write_atomic
from interpreter.play.history import (
    REPLAY_FORMAT,
    REPLAY_VERSION,
    SHORT,
    History,
    core_hash,
    ruleset_record,
    short_hash,
)
from interpreter.play.journal import journal_as_replay, journal_head
from interpreter.play.links import LINKS_KEY, check_links
from interpreter.play.names import shown_names

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

def replay_data(ruleset: Ruleset, game: Game, history: History,
                seats: dict[str, str]) -> dict[str, Any]:
    over = game.over
    return {
        "format": REPLAY_FORMAT, "version": game.streams + 1,
        "ruleset": ruleset_record(ruleset),
        "players": game.n, "names": dict(game.names), "seats": dict(seats),
        "seed": game.state["seed"], **history.to_dict(),
        "final_hash": game.state_hash(), "over": over, "ending": game.state["ending"],
        "scores": game.scores() if over else None,
        "winners": game.winners() if over else None,
    }


# What writing or reading a file may raise: OSError, or ValueError for a name with a NUL.
FILE_ERRORS = (OSError, ValueError)


def file_error(exc: Exception) -> str:
    """Why a file could not be read or written, in a few words."""
    return getattr(exc, "strerror", None) or str(exc)


def write_json(path: Path, data: dict[str, Any], replace: bool = True) -> None:
    """Write the file whole or not at all (see `write_atomic`; `replace=False`: never over a
    file that is there, FileExistsError)."""
    write_atomic(path, json.dumps(data, separators=(",", ":")) + "\n", replace=replace)


def read_json(path: Path, what: str = "replay") -> Any:
    """The JSON of a file (a journal read as the replay it holds), or SaveFileError with one
    clear line."""
    try:
        text = read_bounded(path)
    except FileRefused as exc:
        reason = str(exc)
        if reason == "does not exist":
            reason = "no such file"
        elif reason.startswith("is not UTF-8"):
            reason = f"not a {what} file (not text)"
        elif reason.startswith("is a folder"):
            reason = f"is a folder, not a {what} file"
        raise SaveFileError(f"{path}: {reason}") from None

    if journal_head(text) is not None:  # the record `rules play` writes as the game goes
        return _as_text(journal_as_replay(text, path), path, what)
    try:
        return _as_text(json.loads(text), path, what)
    except json.JSONDecodeError as exc:
        said = exc.msg if exc.msg.endswith(" at") else exc.msg + " at"  # "... starting at"
        raise SaveFileError(f"{path}: not a {what} file (damaged or not JSON: {said} "
                            f"line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveFileError(f"{path}: not a {what} file (nested too deeply)") from None
    except ValueError as exc:  # a number of more digits than Python reads (cli.DIGITS)
        raise SaveFileError(f"{path}: not a {what} file (damaged: {too_many_digits(exc) or exc})") \
            from None


def _as_text(data: Any, path: Path, what: str) -> Any:
    """`data` read from a file, refused if a text in it holds a lone surrogate (`\\ud800` in
    JSON: no character, it cannot be printed or written as UTF-8), with the players' names as
    they are shown (names.py). A save's names are inside its integrity hash: they are shown
    so only when the hash matches the names as written (the hash is then made anew)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = exc.object[exc.start:exc.end].encode("unicode_escape", "backslashreplace")
        raise SaveFileError(f"{path}: not a {what} file (a text in it holds "
                            f"{bad.decode('ascii')}, a lone surrogate, which is no "
                            "character)") from None
    except (ValueError, RecursionError):  # not JSON's own values: checked field by field later
        return data
    names = data.get("names") if isinstance(data, dict) else None
    if not (isinstance(names, dict) and all(isinstance(v, str) for v in names.values())):
        return data
    shown = shown_names(names)
    if shown == names:
        return data
    from interpreter.engine.runtime import SAVE_FORMAT, save_integrity

    if data.get("format") == SAVE_FORMAT:
        if save_integrity(data) != data.get("state_hash"):
            return data  # damaged: loading it says so
        data = {**data, "names": shown}
        data["state_hash"] = save_integrity(data)
        return data
    return {**data, "names": shown}


def _is(kind: type) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, kind) and not isinstance(value, bool)


def _optional(ok: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or ok(value)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _texts_by_player(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items())


Checks = dict[str, Callable[[Any], bool]]
_REPLAY: Checks = {
    "ruleset": lambda v: isinstance(v, dict) and isinstance(v.get("path"), str)
    and _texts(v.get("settings", [])),
    "players": lambda v: _is(int)(v) and v > 0,
    "seed": lambda v: _is(int)(v) or is_secret(v),  # a secret: a game people played
    "moves": _is(list),
    "hashes": _texts,
    "names": _optional(_texts_by_player),
}
# What `rules play` writes besides the game itself: in a replay, and in the 'play' part of a
# save (which its integrity hash does not cover; its 'names' are covered since version 3).
_HISTORY: Checks = {"moves": _optional(_is(list)), "deciders": _optional(_texts),
                    "hashes": _optional(_texts), "core_hashes": _optional(_texts),
                    "seats": _optional(_texts_by_player),
                    LINKS_KEY: _optional(check_links)}  # a browser table's (links.py)
_SAVE: Checks = {"names": _optional(_texts_by_player), "play": _optional(_is(dict))}
_SAVE_PLAY: Checks = {"ruleset": _optional(_is(str)), "settings": _optional(_texts),
                      **_HISTORY}


def check_fields(data: dict[str, Any], checks: Checks, damaged: str, required: bool = False,
                 prefix: str = "") -> None:
    """SaveFileError(`damaged` and the first field that is missing or not as expected)."""
    for key, ok in checks.items():
        if key not in data:
            if required:
                raise SaveFileError(f"{damaged} (no '{prefix}{key}')")
        elif not ok(data[key]):
            raise SaveFileError(f"{damaged} ('{prefix}{key}' is not as expected)")


def check_save_play(data: dict[str, Any], path: Path) -> dict[str, Any]:
    """The fields of a save outside its integrity hash, checked; returns its 'play' part."""
    damaged = f"{path}: the saved game is damaged"
    check_fields(data, _SAVE, damaged)
    play = data.get("play") or {}
    check_fields(play, _SAVE_PLAY, damaged, prefix="play.")
    return play


def check_replay(data: Any, path: Path) -> dict[str, Any]:
    """The replay's fields, checked; SaveFileError names the first problem."""
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise SaveFileError(f"{path}: not a replay file of this engine")
    if data.get("version") not in range(1, REPLAY_VERSION + 1) \
            or data["version"].__class__ is not int:
        raise SaveFileError(f"{path}: a replay of version {data.get('version')!r}; this "
                            f"engine reads versions 1 to {REPLAY_VERSION}")
    damaged = f"{path}: the replay is damaged"
    check_fields(data, _REPLAY, damaged, required=True)
    check_fields(data, _HISTORY, damaged)
    if data["version"] == 1 and is_secret(data["seed"]):  # the one stream took seeds only
        raise SaveFileError(f"{damaged} (a secret in a replay of version 1)")
    if len(data["hashes"]) != len(data["moves"]) + 1:
        raise SaveFileError(f"{path}: the replay is damaged ({len(data['moves'])} moves but "
                            f"{len(data['hashes'])} state hashes; expected one more hash "
                            "than moves)")
    deciders = data.get("deciders")
    if deciders is not None and len(deciders) != len(data["moves"]):
        raise SaveFileError(f"{path}: the replay is damaged ('deciders' does not match "
                            "'moves')")
    cores = data.get("core_hashes")
    if cores is not None and len(cores) != len(data["hashes"]):
        raise SaveFileError(f"{path}: the replay is damaged ('core_hashes' does not match "
                            "'hashes')")
    return data


@dataclass
class Verdict:
    """The outcome of replaying: `ok`, or the first step that goes another way, and why."""

    ok: bool
    steps: int  # moves replayed successfully
    game: Game
    step: int | None = None  # 0: setup; n: after the n-th move
    reason: str = ""
    kind: str = ""  # "", "illegal", "state", "options", "ended", "final"


def verify(ruleset: Ruleset, data: dict[str, Any], on_step=None, strict: bool = True) -> Verdict:
    """Play the replay's moves under `ruleset`, comparing the state hash after every step.
    With strict=False, other states are no reason to stop (only decisions the rules refuse)."""
    names = data.get("names") or {}
    game = ruleset.new_game(data["players"], data["seed"], names=names,
                            streams=data["version"] - 1)
    hashes, moves = data["hashes"], data["moves"]
    cores = data.get("core_hashes") or [None] * len(hashes)
    deciders = data.get("deciders") or [None] * len(moves)
    offered: int | None = None  # the first step whose options differ from the recording

    def same(step: int) -> bool:
        nonlocal offered
        if not strict or short_hash(game) == hashes[step][:SHORT]:
            return True
        if cores[step] is not None and core_hash(game) == cores[step]:
            offered = step + 1 if offered is None else offered
            return True
        return False

    def note() -> str:
        if offered is None:
            return ""
        return f" (the options offered already differ from step {offered} on)"

    if not same(0):
        return Verdict(False, 0, game, 0, "the state after setup differs from the recorded "
                       "game (the rules of setup, the components or the board changed)",
                       "state")
    for i, move in enumerate(moves, start=1):
        decision = game.decision()
        if decision is None:
            return Verdict(False, i - 1, game, i, f"the game is already over ({_ending(game)}) "
                           f"but the recording has {len(moves) - i + 1} more decision(s)"
                           + note(), "ended")
        who = game.label(decision.player)
        said = describe_move(game, decision, move)
        if strict and deciders[i - 1] is not None and deciders[i - 1] != decision.player:
            recorded = game.label(deciders[i - 1])
            return Verdict(False, i - 1, game, i, f"the recording has {recorded} decide "
                           f"({said}), but the rules now ask {who}: {decision.prompt}"
                           + note(), "state")
        try:
            game.apply(move)
        except IllegalMove as exc:
            return Verdict(False, i - 1, game, i, f"{who} chose {said} ({decision.prompt}), "
                           f"which the rules no longer allow: {exc}" + note(), "illegal")
        if on_step is not None:
            on_step(game, i)
        if not same(i):
            return Verdict(False, i, game, i, f"after {who} chose {said} ({decision.prompt}), "
                           "the state differs from the recorded game: the same decision has "
                           "another effect under these rules" + note(), "state")
    if offered is not None:
        return Verdict(False, len(moves), game, offered, "every recorded decision is still "
                       "allowed and has the same effect, but the options offered differ from "
                       "the recording", "options")
    final = data.get("final_hash")
    if strict and isinstance(final, str) and len(final) > SHORT and \
            game.state_hash() != final:
        return Verdict(False, len(moves), game, len(moves), "the final state differs from the "
                       "recorded one", "final")
    return Verdict(True, len(moves), game)


def describe_move(game: Game, decision: Any, move: Any) -> str:
    """A decision's option in words, as the player saw it."""
    if move in decision.options:
        return repr(decision.labels[decision.options.index(move)])
    try:
        return repr(game.label(move))
    except Exception:  # a value of a foreign kind: show it as it is
        return repr(move)


def _ending(game: Game) -> str:
    return game.state.get("ending") or "it ended"


def load_replay_file(path: Path) -> dict[str, Any]:
    return check_replay(read_json(path, "replay"), path)


def replays_the_same(game: Game, data: dict[str, Any]) -> bool:
    """Whether `game`, played from a replay's moves, stands where the recording ended (its
    state, or the state without the options offered: see verify)."""
    hashes, cores = data["hashes"], data.get("core_hashes") or []
    return short_hash(game) == hashes[-1][:SHORT] or \
        bool(cores) and cores[-1] is not None and core_hash(game) == cores[-1]


def replay_game(ruleset: Ruleset, data: dict[str, Any]) -> Game:
    """The game a replay leads to (its last position), or RulesError if it does not replay."""
    verdict = verify(ruleset, data, strict=False)
    if not verdict.ok:
        raise RulesError(f"the replay cannot be played to its end: step {verdict.step}: "
                         f"{verdict.reason}")
    return verdict.game
