"""The `rules` command: check, simulate, flatten, play, replay and show rulesets and games.

Every mistake a user can make (a wrong path, a bad number, an error in a ruleset) is reported
in plain words with exit code 2, never as a Python traceback. A ruleset that goes wrong while a
game runs gives exit code 1; an interrupt (Ctrl-C) gives 130.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from interpreter.language.errors import GameRuleError, RulesError, RulesetError, RulesetErrors
from interpreter.tools.bots import bot_names

EXIT_OK, EXIT_GAME_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

DESCRIPTION = """\
Rules as data for board games: check a ruleset written in the rules language, play it at
this terminal against bots or friends, replay recorded games under changed rules, and play it
out between bots to see what its rules do.

A ruleset is a folder with a ruleset.yaml (or the path of that file). A path that does not
exist here is also looked up among the rulesets that come with the engine."""

EPILOG = """\
examples:
  rules check {example}
  rules simulate {example} --players {n} --games 200 --seed 7
  rules simulate {example} --players {n} --games 50 --json > report.json
  rules play {example} --players {n}
  rules replay replays/GAME.json
{bundled}
Run 'rules COMMAND --help' for the options of one command.

exit codes: 0 success, 1 a ruleset went wrong during a game, 2 a mistake in the command or
in the ruleset, 130 interrupted."""


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


def _examples(text: str) -> str:
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


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30)


# ------------------------------------------------------------------------------ arguments
def _whole(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number, not '{text}'") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value
    return parse


def _any_whole(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not '{text}'") from None


def _seconds(text: str) -> float:
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
    if path.exists():
        return path
    try:
        from interpreter.resources import rulesets_folder

        bundled = rulesets_folder() / text
    except (OSError, ModuleNotFoundError, TypeError):
        return path
    return bundled if bundled.exists() else path


def _load(text: str):
    from interpreter.engine.ruleset import load_ruleset

    return load_ruleset(ruleset_path(text))


# ------------------------------------------------------------------------------ check
CHECK_HELP = "load a ruleset, check it, and summarise it"
CHECK_DESCRIPTION = """\
Load a ruleset (parse its rule files, read its data, check every name and type, compile it)
and print a short summary: name, player counts, components with their counts, zones, tables,
procedures, triggers and the number of rules that cite the rulebook; then OK.

