"""'Since your last decision': what happened to a player and to the board, in short, and the
log without the steps that changed nothing for anyone else.

The digest compares the scores as the player saw them right after their last decision with
the scores now (consequences.Picture, through the public Game API), and says the moves the
engine made since (moves_seen: each step watched on a copy), as the player may know them,
where they concern the player (their own pieces or zones, their cards given back to them after
an offer that lost) or the board (places); cards the others took are left to the log. A
decision of the player's with one legal option, which the game takes without asking, is said
too, with the log line about them just before it (why it was the only one). The log is
shortened
where one player took several steps in a row that changed nothing but their own zones and
variables (cards put forward and taken back): only the last line of such a run is kept, or
none when the same player's next step concludes it.
Nothing here knows any game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from interpreter.engine.kind_check import NUMBER, TEXT
from interpreter.engine.log_facts import Fact, facts_of, without_stop
from interpreter.engine.support import size as pieces_in
from interpreter.engine.world import PLAYER
from interpreter.language.errors import GameRuleError, IllegalMove, RulesError
from interpreter.play.consequences import (
    EVERY,
    Picture,
    PieceWords,
    _without_kinds,
    and_list,
    every_players,
    into_own,
    mid_sentence,
    points_text,
    without_source,
)
from interpreter.play.moves_seen import Lone, Moved, StepSeen, flows, sees_into, watch_step
from interpreter.play.plain_reasons import as_you, plain_verb
from interpreter.play.screen import (
    LONE_HEAD,
    OWN_HEAD,
    POINTS_HEAD,
    YOURS_HEAD,
    mid_clause,
    wrap_text,
)

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

NOBODY = "\x00spectator"  # a viewer who owns nothing: the public view
MOST_MOVES = 4  # moves of pieces (or news) said in a digest; past that, how many more
MOST_ROWS = 3  # and rows for them, one at least
LONE_CHARS = 160  # characters for the choices taken alone (2 rows, 3 at most)
ALL_CHARS = 10_000  # ... on a page, whose digest never folds them: every one
TIGHT_ROWS = 8  # a digest with fewer rows says those choices without their reasons
AFTER_WORDS = 8  # words of a decision's log line that 'after Ann passes on X:' says
NEWS_ROWS = 4  # rows of news a short screen says before it folds the others' offers
MOST_VERBS = 3  # what a fold of news says the players did: up to so many verbs ('offer or pass')
NEWS_HEAD = "News: "  # the digest's news, in two (and YOURS_HEAD, the screen's)
ALSO_HEAD = "Also: "  # a page's news past the results (passes, offers, moves of pieces)
SEE_LOG = "(type log to see them)"  # after a fold: where what it hides is said
BY_RULES = "then, by the rules"  # what made a move the rules made after a decision (_after)
YOURS = "(your "  # what _with_held writes after a place where the viewer has pieces
OWN_POINTS = POINTS_HEAD + "you "  # a points line that gives the viewer some (said first)
# words that link a number to what follows it rather than say what it counts
LINKING_WORDS = frozenset("in on at for to from with of by and or as into onto".split())


@dataclass
class Steps:
    """Every step of a game seen from the public view: who decided, the log lines it wrote
    (as indices of `game.events`), and whether it changed anything beyond the decider's own
    zones and variables."""

    deciders: list[str] = field(default_factory=list)
    lines: list[range] = field(default_factory=list)
    quiet: list[bool] = field(default_factory=list)
    seen: list[StepSeen] = field(default_factory=list)  # what each step did (moves_seen)
    points: list[dict[str, int]] = field(default_factory=list)  # each step's points won
    # ... and those its decision won (StepSeen.scores_then: not the rules' after it returned)
    decided_points: list[dict[str, int]] = field(default_factory=list)
    # each step's pieces that stand on a place and moved to another (their new places)
    moved_to: list[list[str]] = field(default_factory=list)
    moved: list[set[tuple]] = field(default_factory=list)  # and those pieces (their keys)
    # each step's moves of such pieces off or onto a place where a player has pieces of their
    # own: (the piece's key, the place left, the place entered, each player's pieces there)
    stakes: list[list[Stake]] = field(default_factory=list)
    # each step's log lines that say again the move the line before it said (see _said_again)
    again: list[set[int]] = field(default_factory=list)
    last: Picture | None = None
    events: int = 0

    def start(self, game: Game) -> None:
        self.last = Picture(game, NOBODY)
        self.events = len(game.events)

    def record(self, game: Game, player: str, seen: StepSeen | None = None) -> None:
        """After each decision (a person's or a bot's); `seen`: what it did
        (moves_seen.watch_step, before it was applied)."""
        if self.last is None:
            self.start(game)
            return
        now = Picture(game, NOBODY)
        self.seen.append(seen if seen is not None else StepSeen())
        self.deciders.append(player)
        self.lines.append(range(self.events, len(game.events)))
        self.quiet.append(not self.last.changed(now, player))
        self.points.append({p: now.scores[p] - self.last.scores[p] for p in now.scores
                            if now.scores[p] != self.last.scores.get(p)})
        then = self.seen[-1].scores_then
        self.decided_points.append(self.points[-1] if then is None else {
            p: then[p] - self.last.scores[p] for p in then
            if then[p] != self.last.scores.get(p)})
        self.moved_to.append(_moved_on_board(game, self.last, now))
        self.moved.append(_moved_keys(game, self.last, now))
        self.stakes.append(_stakes(game, self.last, now, self.moved[-1]))
        self.again.append(_said_again(game, self.lines[-1], self.seen[-1]))
        self.last, self.events = now, len(game.events)

    def last_decision(self, player: str) -> int:
        """The step of `player`'s last decision (-1 before their first)."""
        return max((k for k, p in enumerate(self.deciders) if p == player), default=-1)

    def piece_moves(self, game: Game, viewer: str, news: list[str]) -> list[PieceMove]:
        """Every move since `viewer`'s last decision of a piece standing on a place (a token
        whose place is a variable), in the log's order, each by the log line that says it:
        a line of the `news` of its step that names where it went ('the pawn returns to X: a
        round begins' rather than 'Ann moves the pawn to X'), else the line naming both
        places; the viewer's pieces are said after each place's name ('Ann moves the pawn
        from X (your 3 towers) to Y'). A digest that said a piece's last move only, or its
        moves off the viewer's places only, told a newcomer it stood where it did not."""
        out: list[PieceMove] = []
        told: set[int] = set()
        for k in range(self.last_decision(viewer) + 1, len(self.deciders)):
            lines = [(i, game.events[i].rstrip(".")) for i in self.lines[k]
                     if i < len(game.events)]
            found = []
            for stake in self.stakes[k]:
                names = {place: game.label(place) for place in (stake.left, stake.entered)}
                entered = _naming(names[stake.entered])
                said = next(((i, x) for i, x in lines if x in news and entered.search(x)),
                            None)
                whole = said or next(((i, x) for i, x in lines
                                      if all(_naming(n).search(x) for n in names.values())),
                                     None)
                if whole is None or whole[0] in told:
                    continue
                told.add(whole[0])
                held = stake.held.get(viewer, {})
                found.append(PieceMove(whole[0], stake.key, self.deciders[k], whole[1],
                                       _with_held(whole[1], names, held),
                                       _with_held(names[stake.entered], names, held),
                                       _with_held(names[stake.left], names, held),
                                       said is not None))
            out += sorted(found, key=lambda m: m.at)
        return out

    def received(self, game: Game, viewer: str) -> list[int]:
        """The log lines (their indices) that say why pieces came into `viewer`'s own zones
        by the rules, in the steps of the others since the viewer's last decision: the line
        written just before such a move whose first value is the viewer ('Ann takes 1 card
        too, having no tower in X'). A newcomer saw a card come into their hand, and its
        reason only in `log`."""
        out: list[int] = []
        for _, m, at in self._others_logged_moves(game, viewer):
            if m.dest[1] != viewer or m.source[1] == viewer or at in out:
                continue
            if _subject(game.events[at]) == viewer:
                out.append(at)
        return out

    def _others_logged_moves(self, game: Game, viewer: str) -> Iterator[tuple[int, Any, int]]:
        """Each move of the others' steps since the viewer's last decision that the log
        says, with its step and the index of the log line written just before it."""
        for k in range(self.last_decision(viewer) + 1, len(self.deciders)):
            if self.deciders[k] == viewer:
                continue
            for m in self.seen[k].moves:
                at = self.lines[k].start + m.logged - 1
                if m.logged >= 1 and at < min(self.lines[k].stop, len(game.events)):
                    yield k, m, at

    def lost_by(self, game: Game, viewer: str, news: list[str]) -> list[str]:
        """The log lines (their words, without the full stop) that tell why the viewer's own
        pieces left a place of the board for a zone not theirs, in the others' steps since
        the viewer's last decision: the last line of the `news` (the display's: who won,
        what was scored) naming the place left, written before such a move in its step, and
        not one that only says what a player scored (_scoring_only): 'Ann declares a closing
        of X', once each. Seed 320's newcomer read 'Your pieces: your 6 towers go
        out of the game, from X' at the top of the page's digest, and why (another's
        closing of X) below its fold."""
        words = PieceWords(game, viewer)
        out: list[str] = []
        for k, m, at in self._others_logged_moves(game, viewer):
            if _place_of(game, m.source[1]) is None or m.dest[1] == viewer or \
                    not any(words.owner(x) == viewer for x in m.pieces):
                continue
            place = _naming(game.label(_place_of(game, m.source[1])))
            line = next((x.rstrip(".") for x in (game.events[i] for i in
                                                 reversed(range(self.lines[k].start, at + 1)))
                         if x.rstrip(".") in news and place.search(x) and
                         not _scoring_only(x)), None)
            if line is not None and line not in out:
                out.append(line)
        return out

    def said_by_pieces(self, game: Game, viewer: str) -> set[str]:
        """The log lines (their words, without the full stop) of the others' steps since
        `viewer`'s last decision that say only moves of the viewer's pieces out of their own
        zones, written just before them ('Ann pays X: the card goes under its stack'): the
        digest's pieces say those moves ('1 card (X) goes under the stack, from your offer'),
        and the screen need not list the line above them too (a newcomer read a payment
        twice)."""
        out: set[str] = set()
        for k in range(self.last_decision(viewer) + 1, len(self.deciders)):
            after: dict[int, list[Moved]] = {}
            for m in self.seen[k].moves:
                after.setdefault(m.logged, []).append(m)
            for logged, moved in after.items():
                at = self.lines[k].start + logged - 1
                if logged < 1 or at >= min(self.lines[k].stop, len(game.events)):
                    continue
                if _subject(game.events[at]) == viewer and \
                        all(m.source[1] == viewer != m.dest[1] for m in moved):
                    out.add(game.events[at].rstrip("."))
        return out

    def deciding(self, game: Game, viewer: str, news_at: list[int]) -> list[int]:
        """The log lines (their indices) of the others' decisions since `viewer`'s last one
        that settled a news line of the same step about another player, said just before it
        and naming the decider first, where the viewer is named since their last decision
        began (they took part: an offer, a pass): 'Bob passes on X', then 'Ann wins the
        round for X'. A newcomer read that they won, or were passed over, and who passed only in
        `log`. Facts only: a line without them says nothing here."""
        last = self.last_decision(viewer)
        since = self.lines[last].start if last >= 0 else 0
        out: list[int] = []
        for k in range(last + 1, len(self.deciders)):
            decider = self.deciders[k]
            if decider == viewer:
                continue
            # the lines of the choices the step took alone for others, between the decider's
            # and the news, come with it ('Bob passes', 'Cy cannot raise the offer: passes',
            # 'Ann wins': seed 321's newcomer read 'Ann offers 17; Ann wins' with neither)
            alone = {c.player for c in self.seen[k].lone} - {decider, viewer}
            for at in news_at:
                before, between = at - 1, []
                while before > self.lines[k].start and before not in news_at and \
                        _subject(game.events[before]) in alone:
                    between.append(before)
                    before -= 1
                if not self.lines[k].start <= before < at < min(self.lines[k].stop,
                                                                 len(game.events)) or \
                        before in news_at or before in out or \
                        _subject(game.events[before]) != decider or \
                        not any(f.kind == PLAYER and f.value != decider
                                for f in facts_of(game.events[at])):
                    continue
                if any(_names_player(game.events[i], viewer) for i in range(since, before)):
                    out += [before] + between[::-1]
        return out

    def first_line(self, game: Game, viewer: str) -> int:
        """The index in the log of the first line written since `viewer`'s last decision."""
        after = self.last_decision(viewer) + 1
        return self.lines[after].start if after < len(self.lines) else len(game.events)

    def emptied(self, game: Game, viewer: str) -> list[str]:
        """The places of the board a step emptied at once, its pieces taken out of two zones
        of it or more (zones indexed by it, or by an entity whose attribute names it) and sent
        elsewhere, that are empty still: each with the log line that names it last before
        they left (what emptied it, up to its colon) and what left ('X is closed; removed:
        your 2 towers, Bob's 1 tower and 2 tiles'). A board row that shows the place empty
        does not say what was there."""
        out = []
        for k, seen in enumerate(self.seen):
            gone: dict[str, list[Moved]] = {}
            for m in seen.moves:
                place = _place_of(game, m.source[1])
                if place is not None and _place_of(game, m.dest[1]) != place:
                    gone.setdefault(place, []).append(m)
            for place, moves in gone.items():
                if len({m.source for m in moves}) < 2 or _holds_any(game, place):
                    continue  # a region of the board emptied at once, and empty still
                name = game.label(place)
                told = _last_naming(game, name, self.lines[k], moves[0].logged)
                pieces = PieceWords(game, viewer).moves(flows(game, moves, viewer))
                removed = and_list([re.split(r" goe?s? ", x)[0] for x in pieces])
                head = told.split(": ")[0]  # what it says before its details
                said = head if _naming(name).search(head) else f"{name}: {told or 'emptied'}"
                out.append(said + (f"; removed: {removed}" if removed else "") + ".")
        return out

    def board_moves(self, game: Game, viewer: str, news: list[str]) -> list[str]:
        """The other players' moves since `viewer`'s last decision that moved a piece
        standing on a place of the board (a token whose place is a variable), one line a
        player in the log's words ('Ann: moves the pawn from X to Y; moves ...'); the
        `news` lines, said already (with or without their full stop), are left out."""
        last = self.last_decision(viewer)
        said_already = {line.rstrip(".") for line in news}
        said: dict[str, list[str]] = {}
        for k in range(last + 1, len(self.deciders)):
            player = self.deciders[k]
            if player == viewer or not self.moved_to[k]:
                continue
            places = [game.label(place) for place in self.moved_to[k]]
            lines = [game.events[i] for i in self.lines[k] if i < len(game.events)]
            # a place a news line of the step names already ('Ann brings the pawn back to
            # X: a round begins') is said: not again in the log's other words ('Ann: moves
            # the pawn from Y to X', seed 316's newcomer read one move twice)
            places = [p for p in places if not any(
                line.rstrip(".") in said_already and _naming(p).search(line) for line in lines)]
            told = [line for line in lines if line.rstrip(".") not in said_already and
                    any(_naming(p).search(line) for p in places)]
            said.setdefault(player, []).extend(told)
        out = []
        for player, lines in said.items():
            name = game.label(player)
            words = [line.removeprefix(f"{name} ").rstrip(".") for line in lines]
            if words:
                out.append(f"{name}: " + "; ".join(words) + ".")
        return out

    def since(self, player: str) -> tuple[list[Moved], list[Lone]]:
        """The moves since `player`'s last decision (those the rules made after it, its
        own procedure done, too: own_last), and the choices taken alone for them since it
        (in it too: what their own decision led to)."""
        last = self.last_decision(player)
        moves = [m for m in self.seen[last].moves if not m.decided] if last >= 0 else []
        moves += [m for s in self.seen[last + 1:] for m in s.moves]
        lone = [c for s in self.seen[max(last, 0):] for c in s.lone if c.player == player]
        return moves, lone

    def deciders_since(self, player: str) -> dict[str, list[Moved]]:
        """The moves since `player`'s last decision by whose decision made them."""
        last = self.last_decision(player)
        out: dict[str, list[Moved]] = {}
        for k in range(last + 1, len(self.seen)):
            out.setdefault(self.deciders[k], []).extend(self.seen[k].moves)
        return out

    def credits_since(self, game: Game, player: str) -> dict[str, list[Moved]]:
        """The moves since `player`'s last decision by what made them: 'by Ann' (her
        decision), or 'after Ann passes' (what the rules did after it, once the log turned
        from her: a newcomer read 'by Ann: your 3 towers go out of the game' of a closing
        the rules declared for them when Ann's pass ended a round of offers)."""
        out: dict[str, list[Moved]] = {}
        for k in range(self.last_decision(player) + 1, len(self.seen)):
            name = game.label(self.deciders[k])
            lines = [game.events[i] for i in self.lines[k] if i < len(game.events)]
            turned = next((j for j in range(1, len(lines))
                           if not lines[j].startswith(f"{name} ")), len(lines))
            for m in self.seen[k].moves:
                rules = 0 <= turned <= m.logged
                # after the decider's last line before the rules turned from them: seed
                # 317's newcomer read 'after Ann offers 5: 2 tiles go out of the game',
                # where the closing of the place that her win led to took them; or after
                # what the rules said of the place the pieces left, last before they did
                # ('after X is closed'): seed 319's read 'after Ann offers 43: 4 tiles go
                # out of the game', where the offer made another pass, she won, and X closed
                closed = _closing(game, m, self.lines[k]) if rules else ""
                out.setdefault(f"after {closed}" if closed else _after(name, lines[turned - 1])
                               if rules else f"by {name}", []).append(m)
        return out

    def scoring_places(self, game: Game, player: str) -> set[str]:
        """The places of the board (in words) where the steps since `player`'s last
        decision that changed their points put pieces (a piece that scores for them there):
        a digest never folds a move to them. A place of the board: the index of a public
        zone, other than a player."""
        last = self.last_decision(player)
        return {game.label(m.dest[1]) for k in range(last + 1, len(self.seen))
                if self.points[k].get(player) for m in self.seen[k].moves
                if m.dest[1] is not None and m.dest[1] not in game.players
                and game.program.zones[m.dest[0]].decl.visibility == "public"}

    def held_places(self, game: Game, viewer: str, pictures: tuple[Picture, ...]) -> set[str]:
        """The places of the board (in words) that the moves since `viewer`'s last decision
        left or entered, where the viewer has pieces of their own in one of the `pictures`
        (pieces_at): a digest never folds a move into or out of them (a tile that filled
        the region of a newcomer's towers went into 'and 2 more')."""
        moves, _ = self.since(viewer)
        places = {(_place_of(game, key), key) for m in moves for key in (m.source[1], m.dest[1])}
        return {game.label(place) for place, key in places if place is not None and
                any(pieces_at(game, picture, viewer, place, parts=place != key)
                    for picture in pictures)}

    def offers_made(self, game: Game, viewer: str) -> list[int]:
        """The log lines (their indices) that end the others' runs of steps in a row with
        a quiet one among them since `viewer`'s last decision (an offer built card by card,
        made or taken back): the first line of each run's last step, the offer as it stands
        when its player is done (every line of it where it is quiet too: a pass that wrote
        the next player's pass as well). News, one line an offer: a high offer was never on
        a newcomer's screen, and the cards put forward took a line each."""
        out: list[int] = []
        k = self.last_decision(viewer) + 1
        while k < len(self.deciders):
            end = k
            while end + 1 < len(self.deciders) and self.deciders[end + 1] == self.deciders[k]:
                end += 1
            if self.deciders[k] != viewer:
                # an offer finished within the run, its player deciding on (the winner of
                # the round choosing what to do with it): seed 317's newcomer read 'the high
                # offer is Bob's 19; Ann wins ... with 24', the raise to 24 and the pass it
                # led to left out
                # (one that settled the round: its next line is another player's, 'Bob
                # cannot raise the offer above 24: passes'; not a piece placed, said by its
                # move)
                begun = k
                for j in range(k, end):
                    if not self.quiet[j]:
                        if any(self.quiet[begun:j]) and self._names_others(game, j):
                            out += self._offer_lines(game, viewer, j, settled=True)
                        begun = j + 1
                if any(self.quiet[k:end + 1]):  # with the choices it took alone for
                    # others ('Ann offers 5', 'Bob cannot offer and passes': seed 321's
                    # newcomer read Ann's win with 5 where Bob had not been said to pass)
                    out += self._offer_lines(game, viewer, end, settled=any(
                        c.player not in (viewer, self.deciders[end])
                        for c in self.seen[end].lone))
            k = end + 1
        return out

    def _names_others(self, game: Game, step: int) -> bool:
        """Whether the second line of `step` is about a player other than its decider."""
        lines = self.lines[step]
        return lines.start + 1 < min(lines.stop, len(game.events)) and \
            _subject(game.events[lines.start + 1]) not in (None, self.deciders[step])

    def _offer_lines(self, game: Game, viewer: str, step: int, settled: bool = False
                     ) -> list[int]:
        """The lines of `step` that say the offer its decider is done with (offers_made):
        quiet, every line but the viewer's own; else its first line, and where it `settled`
        the round within a run of its decider's steps, the others' lines right after it ('Ann
        offers 24', 'Bob cannot raise the offer above 24: passes'), up to what the step went
        on to do. None where it moved a piece on a place (said by its own line:
        piece_moves)."""
        last = self.lines[step]
        if self.moved_to[step] or not last or last.start >= len(game.events):
            return []
        # (not the viewer's own line: a choice taken for them, which the digest says as
        # such: seed 314's newcomer read their pass there and in the news)
        if self.quiet[step]:
            return [i for i in last if i < len(game.events) and (
                i == last.start or _subject(game.events[i]) != viewer)]
        out = [last.start]
        for i in range(last.start + 1, min(last.stop, len(game.events)) if settled else 0):
            if _subject(game.events[i]) in (None, viewer, self.deciders[step]):
                break
            out.append(i)
        return out

    def filled_places(self, game: Game, viewer: str) -> set[str]:
        """The places of the board (in words) that the moves since `viewer`'s last decision
        entered and that have one free space at most now (_nearly_full): a digest never
        folds a move into them (a tile that left one square free in a region where a newcomer
        had no pieces, which they could then fill, went into 'and 2 more')."""
        return {game.label(place) for place in self.entered(game, viewer)
                if _nearly_full(game, place)}

    def full_places(self, game: Game, viewer: str, now: Picture) -> list[str]:
        """The regions of the board (in words) that the moves since `viewer`'s last
        decision entered, that have no free space left now and where the viewer has pieces
        of their own (in `now`): a newcomer read a tile going to the region of their towers
        and did not see that it filled it."""
        return [game.label(place) for place in self.entered(game, viewer)
                if _free_spaces(game, place) == 0 and pieces_at(game, now, viewer, place)]

    def entered(self, game: Game, viewer: str) -> list[str]:
        """The places of the board that the moves since `viewer`'s last decision entered,
        each once, in the order first entered."""
        moves, _ = self.since(viewer)
        return [p for p in dict.fromkeys(_place_of(game, m.dest[1]) for m in moves)
                if p is not None]

    def own_last(self, player: str) -> tuple[list[Moved], dict[str, int]]:
        """The moves and the points of `player`'s last decision (the picture after it, which
        the digest starts from, has them already): those its own procedure made (what the
        choice did, Moved.decided), not what the rules went on to do before the next decision
        (a newcomer's pass ended a round of offers; the winner's closing of a place, which
        took 3 of their towers, was said as 'Your last decision'). Those are said with the
        moves since (Steps.since)."""
        last = self.last_decision(player)
        if last < 0:
            return [], {}
        return [m for m in self.seen[last].moves if m.decided], dict(self.decided_points[last])

    def hidden_lines(self) -> set[int]:
        """The log lines a digest leaves out: in each run of one player's quiet steps, the
        lines of all but the last step; all of them when the same player's next step
        concludes the run (the offer finished, or withdrawn as the round ends); and the lines
        that say a move again (_said_again). The last step's lines are all kept: one step's
        pass wrote the next player's pass too (that player could not offer), and a newcomer's
        'log' showed the second pass alone."""
        out: set[int] = set().union(*self.again)
        k = 0
        while k < len(self.quiet):
            if not self.quiet[k]:
                k += 1
                continue
            end = k
            while end + 1 < len(self.quiet) and self.quiet[end + 1] and \
                    self.deciders[end + 1] == self.deciders[k]:
                end += 1
            concluded = end + 1 < len(self.quiet) and \
                self.deciders[end + 1] == self.deciders[k]
            out.update(i for r in self.lines[k:end + 1 if concluded else end] for i in r)
            k = end + 1
        return out


