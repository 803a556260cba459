"""Two of discord.py's objects that refer to themselves, let go of without the garbage
collector (see `bot.core.garbage`).

Python frees an object the moment nothing refers to it, unless it is part of a
reference cycle: then it waits for a collection, with everything it holds. Two such
cycles came with every click and every picture, and under load
(`tests/bench/bench_load.py`) they were nearly all that collections found: about 12,000
objects a second (a click's interaction, with the clicked message parsed into
components; a picture's upload buffer, with its bytes). Kept until then, they made the
collections of the older generation stop the event loop for about 18 ms every second
or two; without them, for about 4 ms.

- An interaction refers to its `response`, which refers back to it. Once the bot has
  handled a click, nothing uses the response again (a private panel kept for retiring
  is edited through the interaction's token), so `release` drops it. Not for a slash
  command: discord.py's command tree holds that interaction in a task of its own.
- A `discord.File` hides its buffer's `close` while it is uploaded, then puts the
  buffer's bound `close` back on the buffer as an attribute: the buffer refers to
  itself. An `Upload` takes the attribute away instead.
"""

from __future__ import annotations

import contextlib

import discord


def release(interaction: discord.Interaction) -> None:
    """Drop a handled click's response, and with it the cycle through its interaction."""
    if interaction.type is discord.InteractionType.component:
        with contextlib.suppress(AttributeError):  # never asked for, or discord.py changed
            del interaction._cs_response  # type: ignore[attr-defined]


class Upload(discord.File):
    """A `discord.File` that leaves its buffer as it found it when closed."""

    def close(self) -> None:
        vars(self.fp).pop("close", None)  # the stub hiding the buffer's own `close`
        if self._owner:
            self.fp.close()
