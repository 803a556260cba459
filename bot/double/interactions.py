"""Interactions: creation, the 3-second acknowledgement deadline, callbacks, tokens.

An interaction not acknowledged within 3 seconds fails as on Discord: later callbacks
answer 404 Unknown interaction (10062) and the failure is recorded in `failures`. The
deadline is watched on the double's clock and in real time, whichever comes first (so
a bot that blocks for 3 s fails, and so does advancing a FakeClock past the deadline).
Tokens stay valid for 15 minutes on the double's clock; after that the webhook routes
answer 401 Invalid Webhook Token (50027).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

from bot.double import errors, limits
from bot.double.bodies import Upload
from bot.double.ids import new_token
from bot.double.model import IS_COMPONENTS_V2, LOADING, Channel, Json, Message, Modal, User
from bot.double.state import DoubleState

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
REPLY, DEFER, DEFER_UPDATE, UPDATE, AUTOCOMPLETE_RESULT, MODAL = 4, 5, 6, 7, 8, 9
ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
ATTACHMENT_LIMIT = limits.MAX_FILE_SIZE
EPHEMERAL = 1 << 6


@dataclass(eq=False)
class InteractionRecord:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild_id: int | None
    data: Json
    created_at: float
    source_message: Message | None = None
    source_revision: int = 0
    response_type: int | None = None
    failed: str | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    modal: Modal | None = None
    choices: list[Json] | None = None
    callback_errors: list[errors.ApiError] = field(default_factory=list)
    # Real time (monotonic), whatever the double's clock: for latency figures.
    created_monotonic: float = field(default_factory=time.monotonic)
    acknowledged_monotonic: float | None = None

    @property
    def ack_seconds(self) -> float | None:
        """Real seconds from the interaction's creation to its first response."""
        if self.acknowledged_monotonic is None:
            return None
        return self.acknowledged_monotonic - self.created_monotonic

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def name(self) -> str:
        if self.type in (APPLICATION_COMMAND, AUTOCOMPLETE):
            return "/" + str(self.data.get("name"))
        return str(self.data.get("custom_id"))

    def describe(self) -> str:
        return f"interaction {self.id} ({self.name} by {self.user.display_name})"


