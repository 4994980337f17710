"""`rules serve`: play a game in the browser (a local web server, one private link per seat)."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path
from typing import Any, TextIO

from interpreter.bots.players import bot_names
from interpreter.cli.common import examples, formatter, seconds, whole
from interpreter.cli.play import add_game_arguments, open_game_saved, replay_folder
from interpreter.language.errors import RulesError

SERVE_HELP = "play a game in the browser: a local web server, one private link per person"
SERVE_DESCRIPTION = """\
Start a web server for one game and print one private link per person's seat (--seat N=human;
with no human seat named, seat 1 is a person; every seat not named is a greedy bot). Open your
link in a browser: the page shows the board, your hand, the options of your decisions (places
to click on the board, or buttons), the log and the scores, and follows the game live as the
others move. Each link shows its player's view only: keep it to yourself. The server also
prints the host's page, which lists every link with a button to copy it, and a link for
spectators, who see what every player sees and nothing more.

Undo takes back your own last decisions, as long as no other player has decided since and
they showed you nothing that was hidden. 'Save the game' writes a save file on the server
(continue it with --load); the replay is written to --replay-dir after every decision. Both
keep the links: a server started again from either (--load, same --host) answers the same
links on the same port, so pages left open and links sent to friends go on working.

Without --seed the game is dealt from a secret of 256 bits from the operating system (see
'rules play --help'): the server prints the game's id, never the secret, and no page or answer
holds it; saves and the replay keep it, readable by you alone (mode 0600).

The server listens on 127.0.0.1 (this computer only) unless --host says otherwise. Stop it
with Ctrl-C. Needs the optional extra 'web': pip install -e ".[web]"."""

SERVE_EPILOG = """\
examples:
  rules serve
  rules serve {example} --players {n} --seat 2=human
  rules serve {example} --players {n} --seat 1=human --seat 2=human --name 1=Ann --name 2=Ben
    --port 8080
  rules serve --load game.save.json

seat kinds: human, """


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help=SERVE_HELP, description=SERVE_DESCRIPTION,
                       epilog=examples(SERVE_EPILOG) + ", ".join(bot_names()),
                       formatter_class=formatter)
    add_game_arguments(p)
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default: 127.0.0.1, this computer only; "
                        "0.0.0.0 for every network the computer is on)")
    p.add_argument("--port", type=whole(0, 65535), default=None,
                   help="the port to listen on (default: 8000, or with --load the port the "
                        "saved game's server had, so its links work again; 0: any free port)")
    p.add_argument("--bot-delay", metavar="SECONDS", type=seconds, default=0.6,
                   help="pause after each bot decision, to follow them (default: 0.6)")
    p.add_argument("--save-dir", metavar="DIR", type=Path, default=Path("."),
                   help="where 'Save the game' writes its files (default: .)")
    p.set_defaults(run=cmd_serve)


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        import uvicorn

        from interpreter.play.web import create_app, server_config
    except ModuleNotFoundError as exc:
        raise RulesError(f"rules serve needs the optional extra 'web' ({exc.name} is not "
                         "installed): pip install -e \".[web]\"") from None
    from interpreter.play.display import load_display
    from interpreter.play.game_files import HUMAN, SECRET_NOTE, game_named
    from interpreter.play.links import DEFAULT_PORT, LINKS_KEY, restored_links
    from interpreter.play.table import Table

    ruleset, game, history, seats, saved = open_game_saved(args, err)
    if HUMAN not in seats.values():
        raise RulesError("no seat is played by a person: give one with --seat N=human")
    # a game loaded from a save or a replay of a table keeps its links (and its port)
    links = restored_links([p for p, kind in seats.items() if kind == HUMAN],
                           saved.get(LINKS_KEY))
    saved_port = links.pop("port", None)
    wanted = args.port if args.port is not None else saved_port or DEFAULT_PORT
    listener = _listen(args.host, wanted)
    port = listener.getsockname()[1]
    table = Table(ruleset, game, history, seats, load_display(ruleset),
                  replay_dir=replay_folder(args), save_dir=args.save_dir, port=port,
                  lang=args.lang, resumed=True, **links)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    if args.host in ("0.0.0.0", "::"):
        shown = "localhost"  # the links work here; others use this computer's address
    secret = game.state["seed"].__class__ is str  # never shown: the game's id instead
    print(f"{ruleset.name}: {game.n} players"
          + (f", {game_named(game.state['seed'])}" if secret else "")
          + (f", resumed after {len(game.moves)} decisions" if game.moves else ""), file=out)
    if secret:
        print(f"  {SECRET_NOTE}", file=out)
    base = f"http://{shown}:{port}"
    print(f"  Host page (every link below, to copy and send): {base}/host/{table.host}",
          file=out)
    for player, link in table.links(base).items():
        print(f"  {game.label(player)}: {link}", file=out)
    for player, kind in seats.items():
        if kind != HUMAN:
            print(f"  {game.label(player)}: the {kind} bot", file=out)
    print(f"  Spectators (what every player sees): {base}/play/{table.spectator}", file=out)
    print("Each player's link is private: it shows that player's hand. Stop the server with "
          "Ctrl-C.", file=out, flush=True)
    app = create_app(table, bot_delay=args.bot_delay, hosts=_hosts(args.host))

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.close_streams()  # open pages' event streams end, so the server can stop
            super().handle_exit(sig, frame)

    server = Server(server_config(app, log_level="warning", timeout_graceful_shutdown=5))
    try:
        server.run(sockets=[listener])
    except KeyboardInterrupt:  # uvicorn stops gracefully, then raises Ctrl-C again
        pass
    print("The server has stopped.", file=out)
    if table.replay_file is not None:
        print(f"Replay: {table.replay_file} (check it with: rules replay "
              f"{table.replay_file})", file=out)
    for note in table.notes:
        print(f"note: {note}", file=err)
    return 0


def _hosts(host: str) -> frozenset[str] | None:
    """The names a request's Host may give: this computer's own for a local server (a page
    of another site that rebinds its name to 127.0.0.1 is refused), any when listening on
    every network (the others use this computer's address, whatever it is called)."""
    from interpreter.play.web import LOCAL_HOSTS

    if host in ("0.0.0.0", "::", ""):
        return None
    return LOCAL_HOSTS | {host.lower(), f"[{host.lower()}]"}


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (so that the links can name the port before the
    server starts); RulesError when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise RulesError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock
