"""A player's private "My cards" panel, built from their own view and legal actions.

A card: what the player can do now in words, what they know, the picture of their
cards, then each other choice with its button beside the words it acts on (the draw
pile with Draw, the discard pile with Take, each other player with Give, the held card
with Discard, the final turn with Pass). Last, the layout as a 3x3 grid of buttons,
each standing for putting the held card there (`Exchange`): pressable only when that
is legal; or, at the look at two cards, a select of the two positions (`Peek`).
"""

from __future__ import annotations

from functools import partial

from bot.discord.adapters.lama.table import seat_line
from bot.discord.adapters.lama.words import Ctx, card, cards, short, specials
from bot.discord.adapters.pictures import Kept
from bot.discord.adapters.shapes import beside, small, text
from bot.discord.ui import Block, Button, Gallery, Option, Picture, Row, Screen, Select, Style
from games.lama.cards import SPECIALS, points
from games.lama.models import Discard, Draw, Exchange, Give, Pass, Peek, TakeDiscard
from games.lama.pictures import panel_key, render_panel

SEEN_MARK = "👁"
PICTURE = "lama-my-cards.png"


def panel_screen(ctx: Ctx) -> Screen:
    view = ctx.view
    if view.step == "over":
        return final_screen(ctx)
    when = ctx.countdown()
    deadline = ctx.say("lama.ui.your_deadline", when=when) if when and ctx.legal else ""
    blocks: list[Block] = [*facts(ctx), Gallery((PICTURE,)), *choices(ctx)]
    return Screen(
        embed_title=title(ctx),
        embed_text=text(*instructions(ctx), deadline),
        blocks=tuple(blocks),
        pictures=(_cards(ctx),),
        rows=controls(ctx),
    )


def title(ctx: Ctx) -> str:
    me = _me(ctx)
    return ctx.say("lama.ui.panel_title", round=ctx.view.round, letter=ctx.letter(me), seat=me)


def final_screen(ctx: Ctx) -> Screen:
    """After the game: the player's last layout as the end revealed it, what it counted
    and their final score; nothing to press."""
    view, me = ctx.view, _me(ctx)
    lines = []
    if view.variant == "lamas":
        score = ctx.say("lama.ui.score_lamas", count=view.lamas[me])
    else:
        score = ctx.say("lama.ui.score_points", count=view.totals[me])
    report = view.last_round
    if report is None:  # no round was scored (cannot happen in a finished game)
        lines.append(ctx.say("lama.ui.game_over"))
    else:
        counted = ctx.say("lama.ui.score_points", count=report.seats[me].total)
        lines.append(ctx.say("lama.ui.panel_over", counted=counted, score=score))
    if view.received[me]:
        received, total = specials(ctx, view.received[me])
        lines.append(ctx.say("lama.ui.received", cards=received, sum=total))
    return Screen(embed_title=title(ctx), embed_text=text(*lines), pictures=(_cards(ctx),))


_panels = Kept(256)


def _cards(ctx: Ctx) -> Picture:
    """The seat's own cards; kept, since other seats' moves do not change them."""
    args = (ctx.view, ctx.say, ctx.names, ctx.letters)
    return _panels.picture(panel_key(*args), PICTURE, partial(render_panel, *args))


def _me(ctx: Ctx) -> int:
    assert ctx.view.me is not None, "a panel is built from a seat's own view"
    return ctx.view.me


def instructions(ctx: Ctx) -> list[str]:
    """What the player can do now, or whom the table waits for."""
    view, me = ctx.view, _me(ctx)
    if view.step == "peek":
        if me in view.to_peek:
            return [ctx.say("lama.ui.peek")]
        return [ctx.say("lama.ui.peeked", names=ctx.joined(view.to_peek))]
    lines = []
    if view.final_turns and view.ender is not None and view.ender != me:
        lines.append(ctx.say("lama.ui.final_turns", seat=view.ender))
    if view.to_act != me:
        return [*lines, ctx.say("lama.ui.others_turn", seat=view.to_act)]
    if view.held is None:
        final = "_final" if view.final_turns else ""
        if view.discard_top is None:
            return [*lines, ctx.say(f"lama.ui.your_turn{final}_draw")]
        top = card(ctx, view.discard_top)
        return [*lines, ctx.say(f"lama.ui.your_turn{final}", card=top)]
    held = card(ctx, view.held)
    if view.held in SPECIALS:
        value = f"{points(view.held):+d}"
        return [*lines, ctx.say("lama.ui.special", card=held, points=value)]
    key = "lama.ui.drawn" if view.step == "drawn" else "lama.ui.taken"
    return [*lines, ctx.say(key, card=held)]


