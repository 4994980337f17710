"""A `privately choose` reaches only the players it is shown to, wherever a game is shown:
the pages of `rules serve` (`/api/TOKEN/state`: the places chosen lately, marked on the board,
the log, the board), the terminal of a hot-seat game (the screens and their scrollback),
`rules show` of a save (the question of a decision is its decider's), the board picture (a
procedure's locals under way), the public log (its check takes private choices both ways) and
`rules replay --log`.

The test of the pages plays every bundled ruleset and Hideout (tests/data/hideout: a place
chosen privately, shown to the next player or to nobody else, marked on the viewer's board)
with every seat a person's. At a private decision the game is taken two ways, with one option
and with another: every seat the choice is not shown to must be sent the same state both ways;
a seat it is shown to sees the difference (so the comparison can fail)."""

from __future__ import annotations

import io
import json
import random
import re
import shutil
from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.cli.common import Printable, bundled_rulesets, load
from interpreter.play.display import load_display
from interpreter.play.game_files import save_data
from interpreter.play.public_log import check_game
from interpreter.play.replay import History, replay_data
from interpreter.play.terminal import Session
from tests.test_hot_seat_terminal import ScrollOnClear
from tests.web_support import make_table, serving, token_of

HIDEOUT = str(Path(__file__).resolve().parent / "data" / "hideout")
DECISIONS = 120  # decisions of each game played
BRANCHES = 16  # private decisions of each game taken both ways


def _twin(table, game=None):
    """Another table of the same game at the same point, with the same links."""
    game = table.game if game is None else game
    twin = game.clone()
    twin.events, twin.told = list(game.events), list(game.told)
    return make_table(table.ruleset, twin, History(**table.history.to_dict()), table.seats,
                      tokens=dict(table.tokens), places=dict(table.places),
                      version=table.version, run=table.run)


def _states(table) -> dict[str, dict]:
    """What `/api/TOKEN/state` answers each seat (the JSON of `Table.state_for`)."""
    return {player: json.loads(json.dumps(table.state_for(token)))
            for token, player in table.tokens.items()}


def _served_states(base: str, table) -> dict[str, dict]:
    """What a real server answers each seat at `/api/TOKEN/state`."""
    httpx = pytest.importorskip("httpx")  # the optional extra web-test
    out = {}
    for token, player in table.tokens.items():
        response = httpx.get(f"{base}/api/{token}/state")
        assert response.status_code == 200
        out[player] = response.json()
    return out


def _play_both_ways(ruleset, seed: int, decisions: int) -> tuple[int, int]:
    """Play a game; at private decisions compare each seat's state after one option and
    after another. Returns (private decisions taken both ways, of which a seat that sees the
    choice saw a difference)."""
    game = ruleset.new_game(max(ruleset.player_counts), seed)
    table = make_table(ruleset, game, History.start(game), {p: "human" for p in game.players})
    rng = random.Random(seed)
    branched = seen = 0
    for _ in range(decisions):
        decision = table.game.decision()
        if decision is None:
            break
        if decision.shown_to is not None and len(decision.options) > 1 and \
                branched < BRANCHES:
            first, second = rng.sample(range(len(decision.options)), 2)
            one, other = _twin(table), _twin(table)
            for t, index in ((one, first), (other, second)):
                t.decide(token_of(t, decision.player), t.version, index)
            if one.game.over or other.game.over:  # the final scoring may show everything
                table.decide(token_of(table, decision.player), table.version, first)
                continue
            a, b = _states(one), _states(other)
            for player in table.game.players:
                if player not in decision.shown_to:
                    assert a[player] == b[player], (
                        f"{ruleset.name}: {player} is sent what {decision.player} chose "
                        f"privately ({decision.prompt}, shown to {decision.shown_to})")
            branched += 1
            seen += any(a[p] != b[p] for p in decision.shown_to)
        table.decide(token_of(table, decision.player), table.version,
                     rng.randrange(len(decision.options)))
    return branched, seen


@pytest.mark.parametrize("path", [*bundled_rulesets(), HIDEOUT],
                         ids=[*bundled_rulesets(), "tests/data/hideout"])
def test_a_page_shows_a_private_choice_only_to_the_players_it_is_shown_to(path):
    ruleset = load(path)
    if ruleset.requirements and ruleset.unplayable():  # a literal edition: nothing to play
        return
    private = any(point.private for point in ruleset.program.choices.values())
    # a ruleset without a private choice is played a little: no decision is private there
    branched, seen = _play_both_ways(ruleset, 3, DECISIONS if private else 20)
    if private:
        assert branched > 0, f"{path}: no private decision was reached"
        assert seen == branched, f"{path}: a choice that changed nothing its players see"
    else:
        assert branched == 0


