"""Channel notices: one line per placement, a round's results (every task revealed,
the joker values each player chose, the board, the standings) and the final results;
and what the table waits for (`turn_step`). Built from the public view and the
change's public events only: no task is named before its round's end."""

from __future__ import annotations

from bot.discord.adapters.base import Happened
from bot.discord.adapters.lupun.words import Ctx, task_text, tile, tiles
from bot.discord.adapters.pictures import picture
from bot.discord.ui import Picture, Screen
from games.engine import Event, Result
from games.lupun.cards import task
from games.lupun.pictures import render_board

ROUND_END = "lupun.round_scored"
# Told by the round's results or the final results, not line by line; "kept" is
# shown by the table (whom the keep step still waits for).
QUIET = frozenset(
    {
        "lupun.kept",
        "lupun.seat_scored",
        "lupun.round_scored",
        "lupun.won_win_card",
        "lupun.won_tiles",
        "lupun.won_points",
        "lupun.won_limit",
    }
)
# What follows a round's end in the same change (the next round's draws): told by the
# round's results, after the revealed tasks, rather than before them.
AFTER_RESULTS = frozenset(
    {
        "lupun.drew_joker",
        "lupun.drew_win_card",
        "lupun.second_win_card",
        "lupun.reshuffled",
    }
)
SUMMED_UP = frozenset({"lupun.round_begins", "lupun.turning_begins", "lupun.placing_begins"})
_TILE_PARAMS = ("tile",)


def turn_step(ctx: Ctx) -> str | None:
    stage = ctx.view.stage
    return None if stage == "over" else ctx.say(f"lupun.ui.step.{stage}")


def event(ctx: Ctx, happened: Event) -> str:
    params = dict(happened.params)
    for key in _TILE_PARAMS:
        if isinstance(params.get(key), int):
            params[key] = tile(ctx, params[key])
    return ctx.say(happened.key, **params)


def announcement(ctx: Ctx, happened: Happened) -> Screen | None:
    skip = QUIET | AFTER_RESULTS | SUMMED_UP if ends_round(happened) else QUIET
    lines = [event(ctx, e) for e in happened.public if e.key not in skip]
    if not lines:
        return None
    return Screen(content="\n".join(lines))


def ends_round(happened: Happened) -> bool:
    return any(e.key == ROUND_END for e in happened.public)


def round_results(ctx: Ctx, happened: Happened | None = None) -> Screen:
    """A round's end (not the game's): every task, solved or not, the joker values,
    the standings, and what comes next (with the next round's draws)."""
    view = ctx.view
    lines = [*_report_lines(ctx), "", _standings(ctx)]
    if view.stage == "turn":
        lines.append(ctx.say("lupun.ui.turning_next"))
    elif view.stage in ("keep", "place"):
        lines.append(ctx.say("lupun.ui.next_round", round=view.round, seat=view.first))
    if happened is not None:
        lines += [event(ctx, e) for e in happened.public if e.key in AFTER_RESULTS]
    return Screen(
        embed_title=_round_title(ctx),
        embed_text="\n".join(lines),
        pictures=(_round_picture(ctx),),
        rows=((ctx.panel_button(),),),
    )


def final_results(ctx: Ctx, result: Result) -> Screen:
    """The winner, the reason and the final standings; when the game ended at a
    round's scoring (a win card, the last round), that round's results too."""
    view = ctx.view
    lines = [ctx.say("table.won", names=ctx.joined(result.winners), count=len(result.winners))]
    lines.append(_reason(ctx))
    lines.append(ctx.say("lupun.ui.final_title"))
    for rank, seat in enumerate(result.ranking(), start=1):
        score = ctx.say("lupun.ui.points", count=result.scores[seat])
        if view.goal == "tiles":
            score += ctx.say("lupun.ui.seat_turned", tiles=tiles(ctx, view.turned[seat]))
        lines.append(ctx.say("lupun.ui.final_line", rank=rank, seat=seat, score=score))
    ended_at_scoring = view.reason in ("win_card", "points")
    if view.last_round is None or not ended_at_scoring:
        return Screen(content="\n".join(lines), mentions=ctx.user_ids)
    return Screen(
        content="\n".join(lines),
        embed_title=_round_title(ctx),
        embed_text="\n".join(_report_lines(ctx)),
        pictures=(_round_picture(ctx),),
        mentions=ctx.user_ids,
    )


def _reason(ctx: Ctx) -> str:
    reason = ctx.view.reason or "points"
    if reason == "points":
        return ctx.say("lupun.ui.reason.points", count=ctx.view.rounds)
    return ctx.say(f"lupun.ui.reason.{reason}")


def _round_title(ctx: Ctx) -> str:
    report = ctx.view.last_round
    assert report is not None
    return ctx.say("lupun.ui.round_title", round=report.round)


def _report_lines(ctx: Ctx) -> list[str]:
    report = ctx.view.last_round
    assert report is not None
    lines = []
    for seat, result in enumerate(report.seats):
        jokers = ""
        if result.jokers:
            values = ", ".join(f"{space} = {value}" for space, value in result.jokers.items())
            jokers = ctx.say("lupun.ui.result_jokers", values=values)
        if result.win_card:
            jokers += ctx.say("lupun.ui.result_win_card")
        lines.append(
            ctx.say(
                "lupun.ui.result_head",
                letter=ctx.letter(seat),
                seat=seat,
                count=result.points,
                jokers=jokers,
            )
        )
        for card in result.tasks:
            key = "lupun.ui.task_solved" if card in result.solved else "lupun.ui.task_failed"
            points = ctx.say("lupun.ui.points", count=task(card).points)
            lines.append(ctx.say(key, text=task_text(ctx, card), points=points))
    return lines


def _standings(ctx: Ctx) -> str:
    view = ctx.view
    order = sorted(range(view.seats), key=lambda s: -view.totals[s])
    totals = ", ".join(f"{ctx.name(s)} {view.totals[s]}" for s in order)
    line = ctx.say("lupun.ui.standings", standings=totals)
    if view.goal == "tiles":
        turned = ", ".join(f"{ctx.name(s)} {len(view.turned[s])}/10" for s in range(view.seats))
        line += "\n" + ctx.say("lupun.ui.standings_tiles", standings=turned)
    return line


def _round_picture(ctx: Ctx) -> Picture:
    report = ctx.view.last_round
    assert report is not None
    drawn = render_board(ctx.view, ctx.say, ctx.names, ctx.letters, report=report)
    return picture(f"lupun-round-{report.round}.png", drawn)
