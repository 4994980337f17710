"""What each option of a decision does at once, in words: points, pieces, the end of the game.

Each option is played on copies of the game as the deciding player may imagine it
(`sampling.sample_game`: what the player cannot see is dealt anew), up to the next decision,
and the copies are compared before and after through the public Game API: the scores
(`scores()`) and whether the game ended (`over`, `state["ending"]`); the pieces are the moves
the engine made on the copy, as a watcher hears them (`moves_seen`: `Game.watch`), each as the
player may know it (a face-down card stays unseen). Pieces are said with the ruleset's own
words (component and zone labels, the names of places and players); a move between two zones
of one player (a card from a hand to the same player's table area) is no news and is left
out, and so is a piece put on the place chosen from a common supply (the option says it).

Several samples are played (SAMPLES), seeded by where the player's turn at deciding began
(`run_start`), so that every screen of one decision shows the same figures; where the samples
disagree (hidden cards, a shuffle), the figures are a range and the outlook says it is an
estimate. Nothing here knows any game.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.bots.sampling import sample_game
from interpreter.engine.log_facts import facts_of
from interpreter.engine.rng import private_random, seed_state
from interpreter.engine.world import PLAYER
from interpreter.language.errors import GameRuleError, IllegalMove
from interpreter.play.certain_end import certain_end, final_of
from interpreter.play.moves_seen import DRAWN, UNDER, UNSEEN, Moved, flows, watched_apply
from interpreter.play.plain_reasons import as_you
from interpreter.play.preview import final_worth
from interpreter.play.under_way import started, under_way

if TYPE_CHECKING:
    from interpreter.engine.runtime import Decision, Game
    from interpreter.play.history import History

SAMPLES = 5  # deals of what the player cannot see, per decision
MAX_OPTIONS = 60  # options played out; past that, none are (and the outlook says so)
PLACES_NAMED = 2  # places named in a move; past that, what they share, or how many
MOST_FOLLOWED = 40  # options of the player's own next decision followed (next_choice)
FOLLOWED_CHOICES = 2  # the player's own coming choices followed for points (next_choice)
CHOSEN = " chosen"  # a place said as the one the option names ('the square chosen')
DRAWN_AGAIN = 4  # runs again, with other random draws, of an option that drew and scored
MOST_ALIKE = 3  # rounds of the others choosing the same option followed (see following)
OWN = "your "  # how a move of the viewer's own pieces begins ("your 2 towers go ...")
EVERY = "every player's "  # a move alike for every player, said once
MORE_LATER = "more by what you choose next"  # after what every way of the next choice moves
BY_CHOICE = "by what you choose next"  # points that the player's own next choice sets
# the points of an option that ends the game: what each score gains until the end, said so
# beside the scores it ends with (seed 239's newcomer read '+14 if scored now' and 'you +51'
# on one button, and nothing said which was what)
BY_THE_END = "by the end"
WHICHEVER = "Whichever you choose:"  # what every option does alike, said once before it
# (seed 318's newcomer found 'Every choice:' odd)
UNLESS = "unless a choice says otherwise"  # the figures most options share, said once
IN_ALL = "in all"  # the points now less what the final scoring would lose by the option
ENDING_NOTE = "'By the end': what each score gains from now until the game ends, with " \
              "that choice; 'final scores': the scores it ends with."


@dataclass
class Effect:
    """What one option does at once, over the samples."""

    points: dict[str, tuple[int, int]] = field(default_factory=dict)  # least, most change
    moves: list[str] = field(default_factory=list)  # pieces, in words (in every sample)
    maybe: list[str] = field(default_factory=list)  # pieces moved in some samples only
    ending: str | None = None  # the reason the game ends (in every sample)
    ends_sometimes: bool = False
    supplied: set[str] = field(default_factory=set)  # moves out of a common pile (a supply)
    starts: str | None = None  # what the option starts, in the ruleset's words (under_way)
    then: list[str] = field(default_factory=list)  # what follows (news lines, who decides)
    because: str | None = None  # the log line that says why the points change (the
    # viewer's, else another player's), or that they come by the player's next choice
    later: list[str] = field(default_factory=list)  # moves of every way on through the
    # player's own next choice (next_choice_moves), not made by the option itself
    by_choice: bool = False  # the points are a range by the player's own next choice
    final: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # where the game ends:
    # each player's score at the end, least and most (a newcomer's game-ending option said
    # nothing of who would win)
    winners: list[tuple[str, ...]] = field(default_factory=list)  # who wins, each way seen
    final_by_choice: bool = False  # the final scores differ by the player's next choice
    final_estimate: bool = False  # they differ between samples too (what is hidden, drawn):
    # a newcomer read 'Player 4 20 to 30' as limits, and the end drawn gave them 16
    bookkept: set[str] = field(default_factory=set)  # players' pieces moved from one common
    # pile to another (a score marker set out): said of no choice that makes them all alike
    ways: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)  # where
    # by_choice: each way of that choice in words -> its points, least and most (a
    # newcomer read option D's 'you +6 to +15' and not which region gives which)
    lost: dict[str, tuple[int, int]] = field(default_factory=dict)  # players whose points at
    # the final scoring, if it came now, fall with the option (their pieces leave the game):
    # how many, least and most; the points then said with what they come to in all (seed
    # 318's newcomer read a blue 'you +32' on a pass that lost their 64 VP at the end)
    net: dict[str, tuple[int, int]] = field(default_factory=dict)  # for those players: the
    # points now less what is lost at the final scoring, least and most
    usual: bool = False  # (what every option does) its points and final scores are those
    # most options share: an option that differs says its own (common_effect)


@dataclass
class Outlook:
    """The effects of a decision's options (in order), and how sure they are."""

    effects: list[Effect]
    samples: int = SAMPLES
    estimate: bool = False  # some figure differs between samples
    skipped: int = 0  # options not played out (too many)
    drawn: bool = False  # some points hang on a random draw the option sets off
    hidden: bool = True  # some figures hang on what is hidden from the player

    @property
    def any(self) -> bool:
        return any(effect_words_parts(e) for e in self.effects)


def estimate_note(samples: int, drawn: bool = False, hidden: bool = True) -> str:
    """What an estimate is, in a newcomer's words (a 'deal' means nothing to them), in one
    wording whatever its causes, naming those that apply: `hidden`, the figures differ by
    what the player cannot see (dealt at random `samples` times); `drawn`, by a random draw
    still to come (a final scoring that turns pieces over). Seed 318's newcomer met two
    wordings for one thing, one game apart."""
    causes = ([f"what is hidden from you (dealt at random {samples} times)"] if hidden or
              not drawn else []) + (["what will be drawn at random"] if drawn else [])
    return f"Estimates: a range where the figures differ by {and_list(causes)}."


def run_start(history: History, player: str) -> int:
    """The step at which `player`'s present run of decisions began (after someone else's
    decision): one seed for all screens of one offer, say, made card by card."""
    k = len(history.deciders)
    while k > 0 and history.deciders[k - 1] == player:
        k -= 1
    return k