def test_a_place_chosen_privately_is_marked_only_for_those_it_is_shown_to():
    """Hideout: Player 1 hides in the Well (shown to Player 2), then leaves a decoy in the
    Mill (shown to nobody else). The places chosen lately, which a page marks on the board,
    as a real server sends them:"""
    ruleset = load(HIDEOUT)
    game = ruleset.new_game(3, 1)
    table = make_table(ruleset, game, History.start(game), {p: "human" for p in game.players})
    p1, p2 = token_of(table, "P1"), token_of(table, "P2")
    with serving(table) as base:
        table.decide(p1, table.version, place="well")
        seen = _served_states(base, table)
        assert {p: s["recent"] for p, s in seen.items()} == {
            "P1": ["well"], "P2": ["well"], "P3": []}
        assert [s["log"] for s in seen.values()] == [["Player 1 hides in The Well"]] * 2 + [[]]
        table.decide(p1, table.version, place="mill")
        seen = _served_states(base, table)
        assert {p: s["recent"] for p, s in seen.items()} == {"P1": ["mill"], "P2": [], "P3": []}
        assert seen["P3"]["log"] == ["Player 1 hides"]
        assert 'class="decoy"' in seen["P1"]["board"]
        assert 'class="hideout"' in seen["P1"]["board"]
        assert "class=" not in seen["P2"]["board"] and "class=" not in seen["P3"]["board"]
    table.decide(p2, table.version, place="barn")  # shown to Player 3
    assert {p: s["recent"] for p, s in _states(table).items()} == {
        "P1": [], "P2": ["barn"], "P3": ["barn"]}
    table.decide(p2, table.version, place="tower")
    assert {p: s["recent"] for p, s in _states(table).items()} == {
        "P1": [], "P2": ["tower"], "P3": []}


def test_the_board_never_shows_a_local_that_holds_a_private_choice():
    """Hideout's board reads the locals of `hide` under way (`running`): the spot chosen and
    a copy of it (`let spot = s`), held while the decoy is chosen. Neither is drawn, for any
    viewer, the chooser too: the picture is the same whichever spot was chosen."""
    ruleset = load(HIDEOUT)
    display = load_display(ruleset)
    pictures = {}
    for spot in ("mill", "well"):
        game = ruleset.new_game(3, 1)
        game.apply(spot)  # the game waits for the decoy, inside `hide`
        assert game.frame_locals()["spot"] == spot
        pictures[spot] = {v: display.to_svg(game, v) for v in (None, "P1", "P2", "P3")}
    for viewer in (None, "P2", "P3"):
        assert pictures["mill"][viewer] == pictures["well"][viewer]
    assert "hiding: nobody, nobody" in pictures["well"]["P1"]
    assert pictures["mill"]["P1"] != pictures["well"]["P1"]  # its hideout, marked


# ------------------------------------------------------------------ the terminal (hot seat)
def _hot_seat(hide: int) -> list[tuple[str, str]]:
    """Hideout for three people at one terminal (80x24); Player 1 hides in the spot of option
    `hide`, every other answer is the first option, and the game stops at the seventh
    decision (the first seek: it may find Player 1, and then the log says where). For each
    question asked: who decides now, and what can be read at the terminal then (its screen and
    the scrollback of a terminal that keeps a cleared screen there, as tmux does)."""
    ruleset = load(HIDEOUT)
    game = ruleset.new_game(3, 1)
    stream = io.StringIO()
    terminal = ScrollOnClear()
    fed, seen, answered = 0, [], 0

    def read(prompt: str) -> str:
        nonlocal fed, answered
        terminal.feed(stream.getvalue()[fed:])
        fed = len(stream.getvalue())
        decision = game.decision()
        seen.append((decision.player, terminal.everything()))
        if prompt.startswith("[y: save and quit"):
            return "n"  # quit without saving
        if prompt != "> ":
            return ""  # Enter: to start, or "press Enter when you are ready"
        answered += 1
        # the first option listed: a question that goes on from the last answer keeps its
        # numbers, the one answered left out (the decoy after the hideout)
        listed = re.findall(r"^ +(\d+)\. ", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "",
                                                 stream.getvalue().split("\x1b[2J")[-1]), re.M)
        return "quit" if answered == 7 else str(hide if answered == 1 else min(map(int, listed)))

    session = Session(ruleset, game, History.start(game), {p: "human" for p in game.players},
                      load_display(ruleset), Printable(stream), tty=True, read=read,
                      width=80, height=24)
    session.run()
    return seen


def test_at_a_hot_seat_terminal_a_private_choice_shows_only_to_those_it_is_shown_to():
    """Player 1 hides in the Mill or in the Well (shown to Player 2): everything Player 3 can
    read at the terminal when it is their turn is the same both ways."""
    mill, well = _hot_seat(1), _hot_seat(2)
    assert [who for who, _ in mill] == [who for who, _ in well]

    def screens(seen, player):
        return [text for who, text in seen if who == player]

    assert len(screens(mill, "P3")) >= 4  # the pass screen, hide, decoy, the first seek
    assert screens(mill, "P3") == screens(well, "P3")
    assert not any("You, Player 1" in text or "You, Player 2" in text  # the others' hands
                   for text in screens(mill, "P3"))
    assert screens(mill, "P2") != screens(well, "P2")  # told where Player 1 hides
    assert any("Player 1 hides in The Well" in text for text in screens(well, "P2"))


