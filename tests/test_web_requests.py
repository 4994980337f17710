"""`rules serve` over HTTP: decisions, undo, saves, and bad requests (wrong seat, bad link,
stale decision, illegal option, two clicks racing), which get a clear JSON error and change
nothing."""

from __future__ import annotations

import io
import json
import random
import re
import threading
import time
from argparse import Namespace
from pathlib import Path

import pytest

pytest.importorskip("starlette")  # the optional extra web
pytest.importorskip("uvicorn")  # the optional extra web
httpx = pytest.importorskip("httpx")  # the optional extra web-test
from interpreter.cli.play import open_game  # noqa: E402
from interpreter.play.table import BOARD_TEXT_COLUMNS  # noqa: E402
from tests.web_support import (  # noqa: E402
    FIFTH,
    make_table,
    play_until,
    rows_do_not_wrap,
    serving,
    token_of,
)


def _commissioner_to(game, decision) -> bool:
    """A commissioner is to be moved, and some district is not among the options."""
    return decision.prompt == "move the commissioner to" and decision.player == "P1" and \
        len(decision.options) < 7


@pytest.fixture()
def table():
    ruleset, game, history = play_until(FIFTH, 4, 2, _commissioner_to)
    return make_table(ruleset, game, history, {p: "human" for p in game.players})


def _snapshot(table):
    return table.version, table.game.state_hash(), list(table.history.moves)


def _post(base, token, action, payload):
    return httpx.post(f"{base}/api/{token}/{action}", json=payload, timeout=10)


def test_bad_requests_get_a_clear_error_and_change_nothing(table):
    p1, p2 = token_of(table, "P1"), token_of(table, "P2")
    legal = table.game.decision().options
    illegal = next(d for d in ("w34", "e34", "w42", "times_square", "e42", "w52", "e52")
                   if d not in legal)
    before = _snapshot(table)
    cases = [
        ("not-a-seat", {"decision": 0, "option": 0}, 404, "not a seat at this table"),
        (p2, {"decision": 0, "option": 0}, 403, "it is Player 1's decision, not yours"),
        (p1, {"decision": 7, "option": 0}, 409, "the game has moved on"),
        (p1, {"decision": 0, "option": 99}, 400, "there is no option 99"),
        (p1, {"decision": 0, "place": illegal}, 400, "cannot be chosen now"),
        (p1, {"decision": 0, "place": "city_hall"}, 400, "City Hall cannot be chosen now"),
        (p1, {"decision": 0, "place": "card(violet,4)"}, 400,
         'Violet 4 cannot be chosen now: the question is "move the commissioner to"'),
        (p1, {"decision": 0}, 400, "say which option"),
    ]
    with serving(table) as base:
        for token, payload, status, words in cases:
            response = _post(base, token, "decide", payload)
            assert response.status_code == status, (payload, response.text)
            assert words in response.json()["error"]
            assert _snapshot(table) == before
        for body in (b"{oops", b"[" * 8_000 + b"]" * 8_000):  # bad, or nested too deep
            response = httpx.post(f"{base}/api/{p1}/decide", content=body, timeout=10,
                                  headers={"Content-Type": "application/json"})
            assert response.status_code == 400 and "not JSON" in response.json()["error"]
        response = _post(base, p2, "undo", {"decision": 0})
        assert response.status_code == 409
        assert response.json()["error"] == "Undo takes back your own last decision until " \
            "someone else has decided after it; Player 1 has played since."
        assert _snapshot(table) == before
        assert httpx.get(f"{base}/play/not-a-seat", timeout=10).status_code == 404


def test_the_place_clicked_is_the_option_and_undo_takes_it_back(table):
    p1 = token_of(table, "P1")
    target = table.game.decision().options[0]
    before = _snapshot(table)
    with serving(table) as base:
        response = _post(base, p1, "decide", {"decision": 0, "place": target})
        assert response.json() == {"ok": True, "version": 1}
        assert table.history.moves[-1] == target
        state = httpx.get(f"{base}/api/{p1}/state", timeout=10).json()
        assert state["undo"]["count"] >= 1
        response = _post(base, p1, "undo", {"decision": 1})
        assert response.json() == {"ok": True, "version": 2}
    assert _snapshot(table)[1:] == before[1:]


def _taken_back_digest(prompt, answer: str) -> list[str]:
    """The digest of the page of the first decision that `prompt(decision)` accepts, after
    its player answered `answer` and took it back."""
    ruleset, game, history = play_until(FIFTH, 4, 1, lambda g, d: prompt(d))
    player = game.decision().player
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    token = token_of(table, player)
    table.decide(token, table.version, place=answer)
    table.undo(token, table.version)
    return table.state_for(token)["digest"]


def test_undo_says_the_answer_taken_back_with_its_question():
    """Seed 239's newcomer read "Taken back: your decision '2'" after taking back how many
    skyscrapers to build: a bare number says its question; a named option its words."""
    said = _taken_back_digest(lambda d: d.prompt.startswith("how many skyscrapers") and
                              len(d.options) > 2, "2")
    assert "Taken back: your answer '2' to 'how many skyscrapers do you build below " \
           "Central Park?'. Decide again." in said
    assert not any("your decision '2'" in line for line in said)
    said = _taken_back_digest(lambda d: d.prompt == "choose your option for this turn", "A")
    assert said[0].startswith("Taken back: your decision 'A: take ") and \
        said[0].endswith("'. Decide again.")


