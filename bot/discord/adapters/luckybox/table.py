"""The public side: the table message, the turn notices' step, announcements and the
final results. Built from the public view only: nobody's crossing in a reveal shows
before the reveal resolves, only that they have acted (✅).

The table reads from the top: the round, what everyone is to do now (with the "My
cards" button beside it), one line per player with their mark (done, still acting)
and counts, what the marks mean in small print, then the picture of their cards."""

from __future__ import annotations

from bot.discord.adapters.base import Happened
from bot.discord.adapters.luckybox.words import Ctx, table_picture
from bot.discord.adapters.shapes import player_line, ranking, small, status, text
from bot.discord.ui import Screen
from games.engine import Result

TIMEOUTS = ("luckybox.timeout_reveal", "luckybox.timeout_keep", "luckybox.timeout_take")
TOLD = ("luckybox.round_begins", "luckybox.completed", "luckybox.stars", "luckybox.round_over")


def table_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    when = ctx.countdown()
    deadline = ctx.say("luckybox.ui.deadline", when=when) if when and view.stage != "over" else ""
    revealed = ""
    if view.stage == "reveal" and len(view.revealed) > 1:
        numbers = ", ".join(str(n) for n in view.revealed[:-1])
        revealed = small(ctx.say("luckybox.ui.revealed", numbers=numbers))
    seats = [seat_line(ctx, seat) for seat in range(view.seats)]
    return Screen(
        embed_title=ctx.say("luckybox.ui.title", round=view.round, rounds=view.rounds),
        blocks=(
            status(ctx, situation(ctx)),  # at the end: each player's last cards
            text(deadline, revealed, *seats, small(legend(ctx))),
        ),
        pictures=(table_picture(ctx),),
    )


def situation(ctx: Ctx) -> str:
    view = ctx.view
    if view.stage == "reveal":
        return ctx.say(
            "luckybox.ui.status_reveal",
            number=view.number,
            reveal=view.reveal,
            reveals=view.reveals,
        )
    if view.stage == "keep":
        return ctx.say("luckybox.ui.status_keep")
    if view.stage == "choose":
        return ctx.say("luckybox.ui.status_choose", round=view.round)
    return ctx.say("luckybox.ui.status_over", names=ctx.joined(view.winners or []))


TICKS = {  # a seat line's mark, and the legend's words for it
    "✅": "luckybox.ui.legend_done",
    "⬜": "luckybox.ui.legend_acting",
    "➖": "luckybox.ui.legend_passed",
}


def tick(ctx: Ctx, seat: int) -> str:
    """Where a seat stands in the step: done, still acting, nothing to do (a reveal it
    can use nowhere); at the end, a plain mark."""
    view = ctx.view
    if view.stage == "reveal" and view.auto_passed[seat]:
        return "➖"
    return "✅" if view.acted[seat] else "⬜" if view.stage != "over" else "▪️"


def legend(ctx: Ctx) -> str:
    """What the seat lines' marks mean: only the marks they show."""
    shown = {tick(ctx, seat) for seat in range(ctx.view.seats)}
    parts = [ctx.say(key) for mark, key in TICKS.items() if mark in shown]
    return " · ".join([*parts, ctx.say("luckybox.ui.legend_counts")])


def seat_line(ctx: Ctx, seat: int) -> str:
    """'✅ A **Ana** · ⚡4 🌙0 ⭐1 🏁0 🃏3'."""
    view = ctx.view
    board = view.boards[seat]
    counts = ctx.say(
        "luckybox.ui.seat_counts",
        lightning=board.lightning,
        moons=board.moons,
        stars=board.stars[view.round - 1],
        completed=len(board.completed),
        cards=len(board.cards),
    )
    return player_line(ctx, seat, counts, mark=tick(ctx, seat) + " ")


def turn_step(ctx: Ctx) -> str | None:
    view = ctx.view
    if view.stage == "reveal":
        return ctx.say("luckybox.ui.step.reveal", number=view.number)
    if view.stage == "keep":
        return ctx.say("luckybox.ui.step.keep")
    if view.stage == "choose":
        return ctx.say("luckybox.ui.step.choose")
    return None


def announcement(ctx: Ctx, happened: Happened) -> Screen | None:
    public = happened.public
    lines = []
    timed = [int(e.params["seat"]) for e in public if e.key in TIMEOUTS]
    if timed:
        lines.append(ctx.say("luckybox.ui.timed_out", names=ctx.joined(timed), count=len(timed)))
    lines += [ctx.event(e) for e in public if e.key in TOLD]
    if not lines:
        return None
    begins = any(e.key == "luckybox.round_begins" for e in public)
    rows = ((ctx.panel_button(),),) if begins and ctx.view.stage != "over" else ()
    return Screen(content="\n".join(lines), rows=rows)


def results(ctx: Ctx, result: Result) -> Screen:
    """The end: the winners as the heading (and the tie-break when it decided), the
    ranking with each player's breakdown in small print under their line, a solo
    game's best, then the scoreboard picture with every player's cards."""
    view = ctx.view
    scores = view.scores or []
    lines = [small(ctx.say("luckybox.ui.tiebreak")) if view.tiebreak else ""]
    ranked = [
        (seat, scores[seat].total, ctx.say("luckybox.ui.final_points", count=scores[seat].total))
        for seat in result.ranking()
    ]
    for (seat, _, _), line in zip(ranked, ranking(ctx, ranked), strict=True):
        score = scores[seat]
        detail = ctx.say(
            "luckybox.ui.final_detail",
            cards=score.cards,
            stars=score.stars,
            moons=f"{score.moons:+d}",
            moon_count=score.moon_count,
            boxes=score.boxes,
            lightning=score.lightning,
        )
        lines += [line, small(detail)]
    if view.seats == 1:
        total = scores[0].total if scores else 0
        lines.append(ctx.say("luckybox.ui.solo", count=total))
        best = ctx.extra.get("solo_best")  # the player's best before, on this server
        if best is None:
            lines.append(ctx.say("luckybox.ui.solo_first"))
        elif total > best:
            lines.append(ctx.say("luckybox.ui.solo_new_best", best=best))
        else:
            lines.append(ctx.say("luckybox.ui.solo_best", count=best))
    return Screen(
        embed_title=ctx.say(
            "table.won", names=ctx.joined(result.winners), count=len(result.winners)
        ),
        embed_text=text(*lines),
        pictures=(table_picture(ctx, "luckybox-scores.png"),),
        mentions=ctx.user_ids,
    )
