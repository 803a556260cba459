"""Gateway discovery, users, the application, its commands, and guild reads."""

from __future__ import annotations

from aiohttp import web

from bot.double import errors, limits
from bot.double.bodies import read_body
from bot.double.http_app import double_of, json, no_content
from bot.double.model import Guild, Json
from bot.double.state import as_int

P = "/api/v10"


def register(router: web.UrlDispatcher) -> None:
    router.add_get(P + "/gateway", gateway)
    router.add_get(P + "/gateway/bot", gateway_bot)
    router.add_get(P + "/users/@me", me)
    router.add_get(P + "/users/{user_id}", user)
    router.add_get(P + "/oauth2/applications/@me", application)
    router.add_get(P + "/applications/@me", application)
    for base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        router.add_get(P + base + "/commands", list_commands)
        router.add_put(P + base + "/commands", put_commands)
        router.add_post(P + base + "/commands", post_command)
        router.add_get(P + base + "/commands/{command_id}", get_command)
        router.add_patch(P + base + "/commands/{command_id}", patch_command)
        router.add_delete(P + base + "/commands/{command_id}", delete_command)
    router.add_get(P + "/guilds/{guild_id}", guild)
    router.add_get(P + "/guilds/{guild_id}/channels", guild_channels)
    router.add_get(P + "/guilds/{guild_id}/roles", guild_roles)
    router.add_get(P + "/guilds/{guild_id}/members", guild_members)
    router.add_get(P + "/guilds/{guild_id}/members/{user_id}", guild_member)
    router.add_get(P + "/guilds/{guild_id}/threads/active", active_threads)


async def gateway(request: web.Request) -> web.Response:
    return json({"url": double_of(request).gateway_url})


async def gateway_bot(request: web.Request) -> web.Response:
    double = double_of(request)
    gateway = double.gateway
    return json(
        {
            "url": double.gateway_url,
            "shards": gateway.recommended_shards,
            "session_start_limit": gateway.starts.limit_object(),
        }
    )


async def me(request: web.Request) -> web.Response:
    bot = double_of(request).state.bot
    return json({**bot.to_dict(), "verified": True, "mfa_enabled": False, "locale": "en-US"})


async def user(request: web.Request) -> web.Response:
    state = double_of(request).state
    return json(state.user(as_int(request.match_info["user_id"])).to_dict())


async def application(request: web.Request) -> web.Response:
    state = double_of(request).state
    return json(
        {
            "id": str(state.application_id),
            "name": state.bot.display_name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": state.owner.to_dict(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": state.bot.to_dict(),
            "summary": "",
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(state.guilds),
        }
    )


def _scope(request: web.Request) -> tuple[int | None, list[Json]]:
    double = double_of(request)
    if as_int(request.match_info["application_id"]) != double.state.application_id:
        raise errors.ApiError(403, 50001, "Missing Access")
    raw = request.match_info.get("guild_id")
    if raw is None:
        return None, double.state.global_commands
    guild_id = as_int(raw)
    double.state.guild_of(guild_id)
    return guild_id, double.state.guild_commands.get(guild_id, [])


def _find(commands: list[Json], command_id: str) -> Json:
    for command in commands:
        if command["id"] == command_id:
            return command
    raise errors.unknown_command()


async def list_commands(request: web.Request) -> web.Response:
    return json(_scope(request)[1])


async def put_commands(request: web.Request) -> web.Response:
    guild_id, _ = _scope(request)
    body = await read_body(request, double_of(request).spec)
    payload = body.json or []
    limits.check_commands(payload)
    return json(double_of(request).state.store_commands(payload, guild_id))


async def post_command(request: web.Request) -> web.Response:
    guild_id, commands = _scope(request)
    body = await read_body(request, double_of(request).spec)
    new = body.dict
    kept = [
        c
        for c in commands
        if (c["name"], c.get("type", 1)) != (new.get("name"), new.get("type", 1))
    ]
    limits.check_commands([*kept, new])
    stored = double_of(request).state.store_commands([*kept, new], guild_id)
    return json(stored[-1], 201)


async def get_command(request: web.Request) -> web.Response:
    return json(_find(_scope(request)[1], request.match_info["command_id"]))


async def patch_command(request: web.Request) -> web.Response:
    guild_id, commands = _scope(request)
    body = await read_body(request, double_of(request).spec)
    command = _find(commands, request.match_info["command_id"])
    merged = [{**c, **body.dict} if c is command else c for c in commands]
    limits.check_commands(merged)
    stored = double_of(request).state.store_commands(merged, guild_id)
    return json(_find(stored, command["id"]))


async def delete_command(request: web.Request) -> web.Response:
    guild_id, commands = _scope(request)
    command = _find(commands, request.match_info["command_id"])
    double_of(request).state.store_commands([c for c in commands if c is not command], guild_id)
    return no_content()


def _guild(request: web.Request) -> Guild:
    return double_of(request).state.guild_of(as_int(request.match_info["guild_id"]))


async def guild(request: web.Request) -> web.Response:
    data = _guild(request).to_dict(0)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
        data.pop(key, None)
    return json(data)


async def guild_channels(request: web.Request) -> web.Response:
    return json([c.to_dict() for c in _guild(request).text_channels()])


async def guild_roles(request: web.Request) -> web.Response:
    return json([r.to_dict() for r in _guild(request).roles.values()])


async def guild_members(request: web.Request) -> web.Response:
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    members = sorted(_guild(request).members.values(), key=lambda m: m.user.id)
    return json([m.to_dict() for m in members if m.user.id > after][:limit])


async def guild_member(request: web.Request) -> web.Response:
    member = _guild(request).members.get(as_int(request.match_info["user_id"]))
    if member is None:
        raise errors.unknown_member()
    return json(member.to_dict())


async def active_threads(request: web.Request) -> web.Response:
    threads = [t for t in _guild(request).threads() if not t.archived]
    return json({"threads": [t.to_dict() for t in threads], "members": []})
