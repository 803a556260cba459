"""What the gateway tells that the bot leaves unparsed: its own messages, edits, and the
parts of a clicked message it never reads (see `bot.discord.unparsed`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord.types.user import User as UserPayload

from bot.discord.unparsed import parse_less

BOT, PLAYER = 10, 20


def _client() -> tuple[discord.Client, list[tuple[str, dict[str, Any]]]]:
    """A client whose parsers only note what reaches them."""
    client = discord.Client(intents=discord.Intents.none())
    reached: list[tuple[str, dict[str, Any]]] = []

    def noting(event: str) -> Callable[[dict[str, Any]], None]:
        return lambda data: reached.append((event, data))

    parsers = client._connection.parsers
    for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE", "INTERACTION_CREATE"):
        parsers[event] = noting(event)
    user: UserPayload = {
        "id": str(BOT), "username": "bot", "discriminator": "0", "avatar": None,
        "global_name": None,
    }  # fmt: skip
    client._connection.user = discord.ClientUser(state=client._connection, data=user)
    parse_less(client)
    return client, reached


def test_only_others_messages_are_parsed() -> None:
    client, reached = _client()
    parsers = client._connection.parsers
    parsers["MESSAGE_CREATE"]({"id": "1", "author": {"id": str(BOT)}})
    parsers["MESSAGE_UPDATE"]({"id": "1", "author": {"id": str(PLAYER)}})
    assert reached == []  # the bot's own post, and an edit
    talk = {"id": "2", "author": {"id": str(PLAYER)}}
    parsers["MESSAGE_CREATE"](talk)
    assert reached == [("MESSAGE_CREATE", talk)]  # a player's talk moves the table up


def test_a_clicked_message_keeps_its_id_and_flags_only() -> None:
    client, reached = _client()
    message = {
        "id": "5",
        "flags": 64 | 32768,  # ephemeral, with layout components
        "components": [{"type": 17, "components": []}],
        "attachments": [{"id": "7", "filename": "sheet.png"}],
        "embeds": [{"title": "x"}],
        "mentions": [{"id": str(PLAYER)}],
    }
    client._connection.parsers["INTERACTION_CREATE"]({"id": "9", "message": message})
    [(_, data)] = reached
    shown = data["message"]
    assert (shown["id"], shown["flags"]) == ("5", 64 | 32768)
    assert shown["components"] == shown["attachments"] == shown["embeds"] == []
    assert shown["mentions"] == []
    client._connection.parsers["INTERACTION_CREATE"]({"id": "10", "type": 2})  # a command
    assert reached[-1] == ("INTERACTION_CREATE", {"id": "10", "type": 2})
