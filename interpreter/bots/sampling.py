"""Games a player cannot tell from the real one: for bots that look ahead without peeking.

`sample_game(game, player, rng)` builds a new game from what `player` may see
(`Game.view(player)`): every zone the player sees is copied; the pieces the player cannot see
(a face-down deck, the other players' hands, the cards under a top card) are dealt at random
into the places where hidden pieces lie, respecting how many each place holds, the pieces the
player knows are there and the kinds that could be there given all the player saw
(bots/beliefs.py): a matching of pieces to places (bots/matching.py), so every sample is a
world the player cannot rule out. A position set up by hand, which no replay of its decisions
reaches, falls back to the kinds each zone declares (`pile of card`). A private value the
player may not see (`var ..., owner` of another player, `var ..., hidden`) gets its starting
value again (its `= ...` evaluated anew in the sample); the other players' sealed choices of a
`secretly choose` under way are made anew at random among their options in the sample. Where
the rules stand (the procedures under way and their local names) is public: the checker makes
sure that no local name holds what some player may not see while the game waits for a
decision (and a value chosen with `privately choose`, which no rule reads after a
decision, is dropped). The random
generator is re-seeded from `rng`, so the sample does not know the coming shuffles and draws
either.

A bot that decides on such a sample decides from its view only.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from interpreter.bots.beliefs import Beliefs, Place, beliefs_for
from interpreter.bots.matching import Need, match
from interpreter.bots.worlds import Hidden, deal_tokens
from interpreter.engine import rng as game_rng
from interpreter.engine.runtime import owns
from interpreter.engine.support import put

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
    twin = game.clone()
    _drop_private_choices(game, twin.state)
    twin.logging = False
    twin.auto = game.auto
    twin.moves = []
    unknown: list[tuple[str, str | None, int, Any]] = []  # zone, key, hidden count, top
    pool: dict[str, int] = {}  # the pieces hidden from the player: total - seen
    for name, info in game.program.zones.items():
        decl = info.decl
        if decl.visibility == "public":
            continue
        family = twin.Z[name]
        for key, content in (family.items() if decl.index else [(None, family)]):
            if not _is_summary(decl, key, player):
                continue
            top = None
            if content.__class__ is list:
                if decl.visibility == "top" and content:
                    top = content[-1]
                    content.pop()
                for piece in content:
                    pool[piece] = pool.get(piece, 0) + 1
                count = len(content)
            else:
                for piece, n in content.items():
                    pool[piece] = pool.get(piece, 0) + n
                count = sum(content.values())
            content.clear()
            unknown.append((name, key, count, top))
    pool = {k: pool[k] for k in sorted(pool)}  # in an order the hidden ones cannot tell
    _deal(game, player, twin.Z, unknown, pool, rng)
    secret = game.state.get("secret")
    if secret is not None:  # only the player's own sealed choice is known
        twin.state["secret"] = {"who": list(secret["who"]),
                                "chosen": {p: v for p, v in secret["chosen"].items()
                                           if p == player}}
    for name, start in game.program.measure_vars.items():  # they only watch: none is known
        twin.V[name] = type(start)()
    twin.state["rng"] = game_rng.seed_state(rng.getrandbits(63))
    if not game.over:
        _start_unseen_values(twin, player)
    if secret is not None and len(secret["chosen"]) > len(twin.state["secret"]["chosen"]):
        _choose_again(twin, game.state["pending"], rng)
    return twin


def _drop_private_choices(game: Game, state: dict[str, Any]) -> None:
    """Forget what the procedures under way chose privately (`privately choose`): the check
    makes sure no rule reads it once the game waits for a decision, so nobody needs it."""
    private, procs = game.program.private_locals, game.program.procs
    for frame in state["stack"]:
        for name in private.get(frame[0], ()):
            slot = procs[frame[0]].slot_of[name]
            if slot < len(frame[2]):
                frame[2][slot] = None


def _choose_again(twin: Game, pending: dict[str, Any], rng: random.Random) -> None:
    """The other players' sealed choices of the secret choice under way, chosen anew at
    random among their options in the sample (the player saw that they chose, not what), up
    to the decision the game waits for."""
    point = twin.program.choices[tuple(pending["at"])]
    step = twin.state["step"]
    twin.state["pending"] = None
    twin.stack[-1][1] = point.again
    twin._run()
    while not twin.over and twin.state["pending"]["player"] != pending["player"]:
        options = twin.state["pending"]["options"]
        twin.apply(options[rng.randrange(len(options))])
    twin.moves = []
    twin.state["step"] = step


def _start_unseen_values(twin: Game, player: str) -> None:
    """Give every value the player may not see its starting value, computed anew."""
    for name, info in twin.program.vars.items():
        vis = info.decl.visibility
        if vis == "public" or name in twin.program.measure_vars:
            continue
        value = twin.V[name]
        flat = twin.program.flat.get(name)
        if flat is not None:  # a family kept as a list (engine/flat.py)
            for key, at in flat.placed(twin.n):
                if vis == "hidden" or not owns(key, player):
                    value[at] = info.init(twin, {})
        elif value.__class__ is dict:
            for key in value:
                if vis == "hidden" or not owns(key, player):
                    value[key] = info.init(twin, {})
        else:
            twin.V[name] = info.init(twin, {})


def _is_summary(decl: Any, key: str | None, player: str) -> bool:
    """Whether the view shows this zone as a count (and maybe its top), not its contents."""
    vis = decl.visibility
    if vis == "public":
        return False
    if vis == "owner" and owns(key, player):
        return False
    return True


def _deal(game: Game, player: str, zones: dict[str, Any],
          unknown: list[tuple[str, str | None, int, Any]], pool: dict[str, int],
          rng: random.Random) -> None:
    """Deal the unseen pieces into the places that hide pieces, each place getting only kinds
    that could be there for `player` (bots/beliefs.py; without beliefs: the component the zone
    declares) and the pieces known to be there."""
    beliefs = beliefs_for(game, player)
    if beliefs is not None and _deal_worlds(beliefs, player, zones, unknown, pool, rng, game.rank):
        return
    needs: list[Need] = []
    for name, key, count, top in unknown:
        about = beliefs.about(player, (name, key)) if beliefs is not None else None
        if about is None:
            needs.append((count, _declared(game, name), {}))
            continue
        possible, known = about
        if top is not None and known.get(top, 0) > 0:
            known = dict(known)
            known[top] -= 1
        needs.append((count, possible, {k: n for k, n in known.items() if n > 0}))
    hands = match(needs, pool, rng)
    if hands is None:  # beliefs that do not fit this position (set up by hand): declarations
        hands = match([(c, _declared(game, u[0]), {}) for c, u in
                       zip((n[0] for n in needs), unknown, strict=True)], pool, rng)
    if hands is None:
        hands = match([(n[0], None, {}) for n in needs], pool, rng)
    assert hands is not None, "the unseen pieces do not fill the places that hide pieces"
    for (name, key, _count, top), taken in zip(unknown, hands, strict=True):
        rng.shuffle(taken)
        if top is not None:
            taken.append(top)
        target = zones[name] if key is None else zones[name][key]
        if target.__class__ is list:
            target.extend(taken)
        else:
            for piece in taken:
                put(target, piece, 1, game.rank)


def _deal_worlds(beliefs: Beliefs, player: str, zones: dict[str, Any],
                 unknown: list[tuple[str, str | None, int, Any]], pool: dict[str, int],
                 rng: random.Random, rank: dict[str, int]) -> bool:
    """Deal `player`'s tokens (bots/worlds.py): a possible world; False if they do not fit."""
    places: dict[Place, Hidden] = {}
    whole = Counter(pool)
    for name, key, count, top in unknown:
        target = zones[name] if key is None else zones[name][key]
        places[(name, key)] = Hidden(count + (top is not None), target.__class__ is list, top)
        if top is not None:
            whole[top] += 1
    dealt = deal_tokens(beliefs.tokens_of(player), places, whole, rng)
    if dealt is None:
        return False
    for (name, key), pieces in dealt.items():
        target = zones[name] if key is None else zones[name][key]
        if target.__class__ is list:
            target[:] = pieces
        else:
            target.clear()
            for piece in pieces:
                put(target, piece, 1, rank)
    return True


def _declared(game: Game, zone: str) -> set[str] | None:
    """The kinds a zone may hold by its declaration (`stack of card`), None for any."""
    of = game.program.zones[zone].decl.of
    if not of:
        return None
    known = _DECLARED.get(id(game.world))
    if known is None or known[0] is not game.world:
        if len(_DECLARED) >= 16:  # a process may load many rulesets: keep a few
            _DECLARED.clear()
        known = _DECLARED[id(game.world)] = (game.world, {})
    kinds = known[1].get(of)
    if kinds is None:
        kinds = known[1][of] = {k for k, c in game.world.kind_of.items() if c == of}
    return kinds


_DECLARED: dict[int, tuple[Any, dict[str, set[str]]]] = {}  # world -> component -> kinds
