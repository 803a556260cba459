"""The public side: the table message, turn notices, announcements, reminders and
the final results.

Built only from the public view: no sheet appears here before the game is over.
With many players the table counts instead of listing names, and a deadline's
default placements for hundreds of players make one line. Each roll is a chapter of
its own: the host posts the table anew for it, so the dice are always at the bottom
and a scheduled game never edits a message from hours ago.

The table reads from the top: the dice in words with the "My sheet" button beside
them, who has placed and who has not, when the roll ends, then the dice drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.discord.adapters.base import Happened
from bot.discord.adapters.context import Context
from bot.discord.adapters.shapes import ranking, small, status, text
from bot.discord.adapters.tufteln.common import NAMES_UP_TO
from bot.discord.adapters.tufteln.render import dice_picture, scoreboard_picture
from bot.discord.ui import Picture, Screen
from bot.i18n import t
from games.engine import Event
from games.tufteln.models import TuftelnView
from games.tufteln.pictures import SHOWN_SHEETS
from games.tufteln.schedule import describe

Ctx = Context[TuftelnView]

RANKED_UP_TO = 10  # result lines before "and N more"


def table(ctx: Ctx) -> Screen:
    view = ctx.view
    pictures: tuple[Picture, ...] = ()
    lines: list[str] = []
    if view.over:
        title = ctx.say("tufteln.ui.title_end")
        now = winners_line(ctx)
        lines.append(ctx.say("tufteln.ui.end_line"))
        pictures = (_standings(ctx),)
    elif not view.rolls:
        title = ctx.say("tufteln.ui.title_waiting")
        now = ctx.say("tufteln.ui.first_roll_now")
    else:
        number = len(view.rolls)
        first, second = view.rolls[-1]
        title = ctx.say("tufteln.ui.title_roll", roll=number)
        now = text(
            ctx.say("tufteln.ui.dice", first=first, second=second), ctx.say("tufteln.ui.how")
        )
        lines = [*progress_lines(ctx), timing_line(ctx)]
        pictures = (dice_picture(view, number, ctx.say),)
    return Screen(
        embed_title=title,
        blocks=(status(ctx, now), text(*lines, small(settings_line(ctx)))),
        pictures=pictures,
    )


def progress_lines(ctx: Ctx) -> list[str]:
    """Who has placed the latest roll: names for a small table, counts for a big one."""
    view = ctx.view
    number = len(view.rolls)
    seats = range(len(view.placed))
    done = [s for s in seats if view.placed[s] >= number]
    missing = [s for s in seats if view.placed[s] < number]
    if not missing:
        return [ctx.say("tufteln.ui.everyone_placed", roll=number)]
    if len(view.placed) <= NAMES_UP_TO:
        placed = ctx.joined(done) if done else ctx.say("tufteln.ui.nobody")
        waiting = ", ".join(_behind(ctx, s, view.behind[s]) for s in missing)
        return [
            ctx.say("tufteln.ui.placed_names", names=placed),
            ctx.say("tufteln.ui.to_place_names", names=waiting),
        ]
    far = sum(1 for s in missing if view.behind[s] > 1)
    counted = ctx.say(
        "tufteln.ui.placed_count",
        placed=len(done),
        total=len(view.placed),
        roll=number,
        count=len(done),
    )
    if far:
        rest = ctx.say("tufteln.ui.far_behind_count", count=len(missing), far=far)
    else:
        rest = ctx.say("tufteln.ui.to_place_count", count=len(missing))
    return [counted, rest]


def _behind(ctx: Ctx, seat: int, count: int) -> str:
    name = ctx.name(seat)
    return ctx.say("tufteln.ui.open_count", name=name, count=count) if count > 1 else name


def timing_line(ctx: Ctx) -> str:
    at, view = ctx.deadline_at, ctx.view
    if view.phase == "final" and at is not None:
        return ctx.say("tufteln.ui.final_deadline", when=ctx.when(at))
    if view.schedule:
        return ctx.say("tufteln.ui.next_roll", when=ctx.when(at)) if at is not None else ""
    if at is not None:
        return ctx.say("tufteln.ui.live_limit", when=ctx.when(at))
    return ctx.say("tufteln.ui.live_no_limit")


def settings_line(ctx: Ctx) -> str:
    view = ctx.view
    if view.schedule:
        schedule = describe(view.schedule, ctx.say)
        return ctx.say("tufteln.ui.settings_scheduled", variant=view.variant, schedule=schedule)
    return ctx.say("tufteln.ui.settings_live", variant=view.variant)


def winners_line(ctx: Ctx) -> str:
    view = ctx.view
    if not view.sheets:
        return ""
    points = ctx.say("tufteln.points", count=max(sheet.total for sheet in view.sheets))
    if len(view.winners) > 3:
        return ctx.say("tufteln.ui.winners_count", count=len(view.winners), points=points)
    return ctx.say(
        "tufteln.ui.winner", count=len(view.winners), names=ctx.joined(view.winners), points=points
    )


def turn_step(ctx: Ctx) -> str | None:
    """What a live table waits for: the roll on it ("place roll 3 (3 and 5)").
    A scheduled game waits for nobody: its dice roll on the schedule, and whoever is
    behind is reminded by DM rather than in the channel."""
    view = ctx.view
    if view.schedule or view.over or not view.rolls:
        return None
    first, second = view.rolls[-1]
    return ctx.say("tufteln.ui.turn_step", roll=len(view.rolls), first=first, second=second)


def chapter(ctx: Ctx) -> str:
    """One chapter per roll: the table is posted anew with each roll's dice. The end
    stays in the last roll's chapter: the results come as a message of their own."""
    return f"roll{len(ctx.view.rolls)}"


