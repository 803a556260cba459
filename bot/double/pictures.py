"""Bounded memory for uploaded files: a long run keeps only recent pictures' bytes.

A busy game edits its table and panels with a new picture at every move; kept forever,
200 games held close to a gigabyte. Per channel (a thread, a DM), the bytes stay for the
attachments of the `keep_last` messages most recently posted or edited with files; older
ones, and files an edit replaced, keep their name, size, dimensions and description
(what the message's JSON shows) but lose their bytes (`attachment.dropped`; their URL
then answers 404). `keep_last=None` keeps everything.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.double.model import Attachment, Message

KEEP_LAST = 20


class PictureMemory:
    def __init__(self, keep_last: int | None = KEEP_LAST) -> None:
        self.keep_last = keep_last
        self._recent: dict[int, OrderedDict[int, Message]] = {}  # channel -> newest last

    def touched(self, message: Message, before: list[Attachment] | None = None) -> list[Message]:
        """`message` was posted or edited; `before`: its attachments before an edit.
        Returns the older messages whose files were just let go."""
        if self.keep_last is None:
            return []
        if before:
            now = {id(a) for a in message.attachments}
            for attachment in before:
                if id(attachment) not in now:
                    attachment.drop_data()
        recent = self._recent.setdefault(message.channel_id, OrderedDict())
        recent.pop(message.id, None)
        if message.attachments:
            recent[message.id] = message
        dropped = []
        while len(recent) > self.keep_last:
            _, old = recent.popitem(last=False)
            for attachment in old.attachments:
                attachment.drop_data()
            dropped.append(old)
        return dropped

    def held_bytes(self) -> int:
        """Bytes of the files still held (for memory figures)."""
        return sum(
            a.size
            for recent in self._recent.values()
            for message in recent.values()
            for a in message.attachments
            if not a.dropped
        )
