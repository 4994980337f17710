"""Hot-seat at a real terminal: `rules play` with two people at one terminal leaves nothing of
one player's hand, nor of the lines told to them alone, where the next player can read it: on
the screen or in the terminal's scrollback.

A terminal may keep a screen it clears in its scrollback: tmux does (its `scroll-on-clear`,
on by default since 3.3), and so the clear codes must clear the screen first, then the
scrollback. The game runs in a real pseudo-terminal (80x24); what it writes is read by a model
of such a terminal (`ScrollOnClear`) and, where tmux is installed, by tmux itself."""

from __future__ import annotations

import fcntl
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
import uuid
from pathlib import Path

import pytest

GAME = ["play", "tutorial/pass-left", "--players", "2", "--seat", "1=human", "--seat",
        "2=human", "--seed", "1", "--no-replay", "--color", "never"]
CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\r?\n|\r|[^\x1b\r\n]+|\x1b")
WAIT = 60  # seconds at most for the game to say something (it answers in well under one)


class ScrollOnClear:
    """A terminal of `rows` lines that, like tmux, keeps a screen it clears (ESC [2J) in its
    scrollback, and empties its scrollback on ESC [3J. Lines that scroll off the top go to the
    scrollback too. Cursor moves are left out: the game writes from the top after a clear."""

    def __init__(self, rows: int = 24):
        self.rows = rows
        self.history: list[str] = []
        self.screen: list[str] = []
        self.line = ""

    def feed(self, text: str) -> None:
        for match in CSI.finditer(text):
            token = match.group(0)
            if match.group(2) == "J" and match.group(1) == "2":
                kept = [x for x in [*self.screen, self.line] if x.strip()]
                self.history += kept
                self.screen, self.line = [], ""
            elif match.group(2) == "J" and match.group(1) == "3":
                self.history = []
            elif token.endswith("\n"):
                self.screen.append(self.line)
                self.line = ""
                if len(self.screen) >= self.rows:
                    self.history.append(self.screen.pop(0))
            elif not token.startswith(("\x1b", "\r")):
                self.line += token

    def everything(self) -> str:
        """What can be read on the screen or scrolled back to."""
        return "\n".join([*self.history, *self.screen, self.line])


class Pty:
    """`rules` run in a new pseudo-terminal of 80x24."""

    def __init__(self, args: list[str], cwd: Path):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", NO_COLOR="1")
        self.process = subprocess.Popen([sys.executable, "-m", "interpreter", *args],
                                        stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                        env=env, start_new_session=True)
        os.close(slave)
        self.output = ""

    def until(self, text: str) -> str:
        """Read until the output holds `text` after what was read before; returns what came
        in meanwhile."""
        start = len(self.output)
        deadline = time.monotonic() + WAIT
        while text not in self.output[start:]:
            assert time.monotonic() < deadline, f"no {text!r} in {self.output[-400:]!r}"
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the game has ended and closed the terminal
                    chunk = b""
                if not chunk:
                    assert text in self.output[start:], f"ended without {text!r}"
                self.output += chunk.decode("utf-8", "replace")
        return self.output[start:]

    def rest(self) -> None:
        """Read until the game closes the terminal."""
        deadline = time.monotonic() + WAIT
        while True:
            assert time.monotonic() < deadline, f"the game did not end: {self.output[-400:]!r}"
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # closed: the game has ended
                    return
                if not chunk:
                    return
                self.output += chunk.decode("utf-8", "replace")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode() + b"\r")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        os.close(self.master)


def _hand(screen: str) -> str:
    """The hand on a player's screen (pass-left has no display file: 'your hand: ...')."""
    return re.search(r"your hand: [^\r\n]+", screen).group(0)


def test_the_next_player_cannot_scroll_back_to_the_last_ones_hand(tmp_path):
    game = Pty(GAME, tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        game.until("Player 1, press Enter when you are ready.")
        game.type("")
        hand = _hand(game.until("> "))
        before = len(game.output)
        game.type("1")
        game.until("Player 2, press Enter when you are ready.")
        terminal = ScrollOnClear()
        terminal.feed(game.output[:before])
        assert hand in terminal.everything()  # on Player 1's screen
        terminal.feed(game.output[before:])
        assert "=== Pass to Player 2. ===" in terminal.everything()
        assert hand not in terminal.everything()
        assert "your hand" not in terminal.everything()
    finally:
        game.close()


def test_the_end_of_a_hot_seat_game_shows_no_hand_and_no_line_told_to_one(tmp_path):
    """The last player's screen (their hand, the card passed to them) is cleared before the
    end of the game is shown to everybody."""
    game = Pty(GAME, tmp_path)
    try:
        game.until("Press Enter to start.")
        game.type("")
        for _ in range(6):  # three rounds of two passes
            game.until("press Enter when you are ready.")
            game.type("")
            game.until("> ")
            game.type("1")
        # the end stays on the screen until Enter (a closing window would take it along)
        game.until("Press Enter to leave.")
        assert game.process.poll() is None
        game.type("")
        game.rest()
        assert game.process.wait(WAIT) == 0
        terminal = ScrollOnClear()
        terminal.feed(game.output)
        seen = terminal.everything()
        assert "Game end: the third round is over." in seen
        assert "your hand" not in seen and "passes the" not in seen
        assert "passes the" in game.output  # told to the players, on their own screens
    finally:
        game.close()


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_in_tmux_the_next_player_cannot_scroll_back_to_the_last_ones_hand(tmp_path):
    """The same in tmux itself, with its scroll-on-clear on (the default since tmux 3.3)."""
    socket = f"rules-test-{uuid.uuid4().hex[:12]}"
    command = " ".join(f"'{part}'" for part in [sys.executable, "-m", "interpreter", *GAME])

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True,
                              check=True, timeout=WAIT).stdout

    def until(text: str) -> str:
        deadline = time.monotonic() + WAIT
        while True:
            seen = tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "game")
            if text in seen:
                return seen
            assert time.monotonic() < deadline, f"no {text!r} in {seen[-400:]!r}"
            time.sleep(0.1)

    tmux("-f", "/dev/null", "new-session", "-d", "-s", "game", "-x", "80", "-y", "24",
         "-c", str(tmp_path), f"NO_COLOR=1 exec {command}")
    try:
        scroll = subprocess.run(["tmux", "-L", socket, "set-option", "-gw", "scroll-on-clear",
                                 "on"], capture_output=True, timeout=WAIT)
        if scroll.returncode != 0:
            pytest.skip("this tmux has no scroll-on-clear (older than 3.3)")
        until("Press Enter to start.")
        tmux("send-keys", "-t", "game", "Enter")
        until("Player 1, press Enter when you are ready.")
        tmux("send-keys", "-t", "game", "Enter")
        hand = _hand(until("\n>\n"))  # the prompt '> ' (tmux leaves out trailing spaces)
        tmux("send-keys", "-t", "game", "1", "Enter")
        seen = until("Player 2, press Enter when you are ready.")
        assert "=== Pass to Player 2. ===" in seen
        assert hand not in seen and "your hand" not in seen
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=WAIT)
