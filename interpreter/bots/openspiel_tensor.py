"""A player's view as a fixed-length vector of numbers, for learning algorithms (OpenSpiel's
observation and information-state tensors). The layout is found from the ruleset alone, so it
is the same for every game of a ruleset and player count; `Layout.parts` names each part.

Parts, in order (docs/openspiel.md has an example):
- `me`, `to_decide`: one-hot of the viewing player and of the player who decides now;
  `secret_decision`: 1 while the decision is a sealed (`secretly choose`) one; `over`: 1 at the end.
- `zone:NAME` (or `zone:NAME[KEY]` for each entry of a family): per kind of piece the zone may
  hold, how many of that kind it holds as the player sees it (0 where they cannot see it), then
  its size (which every player sees), then for a `top` zone a one-hot of its top piece.
- `var:NAME` (or `var:NAME[KEY]`): [is a number, the number, is yes/no, the yes/no, is none,
  is hidden from the player], then a count per word of the vocabulary (players, enumeration
  members, entities, kinds of pieces) that the value is or holds.
- `chosen`: per player, 1 if they have made their sealed choice.
- `options`: per action of the game, 1 if it is one of the player's options now;
  `sealed`: per action, 1 for the player's own sealed choice under way.
- `history` (information state only): per action of the game, how often the player took it,
  then how often the others took it where the player could see it.
- `sequence` (information state only): the decisions in the order they were taken, the first
  `min(max_decisions, SEQUENCE_STEPS)` of them: per decision a one-hot of who took it, then
  (action + 1) / actions when the player saw which action (0 when they did not).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from interpreter.engine.runtime import HIDDEN
from interpreter.engine.world import player_id

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset

VAR_FLAGS = 6  # is number, number, is yes/no, yes/no, is none, is hidden
SEQUENCE_STEPS = 2000  # decisions in the ordered part of the information-state tensor


@dataclass
class Layout:
    """Where each part of a view goes in the vector."""

    players: int
    vocab: dict[Any, int]
    zones: list[tuple[str, str | None, dict[str, int], bool]]  # zone, key, kinds, has a top
    vars: list[tuple[str, str | None]]
    actions: int
    steps: int = 0  # decisions in the ordered history (information state only)
    parts: list[tuple[str, int, int]] = field(default_factory=list)  # name, start, length
    size: int = 0

    def add(self, name: str, length: int) -> None:
        self.parts.append((name, self.size, length))
        self.size += length


def make_layout(ruleset: Ruleset, players: int, actions: int, recall: bool,
                max_decisions: int = SEQUENCE_STEPS) -> Layout:
    """The layout of a view of `ruleset` with `players`; with `recall`, the history parts
    too."""
    program, world = ruleset.program, ruleset.program.world
    words: list[Any] = [player_id(i) for i in range(1, players + 1)]
    words += [m for members in world.enums.values() for m in members]
    words += [e for entities in world.entity_types.values() for e in entities]
    words += [k for c in world.components for k in world.kinds_in_game(c, players)]
    vocab: dict[Any, int] = {}
    for word in words:
        vocab.setdefault(word, len(vocab))
    shown = ruleset.new_game(players, 0, logging=False).view(player_id(1))
    layout = Layout(players, vocab, [], [], actions)
    layout.add("me", players)
    layout.add("to_decide", players)
    layout.add("secret_decision", 1)
    layout.add("over", 1)
    for name in sorted(program.zones):
        decl = program.zones[name].decl
        comps = [decl.of] if decl.of in world.components else list(world.components)
        every = [k for c in comps for k in world.kinds_in_game(c, players)]
        kinds = {k: i for i, k in enumerate(dict.fromkeys(every))}
        top = decl.visibility == "top"
        keys = sorted(shown["zones"][name]) if decl.index else [None]
        for key in keys:
            layout.zones.append((name, key, kinds, top))
            label = f"zone:{name}" if key is None else f"zone:{name}[{key}]"
            layout.add(label, len(kinds) + 1 + (len(kinds) if top else 0))
    for name in sorted(shown["vars"]):
        value = shown["vars"][name]
        family = program.vars.get(name) is not None and bool(program.vars[name].index)
        keys = sorted(value) if family and isinstance(value, dict) else [None]
        for key in keys:
            layout.vars.append((name, key))
            layout.add(f"var:{name}" if key is None else f"var:{name}[{key}]",
                       VAR_FLAGS + len(vocab))
    layout.add("chosen", players)
    layout.add("options", actions)
    layout.add("sealed", actions)
    if recall:
        layout.add("history", 2 * actions)
        layout.steps = min(max_decisions, SEQUENCE_STEPS)
        layout.add("sequence", layout.steps * (players + 1))
    return layout


def encode(layout: Layout, view: dict[str, Any], out: np.ndarray,
           history: tuple[list[int], list[int]] | None = None,
           action_of: Any = None,
           sequence: list[tuple[str, int | None]] | None = None) -> None:
    """Write `view` (`Game.view(player)`) into `out` (zeroed first) by `layout`.
    `action_of(value)`: the action number of an option; `sequence`: the decisions taken, as
    (who, the action or None where the player did not see it)."""
    out.fill(0.0)
    seats = {player_id(i): i - 1 for i in range(1, layout.players + 1)}
    at = 0
    if view["you"] in seats:  # a public observer is nobody
        out[at + seats[view["you"]]] = 1.0
    at += layout.players
    decision = view.get("decision")
    if decision is not None:
        out[at + seats[decision["player"]]] = 1.0
        if decision.get("secret"):
            out[at + layout.players] = 1.0
    at += layout.players + 1
    out[at] = 1.0 if view.get("over") else 0.0
    at += 1
    for name, key, kinds, top in layout.zones:
        content = view["zones"][name]
        if key is not None:
            content = content.get(key, {})
        at = _zone(out, at, content, kinds, top)
    for name, key in layout.vars:
        value = view["vars"].get(name)
        if key is not None:
            value = value.get(key) if isinstance(value, dict) else None
        _value(out, at, value, layout.vocab)
        at += VAR_FLAGS + len(layout.vocab)
    secret = view.get("secret")
    if secret is not None:
        for p in secret["chosen"]:
            out[at + seats[p]] = 1.0
    at += layout.players
    if action_of is not None:
        for option in (decision or {}).get("options", ()):
            out[at + action_of(option)] = 1.0
        for p, value in (secret or {}).get("chosen", {}).items():
            if p == view["you"]:
                out[at + layout.actions + action_of(value)] = 1.0
    at += 2 * layout.actions
    if history is not None:
        mine, others = history
        out[at:at + layout.actions] = mine
        out[at + layout.actions:at + 2 * layout.actions] = others
        at += 2 * layout.actions
    if sequence is not None:
        width = layout.players + 1
        for step, (who, action) in enumerate(sequence[:layout.steps]):
            out[at + step * width + seats[who]] = 1.0
            if action is not None:
                out[at + step * width + layout.players] = (action + 1) / layout.actions


def _zone(out: np.ndarray, at: int, content: Any, kinds: dict[str, int], top: bool) -> int:
    n = len(kinds)
    if not content:  # empty: nothing to write on the zeros (most places of a board)
        return at + n + 1 + (n if top else 0)
    if isinstance(content, dict) and "count" in content and content.keys() <= {"count", "top"}:
        if content["count"]:  # face down: only how many, and maybe the top
            out[at + n] = content["count"]
        if top and content.get("top") in kinds:
            out[at + n + 1 + kinds[content["top"]]] = 1.0
    else:
        pieces = content.items() if isinstance(content, dict) else ((k, 1) for k in content)
        size = 0
        for kind, count in pieces:
            size += count
            if kind in kinds:
                out[at + kinds[kind]] += count
        out[at + n] = size
        if top and isinstance(content, list) and content and content[-1] in kinds:
            out[at + n + 1 + kinds[content[-1]]] = 1.0
    return at + n + 1 + (n if top else 0)


def _value(out: np.ndarray, at: int, value: Any, vocab: dict[Any, int]) -> None:
    words = at + VAR_FLAGS
    if value == HIDDEN:
        out[at + 5] = 1.0
    elif value is None:
        out[at + 4] = 1.0
    elif isinstance(value, bool):
        out[at + 2], out[at + 3] = 1.0, float(value)
    elif isinstance(value, int | float):
        out[at], out[at + 1] = 1.0, float(value)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str) and item in vocab:
                out[words + vocab[item]] += 1.0
    elif isinstance(value, str) and value in vocab:
        out[words + vocab[value]] = 1.0
