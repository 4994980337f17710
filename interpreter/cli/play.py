"""`rules play`: play a game at the terminal (people and bots, saves, replays, a picture)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from interpreter.bots.players import bot_names
from interpreter.cli.common import (
    any_whole,
    bundled_rulesets,
    check_parent,
    examples,
    formatter,
    is_tty,
    load,
    load_position,
    seconds,
    whole,
)
from interpreter.language.book.phrases import languages
from interpreter.language.errors import RulesError

PLAY_HELP = "play a game at the terminal: people and bots, saves, replays, a board picture"
PLAY_DESCRIPTION = """\
Play a ruleset at this terminal. Before each of your decisions you see what happened since
your last decision, your own hand and the options, numbered and in words, and the board (as
the ruleset's display file draws it: coloured on a terminal, plain text when the output is not
a terminal or NO_COLOR is set) when the terminal has the rows for it; else 'board' shows it.
Type a number to choose; Enter shows the screen again.

At any prompt you may also type: help, why NAME (why an option is or is not allowed now, in
words; why --cite NAME adds the rulebook's paragraphs), score (the final scoring if the game
ended now), log [N], board, undo (your last decision), save [FILE], quit (asks whether to
save first). Names may be typed in any case and shortened. Ctrl-C asks whether to save.

Seats: with no --seat, seat 1 is you and the others are greedy bots. Naming a human seat puts
you there instead: --seat 2=human is you in seat 2 against bots in seats 1, 3 and 4. Every seat
not named is a greedy bot; --seat 1=random makes seat 1 a bot of another kind. Several human
seats play hot-seat (--seat 1=human --seat 2=human): a "pass to <name>" screen hides the
previous hand. Who plays which seat is said before the first decision. --watch lets bots play
every seat and prints the game as it goes.

Every game writes a replay (the ruleset's content hash, the seed or secret, the decisions and
the state hash after each) to --replay-dir; check it later with 'rules replay FILE'. While the
game is played, each decision is appended at once to a journal beside it (NAME.journal.jsonl):
if the session is killed, 'rules play --load JOURNAL' continues the game. With no PATH the
first ruleset that comes with the engine is played.

A game without --seed is dealt from a secret of 256 bits drawn from the operating system: its
hidden cards and its bots' choices cannot be computed from what the players see. The secret is
never shown (the game is named by an id instead, e.g. 'game 3fa9c2d01e'); saves, the replay and
the journal keep it, readable by you alone (mode 0600): give a replay to others only once its
game is over. --seed N deals a game that can be played again the same."""

PLAY_EPILOG = """\
examples:
  rules play
  rules play {example} --players {n} --seed 7
  rules play {example} --players {n} --seat 2=human          (you in seat 2, bots elsewhere)
  rules play {example} --players {n} --seat 1=human --seat 2=human --name 1=Ann --name 2=Ben
  rules play {example} --players {n} --watch --seed 3 --svg end.svg
  rules play --load game.save.json

