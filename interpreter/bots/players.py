"""Automated players written in Python, for simulations and for filling empty seats.

A bot decides from what its player may see (`Game.view(player)`) and the decision it must
take. The greedy bot builds samples of the game from that view (`sampling.py`); the samples
also copy the rules' own bookkeeping (the locals of running procedures): the checker refuses a
ruleset that would keep something private in a local name while the game waits for a decision
(engine/secrecy.py), and secret choices are kept out of the locals until they are revealed.
Bots that the rules themselves define (a dummy player, say) are not here: they live in the
ruleset and the interpreter runs them like any other rule.

New bots join the registry `BOTS` under a short name, so that `rules simulate --bot NAME`
can find them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from interpreter.bots.draws import decision_draws, first_of
from interpreter.bots.judging import Judge
from interpreter.bots.views import nothing_to_judge
from interpreter.engine.runtime import Decision
from interpreter.language.errors import GameRuleError, RulesError, did_you_mean


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of a decision's options from a player's view."""

    name: str

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        """One of `decision.options`. All randomness must come from `rng` (for replays)."""
        ...


class RandomBot:
    """Picks uniformly among the legal options; looks at nothing else."""

    name = "random"

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


MAX_JUDGED = 1_000  # options the greedy bot looks ahead on for one decision
# Options from which the greedy bot looks ahead by make and unmake on its sample (Game.make)
# instead of a copy per option; None: never. Off: measured on the bundled 4-player game
# (4 greedy bots, 8 games, CPU time) it is slower from any number of options (5: 2.55
# games/s against 3.02 with copies; 20: 2.78 against 2.84): putting each new sample in
# journaling form costs about three copies, and the final scoring of each option then runs
# on journaling containers. The same choices either way (tests/test_greedy_make.py).
MAKE_FROM: int | None = None


class GreedyBot:
    """Looks one decision ahead and scores each option with the ruleset's own scoring.

    For each legal option it takes a sample of the game as its player sees it (hidden cards and
    the coming draws are dealt at random: `interpreter.bots.sampling.sample_game`), applies the
    option, lets the game run to the next decision, and then asks "what if the game ended
    now?": it runs the ruleset's `final_scoring` on that copy and compares `score` of its
    player with the best other score. It takes the option with the best margin (among equals,
    the one a random rank of each option number puts first: `draws.first_of`, so that two
    rulesets whose bots find other sets of equals still agree whenever they can). All options
    are judged on the same sample. Facing more than MAX_JUDGED options, it judges MAX_JUDGED
    of them drawn at random (from `rng`, so replays still agree) and says so in `last_note`.

    It needs the game behind its view (`view.game`, or the view of a simulation); given a plain
    view it plays like the random bot.
    """

    name = "greedy"
    last_note: str | None = None  # what the last decision left out, if anything

    def __init__(self, thorough: bool = False) -> None:
        self._judges: dict[tuple[int, str], Judge] = {}
        self.thorough = thorough  # judge at every choice point, however rarely it matters
        self.spread = 0  # how many different values the options of the last decision had
        self._runs: dict[str, OwnRun] = {}  # per player it plays: its run of decisions

    def _judge(self, sample: Any, me: str) -> Judge:
        """The judge of `me` in games of this program, with what it has scored so far (a
        final scoring depends only on what it reads: its result is kept for the next
        decisions too)."""
        judge = self._judges.get((id(sample.program), me))
        if judge is None or judge.program is not sample.program:
            judge = self._judges[(id(sample.program), me)] = Judge(sample.program, me)
        judge.sample = sample
        return judge

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        options = decision.options
        game, taken = nothing_to_judge(view, options, rng)
        if game is None:
            return taken
        run = self._runs.setdefault(decision.player, OwnRun())
        steady = run.least_declined(game, options)
        allowed = no_detours(game, decision, run.declined, rng, self._judge)
        option = self._choose(game, decision, rng, steady, set(allowed))
        run.took(game, options, option)
        return option

    def _choose(self, game: Any, decision: Decision, rng: random.Random,
                steady: list[int], allowed: set[int]) -> Any:
        """The option to take: of the option numbers `allowed`, the best judged; among
        options it cannot tell apart, one of `steady` where it can (the ones it has turned
        down least often in its run of decisions: `OwnRun`)."""
        from interpreter.bots.sampling import sample_game

        options = decision.options
        self.last_note = None
        if not self.thorough and game.state["pending"] is not None:
            rate = how_often_it_matters(game).get(tuple(game.state["pending"]["at"]))
            if rate is not None and rate < RARELY:  # its way of playing, not worth a note:
                pool = [i for i in steady if i in allowed] or sorted(allowed)  # a game has
                return options[pool[rng.randrange(len(pool))]]  # hundreds of these
        tiebreak = rng.getrandbits(64)
        sample = sample_game(game, decision.player, rng)
        judge = self._judge(sample, decision.player)
        numbers = sorted(allowed)
        if len(numbers) > MAX_JUDGED:
            self.last_note = (f"{len(options)} options: the greedy bot judged "
                              f"{MAX_JUDGED} of them, drawn at random")
            numbers = sorted(rng.sample(numbers, MAX_JUDGED))
        judge.making = MAKE_FROM is not None and len(numbers) >= MAKE_FROM
        if judge.making:
            sample.journaled()
        best: list[int] = []
        best_value = None
        for i in numbers:
            value = judge.value_after(options[i])
            if best_value is None or value > best_value:
                best, best_value = [i], value
            elif value == best_value:
                best.append(i)
        self.spread = len(best) < len(numbers)
        best = [i for i in best if i in steady] or best
        return options[first_of(best, tiebreak) if len(best) > 1 else best[0]]