@dataclass
class Replayed:
    """A game's steps played again from its start, as a session records them: the steps,
    and for each person their picture after their last decision and how much of their log
    they had seen when they took it."""

    steps: Steps
    pictures: dict[str, Picture]
    log_seen: dict[str, int]


def replay_steps(game: Game, people: list[str], lone_context: Callable | None,
                 deciders: list[str] | None = None,
                 each: Callable[[int, Any, Any], None] | None = None) -> Replayed | None:
    """`game`'s decisions played again from its start (a game loaded from a file, whose
    session or table begins with no steps: its first screen would say nothing of what
    happened since the player's last decision); `deciders`, where known, must be the
    players who decided; `each(step, decision, move)` after each. None where they do not
    make this very game again (the rules changed since, or a file's record is not whole)."""
    again = game.ruleset.new_game(game.n, game.state["seed"], names=dict(game.names),
                                  streams=game.streams)
    out = Replayed(Steps(), {}, {})
    out.steps.start(again)
    try:
        for step, move in enumerate(game.moves):
            decision = again.decision()
            if decision is None or deciders is not None and decision.player != deciders[step]:
                return None
            player = decision.player
            looked = watch_step(again, move, lone_context)
            before = len(again.log_for(player))
            again.apply(move)
            out.steps.record(again, player, looked)
            if player in people:
                out.pictures[player], out.log_seen[player] = Picture(again, player), before
            if each is not None:
                each(step, decision, move)
    except (RulesError, GameRuleError, IllegalMove):
        return None
    return out if again.state_hash() == game.state_hash() else None


