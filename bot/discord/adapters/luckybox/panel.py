"""A player's private "My cards" panel, from their own view and legal actions: a card
of what to do now, the picture of the cards, then the controls.

- Keeping 3 of 5 at the start: one select of the five cards (pick three).
- Taking 1 of 3 before rounds 2-4: each card's bonuses in words, its Take button beside.
- A reveal: what the number asks, with Pass beside it; a select for the card (when the
  player holds more than one; a panel step, nothing is played: the picture stays as it
  is, so the step uploads nothing; the select names the card) and that card's 3x3 as
  three rows of buttons (digit and lightning cost, e.g. "5 ⚡2"; boxes out of reach
  disabled). A bonus is chosen the same way: a number bonus enables the boxes of that
  digit, a ? every open box, with Decline beside it instead of Pass; two bonuses from
  one crossing first ask for their order. At most 4 rows: select and grid.
"""

from __future__ import annotations

from functools import partial

from bot.discord.adapters.luckybox.words import Ctx, bonus, mine
from bot.discord.adapters.pictures import Kept
from bot.discord.adapters.shapes import beside, small, text
from bot.discord.ui import Block, Button, Gallery, Option, Picture, Row, Screen, Select, Style
from games.luckybox.board import cost
from games.luckybox.models import Bonus, Cross, Decline, Keep, Order, Pass, Take
from games.luckybox.pictures import render_cards
from games.luckybox.views import CardView

CARD_STEP = "card"
PICTURE = "luckybox-cards.png"


_card_pictures = Kept(256)


def _cards(ctx: Ctx, shown: list[CardView], title: str, chosen: list[int]) -> Picture:
    """The cards as drawn; kept, so a step that changes only the controls draws nothing."""
    cards = tuple(card.model_dump_json() for card in shown)
    key = (cards, title, tuple(chosen), ctx.say("luckybox.picture.offers"))
    draw = partial(render_cards, shown, ctx.say, title, chosen)
    return _card_pictures.picture(key, PICTURE, draw)


def panel_screen(ctx: Ctx, step: tuple[str, ...] = ()) -> Screen:
    view, me = ctx.view, mine(ctx)
    title = ctx.plain("luckybox.picture.your_cards", letter=ctx.letter(me.seat), seat=me.seat)
    shown: list[CardView] = me.board.cards
    chosen: list[int] = []
    first: Block = ""  # what to do now (with Pass or Decline beside it)
    after: list[Block] = []  # after the picture: the cards to take
    lines: list[str] = []
    rows: tuple[Row, ...] = ()
    if view.stage == "over":
        first = final_line(ctx)
    elif view.stage in ("keep", "choose"):
        shown, chosen = me.offers, me.picks
        title = ctx.say("luckybox.picture.offers")
        first = choice_line(ctx)
        after = take_sections(ctx)
        rows = choice_rows(ctx)
    else:
        first = reveal_block(ctx)
        lines.append(small(counts_line(ctx)))
        rows = reveal_rows(ctx, step)  # the select names the card the buttons cross on
    when = ctx.countdown()
    if when and ctx.legal:
        lines.insert(0, ctx.say("luckybox.ui.your_deadline", when=when))
    blocks = [first, text(*lines), Gallery((PICTURE,)), *after]
    return Screen(
        embed_title=ctx.say(
            "luckybox.ui.panel_title",
            round=view.round,
            rounds=view.rounds,
            letter=ctx.letter(me.seat),
            seat=me.seat,
        ),
        blocks=tuple(block for block in blocks if block),
        pictures=(_cards(ctx, shown, title, chosen),),
        rows=rows,
    )


def counts_line(ctx: Ctx) -> str:
    board = mine(ctx).board
    return ctx.say(
        "luckybox.ui.my_counts",
        lightning=board.lightning,
        moons=board.moons,
        stars=board.stars[ctx.view.round - 1],
        completed=len(board.completed),
    )


def final_line(ctx: Ctx) -> str:
    view, me = ctx.view, mine(ctx)
    scores = view.scores or []
    total = scores[me.seat].total if scores else 0
    return ctx.say("luckybox.ui.panel_over", count=total)


# -- choosing cards ----------------------------------------------------------------------------


def choice_line(ctx: Ctx) -> str:
    view, me = ctx.view, mine(ctx)
    if me.picks:
        cards = ", ".join(str(c + 1) for c in me.picks)
        return ctx.say("luckybox.ui.chosen", cards=cards)
    if view.stage == "keep":
        return ctx.say("luckybox.ui.keep")
    return ctx.say("luckybox.ui.choose")


def _card_option(ctx: Ctx, card: CardView) -> Option:
    bonuses = [bonus(ctx, b) for b in card.bonuses if b]
    label = ctx.say("luckybox.ui.card_option", number=card.card + 1, count=len(bonuses))
    description = ", ".join(bonuses)[:100] or None
    return Option(label, str(card.card), description)


def choice_rows(ctx: Ctx) -> tuple[Row, ...]:
    me = mine(ctx)
    keeps = [a for a in ctx.legal if isinstance(a, Keep)]
    if keeps:
        options = tuple(_card_option(ctx, card) for card in me.offers)
        select = Select(
            ctx.choose("keep"),
            options,
            ctx.say("luckybox.ui.keep_placeholder"),
            min_values=3,
            max_values=3,
        )
        return (select,)
    return ()  # taking 1 of 3: `take_sections`


def take_sections(ctx: Ctx) -> list[Block]:
    """Each card on offer (1 of 3 before a round): its bonuses, its Take button beside."""
    offers = {card.card: card for card in mine(ctx).offers}
    sections: list[Block] = []
    for action in ctx.legal:
        if not isinstance(action, Take):
            continue
        option = _card_option(ctx, offers[action.card])
        words = text(f"**{option.label}**", small(option.description))
        label = ctx.say("luckybox.ui.take", number=action.card + 1)
        sections.append(beside(words, Button(label, ctx.act(action), "primary")))
    return sections