class OwnRun:
    """What a bot turned down in its current run of decisions: the decisions one running
    procedure of the rules asked it one after the other, with nobody else deciding in between
    (a choice made step by step, such as an offer built item by item). Nothing new has
    happened during a run but its own steps, so among options it cannot tell apart the bot
    keeps to its course: it prefers the ones it has turned down least often. Without this,
    a bot that cannot tell building an offer from giving it up (neither scores until the
    offers are over) builds one step by step and then withdraws it, a move no player makes
    on purpose. The run ends, and is forgotten, as soon as another decision (anyone's, or one
    taken outside the bot) comes in between, or another procedure asks."""

    def __init__(self) -> None:
        self.call: str | None = None  # the procedure call that asked the run's decisions
        self.next_step = -1
        self.declined: dict[Any, int] = {}

    def least_declined(self, game: Any, options: list[Any]) -> list[int]:
        """The numbers of `options` turned down least often in the run under way."""
        call = call_key(game)
        if self.call != call or self.next_step != game.state["step"]:
            self.call, self.declined = call, {}
        return fewest_declined(options, self.declined)

    def took(self, game: Any, options: list[Any], option: Any) -> None:
        """Remember the decision: `option` taken, the others turned down once more."""
        self.next_step = game.state["step"] + 1
        chosen = _key(option)
        for other in options:
            key = _key(other)
            if key != chosen:
                self.declined[key] = self.declined.get(key, 0) + 1


def call_key(game: Any) -> str:
    """The procedure call that asks the decision pending, told apart from every other call
    by what it is, not by the objects it is made of (a table hands its bots a copy of the game
    at each decision, whose frames are new objects): the frames under it as they wait, and its
    name and arguments."""
    stack = game.stack
    top = stack[-1]
    arguments = top[2][:len(game.program.procs[top[0]].params)]
    return repr(([(f[0], f[1], f[2]) for f in stack[:-1]], top[0], arguments))


def fewest_declined(options: list[Any], declined: Mapping[Any, int]) -> list[int]:
    """The numbers of the options turned down least often (`declined`: times by key)."""
    counts = [declined.get(_key(o), 0) for o in options]
    fewest = min(counts)
    return [i for i, n in enumerate(counts) if n == fewest]


RUN_LOOKAHEAD = 40  # own decisions a bot follows a run to, at most (no_detours)
DETOURS_UP_TO = 60  # options a decision may have for no_detours to follow each of them (a
# copy and a run each: an offer made item by item has 15 or so; a choice of 20,000 numbers
# would take minutes)


