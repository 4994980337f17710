"""A Table (interpreter/play/table.py) served over HTTP: the page, a JSON API and live updates.

Needs the optional extra `web` (Starlette, uvicorn): `pip install -e ".[web]"`.

    GET  /play/TOKEN          the page of a seat (plain HTML and a small script)
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
from collections.abc import AsyncIterator
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
from interpreter.play.table import Table, TableError

PAGE_FOLDER = Path(__file__).resolve().parent / "web_page"
STATIC = {"page.js": "text/javascript", "page.css": "text/css"}
KEEP_ALIVE = 15.0  # seconds between comments on a quiet event stream
NO_STORE = {"Cache-Control": "no-store"}
MAX_BODY = 16_384  # bytes: a decision is a few dozen
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
            return JSONResponse({"error": exc.message}, status_code=exc.status,
                                headers=NO_STORE)

    async def body(request: Request) -> dict[str, Any]:
        """The JSON object of a POST, read only if it is JSON and small (refused otherwise)."""
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise TableError(415, "the request's body must be application/json")
        length = request.headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            raise TableError(413, f"the request's body is over {MAX_BODY} bytes")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise TableError(413, f"the request's body is over {MAX_BODY} bytes")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):  # nested too deep: not ours
            raise TableError(400, "the request's body is not JSON") from None
        if not isinstance(data, dict):
            raise TableError(400, "the request's body must be a JSON object")
        return data

    async def page(request: Request) -> Response:
        try:
            table.seat_of(request.path_params["token"])
        except TableError as exc:
            return Response(f"<!doctype html><title>Not a seat</title><p>{exc.message}</p>",
                            status_code=404, media_type="text/html")
        return FileResponse(PAGE_FOLDER / "page.html", media_type="text/html",
                            headers=NO_STORE)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return JSONResponse({"error": "no such file"}, status_code=404)
        return FileResponse(PAGE_FOLDER / name, media_type=STATIC[name])

    async def state(request: Request) -> JSONResponse:
        token = request.path_params["token"]
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
            table.seat_of(request.path_params["token"])
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

    routes = [
        Route("/play/{token}", page),
        Route("/static/{name}", static),
        Route("/api/{token}/state", state),
        Route("/api/{token}/events", events),
        Route("/api/{token}/{action}", act, methods=["POST"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(_SecurityHeaders), Middleware(_OriginCheck, hosts=hosts)])
    app.state.close_streams = hub.close
    return app


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
