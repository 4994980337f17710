"""Robustness, third round (issue 30): the server, the display file, Dask, bots asked for by
files, names and moves from files. Each test names the item of the issue it guards."""

from __future__ import annotations

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesetErrors
from interpreter.play.display import load_display

from .conftest import as_at_a_terminal, session_processes
from .test_robustness import tiny


def _main(*argv):
    from interpreter.cli import main

    return main([str(a) for a in argv])


# ------------------------------------------------------------------ 4. colours of a display file
LEAK = "url(http://evil.example/?hand)"
DISPLAY = """\
colours:
  red: {ansi: "31", svg: "SVG"}
blocks:
  table:
    title: "The table"
    lines: ["{size(deck)} cards in the deck"]
    svg: {x: 10, y: 10, width: 300, height: 60, fill: "FILL"}
text:
  below: [table]
svg: {width: 400, height: 300, background: "BACKGROUND"}
private:
  lines: ["[red]{kinds(hand[viewer])}[/]"]
"""


def _display(**values: str) -> str:
    text = DISPLAY
    for key, default in (("SVG", "#cc0000"), ("FILL", "red"), ("BACKGROUND", "white")):
        text = text.replace(key, values.get(key.lower(), default))
    return text


def test_the_colours_of_a_display_file_are_colours(tmp_path):
    load_display(load_ruleset(tiny(tmp_path / "fine", display=_display())))
    load_display(load_ruleset(tiny(tmp_path / "names", display=_display(
        svg="RebeccaPurple", fill="#A0b1C2", background="transparent"))))
    lines = {"svg": 2, "fill": 7, "background": 10}
    for key, line in lines.items():
        for bad in (LEAK, "#12345", "red;background:url(x)", "expression(alert(1))"):
            folder = tiny(tmp_path / f"{key}-{len(bad)}", display=_display(**{key: bad}))
            with pytest.raises(RulesetErrors) as info:
                load_display(load_ruleset(folder))
            text = str(info.value)
            assert "is not a colour" in text and f"display.yaml:{line}:" in text, text
            assert "#rrggbb or a CSS colour name" in text


BOARD = """\
colours:
  red: {ansi: "31", svg: "#cc0000"}
board:
  width: 100
  height: 100
  BOARD_COLOURS
  items:
    - rect: {x: 0, y: 0, width: 10, height: 10}
      fill: 'FILL'
"""


def _board(fill: str, colours: str = "") -> str:
    return BOARD.replace("BOARD_COLOURS", colours).replace("FILL", fill)


def test_a_colour_of_the_board_is_a_colour_when_drawn(tmp_path):
    def drawn(fill, colours=""):
        folder = tiny(tmp_path / f"t{len(list(tmp_path.iterdir()))}",
                      display=_board(fill, colours))
        ruleset = load_ruleset(folder)
        game = ruleset.new_game(2, 1)
        return load_display(ruleset).to_svg(game, "P1")

    assert 'fill="#cc0000"' in drawn("red")
    assert 'fill="#00ff00"' in drawn('{"#00ff00"}')
    assert 'fill="#123456"' in drawn("mine", "colours: {mine: '#123456'}")
    assert 'fill="teal"' in drawn("teal")
    # a template that gives an address (with the viewer's hand in it) is refused, not drawn
    with pytest.raises(GameRuleError) as info:
        drawn("url(http://evil.example/?{kinds(hand[viewer])})")
    assert "is not a colour" in str(info.value) and "display.yaml:9:" in str(info.value)
    # a colour name of the board's own that is not a colour is refused when the file loads
    with pytest.raises(RulesetErrors) as caught:
        drawn("mine", f"colours: {{mine: '{LEAK}'}}")
    assert "the board's colour 'mine'" in str(caught.value)


def test_every_answer_of_the_server_carries_the_security_headers():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import TUTORIAL, make_table, play_until, serving, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    token = token_of(table, "P1")
    with serving(table) as base:
        answers = [httpx.get(f"{base}/play/{token}", timeout=10),
                   httpx.get(f"{base}/static/page.js", timeout=10),
                   httpx.get(f"{base}/api/{token}/state", timeout=10),
                   httpx.get(f"{base}/play/NOT-A-TOKEN", timeout=10),
                   httpx.get(f"{base}/api/{token}/state", timeout=10,
                             headers={"Host": "evil.example"})]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 403]
    for answer in answers:
        policy = answer.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
        assert "script-src 'self'" in policy and "img-src 'self'" in policy
        assert answer.headers.get("referrer-policy") == "no-referrer"
        assert answer.headers.get("x-content-type-options") == "nosniff"


