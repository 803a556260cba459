"""A player's private panel, from that player's own view, with their legal choices.

The same screen is the DM prompt the bot sends at night and at the deal, and the
ephemeral panel behind the table's button. Controls carry the phase key, so a prompt
left over from an earlier step is refused as stale.

A card: the game and the player as its heading, what they hold and know, then the
step's question; a choice of a player or of one's own house has its button beside
that player's or house's line, Done beside the question; a house (a select) or the
ballot's ways (buttons) come last.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.discord.adapters.lupusburg.table import score_detail
from bot.discord.adapters.lupusburg.words import UI, Ctx, code, house_option, role
from bot.discord.adapters.shapes import beside, player_line, text
from bot.discord.ui import Block, Button, Option, Row, Screen, Select
from games.lupusburg.actions import (
    Assign,
    Call,
    CastBallot,
    Claw,
    Done,
    Draw,
    Pass,
    Peek,
    PlaceBet,
    Show,
    Vote,
)
from games.lupusburg.model import NIGHT_PHASES, Sight
from games.lupusburg.rules import house_number

Lines = list[str]
# The question's lines, its choices beside what they choose (sections), its rows.
Ask = tuple[Lines, tuple[Block, ...], tuple[Row, ...]]

# -- what the player knows ------------------------------------------------------------------


def knowledge(ctx: Ctx) -> Lines:
    """The player's own secrets: characters and chest, what they learned, bet, ballot."""
    view = ctx.view
    lines = [_houses(ctx)]
    if view.sights:
        sights = "; ".join(_sight(ctx, s) for s in view.sights)
        lines.append(ctx.say(UI + "you_know", sights=sights))
    bet = next((b for b in view.bets if b.bettor == view.me), None)
    if bet is not None:
        lines.append(ctx.say(UI + "your_bet", coin=bet.coin, target_seat=bet.target))
    elif view.phase != "assign":
        lines.append(ctx.say(UI + "your_seal"))
    if view.ballot and view.phase == "second_vote":
        houses = ", ".join(code(ctx, h) for h in view.ballot)
        lines.append(ctx.say(UI + "your_ballot", houses=houses))
    return lines


def _houses(ctx: Ctx) -> str:
    """The hand before placement; then each house with its character (and chest)."""
    view = ctx.view
    mine = [h for h in view.houses if h.owner == view.me]
    if any(h.character is None for h in mine):
        first, second = (role(ctx, r) for r in view.hand)
        return ctx.say(UI + "your_hand", first=first, second=second)
    parts = []
    for h in mine:
        character = role(ctx, h.character or "townsfolk")
        text = ctx.say(UI + "your_house", code=code(ctx, h.house), role=character)
        if h.chest:
            text += " " + ctx.say(UI + "with_chest")
        if not h.in_play:
            text = f"~~{text}~~ ({ctx.say(UI + 'out_of_play')})"
        parts.append(text)
    return ctx.say(UI + "your_houses", houses=" · ".join(parts))


def _sight(ctx: Ctx, sight: Sight) -> str:
    what, house = role(ctx, sight.character), code(ctx, sight.house)
    if sight.source == "thief":
        chest = ctx.say(UI + ("chest_yes" if sight.chest else "chest_no"))
        return ctx.say(UI + "sight_thief", code=house, role=what, chest=chest, day=sight.day)
    return ctx.say(UI + "sight_shown", code=house, role=what, day=sight.day)


# -- what the player may do --------------------------------------------------------------------


def house_select(ctx: Ctx, kind: str, houses: list[int]) -> Select:
    """A select of houses whose chosen house completes an action of `kind`."""
    options = tuple(Option(house_option(ctx, h), str(h)) for h in houses)
    return Select(ctx.choose(kind), options, ctx.say(UI + "pick_house"))


def buttons(items: list[Button]) -> tuple[Row, ...]:
    """Buttons five to a row."""
    return tuple(tuple(items[i : i + 5]) for i in range(0, len(items), 5))


