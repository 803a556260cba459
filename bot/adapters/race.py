"""Discord side of the hidden example game (used to test the host end to end)."""

from __future__ import annotations

from typing import Any

from bot import ids
from bot.adapters.base import GameAdapter
from bot.service import LiveGame
from bot.ui import Button, Screen
from bot.wording import say


class RaceAdapter(GameAdapter):
    kind = "race"

    def table(self, live: LiveGame, locale: str) -> Screen:
        view = live.game.view(live.state, None)
        lines = [say(live, "race.table", locale, counter=view.counter, target=view.target)]
        if view.to_act is not None:
            lines.append(say(live, "race.to_act", locale, seat=view.to_act))
        rows = ((self.panel_button(live, locale),),) if view.winner is None else ()
        return Screen(embed_title=live.game.name, embed_text="\n".join(lines), rows=rows)

    def panel(self, live: LiveGame, seat: int, locale: str) -> Screen:
        view = live.game.view(live.state, seat)
        text = say(live, "race.panel", locale, lucky=view.my_lucky, counter=view.counter)
        choices = live.game.legal_actions(live.state, seat)
        row = tuple(
            Button(f"+{a.amount}", ids.game(live.id, live.phase, f"add:{a.amount}"), "primary")
            for a in choices
        )
        return Screen(content=text, rows=(row,) if row else ())

    def decode(self, live: LiveGame, seat: int, rest: str, values: list[str]) -> dict[str, Any]:
        _, _, amount = rest.partition(":")
        return {"type": "add", "amount": int(amount)}


ADAPTER = RaceAdapter()