If the ruleset has mistakes, every one is printed with its place (file:line:column), the
offending line and a caret under the spot, then the number of errors; the exit code is 2."""

CHECK_EPILOG = """\
examples:
  rules check {example}
  rules check my-variant/ruleset.yaml
  rules check {example} --json"""

SUMMARY_LABELS = {
    "players": "players",
    "components": "components",
    "zones": "zones",
    "variables": "variables",
    "tables": "tables",
    "procedures": "procedures",
    "functions": "functions",
    "triggers": "triggers",
    "rules": "cited rules",
}


def _add_check(sub: Any) -> None:
    p = sub.add_parser("check", help=CHECK_HELP, description=CHECK_DESCRIPTION,
                       epilog=_examples(CHECK_EPILOG), formatter_class=_formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (errors stay plain text)")
    p.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    start = time.perf_counter()
    try:
        ruleset = _load(args.path)
    except (RulesetErrors, RulesetError) as exc:
        errors = exc.errors if isinstance(exc, RulesetErrors) else [exc]
        for e in errors:
            print(e.render(), file=out)
        print(f"{len(errors)} error(s)", file=out)
        return EXIT_USAGE
    from interpreter.engine.ruleset import validate_merged
    from interpreter.tools.display import display_path, load_display

    try:
        validate_merged(ruleset)
        load_display(ruleset)
    except RulesetErrors as exc:
        for e in exc.errors:
            print(e.render(), file=out)
        print(f"{len(exc.errors)} error(s)", file=out)
        return EXIT_USAGE
    seconds = time.perf_counter() - start
    summary = ruleset.summary()
    if args.json:
        print(json.dumps({**summary, "path": str(ruleset.path), "ok": True}, indent=2),
              file=out)
        return EXIT_OK
    print(format_summary(summary, ruleset), file=out)
    layers = len(getattr(ruleset, "layers", []) or [])
    what = "every layer and the merged ruleset are" if layers > 1 else "the ruleset is"
    print(f"schemas: {what} valid", file=out)
    shown = display_path(ruleset)
    print(f"display: {shown.name if shown else 'none (a plain generic picture)'}, checked",
          file=out)
    print(f"loaded, checked and compiled in {seconds:.2f} s", file=out)
    print("OK", file=out)
    return EXIT_OK


def format_summary(summary: dict[str, Any], ruleset: Any = None) -> str:
    rows: list[tuple[str, str]] = []
    if ruleset is not None:
        rows.append(("path", str(ruleset.path)))
        layers = getattr(ruleset, "layers", None) or []
        if len(layers) > 1:
            rows.append(("layers", " > ".join(layer.name for layer in layers)))
    for key, value in summary.items():
        if key == "name":
            continue
        label = SUMMARY_LABELS.get(key, key.replace("_", " "))
        rows.append((label, _summary_value(key, value)))
    width = max(len(label) for label, _ in rows) + 1
    lines = [str(summary.get("name", "(unnamed ruleset)"))]
    lines += [f"  {label + ':':<{width}} {value}" for label, value in rows]
    return "\n".join(lines)


def _summary_value(key: str, value: Any) -> str:
    if isinstance(value, dict):
        if not value:
            return "none"
        return ", ".join(f"{name} {count}" for name, count in value.items())
    if isinstance(value, list | tuple):
        items = [str(v) for v in value]
        if key == "players" and len(items) > 1:
            return ", ".join(items[:-1]) + " or " + items[-1]
        return ", ".join(items) or "none"
    return str(value)


# ------------------------------------------------------------------------------ simulate
SIMULATE_HELP = "play many seeded games between bots and report on them"
SIMULATE_DESCRIPTION = """\
Play G complete games (--games) of a ruleset between bots and report, for each seat: the mean,
spread and range of its score, its wins (a tie between k players gives each 1/k of a win;
such wins are also counted as "shared wins"), and its win rate. Then the length of the games
in decisions (and in turns, if the ruleset has a variable named 'turns'), how the games ended,
and the speed.

Game i (from 0) uses seed S+i (--seed), and the bots draw from their own generator seeded
S+i, so the same command gives the same report (apart from the timings). A progress bar is shown
on stderr when it is a terminal."""

SIMULATE_EPILOG = """\
examples:
  rules simulate {example} --players {n} --games 1000 --seed 1
  rules simulate {example} --players {n} --games 100 --json
  rules simulate {example} --players {n}{bots}

