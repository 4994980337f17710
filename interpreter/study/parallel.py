"""Many games on every core, or on a Dask cluster: the same games, whoever plays them.

A batch is a ruleset, a player count, bots and a range of seeds; its games are cut into chunks
of consecutive seeds, the chunks are played anywhere (this process, worker processes, the
workers of a Dask cluster), and their records are put back in the order of the seeds. A game
depends only on its seed, so the records, and every report made from them, are the same
whatever the number of workers and whatever order the chunks finish in.

A worker that dies takes its unfinished chunks with it: they are played again (by a new pool
of processes, or by Dask on another worker), and each chunk's records are taken once, from the
first result that arrives, so nothing is counted twice.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import GameRuleError, RulesError

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.study.games import GameRecord

Progress = Callable[[int, int], None]

MAX_CHUNK = 25  # games in one chunk at most (progress is reported chunk by chunk)
CHUNKS_PER_WORKER = 8  # at least, when there are enough games
RESTARTS = 3  # times a pool of processes is started again after a worker died
CONNECT_SECONDS = 20  # waiting for a Dask scheduler to answer


def all_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


# ------------------------------------------------------------------------ what to play
@dataclass(frozen=True)
class RulesetSource:
    """Where a worker finds a ruleset: its folder, or failing that (a worker on another
    machine) the text of its files, which it writes to a folder of its own."""

    path: str
    content_hash: str
    top: str  # the ruleset's folder, relative to the common folder of its files
    files: tuple[tuple[str, bytes], ...] = field(repr=False)
    allow_outside: bool = False  # see load_ruleset
    settings: tuple[str, ...] = ()  # `--set` (language/settings.py)
    reading: str | None = None  # see load_ruleset

    @classmethod
    def of(cls, ruleset: Ruleset) -> RulesetSource:
        paths = [Path(p).resolve() for layer in ruleset.layers for p in layer.files]
        folder = Path(ruleset.path).resolve()
        root = Path(os.path.commonpath([folder, *paths]))
        return cls(str(folder), ruleset.content_hash, folder.relative_to(root).as_posix(),
                   tuple((p.relative_to(root).as_posix(), p.read_bytes())
                         for p in dict.fromkeys(paths)), ruleset.allow_outside,
                   tuple(ruleset.settings), ruleset.reading)


@dataclass(frozen=True)
class Batch:
    """Games of one ruleset: seeds first .. first + games - 1, between the same bots."""

    ruleset: Ruleset = field(repr=False, compare=False)
    players: int
    first: int
    games: int
    entries: tuple[Any, ...]  # per seat: a bot name (a fresh bot each game) or a bot object
    max_decisions: int | None = None
    logging: bool = False
    replay_dir: str | None = None  # write each game's replay there (games.play_one)
    keep_moves: bool = False  # each record keeps its game's moves (for rescore.py)


@dataclass(frozen=True)
class _Chunk:
    batch: int  # its batch's position in the list played
    source: RulesetSource
    players: int
    first: int  # the batch's first seed (games are numbered from it)
    start: int  # the seeds of the chunk: start .. stop - 1
    stop: int
    entries: tuple[Any, ...]
    max_decisions: int | None
    logging: bool
    replay_dir: str | None = None
    keep_moves: bool = False


@dataclass(frozen=True)
class _Failure:
    """A RulesError raised in a worker, carried back as plain data: its text, and for a
    GameRuleError the place of the rule."""

    kind: str
    text: str
    loc: Any = None

    def error(self) -> RulesError:
        if self.kind == "GameRuleError":
            err = GameRuleError(self.text)
            err.loc = self.loc
            return err
        return RulesError(self.text)


# ------------------------------------------------------------------------ in a worker
_LOADED: dict[str, Ruleset] = {}  # content hash -> ruleset, in this process


def _remember(ruleset: Ruleset) -> None:
    _LOADED[ruleset.content_hash] = ruleset


def _ruleset(source: RulesetSource) -> Ruleset:
    """The ruleset, loaded once per process: from its folder if that holds the same files,
    else from the files' text written to a temporary folder."""
    found = _LOADED.get(source.content_hash)
    if found is not None:
        return found
    from interpreter.engine.ruleset import load_ruleset

    try:
        ruleset = load_ruleset(source.path, source.allow_outside, source.settings,
                               reading=source.reading)
    except (RulesError, OSError):
        ruleset = None
    if ruleset is None or ruleset.content_hash != source.content_hash:
        # a folder of this process's own (a fixed name in a shared /tmp could be another
        # user's, with links planted in it)
        root = Path(tempfile.mkdtemp(prefix=f"rules-engine-{source.content_hash[:16]}-"))
        for name, data in source.files:
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        ruleset = load_ruleset(root / source.top, source.allow_outside, source.settings,
                               reading=source.reading)
    _LOADED[source.content_hash] = ruleset
    return ruleset


