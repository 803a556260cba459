"""A refusal by the host (not an engine rule): a catalog key for the sentence.

It has the engine's `IllegalAction` shape, so one handler answers both.
"""

from __future__ import annotations

from games.engine import IllegalAction


class Refused(IllegalAction):
    """A request the host turns down: wrong phase, not the host, a full lobby, ..."""

    def __repr__(self) -> str:
        return f"Refused({self.key!r}, {self.params!r})"


class Busy(Refused):
    """Another process kept the database locked for longer than a request could wait,
    or the database cannot be reached ("host.unreachable"): nothing was changed, and
    the same request may simply be tried again."""

    def __init__(self, key: str = "host.busy") -> None:
        super().__init__(key)
