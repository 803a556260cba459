"""Channel notices: one line per finished turn, a round's results with its picture,
and the final results; what a turn waits for (`turn_step`), and the reminder near the
end of a long look at two cards. Built from the public view and the change's public
events (a reminder from the reader's own view)."""

from __future__ import annotations

from bot.discord.adapters.base import Happened
from bot.discord.adapters.lama.table import tally
from bot.discord.adapters.lama.words import Ctx, card, event
from bot.discord.adapters.pictures import picture
from bot.discord.adapters.shapes import player_line, ranking, small, status, text
from bot.discord.ui import Block, Picture, Screen, Separator
from games.engine import Event, Result
from games.lama.cards import SPECIALS
from games.lama.pictures import render_results

# Shown on the table while the turn goes on; the turn's outcome is announced instead.
QUIET = frozenset({"lama.drew", "lama.took", "lama.peeked"})
# Told by the round's results message (with the picture), not line by line.
ROUND_END = "lama.round_scored"
ROUND_DETAILS = frozenset({"lama.round_won", "lama.won_lamas", "lama.won_points", "lama.new_round"})
# Said once for everyone it concerns, not once per player.
LOOKED_FOR = "lama.timeout_peek"


def new_turn(ctx: Ctx, happened: Happened) -> bool:
    """A turn has just begun (not a step within a turn, not the look at two cards)."""
    if happened.kind not in ("acted", "expired"):
        return False
    return ctx.view.step == "choose" and ctx.view.to_act is not None


def turn_step(ctx: Ctx) -> str | None:
    """What the table waits for, as a phrase for the host's notice ("@Ana: your turn:
    draw a card or take the 5 from the discard pile"). A drawn card is not named: the
    table may not know whether it is a special card."""
    view = ctx.view
    if view.step == "over":
        return None
    if view.step == "peek":
        return ctx.say("lama.ui.step.peek")
    if view.step == "drawn":
        return ctx.say("lama.ui.step.drawn")
    if view.step == "taken":
        taken = view.taken or ""
        key = "lama.ui.step.taken_special" if taken in SPECIALS else "lama.ui.step.taken"
        return ctx.say(key, card=card(ctx, taken))
    final = "final" if view.final_turns else "choose"
    if view.discard_top is None:
        return ctx.say(f"lama.ui.step.{final}_draw")
    return ctx.say(f"lama.ui.step.{final}", card=card(ctx, view.discard_top))


def reminder(ctx: Ctx) -> Screen | None:
    """A DM to a player who has yet to look at two cards, near the end of a long look
    (see the engine's `remind`), with the button to their cards."""
    view = ctx.view
    if view.step != "peek" or ctx.seat not in view.to_peek:
        return None
    at = ctx.deadline_at
    if at is None:
        return None  # only a timed look reminds
    said = ctx.say("lama.ui.reminder_peek", channel=ctx.channel_id, when=ctx.when(at))
    return Screen(blocks=(status(ctx, said),))


def ends_round(happened: Happened) -> bool:
    return any(e.key == ROUND_END for e in happened.public)


def announcement(ctx: Ctx, happened: Happened) -> Screen | None:
    public = happened.public
    lines = []
    looked_for = [int(e.params["seat"]) for e in public if e.key == LOOKED_FOR]
    if looked_for:  # "Time ran out: Ana and Ben are shown ..."
        names = ctx.joined(looked_for)
        lines.append(ctx.say("lama.ui.timeout_peek", names=names, count=len(looked_for)))
    skip = QUIET | ROUND_DETAILS | {LOOKED_FOR}
    lines += [
        round_over(ctx, e, public) if e.key == ROUND_END else event(ctx, e)
        for e in public
        if e.key not in skip
    ]
    if not lines:
        return None
    rows = ((ctx.panel_button(),),) if new_turn(ctx, happened) else ()
    return Screen(content="\n".join(lines), rows=rows)


def round_over(ctx: Ctx, scored: Event, public: list[Event]) -> str:
    """The round's end, naming whose score was lowest ("Round 2 is over: Ana has the
    lowest score, -14."): the engine's own sentence gives the score alone."""
    low = [int(e.params["seat"]) for e in public if e.key == "lama.round_won"]
    return ctx.say(
        "lama.ui.round_over",
        round=scored.params["round"],
        low=scored.params["low"],
        names=ctx.joined(low),
        count=len(low),
    )


