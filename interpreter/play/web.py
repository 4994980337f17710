"""A Table (interpreter/play/table.py) served over HTTP: the page, a JSON API and live updates.

Needs the optional extra `web` (Starlette, uvicorn): `pip install -e ".[web]"`.

    GET  /play/TOKEN          the page of a seat (plain HTML and a small script); with the
                              spectators' token, the public view (what every player sees)
    GET  /host/TOKEN          the host's page: every seat's link and the spectators', to copy
    GET  /api/TOKEN/links     the links the host's page lists (the host's token only)
    GET  /api/TOKEN/state     what the seat sees now (JSON)
    POST /api/TOKEN/decide    {"decision": ID, "option": INDEX} or {"decision": ID, "place": V}
    POST /api/TOKEN/undo      {"decision": ID}: take back the seat's last decision
    POST /api/TOKEN/save      save the game to a file on the server
    GET  /api/TOKEN/events    server-sent events: the table's version after every change

A refused request gets {"error": "..."} with a 4xx status and changes nothing. What the server
trusts (docs/robustness.md): nothing but a seat's token. A POST names its seat before its body
is read; the body must be `application/json` and at most `MAX_BODY` bytes (it is read no
further); a request whose `Origin` is another site's, or (for a server on this computer only)
whose `Host` is not a local name, is refused: another page in the player's browser cannot act
for them. Bots move in a background task, `bot_delay` seconds apart, so that people can follow
them. The server waits for
open responses when it stops: call `app.state.close_streams()` first to end the event streams.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from interpreter.language.errors import RulesError
from interpreter.play.rules_help import rules_page
from interpreter.play.table import AlreadyAnswered, Table, TableError

PAGE_FOLDER = Path(__file__).resolve().parent / "web_page"
STATIC = {"page.js": "text/javascript", "page.css": "text/css", "host.js": "text/javascript",
          "host.css": "text/css", "zoom.js": "text/javascript"}
KEEP_ALIVE = 15.0  # seconds between comments on a quiet event stream
NO_STORE = {"Cache-Control": "no-store"}
MAX_BODY = 16_384  # bytes: a decision is a few dozen
# Bounds of the connections (see `server_config`): however many a client opens and leaves half
# sent, the server keeps answering the others.
MAX_CONNECTIONS = 256  # open at once, in all (fewer if the process may open fewer files)
MAX_PER_CLIENT = 32  # open at once from one address (a page needs 2 or 3)
HEADER_SECONDS = 10.0  # a request's line and headers arrive within this, or the connection ends
BODY_SECONDS = 10.0  # a POST's body (its seat checked first) arrives within this
MAX_HEAD = 16_384  # bytes of a request's line and headers
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
# Sent with every answer. The page's script, style and requests come from this server only (a
# colour or text of a ruleset that slipped a URL into the page could not make the browser
# fetch it), no other site may frame the page (clickjacking), a link followed from it does not
# carry the private link as its Referer, and nothing is read as another type than it says.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
                               "img-src 'self'; connect-src 'self'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def host_name(host: str) -> str:
    """The name of a Host header without its port ("[::1]:80" -> "[::1]", "a:80" -> "a")."""
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def refused_origin(request: Request, hosts: frozenset[str] | None) -> str | None:
    """Why a request from elsewhere is refused (None: it is not): a Host that is not one of
    `hosts` (DNS rebinding), an Origin that is not this server (another site's page)."""
    host = request.headers.get("host", "")
    if hosts is not None and host_name(host).lower() not in hosts:
        return f"this server does not answer for the host '{host}'"
    origin = request.headers.get("origin")
    if origin is not None and origin.lower() not in (f"http://{host}".lower(),
                                                     f"https://{host}".lower()):
        return "a request from another site's page is refused"
    return None


class Hub:
    """Wakes whoever waits for the table to change (event streams, the bots' task)."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closing = False  # the server stops: event streams end

    def close(self) -> None:
        """End every event stream (call before the server stops: it waits for them)."""
        self.closing = True
        self.notify_threadsafe()

    def notify(self) -> None:
        old, self.changed = self.changed, asyncio.Event()
        old.set()

    def notify_threadsafe(self) -> None:
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.notify)


def create_app(table: Table, bot_delay: float = 0.5,
               hosts: frozenset[str] | None = LOCAL_HOSTS) -> Starlette:
    """The app; `hosts`: the names the Host header may give (None: any, for a server that
    listens on every network)."""
    hub = Hub()

    async def run_bots() -> None:
        while True:
            waiting = hub.changed
            if table.game.over:
                await waiting.wait()
                continue
            try:
                moved = await run_in_threadpool(table.bot_step)
            except Exception as exc:  # a bot or the rules went wrong: the table stops here
                table.stop(str(exc) if isinstance(exc, RulesError) else
                           f"{type(exc).__name__}: {exc}")
                return
            if moved:
                await asyncio.sleep(bot_delay)
            else:
                await waiting.wait()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        table.listeners.append(hub.notify_threadsafe)
        task = asyncio.create_task(run_bots())
        try:
            yield
        finally:
            task.cancel()
            table.listeners.remove(hub.notify_threadsafe)
            table.keep_replay()

    def answer(work) -> JSONResponse:
        try:
            return JSONResponse(work(), headers=NO_STORE)
        except TableError as exc:
            said = {"error": exc.message} | ({"answered": True}
                                              if isinstance(exc, AlreadyAnswered) else {})
            return JSONResponse(said, status_code=exc.status, headers=NO_STORE)

    async def body(request: Request) -> dict[str, Any]:
        """The JSON object of a POST, read only if it is JSON and small (refused otherwise)."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise TableError(415, "the request's body must be application/json")
        length = request.headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise TableError(413, f"the request's body is over {MAX_BODY} bytes")
        async def read() -> bytes:
            raw = b""
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise TableError(413, f"the request's body is over {MAX_BODY} bytes")
            return raw

        try:
            raw = await asyncio.wait_for(read(), BODY_SECONDS)
        except TimeoutError:
            raise TableError(408, f"the request's body did not come within {BODY_SECONDS:g} "
                                  "seconds") from None
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):  # nested too deep: not ours
            raise TableError(400, "the request's body is not JSON") from None
        if not isinstance(data, dict):
            raise TableError(400, "the request's body must be a JSON object")
        try:  # a lone surrogate ("\\ud800") is no character: no answer could say it
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise TableError(400, "the request's body holds a lone surrogate, which is no "
                                  "character") from None
        return data

    def html_page(check: Callable[[str], Any], name: str) -> Callable[..., Any]:
        """The route of a page (a seat's or the spectators', the host's) for the tokens
        that `check` lets through."""
        async def serve_page(request: Request) -> Response:
            try:
                check(request.path_params["token"])
            except TableError as exc:
                return not_found(exc)
            return FileResponse(PAGE_FOLDER / name, media_type="text/html", headers=NO_STORE)

        return serve_page

    async def links(request: Request) -> JSONResponse:
        """The host's page: each seat (a person's with its link's path), the spectators'."""
        try:
            table.check_host(request.path_params["token"])
        except TableError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return JSONResponse(host_links(table), headers=NO_STORE)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return JSONResponse({"error": "no such file"}, status_code=404)
        return FileResponse(PAGE_FOLDER / name, media_type=STATIC[name])

    async def state(request: Request) -> JSONResponse:
        token = request.path_params["token"]
        try:
            table.viewer_of(token)  # a stranger takes no thread (and waits for no lock)
        except TableError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return await run_in_threadpool(answer, lambda: table.state_for(token))

    async def act(request: Request) -> JSONResponse:
        token, action = request.path_params["token"], request.path_params["action"]
        try:
            table.seat_of(token)  # a stranger's body is never read
            data = await body(request)
        except TableError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        if action == "decide":
            return await run_in_threadpool(answer, lambda: table.decide(
                token, data.get("decision"), data.get("option"), data.get("place")))
        if action == "undo":
            return await run_in_threadpool(answer, lambda: table.undo(
                token, data.get("decision")))
        if action == "save":
            return await run_in_threadpool(answer, lambda: table.save(token))
        return JSONResponse({"error": f"no action '{action}'"}, status_code=404)

    async def events(request: Request) -> Response:
        try:
            table.viewer_of(request.path_params["token"])
        except TableError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)

        async def stream() -> AsyncIterator[str]:
            sent = None
            while not hub.closing:
                waiting = hub.changed
                if table.version != sent:
                    sent = table.version
                    yield f"data: {json.dumps({'version': sent})}\n\n"
                try:
                    await asyncio.wait_for(waiting.wait(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**NO_STORE, "X-Accel-Buffering": "no"})

    async def rules(request: Request) -> JSONResponse:
        """The Rules panel: the game's book as HTML, and where each decision's rule is."""
        try:
            table.viewer_of(request.path_params["token"])
        except TableError as exc:
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return JSONResponse(await run_in_threadpool(rules_page, table.ruleset, table.lang),
                            headers=NO_STORE)

    routes = [
        Route("/play/{token}", html_page(table.viewer_of, "page.html")),
        Route("/host/{token}", html_page(table.check_host, "host.html")),
        Route("/api/{token}/links", links),
        Route("/static/{name}", static),
        Route("/api/{token}/state", state),
        Route("/api/{token}/events", events),
        Route("/api/{token}/rules", rules),
        Route("/api/{token}/{action}", act, methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(_SecurityHeaders), Middleware(_OriginCheck, hosts=hosts)])
    app.state.close_streams = hub.close
    return app


