"""The words around a decision that newcomers stumbled on (issue 33): what a choice between
pieces says about each piece, from the ruleset's display file."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from interpreter.engine.ruleset import load_ruleset
from interpreter.play.display import load_display
from interpreter.play.replay import History

from .conftest import BASE


def test_moving_a_commissioner_says_where_each_stands_and_may_go():
    """'move which commissioner?' with the options 'white' and 'beige' did not say where
    each commissioner stands: a hint says it, and where each may go."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 13)
    at = game.V["commissioner_at"]
    while not game.decision().prompt.startswith("move which commissioner") or \
            at["white"] == at["beige"]:  # (both on one place: said once, test_newcomer_texts)
        game.apply(game.decision().options[0])
    decision = game.decision()
    hints = " ".join(" ".join(load_display(ruleset).hint_lines(
        game, decision.player, decision.options, False, 80)).split())
    where = {c: game.label(at[c]) for c in ("white", "beige")}
    assert re.search(rf"white: in {where['white']}( \(once it moves on, option D can no "
                     r"longer score it[^)]*\))?, may go to ", hints), hints
    assert re.search(rf"; beige: in {where['beige']}( \(once it moves on, option D can no "
                     r"longer score it[^)]*\))?, may go to ", hints), hints


def test_moving_a_commissioner_into_a_district_says_what_that_sets_up():
    """A newcomer moved a commissioner into a district and the next player scored it with
    option D at once: where it goes, the decision says what a commissioner there allows."""
    ruleset = load_ruleset(BASE)
    game = ruleset.new_game(4, 13)
    while game.decision().prompt != "move the commissioner to":
        game.apply(game.decision().options[0])
    decision = game.decision()
    hints = " ".join(" ".join(load_display(ruleset).hint_lines(
        game, decision.player, decision.options, False, 80)).split())
    assert "A commissioner standing in a district lets any player score it with option D; " \
           "the districts it passes are auctioned when it goes from Central Park back to " \
           "City Hall." in hints


def test_choosing_a_district_to_score_does_not_say_what_a_commissioner_move_sets_up():
    """The hint about where a commissioner goes showed at 'score which district?' too (its
    options are districts as well): it belongs to moving a commissioner only."""
    ruleset = load_ruleset(BASE)
    display = load_display(ruleset)
    game, rng = ruleset.new_game(4, 13), random.Random(13)
    while game.decision().prompt != "score which district?":
        game.apply(rng.choice(game.legal_options()))
    decision = game.decision()
    hints = " ".join(display.hint_lines(game, decision.player, decision.options, False, 80))
    assert "lets any player score it with option D" not in hints, hints


def test_option_d_names_its_district_its_points_and_the_black_cards_the_stack_still_holds():
    """Option D did not name its district, and promised '2 or 3 black cards', then gave 1:
    the black stack was short. A hint names the district and what the player gets now; then
    it said the black cards only ('you take 3 black cards'): it says each player's points, and
    the black card each player with no skyscraper there takes too (en-2004, the 2nd action, D)."""
    from .test_rulebook_examples import fresh, position

    ruleset = load_ruleset(BASE)
    game = position(fresh(ruleset), at={"white": "w34"}, towers={"w34_violet": {"P2": 1}})
    game.perform("turn", "P1")  # asked again, with the commissioner in 34th St. West
    display = load_display(ruleset)

    def hint(width: int | None = None) -> str:  # None: the browser's; 80: a terminal's
        decision = game.decision()
        assert "D" in decision.options
        return " ".join(" ".join(display.hint_lines(game, "P1", decision.options, False,
                                                    width)).split())

    assert ("Option D scores 34th St. West (Player 2 +1; black cards: you 3, Player 3 1, "
            "Player 4 1).") in hint()
    # a terminal's row: the points only (a busy round's 80x24 screen has no row to spare)
    assert "Option D scores 34th St. West (Player 2 +1)." in hint(80)
    game.Z["black_stack"] = game.Z["black_stack"][:1]  # a short stack, none face up under it
    game.Z["black_returned"] = []
    assert ("Option D scores 34th St. West (Player 2 +1; black cards: you 1); 1 black card "
            "left.") in hint()  # none left for the others


def test_a_refusal_says_what_is_there_and_what_the_rule_allows_now():
    """Refusals read as conditions: 'Businesses on a building plot: 1, where none may be.'
    and 'it is not where the commissioner may move now (white)', with no reason or what is
    allowed; then "there is already 1 there (businesses on a building plot)" and "Allowed now:
    the 28 options numbered 1 to 28". They say the rule, what is there by name, what the rule
    allows now, and what may be chosen instead as the board shows it."""

    from interpreter.play.refusal import refusal

    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 13), random.Random(13)
    said = {}
    while len(said) < 2:
        decision = game.decision()
        if decision.prompt == "place a skyscraper on an empty building plot" and \
                "w42_green" not in decision.options and "start" not in said:
            said["start"] = refusal(game, decision, "w42_green")
        if decision.prompt == "move the commissioner to" and "w42" not in decision.options:
            said["move"] = refusal(game, decision, "w42")
        game.apply(rng.choice(decision.options))
    start = game.label(next(iter(game.Z["plot_tiles"]["w42_green"])))
    assert said["start"].startswith(  # the part of the rule that fails, not all of it
        f"42nd St. West, green cannot be chosen now: There is already a {start} there."), \
        said["start"]
    # what may be chosen instead, as the board shows it (not 'the 28 options numbered 1 to 28')
    assert re.search(r"You may choose one of the \d+ places numbered on the board, such as ",
                     said["start"]), said["start"]
    assert "it is not where the white commissioner may move now (only 34th St. West or 34th " \
           "St. East now)." in said["move"], said["move"]


