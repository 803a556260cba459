"""The bot's end of a drawing worker's pipe never blocks: a message larger than the
pipe's buffer goes out as the pipe takes it and is handed on once all of it arrived,
in the frames the worker's `multiprocessing.Connection` reads and writes."""

from __future__ import annotations

import select
import threading
from multiprocessing import Pipe

from bot.discord.framing import Framed

BIG = 8 * 1024 * 1024  # far more than a pipe's buffer


def test_a_large_message_is_sent_as_the_pipe_takes_it_and_read_whole_by_a_connection() -> None:
    ours, theirs = Pipe()
    pipe = Framed(ours.fileno())
    payload = bytes(range(256)) * (BIG // 256)
    pipe.send(payload)  # returns at once: nobody reads yet
    assert pipe.sending
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(theirs.recv_bytes()))
    reader.start()
    while pipe.sending:
        select.select([], [pipe.fd], [], 5.0)
        pipe.flush()
    reader.join(5.0)
    assert got == [payload]


def test_messages_are_handed_on_whole_however_they_arrive() -> None:
    ours, theirs = Pipe()
    pipe = Framed(ours.fileno())
    big = b"x" * BIG

    def write() -> None:
        for message in (b"a", big, b""):
            theirs.send_bytes(message)

    writer = threading.Thread(target=write)
    writer.start()
    got: list[bytes] = []
    while len(got) < 3:
        select.select([pipe.fd], [], [], 5.0)
        assert pipe.receive(got.append)
    writer.join(5.0)
    assert got == [b"a", big, b""]
    theirs.close()
    select.select([pipe.fd], [], [], 5.0)
    assert not pipe.receive(got.append)  # the other end closed