# ------------------------------------------------------------------ 5. rules serve's connections
def _half_sent(source: str, port: int):
    """A connection from `source` (an address of the loopback) that sends half a request."""
    import socket

    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    try:
        sock.sendall(b"GET /play/x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    except OSError:  # closed by the server already: it made room
        pass
    return sock


def test_half_sent_requests_do_not_make_the_game_unreachable(tmp_path):
    """1,100 half-sent requests from one client, and 550 more from 44 others (more than the
    server keeps open at once), against a server that may open 1,024 files: the seats'
    pages still answer."""
    import re
    import resource
    import subprocess
    import sys

    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2_000
    if soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"this test opens {wanted} connections; the limit is {hard} files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    def files_1024():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, max(1024, min(hard, 1 << 20))))

    server = subprocess.Popen(
        [sys.executable, "-m", "interpreter", "serve", "tutorial/high-card", "--players", "2",
         "--port", "0", "--no-replay", "--save-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=files_1024)
    sockets = []
    try:
        link = None
        for line in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/play/(\S+)", line)
            if found:
                link, port, token = found.group(0), int(found.group(1)), found.group(2)
                break
        assert link is not None, server.communicate(timeout=10)
        assert httpx.get(link, timeout=10).status_code == 200
        try:
            sockets.append(_half_sent("127.0.0.2", port))
        except OSError:
            pytest.skip("cannot connect from 127.0.0.2 (a loopback of one address only)")
        sockets += [_half_sent("127.0.0.2", port) for _ in range(1_099)]
        sockets += [_half_sent(f"127.0.0.{3 + i % 44}", port) for i in range(550)]
        base = link.split("/play/")[0]
        for _ in range(3):
            assert httpx.get(link, timeout=15).status_code == 200
            state = httpx.get(f"{base}/api/{token}/state", timeout=15)
            assert state.status_code == 200 and state.json()["you"]["player"] == "P1"
        assert server.poll() is None
    finally:
        for sock in sockets:
            sock.close()
        server.terminate()
        server.communicate(timeout=30)


def test_a_request_whose_headers_do_not_come_is_closed():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    import socket

    from tests.web_support import TUTORIAL, make_table, play_until, serving, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    with serving(table, header_seconds=1) as base:
        port = int(base.rsplit(":", 1)[1])
        slow = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow.sendall(b"GET /api/x/state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert slow.recv(1000) == b""  # closed by the server, without an answer
        silent = socket.create_connection(("127.0.0.1", port), timeout=30)
        assert silent.recv(1000) == b""
        # a whole request is answered, and the next one on the same connection too
        with httpx.Client(timeout=10) as client:
            for _ in range(2):
                assert client.get(f"{base}/api/{token_of(table, 'P1')}/state").status_code == 200


def test_a_strangers_request_does_not_wait_for_the_tables_lock():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    import threading

    from tests.web_support import TUTORIAL, make_table, play_until, serving

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    holding, answered = threading.Event(), threading.Event()
    held_to_the_end = []

    def hold():  # a bot thinking, say
        with table._lock:
            holding.set()
            held_to_the_end.append(answered.wait(30))

    with serving(table) as base:
        holder = threading.Thread(target=hold)
        holder.start()
        holding.wait(10)
        codes = [httpx.get(f"{base}/api/NOT-A-TOKEN/state", timeout=60).status_code,
                 httpx.post(f"{base}/api/NOT-A-TOKEN/save", timeout=60).status_code,
                 httpx.get(f"{base}/play/NOT-A-TOKEN", timeout=60).status_code]
        answered.set()
        holder.join(60)
    assert codes == [404, 404, 404]
    assert held_to_the_end == [True]  # answered while the lock was held


# ------------------------------------------------------------------ 13. Save on a served game
def test_a_seats_save_never_overwrites_a_file_it_did_not_write(tmp_path, monkeypatch):
    import json

    from interpreter.play.game_files import save_file_name
    from interpreter.play.table import TableError
    from tests.web_support import TUTORIAL, make_table, play_until, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players},
                       save_dir=tmp_path)
    hosts = tmp_path / save_file_name(ruleset, game)
    hosts.write_text('{"the host": "own save"}\n', encoding="utf-8")
    (tmp_path / hosts.name.replace(".save.json", "-2.save.json")).symlink_to(tmp_path / "gone")
    guest = token_of(table, "P2")
    message = table.save(guest)["message"]
    assert hosts.read_text(encoding="utf-8") == '{"the host": "own save"}\n'
    written = tmp_path / hosts.name.replace(".save.json", "-3.save.json")
    assert str(written) in message
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == "rules-engine-game"
    # saving again at the same step replaces the table's own save; a new step, a new name
    written.write_text("older\n", encoding="utf-8")
    table.save(token_of(table, "P1"))
    assert json.loads(written.read_text(encoding="utf-8"))["format"] == "rules-engine-game"
    decision = table.game.decision()
    table.decide(token_of(table, decision.player), table.version, 0)
    message = table.save(guest)["message"]
    assert save_file_name(ruleset, table.game) in message
    assert len([p for p in tmp_path.glob("*.save.json") if not p.is_symlink()]) == 3
    # and a table writes a bounded number of files
    monkeypatch.setattr("interpreter.play.table.MAX_SAVES", 2)
    decision = table.game.decision()
    table.decide(token_of(table, decision.player), table.version, 0)
    with pytest.raises(TableError) as info:
        table.save(guest)
    assert info.value.status == 429


# ------------------------------------------------------------------ 7. bots that files ask for
def _bots_save(tmp_path, seats):
    import json

    from interpreter.cli.common import load
    from interpreter.play.game_files import save_data
    from interpreter.play.replay import History

    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 1)
    path = tmp_path / "game.save.json"
    path.write_text(json.dumps(save_data(ruleset, game, History.start(game), seats)),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["search:1000000000000", "search:1001", "ismcts:201",
                                  "search:" + "9" * 5000])
def test_a_save_may_not_ask_for_a_bot_that_thinks_for_ever(tmp_path, capsys, kind):
    from .test_robustness import assert_one_line, time_limit

    path = _bots_save(tmp_path, {"P1": kind, "P2": "random"})
    with time_limit(30):
        code = _main("play", "--load", path, "--watch", "--no-replay", "--color", "never")
    err = capsys.readouterr().err
    assert code == 2, err
    line = assert_one_line(err)
    assert "seat 1 of the saved game" in line and "a file may ask for a budget of at most" in line
    assert len(line) < 300  # the 5,000 digits are not printed back


def test_the_command_line_may_give_a_saved_seat_a_bigger_budget(tmp_path, capsys):
    from .test_robustness import time_limit

    path = _bots_save(tmp_path, {"P1": "search:1000000000000", "P2": "search:1000"})
    code = _main("play", "--load", path, "--watch", "--no-replay", "--color", "never",
                 "--seat", "1=search:2", "--max-decisions", "3")
    assert code == 1, capsys.readouterr().err  # played 3 decisions, then stopped
    with time_limit(30):  # a budget of 5,000 digits was taken, and thought for ever
        assert _main("play", "tutorial/high-card", "--watch", "--seat",
                     "1=search:" + "9" * 5000, "--no-replay") == 2
    err = capsys.readouterr().err
    assert "from 1 to 1,000,000,000" in err and len(err) < 500


def test_the_pages_are_answered_while_a_bot_thinks(monkeypatch):
    import threading

    from interpreter.bots import players
    from tests.web_support import TUTORIAL, make_table, play_until, token_of

    thinking, release = threading.Event(), threading.Event()

    class Slow:
        name = "slow"

        def choose(self, view, decision, rng):
            thinking.set()
            release.wait(30)
            return decision.options[0]

    monkeypatch.setitem(players.BOTS, "slow", Slow)
    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: d.player == "P2")
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "slow"})
    version = table.version
    bot = threading.Thread(target=table.bot_step)
    bot.start()
    assert thinking.wait(30)
    seen = []
    page = threading.Thread(target=lambda: seen.append(table.state_for(token_of(table, "P1"))))
    page.start()
    page.join(20)
    answered_while_thinking = bool(seen) and not release.is_set()
    release.set()
    bot.join(30)
    page.join(30)
    assert answered_while_thinking
    assert seen[0]["waiting_for"] == table.game.label("P2")
    assert table.version == version + 1 and table.history.deciders[-1] == "P2"