def outlook(game: Game, decision: Decision, viewer: str, anchor: int | None = None,
            samples: int = SAMPLES, news: Callable[[list[str]], list[str]] | None = None,
            zones: dict[str, str] | None = None,
            context: Callable[[Game, str], str] | None = None) -> Outlook | None:
    """The effect of each option of `decision`, as `viewer` may foresee it; None when the
    options cannot be played out on a sample. `news`: the log lines that are news (the
    display's), said as what follows an option (`Effect.then`; see following); `zones`:
    the display's short names of zones, for the moves (see PieceWords.zone); `context`: what
    a decision is about (the display's), said with another's next decision about
    something else."""
    if len(decision.options) > MAX_OPTIONS:
        return Outlook([], samples, skipped=len(decision.options))
    anchor = game.state["step"] if anchor is None else anchor
    seen: list[list[_Seen]] = [[] for _ in decision.options]
    try:
        for k in range(samples):
            rng = private_random(game.state["seed"], anchor, viewer, f"outlook {k}")
            sample = sample_game(game, viewer, rng)
            # the other draws, one set for every option: options that cannot differ show
            # the same range (draws of their own, option by option, made noise look like a
            # difference)
            draws = [rng.getrandbits(63) for _ in range(DRAWN_AGAIN)]
            lost_on = _Losses(sample, rng.getrandbits(63))
            before = Picture(sample, viewer, pieces=False)
            frames = under_way(sample)
            here = context(sample, viewer) if context is not None else ""
            for i, option in enumerate(decision.options):
                twin = sample.clone()
                twin.logging = news is not None
                twin.events = []
                moves = watched_apply(twin, option)
                found = before.compare(Picture(twin, viewer, pieces=False), moves, option,
                                       ahead=True, zones=zones, drawn=drawn_on(sample, twin))
                if found.points and twin.state.get("draws") != sample.state.get("draws"):
                    found.drawn, again = drawn_again(sample, option, draws)
                    found.finals = [final_of(g) for g in again if g.over]
                if twin.over:
                    found.finals.insert(0, final_of(twin))
                elif found.ending is None:  # the end, whatever comes next
                    end = certain_end(twin, viewer)
                    if end is not None:
                        found.ending = f"{end.reason}, whatever you choose next"
                        found.finals, found.by_choice = end.finals, len(end.finals) > 1
                if found.points and found.ending is None and not twin.over:
                    found.lost = lost_on(twin)
                found.because = because(twin, viewer, found.points, decision.labels[i])
                if not (found.moves or found.points or found.ending):  # a choice said later
                    coming = next_choice(twin, viewer, zones, lost_on=lost_on)
                    found.later, found.points, found.because, found.lost = \
                        coming.moves, coming.points, coming.because, coming.lost
                    if coming.ways and _deeper(frames, under_way(twin)):  # a range, by
                        # the player's own coming choice within what the option began
                        found.points, found.chosen = coming.ways[0], coming.ways[1:]
                        found.because = BY_CHOICE
                        found.ways = list(zip(coming.named, coming.ways, strict=True))
                found.starts = started(frames, twin, viewer)
                if news is not None:
                    found.then = following(twin, option, viewer, news,
                                           _elsewhere(context, here, viewer), sample)
                seen[i].append(found)
    except (GameRuleError, IllegalMove):
        return None
    effects = [_combine(game, s) for s in seen]
    estimate = any(e.maybe or e.ends_sometimes or e.final_estimate or not e.by_choice and
                   any(lo != hi for lo, hi in e.points.values())
                   for e in effects)  # what the samples disagree on is said as such
    drawn = estimate and any(x.drawn for s in seen for x in s)
    hidden = estimate and any(_samples_differ(e, s) for e, s in zip(effects, seen, strict=True))
    return Outlook(effects, samples, estimate, drawn=drawn, hidden=hidden or not drawn)


def _samples_differ(effect: Effect, seen: list[_Seen]) -> bool:
    """Whether an option that draws nothing at random does otherwise on other samples: what
    is hidden from the player changes it."""
    if any(x.drawn for x in seen):
        return False
    return bool(effect.maybe or effect.ends_sometimes) or \
        len({tuple(sorted(x.points.items())) for x in seen}) > 1 or \
        len({repr(x.finals[:1]) for x in seen}) > 1


class _Losses:
    """What a sample's final scoring, if it came now, gives each player less after a
    move: `fallen` from the sample's (worked out once) to the game after's, the final
    scoring's random draws from one seed for both."""

    def __init__(self, sample: Game, seed: int) -> None:
        self.sample, self.seed = sample, seed
        self.worth: dict[str, Any] | None = None

    def __call__(self, after: Game) -> dict[str, int]:
        if self.worth is None:
            self.worth = final_worth(self.sample, self.seed) or {}
        return fallen(self.worth, final_worth(after, self.seed) or {})


def fallen(before: dict[str, Any], after: dict[str, Any]) -> dict[str, int]:
    """The players whose points at the final scoring (if it came now) fall from `before` to
    `after`, and by how much (nothing where the scores are no numbers)."""
    try:
        return {p: before[p] - after[p] for p in before
                if p in after and after[p] < before[p]}
    except TypeError:
        return {}


def _deeper(before: list, now: list) -> bool:
    """Whether the procedures under way `now` are those of `before` and more: the next
    decision is within what the option began (where to score), not a later turn's."""
    return len(now) > len(before) and now[:len(before)] == before


def drawn_on(before: Game, after: Game) -> frozenset[str]:
    """The random streams (a shuffled zone's, say) that `after` drew from since `before`."""
    was, now = before.state.get("draws") or {}, after.state.get("draws") or {}
    return frozenset(stream for stream, n in now.items() if was.get(stream) != n)


def drawn_again(sample: Game, option: Any, seeds: list[int]
                ) -> tuple[list[dict[str, int]], list[Game]]:
    """The points of `option` on `sample` played again with the random draws of each of
    `seeds`: a run that drew at random (a final scoring turning tiles over, say) may score
    otherwise, and five samples agreeing by chance would read as a certain figure. The
    same seeds for every option of a decision: what differs between options is theirs.
    With the points, the games played again (their final scores, where the game ends)."""
    out, games = [], []
    before = sample.scores()
    for seed in seeds:
        again = sample.clone()
        again.logging = False
        again.state["rng"] = seed_state(seed)
        again.apply(option)
        after = again.scores()
        out.append({p: after[p] - before[p] for p in before if after[p] != before[p]})
        games.append(again)
    return out, games


@dataclass
class _NextChoice:
    """What every option of the viewer's own next decision does (next_choice)."""

    moves: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # the same whatever is chosen
    because: str | None = None  # the log line that says why the points change (the
    # viewer's, else another player's), or that they come by the player's next choice
    ways: list[dict[str, int]] = field(default_factory=list)  # the points of each way of
    # choosing, when they differ (which region to score: 'you +6 to +15')
    named: list[str] = field(default_factory=list)  # each way's option in words, in order
    lost: dict[str, int] = field(default_factory=dict)  # with `points`: what the final
    # scoring (if it came now) gives less, alike whatever is chosen (see Effect.lost)


def next_choice(twin: Game, viewer: str, zones: dict[str, str] | None = None,
                depth: int = FOLLOWED_CHOICES,
                lost_on: Callable[[Game], dict[str, int]] | None = None) -> _NextChoice:
    """The moves that every option of the viewer's own next decision makes (a piece taken
    now is put somewhere then, and what that sets off), said of that coming choice, and the
    points that every option of it gives alike (a scoring the piece sets off wherever it
    goes: said on the option that leads there, not a screen late) or, when they differ,
    the points of each way (`ways`: a newcomer saw no points on an option to score a
    region, and +15 on the next screen), its options that do nothing at once followed to
    the viewer's own next choice after them (`depth` choices in all: an action, then which
    piece, then where); nothing when the next decision is another player's. `lost_on`: what
    the final scoring gives less after a way (with points alike, said with them)."""
    decision = None if twin.over else twin.decision()
    if decision is None or decision.player != viewer or \
            not 0 < len(decision.options) <= MOST_FOLLOWED:
        return _NextChoice()
    before = Picture(twin, viewer, pieces=False)
    common: list[str] | None = None
    general: list[str] | None = None  # the same, said without which pieces and whence
    differ = False  # some option moves more than every one does
    ways: list[dict[str, int]] = []
    named: list[str] = []
    losses: list[dict[str, int]] = []
    reason = None
    for option, label in zip(decision.options, decision.labels, strict=True):
        again = twin.clone()
        again.logging = True
        again.events = []
        moves = watched_apply(again, option)
        seen = before.compare(Picture(again, viewer, pieces=False), moves, option, ahead=True,
                              zones=zones, drawn=drawn_on(twin, again))
        gained, why = [seen.points], because(again, viewer, seen.points)
        names = [label]
        lost = [lost_on(again) if lost_on is not None and seen.points and not again.over
                else {}]
        moved = seen.moves
        if depth > 1 and not (seen.moves or seen.points or seen.ending or again.over):
            after = next_choice(again, viewer, zones, depth - 1, lost_on)  # its points
            gained, why = after.ways or [after.points], after.because  # only: its moves
            # are said of another choice (in general only, below)
            names = after.named if after.ways else [label]
            lost = [{}] * len(after.ways) if after.ways else [after.lost]
            moved = [m for m in after.moves if m != MORE_LATER]
        ways += gained
        losses += lost
        named += names
        reason = reason or why
        differ = differ or common is not None and seen.moves != common
        common = seen.moves if common is None else [m for m in common if m in seen.moves]
        differ = differ or seen.moves != common
        broad = [_without_kinds(without_source(m)) for m in moved]
        general = broad if general is None else [m for m in general if m in broad]
    alike = all(p == ways[0] for p in ways)
    # where every way moves a piece of its own (which one and whence by the choice), what
    # they all do in general: seed 320's newcomer read nothing under 'place a tile, then
    # ...' ('1 tile (x) goes from space 1 to the place you choose next', another from space
    # 2), where the other options said what they did
    # ... the first only (what the choice is for), in a row: the rest took the page's room
    said = [m.replace(CHOSEN, " you choose next") for m in common or (general or [])[:1]]
    return _NextChoice(said + [MORE_LATER] if differ and said else said,
                       ways[0] if alike else {}, reason if alike else None,
                       [] if alike else ways, [] if alike else named,
                       losses[0] if alike and all(x == losses[0] for x in losses) else {})


