"""Private messages: the deal, the night's prompts and the secrets the engine tells one
player, all sent after the change's public messages.

Sending secrets last keeps the channel's timing blind to them: whether the Thief is
alive, or anyone acted, never delays or adds a public message. A player whose DMs are
closed is remembered from DMs everyone can know about (the deal, day events), never
from a night secret; at each night step all such players get the same channel notice,
whatever their role, with a button that opens their panel privately.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from bot.discord.adapters.lupusburg.panel import panel_screen
from bot.discord.adapters.lupusburg.table import reveal_screen
from bot.discord.adapters.lupusburg.words import ui
from bot.core.service import Change, LiveGame
from bot.discord.ui import Button, Screen
from bot.discord.wording import event_text

if TYPE_CHECKING:
    from bot.discord.presenter import Presenter

NIGHT_STARTS = frozenset({"lupusburg.night", "lupusburg.werewolf_wakes"})
GAME_ENDS = frozenset({"lupusburg.werewolf_wins", "lupusburg.village_wins"})
PROMPTS = frozenset({"lupusburg.thief_prompt", "lupusburg.werewolf_prompt"})
# Told by DM only; a failed DM here must not change anything anyone else can see.
NIGHT_SECRETS = PROMPTS | {
    "lupusburg.peek_werewolf",
    "lupusburg.peek_thief",
    "lupusburg.peek_townsfolk",
    "lupusburg.peek_townsfolk_chest",
    "lupusburg.claw_set",
    "lupusburg.claw_default",
}
# Already on the panel the acting player clicked (the router re-renders it): no DM.
ON_THE_PANEL = frozenset(
    {
        "lupusburg.chest_placed",
        "lupusburg.peek_werewolf",
        "lupusburg.peek_thief",
        "lupusburg.peek_townsfolk",
        "lupusburg.peek_townsfolk_chest",
        "lupusburg.drew_coins",
        "lupusburg.bet_coin",
    }
)


class Messenger:
    """Sends one change's extra messages: public ones first, then the private ones."""

    def __init__(self) -> None:
        # Per running bot (its presenter) and game: seats whose DMs are known closed.
        # A restart forgets it; the next deal or day DM learns it again.
        self._closed: WeakKeyDictionary[Presenter, dict[int, set[int]]] = WeakKeyDictionary()

    def closed(self, presenter: Presenter, game_id: int) -> set[int]:
        return self._closed.setdefault(presenter, {}).setdefault(game_id, set())

    async def after(self, presenter: Presenter, change: Change, panel_button: Button) -> None:
        live = change.game
        if live.state is None or change.kind not in ("started", "acted", "expired", "finished"):
            return
        public = {e.key for e in change.events if e.to is None}
        # -- public, first --
        if change.kind != "finished" and public & GAME_ENDS:  # a game of a series ended
            screen = await asyncio.to_thread(reveal_screen, live, live.row.locale, final=False)
            await presenter.post(live, screen)
        if public & NIGHT_STARTS:
            await self._night_notice(presenter, live, panel_button)
        # -- private, last --
        if change.kind == "started" or "lupusburg.game_started" in public:
            await self._deal(presenter, live)
        await self._secrets(presenter, change)

    async def _deal(self, presenter: Presenter, live: LiveGame) -> None:
        """Everyone's characters and the placement prompt (closed DMs: a channel notice)."""
        closed = self.closed(presenter, live.id)
        for seat in range(len(live.players)):
            screen = panel_screen(live, seat, live.row.locale)
            if await presenter.prompt(live, seat, screen):
                closed.discard(seat)
            else:
                closed.add(seat)

    async def _night_notice(self, presenter: Presenter, live: LiveGame, button: Button) -> None:
        closed = sorted(self.closed(presenter, live.id))
        if not closed:
            return
        users = [live.players[s].user_id for s in closed]
        mentions = " ".join(f"<@{u}>" for u in users)
        notice = Screen(
            content=ui(live, "dm_closed_night", live.row.locale, mentions=mentions),
            rows=((button,),),
            mentions=tuple(users),
        )
        await presenter.post(live, notice)

    async def _secrets(self, presenter: Presenter, change: Change) -> None:
        live = change.game
        locale = live.row.locale
        actor = live.seat_of(change.user_id) if change.user_id is not None else None
        closed = self.closed(presenter, live.id)
        for event in change.events:
            for seat in event.to or ():
                if seat == actor and event.key in ON_THE_PANEL:
                    continue
                if event.key in PROMPTS:
                    screen = panel_screen(live, seat, locale)
                else:
                    header = ui(live, "dm_header", locale, channel=live.row.channel_id)
                    screen = Screen(content=f"{header}\n{event_text(live, event, locale)}")
                delivered = await presenter.direct(live, seat, screen)
                if event.key not in NIGHT_SECRETS:
                    (closed.discard if delivered else closed.add)(seat)