def _idle(ctx: Ctx) -> Lines:
    """What a player without a move sees (the same for every sleeper at night)."""
    view = ctx.view
    if view.phase in ("thief", "werewolf"):
        return [ctx.say(UI + "night_sleep")]
    if view.phase == "assign":
        return [ctx.say(UI + "placed")]
    if view.phase in ("discussion", "defence") and view.me in view.ready:
        return [ctx.say(UI + "waiting_done")]
    return [ctx.say(UI + "not_your_step")]


def _assign(ctx: Ctx) -> Ask:
    evil = next((r for r in ctx.view.hand if r != "townsfolk"), None)
    row = [
        Button(
            ctx.say(UI + "chest_button", n=house_number(a.chest), code=code(ctx, a.chest)),
            ctx.act(a),
            "primary",
        )
        for a in ctx.legal
        if isinstance(a, Assign)
    ]
    return [ctx.say(UI + (f"do_assign_{evil}" if evil else "do_assign"))], (), buttons(row)


def _night(ctx: Ctx) -> Ask:
    houses = [a.house for a in ctx.legal if isinstance(a, Peek | Claw)]
    when = ctx.say(UI + "night_hint", when=ctx.countdown())
    select = house_select(ctx, "peek" if ctx.view.phase == "thief" else "claw", houses)
    return [ctx.say(f"{UI}do_{ctx.view.phase}", when=when)], (), (select,)


def _privilege(ctx: Ctx) -> Ask:
    """Each player who may be called, their line with the Call button beside it; Skip
    beside the words of skipping."""
    calls = [a for a in ctx.legal if isinstance(a, Call)]
    sections: list[Block] = [
        beside(
            _player(ctx, a.target), Button(ctx.plain(UI + "call_button", seat=a.target), ctx.act(a))
        )
        for a in calls
        if a.target is not None
    ]
    if Call(target=None) in calls:
        skip = Button(ctx.say(UI + "skip_button"), ctx.act(Call(target=None)))
        sections.append(beside(ctx.say(UI + "skip_line"), skip))
    return [ctx.say(UI + "do_privilege")], tuple(sections), ()


def _player(ctx: Ctx, seat: int) -> str:
    """'B **Ben** · B1 B2': a player and their houses in play."""
    houses = " ".join(code(ctx, h.house) for h in ctx.view.houses if h.owner == seat and h.in_play)
    return player_line(ctx, seat, houses)


def _show(ctx: Ctx) -> Ask:
    view = ctx.view
    mine = {h.house: h.character or "townsfolk" for h in view.houses if h.owner == view.me}
    sections: list[Block] = []
    for action in ctx.legal:
        if not isinstance(action, Show):
            continue
        house, character = code(ctx, action.house), role(ctx, mine[action.house])
        label = ctx.say(UI + "show_button", code=house, role=character)
        said = ctx.say(UI + "your_house", code=house, role=character)
        sections.append(beside(said, Button(label, ctx.act(action), "primary")))
    other = view.called if view.phase == "show_back" else view.burgomaster
    line = ctx.say(f"{UI}do_{view.phase}", seat=view.burgomaster, target_seat=other)
    return [line], tuple(sections), ()


def _betting(ctx: Ctx) -> Ask:
    row = (
        Button(ctx.say(UI + "draw_button"), ctx.act(Draw()), "primary"),
        Button(ctx.say(UI + "pass_button"), ctx.act(Pass())),
    )
    return [ctx.say(UI + "do_betting")], (), (row,)


def _bet(ctx: Ctx) -> Ask:
    """One select per coin drawn: choosing the player keeps that coin as the bet."""
    bets = [a for a in ctx.legal if isinstance(a, PlaceBet)]
    selects: list[Row] = []
    for coin in sorted({b.coin for b in bets}, reverse=True):
        options = tuple(
            Option(player_option(ctx, b.target), str(b.target)) for b in bets if b.coin == coin
        )
        placeholder = ctx.say(UI + "bet_placeholder", coin=coin)
        selects.append(Select(ctx.choose("bet", coin), options, placeholder))
    drawn = ctx.view.drawn
    coins = ", ".join(str(c) for c in drawn)
    return [ctx.say(UI + "do_bet", coins=coins, count=len(drawn))], (), tuple(selects)


