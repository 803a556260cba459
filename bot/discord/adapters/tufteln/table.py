"""The public side: the table message, announcements and the final results.

Built only from the public view: no sheet appears here before the game is over.
With many players the table counts instead of listing names, and a deadline's
default placements for hundreds of players make one line.
"""

from __future__ import annotations

from bot.discord.adapters.tufteln.common import NAMES_UP_TO, names, public_view, ranks, state_of, when
from bot.discord.adapters.tufteln.render import dice_picture, scoreboard_picture
from bot.core.service import Change, LiveGame
from bot.discord.ui import Button, Picture, Screen
from bot.discord.wording import say
from games.engine import Event
from games.tufteln.models import TuftelnView

RANKED_UP_TO = 10  # result lines before "and N more"


def table(live: LiveGame, locale: str, button: Button) -> Screen:
    view = public_view(live)
    pictures: tuple[Picture, ...] = ()
    if view.over:
        title = say(live, "tufteln.ui.title_end", locale)
        lines = [winners_line(live, view, locale), say(live, "tufteln.ui.end_line", locale)]
        board = scoreboard_picture(live.id, live.row.version, view, names(live))
        pictures = (board,)
    elif not view.rolls:
        title = say(live, "tufteln.ui.title_waiting", locale)
        lines = [say(live, "tufteln.ui.first_roll_now", locale)]
    else:
        number = len(view.rolls)
        first, second = view.rolls[-1]
        title = say(live, "tufteln.ui.title_roll", locale, roll=number)
        lines = [
            say(live, "tufteln.ui.dice", locale, first=first, second=second),
            *progress_lines(live, view, locale),
            timing_line(live, view, locale),
            say(live, "tufteln.ui.how", locale),
        ]
        pictures = (dice_picture(view, number),)
    lines.append(settings_line(live, view, locale))
    return Screen(
        embed_title=title,
        embed_text="\n".join(line for line in lines if line),
        pictures=pictures,
        rows=((button,),),
    )


def progress_lines(live: LiveGame, view: TuftelnView, locale: str) -> list[str]:
    """Who has placed the latest roll: names for a small table, counts for a big one."""
    number = len(view.rolls)
    seats = range(len(view.placed))
    done = [s for s in seats if view.placed[s] >= number]
    missing = [s for s in seats if view.placed[s] < number]
    if not missing:
        return [say(live, "tufteln.ui.everyone_placed", locale, roll=number)]
    if len(view.placed) <= NAMES_UP_TO:
        placed = ", ".join(live.players[s].display_name for s in done)
        waiting = ", ".join(_behind(live, s, view.behind[s], locale) for s in missing)
        return [
            say(live, "tufteln.ui.placed_names", locale, names=placed)
            if done
            else say(
                live,
                "tufteln.ui.placed_names",
                locale,
                names=say(live, "tufteln.ui.nobody", locale),
            ),
            say(live, "tufteln.ui.to_place_names", locale, names=waiting),
        ]
    far = sum(1 for s in missing if view.behind[s] > 1)
    counted = say(
        live,
        "tufteln.ui.placed_count",
        locale,
        placed=len(done),
        total=len(view.placed),
        roll=number,
    )
    if far:
        rest = say(live, "tufteln.ui.far_behind_count", locale, count=len(missing), far=far)
    else:
        rest = say(live, "tufteln.ui.to_place_count", locale, count=len(missing))
    return [counted, rest]


def _behind(live: LiveGame, seat: int, count: int, locale: str) -> str:
    name = live.players[seat].display_name
    return say(live, "tufteln.ui.open_count", locale, name=name, count=count) if count > 1 else name


def timing_line(live: LiveGame, view: TuftelnView, locale: str) -> str:
    at = live.deadline_at
    if view.phase == "final" and at is not None:
        return say(live, "tufteln.ui.final_deadline", locale, when=when(at))
    if view.schedule:
        return say(live, "tufteln.ui.next_roll", locale, when=when(at)) if at is not None else ""
    if at is not None:
        return say(live, "tufteln.ui.live_limit", locale, when=when(at))
    return say(live, "tufteln.ui.live_no_limit", locale)


