"""Playing at the terminal (`rules play`): scripted people through the real command, saves in
the middle of an auction, the board picture of every Fifth Avenue ruleset, the greedy bot."""

from __future__ import annotations

import io
import json
import random
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from interpreter.bots.players import GreedyBot, RandomBot
from interpreter.bots.sampling import sample_game
from interpreter.bots.views import LazyView
from interpreter.cli import main
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.play.display import load_display, parse_markup, use_colour
from interpreter.play.replay import History, load_replay_file, verify
from interpreter.play.terminal import Session, option_lines

from .conftest import BASE, ROOT

FIFTH_AVENUE = ROOT / "rulesets" / "fifth-avenue"
RULESETS = {"base": 4, "alea-2p": 2, "six-plot": 4, "six-plot-2p": 2}
SCORE_LINE = re.compile(r"^  (.+?)\s{2,}(-?\d+)(   \(tie-break.*)?$")


def run(args: list[str], monkeypatch, capsys, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def play_args(tmp_path: Path, seed: int, *extra: str) -> list[str]:
    return ["play", str(BASE), "--players", "3", "--seat", "2=random", "--seat", "3=random",
            "--seed", str(seed), "--name", "1=Ann", "--replay-dir", str(tmp_path / "replays"),
            "--color", "never", *extra]


def only_replay(tmp_path: Path) -> Path:
    files = sorted((tmp_path / "replays").glob("*.json"))
    assert len(files) == 1, files
    return files[0]


def printed_scores(out: str) -> dict[str, int]:
    tail = out[out.rindex("Final scores:"):]
    return {m.group(1): int(m.group(2)) for line in tail.splitlines()
            if (m := SCORE_LINE.match(line))}


# ------------------------------------------------------------------------------ people
def test_a_scripted_human_game_reaches_the_end_and_prints_the_final_scores(
        tmp_path, monkeypatch, capsys):
    script = "help\nwhy D\nlog\nboard\nxyz\n99\n\n" + "1\n" * 3000
    code, out, _ = run(play_args(tmp_path, 11), monkeypatch, capsys, script)
    assert code == 0
    assert "Commands (at any prompt):" in out  # help
    assert "'xyz' is not an option or a command" in out
    assert "There is no option 99" in out
    assert "Ann: choose your option for this turn" in out
    assert "Final scoring:" in out and "Winner" in out
    # The printed scores are the scores of the recorded game, replayed from its decisions.
    data = load_replay_file(only_replay(tmp_path))
    verdict = verify(load_ruleset(BASE), data)
    assert verdict.ok and verdict.game.over
    game = verdict.game
    assert printed_scores(out) == {game.label(p): game.score(p) for p in game.players}
    assert data["scores"] == game.scores()


def test_why_names_the_rule_that_forbids_an_option(tmp_path, monkeypatch, capsys):
    # Seat 1 places a starting skyscraper, then 'why' asks about a place that is taken.
    script = "1\nwhy 34th St. West, violet\nwhy 1\nquit\n"
    code, out, _ = run(play_args(tmp_path, 4, "--no-replay"), monkeypatch, capsys, script)
    assert code == 0
    assert "'34th St. West, violet' is not allowed now" in out
    # the part of the rule that fails, with the values that fail it (the whole rule, with
    # its citation, on request: 'why --cite')
    said = " ".join(out.split())
    assert "Because: - There is already a skyscraper of Player 1 there." in said
    assert "You may choose " in out
    assert "Game stopped (not saved" in out


def test_a_bid_shows_its_running_total_and_build_limit(tmp_path, monkeypatch, capsys):
    code, out, _ = run(play_args(tmp_path, 11, "--no-replay"), monkeypatch, capsys,
                       "1\n" * 3000)
    assert code == 0
    assert "Auction for " in out
    assert re.search(r"Your bid: \w+ \d( \+ \w+ \d)* = \d+ \(\w+\)\. If it wins, you may build "
                     r"up to \d skyscrapers?\.", out)


def test_log_asks_for_a_number_of_1_or_more(tmp_path, monkeypatch, capsys):
    code, out, _ = run(play_args(tmp_path, 4), monkeypatch, capsys,
                       stdin="log -3\nlog 0\nlog x\nlog 2\nquit\n")
    assert code == 0
    assert out.count("with a whole number N of 1 or more") == 3
    assert "(the last 2 of " in out


def test_hot_seat_shows_a_pass_screen_between_people(tmp_path, monkeypatch, capsys):
    args = ["play", str(BASE), "--players", "3", "--seat", "1=human", "--seat", "2=human",
            "--seat", "3=random", "--seed", "2", "--name", "1=Ann", "--name", "2=Ben",
            "--no-replay", "--color", "never"]
    code, out, _ = run(args, monkeypatch, capsys, "\n1\n\n1\nquit\n")
    assert code == 0
    assert out.index("=== Pass to Ann. ===") < out.index("Your hand, Ann")
    assert out.index("Your hand, Ann") < out.index("=== Pass to Ben. ===") \
        < out.index("Your hand, Ben")


def test_end_of_input_stops_the_game_and_keeps_the_replay(tmp_path, monkeypatch, capsys):
    code, out, _ = run(play_args(tmp_path, 5), monkeypatch, capsys, "1\n1\n")
    assert code == 0
    assert "End of input" in out
    data = load_replay_file(only_replay(tmp_path))
    assert len(data["moves"]) >= 2 and not data["over"]
    assert verify(load_ruleset(BASE), data).ok


def test_watch_lets_bots_play_every_seat(tmp_path, monkeypatch, capsys):
    args = ["play", str(BASE), "--players", "3", "--watch", "--seat", "1=random", "--seat",
            "2=random", "--seat", "3=random", "--seed", "3", "--no-replay", "--color", "never",
            "--svg", str(tmp_path / "end.svg")]
    code, out, _ = run(args, monkeypatch, capsys)
    assert code == 0
    assert "The game is ready" in out and "Final scores:" in out
    assert "skyscrapers in supply, " in out  # the board, drawn as the game goes
    ET.parse(tmp_path / "end.svg")


def test_greedy_bots_playing_at_the_terminal_print_no_notes_about_their_way_of_playing(
        monkeypatch, capsys):
    """A greedy bot picks at random where the options rarely score differently (hundreds of
    decisions a game): that is how it plays, not something to tell the people at the table."""
    args = ["play", str(BASE), "--players", "3", "--watch", "--seat", "1=greedy", "--seat",
            "2=greedy", "--seat", "3=random", "--seed", "3", "--no-replay", "--color", "never"]
    code, out, _ = run(args, monkeypatch, capsys)
    assert code == 0 and "Final scores:" in out
    assert "note:" not in out


@pytest.mark.parametrize("seat_args, people", [
    ([], ["Player 1"]),
    (["--seat", "2=human"], ["Player 2"]),  # you in seat 2, not a hot-seat game with seat 1
    (["--seat", "1=human", "--seat", "3=human"], ["Player 1", "Player 3"]),
])
def test_naming_a_human_seat_makes_every_other_seat_a_bot_and_says_so_first(
        seat_args, people, monkeypatch, capsys):
    args = ["play", str(BASE), "--players", "3", "--seed", "2", "--no-replay",
            "--color", "never", *seat_args]
    code, out, _ = run(args, monkeypatch, capsys, "quit\n")
    assert code == 0
    first = out.index("Your hand")
    intro = out[:first]
    for n in (1, 2, 3):
        kind = "a person at this terminal" if f"Player {n}" in people else "the greedy bot"
        assert f"  Player {n}: {kind}" in intro


@pytest.mark.parametrize("args, message", [
    (["--seat", "7=greedy"], "there are seats 1 to 3"),
    (["--seat", "2=clever"], "unknown kind 'clever'"),
    (["--seat", "2"], "expected SEAT=KIND"),
    (["--watch", "--seat", "1=human"], "--watch lets bots play every seat"),
    (["--players", "5"], "is played by 3 or 4 players, not 5"),
])
def test_mistakes_in_the_command_are_one_line_with_exit_code_2(args, message, monkeypatch,
                                                               capsys):
    base = ["play", str(BASE), "--no-replay"]
    if "--players" not in args:
        base += ["--players", "3"]
    code, out, err = run(base + args, monkeypatch, capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------------------ saves
def first_auction_step(data: dict) -> tuple[int, int]:
    """The first decision of seat 1 in an auction (with a pass option): its step, and how many
    decisions seat 1 took before it."""
    game = load_ruleset(BASE).new_game(data["players"], data["seed"])
    before = 0
    for step, (move, who) in enumerate(zip(data["moves"], data["deciders"], strict=True)):
        decision = game.decision()
        if who == "P1":
            if "pass_bid" in decision.options and len(decision.options) > 2:
                return step, before
            before += 1
        game.apply(move)
    raise AssertionError("seat 1 never bids")


def test_save_in_mid_auction_load_and_continue_gives_the_same_game(tmp_path, monkeypatch,
                                                                    capsys):
    for part in "abc":  # the replays' folders are made, their parents must exist
        (tmp_path / part).mkdir()
    # The whole game, without a break.
    code, _, _ = run(play_args(tmp_path / "a", 7), monkeypatch, capsys, "1\n" * 3000)
    assert code == 0
    whole = load_replay_file(only_replay(tmp_path / "a"))
    assert whole["over"]
    step, answers = first_auction_step(whole)

    # The same game, saved in the middle of the first auction that seat 1 bids in.
    save = tmp_path / "mid-auction.save.json"
    script = "1\n" * answers + f"save {save}\nquit\n"
    code, out, _ = run(play_args(tmp_path / "b", 7), monkeypatch, capsys, script)
    assert code == 0 and f"Saved to {save}" in out and "Game stopped (saved)" in out
    saved = json.loads(save.read_text())
    assert saved["state"]["step"] == step
    assert "pass_bid" in saved["state"]["pending"]["options"]  # an auction is under way
    assert Game.from_save(load_ruleset(BASE), saved).state_hash()[:16] == whole["hashes"][step]

    # Load and continue: the same decisions give the same game, bit for bit.
    args = ["play", "--load", str(save), "--replay-dir", str(tmp_path / "c" / "replays"),
            "--color", "never"]
    code, out, _ = run(args, monkeypatch, capsys, "1\n" * 3000)
    assert code == 0
    assert f"resumed after {step} decisions" in out
    resumed = load_replay_file(only_replay(tmp_path / "c"))
    assert resumed["final_hash"] == whole["final_hash"]
    assert resumed["hashes"] == whole["hashes"]
    assert printed_scores(out) == {"Ann" if p == "P1" else f"Player {p[1:]}": v
                                   for p, v in whole["scores"].items()}


def test_a_save_says_the_command_to_continue_on_a_line_of_its_own(tmp_path, monkeypatch,
                                                                   capsys):
    """'Saved to ... Continue later with: rules play --load ...' ran past 80 columns and
    wrapped inside the command: the command to type is a line of its own."""
    save = tmp_path / "a-rather-long-folder-name-for-the-saves" / "evening.save.json"
    save.parent.mkdir()
    code, out, _ = run(play_args(tmp_path, 7), monkeypatch, capsys, f"save {save}\nquit\n")
    assert code == 0 and f"Saved to {save}" in out
    assert f"  rules play --load {save}" in out.splitlines()


def test_ctrl_c_asks_whether_to_save(tmp_path):
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(3, 1)
    answers = iter(["y", str(tmp_path / "stop.json")])
    prompts = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt == "> ":
            raise KeyboardInterrupt
        return next(answers)

    out = io.StringIO()
    session = Session(ruleset=ruleset, game=game, history=History.start(game),
                      seats={"P1": "human", "P2": "random", "P3": "random"},
                      display=load_display(ruleset), out=out, read=read)
    assert session.run() == 130
    assert prompts[1].startswith("Interrupted. Save the game before leaving?")
    assert "Saved to" in out.getvalue() and "Game interrupted." in out.getvalue()
    saved = json.loads((tmp_path / "stop.json").read_text())
    again = Game.from_save(ruleset, saved)
    assert again.state_hash() == game.state_hash()


def test_show_prints_the_board_of_a_save_and_writes_its_svg(tmp_path, monkeypatch, capsys):
    save = tmp_path / "s.json"
    code, _, _ = run(play_args(tmp_path, 9, "--no-replay"), monkeypatch, capsys,
                     "1\n" * 12 + f"save {save}\nquit\n")
    assert code == 0
    code, out, _ = run(["show", str(save), "--as", "1", "--color", "never"], monkeypatch,
                       capsys)
    assert code == 0
    assert "Your hand, Ann" in out and "Next: Ann decides" in out
    code, out, _ = run(["show", str(save), "--svg", str(tmp_path / "b.svg")], monkeypatch,
                       capsys)
    assert code == 0
    root = ET.parse(tmp_path / "b.svg").getroot()
    assert root.tag.endswith("svg")


# ------------------------------------------------------------------------------ pictures
def played(path: Path, players: int, steps: int, seed: int = 5) -> Game:
    game = load_ruleset(path).new_game(players, seed, names={"P1": "Ann"})
    rng = random.Random(seed)
    for _ in range(steps):
        decision = game.decision()
        if decision is None:
            break
        game.apply(rng.choice(decision.options))
    return game


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_board_of_every_ruleset_is_drawn_without_colour_codes_under_no_color(
        name, monkeypatch):
    path = FIFTH_AVENUE / name
    game = played(path, RULESETS[name], 400)
    display = load_display(game.ruleset)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(FakeTerminal())
    assert "\x1b[" in display.board(game, "P1", use_colour(FakeTerminal()))
    monkeypatch.setenv("NO_COLOR", "1")
    colour = use_colour(FakeTerminal())
    assert not colour and not use_colour(io.StringIO())
    text = "\n".join([display.board(game, "P1", colour), display.private_text(game, "P1", colour),
                      *display.final_lines(game, colour)])
    assert "\x1b" not in text and "[/]" not in text
    for place in ("City Hall", "34th St. West", "Times Square", "52nd St. East", "Central Park",
                  "Business supply row", "Your hand, Ann"):
        assert place in text
    if "six-plot" in name:
        assert text.count("6th  ") == 7  # a 6th plot per district (the legend says "6th plot")
    ET.fromstring(display.to_svg(game, "P1"))


def test_the_automated_bidder_s_skyscrapers_are_drawn():
    game = played(FIFTH_AVENUE / "alea-2p", 2, 0)
    rng = random.Random(1)
    while not game.over and not any(k.startswith("alea_skyscraper")
                                    for t in game.Z["towers"].values() for k in t):
        game.apply(rng.choice(game.decision().options))
    board = load_display(game.ruleset).board(game, "P1")
    assert re.search(r"\bA\d\b", board)  # Alea's skyscrapers, by its initial


def test_the_picture_shows_the_board_as_svg():
    game = played(BASE, 4, 300)
    svg = load_display(game.ruleset).to_svg(game)
    root = ET.fromstring(svg)
    texts = "".join(root.itertext())
    for place in ("City Hall", "42nd St. East", "Central Park", "Players"):
        assert place in texts
    assert "Your hand" not in texts  # nobody's hand without a viewer


def test_the_display_schema_is_a_valid_json_schema():
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "display.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)


def test_markup_is_kept_when_it_names_no_colour():
    segments = parse_markup("[red]R3[/] and [x] and bid[p]", {"red": object()})
    assert segments == [("R3", "red"), (" and [x] and bid[p]", None)]


def test_many_options_are_listed_in_columns():
    lines = option_lines([f"place {i}" for i in range(30)])
    assert len(lines) < 30 and "30. place 29" in " ".join(lines)
    assert option_lines(["a", "b"]) == ["  1. a", "  2. b"]


def test_a_display_file_with_a_mistake_names_its_place(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display.yaml"
    path.write_text(path.read_text().replace("{commissioners_at(city_hall)}",
                                             "{commissioners_at(city_hal)}"))
    from interpreter.language.errors import RulesetErrors

    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    text = str(info.value)
    assert "display.yaml:" in text and "city_hal" in text and "city_hall" in text


# ------------------------------------------------------------------------------ bots
def test_the_greedy_bot_decides_from_its_view_only():
    game = played(BASE, 4, 150, seed=8)
    while game.decision().player != "P1" or len(game.decision().options) < 3:
        game.apply(random.Random(game.state["step"]).choice(game.decision().options))
    decision = game.decision()
    # Another game that P1 cannot tell apart: P2 and P3 have swapped a card.
    twin = game.clone()
    hands = twin.Z["hand"]
    give = next(k for k in hands["P2"] if k not in hands["P3"])
    take = next(k for k in hands["P3"] if k != give)
    for hand, out, into in ((hands["P2"], give, take), (hands["P3"], take, give)):
        hand[out] -= 1
        if not hand[out]:
            del hand[out]
        hand[into] = hand.get(into, 0) + 1
    assert twin.view("P1") == game.view("P1") and twin.state_hash() != game.state_hash()
    picks = [GreedyBot().choose(LazyView(g, "P1"), decision, random.Random(3))
             for g in (game, twin)]
    assert picks[0] == picks[1]
    # A sample keeps what P1 sees and nothing else.
    sample = sample_game(game, "P1", random.Random(1))
    assert sample.view("P1") == game.view("P1")


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_greedy_bot_plays_every_ruleset(name):
    game = played(FIFTH_AVENUE / name, RULESETS[name], 60)
    bot, rng = GreedyBot(), random.Random(2)
    for _ in range(40):
        decision = game.decision()
        if decision is None:
            break
        option = bot.choose(LazyView(game, decision.player), decision, rng)
        assert option in decision.options
        game.apply(option)


def test_the_greedy_bot_without_a_game_plays_at_random():
    game = played(BASE, 3, 20)
    decision = game.decision()
    view = game.view(decision.player)
    assert GreedyBot().choose(view, decision, random.Random(1)) in decision.options
    assert RandomBot().choose(view, decision, random.Random(1)) in decision.options


def two_player_ruleset(folder: Path, rules: str) -> None:
    (folder / "ruleset.yaml").write_text('name: "Sealed"\nplayers: [2]\nrules:\n'
                                         '  - game.rules\n', encoding="utf-8")
    (folder / "game.rules").write_text(rules, encoding="utf-8")


def test_watch_shows_the_setup_log_and_a_spectators_board(tmp_path, monkeypatch, capsys):
    two_player_ruleset(
        tmp_path,
        'var coins[player] "coins in hand" = 5, owner\n'
        "procedure setup():\n"
        '    log "everybody takes 5 coins"\n'
        "procedure play():\n"
        '    secretly choose bid from [1, 2] by each player p "bid?"\n'
        "    coins[P1] -= bid[P1]\n"
        "    end game\n")
    args = ["play", str(tmp_path), "--watch", "--seed", "1", "--no-replay", "--color", "never"]
    code, out, _ = run(args, monkeypatch, capsys)
    assert code == 0
    assert out.index("everybody takes 5 coins") < out.index("coins in hand:")
    first_board = out[out.index("coins in hand:"):].splitlines()[0]
    assert first_board == "coins in hand: Player 1 ?, Player 2 ?"  # not the decider's view
    assert "secret choice: chosen: Player 1; waiting: Player 2" in out


def test_a_person_is_told_that_a_choice_is_secret(tmp_path, monkeypatch, capsys):
    two_player_ruleset(
        tmp_path,
        "procedure play():\n"
        '    secretly choose bid from [1, 2] by each player p "your bid?"\n'
        "    end game\n")
    args = ["play", str(tmp_path), "--seat", "1=human", "--seat", "2=random", "--seed", "1",
            "--no-replay", "--color", "never"]
    code, out, _ = run(args, monkeypatch, capsys, stdin="2\n")
    assert code == 0
    assert "Player 1: your bid?\n(a secret choice: the others see it only when all have chosen)" \
        in out
    assert "Revealed: Player 1: 2;" in out


def test_the_board_at_the_end_says_what_central_park_scored_each_player():
    """A newcomer read 'Central Park  businesses turned over: ...; skyscrapers: B2 Y1 P2' on
    the board at the end and found what those skyscrapers scored only in the paged final
    scoring: the line says each player's points there, as the districts' lines do."""
    ruleset = load_ruleset(FIFTH_AVENUE / "base")
    for seed in range(20):
        game, rng = ruleset.new_game(4, seed), random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.decision().options))
        if game.Z["park_towers"]:
            break
    lines = load_display(ruleset).final_lines(game, False)
    park = " ".join(" ".join(lines[lines.index(next(x for x in lines if x.startswith(
        "Central Park"))):]).split())
    for p in game.players:
        scored = [line for line in game.events if line.startswith(
            f"{game.label(p)} scores ") and line.endswith(" below Central Park.")]
        if scored:
            vp = re.search(r" scores (\d+) VP", scored[0])[1]
            assert re.search(rf"\b[A-Z] {vp} VP\b", park), (park, scored)
    assert "businesses turned over: " in park