def test_the_last_decision_says_its_points_are_what_each_score_gains_by_the_end():
    """Seed 239's newcomer read '+14 if scored now' and 'you +51 ...' on the game's last
    decision, and nothing said that the second is what their score gains until the end: the
    points of an option that ends the game say 'by the end', and a note what each number is."""
    ruleset, game, history = play_until(FIFTH, 4, 3, lambda g, d: len(g.moves) == 730)
    player = game.decision().player
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    decision = table.state_for(token_of(table, player))["decision"]
    assert len(decision["options"]) > 2
    # the figures most places share said once (seed 318's newcomer read them on 13 buttons):
    # the player's own first, as what each score gains by the end, then the final scores
    assert re.match(r"the game ends \([^)]*\); by the end, unless a choice says otherwise: "
                    r"you \+\d+ to \+\d+, [^;]*; final scores likewise: you \d+ to \d+",
                    decision["every"]), decision["every"]
    for option in decision["options"]:  # each place only what differs, by the end too
        # (the end said once, in the common line: seed 324's newcomer read it on some only)
        assert option["points"] == "" or option["points"].startswith("by the end: "), option
    assert decision["ending"] == "'By the end': what each score gains from now until the " \
        "game ends, with that choice; 'final scores': the scores it ends with."
    # a decision that does not end the game says its points as they are
    ruleset, game, history = play_until(
        FIFTH, 4, 1, lambda g, d: d.prompt.startswith("how many skyscrapers") and
        len(d.options) > 2)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    decision = table.state_for(token_of(table, game.decision().player))["decision"]
    assert decision["ending"] == ""
    assert not any(o["points"].startswith("by the end") for o in decision["options"])


def test_option_d_s_range_says_which_place_chosen_next_gives_which_points():
    """Seed 239's newcomer read 'you +6 to +15' on option D and not which district gave
    which: where an option's points are a range by the player's own next choice, the note
    beside it names each way of that choice with its points."""
    ruleset, game, history = play_until(
        FIFTH, 4, 2, lambda g, d: d.prompt == "choose your option for this turn" and
        len(d.options) == 4 and g.state["step"] >= 15)
    player = game.decision().player
    then = game.clone()
    then.apply("D")
    places = then.decision().labels  # (the next choice: which to score)
    assert len(places) == 2
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    option = table.state_for(token_of(table, player))["decision"]["options"][3]
    assert option["place"] == "D" and " to +" in option["points"], option
    said = option["effect"]
    assert said.startswith("by what you choose next: "), said
    for place in places:
        assert re.search(rf"{re.escape(place)} \((you|Player \d) \+\d", said), (place, said)


def test_two_clicks_racing_take_one_decision(table):
    p1 = token_of(table, "P1")
    moves = len(table.history.moves)
    answers: list[httpx.Response] = []
    with serving(table) as base:
        def click(index: int) -> None:
            answers.append(_post(base, p1, "decide", {"decision": 0, "option": index}))
        clicks = [threading.Thread(target=click, args=(i,)) for i in (0, 1)]
        for thread in clicks:
            thread.start()
        for thread in clicks:
            thread.join()
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert "moved on" in next(a for a in answers if a.status_code == 409).json()["error"]
    assert len(table.history.moves) == moves + 1


def test_a_saved_game_goes_on_with_rules_serve_load(table, tmp_path: Path):
    table.save_dir = tmp_path
    with serving(table) as base:
        answer = _post(base, token_of(table, "P3"), "save", {}).json()
    assert "rules serve --load" in answer["message"]
    saved = next(tmp_path.glob("*.save.json"))
    args = Namespace(load=saved, path=None, players=None, seed=None, name=[], seat=[],
                     allow_outside=False,
                     watch=False)
    ruleset, game, history, seats = open_game(args, io.StringIO())
    assert game.state_hash() == table.game.state_hash()
    assert history.moves == table.history.moves
    assert seats == table.seats


def test_the_replay_is_written_after_every_decision(table, tmp_path: Path):
    table.replay_dir = tmp_path
    with serving(table) as base:
        _post(base, token_of(table, "P1"), "decide", {"decision": 0, "option": 0})
    data = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert data["moves"] == table.history.moves


