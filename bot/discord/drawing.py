"""Screens are built in worker processes, away from the event loop that answers clicks.

Building a screen with a picture costs 10-100 ms of CPU (drawing, then encoding the
PNG). In a thread of the bot's own process that work competes with the event loop
for the interpreter, so a click in one game would wait for another game's picture.
Here it runs in worker processes (by default one per core), started with the lowest
priority (nice), so the operating system lets the bot's own process
(acknowledgements, the database, Discord) go first: the workers take only the CPU it
leaves, and keeping a core free for it as well left that core idle under load.

The pool is the event loop's own: each worker has a pipe that the loop watches, and
takes one screen at a time from the queues kept here: first the screens a player who
clicked is waiting for (panels), so a panel never queues behind a burst of tables
(catch-up after a restart, a busy hour); but a table or notice that has waited
`PATIENCE` goes before them. A game's changes are shown one after another, so a table
starved by a stream of panels held up its game's messages, and under load the other
games' behind it, for half a minute. There are no helper threads in the bot's process
(a `ProcessPoolExecutor` has two, which take the interpreter lock from the event loop
for every screen sent and received).

A game's screens go to the worker that built its last one when that worker is idle
(its contexts, tiles and pictures are there), else to any idle one. Each worker keeps
the pictures it drew, but a reader's next screen may still be built in the other one:
so the pictures a reader's last screens used (those of the table, or of one seat: a
reader's own) travel with the reader's next job, and a picture whose inputs did not
change is taken from them rather than drawn and encoded again (see
`bot.discord.adapters.pictures.sharing`).

Adapters are plain functions of a `Context`, which pickles: a worker imports the
adapter by the game's kind and builds the same screen the bot's process would. A
game whose adapter was registered at runtime (the tests' example game) is built in a
thread, as is everything when the pool is off (`workers=0`: the end-to-end tests,
which also change the catalog in their own process). A worker that dies is replaced,
and the screen it was building is built in a thread instead.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import pickle
from collections import OrderedDict, deque
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.core import garbage
from bot.discord import adapters
from bot.discord.adapters.context import Context
from bot.discord.adapters.pictures import Digest, is_held, sharing
from bot.discord.contexts import Portable, portable
from bot.discord.framing import Framed
from bot.discord.ui import Picture, Screen

log = logging.getLogger(__name__)

NICE = 19  # the lowest priority: a worker gets the CPU only when the bot does not need it
# Screens someone who clicked is waiting for: built before tables and notices...
FIRST = frozenset({"panel", "replay", "final_table"})
PATIENCE = 2.0  # seconds: ...unless one of those has waited this long

DEATHS = 3  # workers dying within DEATHS_WINDOW seconds: drawing moves to threads...
DEATHS_WINDOW = 60.0
RETRY_AFTER = 60.0  # ...and workers are tried again this many seconds after the last death

GAMES_FOLLOWED = 4096  # games whose last worker is remembered (see `_worker_for`)
SEEN_PICTURES = 3  # pictures kept per reader, to hand to the reader's next jobs
SEEN_BYTES = 64 * 1024 * 1024  # for all readers together

Job = tuple[str, str, tuple[Any, ...]]  # kind, adapter method, arguments
Pictures = dict[Digest, Picture]
Built = tuple[Screen, Pictures]  # a screen and the pictures it used
# A job, pickled, its screen, and when it was queued (the loop's time).
Waiting = tuple[Job, bytes, "asyncio.Future[Built]", float]
Versions = tuple[int | None, ...]  # each argument's context version (None: not a context)
Reader = tuple[int, int | None]  # a game and a seat (None: the table)


def default_workers() -> int:
    return os.cpu_count() or 1


def _build(
    kind: str,
    method: str,
    args: tuple[Any, ...],
    given: Pictures | AbstractSet[Digest] = frozenset(),
) -> Built:
    """The screen, and the pictures it used; `given`: pictures it may take, or the
    digests of those the caller holds (see `bot.discord.adapters.pictures.sharing`)."""
    with sharing(given) as used:
        screen = getattr(adapters.adapter_for(kind), method)(*args)
    assert isinstance(screen, Screen)
    return screen, used


def _serve(connection: Connection) -> None:
    """A worker: build each job that arrives and send back the screen (or the error),
    until the bot closes the pipe."""
    os.nice(NICE)
    adapters.adapters()  # import every game's adapter and pictures once, up front
    garbage.settle()
    while True:
        try:
            plain, versions, given = pickle.loads(connection.recv_bytes())
        except EOFError:
            return
        kind, method, args = _with_versions(pickle.loads(plain), versions)
        try:
            answer: tuple[bool, Any] = (True, _build(kind, method, args, given))
        except Exception as error:  # the bot's process raises it where it awaits the screen
            answer = (False, error)
        try:
            data = pickle.dumps(answer)
        except Exception as error:  # an error that does not pickle: its words do
            data = pickle.dumps((False, RuntimeError(repr(error))))
        connection.send_bytes(data)


def _own(built: Built, given: Pictures) -> Built:
    """A worker's screen with our copy of each picture it answered as held."""
    screen, used = built
    ours = {used[d].name: given[d] for d in used if is_held(used[d])}
    if not ours:
        return built
    pictures = tuple(ours.get(p.name, p) if is_held(p) else p for p in screen.pictures)
    used = {d: given[d] if is_held(p) else p for d, p in used.items()}
    return replace(screen, pictures=pictures), used


