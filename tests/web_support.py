"""What the tests of `rules serve` share: games played up to a position, a table for them, and
a real server in a thread."""

from __future__ import annotations

import random
import re
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from interpreter.cli.common import load
from interpreter.play.display import load_display
from interpreter.play.replay import History
from interpreter.play.table import Table

FIFTH = "fifth-avenue/base"
TUTORIAL = "tutorial/high-card"


def play_until(path: str, players: int, seed: int,
               stop: Callable[[Any, Any], bool], limit: int = 2000):
    """(ruleset, game, history) after random decisions, stopped before the first decision for
    which stop(game, decision) holds."""
    ruleset = load(path)
    game = ruleset.new_game(players, seed)
    history = History.start(game)
    rng = random.Random(seed)
    for _ in range(limit):
        decision = game.decision()
        if decision is None or stop(game, decision):
            return ruleset, game, history
        move = rng.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    raise AssertionError("the position was not reached")


# where a page's "Save the game" writes when a test gives no folder (not the folder the tests
# run in: files named like 'fifth-avenue-step149.save.json' piled up there, one a run)
SAVES = tempfile.TemporaryDirectory(prefix="rules-test-saves-")


def make_table(ruleset, game, history, seats: dict[str, str], **kwargs: Any) -> Table:
    kwargs.setdefault("save_dir", Path(SAVES.name))
    return Table(ruleset, game, history, seats, load_display(ruleset), **kwargs)


def token_of(table: Table, player: str) -> str:
    return next(t for t, p in table.tokens.items() if p == player)


@contextmanager
def serving(table: Table, bot_delay: float = 0.0, port: int = 0,
            **limits: Any) -> Iterator[str]:
    """The table's web app on a free port of 127.0.0.1 (or `port`), in a thread, configured
    as `rules serve` configures it (`limits`: those of `server_config`); yields its base URL."""
    import uvicorn

    from interpreter.play.web import create_app, server_config

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    app = create_app(table, bot_delay=bot_delay)
    server = uvicorn.Server(server_config(app, log_level="warning", **limits))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        app.state.close_streams()
        server.should_exit = True
        thread.join(10)
        sock.close()


DISTRICTS = ("34th W", "34th E", "42nd W", "Times Sq", "42nd E", "52nd W", "52nd E")


def rows_do_not_wrap(board: str) -> None:
    """A newcomer's phone showed the text board's rows wrapped (a district's commissioners
    and markers on a line of their own, out of its columns): on a phone each district says
    its name and what stands there on one line, then its plots under the colours' heading."""
    lines = board.splitlines()
    assert max(map(len, lines)) <= 52
    heading = next(k for k, x in enumerate(lines) if x.split()[:2] == ["violet", "brown"])
    starts = [m.start() for m in re.finditer(r"\S+", lines[heading])]
    for name in DISTRICTS:
        k = next(k for k, x in enumerate(lines) if x.startswith(name))
        assert "." not in lines[k][len(name):], lines[k]  # no plot on the name's line
        plots = lines[k + 1]
        cells = [plots[a:b].strip() for a, b in zip(starts, [*starts[1:], None], strict=True)]
        assert len(cells) == 5 and all(cells), (name, plots)  # each under its colour
        assert plots[:starts[0]].strip() == ""
    assert not any(re.match(r"\s+(<\w\w>|wh|be)\b", x) for x in lines), board
