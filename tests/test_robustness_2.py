"""Robustness, second round (issue 21): each test names the item of the issue it guards."""

from __future__ import annotations

import base64
import contextlib
import os
import pickle

import pytest

from .conftest import as_at_a_terminal, session_processes


# ------------------------------------------------------------------ 1. OpenSpiel deserialization
class _Plant:
    """Unpickling this would create the file at `path` (the shape of a crafted payload)."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_deserialize_state_never_unpickles(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import interpreter.openspiel  # noqa: F401  (registers the game "rules")

    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    assert "__dict__" not in text
    assert game.deserialize_state(text).history() == state.history()

    planted = tmp_path / "planted"
    payload = base64.b64encode(pickle.dumps({"_held": _Plant(planted)})).decode()
    for crafted in (f"history=0:{state.history()[0]}\nmove_number=1\n__dict__={payload}",
                    payload, text.replace('"actions"', '"moves"'), text.replace("]", ", 99999]")):
        with pytest.raises(pyspiel.SpielError, match="rules: "):
            game.deserialize_state(crafted)
    assert not planted.exists()


# ------------------------------------------------------------------ 2. rules serve
def test_the_server_checks_the_token_type_size_and_origin_before_reading_a_body():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import TUTORIAL, make_table, play_until, serving, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    token = token_of(table, "P1")
    json_type = {"Content-Type": "application/json"}
    before = table.version
    with serving(table) as base:
        def post(path, body, **headers):
            return httpx.post(f"{base}/api/{path}", content=body, timeout=10, headers=headers)

        # no token: refused without reading the body (a megabyte that is not even JSON)
        response = post("NOT-A-TOKEN/decide", b"x" * 1_000_000, **json_type)
        assert response.status_code == 404
        assert post(f"{token}/decide", b'{"decision": 0}', **{
            "Content-Type": "text/plain"}).status_code == 415
        response = post(f"{token}/decide", b" " * 100_000 + b"{}", **json_type)
        assert response.status_code == 413 and "over" in response.json()["error"]

        def chunks():  # no Content-Length: the cap holds while reading
            for _ in range(100):
                yield b" " * 1000
        response = httpx.post(f"{base}/api/{token}/decide", content=chunks(), timeout=10,
                              headers=json_type)
        assert response.status_code == 413
        response = post(f"{token}/decide", b'{"decision": 0, "option": 0}',
                        **json_type, Origin="http://evil.example")
        assert response.status_code == 403 and "another site" in response.json()["error"]
        response = httpx.get(f"{base}/api/{token}/state", timeout=10,
                             headers={"Host": "evil.example"})
        assert response.status_code == 403
        assert table.version == before
        port = base.rsplit(":", 1)[1]
        response = post(f"{token}/decide", b'{"decision": 0, "option": 0}', **json_type,
                        Origin=f"http://127.0.0.1:{port}")
        assert response.status_code == 200, response.text


# ------------------------------------------------------------------ 3. the cache folder
def _plant_in_every_entry(where, planted, sign):
    """Rewrite every cache entry of `where` to a pickle that creates `planted` when loaded."""
    payload = pickle.dumps(_Plant(planted))
    for entry in where.glob("*.cache"):
        data = entry.read_bytes()
        header = data[:data.index(b"\n", data.index(b"\n") + 1) + 1]
        entry.write_bytes(header + sign(header, payload) + b"\n" + payload)


def test_a_cache_entry_planted_without_the_users_key_is_not_run(tmp_path, monkeypatch):
    import hashlib
    import hmac

    from interpreter.engine.ruleset import load_ruleset
    from interpreter.language import cache, parser

    from .conftest import ROOT

    where = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV, str(where))
    monkeypatch.setattr(parser, "_EXPRESSIONS", {})
    game = ROOT / "rulesets" / "tutorial" / "high-card"
    load_ruleset(game)
    key_file = where / "user.key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    planted = tmp_path / "planted"
    # anyone can compute a SHA-256: without the user's key the entries are not used
    _plant_in_every_entry(where, planted,
                          lambda header, payload: hashlib.sha256(payload).hexdigest().encode())
    load_ruleset(game)
    assert not planted.exists()
    # a folder others may write to is not used at all, even with entries signed right
    secret = key_file.read_bytes()
    _plant_in_every_entry(where, planted, lambda header, payload: hmac.new(
        secret, header + payload, hashlib.sha256).hexdigest().encode())
    where.chmod(0o777)
    load_ruleset(game)
    assert not planted.exists()
    where.chmod(0o700)
    with contextlib.suppress(Exception):  # the control: signed right, in the user's folder
        load_ruleset(game)
    assert planted.exists()


# ------------------------------------------------------------------ 4. writes
def _main(*argv):
    from interpreter.cli import main

    return main([str(a) for a in argv])


def test_a_write_refuses_a_fifo_a_link_a_folder_and_a_missing_folder(tmp_path, capsys):
    import os

    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    elsewhere = tmp_path / "elsewhere.svg"
    elsewhere.write_text("keep", encoding="utf-8")
    link = tmp_path / "link.svg"
    link.symlink_to(elsewhere)
    folder = tmp_path / "folder.svg"
    folder.mkdir()
    for target, words in ((fifo, "a pipe"), (link, "symbolic link"), (folder, "a folder"),
                          (tmp_path / "missing" / "board.svg", "does not exist")):
        _main("play", "tutorial/high-card", "--watch", "--no-replay", "--svg", target,
              "--delay", "0")  # the game plays on; what matters is what is left at the target
        captured = capsys.readouterr()
        assert words in captured.out + captured.err, target
    assert fifo.is_fifo() and link.is_symlink() and folder.is_dir()
    assert elsewhere.read_text(encoding="utf-8") == "keep"
    assert not (tmp_path / "missing").exists()


def test_show_svg_to_a_device_is_refused(tmp_path, capsys):
    save = tmp_path / "game.save.json"
    from interpreter.cli.common import load
    from interpreter.play.game_files import save_data
    from interpreter.play.replay import History

    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 1)
    save.write_text(__import__("json").dumps(save_data(ruleset, game, History.start(game),
                                                       {"P1": "random", "P2": "random"})))
    assert _main("show", save, "--svg", "/dev/null") == 2
    assert "a device" in capsys.readouterr().err


# ------------------------------------------------------------------ 11. the seed is private
def test_the_seed_is_not_shown_and_the_journal_is_the_owners(tmp_path, monkeypatch, capsys):
    import io

    from interpreter.cli.common import load
    from interpreter.play.game_files import new_replay_path
    from interpreter.play.journal import Journal
    from interpreter.play.replay import History

    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    _main("play", "tutorial/high-card", "--players", "2", "--seat", "1=human",
          "--seat", "2=human", "--seed", "86753091", "--replay-dir", tmp_path / "replays")
    shown = capsys.readouterr()
    assert "86753091" not in shown.out + shown.err
    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 86753091)
    path = new_replay_path(tmp_path / "replays", ruleset, game)
    assert "86753091" not in path.name
    journal = Journal.create(path.with_suffix(".journal.jsonl"), ruleset, 2, 86753091, {}, {},
                             History.start(game), game.streams)
    journal.close()
    assert journal.path.stat().st_mode & 0o777 == 0o600


# ------------------------------------------------------------------ 5. rulebook source texts
def _with_source(tmp_path, written):
    """The four-in-a-row tutorial copied, its source text named `written`."""
    import shutil

    from .conftest import ROOT

    folder = tmp_path / "game"
    shutil.copytree(ROOT / "rulesets" / "tutorial" / "four-in-a-row", folder)
    manifest = folder / "ruleset.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "rulebook: README.md", f"rulebook: {written}"), encoding="utf-8")
    return folder


def test_a_source_text_is_read_like_every_ruleset_file(tmp_path, capsys):
    import os

    outside = tmp_path / "secret.txt"
    outside.write_text("# Secret\n", encoding="utf-8")
    cases = {"../../../../../../../../dev/zero": "not a regular file",
             "pipe.txt": "not a regular file", "link.md": "leads outside"}
    for written, words in cases.items():
        folder = _with_source(tmp_path / written.replace("/", "_"), written)
        if written == "pipe.txt":
            os.mkfifo(folder / "pipe.txt")
        if written == "link.md":
            (folder / "link.md").symlink_to(outside)
        assert _main("check", folder) == 0
        out = capsys.readouterr().out
        assert "rulebook not checked" in out and words in out, out
        assert _main("coverage", folder) == 2
        assert words in capsys.readouterr().err


def test_a_shared_folder_beside_the_ruleset_may_be_a_link(tmp_path, capsys):
    """`../shared/...` reached through a link that is not in the ruleset's folder (a checkout
    whose shared folder is itself a link) is the machine's affair: the text is checked. A link
    inside the ruleset's folder that leads out is still refused (the test above)."""
    from .conftest import ROOT

    real = tmp_path / "elsewhere"
    real.mkdir()
    (real / "rules.md").write_text((ROOT / "rulesets" / "tutorial" / "four-in-a-row" /
                                    "README.md").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "shared").symlink_to(real)
    folder = _with_source(tmp_path / "project" / "rulesets", "../../shared/rules.md")
    assert _main("check", folder, "--allow-outside") == 0
    out = capsys.readouterr().out
    assert "not checked" not in out and "leads outside" not in out, out


