"""How good a position is for one player, by the ruleset's own scoring: the judgement of the
greedy and search bots."""

from __future__ import annotations

import pickle
from typing import Any

from interpreter.engine.read_tracking import KeptAnswers, track_reads
from interpreter.engine.runtime import FINAL as FINAL_SCORING
from interpreter.language import nodes as N


class Judge:
    """Scores options on a sample: "my score minus the best other score, if the game ended
    right after this option". The final scoring is the costly part. Two things keep it cheap:

    - the answers of the ruleset's functions that the final scoring computes are kept with
      the entries of the state each one read (engine/read_tracking.py), and given to every
      option's copy whose read entries are unchanged: an option that changes one entry of a
      family (a piece put on one place) has only the answers that read that entry computed
      again, and the answers carry over to the next decision's sample the same way;
    - the result is remembered under the contents of the zones and variables the final
      scoring can read (found in the rules: the final scoring, the score, and what they
      call), so positions met again are not scored twice (at most KEPT results)."""

    KEPT = 20_000
    # options per sample whose final scoring keeps its answers (it runs in tracking mode,
    # which is slower; with 2, what the first option made stale is kept too: slower in all)
    TRACKED = 1

    def __init__(self, program: Any, me: str):
        self.program = program
        self.sample: Any = None
        self.me = me
        zones, variables = rules_reads(program, [FINAL_SCORING], ["score"])
        self.reads = (sorted(zones), sorted(variables))
        self.known: dict[bytes, Any] = {}
        self.answers: KeptAnswers | None = None  # valid in `self.answers.state`
        self.tracked = 0  # final scorings of options on this sample whose answers are kept
        # options after the tracked ones are looked at by make and unmake on the sample
        # itself (Game.make), not on a copy: set by the bot when the decision has enough
        # options to repay putting the sample in journaling form
        self.making = False
        # the sample's zones and variables the scoring reads, as plain values (made options
        # change few: the others are not copied again for each option's key)
        self.parts: dict[str, Any] = {}
        self.parts_of: Any = None  # the sample state they are of

    def value_after(self, option: Any) -> Any:
        """The value of `option` taken in the sample."""
        sample, answers = self.sample, self.answers
        if answers is None or answers.state is not sample.state:  # a new sample
            answers = self.answers = KeptAnswers(self.program, sample.state) \
                if answers is None else answers.moved_to(sample.state)
            self.tracked = 0 if FINAL_SCORING in self.program.procs else self.TRACKED
        if self.tracked >= self.TRACKED and self.making:
            if self.parts_of is not sample.state:
                self.parts_of = sample.state
                self.parts = {n: sample.plain_value(n) for n in (*self.reads[0], *self.reads[1])}
            sample.checkpoint()
            try:
                sample.memo = answers.copy()
                sample.apply(option)
                return self._scored(sample, True, answers, made=True)[0]
            finally:
                sample.unmake()
        twin = sample.clone()
        if self.tracked >= self.TRACKED:
            twin.memo = answers.copy()
            twin.apply(option)
            return self._scored(twin, True, answers)[0]
        # one of the first options scored on this sample: what its scoring computes is kept
        track_reads(twin)
        answers.give(twin, sample.state)
        twin.apply(option)
        answers.give(twin, twin.state)  # what the option left valid (the engine forgot more)
        value, scored = self._scored(twin, remembered=True)
        if scored:  # cached at the end: valid at the end (the engine forgot what went stale)
            answers.add(KeptAnswers(self.program, twin.state, twin.memo, twin.memo_reads))
            self.tracked += 1
        return value

    def value(self, twin: Any, remembered: bool = False) -> Any:
        """The value of a copy of the game as it stands (the copy is used up). `remembered`:
        its cached answers are valid (the engine forgets those a change makes stale)."""
        return self._scored(twin, remembered)[0]

    def _scored(self, twin: Any, remembered: bool, answers: KeptAnswers | None = None,
                made: bool = False) -> tuple[Any, bool]:
        """The value, and whether the final scoring ran for it (not known already). With
        `answers`: the copy's cache is made of those still valid in it before it runs.
        `made`: `twin` is the answers' own game, an option made in it (what changed is
        in its journal)."""
        if twin.over or FINAL_SCORING not in twin.program.procs:
            return self._margin(twin), False
        changed = twin.changed() if made else None
        if changed is not None:  # journaling containers pickle otherwise: the key must be
            names = {name for name, _ in changed}  # the same as a copy's
            parts, read = self.parts, twin.plain_value
            key = pickle.dumps(([read(n) if n in names else parts[n] for n in self.reads[0]],
                                [read(n) if n in names else parts[n] for n in self.reads[1]]),
                               -1)
        else:
            Z, V = twin.Z, twin.V
            key = pickle.dumps(([Z[n] for n in self.reads[0]], [V[n] for n in self.reads[1]]),
                               -1)
        value = self.known.get(key)
        if value is not None:
            return value, False
        if answers is not None:
            twin.memo = answers.valid_in(twin.state, changed)
        twin.stack.clear()  # only the final scoring runs, then the copy is over
        twin.perform(FINAL_SCORING, remembered=remembered)
        value = self._margin(twin, remembered)
        if len(self.known) >= self.KEPT:
            self.known.clear()
        self.known[key] = value
        return value, True

    def _margin(self, twin: Any, remembered: bool = False) -> Any:
        scores = twin.scores(remembered)
        if twin.lowest_wins:  # fewer points is better: the lead is below the others
            scores = {p: -v for p, v in scores.items()}
        others = [v for p, v in scores.items() if p != self.me]
        return scores[self.me] - (max(others) if others else 0)


def rules_reads(program: Any, procedures: list[str], functions: list[str]
                ) -> tuple[set[str], set[str]]:
    """The zones and variables the given procedures and functions can read, through
    everything they call and the triggers of what they emit (read from the rules as written:
    a superset of what one run reads)."""
    zones: set[str] = set()
    variables: set[str] = set()
    todo = [program.procs[n].decl for n in procedures if n in program.procs]
    todo += [program.funcs[n].decl for n in functions if n in program.funcs]
    done: set[int] = set()
    while todo:
        decl = todo.pop()
        if id(decl) in done:
            continue
        done.add(id(decl))
        for node in N.walk(decl):
            if isinstance(node, N.Name):
                if node.id in program.zones:
                    zones.add(node.id)
                elif node.id in program.vars:
                    variables.add(node.id)
            elif isinstance(node, N.Call) and node.func in program.funcs:
                todo.append(program.funcs[node.func].decl)
            elif isinstance(node, N.CallStmt) and node.name in program.procs:
                todo.append(program.procs[node.name].decl)
            elif isinstance(node, N.Emit):
                todo += [program.procs[t].decl for t in program.triggers.get(node.event, [])
                         if t in program.procs]
    return zones, variables
