"""Private messages: the deal, the night's prompts and the secrets the engine tells one
player, all sent after the change's public messages.

Sending secrets last keeps the channel's timing blind to them: whether the Thief is
alive, or anyone acted, never delays or adds a public message. A player whose DMs are
closed is learned (and kept by the host, across restarts) from DMs everyone can know
about (the deal, day events), never from a night secret; at a game's first nightfall all
such players get the same channel notice, whatever their role, with a button that opens
their panel privately. Once per game: after that, the table's own button does the same.
"""

from __future__ import annotations

from bot.discord.adapters.base import Happened, Outbox
from bot.discord.adapters.lupusburg.panel import panel_screen
from bot.discord.adapters.lupusburg.words import UI
from bot.discord.ui import Screen
from games.lupusburg.views import LupusView

NIGHTFALL = "lupusburg.night"
GAME_ENDS = frozenset({"lupusburg.werewolf_wins", "lupusburg.village_wins"})
PROMPTS = frozenset({"lupusburg.thief_prompt", "lupusburg.werewolf_prompt"})
# Told by DM only; a failed DM here must not change anything anyone else can see.
NIGHT_SECRETS = PROMPTS | {
    "lupusburg.peek_werewolf",
    "lupusburg.peek_thief",
    "lupusburg.peek_townsfolk",
    "lupusburg.peek_townsfolk_chest",
    "lupusburg.peek_timeout",
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

    async def after(self, out: Outbox[LupusView], happened: Happened) -> None:
        if happened.kind not in ("started", "acted", "expired", "finished"):
            return
        public = {e.key for e in happened.public}
        # -- public, first (a game of a series' reveal is the host's: `ends_chapter`) --
        if any(e.key == NIGHTFALL and e.params.get("day") == 1 for e in happened.public):
            await self._night_notice(out)
        # -- private, last --
        if happened.kind == "started" or "lupusburg.game_started" in public:
            await self._deal(out)
        await self._secrets(out, happened)

    async def _deal(self, out: Outbox[LupusView]) -> None:
        """Everyone's characters and the placement prompt (closed DMs: a channel notice)."""
        for seat in range(len(out.table().names)):
            await out.prompt(seat, panel_screen(out.seat(seat)))

    async def _night_notice(self, out: Outbox[LupusView]) -> None:
        closed = sorted(out.closed_dms())
        if not closed:
            return
        ctx = out.table()
        notice = Screen(
            content=ctx.say(UI + "dm_closed_night", mentions=" ".join(map(ctx.mention, closed))),
            rows=((ctx.panel_button(),),),
            mentions=tuple(ctx.user_ids[s] for s in closed),
        )
        await out.post(notice)

    async def _secrets(self, out: Outbox[LupusView], happened: Happened) -> None:
        for event in happened.events:
            for seat in event.to or ():
                if seat == happened.actor and event.key in ON_THE_PANEL:
                    continue
                ctx = out.seat(seat)
                if event.key in PROMPTS:
                    screen = panel_screen(ctx)
                else:
                    header = ctx.say(UI + "dm_header", channel=ctx.channel_id)
                    screen = Screen(embed_title=header, embed_text=ctx.event(event))
                await out.direct(seat, screen, event.key not in NIGHT_SECRETS)
