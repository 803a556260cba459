"""The pictures, drawn for a phone first: a player's cards (the private panel), and the
table (the number revealed, every player's cards as of the last resolved reveal; at the
end, the winners). A phone shows a picture about 320 px wide, so the pictures show the
cards and the number; names, counts (lightning, moons, stars), the round and the
scores are the message's words. At most `WIDTH` (640) px wide, no text below `KEY` px
(`games.pictures`), with the player marks of `games.pictures.name_letters`; every word
comes from the catalog (`say`), every picture has its alt text.

Bonus slots are drawn as symbols (a star, a moon, one or two bolts, a digit or a ?
in a ring), so no word needs to fit a small slot.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games import tiles
from games.luckybox.deck import LIGHTNING, MOON, QUESTION, STAR
from games.luckybox.views import CardView, LuckyView, card_view
from games.pictures import (
    BACKGROUND,
    INK,
    KEY,
    MUTED,
    WIDTH,
    Say,
    font,
    kept,
    name_letters,
    phone_scale,
    player_colour,
    shown_scale,
)

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

CARD_FACE = (255, 253, 247)
CARD_EDGE = (90, 90, 90)
SLOT_FACE = (236, 230, 214)
CROSS = (200, 40, 40)
DONE_FACE = (214, 236, 220)
DONE_EDGE = (0, 120, 60)
STAR_INK = (230, 159, 0)
MOON_INK = (86, 100, 170)
BOLT_INK = (213, 94, 0)
NUMBER_INK = (0, 114, 178)
MARK = (0, 120, 60)
SMALLEST = KEY
MAX_W, MAX_H = WIDTH, 700


# -- symbols ---------------------------------------------------------------------------------


def _star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill, outline=INK)


def _moon(image: Image.Image, cx: float, cy: float, r: float) -> None:
    """A crescent: a disc with a smaller offset disc taken out (through a mask, so
    nothing is painted outside the crescent)."""
    size = int(2 * r) + 2
    mask = Image.new("L", (size, size), 0)
    shape = ImageDraw.Draw(mask)
    shape.ellipse((0, 0, size - 1, size - 1), fill=255)
    s = r * 0.45
    shape.ellipse((s, -s * 0.3, size - 1 + s, size - 1 - s * 0.3), fill=0)
    image.paste(MOON_INK, (int(cx - r), int(cy - r), int(cx - r) + size, int(cy - r) + size), mask)


def _bolt(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    w = r * 0.55
    points = [
        (cx + w * 0.3, cy - r),
        (cx - w, cy + r * 0.15),
        (cx - w * 0.05, cy + r * 0.15),
        (cx - w * 0.3, cy + r),
        (cx + w, cy - r * 0.15),
        (cx + w * 0.05, cy - r * 0.15),
    ]
    draw.polygon(points, fill=BOLT_INK, outline=INK)


def bonus_symbol(image: Image.Image, bonus: str, box: Box) -> None:
    """A bonus slot's content, centred in `box` (nothing for an empty slot)."""
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = min(x1 - x0, y1 - y0) * 0.36
    if bonus == STAR:
        _star(draw, cx, cy, r, STAR_INK)
    elif bonus == MOON:
        _moon(image, cx, cy, r)
    elif bonus in LIGHTNING:
        count = LIGHTNING[bonus]
        step = r * 0.9
        for i in range(count):
            _bolt(draw, cx + (i - (count - 1) / 2) * step, cy, r * (0.9 if count > 1 else 1))
    elif bonus:
        size = max(SMALLEST, int(r * 1.5))
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=NUMBER_INK, width=3)
        ink = NUMBER_INK if bonus != QUESTION else INK
        draw.text((cx, cy), bonus, font=font(size, True), fill=ink, anchor="mm")


def _x(draw: ImageDraw.ImageDraw, box: Box, width: int) -> None:
    x0, y0, x1, y1 = box
    m = (x1 - x0) * 0.16
    draw.line((x0 + m, y0 + m, x1 - m, y1 - m), fill=CROSS, width=width)
    draw.line((x0 + m, y1 - m, x1 - m, y0 + m), fill=CROSS, width=width)


# -- one card, large (the panel) --------------------------------------------------------------

CELL = 46
PAD = 6
HEAD = 34
GAP = 10  # between cards
CARD_W = 4 * CELL + 2 * PAD
CARD_H = HEAD + 4 * CELL + PAD
TITLE_AT = (PAD + 4, HEAD / 2 + 2)  # the title's left middle on a card


