"""Channels, messages, threads, reactions and DM channels, as the bot uses them."""

from __future__ import annotations

from aiohttp import web

from bot.double import errors, limits
from bot.double import permissions as perms
from bot.double.bodies import read_body
from bot.double.http_app import double_of, json, no_content
from bot.double.model import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message
from bot.double.state import as_int

P = "/api/v10"
CHANNEL = P + "/channels/{channel_id}"
MESSAGE = CHANNEL + "/messages/{message_id}"


def register(router: web.UrlDispatcher) -> None:
    router.add_get(CHANNEL, get_channel)
    router.add_patch(CHANNEL, patch_channel)
    router.add_delete(CHANNEL, delete_channel)
    router.add_get(CHANNEL + "/messages", list_messages)
    router.add_post(CHANNEL + "/messages", create_message)
    router.add_get(MESSAGE, get_message)
    router.add_patch(MESSAGE, edit_message)
    router.add_delete(MESSAGE, delete_message)
    router.add_post(CHANNEL + "/typing", typing)
    router.add_post(CHANNEL + "/threads", start_thread)
    router.add_post(MESSAGE + "/threads", start_thread_from_message)
    router.add_put(CHANNEL + "/thread-members/{user_id}", add_thread_member)
    router.add_delete(CHANNEL + "/thread-members/{user_id}", remove_thread_member)
    router.add_put(MESSAGE + "/reactions/{emoji_name}/@me", add_reaction)
    router.add_delete(MESSAGE + "/reactions/{emoji_name}/@me", remove_reaction)
    router.add_post(P + "/users/@me/channels", open_dm)


def _channel(request: web.Request) -> Channel:
    state = double_of(request).state
    channel = state.channel(as_int(request.match_info["channel_id"]))
    if not channel.is_dm:
        state.require(channel, perms.VIEW_CHANNEL)
    return channel


def _message(request: web.Request, channel: Channel) -> Message:
    state = double_of(request).state
    message = state.message(channel, as_int(request.match_info["message_id"]))
    if message.visible_to is not None:
        raise errors.unknown_message()
    return message


async def get_channel(request: web.Request) -> web.Response:
    return json(_channel(request).to_dict())


