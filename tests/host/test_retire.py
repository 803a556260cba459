"""Which controls are retired, and when (the Retirer alone, with a fake clock)."""

from __future__ import annotations

import discord

from bot.discord import ids
from bot.discord.retire import Retirer
from bot.discord.ui import Button, Row
from tests.support.clock import FakeClock

GAME = 7


def shown(retirer: Retirer, key: str, rows: tuple[Row, ...], log: list[str]) -> None:
    async def edit(view: discord.ui.View | None) -> None:
        log.append(key)

    retirer.keep(GAME, key, "p1", rows, edit, token=True)


async def test_controls_of_any_phase_are_retired_when_the_game_ends() -> None:
    """A scheduled Tüfteln sheet's placements are valid across phases: they stay live
    while the game goes on, and are shown disabled once it is over."""
    retirer, edited = Retirer(FakeClock()), list[str]()
    anytime = (Button("A1", ids.game(GAME, None, "place:3:A1")),)
    shown(retirer, "sheet", (anytime,), edited)
    await retirer.retire(GAME, "p2")
    assert edited == []
    await retirer.retire(GAME, "p2", ended=True)
    assert edited == ["sheet"]


async def test_a_message_that_only_opens_a_panel_is_not_retired() -> None:
    retirer, edited = Retirer(FakeClock()), list[str]()
    opener = (Button("My cards", ids.game(GAME, None, ids.PANEL)),)
    shown(retirer, "notice", (opener,), edited)
    await retirer.retire(GAME, "p2", ended=True)
    assert edited == []


async def test_a_panel_edited_through_its_token_is_let_go_after_fifteen_minutes() -> None:
    clock = FakeClock()
    retirer, edited = Retirer(clock), list[str]()
    shown(retirer, "panel", ((Button("+1", ids.game(GAME, "p1", "add:1")),),), edited)
    await clock.advance(15 * 60)
    await retirer.retire(GAME, "p2")
    assert edited == []  # the token has expired: nothing is tried
