"""A game that people play is dealt from a secret (issue 30, item 1).

Before, a game of `rules play` or `rules serve` without --seed had one of 10^6 seeds, and the
public supply row of Fifth Avenue gave it away in about a minute of one core (replaying the
shuffle for every seed: `benchmarks/seed_search.py`), and with it every hand, every coming draw
and the bots' choices. Now such a game has a secret of 256 bits from the operating system; its
draws are BLAKE2b keyed by the secret over the draw's index and the stream's name, and the bots'
generators are derived from it the same way. The secret is in the save, the replay and the
journal (mode 0600), never in a view, a page of `rules serve`, the log or what is printed.
Games with a whole-number seed draw exactly as before (`benchmarks/same_games.py`)."""

from __future__ import annotations

import hashlib
import io
import json
import random
import stat
from argparse import Namespace
from pathlib import Path

import pytest

from interpreter.engine import rng
from interpreter.engine.runtime import Game, save_integrity
from interpreter.language.errors import SaveFileError
from interpreter.play.replay import check_replay, verify

from .conftest import BASE
from .test_robustness import cli

ROW = 20  # Fifth Avenue: the supply row's slots, filled from the bag after the 7 districts


def _new_game_as_people_play(path=BASE, players: int = 3, command: str = "play"):
    """A game opened the way `rules play` and `rules serve` open one without --seed."""
    from interpreter.cli.play import open_game

    args = Namespace(load=None, path=str(path), players=players, seed=None, name=[], seat=[],
                     allow_outside=False, watch=False, command=command)
    return open_game(args, io.StringIO())


def _mine(secret: str) -> list[str]:
    """Pieces of the secret long enough to be recognised anywhere (16 hex digits each)."""
    return [secret[i:i + 16] for i in range(0, len(secret) - 15, 8)]


def _leaks(text: str, secret: str) -> bool:
    return any(piece in text for piece in _mine(secret))


class _Start:
    """Told of the components in their starting places, before any draw."""

    def started(self, game) -> None:
        self.bag = list(game.Z["bag"])

    def moved(self, *args) -> None:
        pass


def _row(game) -> list[str]:
    """The supply row as every player sees it, slot by slot."""
    return [next(iter(slot)) for slot in game.view("P1")["zones"]["supply_row"].values()]


def _row_from(bag: list[str], values: list[int]) -> list[str]:
    """The supply row that the bag's shuffle with these draws gives (the engine's shuffle:
    Fisher-Yates from the end; the top of a stack is its end)."""
    z = list(bag)
    for i, v in zip(range(len(z) - 1, 0, -1), values, strict=False):
        j = v % (i + 1)
        z[i], z[j] = z[j], z[i]
    return list(reversed(z))[7:7 + ROW]


def _keyed(secret: str, name: str, count: int) -> list[int]:
    """The draws of a stream under a secret, computed here from hashlib alone."""
    key = bytes.fromhex(secret)
    return [int.from_bytes(hashlib.blake2b(i.to_bytes(8, "little") + name.encode(), key=key,
                                           digest_size=8).digest(), "little")
            for i in range(count)]


# ------------------------------------------------------------------ the secret
@pytest.mark.parametrize("command", ["play", "serve"])
def test_a_game_people_play_has_a_secret_of_256_bits_from_the_system(base, command):
    _, game, _, _ = _new_game_as_people_play(command=command)
    _, other, _, _ = _new_game_as_people_play(command=command)
    secret = game.state["seed"]
    assert isinstance(secret, str) and rng.is_secret(secret)  # before: a number below 10^6
    assert len(bytes.fromhex(secret)) * 8 == 256 >= 128
    assert game.state["rng"] == secret  # the root of the draws is the secret itself
    assert other.state["seed"] != secret
    assert _row(other) != _row(game) or other.view("P1") != game.view("P1")


def test_its_draws_are_blake2b_keyed_by_the_secret_over_index_and_stream(base):
    _, game, _, _ = _new_game_as_people_play()
    secret, start = game.state["seed"], _Start()
    Game.start(base, 3, 0, watch=start)  # where the components start does not depend on it
    bag = start.bag
    assert _row(game) == _row_from(bag, _keyed(secret, "bag", len(bag) - 1))
    # the old scheme: the same shuffle from the SplitMix64 root of a small seed
    old = [_row_from(bag, rng.stream_values(rng.seed_state(s), "bag", 0, len(bag) - 1))
           for s in range(2000)]
    assert _row(game) not in old
    shown = int(rng.game_id(secret), 16)  # what is shown instead of a seed is not one
    assert _row(game) != _row(base.new_game(3, shown))


