"""Gateway v10 over a websocket: hello, identify, ready, heartbeats, resume, dispatch.

Sessions are sharded as on Discord (`shards.py`): a session gets only its shards'
guilds in READY and GUILD_CREATE and only their events; DMs go to shard 0. IDENTIFY
is limited per `max_concurrency` and to 1,000 a day (`Gateway.starts`).

Transport compression as discord.py asks for it: `zlib-stream` (one zlib context per
connection, each message ending in a sync flush) or `zstd-stream` where a zstd module
is installed. Payload encoding is JSON.

Heartbeats are acknowledged after `ack_latency` (a network's round trip): discord.py's
keep-alive thread records when it sent a heartbeat only once it is scheduled again, and
an acknowledgement that came first reads as a whole interval of latency ("Can't keep
up, websocket is 41.3s behind"). A connection that sends no heartbeat for two intervals
(a bot stopped or frozen) is closed, as Discord does, so the bot shows as offline.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from bot.double.shards import (
    GUILDS_PER_SHARD,
    SessionStarts,
    Shard,
    Start,
    event_guild,
    parse_shard,
)
from bot.double.state import DoubleState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT = 0, 1, 2, 3, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
BUFFER = 2000
ZOMBIE = 4000  # closed for silence; the session stays resumable
AUTHENTICATION_FAILED, INVALID_SHARD, SHARDING_REQUIRED = 4004, 4010, 4011

Json = dict[str, Any]


def _compressor(kind: str | None) -> Callable[[bytes], bytes] | None:
    if kind is None:
        return None
    if kind == "zlib-stream":
        context = zlib.compressobj()
        return lambda data: context.compress(data) + context.flush(zlib.Z_SYNC_FLUSH)
    if kind == "zstd-stream":
        try:
            import zstandard  # type: ignore[import-not-found]
        except ImportError:
            from compression import zstd  # type: ignore[import-not-found]

            stdlib = zstd.ZstdCompressor()
            return lambda data: stdlib.compress(data, zstd.ZstdCompressor.FLUSH_BLOCK)
        streaming = zstandard.ZstdCompressor().compressobj()
        flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
        return lambda data: streaming.compress(data) + streaming.flush(flush)
    raise ValueError(kind)


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: Shard | None = None  # None: every event, as shard 0 of 1
    seq: int = 0
    buffer: deque[Json] = field(default_factory=lambda: deque(maxlen=BUFFER))
    connection: Connection | None = None

    def stamp(self, payload: Json) -> Json:
        self.seq += 1
        payload = {**payload, "s": self.seq}
        self.buffer.append(payload)
        return payload


class Connection:
    """One websocket; a writer task sends queued payloads in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self._compress = _compressor(compress)
        self._queue: asyncio.Queue[Json | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())
        self.session: Session | None = None
        self.last_heartbeat = asyncio.get_running_loop().time()

    def send(self, payload: Json) -> None:
        self._queue.put_nowait(payload)

    async def _write(self) -> None:
        while (payload := await self._queue.get()) is not None:
            text = json.dumps(payload, separators=(",", ":"))
            try:
                if self._compress is None:
                    await self.ws.send_str(text)
                else:
                    await self.ws.send_bytes(self._compress(text.encode()))
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int) -> None:
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 1)
        await self.ws.close(code=code)