def _elsewhere(context: Callable[[Game, str], str] | None, here: str,
               viewer: str) -> Callable[[Game], str]:
    """What a coming decision is about, where that is not what the present one is about
    (`here`); '' otherwise, and where the display says nothing of it."""
    def about(then: Game) -> str:
        there = context(then, viewer) if context is not None else ""
        return there if there != here else ""
    return about


def following(twin: Game, option: Any, viewer: str,
              news: Callable[[list[str]], list[str]],
              elsewhere: Callable[[Game], str] = lambda then: "",
              before: Game | None = None) -> list[str]:
    """What follows an option, in the ruleset's own news lines: those its run wrote that
    name the player who decides next (why it is theirs: they won) or no player (nobody
    won), or, when the next
    decision is another player's with the same option (a pass, say), those written if the
    others choose it too, as things stand ('if the others choose it too: ...'); then the
    next decision when it is another player's ('then Ann decides: how many ...'), with
    what it is about when `elsewhere` says so ('then, in the round for the north, ...'). []
    when no news comes of it. `before`: the game before the option (see still_in)."""
    lines = news(twin.events)
    if not lines:
        return still_in(twin, option, viewer, news, before)
    then = twin
    decision = None if then.over else then.decision()
    # said when it tells why another player decides next (who won), or names no player
    # (nobody won)
    name = None if decision is None or decision.player == viewer else \
        then.label(decision.player)
    names = [then.label(p) for p in then.players]
    # and, while the game goes on, news of another player whose points the option leaves
    # as they are (the points said it otherwise): who wins where the pass ends the round,
    # whoever decides next (seed 324's newcomer read only cards going back where the winner,
    # with nothing to build, decided nothing and their own next decision came)
    before_scores = before.scores() if before is not None else None
    still = [] if decision is None or before_scores is None else \
        [then.label(p) for p in then.players if p != viewer and
         then.scores()[p] == before_scores.get(p)]
    lines = [line for line in lines if name is not None and name in line or
             not any(n in line for n in names) or
             then.label(viewer) not in line and any(n in line for n in still)]
    if not lines:
        return []
    said = [mid_sentence(then, line.rstrip(".")) for line in lines]  # after an option's
    # words, and one another, in one sentence
    if decision is not None and decision.player != viewer:  # the question only: a list of
        # its options in brackets read like code ('(build, stop)')
        where = elsewhere(then)
        said.append(f"then{f', {where},' if where else ''} "
                    f"{asked_of(then.label(decision.player), decision.prompt)}")
    return said


def still_in(twin: Game, option: Any, viewer: str,
             news: Callable[[list[str]], list[str]], before: Game | None = None) -> list[str]:
    """After an option that the next players are offered too (a pass) and that writes no
    news itself: who may still choose otherwise before news comes ('Bob and Cy are still
    in'), played on as if they chose it too, as things stand. What the news would then be
    (a winner) is not said: a newcomer read 'if the others choose it too: Cy wins the round'
    as Cy's win while Bob could still raise. [] where no other player is offered it before
    the news, or no news comes. Those its first line names are still in too (the player
    ahead, who would win); not those its later lines name (a newcomer read 'Player 4 is still
    in' where Player 4 had passed and the news went on to Player 4's points). `before`: the
    game before the option, played again with the lone choices asked (`Game.auto` off), so
    that those the option is the only choice of are said apart ('Dan must pass': a newcomer
    read 'Cy is still in', then 'Dan ... passes' from a player never mentioned); without
    it, `twin` is played on and they go unsaid."""
    if before is None:
        then = twin.clone()
    else:
        then = before.clone()
        then.logging, then.events, then.auto = True, [], False
        then.apply(option)
    asked: list[str] = []
    alone: list[str] = []  # those who take the option as their only choice
    label = ""
    for _ in range(2 * MOST_ALIKE * len(then.players)):
        decision = None if then.over else then.decision()
        if decision is None:
            return []
        if len(decision.options) == 1:  # taken by the run itself where `auto` is on
            if decision.options[0] == option and decision.player != viewer and \
                    decision.player not in alone + asked:
                alone.append(decision.player)
                label = decision.labels[0]
            then.apply(decision.options[0])
        elif decision.player == viewer or option not in decision.options:
            return []
        else:
            asked.append(decision.player)
            then.apply(option)
        lines = news(then.events)
        if lines:  # who the first line names (the player ahead, who wins) is in it too
            named = {f.value for f in facts_of(lines[0]) if f.kind == PLAYER}
            names = [then.label(p) for p in then.players
                     if p != viewer and p not in alone and (p in named or p in asked)]
            if not names:
                return []
            said = f"{and_list(names)} {'is' if len(names) == 1 else 'are'} still in"
            if alone:
                said += f"; {and_list([then.label(p) for p in alone])} must {label}"
            return [said]
    return []


_SECOND_PERSON = ((r"\b(do|did|will|can|may|must) you\b", "they"), (r"\bare you\b", "they are"),
                  (r"\byours\b", "theirs"), (r"\byour\b", "their"), (r"\byou\b", "they"))


def asked_of(name: str, prompt: str) -> str:
    """Another player's coming question, said of them ('Ann decides how many towers they
    build'), never as 'you' to the viewer reading it ('Ann: how many towers do you build?')."""
    text = prompt.rstrip(" ?:")
    for pattern, word in _SECOND_PERSON:
        text = re.sub(pattern, word, text)
    if text.startswith("choose "):
        return f"{name} chooses {text.removeprefix('choose ')}"
    return f"{name} decides: {text}"