def command_path(data: Json) -> str:
    """ "game new" for /game new: the command with its subcommand group and subcommand."""
    words = [str(data.get("name"))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        words.append(str(options[0]["name"]))
        options = options[0].get("options") or []
    return " ".join(words)


class Interactions:
    def __init__(self, state: DoubleState, *, ack_timeout: float = ACK_DEADLINE) -> None:
        self.state = state
        self.ack_timeout = ack_timeout
        self.records: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.failures = state.failures  # one list of failures for the whole double
        self.failed_records: list[InteractionRecord] = []  # those never acknowledged
        self._deadlines: dict[int, asyncio.Task[None]] = {}

    # -- creating ------------------------------------------------------------------

    def create(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: Json,
        source_message: Message | None = None,
    ) -> InteractionRecord:
        record = InteractionRecord(
            self.state.ids.next(),
            new_token("aW50ZXJhY3Rpb24"),
            kind,
            user,
            channel,
            channel.guild_id,
            data,
            self.state.now(),
            source_message,
            source_message.revision if source_message else 0,
        )
        self.records[record.id] = record
        self.by_token[record.token] = record
        if kind != AUTOCOMPLETE:
            self._deadlines[record.id] = asyncio.create_task(self._deadline(record))
        self.state.emit("INTERACTION_CREATE", self.payload(record))
        self.state.changed()
        return record

    def payload(self, record: InteractionRecord) -> Json:
        state, channel, user = self.state, record.channel, record.user
        payload: Json = {
            "id": str(record.id),
            "application_id": str(state.application_id),
            "type": record.type,
            "data": record.data,
            "channel_id": str(channel.id),
            "channel": channel.to_dict(),
            "token": record.token,
            "version": 1,
            "app_permissions": str(state.permissions(state.bot, channel)),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT,
        }
        if record.guild_id is not None:
            guild = state.guilds[record.guild_id]
            member = guild.members[user.id]
            permissions = state.permissions(user, channel)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member.to_dict(permissions),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.to_dict(),
                authorizing_integration_owners={"1": str(user.id)},
                context=1,
            )
        if record.source_message is not None:
            payload["message"] = state.message_json(record.source_message)
        return payload

    async def _deadline(self, record: InteractionRecord) -> None:
        with contextlib.suppress(TimeoutError):
            deadline = record.created_at + ACK_DEADLINE
            await asyncio.wait_for(self.state.clock.sleep_until(deadline), self.ack_timeout)
        self._deadlines.pop(record.id, None)
        if not record.acknowledged:
            record.failed = "The application did not respond"
            self.failed_records.append(record)
            self.failures.append(f"{record.describe()} was not acknowledged within 3 seconds")
            self.state.changed()

    def close(self) -> None:
        for task in self._deadlines.values():
            task.cancel()
        self._deadlines.clear()

    # -- answering -----------------------------------------------------------------

    def record_for_callback(self, interaction_id: int, token: str) -> InteractionRecord:
        record = self.by_token.get(token)
        if record is None or record.id != interaction_id or record.failed:
            raise errors.unknown_interaction()
        if record.acknowledged:
            raise errors.already_acknowledged()
        return record

    def record_for_webhook(self, application_id: int, token: str) -> InteractionRecord:
        if application_id != self.state.application_id:
            raise errors.unknown_webhook()
        record = self.by_token.get(token)
        if record is None or self.state.now() > record.created_at + TOKEN_LIFETIME:
            raise errors.invalid_webhook_token()
        if record.failed or not record.acknowledged:
            raise errors.unknown_webhook()
        return record

    def callback(self, record: InteractionRecord, body: Json, uploads: list[Upload]) -> Json:
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        state = self.state
        from_message = record.source_message is not None
        if kind == REPLY:
            self._check_type(record, kind, {APPLICATION_COMMAND, COMPONENT, MODAL_SUBMIT})
            limits.check_message(data, prefix=["data"], creating=True, files=len(uploads))
            record.original = self._post(record, data, uploads)
        elif kind == DEFER:
            self._check_type(record, kind, {APPLICATION_COMMAND, COMPONENT, MODAL_SUBMIT})
            # Discord ignores IS_COMPONENTS_V2 here: the follow-up that fills it sets it.
            flags = int(data.get("flags") or 0) & ~IS_COMPONENTS_V2
            record.original = self._post(record, {"flags": flags}, [], LOADING)
        elif kind in (DEFER_UPDATE, UPDATE):
            self._check_type(record, kind, {COMPONENT, MODAL_SUBMIT})
            if not from_message or record.source_message is None:
                raise errors.ApiError(400, 40004, "Interaction has no message to update")
            record.original = record.source_message
            if kind == UPDATE:
                limits.check_message(data, prefix=["data"], creating=False, files=len(uploads))
                state.edit(record.source_message, data, uploads)
        elif kind == AUTOCOMPLETE_RESULT:
            self._check_type(record, kind, {AUTOCOMPLETE})
            record.choices = list(data.get("choices") or [])
        elif kind == MODAL:
            self._check_type(record, kind, {APPLICATION_COMMAND, COMPONENT})
            limits.check_modal(data)
            record.modal = Modal(
                str(data.get("custom_id")),
                str(data.get("title")),
                list(data.get("components") or []),
                record.user.id,
                record.channel.id,
                record.source_message.id if record.source_message else None,
                record.id,
            )
            state.modals.append(record.modal)
        else:
            self._check_type(record, kind, set())
        record.response_type = kind
        record.acknowledged_monotonic = time.monotonic()
        task = self._deadlines.pop(record.id, None)
        if task is not None:
            task.cancel()
        state.changed()
        return self._callback_answer(record, kind)

    @staticmethod
    def _check_type(record: InteractionRecord, kind: int, allowed: set[int]) -> None:
        if record.type not in allowed:
            raise errors.form_error(
                [(["type"], "INTERACTION_CALLBACK_TYPE_INVALID", f"Invalid callback type {kind}")]
            )

    def _callback_answer(self, record: InteractionRecord, kind: int) -> Json:
        summary: Json = {"id": str(record.id), "type": record.type}
        answer: Json = {"interaction": summary}
        message = record.original
        if message is not None and kind in (REPLY, DEFER, UPDATE):
            summary["response_message_id"] = str(message.id)
            summary["response_message_loading"] = message.loading
            summary["response_message_ephemeral"] = message.ephemeral
            answer["resource"] = {"type": kind, "message": self.state.message_json(message)}
        else:
            answer["resource"] = {"type": kind}
        return answer

    def metadata(self, record: InteractionRecord) -> Json:
        meta: Json = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.to_dict(),
            "authorizing_integration_owners": (
                {"0": str(record.guild_id)} if record.guild_id else {"1": str(record.user.id)}
            ),
        }
        if record.type == APPLICATION_COMMAND:
            meta["name"] = command_path(record.data)
            meta["command_type"] = record.data.get("type", 1)
        if record.source_message is not None:
            meta["interacted_message_id"] = str(record.source_message.id)
        if record.original is not None:
            meta["original_response_message_id"] = str(record.original.id)
        return meta

    def _post(
        self, record: InteractionRecord, data: Json, uploads: list[Upload], extra: int = 0
    ) -> Message:
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        message_type = 20 if record.type == APPLICATION_COMMAND else 0
        return self.state.post(
            record.channel,
            self.state.bot,
            data,
            uploads,
            visible_to=record.user.id if ephemeral else None,
            interaction_metadata=self.metadata(record),
            message_type=message_type,
            extra_flags=extra,
        )

    # -- follow-ups and the original response ----------------------------------------

    def followup(self, record: InteractionRecord, body: Json, uploads: list[Upload]) -> Message:
        limits.check_message(body, creating=True, files=len(uploads))
        original = record.original
        if original is not None and original.loading and record.response_type == DEFER:
            self.state.finish_loading(original)
            message = self.state.edit(original, body, uploads)
        else:
            message = self._post(record, body, uploads)
            record.followups.append(message)
        self.state.changed()
        return message

    def find_message(self, record: InteractionRecord, message_id: str) -> Message:
        if message_id == "@original":
            message = record.original
        else:
            candidates = [record.original, *record.followups]
            message = next((m for m in candidates if m and str(m.id) == message_id), None)
        if message is None or message.deleted:
            raise errors.unknown_message()
        return message

    def edit(self, message: Message, body: Json, uploads: list[Upload]) -> Message:
        limits.check_message(body, creating=False, files=len(uploads))
        if message.loading:
            self.state.finish_loading(message)
        return self.state.edit(message, body, uploads)
