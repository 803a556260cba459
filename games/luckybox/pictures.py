"""The pictures: a player's cards (the private panel), and the table (the number
revealed, every player's cards as of the last resolved reveal; at the end, the final
scores). Drawn for Discord's attachment size (at most 1100 x 700, no text under 22 px)
with the player marks of `games.pictures.name_letters`; every word comes from the
catalog (`say`), every picture has its alt text.

Bonus slots are drawn as symbols (a star, a moon, one or two bolts, a digit or a ?
in a ring), so no word needs to fit a small slot.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.luckybox.deck import LIGHTNING, MOON, QUESTION, STAR
from games.luckybox.views import BoardView, CardView, LuckyView, card_view
from games.pictures import (
    BACKGROUND,
    INK,
    MUTED,
    Say,
    font,
    kept,
    name_letters,
    player_colour,
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
SMALLEST = 22
MAX_W, MAX_H = 1100, 700


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

CELL = 64
PAD = 10
HEAD = 36
CARD_W = 4 * CELL + 2 * PAD
CARD_H = HEAD + 4 * CELL + PAD


def draw_card(
    image: Image.Image, xy: tuple[int, int], card: CardView, say: Say, chosen: bool = False
) -> None:
    """A card at `xy`: its name, the 3x3 digits (crossed boxes struck out), the row
    bonuses at the right and the column bonuses below."""
    draw = ImageDraw.Draw(image)
    x, y = xy
    edge = MARK if chosen else CARD_EDGE
    draw.rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), 12, fill=CARD_FACE, outline=edge, width=5 if chosen else 2
    )
    title = say("luckybox.picture.card", number=card.card + 1)
    draw.text((x + PAD, y + 6), title, font=font(SMALLEST, True), fill=INK)
    count = sum(card.crossed)
    draw.text((x + CARD_W - PAD, y + 6), f"{count}/9", font=font(SMALLEST), fill=MUTED, anchor="ra")
    gx, gy = x + PAD, y + HEAD
    for box in range(9):
        cx, cy = gx + (box % 3) * CELL, gy + (box // 3) * CELL
        cell = (cx + 2, cy + 2, cx + CELL - 2, cy + CELL - 2)
        draw.rectangle(
            cell,
            fill=(250, 246, 236) if not card.crossed[box] else (235, 228, 220),
            outline=CARD_EDGE,
            width=1,
        )
        ink = MUTED if card.crossed[box] else INK
        draw.text(
            (cx + CELL / 2, cy + CELL / 2),
            str(card.digits[box]),
            font=font(36, True),
            fill=ink,
            anchor="mm",
        )
        if card.crossed[box]:
            _x(draw, cell, 4)
    for line, bonus in enumerate(card.bonuses):
        if line < 3:
            sx, sy = gx + 3 * CELL, gy + line * CELL
        else:
            sx, sy = gx + (line - 3) * CELL, gy + 3 * CELL
        slot = (sx + 6, sy + 6, sx + CELL - 6, sy + CELL - 6)
        draw.rounded_rectangle(slot, 8, fill=SLOT_FACE)
        bonus_symbol(image, bonus, slot)


_tiles: dict[Hashable, Image.Image] = {}


def _card_tile(card: CardView, say: Say, chosen: bool) -> Image.Image:
    """One card on its own, kept by everything it shows: a cross on one card draws
    that card alone (a picture holds up to six)."""

    def drawn() -> Image.Image:
        tile = Image.new("RGB", (CARD_W + 1, CARD_H + 1), BACKGROUND)
        draw_card(tile, (0, 0), card, say, chosen)
        return tile

    title = say("luckybox.picture.card", number=card.card + 1)
    tile: Image.Image = kept(_tiles, (card.model_dump_json(), chosen, title), drawn, 256)
    return tile


def render_cards(
    cards: Sequence[CardView], say: Say, title: str, chosen: Sequence[int] = ()
) -> tuple[Image.Image, str]:
    """A player's cards (up to 6, in rows of 3) under a title line; `chosen` framed."""
    shown = list(cards)[:6] or []
    columns = min(3, max(1, len(shown)))
    rows = max(1, math.ceil(len(shown) / 3))
    gap = 16
    width = max(columns * CARD_W + (columns + 1) * gap, 480)
    height = 44 + rows * CARD_H + (rows + 1) * gap
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((gap, 10), title, font=font(26, True), fill=INK)
    if not shown:
        draw.text((gap, 60), say("luckybox.picture.no_cards"), font=font(SMALLEST), fill=MUTED)
    for i, card in enumerate(shown):
        x = gap + (i % 3) * (CARD_W + gap)
        y = 44 + gap + (i // 3) * (CARD_H + gap)
        image.paste(_card_tile(card, say, card.card in chosen), (x, y))
    alt = " ".join([title, *(card_alt(card, say) for card in shown)])
    return image, alt


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

MINI = 28  # a small card's cell
MINI_W = 3 * MINI + 8
LEFT_W = 220
ROW_H = 3 * MINI + 18


def _mini(draw: ImageDraw.ImageDraw, x: float, y: float, card: CardView, completed: int) -> None:
    """A small card: its digits, crossed ones struck out; a completed card is green
    with the round it was completed in."""
    face, edge = (DONE_FACE, DONE_EDGE) if completed else (CARD_FACE, CARD_EDGE)
    draw.rounded_rectangle((x, y, x + MINI_W, y + MINI_W), 6, fill=face, outline=edge, width=2)
    if completed:
        draw.text(
            (x + MINI_W / 2, y + MINI_W / 2),
            f"R{completed}",
            font=font(30, True),
            fill=DONE_EDGE,
            anchor="mm",
        )
        return
    for box in range(9):
        cx, cy = x + 4 + (box % 3) * MINI, y + 4 + (box // 3) * MINI
        ink = MUTED if card.crossed[box] else INK
        draw.text(
            (cx + MINI / 2, cy + MINI / 2),
            str(card.digits[box]),
            font=font(SMALLEST),
            fill=ink,
            anchor="mm",
        )
        if card.crossed[box]:
            _x(draw, (cx, cy, cx + MINI, cy + MINI), 3)


def _player_row(
    image: Image.Image,
    y: int,
    seat: int,
    board: BoardView,
    name: str,
    mark: str,
    side: str,
    acted: bool,
    x0: int,
) -> None:
    draw = ImageDraw.Draw(image)
    r = 20
    draw.ellipse((x0, y + 6, x0 + 2 * r, y + 6 + 2 * r), fill=player_colour(seat), outline=INK)
    ink = INK if seat % 8 in (1, 4, 6) else (255, 255, 255)
    draw.text((x0 + r, y + 6 + r), mark, font=font(SMALLEST, True), fill=ink, anchor="mm")
    short = name if font(SMALLEST, True).getlength(name) <= 170 else name[:10] + "…"
    draw.text((x0 + 2 * r + 8, y + 10), short, font=font(SMALLEST, True), fill=INK)
    draw.text((x0, y + 56), side, font=font(SMALLEST), fill=MUTED)
    if acted:  # a green tick on the badge: done with this step
        tx, ty = x0 + 2 * r - 6, y + 2 * r - 2
        draw.ellipse((tx - 12, ty - 12, tx + 12, ty + 12), fill=MARK, outline=(255, 255, 255))
        draw.line((tx - 6, ty, tx - 1, ty + 5, tx + 7, ty - 6), fill=(255, 255, 255), width=3)
    cx = x0 + 230
    cards = [(c, 0) for c in board.cards]
    cards += [(_done_card(d.card), d.round) for d in board.completed]
    for card, completed in cards:
        _mini(draw, cx, y + 4, card, completed)
        cx += MINI_W + 8


def _done_card(card: int) -> CardView:
    return card_view(card, (1 << 9) - 1)


def _side(view: LuckyView, seat: int, say: Say) -> str:
    board = view.boards[seat]
    if view.scores is not None:
        return say("luckybox.picture.total", count=view.scores[seat].total)
    stars = board.stars[min(view.round, view.rounds) - 1]
    return say("luckybox.picture.counts", lightning=board.lightning, moons=board.moons, stars=stars)


def render_table(
    view: LuckyView, say: Say, names: Sequence[str], letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The number revealed (large) with the round and reveal, or the stage; then one row
    per player with their cards. At the end, each player's total."""
    marks = tuple(letters) if letters is not None else name_letters(names)
    rows = view.seats
    most = max((len(b.cards) + len(b.completed) for b in view.boards), default=3)
    width = min(MAX_W, max(LEFT_W + 40 + 230 + max(most, 3) * (MINI_W + 8) + 10, 760))
    height = max(320, 16 + rows * (ROW_H + 8) + 8)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    box = left_box(height)
    _draw_left_panel(draw, left_panel(view, say, box, marks), box)
    for seat in range(view.seats):
        y = 16 + seat * (ROW_H + 8)
        _player_row(
            image,
            y,
            seat,
            view.boards[seat],
            names[seat],
            marks[seat],
            _side(view, seat, say),
            view.acted[seat],
            LEFT_W + 40,
        )
    return image, table_alt(view, say, names)


@dataclass(frozen=True)
class Label:
    """A line of text placed in a picture (`anchor` as in Pillow)."""

    text: str
    xy: tuple[float, float]
    size: int
    bold: bool = False
    ink: RGB = INK
    anchor: str = "mm"

    def box(self) -> Box:
        """The pixels the text covers."""
        x0, y0, x1, y1 = font(self.size, self.bold).getbbox(self.text, anchor=self.anchor)
        x, y = self.xy
        return x + x0, y + y0, x + x1, y + y1


@dataclass(frozen=True)
class LeftPanel:
    """What the panel beside the players shows, where: its words, the star of the end
    and the winners' badges (boxes)."""

    labels: tuple[Label, ...]
    star: tuple[float, float, float] | None = None  # centre and radius
    badges: tuple[tuple[int, Box], ...] = ()  # seat and box


def left_box(height: int) -> tuple[int, int, int, int]:
    """The panel beside the players in a table picture `height` px high: x, y, w, h."""
    return 16, 16, LEFT_W, height - 32


def left_panel(
    view: LuckyView, say: Say, box: tuple[int, int, int, int], marks: Sequence[str]
) -> LeftPanel:
    """The number revealed (large) with the reveal and the round, or the stage and the
    round; at the end, the winners' badges and their score."""
    x, y, w, h = box
    cx = x + w / 2
    if view.stage == "over" and view.scores is not None:
        return _final_panel(view, say, box, marks)
    if view.stage == "reveal" and view.number is not None:
        size = min(200, int(h * 0.55))
        line = say("luckybox.picture.reveal", reveal=view.reveal, reveals=view.reveals)
        labels = [
            Label(str(view.number), (cx, y + h * 0.42), size, bold=True),
            Label(line, (cx, y + h - 70), SMALLEST, ink=MUTED),
        ]
    else:
        key = {"keep": "keeping", "choose": "choosing"}.get(view.stage, "final")
        word = say(f"luckybox.picture.{key}")
        size = SMALLEST + 4
        while size > SMALLEST and font(size, True).getlength(word) > w - 20:
            size -= 1
        labels = [Label(word, (cx, y + h * 0.42), size, bold=True)]
    line = say("luckybox.picture.round", round=view.round, rounds=view.rounds)
    labels.append(Label(line, (cx, y + h - 36), SMALLEST, bold=True))
    return LeftPanel(tuple(labels))


def _final_panel(
    view: LuckyView, say: Say, box: tuple[int, int, int, int], marks: Sequence[str]
) -> LeftPanel:
    """The end: the word for it, a star, the winners' badges side by side and their
    score below them (no round: the game is over)."""
    x, y, w, _ = box
    assert view.scores is not None
    cx = x + w / 2
    labels = [Label(say("luckybox.picture.final"), (cx, y + 40), 30, bold=True)]
    winners = (view.winners or [])[:3]
    r, gap, top = 26, 12, y + 160
    left = cx - (len(winners) * 2 * r + (len(winners) - 1) * gap) / 2
    badges = []
    for i, seat in enumerate(winners):
        bx = left + i * (2 * r + gap)
        badges.append((seat, (bx, top, bx + 2 * r, top + 2 * r)))
        ink = INK if seat % 8 in (1, 4, 6) else (255, 255, 255)
        labels.append(Label(marks[seat], (bx + r, top + r), SMALLEST + 4, bold=True, ink=ink))
    if winners:
        points = say("luckybox.picture.total", count=view.scores[winners[0]].total)
        labels.append(Label(points, (cx, top + 2 * r + 30), SMALLEST, bold=True))
    return LeftPanel(tuple(labels), star=(cx, y + 110, 34), badges=tuple(badges))


def _draw_left_panel(
    draw: ImageDraw.ImageDraw, panel: LeftPanel, box: tuple[int, int, int, int]
) -> None:
    x, y, w, h = box
    draw.rounded_rectangle(
        (x, y, x + w, y + h), 14, fill=(255, 255, 255), outline=CARD_EDGE, width=2
    )
    if panel.star is not None:
        _star(draw, *panel.star, STAR_INK)
    for seat, badge in panel.badges:
        draw.ellipse(badge, fill=player_colour(seat), outline=INK)
    for label in panel.labels:
        draw.text(
            label.xy,
            label.text,
            font=font(label.size, label.bold),
            fill=label.ink,
            anchor=label.anchor,
        )


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
                side=_side(view, seat, say),
            )
        )
    return " ".join(parts)
