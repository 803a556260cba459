"""Posts and edits whose answer is not made into a `discord.Message`.

Discord answers a post or an edit with the whole message, and discord.py's methods
build a `Message` of it (its components, attachments and author): 120-130 µs of the
bot's process each, measured under `tests/bench/bench_load.py`, where a click brings
1.4 of them (a panel's edit, a panel's follow-up, a notice, the table's edit) that
nobody reads: about 3 % of the bot's CPU per click. These make the same requests
through discord.py's own machinery (its rate limits, retries and errors are the same)
and keep only the message's id.

They mirror `Interaction.edit_original_response`, `Webhook.send`, `Messageable.send`
and `PartialMessage.edit` with two of discord.py's undocumented names,
`handle_message_parameters` (a message's payload and files) and the webhook adapter
(`async_context`), both as they are since discord.py 2.0. The end-to-end tests drive
them with the installed discord.py against the double.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import MultipartParameters, handle_message_parameters
from discord.webhook.async_ import async_context


async def edit_original(interaction: discord.Interaction, **message: Any) -> None:
    """`interaction.edit_original_response(**message)`, answering nothing."""
    with _parameters(interaction.client, **message) as params:
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, **_through(interaction, params)
        )


async def follow_up(interaction: discord.Interaction, **message: Any) -> int:
    """`interaction.followup.send(ephemeral=True, wait=True, **message)`: the new private
    message's id."""
    flags = discord.MessageFlags(ephemeral=True)
    with _parameters(interaction.client, flags=flags, **message) as params:
        data = await async_context.get().execute_webhook(
            interaction.application_id,
            interaction.token,
            **_through(interaction, params),
            wait=True,
            with_components="view" in message,
        )
    assert data is not None, "a follow-up waited for is answered with its message"
    return int(data["id"])


def _parameters(client: discord.Client, **message: Any) -> MultipartParameters:
    """A message's payload and files, its mentions allowed as the client's default
    allows them where it says nothing, as discord.py's own methods do."""
    return handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **message)


def _through(interaction: discord.Interaction, params: MultipartParameters) -> dict[str, Any]:
    """The message, and the session that sends it, as the webhook adapter takes them
    (an interaction's webhook is its application's, with its token)."""
    hook = interaction.followup
    return {
        "session": hook.session,
        "proxy": hook.proxy,
        "proxy_auth": hook.proxy_auth,
        "payload": params.payload,
        "multipart": params.multipart,
        "files": params.files,
    }


async def post(
    client: discord.Client, where: discord.abc.Messageable, **message: Any
) -> discord.PartialMessage:
    """`where.send(**message)`: the new message, as a partial one (its channel and id)."""
    channel = await _channel(where)
    with _parameters(client, **message) as params:
        data = await client.http.send_message(channel.id, params=params)
    return channel.get_partial_message(int(data["id"]))


async def edit(client: discord.Client, channel_id: int, message_id: int, **message: Any) -> None:
    """`PartialMessage.edit(**message)` of a message in a channel or a DM."""
    with _parameters(client, **message) as params:
        await client.http.edit_message(channel_id, message_id, params=params)


Channel = discord.PartialMessageable | discord.TextChannel | discord.Thread | discord.DMChannel


async def _channel(where: discord.abc.Messageable) -> Channel:
    """The channel a message to `where` goes to (a user's: their DM channel)."""
    if isinstance(where, discord.User | discord.Member):
        return where.dm_channel or await where.create_dm()
    assert isinstance(where, Channel), f"messages are not posted to {type(where).__name__}"
    return where