bots: """


def _add_simulate(sub: Any) -> None:
    p = sub.add_parser("simulate", help=SIMULATE_HELP, description=SIMULATE_DESCRIPTION,
                       epilog=_examples(SIMULATE_EPILOG) + ", ".join(bot_names()),
                       formatter_class=_formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.add_argument("--players", "-p", metavar="N", type=_whole(1),
                   help="number of players (may be left out when the ruleset allows only "
                        "one number)")
    p.add_argument("--games", "-g", metavar="G", type=_whole(1), default=100,
                   help="number of games to play (default: 100)")
    p.add_argument("--seed", "-s", metavar="S", type=_any_whole, default=1,
                   help="seed of the first game (default: 1)")
    p.add_argument("--bot", "-b", metavar="NAME", action="append", dest="bots",
                   help="bot for the seats: once for all seats, or once per seat in seat "
                        f"order (default: random; known: {', '.join(bot_names())})")
    p.add_argument("--max-decisions", metavar="M", type=_whole(1), default=100_000,
                   help="give up on a game that has not ended after M decisions "
                        "(default: 100000)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar, even on a terminal")
    p.set_defaults(run=cmd_simulate)


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.tools.simulate import simulate

    ruleset = _load(args.path)
    players = args.players
    if players is None:
        if len(ruleset.player_counts) != 1:
            counts = " or ".join(str(c) for c in ruleset.player_counts)
            raise RulesError(f"{ruleset.name} is played by {counts} players: "
                             "say how many with --players")
        players = ruleset.player_counts[0]
    ruleset.check_players(players)
    bar = ProgressBar(err) if not args.no_progress and _is_tty(err) else None
    try:
        report = simulate(ruleset, players, args.games, args.seed, bots=args.bots,
                          progress=bar, max_decisions=args.max_decisions)
    finally:
        if bar is not None:
            bar.clear()
    if args.json:
        print(json.dumps(report.to_dict(), indent=2), file=out)
    else:
        print(report.to_text(), file=out)
    return EXIT_OK


class ProgressBar:
    """`[#####-----]  45/100 games  12.3 games/s  about 4 s left`, redrawn in place."""

    def __init__(self, stream: TextIO, width: int = 30, every: float = 0.1):
        self.stream = stream
        self.width = width
        self.every = every
        self.start = time.perf_counter()
        self.last = -1.0
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.start
        filled = self.width * done // total if total else self.width
        rate = done / elapsed if elapsed > 0 else 0.0
        text = (f"[{'#' * filled}{'-' * (self.width - filled)}] "
                f"{done:>{len(str(total))}}/{total} games")
        if rate > 0:
            text += f"  {rate:.1f} games/s"
            left = (total - done) / rate
            if done < total:
                text += f"  about {left:.0f} s left" if left >= 1 else "  under 1 s left"
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# ------------------------------------------------------------------------------ flatten
FLATTEN_HELP = "print the effective ruleset after all overlays, rule by rule"
FLATTEN_DESCRIPTION = """\
Print the rules in effect for a ruleset that extends others (a variant written as an overlay):
every declaration as it is written, in order, each marked with the file, line and layer it
comes from. A rule replaced by an overlay appears once, in its new version; a guarded
replacement ('replace procedure ... when ...') also names the rule it falls back to."""


def _add_flatten(sub: Any) -> None:
    p = sub.add_parser("flatten", help=FLATTEN_HELP, description=FLATTEN_DESCRIPTION,
                       epilog=_examples("examples:\n  rules flatten {example}"),
                       formatter_class=_formatter)
    p.add_argument("path", metavar="PATH", help="ruleset folder, or its ruleset.yaml")
    p.set_defaults(run=cmd_flatten)


def cmd_flatten(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.tools.flatten import flatten_text

    print(flatten_text(_load(args.path)), file=out)
    return EXIT_OK


# ------------------------------------------------------------------------------ play
PLAY_HELP = "play a game at the terminal: people and bots, saves, replays, a board picture"
PLAY_DESCRIPTION = """\
Play a ruleset at this terminal. Before each of your decisions the board is shown (as the
ruleset's display file draws it: coloured on a terminal, plain text when the output is not a
terminal or NO_COLOR is set), then your own hand, what happened since your last decision, and
the options, numbered and in words. Type a number to choose.

At any prompt you may also type: help, why NAME (why an option is not allowed now, with the
rule that says so), log [N], board, save [FILE], quit. Ctrl-C asks whether to save.

Seats: seat 1 is you and the others are greedy bots, unless --seat says otherwise (--seat
1=random makes seat 1 a bot too). Several human seats play hot-seat: a "pass to <name>" screen
hides the previous hand. --watch lets bots play every seat and prints the game as it goes.

Every game writes a replay (the ruleset's content hash, the seed, the decisions and the state
hash after each) to --replay-dir; check it later with 'rules replay FILE'. With no PATH the
first ruleset that comes with the engine is played."""

PLAY_EPILOG = """\
examples:
  rules play
  rules play {example} --players {n} --seed 7
  rules play {example} --players {n} --seat 2=human --name 1=Ann --name 2=Ben
  rules play {example} --players {n} --watch --seed 3 --svg end.svg
  rules play --load game.save.json

