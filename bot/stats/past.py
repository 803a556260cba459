"""A finished game in /history: its page, its replay and its record (the buttons of
`bot.stats.ids`' past, replay and record scopes). Each click reads the store afresh
and checks that the game is this server's, over and in its history; the screens are
drawn where every screen is (`Drawing`: the game's adapter, off the event loop)."""

from __future__ import annotations

import io
import json
from typing import Any

import discord

from bot.core.records import GameRecord, record_document
from bot.core.service import GameService
from bot.core.store.records import finished_record
from bot.discord.drawing import Drawing
from bot.discord.ui import Screen, send_kwargs
from bot.i18n import t
from bot.stats import ids
from bot.stats.past_screens import past_screen, replay_screen
from bot.stats.screens import game_name
from games import registry


class PastGames:
    def __init__(self, service: GameService, drawing: Drawing) -> None:
        self._service = service
        self._drawing = drawing

    async def record(self, guild_id: int, game_id: int) -> GameRecord:
        """The game's record; Refused unless it is a finished game of the server's history."""
        return await finished_record(self._service.store, guild_id, game_id)

    # -- what each click shows (also measured by tests/bench/bench_replays.py) ------------------

    async def page(self, record: GameRecord, locale: str) -> Screen:
        table = await self._drawing.build(record.kind, "final_table", record, locale)
        gone = await self._service.store.places_gone([record.channel_id])
        return past_screen(record, table, record.channel_id in gone, locale)

    async def step(self, record: GameRecord, step: int, reader: int | None, locale: str) -> Screen:
        reader = reader if _reader_shown(record, reader) else None
        frame = await self._drawing.build(record.kind, "replay", record, step, reader, locale)
        return replay_screen(record, frame, reader, locale)

    async def document(self, record: GameRecord, locale: str) -> bytes:
        outcome = record.outcome
        if outcome is None:  # recorded before results kept it: the replay tells
            table = await self._drawing.build(record.kind, "final_table", record, locale)
            outcome = table.extra.get("outcome")
        document = record_document(record, game_name(record.kind), outcome)
        return json.dumps(document, ensure_ascii=False, indent=1).encode()

    # -- the clicks -----------------------------------------------------------------------------

    async def click(
        self, interaction: discord.Interaction, click: ids.Click, guild_id: int, locale: str
    ) -> None:
        """(Deferred already.) Answer a click of a finished game's control."""
        record = await self.record(guild_id, click.game_id)
        if click.scope == "record":
            document = await self.document(record, locale)
            name = f"{record.kind}-{record.game_id}.json"
            file = discord.File(io.BytesIO(document), filename=name)
            said = t("past.record_sent", locale, game=game_name(record.kind))
            await interaction.edit_original_response(content=said, attachments=[file])
            return
        if click.scope == "past":
            screen = await self.page(record, locale)
        else:
            reader = click.reader
            if click.pick:
                data: dict[str, Any] = dict(interaction.data or {})
                values = [str(v) for v in data.get("values", [])]
                reader = ids.reader_of(values[0]) if values else None
            screen = await self.step(record, click.page, reader, locale)
        await interaction.edit_original_response(**send_kwargs(screen, editing=True))


def _reader_shown(record: GameRecord, reader: int | None) -> bool:
    """Whether a replay shows `reader`'s view (a seat of the game that reveals them)."""
    if reader is None or not 0 <= reader < len(record.players):
        return False
    try:
        return registry.get(record.kind).replay_reveals
    except KeyError:
        return False
