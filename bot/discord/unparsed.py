"""What the gateway tells that discord.py need not make into objects.

discord.py builds a `Message` of every message it is told about before any listener
sees it: 120 µs of the bot's process for one with layout components, measured under
`tests/bench/bench_load.py`. The bot reads nothing of most of them:

- its own messages (`on_message` notes only others' talk; the bot counts its own as it
  posts them) and every edit (nothing listens for edits): left unparsed;
- the message a clicked control is on: only its id and flags are read (which message
  to edit, whether it is private), so its components, attachments and embeds are left
  out before discord.py parses it.

discord.py keeps its parsers by event name on its connection state, an undocumented
table (`_connection.parsers`) that these wrap.
"""

from __future__ import annotations

from typing import Any

import discord

Data = dict[str, Any]


def parse_less(client: discord.Client) -> None:
    parsers = client._connection.parsers
    created, clicked = parsers["MESSAGE_CREATE"], parsers["INTERACTION_CREATE"]

    def message_create(data: Data) -> None:
        own = client.user is not None and data.get("author", {}).get("id") == str(client.user.id)
        if not own:
            created(data)

    def interaction_create(data: Data) -> None:
        message = data.get("message")
        if isinstance(message, dict):
            data["message"] = message | {
                "components": [], "attachments": [], "embeds": [], "mentions": []
            }  # fmt: skip
        clicked(data)

    parsers["MESSAGE_CREATE"] = message_create
    parsers["MESSAGE_UPDATE"] = lambda data: None
    parsers["INTERACTION_CREATE"] = interaction_create
