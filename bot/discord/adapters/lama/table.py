"""The public table message: built from the public view only."""

from __future__ import annotations

from bot.discord.adapters.lama.words import Ctx, card, cards, specials
from bot.discord.adapters.pictures import picture
from bot.discord.ui import Screen
from games.lama.cards import SPECIALS
from games.lama.pictures import render_table


def table_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    lines = [goal(ctx), status(ctx)]
    if view.final_turns and view.ender is not None:
        lines.append(ctx.say("lama.ui.status_final", seat=view.ender))
    when = ctx.countdown()
    if when and view.step != "over":
        lines.append(ctx.say("lama.ui.deadline", when=when))
    lines.append(piles(ctx))
    lines += [seat_line(ctx, seat) for seat in range(view.seats)]
    return Screen(
        embed_title=ctx.say("lama.ui.title", round=view.round),
        embed_text="\n".join(lines),
        pictures=(picture("lama-table.png", render_table(view, ctx.say, ctx.names, ctx.letters)),),
        rows=((ctx.panel_button(),),),  # at the end: each player's last cards
    )


def goal(ctx: Ctx) -> str:
    if ctx.view.variant == "lamas":
        return ctx.say("lama.ui.goal_lamas", count=ctx.view.target)
    return ctx.say("lama.ui.goal_points")


def status(ctx: Ctx) -> str:
    """Whose turn it is and what they are doing (never what they drew)."""
    view = ctx.view
    if view.step == "over":
        return ctx.say("lama.ui.status_over", names=ctx.joined(view.winners or []))
    if view.step == "peek":
        return ctx.say("lama.ui.status_peek", names=ctx.joined(view.to_peek))
    seat = view.to_act
    if view.step == "drawn":
        return ctx.say("lama.ui.status_drawn", seat=seat)
    if view.step == "taken" and view.taken is not None:
        key = "lama.ui.status_taken_special" if view.taken in SPECIALS else "lama.ui.status_taken"
        return ctx.say(key, seat=seat, card=card(ctx, view.taken))
    if view.discard_top is None:
        return ctx.say("lama.ui.status_choose_draw", seat=seat)
    return ctx.say("lama.ui.status_choose", seat=seat, card=card(ctx, view.discard_top))


def piles(ctx: Ctx) -> str:
    view = ctx.view
    if view.discard_top is None:
        return ctx.say("lama.ui.piles_empty", draw=cards(ctx, view.draw_count))
    top = card(ctx, view.discard_top)
    discard, draw = cards(ctx, view.discard_count), cards(ctx, view.draw_count)
    return ctx.say("lama.ui.piles", top=top, discard=discard, draw=draw)


def seat_line(ctx: Ctx, seat: int) -> str:
    view = ctx.view
    up = sum(kind is not None for kind in view.layouts[seat])
    received = ""
    if view.received[seat]:
        names, total = specials(ctx, view.received[seat])
        received = ctx.say("lama.ui.seat_received", cards=names, sum=total)
    if view.variant == "lamas":
        tally = ctx.say("lama.ui.tally_lamas", lamas=view.lamas[seat], target=view.target)
    else:
        tally = ctx.say("lama.ui.tally_points", count=view.totals[seat])
    dealer = ctx.say("lama.ui.seat_dealer") if seat == view.dealer and view.step != "over" else ""
    return ctx.say(
        "lama.ui.seat_line",
        letter=ctx.letter(seat),
        seat=seat,
        up=up,
        received=received,
        tally=tally,
        dealer=dealer,
    )
