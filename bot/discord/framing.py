"""Messages over a worker's pipe without blocking the event loop.

`multiprocessing.Connection.send_bytes` and `recv_bytes` block until a whole message
is through; a message larger than the pipe's buffer (a screen with its pictures) then
holds the event loop until the other process, a worker at the lowest priority, gets
the CPU to write or read the rest. `Framed` keeps the bot's end of the pipe
non-blocking: what does not fit is written when the pipe can take it, and a message is
handed on once all of it has arrived. The frames are `Connection`'s own (a 4-byte
big-endian length, or -1 and an 8-byte one), so the worker keeps using `Connection`.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable

_SHORT = struct.Struct("!i")
_LONG = struct.Struct("!Q")
CHUNK = 1 << 16  # bytes read at once


def frame(payload: bytes) -> bytes:
    if len(payload) > 0x7FFFFFFF:
        return _SHORT.pack(-1) + _LONG.pack(len(payload)) + payload
    return _SHORT.pack(len(payload)) + payload


class Framed:
    """The bot's end of a pipe (a file descriptor, made non-blocking)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self._out = bytearray()
        self._in = bytearray()
        self._chunk = bytearray(CHUNK)  # read into, rather than a new buffer each time

    @property
    def sending(self) -> bool:
        """Whether part of a message waits for the pipe to take it (see `flush`)."""
        return bool(self._out)

    def send(self, payload: bytes) -> None:
        """Write a message, or as much as the pipe takes now. Raises OSError when
        the other end is gone."""
        self._out += frame(payload)
        self.flush()

    def flush(self) -> None:
        """Write what is left, as far as the pipe takes it."""
        while self._out:
            try:
                written = os.write(self.fd, self._out)
            except BlockingIOError:
                return
            del self._out[:written]

    def receive(self, each: Callable[[bytes], None]) -> bool:
        """Read what has arrived and call `each` with every whole message; False once
        the other end closed the pipe."""
        while True:
            try:
                count = os.readv(self.fd, [self._chunk])
            except BlockingIOError:
                break
            if not count:
                return False
            self._in += memoryview(self._chunk)[:count]
            if count < CHUNK:
                break
        while (found := self._next()) is not None:
            each(found)
        return True

    def _next(self) -> bytes | None:
        if len(self._in) < _SHORT.size:
            return None
        (size,) = _SHORT.unpack_from(self._in)
        start = _SHORT.size
        if size == -1:
            if len(self._in) < start + _LONG.size:
                return None
            (size,) = _LONG.unpack_from(self._in, start)
            start += _LONG.size
        if len(self._in) < start + size:
            return None
        with memoryview(self._in) as whole:
            message = bytes(whole[start : start + size])
        del self._in[: start + size]
        return message