def test_rules_serve_prints_one_private_link_per_person_and_stops_on_ctrl_c(tmp_path: Path):
    import os
    import signal
    import subprocess
    import sys

    command = [sys.executable, "-m", "interpreter", "serve", "tutorial/high-card",
               "--players", "3", "--seat", "1=human", "--seat", "2=human", "--seed", "5",
               "--port", "0",
               "--bot-delay", "0", "--replay-dir", str(tmp_path)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        lines = [server.stdout.readline() for _ in range(7)]
        links = [line.split(": ", 1)[1].strip() for line in lines if "/play/" in line
                 and "Spectators" not in line]
        assert len(links) == 2 and links[0] != links[1]
        assert any("/host/" in line for line in lines)
        assert any("Spectators" in line and "/play/" in line for line in lines)
        assert all(link.startswith("http://127.0.0.1:") for link in links)
        assert "Player 3: the greedy bot" in "".join(lines)
        assert "seed" not in "".join(lines)  # it fixes every hidden card (issue 21)
        for link in links:
            base, token = link.split("/play/")
            state = httpx.get(f"{base}/api/{token}/state", timeout=10).json()
            assert state["you"]["player"] in ("P1", "P2")
        assert httpx.get(f"{base}/api/{token[::-1]}/state", timeout=10).status_code == 404
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert "Replay:" in out and list(tmp_path.glob("*.json"))


def test_rules_serve_without_a_person_is_refused(capsys):
    from interpreter.cli import main

    code = main(["serve", "tutorial/high-card", "--seat", "1=random", "--port", "0"])
    assert code == 2
    assert "no seat is played by a person" in capsys.readouterr().err


def test_rules_serve_refuses_a_port_that_does_not_exist(capsys):
    from interpreter.cli import main

    assert main(["serve", "tutorial/high-card", "--port", "99999"]) == 2
    assert "must be at most 65535" in capsys.readouterr().err


def test_a_bot_that_breaks_the_rules_stops_the_table_and_every_page_says_so():
    ruleset, game, history = play_until(FIFTH, 3, 2, lambda g, d: d.player == "P1")
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random",
                                                "P3": "random"})

    class Cheat:
        def choose(self, view, decision, rng):
            return "no-such-option"

    table.bots["P2"] = Cheat()
    p1 = token_of(table, "P1")
    with serving(table) as base:
        while table.game.decision().player == "P1":
            _post(base, p1, "decide", {"decision": table.version, "option": 0})
        deadline = time.monotonic() + 10
        while table.failure is None and time.monotonic() < deadline:
            time.sleep(0.05)
        state = httpx.get(f"{base}/api/{p1}/state", timeout=10).json()
        refused = _post(base, p1, "decide", {"decision": table.version, "option": 0})
    assert "random bot playing Player 2 chose an illegal option" in table.failure
    assert state["failure"].startswith("The game cannot go on")
    assert refused.status_code == 409


def test_a_search_bot_with_its_budget_fills_a_seat(capsys):
    from interpreter.cli import main

    args = Namespace(load=None, path="tutorial/high-card", players=2, seed=3, name=[],
                     allow_outside=False,
                     seat=[(2, "ismcts:3")], watch=False, command="serve")
    *_, seats = open_game(args, io.StringIO())
    assert seats == {"P1": "human", "P2": "ismcts:3"}
    assert main(["serve", "tutorial/high-card", "--seat", "2=ismcts:x", "--port", "0"]) == 2
    assert "unknown kind 'ismcts:x'" in capsys.readouterr().err


def test_the_last_move_is_marked_for_the_other_seats_and_the_end_says_who_won(table):
    p1, p2 = token_of(table, "P1"), token_of(table, "P2")
    target = table.game.decision().options[0]
    table.decide(p1, 0, place=target)
    # the commissioner's new district: the last move, for the next player to see
    assert table.state_for(p2)["recent"][-1] == target
    rng = random.Random(3)
    while not table.game.over:  # every seat a person: play the game out at random
        decision = table.game.decision()
        k = rng.randrange(len(decision.options))
        table.decide(token_of(table, decision.player), table.version, index=k)
        if decision.prompt == "move the commissioner to" and rng.random() < 0.2:
            after = table.game.decision()
            seen = table.state_for(token_of(table, after.player if after else "P1"))
            assert decision.options[k] in seen["recent"]
    final = table.state_for(p1)["final"]
    winners = [table.game.label(p) for p in table.game.winners()]
    assert all(name in final["banner"] for name in winners)
    assert [r["name"] for r in final["rows"] if r["winner"]] == winners
    scores = [r["score"] for r in final["rows"]]
    for row in final["rows"]:  # the tie-break only for a score that two players share
        assert (row["tiebreak"] is not None) == (scores.count(row["score"]) > 1)
    assert final["table"]["columns"] == [table.game.label(p) for p in table.game.players]
    heads = [r[0] for r in final["table"]["rows"]]
    assert heads[0].startswith("points during play") and heads[-2:] == ["Central Park", "total"]


def test_the_spectators_link_watches_and_may_not_act(table):
    watcher = table.spectator
    before = _snapshot(table)
    with serving(table) as base:
        state = httpx.get(f"{base}/api/{watcher}/state", timeout=10).json()
        page = httpx.get(f"{base}/play/{watcher}", timeout=10)
        refused = [_post(base, watcher, action, {"decision": table.version, "option": 0})
                   for action in ("decide", "undo", "save")]
    assert page.status_code == 200
    assert state["spectator"] is True and state["you"]["player"] is None
    assert state["decision"] is None and state["hand"] == "" and state["hand_parts"] == []
    assert state["waiting_for"] == "Player 1" and state["undo"]["count"] == 0
    assert state["log"] == table.game.log_for(None)
    assert [r.status_code for r in refused] == [403] * 3
    assert all("spectators' link" in r.json()["error"] for r in refused)
    assert _snapshot(table) == before


