"""Does the engine still play the same games? State hashes after every move of seeded games.

    python benchmarks/same_games.py --record       # write benchmarks/same_games.json
    python benchmarks/same_games.py                # play again and compare with it
    python benchmarks/same_games.py --games 10 rulesets/tutorial/reversi

For every bundled ruleset (each folder under rulesets/ with a ruleset.yaml), games 0..N-1 are
played with seed i, a random generator seeded i choosing among the legal options, and the
player counts the ruleset allows taken in turn. After every move the game's `state_hash()` (what
is where, the variables, the random generator, the decision waiting) is taken; a game's
fingerprint is the digest of all of them, then (after a '/') the digest of its event log.
Recorded before a change to the engine, they show that the change plays exactly the same games.
A change to the words of a log line only (a rule's log text) leaves the states alike: it is
said apart ('same games, log words differ'), to be recorded again on purpose. A ruleset that
does not load (an edition whose text leaves the game unplayable) is reported and left out.

Prints what matches and what differs; nothing is asserted (the exit code is 1 when a game
differs, for scripts; log words alone do not count).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a source checkout without installing

from interpreter.engine.ruleset import load_ruleset  # noqa: E402
from interpreter.language.errors import GameRuleError, RulesError, RulesetError, RulesetErrors  # noqa: E402

RECORD = Path(__file__).resolve().parent / "same_games.json"


def fingerprints(path: Path, games: int) -> list[str] | str:
    """One fingerprint per game, 'STATES/LOG' (or the reason the ruleset cannot be played)."""
    try:
        ruleset = load_ruleset(path)
        counts = sorted(ruleset.player_counts)
        ruleset.new_game(counts[0], 0)
    except (RulesetErrors, RulesetError, RulesError):
        return "not playable"
    out = []
    for i in range(games):
        digest = hashlib.sha256()
        try:
            game = ruleset.new_game(counts[i % len(counts)], i)
            rng = random.Random(i)
            digest.update(game.state_hash().encode())
            while not game.over:
                options = game.legal_options()
                game.apply(options[rng.randrange(len(options))])
                digest.update(game.state_hash().encode())
        except GameRuleError as exc:
            digest.update(f"error: {exc}".encode())
        log = hashlib.sha256("\n".join(game.events).encode())
        out.append(f"{digest.hexdigest()[:16]}/{log.hexdigest()[:8]}")
    return out


def compared(mine: list[str], theirs: list[str]) -> str:
    """The verdict on one ruleset's games: the same, the same but for the log's words, or
    different (a record of an older kind, without the log apart, asks to be made again)."""
    if any("/" not in f for f in theirs):
        return "the record is of an older kind: record it again (--record) on a known-good commit"
    pairs = [(a.split("/"), b.split("/")) for a, b in zip(mine, theirs, strict=False)]
    changed = [i for i, (a, b) in enumerate(pairs) if a[0] != b[0]]
    if changed or len(mine) != len(theirs):
        return f"DIFFERENT games: {changed[:10]}"
    worded = [i for i, (a, b) in enumerate(pairs) if a[1] != b[1]]
    if worded:
        return (f"same {len(mine)} games, log words differ in {len(worded)} "
                f"({worded[:10]}): --record if the new words are meant")
    return f"same {len(mine)} games"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", help="ruleset folders (default: every bundled one)")
    parser.add_argument("--games", type=int, default=40, help="games per ruleset (default: 40)")
    parser.add_argument("--record", action="store_true",
                        help=f"write the fingerprints to {RECORD.name} instead of comparing")
    args = parser.parse_args(argv)
    paths = [Path(p).resolve() for p in args.paths] or sorted(
        p.parent for p in (ROOT / "rulesets").rglob("ruleset.yaml"))
    recorded = json.loads(RECORD.read_text()) if RECORD.is_file() and not args.record else {}
    found, differ = {}, 0
    for path in paths:
        name = path.relative_to(ROOT / "rulesets").as_posix()
        start = time.perf_counter()
        found[name] = fingerprints(path, args.games)
        took = time.perf_counter() - start
        mine, theirs = found[name], recorded.get(name)
        if args.record or theirs is None:
            verdict = "recorded" if args.record else "no record to compare with"
        elif isinstance(mine, str) or isinstance(theirs, str):
            verdict = "same" if mine == theirs else f"now: {mine}; recorded: {theirs}"
        else:
            verdict = compared(mine, theirs)
            differ += verdict.startswith("DIFFERENT")
        shown = found[name] if isinstance(found[name], str) else f"{len(found[name])} games"
        print(f"{name:45} {shown:>10}  {took:6.1f} s  {verdict}")
    if args.record:
        RECORD.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"written: {RECORD}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
