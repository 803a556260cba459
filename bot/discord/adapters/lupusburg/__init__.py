"""Discord side of Lupusburg (Tabula): the bot is the moderator.

- `table`: the public table message (the village picture, phase, countdown), public view only.
- `panel`: each player's private panel, also sent as the DM prompt at the deal and night,
  and as the reminder near the end of placement, the second vote and the night's steps.
- `prompts`: the DMs and channel notices sent after each change, secrets last.

The table is posted anew at each chapter (the placement, each night, each day), and the
host names the step a turn passes to (`turn_step`); neither ever names a night role.
"""

from __future__ import annotations

from bot.discord.adapters.base import GameAdapter, Happened, Outbox
from bot.discord.adapters.lupusburg import panel, table
from bot.discord.adapters.lupusburg.prompts import GAME_ENDS, Messenger
from bot.discord.adapters.lupusburg.words import UI, Ctx
from bot.discord.ui import Screen
from games.engine import Result, Seat
from games.lupusburg.model import NIGHT_PHASES, TOKENS
from games.lupusburg.views import LupusView

# Phases in which nobody needs a notice: the night's (secret), the discussion (anyone
# may talk; its end is the clock's) and the end.
NO_NOTICE = frozenset({*NIGHT_PHASES, "discussion", "over"})


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
        if not lines:
            return None
        rows = ((ctx.panel_button(),),) if happened.kind != "finished" else ()
        return Screen(content="\n".join(lines), rows=rows)

    def turn_step(self, ctx: Ctx) -> str | None:
        """What the table waits for, by phase ("first vote: place a token (1 of 2)");
        None at night (the roles are secret), in the discussion and at the end."""
        view = ctx.view
        if view.phase in NO_NOTICE:
            return None
        params: dict[str, int | None] = {}
        match view.phase:
            case "show":
                params = {"seat": view.burgomaster}
            case "show_back":
                params = {"target_seat": view.called}
            case "first_vote" if view.to_act:
                placed = sum(1 for t in view.tokens if t.seat == view.to_act[0])
                params = {"number": placed + 1, "tokens": TOKENS}
        return ctx.say(UI + "step." + view.phase, **params)

    def chapter(self, ctx: Ctx) -> str:
        """'setup' (placing characters), 'night2', 'day2'; in a series, with the game
        ('g2-night1'). The game's end keeps the chapter it ended in."""
        view = ctx.view
        prefix = f"g{view.game}-" if view.series > 1 else ""
        if view.phase == "assign":
            return prefix + "setup"
        night = view.phase in NIGHT_PHASES
        if view.phase == "over" and view.fallen:
            night = view.fallen[-1].how == "slain"  # the claw ended it at dawn
        return f"{prefix}{'night' if night else 'day'}{view.day}"

    def reminder(self, ctx: Ctx) -> Screen | None:
        return panel.reminder_screen(ctx)

    def results(self, ctx: Ctx, result: Result) -> Screen:
        return table.reveal_screen(ctx, final=True)

    def ends_chapter(self, ctx: Ctx, happened: Happened) -> bool:
        """A game of a series ended (not the series): its reveal comes before the next
        game's table."""
        return happened.kind != "finished" and any(e.key in GAME_ENDS for e in happened.public)

    def chapter_results(self, ctx: Ctx, happened: Happened) -> Screen:
        return table.series_reveal(ctx)

    async def after(self, out: Outbox[LupusView], happened: Happened) -> None:
        await self.messenger.after(out, happened)


ADAPTER = LupusburgAdapter()
