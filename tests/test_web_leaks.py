"""`rules serve` never sends a player what their view hides, in any response.

For every seat, a second game differs from the first only in pieces hidden from that seat
(another player's hand, a face-down stack): every endpoint, requested with that seat's link
(and with a bad link), must answer the two games alike. Another seat, who may see the pieces
that differ, must see a difference: so the comparison can fail."""

from __future__ import annotations

import itertools

import pytest

pytest.importorskip("starlette")  # the optional extra web
pytest.importorskip("uvicorn")  # the optional extra web
httpx = pytest.importorskip("httpx")  # the optional extra web-test
from interpreter.play.replay import History  # noqa: E402
from tests.web_support import FIFTH, TUTORIAL, make_table, play_until, serving  # noqa: E402


def _hidden_places(game, seat: str) -> list[tuple[str, str | None, int]]:
    """(zone, key, position) of every piece hidden from `seat` (for a pile, position -1)."""
    view = game.view(seat)["zones"]
    found = []
    for name, info in game.program.zones.items():
        entries = view[name].items() if info.decl.index else [(None, view[name])]
        for key, seen in entries:
            if not (isinstance(seen, dict) and "count" in seen and set(seen) <= {"count",
                                                                               "top"}):
                continue
            content = game.Z[name][key] if key is not None else game.Z[name]
            if isinstance(content, list):
                hidden = len(content) - (1 if "top" in seen else 0)
                found += [(name, key, i) for i in range(hidden)]
            elif "top" not in seen:
                found += [(name, key, -1)] * sum(content.values())
    return found


def _piece(game, place) -> tuple[object, object]:
    name, key, pos = place
    content = game.Z[name][key] if key is not None else game.Z[name]
    return content, (content[pos] if pos >= 0 else None)


def _swap_hidden(game, seat: str):
    """A copy of `game` where two hidden pieces of different kinds changed places, and the
    players who may see one of those places; None if there are none to swap."""
    places = _hidden_places(game, seat)
    for a, b in itertools.combinations(places, 2):
        if a[:2] == b[:2]:
            continue
        kinds_a = _kinds(game, a)
        kinds_b = _kinds(game, b)
        pair = next(((x, y) for x in kinds_a for y in kinds_b if x != y), None)
        if pair is None:
            continue
        twin = _copy(game)
        _replace(twin, a, pair[0], pair[1])
        _replace(twin, b, pair[1], pair[0])
        twin.forget()
        owners = {k.split("|")[0] for _, k, _ in (a, b) if k is not None} & set(game.players)
        return twin, owners - {seat}
    return None


def _kinds(game, place) -> list:
    content, piece = _piece(game, place)
    return [piece] if place[2] >= 0 else sorted(k for k, n in content.items() if n > 0)


def _replace(game, place, old, new) -> None:
    content, _ = _piece(game, place)
    if place[2] >= 0:
        content[place[2]] = new
    else:
        content[old] -= 1
        if not content[old]:
            del content[old]
        content[new] = content.get(new, 0) + 1


def _answers(base: str, token: str, version: int) -> list[tuple[str, int, bytes]]:
    """Every endpoint of the server, asked with `token`."""
    out = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for method, path, payload in [
            ("GET", f"/play/{token}", None),
            ("GET", "/static/page.js", None),
            ("GET", f"/api/{token}/state", None),
            ("POST", f"/api/{token}/decide", {"decision": version, "place": "no-such"}),
            ("POST", f"/api/{token}/decide", {"decision": version, "option": 999}),
            ("POST", f"/api/{token}/decide", {"decision": version + 1, "option": 0}),
            ("POST", f"/api/{token}/save", {}),
            ("GET", f"/api/{token}/state", None),
            ("POST", f"/api/{token}/undo", {"decision": version}),  # last: it may change
        ]:
            response = client.request(method, path, json=payload)
            out.append((path, response.status_code, response.content))
        with client.stream("GET", f"/api/{token}/events") as stream:
            first = next(line for line in stream.iter_lines() if line)
            out.append(("events", stream.status_code, first.encode()))
    return out


def _auction(game, decision) -> bool:
    return decision.prompt.startswith("add a card to your bid") and len(game.moves) > 120


def _later_turn(game, decision) -> bool:
    return decision.prompt == "choose your option for this turn" and len(game.moves) > 200


