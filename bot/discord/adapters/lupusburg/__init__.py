"""Discord side of Lupusburg (Tabula): the bot is the moderator.

- `table`: the public table message (circle of houses, phase, countdown), public view only.
- `panel`: each player's private panel, also sent as the DM prompt at the deal and night.
- `prompts`: the DMs and channel notices sent after each change, secrets last.
"""

from __future__ import annotations

from bot.discord.adapters.base import GameAdapter, Happened, Outbox
from bot.discord.adapters.lupusburg import panel, table
from bot.discord.adapters.lupusburg.prompts import Messenger
from bot.discord.adapters.lupusburg.words import UI, Ctx
from bot.discord.ui import Screen
from games.engine import Result, Seat
from games.lupusburg.views import LupusView


class LupusburgAdapter(GameAdapter[LupusView]):
    kind = "lupusburg"

    def __init__(self) -> None:
        self.messenger = Messenger()

    def table(self, ctx: Ctx) -> Screen:
        return table.table_screen(ctx)

    def panel(self, ctx: Ctx, step: tuple[str, ...] = ()) -> Screen:
        return panel.panel_screen(ctx)

    def private_notices(self, ctx: Ctx, happened: Happened) -> list[tuple[Seat, Screen]]:
        return []  # `after` sends them, once the change's public messages are out

    def announcement(self, ctx: Ctx, happened: Happened) -> Screen | None:
        """The public events, with the panel button: whoever is pinged acts from there."""
        lines = [ctx.event(e) for e in happened.public]
        for event in happened.events:  # that a character was shown is public; which is not
            if event.key.startswith("lupusburg.shown_") and event.to:
                shown = {"seat": event.params["seat"], "target_seat": event.to[0]}
                lines.append(ctx.say(UI + "shown", **shown))
        if not lines:
            return None
        rows = ((ctx.panel_button(),),) if happened.kind != "finished" else ()
        return Screen(content="\n".join(lines), rows=rows)

    def mention_turn(self, ctx: Ctx, happened: Happened) -> bool:
        """Ping whoever the table waits for, except a player still at their own turn
        (coins drawn, now the bet) and the last one talking in the discussion."""
        if ctx.view.phase == "discussion":
            return False
        return happened.actor is None or happened.actor not in ctx.view.to_act

    def results(self, ctx: Ctx, result: Result) -> Screen:
        return table.reveal_screen(ctx, final=True)

    async def after(self, out: Outbox[LupusView], happened: Happened) -> None:
        await self.messenger.after(out, happened)


ADAPTER = LupusburgAdapter()
