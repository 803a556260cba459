"""Discord's idempotent message creation: `nonce` with `enforce_nonce`.

A message created with a nonce and `enforce_nonce: true` is checked against the same
author's recent messages in that channel: if one carries the same nonce, Discord returns
that message and creates nothing ("it will be checked for uniqueness in the past few
minutes", Create Message in the API reference). The bot gives every message of a
delivery a nonce derived from the change it belongs to, so that delivering a change
again after a crash does not post it twice. How long "a few minutes" is, is not
published; the double keeps nonces for `WINDOW` seconds.
"""

from __future__ import annotations

from itertools import islice

WINDOW = 300.0
PRUNED_AT_ONCE = 8  # expired nonces dropped per message: more than come in, so few stay


class Nonces:
    """Recent nonces by (channel, author), with the message each created."""

    def __init__(self) -> None:
        self._seen: dict[tuple[int, int, str], tuple[int, float]] = {}
        self.repeats = 0  # creations answered with the message a nonce already made

    def __len__(self) -> int:
        return len(self._seen)

    def earlier(self, channel_id: int, author_id: int, nonce: str, now: float) -> int | None:
        """The message created with this nonce in the last `WINDOW` seconds, if any."""
        found = self._seen.get((channel_id, author_id, nonce))
        if found is None or now - found[1] > WINDOW:
            return None
        return found[0]

    def remember(
        self, channel_id: int, author_id: int, nonce: str, message_id: int, now: float
    ) -> None:
        key = (channel_id, author_id, nonce)
        self._seen.pop(key, None)  # (re-inserted last: the dict stays in order of time)
        self._seen[key] = (message_id, now)
        for oldest, (_, when) in list(islice(self._seen.items(), PRUNED_AT_ONCE)):
            if now - when <= WINDOW:
                break
            del self._seen[oldest]