def test_the_hosts_page_lists_every_link_and_only_the_host_may_read_it(table):
    table.seats["P4"] = "random"
    table.tokens = {t: p for t, p in table.tokens.items() if p != "P4"}
    with serving(table) as base:
        links = httpx.get(f"{base}/api/{table.host}/links", timeout=10).json()
        page = httpx.get(f"{base}/host/{table.host}", timeout=10)
        strangers = [httpx.get(f"{base}{path}", timeout=10).status_code for path in (
            f"/api/{token_of(table, 'P1')}/links", f"/api/{table.spectator}/links",
            f"/host/{token_of(table, 'P1')}", f"/host/{table.spectator}", "/host/nobody",
            f"/play/{table.host}", f"/api/{table.host}/state")]
    assert page.status_code == 200 and "host.js" in page.text
    assert [s["name"] for s in links["seats"]] == ["Player 1", "Player 2", "Player 3",
                                                    "Player 4"]
    assert [s["path"] for s in links["seats"]] == [
        f"/play/{token_of(table, p)}" for p in ("P1", "P2", "P3")] + [None]
    assert links["seats"][3]["kind"] == "random"
    assert links["spectator"] == f"/play/{table.spectator}"
    assert strangers == [404] * 7


def _serve(command: list[str], lines: int):
    """`rules serve ...` in a process, and the first lines it prints."""
    import os
    import subprocess
    import sys

    server = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", *command],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    return server, [server.stdout.readline() for _ in range(lines)]


def _links(lines: list[str]) -> list[str]:
    return [line.split(": ", 1)[1].strip() for line in lines if "http://" in line]


def test_links_survive_a_restart_from_a_save_and_from_the_replay(tmp_path: Path):
    """The save and the replay keep the tokens and the port: a server started again from
    either prints the same links, and the old links answer (not 404)."""
    import signal

    first, lines = _serve(["tutorial/high-card", "--players", "3", "--seat", "1=human",
                           "--seat", "2=human", "--seed", "5", "--port", "0", "--bot-delay",
                           "0", "--replay-dir", str(tmp_path), "--save-dir", str(tmp_path)], 6)
    try:
        links = _links(lines)
        assert len(links) == 4 and "/host/" in links[0]  # the host, 2 seats, spectators
        base, token = links[1].split("/play/")
        state = httpx.get(f"{base}/api/{token}/state", timeout=10).json()
        _post(base, token, "decide", {"decision": state["version"], "option": 0})
        assert httpx.post(f"{base}/api/{token}/save", json={}, timeout=10).status_code == 200
    finally:
        first.kill()  # as a crash: the replay is all that is left besides the save
        first.communicate(timeout=20)
    saved = next(tmp_path.glob("*.save.json"))
    replay = next(p for p in tmp_path.glob("*.json") if not p.name.endswith(".save.json"))
    for source in (saved, replay):
        again, lines = _serve(["--load", str(source), "--bot-delay", "0"], 6)
        try:
            assert _links(lines) == links, source
            for link in links[1:]:
                assert httpx.get(link, timeout=10).status_code == 200
                base, token = link.split("/play/")
                assert httpx.get(f"{base}/api/{token}/state", timeout=10).status_code == 200
            assert httpx.get(links[0].replace("/host/", "/api/") + "/links",
                             timeout=10).status_code == 200
        finally:
            again.send_signal(signal.SIGINT)
            again.communicate(timeout=20)


@pytest.mark.parametrize("links", [
    {"seats": {"P1": "short"}, "spectator": "s" * 24, "host": "h" * 24},
    {"seats": {"P1": "a" * 24}, "spectator": "a" * 24, "host": "h" * 24},  # twice the same
    {"seats": {"P1": "a" * 24}, "spectator": "s" * 24, "host": "h" * 24, "port": 70000},
    {"seats": {"P1": "a/../b" * 4}, "spectator": "s" * 24, "host": "h" * 24},
    "links"])
def test_a_save_with_damaged_links_is_refused_in_one_line(table, tmp_path: Path, links):
    from interpreter.cli import main

    table.save_dir = tmp_path
    table.save(token_of(table, "P1"))
    saved = next(tmp_path.glob("*.save.json"))
    data = json.loads(saved.read_text())
    assert data["play"]["links"]["seats"]["P1"] == token_of(table, "P1")
    data["play"]["links"] = links
    saved.write_text(json.dumps(data))
    args = Namespace(load=saved, path=None, players=None, seed=None, name=[], seat=[],
                     allow_outside=False, watch=False)
    from interpreter.language.errors import RulesError

    with pytest.raises(RulesError, match=r"damaged \('play.links' is not as expected\)"):
        open_game(args, io.StringIO())
    assert main(["serve", "--load", str(saved), "--port", "0"]) == 2


def test_taking_a_card_every_stack_offered_says_its_top_card_and_the_buttons_are_short():
    """Issue 33: the top card's value was on some options' words and not on others."""
    ruleset, game, history = play_until(
        FIFTH, 4, 0, lambda g, d: d.player == "P1" and d.prompt == "take a coloured card")
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    decision = table.state_for(token_of(table, "P1"))["decision"]
    stacks = game.view("P1")["zones"]["colour_stack"]
    tops = [f"{c} {stacks[c]['top'].split(',')[1].rstrip(')')}" for c in game.decision().options]
    assert f"Top cards: {', '.join(tops)}." in decision["hints"]
    assert [o["label"] for o in decision["options"]] == list(game.decision().options)
    assert all(o["effect"].endswith(" to your hand") for o in decision["options"])


