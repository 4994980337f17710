"""Does the game's log tell the whole public story? A check for rule writers and tests.

A player who missed nothing sees every public change of the game: the contents of public zones,
the top of a stack that shows its top, how many things each hidden zone holds, the public
variables. After each decision this module compares those public facts before and after, and
asks for each change whether a log line of that step names it:

- a thing that entered or left a public zone: its label (or, for a piece, the labels of all its
  attributes, e.g. its owner), and, for a zone of a family (`hand[player]`), the member (the
  player);
- a hidden zone of a family that grew or shrank: the member, in a line that also names the kind
  of thing (the label of a thing moved, or the component's last word, "card"); a hidden zone
  outside a family (a face-down deck) changes only with other zones and needs no line;
- a variable: a number by its new value or the difference, a list by the values that joined or
  left it, any other value by its label; for a variable of a family, in a line that names the
  member.

The other way round, a line must not name a thing that went into a hidden zone without being
seen on the way (a card drawn face down): `leaked` finds such lines.

The check only looks at labels in the text: it cannot tell a true line from a false one, but it
finds the changes nobody was told about.

A private choice (`privately choose`) tells the others nothing: taken one way and another, it
leaves the same log lines, the same public facts, and for each player it is not shown to the
same view and the same lines told to them (`both_ways`). The rules' check refuses a log line
that names the value chosen; this finds what it cannot see, a line or a public change made
only on some of the values (`if s == well: log "..."`). Nothing here knows any game.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import face_down
from interpreter.language.errors import RulesError

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

OBSERVER = "observer"  # no player: sees what every player sees, and nothing more

Fact = tuple[str, str, str]  # (zones|vars, name, member key or "")


@dataclass
class Untold:
    """A public change that no log line of its step names."""

    step: int
    what: str  # the change in words
    lines: list[str]  # the log lines of that step

    def __str__(self) -> str:
        told = "; ".join(self.lines) if self.lines else "no log line"
        return f"step {self.step}: {self.what} (the log said: {told})"


def public_facts(game: Game) -> dict[Fact, Any]:
    """What any player can see now, as facts: zone contents (counts for hidden zones) and
    variables, each family member apart."""
    view = game.view(OBSERVER)
    facts: dict[Fact, Any] = {}
    for name, info in game.program.zones.items():
        seen = view["zones"][name]
        entries = seen.items() if info.decl.index else [("", seen)]
        for key, content in entries:
            facts[("zones", name, key)] = _content(content)
    for name, value in view["vars"].items():
        indexed = game.program.vars[name].decl.index
        entries = value.items() if indexed and isinstance(value, dict) else [("", value)]
        for key, content in entries:
            facts[("vars", name, key)] = content
    return facts


def _content(content: Any) -> Any:
    if face_down(content):
        return ("hidden", content["count"], content.get("top"))
    if isinstance(content, dict):
        return Counter({k: n for k, n in content.items() if n})
    return Counter(content)


class _Text:
    """The log lines of one step, for 'does a line name this?' questions."""

    def __init__(self, game: Game, lines: list[str]):
        self.game = game
        self.lines = [line.casefold() for line in lines]

    def named(self, value: Any, line: str) -> bool:
        """Does `line` name `value`: its label, or (a piece) all the labels of its attributes?"""
        if self.game.label(value).casefold() in line:
            return True
        attrs = self.game.world.attrs.get(value) if isinstance(value, str) else None
        if not attrs or "component" not in attrs:
            return False
        parts = [self.game.label(v).casefold() for k, v in attrs.items()
                 if k not in ("component", "name")]
        return bool(parts) and all(part in line for part in parts)

    def any_line(self, *values: Any, also: list[str] | None = None) -> bool:
        """A line that names every value (and one of the words of `also`, if given)."""
        return any(all(self.named(v, line) for v in values)
                   and (also is None or any(w in line for w in also))
                   for line in self.lines)


def untold_changes(game: Game, before: dict[Fact, Any], after: dict[Fact, Any],
                   lines: list[str], step: int,
                   initial: dict[Fact, Any] | None = None) -> list[Untold]:
    """The changes from `before` to `after` that no line of `lines` names. A variable set back
    to its value at the start of the game (`initial`) needs no line: a reader knows it is reset
    when what used it ends."""
    text = _Text(game, lines)
    out: list[Untold] = []
    moved = set()  # things that entered or left a public zone: they may name a hidden move
    for fact, new in after.items():
        old = before.get(fact)
        if fact[0] == "zones" and isinstance(new, Counter) and isinstance(old, Counter):
            moved |= set((new - old) + (old - new))
        elif isinstance(new, tuple) and isinstance(old, tuple) and new != old:
            moved |= {x for x in (old[2], new[2]) if x is not None}  # a top taken or shown
    words = [game.label(m).casefold() for m in moved]
    for fact, new in after.items():
        old = before.get(fact)
        if old == new or (initial is not None and fact[0] == "vars"
                          and initial.get(fact) == new):
            continue
        kind, name, key = fact
        members = key.split("|") if key else []
        where = f"{name}[{', '.join(game.label(m) for m in members)}]" if key else name
        problem = (_zone_untold(game, text, old, new, members, fact, words) if kind == "zones"
                   else _var_untold(game, text, old, new, members))
        if problem:
            out.append(Untold(step, f"{where}: {problem}", lines))
    return out


def _zone_untold(game: Game, text: _Text, old: Any, new: Any, members: list[str],
                 fact: Fact, moved_words: list[str]) -> str | None:
    if isinstance(new, tuple):  # a hidden zone: its count and maybe its top
        _, count, top = new
        _, was, was_top = old
        if top != was_top and top is not None and not text.any_line(top):
            return f"{game.label(top)} now shows on top"
        if count == was or not members:
            return None
        if not text.any_line(*members, also=_component_words(game, fact) + moved_words):
            return f"holds {count} instead of {was}"
        return None
    moved = (new - old) + (old - new)
    for thing in moved:
        if not text.any_line(thing, *members):
            change = "gains" if new[thing] > old[thing] else "loses"
            return f"{change} {game.label(thing)}"
    return None


def _component_words(game: Game, fact: Fact) -> list[str]:
    """Words that name what a zone holds: the last word of each component's label."""
    info = game.program.zones[fact[1]]
    of = info.decl.of
    comps = [game.world.components[of]] if of in game.world.components else \
        list(game.world.components.values())
    words = []
    for comp in comps:
        label = (comp.decl.label or comp.decl.name).split()
        words.append(label[-1].casefold())
    return words


