"""What several commands of the `rules` command use: exit codes, the examples in help texts,
the argument parser and argument types, finding and loading a ruleset, and loading a saved
game or a replay."""

from __future__ import annotations

import argparse
import functools
import math
import re
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from interpreter.language.errors import RulesError

EXIT_OK, EXIT_GAME_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# Control characters that a ruleset, a save or a player's name could use to command the
# terminal (retitle it, move the cursor, hide text, ...) or to reorder what it shows (the bidi
# overrides and isolates of Unicode). Colours (SGR: ESC [ ... m) are kept if they only set
# colours and weights (not conceal, blink and the like); newlines, tabs and carriage returns
# (progress bars) too.
_CONTROL = re.compile("(\x1b\\[[0-9;]*m)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
                      "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_COLOURS = {0, 1, 2, 3, 4, 22, 23, 24, 39, 49, *range(30, 38), *range(40, 48),
            *range(90, 98), *range(100, 108)}


def _colour_only(sequence: str) -> bool:
    """Whether an SGR sequence (ESC [ ... m) only sets colours and weights."""
    params = [int(p) if p else 0 for p in sequence[2:-1].split(";")]
    i = 0
    while i < len(params):
        if params[i] in (38, 48):  # an extended colour: 5;N or 2;R;G;B
            i += 3 if params[i + 1:i + 2] == [5] else 5
            continue
        if params[i] not in _COLOURS:
            return False
        i += 1
    return True


def _shown(match: re.Match) -> str:
    sgr = match.group(1)
    if sgr and _colour_only(sgr):
        return sgr
    return repr(match.group(0))[1:-1]


def printable(text: str) -> str:
    """`text` with every control character written as an escape (colours kept)."""
    return _CONTROL.sub(_shown, text)


