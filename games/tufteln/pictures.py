"""Pictures for Tüfteln, drawn from views, for a phone first: a sheet, a roll of two
dice, the final standings.

A phone shows a picture about 320 px wide and a desktop fits it into 550 x 350 (see
`games.pictures`): a sheet is its grid alone, 640 px square, and its title, the points
per square, what the player's squares scored and the legend of colours are in the
message's words. No text is drawn below `KEY` px but the dice's labels (`MINOR`).

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from games import tiles
from games.pictures import (
    BACKGROUND,
    INK,
    KEY,
    MINOR,
    MUTED,
    WIDTH,
    Say,
    font,
    player_colour,
    player_letter,
)
from games.tiles import Placed
from games.tufteln.models import ROUNDS, SheetView, TuftelnView
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
MARGIN = 12
DIE = 170  # a die's side


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
#
# A sheet is pasted together from palette tiles (`games.tiles`): the empty sheet,
# each written field and each square's points, each tile kept by what it shows, so a
# number written redraws nothing: its field's tile is kept from a sheet before.


@dataclass(frozen=True)
class Grid:
    """The geometry of a drawn sheet: field size, the band of column and row labels
    (0: none), the gap between squares and the smallest text allowed."""

    cell: int
    labels: bool = True
    smallest: int = KEY

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
    def frame(self) -> int:
        """The width of the heavier frame around each square."""
        return max(2, self.cell // 25)

    @property
    def width(self) -> int:
        return self.band + SIZE * self.cell + 2 * self.gap

    def box(self, index: int) -> tuple[int, int, int, int]:
        row, col = divmod(index, SIZE)
        x = self.band + col * self.cell + (col // 2) * self.gap
        y = self.band + row * self.cell + (row // 2) * self.gap
        return x, y, x + self.cell, y + self.cell

    def inside(self, index: int) -> tuple[int, int, int, int]:
        """A field within its frames, as a crop box: all that writing on it changes."""
        x0, y0, x1, y1 = self.box(index)
        return x0 + self.frame, y0 + self.frame, x1 - self.frame + 1, y1 - self.frame + 1

    @staticmethod
    def fitting(width: int, labels: bool, smallest: int = KEY) -> Grid:
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
def _fields(grid: Grid) -> Image.Image:
    """The empty grid at one size, in full colour: colours, textures, the squares'
    frames (what the tiles are drawn on)."""
    image = Image.new("RGB", (grid.width, grid.width), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index in range(SIZE * SIZE):
        x0, y0, x1, y1 = grid.box(index)
        colour = COLOURS[index]
        draw.rectangle((x0, y0, x1, y1), fill=FILL[colour])
        _texture(draw, (x0, y0, x1, y1), colour)
        draw.rectangle((x0, y0, x1, y1), outline=GRID_LINE, width=max(1, grid.cell // 50))
    for square in SQUARES:  # a heavier frame around each 2x2 square
        x0, y0, _, _ = grid.box(square[0])
        _, _, x1, y1 = grid.box(square[2])
        draw.rectangle((x0, y0, x1, y1), outline=INK, width=grid.frame)
    return image


@cache
def _empty(grid: Grid) -> Image.Image:
    """The empty sheet's tile: the grid and its column and row labels."""
    image = _fields(grid).copy()
    if grid.labels:
        draw = ImageDraw.Draw(image)
        small = font(grid.label_size)
        for k in range(SIZE):
            x0, y0, x1, y1 = grid.box(k * SIZE + k)
            _centred(draw, ((x0 + x1) / 2, grid.band / 2), COLUMNS[k], small, MUTED)
            _centred(draw, (grid.band / 2, (y0 + y1) / 2), str(k + 1), small, MUTED)
    return tiles.tile(image)


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


def _stamp(
    image: Image.Image, centre: tuple[float, float], tile: Image.Image, origin: tuple[int, int]
) -> None:
    """`tile` centred on `centre` of the grid, on `image` whose top left is the grid's
    `origin` (rounded where on the grid, so a crop shows it as the whole grid does)."""
    x, y = round(centre[0] - tile.width / 2), round(centre[1] - tile.height / 2)
    image.paste(tile, (x - origin[0], y - origin[1]), tile)


