"""Which rule statements ran: Python's trace hook on the generated code, whose lines the
program maps to the statements of the rules (used by lockstep.py to find the rule behind a
difference)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from interpreter.language import nodes as N

Traced = list[tuple[str, N.Loc | None, list[str]]]


def traced(game_program: Any, run: Callable[[], Any]) -> Traced:
    """Run `run()` and return the rule statements that ran, in order, as (code, place, the
    rules running): the generated code of a procedure (`<rules NAME>`) maps each of its lines
    to a statement; a function's code (`<define NAME>`) only says that it ran (place None)."""
    line_locs = game_program.line_locs
    seen: Traced = []

    def outer(frame, event, arg):
        name = frame.f_code.co_filename
        if name.startswith("<define "):
            seen.append((name, None, _running(frame)))
            return None
        locs = line_locs.get(name)
        if locs is None:
            return None
        game = frame.f_locals.get("rt")  # the game, which every generated function is given

        def local(frame, event, arg):
            if event == "line" and 0 < frame.f_lineno <= len(locs):
                stack = [f[0] for f in getattr(game, "stack", ())]
                seen.append((name, locs[frame.f_lineno - 1], _running(frame, stack)))
            return local
        return local

    with_trace(outer, run)
    return seen


def with_trace(tracer: Callable, run: Callable[[], Any]) -> None:
    """Run `run()` with Python's trace hook set to `tracer` (and the previous one back)."""
    before = sys.gettrace()
    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(before)


def _running(frame: Any, stack: list[str] | None = None) -> list[str]:
    """The rules running, outermost first: the game's frame stack (`stack`, the procedures
    that wait for those above them), then the rules of the Python frames from the top of it
    to `frame` (procedures that run without a frame of their own, and functions)."""
    names: list[str] = []
    while frame is not None:
        code = frame.f_code.co_filename
        if code.startswith("<rules ") or code.startswith("<define "):
            name = code[code.index(" ") + 1:-1]
            if not names or names[-1] != name:
                names.append(name)
        frame = frame.f_back
    names.reverse()
    stack = stack or []
    if names and names[0] in stack:
        stack = stack[:len(stack) - stack[::-1].index(names[0]) - 1]
    return [n.split("@")[0] for n in [*stack, *names]]
