"""No view, no log line and no bot input depends on what its player may not see, in every
ruleset that comes with the engine (found by walking rulesets/, so rulesets added later are
covered too).

Random games are played; at decision points a twin of the game is made that differs only in
something hidden from one player P: two hidden pieces swapped (between two places P cannot
see into, or two places in one face-down stack), another player's private value changed, or
another player's sealed secret choice changed, or a value chosen with `privately choose` that
a procedure under way still holds (no rule may read it once the game waits: the check refuses
it) changed. Then P's view is the same in both games, the
sample a bot imagines from P's view is the same, the terminal board, hand and board picture
drawn for P are the same, and the greedy and random bots pick the same option with the same
seed. Both games then go on with the same moves (but for another player's
secret choice, which differs) while P's view stays the same: every log line they write must be
the same too, and every line told to P alone (`tell`) (until a secret choice is revealed, which
then makes it public).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter.bots.players import GreedyBot, RandomBot
from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset
from interpreter.engine.runtime import Game
from interpreter.language.errors import GameRuleError
from interpreter.play.display import load_display

from .conftest import ROOT

DECISIONS = 40  # decisions of each random game
CHECKED = 6  # decision points of each game where a twin is made
GREEDY = 2  # ... of which the greedy bot is asked at so many (it looks ahead: costly)
FOLLOW = 8  # moves both games go on with, comparing their logs


def shipped_rulesets() -> list[Path]:
    return sorted(p.parent for p in (ROOT / "rulesets").rglob("ruleset.yaml"))


class _Bound:
    """A view that bots can read the game behind (as simulations give them)."""

    def __init__(self, game: Game, player: str):
        self.game = game
        self.data = game.view(player)

    def __getitem__(self, key):
        return self.data[key]


def hidden_places(game: Game, player: str) -> list[tuple[str, str | None, int | str]]:
    """Every piece hidden from `player`: (zone, family key, position in a stack or kind in a
    pile); not those the player deciding now owns (the options they were given come from
    them)."""
    out = []
    decision = game.decision()
    decider = decision.player if decision is not None else None
    for name, info in game.program.zones.items():
        decl = info.decl
        entries = game.Z[name].items() if decl.index else [(None, game.Z[name])]
        for key, content in entries:
            vis = decl.visibility
            if vis == "public" or (vis == "owner" and key.split("|")[0] in (player, decider)):
                continue
            if isinstance(content, list):
                last = len(content) - (1 if vis == "top" else 0)
                out += [(name, key, i) for i in range(last)]
            else:
                out += [(name, key, kind) for kind in content]
    return out


def _piece(game: Game, place) -> str:
    name, key, at = place
    content = game.Z[name] if key is None else game.Z[name][key]
    return content[at] if isinstance(content, list) else at


def _put(game: Game, place, old: str, new: str) -> None:
    name, key, at = place
    content = game.Z[name] if key is None else game.Z[name][key]
    if isinstance(content, list):
        content[at] = new
        return
    content[old] -= 1
    if not content[old]:
        del content[old]
    content[new] = content.get(new, 0) + 1


def _fits(game: Game, zone: str, piece: str) -> bool:
    of = game.program.zones[zone].decl.of
    return of is None or game.world.kind_of.get(piece) == of


def hidden_twin(game: Game, player: str, rng: random.Random) -> Game | None:
    """A copy of `game` that differs only in what `player` may not see, or None if nothing is
    hidden from them now."""
    twin = game.clone()
    decision = game.decision()
    decider = decision.player if decision is not None else None
    changed = False
    places = hidden_places(twin, player)
    rng.shuffle(places)
    for a in places[:30]:
        for b in places[:30]:
            pa, pb = _piece(twin, a), _piece(twin, b)
            if pa != pb and a[:2] != b[:2] or (pa != pb and isinstance(a[2], int)):
                if _fits(twin, a[0], pb) and _fits(twin, b[0], pa):
                    _put(twin, a, pa, pb)
                    _put(twin, b, pb, pa)
                    changed = True
                    break
        if changed:
            break
    for name, info in twin.program.vars.items():
        vis, value = info.decl.visibility, twin.V[name]
        entries = value.items() if isinstance(value, dict) else [(None, value)]
        for key, v in list(entries):
            seen = vis == "public" or (vis == "owner" and key.split("|")[0] in (player, decider))
            if not seen and isinstance(v, int) and not isinstance(v, bool):
                if key is None:
                    twin.V[name] = v + 1
                else:
                    value[key] = v + 1
                changed = True
    secret = twin.state.get("secret")
    if secret:
        for p, v in secret["chosen"].items():
            if p != player:
                others = [o for o in _values_like(twin, v) if o != v]
                if others:
                    secret["chosen"][p] = rng.choice(others)
                    changed = True
    for depth, frame in enumerate(twin.stack):  # a private choice kept by a procedure under way
        names = twin.frame_locals(depth)
        for name in twin.program.private_locals.get(frame[0], ()):
            others = [o for o in _values_like(twin, names[name]) if o != names[name]] \
                if name in names else []
            if others:
                twin.set_frame_local(name, rng.choice(others), depth)
                changed = True
    twin.forget()
    return twin if changed else None


def _values_like(game: Game, value) -> list:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value - 1, value + 1]
    kind = game.world.kind_of.get(value)
    return [k for k, c in game.world.kind_of.items() if c == kind] if kind else []


def same_to(player: str, a: Game, b: Game, greedy: bool, seed: int, display=None) -> None:
    assert a.view(player) == b.view(player), f"{player}'s view differs"
    assert a.events == b.events
    assert a.log_for(player) == b.log_for(player), f"a line told to {player} differs"
    if display is not None:  # what the terminal and the pictures show the player
        for show in (display.board, display.private_text, display.to_svg):
            assert show(a, player) == show(b, player), f"{show.__name__} differs for {player}"
    sa, sb = (sample_game(g, player, random.Random(seed)) for g in (a, b))
    assert sa.state == sb.state, f"the sample a bot builds for {player} differs"
    decision_a, decision_b = a.decision(), b.decision()
    if decision_a is None or decision_a.player != player:
        return
    assert decision_a == decision_b
    bots = [RandomBot(), GreedyBot()] if greedy else [RandomBot()]
    for bot in bots:
        picks = [bot.choose(_Bound(g, player), d, random.Random(seed))
                 for g, d in ((a, decision_a), (b, decision_b))]
        assert picks[0] == picks[1], f"the {bot.name} bot of {player} picks differently"


def follow(player: str, a: Game, b: Game, rng: random.Random) -> None:
    """Both games go on with the same moves while `player` sees the same in both: the log
    lines they write are the same."""
    for _ in range(FOLLOW):
        if a.over or b.over or a.view(player) != b.view(player):
            return
        decision = a.decision()
        if b.decision() != decision:
            return  # another player sees another hand: they may decide otherwise
        move = move_b = rng.choice(decision.options)
        if decision.secret and decision.player != player and len(decision.options) > 1:
            move_b = rng.choice([o for o in decision.options if o != move])  # unseen by player
        start = len(a.events)
        a.apply(move)
        try:
            b.apply(move_b)
        except GameRuleError:
            return  # the twin is a game the rules could not reach (a swapped piece is missed)
        new_a, new_b = a.events[start:], b.events[start:]
        if any(line.startswith("All have chosen") for line in new_a):
            return  # the secret choices are now public
        if new_a != new_b and a.view(player) == b.view(player):
            raise AssertionError(f"a log line shows {player} what they may not see: "
                                 f"{new_a} / {new_b}")
        if a.log_for(player) != b.log_for(player) and a.view(player) == b.view(player):
            raise AssertionError(f"a line told to {player} shows what they may not see: "
                                 f"{a.log_for(player)[-3:]} / {b.log_for(player)[-3:]}")


@pytest.mark.parametrize("path", shipped_rulesets(), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_hidden_reaches_a_player(path):
    ruleset = load_ruleset(path)
    if ruleset.requirements and ruleset.unplayable():  # a literal edition: nothing to play
        assert "cannot be played" in str(ruleset.unplayable()[0])
        return
    players = ruleset.player_counts[-1]
    display = load_display(ruleset)
    rng = random.Random(str(path.relative_to(ROOT)))
    game = ruleset.new_game(players, rng.randrange(1000))
    checks = sorted(rng.sample(range(DECISIONS), CHECKED))
    made = 0
    for step in range(DECISIONS):
        if game.over:
            break
        if step in checks:
            for player in game.players:
                twin = hidden_twin(game, player, rng)
                if twin is None:
                    continue
                made += 1
                copy = game.clone()
                copy.events, copy.told = list(game.events), list(game.told)
                twin.events, twin.told = list(game.events), list(game.told)
                same_to(player, copy, twin, made <= GREEDY, rng.randrange(10**6),
                        display if made <= GREEDY else None)
                follow(player, copy, twin, random.Random(step))
        decision = game.decision()
        game.apply(rng.choice(decision.options))
    assert made > 0 or not any(
        info.decl.visibility != "public" for info in ruleset.program.zones.values())


def test_every_shipped_ruleset_is_covered():
    names = {p.name for p in shipped_rulesets()}
    assert {"high-card", "photo-finish", "pass-left", "base"} <= names


def test_the_check_finds_a_view_that_shows_a_hidden_card(monkeypatch):
    ruleset = load_ruleset(ROOT / "rulesets" / "tutorial" / "high-card")
    game = ruleset.new_game(2, 5)
    twin = hidden_twin(game, "P1", random.Random(1))
    assert twin is not None and twin.Z != game.Z
    same_to("P1", game, twin, False, 1)  # the real view: nothing to see
    real_view = Game.view
    monkeypatch.setattr(Game, "view", lambda g, p: {**real_view(g, p), "all": g.Z})
    with pytest.raises(AssertionError, match="view differs"):
        same_to("P1", game, twin, False, 1)


def test_the_check_finds_a_private_choice_left_in_a_bots_sample(monkeypatch):
    """High Card's swap is a `privately choose`: the card put under the deck stays in the turn's
    local names while the player then chooses a card to play. Another player's bot must not
    find it in the game it imagines."""
    import interpreter.bots.sampling as sampling

    ruleset = load_ruleset(ROOT / "rulesets" / "tutorial" / "high-card")
    game, rng = ruleset.new_game(2, 0), random.Random(0)
    while not any(game.frame_locals(i).get("c") is not None
                  for i, f in enumerate(game.stack) if f[0] == "take_turn"):
        game.apply(rng.choice(game.decision().options))
    twin = hidden_twin(game, "P2", random.Random(1))
    assert twin is not None
    twin.events = list(game.events)
    same_to("P2", game, twin, False, 1)  # the sample forgets the private choice
    monkeypatch.setattr(sampling, "_drop_private_choices", lambda game, state: None)
    with pytest.raises(AssertionError, match="sample a bot builds"):
        same_to("P2", game, twin, False, 1)
