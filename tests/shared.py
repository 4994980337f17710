"""What the test processes of one run share: a folder made by the first process of the run
(pytest itself, or the process that starts pytest-xdist's workers, which inherit it through
the environment) and removed when that process ends. It holds the rulesets' compile cache
(interpreter/language/cache.py: a ruleset compiled once per run, not once per worker) and the
results that many tests read and that take seconds to make (a newcomer's game played again at
the terminal): made once per run, by the first worker that needs one, while the others wait
for it."""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

ENV = "RULES_ENGINE_TEST_RUN_DIR"
T = TypeVar("T")


def run_folder() -> Path:
    """This run's shared folder: made (and removed at exit) by the run's first process."""
    given = os.environ.get(ENV)
    if given and Path(given).is_dir():
        return Path(given)
    made = tempfile.mkdtemp(prefix="rules-engine-test-run-")
    os.environ[ENV] = made  # inherited by the workers and by the commands the tests run
    atexit.register(shutil.rmtree, made, ignore_errors=True)
    return Path(made)


def made_once(key: tuple, make: Callable[[], T]) -> T:
    """`make()`'s result, made once per run whichever process asks first (`key`: what it
    depends on, in plain values); the result must pickle."""
    folder = run_folder() / "made"
    folder.mkdir(exist_ok=True)
    name = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process making it: wait for it
        done = folder / f"{name}.pickle"
        if done.exists():
            return pickle.loads(done.read_bytes())
        value: Any = make()
        partial = done.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(value))
        partial.replace(done)
        return value
