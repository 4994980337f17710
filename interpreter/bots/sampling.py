"""Games a player cannot tell from the real one: for bots that look ahead without peeking.

`sample_game(game, player, rng)` builds a new game from what `player` may see
(`Game.view(player)`): every zone the player sees is copied; the pieces the player cannot see
(a face-down deck, the other players' hands, the cards under a top card) are dealt at random
into the places where hidden pieces lie, respecting how many each place holds and, where the
zone declares it (`pile of card`), which component it holds. A private value the player may
not see (`var ..., owner` of another player, `var ..., hidden`) gets its starting value again
(its `= ...` evaluated anew in the sample); the other players' sealed choices of a `secretly
choose` under way are dropped, so that the sample asks them again. Where the rules stand (the
procedures under way and their local names) is public: the checker makes sure that no local
name holds what some player may not see while the game waits for a decision (and a value
chosen with `privately choose`, which no rule reads after a decision, is dropped). The random
generator is re-seeded from `rng`, so the sample does not know the coming shuffles and draws
either.

A bot that decides on such a sample decides from its view only.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from interpreter.engine import rng as game_rng
from interpreter.engine.runtime import face_down, owns

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


def total_pieces(game: Game) -> Counter[str]:
    """Every piece of the game, kind by kind (pieces move between zones, never appear)."""
    world, total = game.world, Counter()
    for name, comp in world.components.items():
        for kind in world.kinds_in_game(name, game.n):
            total[kind] += comp.count_in_game(kind, game.n)
    return total


def sample_game(game: Game, player: str, rng: random.Random) -> Game:
    """A copy of `game` in which whatever `player` cannot see is drawn at random anew."""
    from interpreter.engine.runtime import Game

    view = game.view(player)
    zones: dict[str, Any] = {}
    unknown: list[tuple[str, str | None, int, Any]] = []  # zone, key, hidden count, top
    seen: Counter[str] = Counter()
    for name, info in game.program.zones.items():
        decl = info.decl
        stack = decl.shape == "stack"
        content = view["zones"][name]
        entries = list(content.items()) if decl.index else [(None, content)]
        family: dict[str, Any] = {}
        for key, shown in entries:
            hidden = face_down(shown) and _is_summary(decl, key, player)
            if not hidden:
                copy = list(shown) if stack else dict(shown)
                seen.update(copy if stack else Counter(copy))
                value: Any = copy
            else:
                count, top = shown["count"], shown.get("top")
                if top is not None:
                    seen[top] += 1
                    count -= 1
                unknown.append((name, key, count, top))
                value = [] if stack else {}
            if key is None:
                zones[name] = value
            else:
                family[key] = value
        if decl.index:
            zones[name] = family
    pool = list((total_pieces(game) - seen).elements())
    rng.shuffle(pool)
    _deal(game, zones, unknown, pool, rng)
    state = {k: v for k, v in game.state.items() if k not in ("zones", "vars", "secret")}
    state = pickle.loads(pickle.dumps(state, -1))
    _drop_private_choices(game, state)
    state["zones"] = zones
    state["vars"] = view["vars"]
    if "secret" in view:  # only the player's own sealed choice is known
        state["secret"] = {"who": view["secret"]["who"],
                           "chosen": {p: v for p, v in view["secret"]["chosen"].items()
                                      if p == player}}
    for name, start in game.program.measure_vars.items():  # a view has none: they only watch
        state["vars"].setdefault(name, type(start)())
    state["rng"] = game_rng.seed_state(rng.getrandbits(63))
    twin = Game(game.ruleset, state, game.names)
    twin.logging = False
    twin.auto = game.auto
    _start_unseen_values(twin, view["vars"])
    return twin


def _drop_private_choices(game: Game, state: dict[str, Any]) -> None:
    """Forget what the procedures under way chose privately (`privately choose`): the check
    makes sure no rule reads it once the game waits for a decision, so nobody needs it."""
    private = game.program.private_locals
    for frame in state["stack"]:
        for name in private.get(frame[0], ()):
            if name in frame[2]:
                frame[2][name] = None


def _start_unseen_values(twin: Game, shown: dict[str, Any]) -> None:
    """Give every value the view hides its starting value, computed anew in the sample."""
    from interpreter.engine.runtime import HIDDEN

    for name, info in twin.program.vars.items():
        if info.decl.visibility == "public" or name not in shown:
            continue
        value = shown[name]
        if value.__class__ is dict:
            for key, entry in value.items():
                if entry == HIDDEN:
                    value[key] = info.init(twin, {})
        elif value == HIDDEN:
            twin.V[name] = info.init(twin, {})


def _is_summary(decl: Any, key: str | None, player: str) -> bool:
    """Whether the view shows this zone as a count (and maybe its top), not its contents."""
    vis = decl.visibility
    if vis == "public":
        return False
    if vis == "owner" and owns(key, player):
        return False
    return True


def _deal(game: Game, zones: dict[str, Any], unknown: list[tuple[str, str | None, int, Any]],
          pool: list[str], rng: random.Random) -> None:
    """Deal the unseen pieces into the places that hide pieces: first the places that say
    which component they hold, then the others."""
    world = game.world
    typed = [u for u in unknown if game.program.zones[u[0]].decl.of]
    untyped = [u for u in unknown if not game.program.zones[u[0]].decl.of]
    rng.shuffle(typed)
    for name, key, count, top in typed + untyped:
        of = game.program.zones[name].decl.of
        taken: list[str] = []
        if of:
            keep = []
            for piece in pool:
                if len(taken) < count and world.kind_of.get(piece) == of:
                    taken.append(piece)
                else:
                    keep.append(piece)
            pool[:] = keep
        while len(taken) < count and pool:
            taken.append(pool.pop())
        rng.shuffle(taken)
        if top is not None:
            taken.append(top)
        target = zones[name] if key is None else zones[name][key]
        if target.__class__ is list:
            target.extend(taken)
        else:
            for piece in taken:
                target[piece] = target.get(piece, 0) + 1