def test_a_text_of_300000_sections_is_refused_and_one_of_30000_checked_in_linear_time(
        tmp_path, capsys):
    """No timing assert: the did-you-mean compares a bounded number of names (counted)."""
    import difflib

    from interpreter.editions import sourcetext

    folder = _with_source(tmp_path, "big.md")
    (folder / "big.md").write_text("\n".join(
        f"## Section {i}\nThe rule number {i} says words.\n" for i in range(300_000)),
        encoding="utf-8")
    assert _main("check", folder) == 0
    assert "has more than 100,000 lines" in capsys.readouterr().out
    (folder / "big.md").write_text("\n".join(
        f"## Section {i}\nThe rule number {i} says words.\n" for i in range(30_000)),
        encoding="utf-8")
    compared = []
    real = difflib.get_close_matches

    def counted(word, possibilities, *args, **kwargs):
        compared.append(len(possibilities))
        return real(word, possibilities, *args, **kwargs)

    difflib.get_close_matches = counted
    try:
        assert _main("check", folder) == 2
    finally:
        difflib.get_close_matches = real
    assert "has no section 'Components'" in capsys.readouterr().out
    assert compared and max(compared) <= sourcetext.MAX_SUGGESTIONS_SEARCHED


# ------------------------------------------------------------------ 6. YAML aliases
ALIAS_BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]"
       for i in range(8)]) + "\n"