def play_chunk(chunk: _Chunk) -> list[GameRecord] | _Failure:
    """Play the games of a chunk (in whatever process runs it)."""
    from interpreter.bots.players import make_bot
    from interpreter.engine.world import player_id
    from interpreter.study.games import play_one

    try:
        ruleset = _ruleset(chunk.source)
        seats = [player_id(i) for i in range(1, chunk.players + 1)]
        records = []
        for seed in range(chunk.start, chunk.stop):
            bots = {p: make_bot(e) if isinstance(e, str) else e
                    for p, e in zip(seats, chunk.entries, strict=True)}
            records.append(play_one(ruleset, chunk.players, seed, bots, chunk.max_decisions,
                                    number=seed - chunk.first + 1, logging=chunk.logging,
                                    replay_dir=chunk.replay_dir,
                                    keep_moves=chunk.keep_moves))
        return records
    except GameRuleError as exc:
        return _Failure("GameRuleError", str(exc), exc.loc)
    except RulesError as exc:
        return _Failure("RulesError", str(exc))


# ------------------------------------------------------------------------ playing batches
def play_batches(batches: Sequence[Batch], workers: int = 1, dask: str | None = None,
                 progress: Progress | None = None) -> list[list[GameRecord]]:
    """The records of every batch's games, in the order of their seeds.

    `workers`: processes on this machine (1: this process), or with `dask` the workers of the
    local cluster; `dask`: the address of a Dask scheduler, or "local" for a cluster on this
    machine. `progress(done, total)` is called as games finish, over all batches."""
    total = sum(b.games for b in batches)
    sources = {id(b.ruleset): RulesetSource.of(b.ruleset) for b in batches}
    for b in batches:
        _remember(b.ruleset)
    if dask is None and workers <= 1:
        return [_play_here(i, b, sources[id(b.ruleset)], progress, total, batches)
                for i, b in enumerate(batches)]
    if dask is not None:
        with _dask_client(dask, workers) as client:
            on_cluster = len(client.scheduler_info().get("workers", {})) or workers
            chunks = _chunks(batches, sources, max(on_cluster, 1))
            results = _Results(chunks, progress, total)
            _play_on_dask(client, chunks, results)
    else:
        chunks = _chunks(batches, sources, max(workers, 1))
        results = _Results(chunks, progress, total)
        _play_in_processes(chunks, min(workers, len(chunks)), results)
    results.raise_first_failure()
    out: list[list[GameRecord]] = [[] for _ in batches]
    for i, chunk in enumerate(chunks):
        out[chunk.batch].extend(results.done[i])
    return out


def _play_here(index: int, batch: Batch, source: RulesetSource, progress: Progress | None,
               total: int, batches: Sequence[Batch]) -> list[GameRecord]:
    before = sum(b.games for b in batches[:index])
    records: list[GameRecord] = []
    for seed in range(batch.first, batch.first + batch.games):
        result = play_chunk(_chunk(index, source, batch, seed, seed + 1))
        if isinstance(result, _Failure):
            raise result.error()
        records.extend(result)
        if progress is not None:
            progress(before + len(records), total)
    return records