async def patch_channel(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    body = await read_body(request, double.spec)
    if channel.is_thread:
        if channel.owner_id != double.state.bot.id:
            double.state.require(channel, perms.MANAGE_THREADS)
        return json(double.state.update_thread(channel, body.dict).to_dict())
    double.state.require(channel, perms.MANAGE_CHANNELS)
    if body.dict.get("name"):
        channel.name = str(body.dict["name"])
    if "topic" in body.dict:
        channel.topic = body.dict["topic"]
    double.state.emit("CHANNEL_UPDATE", channel.to_dict(), 1)
    double.state.changed()
    return json(channel.to_dict())


async def delete_channel(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    needed = perms.MANAGE_THREADS if channel.is_thread else perms.MANAGE_CHANNELS
    if not (channel.is_thread and channel.owner_id == double.state.bot.id):
        double.state.require(channel, needed)
    double.state.delete_channel(channel)
    return json(channel.to_dict())


async def list_messages(request: web.Request) -> web.Response:
    state = double_of(request).state
    channel = _channel(request)
    if not channel.is_dm:
        state.require(channel, perms.READ_MESSAGE_HISTORY)
    limit = min(int(request.query.get("limit", "50")), 100)
    found = [m for m in channel.visible_messages() if m.visible_to is None]
    if "before" in request.query:
        found = [m for m in found if m.id < int(request.query["before"])]
    if "after" in request.query:
        found = [m for m in found if m.id > int(request.query["after"])][:limit]
    newest_first = sorted(found, key=lambda m: m.id, reverse=True)[:limit]
    return json([state.message_json(m) for m in newest_first])


async def create_message(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    body = await read_body(request, double.spec)
    data = body.dict
    limits.check_message(data, creating=True, files=len(body.uploads))
    double.state.check_can_post(channel, data, body.uploads)
    state = double.state
    nonce = str(data["nonce"]) if data.get("enforce_nonce") and data.get("nonce") else None
    if nonce is not None:
        earlier = state.nonces.earlier(channel.id, state.bot.id, nonce, state.now())
        if earlier is not None and earlier in state.messages:
            state.nonces.repeats += 1
            return json(state.message_json(state.messages[earlier]))
    reference = data.get("message_reference")
    message = state.post(channel, state.bot, data, body.uploads)
    if nonce is not None:
        message.nonce = nonce
        state.nonces.remember(channel.id, state.bot.id, nonce, message.id, state.now())
    if isinstance(reference, dict) and reference.get("message_id"):
        message.type = 19
        message.message_reference = {
            "message_id": str(reference["message_id"]),
            "channel_id": str(channel.id),
            "type": 0,
        }
    return json(double.state.message_json(message))


async def get_message(request: web.Request) -> web.Response:
    channel = _channel(request)
    state = double_of(request).state
    if not channel.is_dm:
        state.require(channel, perms.READ_MESSAGE_HISTORY)
    return json(state.message_json(_message(request, channel)))


async def edit_message(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    message = _message(request, channel)
    body = await read_body(request, double.spec)
    if message.author.id != double.state.bot.id:
        raise errors.cannot_edit_other_users_message()
    limits.check_message(body.dict, creating=False, files=len(body.uploads))
    if body.uploads and not channel.is_dm:
        double.state.require(channel, perms.ATTACH_FILES)
    return json(double.state.message_json(double.state.edit(message, body.dict, body.uploads)))


async def delete_message(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    message = _message(request, channel)
    if message.author.id != double.state.bot.id and not channel.is_dm:
        double.state.require(channel, perms.MANAGE_MESSAGES)
    double.state.delete(message)
    return no_content()


async def typing(request: web.Request) -> web.Response:
    _channel(request)
    return no_content()


async def start_thread(request: web.Request) -> web.Response:
    double = double_of(request)
    parent = _channel(request)
    body = await read_body(request, double.spec)
    data = body.dict
    thread = double.state.create_thread(
        parent,
        str(data.get("name")),
        thread_type=int(data.get("type") or PRIVATE_THREAD),
        auto_archive_duration=int(data.get("auto_archive_duration") or 1440),
    )
    return json(thread.to_dict(), 201)


async def start_thread_from_message(request: web.Request) -> web.Response:
    double = double_of(request)
    parent = _channel(request)
    message = _message(request, parent)
    body = await read_body(request, double.spec)
    data = body.dict
    thread = double.state.create_thread(
        parent,
        str(data.get("name")),
        thread_type=PUBLIC_THREAD,
        from_message=message,
        auto_archive_duration=int(data.get("auto_archive_duration") or 1440),
    )
    return json(thread.to_dict(), 201)


async def add_thread_member(request: web.Request) -> web.Response:
    double = double_of(request)
    thread = _channel(request)
    if not thread.is_thread:
        raise errors.wrong_channel_type()
    raw = request.match_info["user_id"]
    user = double.state.bot if raw == "@me" else double.state.user(as_int(raw))
    thread.thread_members.add(user.id)
    double.state.changed()
    return no_content()


async def remove_thread_member(request: web.Request) -> web.Response:
    double = double_of(request)
    thread = _channel(request)
    raw = request.match_info["user_id"]
    user = double.state.bot if raw == "@me" else double.state.user(as_int(raw))
    thread.thread_members.discard(user.id)
    double.state.changed()
    return no_content()


async def add_reaction(request: web.Request) -> web.Response:
    double = double_of(request)
    channel = _channel(request)
    message = _message(request, channel)
    if not channel.is_dm:
        double.state.require(channel, perms.ADD_REACTIONS | perms.READ_MESSAGE_HISTORY)
    double.state.react(message, request.match_info["emoji_name"], double.state.bot)
    return no_content()


async def remove_reaction(request: web.Request) -> web.Response:
    double = double_of(request)
    message = _message(request, _channel(request))
    double.state.react(message, request.match_info["emoji_name"], double.state.bot, add=False)
    return no_content()


async def open_dm(request: web.Request) -> web.Response:
    double = double_of(request)
    body = await read_body(request, double.spec)
    user = double.state.user(as_int(body.dict.get("recipient_id")))
    return json(double.state.dm_channel(user).to_dict())
