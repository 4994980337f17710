"""Shared fixtures: the rulesets are loaded once per test session (loading compiles them).

The tests never touch the user's cache (interpreter/language/cache.py): a test run (its
workers too), and the commands its tests start, use a cache folder of their own, removed at the
end (tests/shared.py)."""

from __future__ import annotations

import os
import random
import shutil
import sys
from pathlib import Path

import pytest

from interpreter.engine.ruleset import Ruleset, load_ruleset
from interpreter.engine.runtime import Game
from interpreter.language.cache import ENV as CACHE_ENV

from .shared import run_folder

TEST_CACHE = str(run_folder() / "cache")  # one per run, for its every worker
os.environ[CACHE_ENV] = TEST_CACHE  # inherited by the commands the tests run

ROOT = Path(__file__).resolve().parent.parent
FIFTH = ROOT / "rulesets" / "fifth-avenue"
BASE = FIFTH / "base"


@pytest.fixture(scope="session")
def base() -> Ruleset:
    return load_ruleset(BASE)


@pytest.fixture(scope="session")
def alea() -> Ruleset:
    return load_ruleset(FIFTH / "alea-2p")


@pytest.fixture(scope="session")
def six() -> Ruleset:
    return load_ruleset(FIFTH / "six-plot")


def edited_copy(tmp_path: Path, file: str, old: str, new: str, name: str = "edited") -> Path:
    """A copy of the base ruleset with one text of one file replaced (it must be there)."""
    folder = tmp_path / name
    shutil.copytree(BASE, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not found in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def empty_board(game: Game) -> Game:
    """Every building place emptied (tiles and pieces), to build a position by hand."""
    for zone in ("plot_tiles", "towers"):
        for place in game.Z[zone]:
            game.Z[zone][place] = {}
    return game


def play_random(game: Game, rng: random.Random, limit: int = 5000) -> Game:
    """Play to the end with uniformly random legal decisions."""
    for _ in range(limit):
        decision = game.decision()
        if decision is None:
            return game
        game.apply(rng.choice(decision.options))
    raise AssertionError("the game did not end")


# A tiny two-player card game for tests of the tools (the tutorial game is richer).
TINY_MANIFEST = """\
name: Tiny
players: [{players}]
rules: [game.rules]
"""

TINY_RULES = """\
enum suit: red, blue
component card(suit: suit, value: 1..3):
  count 2
  start in deck
  label "{suit} {value}"
zone deck: stack of card, hidden
zone hand[player]: pile of card, owner
zone table: pile of card
var vp[player] = 0
var turns = 0

define score(p) = vp[p]
define tiebreak(p) = 0

procedure setup():
  shuffle deck
  for each player p:
    move 3 from deck to hand[p]

procedure play():
  let p = "P1"
  while size(deck) > 0:
    choose c from kinds(hand[p]) by p "play a card"
    move 1 of c from hand[p] to table
    vp[p] += c.value
    log "{p} plays {c}"
    move top from deck to hand[p]
    turns += 1
    p = next_player(p)
  end game "deck empty"
"""


def write_tiny(folder: Path, rules: str = TINY_RULES, players: str = "2") -> Path:
    """Write the tiny ruleset (or other rules with its manifest) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(TINY_MANIFEST.format(players=players), encoding="utf-8")
    (folder / "game.rules").write_text(rules, encoding="utf-8")
    return folder


# Run a Python command as from a terminal: Ctrl-C's signal neither ignored nor blocked. A
# process whose SIGINT is ignored passes that on to every command it starts, and Python then
# leaves it ignored, so a test of Ctrl-C must not depend on what the test process was left with.
_AT_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                  "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
                  "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


def as_at_a_terminal(argv: list[str]) -> list[str]:
    """`argv` (a command of this Python: [sys.executable, ...]) started the same way, with
    SIGINT as a terminal gives it (the very process: it replaces itself by the command)."""
    return [sys.executable, "-c", _AT_A_TERMINAL, *argv[1:]]


def session_processes(session: int) -> list[int]:
    """The live processes of a session (a command started with start_new_session=True and
    the workers it started), read from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry))
    return found
