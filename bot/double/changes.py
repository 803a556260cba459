"""Which messages changed at which version of the world, so the sandbox page asks only
for what changed since the version it holds: its work per change stays the same in a
thread of ten messages or of thousands."""

from __future__ import annotations

from collections import OrderedDict


class MessageChanges:
    def __init__(self) -> None:
        self._at: OrderedDict[int, int] = OrderedDict()  # message id -> version, newest last

    def touch(self, message_id: int, version: int) -> None:
        self._at.pop(message_id, None)
        self._at[message_id] = version

    def since(self, version: int) -> list[int]:
        """The ids of messages changed after `version`, oldest change first."""
        found = []
        for message_id in reversed(self._at):
            if self._at[message_id] <= version:
                break
            found.append(message_id)
        found.reverse()
        return found
