"""The Python that runs a ruleset, as text to read (`rules code`): for a user who asks why a
rule is slow, and for contributors.

Each procedure and `define` is listed with the rule it comes from, how it runs (plain or framed
procedure; a function whose answers are kept, and for how long) and its generated source,
followed by the constants that source names (`_k12`, `_loc7`, ...), each shown briefly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from interpreter.engine.program import Program
from interpreter.language import nodes as N
from interpreter.language.errors import RulesError, did_you_mean

_NAMES = re.compile(r"\b_[A-Za-z]\w*")
_SHOWN = 100  # characters of a constant's value shown


@dataclass
class Listed:
    name: str
    sort: str  # "procedure" or "function"
    how: str  # how it runs, in words
    where: str  # the rule's place (file:line:column)
    source: str

    @property
    def lines(self) -> int:
        return self.source.count("\n")


def listing(program: Program) -> list[Listed]:
    """Every procedure and function of the program, in the order the rules declare them."""
    out: list[Listed] = []
    for name, proc in program.procs.items():
        if not proc.source:
            continue
        how = "framed: it may wait for a decision (a resumable function of its frame)" \
            if proc.source.startswith(f"def {proc.framed_fn}(") else \
            "plain: it never waits for a decision (an ordinary function)"
        out.append(Listed(name, "procedure", how, str(proc.decl.loc), proc.source))
    for name, func in program.funcs.items():
        if not func.source:
            continue
        if func.static:
            how = "its answers are kept for the whole ruleset (it reads no game state)"
        elif func.memo_slot is not None:
            how = (f"its answers are kept per game until what it reads changes "
                   f"(Game.memo[{func.memo_slot}])")
        else:
            how = "computed at every call (or copied into its callers where it is small)"
        out.append(Listed(name, "function", how, str(func.decl.loc), func.source))
    return sorted(out, key=lambda x: _order(x.where))


def _order(where: str) -> tuple[str, int, int]:
    file, _, rest = where.rpartition(":")
    file, _, line = file.rpartition(":")
    return (file, int(line or 0), int(rest or 0))


def pick(items: list[Listed], names: list[str]) -> list[Listed]:
    """The items named (procedures or functions); an unknown name is a RulesError."""
    known = {x.name: x for x in items}
    for name in names:
        if name not in known:
            hint = did_you_mean(name, known)
            raise RulesError(f"no procedure or function '{name}' in this ruleset"
                             + (f" ({hint})" if hint else "")
                             + ": 'rules code RULESET' lists them")
    return [known[n] for n in dict.fromkeys(names)]


def index_text(items: list[Listed]) -> str:
    """One line per procedure and function: its name, sort, size and place."""
    width = max((len(x.name) for x in items), default=4)
    rows = [f"{'name':<{width}}  {'sort':<9}  {'lines':>5}  rule"]
    rows += [f"{x.name:<{width}}  {x.sort:<9}  {x.lines:>5}  {x.where}" for x in items]
    return "\n".join(rows)


def code_text(item: Listed, namespace: dict[str, Any], loops: dict[str, str] | None = None
              ) -> str:
    """An item's source, with a heading, the functions that run its queries' loops (`loops`:
    Program.loops) and the constants they name."""
    head = [f"# {item.sort} {item.name}, {item.where}", f"# {item.how}"]
    sources = [item.source.rstrip("\n")]
    loops = loops or {}
    for source in sources:  # grows: a loop's function may call another
        for ref in dict.fromkeys(_NAMES.findall(source)):
            if ref in loops and loops[ref].rstrip("\n") not in sources:
                sources.append(loops[ref].rstrip("\n"))
    if len(sources) > 1:
        sources.insert(1, "# the loops of its queries:")
    constants = []
    for ref in dict.fromkeys(_NAMES.findall("\n".join(sources))):
        if ref in namespace and not callable(namespace[ref]) and ref != "__builtins__":
            constants.append(f"#   {ref} = {_brief(namespace[ref])}")
    tail = ["# constants it names:", *constants] if constants else []
    return "\n".join([*head, *sources, *tail])


def _brief(value: Any) -> str:
    text = f"the rule at {value}" if isinstance(value, N.Loc) else repr(value)
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "..."
