"""`rules show`: the board of a saved game or replay, as text or as an SVG picture."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import EXIT_OK, formatter, load_position, whole
from interpreter.language.errors import RulesError

SHOW_HELP = "show the board of a saved game or replay (as text, or as an SVG picture)"
SHOW_DESCRIPTION = """\
Show the position of a saved game (from 'save' in 'rules play') or the last position of a
replay: the board as the ruleset's display draws it, then who decides next, or the final
scores. --svg writes the picture to a file instead. Only what every player may see is shown,
unless --as names the seat whose hand is shown too (and, if that seat decides next, what it is
asked and its options: they may show its hand or what it chose privately)."""

SHOW_EPILOG = """\
examples:
  rules show game.save.json
  rules show game.save.json --svg board.svg
  rules show replays/game.json --as 2"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser("show", help=SHOW_HELP, description=SHOW_DESCRIPTION,
                       epilog=SHOW_EPILOG, formatter_class=formatter)
    p.add_argument("file", metavar="SAVE", type=Path, help="a saved game or a replay (JSON)")
    p.add_argument("--svg", metavar="FILE", type=Path, help="write the board as SVG to FILE")
    p.add_argument("--as", dest="seat", metavar="SEAT", type=whole(1),
                   help="also show this seat's own hand")
    p.add_argument("--ruleset", metavar="PATH", help="the ruleset, if not the recorded one")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colours: auto (on a terminal, unless NO_COLOR is set), always, never")
    p.set_defaults(run=cmd_show)


def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.engine.world import player_id
    from interpreter.language.writing import write_atomic
    from interpreter.play.display import load_display, use_colour
    from interpreter.play.replay import FILE_ERRORS, file_error
    from interpreter.play.scores import final_scores

    ruleset, game, _, _ = load_position(args.file, args.ruleset, err, args.allow_outside)
    viewer = None
    if args.seat is not None:
        if args.seat > game.n:
            raise RulesError(f"--as {args.seat}: there are seats 1 to {game.n}")
        viewer = player_id(args.seat)
    display = load_display(ruleset)
    if args.svg is not None:
        picture = display.to_svg(game, viewer)
        try:
            write_atomic(args.svg, picture)
        except FILE_ERRORS as exc:
            raise RulesError(f"cannot write {args.svg}: {file_error(exc)}") from None
        print(f"Picture of the board: {args.svg}", file=out)
        return EXIT_OK
    colour = use_colour(out, args.color)
    print(display.board(game, viewer, colour), file=out)
    if viewer is not None:
        private = display.private_text(game, viewer, colour)
        if private:
            print(file=out)
            print(private, file=out)
    print(file=out)
    decision = game.decision()
    if decision is None:
        print(final_scores(game), file=out)
    elif decision.player == viewer:
        print(f"Next: {game.label(decision.player)} decides: {decision.prompt} "
              f"({len(decision.options)} options)", file=out)
    else:  # the question and the options are the decider's: they may show their hand
        print(f"Next: {game.label(decision.player)} decides (--as "
              f"{game.world.attrs[decision.player]['seat']} shows the question and the "
              "options).", file=out)
    return EXIT_OK