def _scoring_only(line: str) -> bool:
    """Whether a log line's facts say a player and, next, a number: what they scored ('Ann
    scores 4 in X'), not what they did there ('Ann closes X and scores 9')."""
    facts = facts_of(line)
    return len(facts) > 1 and facts[0].kind == PLAYER and facts[1].kind == NUMBER


def _said_again(game: Game, lines: range, seen: StepSeen) -> set[int]:
    """The log lines of a step (in `lines`) that say again a move the line before them
    said: a move by the rules into a player's own zone, between a line about that player
    that no move wrote (why it comes: 'Ann takes 1 card too, having no tower in X') and the
    line about them the move itself writes ('Ann draws a card'). One event, two lines: a
    newcomer read both; the screen says the first ('log all' shows both). In the player's
    own step too: their scoring gave them a card by that rule, said in two lines."""
    out: set[int] = set()
    written = {lines.start + m.logged for m in seen.moves}  # the lines moves wrote
    for m in seen.moves:
        owner, before, after = m.dest[1], lines.start + m.logged - 1, lines.start + m.logged
        if m.logged < 1 or owner is None or m.source[1] == owner or before in written or \
                after >= min(lines.stop, len(game.events)):
            continue
        if _subject(game.events[before]) == owner == _subject(game.events[after]) and \
                _says_how_many(game, game.events[before], len(m.pieces)):
            out.add(after)
    return out


def _says_how_many(game: Game, line: str, count: int) -> bool:
    """Whether a log line says a number of pieces `count` ('takes 1 card too'), not in a
    player's name: a line that says what comes and not how many ('Ann chooses option A: take
    towers') does not say the move again (seed 324's newcomer read it, the line of the 3
    towers taken folded away, as if the option gave only cards)."""
    for p in game.players:
        line = line.replace(game.label(p), "")
    if re.search(rf"(?<![\w.]){count}(?![\w])", line):
        return True
    return count == 1 and re.search(r"\b(?:a|an|one)\b", line) is not None


def _sequels(game: Game, lines: set[int]) -> set[int]:
    """The log lines right after each of `lines` (indices) whose subject is the same player,
    up to a line of another's ('Ann wins the round for X', 'Ann pays 6', then 'Ann builds 2
    towers in X'): what the line led them to do."""
    out: set[int] = set()
    for at in lines:
        who, i = _subject(game.events[at]), at + 1
        while who is not None and i < len(game.events) and _subject(game.events[i]) == who:
            out.add(i)
            i += 1
    return out - lines


def _after(name: str, first: str) -> str:
    """What the rules did after a decision is said to follow it: 'after Ann passes on X'
    (its first log line's first clause), or 'then, by the rules' where that line does not
    name her or its clause is long."""
    # (a full stop ends the line only: 'St. Ives' is a name, not 'passes on St')
    clause = re.split(r"[;:,(]| and ", first.rstrip().rstrip(".").removeprefix(f"{name} ")
                      )[0].split()
    if not first.startswith(f"{name} ") or len(clause) > AFTER_WORDS:
        return BY_RULES
    return f"after {name} " + " ".join(clause)


def _closing(game: Game, move: Moved, lines: range) -> str:
    """What the rules said of the place of the board a piece left, in the step's `lines`,
    last before it left (the place named itself, not a part of it: _last_naming), up to its
    colon, where that begins with no player and is short ('X is closed (stop 1)'); else ''."""
    place = _place_of(game, move.source[1])
    if place is None or move.logged < 1:
        return ""
    told = _last_naming(game, game.label(place), lines, move.logged)
    head = told.split(": ")[0].rstrip(".")
    if not head or _subject(told) is not None or \
            len(head.split()) > AFTER_WORDS or not _naming(game.label(place)).search(head):
        return ""
    return mid_sentence(game, head)


def _moved_on_board(game: Game, before: Picture, after: Picture) -> list[str]:
    """The new places of the pieces that stand on a place (an indexed variable whose value is
    an entity, such as a pawn's square) and moved to another place in one step."""
    moved = _moved_keys(game, before, after)
    return [new for key, new in after.vars.items() if key in moved]


@dataclass
class Stake:
    """A piece standing on a place moved from `left` to `entered`; `held`: each player's own
    pieces in either place then, in words ('3 towers'), where they had any."""

    key: tuple
    left: str
    entered: str
    held: dict[str, dict[str, str]]


@dataclass
class PieceMove:
    """A move of a piece standing on a place, as a digest says it: `at`, its log line's
    index; `line`, that line (without its full stop); `told`, the line with the viewer's
    pieces after the places' names; `left` and `entered`, those names so; `news`: the line
    is a news line of its step (it tells more than the move)."""

    at: int
    key: tuple
    decider: str
    line: str
    told: str
    entered: str
    left: str
    news: bool


@dataclass
class Told:
    """A news item of a digest: `at`, the index of its (first) log line; `text`; `key`,
    the piece whose moves it tells (None: a news line that moves none); `facts`, those of
    the log line it tells."""

    at: int
    text: str
    key: tuple | None = None
    facts: tuple[Fact, ...] = ()  # those of its log line (log_facts)
    mine: bool = False  # it tells what happened to the viewer (said among theirs)


def _with_held(text: str, names: dict[str, str], held: dict[str, str]) -> str:
    """`text` with the viewer's pieces after the first naming of each place that holds
    some ('X' -> 'X (your 3 towers)')."""
    for place, pieces in held.items():
        if pieces and place in names:
            text = _naming(names[place]).sub(lambda m, p=pieces: f"{m.group(0)} {YOURS}{p})",
                                             text, count=1)
    return text


def chained(game: Game, moves: list[PieceMove], news_at: frozenset[int] = frozenset()
            ) -> list[Told]:
    """The moves as a short screen says them, with the index of their first line: a
    piece's moves one after the other as one line, where each line ends with the place the
    next leaves ('Ann moves the pawn from X to Y, then on to Z'); another player's move of it is a
    clause of its own ('Ann moves the pawn from X to Y; Bob moves it on to Z': a newcomer
    could not parse 'X to Y, Bob to Z'); a move told by a news line is left to it. A news
    line written between two moves (`news_at`: their indices in the log) ends the piece's
    line: a newcomer read a scoring said after the move that had followed it."""
    out: list[list] = []  # [at, text, the last move said in it]
    open_at: dict[tuple, int] = {}  # a piece's line that its next move may go on
    for move in moves:
        k = open_at.pop(move.key, None)
        if move.news:
            continue  # said by its news line (news_in_order), which ends the piece's line
        last = out[k][2] if k is not None else None
        if last is not None and out[k][1].endswith(last.entered) and \
                _bare(last.entered) == _bare(move.left) and \
                not any(last.at < at < move.at for at in news_at):
            # (', then on': seed 317's newcomer read 'from X to Y (your 4 towers) to Z' as
            # two moves run together)
            who = ", then on" if move.decider == last.decider else \
                f"; {game.label(move.decider)} moves it on"
            out[k][1] += f"{who} to {move.entered}"
            out[k][2] = move
            open_at[move.key] = k
            continue
        out.append([move.at, move.told, move])
        open_at[move.key] = len(out) - 1
    return [Told(at, text, last.key, facts_of(game.events[at])) for at, text, last in out]


def _bare(name: str) -> str:
    """A place's name without the viewer's pieces said after it."""
    return re.sub(r" \(your [^)]*\)$", "", name)


def _stakes(game: Game, before: Picture, after: Picture, moved: set[tuple]) -> list[Stake]:
    """The pieces of `moved` with the players' pieces in the places they left and entered."""
    out = []
    for key in moved:
        left, entered = before.vars[key], after.vars[key]
        held: dict[str, dict[str, str]] = {}
        for player in game.players:
            for place, picture in ((left, before), (entered, after)):
                words = pieces_at(game, picture, player, place)
                if words:
                    held.setdefault(player, {})[place] = words
        out.append(Stake(key, left, entered, held))
    return out


def pieces_at(game: Game, picture: Picture, player: str, place: str, parts: bool = True
              ) -> str:
    """`player`'s own pieces in a place, in words ('3 towers'): in the zones indexed by
    the place, or (`parts`) by an entity whose attribute names it (the squares of a
    region); '' where there are none. A move into a stack is not a move into the squares
    of its colour: `parts` only where the move's own place is such a part."""
    attrs, words = game.world.attrs, PieceWords(game, player)
    counts: dict[str, int] = {}
    for zone, content in picture.zones.items():
        key = zone[1]
        if key != place and (not parts or not isinstance(key, str) or
                             place not in attrs.get(key, {}).values()):
            continue
        for kind, n in content.items():
            if isinstance(kind, str) and picture.owner_of(kind) == player:
                noun = words.noun(kind, zone, zone)
                counts[noun] = counts.get(noun, 0) + n
    return and_list([words.things(noun, n, []) for noun, n in counts.items()]) if counts else ""


def _last_naming(game: Game, name: str, lines: range, before: int) -> str:
    """The last of a step's log `lines` written `before` a move (counted from the step's
    first line) that names the place `name` itself, not a part of it by a longer name ('X,
    green': a line for each part told what left it); the step's first that names it where
    the move's place in the log is not known."""
    parts = [label for label in map(str, (game.label(v) for values in
                                          game.world.entity_types.values() for v in values))
             if name in label and label != name]

    def names_it(line: str) -> bool:
        for part in parts:
            line = line.replace(part, "")
        return bool(_naming(name).search(line))

    named = [i for i in lines if i < len(game.events) and names_it(game.events[i])]
    earlier = [i for i in named if before >= 0 and i < lines.start + before]
    found = earlier[-1] if earlier else named[0] if named else None
    return game.events[found].rstrip(".") if found is not None else ""


def _place_of(game: Game, key: Any) -> str | None:
    """The entity a zone's key stands for on the board: the key itself where it is a place
    other than a player's, or the entity its attributes name (a square's region)."""
    attrs = game.world.attrs
    if not isinstance(key, str) or key not in attrs or key in game.players:
        return None
    named = [v for v in attrs[key].values() if isinstance(v, str) and v in attrs
             and v not in game.players and v != key]
    return named[0] if named else key


def _holds_any(game: Game, place: str) -> bool:
    """Whether a zone of `place` (indexed by it or by an entity of it) holds a piece now."""
    return any(pieces_in(game.state["zones"][name].get(key) or []) for name, zone in
               game.program.zones.items() if zone.decl.index
               for key in game.state["zones"].get(name, {}) if _place_of(game, key) == place)


def _nearly_full(game: Game, place: str) -> bool:
    """Whether a region of the board, of three spaces or more (the entities of it that
    index zones), has one free space at most: a piece in every other space, in one of the
    zones indexed by it (its last space is then there to fill, or gone)."""
    free = _free_spaces(game, place)
    return free is not None and free <= 1


def _free_spaces(game: Game, place: str) -> int | None:
    """How many spaces of a region of the board (of three spaces or more: the entities of
    it that index zones) hold no piece in any of the zones indexed by them; None for a
    place that is no such region."""
    spaces: dict[Any, list[str]] = {}
    for name, zone in game.program.zones.items():
        if zone.decl.index:
            for key in game.state["zones"].get(name, {}):
                if key != place and _place_of(game, key) == place:
                    spaces.setdefault(key, []).append(name)
    free = [key for key, names in spaces.items()
            if not any(pieces_in(game.state["zones"][name].get(key) or []) for name in names)]
    return len(free) if len(spaces) > 2 else None