def facts(ctx: Ctx) -> list[str]:
    """The seen cards and the special cards received, in words; what the grid's marks
    mean, in small print."""
    view, me = ctx.view, _me(ctx)
    lines: list[str] = []
    if view.known:
        seen = ", ".join(
            ctx.say(
                "lama.ui.seen_card",
                number=position + 1,
                where=ctx.say(f"lama.ui.where.{position + 1}"),
                card=card(ctx, kind),
            )
            for position, kind in view.known.items()
        )
        lines.append(ctx.say("lama.ui.seen", cards=seen))
    if view.received[me]:
        received, total = specials(ctx, view.received[me])
        lines.append(ctx.say("lama.ui.received", cards=received, sum=total))
    said = [text(*lines)] if lines else []
    if view.step != "peek" or me not in view.to_peek:
        said.append(small(ctx.say("lama.ui.legend")))
    return said


# -- controls -------------------------------------------------------------------------------


def controls(ctx: Ctx) -> tuple[Row, ...]:
    """The grid (the other choices are `choices`), or the select of two cards to look at."""
    if any(isinstance(action, Peek) for action in ctx.legal):
        return (peek_select(ctx),)
    return tuple(grid(ctx))


def choices(ctx: Ctx) -> list[Block]:
    """This step's legal actions but the grid's, each beside the words it acts on."""
    return [
        beside(about(ctx, action), button(ctx, action))
        for action in ctx.legal
        if isinstance(action, Draw | TakeDiscard | Discard | Give | Pass)
    ]


def about(ctx: Ctx, action: Draw | TakeDiscard | Discard | Give | Pass) -> str:
    """What a choice acts on: the draw pile, the discard pile, the held card, the other
    player, the final turn."""
    view = ctx.view
    match action:
        case Draw():
            return ctx.say("lama.ui.draw_pile", draw=cards(ctx, view.draw_count))
        case TakeDiscard():
            assert view.discard_top is not None
            return ctx.say("lama.ui.discard_pile", card=card(ctx, view.discard_top))
        case Discard():
            assert view.held is not None
            return ctx.say("lama.ui.discard_held", card=card(ctx, view.held))
        case Give(to_seat=seat):
            return seat_line(ctx, seat)
        case Pass():
            return ctx.say("lama.ui.pass_line")


def button(ctx: Ctx, action: Draw | TakeDiscard | Discard | Give | Pass) -> Button:
    view = ctx.view
    match action:
        case Draw():
            return Button(ctx.say("lama.ui.draw"), ctx.act(action), "primary")
        case TakeDiscard():
            assert view.discard_top is not None
            label = ctx.say("lama.ui.take", card=short(ctx, view.discard_top))
            return Button(label, ctx.act(action), "secondary")
        case Discard():
            assert view.held is not None
            label = ctx.say("lama.ui.discard", card=short(ctx, view.held))
            return Button(label, ctx.act(action), "secondary")
        case Give(to_seat=seat):
            return Button(ctx.plain("lama.ui.give", seat=seat), ctx.act(action), "primary")
        case Pass():  # a final turn may be passed
            return Button(ctx.say("lama.ui.pass"), ctx.act(action), "secondary")


def cell(ctx: Ctx, position: int) -> tuple[str, Style]:
    """A layout position's button label and style: face up, seen by me, or unknown."""
    view = ctx.view
    kind = view.layouts[_me(ctx)][position]
    if kind is not None:
        return short(ctx, kind), "secondary"
    if position in view.known:
        return f"{SEEN_MARK} {short(ctx, view.known[position])}", "success"
    return "?", "primary"


def grid(ctx: Ctx) -> list[Row]:
    rows: list[Row] = []
    for top in (0, 3, 6):
        row = []
        for position in range(top, top + 3):
            label, style = cell(ctx, position)
            put = Exchange(position=position)
            row.append(Button(label, ctx.act(put), style, disabled=put not in ctx.legal))
        rows.append(tuple(row))
    return rows


def peek_select(ctx: Ctx) -> Select:
    options = tuple(
        Option(
            ctx.say("lama.ui.position", number=p + 1, where=ctx.say(f"lama.ui.where.{p + 1}")),
            str(p),
        )
        for p in range(9)
    )
    placeholder = ctx.say("lama.ui.peek_placeholder")
    return Select(ctx.choose("peek"), options, placeholder, min_values=2, max_values=2)
