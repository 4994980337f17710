"""The numbers the page shows for a decision's options (table.py): a question that goes on
from the same player's answer keeps the numbers of the first."""

from __future__ import annotations

from tests.web_support import FIFTH, make_table, play_until, token_of


def test_a_second_pick_of_another_kind_keeps_its_numbers_on_the_page():
    """Seed 316's newcomer in the browser (issue 33) took gray, then the second coloured card
    'of another colour': orange moved from 4 to 3, and their click on '4' took green. The
    second question keeps the numbers of the first, as at the terminal; the numbers of a
    question asked afresh begin at 1."""
    ruleset, game, history = play_until(
        FIFTH, 4, 0, lambda g, d: d.player == "P1" and d.prompt == "take a coloured card")
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    token = token_of(table, "P1")

    def numbers() -> dict[str, int]:
        decision = table.state_for(token)["decision"]
        return {o["place"]: o["number"] for o in decision["options"]}

    first = numbers()
    assert list(first.values()) == list(range(1, len(first) + 1)) and len(first) >= 3
    assert numbers() == first  # asked again: the same
    table.decide(token, table.state_for(token)["decision"]["id"], index=0)
    taken = next(c for c, n in first.items() if n == 1)
    second = table.state_for(token)["decision"]
    assert "of another colour" in second["prompt"]
    assert numbers() == {c: n for c, n in first.items() if c != taken}
    table.decide(token, second["id"], index=0)
    third = table.state_for(token)["decision"]  # the commissioner: a new question
    assert [o["number"] for o in third["options"]] == \
        list(range(1, len(third["options"]) + 1))