# ------------------------------------------------------------------ 14. names, moves, deciders
def _recorded_game(tmp_path):
    """A save and a replay of a game of High Card after 3 decisions (P1 a person)."""
    import json

    from interpreter.cli.common import load
    from interpreter.play.game_files import save_data
    from interpreter.play.replay import History, replay_data

    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 1, names={"P1": "Ann", "P2": "Bob"})
    history = History.start(game)
    for _ in range(3):
        decision = game.decision()
        history.record(game, decision.player, decision.options[0])
        game.apply(decision.options[0])
    seats = {"P1": "human", "P2": "random"}
    save = json.loads(json.dumps(save_data(ruleset, game, history, seats)))
    replay = json.loads(json.dumps(replay_data(ruleset, game, history, seats)))
    return save, replay


def _write(path, data):
    import json

    path.write_text(json.dumps(data), encoding="utf-8")  # "\ud800" written as its escape
    return path


@pytest.mark.parametrize("where", ["save name", "replay name", "move", "decider"])
def test_a_lone_surrogate_in_a_file_is_one_clear_line_everywhere(tmp_path, capsys, where):
    from interpreter.engine.runtime import save_integrity

    from .test_robustness import assert_one_line

    save, replay = _recorded_game(tmp_path)
    if where == "save name":
        save["names"]["P1"] = "A\ud800nn"
        save["state_hash"] = save_integrity(save)
        path = _write(tmp_path / "game.save.json", save)
    else:
        if where == "replay name":
            replay["names"]["P1"] = "A\ud800nn"
        else:
            replay["moves" if where == "move" else "deciders"][0] = "\ud800"
        path = _write(tmp_path / "game.json", replay)
    for command in (("show", path), ("replay", path),
                    ("play", "--load", path, "--watch", "--seat", "1=random", "--no-replay"),
                    ("serve", "--load", path, "--port", "0", "--no-replay")):
        assert _main(*command) == 2, command
        line = assert_one_line(capsys.readouterr().err)
        assert "\\ud800" in line and "lone surrogate" in line, (command, line)


