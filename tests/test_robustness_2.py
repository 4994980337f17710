"""Robustness, second round (issue 21): each test names the item of the issue it guards."""

from __future__ import annotations

import base64
import contextlib
import pickle

import pytest


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
        with pytest.raises(ValueError, match="rules: "):
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