def _var_untold(game: Game, text: _Text, old: Any, new: Any, members: list[str]) -> str | None:
    if isinstance(new, int) and isinstance(old, int) and not isinstance(new, bool):
        numbers = [str(new), str(abs(new - old))]
        ok = any(any(n in _numbers(line) for n in numbers)
                 and all(text.named(m, line) for m in members) for line in text.lines)
        return None if ok else f"{old} -> {new}"
    if isinstance(new, list) and isinstance(old, list):
        for value in [v for v in new if v not in old] + [v for v in old if v not in new]:
            if not text.any_line(value, *members):
                return f"{game.label(old)} -> {game.label(new)}"
        return None
    shown = new if new is not None and not isinstance(new, bool) else None
    needed = [v for v in [shown, *members] if v is not None]
    if not needed:  # cleared: the old value or the line that ends its use must name it
        needed = [old] if old not in (None, True, False) else []
    if needed and not text.any_line(*needed):
        return f"{game.label(old)} -> {game.label(new)}"
    return None


def _numbers(line: str) -> set[str]:
    out, digits = set(), ""
    for ch in line + " ":
        if ch.isdigit():
            digits += ch
        elif digits:
            out.add(digits)
            digits = ""
    return out


def secret_moves(game: Game, before: dict[str, Any], after: dict[str, Any]) -> Counter:
    """The things that went into a zone nobody (or only its owner) sees without passing
    through a place everyone sees in this step: `before` and `after` are the zones
    (`game.state["zones"]`, copied)."""
    hidden, shown = Counter(), Counter()
    for name, info in game.program.zones.items():
        entries = after[name].items() if info.decl.index else [("", after[name])]
        for key, content in entries:
            old = before[name][key] if key else before[name]
            new_c, old_c = _counts(content), _counts(old)
            if info.decl.visibility in ("hidden", "owner"):
                hidden += new_c - old_c
            elif info.decl.visibility == "top":
                if isinstance(old, list) and old and (old_c - new_c)[old[-1]]:
                    shown[old[-1]] += 1  # the top card, seen by all, was taken
                if isinstance(content, list) and content and new_c != old_c:
                    shown[content[-1]] += 1  # the card on top now, seen by all
                hidden += new_c - old_c  # put under a top card: unseen
            else:
                shown += (new_c - old_c) + (old_c - new_c)
    return Counter({k: n for k, n in hidden.items() if k not in shown})


