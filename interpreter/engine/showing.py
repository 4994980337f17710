"""`show WHAT to PLAYERS ["text"]`: a zone or a value shown to some players, who then know it.

At run time it is a line of the log told to those players only (`Game.told`, `log_for`): the
text given, or, without one, a line that names what is shown and gives it ("hand[Player 2]:
Guard"; a zone's pieces one by one, a pile's in its order). The check of secrets
(engine/secrecy.py) counts what was shown as seen by those players from then on, until the
rules wait for a decision: a private value of theirs may be set from it, a line told to them
may show it; a log line read by every player still may not.
"""

from __future__ import annotations

from typing import Any

from interpreter.language import nodes as N
from interpreter.language.render import render_expr


def shown_label(rt: Any, value: Any) -> str:
    """A shown value in words: a zone piece by piece (a stack from the bottom up, a pile in
    its order), `nothing` for an empty one; anything else as a log line shows it."""
    if value.__class__ is dict:  # a pile: kind -> how many
        pieces = [kind for kind, n in value.items() for _ in range(n)]
    elif value.__class__ is list:
        pieces = value
    else:
        return rt.label(value)
    return ", ".join(rt.label(p) for p in pieces) if pieces else "nothing"


def tell_watch(rt: Any, what: Any, players: Any) -> None:
    """A game being watched (`Game.watch`, bots' beliefs) is told what a `show` showed to whom,
    if the watcher has `shown(what, players)`."""
    shown = getattr(rt.watch, "shown", None)
    if shown is not None:
        shown(what, players)


def default_text(what: N.Expr) -> str:
    """The template of the line told when `show` gives no text: what is shown, its indexes
    filled in (`hand[{q}]`), then the value (filled in by `shown_label`)."""
    if isinstance(what, N.Index) and isinstance(what.obj, N.Name):
        return f"{what.obj.id}[{', '.join('{' + render_expr(a) + '}' for a in what.args)}]"
    return render_expr(what)


def line_src(compiler: Any, s: N.Show, scope: Any) -> str:
    """Python source of the line a `show` tells."""
    if s.text:
        return compiler.format_src(s.text, scope, s.loc)
    head = compiler.format_src(default_text(s.what) + ": ", scope, s.loc)
    return f"{head} + _shown(rt, {compiler.value_c(s.what, scope).src})"