def effect_words_parts(effect: Effect, game: Game | None = None,
                       viewer: str | None = None, points: bool = True) -> list[str]:
    """The parts of an effect in words, what matters most to the viewer first (a line cut
    to the screen's room keeps it): the end, what starts, the points, the viewer's own
    pieces, what follows, the other pieces. `points=False`: the points are said elsewhere
    (on the option's button), only what they come from is said here."""
    parts = []
    final = final_words(game, effect, viewer) if game is not None else ""
    with_final = f"; {final}" if final and not (effect.usual and effect.points) else ""
    if effect.ending is not None and not points and not effect.points:
        parts.append(f"why: {effect.ending}{with_final}")  # the button says "the game ends"
    elif effect.ending is not None:
        parts.append(f"the game ends ({effect.ending}){with_final}")
    elif effect.ends_sometimes:
        parts.append("the game may end")
    elif final:  # the end said once for every option, its scores by option
        parts.append(final)
    if effect.starts is not None and not any(effect.starts.lower() in line.lower()
                                             for line in effect.then):
        parts.append(f"starts {effect.starts}")  # unless a news line after says it
    moves = every_players(game, effect.moves, viewer) if game is not None else effect.moves
    own = [m for m in moves if m.startswith((OWN, EVERY))]
    if effect.points and not points:  # (the page's) each way of a coming choice said
        parts += [ways_words(game, effect, viewer) if effect.because == BY_CHOICE and
                  game is not None else effect.because] if effect.because else []
    elif effect.points and game is not None:
        reason = f" ({effect.because})" if effect.because else ""
        mine = {p: r for p, r in effect.points.items() if p == viewer}
        others = {p: r for p, r in effect.points.items() if p != viewer}
        if effect.usual:  # the figures most options share, then what they end with
            parts.append(f"{BY_THE_END}, {UNLESS}: "
                         f"{points_text(game, effect.points, viewer, effect)}{reason}")
            parts += [final] if final else []
        elif own and others:  # the viewer's pieces before the others' points: a line cut
            if mine:  # short keeps them
                parts.append(points_text(game, mine, viewer, effect) + reason)
            parts += own
            own = []
            parts.append(points_text(game, others, viewer, effect))
        else:
            parts.append(points_text(game, effect.points, viewer, effect) + reason)
    elif effect.points:
        parts.append("points")
    parts += own
    parts += effect.later
    # the others' pieces before what follows (seed 311's newcomer read 'then, in the
    # round for X, Ann chooses ...' between two players' pieces leaving the game)
    parts += [m for m in moves if not m.startswith((OWN, EVERY))]
    parts += effect.then
    parts += [f"perhaps {m}" for m in effect.maybe]
    return parts


def key_words_parts(effect: Effect, game: Game, viewer: str | None) -> list[str]:
    """An effect's key words, for an option with little room (a line or two at a short
    terminal): whether the game ends, then who scores what, everyone in one part ('you -61
    in all (+11 now, ...), Ben -2 in all (+1 now)'); the pieces and what follows left out
    ([] where it says neither)."""
    parts = []
    final = final_words(game, effect, viewer)
    if effect.ending is not None:
        parts.append(f"the game ends ({effect.ending})" + (f"; {final}" if final else ""))
    elif effect.ends_sometimes:
        parts.append("the game may end")
    if effect.points:
        reason = f" ({effect.because})" if effect.because else ""
        parts.append(points_text(game, effect.points, viewer, effect) + reason)
    return parts


def final_words(game: Game, effect: Effect, viewer: str | None) -> str:
    """The scores the game ends with and who wins ('final scores: you 120, Ann 58 to 60;
    you win'), ranges where the samples or the player's next choice differ (and said so);
    '' where the option does not end the game."""
    if not effect.final:  # who wins, where only that differs from what most options do
        return winner_words(game, effect.winners, viewer) if effect.winners else ""
    ranges = any(lo != hi for lo, hi in effect.final.values())
    how = " by what you choose next" if effect.final_by_choice and ranges else ""
    if effect.final_estimate and ranges:  # the screen's note says what an estimate is (once:
        # a newcomer met the longer words on each of 15 lines)
        how = f" (estimate{how and ',' + how})"
    order = sorted(effect.final, key=lambda p: (p != viewer, game.players.index(p)))
    scores = ", ".join(f"{'you' if p == viewer else game.label(p)} "
                       f"{lo if lo == hi else f'{lo} to {hi}'}"
                       for p in order for lo, hi in [effect.final[p]])
    likely = effect.final_estimate and ranges
    otherwise = "" if not effect.usual else " likewise" if effect.points else f", {UNLESS}"
    who = f"; {winner_words(game, effect.winners, viewer, likely)}" if effect.winners else ""
    return f"final scores{how}{otherwise}: {scores}{who}"


def winner_words(game: Game, winners: list[tuple[str, ...]], viewer: str | None,
                 likely: bool = False) -> str:
    """'you win', 'Ann wins', 'you and Ann share the win', or, where the ways seen differ,
    'you or Ann may win'; `likely`: the scores are an estimate, and the one winner seen
    'most likely' wins (a newcomer read 'you 54 to 56, Ann 45 to 55; you win' as certain)."""
    def name(p: str) -> str:
        return "you" if p == viewer else game.label(p)
    if len(winners) == 1 and len(winners[0]) == 1:
        (p,) = winners[0]
        if likely:
            return f"{name(p)} most likely win{'' if p == viewer else 's'}"
        return "you win" if p == viewer else f"{name(p)} wins"
    if len(winners) == 1:
        return f"{and_list([name(p) for p in winners[0]])} share the win"
    may = [p for p in game.players if any(p in w for w in winners)]
    return f"{and_list([name(p) for p in may], 'or')} may win"


def every_players(game: Game, moves: list[str], viewer: str | None) -> list[str]:
    """Moves alike for every player said once ('every player's 3 towers go from the supply
    to their hand'), not once a player: a setup's eight clauses read as two."""
    if len(game.players) < 2:
        return moves
    shapes: dict[str, list[int]] = {}
    for k, move in enumerate(moves):
        for p in game.players:
            whose = OWN if p == viewer else f"{game.label(p)}'s "
            shape = move.replace(whose, "\0")
            if move.startswith(whose) and not any(game.label(q) in shape for q in game.players):
                shapes.setdefault(shape, []).append(k)
                break
    out, done = [], set()
    for k, move in enumerate(moves):
        if k in done:
            continue
        shape = next((x for x, ks in shapes.items() if k in ks and
                      len(ks) == len(game.players)), None)
        if shape is None:
            out.append(move)
            continue
        done.update(shapes[shape])
        out.append(shape.replace("\0", EVERY, 1).replace("\0", "their "))
    return out


def effect_words(game: Game, effect: Effect, viewer: str, points: bool = True) -> str:
    """'you +14, Ben +2 to +5; Ann's 3 towers go from ... to ...' ('' when it does
    nothing); `points=False`: without the points (see effect_words_parts)."""
    return "; ".join(effect_words_parts(effect, game, viewer, points))


def mid_sentence(game: Game, line: str) -> str:
    """A log line said after another in one sentence: its first letter in lower case,
    unless its first word begins a name of the game ('The pawn moves' -> 'the pawn moves';
    'Ann wins' and 'VP' stay as they are)."""
    first = line.split(" ", 1)[0]
    if not first[:1].isupper() or first.isupper() and len(first) > 1:
        return line
    names = {game.label(p).split(" ", 1)[0] for p in game.players} | \
        {game.label(v).split(" ", 1)[0] for values in game.world.entity_types.values()
         for v in values if game.label(v)}
    return line if first in names else line[:1].lower() + line[1:]


