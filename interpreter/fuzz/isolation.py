"""Run a function in a child process of its own, with a time limit and a memory limit, and
say how it ended: exit code, what it printed, how long it took, whether it hit a limit.

The child is forked from the calling process, so what the caller has imported (and warmed up)
costs nothing again. Memory is measured, not limited in a way that hides a blow-up: a limit on
the address space would turn it into a MemoryError that the command reports as a clean error.
Instead the parent watches the child's resident size while it runs and kills it at a ceiling
(`memory_bytes`: then `over_memory` is set), and its peak is kept (`peak_kib`), with what it
started with (`start_kib`, the caller's own pages, which a forked child counts as resident),
so that the caller can count as a blow-up any input that grew by more than a lower figure.
The limit on time is a SIGKILL after `timeout` seconds. A Python error that escapes the
function is printed with its traceback and gives exit code `ESCAPED`.
"""

from __future__ import annotations

import io
import os
import resource
import select
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

ESCAPED = 70  # the child's exit code when a Python error escaped the function
OUT_OF_MEMORY = 71  # ... when that error was a MemoryError
KEEP = 20_000  # characters of the child's output kept


@dataclass
class Ended:
    """How a child ended: `code` is its exit code (None if a signal ended it: `signal`)."""
    code: int | None
    signal: int | None
    timed_out: bool
    seconds: float
    peak_kib: int  # largest resident size of the child
    out: str
    err: str
    over_memory: bool = False  # killed for going over the memory ceiling
    start_kib: int = 0  # resident size the child started with (the caller's, at the fork)

    @property
    def grown_kib(self) -> int:
        """How much the child's resident size grew over what it started with."""
        return max(self.peak_kib - self.start_kib, 0)


def run_isolated(function: Callable[[], int], timeout: float = 10.0,
                 memory_bytes: int = 1 << 30) -> Ended:
    """Call `function()` in a forked child (its return value is the exit code), stdin empty,
    its stdout and stderr kept; stop it after `timeout` seconds."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        sys.stdout.flush()
        sys.stderr.flush()
        start_kib = _resident_bytes(os.getpid()) // 1024
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child never returns
            _child(function, out.fileno(), err.fileno(), memory_bytes)
        try:
            timed_out, over = _watch(pid, timeout, memory_bytes)
        finally:  # on time, over memory, or when the caller is interrupted
            if not _ended(pid):
                os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
        seconds = time.monotonic() - start
        code = os.waitstatus_to_exitcode(status)
        return Ended(code if code >= 0 else None, -code if code < 0 else None, timed_out,
                     seconds, usage.ru_maxrss, _read(out), _read(err), over, start_kib)


WATCH_SECONDS = 0.05  # how often the child's resident size is read


def _watch(pid: int, timeout: float, memory_bytes: int) -> tuple[bool, bool]:
    """Wait for the child: (timed out, went over `memory_bytes` resident), it not reaped."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return True, False
        if _wait_for(pid, min(WATCH_SECONDS, left)):
            return False, False
        if _resident_bytes(pid) > memory_bytes:
            return False, True


def _resident_bytes(pid: int) -> int:
    """The child's resident size now (0 if it cannot be read)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _wait_for(pid: int, timeout: float) -> bool:
    """Whether the child ended within `timeout` seconds (it is not reaped)."""
    fd = os.pidfd_open(pid)
    try:
        ready, _, _ = select.select([fd], [], [], timeout)
        return bool(ready)
    finally:
        os.close(fd)


def _ended(pid: int) -> bool:
    """Whether the child has ended (without reaping it)."""
    return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None


def _read(file) -> str:
    file.seek(0)
    return file.read(KEEP * 4).decode("utf-8", "replace")[:KEEP]


def _child(function: Callable[[], int], out: int, err: int, memory_bytes: int) -> None:
    code = ESCAPED
    try:
        os.setsid()  # a signal the function sends to its group stays in it
        # a last guard for the machine, far above the ceiling the parent watches
        resource.setrlimit(resource.RLIMIT_AS, (4 * memory_bytes, 4 * memory_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False))
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8",
                                      errors="backslashreplace", write_through=True)
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                      errors="backslashreplace", write_through=True)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        code = function()
        code = code if isinstance(code, int) else 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except MemoryError:
        code = OUT_OF_MEMORY
        _print_error()
    except BaseException:  # noqa: BLE001 - what escapes is what the caller wants to see
        _print_error()
    finally:
        os._exit(code)


def _print_error() -> None:
    """The traceback of the error being handled: its last 30 frames, and the error itself cut
    to 2,000 characters (a message may hold a whole damaged file)."""
    try:
        error = sys.exc_info()[1]
        assert error is not None
        frames = "".join(traceback.format_tb(error.__traceback__, limit=-30))
        last = "".join(traceback.format_exception_only(type(error), error))[:2000]
        text = f"Traceback (most recent call last):\n{frames}{last}\n"
        os.write(2, text.encode("utf-8", "replace"))
    except BaseException:  # noqa: BLE001
        os.write(2, b"Traceback (unprintable)\n")