@pytest.mark.parametrize("path,players,stop", [
    (FIFTH, 4, _auction), (FIFTH, 3, _later_turn),
    (TUTORIAL, 3, lambda game, decision: len(game.moves) == 4)])
def test_no_response_shows_a_seat_what_its_view_hides(path, players, stop, tmp_path):
    ruleset, game, history = play_until(path, players, 21, stop)
    humans = {p: "human" for p in game.players}
    for seat in game.players:
        swapped = _swap_hidden(game, seat)
        assert swapped is not None, f"nothing is hidden from {seat}"
        twin, seers = swapped
        first = make_table(ruleset, _copy(game), History(**history.to_dict()), humans,
                           save_dir=tmp_path)
        second = make_table(ruleset, twin, History(**history.to_dict()), humans,
                            save_dir=tmp_path, tokens=dict(first.tokens), run=first.run)
        tokens = {p: t for t, p in first.tokens.items()}
        with serving(first) as one, serving(second) as two:
            for other in seers:  # the test can see a difference where there is one
                url = f"/api/{tokens[other]}/state"
                assert httpx.get(one + url).json() != httpx.get(two + url).json()
            for token in ("not-a-seat", tokens[seat]):
                answers = []
                for base, table in ((one, first), (two, second)):
                    for saved in tmp_path.glob("*.save.json"):  # a save takes a free name:
                        saved.unlink()  # the same name for both, in a folder left empty
                    answers.append(_answers(base, token, table.version))
                assert answers[0] == answers[1]


def _copy(game):
    twin = game.clone()
    twin.events = list(game.events)
    return twin


def test_a_score_made_of_private_values_is_not_sent_to_the_others(tmp_path):
    """Photo Finish scores a runner's secret bonus metres: the others' pages show '?'."""
    ruleset, game, history = play_until("tutorial/photo-finish", 3, 21,
                                        lambda g, d: len(g.moves) == 6)
    twin = _copy(game)
    twin.V["bonus"] = {**twin.V["bonus"], "P2": twin.V["bonus"]["P2"] + 2}
    twin.forget()
    humans = {p: "human" for p in game.players}
    first = make_table(ruleset, _copy(game), History(**history.to_dict()), humans,
                       save_dir=tmp_path)
    second = make_table(ruleset, twin, History(**history.to_dict()), humans,
                        save_dir=tmp_path, tokens=dict(first.tokens), run=first.run)
    tokens = {p: t for t, p in first.tokens.items()}
    seen = {p: [first.state_for(tokens[p]), second.state_for(tokens[p])] for p in ("P1", "P2")}
    assert seen["P1"][0] == seen["P1"][1]
    assert [row["score"] for row in seen["P1"][0]["players"] if row["player"] == "P2"] == ["?"]
    assert seen["P2"][0] != seen["P2"][1]  # its owner sees it


@pytest.mark.parametrize("path,players,stop", [(FIFTH, 4, _auction)])  # the seats' test
def test_the_spectators_link_shows_no_hidden_piece(path, players, stop, tmp_path):
    """Whatever two pieces hidden from some seat change places (another's hand, a face-down
    stack), every endpoint answers the spectators' link alike: it shows the public view
    only. The seat that may see one of them sees the difference."""
    ruleset, game, history = play_until(path, players, 21, stop)
    humans = {p: "human" for p in game.players}
    for seat in game.players:
        twin, seers = _swap_hidden(game, seat)
        first = make_table(ruleset, _copy(game), History(**history.to_dict()), humans,
                           save_dir=tmp_path)
        second = make_table(ruleset, twin, History(**history.to_dict()), humans,
                            save_dir=tmp_path, tokens=dict(first.tokens),
                            spectator=first.spectator, run=first.run)
        tokens = {p: t for t, p in first.tokens.items()}
        assert first.state_for(first.spectator)["spectator"]
        with serving(first) as one, serving(second) as two:
            for other in seers:
                url = f"/api/{tokens[other]}/state"
                assert httpx.get(one + url).json() != httpx.get(two + url).json()
            answers = [_answers(base, first.spectator, table.version)
                       for base, table in ((one, first), (two, second))]
        assert answers[0] == answers[1]
        assert [status for _, status, _ in answers[0]][3:7] == [403] * 4  # it only watches