def _counts(content: Any) -> Counter:
    return Counter(content) if isinstance(content, list) else Counter(
        {k: n for k, n in content.items() if n})


def leaked(game: Game, secret: Counter, lines: list[str], step: int) -> list[Untold]:
    """Log lines that name a thing that went out of sight unseen (a card drawn face down)."""
    out = []
    for thing in secret:
        label = game.label(thing).casefold()
        said = [line for line in lines if label in line.casefold()]
        if said:
            out.append(Untold(step, f"the log names {game.label(thing)}, which went into a "
                                    "hidden place unseen", said))
    return out


def both_ways(game: Game, move: Any, other: Any) -> list[Untold]:
    """What the others learn of a private choice: `game` waits for a `privately choose`; it
    is taken as `move` on a copy and as `other` on another copy. Each difference between the
    two that the log, a public fact, or the view or the told lines of a player the choice is
    not shown to holds. A choice that ends the game is compared by how it ends only (the final
    scoring may show everything); one whose other value breaks the rules, not at all."""
    decision = game.decision()
    if decision is None or decision.shown_to is None:
        return []
    taken = []
    for option in (move, other):
        twin = game.clone()
        twin.logging = True
        try:
            twin.apply(option)
        except RulesError:
            return []
        taken.append(twin)
    one, two = taken
    step = one.state["step"]
    who = f"what {game.label(decision.player)} chose privately ({decision.prompt})"
    if one.over or two.over:
        ends = [(g.over, g.state["ending"]) for g in taken]
        return [] if ends[0] == ends[1] else [Untold(step, f"how the game ends tells {who}",
                                                     one.events)]
    out = []
    if one.events != two.events:
        out.append(Untold(step, f"the log tells {who}: {game.label(move)} and "
                                f"{game.label(other)} give other lines", one.events))
    facts_one, facts_two = public_facts(one), public_facts(two)
    for fact in facts_one.keys() | facts_two.keys():
        if facts_one.get(fact) != facts_two.get(fact):
            out.append(Untold(step, f"{fact[1]} shows {who} to every player", one.events))
    for player in game.players:
        if player in decision.shown_to:
            continue
        if one.view(player) != two.view(player) or one.log_for(player) != two.log_for(player):
            out.append(Untold(step, f"{game.label(player)} sees {who}", one.log_for(player)))
    return out


def check_game(ruleset: Ruleset, players: int, seed: int, ignore: frozenset[str] = frozenset(),
               max_steps: int = 5000) -> list[Untold]:
    """Play a game with random decisions (from `seed`) and return the public changes the log
    left untold, the lines that name what nobody saw, and what a private choice showed to
    others (`both_ways`, taken the way played and with its first other option). `ignore`
    names variables a reader works out from other lines (a turn counter)."""
    game = ruleset.new_game(players, seed)
    rng = random.Random(seed)
    before = _without(public_facts(game), ignore)
    initial = before
    zones = copy.deepcopy(game.state["zones"])
    out: list[Untold] = []
    while not game.over and game.state["step"] < max_steps:
        decision = game.decision()
        seen = len(game.events)
        options = decision.options
        move = options[rng.randrange(len(options))]
        if decision.shown_to is not None and len(options) > 1:
            out += both_ways(game, move, next(o for o in options if o != move))
        game.apply(move)
        after = _without(public_facts(game), ignore)
        lines, step = game.events[seen:], game.state["step"]
        out += untold_changes(game, before, after, lines, step, initial)
        now = copy.deepcopy(game.state["zones"])
        out += leaked(game, secret_moves(game, zones, now), lines, step)
        before, zones = after, now
    return out


def _without(facts: dict[Fact, Any], ignore: frozenset[str]) -> dict[Fact, Any]:
    return {f: v for f, v in facts.items() if f[1] not in ignore}
