"""A local stand-in for the slice of Discord the bot uses (HTTP API v10 + Gateway v10).

    async with running_double(clock=FakeClock()) as double:
        async with connected(double, client):
            ana = double.add_member("Ana")
            reply = await (await ana.slash("newgame tabula", discussion=2)).reply()

Modules: `server` (the double), `http_app` and `routes_*` (HTTP API), `gateway`,
`state` and `model` (the world), `interactions` (deadlines, callbacks, tokens),
`schema` and `limits` (what Discord refuses), `ratelimit`, `users` and `results`
(the simulated users' test API), `discordpy` (pointing discord.py here), `web` (the
sandbox page).
"""

from bot.double.discordpy import connected, point_discord_py_at
from bot.double.errors import ApiError
from bot.double.model import Attachment, Channel, Guild, Message, Modal, User
from bot.double.results import InteractionFailed, InteractionResult
from bot.double.server import DiscordDouble, running_double
from bot.double.users import CommandNotAvailable, SimUser
from bot.double.waiting import WaitTimeout
from bot.double.web import serve_sandbox, start_sandbox

__all__ = [
    "ApiError",
    "Attachment",
    "Channel",
    "CommandNotAvailable",
    "DiscordDouble",
    "Guild",
    "InteractionFailed",
    "InteractionResult",
    "Message",
    "Modal",
    "SimUser",
    "User",
    "WaitTimeout",
    "connected",
    "point_discord_py_at",
    "running_double",
    "serve_sandbox",
    "start_sandbox",
]
