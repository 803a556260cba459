"""Pictures for Tüfteln, drawn from views: a sheet, a roll of two dice, the final standings.

Sized for how Discord shows an attachment (at most 550 x 350 on a desktop, see
`games.pictures.shown_scale`): every picture is landscape, and no text is drawn
smaller than `MIN_SHOWN_TEXT` pixels at the displayed size (`_smallest`). The sheet
keeps its points table and legend beside the grid, not below it, so the grid itself
stays as tall as the picture.

Colours are doubled by texture so they read without colour: blue fields carry
diagonal stripes, yellow fields dots, white fields are plain. Pre-printed numbers
are bold and boxed; numbers written in play are plain pen strokes. Players are
marked by the letters of their names (`letters`, see `games.pictures.name_letters`)
beside their colours.

Every word drawn, and every description (alt text), comes from the catalog through
the `say` the adapter passes, so a picture is in its reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from games.pictures import (
    BACKGROUND,
    INK,
    MIN_SHOWN_TEXT,
    MUTED,
    Say,
    font,
    player_colour,
    player_letter,
    shown_scale,
)
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
STAR = (230, 159, 0)
TICK = (0, 158, 115)

FILL = {"white": WHITE_FIELD, "blue": BLUE_FIELD, "yellow": YELLOW_FIELD, "printed": PRINTED_FIELD}
MARGIN = 24

# Canvases, at Discord's shape (11:7): shown at half size, so text is drawn at >= 22 px.
WIDE = 1100
TALL = 700
DICE_SIZE = (550, 350)  # shown at full size
SHEET_GRID = 624  # a player's grid, in the height of 700; its words take the rest


def _smallest(width: int, height: int) -> int:
    """The smallest font size that still shows `MIN_SHOWN_TEXT` px tall on a desktop."""
    return math.ceil(MIN_SHOWN_TEXT / shown_scale(width, height))


# -- text -------------------------------------------------------------------------------


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int] = INK,
    bold: bool = False,
    anchor: str = "la",
) -> float:
    """Draw `text` at `xy` (its top left by default). Returns the width."""
    face = font(size, bold)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return draw.textlength(text, font=face)


def fitted(
    draw: ImageDraw.ImageDraw, text: str, size: int, width: float, smallest: int, bold: bool = False
) -> tuple[str, int]:
    """`text` at `size`, or smaller down to `smallest` where it would overflow `width`
    (German words run longer), and cut short with "…" only where even that overflows."""
    while size > smallest and draw.textlength(text, font=font(size, bold)) > width:
        size -= 1
    while len(text) > 2 and draw.textlength(text, font=font(size, bold)) > width:
        text = text[:-2].rstrip() + "…"
    return text, size


def fit_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: float,
    fill: tuple[int, int, int] = INK,
    smallest: int = 22,
    bold: bool = False,
    anchor: str = "la",
) -> float:
    """Draw `text` so that it fits `width` (see `fitted`). Returns the width."""
    text, size = fitted(draw, text, size, width, smallest, bold)
    return draw_text(draw, xy, text, size, fill, bold, anchor)


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


@dataclass(frozen=True)
class Grid:
    """The geometry of a drawn sheet: field size, the band of column and row labels
    (0: none), the gap between squares and the smallest text allowed."""

    cell: int
    labels: bool = True
    smallest: int = 22

    @property
    def label_size(self) -> int:
        return max(self.smallest, self.cell * 26 // 100)

    @property
    def band(self) -> int:
        return self.label_size + 12 if self.labels else 0

    @property
    def gap(self) -> int:
        return max(6, self.cell // 8)

    @property
    def width(self) -> int:
        return self.band + SIZE * self.cell + 2 * self.gap

    def box(self, index: int) -> tuple[int, int, int, int]:
        row, col = divmod(index, SIZE)
        x = self.band + col * self.cell + (col // 2) * self.gap
        y = self.band + row * self.cell + (row // 2) * self.gap
        return x, y, x + self.cell, y + self.cell

    @staticmethod
    def fitting(width: int, labels: bool, smallest: int) -> Grid:
        """The largest grid no wider (and taller) than `width`."""
        cell = width // SIZE
        while cell > 8 and Grid(cell, labels, smallest).width > width:
            cell -= 1
        return Grid(cell, labels, smallest)


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
def _blank_grid(grid: Grid) -> Image.Image:
    """The empty sheet at one size: colours, textures, labels, the squares' frames."""
    image = Image.new("RGB", (grid.width, grid.width), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = font(grid.label_size)
    for index in range(SIZE * SIZE):
        x0, y0, x1, y1 = grid.box(index)
        colour = COLOURS[index]
        draw.rectangle((x0, y0, x1, y1), fill=FILL[colour])
        _texture(draw, (x0, y0, x1, y1), colour)
        draw.rectangle((x0, y0, x1, y1), outline=GRID_LINE, width=max(1, grid.cell // 50))
        if grid.labels and index < SIZE:
            _centred(draw, ((x0 + x1) / 2, grid.band / 2), COLUMNS[index], small, MUTED)
        if grid.labels and index % SIZE == 0:
            _centred(draw, (grid.band / 2, (y0 + y1) / 2), str(index // SIZE + 1), small, MUTED)
    for square in SQUARES:  # a heavier frame around each 2x2 square
        x0, y0, _, _ = grid.box(square[0])
        _, _, x1, y1 = grid.box(square[2])
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=max(2, grid.cell // 25))
    return image


@cache
def _digit(
    text: str,
    size: int,
    fill: tuple[int, int, int],
    stroke: int = 0,
    stroke_fill: tuple[int, int, int] | None = None,
) -> Image.Image:
    """A number as drawn on the sheet, on a transparent tile (the same numbers are drawn
    on every sheet, again and again: drawn once, then pasted)."""
    face = font(size)
    side = size * 2 + stroke * 2
    tile = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        (side / 2, side / 2),
        text,
        font=face,
        fill=fill,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )
    return tile


def _stamp(image: Image.Image, centre: tuple[float, float], tile: Image.Image) -> None:
    x, y = round(centre[0] - tile.width / 2), round(centre[1] - tile.height / 2)
    image.paste(tile, (x, y), tile)


def draw_grid(sheet: SheetView, grid: Grid, highlight: bool = True) -> Image.Image:
    """The sheet's 6x6 grid with numbers, last placement and square points."""
    image = _blank_grid(grid).copy()
    draw = ImageDraw.Draw(image)
    cell = grid.cell
    digits = font(max(grid.smallest, cell * 58 // 100))
    printed_box = cell * 30 // 100
    for index, value in enumerate(sheet.values):
        if not value:
            continue
        x0, y0, x1, y1 = grid.box(index)
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
            _stamp(image, centre, _digit(str(value), digits.size, INK, max(1, cell // 45), INK))
        else:
            # A halo in the field colour keeps the digit clear of the texture.
            halo = max(2, cell // 25)
            _stamp(image, centre, _digit(str(value), digits.size, PEN, halo, FILL[colour]))
    if highlight:
        for name in sheet.last:
            marked = field_index(name)
            if marked is not None:
                x0, y0, x1, y1 = grid.box(marked)
                inset = max(2, cell // 25)
                draw.rectangle(
                    (x0 + inset, y0 + inset, x1 - inset, y1 - inset),
                    outline=HIGHLIGHT,
                    width=max(3, cell // 14),
                )
    badge = font(max(grid.smallest, cell * 30 // 100), bold=True)
    radius = max(badge.size * 3 // 4, cell * 22 // 100)
    for square, points in zip(SQUARES, sheet.points, strict=True):
        if points is None:
            continue
        _, _, cx, cy = grid.box(square[0])  # the corner the square's fields share
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
    """A sheet: the viewer's own (`view.me`), or any seat's once the game is over.

    The grid fills the picture's height on the left; the title, the points table and
    the legend stand beside it.
    """
    sheet = _pick_sheet(view, seat)
    who = name or say("tufteln.picture.player", number=sheet.seat + 1)
    smallest = _smallest(WIDE, TALL)
    image = Image.new("RGB", (WIDE, TALL), BACKGROUND)
    draw = ImageDraw.Draw(image)
    grid = Grid.fitting(SHEET_GRID, labels=True, smallest=smallest)
    image.paste(draw_grid(sheet, grid), (MARGIN, (TALL - grid.width) // 2))
    x = MARGIN * 2 + grid.width
    width = WIDE - MARGIN - x
    rolls_done = sum(1 for i, v in enumerate(sheet.values) if v and COLOURS[i] != "printed") // 2
    title, size = _title(draw, say, who, width, smallest)
    draw_text(draw, (x, MARGIN + 32 - size), title, size, INK, bold=True)
    sub = say(
        "tufteln.picture.sheet_subtitle", variant=view.variant, done=rolls_done, rounds=ROUNDS
    )
    fit_text(draw, (x, MARGIN + 42), sub, smallest, width, MUTED, smallest)
    bottom = _draw_points(draw, say, sheet, (x, MARGIN + 80), width, smallest)
    legend_top = max(bottom + 18, TALL - MARGIN - 3 * LEGEND_ROW)
    _draw_legend(draw, say, (x, legend_top), width, smallest)
    return image, _sheet_alt(say, sheet, who, rolls_done)


def _title(
    draw: ImageDraw.ImageDraw, say: Say, name: str, width: int, smallest: int
) -> tuple[str, int]:
    """ "Ana's sheet" and its size: smaller for a long name, and the name cut short
    ("…") rather than the words around it where even that is too wide."""
    title = say("tufteln.picture.sheet_title", name=name)
    size = 32
    while size > smallest + 4 and draw.textlength(title, font=font(size, bold=True)) > width:
        size -= 1
    while len(name) > 2 and draw.textlength(title, font=font(size, bold=True)) > width:
        name = name[:-2].rstrip() + "…"
        title = say("tufteln.picture.sheet_title", name=name)
    return title, size


def _pick_sheet(view: TuftelnView, seat: int | None) -> SheetView:
    if seat is None or (view.me is not None and view.me.seat == seat):
        if view.me is None:
            raise ValueError("the public view has no sheet while the game goes on")
        return view.me
    if view.sheets is None:
        raise ValueError("other sheets are shown only once the game is over")
    return view.sheets[seat]


ROW = 30  # a line of the points table


def _draw_points(
    draw: ImageDraw.ImageDraw,
    say: Say,
    sheet: SheetView,
    origin: tuple[int, int],
    width: int,
    smallest: int,
) -> int:
    """The points per square, how many of each the sheet has, the bonus and the total
    (and the solo rating at the end). Returns the bottom edge."""
    x0, y0 = origin
    size = smallest
    rows = len(CATEGORIES) + 1  # the categories and the bonus
    height = 14 + ROW + rows * ROW + 6 + 8 + 44 + (2 * ROW + 8 if sheet.rating else 0) + 8
    draw.rounded_rectangle((x0, y0, x0 + width, y0 + height), radius=12, fill=PANEL, outline=MUTED)
    x, right = x0 + 14, x0 + width - 14
    y = y0 + 10
    fit_text(draw, (x, y), say("tufteln.picture.points_per_square"), size, right - x, MUTED, size)
    y += ROW + 4
    counts = {c: sheet.squares.count(c) for c in CATEGORIES}
    points = right - 84  # the right edge of the points column; ticks and counts follow
    for category in CATEGORIES:
        count = counts[category]
        ink = INK if count else MUTED
        name = say(f"tufteln.picture.category.{category}")
        fit_text(draw, (x, y), name, size, points - 40 - x, ink, size)
        draw_text(draw, (points, y), str(POINTS[category]), size, ink, anchor="ra")
        if count:
            draw_text(draw, (right, y), f"×{count}", size, INK, anchor="ra")
            if category in SCORING:
                _tick(draw, (points + 22, y + 12))
        y += ROW
    draw.line((x, y + 1, right, y + 1), fill=MUTED, width=1)  # below the descenders
    y += 6
    done = sum(1 for c in SCORING if counts[c])
    bonus = say("tufteln.picture.bonus_progress", done=done, kinds=len(SCORING))
    ink = INK if sheet.bonus else MUTED
    value = f"{sheet.bonus} / {BONUS}"
    value_width = draw.textlength(value, font=font(size))
    fit_text(draw, (x, y), bonus, size, right - value_width - 12 - x, ink, size)
    draw_text(draw, (right, y), value, size, ink, anchor="ra")
    y += ROW + 8
    total = str(sheet.total)
    total_width = draw.textlength(total, font=font(34, bold=True))
    fit_text(draw, (x, y), say("tufteln.picture.total"), 30, right - total_width - x, INK, size)
    draw_text(draw, (right, y - 2), total, 34, INK, bold=True, anchor="ra")
    y += 44
    if sheet.rating:
        fit_text(draw, (x, y), say("tufteln.picture.solo_rating"), size, right - x, MUTED, size)
        rating = say(f"tufteln.picture.rating.{sheet.rating}")
        fit_text(draw, (x, y + ROW), rating, 26, right - x, INK, size, bold=True)
    return y0 + height


def _tick(draw: ImageDraw.ImageDraw, centre: tuple[int, int]) -> None:
    """A check mark: the category counts towards the bonus."""
    cx, cy = centre
    draw.line(((cx - 8, cy), (cx - 2, cy + 7), (cx + 9, cy - 8)), fill=TICK, width=4)


LEGEND: tuple[tuple[str, str], ...] = (
    ("white", "legend_white"),
    ("yellow", "legend_yellow"),
    ("blue", "legend_blue"),
    ("printed", "legend_printed"),
    ("last", "legend_last"),
)
LEGEND_ROW = 37


def _draw_legend(
    draw: ImageDraw.ImageDraw, say: Say, origin: tuple[int, int], width: int, smallest: int
) -> None:
    """Swatches with their words in two columns (three rows)."""
    x0, y0 = origin
    swatch, pad = 30, 10
    column = width // 2
    for k, (colour, key) in enumerate(LEGEND):
        x = x0 + (k % 2) * column
        y = y0 + (k // 2) * LEGEND_ROW
        box = (x, y, x + swatch, y + swatch)
        if colour == "last":
            draw.rectangle(box, fill=WHITE_FIELD, outline=HIGHLIGHT, width=5)
        else:
            draw.rectangle(box, fill=FILL[colour])
            _texture(draw, box, colour)
            draw.rectangle(box, outline=GRID_LINE, width=2)
        text = say(f"tufteln.picture.{key}")
        room = column - swatch - pad - 8
        fit_text(
            draw,
            (x + swatch + pad, y + swatch // 2),
            text,
            smallest,
            room,
            INK,
            smallest,
            anchor="lm",
        )


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
        count=sheet.total,
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
    """Two dice with pips: roll number `roll` (1-based), by default the latest roll.
    Exactly as large as Discord shows a picture, so it is never shrunk."""
    if not view.rolls:
        raise ValueError("no roll has been made yet")
    number = roll or len(view.rolls)
    dice = view.rolls[number - 1]
    width, height = DICE_SIZE
    smallest = _smallest(width, height)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = say("tufteln.picture.roll_title", roll=number, rounds=ROUNDS)
    fit_text(draw, (MARGIN, MARGIN - 6), title, 34, width - 2 * MARGIN, INK, smallest, bold=True)
    label_size = 24
    size = height - (MARGIN + 40) - 10 - (label_size + 8) - MARGIN // 2
    gap = width - 2 * MARGIN - 2 * size
    y = MARGIN + 40
    for k, value in enumerate(dice):
        x = MARGIN + k * (size + gap)
        _die(draw, (x, y), size, value)
        label = say("tufteln.picture.die", number=k + 1)
        _centred(
            draw, (x + size / 2, y + size + 10 + label_size / 2), label, font(label_size), MUTED
        )
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


# -- final standings ----------------------------------------------------------------------

SIDE_BY_SIDE_UP_TO = 3  # this many players: every final sheet, side by side
LIST_ROW = 36  # the smallest line of the ranked list
TITLE_BAND = 56  # the picture's title line


@dataclass(frozen=True)
class Standing:
    """One player in the standings: rank, name, mark, total, and whether they won."""

    sheet: SheetView
    rank: int
    name: str
    letter: str
    winner: bool


def scoreboard_image(
    view: TuftelnView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
) -> tuple[Image.Image, str]:
    """The final standings: a solo game's sheet with its rating; two or three players'
    sheets side by side, best first; for more, the ranked list (the top entries and a
    count of the rest) beside the best sheet. `letters`: each seat's mark (from the
    names), beside its colour."""
    if view.sheets is None:
        raise ValueError("the scoreboard is drawn once the game is over")

    def who(seat: int) -> str:
        if names and seat < len(names):
            return names[seat]
        return say("tufteln.picture.player", number=seat + 1)

    def mark(seat: int) -> str:
        return letters[seat] if letters and seat < len(letters) else player_letter(seat)

    if len(view.sheets) == 1:
        return sheet_image(view, say, seat=0, name=who(0))
    ranked = sorted(view.sheets, key=lambda s: (-s.total, s.seat))
    standings = [
        Standing(sheet, rank, who(sheet.seat), mark(sheet.seat), sheet.seat in view.winners)
        for sheet, rank in zip(ranked, _ranks([s.total for s in ranked]), strict=True)
    ]
    if len(standings) <= SIDE_BY_SIDE_UP_TO:
        image, shown = _side_by_side(say, standings), len(standings)
    else:
        image, shown = _ranked_list(say, standings)
    return image, _scores_alt(say, view, standings, shown)


def _side_by_side(say: Say, standings: list[Standing]) -> Image.Image:
    """Every sheet in a column of its own: rank, mark, name, total and the grid."""
    count = len(standings)
    gutter = 40
    column = (WIDE - 2 * MARGIN - (count - 1) * gutter) // count
    smallest = _smallest(WIDE, TALL)
    grid = Grid.fitting(column, labels=False, smallest=smallest)
    header = 2 * 40
    height = MARGIN + TITLE_BAND + header + grid.width + MARGIN
    smallest = _smallest(WIDE, height)
    image = Image.new("RGB", (WIDE, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = say("tufteln.picture.scores_title")
    fit_text(draw, (MARGIN, MARGIN - 4), title, 34, WIDE - 2 * MARGIN, INK, smallest, bold=True)
    for k, standing in enumerate(standings):
        x = MARGIN + k * (column + gutter)
        y = MARGIN + TITLE_BAND
        _entry(draw, standing, (x, y), column, 28, smallest, total=False)
        points = say("tufteln.points", count=standing.sheet.total)
        if standing.sheet.bonus:
            points = say("tufteln.picture.points_bonus", points=points, bonus=standing.sheet.bonus)
        fit_text(draw, (x, y + 40), points, 26, column, INK, smallest)
        image.paste(draw_grid(standing.sheet, grid, highlight=False), (x, y + header))
    return image


def _ranked_list(say: Say, standings: list[Standing]) -> tuple[Image.Image, int]:
    """The ranked list on the left, the best sheet on the right. Returns the picture
    and how many entries it lists by name."""
    more_band = LIST_ROW + 4
    fits = (TALL - 2 * MARGIN - TITLE_BAND) // LIST_ROW
    if len(standings) > fits:  # the last line says how many more there are
        fits = (TALL - 2 * MARGIN - TITLE_BAND - more_band) // LIST_ROW
    shown = min(fits, len(standings))
    listed = standings[:shown]
    rest = standings[shown:]
    # As tall as the list needs (the best sheet stays large enough to read), at most 700.
    needed = 2 * MARGIN + TITLE_BAND + len(listed) * LIST_ROW + (more_band if rest else 0)
    height = min(TALL, max(500, needed))
    smallest = _smallest(WIDE, height)
    caption = 2 * 36
    grid = Grid.fitting(height - 2 * MARGIN - caption, labels=False, smallest=smallest)
    image = Image.new("RGB", (WIDE, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    left = WIDE - 3 * MARGIN - grid.width
    title = say("tufteln.picture.scores_title")
    fit_text(draw, (MARGIN, MARGIN - 4), title, 34, left, INK, smallest, bold=True)
    room = height - 2 * MARGIN - TITLE_BAND - (more_band if rest else 0)
    row = min(100, room // len(listed))  # a short list gets larger lines
    size = max(smallest, min(36, row * 62 // 100))
    y = MARGIN + TITLE_BAND
    columns = _columns(draw, listed, size)
    for standing in listed:
        _entry(draw, standing, (MARGIN, y + (row - size) // 2 - 2), left, size, smallest, columns)
        y += row
    if rest:
        text = say(
            "tufteln.picture.more",
            count=len(rest),
            low=rest[-1].sheet.total,
            high=rest[0].sheet.total,
        )
        fit_text(draw, (MARGIN, y + 6), text, smallest, left, MUTED, smallest)
    best = standings[0]
    x = WIDE - MARGIN - grid.width
    fit_text(
        draw,
        (x, MARGIN - 2),
        say("tufteln.picture.best_sheet"),
        smallest,
        grid.width,
        MUTED,
        smallest,
    )
    _entry(draw, best, (x, MARGIN + 32), grid.width, 26, smallest, columns=None)
    image.paste(draw_grid(best.sheet, grid, highlight=False), (x, MARGIN + caption))
    return image, len(listed)


def _entry(
    draw: ImageDraw.ImageDraw,
    standing: Standing,
    origin: tuple[int, int],
    width: int,
    size: int,
    smallest: int,
    columns: tuple[int, int] | None = (0, 0),
    total: bool = True,
) -> None:
    """One line of the standings: "3." [mark] name ★ total, in `width` pixels.
    `columns`: the widths of the rank and the mark columns, so lines align (None:
    no rank)."""
    x, y = origin
    right = x + width
    rank_width, chip_width = columns or (0, 0)
    if columns is not None:
        rank = f"{standing.rank}."
        rank_width = max(rank_width, int(draw.textlength(rank, font=font(size))))
        draw_text(draw, (x + rank_width, y), rank, size, INK, anchor="ra")
        x += rank_width + 10
    chip = _chip(draw, (x, y + size // 2 + 2), standing.sheet.seat, standing.letter, size)
    x += max(chip, chip_width) + 10
    if total:
        right -= int(draw_text(draw, (right, y), str(standing.sheet.total), size, INK, True, "ra"))
        right -= 10
    star = size + 8 if standing.winner else 0
    x += int(fit_text(draw, (x, y), standing.name, size, right - star - x, INK, smallest))
    if standing.winner:  # at the right edge of a list; just after the name above a sheet
        centre = right - size // 2 if total else x + 8 + size // 2
        _star(draw, (centre, y + size // 2 + 2), size // 2)


def _columns(draw: ImageDraw.ImageDraw, standings: list[Standing], size: int) -> tuple[int, int]:
    """The widths of the rank and the mark columns of a list."""
    ranks = max(draw.textlength(f"{s.rank}.", font=font(size)) for s in standings)
    marks = max(_chip_width(draw, s.letter, size) for s in standings)
    return int(ranks), marks


def _chip_width(draw: ImageDraw.ImageDraw, letter: str, size: int) -> int:
    return max(size + 8, int(draw.textlength(letter, font=font(size, bold=True))) + 14)


def _chip(
    draw: ImageDraw.ImageDraw, centre_left: tuple[int, int], seat: int, letter: str, size: int
) -> int:
    """The seat's colour with its mark (from the name), so players differ without colour
    too. Returns its width."""
    x, cy = centre_left
    height = size + 8
    width = _chip_width(draw, letter, size)
    colour = player_colour(seat)
    box = (x, cy - height // 2, x + width, cy + height // 2)
    draw.rounded_rectangle(box, radius=7, fill=colour)
    text = (255, 255, 255) if sum(colour) < 450 else INK
    _centred(draw, (x + width / 2, cy), letter, font(size, bold=True), text)
    return width


def _star(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int) -> None:
    """A star marking the winners."""
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.42
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(points, fill=STAR, outline=INK)


def _scores_alt(say: Say, view: TuftelnView, standings: list[Standing], shown: int) -> str:
    best = standings[0].sheet.total
    winners = [s for s in standings if s.winner]
    points = say("tufteln.points", count=best)
    if len(winners) <= 3:
        line = say(
            "tufteln.picture.alt_winner",
            count=len(winners),
            names=", ".join(s.name for s in winners),
            points=points,
        )
    else:
        line = say("tufteln.picture.alt_winners_count", count=len(winners), points=points)
    entries: list[str] = []
    for standing in standings[:shown]:
        entry = say(
            "tufteln.picture.alt_rank",
            rank=standing.rank,
            name=standing.name,
            total=standing.sheet.total,
        )
        if sum(len(e) + 2 for e in entries) + len(entry) > 600:
            break
        entries.append(entry)
    rest = len(standings) - len(entries)
    more = say("tufteln.picture.alt_more", count=rest) if rest else ""
    return say("tufteln.picture.scores_alt", winners=line, ranking="; ".join(entries), more=more)


def _ranks(totals: list[int]) -> list[int]:
    """Competition ranks (1, 1, 3, ...) for totals sorted from highest."""
    ranks: list[int] = []
    for k, points in enumerate(totals):
        ranks.append(ranks[-1] if k and points == totals[k - 1] else k + 1)
    return ranks