class Printable:
    """A text stream that writes control characters as escapes (\\x1b) instead of sending
    them to the terminal, except colours. Everything else goes to the stream it wraps;
    `raw` is that stream, for the engine's own control sequences (clearing the screen)."""

    def __init__(self, stream: TextIO):
        self._stream = stream
        self.raw = stream

    def write(self, text: str) -> int:
        return self._stream.write(_CONTROL.sub(_shown, text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@functools.cache
def bundled_rulesets() -> list[str]:
    """The rulesets that come with the engine, as paths relative to their folder."""
    try:
        from interpreter.resources import rulesets_folder

        root = rulesets_folder()
        found = {p.parent.relative_to(root).as_posix()
                 for pattern in ("*/ruleset.yaml", "*/*/ruleset.yaml", "*/*/*/ruleset.yaml")
                 for p in root.glob(pattern)}
    except (OSError, ValueError, TypeError, ModuleNotFoundError):
        return []
    return sorted(found, key=lambda p: (not p.endswith("/base"), p.count("/"), p))


@functools.cache
def _most_players(bundled: str) -> int:
    """The largest player count of a bundled ruleset (for the examples), else 2."""
    try:
        import yaml

        from interpreter.resources import rulesets_folder

        manifest = yaml.safe_load((rulesets_folder() / bundled / "ruleset.yaml").read_text(
            encoding="utf-8"))
        return max(int(n) for n in manifest["players"])
    except Exception:  # only an example in a help text: never fail because of it
        return 2


def examples(text: str) -> str:
    """Fill the examples with a bundled ruleset (the engine itself names no game)."""
    bundled = bundled_rulesets()
    shown = "".join(f"  {name}\n" for name in bundled[:8])
    if len(bundled) > 8:
        shown += f"  ... and {len(bundled) - 8} more\n"
    example = bundled[0] if bundled else "path/to/ruleset"
    n = _most_players(example) if bundled else 2
    return text.format(example=example, n=n, bots=" --bot random" * n,
                       bundled=f"\nrulesets that come with the engine:\n{shown}"
                       if bundled else "")


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (with a pointer to --help)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The descriptions and examples laid out as written, fitted to the terminal's width
    (argparse's: COLUMNS, or the terminal's, less 2): a paragraph of prose with a line too
    long is filled again, an indented line too long (an example) goes on under itself,
    further in. 'rules replay --help' was written 96 columns wide and wrapped mid-word at
    80."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out: list[str] = []
        for paragraph in text.split("\n\n"):
            lines = paragraph.split("\n")
            prose = all(line and not line[0].isspace() for line in lines)
            if prose and any(len(indent + line) > width for line in lines):
                out.append(textwrap.fill(" ".join(lines), width, initial_indent=indent,
                                         subsequent_indent=indent, break_on_hyphens=False,
                                         break_long_words=False))
                continue
            fitted = []
            for line in lines:
                lead = indent + line[:len(line) - len(line.lstrip())]
                fitted += [indent + line] if len(indent + line) <= width else textwrap.wrap(
                    line.strip(), width, initial_indent=lead, subsequent_indent=lead + "    ",
                    break_on_hyphens=False, break_long_words=False)
            out.append("\n".join(fitted))
        return "\n\n".join(out)


def formatter(prog: str) -> argparse.HelpFormatter:
    return HelpFormatter(prog, max_help_position=30)


# ------------------------------------------------------------------------------ arguments
def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, not '{text}'") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, not {value}")
        return value
    return parse


def any_whole(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not '{text}'") from None


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds (0 or more), "
                                         f"not '{text}'")
    return value


def ruleset_path(text: str) -> Path:
    """The path as given if it exists, else the bundled ruleset of that name (if any)."""
    path = Path(text)
    if _exists(path):
        return path
    try:
        from interpreter.resources import rulesets_folder

        bundled = rulesets_folder() / text
    except (OSError, ModuleNotFoundError, TypeError):
        return path
    return bundled if _exists(bundled) else path


def _exists(path: Path) -> bool:
    """Whether `path` exists; False for a path the system cannot even look up (a name too
    long, say), which the caller then reports as not found."""
    try:
        return path.exists()
    except OSError:
        return False


def load(text: str, allow_outside: bool = False, settings: Sequence[str] = (),
         source: str = "--set", reading: str | None = None):
    """The ruleset at `text` (a path or a bundled name), with `--set` settings applied (and,
    for an edition, only its reading `reading`)."""
    from interpreter.engine.ruleset import load_ruleset

    return load_ruleset(ruleset_path(text), allow_outside=allow_outside, settings=settings,
                        settings_source=source, reading=reading)


# The commands whose rulesets may be changed from the command line (language/settings.py).
SETTING_COMMANDS = ("check", "simulate", "compare", "play", "serve")
SETTING_HELP = ("change a constant (NAME=VALUE), a table cell (NAME[KEY]=VALUE, "
                "NAME[ROW, COLUMN]=VALUE) or a component's count (NAME=COUNT) for this run; "
                "repeat for several")


def add_setting_options(p: argparse.ArgumentParser, both_sides: bool = False) -> None:
    """--set (and for two rulesets --set-a, --set-b: one side only)."""
    p.add_argument("--set", dest="settings", metavar="NAME=VALUE", action="append", default=[],
                   help=SETTING_HELP + (" (both rulesets)" if both_sides else ""))
    if both_sides:
        for side in ("a", "b"):
            p.add_argument(f"--set-{side}", dest=f"settings_{side}", metavar="NAME=VALUE",
                           action="append", default=[],
                           help=f"like --set, for ruleset {side.upper()} only")


def settings_text(settings: Sequence[str]) -> str:
    """The settings of a run, for its report: `adjacency_vp[2]=4, hand_size=6`."""
    return ", ".join(settings)


# ------------------------------------------------------------------------------ output
def is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# ------------------------------------------------------------------------------ saved games
def load_position(path: Path, ruleset_path_text: str | None, err: TextIO,
                  allow_outside: bool = False):
    """A saved game or a replay -> (ruleset, game, history, play data). RulesError (exit 2)
    with one line for a file that is neither, damaged, or made with another ruleset."""
    from interpreter.engine.runtime import SAVE_FORMAT, Game
    from interpreter.play.replay import (
        REPLAY_FORMAT,
        History,
        check_replay,
        check_save_play,
        read_json,
        replay_game,
        replays_the_same,
    )

    data = read_json(path, "saved game")
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == REPLAY_FORMAT:
        data = check_replay(data, path)
        ruleset = load(ruleset_path_text or data["ruleset"]["path"], allow_outside,
                       data["ruleset"].get("settings") or ())
        changed = _changed(ruleset, data["ruleset"].get("hash"))
        try:
            game = replay_game(ruleset, data)
        except RulesError as exc:
            raise RulesError(f"{exc}{CHANGED if changed else ''}") from None
        if changed:
            _say_changed(path, replays_the_same(game, data), err)
        history = History(list(data["moves"]), list(data.get("deciders") or []),
                          list(data["hashes"]), list(data.get("core_hashes") or []))
        if not history.consistent():
            history, game = History.rebuild(ruleset, game.n, game.state["seed"], game.names,
                                            list(data["moves"]), game.streams)
        return ruleset, game, history, {"seats": data.get("seats") or {},
                                        "links": data.get("links")}
    if kind != SAVE_FORMAT:
        raise RulesError(f"{path}: not a saved game or a replay of this engine")
    play = check_save_play(data, path)
    where = ruleset_path_text or play.get("ruleset")
    if not where:
        raise RulesError(f"{path}: the save does not say where its ruleset is: give the "
                         "ruleset's PATH too")
    ruleset = load(where, allow_outside, play.get("settings") or ())
    history = History()
    try:
        game = Game.from_save(ruleset, data, on_step=history.follow)
    except RulesError as exc:  # says the ruleset changed, where it did
        raise RulesError(f"{path}: {exc}") from None
    if _changed(ruleset, data.get("ruleset_hash")):  # loaded: the same game (its state
        _say_changed(path, True, err)  # is checked)
    return ruleset, game, history, play


CHANGED = " (the ruleset has changed since the game was written)"


def _changed(ruleset: Any, recorded: Any) -> bool:
    """Whether the ruleset's files differ from those a save or replay was written with."""
    return bool(recorded) and recorded != ruleset.content_hash


def _say_changed(path: Path, same: bool, err: TextIO) -> None:
    """A note that the ruleset's texts changed since `path` was written: where the game
    plays again to the same state, no more than that (a newcomer read 'the ruleset has
    changed' as a warning about a game that loaded as it was); else a warning that the game
    goes on from where the new rules lead."""
    if same:
        print(f"note: the rules' texts have changed since {path} was written; the game "
              "replays the same.", file=err)
    else:
        print(f"warning: the ruleset has changed since {path} was written, and the game "
              "no longer replays the same: it goes on from where the changed rules lead "
              "(the recorded moves, played again).", file=err)


def made_folder(path: Path, option: str) -> Path:
    """The output folder an option names (--replay-dir, compare's --out), made if missing:
    only that folder, never its parents (a mistyped path is an error, not a new tree)."""
    check_parent(path, option)
    try:
        path.mkdir(exist_ok=True)
    except (OSError, ValueError) as exc:
        raise RulesError(f"{option} {path}: cannot make the folder: "
                         f"{getattr(exc, 'strerror', None) or exc}") from None
    return path


def check_parent(path: Path, option: str) -> None:
    """RulesError unless the folder that is to hold `path` exists."""
    if not path.parent.is_dir():
        raise RulesError(f"{option} {path}: the folder {path.parent} does not exist (make it "
                         "first)")
