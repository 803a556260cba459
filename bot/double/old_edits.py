"""Discord's limit on editing old messages: JSON error 30046.

Discord refuses an edit of a message older than one hour once that message has had too
many such edits: 429 Too Many Requests, code 30046, "Maximum number of edits to
messages older than 1 hour reached. Try again later." (documented in the error-code
table since discord-api-docs#4381). How many edits it allows is not published ("we
don't put rate limit details in our documentation", discord-api-docs#4413), so the
double takes a conservative figure: a message at least an hour old may be edited
`OLD_EDITS_PER_HOUR` times in any rolling hour; the next edit is refused with
`retry_after` until the oldest of those leaves the hour.

Every route that edits a message counts (the channel route, an interaction's
`@original` or follow-up, a component's message update), except ephemeral messages: a
click on an hours-old private panel may update it. Each refusal is also recorded in
`DiscordDouble.failures`, which end-to-end tests check.
"""

from __future__ import annotations

from bot.double import errors
from bot.double.model import Message

OLD_AGE = 3600.0  # a message this old (seconds) counts as old
WINDOW = 3600.0  # edits of an old message are counted over this rolling period
OLD_EDITS_PER_HOUR = 3


class OldMessageEdits:
    """Counts the edits of messages at least an hour old, by message."""

    def __init__(self, limit: int = OLD_EDITS_PER_HOUR) -> None:
        self.limit = limit
        self._edits: dict[int, list[float]] = {}

    def admit(self, message: Message, now: float) -> errors.ApiError | None:
        """Count an edit of `message` at `now`, or the refusal Discord would answer."""
        if message.ephemeral or now - message.timestamp < OLD_AGE:
            return None
        recent = [t for t in self._edits.get(message.id, []) if now - t < WINDOW]
        self._edits[message.id] = recent
        if len(recent) >= self.limit:
            return errors.too_many_old_message_edits(recent[0] + WINDOW - now)
        recent.append(now)
        return None

    def describe(self, message: Message, now: float) -> str:
        hours = (now - message.timestamp) / 3600
        return (
            f"edit of message {message.id} refused with 30046: it was posted {hours:.1f} h ago "
            f"and already edited {self.limit} times in the last hour"
        )