def test_names_from_a_file_are_shown_on_one_line_and_visible(tmp_path, capsys):
    from interpreter.engine.runtime import save_integrity

    save, replay = _recorded_game(tmp_path)
    names = {"P1": "Ann\nP2 wins!\r", "P2": "Bo\u200bb\u2028x\u202e" + "y" * 100}
    save["names"] = names
    save["state_hash"] = save_integrity(save)
    path = _write(tmp_path / "game.save.json", save)
    assert _main("show", path) == 0
    shown = capsys.readouterr().out
    assert "Ann\\nP2 wins!\\r" in shown and "Bo\\u200bb\\u2028x\\u202e" in shown
    assert not any(line.startswith("P2 wins!") for line in shown.splitlines())
    assert not set("\r\u200b\u2028\u202e") & set(shown) and "y" * 40 not in shown
    assert _main("play", "--load", path, "--watch", "--seat", "1=random", "--no-replay",
                 "--color", "never") == 0
    out = capsys.readouterr().out
    assert "Ann\\nP2 wins!\\r" in out and not set("\r\u200b\u2028\u202e") & set(out)
    replay["names"] = names
    _write(tmp_path / "game.json", replay)
    assert _main("play", "--load", tmp_path / "game.json", "--watch", "--seat", "1=random",
                 "--no-replay", "--color", "never") == 0
    assert "Ann\\nP2 wins!\\r" in capsys.readouterr().out
    # the command line refuses such a name (the one typing it can choose another)
    for name in ("A\nB", "A\u200bB", "A\udcffB", "   "):
        assert _main("play", "tutorial/high-card", "--watch", "--name", f"1={name}",
                     "--no-replay") == 2
        err = capsys.readouterr().err
        assert "--name" in err and "\n" not in err.strip() and "\udcff" not in err