def _write(
    image: Image.Image,
    grid: Grid,
    index: int,
    value: int,
    marked: bool,
    origin: tuple[int, int],
) -> None:
    """Field `index`'s number (0: none) and, `marked`, the frame of the last placement,
    on `image` whose top left is the grid's `origin`."""
    draw = ImageDraw.Draw(image)
    ox, oy = origin
    x0, y0, x1, y1 = grid.box(index)
    cell = grid.cell
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    size = max(grid.smallest, cell * 58 // 100)
    colour = COLOURS[index]
    if value and colour == "printed":
        cx, cy, half = centre[0] - ox, centre[1] - oy, cell * 30 // 100
        draw.rounded_rectangle(
            (cx - half, cy - half, cx + half, cy + half),
            radius=cell // 12,
            outline=INK,
            width=max(2, cell // 30),
            fill=WHITE_FIELD,
        )
        _stamp(image, centre, _digit(str(value), size, INK, max(1, cell // 45), INK), origin)
    elif value:  # a halo in the field colour keeps the digit clear of the texture
        halo = max(2, cell // 25)
        _stamp(image, centre, _digit(str(value), size, PEN, halo, FILL[colour]), origin)
    if marked:
        inset = grid.frame
        box = (x0 + inset - ox, y0 + inset - oy, x1 - inset - ox, y1 - inset - oy)
        draw.rectangle(box, outline=HIGHLIGHT, width=max(3, cell // 14))


Origin = tuple[int, int]  # where an image's top left lies on the grid
Write = Callable[[Image.Image, Origin], None]


def _tile(grid: Grid, box: tuple[int, int, int, int], write: Write) -> Image.Image:
    """The grid's `box` (a crop box), empty and then written on by `write`, as a tile.
    Written from even coordinates: half pixels are rounded to even (Pillow's rounded
    boxes, `_stamp`), so an odd shift would draw some things a pixel off."""
    x0, y0, x1, y1 = box
    ox, oy = x0 - x0 % 2, y0 - y0 % 2
    image = _fields(grid).crop((ox, oy, x1, y1))
    write(image, (ox, oy))
    return tiles.tile(image.crop((x0 - ox, y0 - oy, x1 - ox, y1 - oy)))


@cache
def _alike(grid: Grid, index: int) -> int:
    """The first field that looks like field `index` when written the same: of its
    colour, at even offsets from it (see `_tile`)."""
    x, y, _, _ = grid.box(index)
    return next(
        other
        for other in range(SIZE * SIZE)
        if COLOURS[other] == COLOURS[index]
        and (grid.box(other)[0] - x) % 2 == 0
        and (grid.box(other)[1] - y) % 2 == 0
    )


@cache
def _field(grid: Grid, index: int, value: int, marked: bool) -> Image.Image:
    """A written field's tile (within its frames): its number, its frame if `marked`.
    Kept by `_alike`'s field, so it is drawn once for all the fields it looks like."""

    def write(image: Image.Image, origin: Origin) -> None:
        _write(image, grid, index, value, marked, origin)

    return _tile(grid, grid.inside(index), write)


def _badge(grid: Grid) -> tuple[ImageFont.FreeTypeFont, int]:
    """The font of a square's points, and the radius of their disc."""
    face = font(max(grid.smallest, grid.cell * 30 // 100), bold=True)
    return face, max(int(face.size) * 3 // 4, grid.cell * 22 // 100)


def _badge_box(grid: Grid, square: int) -> tuple[int, int, int, int]:
    """Where a square's points are (a crop box): the corner its four fields share."""
    _, radius = _badge(grid)
    _, _, cx, cy = grid.box(SQUARES[square][0])
    return cx - radius, cy - radius, cx + radius + 1, cy + radius + 1


@lru_cache(maxsize=2048)
def _points(
    grid: Grid, square: int, points: int, values: tuple[int, ...], marked: tuple[bool, ...]
) -> Image.Image:
    """A square's points in a disc, on the corners of its fields as written (`values`,
    `marked`, in `SQUARES` order)."""

    def write(image: Image.Image, origin: Origin) -> None:
        for index, value, mark in zip(SQUARES[square], values, marked, strict=True):
            _write(image, grid, index, value, mark, origin)
        face, radius = _badge(grid)
        _, _, x, y = grid.box(SQUARES[square][0])
        cx, cy = x - origin[0], y - origin[1]
        disc = (cx - radius, cy - radius, cx + radius, cy + radius)
        draw = ImageDraw.Draw(image)
        draw.ellipse(disc, fill=INK if points else MUTED, outline=PANEL, width=2)
        _centred(draw, (cx, cy), str(points), face, PANEL)

    return _tile(grid, _badge_box(grid, square), write)


def grid_tiles(
    sheet: SheetView, grid: Grid, origin: tuple[int, int], highlight: bool = True
) -> list[Placed]:
    """The sheet's 6x6 grid with numbers, last placement and square points, as tiles
    with the grid's top left at `origin`."""
    ox, oy = origin
    marked = {field_index(name) for name in sheet.last} if highlight else set()
    placed: list[Placed] = [(_empty(grid), origin)]
    for index, value in enumerate(sheet.values):
        if value or index in marked:
            x, y, _, _ = grid.inside(index)
            tile = _field(grid, _alike(grid, index), value, index in marked)
            placed.append((tile, (ox + x, oy + y)))
    for square, points in enumerate(sheet.points):
        if points is not None:
            fields = SQUARES[square]
            values = tuple(sheet.values[i] for i in fields)
            tile = _points(grid, square, points, values, tuple(i in marked for i in fields))
            x, y, _, _ = _badge_box(grid, square)
            placed.append((tile, (ox + x, oy + y)))
    return placed


def draw_grid(sheet: SheetView, grid: Grid, highlight: bool = True) -> Image.Image:
    """The sheet's 6x6 grid with numbers, last placement and square points."""
    size = (grid.width, grid.width)
    return tiles.picture(size, BACKGROUND, grid_tiles(sheet, grid, (0, 0), highlight))


# -- the full sheet picture -----------------------------------------------------------------

SHEET = WIDTH  # a sheet picture's side


def sheet_image(
    view: TuftelnView, say: Say, seat: int | None = None, name: str | None = None
) -> tuple[Image.Image, str]:
    """A sheet: the viewer's own (`view.me`), or any seat's once the game is over: its
    grid, the numbers written, the last placement framed and the squares' points."""
    sheet = _pick_sheet(view, seat)
    who = name or say("tufteln.picture.player", number=sheet.seat + 1)
    grid = Grid.fitting(SHEET - 2 * MARGIN, labels=True)
    offset = (SHEET - grid.width) // 2
    image = tiles.picture((SHEET, SHEET), BACKGROUND, grid_tiles(sheet, grid, (offset, offset)))
    rolls_done = sum(1 for i, v in enumerate(sheet.values) if v and COLOURS[i] != "printed") // 2
    return image, _sheet_alt(say, sheet, who, rolls_done)


def _pick_sheet(view: TuftelnView, seat: int | None) -> SheetView:
    if seat is None or (view.me is not None and view.me.seat == seat):
        if view.me is None:
            raise ValueError("the public view has no sheet while the game goes on")
        return view.me
    if view.sheets is None:
        raise ValueError("other sheets are shown only once the game is over")
    return view.sheets[seat]


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
    """Two dice with pips, die 1 on the left: roll number `roll` (1-based), by default the
    latest roll. Small enough to show at full size on a desktop."""
    if not view.rolls:
        raise ValueError("no roll has been made yet")
    number = roll or len(view.rolls)
    dice = view.rolls[number - 1]
    gap = 40
    width, height = 2 * MARGIN + 2 * DIE + gap, 2 * MARGIN + DIE + 10 + MINOR + 4
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    label = font(MINOR, minor=True)
    for k, value in enumerate(dice):
        x = MARGIN + k * (DIE + gap)
        _die(draw, (x, MARGIN), DIE, value)
        words = say("tufteln.picture.die", number=k + 1)
        _centred(draw, (x + DIE / 2, MARGIN + DIE + 10 + MINOR / 2), words, label, MUTED)
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

SHOWN_SHEETS = 4  # the best sheets the standings show
HEADER = 44  # above a sheet: its rank, mark, total and a star for a winner
SHEET_GAP = 16
TALLEST = 1.09  # a picture's height to its width, at most (a desktop shrinks it by height)


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
    """The final standings: a solo game's sheet; else the best sheets (up to four, two a
    row), each under its rank, its player's mark and its total. The ranking itself is the
    message's words. `letters`: each seat's mark (from the names), beside its colour."""
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
    return _best_sheets(standings[:SHOWN_SHEETS]), _scores_alt(say, view, standings, len(standings))


def _best_sheets(shown: list[Standing]) -> Image.Image:
    """The sheets two a row, each under its header, as large as fit 640 x 700."""
    rows = math.ceil(len(shown) / 2)
    side = min(
        (WIDTH - 2 * MARGIN - SHEET_GAP) // 2,
        (700 - 2 * MARGIN - rows * HEADER - (rows - 1) * SHEET_GAP) // rows,
    )
    grid = Grid.fitting(side, labels=False)
    used = 2 * MARGIN + 2 * grid.width + SHEET_GAP
    height = 2 * MARGIN + rows * (HEADER + grid.width) + (rows - 1) * SHEET_GAP
    width = max(used, math.ceil(height / TALLEST))  # centred, if too high for its width
    placed: list[Placed] = []
    for k, standing in enumerate(shown):
        x = (width - used) // 2 + MARGIN + (k % 2) * (grid.width + SHEET_GAP)
        y = MARGIN + (k // 2) * (HEADER + grid.width + SHEET_GAP)
        sheet = standing.sheet
        header = (grid.width, standing.rank, sheet.seat, standing.letter, sheet.total)
        placed.append((_header(*header, standing.winner), (x, y)))
        placed += grid_tiles(sheet, grid, (x, y + HEADER), highlight=False)
    return tiles.picture((width, height), BACKGROUND, placed)


@lru_cache(maxsize=256)
def _header(width: int, rank: int, seat: int, letter: str, total: int, winner: bool) -> Image.Image:
    """ "2. [mark] 27 ★", a tile `width` wide: rank, the player's mark on their colour,
    the total, a star for a winner."""
    image = Image.new("RGB", (width, HEADER), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x, y = 0, HEADER // 2 - 2
    x += int(draw_text(draw, (x, y), f"{rank}.", 28, INK, True, "lm")) + 10
    x += _chip(draw, (x, y), seat, letter, KEY) + 12
    x += int(draw_text(draw, (x, y), str(total), 28, INK, True, "lm")) + 16
    if winner:
        _star(draw, (x, y), 14)
    return tiles.tile(image)


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
