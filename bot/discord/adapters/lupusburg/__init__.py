"""Discord side of Lupusburg (Tabula): the bot is the moderator.

- `table`: the public table message (circle of houses, phase, countdown), public view only.
- `panel`: each player's private panel, also sent as the DM prompt at the deal and night.
- `prompts`: the DMs and channel notices sent after each change, secrets last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.discord.adapters.base import GameAdapter
from bot.discord.adapters.lupusburg import panel, table
from bot.discord.adapters.lupusburg.prompts import Messenger
from bot.core.service import Change, LiveGame
from bot.discord.ui import Screen
from bot.discord.wording import event_text, say
from games.engine import Seat

if TYPE_CHECKING:
    from bot.discord.presenter import Presenter


class LupusburgAdapter(GameAdapter):
    kind = "lupusburg"

    def __init__(self) -> None:
        self.messenger = Messenger()

    def table(self, live: LiveGame, locale: str) -> Screen:
        return table.table_screen(live, locale, self.panel_button(live, locale))

    def panel(self, live: LiveGame, seat: int, locale: str) -> Screen:
        return panel.panel_screen(live, seat, locale)

    def decode(self, live: LiveGame, seat: int, rest: str, values: list[str]) -> dict[str, Any]:
        return panel.decode(rest, values)

    def private_notices(
        self, live: LiveGame, change: Change, locale: str
    ) -> list[tuple[Seat, Screen]]:
        return []  # `after` sends them, once the change's public messages are out

    def announcement(self, live: LiveGame, change: Change, locale: str) -> Screen | None:
        """The public events, with the panel button: whoever is pinged acts from there."""
        lines = [event_text(live, e, locale) for e in change.events if e.to is None]
        for event in change.events:  # that a character was shown is public; which is not
            if event.key.startswith("lupusburg.shown_") and event.to:
                shown = {"seat": event.params["seat"], "target_seat": event.to[0]}
                lines.append(say(live, "lupusburg.ui.shown", locale, **shown))
        if not lines:
            return None
        rows = ((self.panel_button(live, locale),),) if change.kind != "finished" else ()
        return Screen(content="\n".join(lines), rows=rows)

    def mention_turn(self, live: LiveGame, change: Change) -> bool:
        """Ping whoever the table waits for, except a player still at their own turn
        (coins drawn, now the bet) and the last one talking in the discussion."""
        if live.state is None or live.game.view(live.state, None).phase == "discussion":
            return False
        actor = live.seat_of(change.user_id) if change.user_id is not None else None
        return actor is None or actor not in live.game.waiting_for(live.state)

    def results(self, live: LiveGame, locale: str) -> Screen:
        return table.reveal_screen(live, locale, final=True)

    async def after(self, presenter: Presenter, change: Change) -> None:
        button = self.panel_button(change.game, change.game.row.locale)
        await self.messenger.after(presenter, change, button)


ADAPTER = LupusburgAdapter()