def test_a_card_that_sets_the_build_limit_says_so_on_its_button_as_at_the_terminal():
    """The display's option notes ('brown 6 (build limit 1)') were said at the terminal only:
    a newcomer in the browser added a 6 to a bid without a word that they could then build
    one skyscraper."""
    from interpreter.play.display import load_display
    from interpreter.play.history import History
    from interpreter.play.terminal import Session

    ruleset, game, history = play_until(
        FIFTH, 4, 3, lambda g, d: d.player == "P1" and d.prompt.startswith("add a card"))
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    labels = [o["label"] for o in table.state_for(token_of(table, "P1"))["decision"]["options"]]
    assert any("(build limit" in label for label in labels), labels
    session = Session(ruleset, game, History(), {p: "human" for p in game.players},
                      load_display(ruleset), io.StringIO(), width=80, height=24)
    assert labels == session.shown_labels(game.decision())


def test_a_business_s_button_says_the_others_gain_in_whole_words():
    """Issue 33: a newcomer in the browser saw only their own gain where a business also
    raised another player's skyscrapers; the page has room for the whole note."""
    from interpreter.play.history import History
    from tests.test_terminal import _others_gain_position

    game = _others_gain_position()
    table = make_table(game.ruleset, game, History.start(game),
                       {p: "human" for p in game.players})
    labels = [o["label"] for o in table.state_for(token_of(table, "P1"))["decision"]["options"]]
    assert "Times Square, gray (fills Times Square, where you have 2 skyscrapers: a later " \
        "building stop there would take your skyscrapers out of the game; Player 3 +2 if " \
        "scored now)" in labels, labels
    assert sum("Player" in label for label in labels) == 1


def test_build_with_an_empty_supply_says_so_on_its_button():
    from interpreter.play.history import History
    from tests.test_consequences import at_the_second_stop

    game = at_the_second_stop(supply=0)
    table = make_table(game.ruleset, game, History.start(game),
                       {p: "human" for p in game.players})
    options = table.state_for(token_of(table, "P2"))["decision"]["options"]
    assert options[0]["label"] == \
        "build (no skyscrapers in supply: build nothing, the district stays open)"


def test_the_page_says_in_short_what_happened_since_your_last_decision():
    ruleset, game, history = play_until(FIFTH, 4, 5, lambda g, d: d.player == "P1")
    seats = {p: "human" if p == "P1" else "random" for p in game.players}
    table = make_table(ruleset, game, history, seats)
    me = token_of(table, "P1")
    assert table.state_for(me)["digest"] == []  # nothing decided here yet
    points = None
    for _ in range(400):  # P1 decides, the bots play, until something concerned P1
        table.decide(me, table.version, index=0)
        while table.bot_step():
            pass
        if table.game.over:
            break
        state = table.state_for(me)
        assert state["digest"] == table.state_for(me)["digest"]  # kept for the version
        if state["digest"]:
            points = state["digest"]
            break
    assert points, "no digest in a whole game"
    # in the words the terminal uses, about this player or the board
    assert all(line.startswith(("Taken for you", "News:", "Points:", "Pieces:"))
               for line in points)
    assert table.state_for(table.spectator)["digest"] == []  # a spectator decides nothing


def test_the_page_says_what_happened_since_the_players_last_decision():
    """At 1366x768 the log shrinks to a line or two while a player decides: who won each
    auction and what was scored since their last decision is said above the question."""
    ruleset, game, history = play_until(FIFTH, 4, 7, lambda g, d: True)
    table = make_table(ruleset, game, history, {"P1": "human", "P2": "random",
                                                "P3": "random", "P4": "random"})
    token, rng, said = token_of(table, "P1"), random.Random(7), []
    for _ in range(400):
        if table.game.over:
            break
        if table.bot_step():
            continue
        state = table.state_for(token)
        decision = state["decision"]
        said.append(state["digest"])
        table.decide(token, decision["id"], index=rng.randrange(len(decision["options"])))
    assert said[0] == []  # nothing before the first decision
    news = [line for s in said for line in s if line.startswith("News: ")]
    assert any(" wins the auction for " in line for line in news)
    assert any(re.search(r"scores \d+ VP", line) for line in news)
    assert any(line.startswith("Points: ") for s in said for line in s)


def test_a_phone_s_text_board_never_wraps_a_row_in_a_whole_game():
    """The phone's text board (52 columns) in the narrow layout: no district's row wraps, at
    every stage of a game (commissioners and markers in the districts, building stops)."""
    def narrow(table) -> str:
        return table.display.board(table.game, "P1", width=BOARD_TEXT_COLUMNS)

    ruleset, game, history = play_until(FIFTH, 4, 7, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "random" for p in game.players})
    rng, seen = random.Random(7), 0
    while not table.game.over:
        decision = table.game.decision()
        if table.game.state["step"] % 25 == 0:
            rows_do_not_wrap(narrow(table))
            seen += 1
        table.game.apply(rng.choice(decision.options))
    rows_do_not_wrap(narrow(table))
    assert seen > 10


def test_businesses_to_take_are_buttons_in_the_order_of_the_row():
    """As at the terminal: the buttons follow the supply row ('Pe Je Bo'), and the first
    button takes the first business of the row."""
    from interpreter.play.replay import History

    from .test_terminal import _taking_a_business_from_pe_je_bo

    game = _taking_a_business_from_pe_je_bo()
    table = make_table(game.ruleset, game, History.start(game),
                       {p: "human" for p in game.players})
    p1 = token_of(table, "P1")
    options = table.state_for(p1)["decision"]["options"]
    assert [o["label"].split(":")[0] for o in options][:3] == \
        ["perfume shop", "jeweler", "boutique"], options
    table.decide(p1, table.version, index=0)
    assert game.frame_locals()["kind"] == "tile(perfume_shop)"


