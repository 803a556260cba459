"""The public table message: built from the public view only."""

from __future__ import annotations

from bot.discord.adapters.lama.words import (
    card,
    countdown,
    joined,
    names,
    picture,
    public_view,
    specials,
)
from bot.core.service import LiveGame
from bot.discord.ui import Button, Screen
from bot.discord.wording import say
from games.lama.cards import SPECIALS
from games.lama.pictures import render_table
from games.lama.views import LamaView
from games.pictures import player_letter


def table_screen(live: LiveGame, locale: str, panel_button: Button) -> Screen:
    view = public_view(live)
    lines = [goal(live, view, locale), status(live, view, locale)]
    if view.final_turns and view.ender is not None:
        lines.append(say(live, "lama.ui.status_final", locale, seat=view.ender))
    when = countdown(live)
    if when and view.step != "over":
        lines.append(say(live, "lama.ui.deadline", locale, when=when))
    lines.append(piles(live, view, locale))
    lines += [seat_line(live, view, seat, locale) for seat in range(view.seats)]
    return Screen(
        embed_title=say(live, "lama.ui.title", locale, round=view.round),
        embed_text="\n".join(lines),
        pictures=(picture("lama-table.png", render_table(view, names(live))),),
        rows=((panel_button,),) if view.step != "over" else (),
    )


def goal(live: LiveGame, view: LamaView, locale: str) -> str:
    if view.variant == "lamas":
        return say(live, "lama.ui.goal_lamas", locale, target=view.target)
    return say(live, "lama.ui.goal_points", locale)


def status(live: LiveGame, view: LamaView, locale: str) -> str:
    """Whose turn it is and what they are doing (never what they drew)."""
    if view.step == "over":
        return say(live, "lama.ui.status_over", locale, names=joined(live, view.winners or []))
    if view.step == "peek":
        return say(live, "lama.ui.status_peek", locale, names=joined(live, view.to_peek))
    seat = view.to_act
    if view.step == "drawn":
        return say(live, "lama.ui.status_drawn", locale, seat=seat)
    if view.step == "taken" and view.taken is not None:
        key = "lama.ui.status_taken_special" if view.taken in SPECIALS else "lama.ui.status_taken"
        return say(live, key, locale, seat=seat, card=card(view.taken, locale))
    if view.discard_top is None:
        return say(live, "lama.ui.status_choose_draw", locale, seat=seat)
    top = card(view.discard_top, locale)
    return say(live, "lama.ui.status_choose", locale, seat=seat, card=top)


def piles(live: LiveGame, view: LamaView, locale: str) -> str:
    if view.discard_top is None:
        return say(live, "lama.ui.piles_empty", locale, draw=view.draw_count)
    top = card(view.discard_top, locale)
    return say(
        live,
        "lama.ui.piles",
        locale,
        top=top,
        discard=view.discard_count,
        draw=view.draw_count,
    )


def seat_line(live: LiveGame, view: LamaView, seat: int, locale: str) -> str:
    up = sum(kind is not None for kind in view.layouts[seat])
    received = ""
    if view.received[seat]:
        cards, total = specials(view.received[seat], locale)
        received = say(live, "lama.ui.seat_received", locale, cards=cards, sum=total)
    if view.variant == "lamas":
        tally = say(live, "lama.ui.tally_lamas", locale, lamas=view.lamas[seat], target=view.target)
    else:
        tally = say(live, "lama.ui.tally_points", locale, total=view.totals[seat])
    return say(
        live,
        "lama.ui.seat_line",
        locale,
        letter=player_letter(seat),
        seat=seat,
        up=up,
        received=received,
        tally=tally,
    )