def _moved_keys(game: Game, before: Picture, after: Picture) -> set[tuple]:
    """The pieces (their variables' keys) that stood on a place and moved to another."""
    entities = {v for values in game.world.entity_types.values() for v in values}
    return {key for key, new in after.vars.items()
            if key[1] is not None and isinstance(new, str) and new in entities and
            isinstance(before.vars.get(key), str) and before.vars.get(key) in entities and
            before.vars.get(key) != new}


def hidden_positions(game: Game, player: str, steps: Steps) -> set[int]:
    """The positions in `game.log_for(player)` of the lines a digest leaves out (see Steps);
    the lines told to this player alone are kept."""
    hidden = steps.hidden_lines()
    if not hidden:
        return set()
    events = game.events
    out, j = set(), 0
    for position, line in enumerate(game.log_for(player)):
        if j < len(events) and line == events[j]:
            if j in hidden:
                out.add(position)
            j += 1
    return out


def digest_lines(game: Game, before: Picture, viewer: str, steps: Steps,
                 news: list[str] | None = None, width: int = 80,
                 rows: int | None = None, whole: bool = False,
                 zones: dict[str, str] | None = None,
                 covered: set[str] | None = None,
                 results: set[str] | None = None,
                 marked: list[str] | None = None) -> list[str]:
    """The changes since `before` (the viewer's picture after their last decision) that
    concern the viewer or the board, in words: [] when there are none. `news`: the log lines
    since then that the display calls news (who won, what was scored), said first. In about
    `rows` rows of `width` when given (the decision below needs the rest): news and pieces
    share what the choices taken alone and the points leave, MOST_ROWS each at most.
    `whole` (a page whose box scrolls): every news line and every move, the news in the
    log's order, and the other players' moves of pieces on the board (Steps.board_moves,
    one line a player): folded, the viewer's own lines came first and another player's win
    or +18 went into 'and 4 more'. `zones`: short names of zones (consequences.PieceWords).
    `covered`, where given, gets the log lines the digest says in other words (a piece's
    moves in one line), which the screen need not list again. `results`, where given, gets
    the clauses (said mid-sentence: screen.mid_clause) of the news paragraphs that tell the
    display's news (who won, what was scored) or what came to the viewer: a screen that cuts
    a paragraph short keeps them first (screen._clause_cuts). `marked`, where given and
    `whole`, gets the lines that say results (a page marks them)."""
    moves, lone = steps.since(viewer)
    now = Picture(game, viewer)
    seen = before.compare(now, moves, own=True, zones=zones)  # an offer taken back is said
    # too
    sight = _Sight(game, before, now, viewer, steps, zones)
    tight = rows is not None and rows < TIGHT_ROWS  # the choices taken alone in a row
    chars = ALL_CHARS if whole else width - 34 if tight else LONE_CHARS
    lines = _head_lines(sight, lone, seen.points, chars, news or [])
    said = _ordered_moves(sight, seen.moves, seen.supplied)
    told = with_offers(game, steps.first_line(game, viewer), [without_stop(x) for x in news or []],
                       steps.offers_made(game, viewer))
    pieces = steps.piece_moves(game, viewer, told)
    if covered is not None:
        covered.update(m.line for m in pieces)
    if whole and seen.points:  # where each player's points came from, on their line
        lines[-1] = POINTS_HEAD + points_where(game, seen.points, viewer, told) + "."
    items = news_in_order(game, steps.first_line(game, viewer), told, pieces, whole)
    deciding = steps.deciding(game, viewer, [x.at for x in items])
    items = with_received(game, viewer, items, steps.received(game, viewer), covered)
    if whole:
        items = with_deciding(game, items, deciding, covered)
        results = {at for at, _ in _placed(game, steps.first_line(game, viewer), [
            without_stop(x) for x in news or []])}
        sequels = _sequels(game, results)  # what a win led its winner to do (no moves)
        results |= set(deciding) | {x.at for x in items if x.at in sequels and x.key is None}
        return _whole_digest(sight, lines, bool(lone), bool(seen.points), items, pieces, said,
                             results, marked)
    left = (rows if rows is not None else 2 * MOST_ROWS + 9) - sum(_rows(x, width) for x in lines)
    for extra in ([deciding, []] if deciding else [[]]):  # the decisions that settled news
        # where they leave the news unfolded
        kept, told_too, weighty = list(lines), set(), set()
        crowded, rest = _short_news(sight, kept, bool(seen.points),
                                    with_deciding(game, items, extra, told_too), news or [],
                                    bool(said.moves), width, left, told_too, weighty)
        if not crowded or not extra:
            break
    lines, left = kept, rest
    if covered is not None:
        covered.update(told_too)
    if results is not None:
        results.update(weighty)
    if said.moves:
        lines.append(_pieces_paragraph(sight, said, width, left, crowded))
        if covered is not None:  # the viewer's pieces it says leave them: not listed again
            covered.update(steps.said_by_pieces(game, viewer))
    return lines


@dataclass
class _Sight:
    """What a digest is worked out from: the game, the viewer, their picture after their
    last decision (`before`) and now, the steps since, the zones' short names."""

    game: Game
    before: Picture
    now: Picture
    viewer: str
    steps: Steps
    zones: dict[str, str] | None


@dataclass
class _SaidMoves:
    """The moves a digest says (in words), in the order said: `own`, how many of the first
    concern the viewer (never folded, see _ordered_moves); `never_folded`, how many of the
    first are never folded into 'and N more'."""

    moves: list[str]
    own: int
    never_folded: int
    routine: frozenset[str] = frozenset()  # those that only stock a supply (said last)


def _head_lines(sight: _Sight, lone: list[Lone], points: dict[str, int], chars: int,
                news: list[str]) -> list[str]:
    """A digest's first lines: the choices taken alone for the viewer (in `chars`
    characters), what their own last decision gave, and the points since ('Points: ...')."""
    game, viewer = sight.game, sight.viewer
    lines = [lone_line(game, lone, viewer, chars)] if lone else []
    lines += own_decision_line(game, sight.before, viewer, sight.steps, sight.zones, news)
    if points:
        lines.append(POINTS_HEAD + points_text(
            game, {p: (n, n) for p, n in points.items()}, viewer) + ".")
    return lines


def _ordered_moves(sight: _Sight, seen: list[str], supplied: set[str] = frozenset()
                   ) -> _SaidMoves:
    """The moves (in words) that concern the viewer or the board, in the order a digest
    says them: the viewer's pieces (with the moves alike for every player, said once: seed
    319's newcomer read 'your 3 towers go to your supply; and 6 more moves of Player 2's
    towers, ...' and looked for where those had gone), what came into their zones (a card
    drawn: a newcomer wondered where a fold's card came from), what scored for them and what
    came into or left a place of their pieces (the region of their towers filled), each
    once: said first, never folded into 'and N more'; then the others' own pieces (the
    pieces a closed place took went into 'and 4 more', behind the viewer's cards paid); then
    what left their zones, never folded either (a newcomer's own card paid was '1 more move
    of card'): the others' own pieces before it are then never folded; then the rest. The
    moves out of a common pile (`supplied`: pieces that only stock a supply) come last of
    all, folded first: seed 319's newcomer read '1 more move of Player 2's towers' where 2
    towers had gone to the place that scores at the end, and the moves to the supplies
    were said."""
    game, viewer, steps = sight.game, sight.viewer, sight.steps
    moves = every_players(game, [m for m in seen if _concerns(game, m, viewer)], viewer)
    kept = steps.scoring_places(game, viewer) | \
        steps.held_places(game, viewer, (sight.before, sight.now)) | \
        steps.filled_places(game, viewer)
    own = [m for m in moves if m.startswith(("your ", EVERY))]
    own += [m for m in moves if m not in own and (into_own(m) or _names_any(m, kept))]
    theirs = tuple(f"{game.label(p)}'s " for p in game.players if p != viewer)
    rest = [m for m in moves if not _own(m) and m not in own]
    weighty = [m for m in rest if m not in supplied]
    left_own = [m for m in moves if _own(m) and m not in own]
    ahead = own + [m for m in weighty if m.startswith(theirs)]
    routine = [m for m in rest if m in supplied]
    ordered = ahead + left_own + [m for m in weighty if not m.startswith(theirs)] + \
        [m for m in routine if m.startswith(theirs)] + \
        [m for m in routine if not m.startswith(theirs)]
    return _SaidMoves(ordered, len(own), len(ahead) + len(left_own) if left_own else len(own),
                      frozenset(routine))


def _whole_digest(sight: _Sight, lines: list[str], lone: bool, points: bool,
                  items: list[Told], pieces: list[PieceMove], said: _SaidMoves,
                  results: set[int] = frozenset(), marked: list[str] | None = None
                  ) -> list[str]:
    """A page's digest (its box scrolls): every line, the news as they came. A page that
    drops the last lines where it is cramped keeps the viewer's points and the news first,
    then the pieces where they concern the viewer (a newcomer's cards received were in 'N
    more'); the choices taken for the viewer (`lone`, the first of `lines`) before all,
    every one of them, never folded (a newcomer's pass hid in '4 more' and in 'and 1 more
    choice'); `points`: the last of `lines` says them. The viewer's own pieces moved come
    first of all ('Your pieces: your 1 tower goes out of the game, ...'): a newcomer's tower
    lost to another's win was last, below a long line of passes taken for them, out of the
    box's sight. The news come in the log's order, what concerns the viewer and the
    results (`results`: the log lines of the display's news and the decisions that settled
    them) said as such, the results' lines put in `marked` (_in_time_order): a cramped page
    folds the others first (seed 316's newcomer read two moves of a pawn near their pieces
    and found the rounds won and a scoring in '3 more')."""
    game, viewer = sight.game, sight.viewer
    news = _in_time_order(game, items, results, viewer, marked)
    scored = lines[-1:] if points else []
    taken = lines[:1] if lone else []
    full = sight.steps.full_places(game, viewer, sight.now)
    mine = [m for m in said.moves if m.startswith("your ")]
    moves = [m for m in said.moves if m not in mine]
    why = [said_to(x, game.label(viewer)) for x in sight.steps.lost_by(
        game, viewer, [x.text.rstrip(".") for x in items if x.at in results])]
    first = ["Your pieces: " + "; ".join(with_full(mine, mine, full)) +
             (f" ({'; '.join(why)})" if why else "") + "."] if mine else []
    # the moves that filled a place where the viewer has pieces, said apart, by whom
    filling = [m for m, w in zip(moves, with_full(moves, moves, full), strict=True) if m != w]
    moves = [m for m in moves if m not in filling]
    filled = [YOURS_HEAD + "; ".join(_full_of_yours(
        sight, _by_whom(filling, _whose(game, sight.before, viewer, sight.steps, sight.zones),
                        without_source), filling, full)) + "."] if filling else []
    listed = ["Pieces: " + "; ".join(with_full(moves, moves, full)) + "."] if moves else []
    others = sight.steps.board_moves(game, viewer, [x.text for x in items] +
                                     [m.line for m in pieces])
    # the viewer's own points before the choices taken for them (seed 320's newcomer read a
    # long line of passes taken for them, and their points and why below the box's fold)
    ahead = [x for x in scored if x.startswith(OWN_POINTS)]
    return first + ahead + filled + taken + [x for x in scored if x not in ahead] + \
        lines[len(taken):len(lines) - len(scored)] + news + (listed if said.own else []) + \
        others + ([] if said.own else listed)


def _full_of_yours(sight: _Sight, said: list[str], moves: list[str], full: list[str]
                   ) -> list[str]:
    """'X is full now, with your 5 towers (by Ann: 1 tile goes to X, north)' for each of the
    `full` places, by the last of `moves` into it (as `said`): seed 320's newcomer read that
    a tile filled the region of their towers (a closing there would take them) only in the
    page digest's last line, below its fold, and not who had placed it; what it means for
    them first, in the box's first row."""
    game, viewer = sight.game, sight.viewer
    held = {game.label(place): pieces_at(game, sight.now, viewer, place)
            for place in sight.steps.entered(game, viewer)}
    out = []
    for name in full:
        into = re.compile(rf" to {re.escape(name)}(?!\w)")
        last = max((k for k, move in enumerate(moves) if into.search(move)), default=None)
        if last is not None:
            mine = f", with your {held[name]}" if held.get(name) else ""
            out.append(f"{name} is full now{mine} ({said[last]})")
    return out