def test_the_pages_digest_says_the_news_before_the_points_of_the_others():
    """Issue 33's newcomer saw 'Points: Player 3 +2 (in 52nd St. West)' and '4 more': the
    page folds a cramped digest from its end, and the news that the pawn had left the place
    they meant to score was folded. Where the player's own points did not change, the news
    come before the others' points; where they did, their points come first."""
    ruleset, game, history = play_until(FIFTH, 4, 0, lambda g, d: d.player == "P1")
    table = make_table(ruleset, game, history,
                       {p: "random" for p in game.players} | {"P1": "human"})
    me, rng = token_of(table, "P1"), random.Random(0)
    orders = set()
    while not table.game.over:
        table.decide(me, table.version, index=rng.randrange(len(table.game.decision().options)))
        score = table.game.score("P1")  # after their decision (its points are not news)
        while table.bot_step():
            pass
        heads = [line.split(":")[0] for line in table.state_for(me)["digest"]]
        if {"Points", "News"} <= set(heads):
            own = table.game.score("P1") != score
            order = heads.index("News") < heads.index("Points")
            assert order != own, (own, table.state_for(me)["digest"])
            orders.add(order)
    assert orders == {True, False}  # both seen


def _labels_here(game, history, player: str) -> tuple[list[str], list[str]]:
    """The options' words on the page and at an 80x24 terminal, for `player`'s decision."""
    from interpreter.play.display import load_display
    from interpreter.play.history import History
    from interpreter.play.terminal import Session

    table = make_table(game.ruleset, game, history, {p: "human" for p in game.players})
    page = [o["label"] for o in table.state_for(token_of(table, player))["decision"]["options"]]
    session = Session(game.ruleset, game, History(), {p: "human" for p in game.players},
                      load_display(game.ruleset), io.StringIO(), width=80, height=24)
    return page, session.shown_labels(game.decision())


def _scored_now(game, player: str, district: str) -> str:
    """Who would score what in `district` now, from the rules' own district_points."""
    points = {p: game.evaluate("district_points", p, district) for p in game.players}
    said = [f"{points[p]} VP for " + ("you" if p == player else game.label(p))
            for p in sorted(game.players, key=lambda p: p != player) if points[p] > 0]
    return ", ".join(said) or "no VP for anyone"


def _leaves_a_district_alone(game) -> bool:
    """The commissioner being moved stands alone in a district (a scoring could be had)."""
    standing = game.state["vars"]["commissioner_at"]
    moved = game.frame_locals().get("c") if game.stack else None
    return moved in standing and game.evaluate("is_district", standing[moved]) and \
        list(standing.values()).count(standing[moved]) == 1


def test_each_destination_of_a_commissioner_says_what_a_scoring_there_gives_now():
    """Issue 33: a newcomer in the browser chose where a commissioner goes with no word of
    the points: each destination says what scoring it would give now, and the district the
    commissioner leaves says it can no longer be scored; the terminal says the same."""
    ruleset, game, history = play_until(
        FIFTH, 4, 9, lambda g, d: d.prompt == "move the commissioner to" and
        _leaves_a_district_alone(g) and all(g.evaluate("is_district", o) for o in d.options))
    decision = game.decision()
    page, terminal = _labels_here(game, history, decision.player)
    assert page == terminal
    for option, label in zip(decision.options, page, strict=True):
        assert label.startswith(f"{game.label(option)} (if scored now: "
                                f"{_scored_now(game, decision.player, option)}"), label
    origin = game.state["vars"]["commissioner_at"][game.frame_locals()["c"]]
    assert all(f"; option D can no longer score {game.label(origin)}, but its skyscrapers "
               "stay and score later, at the game's end at the latest: worth now " in x
               for x in page), page


ALLOWS = {4: 3, 5: 2, 6: 1}  # en-2004, The auctions, (3): skyscrapers a card's value allows


def _most_built(game, player: str, colour: str) -> int:
    """The most skyscrapers a bid of `colour` could let `player` build: the card of it in
    hand that allows the most, and the supply."""
    hand = game.view(player)["zones"]["hand"][player]
    return min(sum(game.view(player)["zones"]["supply"][player].values()),
               max(ALLOWS[int(k.split(",")[1].rstrip(")"))] for k in hand
                   if k.startswith(f"card({colour},")))


def test_each_colour_of_a_bid_says_what_winning_with_it_would_build():
    """Issue 33: a newcomer chose the colour of a bid with no word of what it decides: the
    plot the winner builds on, how many skyscrapers at most and what they are worth if the
    district were scored now, and how far the player's cards of it and black reach."""
    ruleset, game, history = play_until(
        FIFTH, 4, 5, lambda g, d: d.prompt.startswith("choose the colour of your bid") and
        g.state["vars"]["auction_at"] != "central_park" and
        g.view(d.player)["zones"]["supply"][d.player])
    decision = game.decision()
    player, where = decision.player, game.state["vars"]["auction_at"]
    page, terminal = _labels_here(game, history, player)
    assert page == terminal
    for option, label in zip(decision.options, page, strict=True):
        if option == "pass_bid":
            continue
        plot = game.evaluate("plot_of", where, option)
        most = _most_built(game, player, option)
        assert f"on the {game.label(option)} plot, +{most * game.evaluate('plot_value', plot)} VP" \
            in label, label
        assert label.startswith(f"{option} (if it wins: up to {most} skyscraper"), label