async def _in_a_thread(job: Job, future: asyncio.Future[Built]) -> None:
    """Build `job` in a thread of this process, for `future`."""
    try:
        screen = await asyncio.to_thread(_build, *job)
    except Exception as error:
        if not future.done():
            future.set_exception(error)
    else:
        if not future.done():
            future.set_result(screen)


def _plain(job: Job) -> tuple[bytes, Versions]:
    """The job pickled without its contexts' `version`, and those versions. The pickle
    is both what a worker gets and, digested, the key of the screens kept: a version
    changes with every move, also when this reader's view does not (adapters use it
    only as a cache key of their own)."""
    kind, method, args = job
    versions = tuple(a.version if isinstance(a, Context) else None for a in args)
    plain = tuple(_pickled(a, kind) if isinstance(a, Context) else a for a in args)
    return pickle.dumps((kind, method, plain)), versions


class _Pickled:
    """A context without its version, pickled (once: see `_pickled`)."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __reduce__(self) -> tuple[type[_Pickled], tuple[bytes]]:
        return _Pickled, (self.data,)


PICKLED_KEPT = 512  # contexts whose pickles are kept
_pickled_contexts: OrderedDict[int, tuple[Context[Any], _Pickled]] = OrderedDict()


def _pickled(context: Context[Any], kind: str) -> _Pickled:
    """A context's pickle, made once per context: a panel's steps, a change's notice,
    table and chapter all use the same (`bot.discord.contexts` keeps them per state;
    one with many legal actions is pickled as its state, see `portable` there).
    Kept by identity (contexts never change in place), with the context itself, so an
    id is not reused while kept."""
    found = _pickled_contexts.get(id(context))
    if found is not None and found[0] is context:
        _pickled_contexts.move_to_end(id(context))
        return found[1]
    sent = portable(context, kind, version=0)
    made = _Pickled(pickle.dumps(sent, protocol=pickle.HIGHEST_PROTOCOL))
    _pickled_contexts[id(context)] = (context, made)
    while len(_pickled_contexts) > PICKLED_KEPT:
        _pickled_contexts.popitem(last=False)
    return made


def _reader(job: Job) -> Reader | None:
    """Whose screen a job builds: its first context's game and seat."""
    context = next((a for a in job[2] if isinstance(a, Context)), None)
    return None if context is None else (context.game_id, context.seat)


def _with_versions(job: Job, versions: Versions) -> Job:
    """A job as `_plain` pickled it, unpickled: its contexts with their versions."""
    kind, method, args = job
    pairs = zip(args, versions, strict=True)
    return kind, method, tuple(_versioned(a, v) for a, v in pairs)


UNPICKLED_KEPT = 64  # contexts a worker keeps unpickled
_unpickled: OrderedDict[bytes, Any] = OrderedDict()


def _versioned(arg: Any, version: int | None) -> Any:
    if isinstance(arg, _Pickled):
        arg = _unpickle(arg.data)
    return arg if version is None else replace(arg, version=version)


def _unpickle(data: bytes) -> Any:
    """A context a worker was sent, unpickled once: a panel's steps, and a change's
    notice, table and chapter, send the same one again (its views are many models)."""
    found = _unpickled.get(data)
    if found is None:
        found = pickle.loads(data)
        if isinstance(found, Portable):
            found = found.made()
        _unpickled[data] = found
        while len(_unpickled) > UNPICKLED_KEPT:
            _unpickled.popitem(last=False)
    else:
        _unpickled.move_to_end(data)
    return found