def _in_time_order(game: Game, items: list[Told], results: set[int], viewer: str,
                   marked: list[str] | None) -> list[str]:
    """A page's news (`items`, in the log's order) as they came: a line for each run of them
    alike, 'Concerning you: ...' for those about the viewer's places or pieces (about_yours),
    'News: ...' for the others; where there are `results` (the log lines of the display's
    news: who won what, what was scored, and the decisions that settled them), a run of
    those apart from the rest, the others' routine news said 'Also: ...'. `marked` gets the
    lines of the results (a page shows them marked). Seed 318's newcomer read the set of
    rounds begun before the scoring and the moves that led to it (results first, then the
    moves about their places, then the rest) and had to put it back in order."""
    yours, _ = about_yours(items)
    mine = {id(x) for x in yours}
    weighty = any(x.at in results for x in items)
    runs: list[tuple[tuple[bool, bool], list[Told]]] = []
    for item in items:
        kind = (id(item) in mine, weighty and item.at in results)
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(item)
        else:
            runs.append((kind, [item]))
    said = []
    for (about_you, result), run in runs:
        line, = yours_first(game, run, [], viewer) if about_you else \
            yours_first(game, [], run, viewer)
        if weighty and not about_you and not result:
            line = ALSO_HEAD + line.removeprefix(NEWS_HEAD)
        said.append(line)
    said = _superseded_lines(game, said)
    if marked is not None:
        marked += [line for line, ((_, result), _) in zip(said, runs, strict=True) if result]
    return said


def _superseded_lines(game: Game, lines: list[str]) -> list[str]:
    """Lines of news ('Also: a; b.') without a last clause that the next line's first
    supersedes (_superseded): 'Also: Ann passes on X; nobody has offered yet.' then
    'News: Nobody offers for X.' read as a contradiction."""
    out = list(lines)
    for k in range(len(out) - 1):
        head, _, body = out[k].partition(": ")
        rest, _, after = lines[k + 1].partition(": ")
        if not head or not rest or "; " not in body:
            continue
        kept, = _superseded(game, [body.rstrip("."), after[:1].lower() + after[1:]])[:1]
        if kept != body.rstrip("."):
            out[k] = f"{head}: {kept}."
    return out


def _short_news(sight: _Sight, lines: list[str], points: bool, items: list[Told],
                news: list[str], pieces: bool, width: int, left: int,
                covered: set[str] | None, results: set[str] | None = None
                ) -> tuple[bool, int]:
    """The news paragraphs of a screen, put into `lines` before their points line (the last,
    where `points`): the news about the viewer's places first and never folded, then the
    others ('News: ...'), whose offers are folded past NEWS_ROWS where the screen is short
    of room (a newcomer's news ran 10 rows); a row is left for the `pieces`. `left`: the
    rows left. Whether the news crowded the screen (no routine move is said then), and the
    rows left after them. `results` gets the clauses of the results said (digest_lines)."""
    game, viewer, steps = sight.game, sight.viewer, sight.steps
    yours, rest = about_yours(items)
    first = steps.first_line(game, viewer)
    weighty = {at for at, _ in _placed(game, first, [without_stop(x) for x in news])}
    # the offer (and passes) of the step that wrote a result, which it follows from, are
    # never folded: seed 317's newcomer read 'Ann wins the round for X with 23' after 'the
    # high offer is Bob's 20', the raise to 23 folded away
    settling = {i for lines in steps.lines for i in lines
                if any(i < at < lines.stop for at in weighty)}
    foldable = _routine_offers(game, viewer, first, news,
                               steps.offers_made(game, viewer)) - settling
    crowded = False
    for head, part in ((YOURS_HEAD, yours), (NEWS_HEAD, rest)):
        if not part:
            continue
        room = max(NEWS_ROWS, left - pieces)
        said, kept = _news_paragraph(game, head, part, foldable if head == NEWS_HEAD
                                     else set(), width, room, viewer)
        if covered is not None:  # a line said (in other words, too) is not listed again
            covered.update(x.text for x in kept)
        if results is not None:  # the clauses that only the results (or the viewer's) say
            routine = [x for x in kept if x.at not in weighty and not x.mine]
            results.update(mid_clause(x) for x in set(_clauses(game, kept, viewer)) -
                           set(_clauses(game, routine, viewer)))
        lines.insert(len(lines) - points, said)
        left -= _rows(said, width)
        crowded = crowded or _rows(said, width) > room or len(kept) < len(part)
    return crowded, left


def _pieces_paragraph(sight: _Sight, said: _SaidMoves, width: int, left: int,
                      crowded: bool) -> str:
    """'Pieces: by Ann: a; b; and 2 more moves of cards (type log to see them).' in the
    rows `left` (MOST_ROWS at most, one more where all concern the viewer: the others'
    routine moves get the least), by whose decision; without where from where too many are
    said whole. Past those never folded, none where the news `crowded` the screen."""
    game, viewer, moves = sight.game, sight.viewer, said.moves
    fold = _moves_fold(game)
    room = min(MOST_ROWS + (len(moves) == said.own), max(1, left))
    most = said.never_folded if crowded else max(MOST_MOVES, said.never_folded)
    whose = _whose(game, sight.before, viewer, sight.steps, sight.zones)
    full = sight.steps.full_places(game, viewer, sight.now)
    cut: list[bool] = []
    items = with_full(_by_whom(moves, whose), moves, full)
    # where the news crowd the screen, the moves that only stock a supply are counted
    counted = {x for x, m in zip(items, moves, strict=True) if crowded and m in said.routine}
    paragraph = _listed("Pieces: ", items, width, room, said.never_folded, fold, most,
                        cut=cut, counted=counted)
    short = any(x not in paragraph for x in items)  # some said in short
    if any(cut) or short:  # too many said whole: said without where from (what went
        # where, and the kinds of the pieces, said rather than where from), where that
        # says more, or takes fewer rows
        items = with_full(_by_whom(moves, whose, without_source), moves, full)
        counted = {x for x, m in zip(items, moves, strict=True)
                   if crowded and m in said.routine}
        shorter = _listed("Pieces: ", items, width, room, said.never_folded, fold, most,
                          counted=counted)
        if any(cut) or _rows(shorter, width) <= _rows(paragraph, width):
            paragraph = shorter
    return paragraph


def _routine_offers(game: Game, viewer: str, first: int, news: list[str], offers: list[int]
                    ) -> set[int]:
    """The lines of `offers` (Steps.offers_made) that a short screen may fold: neither news
    of the display (a win, a scoring), nor naming the viewer, nor made for a place where the
    viewer has pieces (a newcomer's 5 towers were at stake in the round of offers whose
    last pass was folded into '1 more news')."""
    weighty = {at for at, _ in _placed(game, first, [x.rstrip(".") for x in news])}
    named = _naming(game.label(viewer))
    places = _board_places(game, viewer)
    return {i for i in offers if i not in weighty and not named.search(game.events[i])
            and not _for_held_place(game, i, first, places)}


def _board_places(game: Game, viewer: str) -> dict[str, bool]:
    """Each place of the board (in words) of a kind where players keep pieces of their own
    (not a stack nor a space of a supply), and whether `viewer` has some in it now."""
    picture = Picture(game, viewer)
    owners: dict[str, set[str]] = {}
    for (_, key), content in picture.zones.items():
        place = _place_of(game, key)
        if place is not None:
            owners.setdefault(place, set()).update(
                owner for kind in content if isinstance(kind, str)
                for owner in [picture.owner_of(kind)] if owner is not None)
    kinds = {kind for kind, values in game.world.entity_types.items()
             if any(owners.get(place) for place in values)}
    return {game.label(place): viewer in held for place, held in owners.items()
            if any(place in game.world.entity_types[kind] for kind in kinds)}


def _for_held_place(game: Game, at: int, first: int, places: dict[str, bool]) -> bool:
    """Whether the log's line `at` is about a place where the viewer has pieces: the place
    its facts hold (or, in a line without facts, that it names), else the one of the line
    before it that has one (a pass that says only 'takes back the cards' belongs to the
    offers for the place named above it)."""
    for line in reversed(game.events[first:at + 1]):
        named = _places_of_line(line, places)
        if named:
            return any(places[name] for name in named)
    return False


def _places_of_line(line: str, places: dict[str, bool]) -> list[str]:
    """The `places` (by their labels) a log line is about: those its facts hold; in a line
    without facts, those its words name."""
    facts = facts_of(line)
    if facts:
        return [words for f in facts if (words := line[f.start:f.end]) in places]
    return [name for name in places if _naming(name).search(line)]


def _news_paragraph(game: Game, head: str, items: list[Told], foldable: set[int],
                    width: int, rows: int, viewer: str) -> tuple[str, list[Told]]:
    """'News: a; b; and 2 more (type log to see them).' in `rows` rows of `width` where
    the items whose line is `foldable` allow it (the last folded first), and the items said
    (to `viewer`: said_to)."""
    kept, hidden = list(items), []
    while True:
        body = f"{head}{'; '.join(_news_texts(game, kept, viewer))}"
        more = _news_more(game, hidden, body, width, rows,
                          tail=all(x.at > kept[-1].at for x in hidden) if kept else True) \
            if hidden else ""
        said = _sentence(f"{body}{more}.")
        drop = next((x for x in reversed(kept) if x.at in foldable), None)
        if _rows(said, width) <= rows or drop is None:
            return said, kept
        # a run of foldable lines just before a line that stays goes whole: the run's first
        # lines said beside that line read as coming just before it ('Bob passes; nobody has
        # offered yet; Ann wins', the offers between folded)
        at = kept.index(drop)
        run = [drop]
        if at + 1 < len(kept) and kept[at + 1].at not in foldable:
            while at - len(run) >= 0 and kept[at - len(run)].at in foldable:
                run.insert(0, kept[at - len(run)])
        for x in run:
            kept.remove(x)
        hidden[:0] = run


def _clauses(game: Game, items: list[Told], viewer: str) -> list[str]:
    """The clauses of a news paragraph saying `items` (_news_paragraph), mid-sentence."""
    return "; ".join(_news_texts(game, items, viewer)).split("; ") if items else []


def _news_more(game: Game, hidden: list[Told], said: str, width: int, rows: int,
               tail: bool = True) -> str:
    """The end of a news paragraph (`said` up to it) that folds the `hidden` items: where
    they come last of all (`tail`), each by its first clause where that fits the `rows`
    or takes no more of them than a count ('; Bob offers 4 in red; Cy passes on X'); else
    the count and what they are (_news_fold). Seed 319's newcomer read digests ending 'and 5
    more news of Player 2, Player 3 and Player 4 (type log to see them)' and had to dig them
    out of the log."""
    counted = f"; and {_news_fold(game, hidden)} {SEE_LOG}"
    short = "; " + "; ".join(mid_sentence(game, x.text).split("; ")[0] for x in hidden)
    if tail and _rows(f"{said}{short}.", width) <= max(rows, _rows(f"{said}{counted}.",
                                                                    width)):
        return short
    return counted


def _news_fold(game: Game, hidden: list[Told]) -> str:
    """'2 more news: Player 2 and Player 3 offer or pass': whose news a fold hides and what
    they did, by the verbs their lines begin with (a newcomer could not tell whether a
    scoring hid behind '2 more'); '2 more news of Player 2 and Player 3' where a line does
    not begin with a player and a verb (said of them: 'offers', 'passes'). Whose: the first
    player of each line's facts, or, for a line without facts, the player its words begin
    with."""
    whose = {_whose_news(game, x) for x in hidden}
    names = [game.label(p) for p in game.players if p in whose]
    verbs = []
    for x in hidden:
        who = _whose_news(game, x)
        words = x.text.removeprefix(f"{game.label(who)} ").split(" ", 1) \
            if who is not None and x.text.startswith(f"{game.label(who)} ") else [""]
        if not re.fullmatch(r"[a-z]+s", words[0]):
            verbs = []
            break
        verbs += [words[0]] if words[0] not in verbs else []
    if names and 0 < len(verbs) <= MOST_VERBS:
        said = verbs if len(names) == 1 else [plain_verb(v) for v in verbs]
        return f"{len(hidden)} more news: {and_list(names)} {and_list(said, 'or')}"
    return f"{len(hidden)} more news" + (f" of {and_list(names)}" if names else "")


def _whose_news(game: Game, item: Told) -> str | None:
    """The player a news item is about (see _news_fold), None where it names none."""
    if item.facts:
        return next((f.value for f in item.facts if f.kind == PLAYER), None)
    return next((p for p in game.players if item.text.startswith(game.label(p) + " ")), None)