@pytest.mark.parametrize("where", ["ruleset.yaml", "data", "display.yaml"])
def test_an_alias_bomb_is_refused_in_every_yaml_file(tmp_path, capsys, where):
    import shutil

    from .conftest import ROOT

    folder = tmp_path / "game"
    shutil.copytree(ROOT / "rulesets" / "tutorial" / "four-in-a-row", folder)
    if where == "data":
        (folder / "bomb.yaml").write_text(ALIAS_BOMB, encoding="utf-8")
        manifest = folder / "ruleset.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8") + "data:\n  - bomb.yaml\n",
                            encoding="utf-8")
        command = "check"
    elif where == "ruleset.yaml":
        manifest = folder / "ruleset.yaml"
        manifest.write_text(manifest.read_text(encoding="utf-8") + "extra:\n  "
                            + ALIAS_BOMB.replace("\n", "\n  "), encoding="utf-8")
        command = "check"
    else:
        display = folder / "display.yaml"
        display.write_text(display.read_text(encoding="utf-8") + "\nextra:\n  "
                           + ALIAS_BOMB.replace("\n", "\n  "), encoding="utf-8")
        command = "show-board"
    if command == "check":
        assert _main("check", folder) == 2
        err = capsys.readouterr()
        assert "aliases" in err.out + err.err
    else:
        from interpreter.engine.ruleset import load_ruleset
        from interpreter.language.errors import RulesetErrors
        from interpreter.play.display import load_display

        with pytest.raises(RulesetErrors, match="aliases"):
            load_display(load_ruleset(folder))


def test_the_bundled_aliases_still_load():
    from interpreter.engine.ruleset import load_ruleset
    from interpreter.play.display import load_display

    from .conftest import BASE

    assert load_display(load_ruleset(BASE)) is not None


# ------------------------------------------------------------------ 7. one budget of work
def _high_card_with(tmp_path, rules, call=True):
    """The high-card tutorial with `rules` added, `boom()` run at the end of its setup."""
    import shutil

    from .conftest import ROOT

    folder = tmp_path / "game"
    shutil.copytree(ROOT / "rulesets" / "tutorial" / "high-card", folder)
    path = folder / "high-card.rules"
    text = path.read_text(encoding="utf-8")
    if call:
        text = text.replace("        move deal[player_count].hand from deck to hand[p]\n",
                            "        move deal[player_count].hand from deck to hand[p]\n"
                            "    3. boom()\n", 1)
    path.write_text(text + "\nvar big \"x\" = 0\n" + rules, encoding="utf-8")
    return folder


