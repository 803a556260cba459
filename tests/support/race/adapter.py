"""Discord side of the example game: the smallest complete adapter."""

from __future__ import annotations

from bot.discord.adapters.base import GameAdapter
from bot.discord.adapters.context import Context
from bot.discord.ui import Button, Screen
from tests.support.race.engine import RaceView


class RaceAdapter(GameAdapter[RaceView]):
    kind = "race"

    def table(self, ctx: Context[RaceView]) -> Screen:
        view = ctx.view
        lines = [ctx.say("race.table", counter=view.counter, target=view.target)]
        if view.to_act is not None:
            lines.append(ctx.say("race.to_act", seat=view.to_act))
        rows = ((ctx.panel_button(),),) if view.winner is None else ()
        return Screen(embed_title=ctx.game_name, embed_text="\n".join(lines), rows=rows)

    def turn_step(self, ctx: Context[RaceView]) -> str | None:
        return ctx.say("race.step")

    def chapter(self, ctx: Context[RaceView]) -> str:
        return f"lap{ctx.view.lap}"  # every round of turns, the table moves down

    def panel(self, ctx: Context[RaceView], step: tuple[str, ...] = ()) -> Screen:
        view = ctx.view
        text = ctx.say("race.panel", lucky=view.my_lucky, counter=view.counter)
        row = tuple(Button(f"+{a.amount}", ctx.act(a), "primary") for a in ctx.legal)
        return Screen(content=text, rows=(row,) if row else ())


ADAPTER = RaceAdapter()
