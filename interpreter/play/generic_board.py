"""The plain picture of a ruleset without a display file: every zone that holds something as
the viewer may see it, the variables, the scores, and who has made a secret choice. Nothing here
knows any game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.runtime import face_down, owns
from interpreter.engine.visibility import seen_score

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


def generic_board(game: Game, viewer: str | None) -> list[str]:
    """A plain picture for a ruleset without a display file: every zone that holds something,
    as `viewer` sees it (others' hidden zones as counts; None: a spectator, who sees what all
    players see), every variable (others' private values as `?`), then the scores (as `?`
    when they add up what `viewer` may not see)."""
    view = game.view(viewer)
    program = game.program
    lines = []
    for name, info in program.zones.items():
        label = info.decl.label or name
        content = view["zones"][name]
        entries = content.items() if info.decl.index else [("", content)]
        for key, seen in entries:
            owner_zone = info.decl.index and info.decl.index[0] == "player"
            if owner_zone and owns(key, viewer) and info.decl.visibility == "owner":
                continue  # shown in the private part
            text = _seen_text(game, seen)
            if text is None:
                continue
            where = ", ".join(game.label(k) for k in key.split("|")) if key else ""
            lines.append(f"{label}{' (' + where + ')' if where else ''}: {text}")
    for name, value in view["vars"].items():
        label = program.vars[name].decl.label or name
        if isinstance(value, dict):
            value = ", ".join(f"{', '.join(game.label(k) for k in key.split('|'))} "
                              f"{game.label(v)}" for key, v in value.items())
        lines.append(f"{label}: {game.label(value)}")
    lines.append("scores: " + ", ".join(f"{game.label(p)} {seen_score(game, p, viewer)}"
                                        for p in game.players))
    return lines


def secret_lines(game: Game, viewer: str | None) -> list[str]:
    """A secret choice under way: who has chosen (and what, for the viewer's own choice) and
    who is still choosing."""
    secret = game.view(viewer).get("secret")
    if secret is None:
        return []
    chosen = [game.label(p) + (f" ({game.label(v)})" if p == viewer else "")
              for p, v in secret["chosen"].items()]
    waiting = [game.label(p) for p in secret["who"] if p not in secret["chosen"]]
    return [f"secret choice: chosen: {', '.join(chosen) or 'nobody yet'}; "
            f"waiting: {', '.join(waiting) or 'nobody'}"]


def generic_private(game: Game, viewer: str) -> list[str]:
    view = game.view(viewer)
    lines = []
    for name, info in game.program.zones.items():
        if info.decl.visibility != "owner" or not info.decl.index:
            continue
        for key, seen in view["zones"][name].items():
            if not owns(key, viewer):
                continue
            text = _seen_text(game, seen) or "nothing"
            lines.append(f"your {info.decl.label or name}: {text}")
    return lines


def _seen_text(game: Game, seen: Any) -> str | None:
    if face_down(seen):
        if not seen["count"]:
            return None
        text = f"{seen['count']} (face down)"
        if seen.get("top") is not None:
            text = f"{seen['count']}, {game.label(seen['top'])} on top"
        return text
    if isinstance(seen, dict):
        if not seen:
            return None
        return ", ".join(f"{n} x {game.label(k)}" if n > 1 else game.label(k)
                         for k, n in seen.items())
    if not seen:
        return None
    return ", ".join(game.label(k) for k in seen)
