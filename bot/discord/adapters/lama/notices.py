"""Channel notices: one line per finished turn, a round's results with its picture,
and the final results. Built from the public view and the change's public events."""

from __future__ import annotations

from bot.discord.adapters.lama.words import joined, names, picture, public_view
from bot.core.service import Change, LiveGame
from bot.discord.ui import Button, Picture, Screen
from bot.discord.wording import event_text, say
from games.engine import Result
from games.lama.pictures import render_results
from games.lama.views import LamaView

# Shown on the table while the turn goes on; the turn's outcome is announced instead.
QUIET = frozenset({"lama.drew", "lama.took", "lama.peeked"})
# Told by the round's results message (with the picture), not line by line.
ROUND_END = "lama.round_scored"
ROUND_DETAILS = frozenset({"lama.round_won", "lama.won_lamas", "lama.won_points", "lama.new_round"})


def new_turn(live: LiveGame, change: Change) -> bool:
    """A turn has just begun (not a step within a turn, not the look at two cards)."""
    if change.kind not in ("acted", "expired") or live.state is None:
        return False
    view = public_view(live)
    return view.step == "choose" and view.to_act is not None


def ends_round(change: Change) -> bool:
    return any(e.key == ROUND_END for e in change.events)


def announcement(live: LiveGame, change: Change, locale: str, panel: Button) -> Screen | None:
    lines = [
        event_text(live, event, locale)
        for event in change.events
        if event.to is None and event.key not in QUIET | ROUND_DETAILS
    ]
    if not lines:
        return None
    rows = ((panel,),) if new_turn(live, change) else ()
    return Screen(content="\n".join(lines), rows=rows)


def round_results(live: LiveGame, change: Change, locale: str, panel: Button) -> Screen:
    """After a round (not the last): its layouts and scores, the standings, and a call
    to look at two cards of the new round."""
    view = public_view(live)
    lines = _round_lines(live, view, locale)
    lines += [event_text(live, e, locale) for e in change.events if e.key == "lama.new_round"]
    mentions = tuple(p.user_id for p in live.players)
    lines.append(say(live, "lama.ui.look", locale, mentions=" ".join(f"<@{m}>" for m in mentions)))
    return Screen(
        content="\n".join(lines),
        pictures=(_round_picture(live, view),),
        rows=((panel,),),
        mentions=mentions,
    )


def final_results(live: LiveGame, locale: str) -> Screen:
    """The game's end: the winner, the final ranking and the last round's picture."""
    result: Result | None = live.game.result(live.state) if live.state is not None else None
    if result is None:
        return Screen(content=say(live, "table.aborted", locale))
    view = public_view(live)
    rule = "lama.ui.rule_points" if result.lower_is_better else "lama.ui.rule_lamas"
    unit = "lama.ui.score_points" if result.lower_is_better else "lama.ui.score_lamas"
    lines = [
        say(live, "table.winners", locale, names=joined(live, list(result.winners))),
        say(live, "lama.ui.final_title", locale, rule=say(live, rule, locale)),
    ]
    for rank, seat in enumerate(result.ranking(), start=1):
        score = say(live, unit, locale, count=result.scores[seat])
        lines.append(say(live, "lama.ui.final_line", locale, rank=rank, seat=seat, score=score))
    pictures: tuple[Picture, ...] = ()
    if view.last_round is not None:
        lines += ["", *_round_lines(live, view, locale, standings=False)]
        pictures = (_round_picture(live, view),)
    return Screen(
        content="\n".join(lines),
        pictures=pictures,
        mentions=tuple(p.user_id for p in live.players),
    )


def _round_lines(
    live: LiveGame, view: LamaView, locale: str, *, standings: bool = True
) -> list[str]:
    report = view.last_round
    assert report is not None
    scores = ", ".join(
        f"{live.players[seat].display_name} {result.total}"
        for seat, result in enumerate(report.seats)
    )
    low = "lama.ui.round_lama" if view.variant == "lamas" else "lama.ui.round_low"
    lines = [
        say(live, "lama.ui.round_title", locale, round=report.round),
        say(live, "lama.ui.round_scores", locale, scores=scores),
        say(live, low, locale, names=joined(live, report.winners)),
    ]
    if not standings:
        return lines
    if view.variant == "lamas":
        tally = ", ".join(f"{p.display_name} {view.lamas[p.seat]}" for p in live.players)
        key, extra = "lama.ui.standing_lamas", {"target": view.target}
    else:
        tally = ", ".join(f"{p.display_name} {view.totals[p.seat]}" for p in live.players)
        key, extra = "lama.ui.standing_points", {"round": report.round}
    return [*lines, say(live, key, locale, standings=tally, **extra)]


def _round_picture(live: LiveGame, view: LamaView) -> Picture:
    assert view.last_round is not None
    return picture(f"lama-round-{view.last_round.round}.png", render_results(view, names(live)))