def no_detours(game: Any, decision: Decision, declined: Mapping[Any, int],
               rng: random.Random, judge_of: Callable[[Any, str], Judge] | None = None
               ) -> list[int]:
    """The numbers of the options that are no detour. On a sample of the game
    (`sampling.sample_game`: it reads only what the player may see) the bot follows each
    option with the rest of its run, kept to its course as `OwnRun` keeps it (the option
    turned down least often, the first among equals), up to the next decision of anyone else
    or of another procedure. An option is a detour when that run ends by taking an option
    turned down before: here, or earlier in the run (`declined`: times by key). Say an offer
    built step by step that the hand cannot complete, which ends by giving it up: giving it
    up at once reaches the same, and judged one decision ahead the detour only looks better
    for putting off the loss; or giving up half-way, after turning it down at the start.
    All of them when every one is a detour, or when there are more than DETOURS_UP_TO.

    At the start of a run that has a way out (`way_out`), with `judge_of` (the judge of a
    player on a game), the options whose run, if it stood, gains the bot nothing over
    taking the way out at once are left out too (`gains`): an offer whose win places
    nothing and scores nothing only spends what it offers."""
    from interpreter.bots.sampling import sample_game

    me, options = decision.player, decision.options
    if len(options) > DETOURS_UP_TO:
        return list(range(len(options)))
    sample = sample_game(game, me, rng)
    sample.auto = False  # an only option is taken by the run itself, and counted
    kept = []
    ends: list[tuple[Any, Any]] = []  # each option's copy at the end of its run, and its
    # frame that settles what the run wins (`settler`)
    later: list[list[set[Any]]] = []  # each option's run: the keys offered after its start
    for i in range(len(options)):
        seen = dict(declined)
        for j, o in enumerate(options):
            if j != i:
                seen[_key(o)] = seen.get(_key(o), 0) + 1
        turned_down = set(seen)
        twin = sample.clone()
        frame = twin.stack[-1]
        settles = settler(twin)
        twin.apply(options[i])
        last = options[i]  # the run's last option
        offered: list[set[Any]] = []
        for _ in range(RUN_LOOKAHEAD):
            pending = twin.state["pending"]
            if pending is None or pending["player"] != me or twin.stack[-1] is not frame:
                break
            now = pending["options"]
            offered.append({_key(o) for o in now})
            pick = fewest_declined(now, seen)[0]
            for j, o in enumerate(now):
                if j != pick:
                    seen[_key(o)] = seen.get(_key(o), 0) + 1
            last = now[pick]
            twin.apply(last)
        ends.append((twin, settles))
        later.append(offered)
        if _key(last) not in turned_down:
            kept.append(i)
    if not kept:
        return list(range(len(options)))
    out = way_out(options, later)
    if judge_of is None or declined or out is None or out not in kept:
        return kept
    return gains(ends, kept, options[out], out, me, judge_of)


def way_out(options: list[Any], later: list[list[set[Any]]]) -> int | None:
    """The number of the option that leaves the run at once whenever the run goes on, if one
    does: the only option whose run ends with it (`later[i]`: the keys offered at each
    decision of option i's run after its first) and that is offered at every later decision
    of the other options' runs, one of them at least (giving up an offer built step by step,
    which may be given up at each step). None when no option or several are such."""
    found = [i for i, option in enumerate(options)
             if not later[i] and any(later[j] for j in range(len(options)) if j != i)
             and all(_key(option) in keys for j in range(len(options)) if j != i
                     for keys in later[j])]
    return found[0] if len(found) == 1 else None


AFTERMATH = 40  # decisions a bot follows past the end of its run, at most (gains)


def settler(game: Any) -> Any:
    """The frame of the procedure that settles what the run of the decision pending wins: the
    caller of the one that asks each player in turn (the contest), which called the one asking
    the run (an offer built step by step is asked for by a procedure that the contest calls
    for each player; the contest's caller gives its winner what it won). The bottom frame in a
    shallower stack."""
    stack = game.stack
    return stack[max(0, len(stack) - 3)]