def test_the_supply_row_gives_a_small_seed_away_but_not_a_secret(base):
    """The attack of the issue, on 3,000 seeds: it finds a game's small seed from the row."""
    start = _Start()
    Game.start(base, 3, 0, watch=start)
    seeded = base.new_game(3, 2024)
    found = [s for s in range(3000) if _row_from(
        start.bag, rng.stream_values(rng.seed_state(s), "bag", 0, ROW + 7)) == _row(seeded)]
    assert found == [2024]
    secret = rng.new_secret()
    dealt = base.new_game(3, secret)
    assert not [s for s in range(3000) if _row_from(
        start.bag, rng.stream_values(rng.seed_state(s), "bag", 0, ROW + 7)) == _row(dealt)]
    # the same secret deals the same game: saves and replays play it again
    assert base.new_game(3, secret).state_hash() == dealt.state_hash()


def test_whole_number_seeds_draw_as_before():
    """SplitMix64 from the seed's root, as the engine of a971178 drew (seed 7, `bag`)."""
    assert rng.stream_values(rng.seed_state(7), "bag", 0, 3) == [
        _splitmix(7, "bag", i) for i in range(3)]
    assert rng.private_random(7, 12, "P2").random() == random.Random("7:12:P2").random()


def _splitmix(seed: int, name: str, i: int) -> int:
    mask, golden = (1 << 64) - 1, 0x9E3779B97F4A7C15

    def mix(z: int) -> int:
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    root = (seed * golden + 0x2545F4914F6CDD1D) & mask
    base = mix(root ^ int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(),
                                     "little"))
    return mix((base + (i + 1) * golden) & mask)


def test_bots_draw_from_a_generator_derived_from_the_secret():
    from interpreter.play import game_files

    secret = rng.new_secret()
    key = bytes.fromhex(secret)
    derived = int.from_bytes(hashlib.blake2b(b"12:P2", key=key, digest_size=32,
                                             person=b"rules-engine").digest(), "little")
    assert rng.private_random(secret, 12, "P2").random() == random.Random(derived).random()
    assert rng.private_random(secret, 12, "P2").random() != \
        rng.private_random(secret, 13, "P2").random()
    assert "private_random" in game_files.bot_decides.__code__.co_names


# ------------------------------------------------------------------ where it is, where not
def test_the_secret_is_in_no_view_log_or_page_of_rules_serve(base, tmp_path):
    pytest.importorskip("starlette")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import make_table, serving

    ruleset, game, history, _ = _new_game_as_people_play(command="serve")
    secret = game.state["seed"]
    table = make_table(ruleset, game, history, {p: "human" for p in game.players},
                       save_dir=tmp_path)
    rand = random.Random(1)
    for _ in range(40):  # some decisions, some draws
        decision = game.decision()
        move = rand.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    for player in game.players:
        assert not _leaks(json.dumps(game.view(player)), secret)
        assert not _leaks("\n".join(game.log_for(player)), secret)
    with serving(table) as base_url:
        for token in table.tokens:
            page = httpx.get(f"{base_url}/api/{token}/state", timeout=10)
            assert page.status_code == 200 and not _leaks(page.text, secret)
            assert not _leaks(httpx.get(f"{base_url}/play/{token}", timeout=10).text, secret)
        token = next(iter(table.tokens))
        answer = httpx.post(f"{base_url}/api/{token}/save", json={}, timeout=10,
                            headers={"Origin": base_url})
    assert answer.status_code == 200 and not _leaks(answer.text, secret)
    assert "It holds the game's secret" in answer.json()["message"]  # and says so
    saved = next(tmp_path.glob("*.save.json"))
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    data = json.loads(saved.read_text())
    assert data["state"]["seed"] == secret  # the save keeps the secret: the game goes on
    assert Game.from_save(ruleset, data).state_hash() == game.state_hash()


def test_rules_play_names_the_game_by_an_id_and_its_files_keep_the_secret(
        capsys, monkeypatch, tmp_path):
    made: list[str] = []
    real = rng.new_secret
    monkeypatch.setattr(rng, "new_secret", lambda: made.append(real()) or made[-1])
    code, out, err = cli(capsys, monkeypatch, "play", "tutorial/high-card", "--players", "3",
                         "--watch", "--replay-dir", tmp_path)
    assert code == 0, err
    [secret] = made
    assert f"game {rng.game_id(secret)}" in out.splitlines()[0]
    assert "saves and replays keep" in out
    assert not _leaks(out + err, secret) and "seed" not in out.splitlines()[0]
    replay = next(tmp_path.glob("*.json"))
    assert stat.S_IMODE(replay.stat().st_mode) == 0o600
    data = json.loads(replay.read_text())
    assert data["seed"] == secret
    code, out, err = cli(capsys, monkeypatch, "replay", replay)
    assert code == 0 and f"game {rng.game_id(secret)}" in out and not _leaks(out + err, secret)


