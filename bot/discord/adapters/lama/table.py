"""The public table message: built from the public view only.

On a phone it reads from the top: the round and the goal, whose turn it is (with the
"My cards" button beside it), the piles, one line per player, then the picture of
everyone's cards."""

from __future__ import annotations

from bot.discord.adapters.lama.words import Ctx, card, cards, specials
from bot.discord.adapters.pictures import picture
from bot.discord.adapters.shapes import TURN, player_line, small, status, text
from bot.discord.ui import Screen
from games.lama.cards import SPECIALS
from games.lama.pictures import render_table


def table_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    when = ctx.countdown()
    final = ""
    if view.final_turns and view.ender is not None:
        final = ctx.say("lama.ui.status_final", seat=view.ender)
    deadline = ctx.say("lama.ui.deadline", when=when) if when and view.step != "over" else ""
    seats = [seat_line(ctx, seat) for seat in range(view.seats)]
    return Screen(
        embed_title=ctx.say("lama.ui.title", round=view.round),
        embed_text=small(goal(ctx)),
        blocks=(
            status(ctx, text(situation(ctx), final)),  # at the end: each player's last cards
            text(deadline, piles(ctx), *seats),
        ),
        pictures=(picture("lama-table.png", render_table(view, ctx.say, ctx.names, ctx.letters)),),
    )


def goal(ctx: Ctx) -> str:
    if ctx.view.variant == "lamas":
        return ctx.say("lama.ui.goal_lamas", count=ctx.view.target)
    return ctx.say("lama.ui.goal_points")


def situation(ctx: Ctx) -> str:
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


def tally(ctx: Ctx, seat: int) -> str:
    """A player's score so far: Lamas won, or points."""
    view = ctx.view
    if view.variant == "lamas":
        return ctx.say("lama.ui.tally_lamas", lamas=view.lamas[seat], target=view.target)
    return ctx.say("lama.ui.tally_points", count=view.totals[seat])


def seat_line(ctx: Ctx, seat: int) -> str:
    """'▸ A **Ana** · 3 of 9 face up · 1 of 3 Lamas · deals' (▸: whose turn it is)."""
    view = ctx.view
    up = sum(kind is not None for kind in view.layouts[seat])
    received = ""
    if view.received[seat]:
        names, total = specials(ctx, view.received[seat])
        received = ctx.say("lama.ui.seat_received", cards=names, sum=total)
    dealer = ctx.say("lama.ui.seat_dealer") if seat == view.dealer and view.step != "over" else ""
    waited = view.step in ("peek",) and seat in view.to_peek
    turn = view.step not in ("peek", "over") and seat == view.to_act
    return player_line(
        ctx,
        seat,
        ctx.say("lama.ui.seat_up", up=up),
        received,
        tally(ctx, seat),
        dealer,
        mark=TURN if turn or waited else "",
    )