def _chunk(index: int, source: RulesetSource, b: Batch, start: int, stop: int) -> _Chunk:
    return _Chunk(index, source, b.players, b.first, start, stop, tuple(b.entries),
                  b.max_decisions, b.logging, b.replay_dir, b.keep_moves)


def _chunks(batches: Sequence[Batch], sources: dict[int, RulesetSource],
            workers: int) -> list[_Chunk]:
    total = sum(b.games for b in batches)
    size = max(1, min(MAX_CHUNK, math.ceil(total / (workers * CHUNKS_PER_WORKER))))
    out = []
    for index, b in enumerate(batches):
        for start in range(b.first, b.first + b.games, size):
            out.append(_chunk(index, sources[id(b.ruleset)], b, start,
                              min(start + size, b.first + b.games)))
    return out


class _Results:
    """The chunks' records as they arrive, each chunk taken once. When games fail, the
    failure reported is that of the first chunk (in the order of seeds) that fails, whatever
    the order chunks finish in: chunks after it are no longer needed, chunks before it are."""

    def __init__(self, chunks: list[_Chunk], progress: Progress | None, total: int):
        self.chunks = chunks
        self.progress = progress
        self.total = total
        self.done: dict[int, list[GameRecord]] = {}
        self.failures: dict[int, _Failure] = {}
        self.games = 0

    def take(self, index: int, result: Any) -> None:
        if index in self.done or index in self.failures:
            return
        if isinstance(result, _Failure):
            self.failures[index] = result
            return
        self.done[index] = result
        self.games += len(result)
        if self.progress is not None:
            self.progress(self.games, self.total)

    def needed(self, index: int) -> bool:
        return index not in self.done and (not self.failures or index < min(self.failures))

    def complete(self) -> bool:
        return not any(self.needed(i) for i in range(len(self.chunks)))

    def raise_first_failure(self) -> None:
        if self.failures:
            raise self.failures[min(self.failures)].error()


def _context() -> multiprocessing.context.BaseContext:
    """fork where there is one: the workers start with the rulesets already loaded."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _play_in_processes(chunks: list[_Chunk], workers: int, results: _Results) -> None:
    for _attempt in range(RESTARTS + 1):
        todo = [i for i in range(len(chunks)) if results.needed(i)]
        if not todo:
            return
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=_context(),
                                   initializer=_ignore_interrupts)
        try:
            futures = {pool.submit(play_chunk, chunks[i]): i for i in todo}
            pending = set(futures)
            while pending and not results.complete():
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    results.take(futures[future], future.result())
            return
        except BrokenProcessPool:
            continue  # a worker died: play what it left undone in a new pool
        except BaseException:  # Ctrl-C (or any error here): the workers stop now, not later
            _stop_workers(pool)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    raise RulesError(f"worker processes died {RESTARTS + 1} times; stopped")


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the workers), so a worker
    never turns it into a result and goes on with the next chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End a pool's worker processes at once (a game may be running that would not end):
    none is left behind."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join(5)


def local_security() -> Any:
    """Credentials for a local cluster, made for it and kept in memory (never written to a
    file): a certificate authority of its own, and a certificate signed by it that the
    scheduler, the workers and this client present to each other over TLS. Another user of
    the machine, who can reach the ports but has not the credentials, cannot connect (without
    them a local cluster would run whatever anyone who connects sends it)."""
    try:
        from distributed.security import Security

        return Security.temporary()
    except ImportError:
        raise RulesError("--dask local needs the package 'cryptography' for the credentials "
                         "of its cluster: pip install 'rules-engine[cluster]' (or play "
                         "without --dask: --workers K worker processes)") from None


@contextmanager
def _dask_client(address: str, workers: int) -> Iterator[Any]:
    """A client of the scheduler at `address`, or of a new local cluster of `workers`
    single-threaded worker processes ("local": on 127.0.0.1 only, over TLS with credentials
    of its own), closed afterwards. A scheduler named by its address is trusted: it and its
    workers run what is sent them, and what they send back is unpickled here."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise RulesError("--dask needs Dask's distributed scheduler: "
                         "pip install 'rules-engine[cluster]'") from None
    import logging

    cluster = client = None
    try:
        if address == "local":
            security = local_security()
            from distributed.deploy.spec import SpecCluster

            known, interrupted = set(SpecCluster._instances), []
            try:
                with _workers_write_nowhere(), _noting_ctrl_c(interrupted):
                    cluster = LocalCluster(n_workers=max(workers, 1), threads_per_worker=1,
                                           processes=True, dashboard_address=None,
                                           silence_logs=logging.ERROR, host="127.0.0.1",
                                           protocol="tls://", security=security)
            except BaseException as exc:  # Ctrl-C while it starts: stop what has started
                for started in set(SpecCluster._instances) - known:
                    _close_quietly(None, started)
                if interrupted:  # Ctrl-C also reaches the workers, which may stop first
                    raise KeyboardInterrupt from None  # ("Nanny failed to start")
                if isinstance(exc, Exception):
                    raise RulesError(f"the local Dask cluster did not start: {exc}") from None
                raise
            client = Client(cluster, security=security)
        else:
            client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as exc:
        _close_quietly(client, cluster)
        raise RulesError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    except BaseException:
        _close_quietly(client, cluster)
        raise
    try:
        yield client
    except BaseException:  # Ctrl-C (or an error): close, but say nothing more than it
        _close_quietly(client, cluster)
        raise
    client.close()
    if cluster is not None:
        cluster.close()