seat kinds: human, """


def _seat_and(what: str, example: str,
              check: Callable[[str], str | None] | None = None
              ) -> Callable[[str], tuple[int, str]]:
    """SEAT=VALUE (--seat, --name) -> (seat number, value); `check`: why a value is refused."""
    def parse(text: str) -> tuple[int, str]:
        seat, sep, value = text.partition("=")
        seat, value = seat.strip(), value.strip()
        if not sep or not (seat.isascii() and seat.isdigit()) or len(seat) > 6 or not value:
            raise argparse.ArgumentTypeError(f"expected SEAT={what}, e.g. {example}, "
                                             f"not '{_shown(text)}'")
        problem = check(value) if check is not None else None
        if problem:
            raise argparse.ArgumentTypeError(f"'{_shown(text)}': {problem}")
        return int(seat), value
    return parse


def _shown(text: str) -> str:
    """A text of the command line as it may be printed back (escaped, cut)."""
    text = text.encode("unicode_escape", "backslashreplace").decode("ascii")
    return text if len(text) <= 60 else text[:59] + "…"


def _name_problem(name: str) -> str | None:
    from interpreter.play.names import name_problem

    return name_problem(name)


_seat_spec = _seat_and("KIND", "2=greedy")
_name_spec = _seat_and("NAME", "1=Ann", _name_problem)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("play", help=PLAY_HELP, description=PLAY_DESCRIPTION,
                       epilog=examples(PLAY_EPILOG) + ", ".join(bot_names()),
                       formatter_class=formatter)
    add_game_arguments(p)
    p.add_argument("--watch", action="store_true",
                   help="bots play every seat; print the game as it goes")
    p.add_argument("--delay", metavar="SECONDS", type=seconds, default=0.0,
                   help="with --watch: pause after each event (default: 0)")
    p.add_argument("--max-decisions", metavar="M", type=whole(1), default=100_000,
                   help="when bots play every seat: stop a game that has not ended after M "
                        "decisions, with exit code 1 (default: 100000)")
    p.add_argument("--svg", metavar="FILE", type=Path,
                   help="write a picture of the board (SVG) when the session ends")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colours: auto (on a terminal, unless NO_COLOR is set), always, never")
    p.set_defaults(run=cmd_play)


def add_game_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments that choose a game and its seats (`rules play`, `rules serve`)."""
    p.add_argument("path", metavar="PATH", nargs="?",
                   help="ruleset folder, or its ruleset.yaml (default: the first ruleset that "
                        "comes with the engine; with --load: the saved game's)")
    p.add_argument("--players", "-p", metavar="N", type=whole(1),
                   help="number of players (default: the most the ruleset allows)")
    p.add_argument("--seat", metavar="SEAT=KIND", type=_seat_spec, action="append",
                   default=[], help="who plays a seat: human or a bot "
                                    f"({', '.join(bot_names())}); may be repeated")
    p.add_argument("--name", metavar="SEAT=NAME", type=_name_spec, action="append",
                   default=[], help="a player's name, e.g. 1=Ann; may be repeated")
    p.add_argument("--seed", "-s", metavar="S", type=any_whole,
                   help="the game's seed, a whole number: the same seed deals the same game "
                        "(default: a secret of 256 bits from the operating system, never "
                        "shown, that cannot be found from the cards seen; the game is named by "
                        "an id instead, and its save, replay and journal files keep the secret, "
                        "readable by you alone)")
    p.add_argument("--load", metavar="FILE", type=Path,
                   help="continue a saved game (or the last position of a replay)")
    p.add_argument("--replay-dir", metavar="DIR", type=Path, default=Path("replays"),
                   help="where the replay of the game is written (default: ./replays)")
    p.add_argument("--no-replay", action="store_true", help="do not write a replay")
    p.add_argument("--lang", metavar="LANG", choices=languages(), default="en",
                   help="the language of the rules shown during the game (`rules` at a "
                        f"prompt, the page before the first decision): {', '.join(languages())}"
                        " (default: en)")
    p.set_defaults(watch=False)


def _seats(args: argparse.Namespace, players: int, saved: dict[str, str] | None) -> dict:
    from interpreter.bots.players import MAX_BUDGET, too_much_for_a_file
    from interpreter.engine.world import player_id
    from interpreter.play.game_files import HUMAN

    if saved:
        seats = {player_id(i): saved.get(player_id(i), "greedy") for i in range(1, players + 1)}
    else:
        seats = {player_id(i): "greedy" for i in range(1, players + 1)}
        # seat 1 is a person unless --seat names one: `--seat 2=human` is you in seat 2
        # against bots, not a hot-seat game with seat 1
        if not args.watch and not any(kind == HUMAN for _, kind in args.seat):
            seats[player_id(1)] = HUMAN
    known = ", ".join([HUMAN, *bot_names()])
    for seat, kind in args.seat:
        shown = kind if len(kind) <= 40 else kind[:39] + "…"
        if not 1 <= seat <= players:
            raise RulesError(f"--seat {seat}={shown}: there are seats 1 to {players}")
        if not _known_seat(kind):
            raise RulesError(f"--seat {seat}={shown}: unknown kind '{shown}' (known: {known}; "
                             f"search:N or ismcts:N for a search budget of N, from 1 to "
                             f"{MAX_BUDGET:,})")
        seats[player_id(seat)] = kind
    chosen = {player_id(seat) for seat, _ in args.seat}
    for seat, (player, kind) in enumerate(seats.items(), start=1):
        if player in chosen:
            continue
        shown = kind if len(kind) <= 40 else kind[:39] + "…"
        too_much = too_much_for_a_file(kind)
        if too_much:
            raise RulesError(f"seat {seat} of the saved game is played by '{shown}': "
                             f"{too_much}; choose with --seat {seat}=KIND")
        if not _known_seat(kind):  # a seat of the saved game
            raise RulesError(f"seat {seat} of the saved game is played by '{shown}', unknown "
                             f"here: choose another with --seat {seat}=KIND (known: {known})")
    if args.watch and any(kind == HUMAN for kind in seats.values()):
        raise RulesError("--watch lets bots play every seat: leave out the human seats")
    return seats


def _known_seat(kind: str) -> bool:
    """human, or a bot's name (with a budget for a search bot: ismcts:200)."""
    from interpreter.bots.players import make_bot
    from interpreter.play.game_files import HUMAN

    if kind == HUMAN:
        return True
    try:
        make_bot(kind)
    except RulesError:
        return False
    return True


def _names(args: argparse.Namespace, players: int, saved: dict | None) -> dict[str, str]:
    from interpreter.engine.world import player_id

    names = dict(saved or {})
    for seat, name in args.name:
        if not 1 <= seat <= players:
            raise RulesError(f"--name {seat}={name}: there are seats 1 to {players}")
        names[player_id(seat)] = name
    return names


def replay_folder(args: argparse.Namespace) -> Path | None:
    """Where the replay goes (None with --no-replay); a mistyped folder is an error now, before
    the game, not when the replay is written at its end."""
    if args.no_replay:
        return None
    check_parent(args.replay_dir, "--replay-dir")
    return args.replay_dir


def open_game(args: argparse.Namespace, err: TextIO) -> tuple[Any, Any, Any, dict[str, str]]:
    """The game the arguments ask for, new or loaded (--load): (ruleset, game, history,
    seats). Used by `rules play` and `rules serve`."""
    return open_game_saved(args, err)[:4]


def open_game_saved(args: argparse.Namespace,
                    err: TextIO) -> tuple[Any, Any, Any, dict[str, str], dict[str, Any]]:
    """`open_game`, and what the loaded file keeps besides the game (its 'play' part: the
    seats, a browser table's links; empty for a new game)."""
    from interpreter.engine.rng import new_secret
    from interpreter.play.replay import History

    settings = getattr(args, "settings", None) or []  # --set (a caller may leave it out)
    if args.load is not None:
        if settings:
            raise RulesError("--set: a saved game is played under the settings it was saved "
                             "with; leave --set out")
        ruleset, game, history, saved = load_position(args.load, args.path, err,
                                                          args.allow_outside)
        if args.players is not None and args.players != game.n:
            raise RulesError(f"the saved game has {game.n} players, not {args.players}")
        if args.seed is not None and args.seed != game.state["seed"]:
            if game.state["seed"].__class__ is str:  # never shown
                raise RulesError("the saved game was dealt from a secret, not from a seed: "
                                 "leave --seed out")
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
            raise RulesError("say which ruleset to play: rules "
                             f"{getattr(args, 'command', None) or 'play'} PATH")
        ruleset = load(path, args.allow_outside, settings)
        players = args.players or max(ruleset.player_counts)
        ruleset.check_players(players)
        # a game without --seed is dealt from a secret (256 bits from the operating system),
        # never shown: its hidden cards and bots' choices cannot be computed from what is seen
        seed = args.seed if args.seed is not None else new_secret()
        seats = _seats(args, players, None)
        game = ruleset.new_game(players, seed, names=_names(args, players, None))
        history = History.start(game)
        saved = {}
    return ruleset, game, history, seats, saved


def cmd_play(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.play.display import load_display, use_colour
    from interpreter.play.screen import set_aside_typed, terminal_height, terminal_size
    from interpreter.play.terminal import Session

    ruleset, game, history, seats = open_game(args, err)
    display = load_display(ruleset)
    tty = is_tty(out) and is_tty(sys.stdin)
    session = Session(ruleset=ruleset, game=game, history=history, seats=seats,
                      display=display, out=out, colour=use_colour(out, args.color),
                      tty=tty, height=terminal_height() if tty and not args.watch else None,
                      watch=args.watch,
                      delay=args.delay, replay_dir=replay_folder(args),
                      svg=args.svg, max_decisions=args.max_decisions, lang=args.lang,
                      ahead=set_aside_typed if tty else None,
                      size=(lambda: terminal_size(out)) if tty else None,
                      loaded=game.state["step"] if args.load else None)
    return session.run()