def test_the_log_says_a_pass_without_a_bid_and_building_none_in_words():
    """'Player 3 could bid ... = 25 but passes' read as a higher bid dropped, and 'Player 1
    builds 0 on 52nd St. West, gray' after paying 41 as a mistake: the log says that the
    cards put forward go back (no total: none was bid) and the high bid that stays, and
    that the winner built no skyscraper (and why)."""

    game, rng = load_ruleset(BASE).new_game(4, 13), random.Random(13)
    while not game.over and game.state["step"] < 300:
        game.apply(rng.choice(game.decision().options))
    log = game.events
    assert not any(" could bid " in line or re.search(r" builds 0 ", line) for line in log)
    assert any(re.search(r" passes on [^;=]+ and takes back [^;=]+; the high bid is ", line)
               for line in log)
    assert any(re.search(r" (chooses to build|builds) no skyscraper", line) for line in log)


def test_placing_a_business_says_which_one_was_taken(tmp_path):
    """After taking a business, "place it on a building plot" did not say which business
    'it' was. A hint `during` the procedure that asks names its local: the business taken;
    a hint that names no procedure of the rules is refused in words."""

    import pytest

    from interpreter.engine.ruleset import RulesetErrors

    from .test_robustness import tiny
    from .web_support import make_table, token_of

    ruleset = load_ruleset(BASE)
    game, rng = ruleset.new_game(4, 43), random.Random(43)
    seats = {"P1": "human", "P2": "random", "P3": "random", "P4": "random"}
    table = make_table(ruleset, game, History.start(game), seats)
    token, taken, checked = token_of(table, "P1"), None, 0
    while checked < 2:
        decision = table.game.decision()
        if decision.player != "P1":
            table.bot_step()
            continue
        hints = table.state_for(token)["decision"]["hints"]
        if decision.prompt == "place it on a building plot":
            assert any(" you took (" in x for x in hints), hints
            if taken:  # chosen by the player (not taken alone, as the only one)
                assert any(x.startswith(f"Place the {taken} you took (") for x in hints), hints
                checked += 1
        else:
            assert not any(" you took (" in x for x in hints), hints
        index = rng.randrange(len(decision.options))
        shown = table.display.shown(table.game, decision)  # the page's order of the options
        taken = table.game.label(shown.options[index]) \
            if decision.prompt == "take a business from the current set" else None
        table.decide(token, table.version, index)
    folder = tiny(tmp_path / "t", display='hints:\n  - during: no_such_step\n    text: "x"\n')
    with pytest.raises(RulesetErrors, match="'during: no_such_step' names no procedure"):
        load_display(load_ruleset(folder))
    # a hint's `running` names a local of a procedure of the rules, or is refused so
    folder = tiny(tmp_path / "r", display='hints:\n  - running:\n      seen: {procedure: '
                  'no_such_step, local: x}\n    text: "{seen}"\n')
    with pytest.raises(RulesetErrors, match="hints: 'running: seen' names 'no_such_step', no "
                       "procedure of the rules"):
        load_display(load_ruleset(folder))


def test_a_commissioner_s_destinations_say_what_each_district_would_score_now():
    """Issue 33's newcomer (seed 181) chose 'white' or 'beige' by where each may go, with no
    word of what that leads to: each destination district that would score anyone now says
    it, as the next step's options do ('52nd St. East (if scored now: 4 VP for you)'); a place
    that scores nobody, and City Hall, say none."""
    met = 0
    for hints in _which_commissioner_hints(181):
        notes = re.findall(r"(?:may go to | or )([^(;]+?) \(if scored now: ([^)]*)\)", hints)
        for place, scores in notes:
            assert place != "City Hall" and re.fullmatch(
                r"\d+ VP for (you|Player \d)(, \d+ VP for Player \d)*", scores), hints
        met += bool(notes)
        if met == 3:
            break
    assert met == 3


def _which_commissioner_hints(seed: int) -> Iterator[str]:
    """The hints of each 'move which commissioner?' of a 4-player game of `seed` played at
    random (seeded), on one line each."""
    ruleset = load_ruleset(BASE)
    display = load_display(ruleset)
    game, rng = ruleset.new_game(4, seed), random.Random(seed)
    while not game.over:
        decision = game.decision()
        if decision.prompt.startswith("move which commissioner"):
            yield " ".join(" ".join(display.hint_lines(
                game, decision.player, decision.options, False, 80)).split())
        game.apply(rng.choice(decision.options))


def test_a_district_a_commissioner_leaves_is_said_to_score_later_not_to_lose_nothing():
    """Seed 315's newcomers read '(option D can then no longer score it, which loses
    nothing: worth now you 3 VP, Player 3 2 VP)' as a contradiction, and 'Player 3 2 VP' as
    a number said twice (issue 33). en-2004: the final scoring scores every district
    without a building stop; what goes is option D's scoring there now. The hint says so,
    and writes each player's points before the player ('2 VP for Player 3')."""
    met = 0
    for hints in _which_commissioner_hints(315):
        assert "loses nothing" not in hints and not re.search(
            r"(you|Player \d) \d+ VP", hints), hints
        leaving = re.findall(r"\(once it moves on, option D can no longer score it([^)]*)\)",
                             hints)
        for said in leaving:
            assert said == "" or re.fullmatch(
                r", but its skyscrapers stay and score later, at the game's end at the "
                r"latest: worth now \d+ VP for (you|Player \d)(, \d+ VP for Player \d)*",
                said), hints
        met += any(leaving)
        if met == 3:
            break
    assert met == 3