# -- a reveal -----------------------------------------------------------------------------------


def reveal_line(ctx: Ctx) -> str:
    view, me = ctx.view, mine(ctx)
    number = view.number
    if me.ordering:
        first, second = me.pending[0], me.pending[1]
        return ctx.say("luckybox.ui.order", first=bonus(ctx, first), second=bonus(ctx, second))
    if me.pending:
        key = "luckybox.ui.bonus_any" if me.pending[0] == "?" else "luckybox.ui.bonus_number"
        return ctx.say(key, digit=me.pending[0])
    if not me.based:
        return ctx.say("luckybox.ui.cross", number=number, count=me.board.lightning)
    waiting = [s for s in range(view.seats) if not view.acted[s]]
    if view.auto_passed[me.seat]:
        done = ctx.say("luckybox.ui.out_of_reach", number=number)
    elif me.crossings:
        done = ctx.say("luckybox.ui.done_crossed", count=me.crossings, spent=me.spent)
    else:
        done = ctx.say("luckybox.ui.done_passed")
    if me.lost:
        done += " " + ctx.say("luckybox.ui.lost", count=me.lost)
    if waiting:
        done += " " + ctx.say("luckybox.ui.waiting", names=ctx.joined(waiting))
    return done


def crossings(ctx: Ctx) -> list[Cross | Bonus]:
    """The boxes the player may cross now: for the reveal, or for a bonus."""
    return [a for a in ctx.legal if isinstance(a, Cross | Bonus)]


def shown_card(ctx: Ctx, step: tuple[str, ...]) -> CardView | None:
    """The card whose grid the panel shows: the one chosen in the select, else the
    first with a box the number matches exactly (any box a bonus may cross), else the
    first with a box within reach, else the first."""
    cards = mine(ctx).board.cards
    if not cards:
        return None
    if len(step) >= 2 and step[0] == CARD_STEP:
        chosen = next((c for c in cards if str(c.card) == step[-1]), None)
        if chosen is not None:
            return chosen
    legal = crossings(ctx)
    number = None if mine(ctx).pending else ctx.view.number
    exact = {a.card for a in legal if number is None or cost(_digit(cards, a), number) == 0}
    reachable = {a.card for a in legal}
    return next(
        (c for c in cards if c.card in exact),
        next((c for c in cards if c.card in reachable), cards[0]),
    )


def _digit(cards: list[CardView], action: Cross | Bonus) -> int:
    card = next(c for c in cards if c.card == action.card)
    return card.digits[action.box]


def reveal_rows(ctx: Ctx, step: tuple[str, ...]) -> tuple[Row, ...]:
    me = mine(ctx)
    orders = [a for a in ctx.legal if isinstance(a, Order)]
    if orders:
        buttons = []
        for action in orders:
            other = next(b for b in me.pending[:2] if b != action.first)
            label = ctx.say(
                "luckybox.ui.first", first=bonus(ctx, action.first), then=bonus(ctx, other)
            )
            buttons.append(Button(label[:80], ctx.act(action), "primary"))
        return (tuple(buttons),)
    if not ctx.legal:
        return ()
    card = shown_card(ctx, step)
    rows: list[Row] = []
    if card is not None:
        if len(me.board.cards) > 1:
            rows.append(card_select(ctx, card))
        rows += grid(ctx, card)
    return tuple(rows)


def reveal_block(ctx: Ctx) -> Block:
    """What the reveal asks of the player, with Pass (or Decline, for a bonus) beside."""
    line = reveal_line(ctx)
    for action in ctx.legal:
        if isinstance(action, Pass | Decline):
            key = "luckybox.ui.pass" if isinstance(action, Pass) else "luckybox.ui.decline"
            return beside(line, Button(ctx.say(key), ctx.act(action), "secondary"))
    return line


def card_select(ctx: Ctx, shown: CardView) -> Select:
    legal = crossings(ctx)
    options = []
    for card in mine(ctx).board.cards:
        reachable = sum(1 for a in legal if a.card == card.card)
        label = ctx.say(
            "luckybox.ui.card_pick",
            number=card.card + 1,
            crossed=sum(card.crossed),
            count=reachable,
        )
        if card.card == shown.card:
            label = ctx.say("luckybox.ui.card_shown", card=label)
        options.append(Option(label[:100], str(card.card)))
    placeholder = ctx.say("luckybox.ui.card_placeholder", number=shown.card + 1)
    return Select(ctx.choose_step(CARD_STEP), tuple(options), placeholder)


def grid(ctx: Ctx, card: CardView) -> list[Row]:
    """The card's boxes as three rows of buttons: enabled where a crossing is legal."""
    view, me = ctx.view, mine(ctx)
    legal = set((a.card, a.box) for a in crossings(ctx))
    base = not me.pending and view.number is not None
    rows: list[Row] = []
    for top in (0, 3, 6):
        row = []
        for box in range(top, top + 3):
            digit = card.digits[box]
            action = (
                Bonus(card=card.card, box=box) if me.pending else Cross(card=card.card, box=box)
            )
            enabled = (card.card, box) in legal
            label, style = str(digit), "secondary"
            if card.crossed[box]:
                label = "✗"
            elif enabled:
                price = cost(digit, view.number) if base and view.number is not None else 0
                label, style = (f"{digit} ⚡{price}", "primary") if price else (label, "success")
            row.append(Button(label, ctx.act(action), _style(style), disabled=not enabled))
        rows.append(tuple(row))
    return rows


def _style(name: str) -> Style:
    return "success" if name == "success" else "primary" if name == "primary" else "secondary"
