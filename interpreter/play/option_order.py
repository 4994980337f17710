"""The order a display shows a decision's options in, where the rules' order is not the one
the player sees on the board (pieces offered by kind, which lie in a row in another order).

A display file's `option_order` entries give a `key` (an expression with `option` and
`viewer`) and `during` (the procedures whose decisions they sort; without it, all): the
options are shown, numbered and taken in the order of their keys (the rules' order among
equal keys). Where a key cannot be worked out or is `none`, the entry sorts nothing. An
entry with `numbers` gives each option its key as the number shown for it (distinct whole
numbers): the numbers stay the same as options are taken away (places chosen one after
another, a newcomer saw each one renumbered). Only what is shown changes: the rules and the
bots see the rules' order. Nothing here knows any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import GameRuleError
from interpreter.play.option_notes import asking_procedure

if TYPE_CHECKING:
    from interpreter.engine.runtime import Decision, Game


@dataclass
class OptionOrder:
    """One entry of `option_order`, compiled."""

    key: Callable
    during: tuple[str, ...] = ()
    numbers: bool = False  # the keys are the numbers shown for the options

    def keys(self, game: Game, decision: Decision) -> list[Any] | None:
        """Each option's key; None where this entry does not sort the decision."""
        if self.during and asking_procedure(game) not in self.during:
            return None
        try:
            keys = [self.key(game, viewer=decision.player, option=o) for o in decision.options]
        except GameRuleError:
            return None
        return None if any(k is None for k in keys) else keys


def in_display_order(orders: list[OptionOrder], game: Game, decision: Decision) -> Decision:
    """The decision with its options in the order the first entry that applies gives (the
    same decision where none does)."""
    for order in orders:
        keys = order.keys(game, decision)
        if keys is None:
            continue
        try:
            ranked = sorted(range(len(keys)), key=keys.__getitem__)
        except TypeError:  # keys that cannot be compared: no order
            return decision
        if ranked == list(range(len(keys))):
            return decision
        return decision.in_order([decision.options[i] for i in ranked])
    return decision


def shown_numbers(orders: list[OptionOrder], game: Game, decision: Decision) -> list[int] | None:
    """The number shown for each option of `decision` (in its display order), by the first
    entry with `numbers` that applies; None where none does (the options are numbered 1, 2,
    ... in their order) or its keys are not distinct whole numbers."""
    for order in orders:
        if not order.numbers:
            continue
        keys = order.keys(game, decision)
        if keys is None:
            continue
        whole = all(isinstance(k, int) and not isinstance(k, bool) for k in keys)
        return keys if whole and len(set(keys)) == len(keys) else None
    return None


def numbered_value(orders: list[OptionOrder], game: Game, decision: Decision, number: int,
                   candidates: list[Any]) -> Any:
    """The value among `candidates` (the values of the options' kind) that the first entry
    with `numbers` that applies would number `number`, where no option has that number (a
    place left out of the list: a newcomer typed its number and read only 'There is no
    option 5'); None where none would."""
    for order in orders:
        if not order.numbers or order.keys(game, decision) is None:
            continue
        for value in candidates:
            if value in decision.options:
                continue
            try:
                key = order.key(game, viewer=decision.player, option=value)
            except GameRuleError:
                continue
            if key == number and not isinstance(key, bool):
                return value
        return None
    return None


def asked_in(game: Game) -> tuple[str | None, int]:
    """The procedure of the rules that asks the decision now, and how deep in the rules'
    calls: two questions asked one after the other by one rule (a second pick 'of another
    kind' after the first) are one choice going on, whose options keep their numbers."""
    stack = getattr(game, "stack", None) or []
    return (stack[-1][0] if stack else None, len(stack))
