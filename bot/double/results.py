"""What a simulated user gets back from an interaction: the bot's answer, once it is there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.double.interactions import (
    DEFER,
    DEFER_UPDATE,
    MODAL,
    REPLY,
    UPDATE,
    InteractionRecord,
)
from bot.double.model import Json, Message, Modal

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble


class InteractionFailed(AssertionError):
    """The user saw "This interaction failed" (or the bot's answer was refused)."""

    def __init__(self, message: str, record: InteractionRecord) -> None:
        super().__init__(message)
        self.record = record


class InteractionResult:
    """An interaction a simulated user made, acknowledged by the bot."""

    def __init__(self, double: DiscordDouble, record: InteractionRecord) -> None:
        self._double = double
        self.record = record

    def __repr__(self) -> str:
        return f"<InteractionResult {self.record.describe()} response={self.response_type}>"

    @property
    def acknowledged(self) -> bool:
        return self.record.acknowledged

    @property
    def response_type(self) -> int | None:
        return self.record.response_type

    @property
    def deferred(self) -> bool:
        return self.record.response_type in (DEFER, DEFER_UPDATE)

    @property
    def modal(self) -> Modal | None:
        return self.record.modal

    @property
    def message(self) -> Message | None:
        """The original response as it is now (a deferred one may still be loading)."""
        return self.record.original

    @property
    def followups(self) -> list[Message]:
        return [m for m in self.record.followups if not m.deleted]

    @property
    def messages(self) -> list[Message]:
        """Every message this interaction produced (original response first)."""
        found = [self.record.original] if self.record.original else []
        return [m for m in found if not m.deleted] + self.followups

    @property
    def ephemeral(self) -> bool:
        return bool(self.record.original and self.record.original.ephemeral)

    async def reply(self, within: float = 5.0) -> Message:
        """The bot's visible answer: the reply, the filled-in deferred reply, or the
        updated message of a button/select (after a deferred update, once it is edited)."""
        record = self.record
        if record.response_type == MODAL:
            raise AssertionError(f"{record.describe()} was answered with a modal, not a message")

        def probe() -> Message | None:
            original = record.original
            if original is None:
                return None
            if record.response_type in (REPLY, UPDATE):
                return original
            if record.response_type == DEFER and not original.loading:
                return original
            if record.response_type == DEFER_UPDATE and original.revision > record.source_revision:
                return original
            return None

        return await self._double.wait_for(probe, within, f"the reply to {record.describe()}")

    async def followup(self, index: int = 0, within: float = 5.0) -> Message:
        """The `index`-th follow-up message (waits for it)."""

        def probe() -> Message | None:
            followups = self.followups
            return followups[index] if len(followups) > index else None

        return await self._double.wait_for(
            probe, within, f"follow-up #{index} to {self.record.describe()}"
        )

    async def wait_modal(self, within: float = 5.0) -> Modal:
        return await self._double.wait_for(lambda: self.record.modal, within, "a modal")

    @property
    def choices(self) -> list[Json]:
        return list(self.record.choices or [])
