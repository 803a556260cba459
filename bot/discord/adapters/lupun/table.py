"""The public table message, built from the public view only: the board picture,
whose turn it is, every player's tiles (and turned tiles in the long game)."""

from __future__ import annotations

from bot.discord.adapters.lupun.words import Ctx, tiles
from bot.discord.adapters.pictures import picture
from bot.discord.ui import Screen
from games.lupun.pictures import render_board


def table_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    lines = [goal(ctx)]
    if view.variant == "jokers":
        lines.append(ctx.say("lupun.ui.jokers"))
    lines.append(status(ctx))
    when = ctx.countdown()
    if when and view.stage != "over":
        lines.append(ctx.say("lupun.ui.deadline", when=when))
    lines += [seat_line(ctx, seat) for seat in range(view.seats)]
    lines.append(ctx.say("lupun.ui.stack", count=view.stack_count))
    drawn = render_board(view, ctx.say, ctx.names, ctx.letters)
    return Screen(
        embed_title=title(ctx),
        embed_text="\n".join(lines),
        pictures=(picture(f"lupun-board-{view.round}.png", drawn),),
        rows=((ctx.panel_button(),),),  # at the end: each player's last tasks
    )


def title(ctx: Ctx) -> str:
    view = ctx.view
    if view.goal == "rounds":
        return ctx.say("lupun.ui.title_of", round=view.round, rounds=view.rounds)
    return ctx.say("lupun.ui.title", round=view.round)


def goal(ctx: Ctx) -> str:
    if ctx.view.goal == "tiles":
        return ctx.say("lupun.ui.goal_tiles")
    return ctx.say("lupun.ui.goal_rounds", count=ctx.view.rounds)


def status(ctx: Ctx) -> str:
    view = ctx.view
    match view.stage:
        case "keep":
            return ctx.say("lupun.ui.status_keep", names=ctx.joined(view.to_keep))
        case "place":
            taken = sum(v is not None for v in view.board)
            return ctx.say("lupun.ui.status_place", seat=view.to_act, taken=taken)
        case "turn":
            return ctx.say("lupun.ui.status_turn", names=ctx.joined(view.to_turn))
        case "handicap":
            return ctx.say("lupun.ui.status_handicap", names=ctx.joined(view.to_turn))
    return ctx.say("lupun.ui.status_over")


def seat_line(ctx: Ctx, seat: int) -> str:
    view = ctx.view
    extras = ""
    if view.jokers[seat]:
        extras += ctx.say("lupun.ui.seat_jokers", count=view.jokers[seat])
    if view.win_card[seat]:
        extras += ctx.say("lupun.ui.seat_win_card")
    if view.goal == "tiles":
        extras += ctx.say("lupun.ui.seat_turned", tiles=tiles(ctx, view.turned[seat]))
    return ctx.say(
        "lupun.ui.seat_line",
        letter=ctx.letter(seat),
        seat=seat,
        tiles=tiles(ctx, view.tiles[seat]),
        extras=extras,
        total=ctx.say("lupun.ui.points", count=view.totals[seat]),
    )