seat kinds: human, """


def _seat_and(what: str, example: str) -> Callable[[str], tuple[int, str]]:
    """SEAT=VALUE (--seat, --name) -> (seat number, value)."""
    def parse(text: str) -> tuple[int, str]:
        seat, sep, value = text.partition("=")
        seat, value = seat.strip(), value.strip()
        if not sep or not (seat.isascii() and seat.isdigit()) or not value:
            raise argparse.ArgumentTypeError(f"expected SEAT={what}, e.g. {example}, "
                                             f"not '{text}'")
        return int(seat), value
    return parse


_seat_spec = _seat_and("KIND", "2=greedy")
_name_spec = _seat_and("NAME", "1=Ann")


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help=PLAY_HELP, description=PLAY_DESCRIPTION,
                       epilog=_examples(PLAY_EPILOG) + ", ".join(bot_names()),
                       formatter_class=_formatter)
    p.add_argument("path", metavar="PATH", nargs="?",
                   help="ruleset folder, or its ruleset.yaml (default: the first ruleset that "
                        "comes with the engine; with --load: the saved game's)")
    p.add_argument("--players", "-p", metavar="N", type=_whole(1),
                   help="number of players (default: the most the ruleset allows)")
    p.add_argument("--seat", metavar="SEAT=KIND", type=_seat_spec, action="append",
                   default=[], help="who plays a seat: human or a bot "
                                    f"({', '.join(bot_names())}); may be repeated")
    p.add_argument("--name", metavar="SEAT=NAME", type=_name_spec, action="append",
                   default=[], help="a player's name, e.g. 1=Ann; may be repeated")
    p.add_argument("--seed", "-s", metavar="S", type=_any_whole,
                   help="the game's seed (default: drawn at random and shown)")
    p.add_argument("--watch", action="store_true",
                   help="bots play every seat; print the game as it goes")
    p.add_argument("--delay", metavar="SECONDS", type=_seconds, default=0.0,
                   help="with --watch: pause after each event (default: 0)")
    p.add_argument("--load", metavar="FILE", type=Path,
                   help="continue a saved game (or the last position of a replay)")
    p.add_argument("--svg", metavar="FILE", type=Path,
                   help="write a picture of the board (SVG) when the session ends")
    p.add_argument("--replay-dir", metavar="DIR", type=Path, default=Path("replays"),
                   help="where the replay of the game is written (default: ./replays)")
    p.add_argument("--no-replay", action="store_true", help="do not write a replay")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colours: auto (on a terminal, unless NO_COLOR is set), always, never")
    p.set_defaults(run=cmd_play)


def _seats(args: argparse.Namespace, players: int, saved: dict[str, str] | None) -> dict:
    from interpreter.engine.world import player_id
    from interpreter.tools.bots import BOTS
    from interpreter.tools.play import HUMAN

    if saved:
        seats = {player_id(i): saved.get(player_id(i), "greedy") for i in range(1, players + 1)}
    else:
        seats = {player_id(i): "greedy" for i in range(1, players + 1)}
        if not args.watch:
            seats[player_id(1)] = HUMAN
    known = ", ".join([HUMAN, *bot_names()])
    for seat, kind in args.seat:
        if not 1 <= seat <= players:
            raise RulesError(f"--seat {seat}={kind}: there are seats 1 to {players}")
        if kind != HUMAN and kind not in BOTS:
            raise RulesError(f"--seat {seat}={kind}: unknown kind '{kind}' (known: {known})")
        seats[player_id(seat)] = kind
    for seat, kind in enumerate(seats.values(), start=1):
        if kind != HUMAN and kind not in BOTS:  # a seat of the saved game
            raise RulesError(f"seat {seat} of the saved game is played by '{kind}', unknown "
                             f"here: choose another with --seat {seat}=KIND (known: {known})")
    if args.watch and any(kind == HUMAN for kind in seats.values()):
        raise RulesError("--watch lets bots play every seat: leave out the human seats")
    return seats


def _names(args: argparse.Namespace, players: int, saved: dict | None) -> dict[str, str]:
    from interpreter.engine.world import player_id

    names = dict(saved or {})
    for seat, name in args.name:
        if not 1 <= seat <= players:
            raise RulesError(f"--name {seat}={name}: there are seats 1 to {players}")
        names[player_id(seat)] = name
    return names


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import random as _random

    from interpreter.tools.display import load_display, use_colour
    from interpreter.tools.play import Session
    from interpreter.tools.replay import History

    if args.load is not None:
        ruleset, game, history, saved = load_position(args.load, args.path, err)
        if args.players is not None and args.players != game.n:
            raise RulesError(f"the saved game has {game.n} players, not {args.players}")
        if args.seed is not None and args.seed != game.state["seed"]:
            raise RulesError(f"the saved game has seed {game.state['seed']}, not {args.seed}")
        if args.name:
            game.names.update(_names(args, game.n, None))
        seats = _seats(args, game.n, saved.get("seats"))
        if game.over:
            print(f"note: {args.load} holds a finished game", file=err)
    else:
        bundled = bundled_rulesets()
        path = args.path or (bundled[0] if bundled else None)
        if path is None:
            raise RulesError("say which ruleset to play: rules play PATH")
        ruleset = _load(path)
        players = args.players or max(ruleset.player_counts)
        ruleset.check_players(players)
        seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(10**6)
        seats = _seats(args, players, None)
        game = ruleset.new_game(players, seed, names=_names(args, players, None))
        history = History.start(game)
    display = load_display(ruleset)
    session = Session(ruleset=ruleset, game=game, history=history, seats=seats,
                      display=display, out=out, colour=use_colour(out, args.color),
                      tty=_is_tty(out) and _is_tty(sys.stdin), watch=args.watch,
                      delay=args.delay, replay_dir=None if args.no_replay else args.replay_dir,
                      svg=args.svg)
    return session.run()


def load_position(path: Path, ruleset_path_text: str | None, err: TextIO):
    """A saved game or a replay -> (ruleset, game, history, play data). RulesError (exit 2)
    with one line for a file that is neither, damaged, or made with another ruleset."""
    from interpreter.engine.runtime import SAVE_FORMAT, Game
    from interpreter.tools.replay import (
        REPLAY_FORMAT,
        History,
        check_replay,
        check_save_play,
        read_json,
        replay_game,
    )

    data = read_json(path, "saved game")
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == REPLAY_FORMAT:
        data = check_replay(data, path)
        ruleset = _load(ruleset_path_text or data["ruleset"]["path"])
        _warn_changed(ruleset, data["ruleset"].get("hash"), path, err)
        game = replay_game(ruleset, data)
        history = History(list(data["moves"]), list(data.get("deciders") or []),
                          list(data["hashes"]), list(data.get("core_hashes") or []))
        if not history.consistent():
            history, game = History.rebuild(ruleset, game.n, game.state["seed"], game.names,
                                            list(data["moves"]))
        return ruleset, game, history, {"seats": data.get("seats") or {}}
    if kind != SAVE_FORMAT:
        raise RulesError(f"{path}: not a saved game or a replay of this engine")
    play = check_save_play(data, path)
    where = ruleset_path_text or play.get("ruleset")
    if not where:
        raise RulesError(f"{path}: the save does not say where its ruleset is: give the "
                         "ruleset's PATH too")
    ruleset = _load(where)
    _warn_changed(ruleset, data.get("ruleset_hash"), path, err)
    try:
        game = Game.from_save(ruleset, data)
    except RulesError as exc:
        raise RulesError(f"{path}: {exc}") from None
    history = History(list(play.get("moves") or []), list(play.get("deciders") or []),
                      list(play.get("hashes") or []), list(play.get("core_hashes") or []))
    # Play the decisions again from the start: the game then has its event log too. Under
    # changed rules that may give another game: then the saved state is used as it is.
    try:
        again, replayed = History.rebuild(ruleset, game.n, game.state["seed"], game.names,
                                          list(game.moves))
    except RulesError:
        replayed = None
    if replayed is not None and _same_state(replayed, game):
        return ruleset, replayed, again, play
    if not (history.consistent() and history.moves == list(game.moves)):
        raise RulesError(f"{path}: the saved game's history is damaged or does not fit its "
                         "ruleset")
    return ruleset, game, history, play


def _same_state(a: Any, b: Any) -> bool:
    """The whole state, where the rules stand included."""
    def text(game: Any) -> str:
        return json.dumps(game.state, sort_keys=True, separators=(",", ":"))
    return text(a) == text(b)


def _warn_changed(ruleset: Any, recorded: Any, path: Path, err: TextIO) -> None:
    if recorded and recorded != ruleset.content_hash:
        print(f"note: the ruleset has changed since {path} was written", file=err)


# ------------------------------------------------------------------------------ replay
REPLAY_HELP = "replay a recorded game and check that the rules still give the same game"
REPLAY_DESCRIPTION = """\
Play a recorded game (a replay written by 'rules play') again, decision by decision, under its
ruleset (or the one given with --ruleset), and compare the state of the game after every step
with the recorded state hash.