def not_found(exc: TableError) -> Response:
    """The page of a link that is none of this table's."""
    return Response(f"<!doctype html><title>Not a link of this table</title>"
                    f"<p>{exc.message}</p>",
                    status_code=404, media_type="text/html")


def host_links(table: Table) -> dict[str, Any]:
    """What the host's page lists: every seat in order (a person's with the path of its
    link, a bot's with its kind) and the spectators' link."""
    paths = {player: f"/play/{token}" for token, player in table.tokens.items()}
    game = table.game
    return {"game": table.ruleset.name,
            "seats": [{"player": p, "name": game.label(p), "kind": table.seats[p],
                       "path": paths.get(p)} for p in game.players],
            "spectator": f"/play/{table.spectator}"}


class _OriginCheck:
    """Refuses (403) every request that `refused_origin` refuses, before any route runs."""

    def __init__(self, app: Any, hosts: frozenset[str] | None):
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            reason = refused_origin(Request(scope), self.hosts)
            if reason is not None:
                await JSONResponse({"error": reason}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _SecurityHeaders:
    """Adds SECURITY_HEADERS to every answer (a refusal and an error too)."""

    def __init__(self, app: Any):
        self.app = app
        self.headers = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                        for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *self.headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# ---------------------------------------------------------------------------- the connections
def connection_limit(wanted: int = MAX_CONNECTIONS) -> int:
    """`wanted`, or fewer if this process may not open three times as many files (besides 64 for
    the rest: the listening socket, the threads, saves and replays): connections accepted in
    a burst are open for a moment before they are counted and closed."""
    try:
        import resource

        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return wanted
    if files == resource.RLIM_INFINITY:
        return wanted
    return max(8, min(wanted, (files - 64) // 3))


def server_config(app: Any, *, max_connections: int | None = None,
                  max_per_client: int = MAX_PER_CLIENT,
                  header_seconds: float = HEADER_SECONDS, **config: Any) -> Any:
    """The uvicorn configuration of `app` with the connections bounded (uvicorn bounds none
    of this itself): at most `max_connections` open at once and `max_per_client` from one
    address, each sending its request's line and headers (at most MAX_HEAD bytes) within
    `header_seconds` of being opened or of the end of its last answer. A connection over a
    bound closes the oldest idle one (no request of it being answered: half sent, or kept
    alive) of its address, resp. of all; when there is none, the new one is answered 503
    and closed. Idle keep-alive connections end after 5 seconds (uvicorn's own timeout)."""
    import uvicorn

    limit = connection_limit() if max_connections is None else max_connections
    protocol = _bounded_protocol(limit, max_per_client, header_seconds)
    # `backlog` is also how many connections are accepted at one go, before any is counted
    # (uvicorn's default, 2,048, opens more files at once than a process may have)
    return uvicorn.Config(app, http=protocol, ws="none", h11_max_incomplete_event_size=MAX_HEAD,
                          timeout_keep_alive=5, backlog=max(8, min(128, limit // 2)), **config)


_TOO_MANY = b"too many connections: try again in a while"
_REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n%s" % (len(_TOO_MANY), _TOO_MANY))


def _bounded_protocol(total: int, per_client: int, header_seconds: float) -> type:
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Bounded(H11Protocol):
        """uvicorn's HTTP/1.1 connection, with its number and its time for headers bounded."""

        opened = 0.0
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.opened = self.loop.time()
            address = self.client[0] if self.client else None
            others = [c for c in self.connections if c is not self and
                      not (c.transport is None or c.transport.is_closing())]
            mine = [c for c in others if getattr(c, "client", None) and c.client[0] == address]
            for crowd, bound in ((mine, per_client), (others, total)):
                if len(crowd) < bound:
                    continue
                closed = _close_oldest_idle(crowd)
                if closed is None:
                    transport.write(_REFUSED)
                    transport.close()
                    return
                if closed in others:  # it made room in all too
                    others.remove(closed)
            self._arm()

        def idle(self) -> bool:
            """No request of this connection is being answered (none yet, one half sent,
            or the last one answered)."""
            return self.cycle is None or self.cycle.response_complete

        def _arm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
            self.deadline = self.loop.call_later(header_seconds, self._late)

        def _late(self) -> None:
            self.deadline = None
            if self.idle() and not self.transport.is_closing():
                self.transport.close()  # its request's head did not come in time

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's head has the same time

        def connection_lost(self, exc: Exception | None) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None
            super().connection_lost(exc)

    return Bounded


def _close_oldest_idle(connections: list[Any]) -> Any:
    """Close the connection opened first among those that are idle, and return it (None if
    none is idle)."""
    idle = [c for c in connections if isinstance(getattr(c, "opened", None), float) and
            c.idle()]
    if not idle:
        return None
    oldest = min(idle, key=lambda c: c.opened)
    oldest.transport.close()
    return oldest