def _card_tile(card: CardView, title: str, chosen: bool) -> Image.Image:
    """One card on its own: its face with the title, the 3x3 digits (crossed boxes
    struck out), the row bonuses at the right and the column bonuses below, pasted
    from tiles kept by what they show, so a crossed box draws nothing new (and the
    card, a tile itself, needs no reducing to its colours)."""
    title_tile = tiles.text(TITLE_AT, title, font(KEY, True), INK, CARD_FACE, "lm")
    placed = [(_card_face(chosen), (0, 0)), title_tile]
    for box in range(9):
        xy = PAD + (box % 3) * CELL, HEAD + (box // 3) * CELL
        placed.append((_box(card.digits[box], card.crossed[box]), xy))
    for line, bonus in enumerate(card.bonuses):
        column, row = (3, line) if line < 3 else (line - 3, 3)
        placed.append((_slot(bonus), (PAD + column * CELL, HEAD + row * CELL)))
    return tiles.picture((CARD_W + 1, CARD_H + 1), BACKGROUND, placed)


@lru_cache(maxsize=2)
def _card_face(chosen: bool) -> Image.Image:
    """A card's tile with nothing on it (framed when chosen): its title is a tile of
    its own, as the 90 cards' faces differ only by it (kept whole, in two languages,
    chosen or not, they were too many to keep)."""
    image = Image.new("RGB", (CARD_W + 1, CARD_H + 1), BACKGROUND)
    draw = ImageDraw.Draw(image)
    edge = MARK if chosen else CARD_EDGE
    draw.rounded_rectangle(
        (0, 0, CARD_W, CARD_H), 10, fill=CARD_FACE, outline=edge, width=5 if chosen else 2
    )
    return tiles.tile(image)


@lru_cache(maxsize=64)
def _box(digit: int, crossed: bool) -> Image.Image:
    """The tile of one box of a card's 3x3, with the card's face around it."""
    image = Image.new("RGB", (CELL, CELL), CARD_FACE)
    draw = ImageDraw.Draw(image)
    cell = (2, 2, CELL - 2, CELL - 2)
    fill = (235, 228, 220) if crossed else (250, 246, 236)
    draw.rectangle(cell, fill=fill, outline=CARD_EDGE, width=1)
    ink = MUTED if crossed else INK
    draw.text((CELL / 2, CELL / 2), str(digit), font=font(30, True), fill=ink, anchor="mm")
    if crossed:
        _x(draw, cell, 4)
    return tiles.tile(image)


@lru_cache(maxsize=64)
def _slot(bonus: str) -> Image.Image:
    """The tile of one bonus slot of a card, with the card's face around it."""
    image = Image.new("RGB", (CELL, CELL), CARD_FACE)
    slot = (4, 4, CELL - 4, CELL - 4)
    ImageDraw.Draw(image).rounded_rectangle(slot, 7, fill=SLOT_FACE)
    bonus_symbol(image, bonus, slot)
    return tiles.tile(image)


_cards: dict[Hashable, Image.Image] = {}
_alts: dict[Hashable, str] = {}


def _kept_card(card: CardView, say: Say, chosen: bool) -> tuple[Image.Image, str]:
    """`_card_tile` and `card_alt`, kept by everything they show (the title is in the
    reader's language)."""
    title = say("luckybox.picture.card", number=card.card + 1)
    shown = (card.model_dump_json(), title)
    tile: Image.Image = kept(_cards, (*shown, chosen), lambda: _card_tile(card, title, chosen), 256)
    alt: str = kept(_alts, shown, lambda: card_alt(card, say), 256)
    return tile, alt


def render_cards(
    cards: Sequence[CardView], say: Say, title: str, chosen: Sequence[int] = ()
) -> tuple[Image.Image, str]:
    """A player's cards (up to 6, in rows of 3), `chosen` framed; `title` begins the
    description (the message says it)."""
    shown = list(cards)[:6] or []
    columns = min(3, max(1, len(shown)))
    rows = max(1, math.ceil(len(shown) / 3))
    width = columns * CARD_W + (columns + 1) * GAP
    height = rows * CARD_H + (rows + 1) * GAP
    if not shown:
        words = say("luckybox.picture.no_cards")
        width, height = int(font(KEY).getlength(words)) + 2 * GAP + 8, KEY + 4 * GAP
        image = Image.new("RGB", (width, height), BACKGROUND)
        ImageDraw.Draw(image).text((GAP + 4, 2 * GAP), words, font=font(KEY), fill=MUTED)
        return image, title
    placed: list[tiles.Placed] = []
    alts = [title]
    for i, card in enumerate(shown):
        tile, alt = _kept_card(card, say, card.card in chosen)
        placed.append((tile, (GAP + (i % 3) * (CARD_W + GAP), GAP + (i // 3) * (CARD_H + GAP))))
        alts.append(alt)
    return tiles.picture((width, height), BACKGROUND, placed), " ".join(alts)


def bonus_word(bonus: str, say: Say) -> str:
    if not bonus:
        return say("luckybox.bonus.none")
    if bonus in (STAR, MOON, QUESTION, *LIGHTNING):
        key = {STAR: "star", MOON: "moon", QUESTION: "any", "L1": "l1", "L2": "l2"}[bonus]
        return say(f"luckybox.bonus.{key}")
    return say("luckybox.bonus.number", digit=bonus)


def card_alt(card: CardView, say: Say) -> str:
    rows = [
        " ".join(
            f"{d}" + ("×" if card.crossed[3 * r + c] else "")
            for c, d in enumerate(card.digits[3 * r : 3 * r + 3])
        )
        for r in range(3)
    ]
    return say(
        "luckybox.picture.card_alt",
        number=card.card + 1,
        rows=" / ".join(rows),
        row_bonuses=", ".join(bonus_word(b, say) for b in card.bonuses[:3]),
        column_bonuses=", ".join(bonus_word(b, say) for b in card.bonuses[3:]),
    )


# -- the table: the number and every player's cards, small ------------------------------------

MARGIN = 12
MOST_CARDS = 6  # in play and completed, per player
BADGE = 22  # a player's disc's radius, left of their cards
ROW_GAP = 8
NUMBER_H = 88  # the band with the number revealed (or the end's star and winners)
TALLEST = 1.05  # a picture's height to its width, at most (a desktop shrinks it by height)


COLUMN_GAP = 24  # between two players side by side
CELLS = range(40, 25, -1)  # the small cards' cells tried, largest first (digits need 26)


@dataclass(frozen=True)
class TableLayout:
    """Players in `columns` side by side, each with their mark and `cards` small cards
    (of `cell` px cells) in a row."""

    seats: int
    columns: int
    cards: int
    cell: int
    band: int  # the number's band

    @property
    def side(self) -> int:
        return 3 * self.cell + 8

    @property
    def block(self) -> int:
        """A player's width: their mark and their cards."""
        return 2 * BADGE + 10 + self.cards * (self.side + 8) - 8

    @property
    def size(self) -> tuple[int, int]:
        rows = math.ceil(self.seats / self.columns)
        width = 2 * MARGIN + self.columns * (self.block + COLUMN_GAP) - COLUMN_GAP
        height = 2 * MARGIN + self.band + rows * (self.side + ROW_GAP) - ROW_GAP
        return max(width, math.ceil(height / TALLEST)), height

    def player(self, seat: int) -> tuple[int, int]:
        """The top left of a player's mark and cards."""
        column, row = seat % self.columns, seat // self.columns
        x = MARGIN + column * (self.block + COLUMN_GAP)
        return x, MARGIN + self.band + row * (self.side + ROW_GAP)


def table_layout(view: LuckyView) -> TableLayout:
    """The largest small cards that fit `MAX_W` x `MAX_H`, the players in one column or
    side by side (early in a game, when they hold few cards): the cells largest as
    shown (`_score`)."""
    most = max((len(b.cards) + len(b.completed) for b in view.boards), default=0)
    band = _band(view)
    if most == 0:  # choosing the first cards: the players' marks in a row, and who is done
        return TableLayout(view.seats, view.seats, 0, (2 * BADGE - 8) // 3, band)
    cards = max(3, min(most, MOST_CARDS))
    best: TableLayout | None = None
    for columns in range(1, min(3, view.seats) + 1):
        for cell in CELLS:
            found = TableLayout(view.seats, columns, cards, cell, band)
            width, height = found.size
            if width <= MAX_W and height <= MAX_H:
                if best is None or _score(found) > _score(best):
                    best = found
                break
    assert best is not None, "six players with six cards fit"
    return best


def _score(lay: TableLayout) -> float:
    """How large the cells show on a phone and on a desktop, together: a picture half
    empty, or one shrunk by its height on a desktop, shows them smaller."""
    width, height = lay.size
    return lay.cell * (phone_scale(width, height) + shown_scale(width, height))


def _mini(
    draw: ImageDraw.ImageDraw, x: float, y: float, cell: int, card: CardView, completed: int
) -> None:
    """A small card: its digits, crossed ones struck out; a completed card is green
    with the round it was completed in."""
    side = 3 * cell + 8
    face, edge = (DONE_FACE, DONE_EDGE) if completed else (CARD_FACE, CARD_EDGE)
    draw.rounded_rectangle((x, y, x + side, y + side), 6, fill=face, outline=edge, width=2)
    if completed:
        centre = (x + side / 2, y + side / 2)
        draw.text(centre, f"R{completed}", font=font(30, True), fill=DONE_EDGE, anchor="mm")
        return
    for box in range(9):
        cx, cy = x + 4 + (box % 3) * cell, y + 4 + (box // 3) * cell
        ink = MUTED if card.crossed[box] else INK
        draw.text(
            (cx + cell / 2, cy + cell / 2 + 1),
            str(card.digits[box]),
            font=font(max(KEY, cell * 3 // 4)),
            fill=ink,
            anchor="mm",
        )
        if card.crossed[box]:
            _x(draw, (cx, cy, cx + cell, cy + cell), 3)


def _badge(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], seat: int, mark: str, acted: bool
) -> None:
    """A player's disc with their mark; a green tick on it when done with this step."""
    x, y = centre
    r = BADGE
    draw.ellipse((x - r, y - r, x + r, y + r), fill=player_colour(seat), outline=INK)
    ink = INK if seat % 8 in (1, 4, 6) else (255, 255, 255)
    draw.text((x, y), mark, font=font(KEY, True), fill=ink, anchor="mm")
    if acted:
        tx, ty = x + r - 4, y + r - 4
        draw.ellipse((tx - 11, ty - 11, tx + 11, ty + 11), fill=MARK, outline=(255, 255, 255))
        draw.line((tx - 6, ty, tx - 1, ty + 5, tx + 6, ty - 5), fill=(255, 255, 255), width=3)


def _done_card(card: int) -> CardView:
    return card_view(card, (1 << 9) - 1)


def _band(view: LuckyView) -> int:
    """The number's band: the number revealed, or the end's star and winners."""
    return NUMBER_H if view.stage in ("reveal", "over") else 0


def render_table(
    view: LuckyView, say: Say, names: Sequence[str], letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The number revealed (large), or at the end a star and the winners' marks; then one
    row per player: their mark and their cards."""
    marks = tuple(letters) if letters is not None else name_letters(names)
    lay = table_layout(view)
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_band(draw, view, marks)
    side = lay.side
    for seat, board in enumerate(view.boards):
        x, y = lay.player(seat)
        _badge(draw, (x + BADGE, y + side / 2), seat, marks[seat], view.acted[seat])
        x += 2 * BADGE + 10
        cards = [(c, 0) for c in board.cards]
        cards += [(_done_card(d.card), d.round) for d in board.completed]
        for card, completed in cards:
            _mini(draw, x, y, lay.cell, card, completed)
            x += side + 8
    return image, table_alt(view, say, names)


def _draw_band(draw: ImageDraw.ImageDraw, view: LuckyView, marks: Sequence[str]) -> None:
    """The number revealed in a box; at the end, a star and the winners' marks."""
    if view.stage == "reveal" and view.number is not None:
        box = (MARGIN, MARGIN, MARGIN + NUMBER_H + 20, MARGIN + NUMBER_H - 10)
        draw.rounded_rectangle(box, 12, fill=(255, 255, 255), outline=CARD_EDGE, width=2)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 2)
        draw.text(centre, str(view.number), font=font(64, True), fill=INK, anchor="mm")
    elif view.stage == "over":
        cy = MARGIN + (NUMBER_H - 10) / 2
        _star(draw, MARGIN + 34, cy, 32, STAR_INK)
        for i, seat in enumerate((view.winners or [])[:8]):
            x = MARGIN + 80 + BADGE + i * (2 * BADGE + 10)
            _badge(draw, (x, cy), seat, marks[seat], acted=False)


def table_alt(view: LuckyView, say: Say, names: Sequence[str]) -> str:
    if view.stage == "reveal" and view.number is not None:
        head = say(
            "luckybox.picture.alt_reveal", number=view.number, reveal=view.reveal, round=view.round
        )
    elif view.stage == "over" and view.scores is not None and view.winners:
        total = say("luckybox.picture.total", count=view.scores[view.winners[0]].total)
        winners = ", ".join(names[s] for s in view.winners)
        count = len(view.winners)
        head = say("luckybox.picture.alt_over", names=winners, points=total, count=count)
    else:
        head = say("luckybox.picture.alt_stage", round=view.round)
    parts = [head]
    for seat, board in enumerate(view.boards):
        crossed = [sum(c.crossed) for c in board.cards]
        parts.append(
            say(
                "luckybox.picture.alt_player",
                player=names[seat],
                cards=len(board.cards),
                crossed=", ".join(str(n) for n in crossed) or "-",
                completed=len(board.completed),
            )
        )
    return " ".join(parts)