def lobby_lines(
    options: Mapping[str, Any], starts_at: float | None, locale: str | None
) -> list[str]:
    """A scheduled lobby says when it starts itself with the first roll."""
    schedule = str(options.get("schedule") or "")
    if not schedule or starts_at is None:
        return []
    at = Context.when(starts_at)

    def say(key: str, **params: Any) -> str:
        return t(key, locale, **params)

    return [say("tufteln.ui.lobby_first_roll", schedule=describe(schedule, say), when=at)]


# -- announcements --------------------------------------------------------------------------


def announcement(ctx: Ctx, happened: Happened) -> Screen | None:
    """One message for a change: the new roll, and one line for every default placement."""
    events = happened.public
    lines = []
    defaults = [e for e in events if e.key == "tufteln.auto_placed"]
    if defaults:
        lines.append(_defaults_line(ctx, events, defaults))
    for event in events:
        if event.key == "tufteln.rolled":
            lines.append(ctx.say("tufteln.ui.rolled", **event.params))
        elif event.key == "tufteln.last_roll" and ctx.deadline_at is not None:
            lines.append(ctx.say("tufteln.ui.last_roll", when=ctx.when(ctx.deadline_at)))
        elif event.key == "tufteln.over":
            lines.append(ctx.say("tufteln.ui.over"))
    return Screen(content="\n".join(lines)) if lines else None


def _defaults_line(ctx: Ctx, events: list[Event], defaults: list[Event]) -> str:
    counts = [(int(e.params["seat"]), int(e.params["count"])) for e in defaults]
    if len(counts) > NAMES_UP_TO:
        who = ctx.say("tufteln.ui.players_count", count=len(counts))
    elif all(count == 1 for _, count in counts):
        who = ", ".join(ctx.name(seat) for seat, _ in counts)
    else:
        who = ", ".join(
            ctx.say("tufteln.ui.rolls", name=ctx.name(seat), count=count) for seat, count in counts
        )
    if ctx.view.schedule:  # only the final deadline places by default
        return ctx.say("tufteln.ui.timeout_final", names=who)
    rolled = [e for e in events if e.key == "tufteln.rolled"]
    roll = int(rolled[0].params["roll"]) - 1 if rolled else len(ctx.view.rolls)
    return ctx.say("tufteln.ui.timeout_live", roll=roll, names=who)


def reminder(ctx: Ctx) -> Screen | None:
    """A DM for a player with open rolls: which roll (and its dice) waits for them and
    when time runs out, with the button to their sheet. In live play, shortly before
    the turn limit; in scheduled play, some hours into a roll."""
    view = ctx.view
    if ctx.seat is None or not view.open_rolls:
        return None
    oldest = view.open_rolls[0]
    first, second = oldest.dice
    dice = {"roll": oldest.roll, "first": first, "second": second}
    at = ctx.deadline_at
    if not view.schedule:
        if at is None:
            return None  # no turn limit: nothing runs out
        content = ctx.say(
            "tufteln.ui.reminder_live", channel=ctx.channel_id, when=ctx.countdown(), **dice
        )
    else:
        count = len(view.open_rolls)
        text = ctx.say("tufteln.ui.reminder", channel=ctx.channel_id, count=count, **dice)
        final = view.phase == "final"
        deadline = "tufteln.ui.reminder_final" if final else "tufteln.ui.reminder_next"
        tail = ctx.say(deadline, when=ctx.when(at)) if at is not None else ""
        content = f"{text}\n{tail}".strip()
    return Screen(blocks=(status(ctx, content),))


# -- the end -------------------------------------------------------------------------------


def rating_line(ctx: Ctx, seat: int, rating: str, total: int) -> str:
    """The solo rating: "Ana scored 38 points: strong." """
    name = ctx.say(f"tufteln.picture.rating.{rating}")
    return ctx.say("tufteln.ui.rating", seat=seat, count=total, rating=name)


def results(ctx: Ctx) -> Screen:
    """The final message: winners, the top of the ranking (a solo game: its rating),
    "My sheet" beside the words that say what it shows, then the scoreboard picture."""
    view = ctx.view
    sheets = sorted(view.sheets or [], key=lambda s: (-s.total, s.seat))
    shown = sheets[:RANKED_UP_TO]
    points = [(s.seat, s.total, ctx.say("tufteln.points", count=s.total)) for s in shown]
    lines = [winners_line(ctx), *ranking(ctx, points)]
    if len(sheets) > RANKED_UP_TO:
        lines.append(ctx.say("tufteln.ui.more", count=len(sheets) - RANKED_UP_TO))
    solo = sheets[0] if len(sheets) == 1 else None
    if solo is not None and solo.rating:
        lines.append(rating_line(ctx, solo.seat, solo.rating, solo.total))
    if len(sheets) > 1:
        best = ctx.say("tufteln.ui.results_best", count=min(len(sheets), SHOWN_SHEETS))
        lines.append(small(best))
    return Screen(
        embed_title=ctx.say("tufteln.ui.results_title"),
        embed_text=text(*lines),
        blocks=(status(ctx, ctx.say("tufteln.ui.results_sheet")),),
        pictures=(_standings(ctx),),
    )


def _standings(ctx: Ctx) -> Picture:
    return scoreboard_picture(ctx.game_id, ctx.version, ctx.view, ctx.names, ctx.letters, ctx.say)
