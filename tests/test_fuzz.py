"""The fuzzer (interpreter/fuzz/fuzzing.py) run on a damaged copy of each kind (the bundled
rulesets, saves and replays): every command ends with exit 0, 1 or 2, never with a traceback,
never by the time limit, never by the memory limit. benchmarks/fuzz.py runs it for longer."""

from __future__ import annotations

import random
import time

import pytest

from interpreter.cli import main as rules
from interpreter.fuzz.fuzzing import CATEGORIES, GOOD, Workspace, make_case, run_case
from interpreter.fuzz.isolation import run_isolated
from interpreter.fuzz.mutations import mutate_text, mutate_value
from interpreter.resources import rulesets_folder

TIMEOUT = 30.0  # seconds per input: far above the slowest seen (about 2 s), for slow machines
MEMORY = 1 << 30  # resident bytes at which an input is killed (counted as memory)


@pytest.fixture(scope="module")
def space(tmp_path_factory) -> Workspace:
    return Workspace.create(tmp_path_factory.mktemp("fuzz"), rulesets_folder(), games=1)


def test_a_damaged_input_of_each_kind_gives_an_answer_or_a_clean_error(space):
    """One damaged input of each category, by a seed fixed per category (the same inputs
    every run; benchmarks/fuzz.py draws thousands): 30 inputs drawn by hypothesis took 74 s
    of CI on one worker and could leave a category out."""
    bad = []
    for k, category in enumerate(CATEGORIES):
        case = make_case(space, 1009 + k, category)
        result = run_case(space, case, rules, timeout=TIMEOUT, memory_bytes=MEMORY)
        if result.outcome not in GOOD:
            bad.append(f"{case.describe()}\n{result.outcome}, exit {result.ended.code}\n"
                       f"{result.ended.err[-3000:]}")
    assert not bad, "\n\n".join(bad)


def test_every_category_has_inputs(space):
    for category in CATEGORIES:
        case = make_case(space, 1, category)
        assert case.category == category
        assert case.content is not None or case.kind is not None


def test_a_case_puts_the_file_back(space):
    case = make_case(space, 7, "files")
    before = space.originals[case.target]
    run_case(space, case, rules, timeout=TIMEOUT)
    assert case.target.is_file() and not case.target.is_symlink()
    assert case.target.read_bytes() == before


def test_the_undamaged_inputs_are_accepted(space):
    case = make_case(space, 3, "rules")
    case.content = space.originals[case.target]
    case.argv = ["check", str(space.ruleset_of(case.target))]
    assert run_case(space, case, rules, timeout=TIMEOUT).outcome == "accepted"


# ------------------------------------------------------------------ the fuzzer's own parts
def test_an_escaping_error_is_a_traceback():
    def fail() -> int:
        return {}["missing"]
    ended = run_isolated(fail)
    assert ended.code not in (0, 1, 2) and "KeyError" in ended.err


def test_a_child_that_runs_too_long_is_stopped():
    started = time.monotonic()
    ended = run_isolated(lambda: time.sleep(60) or 0, timeout=0.5)
    assert ended.timed_out and time.monotonic() - started < 30


def test_a_child_that_takes_too_much_memory_is_stopped():
    def grow() -> int:
        blob = [bytearray(1 << 20) for _ in range(2048)]  # 2 GiB
        return len(blob)
    from interpreter.fuzz.fuzzing import classify

    assert classify(run_isolated(grow, memory_bytes=512 << 20)) == "memory"


def test_a_child_is_measured_by_what_it_grew_not_by_the_pages_it_was_forked_with():
    """A forked child counts its caller's pages as resident: under the whole suite a worker
    of some 300 MiB forked a child that grew by 235 MiB, and a clean error ('takes more than
    5,000,000 units of work') was counted as a memory blow-up. Growth is what counts."""
    from interpreter.fuzz.fuzzing import classify
    from interpreter.fuzz.isolation import Ended

    ended = run_isolated(lambda: 2)  # a child that makes nothing grew by little
    assert ended.start_kib > 0 and ended.grown_kib < min(ended.peak_kib, 64 << 10)
    big_caller = Ended(2, None, False, 1.0, peak_kib=900 << 10, out="", err="",
                       start_kib=600 << 10)
    assert classify(big_caller) == "clean"
    assert classify(Ended(2, None, False, 1.0, peak_kib=1200 << 10, out="", err="",
                          start_kib=600 << 10)) == "memory"


def test_the_child_output_and_exit_code_are_kept():
    def speak() -> int:
        print("out")
        import sys
        print("err", file=sys.stderr)
        return 2
    ended = run_isolated(speak)
    assert (ended.code, ended.out.strip(), ended.err.strip()) == (2, "out", "err")


def test_mutations_are_reproducible_and_change_the_input():
    text = "a = 1\nb = [2, 3]\nc = {d: 4}\n"
    first = [mutate_text(random.Random(s), text) for s in range(30)]
    assert first == [mutate_text(random.Random(s), text) for s in range(30)]
    assert sum(m != text.encode() for m in first) >= 25
    value = {"a": [1, 2, {"b": "c"}], "d": 5}
    changed = [mutate_value(random.Random(s), value) for s in range(30)]
    assert sum(c != value for c in changed) >= 25
    assert value == {"a": [1, 2, {"b": "c"}], "d": 5}  # the original is left alone