@pytest.mark.parametrize("step", [
    "big = size([numbers(x, 1000000) for each x in numbers(1, 1000)])",
    "big = sum (count each y in numbers(1, 1000000) where y > x) for each x in numbers(1, 1000)",
    "big = f(60, 1)",
    "big = size(flatten([numbers(1, 1000000) for each x in numbers(1, 1000)]))",
    # a list grown one item a turn: each new list is spent (30,000 turns alone cost 1.5M)
    "let xs = []\n    2. for each x in numbers(1, 30000):\n        xs = xs + [x]",
])
def test_work_between_decisions_is_bounded_and_named(tmp_path, capsys, step):
    folder = _high_card_with(tmp_path, "define f(n, m) = 1 if n == 0 else f(n - 1, m * 2) + "
                             "f(n - 1, m * 2 + 1)\n"
                             f"procedure boom() \"b\":\n    1. {step}\n")
    assert _main("simulate", folder, "--players", "2", "--games", "1") == 1
    err = capsys.readouterr().err
    assert "units of work" in err or "too large" in err, err
    assert "high-card.rules:" in err  # the rule that ran, at its place


def test_constants_that_square_each_other_stop_at_their_line(tmp_path, capsys):
    consts = "const c0 = 10\n" + "".join(f"const c{i + 1} = c{i} * c{i}\n" for i in range(40))
    folder = _high_card_with(tmp_path, consts, call=False)
    assert _main("check", folder) == 2
    out = capsys.readouterr().out
    assert "constant 'c12': a number of more than 4000 digits" in out


def test_a_constant_that_builds_too_much_is_refused_at_check(tmp_path, capsys):
    folder = _high_card_with(
        tmp_path, "const huge = [numbers(x, 1000000) for each x in numbers(1, 1000)]\n",
        call=False)
    assert _main("check", folder) == 2
    assert "constant 'huge'" in capsys.readouterr().out


@pytest.mark.parametrize(("terms", "words"), [(80_000, "words and signs"),
                                              (1_500, "more than 1,000 terms")])
def test_a_huge_and_is_refused_at_its_line(tmp_path, capsys, terms, words):
    condition = " and ".join(["big == 0"] * terms)
    folder = _high_card_with(tmp_path, f"procedure boom() \"b\":\n    1. if {condition}:\n"
                             "        big = 1\n")
    assert _main("check", folder) == 2
    out = capsys.readouterr().out
    assert words in out and "high-card.rules:" in out


# ------------------------------------------------------------------ 8. labels and texts
def test_a_text_that_looks_like_a_label_is_kept_as_written(tmp_path):
    import shutil

    from interpreter.engine.ruleset import load_ruleset

    from .conftest import ROOT

    folder = tmp_path / "game"
    shutil.copytree(ROOT / "rulesets" / "tutorial" / "high-card", folder)
    path = folder / "high-card.rules"
    text = path.read_text(encoding="utf-8")
    text = text.replace('    2. choose c from kinds(hand[p]) by p "which card do you play?"',
                        '    2. log "@1@ @2@ @999@"\n'
                        '    3. choose c from kinds(hand[p]) by p "which card do you play?"')
    text = text.replace("    3. move 1 of c from hand[p] to trick[p]",
                        "    4. move 1 of c from hand[p] to trick[p]")
    path.write_text(text, encoding="utf-8")
    game = load_ruleset(folder).new_game(2, 1)
    game.apply(game.decision().options[0])  # keep the hand: the log comes next
    assert "@1@ @2@ @999@" in game.events


# ------------------------------------------------------------------ 9. hot-seat screens
def test_the_pass_screen_clears_the_terminal_and_shows_no_hand():
    import io

    from interpreter.cli.common import Printable, load
    from interpreter.play.display import load_display
    from interpreter.play.replay import History
    from interpreter.play.terminal import CLEAR, Session

    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 1)
    stream = io.StringIO()
    answers = iter(["", ""])
    session = Session(ruleset, game, History(), {p: "human" for p in game.players},
                      load_display(ruleset), Printable(stream), tty=True,
                      read=lambda prompt: next(answers))
    decision = game.decision()
    session.screen(decision)
    hand = load_display(ruleset).private_text(game, decision.player, False, 80)
    assert hand and hand.splitlines()[-1].strip() in stream.getvalue()
    session.pass_screen("P2")
    text = stream.getvalue()
    assert "\\x1b" not in text and text.count(CLEAR) == 2  # sent, not escaped as text
    after = text.rsplit(CLEAR, 1)[1]
    assert "Pass to" in after and hand.splitlines()[-1].strip() not in after


# ------------------------------------------------------------------ 12. names
def test_control_characters_in_names_are_escaped_but_colours_kept():
    from interpreter.cli.common import printable

    assert printable("\x1b[1;31mred\x1b[0m") == "\x1b[1;31mred\x1b[0m"
    assert printable("\x1b[38;5;8mgrey\x1b[0m") == "\x1b[38;5;8mgrey\x1b[0m"
    assert printable("An\x1b[8mhidden") == "An\\x1b[8mhidden"  # conceal
    assert printable("Ann\u202eevil") == "Ann\\u202eevil"  # right-to-left override
    assert printable("\u2066x\u2069") == "\\u2066x\\u2069"


def _tutorial_save(tmp_path, names):
    import json

    from interpreter.cli.common import load
    from interpreter.engine.runtime import save_integrity
    from interpreter.play.game_files import save_data
    from interpreter.play.replay import History

    ruleset = load("tutorial/high-card")
    game = ruleset.new_game(2, 1, names={"P1": "Ann", "P2": "Bob"})
    data = save_data(ruleset, game, History.start(game), {"P1": "random", "P2": "random"})
    assert data["state_hash"] == save_integrity(data)
    data["names"] = names
    path = tmp_path / "game.save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def test_names_are_inside_the_integrity_hash(tmp_path, capsys):
    path, _ = _tutorial_save(tmp_path, {"P1": "Mallory", "P2": "Bob"})
    assert _main("show", path) == 2
    assert "damaged" in capsys.readouterr().err


def test_names_with_control_characters_are_escaped_on_screen_and_in_svg(tmp_path, capsys):
    import json
    import xml.etree.ElementTree as ET

    from interpreter.engine.runtime import save_integrity

    names = {"P1": "Ann\x1b[8mhidden\x07", "P2": "Bob\u202eevil\x00"}
    path, data = _tutorial_save(tmp_path, names)
    data["state_hash"] = save_integrity(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _main("show", path) == 0
    shown = capsys.readouterr().out
    assert "\x1b[8m" not in shown and "\u202e" not in shown and "\\u202e" in shown
    svg = tmp_path / "board.svg"
    assert _main("show", path, "--svg", svg) == 0
    text = svg.read_text(encoding="utf-8")
    ET.fromstring(text)  # well-formed XML
    assert "\x1b" not in text and "\u202e" not in text and "\x00" not in text


# ------------------------------------------------------------------ 13. shadowing
@pytest.mark.parametrize(("member", "words"), [
    ("deck", "zone"), ("leader", "variable"), ("trick_points", "table"),
    ("beat_bonus", "constant"), ("none", "reserved word"), ("true", "reserved word"),
])
def test_an_enum_value_with_another_name_is_an_error_at_its_place(tmp_path, capsys, member,
                                                                  words):
    folder = _high_card_with(tmp_path, f"enum weird: odd, {member}\n", call=False)
    assert _main("check", folder) == 2
    out = capsys.readouterr().out
    line = len((folder / "high-card.rules").read_text(encoding="utf-8").splitlines())
    # a word of the language is refused as a reserved word where it is declared
    said = f"'{member}' is a reserved word" if words == "reserved word" else \
        f"the value '{member}' of enumeration 'weird'"
    assert f"high-card.rules:{line}:18: {said}" in out, out
    assert words in out


@pytest.mark.parametrize("ident", ["deck", "true", "none", "card"])
def test_an_entity_id_with_another_name_is_an_error_at_its_line(tmp_path, capsys, ident):
    folder = _high_card_with(tmp_path, "", call=False)
    (folder / "places.yaml").write_text(
        f'entities:\n  spot:\n    - id: fine\n    - id: "{ident}"\n', encoding="utf-8")
    manifest = folder / "ruleset.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "  - places.yaml\n",
                        encoding="utf-8")
    assert _main("check", folder) == 2
    out = capsys.readouterr().out
    assert f"places.yaml:4:7: entity '{ident}' has the name of" in out, out


