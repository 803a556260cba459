"""Channel notices: one line per placement, a round's results (every task revealed,
the joker values each player chose, the board, the standings) and the final results;
and what the table waits for (`turn_step`). Built from the public view and the
change's public events only: no task is named before its round's end."""

from __future__ import annotations

from bot.discord.adapters.base import Happened
from bot.discord.adapters.lupun.words import Ctx, task_text, tile, tiles
from bot.discord.adapters.pictures import picture
from bot.discord.adapters.shapes import facts, player_line, ranking, small, status, text
from bot.discord.ui import Block, Picture, Screen, Separator
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
    """A round's end (not the game's): every task, solved or not, and the joker values,
    player by player; the standings; what comes next (with the next round's draws and
    the "My tasks" button beside it), then the board."""
    view = ctx.view
    news = []
    if view.stage == "turn":
        news.append(ctx.say("lupun.ui.turning_next"))
    elif view.stage in ("keep", "place"):
        news.append(ctx.say("lupun.ui.next_round", round=view.round, seat=view.first))
    if happened is not None:
        news += [event(ctx, e) for e in happened.public if e.key in AFTER_RESULTS]
    blocks: list[Block] = [*_report(ctx), Separator(), _standings(ctx)]
    if news:
        blocks.append(status(ctx, text(*news)))
    return Screen(
        embed_title=_round_title(ctx),
        blocks=tuple(blocks),
        pictures=(_round_picture(ctx),),
        rows=() if news else ((ctx.panel_button(),),),
    )


def final_results(ctx: Ctx, result: Result) -> Screen:
    """The winner as the heading, the reason and the final standings; when the game
    ended at a round's scoring (a win card, the last round), that round's results and
    its board too."""
    view = ctx.view
    ranked = []
    for seat in result.ranking():
        score = ctx.say("lupun.ui.points", count=result.scores[seat])
        turned = ""
        if view.goal == "tiles":
            turned = ctx.say("lupun.ui.seat_turned", tiles=tiles(ctx, view.turned[seat]))
        ranked.append((seat, result.scores[seat], facts(score, turned)))
    lines = [small(_reason(ctx)), ctx.say("lupun.ui.final_title"), *ranking(ctx, ranked)]
    won = ctx.say("table.won", names=ctx.joined(result.winners), count=len(result.winners))
    ended_at_scoring = view.reason in ("win_card", "points")
    if view.last_round is None or not ended_at_scoring:
        return Screen(embed_title=won, embed_text=text(*lines), mentions=ctx.user_ids)
    return Screen(
        embed_title=won,
        embed_text=text(*lines),
        blocks=(Separator(), f"**{_round_title(ctx)}**", *_report(ctx)),
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


def _report(ctx: Ctx) -> list[Block]:
    """Each player's points in the round (and joker values, win card), with their tasks
    solved or not under it: one text per player."""
    report = ctx.view.last_round
    assert report is not None
    blocks: list[Block] = []
    for seat, result in enumerate(report.seats):
        jokers = ""
        if result.jokers:
            values = ", ".join(f"{space} = {value}" for space, value in result.jokers.items())
            jokers = ctx.say("lupun.ui.result_jokers", values=values)
        head = player_line(
            ctx,
            seat,
            ctx.say("lupun.ui.points", count=result.points),
            jokers,
            ctx.say("lupun.ui.result_win_card") if result.win_card else "",
        )
        lines = [head]
        for card in result.tasks:
            key = "lupun.ui.task_solved" if card in result.solved else "lupun.ui.task_failed"
            points = ctx.say("lupun.ui.points", count=task(card).points)
            lines.append(ctx.say(key, text=task_text(ctx, card), points=points))
        blocks.append(text(*lines))
    return blocks


def _standings(ctx: Ctx) -> str:
    """The totals so far as a ranking (and, in the long game, the tiles turned)."""
    view = ctx.view
    order = sorted(range(view.seats), key=lambda s: -view.totals[s])
    ranked = []
    for seat in order:
        turned = ""
        if view.goal == "tiles":
            turned = ctx.say("lupun.ui.turned_count", count=len(view.turned[seat]))
        points = ctx.say("lupun.ui.points", count=view.totals[seat])
        ranked.append((seat, view.totals[seat], facts(points, turned)))
    return text(ctx.say("lupun.ui.standings"), *ranking(ctx, ranked))


def _round_picture(ctx: Ctx) -> Picture:
    report = ctx.view.last_round
    assert report is not None
    drawn = render_board(ctx.view, ctx.say, ctx.names, ctx.letters, report=report)
    return picture(f"lupun-round-{report.round}.png", drawn)
