"""Turning what a simulated user types into Discord's interaction data.

`/game new name:Tabula rival:@Ben` becomes the nested options, with the `resolved`
users, members, channels and roles Discord sends along, checked against the command
as the bot registered it (choices, ranges, required options, who may see it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.double.bodies import Upload, guess_type
from bot.double.messages import new_attachment
from bot.double.model import Channel, Json, Role, User

if TYPE_CHECKING:
    from bot.double.server import DiscordDouble

SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class CommandNotAvailable(LookupError):
    """The user would not see this command in Discord's command picker."""


def resolve_channel(double: DiscordDouble, channel: Any) -> Channel:
    """A channel given as a Channel, an id, or a name ("general" or "#general")."""
    if channel is None:
        return double.channel("general")
    if isinstance(channel, Channel):
        return channel
    if isinstance(channel, int) or (isinstance(channel, str) and channel.isdigit()):
        return double.state.channel(int(channel))
    if isinstance(channel, str):
        return double.channel(channel.lstrip("#"))
    raise TypeError(f"not a channel: {channel!r}")


class CommandInput:
    """Builds interaction data for one user's commands and component values."""

    def __init__(self, double: DiscordDouble, user: User) -> None:
        self.double = double
        self.user = user

    def command_data(
        self, command: str, values: dict[str, Any], channel: Channel, focused: str | None
    ) -> Json:
        words = command.strip().lstrip("/").split()
        guild_id = channel.guild_id
        available = self.double.state.commands_for(guild_id)
        found = next((c for c in available if c["name"] == words[0] and c["type"] == 1), None)
        if found is None:
            names = sorted("/" + c["name"] for c in available if c["type"] == 1)
            raise CommandNotAvailable(f"no command /{words[0]}; registered: {names}")
        self._check_allowed(found, channel)
        resolved: Json = {}
        options = self._leaf_options(found, words, values, resolved, focused)
        data: Json = {"id": found["id"], "name": found["name"], "type": 1, "options": options}
        if found.get("guild_id"):
            data["guild_id"] = found["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_allowed(self, command: Json, channel: Channel) -> None:
        contexts = command.get("contexts")
        context = 1 if channel.is_dm else 0
        if contexts is not None and context not in contexts:
            place = "DMs" if channel.is_dm else "servers"
            raise CommandNotAvailable(f"/{command['name']} is not available in {place}")
        needed = command.get("default_member_permissions")
        if needed is not None and not channel.is_dm:
            have = self.double.state.permissions(self.user, channel)
            if have & int(needed) != int(needed):
                raise CommandNotAvailable(
                    f"/{command['name']} needs permissions {needed}; "
                    f"{self.user.display_name} lacks them"
                )

    def _leaf_options(
        self,
        command: Json,
        words: list[str],
        values: dict[str, Any],
        resolved: Json,
        focused: str | None,
    ) -> list[Json]:
        specs: list[Json] = command.get("options") or []
        path = [words[0]]
        wrappers: list[Json] = []
        for word in words[1:]:
            nested = next(
                (o for o in specs if o["type"] in (SUB_COMMAND, SUB_GROUP) and o["name"] == word),
                None,
            )
            if nested is None:
                subs = [o["name"] for o in specs if o["type"] in (SUB_COMMAND, SUB_GROUP)]
                raise CommandNotAvailable(f"/{' '.join(path)} has no subcommand {word!r}: {subs}")
            wrappers.append({"type": nested["type"], "name": word})
            specs = nested.get("options") or []
            path.append(word)
        if any(o["type"] in (SUB_COMMAND, SUB_GROUP) for o in specs):
            subs = [o["name"] for o in specs]
            raise CommandNotAvailable(f"/{' '.join(path)} needs a subcommand: {subs}")
        leaf = [
            self._option(specs, name, value, resolved, name == focused)
            for name, value in values.items()
        ]
        missing = [o["name"] for o in specs if o.get("required") and o["name"] not in values]
        if missing:
            raise ValueError(f"/{' '.join(path)} is missing required options {missing}")
        options = leaf
        for wrapper in reversed(wrappers):
            options = [{**wrapper, "options": options}]
        return options

    def _option(
        self, specs: list[Json], name: str, value: Any, resolved: Json, focused: bool
    ) -> Json:
        spec = next((o for o in specs if o["name"] == name), None)
        if spec is None:
            raise ValueError(f"no option {name!r}; options: {[o['name'] for o in specs]}")
        kind = spec["type"]
        option: Json = {"type": kind, "name": name}
        if focused:
            option["value"] = str(value)
            option["focused"] = True
            return option
        option["value"] = self.convert(spec, value, resolved)
        return option

    def convert(self, spec: Json, value: Any, resolved: Json) -> Any:
        kind = spec["type"]
        if kind in (STRING, INTEGER, NUMBER):
            caster: Callable[[Any], Any] = {STRING: str, INTEGER: int, NUMBER: float}[kind]
            choices = spec.get("choices") or []
            if choices:
                for choice in choices:
                    if value in (choice["value"], choice["name"]):
                        return choice["value"]
                shown = [c["name"] for c in choices]
                raise ValueError(f"{value!r} is not a choice of {spec['name']}: {shown}")
            converted = caster(value)
            self._check_range(spec, converted)
            return converted
        if kind == BOOLEAN:
            if isinstance(value, str):
                return value.strip().lower() in ("true", "yes", "1", "on")
            return bool(value)
        if kind in (USER, MENTIONABLE) and not isinstance(value, Role):
            user = self._resolve_user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.to_dict()
            member = self.double.guild.members.get(user.id)
            if member is not None:
                data = member.to_dict()
                data.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = data
            return str(user.id)
        if kind in (ROLE, MENTIONABLE):
            role = value if isinstance(value, Role) else self._role(value)
            resolved.setdefault("roles", {})[str(role.id)] = role.to_dict()
            return str(role.id)
        if kind == CHANNEL:
            channel = resolve_channel(self.double, value)
            data = channel.to_dict()
            data["permissions"] = str(self.double.state.permissions(self.user, channel))
            resolved.setdefault("channels", {})[str(channel.id)] = data
            return str(channel.id)
        if kind == ATTACHMENT:
            filename, content = value
            upload = Upload(0, filename, bytes(content), guess_type(filename))
            attachment = new_attachment(self.double.state, 0, upload, None)
            resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.to_dict()
            return str(attachment.id)
        return value

    @staticmethod
    def _check_range(spec: Json, value: Any) -> None:
        name = spec["name"]
        if isinstance(value, str):
            if len(value) < spec.get("min_length", 0) or len(value) > spec.get("max_length", 6000):
                raise ValueError(f"{name}: length of {value!r} is out of range")
        elif (spec.get("min_value") is not None and value < spec["min_value"]) or (
            spec.get("max_value") is not None and value > spec["max_value"]
        ):
            raise ValueError(f"{name}: {value} is out of range")

    def _resolve_user(self, value: Any) -> User:
        user = getattr(value, "user", None)
        if isinstance(user, User):  # a SimUser
            return user
        if isinstance(value, User):
            return value
        if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
            return self.double.state.user(int(value))
        return self.double.user(str(value)).user

    def _role(self, name: Any) -> Role:
        for role in self.double.guild.roles.values():
            if name in (role.name, role.id, str(role.id)):
                return role
        raise ValueError(f"no role {name!r}")