def gains(ends: list[tuple[Any, Any]], kept: list[int], out_option: Any, out: int, me: str,
          judge_of: Callable[[Any, str], Judge]) -> list[int]:
    """Of the options `kept`, the way out (`out_option`, number `out`) and those whose run,
    if it stood, leaves the bot better off than the way out. Each run's end (`ends`: the
    copy, and its frame that settles what the run wins, `settler`) is played on while that
    frame runs, up to the bot's next decision that offers the way out: the others take the
    way out wherever they are offered it (they give way: the offer stands), and every other
    decision is taken as its player's greedy judgement puts first; then it is judged. Only
    the way out when no option is worth more than it: an offer whose win places nothing and
    scores nothing gains nothing, whatever it spends (the final scoring does not count what
    is kept in hand); one that keeps another player from a win that would cost the bot is
    worth it."""
    values = {i: aftermath(*ends[i], out_option, me, judge_of) for i in kept}
    better = [i for i in kept if i != out and values[i] > values[out]]
    return sorted(better + [out])


def aftermath(twin: Any, settles: Any, out_option: Any, me: str,
              judge_of: Callable[[Any, str], Judge]) -> Any:
    """The bot's value of `twin` (used up) played on as `gains` says."""
    out_key = _key(out_option)
    for _ in range(AFTERMATH):
        pending = twin.state["pending"]
        if pending is None or not any(f is settles for f in twin.stack):
            break
        who, now = pending["player"], pending["options"]
        way = next((o for o in now if _key(o) == out_key), None)
        if way is not None:
            if who == me:  # free again: what comes next is another run's to judge
                break
            twin.apply(way)
            continue
        if len(now) == 1:
            twin.apply(now[0])
            continue
        judge = judge_of(twin, who)
        judge.making = False  # by copies: `twin` is no sample in journaling form
        values = [judge.value_after(o) for o in now]
        twin.apply(now[values.index(max(values))])
    return judge_of(twin, me).value(twin)


def _key(option: Any) -> Any:
    """A dictionary key standing for an option (options of lists are not hashable)."""
    try:
        hash(option)
    except TypeError:
        return repr(option)
    return option


RARELY = 0.05  # choice points whose options score differently less often are played at random
CALIBRATION = (1,)  # seeds of the games that learn how often each choice point matters
CALIBRATION_DECISIONS = 2_000  # decisions of a calibration game at most
_MATTERS: dict[tuple[int, int], tuple[Any, dict[tuple, float]]] = {}


def how_often_it_matters(game: Any) -> dict[tuple, float]:
    """For each choice point of the rules, how often its options score differently at most
    (the upper end of an interval, `_at_most`) when greedy bots judged every decision of a
    few games (seeds CALIBRATION, as many players as `game`, CALIBRATION_DECISIONS decisions
    at most): played once per ruleset and player
    count, the same games whatever game asks, so replays and parallel runs still agree. Most
    choices of a game (an offer raised by one, a card taken into a hand) change nothing the
    scoring reads until later: judging them would cost a sample and a look-ahead per option
    for a random pick among equals."""
    key = (id(game.program), game.n)
    known = _MATTERS.get(key)
    if known is not None and known[0] is game.program:
        return known[1]
    asked: dict[tuple, int] = {}
    mattered: dict[tuple, int] = {}
    for seed in CALIBRATION:
        trial = game.ruleset.new_game(game.n, seed, logging=False)
        trial.auto = game.auto
        bots = {p: GreedyBot(thorough=True) for p in trial.players}
        for step in range(CALIBRATION_DECISIONS):  # a game without end teaches enough
            decision = trial.decision()
            if decision is None:
                break
            at = tuple(trial.state["pending"]["at"])
            bot = bots[decision.player]
            option = bot.choose(_Seen(trial), decision, decision_draws(seed, step))
            if len(decision.options) > 1:
                asked[at] = asked.get(at, 0) + 1
                mattered[at] = mattered.get(at, 0) + bot.spread
            try:
                trial.apply(option)
            except GameRuleError:  # the rules fail: the game asking will say so itself
                break
    rates = {at: _at_most(mattered[at], n) for at, n in asked.items()}
    _MATTERS[key] = (game.program, rates)
    return rates