def round_results(ctx: Ctx, happened: Happened) -> Screen:
    """After a round (not the last): a card of each player's score in it and so far,
    who deals the new round (with the "My cards" button beside it: the look at two
    cards comes next), then the picture of the round's layouts. Nobody is pinged: the
    host's notice lists whom the look at two cards waits for."""
    report = ctx.view.last_round
    assert report is not None
    news = text(*(event(ctx, e) for e in happened.public if e.key == "lama.new_round"))
    blocks: list[Block] = [_round_text(ctx, standings=True)]
    if news:
        blocks.append(status(ctx, news))
    return Screen(
        embed_title=ctx.say("lama.ui.round_title", round=report.round),
        blocks=tuple(blocks),
        pictures=(_round_picture(ctx),),
        rows=() if news else ((ctx.panel_button(),),),
    )


def final_results(ctx: Ctx, result: Result) -> Screen:
    """The game's end: the winner as the heading, the final ranking, then the last
    round's scores and its picture."""
    rule = "lama.ui.rule_points" if result.lower_is_better else "lama.ui.rule_lamas"
    unit = "lama.ui.score_points" if result.lower_is_better else "lama.ui.score_lamas"
    ranked = [
        (seat, result.scores[seat], ctx.say(unit, count=result.scores[seat]))
        for seat in result.ranking()
    ]
    lines = [ctx.say("lama.ui.final_title", rule=ctx.say(rule)), *ranking(ctx, ranked)]
    blocks: tuple[Block, ...] = ()
    pictures: tuple[Picture, ...] = ()
    report = ctx.view.last_round
    if report is not None:
        heading = ctx.say("lama.ui.round_title", round=report.round)
        blocks = (Separator(), text(f"**{heading}**", _round_text(ctx, standings=False)))
        pictures = (_round_picture(ctx),)
    return Screen(
        embed_title=ctx.say(
            "table.won", names=ctx.joined(result.winners), count=len(result.winners)
        ),
        embed_text=text(*lines),
        blocks=blocks,
        pictures=pictures,
        mentions=ctx.user_ids,
    )


def _round_text(ctx: Ctx, *, standings: bool) -> str:
    """One line per player: their score this round and (`standings`) so far; who had
    the lowest, who ended the round, and what the picture's marks mean."""
    view = ctx.view
    report = view.last_round
    assert report is not None
    lines = []
    for seat, scored in enumerate(report.seats):
        this_round = ctx.say("lama.ui.round_score", count=scored.total)
        so_far = ""
        if standings and view.variant == "lamas":
            so_far = tally(ctx, seat)
        elif standings:
            so_far = ctx.say("lama.ui.total_points", count=view.totals[seat])
        lines.append(player_line(ctx, seat, this_round, so_far))
    low = "lama.ui.round_lama" if view.variant == "lamas" else "lama.ui.round_low"
    lines += [
        ctx.say(low, names=ctx.joined(report.winners)),
        ctx.say("lama.ui.round_ender", seat=report.ender),
    ]
    if standings and view.variant == "lamas":
        lines.append(small(ctx.say("lama.ui.goal_lamas", count=view.target)))
    elif standings:
        lines.append(small(ctx.say("lama.ui.rounds_left", round=report.round)))
    return text(*lines, small(*legend(ctx)))


def legend(ctx: Ctx) -> list[str]:
    """What the marks on the round's picture mean: only the marks it shows (a framed
    three of a kind, a joker's value)."""
    report = ctx.view.last_round
    assert report is not None
    layouts = [result.layout for result in report.seats]
    lines = []
    if any(layout.lines for layout in layouts):
        lines.append(ctx.say("lama.ui.legend_line"))
    jokers = sorted({value for layout in layouts for value in layout.jokers.values()})
    lines += [ctx.say("lama.ui.legend_joker", value=value) for value in jokers]
    return lines


def _round_picture(ctx: Ctx) -> Picture:
    report = ctx.view.last_round
    assert report is not None
    drawn = render_results(ctx.view, ctx.say, ctx.names, ctx.letters)
    return picture(f"lama-round-{report.round}.png", drawn)
