"""The links of a browser table: one private token per person's seat, one for spectators (the
public view only) and one for the host's page (every link, to copy and send). They are kept in
the table's saves and replays, so that a server started again from one (`rules serve --load`)
answers the same links: a page left open, or a link sent to a friend, goes on working.

A save already holds every hand and the game's secret, and is readable by its owner only: the
tokens add nothing that the file does not give. What a file says is checked before it is used
(`check_links`): a damaged or hostile record is refused as the rest of the file would be.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

LINKS_KEY = "links"  # in a save's 'play' part, and in a replay
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
DEFAULT_PORT = 8000


def new_token() -> str:
    return secrets.token_urlsafe(18)


def links_record(tokens: dict[str, str], spectator: str, host: str,
                 port: int | None) -> dict[str, Any]:
    """What a save or a replay keeps of a table's links (`tokens`: token -> player)."""
    out: dict[str, Any] = {"seats": {p: t for t, p in tokens.items()},
                           "spectator": spectator, "host": host}
    if port is not None:
        out["port"] = port
    return out


def restored_links(people: list[str], saved: Any) -> dict[str, Any]:
    """The links of a table whose people play `people`, as Table's arguments (tokens,
    spectator, host, port): those of `saved` (a checked record, or None) for the seats it
    has, new ones for the others; a seat that is now a bot's has no link."""
    if not saved:
        return {"tokens": {new_token(): p for p in people}}
    kept = {p: t for p, t in saved["seats"].items() if p in people}
    tokens = {t: p for p, t in kept.items()} | {new_token(): p for p in people
                                                if p not in kept}
    return {"tokens": tokens, "spectator": saved["spectator"], "host": saved["host"],
            "port": saved.get("port")}


def check_links(value: Any) -> bool:
    """Whether a saved record of links is as `Links.record` writes it: tokens of the right
    form, every one different, a port from 1 to 65535."""
    if not isinstance(value, dict) or not set(value) <= {"seats", "spectator", "host", "port"}:
        return False
    seats, port = value.get("seats"), value.get("port")
    if not isinstance(seats, dict) or not all(isinstance(p, str) for p in seats):
        return False
    tokens = [*seats.values(), value.get("spectator"), value.get("host")]
    if not all(isinstance(t, str) and TOKEN.fullmatch(t) for t in tokens):
        return False
    if len(set(tokens)) != len(tokens):
        return False
    return port is None or (type(port) is int and 1 <= port <= 65535)
