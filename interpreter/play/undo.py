"""Taking decisions back: how far a player may undo, and the game with them taken back.

A player may take back their own last decisions, as long as no other player has decided
since and none of those decisions showed them something that was hidden before (a card
drawn from a face-down stack, a random draw): the game is played again from its seed
without them. What a player may see is compared through their view (`Game.view`): a piece
kind that they now see more of than before came out of hiding, and so did a private value
that shows, or the choices of a secret choice when they are revealed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import HIDDEN, face_down
from interpreter.language.errors import RulesError
from interpreter.play.replay import History, short_hash
from interpreter.play.why import named_labels

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game


# why a decision that showed something hidden stays, in a player's words (newcomers read
# "your last decision showed you something that was hidden" as undo being broken)
# why undo refuses after a reveal, with what it showed (`shown_hidden`)
SHOWN_HIDDEN_AS = "Undo takes back your own last decision, but not after it showed you " \
                  "something hidden ({shown}): it would let you see it and choose again."
SHOWN_HIDDEN = SHOWN_HIDDEN_AS.format(shown="a card turned up, a random draw")


def played_since(label: str) -> str:
    """Why undo waits for the player's next decision: another (`label`) decided since."""
    return "Undo takes back your own last decision until someone else has decided after " \
           f"it; {label} has played since."


@dataclass
class UndoLimit:
    """How many of a player's last decisions may be taken back (0: none, and why not)."""

    count: int
    reason: str | None = None
    run: int = 0  # the decisions since another player's (the player's and `along`'s)
    shown: str = ""  # what the last decision that showed something hidden showed, in words


def visible_pieces(game: Game, player: str) -> Counter:
    """How many pieces of each kind `player`'s view shows (a face-up top card counts; a count
    of face-down pieces shows no kind)."""
    seen: Counter = Counter()
    zones = game.view(player)["zones"]
    for name, info in game.program.zones.items():
        parts = zones[name].values() if info.decl.index else [zones[name]]
        for content in parts:
            if isinstance(content, list):
                seen.update(str(k) for k in content)
            elif face_down(content):
                if content.get("top") is not None:
                    seen[str(content["top"])] += 1
            else:
                seen.update({str(k): n for k, n in content.items()})
    return seen


def revealed(before: Game, after: Game, player: str) -> bool:
    """Whether going from `before` to `after` showed `player` something hidden: a piece kind
    they see more of, a draw of the random generator, a private value shown, or the choices
    of a secret choice turned up."""
    if before.state.get("draws") != after.state.get("draws") or _secret_closed(before, after):
        return True
    if _values_shown(before.view(player)["vars"], after.view(player)["vars"]):
        return True
    was, now = visible_pieces(before, player), visible_pieces(after, player)
    return any(n > was.get(kind, 0) for kind, n in now.items())


def shown_words(before: Game, after: Game, player: str) -> str:
    """What going from `before` to `after` showed `player` in words ('black 5'; 'a random
    draw'), '' where no piece came to light."""
    was, now = visible_pieces(before, player), visible_pieces(after, player)
    kinds = [after.label(kind) + (f" x{n - was.get(kind, 0)}" if n - was.get(kind, 0) > 1
                                  else "")
             for kind, n in sorted(now.items()) if n > was.get(kind, 0)]
    if kinds:
        return ", ".join(kinds)
    return "a random draw" if before.state.get("draws") != after.state.get("draws") else ""


def shown_hidden(shown: str) -> str:
    """Why undo refuses after a reveal, with what it showed (a newcomer was told only of
    'something hidden' after drawing a card they had seen)."""
    return SHOWN_HIDDEN_AS.format(shown=shown) if shown else SHOWN_HIDDEN


def _secret_closed(before: Game, after: Game) -> bool:
    """Whether a secret choice under way before was revealed (it ended, or a new one began)."""
    was, now = before.state.get("secret"), after.state.get("secret")
    return was is not None and (now is None or len(now["chosen"]) < len(was["chosen"]))


def _values_shown(was: Any, now: Any) -> bool:
    """Whether a value hidden in the view `was` (HIDDEN) shows in the view `now`."""
    if isinstance(was, dict) and isinstance(now, dict):
        return any(_values_shown(was[k], now[k]) for k in was.keys() & now.keys())
    return was == HIDDEN and now != HIDDEN