class Gateway:
    def __init__(
        self,
        state: DoubleState,
        token: Callable[[], str],
        url: Callable[[], str],
        reset_token: Callable[[], None] = lambda: None,
    ):
        self.state = state
        self._token = token
        self._url = url
        self._reset_token = reset_token
        self.starts = SessionStarts()
        self.shards: int | None = None  # GET /gateway/bot's `shards`; None: 1 per 1,000 guilds
        self.heartbeat_interval = 41250  # milliseconds, as HELLO gives it
        self.ack_latency = 0.05  # seconds
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.identified = 0
        self.resumed = 0
        self.transports: list[str | None] = []
        state.add_listener(self.dispatch)

    @property
    def connected(self) -> bool:
        return any(c.session is not None for c in self.connections)

    @property
    def recommended_shards(self) -> int:
        if self.shards is not None:
            return self.shards
        return max(1, -(-len(self.state.guilds) // 1000))

    @property
    def connected_shards(self) -> set[int]:
        """The shard ids with a live session (0 for an unsharded one)."""
        return {
            c.session.shard.id if c.session.shard is not None else 0
            for c in self.connections
            if c.session is not None
        }

    def dispatch(self, event: str, data: Json, intent: int = 0) -> None:
        """Send a DISPATCH to every session whose intents and shard take it (buffered
        for resume)."""
        guild_id = event_guild(event, data)
        for session in self.sessions.values():
            if intent and not session.intents & intent:
                continue
            if session.shard is not None and not session.shard.receives(guild_id):
                continue
            payload = session.stamp({"op": DISPATCH, "t": event, "d": data})
            if session.connection is not None:
                session.connection.send(payload)

    async def disconnect_all(self, code: int = 4000) -> None:
        """Drop every websocket (test hook): discord.py reconnects and resumes."""
        for connection in list(self.connections):
            await connection.close(code)

    def request_reconnect(self) -> None:
        for connection in self.connections:
            connection.send({"op": RECONNECT, "d": None})

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"Only JSON encoding is supported")
            return ws
        self.transports.append(request.query.get("compress"))
        connection = Connection(ws, request.query.get("compress"))
        self.connections.add(connection)
        connection.send({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval}})
        watchdog = asyncio.create_task(self._watch_heartbeats(connection))
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(message.data)
                await self._receive(connection, payload)
        finally:
            watchdog.cancel()
            self.connections.discard(connection)
            session = connection.session
            if session is not None and session.connection is connection:
                session.connection = None
            await connection.close(1000)
            self.state.changed()
        return ws

    async def _receive(self, connection: Connection, payload: Json) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            loop = asyncio.get_running_loop()
            connection.last_heartbeat = loop.time()
            loop.call_later(self.ack_latency, connection.send, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(connection, data or {})
        elif op == RESUME:
            await self._resume(connection, data or {})
        elif op == REQUEST_MEMBERS:
            self._members_chunk(connection, data or {})
        elif op == PRESENCE:
            pass
        else:
            await connection.close(4001)

    async def _watch_heartbeats(self, connection: Connection) -> None:
        """Close the connection once two heartbeat intervals pass without a heartbeat."""
        loop = asyncio.get_running_loop()
        allowed = 2 * self.heartbeat_interval / 1000
        while True:
            silent = loop.time() - connection.last_heartbeat
            if silent > allowed:
                log.info("No heartbeat for %.1fs: closing the bot's gateway connection", silent)
                await connection.ws.close(code=ZOMBIE)
                return
            await asyncio.sleep(allowed - silent + 0.01)

    async def _identify(self, connection: Connection, data: Json) -> None:
        if data.get("token") != self._token():
            await connection.close(4004)
            return
        if "intents" not in data:
            await connection.close(4013)
            return
        try:
            shard = parse_shard(data.get("shard"))
        except (TypeError, ValueError):
            await connection.close(INVALID_SHARD)
            return
        outcome = self.starts.start(shard.id if shard is not None else 0)
        if outcome is Start.EXHAUSTED:
            await self._token_reset()
            return
        if outcome is Start.TOO_EARLY:
            shard_id = shard.id if shard is not None else 0
            log.info("IDENTIFY of shard %s too soon after its bucket's last one", shard_id)
            connection.send({"op": INVALID_SESSION, "d": False})
            return
        state = self.state
        guilds = [g for g in state.guilds.values() if shard is None or shard.receives(g.id)]
        if len(guilds) > GUILDS_PER_SHARD:
            await connection.close(SHARDING_REQUIRED)
            return
        session = Session(secrets.token_hex(16), int(data["intents"]), shard)
        self.sessions[session.id] = session
        session.connection = connection
        connection.session = session
        self.identified += 1
        ready = {
            "v": 10,
            "user": {**state.bot.to_dict(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self._url(),
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "guild_join_requests": [],
            "auth": {},
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        connection.send(session.stamp({"op": DISPATCH, "t": "READY", "d": ready}))
        for guild in guilds:
            event = {"op": DISPATCH, "t": "GUILD_CREATE", "d": state.describe_guild(guild)}
            connection.send(session.stamp(event))
        state.changed()

    async def _token_reset(self) -> None:
        """The day's 1,000 IDENTIFYs are spent: as Discord does, every session ends and
        the token is reset (the bot's next IDENTIFY or request is refused)."""
        self.state.failures.append(
            f"IDENTIFY sent more than {self.starts.total} times in a day:"
            " Discord ended every session and reset the bot's token"
        )
        self._reset_token()
        self.sessions.clear()
        for connection in list(self.connections):
            await connection.close(AUTHENTICATION_FAILED)

    async def _resume(self, connection: Connection, data: Json) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self._token():
            connection.send({"op": INVALID_SESSION, "d": False})
            return
        if session.connection is not None and session.connection is not connection:
            await session.connection.close(4000)
        session.connection = connection
        connection.session = session
        self.resumed += 1
        since = int(data.get("seq") or 0)
        for payload in session.buffer:
            if payload["s"] > since:
                connection.send(payload)
        connection.send(session.stamp({"op": DISPATCH, "t": "RESUMED", "d": {}}))
        self.state.changed()

    def _members_chunk(self, connection: Connection, data: Json) -> None:
        session = connection.session
        guild = self.state.guilds.get(int(data.get("guild_id") or 0))
        if session is None or guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.username.startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": [m.to_dict() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        connection.send(session.stamp({"op": DISPATCH, "t": "GUILD_MEMBERS_CHUNK", "d": chunk}))