def player_option(ctx: Ctx, seat: int) -> str:
    """A select option naming a player with their mark: 'B · Ben'."""
    return ctx.plain(UI + "player_option", letter=ctx.letter(seat), seat=seat)


def _done(ctx: Ctx) -> Ask:
    """Done beside the words of what is done."""
    button = Button(ctx.say(UI + "done_button"), ctx.act(Done()), "success")
    return [], (beside(ctx.say(f"{UI}do_{ctx.view.phase}"), button),), ()


def _first_vote(ctx: Ctx) -> Ask:
    select = house_select(ctx, "vote", [a.house for a in ctx.legal if isinstance(a, Vote)])
    return [ctx.say(UI + "do_first_vote")], (), (select,)


def _ballot(ctx: Ctx) -> Ask:
    """Every way to place the tokens on the two suspects, one button each."""
    ballots = [a for a in ctx.legal if isinstance(a, CastBallot)]
    count = len(ballots[0].houses)
    row = []
    for ballot in ballots:
        houses = ballot.houses
        if len(set(houses)) == 1:
            key = "ballot_both" if count > 1 else "ballot_one"
            label = ctx.say(UI + key, code=code(ctx, houses[0]))
        else:
            label = ctx.say(
                UI + "ballot_split", first=code(ctx, houses[0]), second=code(ctx, houses[1])
            )
        row.append(Button(label, ctx.act(ballot), "primary"))
    return [ctx.say(UI + "do_second_vote", count=count)], (), buttons(row)


def _over(ctx: Ctx) -> Lines:
    """After the series: the player's points in its last game (whose houses the panel
    shows above) and, in a series, their tally."""
    view, record = ctx.view, ctx.view.previous
    assert record is not None and view.me is not None, "a finished series has a last game"
    score = next(s for s in record.scores if s.seat == view.me)
    detail = score_detail(ctx, record, score)
    lines = [ctx.say(UI + "panel_over", number=record.number, total=score.total, detail=detail)]
    if view.series > 1:
        lines.append(ctx.say(UI + "result_series_line", seat=view.me, count=view.totals[view.me]))
    return lines


_ASKS: dict[str, Callable[[Ctx], Ask]] = {
    "assign": _assign,
    "thief": _night,
    "werewolf": _night,
    "privilege": _privilege,
    "show": _show,
    "show_back": _show,
    "betting": _betting,
    "bet": _bet,
    "discussion": _done,
    "defence": _done,
    "first_vote": _first_vote,
    "second_vote": _ballot,
}


def prompt(ctx: Ctx) -> Ask:
    """The step's question for this player and its controls (legal moves only)."""
    if ctx.view.phase == "over":
        return _over(ctx), (), ()
    if not ctx.view.my_turn:
        return _idle(ctx), (), ()
    return _ASKS[ctx.view.phase](ctx)


def panel_screen(ctx: Ctx) -> Screen:
    """The player's panel: in a DM as a prompt, or behind the table's button."""
    asks, sections, rows = prompt(ctx)
    when = ctx.countdown()
    if (rows or sections) and when and ctx.view.phase not in NIGHT_PHASES:
        asks.append(ctx.say(UI + "time_left", when=when))
    blocks: list[Block] = [text(*knowledge(ctx))]
    if asks:
        blocks.append(text(*asks))
    blocks += sections
    return Screen(
        embed_title=ctx.say(UI + "panel_header", channel=ctx.channel_id, seat=ctx.seat),
        blocks=tuple(blocks),
        rows=rows,
    )


REMINDED = frozenset({"assign", "second_vote", *NIGHT_PHASES})  # phases with `Phase.remind`


def reminder_screen(ctx: Ctx) -> Screen | None:
    """A DM near the end of a step that still waits for the reader: what is expected,
    when time runs out and what happens then, with the step's controls to act at once."""
    view = ctx.view
    if not view.my_turn or view.phase not in REMINDED or ctx.deadline_at is None:
        return None
    _, sections, rows = prompt(ctx)
    header = ctx.say(UI + "dm_header", channel=ctx.channel_id)
    line = ctx.say(f"{UI}remind_{view.phase}", when=ctx.countdown())
    return Screen(embed_title=header, embed_text=line, blocks=sections, rows=rows)
