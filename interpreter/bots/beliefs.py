"""What each player can know about the pieces they cannot see, from what they saw happen.

For every place a player cannot see into (a face-down stack, another player's hand, a stack
seen only by its top), `Beliefs` keeps two things per player:

- `possible`: the kinds of piece that could be there: the kinds that were there at the start
  (where each component starts is in the rules) and every kind that could have entered since;
- `known`: pieces the player knows are there (seen entering, or there from the start, and not
  since possibly taken out), kind by kind.

It follows the game move by move (`Game.start(..., watch=beliefs)`: the engine tells it of every
`move`), and uses only what the player saw: which places the pieces left and entered (the rules
and where they stand are public), how many (counts are public), which kinds the rule named when
naming them read nothing private (`move all of <black cards> from ...`), and the pieces
themselves only when the player sees them: one end of the move is a place they see into, or the
piece was the top of a stack seen by its top, or lands on top of one. So a card dealt face down
from a stack of black cards is a black card, a card taken from the face-up top of a stack into a
hand is known in that hand, and a place seen empty holds nothing any more.

Only places matter, not positions in a stack: a piece known to lie at the bottom of a stack is
only known to be in the stack.

A game a bot is handed may have been played without a watcher: `beliefs_for(game, player)` then
plays its decisions again from its seed with one (once; it then stays on the game and follows it),
and uses it if the replay shows `player` what the game shows them; otherwise (a position set up
by hand) it returns None and samples fall back to the zones' declarations.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import owns

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

Place = tuple[str, str | None]  # zone, family key (None for a zone without an index)


class Beliefs:
    """Per player, per place hidden from them: the kinds possible there and the pieces known."""

    def __init__(self) -> None:
        self.game: Any = None
        self.step = 0
        self.possible: dict[str, dict[Place, set[str]]] = {}
        self.known: dict[str, dict[Place, Counter[str]]] = {}
        self._places: dict[int, Place] = {}
        self._hidden_from: dict[Place, list[str]] = {}  # place -> players who cannot see in
        self._top: set[str] = set()  # zones seen by their top

    # ------------------------------------------------------------------ told by the engine
    def started(self, game: Game) -> None:
        """The components lie where the rules start them: everybody knows what is where."""
        self._attach(game)
        for place, players in self._hidden_from.items():
            content = Counter(self._container(place))
            for p in players:
                self.possible[p][place] = set(content)
                self.known[p][place] = Counter(content)

    def moved(self, source: Any, dest: Any, taken: list[str], amount: str, bottom: bool,
              kinds: Any) -> None:
        """`taken` went from `source` to `dest` (containers of the game's zones)."""
        self.step = self.game.state["step"]
        a, b = self._place(source), self._place(dest)
        if a is None or b is None:  # not the game's zones (its state was replaced): let go
            self.game.watch = None
            self.game = None
            return
        hidden_a, hidden_b = self._hidden_from.get(a, ()), self._hidden_from.get(b, ())
        if not hidden_a and not hidden_b:
            return
        named = kinds if kinds.__class__ is list else None
        single = named is not None and len(set(named)) == 1
        top_out = a[0] in self._top and len(taken) == 1 and source.__class__ is list \
            and (amount == "top" or kinds is None)
        top_in = b[0] in self._top and len(taken) == 1 and dest.__class__ is list and not bottom
        for p in set(hidden_a) | set(hidden_b):
            in_a, in_b = p in hidden_a, p in hidden_b
            if not in_a or not in_b or single or top_out or top_in:
                self._seen_move(p, a if in_a else None, b if in_b else None, taken)
            else:
                self._unseen_move(p, a, b, len(taken), amount, named, kinds is False)
            if in_a and not source:
                self.possible[p][a] = set()
                self.known[p][a] = Counter()

    def _seen_move(self, p: str, a: Place | None, b: Place | None, taken: list[str]) -> None:
        if a is not None:
            known = self.known[p][a]
            for k in taken:
                if known[k] > 0:
                    known[k] -= 1
        if b is not None:
            self.known[p][b].update(taken)
            self.possible[p][b].update(taken)

    def _unseen_move(self, p: str, a: Place, b: Place, n: int, amount: str,
                     named: list[str] | None, private: bool) -> None:
        possible, known = self.possible[p], self.known[p]
        could = possible[a] if named is None else possible[a] & set(named)
        possible[b] |= could
        if amount == "all" and not private:  # every piece (of the named kinds) left a
            gone = known[a] if named is None else Counter(
                {k: m for k, m in known[a].items() if k in set(named)})
            known[b].update(gone)
            known[a] = known[a] - gone
            possible[a] = set() if named is None else possible[a] - set(named)
        else:  # at most n of the pieces known in a left it
            known[a] = Counter({k: m - n for k, m in known[a].items() if m > n})

    # ------------------------------------------------------------------ places
    def _attach(self, game: Game) -> None:
        self.game = game
        self.step = game.state["step"]
        program = game.program
        self._top = {n for n, z in program.zones.items() if z.decl.visibility == "top"}
        for p in game.players:
            self.possible.setdefault(p, {})
            self.known.setdefault(p, {})
        self._hidden_from = {}
        for name, info in program.zones.items():
            vis = info.decl.visibility
            if vis == "public":
                continue
            keys = list(game.Z[name]) if info.decl.index else [None]
            for key in keys:
                self._hidden_from[(name, key)] = [
                    p for p in game.players if not (vis == "owner" and owns(key, p))]
        self._index()

    def follow(self, game: Game) -> None:
        """Follow `game` from where it stands, keeping what was learnt so far (on a replay of
        it)."""
        self.game = game
        self.step = game.state["step"]
        self._index()

    def _index(self) -> None:
        Z = self.game.Z
        self._places = {}
        for name, info in self.game.program.zones.items():
            if info.decl.index:
                for key, content in Z[name].items():
                    self._places[id(content)] = (name, key)
            else:
                self._places[id(Z[name])] = (name, None)

    def _container(self, place: Place) -> Any:
        name, key = place
        content = self.game.Z[name]
        return content if key is None else content[key]

    def _place(self, container: Any) -> Place | None:
        place = self._places.get(id(container))
        if place is None or self._container(place) is not container:
            self._index()  # the game's state was rebound: find the containers again
            place = self._places.get(id(container))
        return place

    # ------------------------------------------------------------------ asked by samplers
    def follows(self, game: Game) -> bool:
        """Whether these beliefs are the record of `game` as it stands."""
        return self.game is game and game.state["step"] >= self.step

    def about(self, player: str, place: Place) -> tuple[set[str], Counter[str]] | None:
        """The kinds possible in `place` and the pieces known there, for `player` (None if the
        player sees into the place)."""
        possible = self.possible.get(player, {}).get(place)
        if possible is None:
            return None
        return possible, self.known[player][place]


def beliefs_for(game: Game, player: str) -> Beliefs | None:
    """The beliefs following `game` (built once by playing its decisions again from its seed
    with a watcher), or None if that replay does not show `player` what `game` shows them."""
    from interpreter.engine.runtime import Game, IllegalMove
    from interpreter.language.errors import GameRuleError

    watch = game.watch
    if isinstance(watch, Beliefs) and watch.follows(game):
        return watch
    beliefs = Beliefs()
    try:
        replay = Game.start(game.ruleset, game.n, game.state["seed"], game.names,
                            logging=False, streams=game.streams, watch=beliefs)
        replay.auto = game.auto
        for move in game.moves:
            replay.apply(move)
    except (IllegalMove, GameRuleError, KeyError, TypeError):
        return None
    if replay.view(player) != game.view(player):
        return None
    if game.watch is None:  # follow the game from now on
        game.watch = beliefs
        beliefs.follow(game)
    return beliefs