def _news_texts(game: Game, items: list[Told], viewer: str) -> list[str]:
    """The news items as a digest says them to `viewer` (said_to): mid-sentence, a line
    written again at once said once, lines alike said as one, a closing clause repeated
    said at the last."""
    name = game.label(viewer)
    return [said_to(x, name) for x in _superseded(game, _said_once(_shared_news(
        game, _counted_news([mid_sentence(game, x.text) for x in items]))))]


def _said_once(news: list[str]) -> list[str]:
    """The news without a last clause that the next one ends with too: 'Ann passes; no
    offer yet; Bob passes; no offer yet' said it three times in one paragraph."""
    tails = [x.rsplit("; ", 1)[1] if "; " in x else None for x in news]
    return [x.rsplit("; ", 1)[0] if tail and tails[k + 1:k + 2] == [tail] else x
            for k, (x, tail) in enumerate(zip(news, tails, strict=True))]


def _superseded(game: Game, news: list[str]) -> list[str]:
    """The news without a last clause that names nothing (no player, place nor number: how
    things stand, in words) where the next line begins with the same word and says how they
    ended: seed 313's newcomer read 'Ann passes on X; nobody has offered yet; nobody offers
    for X', which said the same twice and read as a contradiction."""
    names = [game.label(p) for p in game.players]
    out = list(news)
    for k in range(len(out) - 1):
        head, _, tail = out[k].rpartition("; ")
        first, after = tail.split(" ", 1)[0].lower(), out[k + 1].split(" ", 1)[0].lower()
        if head and first == after and not re.search(r"\d", tail) and \
                not _names_any(tail, set(names)) and not places_named(game, [tail]):
            out[k] = head
    return out


def yours_first(game: Game, yours: list[Told], rest: list[Told], viewer: str | None = None
                ) -> list[str]:
    """The news lines (about_yours): those about places where the viewer has pieces first,
    on a line of their own ('Concerning you: Ann moves the pawn from X (your 8 towers) to
    Y.'), then the rest ('News: ...'). A cramped page shows its first lines: a newcomer's
    news of a pawn moved off their region was the last clause of a long line, cut off.
    Said to `viewer`, where given (said_to)."""
    said = {head: _superseded(game, _said_once(_counted_news(_places_together(game, [
        mid_sentence(game, x.text) for x in items]) if head == YOURS_HEAD else [
        mid_sentence(game, x.text) for x in items])))
        for head, items in ((YOURS_HEAD, yours), (NEWS_HEAD, rest)) if items}
    name = game.label(viewer) if viewer is not None else None
    return [_sentence(f"{head}{'; '.join(said_to(x, name) if name else x for x in news)}.")
            for head, news in said.items()]


def unfolded(game: Game, before: Picture, viewer: str, steps: Steps, lines: list[str]) -> int:
    """How many of a page's digest `lines`, from the first, a cramped page never folds: up
    to the last that names a place that a move since the viewer's last decision left or
    entered where they have pieces, or left with one free space at most (a pawn moved
    off a newcomer's region was behind '2 more'), or that says the choices taken for them (a
    newcomer's pass was behind '4 more') or their own points (seed 320's newcomer's +4 was
    behind '4 more', the news of the scoring cut short above it)."""
    places = steps.held_places(game, viewer, (before, Picture(game, viewer))) | \
        steps.filled_places(game, viewer)
    named = [k for k, line in enumerate(lines) if line.startswith((LONE_HEAD, OWN_POINTS))
             or any(_naming(p).search(line) for p in places)]
    return max(named, default=-1) + 1


def with_offers(game: Game, first: int, news: list[str], offers: list[int]) -> list[str]:
    """The `news` (log lines written since the log's line `first`, in its order) with the
    lines of `offers` (Steps.offers_made) among them, in the log's order, each once."""
    items = _placed(game, first, news)
    said = {line for _, line in items}
    items += [(i, without_stop(game.events[i])) for i in offers
              if game.events[i].rstrip(".") not in said]
    return [line for _, line in sorted(items, key=lambda item: item[0])]


def _placed(game: Game, first: int, news: list[str]) -> list[tuple[int, str]]:
    """Each of the `news` (in the log's order, from its line `first`) with its index in
    the log (a line told to one player alone: that of the line before it)."""
    items: list[tuple[int, str]] = []
    at = first
    for line in news:
        found = next((i for i in range(at, len(game.events))
                      if game.events[i].rstrip(".") == line), None)
        at = found + 1 if found is not None else at
        items.append((at - 1, line))
    return items


def news_in_order(game: Game, first: int, news: list[str], pieces: list[PieceMove],
                  whole: bool) -> list[Told]:
    """The `news` (log lines written since the log's line `first`) and the moves of
    `pieces`, in the log's order: each move whole (`whole`), else a piece's moves in a row
    as one line (chained); a news line that tells a move is said with the viewer's pieces.
    A newcomer read a move of a piece before the win that had come first."""
    by_news = {m.line: m for m in pieces if m.news}
    items = [Told(at, by_news[line].told, by_news[line].key, facts_of(line)) if line in by_news
             else Told(at, line, facts=facts_of(line)) for at, line in _placed(game, first, news)]
    items += [Told(m.at, m.told, m.key, facts_of(game.events[m.at])) for m in pieces
              if not m.news] if whole else \
        chained(game, pieces, frozenset(x.at for x in items))
    return sorted(items, key=lambda x: x.at)


def about_yours(items: list[Told]) -> tuple[list[Told], list[Told]]:
    """The news split in two, each in the log's order: those about places where the viewer
    has pieces, with every later move of the same piece (its chain stays whole: a piece
    brought back, said apart under 'News', read as another piece's), and the rest."""
    pieces: set[tuple] = set()
    yours: list[Told] = []
    rest: list[Told] = []
    for item in items:
        if YOURS in item.text and item.key is not None:
            pieces.add(item.key)
        mine = item.mine or YOURS in item.text or item.key in pieces
        (yours if mine else rest).append(item)
    return yours, rest


def with_received(game: Game, viewer: str, items: list[Told], received: list[int],
                  covered: set[str] | None = None) -> list[Told]:
    """The news `items` with the lines of `received` (Steps.received) among them, each said
    to the viewer ('You take 1 card too, having no tower in X'), among the news about them."""
    return _with_lines(game, items, received, covered,
                       lambda line: (to_you(game, line, viewer), True))


def with_deciding(game: Game, items: list[Told], deciding: list[int],
                  covered: set[str] | None = None) -> list[Told]:
    """The news `items` with the lines of `deciding` (Steps.deciding) among them."""
    return _with_lines(game, items, deciding, covered,
                       lambda line: (without_stop(line), False))


def _with_lines(game: Game, items: list[Told], lines: list[int], covered: set[str] | None,
                said: Callable[[str], tuple[str, bool]]) -> list[Told]:
    """The news `items` with the log lines at `lines` among them in the log's order, each
    in the words `said` gives it (and whether it is about the viewer); `covered`, where
    given, gets those lines (the screen need not list them again)."""
    known = {x.at for x in items}
    added: list[Told] = []
    for at in (k for k in lines if k not in known):
        text, mine = said(game.events[at])
        added.append(Told(at, text, facts=facts_of(game.events[at]), mine=mine))
    if covered is not None:
        covered.update(game.events[x.at].rstrip(".") for x in added)
    return sorted(items + added, key=lambda x: x.at)


# a clause of 'you', then after its colon a verb of theirs with no subject, followed by what
# follows a verb and never a subject's noun (an object, a particle): 'you ...: passes on X'
_GOES_ON = re.compile(r"((?:^|; |: )you\b[^;:]*: )([a-z]+[^s]s)(?= (?:on|in|to|back|up|out|"
                      r"off|the|a|an|their|no|none|\d+)\b)")


def said_to(text: str, name: str) -> str:
    """A digest's line said to the player `name` who reads it: their name as 'you' and
    'your', the verbs of a clause they are the subject of agreeing ('Ann wins the round' as
    'you win the round'; 'Ann passes on X and takes back their offer' as 'you pass on X and
    take back your offer'). Seed 314's newcomer read 'Player 1 wins ... for X' in the same
    digest as 'your 3 towers' (issue 33), in the third person beside the second."""
    named = rf"(?<![\w']){re.escape(name)}(?!\w)"
    if not re.search(named, text):
        return text
    said = re.sub(named, "you", re.sub(named + "'s", "your", text))
    # a clause after a colon that goes on with their deed, without its subject ('Ann cannot
    # go on: passes on X and takes back their offer'), said of 'you' too: seed 324's
    # newcomer read 'you cannot ...: passes on X and takes back their ...'
    while True:
        more = _GOES_ON.sub(r"\1you \2", said)
        if more == said:
            break
        said = more

    def agreeing(clause: re.Match) -> str:
        words = re.sub(r"^you ([a-z]+s)\b", lambda v: f"you {plain_verb(v.group(1))}",
                       clause.group(0))
        words = re.sub(r"\band ([a-z]+s)\b", lambda v: f"and {plain_verb(v.group(1))}",
                       words)
        return re.sub(r"\btheir\b", "your", words)
    # their clause: from 'you' to the next ';' or ':' (with its asides: 'you cannot offer
    # (no card ...) and pass'), or in an aside of another's, to its end ('(you too)')
    said = re.sub(r"(?:^|(?<=; )|(?<=: ))you\b[^;:]*", agreeing, said)
    return re.sub(r"(?<=\()you\b[^;:()]*", agreeing, said)


def to_you(game: Game, line: str, viewer: str) -> str:
    """A log line about the viewer said to them: 'Ann takes 1 card too, having ...' as
    'You take 1 card too, having ...'."""
    said = as_you(line.rstrip("."), game.label(viewer))
    return said[:1].upper() + said[1:]


CLAUSE_ENDS = ("; ", "(")  # in a log line's words: a clause, or an aside, begins
NUMBER_WORDS = re.compile(r"(?<![\w.])(\d+)(?![\w])")  # a number of its own ('2', not '34th')


def points_where(game: Game, points: dict[str, int], viewer: str, lines: list[str]) -> str:
    """'you +4 (in 34th St. West), Ben +3 (in 52nd St. East)': each player's points with the
    places named by the lines that gave them (see crediting), or what those lines say after
    their last colon where they name none: a newcomer read 'Player 3 +7' without why. The
    log's own words stay in the news: they come in the log's order, the choice of what to
    score before the points it gave. One reason for every player is said once, after them
    all: 'you +4, Ann +4 (each: the bonus of round 3)'."""
    said = []
    for part, player in zip(points_text(game, {p: (n, n) for p, n in points.items()}, viewer)
                            .split(", "), sorted(points, key=lambda p: (
                                p != viewer, game.players.index(p))), strict=True):
        given = crediting(game.label(player), points[player], lines)
        placed = [x for x in given if places_named(game, [x])]
        if placed and len(placed) < len(given):  # some by a place, some not: each its
            # amount (a newcomer read 'Player 3 +8 (in 52nd St. East)', 4 of it a bonus)
            why = ", ".join(f"{credited(game.label(player), x)} " + (
                f"in {and_list(places_named(game, [x]))}" if x in placed else
                f"by {_tail(x)}") for x in given)
        else:
            places = places_named(game, given)
            # no place: what the lines say after their last colon ('...: the bonus of round
            # 3'), where they have one
            tails = list(dict.fromkeys(_tail(x) for x in given if ": " in x))
            why = f"in {and_list(places)}" if places else and_list(tails) if tails else ""
        said.append((part, why))
    whys = {why for _, why in said}
    if len(said) > 1 and len(whys) == 1 and "" not in whys:  # one reason for all, said once:
        # seed 320's newcomer read the same words after each of three amounts
        why, = whys
        return ", ".join(part for part, _ in said) + \
            (f" (each {why})" if why.startswith("in ") else f" (each: {why})")
    return ", ".join(f"{part} ({why})" if why else part for part, why in said)


def _tail(line: str) -> str:
    """What a line says after its last colon (the whole line where it has none)."""
    return line.rsplit(": ", 1)[-1].rstrip(".")


def crediting(name: str, amount: int, lines: list[str]) -> list[str]:
    """The lines that give `name` its `amount` (see credited), the fewest whose numbers add
    up to it ([] where none do). A newcomer read 'you +6 (... the high offer stays Ann's 6)'
    where a bonus had given the 6."""
    found = [(number, line) for line in lines
             if (number := credited(name, line)) is not None]
    for size in range(1, min(len(found), 6) + 1):
        for chosen in combinations(found, size):
            if sum(n for n, _ in chosen) == abs(amount):
                return [line for _, line in chosen]
    return []