@contextmanager
def _noting_ctrl_c(heard: list[int]) -> Iterator[None]:
    """`heard` gets an item if Ctrl-C comes meanwhile (which still interrupts as ever);
    outside the main thread, where no handler can be set, it stays empty."""
    import signal

    def note(signum: int, frame: Any) -> None:
        heard.append(signum)
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _workers_write_nowhere() -> Iterator[None]:
    """The worker processes of a local cluster started meanwhile write to nothing (their
    standard error is /dev/null): Ctrl-C at the terminal reaches them as well as this
    process, and a worker stopped in the middle of its work (of an import, say) would print
    its traceback between this command's own lines. This process reports what goes wrong."""
    try:
        kept = os.dup(2)
    except OSError:
        yield
        return
    try:
        nowhere = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(nowhere, 2)
        finally:
            os.close(nowhere)
        yield
    finally:
        os.dup2(kept, 2)
        os.close(kept)


def _close_quietly(client: Any, cluster: Any) -> None:
    """Close the client and the local cluster after Ctrl-C or an error: what goes wrong while
    closing is not shown (the cause is), and nothing is left for Dask to close at exit."""
    import logging

    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    # a worker's start cut short by Ctrl-C leaves a task whose error asyncio would print
    # when the task is collected ("Task exception was never retrieved", with its traceback)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    if client is not None:
        with contextlib.suppress(Exception):
            client.close(timeout=10)
    if cluster is not None:
        with contextlib.suppress(Exception):
            cluster.close(timeout=10)
        with contextlib.suppress(Exception):
            from distributed.deploy.spec import SpecCluster

            SpecCluster._instances.discard(cluster)


def _play_on_dask(client: Any, chunks: list[_Chunk], results: _Results) -> None:
    from distributed import as_completed

    tag = f"rules-{os.getpid()}-{time.time_ns()}"
    futures = {client.submit(play_chunk, chunk, key=f"{tag}-{i}", pure=False): i
               for i, chunk in enumerate(chunks)}
    try:
        for future in as_completed(list(futures)):
            results.take(futures[future], future.result())
            if results.complete():
                break
    except Exception as exc:  # a task that failed on every worker it was given, ...
        raise RulesError(f"the Dask cluster could not play the games: "
                         f"{type(exc).__name__}: {exc}") from None
    finally:
        client.cancel(list(futures))