# ------------------------------------------------------------------ 10. Ctrl-C and workers

@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_ctrl_c_stops_workers_with_130_and_leaves_none(command):
    import os
    import signal
    import subprocess
    import sys
    import time

    if not os.path.isdir("/proc"):
        pytest.skip("needs /proc to find the worker processes")
    pytest.importorskip("pyspiel")  # a search bot: one decision takes minutes at this budget
    folder = "fifth-avenue/base"
    args = [str(folder)] if command == "simulate" else [str(folder), str(folder)]
    process = subprocess.Popen(as_at_a_terminal(
        [sys.executable, "-m", "interpreter", command, *args, "--players", "4",
         "--games", "40", "--workers", "2", "--bot", "ismcts:1000000"]),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    try:
        deadline = time.monotonic() + 120  # a loaded machine (pytest -n) starts them slowly
        while len(session_processes(process.pid)) < 3:  # the command and its workers
            assert time.monotonic() < deadline and process.poll() is None, \
                process.communicate() if process.poll() is not None else "no workers"
            time.sleep(0.5)
        time.sleep(4)  # the workers are in the middle of games
        assert process.poll() is None, process.communicate()
        os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C at a terminal
        process.communicate(timeout=60)  # a worker that played on would take hours
        assert process.returncode == 130
        deadline = time.time() + 10
        while session_processes(process.pid) and time.time() < deadline:
            time.sleep(0.2)
        assert session_processes(process.pid) == []  # no orphan worker
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)


# ------------------------------------------------------------------ the fuzzer's memory measure
def test_a_blow_up_reported_as_a_clean_error_still_counts_as_memory():
    from interpreter.fuzz.fuzzing import classify
    from interpreter.fuzz.isolation import run_isolated

    def blow_up_then_fail_cleanly() -> int:
        blob = [bytearray(1 << 20) for _ in range(700)]  # 700 MiB, then "a clean error"
        return 2 if blob else 0

    # the child starts with the test process's pages (all the extras imported): the limit is
    # set above them, so that only the child's own 700 MiB count against it
    with open("/proc/self/statm") as f:
        resident = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    ended = run_isolated(blow_up_then_fail_cleanly, memory_bytes=resident + (1 << 30))
    assert ended.code == 2 and not ended.over_memory
    assert classify(ended) == "memory"


def test_a_variable_that_starts_with_too_much_work_is_stopped_at_its_line(tmp_path, capsys):
    folder = _high_card_with(
        tmp_path, "var zz_v \"x\" = size([numbers(a, 1000000) for each a in numbers(1, 1000)])\n",
        call=False)
    assert _main("simulate", folder, "--players", "2", "--games", "1") == 1
    err = capsys.readouterr().err
    line = len((folder / "high-card.rules").read_text(encoding="utf-8").splitlines())
    assert f"high-card.rules:{line}:" in err and "units of work" in err, err


def test_a_key_file_left_empty_by_a_stopped_process_is_made_anew(tmp_path):
    """The user's key is written whole before it is put in place; one left empty by an
    older engine stopped half-way is replaced, so caching does not stay off for good."""
    from interpreter.language import cache

    where = tmp_path / "cache"
    where.mkdir(mode=0o700)
    key_file = where / "user.key"
    key_file.write_bytes(b"")
    key_file.chmod(0o600)
    first = cache._user_key(str(where))
    assert first is not None and len(first) == 32
    assert key_file.read_bytes() == first and key_file.stat().st_mode & 0o777 == 0o600
    assert cache._user_key(str(where)) == first  # kept from then on
    assert [p.name for p in where.iterdir()] == ["user.key"]  # no temporary file left


def test_processes_that_make_the_key_at_once_all_read_the_same_one(tmp_path):
    import concurrent.futures

    from interpreter.language import cache

    where = tmp_path / "cache"
    where.mkdir(mode=0o700)
    with concurrent.futures.ProcessPoolExecutor(4) as pool:
        keys = list(pool.map(cache._user_key, [str(where)] * 16))
    assert None not in keys and len(set(keys)) == 1
