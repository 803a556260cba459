"""Pictures for Tüfteln, drawn from views: a sheet, a roll of two dice, the final scoreboard.

Colours are doubled by texture so they read without colour: blue fields carry
diagonal stripes, yellow fields dots, white fields are plain. Pre-printed numbers
are bold and boxed; numbers written in play are plain pen strokes.

Every word drawn, and every description (alt text), comes from the catalog through
the `say` the adapter passes, so a picture is in its reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.pictures import BACKGROUND, INK, MUTED, Say, font, player_colour, player_letter
from games.tufteln.models import ROUNDS, SheetView, TuftelnView
from games.tufteln.scoring import BONUS, CATEGORIES, POINTS, SCORING
from games.tufteln.sheet import COLOURS, COLUMNS, SIZE, SQUARES, field_index

WHITE_FIELD = (255, 255, 255)
BLUE_FIELD = (150, 192, 236)
BLUE_MARK = (96, 146, 210)
YELLOW_FIELD = (250, 220, 110)
YELLOW_MARK = (196, 156, 24)
PRINTED_FIELD = (222, 219, 211)
GRID_LINE = (70, 70, 70)
PEN = (18, 44, 120)
HIGHLIGHT = (213, 94, 0)
PANEL = (255, 255, 255)

FILL = {"white": WHITE_FIELD, "blue": BLUE_FIELD, "yellow": YELLOW_FIELD, "printed": PRINTED_FIELD}
MARGIN = 24
CELL = 100  # field size on the full sheet
SCORE_CELL = 56  # field size of the best sheet on the scoreboard


# -- text -------------------------------------------------------------------------------


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int] = INK,
) -> float:
    """Draw `text` at its top left `xy`. Returns the width."""
    face = font(size)
    draw.text(xy, text, font=face, fill=fill)
    return draw.textlength(text, font=face)


def fit_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: float,
    fill: tuple[int, int, int] = INK,
) -> float:
    """Draw `text` at `size`, or smaller (down to two thirds) where it would overflow
    `width`: German words run longer than English ones. Returns the width."""
    smallest = max(10, size * 2 // 3)
    while size > smallest and draw.textlength(text, font=font(size)) > width:
        size -= 1
    return draw_text(draw, xy, text, size, fill)


def _centred(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: tuple[int, int, int],
    stroke_width: int = 0,
    stroke_fill: tuple[int, int, int] | None = None,
) -> None:
    draw.text(
        centre,
        text,
        font=face,
        fill=fill,
        anchor="mm",
        stroke_width=stroke_width,
        stroke_fill=stroke_fill,
    )


# -- the sheet grid -----------------------------------------------------------------------


def _geometry(cell: int) -> tuple[int, int, int]:
    """Label band, gap between squares and the grid's full width for a field size."""
    label = max(20, cell * 34 // 100)
    gap = max(6, cell // 8)
    return label, gap, label + SIZE * cell + 2 * gap


def _field_box(index: int, cell: int) -> tuple[int, int, int, int]:
    label, gap, _ = _geometry(cell)
    row, col = divmod(index, SIZE)
    x = label + col * cell + (col // 2) * gap
    y = label + row * cell + (row // 2) * gap
    return x, y, x + cell, y + cell


def _texture(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: str) -> None:
    x0, y0, x1, y1 = box
    step = max(10, (x1 - x0) // 6)
    if colour == "blue":  # diagonal stripes
        width = max(2, step // 6)
        for k in range(-(y1 - y0), x1 - x0, step):
            a = (x0 + max(k, 0), y0 + max(-k, 0))
            b_len = min(x1 - x0 - max(k, 0), y1 - y0 - max(-k, 0))
            draw.line((a, (a[0] + b_len, a[1] + b_len)), fill=BLUE_MARK, width=width)
    elif colour == "yellow":  # dots
        r = max(1, step // 7)
        for y in range(y0 + step // 2, y1, step):
            for x in range(x0 + step // 2, x1, step):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=YELLOW_MARK)


@cache
def _blank_grid(cell: int) -> Image.Image:
    """The empty sheet at one field size: colours, textures, labels, printed numbers."""
    label, _, width = _geometry(cell)
    image = Image.new("RGB", (width, width), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = font(max(12, cell * 26 // 100))
    for index in range(SIZE * SIZE):
        x0, y0, x1, y1 = _field_box(index, cell)
        colour = COLOURS[index]
        draw.rectangle((x0, y0, x1, y1), fill=FILL[colour])
        _texture(draw, (x0, y0, x1, y1), colour)
        draw.rectangle((x0, y0, x1, y1), outline=GRID_LINE, width=max(1, cell // 50))
        if index < SIZE:
            _centred(draw, ((x0 + x1) / 2, label / 2), COLUMNS[index], small, MUTED)
        if index % SIZE == 0:
            _centred(draw, (label / 2, (y0 + y1) / 2), str(index // SIZE + 1), small, MUTED)
    for square in SQUARES:  # a heavier frame around each 2x2 square
        x0, y0, _, _ = _field_box(square[0], cell)
        _, _, x1, y1 = _field_box(square[2], cell)
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=max(2, cell // 25))
    return image


def draw_grid(sheet: SheetView, cell: int = CELL, highlight: bool = True) -> Image.Image:
    """The sheet's 6x6 grid with numbers, last placement and square points."""
    image = _blank_grid(cell).copy()
    draw = ImageDraw.Draw(image)
    digits = font(cell * 58 // 100)
    printed_box = cell * 30 // 100
    for index, value in enumerate(sheet.values):
        if not value:
            continue
        x0, y0, x1, y1 = _field_box(index, cell)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        colour = COLOURS[index]
        if colour == "printed":
            cx, cy = centre
            draw.rounded_rectangle(
                (cx - printed_box, cy - printed_box, cx + printed_box, cy + printed_box),
                radius=cell // 12,
                outline=INK,
                width=max(2, cell // 30),
                fill=WHITE_FIELD,
            )
            _centred(draw, centre, str(value), digits, INK, stroke_width=max(1, cell // 45))
        else:
            # A halo in the field colour keeps the digit clear of the texture.
            halo = max(2, cell // 25)
            _centred(draw, centre, str(value), digits, PEN, halo, FILL[colour])
    if highlight:
        for name in sheet.last:
            marked = field_index(name)
            if marked is not None:
                x0, y0, x1, y1 = _field_box(marked, cell)
                inset = max(2, cell // 25)
                draw.rectangle(
                    (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                    outline=HIGHLIGHT,
                    width=max(3, cell // 14),
                )
    badge = font(max(12, cell * 30 // 100))
    radius = max(9, cell * 22 // 100)
    for square, points in zip(SQUARES, sheet.points, strict=True):
        if points is None:
            continue
        _, _, cx, cy = _field_box(square[0], cell)  # the corner the square's fields share
        fill = INK if points else MUTED
        draw.ellipse(
            (cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline=PANEL, width=2
        )
        _centred(draw, (cx, cy), str(points), badge, PANEL)
    return image


# -- the full sheet picture -----------------------------------------------------------------


def sheet_image(
    view: TuftelnView, say: Say, seat: int | None = None, name: str | None = None
) -> tuple[Image.Image, str]:
    """A sheet: the viewer's own (`view.me`), or any seat's once the game is over."""
    sheet = _pick_sheet(view, seat)
    who = name or say("tufteln.picture.player", number=sheet.seat + 1)
    grid = draw_grid(sheet)
    panel_width = 330  # room for the longer German category names
    width = MARGIN * 3 + grid.width + panel_width
    legend_height = 56
    height = MARGIN + 56 + grid.height + 12 + legend_height + MARGIN
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    filled = sum(1 for i, v in enumerate(sheet.values) if v and COLOURS[i] != "printed")
    rolls_done = filled // 2
    title = say("tufteln.picture.sheet_title", name=who)
    fit_text(draw, (MARGIN, MARGIN), title, 34, width - 2 * MARGIN, INK)
    sub = say(
        "tufteln.picture.sheet_subtitle", variant=view.variant, done=rolls_done, rounds=ROUNDS
    )
    fit_text(draw, (MARGIN, MARGIN + 40), sub, 18, width - 2 * MARGIN, MUTED)
    top = MARGIN + 56 + 6
    image.paste(grid, (MARGIN, top))
    _draw_panel(draw, say, sheet, (MARGIN * 2 + grid.width, top + 34), panel_width)
    _draw_legend(draw, say, (MARGIN, top + grid.height + 12), width - 2 * MARGIN)
    return image, _sheet_alt(say, sheet, who, rolls_done)


def _pick_sheet(view: TuftelnView, seat: int | None) -> SheetView:
    if seat is None or (view.me is not None and view.me.seat == seat):
        if view.me is None:
            raise ValueError("the public view has no sheet while the game goes on")
        return view.me
    if view.sheets is None:
        raise ValueError("other sheets are shown only once the game is over")
    return view.sheets[seat]


def _draw_panel(
    draw: ImageDraw.ImageDraw, say: Say, sheet: SheetView, origin: tuple[int, int], width: int
) -> None:
    x, y = origin
    row = 40
    height = row * (len(CATEGORIES) + 2) + 70 + (64 if sheet.rating else 0)
    draw.rounded_rectangle((x, y, x + width, y + height), radius=12, fill=PANEL, outline=MUTED)
    x += 14
    right = x + width - 28
    counts = {c: sheet.squares.count(c) for c in CATEGORIES}
    fit_text(draw, (x, y + 10), say("tufteln.picture.points_per_square"), 20, right - x, MUTED)
    y += 44
    face = font(20)
    for category in CATEGORIES:
        count = counts[category]
        ink = INK if count else MUTED
        name = say(f"tufteln.picture.category.{category}")
        fit_text(draw, (x, y), name, 20, right - 84 - x, ink)
        draw.text((right - 74, y), str(POINTS[category]), font=face, fill=ink, anchor="ra")
        if count:
            draw.text((right, y), f"×{count}", font=face, fill=INK, anchor="ra")
            if category in SCORING:
                _tick(draw, (right - 52, y + 11))
        y += row
    progress = sum(1 for c in SCORING if counts[c])
    draw.line((x, y - 6, right, y - 6), fill=MUTED, width=1)
    bonus = say("tufteln.picture.bonus_progress", done=progress, kinds=len(SCORING))
    fit_text(draw, (x, y), bonus, 20, right - 64 - x, INK if sheet.bonus else MUTED)
    draw.text((right, y), str(sheet.bonus or 0) + f" / {BONUS}", font=face, fill=INK, anchor="ra")
    y += row
    fit_text(draw, (x, y + 2), say("tufteln.picture.total"), 30, right - 70 - x, INK)
    draw.text((right, y + 2), str(sheet.total), font=font(30), fill=INK, anchor="ra")
    if sheet.rating:
        fit_text(draw, (x, y + 52), say("tufteln.picture.solo_rating"), 18, right - x, MUTED)
        rating = say(f"tufteln.picture.rating.{sheet.rating}")
        fit_text(draw, (x, y + 76), rating, 22, right - x, INK)


def _tick(draw: ImageDraw.ImageDraw, centre: tuple[int, int]) -> None:
    cx, cy = centre
    draw.line(((cx - 7, cy), (cx - 2, cy + 6), (cx + 8, cy - 7)), fill=(0, 158, 115), width=4)


LEGEND: tuple[tuple[str, str], ...] = (
    ("white", "legend_white"),
    ("yellow", "legend_yellow"),
    ("blue", "legend_blue"),
    ("printed", "legend_printed"),
    ("last", "legend_last"),
)


def _draw_legend(draw: ImageDraw.ImageDraw, say: Say, origin: tuple[int, int], width: int) -> None:
    """One line of swatches with their words; a smaller face where a language's words
    are longer, so the line always fits."""
    x, y = origin
    swatch, pad, gap = 34, 8, 22
    texts = [say(f"tufteln.picture.{key}") for _, key in LEGEND]
    room = width - len(LEGEND) * (swatch + pad + gap) + gap
    size = 18
    while size > 11 and sum(draw.textlength(t, font=font(size)) for t in texts) > room:
        size -= 1
    for (colour, _), text in zip(LEGEND, texts, strict=True):
        box = (x, y, x + swatch, y + swatch)
        if colour == "last":
            draw.rectangle(box, fill=WHITE_FIELD, outline=HIGHLIGHT, width=5)
        else:
            draw.rectangle(box, fill=FILL[colour])
            _texture(draw, box, colour)
            draw.rectangle(box, outline=GRID_LINE, width=2)
        top = y + (swatch - size) // 2 - 1
        x += swatch + pad + int(draw_text(draw, (x + swatch + pad, top), text, size, INK)) + gap


def _sheet_alt(say: Say, sheet: SheetView, who: str, rolls_done: int) -> str:
    rows = []
    for r in range(SIZE):
        cells = sheet.values[r * SIZE : (r + 1) * SIZE]
        values = " ".join(str(v) if v else "_" for v in cells)
        rows.append(say("tufteln.picture.alt_row", row=r + 1, values=values))
    last = say("tufteln.picture.alt_last", fields=", ".join(sheet.last)) if sheet.last else ""
    return say(
        "tufteln.picture.sheet_alt",
        name=who,
        done=rolls_done,
        rounds=ROUNDS,
        total=sheet.total,
        bonus=sheet.bonus,
        last=last,
        rows="; ".join(rows),
    )


# -- dice ---------------------------------------------------------------------------------

_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def dice_image(view: TuftelnView, say: Say, roll: int | None = None) -> tuple[Image.Image, str]:
    """Two dice with pips: roll number `roll` (1-based), by default the latest roll."""
    if not view.rolls:
        raise ValueError("no roll has been made yet")
    number = roll or len(view.rolls)
    dice = view.rolls[number - 1]
    size, gap = 190, 60
    width = MARGIN * 2 + size * 2 + gap
    height = MARGIN * 2 + 48 + size + 44
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = say("tufteln.picture.roll_title", roll=number, rounds=ROUNDS)
    fit_text(draw, (MARGIN, MARGIN), title, 34, width - 2 * MARGIN, INK)
    y = MARGIN + 56
    for k, value in enumerate(dice):
        x = MARGIN + k * (size + gap)
        _die(draw, (x, y), size, value)
        label = say("tufteln.picture.die", number=k + 1)
        _centred(draw, (x + size / 2, y + size + 24), label, font(22), MUTED)
    alt = say("tufteln.picture.roll_alt", roll=number, rounds=ROUNDS, first=dice[0], second=dice[1])
    return image, alt


def _die(draw: ImageDraw.ImageDraw, origin: tuple[int, int], size: int, value: int) -> None:
    x, y = origin
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size // 7, fill=PANEL, outline=INK, width=5
    )
    r = size // 11
    for col, row in _PIPS[value]:
        cx = x + size * (0.25 + 0.25 * col)
        cy = y + size * (0.25 + 0.25 * row)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK)


# -- final scoreboard ------------------------------------------------------------------------

LIST_ROWS = 20  # entries listed before "and N more"


def scoreboard_image(
    view: TuftelnView, say: Say, names: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """Every sheet's total, ranked (the top entries and a count of the rest), and the best sheet."""
    if view.sheets is None:
        raise ValueError("the scoreboard is drawn once the game is over")

    def who(seat: int) -> str:
        if names and seat < len(names):
            return names[seat]
        return say("tufteln.picture.player", number=seat + 1)

    ranked = sorted(view.sheets, key=lambda s: (-s.total, s.seat))
    ranks = _ranks([s.total for s in ranked])
    best = ranked[0]
    grid = draw_grid(best, SCORE_CELL, highlight=False)
    list_width = 470
    width = MARGIN * 3 + list_width + grid.width
    shown = ranked[:LIST_ROWS]
    row = 34
    # The best sheet's column: caption, whose sheet, grid, then one summary line per
    # scoring kind and the bonus line (see `_best_summary`).
    summary = 1 + sum(1 for c in CATEGORIES if POINTS[c] and best.squares.count(c))
    best_column = 58 + grid.height + 14 + 26 * summary
    height = MARGIN * 2 + 60 + max(row * len(shown) + 50, best_column)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = say("tufteln.picture.scores_title")
    fit_text(draw, (MARGIN, MARGIN), title, 34, width - 2 * MARGIN, INK)
    y = MARGIN + 60
    face = font(22)
    for sheet, rank in zip(shown, ranks, strict=False):
        x = MARGIN
        winner = sheet.seat in view.winners
        draw.text((x + 44, y + 2), f"{rank}.", font=face, fill=INK, anchor="ra")
        _chip(draw, (x + 52, y), sheet.seat)
        _name(draw, (x + 90, y + 2), who(sheet.seat), list_width - 190)
        draw.text((x + list_width - 10, y + 2), str(sheet.total), font=face, fill=INK, anchor="ra")
        if winner:
            _star(draw, (x + list_width - 60, y + 13))
        y += row
    rest = ranked[LIST_ROWS:]
    if rest:
        text = say("tufteln.picture.more", count=len(rest), low=rest[-1].total, high=rest[0].total)
        fit_text(draw, (MARGIN, y + 8), text, 20, list_width, MUTED)
    gx = MARGIN * 2 + list_width
    caption = say("tufteln.picture.best_sheet", total=best.total)
    fit_text(draw, (gx, MARGIN + 60), caption, 20, grid.width, INK)
    _name(draw, (gx, MARGIN + 86), who(best.seat), grid.width)
    image.paste(grid, (gx, MARGIN + 118))
    _best_summary(draw, say, best, (gx, MARGIN + 118 + grid.height + 14), grid.width)
    if len(view.winners) <= 3:
        winners = say(
            "tufteln.picture.alt_winner",
            count=len(view.winners),
            names=", ".join(who(s) for s in view.winners),
            total=best.total,
        )
    else:
        winners = say(
            "tufteln.picture.alt_winners_count", count=len(view.winners), total=best.total
        )
    more = say("tufteln.picture.alt_more", count=len(rest)) if rest else ""
    entries: list[str] = []
    for sheet, rank in zip(shown, ranks, strict=False):
        entry = say("tufteln.picture.alt_rank", rank=rank, name=who(sheet.seat), total=sheet.total)
        if sum(len(e) + 2 for e in entries) + len(entry) > 600:
            break
        entries.append(entry)
    alt = say("tufteln.picture.scores_alt", winners=winners, ranking="; ".join(entries), more=more)
    return image, alt


def _name(draw: ImageDraw.ImageDraw, xy: tuple[int, int], name: str, width: int) -> None:
    """A player's name in the list: smaller where it is long, cut short ("…") only where
    even the smallest face would overflow."""
    size = 22
    while size > 13 and draw.textlength(name, font=font(size)) > width:
        size -= 1
    while len(name) > 3 and draw.textlength(name, font=font(size)) > width:
        name = name[:-2] + "…"
    draw_text(draw, (xy[0], xy[1] + (22 - size) // 2), name, size, INK)


def _best_summary(
    draw: ImageDraw.ImageDraw, say: Say, sheet: SheetView, origin: tuple[int, int], width: int
) -> None:
    """The best sheet's scoring squares, one line per category, and its bonus."""
    x, y = origin
    for category in CATEGORIES:
        count = sheet.squares.count(category)
        if count and POINTS[category]:
            line = say(
                "tufteln.picture.category_line",
                category=say(f"tufteln.picture.category.{category}"),
                count=count,
                points=count * POINTS[category],
            )
            fit_text(draw, (x, y), line, 18, width, INK)
            y += 26
    if sheet.bonus:
        fit_text(draw, (x, y), say("tufteln.picture.bonus", bonus=sheet.bonus), 18, width, INK)
    else:
        fit_text(draw, (x, y), say("tufteln.picture.no_bonus"), 18, width, MUTED)


def _ranks(totals: list[int]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for totals sorted from highest."""
    ranks: list[int] = []
    for k, points in enumerate(totals):
        ranks.append(ranks[-1] if k and points == totals[k - 1] else k + 1)
    return ranks


def _chip(draw: ImageDraw.ImageDraw, origin: tuple[int, int], seat: int) -> None:
    """The seat's colour with its letter, so players differ without colour too."""
    x, y = origin
    colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + 28, y + 28), radius=6, fill=colour)
    text = (255, 255, 255) if sum(colour) < 450 else INK
    _centred(draw, (x + 14, y + 15), player_letter(seat), font(18), text)


def _star(draw: ImageDraw.ImageDraw, centre: tuple[int, int]) -> None:
    """A small star marking the winners."""
    cx, cy = centre
    points = []
    for k in range(10):
        radius = 12 if k % 2 == 0 else 5
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=(230, 159, 0), outline=INK)
