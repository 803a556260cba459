"""Retires controls whose step is over.

A DM prompt or a private panel keeps its buttons after the game moves on; a click
there is refused as stale, but nothing showed it. The presenter and the router note
each message with controls they send, with the phase key its controls carry; when
the game leaves that phase (or ends), the message is edited to show its controls
disabled. A private panel can only be edited with its interaction's token, which
Discord keeps for 15 minutes; older panels are let go. A DM prompt can be edited at
any time: it is also kept in the store, so a restart retires it all the same.

Retiring edits the whole message (layout components are replaced as one): its words
and pictures as they were (the pictures by name: the message keeps its attachments),
every control disabled, a section's button too. A DM prompt stored before the bot used
layout components has only its rows stored; it is retired with its rows alone
(`legacy_view`), which leaves its words.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.core.clock import Clock
from bot.core.store import Store
from bot.discord import ids
from bot.discord.echoless import edit
from bot.discord.ui import (
    Screen,
    layout,
    legacy_view,
    retired,
    rows_from_json,
    screen_from_json,
    screen_to_json,
    without_bytes,
)
from bot.discord.ui import controls as all_controls

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60 - 30  # an interaction's token, with a margin

Edit = Callable[[discord.ui.View | discord.ui.LayoutView | None], Awaitable[object]]


@dataclass(frozen=True)
class Shown:
    phase: str | None  # the phase its controls act in (None: any phase)
    screen: Screen  # what the message shows (its pictures without their bytes)
    edit: Edit  # edits the message's components
    until: float | None  # when it can no longer be edited (None: never)
    stored: bool = False  # kept in the store (a DM, by its message id)
    legacy: bool = False  # sent before layout components: only its rows are known


def _controls(screen: Screen) -> list[ids.ControlId]:
    """The screen's controls that play or step (not "open my panel")."""
    custom_ids = [control.custom_id for control in all_controls(screen)]
    return [
        control
        for control in map(ids.parse, custom_ids)
        if control is not None and control.scope == "game" and control.rest != ids.PANEL
    ]


class Retirer:
    def __init__(
        self, clock: Clock, store: Store | None = None, client: discord.Client | None = None
    ) -> None:
        self._clock = clock
        self._store = store
        self._client = client
        self._shown: dict[int, dict[object, Shown]] = {}

    def keep(
        self,
        game_id: int,
        key: object,
        phase: str | None,
        screen: Screen,
        edit: Edit,
        *,
        token: bool = False,
        stored: bool = False,
        legacy: bool = False,
    ) -> None:
        """Note a message with controls (`key`: one per message, a newer one replaces the
        older), shown in `phase`; `token`: edited through an interaction. Its controls
        are retired when that phase is over; controls valid in any phase (a scheduled
        sheet's placements, a panel's steps alone), when the game is."""
        controls = _controls(screen)
        if not controls:  # e.g. only "open my panel"
            self._shown.get(game_id, {}).pop(key, None)
            return
        if all(control.phase is None for control in controls):
            phase = None
        until = self._clock.now() + TOKEN_LIFETIME if token else None
        kept = Shown(phase, without_bytes(screen), edit, until, stored, legacy)
        self._shown.setdefault(game_id, {})[key] = kept

    async def keep_dm(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        phase: str | None,
        screen: Screen,
    ) -> None:
        """Note a DM with controls, in the store too (keyed by its message id)."""
        edit = self._dm_edit(channel_id, message_id)
        self.keep(game_id, message_id, phase, screen, edit, stored=self._store is not None)
        if self._store is not None and message_id in self._shown.get(game_id, {}):
            await self._store.keep_controls(
                game_id, channel_id, message_id, phase, {"screen": screen_to_json(screen)}
            )

    async def load(self) -> int:
        """Note again the DMs kept in the store (at start-up); how many."""
        if self._store is None:
            return 0
        kept = await self._store.controls_to_retire()
        for game_id, channel_id, message_id, phase, data in kept:
            edit = self._dm_edit(channel_id, message_id)
            legacy = isinstance(data, list)  # only its rows, stored before layouts
            screen = (
                Screen(rows=rows_from_json(data)) if legacy else screen_from_json(data["screen"])
            )
            self.keep(game_id, message_id, phase, screen, edit, stored=True, legacy=legacy)
        return len(kept)

    def _dm_edit(self, channel_id: int, message_id: int) -> Edit:
        assert self._client is not None, "DMs are retired through the client"
        client = self._client
        return lambda view: edit(client, channel_id, message_id, view=view)

    def forget(self, game_id: int, key: object) -> None:
        """Stop watching a message (its sender is about to redraw it itself)."""
        self._shown.get(game_id, {}).pop(key, None)

    async def retire(self, game_id: int, phase: str | None, *, ended: bool = False) -> None:
        """Disable the controls of every noted message of an earlier phase (all of
        them once the game `ended`)."""
        shown = self._shown.get(game_id)
        if not shown:
            return
        now = self._clock.now()
        stored: list[int] = []  # retired DMs to drop from the store
        for key, item in list(shown.items()):
            if item.until is not None and item.until < now:
                del shown[key]
                continue
            if not ended and (item.phase is None or item.phase == phase):
                continue
            del shown[key]
            try:
                view = (
                    legacy_view(item.screen.rows) if item.legacy else layout(retired(item.screen))
                )
                await item.edit(view)
            except discord.HTTPException as error:
                log.info("could not retire controls of game %s: %s", game_id, error.status)
            if item.stored and isinstance(key, int):
                stored.append(key)
        if ended or not shown:
            self._shown.pop(game_id, None)
        if stored and self._store is not None:
            await self._store.controls_retired(game_id, stored)