def test_a_lone_surrogate_in_a_request_is_refused():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import TUTORIAL, make_table, play_until, serving, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    player = table.game.decision().player
    with serving(table) as base:
        response = httpx.post(f"{base}/api/{token_of(table, player)}/decide", timeout=10,
                              content=b'{"decision": 0, "place": "\\ud800"}',
                              headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "surrogate" in response.json()["error"]
    assert table.version == 0


# ------------------------------------------------------------------ 6. --dask local
def _tls_refused(address: str, certificate: tuple[str, str] | None) -> bool:
    """Whether the TLS server at `address` (tls://host:port) refuses a client that presents
    `certificate` (PEM texts of a certificate and its key, or None: no certificate)."""
    import socket
    import ssl
    import tempfile

    host, port = address.removeprefix("tls://").rsplit(":", 1)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    if certificate is not None:
        with tempfile.TemporaryDirectory() as folder:
            cert, key = f"{folder}/cert.pem", f"{folder}/key.pem"
            for path, text in ((cert, certificate[0]), (key, certificate[1])):
                with open(path, "w", encoding="utf-8") as out:
                    out.write(text)
            context.load_cert_chain(cert, key)
    try:
        with socket.create_connection((host, int(port)), timeout=10) as raw, \
                context.wrap_socket(raw) as tls:
            tls.sendall(b"\x00" * 8)
            return tls.recv(100) == b""
    except (ssl.SSLError, ConnectionError, TimeoutError):
        return True


def test_a_local_dask_cluster_lets_in_only_this_command():
    pytest.importorskip("distributed")
    pytest.importorskip("cryptography")
    import operator

    from distributed.security import Security

    from interpreter.study.parallel import _dask_client

    other = Security.temporary()  # another user's own credentials
    with _dask_client("local", 1) as client:
        address = client.scheduler.address
        workers = list(client.scheduler_info()["workers"])
        assert address.startswith("tls://127.0.0.1:") and workers
        for target in (address, *workers):
            assert target.startswith("tls://127.0.0.1:")
            assert _tls_refused(target, None)
            assert _tls_refused(target, (other.tls_client_cert, other.tls_client_key))
        mine = client.security
        assert not _tls_refused(address, (mine.tls_client_cert, mine.tls_client_key))
        assert client.submit(operator.add, 1, 2).result(timeout=60) == 3



def test_ctrl_c_on_compare_dask_local_is_clean_every_time():
    """Issue 30, 15: Ctrl-C printed a traceback in 1 of 3 tries (the workers got Ctrl-C too and
    stopped on their own, then closing the cluster failed at exit). The workers now write
    nowhere and the cluster is closed quietly: exit 130, no traceback, no process left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    if not os.path.isdir("/proc"):
        pytest.skip("needs /proc to find the worker processes")
    pytest.importorskip("distributed")
    pytest.importorskip("cryptography")
    for _ in range(1):  # once (twice before): CI's 15 minutes
        process = subprocess.Popen(as_at_a_terminal(
            [sys.executable, "-m", "interpreter", "compare", "fifth-avenue/base",
             "fifth-avenue/base", "--players", "4", "--games", "40", "--workers", "2",
             "--dask", "local", "--bot", "search:100000", "--no-progress"]),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
        try:
            deadline = time.monotonic() + 120
            workers: list[int] = []
            while len(workers) < 2:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.5)
                workers = [pid for pid in session_processes(process.pid) if "spawn_main" in
                           open(f"/proc/{pid}/cmdline", encoding="utf-8").read()]
            time.sleep(4)  # the workers are in the middle of games
            for pid in workers:
                assert os.readlink(f"/proc/{pid}/fd/2") == "/dev/null"
            os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C at a terminal
            _, err = process.communicate(timeout=120)
            assert process.returncode == 130, err
            assert "Traceback" not in err and err.strip() == "interrupted", err
            deadline = time.monotonic() + 10
            while session_processes(process.pid) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert session_processes(process.pid) == []
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()


# ------------------------------------------------------------------ 15. OpenSpiel actions
def test_an_openspiel_action_out_of_range_is_a_spiel_error():
    pyspiel = pytest.importorskip("pyspiel")
    import json

    import interpreter.openspiel  # noqa: F401  (registers the game "rules")

    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    huge = (1 << 63, 1 << 64, -(1 << 63) - 1, 10 ** 400)
    for action in huge:  # at the deal (a chance node)
        with pytest.raises(pyspiel.SpielError, match="rules: "):
            state.apply_action(action)
    state.apply_action(state.legal_actions()[0])
    for action in (*huge, 10 ** 10, -5):  # at a player's decision
        for call in (state.apply_action, state.apply_action_with_legality_check,
                     state.action_to_string,
                     lambda a: state.action_to_string(state.current_player(), a)):
            with pytest.raises(pyspiel.SpielError):
                call(action)
    legal = state.legal_actions()[0]
    assert state.action_to_string(legal) == state.action_to_string(state.current_player(),
                                                                    legal)
    data = json.loads(state.serialize())
    data["actions"].append(1 << 63)
    with pytest.raises(pyspiel.SpielError, match="64-bit"):
        game.deserialize_state(json.dumps(data))
    state.apply_action(legal)  # the state is as it was: play goes on