If every step matches, the final state is confirmed (exit code 0). If the rules have changed,
the first step where the game goes another way is named, and why: a decision the rules no
longer allow (with the rule that forbids it), or a decision that now has another effect
(exit code 1). A file that is not a replay, or a damaged one, gives one line and exit code 2."""

REPLAY_EPILOG = """\
examples:
  rules replay replays/game.json
  rules replay replays/game.json --ruleset my-variant
  rules replay replays/game.json --log"""


def _add_replay(sub: Any) -> None:
    p = sub.add_parser("replay", help=REPLAY_HELP, description=REPLAY_DESCRIPTION,
                       epilog=REPLAY_EPILOG, formatter_class=_formatter)
    p.add_argument("file", metavar="FILE", type=Path, help="a replay file (JSON)")
    p.add_argument("--ruleset", metavar="PATH",
                   help="replay under this ruleset instead of the recorded one")
    p.add_argument("--log", action="store_true", help="print the game's events as it replays")
    p.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.tools.replay import load_replay_file, verify

    data = load_replay_file(args.file)
    recorded = data["ruleset"]
    ruleset = _load(args.ruleset or recorded["path"])
    moves = len(data["moves"])
    print(f"Replaying {args.file}: {ruleset.name}, {data['players']} players, seed "
          f"{data['seed']}, {moves} decisions", file=out)
    if recorded.get("hash") and recorded["hash"] != ruleset.content_hash:
        print("note: the ruleset's files have changed since the game was recorded", file=out)
    printed = 0

    def on_step(game: Any, step: int) -> None:
        nonlocal printed
        if args.log:
            for line in game.events[printed:]:
                print(f"  {line}", file=out)
            printed = len(game.events)

    verdict = verify(ruleset, data, on_step=on_step if args.log else None)
    game = verdict.game
    if args.log and printed < len(game.events):
        for line in game.events[printed:]:
            print(f"  {line}", file=out)
    if verdict.ok:
        state = "the game is over" if game.over else "the game is not over yet"
        print(f"OK: all {moves} decisions replayed; the final state matches the recording "
              f"({game.state_hash()[:16]}); {state}.", file=out)
        return EXIT_OK
    step = verdict.step
    where = "at setup (step 0)" if step == 0 else f"at step {step} of {moves}"
    print(f"The game diverges {where}: {verdict.reason}", file=out)
    recent = game.events[-5:]
    if recent and verdict.kind != "ended":
        print("The last events before it:", file=out)
        for line in recent:
            print(f"  {line}", file=out)
    return EXIT_GAME_ERROR


# ------------------------------------------------------------------------------ show
SHOW_HELP = "show the board of a saved game or replay (as text, or as an SVG picture)"
SHOW_DESCRIPTION = """\
Show the position of a saved game (from 'save' in 'rules play') or the last position of a
replay: the board as the ruleset's display draws it, then who decides next, or the final
scores. --svg writes the picture to a file instead. Only what every player may see is shown,
unless --as names the seat whose hand is shown too."""

SHOW_EPILOG = """\
examples:
  rules show game.save.json
  rules show game.save.json --svg board.svg
  rules show replays/game.json --as 2"""


def _add_show(sub: Any) -> None:
    p = sub.add_parser("show", help=SHOW_HELP, description=SHOW_DESCRIPTION,
                       epilog=SHOW_EPILOG, formatter_class=_formatter)
    p.add_argument("file", metavar="SAVE", type=Path, help="a saved game or a replay (JSON)")
    p.add_argument("--svg", metavar="FILE", type=Path, help="write the board as SVG to FILE")
    p.add_argument("--as", dest="seat", metavar="SEAT", type=_whole(1),
                   help="also show this seat's own hand")
    p.add_argument("--ruleset", metavar="PATH", help="the ruleset, if not the recorded one")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colours: auto (on a terminal, unless NO_COLOR is set), always, never")
    p.set_defaults(run=cmd_show)


def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.engine.world import player_id
    from interpreter.tools.display import load_display, use_colour
    from interpreter.tools.play import final_scores
    from interpreter.tools.replay import FILE_ERRORS, file_error

    ruleset, game, _, _ = load_position(args.file, args.ruleset, err)
    viewer = None
    if args.seat is not None:
        if args.seat > game.n:
            raise RulesError(f"--as {args.seat}: there are seats 1 to {game.n}")
        viewer = player_id(args.seat)
    display = load_display(ruleset)
    if args.svg is not None:
        picture = display.to_svg(game, viewer)
        try:
            args.svg.parent.mkdir(parents=True, exist_ok=True)
            args.svg.write_text(picture, encoding="utf-8")
        except FILE_ERRORS as exc:
            raise RulesError(f"cannot write {args.svg}: {file_error(exc)}") from None
        print(f"Picture of the board: {args.svg}", file=out)
        return EXIT_OK
    colour = use_colour(out, args.color)
    print(display.board(game, viewer or game.players[0], colour), file=out)
    if viewer is not None:
        private = display.private_text(game, viewer, colour)
        if private:
            print(file=out)
            print(private, file=out)
    print(file=out)
    decision = game.decision()
    if decision is None:
        print(final_scores(game), file=out)
    else:
        print(f"Next: {game.label(decision.player)} decides: {decision.prompt} "
              f"({len(decision.options)} options)", file=out)
    return EXIT_OK


# ------------------------------------------------------------------------------ main
# A command is a function that adds a subparser and sets `run=cmd_...` (a function of
# (args, out, err) returning an exit code); list it here.
COMMANDS: list[Callable[[Any], None]] = [_add_check, _add_simulate, _add_flatten, _add_play,
                                          _add_replay, _add_show]


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="rules", description=DESCRIPTION, epilog=_examples(EPILOG),
                            formatter_class=_formatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for add in COMMANDS:
        add(sub)
    for command in sub.choices.values():  # so that a mistake after it names the command
        command.set_defaults(parser=command)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("rules-engine")
    except PackageNotFoundError:
        return "(not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `rules` command with `argv` (default: sys.argv[1:]); returns the exit code."""
    out, err = sys.stdout, sys.stderr
    parser = build_parser()
    try:
        try:
            args, extra = parser.parse_known_args(argv)
            if extra:
                getattr(args, "parser", parser).error(
                    f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as exc:  # --help, --version, or a usage mistake
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        if getattr(args, "run", None) is None:
            parser.print_help(err)
            return EXIT_USAGE
        return _run(args, out, err)
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return EXIT_INTERRUPTED
    except GameRuleError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_GAME_ERROR
    except RulesetErrors as exc:
        for e in exc.errors:
            print(e.render(), file=err)
        print(f"{len(exc.errors)} error(s)", file=err)
        return EXIT_USAGE
    except RulesetError as exc:
        print(exc.render(), file=err)
        print("1 error(s)", file=err)
        return EXIT_USAGE
    except RulesError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_USAGE
    except BrokenPipeError:  # `rules simulate ... | head`: stop quietly
        _silence_stdout()
        return 1


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the command; the numbers of a game have no bound, so neither has their length in
    digits (Python refuses to write ints of more than 4300 digits by default)."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return args.run(args, out, err)
    finally:
        sys.set_int_max_str_digits(limit)


def _silence_stdout() -> None:
    """After a broken pipe, point stdout at /dev/null so the exit flush does not complain."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
