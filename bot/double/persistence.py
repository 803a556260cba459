"""Saving the double's world to a file and loading it back, for the sandbox.

The sandbox keeps its games in the bot's SQLite file; for them to survive a restart,
the Discord side (channels, threads, messages, members) must survive too. The world
is pickled: the file is the sandbox's own, written and read only by this program.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.double.users import SimUser

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble

_WORLD = (
    "users",
    "guilds",
    "channels",
    "messages",
    "attachments",
    "dm_channels",
    "global_commands",
    "guild_commands",
)


def save_world(double: DiscordDouble, path: Path) -> None:
    state = double.state
    world: dict[str, Any] = {name: getattr(state, name) for name in _WORLD}
    world |= {
        "bot": state.bot.id,
        "owner": state.owner.id,
        "guild": state.guild.id,
        "last_id": state.ids._last,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_bytes(pickle.dumps(world, protocol=pickle.HIGHEST_PROTOCOL))
    os.replace(partial, path)  # never a half-written world


def load_world(double: DiscordDouble, path: Path) -> bool:
    """Replace the double's fresh world with the saved one; False if there is none."""
    if not path.exists():
        return False
    world = pickle.loads(path.read_bytes())
    state = double.state
    for name in _WORLD:
        setattr(state, name, world[name])
    state.bot = state.users[world["bot"]]
    state.application_id = state.bot.id
    state.owner = state.users[world["owner"]]
    state.guild = state.guilds[world["guild"]]
    state.ids._last = world["last_id"]
    double._users = {
        user_id: SimUser(double, state.users[user_id])
        for user_id in state.guild.members
        if not state.users[user_id].bot and user_id != state.owner.id
    }
    return True