def and_list(words: list[str], joint: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or with another `joint`: 'a, b or c')."""
    return f"{', '.join(words[:-1])} {joint} {words[-1]}" if len(words) > 1 else words[0]


# the viewer's pieces an option moves, as effect_words says them: 'your 3 towers go from
# your supply to X' (the count, the pieces, where from)
_OWN_GO = re.compile(r"your (\d+) (.+?) go(?:es)? from (.+?) to ")


def none_moved_words(each: list[str],
                     held: Callable[[str, str], int | None] | None = None) -> list[str]:
    """The words of each option ('' where it does nothing), and for an option that does
    nothing where the others move the viewer's pieces of one kind from one place (how many
    to build: 0, 1, 2 or 3), what it keeps: 'none goes: your towers stay in your supply'
    (a newcomer read a bare '0' beside 'your 2 towers go ...'). `held`: how many of those
    pieces (the noun, one) the place (in words) holds, where known (see held_count): the
    words agree with it, not with the most an option moves (seed 324's newcomer, allowed 1
    of 3, read 'your tower stays in your supply' (the ruleset's words) as if they had one)."""
    found = [_OWN_GO.match(words) for words in each if words]
    if not found or len(found) == len(each) or not all(found):
        return each
    kinds = {(m.group(2).removesuffix("s"), m.group(3)) for m in found}
    if len(kinds) != 1:
        return each
    many = [m for m in found if int(m.group(1)) > 1]
    (piece, source), = kinds
    count = held(piece, source) if held is not None else None
    plural = many[0].group(2) if many else _plural(piece)
    kept = f"none goes: your {plural} stay in {source}" if \
        (many if count is None else count > 1) else f"your {piece} stays in {source}"
    return [words or kept for words in each]


def held_count(game: Game, viewer: str, noun: str, source: str,
               zones: dict[str, str] | None = None) -> int | None:
    """How many pieces called `noun` (one: 'tower') the viewer's own zone said `source`
    ('your supply', as PieceWords says it) holds; None where no such zone holds any."""
    words = PieceWords(game, viewer, zones=zones)
    total = 0
    for name, content in game.view(viewer)["zones"].items():
        if not game.program.zones[name].decl.index or not isinstance(content, dict) or \
                viewer not in content or words.zone(name, viewer, []) != source:
            continue
        total += sum(n for kind, n in _counted(content[viewer]).items()
                     if kind not in (UNSEEN, DRAWN) and
                     words.noun(kind, (name, viewer), (name, viewer)) == noun)
    return total or None


def without_source(move: str) -> str:
    """'what goes from A to B' as 'what goes to B', 'what goes out of X, from A' as 'what
    goes out of X' (consequences._route: where a piece went says more than where from)."""
    found = re.fullmatch(r"(.+? goe?s?) from .+? (to .+)", move) or \
        re.fullmatch(r"(.+? goe?s? .+?), from .+", move)
    return " ".join(found.groups()) if found else move


def into_own(move: str) -> bool:
    """A move whose pieces arrive in the viewer's zones ('... go from X to your hand')."""
    arrival = re.search(r" goe?s? (.*)", without_source(move))
    return arrival is not None and OWN in arrival.group(1)


def points_text(game: Game, points: dict[str, tuple[int, int]], viewer: str | None,
                effect: Effect | None = None) -> str:
    """'you +4, Ben +1 to +3' (the viewer first). With `effect`, a player who loses points
    at the final scoring by it (its `lost`) is said first with what the points come to in
    all: 'you -32 in all (+32 now, 64 VP fewer at the final scoring if it came now), Ben -8
    in all (+7 now)': a bare '+32' read as a gain."""
    order = sorted(points, key=lambda p: (p != viewer, game.players.index(p)))
    out = []
    for p in order:
        amount = _amount(points[p])
        who = 'you' if p == viewer else game.label(p)
        if effect is not None and p in effect.lost:
            lost = _amount(effect.lost[p]).lstrip("+")
            why = f", {lost} VP fewer at the final scoring if it came now" if p == viewer \
                else ""
            out.append(f"{who} {_amount(effect.net[p])} {IN_ALL} ({amount} now{why})")
        else:
            out.append(f"{who} {amount}")
    return ", ".join(out)


def _amount(points: tuple[int, int]) -> str:
    """'+4', '-2 to +3'."""
    least, most = points
    return f"{least:+d}" if least == most else f"{least:+d} to {most:+d}"


def ending_points_text(game: Game, effect: Effect, common: Effect,
                       viewer: str | None) -> str:
    """An option's points in short ('you +4, Ben +1 to +3'), said as what each score gains
    by the end where the option ends the game (`common`: what every option does alike)."""
    said = points_text(game, effect.points, viewer, effect)
    ends = effect.final or effect.ending is not None or common.final or \
        common.ending is not None
    return f"{BY_THE_END}: {said}" if ends else said


def common_effect(effects: list[Effect], supplies: bool = True) -> tuple[Effect, list[Effect]]:
    """What every option does alike (the same points, pieces and end), said once, and what
    each does beyond it. `supplies=False`: pieces handed out of a common pile whatever the
    choice (the rest of a setup, say) are left out: they tell nothing about the choice; but
    pieces of nobody's that come into the viewer's zones (cards drawn) are said."""
    if len(effects) < 2:
        return Effect(), effects
    first = effects[0]
    # the points said once only where every player's are alike: an option's line with the
    # others' points and not the viewer's read as if the viewer gained nothing (a newcomer's
    # game-ending move: 'Player 2 +21 to +23, ...', theirs said apart, out of sight)
    points = first.points if all((e.points, e.lost, e.net) ==
                                 (first.points, first.lost, first.net) for e in effects) else {}
    alike = [m for m in first.moves if all(m in e.moves for e in effects)]
    # a player's pieces moved from one common pile to another whatever the choice (every
    # player's score marker set out on the track) are bookkeeping of the rules: a newcomer
    # read them as the choice's doing; they are not said
    alike_said = [m for m in alike if m not in first.bookkept]
    moves = alike_said if supplies else [m for m in alike_said if m not in first.supplied
                                         or into_own(m) and not m.startswith(OWN)]
    # cards drawn into the viewer's hand whatever they choose are said (a newcomer saw them
    # on the option that led here and not on this screen); their own pieces handed out (a
    # setup's supply) are not
    ending = first.ending if all(e.ending == first.ending for e in effects) else None
    starts = first.starts if all(e.starts == first.starts for e in effects) else None
    then = first.then if all(e.then == first.then for e in effects) else []
    reason = first.because if points and all(e.because == first.because for e in effects) \
        else None
    later = first.later if all(e.later == first.later for e in effects) else []
    final = first.final if all((e.final, e.winners) == (first.final, first.winners)
                               for e in effects) else {}
    common = Effect(points, moves, [], ending, starts=starts, then=then, because=reason,
                    lost=first.lost if points else {}, net=first.net if points else {},
                    later=later, final=final, winners=first.winners if final else [],
                    final_by_choice=first.final_by_choice,
                    final_estimate=first.final_estimate)
    rest = [Effect({p: r for p, r in e.points.items() if p not in points},
                   [m for m in e.moves if m not in alike], e.maybe,
                   None if ending is not None else e.ending, e.ends_sometimes,
                   starts=None if starts is not None else e.starts,
                   then=[] if then else e.then,  # each option's reason: in 'why' (room),
                   because=e.because if e.by_choice else short_reason(e.because),  # but
                   # a range's, and a reason said short (a newcomer read 'you +4, Player 3
                   # +4' on an option and never learnt why)
                   later=[] if later else e.later, by_choice=e.by_choice,
                   final={} if final else e.final, winners=[] if final else e.winners,
                   final_by_choice=e.final_by_choice, final_estimate=e.final_estimate,
                   ways={name: {p: r for p, r in way.items() if p not in points}
                         for name, way in e.ways.items()},
                   lost={} if points else e.lost, net={} if points else e.net)
            for e in effects]
    if ending is not None and not points and not final:
        _usual_figures(common, rest)
    return common, rest


def _usual(values: list[Any]) -> tuple[bool, Any]:
    """The value most of `values` share (the first of the most shared), and whether two at
    least share it."""
    counts = Counter(repr(v) for v in values)
    best = max(values, key=lambda v: counts[repr(v)])
    return counts[repr(best)] > 1, best


def _usual_figures(common: Effect, rest: list[Effect]) -> None:
    """Where every option ends the game alike but some by other figures: each player's
    figure most options share (what they gain by the end, what they end with) said once, in
    `common` ('unless a choice says otherwise'), and on each option only the figures that
    differ. Seed 318's newcomer read 13 buttons of places each repeating 'by the end: you +92 to
    +98, Player 2 +11 to +17, Player 3 +32, Player 4 +12', one of them different."""
    players = list(dict.fromkeys(p for e in rest for p in e.points))
    base: dict[str, tuple[int, int]] = {}
    for p in players:
        shared, value = _usual([e.points.get(p, (0, 0)) for e in rest])
        if shared:
            base[p] = value
    finals: dict[str, Any] = {}
    if all(e.final for e in rest):
        for p in rest[0].final:
            shared, value = _usual([e.final.get(p) for e in rest])
            if shared:
                finals[p] = value
        if len(finals) < len(rest[0].final):  # final scores said whole, or not at all
            finals = {}
    if not base and not finals:
        return
    common.points = {p: r for p, r in base.items() if r != (0, 0)}
    common.usual = True
    if finals:
        common.final = finals
        common.final_estimate = any(e.final_estimate for e in rest)
        common.final_by_choice = any(e.final_by_choice for e in rest)
        shared, winners = _usual([e.winners for e in rest])
        common.winners = winners if shared else []
    for e in rest:
        e.points = {p: r for p, r in e.points.items() if base.get(p, (0, 0)) != r} | \
            {p: (0, 0) for p, r in base.items() if r != (0, 0) and p not in e.points}
        if finals and e.winners == common.winners:  # the final scores differ as the
            # points by the end do (said): not again
            e.final, e.winners = {}, []
        elif finals:  # who wins differs: said with the scores that differ
            e.final = {p: r for p, r in e.final.items() if finals[p] != r}


# ---------------------------------------------------------------- comparing two positions
@dataclass
class _Seen:
    points: dict[str, int]
    moves: list[str]
    ending: str | None
    supplied: set[str] = field(default_factory=set)
    starts: str | None = None
    then: list[str] = field(default_factory=list)
    because: str | None = None
    later: list[str] = field(default_factory=list)
    drawn: list[dict[str, int]] = field(default_factory=list)  # points with other draws
    chosen: list[dict[str, int]] = field(default_factory=list)  # points of the other ways
    # of the player's own coming choice
    ways: list[tuple[str, dict[str, int]]] = field(default_factory=list)  # each way of that
    # choice in words, with its points (the first way's too)
    bookkept: set[str] = field(default_factory=set)  # see PieceWords.bookkept
    finals: list[tuple[dict[str, Any], tuple[str, ...]]] = field(default_factory=list)  # the
    # scores and winners at the end, where the game ends (see certain_end.final_of)
    by_choice: bool = False  # the finals differ by the player's own coming choice
    lost: dict[str, int] = field(default_factory=dict)  # points at the final scoring (if it
    # came now) that fall with the option, by player


def because(twin: Game, viewer: str, points: dict[str, int], label: str = "") -> str | None:
    """The log line of the option's run that says why the viewer's points change: the one
    that names the viewer and the amount ('Ann scores 4 VP: towers in 3 regions'), if any;
    when only other players' points change, the same for the first of them (a newcomer read
    'Player 2 +4, Player 3 +4' for turns and never learnt why); None when it names the
    option itself (`label`: 'North: you +4' says what 'Ann scores 4 VP in North' would say
    again)."""
    who = viewer if points.get(viewer) else next((p for p in points if points[p]), None)
    change = points.get(who) if who is not None else None
    if not change:
        return None
    name = twin.label(who)
    amount = re.compile(rf"(?<![\d+-]){abs(change)}(?!\d)")
    named = _numbered_names(twin)  # 'space 4' holds a 4 that is no amount
    line = next((line.rstrip(".") for line in twin.events
                 if name in line and amount.search(_without(line, named))), None)
    if line is None or (label and label in line):
        return None
    return as_you(line, name) if who == viewer else line  # 'you score 4 VP ...'


def short_reason(line: str | None) -> str | None:
    """What a reason's line says after its last colon ('the special scoring after round 3'
    of 'Ann scores 4 VP for towers in 3 regions: the special scoring after round 3'), where
    it has one: the name of the rule, short enough to stand beside an option."""
    return line.rsplit(": ", 1)[1] if line and ": " in line else None


def _numbered_names(game: Game) -> list[str]:
    """The names of the game's things that hold a digit, longest first."""
    names = {str(game.label(v)) for v in game.world.attrs if isinstance(v, str)}
    return sorted((n for n in names if any(c.isdigit() for c in n)), key=len, reverse=True)


def _without(line: str, names: list[str]) -> str:
    for name in names:
        if name in line:
            line = line.replace(name, " ")
    return line


class Picture:
    """A position as a player sees it: the scores, whether the game is over and, with
    `pieces` (what `changed` compares; `compare` needs none), the variables and each zone's
    pieces (kind -> count, or UNSEEN -> count where the player sees only how many)."""

    def __init__(self, game: Game, viewer: str, pieces: bool = True) -> None:
        self.game = game
        self.viewer = viewer
        self.scores = game.scores()
        self.over = game.over
        self.ending = game.state.get("ending") if game.over else None
        self.vars: dict[tuple, Any] = {}
        self.zones: dict[tuple[str, Any], dict[Any, int]] = {}
        if not pieces:
            return
        view = game.view(viewer)
        self.vars = _flat(view["vars"])
        for name, content in view["zones"].items():
            if game.program.zones[name].decl.index:
                for key, member in content.items():
                    self.zones[(name, key)] = _counted(member)
            else:
                self.zones[(name, None)] = _counted(content)

    def compare(self, after: Picture, moves: list[Moved], option: Any = None,
                own: bool = False, ahead: bool = False,
                zones: dict[str, str] | None = None,
                drawn: frozenset[str] = frozenset()) -> _Seen:
        """What changed: the points and the end from the two pictures, the pieces from the
        moves the engine made in between (`moves_seen`), as the viewer may know them. `own`:
        moves within the viewer's own zones too (an offer taken back); `ahead`: moves on a
        sample (a preview), where a face-down piece drawn is not known by where it lands;
        `zones`: short names of zones (see PieceWords.zone); `drawn`: the random streams the
        run drew from (a piece a draw picks is said so, never by its kind of this sample)."""
        points = {p: after.scores[p] - self.scores[p] for p in self.scores
                  if after.scores[p] != self.scores[p]}
        ending = after.ending if after.over and not self.over else None
        words = PieceWords(self.game, self.viewer, option, own, zones)
        said = words.moves(flows(self.game, moves, self.viewer, ahead, drawn))
        return _Seen(points, said, ending, words.supplied, bookkept=words.bookkept)

    def owner_of(self, kind: str) -> str | None:
        """The player a piece belongs to (an attribute of the player type), if any."""
        return PieceWords(self.game, self.viewer).owner(kind)

    def changed(self, after: Picture, mover: str) -> bool:
        """Whether anything changed beyond the mover's own zones and variables (a card moved
        from their hand to their own area, a choice of their own): a quiet step is not."""
        if after.scores != self.scores or after.over != self.over:
            return True
        for key in set(after.vars) | set(self.vars):
            if after.vars.get(key) != self.vars.get(key) and key[1] != mover:
                return True
        for zone in set(after.zones) | set(self.zones):
            if after.zones.get(zone, {}) != self.zones.get(zone, {}) and zone[1] != mover:
                return True
        return False


def _flat(values: dict[str, Any]) -> dict[tuple, Any]:
    """Variables as (name, key) -> value, one entry per key of an indexed one."""
    out: dict[tuple, Any] = {}
    for name, value in values.items():
        if isinstance(value, dict):
            for key, member in value.items():
                out[(name, key)] = member
        else:
            out[(name, None)] = value
    return out


def _counted(content: Any) -> dict[Any, int]:
    """How many of each kind (no kind with none: equal contents compare equal)."""
    if not content:
        return {}
    if isinstance(content, list):
        return dict(Counter(content))
    if isinstance(content, dict) and "count" in content:  # face down, perhaps its top seen
        top, count = content.get("top"), content["count"]
        if top is not None and count > 0:
            return {top: 1, UNSEEN: count - 1} if count > 1 else {top: 1}
        return {UNSEEN: count} if count else {}
    if isinstance(content, dict):
        return {k: n for k, n in content.items() if n}
    return {}


def _component(game: Game, kind: str) -> str | None:
    attrs = game.world.attrs.get(kind)
    return attrs.get("component") if attrs else None


class PieceWords:
    """Moves of pieces in the ruleset's words."""

    def __init__(self, game: Game, viewer: str, option: Any = None, own: bool = False,
                 zones: dict[str, str] | None = None) -> None:
        self.game = game
        self.zones = zones or {}  # short names of zones, for play (the display's)
        self.own = own  # moves within the viewer's own zones are said too
        self.viewer = viewer
        self.option = option  # a place that is the option chosen is said so
        self.players = set(game.players)
        self.supplied: set[str] = set()  # the moves said that come out of a common pile
        self.bookkept: set[str] = set()  # a player's pieces from one common pile to another

    def moves(self, flows: list[tuple]) -> list[str]:
        """Each (from, to, kind, count, at the bottom) in words, alike moves together."""
        groups: dict[tuple, list] = {}
        for source, target, kind, n, bottom in flows:
            if source == target or source[1] in self.players and source[1] == target[1] \
                    and not (self.own and source[1] == self.viewer):
                continue  # within one zone (a new top), or one player's own zones: no news
            if self.restates(source, target, kind):
                continue
            owner = self.owner(kind)
            noun = self.noun(kind, source, target)
            key = (noun, owner, source[0], self.player_key(source), target[0],
                   self.player_key(target), bottom)
            groups.setdefault(key, []).append((source[1], target[1], kind, n))
        out: list[str] = []
        for (key, moved), receivers in self.alike_to_players(self.each_place(groups)):
            (noun, owner, src, src_player, dst, dst_player, bottom), (n, kinds, froms, tos) = \
                key, self.tally(moved)
            things = self.things(noun, n, kinds)
            whose = "" if owner is None else (OWN if owner == self.viewer
                                              else f"{self.game.label(owner)}'s ")
            put_under = self.under(dst, dst_player, tos) if bottom else None
            under = ", at the bottom" if bottom and put_under is None else ""
            target = self.zone(dst, dst_player, tos) if len(receivers) < 2 else \
                self.each_players(dst, receivers)
            source = self.zone(src, src_player, froms)
            verb = "goes" if n == 1 else "go"
            if put_under and src_player not in (None, self.viewer):
                # from another player's zone: whose it was stays said where a screen keeps
                # only where pieces go (a newcomer read another's pieces going under a pile
                # with no word of whose they had been)
                out.append(f"{whose}{things} from {source} {verb} {put_under}")
            else:
                # in the log's words where the display gives them ('face up under the red pile')
                route = f"{put_under}, from {source}" if put_under else _route(source, target)
                out.append(f"{whose}{things} {verb} {route}{under}")
            if src_player is None and not froms:  # a zone of its own, nobody's
                self.supplied.update((out[-1], _without_kinds(out[-1])))
                if owner is not None and dst_player is None and not tos and \
                        len(receivers) < 2:  # to another such zone: no board, no hand
                    self.bookkept.update((out[-1], _without_kinds(out[-1])))
        return out

    def alike_to_players(self, entries: list[tuple[tuple, list]]
                         ) -> list[tuple[tuple[tuple, list], list[str]]]:
        """The moves, those alike but for the other player whose zone receives them (a card
        each from one stack to two players' hands) together: (the first, the receivers).
        Said apart, a list cut into what every choice does and what one does read as if
        one player alone got it."""
        def shape(entry: tuple[tuple, list]) -> tuple | None:
            key, moved = entry
            noun, owner, src, src_player, dst, dst_player, bottom = key
            if dst_player in (None, self.viewer) or src_player is not None or owner:
                return None
            n, kinds, froms, _ = self.tally(moved)
            return (noun, src, tuple(froms), dst, bottom, n, self.things(noun, n, kinds))

        shapes = [shape(entry) for entry in entries]
        out: list[tuple[tuple[tuple, list], list[str]]] = []
        for k, entry in enumerate(entries):
            if shapes[k] is not None and shapes[k] in shapes[:k]:
                continue  # said with the first of its shape
            alike = [entries[j][0][5] for j in range(k, len(entries))
                     if shapes[k] is not None and shapes[j] == shapes[k]]
            out.append((entry, alike))
        return out

    def each_players(self, zone: str, players: list[str]) -> str:
        """'each of Ann's and Ben's hands'."""
        names = [f"{self.game.label(p)}'s" for p in players]
        return f"each of {and_list(names)} {_plural(zone.replace('_', ' '))}"

    def tally(self, moved: list[tuple]) -> tuple[int, list[str], list[Any], list[Any]]:
        """How many pieces, their kinds, and the places (no player's) they come from and go
        to, of (from place, to place, kind, count) moves."""
        n, kinds, froms, tos = 0, [], [], []
        for source, target, kind, count in moved:
            n += count
            kinds += [kind] * count
            if source is not None and source not in self.players:
                froms.append(source)
            if target is not None and target not in self.players:
                tos.append(target)
        return n, kinds, froms, tos

    def each_place(self, groups: dict[tuple, list]) -> list[tuple[tuple, list]]:
        """The groups, but one whose pieces go from many places to many places that no name
        holds together ('3 tiles go from 3 places to 3 places' says nothing) is said place
        by place ('1 tile (red 5) goes from space 1 to North, left')."""
        out: list[tuple[tuple, list]] = []
        for key, moved in groups.items():
            _, _, froms, tos = self.tally(moved)
            if not self.vague(key[2], froms) or not self.vague(key[4], tos):
                out.append((key, moved))
                continue
            pairs: dict[tuple, list] = {}
            for move in moved:
                pairs.setdefault(move[:2], []).append(move)
            out += [(key, pair) for pair in pairs.values()]
        return out

    def vague(self, zone: str, places: list[Any]) -> bool:
        """Whether `places` of `zone` would be said only as 'N places' (see `zone`)."""
        decl = self.game.program.zones[zone].decl
        distinct = list(dict.fromkeys(places))
        return bool(decl.index) and decl.index[0] in self.game.world.entity_types and \
            len(distinct) > PLACES_NAMED and distinct != [self.option] and \
            self.shared(distinct) is None

    def restates(self, source: tuple, target: tuple, kind: str) -> bool:
        """A move into or out of the place chosen, from or to no player's zone (a piece put
        on the place chosen from a common supply): the option itself says it, unless the
        piece is one of a kind the option does not name (which tile goes there)."""
        option = self.option
        if option is None or option in self.players or self.named_kinds(kind):
            return False
        return target[1] == option and source[1] not in self.players or \
            source[1] == option and target[1] not in self.players

    def player_key(self, zone: tuple[str, Any]) -> Any:
        return zone[1] if zone[1] in self.players else None

    def owner(self, kind: str) -> str | None:
        """The player a piece belongs to (an attribute of the player type), if any."""
        comp = self.game.world.components.get(_component(self.game, kind) or "")
        attrs = self.game.world.attrs.get(kind, {})
        if comp is None:
            return None
        for name, value in attrs.items():
            if name not in ("component", "name") and value in self.players:
                return value
        return None

    def noun(self, kind: str, source: tuple, target: tuple) -> str:
        comp_name = _component(self.game, kind) if kind not in (UNSEEN, DRAWN) else None
        if comp_name is None:  # unseen on both sides: the zones say what they hold
            comp_name = self.game.program.zones[source[0]].decl.of or \
                self.game.program.zones[target[0]].decl.of
        comp = self.game.world.components.get(comp_name or "")
        if comp is None:
            return "piece"
        noun = comp.decl.label or comp.decl.name.replace("_", " ")
        first, _, rest = noun.partition(" ")
        return rest if first.lower() in ("a", "an", "the") and rest else noun

    def things(self, noun: str, n: int, kinds: list[str]) -> str:
        """'3 towers', '2 cards (red 5, black 6)'."""
        words = f"{n} {noun if n == 1 else _plural(noun)}"
        if DRAWN in kinds:
            return f"{words} drawn at random"
        known = [k for k in kinds if k != UNSEEN]
        if known and len(known) == len(kinds) and n <= 3 and self.named_kinds(known[0]):
            words += f" ({', '.join(self.game.label(k) for k in known)})"
        return words

    def named_kinds(self, kind: str) -> bool:
        """Whether a kind says more than its owner (a card's colour and value does)."""
        attrs = self.game.world.attrs.get(kind, {})
        return any(name not in ("component", "name") and value not in self.players
                   for name, value in attrs.items())

    def under(self, name: str, player: Any, places: list[Any]) -> str | None:
        """Where pieces put at the bottom of a common zone go, in the display's words for it
        ('face up under the violet stack', as the log says it), or None where it has none."""
        words = self.zones.get(name + UNDER)
        if words is None or player is not None:
            return None
        if "{}" not in words:
            return words
        keys = list(dict.fromkeys(self.game.label(p) for p in places))
        return words.replace("{}", " and ".join(keys)) if keys else None

    def zone(self, name: str, player: Any, places: list[Any]) -> str:
        """A zone in words: a player's by its name ('your hand'); a common one by its short
        name for play where the display gives one, else by its description; with the
        places of an indexed zone ('the green stack' for a short name 'the {} stack')."""
        decl = self.game.program.zones[name].decl
        short = self.zones.get(name)
        if short is not None and player is None and "{}" in short and places:
            keys = list(dict.fromkeys(self.game.label(p) for p in places))
            return short.replace("{}", " and ".join(keys))
        label = short if short is not None and "{}" not in short else \
            decl.label or name.replace("_", " ")
        if player is not None:  # a player's own zone: by its short name ('your hand')
            short = name.replace("_", " ")
            return f"your {short}" if player == self.viewer else \
                f"{self.game.label(player)}'s {short}"
        if not places:  # a zone of its own, nobody's: 'the supply', a name as it is
            return _the(label)
        distinct = list(dict.fromkeys(places))
        index = decl.index[0] if decl.index else None
        if index is not None and index not in self.game.world.entity_types:
            keys = ["-".join(self.game.label(part) for part in str(p).split("|"))
                    for p in distinct]
            return f"{_the(label)} ({', '.join(keys)})"
        if distinct == [self.option]:  # alike for every option: said once
            return f"the {index.replace('_', ' ')}{CHOSEN}"
        if len(distinct) <= PLACES_NAMED:
            return " and ".join(self.game.label(p) for p in distinct)
        shared = self.shared(distinct)
        return shared if shared is not None else f"{len(distinct)} places"

    def shared(self, places: list[Any]) -> str | None:
        """The name of an entity that all `places` refer to alike (their region, say)."""
        attrs = self.game.world.attrs
        first = attrs.get(places[0], {})
        for name, value in first.items():
            if name in ("id", "name") or not isinstance(value, str) or value not in attrs:
                continue
            if all(attrs.get(p, {}).get(name) == value for p in places):
                return self.game.label(value)
        return None


def _plural(noun: str) -> str:
    head, sep, tail = noun.partition(" of ")
    if sep:
        return _plural(head) + sep + tail
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


# Zone labels that say their own article or preposition ('a bag', 'out of the game'): said
# as they are, with no 'the' before them, and a place to go with no 'to'
_ARTICLES = ("the ", "a ", "an ")
_PREPOSITIONS = ("out of ", "into ", "in ", "on ", "under ", "below ", "above ", "back ")


def _the(label: str) -> str:
    """A common zone's label with 'the' before it, unless it is a name or says its own."""
    return label if label[:1].isupper() or label.startswith(_ARTICLES + _PREPOSITIONS) \
        else f"the {label}"


def _route(source: str, target: str) -> str:
    """'from the supply to your hand'; a target said with its own preposition first ('out of
    the game, from ...')."""
    if target.startswith(_PREPOSITIONS):
        return f"{target}, from {source}"
    return f"from {source} to {target}"


def _without_kinds(move: str) -> str:
    """A move without the kinds of its pieces ('2 cards go ...' for '2 cards (a, b) go ...')."""
    return re.sub(r" \([^)]*\)(?= goe?s? )", "", move, count=1)


def _combine(game: Game, seen: list[_Seen]) -> Effect:
    """One effect from the samples: points as ranges, pieces moved in every sample, the others
    as 'perhaps', the end when it comes in every sample."""
    runs = [points for s in seen for points in (s.points, *s.drawn, *s.chosen)]
    players = {p for points in runs for p in points}
    points = {}
    for p in sorted(players, key=game.players.index):
        values = [run.get(p, 0) for run in runs]
        points[p] = (min(values), max(values))
    # a move in every sample is said; its kinds only when every sample names the same
    said = [{_without_kinds(m): m for m in s.moves} for s in seen]
    always, plain = [], set()
    for key, move in said[0].items():
        if all(key in d for d in said):
            always.append(move if all(d[key] == move for d in said) else key)
            plain.add(key)
    some = list(dict.fromkeys(key for d in said for key in d if key not in plain))
    endings = {s.ending for s in seen}
    ending = seen[0].ending if len(endings) == 1 else None
    supplied = set().union(*(s.supplied for s in seen))
    bookkept = set().union(*(s.bookkept for s in seen))
    starts = seen[0].starts if all(s.starts == seen[0].starts for s in seen) else None
    then = seen[0].then if all(s.then == seen[0].then for s in seen) else []
    reason = seen[0].because if all(s.because == seen[0].because for s in seen) else None
    later = [m for m in seen[0].later if all(m in s.later for s in seen)]
    final, winners = _finals(game, seen) if ending is not None else ({}, [])
    lost, net = _lost(game, seen)
    return Effect(points, always, some, ending, ending is None and endings != {None},
                  supplied, starts, then, reason, later, any(s.chosen for s in seen),
                  final, winners, any(s.by_choice for s in seen), bookkept=bookkept,
                  final_estimate=bool(final) and _finals_differ(seen),
                  ways=_ways(game, seen), lost=lost, net=net)


def _lost(game: Game, seen: list[_Seen]) -> tuple[dict[str, tuple[int, int]],
                                                  dict[str, tuple[int, int]]]:
    """The points each player loses at the final scoring (if it came now), least and most
    over the samples, and their points now less that loss; only players who lose some."""
    players = sorted({p for s in seen for p in s.lost}, key=game.players.index)
    lost, net = {}, {}
    for p in players:
        losses = [s.lost.get(p, 0) for s in seen]
        nets = [s.points.get(p, 0) - s.lost.get(p, 0) for s in seen]
        lost[p], net[p] = (min(losses), max(losses)), (min(nets), max(nets))
    return lost, net


def _ways(game: Game, seen: list[_Seen]) -> dict[str, dict[str, tuple[int, int]]]:
    """Each way of the player's own coming choice in words -> each player's points by it,
    least and most over the samples ({} unless every sample names its ways)."""
    if not seen or not all(s.ways for s in seen):
        return {}
    runs: dict[str, list[dict[str, int]]] = {}
    for s in seen:
        for name, points in s.ways:
            runs.setdefault(name, []).append(points)
    out = {}
    for name, points in runs.items():
        players = sorted({p for run in points for p in run}, key=game.players.index)
        out[name] = {p: (min(run.get(p, 0) for run in points),
                         max(run.get(p, 0) for run in points)) for p in players}
    return out


def ways_words(game: Game, effect: Effect, viewer: str | None) -> str:
    """The points of each way of the player's own coming choice, ways alike said together:
    'by what you choose next: the north (you +6), the east or the west (you +15, Ann
    +2), the south (no points)'; just BY_CHOICE where the ways are not known."""
    if not effect.ways:
        return BY_CHOICE
    alike: dict[str, list[str]] = {}
    for name, points in effect.ways.items():
        said = points_text(game, {p: r for p, r in points.items() if r != (0, 0)}, viewer)
        alike.setdefault(said or "no points", []).append(name)
    return f"{BY_CHOICE}: " + ", ".join(f"{and_list(names, 'or')} ({said})"
                                         for said, names in alike.items())


def _finals_differ(seen: list[_Seen]) -> bool:
    """Whether the samples end with other scores (each sample's ways on, as a set): the
    final scores hang on what is hidden or drawn, not only on the player's choices."""
    return len({frozenset(tuple(sorted(scores.items())) for scores, _ in s.finals)
                 for s in seen}) > 1


def _finals(game: Game, seen: list[_Seen]) -> tuple[dict[str, tuple[Any, Any]],
                                                    list[tuple[str, ...]]]:
    """Each player's least and most final score over the samples' ends, and the distinct
    winners; nothing where a sample has no end, or the scores are no numbers."""
    runs = [run for s in seen for run in s.finals]
    if not runs or not all(s.finals for s in seen):
        return {}, []
    try:
        final = {p: (min(r[0][p] for r in runs), max(r[0][p] for r in runs))
                 for p in game.players}
    except TypeError:
        return {}, []
    return final, list(dict.fromkeys(r[1] for r in runs))



__all__ = ["WHICHEVER", "Effect", "Outlook", "common_effect", "effect_words", "outlook",
           "points_text", "run_start"]