def _at_most(mattered: int, asked: int, z: float = 1.0) -> float:
    """The rate a choice point's options score differently, at most (the upper end of
    Wilson's interval of `mattered` in `asked`, one standard error wide): a point is played
    at random only when the calibration game shows it rarely matters, not when a few
    decisions happened not to (a winning move in a race to a line matters once in a game,
    and then decides it). Wider intervals judge more points, at a cost: 95% ones make the
    greedy bot a third slower in the bundled 4-player game."""
    p = mattered / asked
    centre = p + z * z / (2 * asked)
    half = z * (p * (1 - p) / asked + z * z / (4 * asked * asked)) ** 0.5
    return (centre + half) / (1 + z * z / asked)


class _Seen(dict):
    """The view a calibration game hands its bots: only the game behind it is read."""

    def __init__(self, game: Any):
        super().__init__()
        self.game = game


BotFactory = Callable[[], Bot]

def _ismcts(budget: int | None = None) -> Bot:
    """OpenSpiel's IS-MCTS through the adapter (needs pip install -e ".[openspiel]")."""
    try:
        from interpreter.bots.openspiel_game import ISMCTSBot
    except ImportError:
        raise RulesError("the bot 'ismcts' needs OpenSpiel: pip install -e \".[openspiel]\"")\
            from None
    return ISMCTSBot() if budget is None else ISMCTSBot(budget)


def _search(budget: int | None = None) -> Bot:
    """Flat Monte Carlo over consistent samples with random playouts (bots/search.py)."""
    from interpreter.bots.search import SearchBot

    return SearchBot() if budget is None else SearchBot(budget)


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": _search,  # search:BUDGET for another budget (playouts per decision)
    "ismcts": _ismcts,  # ismcts:BUDGET for another search budget (simulations per decision)
}
BUDGETED = {"ismcts", "search"}  # bots that take a search budget: NAME:BUDGET
MAX_BUDGET = 1_000_000_000  # the largest budget anyone may ask for
# The largest budget a save, a replay or a journal may ask for (a seat of a file is a
# stranger's choice: `search:10**12` would think for ever at `rules play --load`). About 6 s
# a decision of the bundled 4-player game for `search`, minutes for `ismcts`; the command line may
# ask for more (`--seat 2=search:5000`).
FILE_BUDGETS = {"search": 1_000, "ismcts": 200}


def bot_names() -> list[str]:
    return sorted(BOTS)


class TimedBot:
    """Another bot, counting its decisions and the time it took for them (for benchmarks)."""

    def __init__(self, bot: Bot):
        self.bot, self.name = bot, bot.name
        self.seconds, self.cpu_seconds, self.decisions = 0.0, 0.0, 0

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        option = self.bot.choose(view, decision, rng)
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.process_time() - cpu
        self.decisions += 1
        return option


def make_bot(name: str) -> Bot:
    """A new bot of the kind registered as `name` (`NAME:BUDGET` for a search bot's budget).
    Raises RulesError for an unknown name or a budget that is not a whole number above 0."""
    base, _, budget = name.partition(":")
    if budget and base in BUDGETED:
        number = _whole(budget)
        if number is None or not 1 <= number <= MAX_BUDGET:
            raise RulesError(f"bot '{_cut(name)}': the budget after ':' must be a whole number "
                             f"from 1 to {MAX_BUDGET:,}")
        return BOTS[base](number)  # type: ignore[call-arg]
    factory = BOTS.get(name)
    if factory is None:
        known = ", ".join(bot_names()) or "none"
        message = f"unknown bot '{_cut(name)}' (known bots: {known})"
        hint = did_you_mean(name, BOTS)
        if hint:
            message += f"; {hint}"
        raise RulesError(message)
    return factory()


def too_much_for_a_file(name: str) -> str | None:
    """Why a save, a replay or a journal may not name the bot `name` (a budget over
    FILE_BUDGETS), or None."""
    base, _, budget = name.partition(":")
    limit = FILE_BUDGETS.get(base)
    if limit is None or not (budget.isascii() and budget.isdigit()):
        return None  # no budget, or not one (make_bot says why)
    number = _whole(budget)
    if number is not None and number <= limit:
        return None
    return f"a file may ask for a budget of at most {limit:,} for the {base} bot"


def _whole(text: str) -> int | None:
    """The number of a text of ASCII digits (at most 12 of them), else None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    return int(text)


def _cut(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"