def settings_line(live: LiveGame, view: TuftelnView, locale: str) -> str:
    if view.schedule:
        return say(
            live,
            "tufteln.ui.settings_scheduled",
            locale,
            variant=view.variant,
            schedule=view.schedule,
        )
    return say(live, "tufteln.ui.settings_live", locale, variant=view.variant)


def winners_line(live: LiveGame, view: TuftelnView, locale: str) -> str:
    if not view.sheets:
        return ""
    best = max(sheet.total for sheet in view.sheets)
    if len(view.winners) > 3:
        return say(live, "tufteln.ui.winners_count", locale, count=len(view.winners), total=best)
    who = ", ".join(live.players[s].display_name for s in view.winners)
    key = "tufteln.ui.winner" if len(view.winners) == 1 else "tufteln.ui.winners"
    return say(live, key, locale, names=who, total=best)


# -- announcements --------------------------------------------------------------------------


def announcement(live: LiveGame, change: Change, locale: str) -> Screen | None:
    """One message for a change: the new roll, and one line for every default placement."""
    events = [e for e in change.events if e.to is None]
    lines = []
    defaults = [e for e in events if e.key == "tufteln.auto_placed"]
    if defaults:
        lines.append(_defaults_line(live, events, defaults, locale))
    for event in events:
        if event.key == "tufteln.rolled":
            lines.append(say(live, "tufteln.ui.rolled", locale, **event.params))
        elif event.key == "tufteln.last_roll" and live.deadline_at is not None:
            lines.append(say(live, "tufteln.ui.last_roll", locale, when=when(live.deadline_at)))
        elif event.key == "tufteln.over":
            lines.append(say(live, "tufteln.ui.over", locale))
    return Screen(content="\n".join(lines)) if lines else None


def _defaults_line(live: LiveGame, events: list[Event], defaults: list[Event], locale: str) -> str:
    counts = [(int(e.params["seat"]), int(e.params["count"])) for e in defaults]
    if len(counts) > NAMES_UP_TO:
        who = say(live, "tufteln.ui.players_count", locale, count=len(counts))
    elif all(count == 1 for _, count in counts):
        who = ", ".join(live.players[seat].display_name for seat, _ in counts)
    else:
        who = ", ".join(
            say(
                live,
                "tufteln.ui.rolls_one" if count == 1 else "tufteln.ui.rolls_many",
                locale,
                name=live.players[seat].display_name,
                count=count,
            )
            for seat, count in counts
        )
    if state_of(live).schedule:  # only the final deadline places by default
        return say(live, "tufteln.ui.timeout_final", locale, names=who)
    rolled = [e for e in events if e.key == "tufteln.rolled"]
    roll = int(rolled[0].params["roll"]) - 1 if rolled else len(state_of(live).rolls)
    return say(live, "tufteln.ui.timeout_live", locale, roll=roll, names=who)


# -- the end -------------------------------------------------------------------------------


def results(live: LiveGame, locale: str) -> Screen:
    """The final message: winners, the top of the ranking, the scoreboard picture."""
    view = public_view(live)
    sheets = sorted(view.sheets or [], key=lambda s: (-s.total, s.seat))
    lines = [say(live, "tufteln.ui.results_title", locale), winners_line(live, view, locale)]
    shown = sheets[:RANKED_UP_TO]
    for sheet, rank in zip(shown, ranks([s.total for s in shown]), strict=True):
        name = live.players[sheet.seat].display_name
        lines.append(say(live, "tufteln.ui.rank", locale, rank=rank, name=name, total=sheet.total))
    if len(sheets) > RANKED_UP_TO:
        lines.append(say(live, "tufteln.ui.more", locale, count=len(sheets) - RANKED_UP_TO))
    if len(sheets) == 1 and sheets[0].rating:
        solo = sheets[0]
        lines.append(say(live, f"tufteln.rating.{solo.rating}", locale, seat=0, total=solo.total))
    lines.append(say(live, "tufteln.ui.results_sheet", locale))
    board = scoreboard_picture(live.id, live.row.version, view, names(live))
    return Screen(content="\n".join(lines), pictures=(board,))