def test_a_save_at_the_terminal_keeps_the_secret_0600_and_says_so(capsys, monkeypatch,
                                                                   tmp_path):
    made: list[str] = []
    real = rng.new_secret
    monkeypatch.setattr(rng, "new_secret", lambda: made.append(real()) or made[-1])
    path = tmp_path / "g.json"
    code, out, err = cli(capsys, monkeypatch, "play", "fifth-avenue/base", "--players", "3",
                         "--no-replay", "--color", "never", stdin=f"save {path}\nquit\n")
    assert code == 0, err
    [secret] = made
    assert "It holds the game's secret" in out and not _leaks(out + err, secret)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["state"]["seed"] == secret


def test_rules_serve_prints_the_game_id_never_the_secret(capsys, monkeypatch, tmp_path):
    uvicorn = pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    made: list[str] = []
    real = rng.new_secret
    monkeypatch.setattr(rng, "new_secret", lambda: made.append(real()) or made[-1])
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    code, out, err = cli(capsys, monkeypatch, "serve", "fifth-avenue/base", "--players", "3",
                         "--port", "0", "--replay-dir", tmp_path)
    assert code == 0, err
    [secret] = made
    assert f"game {rng.game_id(secret)}" in out and "saves and replays keep" in out
    assert not _leaks(out + err, secret)


def test_a_loaded_secret_game_refuses_a_seed_without_showing_the_secret(
        base, capsys, monkeypatch, tmp_path):
    secret = rng.new_secret()
    path = tmp_path / "g.save.json"
    path.write_text(json.dumps(base.new_game(3, secret).to_save()))
    code, out, err = cli(capsys, monkeypatch, "play", BASE, "--load", path, "--seed", "5",
                         "--no-replay")
    assert code == 2 and "dealt from a secret" in err and not _leaks(out + err, secret)


def test_the_journal_keeps_the_secret_and_plays_again(base, tmp_path):
    from interpreter.play.journal import Journal, journal_as_replay
    from interpreter.play.replay import History

    secret = rng.new_secret()
    game = base.new_game(3, secret)
    history = History.start(game)
    rand = random.Random(3)
    for _ in range(25):
        decision = game.decision()
        move = rand.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    path = tmp_path / "g.journal.jsonl"
    Journal.create(path, base, 3, secret, {}, {p: "human" for p in game.players}, history,
                   game.streams).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = check_replay(journal_as_replay(path.read_text(), path), path)
    assert data["seed"] == secret
    verdict = verify(base, data)
    assert verdict.ok and verdict.game.state_hash() == game.state_hash()


# ------------------------------------------------------------------ hostile files
@pytest.mark.parametrize("seed", ["zz" * 32, "ab" * 8 + "c", "AB" * 32, "ab" * 7, "ab" * 65,
                                  ["ab" * 32], True, 1.5])
def test_a_save_with_a_seed_that_is_no_secret_is_refused(base, seed):
    data = base.new_game(3, rng.new_secret()).to_save()
    data["state"]["seed"] = seed
    data["state_hash"] = save_integrity(data)
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_save(base, json.loads(json.dumps(data)))


def test_a_secret_in_a_save_of_the_engine_before_streams_is_refused(base):
    data = base.new_game(3, rng.new_secret()).to_save()
    data["version"] = 3  # version 3 without "draws": the one stream of the oldest engine
    del data["state"]["draws"]
    data["state_hash"] = save_integrity(data)
    with pytest.raises(SaveFileError, match="damaged"):
        Game.from_save(base, data)


def test_a_replay_with_a_seed_that_is_no_secret_is_refused(base, tmp_path: Path):
    from interpreter.play.replay import History, replay_data

    game = base.new_game(3, rng.new_secret())
    data = replay_data(base, game, History.start(game), {p: "human" for p in game.players})
    assert check_replay(json.loads(json.dumps(data)), tmp_path)["seed"] == game.state["seed"]
    data["version"] = 1  # the engine before streams drew from seeds only
    with pytest.raises(SaveFileError, match="a secret in a replay of version 1"):
        check_replay(data, tmp_path)
    data["version"], data["seed"] = 3, "not a secret"
    with pytest.raises(SaveFileError, match="'seed' is not as expected"):
        check_replay(data, tmp_path)
