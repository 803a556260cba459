"""Which controls are retired, and when (the Retirer alone, with a fake clock)."""

from __future__ import annotations

from typing import Any, cast

import discord

from bot.core.store import Store
from bot.discord import ids
from bot.discord.retire import Retirer
from bot.discord.ui import (
    Button,
    Option,
    Picture,
    Row,
    Screen,
    Section,
    Select,
    rows_to_json,
    screen_to_json,
)
from tests.support.clock import FakeClock

GAME = 7

View = discord.ui.View | discord.ui.LayoutView | None


def shown(retirer: Retirer, key: str, rows: tuple[Row, ...], log: list[str]) -> None:
    async def edit(view: View) -> None:
        log.append(key)

    retirer.keep(GAME, key, "p1", Screen(rows=rows), edit, token=True)


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


async def test_retiring_keeps_the_words_and_pictures_and_disables_every_control() -> None:
    """Layout components are replaced as one: the retired message shows its text and
    its pictures (by name: the message keeps its attachments, no bytes are sent), with
    its rows' controls and a section's button all disabled."""
    retirer, views = Retirer(FakeClock()), list[View]()

    async def edit(view: View) -> None:
        views.append(view)

    take = Button("Take", ids.game(GAME, "p1", "take:1"))
    pick = Select(ids.game(GAME, "p1", "pick:?"), (Option("a", "a"), Option("b", "b")))
    screen = Screen(
        content="Your turn",
        embed_title="Round 1",
        blocks=(Section(("Ben: 2 cards",), take),),
        pictures=(Picture("hand.png", b"\x89PNG...", "your cards"),),
        rows=(pick,),
    )
    retirer.keep(GAME, "panel", "p1", screen, edit, token=True)
    await retirer.retire(GAME, "p2")
    (view,) = views
    assert isinstance(view, discord.ui.LayoutView)
    payload = view.to_components()
    assert payload[0] == {"type": 10, "content": "Your turn"}
    card = payload[1]["components"]
    assert card[0]["content"] == "### Round 1"
    assert card[1]["accessory"]["disabled"] is True
    assert card[1]["components"][0]["content"] == "Ben: 2 cards"
    assert card[2]["items"][0]["media"]["url"] == "attachment://hand.png"
    assert card[3]["components"][0]["disabled"] is True


class _Store:
    """The store's side of retiring: DM prompts kept across a restart."""

    def __init__(self, kept: list[tuple[int, int, int, str | None, Any]]) -> None:
        self.kept = kept
        self.retired: list[int] = []

    async def controls_to_retire(self) -> list[tuple[int, int, int, str | None, Any]]:
        return self.kept

    async def controls_retired(self, game_id: int, message_ids: list[int]) -> None:
        self.retired += message_ids


async def test_a_dm_prompt_kept_before_layout_components_is_retired_by_its_rows() -> None:
    """A DM prompt stored before the upgrade has only its rows: it is retired with
    them alone (a classic view, no flag), which leaves its words; one stored since is
    retired with its whole layout."""
    take = Button("Take", ids.game(GAME, "p1", "take:1"))
    legacy = rows_to_json(((take,),))
    layout = {"screen": screen_to_json(Screen(content="Your turn", rows=((take,),)))}
    store = _Store([(GAME, 50, 1, "p1", legacy), (GAME, 50, 2, "p1", layout)])
    retirer = Retirer(FakeClock(), cast(Store, store))
    views: dict[int, View] = {}

    def dm_edit(channel_id: int, message_id: int) -> Any:
        async def edit(view: View) -> None:
            views[message_id] = view

        return edit

    retirer._dm_edit = dm_edit  # type: ignore[method-assign]
    assert await retirer.load() == 2
    await retirer.retire(GAME, "p2")
    old, new = views[1], views[2]
    assert old is not None and new is not None
    assert not old.has_components_v2()  # a classic message's rows: no layout flag
    assert old.to_components() == [
        {"type": 1, "components": [{**_button_json(take), "disabled": True}]}
    ]
    assert new.has_components_v2()
    assert new.to_components()[0] == {"type": 10, "content": "Your turn"}
    assert sorted(store.retired) == [1, 2]


def _button_json(button: Button) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": button.label, "custom_id": button.custom_id}