def credited(name: str, line: str) -> int | None:
    """The number a log line gives the player `name`, if any: by its facts (log_facts), the
    first number filled in after the player in the same clause, not in an aside ('places a
    tile on X (6 placed so far)': a newcomer was told their +6 came from it), with no other
    player between them and not theirs by possession ("{p}'s {n}"); a line without facts by
    its words, a number after their name in the same clause (not "Ann's 6")."""
    facts = facts_of(line)
    if not facts:
        return _credited_by_words(name, line)
    for k, fact in enumerate(facts):
        if fact.kind != PLAYER or line[fact.start:fact.end] != name:
            continue
        for later in facts[k + 1:]:
            between = line[fact.end:later.start]
            if later.kind == PLAYER or between.startswith("'s") or \
                    any(end in between for end in CLAUSE_ENDS):
                break
            if later.kind == NUMBER:
                return later.value
    return None


def _credited_by_words(name: str, line: str) -> int | None:
    """The number after `name` in the same clause of a line without facts."""
    for at in _naming(name).finditer(line):
        clause = line[at.end():].split("; ", 1)[0]
        number = None if clause.startswith("'s") else NUMBER_WORDS.search(clause)
        if number:
            return int(number.group(1))
    return None


def places_named(game: Game, lines: list[str]) -> list[str]:
    """The places of the board (the world's entities, by their labels) the lines name, each
    once, in order: the entities a line's facts hold (not its players), and the labels in
    the rest of its words (the rule's own: 'below X'), a longer name first ('34th St.
    West, gray' before '34th St. West')."""
    labels = sorted({str(game.label(v)) for values in game.world.entity_types.values()
                     for v in values}, key=len, reverse=True)
    found: list[tuple[int, int, str]] = []
    for k, line in enumerate(lines):
        for fact in facts_of(line):
            if fact.kind in game.world.entity_types and fact.kind != PLAYER:
                found.append((k, fact.start, line[fact.start:fact.end]))
        line = _words_only(line)
        for label in labels:
            pattern = _naming(label)
            found += [(k, m.start(), label) for m in pattern.finditer(line)]
            line = pattern.sub(" " * len(label), line)  # said once, by its longest name
    return list(dict.fromkeys(label for _, _, label in sorted(found)))


def _words_only(line: str) -> str:
    """A log line with the values its facts hold blanked out (texts aside): what is left is
    the rule's own words and the texts it filled in."""
    for fact in facts_of(line):
        if fact.kind != TEXT:
            line = line[:fact.start] + " " * (fact.end - fact.start) + line[fact.end:]
    return line


def not_in_digest(lines: list[str], digest: list[str], covered: set[str] = frozenset()
                  ) -> list[str]:
    """The log lines the digest does not say whole (an item of its lists, in either case)
    nor in other words (`covered`: digest_lines): the lines above it on one screen say the
    rest, each once."""
    said = re.sub(r" \(your [^)]*\)", "", " ".join(" ".join(digest).split()).lower())
    return [line for line in lines if line.rstrip(".") not in covered and not re.search(
        rf"(^|: |; ){re.escape(' '.join(line.rstrip('.').split()).lower())}"
        rf"($|[.;]| \(twice| \(\d+ times)", said)]


def _whose(game: Game, before: Picture, viewer: str, steps: Steps,
           zones: dict[str, str] | None) -> Callable[[str], str | None]:
    """What made a move in words (as the digest says it): 'by Player 2', 'by Player 2 and
    Player 3' (their moves counted together), 'after Player 2 passes' (the rules, after a
    decision: Steps.credits_since), None for the viewer's or no one's. A move is known by its
    words, the numbers and plurals aside ('2 cards go to X' is '1 card goes to X' of Player 2
    and of Player 3)."""
    def key(words: str) -> str:
        return re.sub(r"\b\d+ |s\b", "", words)

    mine = f"by {game.label(viewer)}"
    found: dict[str, list[str]] = {}
    for credit, moved in steps.credits_since(game, viewer).items():
        for words in before.compare(before, moved, own=True, zones=zones).moves:
            if credit != mine and credit not in found.setdefault(key(words), []):
                found[key(words)].append(credit)

    def who(words: str) -> str | None:
        credits = found.get(key(words), [])
        if credits and all(c.startswith("by ") for c in credits):
            return "by " + and_list([c.removeprefix("by ") for c in credits])
        return and_list(credits) if credits else None
    return who


def _by_whom(moves: list[str], whose: Callable[[str], str | None],
             said: Callable[[str], str] = str) -> list[str]:
    """The moves as `said`, each run of moves of one cause headed by it ('by Player 2: a; b;
    after Player 3 passes: c'): where a move comes from another player's decision, whose it
    was (a move of their own pieces says it: 'Player 2's 2 pawns go to X'; a newcomer read
    'Player 2: Player 4's 2 pawns ...' as a list of two players). A move of the viewer's own
    pieces or into their zones ('your hand', 'your tray') is not credited to another's
    decision: a newcomer read 'Player 4: 1 card goes ... to your hand' as Player 4's card."""
    out, last = [], None
    for move in moves:
        who = whose(move)
        if who is not None and ("your " in move or who.startswith("by ") and
                                move.startswith(f"{who.removeprefix('by ')}'s ")):
            who = None
        out.append(f"{who}: {said(move)}" if who is not None and who != last
                   else said(move))
        last = who
    return out


def with_full(said: list[str], moves: list[str], full: list[str]) -> list[str]:
    """The moves as `said` (one for each of `moves`), the last move into each of the `full`
    places followed by '(X is full now)'."""
    out = list(said)
    for name in full:
        into = re.compile(rf" to {re.escape(name)}(?!\w)")
        last = max((k for k, move in enumerate(moves) if into.search(move)), default=None)
        if last is not None:
            out[last] += f" ({name} is full now)"
    return out


def _sentence(text: str) -> str:
    """'News: the pawn moves; Ann wins.' as 'News: The pawn moves; Ann wins.': the lines
    after the first are said mid-sentence (consequences.mid_sentence), the first begins it."""
    head, _, rest = text.partition(": ")
    return f"{head}: {rest[:1].upper()}{rest[1:]}"


def _places_together(game: Game, news: list[str]) -> list[str]:
    """Lines in a row alike but for the one place they name, said as one: 'You take 1 card
    too, having no tower in North, the region scored (and again in South)'. Seed 311's
    newcomer read the same line twice, three rows of a cramped screen, and not who had begun
    the round of offers that could cost them 9 towers."""
    out: list[tuple[str, str, list[str]]] = []  # (the line, its shape, the other places)
    for line in news:
        named = places_named(game, [line])
        shape = line
        for label in named:
            shape = shape.replace(label, "#")
        whole = len(named) == 1 and _outside_asides(line, named[0])
        if whole and out and out[-1][1] == shape:
            out[-1][2].append(named[0])
        else:
            out.append((line, shape if whole else "", []))
    return [f"{line.rstrip('.')} (and again in {and_list(more)})" if more else line
            for line, _, more in out]


def _outside_asides(line: str, words: str) -> bool:
    """Whether `words` are in `line` outside any parentheses: a place inside an aside said
    again after the line ('(and again in Y)') would read as the line's own place."""
    at = line.find(words)
    return at >= 0 and line[:at].count("(") == line[:at].count(")")


def _counted_news(news: list[str]) -> list[str]:
    """The news in the log's order, a line written again at once said once ('Ann scores 2
    VP in North (twice)'): two scorings read as one said twice."""
    runs: list[list] = []
    for line in news:
        if runs and runs[-1][0] == line:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    times = {2: " (twice)"}
    return [line + (times.get(n, f" ({n} times)") if n > 1 else "") for line, n in runs]


def _shared_news(game: Game, news: list[str]) -> list[str]:
    """News in a row that differ only in the player they name and one number, said as one:
    'Ann scores 4 VP in X (Bob scores 6 VP)', 'Ann scores 6 VP for Y (Bob and Cy too)'. A
    scoring of several players took a line each and was folded into '9 more news'."""
    return [_said_together(said, game.n) if key else said[0][1]
            for key, said in _shared_runs(game, news)]


def _shared_runs(game: Game, news: list[str]) -> list[tuple[str, list[tuple[str, str]]]]:
    """The news in runs of lines that differ only in the player and one number of their
    first clause: (what they share, each line's player and the rest), or ('', [('', the
    line)]). A number further on is not the player's ('Ann passes; the high offer stays
    Bob's 8' and Cy's pass are not 'Bob's 8 (Cy too)'), nor one deeper in the clause
    (_one_phrase_apart)."""
    names = [game.label(p) for p in game.players]
    starts = re.compile(rf"^({'|'.join(re.escape(n) for n in names)}) (.+)$")
    runs: list[tuple[str, list[tuple[str, str]]]] = []
    for line in news:
        found = starts.match(line)
        clause, rest = _first_clause(found.group(2)) if found else ("", "")
        key = re.sub(r"\d+", "#", clause) + rest if found else ""
        if found and runs and runs[-1][0] == key and \
                _one_phrase_apart(_first_clause(runs[-1][1][0][1])[0], clause):
            runs[-1][1].append((found.group(1), found.group(2)))
        else:
            runs.append((key, [(found.group(1), found.group(2))] if found else [("", line)]))
    return runs


def _said_together(said: list[tuple[str, str]], players: int) -> str:
    """One news line for several players' ('Ann scores 4 VP in X, Bob scores 6 VP'): the
    first whole, those who did the same beside it ('(Bob too)'), then the others in a
    sentence by what differs (the verb, the number and what it counts: _differing). Seed
    317's newcomer read 'Ann offers 11 in red (Bob offers 15)' as a note, not as a second
    offer."""
    (first, rest), others = said[0], said[1:]
    if not others:
        return f"{first} {rest}"
    same = [name for name, words in others if words == rest]
    differ = [(name, words) for name, words in others if words != rest]
    clause, tail = _first_clause(rest)  # the others' part said where they are named
    aside = "" if not same else " (all the others too)" \
        if len(said) == players > 2 and not differ else f" ({and_list(same)} too)"
    # the same first, beside the line it repeats: '(Bob scores 1 VP, Carl too)' read as
    # Carl's 1 VP, where Carl scored as Ann did
    parts = [name + _differing(rest, words) for name, words in differ]
    return f"{first} {clause}{aside}{', ' + and_list(parts) if parts else ''}{tail}"