def test_a_central_park_colour_says_a_win_builds_none_as_a_district_s_colour_does():
    """Seed 320's newcomer, with no skyscraper in supply, read '(if it wins: you build none
    (your supply is empty)...)' on a district's colours, and only 'violet (every bidder must
    follow violet; ...)' on Central Park's: the park's colours say it too, at the page and
    the terminal alike."""
    ruleset, game, history = play_until(
        FIFTH, 4, 5, lambda g, d: d.prompt.startswith("choose the colour of your bid") and
        g.state["vars"]["auction_at"] == "central_park" and
        g.state["vars"]["high_bidder"] is None and not g.view(d.player)["zones"]["supply"][
            d.player])
    decision = game.decision()
    page, terminal = _labels_here(game, history, decision.player)
    assert page == terminal
    colours = [label for option, label in zip(decision.options, page, strict=True)
               if option != "pass_bid"]
    assert colours, page
    for label in colours:
        assert "(if it wins: you build none (your supply is empty); every bidder must " \
            "follow " in label, label


def test_each_colour_of_a_central_park_bid_says_what_winning_there_gives():
    """Issue 33: a newcomer's Central Park bid options said only the colour to follow: each
    says what the winner builds there (up to the bid's skyscrapers, below the park) and what
    they are worth (en-2004, Game end: 2 to 5 VP each, at the end only): said once above
    the options, each colour saying how many it may build (five colours saying all of it
    overflowed the page at 1366x768)."""
    ruleset, game, history = play_until(
        FIFTH, 4, 5, lambda g, d: d.prompt.startswith("choose the colour of your bid") and
        g.state["vars"]["auction_at"] == "central_park" and
        g.view(d.player)["zones"]["supply"][d.player])
    decision = game.decision()
    player = decision.player
    page, terminal = _labels_here(game, history, player)
    assert page == terminal
    for option, label in zip(decision.options, page, strict=True):
        if option == "pass_bid":
            continue
        most = _most_built(game, player, option)
        assert label.startswith(f"{option} (if it wins: up to {most} skyscraper"), label
        assert f"; every bidder must follow {option};" in label, label
        assert "at the end only" not in label, label  # said once, in the hint
    # and once for the auction, above the options (a terminal short of rows drops the notes)
    table = make_table(game.ruleset, game, history, {p: "human" for p in game.players})
    hints = table.state_for(token_of(table, player))["decision"]["hints"]
    assert f"The winner builds below {game.label('central_park')}: skyscrapers worth 2-5 VP " \
        "each, scored at the end only." in hints, hints


def test_each_plot_of_the_first_skyscrapers_says_what_it_scores_now():
    """Issue 33: at the opening placement a newcomer chose plots with no points shown: each
    plot says what a scoring of its district would give the player now (the rules' own
    plot_value), in short on the page and at the terminal, which list all 28 plots (the
    hint above them says the VP by business types next to a skyscraper)."""
    ruleset, game, history = play_until(
        FIFTH, 4, 5, lambda g, d: d.prompt == "place a skyscraper on an empty building plot")
    decision = game.decision()
    page, terminal = _labels_here(game, history, decision.player)
    for option, label in zip(decision.options, page, strict=True):
        value = game.evaluate("plot_value", option)
        assert label == f"{game.label(option)} (+{value})", label
    from interpreter.play.display import load_display
    from interpreter.play.history import History
    from interpreter.play.terminal import Session

    out = io.StringIO()
    Session(game.ruleset, game, History(), {p: "human" for p in game.players},
            load_display(game.ruleset), out, width=80, height=24).screen(decision)
    rows = out.getvalue().splitlines()
    assert len(rows) <= 24 and max(map(len, rows)) <= 80
    first = game.label(decision.options[0])
    assert f"1. {first} (+{game.evaluate('plot_value', decision.options[0])})" in \
        out.getvalue()
    # the page says what '+N' counts (a newcomer in the browser read 'violet +2' with no key)
    table = make_table(game.ruleset, game, history, {p: "human" for p in game.players})
    hints = table.state_for(token_of(table, decision.player))["decision"]["hints"]
    assert any(h.startswith("+N beside a plot: the VP your skyscrapers in its district would "
                            "score if it were scored now.") for h in hints), hints


def test_a_bid_whose_plot_is_the_districts_last_empty_one_says_it_fills_the_district():
    """Issue 33: placing a business on a district's last empty plot was flagged, building
    there at a bid was not: the colour whose plot is the last empty one says that winning
    fills the district, and what that opens (a later building stop there)."""
    def last_plot_bid(g, d) -> bool:
        where = g.state["vars"]["auction_at"]
        if not d.prompt.startswith("choose the colour of your bid") or \
                where in (None, "central_park"):
            return False
        empty = [q for q in g.evaluate("plots_of", where) if g.evaluate("empty_plot", q)]
        return len(empty) == 1 and any(
            g.evaluate("plot_of", where, o) == empty[0] for o in d.options if o != "pass_bid")
    ruleset, game, history = play_until(FIFTH, 4, 3, last_plot_bid)
    decision = game.decision()
    where = game.state["vars"]["auction_at"]
    page, terminal = _labels_here(game, history, decision.player)
    assert page == terminal
    fills = f"; it fills {game.label(where)}: a later building stop there would take your " \
        "skyscrapers out"
    for option, label in zip(decision.options, page, strict=True):
        if option == "pass_bid":
            continue
        plot = game.evaluate("plot_of", where, option)
        assert (fills in label) == game.evaluate("empty_plot", plot), label
    assert any(fills in label for label in page), page


