"""`rules replay`: replay a recorded game and check that the rules still give the same game."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from interpreter.cli.common import EXIT_GAME_ERROR, EXIT_OK, formatter, load

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


def add_parser(sub: Any) -> None:
    p = sub.add_parser("replay", help=REPLAY_HELP, description=REPLAY_DESCRIPTION,
                       epilog=REPLAY_EPILOG, formatter_class=formatter)
    p.add_argument("file", metavar="FILE", type=Path, help="a replay file (JSON)")
    p.add_argument("--ruleset", metavar="PATH",
                   help="replay under this ruleset instead of the recorded one")
    p.add_argument("--log", action="store_true", help="print the game's events as it replays")
    p.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from interpreter.play.game_files import game_named
    from interpreter.play.replay import load_replay_file, verify
    from interpreter.play.screen import wrap_lines
    from interpreter.play.terminal import terminal_width

    width = terminal_width()

    def say(text: str) -> None:
        """A line wrapped to the terminal's width (80 columns when it is not a terminal)."""
        for line in wrap_lines([text], width):
            print(line, file=out)

    data = load_replay_file(args.file)
    recorded = data["ruleset"]
    ruleset = load(args.ruleset or recorded["path"], args.allow_outside,
                   recorded.get("settings") or ())
    moves = len(data["moves"])
    say(f"Replaying {args.file}: {ruleset.name}, {data['players']} players, "
        f"{game_named(data['seed'])}, {moves} decisions")
    changed = bool(recorded.get("hash")) and recorded["hash"] != ruleset.content_hash
    printed = 0

    def on_step(game: Any, step: int) -> None:
        nonlocal printed
        if args.log:
            for line in game.events[printed:]:
                say(f"  {line}")
            printed = len(game.events)

    verdict = verify(ruleset, data, on_step=on_step if args.log else None)
    game = verdict.game
    if args.log and printed < len(game.events):
        for line in game.events[printed:]:
            say(f"  {line}")
    if verdict.ok:  # the rules' texts changed, the game the same: a note, no warning
        if changed:
            say("note: the ruleset's files have changed since the game was recorded; the "
                "game replays the same.")
        state = "the game is over" if game.over else "the game is not over yet"
        say(f"OK: all {moves} decisions replayed; the final state matches the recording "
            f"({game.state_hash()[:16]}); {state}.")
        return EXIT_OK
    if changed:
        say("warning: the ruleset's files have changed since the game was recorded, and "
            "the game no longer replays the same:")
    step = verdict.step
    where = "at setup (step 0)" if step == 0 else f"at step {step} of {moves}"
    say(f"The game diverges {where}: {verdict.reason}")
    recent = game.events[-5:]
    if recent and verdict.kind != "ended":
        say("The last events before it:")
        for line in recent:
            say(f"  {line}")
    return EXIT_GAME_ERROR
