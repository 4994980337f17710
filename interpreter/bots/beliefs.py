"""What each player can know about the pieces they cannot see, from what they saw happen.

For every player, every piece lying in a place hidden from them (a face-down stack, another
player's hand, a stack seen only by its top) is a *token*: its kind, the places it may be in,
and, in a stack, its position when the player knows it (counted from the bottom). Pieces of a
kind are alike, so a token is "a piece of this kind", not a particular piece.

The game starts with every component where the rules put it, known to all, so every hidden
piece has a token from the start, in one place, at a known position. Then, move by move
(`Game.start(..., watch=beliefs)`: the engine tells it of every `move` and `shuffle`):

- a move the player sees (one end is a place they see into, the rule named a single kind
  without reading anything private, the piece was the top of a stack seen by its top or lands
  on one) moves the token of that piece to its new place, with its new position;
- a move the player does not see adds the destination to the places of every token that could
  have left (a kind the rule allows, possibly in the source); the tokens known to be in the
  pieces taken (the top pieces of a stack at known positions, or every piece of a `move all`)
  go to the destination for sure;
- a place seen empty holds no token any more; a shuffle forgets the positions in the stack;
- a zone shown to a player (`show ZONE to PLAYERS`) is known to them as it lies then.

So a piece a player saw stays known, in one place, until it moves where they cannot see, and
then it is in one of the places it could have gone to: never back in the deck it never
returned to. `Sampler`s (bots/sampling.py) deal the tokens to the places (each place holding
as many as it holds, each token in one of its places, known positions kept): the possible
worlds of the player.

A game a bot is handed may have been played without a watcher: `beliefs_for(game, player)` then
plays its decisions again from its seed with one (once; it then stays on the game and follows it),
and uses it if the replay shows `player` what the game shows them; otherwise (a position set up
by hand) it returns None and samples fall back to the zones' declarations.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import owns

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

Place = tuple[str, str | None]  # zone, family key (None for a zone without an index)


class Token:
    """A piece as a player knows it: its kind, where it may be, its position in a stack."""

    __slots__ = ("kind", "places", "pos")

    def __init__(self, kind: str, places: set[Place], pos: int | None = None):
        self.kind = kind
        self.places = places
        self.pos = pos  # index from the bottom, when in one stack at a known position

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {sorted(self.places, key=str)!r}, {self.pos!r})"


class Beliefs:
    """Per player, a token for every piece in a place hidden from them."""

    def __init__(self) -> None:
        self.game: Any = None
        self.step = 0
        self.tokens: dict[str, list[Token]] = {}
        self.hidden: dict[str, set[Place]] = {}  # player -> places they cannot see into
        self._places: dict[int, Place] = {}
        self._hidden_from: dict[Place, list[str]] = {}  # place -> players who cannot see in
        self._top: set[str] = set()  # zones seen by their top

    # ------------------------------------------------------------------ told by the engine
    def started(self, game: Game) -> None:
        """The components lie where the rules start them: everybody knows what is where."""
        self._attach(game)
        for place, players in self._hidden_from.items():
            content = self._container(place)
            pieces = list(content) if content.__class__ is list else list(
                Counter(content).elements())
            stack = content.__class__ is list
            for p in players:
                self.tokens[p].extend(Token(k, {place}, i if stack else None)
                                      for i, k in enumerate(pieces))

    def shuffled(self, zone: Any) -> None:
        """A stack was shuffled: positions in it are not known any more."""
        place = self._place(zone)
        if place is None:
            return
        for p in self._hidden_from.get(place, ()):
            for t in self.tokens[p]:
                if place in t.places:
                    t.pos = None

    def shown(self, what: Any, players: Any) -> None:
        """`show ZONE to PLAYERS`: those players now know what lies in the zone (in a stack,
        where). For each piece shown, a token of its kind that may be there is put there (one
        known to be there first, else the one with the fewest other places); the other
        tokens are not there. A value that is not a zone teaches nothing about pieces."""
        if self.game is None or what.__class__ not in (list, dict):
            return
        place = self._place(what)
        if place is None:
            return
        pieces = list(what) if what.__class__ is list else list(Counter(what).elements())
        stack = what.__class__ is list
        for p in players if players.__class__ is list else [players]:
            if place not in self.hidden.get(p, ()):
                continue
            tokens = self.tokens[p]
            left = [t for t in tokens if place in t.places]
            for at, kind in enumerate(pieces):
                fits = [t for t in left if t.kind == kind]
                if not fits:  # a piece not foreseen: known from now on
                    tokens.append(Token(kind, {place}, at if stack else None))
                    continue
                token = min(fits, key=lambda t: len(t.places))
                left.remove(token)
                token.places, token.pos = {place}, at if stack else None
            for t in left:  # not there after all
                if len(t.places) > 1:
                    t.places.discard(place)

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
        stack_a, stack_b = source.__class__ is list, dest.__class__ is list
        by_top = stack_a and named is None and kinds is not False  # the top pieces went
        top_out = a[0] in self._top and len(taken) == 1 and stack_a and (
            amount == "top" or kinds is None)
        top_in = b[0] in self._top and len(taken) == 1 and stack_b and not bottom
        n = len(taken)
        after_a = len(source)
        before_b = len(dest) - n
        # where each taken piece stood in a, and lands in b (None: not known)
        from_at = [after_a + n - 1 - i for i in range(n)] if by_top else [None] * n
        if stack_b:
            to_at = [n - 1 - i for i in range(n)] if bottom else [before_b + i for i in range(n)]
        else:
            to_at = [None] * n
        for p in set(hidden_a) | set(hidden_b):
            in_a, in_b = p in hidden_a, p in hidden_b
            tokens = self.tokens[p]
            if in_b and stack_b and bottom:  # the pieces under them rose
                for t in tokens:
                    if t.pos is not None and b in t.places:
                        t.pos += n
            if in_a and stack_a and not by_top:  # taken from inside: positions unknown
                for t in tokens:
                    if a in t.places:
                        t.pos = None
            if not in_a or not in_b or single or top_out or top_in:
                self._seen_move(tokens, a if in_a else None, b if in_b else None, taken,
                                from_at, to_at)
            else:
                self._unseen_move(tokens, a, b, amount, named, kinds is False, from_at, to_at,
                                  after_a)
            if in_a and not source:
                for t in tokens:
                    if a in t.places and len(t.places) > 1:
                        t.places.discard(a)

    def _seen_move(self, tokens: list[Token], a: Place | None, b: Place | None,
                   taken: list[str], from_at: list[int | None], to_at: list[int | None]
                   ) -> None:
        for k, i, j in zip(taken, from_at, to_at, strict=True):
            token = _pick(tokens, a, k, i) if a is not None else None
            if b is None:
                if token is not None:
                    tokens.remove(token)
                continue
            if token is None:
                tokens.append(Token(k, {b}, j))
            else:
                token.places, token.pos = {b}, j

    def _unseen_move(self, tokens: list[Token], a: Place, b: Place, amount: str,
                     named: list[str] | None, private: bool, from_at: list[int | None],
                     to_at: list[int | None], after_a: int) -> None:
        allowed = set(named) if named is not None else None
        where = {i: j for i, j in zip(from_at, to_at, strict=True) if i is not None}
        every = amount == "all" and not private  # every piece (of the named kinds) left a
        for t in tokens:
            if a not in t.places or (allowed is not None and t.kind not in allowed):
                continue
            sure = t.places == {a}
            if t.pos is not None and where:  # a known position: taken or not, for sure
                if t.pos >= after_a:
                    t.places, t.pos = {b}, where.get(t.pos)
                continue
            if every:
                t.places = {b} if sure else (t.places - {a}) | {b}
                t.pos = None
            else:
                t.places = t.places | {b}
                t.pos = None

    # ------------------------------------------------------------------ places
    def _attach(self, game: Game) -> None:
        self.game = game
        self.step = game.state["step"]
        program = game.program
        self._top = {n for n, z in program.zones.items() if z.decl.visibility == "top"}
        for p in game.players:
            self.tokens.setdefault(p, [])
            self.hidden.setdefault(p, set())
        self._hidden_from = {}
        zones = game.state["zones"]
        for name, info in program.zones.items():
            vis = info.decl.visibility
            if vis == "public":
                continue
            keys = list(zones[name]) if info.decl.index else [None]
            for key in keys:
                players = [p for p in game.players if not (vis == "owner" and owns(key, p))]
                self._hidden_from[(name, key)] = players
                for p in players:
                    self.hidden[p].add((name, key))
        self._index()

    def follow(self, game: Game) -> None:
        """Follow `game` from where it stands, keeping what was learnt so far (on a replay of
        it, or on a clone)."""
        self.game = game
        self.step = game.state["step"]
        self._index()

    def copy_for(self, game: Game) -> Beliefs:
        """These beliefs, following `game` (a clone of the game they follow)."""
        twin = Beliefs.__new__(Beliefs)
        twin.__dict__.update(self.__dict__)
        twin.tokens = {p: [Token(t.kind, set(t.places), t.pos) for t in ts]
                       for p, ts in self.tokens.items()}
        twin.hidden = copy.copy(self.hidden)
        twin.game = None
        twin.follow(game)
        return twin

    def _index(self) -> None:
        zones = self.game.state["zones"]
        self._places = {}
        for name, info in self.game.program.zones.items():
            if info.decl.index:
                for key, content in zones[name].items():
                    self._places[id(content)] = (name, key)
            else:
                self._places[id(zones[name])] = (name, None)

    def _container(self, place: Place) -> Any:
        name, key = place
        content = self.game.state["zones"][name]
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

    def tokens_of(self, player: str) -> list[Token]:
        """The tokens of every piece hidden from `player`."""
        return self.tokens.get(player, [])

    def about(self, player: str, place: Place) -> tuple[set[str], Counter[str]] | None:
        """The kinds possible in `place` and the pieces known there, for `player` (None if the
        player sees into the place)."""
        if place not in self.hidden.get(player, ()):
            return None
        possible, known = set(), Counter()
        for t in self.tokens[player]:
            if place in t.places:
                possible.add(t.kind)
                if len(t.places) == 1:
                    known[t.kind] += 1
        return possible, known


def _pick(tokens: list[Token], a: Place, kind: str, at: int | None) -> Token | None:
    """The token of a piece of `kind` seen leaving `a` (from position `at`, if known): the one
    at that position, else the one whose place is most certain."""
    best, best_size = None, 0
    for t in tokens:
        if t.kind != kind or a not in t.places:
            continue
        if at is not None and t.pos is not None:
            if t.pos == at:
                return t
            continue  # known to lie elsewhere in the stack
        if best is None or len(t.places) < best_size:
            best, best_size = t, len(t.places)
    return best


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