def test_a_click_on_a_space_where_a_kind_is_asked_says_why_and_what_is_allowed():
    """Issue 33: a newcomer's click on a space of the supply row, where the decision asks
    which kind of business to take, was refused as 'is not an answer' without why: the
    refusal says what the answers are, by name, as the terminal's refusal does, and (seed
    181) why the space is not among them, in the rules' words: only the current set."""
    from interpreter.play.refusal import refusal

    ruleset, game, history = play_until(
        FIFTH, 4, 5, lambda g, d: d.prompt == "take a business from the current set")
    decision = game.decision()
    said = refusal(game, decision, "slot20")
    names = sorted(game.label(o) for o in decision.options)
    space = game.label("slot20")
    head = f'{space[:1].upper()}{space[1:]} cannot be chosen now: the question is ' \
        f'"{decision.prompt}"'
    assert said.startswith(f"{head} (only the left-most set with a business left), and its "
                           "answer is one of "), said
    assert all(name in said.split(". ")[0] for name in names), said


def _cannot_win(game, decision) -> bool:
    """A bid under way whose cards cannot reach above the high bid, with a card offered."""
    named = game.state["vars"]
    return "pass_bid" in decision.options and len(decision.options) > 1 and \
        named["bid_colour"].get(decision.player) is not None and \
        named["high_bidder"] is not None and \
        game.evaluate("reachable_bid", decision.player) <= named["high_bid"]


def test_a_card_that_cannot_win_the_bid_says_so_shortly_and_nothing_of_what_follows():
    """Issue 33: a card added to a bid that cannot win showed the long flow of the cards
    that the others' win then sends under the stacks, as if it were the card's doing: it
    says it cannot win, in few words, alone; the pass still says what follows it."""
    from interpreter.play.display import load_display
    from interpreter.play.history import History
    from interpreter.play.terminal import Session

    ruleset, game, history = play_until(FIFTH, 4, 3, _cannot_win)
    decision = game.decision()
    table = make_table(game.ruleset, game, history, {p: "human" for p in game.players})
    options = table.state_for(token_of(table, decision.player))["decision"]["options"]
    cards = [o for o in options if o["place"].startswith("card(")]
    assert cards
    for option in cards:
        assert " (cannot win: your cards reach " in option["label"], option
        assert option["effect"] == "" and option["points"] == "", option
    out = io.StringIO()
    Session(game.ruleset, game, History(), {p: "human" for p in game.players},
            load_display(game.ruleset), out, width=80, height=24).screen(decision)
    screen = " ".join(out.getvalue().split())
    card_line = screen[screen.index(f"1. {cards[0]['label']}"):screen.index("2. pass")]
    assert "stack" not in card_line and "wins the auction" not in card_line, card_line


def _colour_to_choose(game, decision) -> bool:
    """A bid's colour still to choose, against a high bid the player's cards can beat."""
    named = game.state["vars"]
    return "pass_bid" in decision.options and len(decision.options) > 1 and \
        named["bid_colour"].get(decision.player) is None and \
        named["high_bidder"] is not None and named["high_bid"] < 10


def test_a_colour_to_bid_with_is_not_said_to_lose_before_any_card_is_chosen():
    """Issue 33: at the choice of a bid's colour every colour read 'cannot win: your cards do
    not reach above 5 ...; your gray and black cards reach 36' (the reach was counted with
    no colour chosen): a newcomer nearly passed an auction that protected their pieces."""
    ruleset, game, history = play_until(FIFTH, 4, 3, _colour_to_choose)
    decision = game.decision()
    table = make_table(game.ruleset, game, history, {p: "human" for p in game.players})
    options = table.state_for(token_of(table, decision.player))["decision"]["options"]
    colours = [o for o in options if o["label"] != game.label("pass_bid")]
    assert colours
    assert not any("cannot win" in o["label"] for o in colours), colours


NEWCOMER_314 = Path(__file__).parent / "data" / "fifth-avenue-base-4p-seed314-newcomer.replay.json"


def test_the_log_folds_as_many_lines_after_an_undo_as_after_a_restart():
    """Seed 314's newcomer (issue 33) took back a decision, later saved and restarted the
    server: the log's header said 'every step (231 folded)' where it said '(98 folded)'
    before, at the same position (the undo had begun the folding again). An undo keeps the
    log folding every step before it, as a table started from the save does."""
    from interpreter.play.display import load_display
    from interpreter.play.table import Table
    from tests.test_digest import _table_at

    table, tokens = _table_at(NEWCOMER_314, 265)  # Player 1's second decision in a row
    me = tokens["P1"]
    table.undo(me, table.version)
    assert len(table.history.moves) == 264
    options = list(table.display.shown(table.game, table.game.decision()).options)
    table.decide(me, table.version, index=options.index("gray"))  # the same decision again
    live = table.state_for(me)["log_folded"]
    loaded = Table(table.ruleset, table.game, table.history, dict(table.seats),
                   load_display(table.ruleset), tokens=dict(table.tokens), resumed=True)
    assert len(live) > 100
    assert live == loaded.state_for(me)["log_folded"]