def _one_phrase_apart(first: str, other: str) -> bool:
    """Whether two clauses (after their players' names) are the same but for the number
    right after their verb, a whole phrase that _differing can say alone ('offers 11 in
    red', 'offers 15 in red'): a number deeper in ('takes back their offer of 13 (red 5,
    black 4 x2)') said alone broke the sentence: seed 317's newcomer read '(Bob: 14
    (red);', a parenthesis never closed."""
    a, b = first.split(), other.split()
    apart = [k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    return len(a) == len(b) and (not apart or apart == [1] and a[1].isdigit() and
                                 b[1].isdigit())


def _first_clause(text: str) -> tuple[str, str]:
    """A line's first clause (up to its first ': ' or '; ') and the rest."""
    found = re.search(r"[:;] ", text)
    return (text[:found.start()], text[found.start():]) if found else (text, "")


def _differing(first: str, other: str) -> str:
    """What `other` says otherwise than `first` (_one_phrase_apart), after a player's name:
    its verb and number with the word after it (what it counts, not a word that links it to
    what follows: 'offers 19', not 'offers 19 in') and an aside right after that ('scores 2 VP
    (half)': seed 317's newcomer read the first player's half points marked, the second's
    not)."""
    b = other.split()
    unit = b[2:3] if b[2:3] and b[2].lower().rstrip(":;,.") not in LINKING_WORDS \
        and "(" not in b[2] else []
    aside = b[2 + len(unit):]
    if unit and aside and aside[0].startswith("("):
        end = next((k for k, word in enumerate(aside) if ")" in word), None)
        unit += aside[:end + 1] if end is not None else []
    return " " + " ".join([b[0], b[1], *unit]).rstrip(":;,.")


def _moves_fold(game: Game) -> Callable[[list[str]], str]:
    """'3 more moves of cards and Player 2's pawns': what pieces a fold hides."""
    names = [re.escape(game.label(p)) for p in game.players]
    start = re.compile(r"^(?:[^:;]+?: )?"  # whose decision, where said
                       rf"((?:{'|'.join(names)})'s )?\d+ (.+?)(?: \(| goe?s? )")

    def fold(hidden: list[str]) -> str:
        kinds: list[str] = []  # in the plural where several moves or pieces were of it
        for move in hidden:
            found = start.match(move)
            kind = (found.group(1) or "") + found.group(2) if found else ""
            same = [k for k in kinds if k.rstrip("s") == kind.rstrip("s")]
            if kind and not same:
                kinds.append(kind)
            elif same and not same[0].endswith("s"):
                kinds[kinds.index(same[0])] = same[0] + "s"
        # one piece of a kind, nobody's: 'a tile' ('1 more move of tile' read as broken
        # English)
        kinds = [k if k.endswith("s") or "'s " in k else f"{_article(k)} {k}" for k in kinds]
        of = f" of {and_list(kinds)}" if 0 < len(kinds) <= 3 else \
            f" of {', '.join(kinds[:2])} and other pieces" if kinds else ""
        return f"{len(hidden)} more {'move' if len(hidden) == 1 else 'moves'}{of}"
    return fold


def _article(noun: str) -> str:
    """'a' or 'an' before `noun`."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def own_decision_line(game: Game, before: Picture, viewer: str, steps: Steps,
                      zones: dict[str, str] | None = None,
                      news: list[str] | None = None) -> list[str]:
    """'Your last decision: you +4, Ann +2; your 3 pawns go out of the game, from X.': the
    points the viewer's own last decision gave, and the viewer's pieces it took from places
    on the board (a loss they chose, which no later move repeats). Pieces put out of their
    own zones or out of a common pile are what the option said; they are not repeated, nor
    points that the `news` say, each player's amount by their name ('Ann scores 9 VP in X':
    a newcomer read +9 three times). Pieces it brought into the viewer's own zones unseen
    (a card drawn face down) are said as the viewer now sees them ('1 card (X 4) goes from
    the stack to your hand'): the option could not name them, and the log says them to
    nobody (a newcomer diffed their hand to learn which card they had drawn)."""
    moved, points = steps.own_last(viewer)
    if points and all(_said_in(game.label(p), n, news or []) for p, n in points.items()):
        points = {}
    taken = [m for m in moved if m.source[1] != viewer
             and any(before.owner_of(kind) == viewer for kind in m.pieces)]
    drawn = [m for m in moved if m.dest[1] == viewer != m.source[1] and not m.public
             and not sees_into(game, m.source, viewer) and sees_into(game, m.dest, viewer)]
    seen = before.compare(before, taken, own=True, zones=zones)
    said = [m for m in seen.moves if m not in seen.supplied]  # not out of a common pile
    if drawn:
        said += before.compare(before, drawn, own=True, zones=zones).moves
    parts = [points_text(game, {p: (n, n) for p, n in points.items()}, viewer)] \
        if points else []
    parts += said
    return [f"{OWN_HEAD}{'; '.join(parts)}."] if parts else []


def _said_in(name: str, amount: int, lines: list[str]) -> bool:
    """Whether a line names `name` and the amount (a line of the log that scores it)."""
    number = re.compile(rf"(?<![\d.]){abs(amount)}(?!\d)")
    named = _naming(name)
    return any(named.search(line) and number.search(named.sub(" ", line)) for line in lines)


def _names_player(line: str, player: str) -> bool:
    """Whether a log line's facts name `player`."""
    return any(f.kind == PLAYER and f.value == player for f in facts_of(line))


def _subject(line: str) -> str | None:
    """The player a log line begins with (its first fact, at its start), else None."""
    facts = facts_of(line)
    return facts[0].value if facts and facts[0].start == 0 and facts[0].kind == PLAYER \
        else None


def _names_any(line: str, names: set[str]) -> bool:
    """Whether a line names one of `names` as a whole word."""
    return any(_naming(name).search(line) for name in names)


def _naming(name: str) -> re.Pattern:
    """A name as a whole word ('Player 1', not 'Player 10')."""
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")


def took_part(lines: list[str], news: list[str], name: str) -> bool:
    """Whether `name` is named in a news line of `lines`, or in a line since the news line
    before it (they took part in what it concludes: an offer that won, or lost)."""
    named = _naming(name)
    part = False
    for line in lines:
        part = part or bool(named.search(line))
        if line in news:
            if part:
                return True
            part = False
    return False


def _listed(head: str, items: list[str], width: int, rows: int = MOST_ROWS,
            kept: int = 0, fold: Callable[[list[str]], str] | None = None,
            most: int | None = MOST_MOVES, order: list[str] | None = None,
            cut: list[bool] | None = None, counted: set[str] = frozenset()) -> str:
    """'head a; b; and 2 more ... (type log to see them).' in `rows` rows of `width`
    (`most` items at most, None: no limit); `fold` says what the items left out are ('2
    more moves of cards'). The first `kept` items are said whatever the room (the viewer's
    own losses, what scored for them, and news are never folded into a count); those said
    are said in `order` when given (the log's). With a `fold`, the items left out are said
    in short where that fits the rows, or takes no more room than the count (_in_short):
    what went where, not that something happened (seed 319's newcomer read 'Pieces: 1 more
    move of Player 2's towers (type log to see them)' where 2 towers had gone to the place
    that scores at the end, said in as many words). `cut`, where given, gets whether a move
    is not said whole (folded, or said without the kinds of its pieces); the items of
    `counted` are only counted where left out."""
    def more(hidden: list[str], said: str = "") -> str:
        if not hidden:
            return ""
        whole = f"; and {fold(hidden) if fold else f'{len(hidden)} more'} {SEE_LOG}"
        shown = [x for x in hidden if x not in counted]
        rest = [x for x in hidden if x in counted]
        if fold is None or not shown:
            return whole
        for short in _in_short(shown):
            tail = f"; {'; '.join(short)}" + (f"; and {fold(rest)} {SEE_LOG}" if rest else "")
            if _rows(f"{said}{tail}.", width) <= max(rows, _rows(f"{said}{whole}.", width)):
                return tail
        return whole

    def ended(text: str) -> str:  # the paragraph as said, and whether it says less
        if cut is not None:
            cut.append(SEE_LOG in text or any(
                _in_short([m])[0][0] not in text for m in items if m not in text))
        return text

    def alone(hidden: list[str]) -> str:  # 'head' and the items left out only
        tail = more(hidden, head[:-2])
        return f"{head}{tail.removeprefix('; and ') if tail.startswith('; and ') else tail[2:]}."

    limit = len(items) if most is None else min(len(items), most)
    whole = f"{head}{'; '.join(items)}."
    if fold and items and (most is None or len(items) <= most) and _rows(whole, width) <= \
            _rows(alone(items), width):  # said in their own
        return ended(whole)  # words where they take no more room than '2 more moves of Ann's
        # towers and Bob's towers (type log ...)' (a newcomer read that as towers moved on
        # the board: they had gone to their owners' supplies); not past `most` (where the
        # news were folded, the others' routine moves are said in short, if at all)
    if fold and not limit:
        return ended(alone(items))
    if not kept and _rows(head + items[0] + (more(items[1:], head + items[0])
                                             if len(items) > 1 else "."), width) > rows:
        return ended(alone(items) if fold else f"{head}{len(items)} {SEE_LOG}.")
    said = max(1, kept)
    while said < limit and \
            _rows(head + "; ".join(items[:said + 1]) +
                  more(items[said + 1:], head + "; ".join(items[:said + 1])) + ".",
                  width) <= rows:
        said += 1
    if said == len(items) - 1 and most in (None, MOST_MOVES) and \
            _rows(head + "; ".join(items) + ".", width) <= rows + 1:
        said += 1  # the last one whole, in a row more, rather than 'and 1 more'
    chosen = items[:said] if order is None else [x for x in order if x in items[:said]]
    tail = more(items[said:], head + "; ".join(chosen)) if len(items) > said else ""
    return ended(head + "; ".join(chosen) + tail + ".")


def _in_short(moves: list[str]) -> list[list[str]]:
    """Moves said in short, each by what went where, the shorter last: without where from
    ('Ann's 2 towers go to X'), then without the kinds of their pieces too ('1 tile goes to
    X', not '1 tile (red 5) goes to X'); a move the rules made after a decision said 'then
    1 tile goes to X' (not 'then, by the rules: ...')."""
    brief = [without_source(m) for m in moves]  # (what the rules did after: 'then ...')
    brief = [f"then {m.removeprefix(BY_RULES + ': ')}" if m.startswith(BY_RULES + ": ")
             else m for m in brief]
    return [brief, [_without_kinds(m) for m in brief]]


def _rows(text: str, width: int) -> int:
    return len(wrap_text(text, width))


def lone_line(game: Game, lone: list[Lone], viewer: str, chars: int = LONE_CHARS) -> str:
    """'Taken for you, the only option: move the token to: X', or 'pass - <why>'. The
    reason is the log line written just after the choice or just before it, when it is about
    the viewer and says the option's own words ('... and passes' for 'pass'): the rules' own
    account of it. What the choice was about (the display's, 'in the round for X, where
    the stake is 9') follows the option: a newcomer read 'pass' and did not know what they
    had passed on. The same choice taken again is said once ('(2 times)', the last
    reason); in `chars` characters (the reasons left out when they do not fit, then the
    earliest choices, counted)."""
    said: dict[tuple[str, str, str], list] = {}
    for c in lone:  # short of room, an option without its aside ('pass', not 'pass (taking
        # back what was offered)'): a newcomer's cut line ended before what they passed on
        label = re.sub(r" \([^()]*\)", "", c.label) if chars < LONE_CHARS else c.label
        entry = said.setdefault((c.prompt.rstrip(" ?:"), label, c.about), [0, ""])
        entry[0] += 1
        entry[1] = _reason(game, c, viewer) or entry[1]
    parts = []
    for with_reasons in (True, False):  # with a reason, the option is enough ('pass - ...')
        parts = [_with_reason(label, said_to(why, game.label(viewer)), n, about)
                 if why and with_reasons and not _retells(label, why)
                 else _with_about(label, n, about) if about  # it says what it was
                 else f"{prompt}: {_with_about(label, n, about)}"
                 for (prompt, label, about), (n, why) in said.items()]
        if len("; ".join(parts)) <= chars:
            break
    kept = 1  # the newest, where not all fit: the one just before this decision (a
    # newcomer's pass in a round of offers they could not join went into 'and 1 more
    # choice', behind the 0 they had built in the round before)
    while kept < len(parts) and len("; ".join(parts[-kept - 1:])) <= chars:
        kept += 1
    left = len(parts) - kept
    more = f"; and {left} earlier {'choice' if left == 1 else 'choices'} ('log')" \
        if left else ""
    return f"{LONE_HEAD}{'; '.join(parts[-kept:])}{more}."


def _with_reason(label: str, why: str, times: int, about: str = "") -> str:
    """'pass in the round for X - Ann has no card and passes'."""
    return f"{_with_about(label, times, about)} - {why}"


def _with_about(label: str, times: int, about: str) -> str:
    """'pass (2 times) in the round for X'."""
    again = f" ({times} times)" if times > 1 else ""
    return f"{label}{again}{' ' + about if about else ''}"


def _retells(label: str, why: str) -> bool:
    """Whether the log line names the option itself: it retells the move made, part of it
    chosen by the player ('Ann moves the white pawn from X to Y', where Ann chose the pawn
    and only Y was left), so the choice is said by its question ('move it to: Y')."""
    return bool(re.search(rf"\b{re.escape(label)}\b", why, re.IGNORECASE))


def _reason(game: Game, lone: Lone, viewer: str) -> str:
    """The line that tells of the choice: the first written after it, or the last before it,
    that names the viewer and says a word of the option ('passes' for 'pass')."""
    name = game.label(viewer)
    words = tuple(w for w in re.findall(r"[a-z]{4,}", lone.label.lower()))
    if not words:
        return ""
    for line in [*lone.after[:1], *lone.before[-1:]]:
        if name in line and any(w.startswith(words) for w in re.findall(r"[a-z]+",
                                                                        line.lower())):
            return line.rstrip(".")
    return ""


def _own(move: str) -> bool:
    """A move of the viewer's own pieces, or into or out of their zones."""
    return move.startswith("your ") or " your " in move


def _concerns(game: Game, move: str, viewer: str) -> bool:
    """A move of the viewer's (their pieces or zones), or one that a place of the board
    gives or takes (not a hand, stack or supply of another player only)."""
    if _own(move):
        return True
    others = [f"{game.label(p)}'s " for p in game.players if p != viewer]
    if not any(o in move for o in others):
        return True  # the board and the common supplies
    return any(move.startswith(o) for o in others)  # another player's own pieces