# ------------------------------------------------------------------ rules show
def test_rules_show_shows_the_question_of_a_private_decision_only_as_its_decider(tmp_path,
                                                                                 capsys):
    """Hideout asks for the decoy with the hideout in the question ("you hide in The Well:
    where ..."): `rules show` of a save made then says who decides, and only `--as` the
    decider what they are asked."""
    ruleset = load(HIDEOUT)
    shown = {}
    for spot in ("mill", "well"):
        game = ruleset.new_game(3, 1)
        history = History.start(game)
        game.apply(spot)
        history.record(game, "P1", spot)
        save = tmp_path / f"{spot}.json"
        save.write_text(json.dumps(save_data(ruleset, game, history,
                                             {p: "human" for p in game.players})))
        for seat in (None, 1, 2, 3):
            assert main(["show", str(save), "--color", "never",
                         *(["--as", str(seat)] if seat else [])]) == 0
            shown[spot, seat] = capsys.readouterr().out
    for seat in (None, 2, 3):
        assert shown["mill", seat] == shown["well", seat]
        assert shown["well", seat].rstrip().endswith(
            "Next: Player 1 decides (--as 1 shows the question and the options).")
    assert shown["well", 1].rstrip().endswith(
        "Next: Player 1 decides: you hide in The Well: where do you leave a decoy? (3 options)")
    assert shown["mill", 1] != shown["well", 1]


# ------------------------------------------------------------------ the public log
@pytest.mark.parametrize("path", ["tutorial/pass-left", "tutorial/high-card", HIDEOUT],
                         ids=["pass-left", "high-card", "hideout"])
def test_the_log_and_the_public_facts_tell_nobody_else_a_private_choice(path):
    ruleset = load(path)
    for players in ruleset.player_counts:
        for seed in range(3):
            found = [u for u in check_game(ruleset, players, seed) if "privately" in u.what]
            assert not found, "\n".join(str(u) for u in found[:3])


@pytest.mark.parametrize("line, says", [
    ('    if s == well:\n        log "{p} hears water"\n', "the log tells what Player 1 chose "
                                                          "privately"),
    ('    if s == mill:\n        noise += 1\n', "noise shows what Player 1 chose privately"),
    ('    if s == barn:\n        tell next_player(next_player(p)) "{p} is near the barn"\n',
     "Player 3 sees what Player 1 chose privately"),
], ids=["log", "public value", "told"])
def test_a_line_or_a_change_made_on_some_values_of_a_private_choice_is_found(tmp_path, line,
                                                                            says):
    """The rules' check refuses a line that names the value chosen; a line written, or a
    public value changed, only when the value is one of some (an `if`) passes it, and shows
    the choice all the same: the public log's check takes each private choice both ways."""
    folder = tmp_path / "hideout"
    shutil.copytree(HIDEOUT, folder)
    rules = folder / "hideout.rules"
    told = '    4. tell [p, next_player(p)] "{p} hides in {s}"\n'
    text = rules.read_text().replace(told, told + line)
    text = text.replace('var found[player]', 'var noise "how much noise was made" = 0\n'
                                            'var found[player]')
    rules.write_text(text)
    ruleset = load(str(folder))  # the rules' check lets it through
    found = [str(u) for seed in range(4) for u in both_ways_of(ruleset, seed)]
    assert any(says in u for u in found), found
    assert not [u for seed in range(4) for u in both_ways_of(load(HIDEOUT), seed)]


def both_ways_of(ruleset, seed: int) -> list:
    """What the private choices of a random 3-player game show to others (public_log)."""
    return [u for u in check_game(ruleset, 3, seed) if "privately" in u.what]


# ------------------------------------------------------------------ replays
def test_a_replay_played_again_shows_the_public_log_only(tmp_path, capsys):
    """`rules replay --log` prints what every player read: a card passed in Pass Left is told
    to its giver and receiver only, so the replay says that a card was passed, not which."""
    ruleset = load("tutorial/pass-left")
    game = ruleset.new_game(3, 2)
    history = History.start(game)
    rng = random.Random(2)
    while not game.over:
        decision = game.decision()
        move = rng.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    assert any("passes the" in line for line in game.log_for("P1"))
    replay = tmp_path / "game.json"
    replay.write_text(json.dumps(replay_data(ruleset, game, history,
                                             {p: "human" for p in game.players})))
    assert main(["replay", str(replay), "--log"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 passes a card to Player 2" in out and "passes the" not in out