def undo_limit(ruleset: Ruleset, game: Game, history: History, player: str,
               along: frozenset[str] = frozenset()) -> UndoLimit:
    """How many of the last decisions `player` may take back now: their own, and those of
    the seats `along` (bots that answered them at one terminal) after them."""
    moves, deciders = history.moves, history.deciders
    if not history.consistent() or len(deciders) != len(moves):
        return UndoLimit(0, "Undo cannot take anything back: the game's history is incomplete.")
    if game.over:
        return UndoLimit(0, "The game is over: there is nothing more to take back.")
    own = 0
    while own < len(deciders) and deciders[-1 - own] in along | {player}:
        own += 1
    while own and deciders[-own] != player:  # the run starts with one of the player's
        own -= 1
    if own == 0:
        if not moves:
            return UndoLimit(0, "Nothing has been decided yet, so there is nothing to take back.")
        return UndoLimit(0, played_since(game.label(deciders[-1])))
    start = len(moves) - own
    replayed = replayed_from_start(ruleset, game, moves[:start])
    unplayable = "Undo cannot take anything back: the game cannot be played again from its " \
                 "start with these rules."
    if replayed is None or short_hash(replayed) != history.hashes[start]:
        return UndoLimit(0, unplayable)
    allowed, shown = 0, ""
    for i in range(start, len(moves)):
        before = replayed.clone()
        try:
            replayed.apply(moves[i])
        except RulesError:
            return UndoLimit(0, unplayable)
        if revealed(before, replayed, player):
            allowed = 0  # decisions up to this one showed something: they stay
            shown = shown_words(before, replayed, player)
            continue
        allowed += 1
    if short_hash(replayed) != history.hashes[-1]:
        return UndoLimit(0, unplayable)
    if allowed == 0:
        return UndoLimit(0, SHOWN_HIDDEN, own, shown)
    return UndoLimit(allowed, None, own)


def take_back(ruleset: Ruleset, game: Game, history: History, count: int,
              player: str, along: frozenset[str] = frozenset()) -> tuple[Game, History]:
    """The game and history with the last `count` decisions taken back (`player`'s, and
    those of `along` after them). Raises RulesError (changing nothing) when undo_limit does
    not allow that many."""
    limit = undo_limit(ruleset, game, history, player, along)
    if count < 1:
        raise RulesError("Nothing to take back: give a number of decisions of 1 or more.")
    if count > limit.count:
        if limit.reason is None and count <= limit.run:  # asked within the run: a reveal
            raise RulesError(SHOWN_HIDDEN)
        if limit.reason == SHOWN_HIDDEN:
            raise RulesError(shown_hidden(limit.shown))
        raise RulesError(limit.reason or f"Undo can take back only your last {limit.count} "
                         f"decision{'s' if limit.count != 1 else ''} now.")
    keep = history.moves[:-count]
    again, replayed = History.rebuild(ruleset, game.n, game.state["seed"], dict(game.names),
                                      keep, streams=game.streams)
    return replayed, again


def last_own(history: History, player: str, along: frozenset[str]) -> int:
    """How many decisions go back to `player`'s last one over those of `along` after it
    (1: the last decision is the player's; 0: another seat decided since)."""
    deciders = history.deciders
    k = 0
    while k < len(deciders) and deciders[-1 - k] in along:
        k += 1
    return k + 1 if k < len(deciders) and deciders[-1 - k] == player else 0


def replayed_from_start(ruleset: Ruleset, game: Game, moves: list[Any]) -> Game | None:
    """The game played again from its seed with `moves` (no event log, no hashes: fast)."""
    try:
        replayed = ruleset.new_game(game.n, game.state["seed"], names=dict(game.names),
                                    logging=False, streams=game.streams)
        for move in moves:
            replayed.apply(move)
    except RulesError:
        return None
    return replayed


def cannot_take_back(reason: str) -> str:
    """Why Undo does nothing now, as the terminal and the page both say it (the reasons
    are whole sentences that say what undo does and why not now)."""
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "!", "?")) else f"{reason}."


def taken_back_text(game: Game, move: Any, count: int = 1) -> str:
    """What an undo took back, said on the player's next screen or page: 'Taken back: your
    decision 'violet 4' and the bot decision after it. Decide again.' (`game`: after it).
    The option is said as the decision asked again labels it ('A: take three cards'); an
    option that its label says no more of than its value (a number, a bare word) with the
    question it answered: seed 239's newcomer read "Taken back: your decision '2'"."""
    if move is None:
        return "Your last decision is taken back."
    answers = f" and the {count - 1} bot decisions after it" if count > 2 else \
        " and the bot decision after it" if count == 2 else ""
    decision = game.decision()
    label = game.label(move)
    if decision is not None and move in decision.options:
        label = named_labels(game, decision)[decision.options.index(move)]
        if label == str(move) and decision.prompt:
            return f"Taken back: your answer '{label}' to '{decision.prompt}'{answers}. " \
                   "Decide again."
    return f"Taken back: your decision '{label}'{answers}. Decide again."