@dataclass(eq=False)  # a worker is itself (found in lists by identity)
class _Worker:
    process: BaseProcess
    connection: Connection  # the bot's end of the pipe (kept open by it)
    pipe: Framed  # the same end, read and written without blocking
    loop: asyncio.AbstractEventLoop  # the loop that watches the pipe
    job: tuple[Job, asyncio.Future[Built]] | None = None  # what it is building


def _size(pictures: Pictures) -> int:
    return sum(len(p.data) for p in pictures.values())


class Drawing:
    """Where screens are built: `await drawing.build(kind, "table", ctx)`.

    The last `KEPT` screens are kept by what they were built from: a panel opened again,
    or a table refreshed after a move it does not show, costs no drawing at all."""

    KEPT = 256

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._running: list[_Worker] = []
        self._waiting: dict[bool, deque[Waiting]] = {True: deque(), False: deque()}  # by FIRST
        self.patience = PATIENCE
        self._built: OrderedDict[bytes, Screen] = OrderedDict()
        self._seen: OrderedDict[Reader, Pictures] = OrderedDict()  # each reader's last
        self._seen_bytes = 0
        self._by_game: OrderedDict[int, _Worker] = OrderedDict()  # who built a game's last
        self._instead: set[asyncio.Task[None]] = set()  # a dead worker's jobs, in threads
        self._deaths: deque[float] = deque(maxlen=DEATHS)  # when workers died (loop time)
        self.drawn = self.reused = 0  # screens built, and taken from those kept

    def start(self) -> None:
        """Start the workers now rather than at the first screen (each takes a second
        or two to import the games), from within the running event loop."""
        self._hand_out()

    async def build(self, kind: str, method: str, *args: Any) -> Screen:
        """The adapter's `method(*args)` for a game of `kind`, built off the loop."""
        plain, versions = _plain((kind, method, args))
        key = hashlib.blake2b(plain, digest_size=16).digest()
        if key in self._built:
            self._built.move_to_end(key)
            self.reused += 1
            return self._built[key]
        self.drawn += 1
        job = (kind, method, args)
        reader = _reader(job)
        given = dict(self._seen.get(reader, {})) if reader is not None else {}
        screen, used = await self._build(job, plain, versions, given)
        if reader is not None:
            self._saw(reader, used)
        self._built[key] = screen
        while len(self._built) > self.KEPT:
            self._built.popitem(last=False)
        return screen

    async def _build(self, job: Job, plain: bytes, versions: Versions, given: Pictures) -> Built:
        if not self.workers or job[0] in adapters.registered() or self._failing():
            return await asyncio.to_thread(_build, *job, given)
        future: asyncio.Future[Built] = asyncio.get_running_loop().create_future()
        # Only the digests: the worker answers a picture we hold by name (see `_own`).
        payload = pickle.dumps((plain, versions, set(given)), protocol=pickle.HIGHEST_PROTOCOL)
        queued = (job, payload, future, asyncio.get_running_loop().time())
        self._waiting[job[1] in FIRST].append(queued)
        self._hand_out()
        return _own(await future, given)

    def _saw(self, reader: Reader, used: Pictures) -> None:
        """Keep the pictures a reader's screen used, for the reader's next jobs: the
        last `SEEN_PICTURES` of each reader, `SEEN_BYTES` at most in all."""
        if not used:
            return
        kept = self._seen.pop(reader, {})
        self._seen_bytes -= _size(kept)
        for known in used:
            kept.pop(known, None)
        kept.update(used)
        while len(kept) > SEEN_PICTURES:
            del kept[next(iter(kept))]
        self._seen[reader] = kept
        self._seen_bytes += _size(kept)
        while self._seen_bytes > SEEN_BYTES and self._seen:
            _, gone = self._seen.popitem(last=False)
            self._seen_bytes -= _size(gone)

    def _failing(self) -> bool:
        """Whether workers keep dying (a broken machine, say): then screens are built in
        threads of this process until `RETRY_AFTER` seconds after the last death, rather
        than starting worker after worker."""
        if len(self._deaths) < DEATHS:
            return False
        now = asyncio.get_running_loop().time()
        return self._deaths[-1] - self._deaths[0] <= DEATHS_WINDOW and (
            now - self._deaths[-1] < RETRY_AFTER
        )

    def _hand_out(self) -> None:
        """Give waiting jobs to idle workers, starting workers up to `workers` (while
        they keep dying, the jobs go to threads instead)."""
        if self._failing():
            for waiting in self._waiting.values():
                while waiting:
                    job, _, future, _ = waiting.popleft()
                    self._in_a_thread(job, future)
            return
        while len(self._running) < self.workers:
            self._running.append(self._start())
        idle = [worker for worker in self._running if worker.job is None]
        while idle and (self._waiting[True] or self._waiting[False]):
            job, payload, future, _ = self._next()
            if future.cancelled():
                continue
            worker = self._worker_for(job, idle)
            idle.remove(worker)
            worker.job = (job, future)
            try:
                worker.pipe.send(payload)
            except OSError:  # it died, and the end of its pipe is not read yet
                self._died(worker)  # which hands out the rest
                return
            if worker.pipe.sending:  # the rest when the pipe takes it
                worker.loop.add_writer(worker.pipe.fd, self._writable, worker)

    def _worker_for(self, job: Job, idle: list[_Worker]) -> _Worker:
        """The idle worker that built the game's last screens if it is idle (its
        contexts, tiles and pictures are there), else the first idle one."""
        reader = _reader(job)
        if reader is None:
            return idle[0]
        game = reader[0]
        last = self._by_game.pop(game, None)
        worker = last if last in idle else idle[0]
        self._by_game[game] = worker
        while len(self._by_game) > GAMES_FOLLOWED:
            self._by_game.popitem(last=False)
        return worker

    def _next(self) -> Waiting:
        """The next job: a panel, unless the oldest other job has waited `patience`."""
        rest = self._waiting[False]
        overdue = bool(rest) and asyncio.get_running_loop().time() - rest[0][3] >= self.patience
        return (rest if overdue or not self._waiting[True] else self._waiting[True]).popleft()

    def _start(self) -> _Worker:
        # forkserver: workers do not inherit the bot's threads, sockets or locks. The
        # fork server imports the adapters and games once, and every worker forked from
        # it starts with them (rather than each importing them, a second or two of CPU).
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["bot.discord.preload"])
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), daemon=True)
        process.start()
        theirs.close()
        worker = _Worker(process, ours, Framed(ours.fileno()), asyncio.get_running_loop())
        worker.loop.add_reader(worker.pipe.fd, self._readable, worker)
        return worker

    def _writable(self, worker: _Worker) -> None:
        try:
            worker.pipe.flush()
        except OSError:
            self._died(worker)
            return
        if not worker.pipe.sending:
            worker.loop.remove_writer(worker.pipe.fd)

    def _readable(self, worker: _Worker) -> None:
        """The worker's pipe is readable: (part of) its screen, or its end."""
        try:
            open_ = worker.pipe.receive(lambda message: self._answered(worker, message))
        except OSError:
            open_ = False
        if not open_ and worker in self._running:
            self._died(worker)

    def _answered(self, worker: _Worker, message: bytes) -> None:
        """The worker's answer: its screen, or the error it raised."""
        ok, value = pickle.loads(message)
        assert worker.job is not None, "a worker answers only a job it was given"
        _, future = worker.job
        worker.job = None
        if not future.done():
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        self._hand_out()

    def _died(self, worker: _Worker) -> None:
        self._stop(worker)
        self._running.remove(worker)
        for game in [g for g, w in self._by_game.items() if w is worker]:
            del self._by_game[game]
        self._deaths.append(asyncio.get_running_loop().time())
        if self._failing():
            log.error(
                "%d drawing workers died within %.0f s: drawing in this process for %.0f s",
                DEATHS, DEATHS_WINDOW, RETRY_AFTER,
            )  # fmt: skip
        else:
            log.warning("a drawing worker died; starting a new one")
        if worker.job is not None:
            self._in_a_thread(*worker.job)
        self._hand_out()

    def _in_a_thread(self, job: Job, future: asyncio.Future[Built]) -> None:
        task = asyncio.create_task(_in_a_thread(job, future))
        self._instead.add(task)
        task.add_done_callback(self._instead.discard)

    def _stop(self, worker: _Worker) -> None:
        worker.loop.remove_reader(worker.pipe.fd)
        worker.loop.remove_writer(worker.pipe.fd)
        worker.connection.close()  # the worker reads the end of its pipe and returns
        if worker.process.is_alive():
            worker.process.terminate()

    def pids(self) -> list[int]:
        """The worker processes running now."""
        return sorted(w.process.pid for w in self._running if w.process.pid is not None)

    def close(self) -> None:
        log.info("screens: %d built, %d reused", self.drawn, self.reused)
        for worker in self._running:
            self._stop(worker)
        self._running.clear()
        for waiting in self._waiting.values():
            for _, _, future, _ in waiting:
                future.cancel()
            waiting.clear()
