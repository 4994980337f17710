"""Fuzz the `rules` command with damaged copies of real inputs, and count how each ended.

    python benchmarks/fuzz.py --inputs 10000 --seed 1 [--workers 1] [--out fuzz-failures]

Input i is made from seed S+i (see interpreter/fuzz/fuzzing.py for the categories and the
outcomes) and run in a child process with a time limit (--timeout) and a limit on its address
space (--memory-mb). Prints a table per category: inputs, clean errors, accepted, tracebacks,
other exits, hangs, memory. Every input that did not end in `accepted` or `clean` is written
to --out (the damaged file, the command, and what it printed), to reproduce it with
`python benchmarks/fuzz.py --case SEED`.

Not part of the test suite: tests/test_fuzz.py runs 30 inputs of the same fuzzer.
Figures: docs/robustness.md.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.cli import main as rules  # noqa: E402
from interpreter.fuzz.fuzzing import (  # noqa: E402
    CATEGORIES,
    GOOD,
    OUTCOMES,
    Result,
    Workspace,
    make_case,
    run_case,
)
from interpreter.language.cache import ENV as CACHE_ENV  # noqa: E402
from interpreter.resources import rulesets_folder  # noqa: E402

COLUMNS = ["inputs", "clean", "accepted", "traceback", "other", "hang", "memory"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first input")
    parser.add_argument("--workers", type=int, default=1, help="inputs run at the same time")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per input")
    parser.add_argument("--memory-mb", type=int, default=1024,
                        help="resident size at which an input is killed (counted as memory)")
    parser.add_argument("--out", default="fuzz-failures", help="folder for failing inputs")
    parser.add_argument("--case", type=int, help="run only the input of this seed, verbosely")
    parser.add_argument("--category", action="append", choices=CATEGORIES,
                        help="only inputs of this category (repeat for several; give the same "
                             "with --case)")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="fuzz-workspace-"))
    os.environ.setdefault(CACHE_ENV, str(root / "cache"))
    try:
        return _fuzz(args, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _fuzz(args: argparse.Namespace, root: Path) -> int:
    started = time.monotonic()
    space = Workspace.create(root, rulesets_folder())
    print(f"workspace {root}: {len(space.rulesets)} rulesets, {len(space.saves)} saves, "
          f"{len(space.replays)} replays ({time.monotonic() - started:.1f} s)", file=sys.stderr)
    limits = {"timeout": args.timeout, "memory_bytes": args.memory_mb << 20}
    if args.case is not None:
        result = run_case(space, make_case(space, args.case, categories=args.category), rules,
                          **limits)
        print(result.case.describe(), result.outcome, f"exit {result.ended.code}",
              result.ended.err, sep="\n")
        return 0 if result.outcome in GOOD else 1
    seeds = range(args.seed, args.seed + args.inputs)
    counts: dict[str, Counter] = {c: Counter() for c in args.category or CATEGORIES}
    out = Path(args.out)
    started = time.monotonic()
    done = 0
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in background
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for done, result in enumerate(_results(space, seeds, args.workers, limits, root,
                                               args.category), 1):
            counts[result.case.category][result.outcome] += 1
            if result.outcome not in GOOD:
                _keep(out, result)
            _progress(done, args.inputs, started, counts)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the table of the inputs run so far
        print(f"\ninterrupted after {done} inputs", file=sys.stderr)
    print(file=sys.stderr)
    print(table(counts))
    seconds = time.monotonic() - started
    print(f"\n{done} inputs in {seconds:.0f} s ({seconds / max(done, 1):.3f} s each, "
          f"{args.workers} worker(s)); seeds {args.seed}..{args.seed + done - 1}")
    bad = sum(n for c in counts.values() for k, n in c.items() if k not in GOOD)
    if bad:
        print(f"{bad} failing input(s) written to {out}/")
    return 1 if bad else 0


_SPACE: Workspace | None = None
_LIMITS: dict = {}
_CATEGORIES: list[str] | None = None


def _results(space: Workspace, seeds: range, workers: int, limits: dict, root: Path,
             categories: list[str] | None = None):
    """The result of every seed, in order; with several workers each works on a workspace
    of its own (a case changes files in it)."""
    if workers <= 1:
        for seed in seeds:
            yield run_case(space, make_case(space, seed, categories=categories), rules,
                           **limits)
        return
    with multiprocessing.get_context("fork").Pool(
            workers, initializer=_start_worker, initargs=(limits, root, categories)) as pool:
        yield from pool.imap(_run_seed, seeds, chunksize=4)


def _start_worker(limits: dict, root: Path, categories: list[str] | None = None) -> None:
    global _SPACE, _LIMITS, _CATEGORIES
    # the parent turns SIGTERM into KeyboardInterrupt (for its table); a worker ended by the
    # pool at the end must just stop, without a traceback, and Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _SPACE = Workspace.create(root / f"worker-{os.getpid()}", rulesets_folder())
    _LIMITS = limits
    _CATEGORIES = categories


def _run_seed(seed: int) -> Result:
    assert _SPACE is not None
    return run_case(_SPACE, make_case(_SPACE, seed, categories=_CATEGORIES), rules, **_LIMITS)


def _keep(out: Path, result: Result) -> None:
    """Write a failing input and what it did to `out`/<category>-<seed>/."""
    case = result.case
    folder = out / f"{case.category}-{case.seed}"
    folder.mkdir(parents=True, exist_ok=True)
    if case.content is not None:
        (folder / case.target.name).write_bytes(case.content)
    (folder / "case.json").write_text(json.dumps({
        "outcome": result.outcome, "seed": case.seed, "category": case.category,
        "target": str(case.target), "kind": case.kind, "argv": case.argv,
        "exit": result.ended.code, "signal": result.ended.signal,
        "seconds": round(result.ended.seconds, 2), "peak_kib": result.ended.peak_kib,
        "reproduce": f"python benchmarks/fuzz.py --case {case.seed}"}, indent=1))
    (folder / "stderr.txt").write_text(result.ended.err, encoding="utf-8")


def _progress(done: int, total: int, started: float, counts: dict[str, Counter]) -> None:
    if not sys.stderr.isatty() and done % 100 and done != total:
        return
    width = 30
    filled = width * done // total
    bad = sum(n for c in counts.values() for k, n in c.items() if k not in GOOD)
    elapsed = time.monotonic() - started
    left = elapsed / done * (total - done)
    end = "\r" if sys.stderr.isatty() else "\n"
    print(f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} failing {bad} "
          f"{elapsed:.0f} s, about {left:.0f} s left", end=end, file=sys.stderr, flush=True)


def table(counts: dict[str, Counter]) -> str:
    """The outcomes per category, as a Markdown table."""
    rows = [["category"] + COLUMNS, ["---"] * (len(COLUMNS) + 1)]
    total: Counter = Counter()
    for category, c in counts.items():
        total.update(c)
        rows.append([category, str(sum(c.values()))] + [str(c[k]) for k in COLUMNS[1:]])
    rows.append(["**all**", str(sum(total.values()))] + [str(total[k]) for k in COLUMNS[1:]])
    assert set(COLUMNS[1:]) == set(OUTCOMES)
    return "\n".join("| " + " | ".join(r) + " |" for r in rows)


if __name__ == "__main__":
    sys.exit(main())
