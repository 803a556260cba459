"""The public table message, built from the public view only. It reads from the top:
the round and the goal, whose turn it is (with the "My tasks" button beside it), one
line per player (tiles left, jokers, win card, points), then the board picture."""

from __future__ import annotations

from bot.discord.adapters.lupun.words import Ctx, runs, tiles
from bot.discord.adapters.pictures import picture
from bot.discord.adapters.shapes import TURN, player_line, small, status, text
from bot.discord.ui import Screen
from games.lupun.pictures import render_board


def table_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    when = ctx.countdown()
    deadline = ctx.say("lupun.ui.deadline", when=when) if when and view.stage != "over" else ""
    rules = [goal(ctx), ctx.say("lupun.ui.jokers") if view.variant == "jokers" else ""]
    seats = [seat_line(ctx, seat) for seat in range(view.seats)]
    drawn = render_board(view, ctx.say, ctx.names, ctx.letters)
    return Screen(
        embed_title=title(ctx),
        embed_text=small(*rules),
        blocks=(
            status(ctx, situation(ctx)),  # at the end: each player's last tasks
            text(deadline, *seats, small(ctx.say("lupun.ui.stack", count=view.stack_count))),
        ),
        pictures=(picture(f"lupun-board-{view.round}.png", drawn),),
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


def situation(ctx: Ctx) -> str:
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


def waited_for(ctx: Ctx) -> set[int]:
    """The seats the table waits for now (marked on their lines)."""
    view = ctx.view
    match view.stage:
        case "keep":
            return set(view.to_keep)
        case "place":
            return {view.to_act} if view.to_act is not None else set()
        case "turn" | "handicap":
            return set(view.to_turn)
    return set()


def seat_line(ctx: Ctx, seat: int) -> str:
    """'▸ A **Ana** · tiles 0–4 7 · 1 joker tile · 14 points' (▸: waited for)."""
    view = ctx.view
    left = runs(view.tiles[seat])
    return player_line(
        ctx,
        seat,
        ctx.say("lupun.ui.seat_tiles", tiles=left) if left else ctx.say("lupun.ui.seat_no_tiles"),
        ctx.say("lupun.ui.seat_jokers", count=view.jokers[seat]) if view.jokers[seat] else "",
        ctx.say("lupun.ui.seat_win_card") if view.win_card[seat] else "",
        ctx.say("lupun.ui.seat_turned", tiles=tiles(ctx, view.turned[seat]))
        if view.goal == "tiles"
        else "",
        ctx.say("lupun.ui.points", count=view.totals[seat]),
        mark=TURN if seat in waited_for(ctx) else "",
    )
