"""Pictures of Miss Lupun, drawn from views only, for a phone first.

- `render_board(view, say, names, letters)`: the board, each tile in its player's
  colour with the player's mark (jokers: a J framed in the colour of whoever placed
  it), and beside it every player's ten tiles: in hand, placed this round (faded) and
  turned over (circled, as on the tile's back). With `report`, the board of that
  finished round and the tiles it left in hand.
- `render_tasks(cards, say, board)`: task cards side by side, each with its number,
  its points and a diagram of the board with the spaces it involves (and the numbers
  already there).

Each returns the image and its description (alt text). Every word comes from the
catalog through `say`. A phone shows a picture about 320 px wide, so the pictures
show what is spatial and leave the rest to the message's words: the status, names,
points, jokers and win cards, and the tasks' sentences. At most `WIDTH` (640) px wide,
with no text below `KEY` px but labels (`MINOR`): see `games.pictures`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from games import tiles
from games.lupun.board import COLUMN_LETTERS, COLUMNS, ROWS, SIZE, space_name
from games.lupun.cards import task
from games.lupun.models import JOKER, TILES, RoundReport
from games.lupun.views import LupunView
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

RGB = tuple[int, int, int]

MARGIN = 12
LABELS = 30  # the band of column letters above the board and row numbers beside it
CELL = 82  # a board space
BOARD_X, BOARD_Y = MARGIN + LABELS, MARGIN + LABELS
SIDE_X = BOARD_X + COLUMNS * CELL + 16  # the players' column
BADGE = 40  # a player's mark, beside their tiles
TILE = 36  # a tile in the players' column, five to a row
TILE_GAP = 3
SEAT_GAP = 10  # between players in the column
HEIGHT = BOARD_Y + ROWS * CELL + MARGIN
DIGIT = 44  # a number on the board
WHITE = (255, 255, 255)
GRID = (180, 176, 168)
FADED = (222, 219, 212)
REGION = (255, 214, 153)  # the spaces a task involves
CARD_BG = (255, 253, 248)


def _ink_on(colour: RGB) -> RGB:
    """Dark or white text, whichever reads on `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def _marks(seats: int, letters: Sequence[str] | None) -> tuple[str, ...]:
    return tuple(letters) if letters else tuple(player_letter(s) for s in range(seats))


def _names(seats: int, names: Sequence[str] | None, say: Say, marks: Sequence[str]) -> list[str]:
    if names and len(names) >= seats:
        return list(names[:seats])
    return [say("lupun.picture.player", letter=m) for m in marks]


# -- the board -------------------------------------------------------------------------------
#
# Pasted together from palette tiles (`games.tiles`): the empty board with its
# labels, each placed tile on its space, each player's mark and hand tiles, each kept
# by what it shows.

Box = tuple[int, int, int, int]


def _tile(draw: ImageDraw.ImageDraw, box: Box, value: int, owner: int, mark: str) -> None:
    """A placed tile: its number on the owner's colour and the owner's mark; a joker
    is a J on white, framed in the owner's colour."""
    x0, y0, x1, y1 = box
    colour = player_colour(owner)
    if value == JOKER:
        draw.rounded_rectangle(box, radius=9, fill=WHITE, outline=colour, width=8)
        text, ink = "J", INK
    else:
        draw.rounded_rectangle(box, radius=9, fill=colour, outline=INK, width=2)
        text, ink = str(value), _ink_on(colour)
    centre = ((x0 + x1) / 2 + 6, (y0 + y1) / 2 + 8)
    draw.text(centre, text, font=font(DIGIT, True), fill=ink, anchor="mm")
    inset = 11 if value == JOKER else 5
    mark_font = font(MINOR, True, minor=True)
    draw.text((x0 + inset, y0 + inset - 2), mark, font=mark_font, fill=ink, anchor="la")


def _space_box(space: int) -> Box:
    col, row = space % COLUMNS, space // COLUMNS
    x0, y0 = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return x0, y0, x0 + CELL, y0 + CELL


@cache
def _empty_board() -> Image.Image:
    """The board's tile, from the picture's top left: the column letters and row
    numbers, each space empty with its name."""
    image = Image.new("RGB", (BOARD_X + COLUMNS * CELL + 1, BOARD_Y + ROWS * CELL + 1), BACKGROUND)
    draw = ImageDraw.Draw(image)
    label = font(KEY, True)
    for col in range(COLUMNS):
        x = BOARD_X + col * CELL + CELL / 2
        draw.text((x, BOARD_Y - 5), COLUMN_LETTERS[col], font=label, fill=MUTED, anchor="ms")
    for row in range(ROWS):
        y = BOARD_Y + row * CELL + CELL / 2
        draw.text((BOARD_X - 8, y), str(row + 1), font=label, fill=MUTED, anchor="rm")
    for space in range(SIZE):
        x0, y0, x1, y1 = _space_box(space)
        draw.rectangle((x0, y0, x1, y1), fill=WHITE, outline=GRID, width=2)
        centre = (x0 + CELL / 2, y0 + CELL / 2)
        draw.text(centre, space_name(space), font=font(KEY), fill=FADED, anchor="mm")
    return tiles.tile(image)


@lru_cache(maxsize=512)
def _placed(value: int, owner: int, mark: str) -> Image.Image:
    """A placed tile on its space, within the space's lines (2 px in)."""
    image = Image.new("RGB", (CELL + 1, CELL + 1), WHITE)
    _tile(ImageDraw.Draw(image), (5, 5, CELL - 5, CELL - 5), value, owner, mark)
    return tiles.tile(image.crop((2, 2, CELL - 1, CELL - 1)))


def hand_tile_box(seat: int, value: int) -> Box:
    """Where `seat`'s tile `value` lies in the players' column: five to a row."""
    x = SIDE_X + BADGE + 8 + (value % 5) * (TILE + TILE_GAP)
    y = BOARD_Y + seat * (2 * TILE + TILE_GAP + SEAT_GAP) + (value // 5) * (TILE + TILE_GAP)
    return x, y, x + TILE, y + TILE


@lru_cache(maxsize=512)
def _hand_tile(seat: int, value: int, held: bool, turned: bool) -> Image.Image:
    """One of a player's ten tiles: in hand in their colour, else faded (placed this
    round); circled if turned over."""
    image = Image.new("RGB", (TILE + 1, TILE + 1), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box = (0, 0, TILE, TILE)
    colour = player_colour(seat)
    if held:
        draw.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=1)
        ink = _ink_on(colour)
    else:  # placed this round
        draw.rounded_rectangle(box, radius=6, fill=FADED, outline=GRID, width=1)
        ink = MUTED
    centre = ((x0 + x1) / 2, (y0 + y1) / 2 + 1)
    draw.text(centre, str(value), font=font(KEY, True), fill=ink, anchor="mm")
    if turned:  # the circled face, as on the tile's back
        draw.ellipse((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=ink, width=2)
    return tiles.tile(image)


@lru_cache(maxsize=64)
def _badge(seat: int, mark: str) -> Image.Image:
    """A player's mark on their colour, beside their tiles."""
    image = Image.new("RGB", (BADGE + 1, BADGE + 1), BACKGROUND)
    draw = ImageDraw.Draw(image)
    colour = player_colour(seat)
    draw.rounded_rectangle((0, 0, BADGE, BADGE), radius=6, fill=colour, outline=INK, width=1)
    centre = (BADGE / 2, BADGE / 2 + 1)
    draw.text(centre, mark, font=font(KEY, True), fill=_ink_on(colour), anchor="mm")
    return tiles.tile(image)


def _players(view: LupunView, marks: Sequence[str], report: RoundReport | None) -> list[Placed]:
    """Each player's mark and ten tiles; with `report`, as that round ended (the tiles
    it left in hand)."""
    placed: list[Placed] = []
    for seat in range(view.seats):
        _, y, _, _ = hand_tile_box(seat, 0)
        placed.append((_badge(seat, marks[seat]), (SIDE_X, y + TILE // 2 - 2)))
        held = _held(view, seat, report)
        turned = set(view.turned[seat])
        for value in TILES:
            x0, y0, _, _ = hand_tile_box(seat, value)
            placed.append((_hand_tile(seat, value, value in held, value in turned), (x0, y0)))
    return placed


def _held(view: LupunView, seat: int, report: RoundReport | None) -> set[int]:
    """The number tiles `seat` holds: as the reported round ended, every tile but those
    it placed on that round's board; else as the view has them now."""
    if report is not None:
        placed = zip(report.board, report.owners, strict=True)
        return set(TILES) - {value for value, owner in placed if owner == seat}
    return set(view.tiles[seat]) if view.tiles else set(TILES)


def board_size(seats: int) -> tuple[int, int]:
    _, _, right, _ = hand_tile_box(0, 4)
    _, _, _, bottom = hand_tile_box(seats - 1, 9)
    return right + MARGIN, max(HEIGHT, bottom + MARGIN)


def render_board(
    view: LupunView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
    report: RoundReport | None = None,
) -> tuple[Image.Image, str]:
    marks = _marks(view.seats, letters)
    who = _names(view.seats, names, say, marks)
    board = report.board if report is not None else view.board
    owners = report.owners if report is not None else view.owners
    placed: list[Placed] = [(_empty_board(), (0, 0))]
    for space, (value, owner) in enumerate(zip(board, owners, strict=True)):
        if value is not None and owner is not None:
            x0, y0, _, _ = _space_box(space)
            placed.append((_placed(value, owner, marks[owner]), (x0 + 2, y0 + 2)))
    placed += _players(view, marks, report)
    image = tiles.picture(board_size(view.seats), BACKGROUND, placed)
    if report is not None:
        title = say("lupun.picture.round_over", round=report.round)
    else:
        title = say("lupun.picture.round", round=view.round)
    return image, _board_alt(view, board, owners, who, say, title, report)


def _board_alt(
    view: LupunView,
    board: Sequence[int | None],
    owners: Sequence[int | None],
    names: Sequence[str],
    say: Say,
    title: str,
    report: RoundReport | None,
) -> str:
    rows = []
    for row in range(ROWS):
        cells = []
        for col in range(COLUMNS):
            space = row * COLUMNS + col
            value, owner = board[space], owners[space]
            if value is None or owner is None:
                cells.append("–")
            else:
                shown = say("lupun.picture.joker") if value == JOKER else str(value)
                cells.append(f"{shown} ({names[owner][:12]})")
        rows.append(say("lupun.picture.alt_row", row=row + 1, cells=", ".join(cells)))
    tally = ", ".join(
        f"{names[s][:12]} {' '.join(str(t) for t in sorted(_held(view, s, report))) or '–'}"
        for s in range(view.seats)
    )
    return f"{title}. {' '.join(rows)} {say('lupun.picture.alt_tiles', tally=tally)}"[:1000]


# -- task cards ------------------------------------------------------------------------------
#
# Pasted together from palette tiles (`games.tiles`): each card with its empty
# diagram, and each number on the board as a diagram's space shows it; a number placed
# redraws nothing, its tile is kept from the pictures before.

CARD_GAP = 10
CARD_PAD = 12
CARD_HEAD = 58  # a card's number and points, above its diagram
MINI_MOST = 44  # the largest space in a card's diagram


def tasks_layout(count: int) -> tuple[int, int, int]:
    """The width of each of `count` cards side by side, a diagram's space, and the
    picture's height."""
    count = max(1, count)
    card_w = (WIDTH - 2 * MARGIN - (count - 1) * CARD_GAP) // count
    mini = min(MINI_MOST, (card_w - 2 * CARD_PAD) // COLUMNS)
    return card_w, mini, 2 * MARGIN + CARD_HEAD + ROWS * mini + CARD_PAD


def _diagram_x(card_w: int, mini: int) -> float:
    """Where a card's diagram begins, from the card's left (half a pixel in, when the
    card's width and the diagram's are odd and even)."""
    return (card_w - COLUMNS * mini) / 2


def _space(
    draw: ImageDraw.ImageDraw, x0: float, y0: float, mini: int, fill: RGB, shown: str
) -> None:
    """A diagram's space at `x0`, `y0` with the number `shown` on it ("": none)."""
    draw.rectangle((x0, y0, x0 + mini, y0 + mini), fill=fill, outline=GRID, width=1)
    if shown:
        centre = (x0 + mini / 2, y0 + mini / 2 + 1)
        draw.text(centre, shown, font=font(KEY, True), fill=INK, anchor="mm")


@lru_cache(maxsize=1024)
def _card(card: str, number: int, count: int) -> Image.Image:
    """Task card `card` as number `number` of `count`: its frame, number and points, and
    its diagram with the spaces it involves, no number on the board."""
    card_w, mini, height = tasks_layout(count)
    found = task(card)
    image = Image.new("RGB", (card_w + 1, height - 2 * MARGIN + 1), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, card_w, height - 2 * MARGIN), radius=12, fill=CARD_BG, outline=INK, width=2
    )
    draw.text((12, 12), f"#{number}", font=font(30, True), fill=INK)
    r = 22
    cx, cy = card_w - 12 - r, 10 + r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(0, 114, 178))
    draw.text((cx, cy + 1), str(found.points), font=font(28, True), fill=WHITE, anchor="mm")
    x, y = _diagram_x(card_w, mini), CARD_HEAD
    for space in range(SIZE):
        col, row = space % COLUMNS, space // COLUMNS
        fill = REGION if space in found.region else WHITE
        _space(draw, x + col * mini, y + row * mini, mini, fill, "")
    draw.rectangle((x, y, x + COLUMNS * mini, y + ROWS * mini), outline=INK, width=2)
    return tiles.tile(image)


@cache
def _number(mini: int, left: float, fill: RGB, shown: str) -> Image.Image:
    """A number on a diagram's space, within the space's lines; `left`: the fraction of
    a pixel the space begins at."""
    image = Image.new("RGB", (mini + 1, mini + 1), BACKGROUND)
    _space(ImageDraw.Draw(image), left, 0, mini, fill, shown)
    return tiles.tile(image.crop((1, 1, mini, mini)))


@cache
def _frame(mini: int) -> tuple[Placed, ...]:
    """A diagram's frame as tiles, from the diagram's top left: pasted over the numbers
    on its edge, as it is drawn over the spaces on the card."""
    across, down = COLUMNS * mini + 1, ROWS * mini + 1
    top = tiles.tile(Image.new("RGB", (across, 2), INK))
    side = tiles.tile(Image.new("RGB", (2, down), INK))
    return (top, (0, 0)), (top, (0, down - 2)), (side, (0, 0)), (side, (across - 2, 0))


def render_tasks(
    cards: Sequence[str], say: Say, board: Sequence[int | None] | None = None
) -> tuple[Image.Image, str]:
    """The task cards `cards` (3 or 4), numbered from 1, with the board's numbers. Their
    sentences are in the panel's words (and the description)."""
    card_w, mini, height = tasks_layout(len(cards))
    width = 2 * MARGIN + len(cards) * card_w + (len(cards) - 1) * CARD_GAP
    placed: list[Placed] = []
    described = []
    left = _diagram_x(card_w, mini) % 1
    for number, card in enumerate(cards, start=1):
        found = task(card)
        x, y = MARGIN + (number - 1) * (card_w + CARD_GAP), MARGIN
        placed.append((_card(card, number, len(cards)), (x, y)))
        grid_x, grid_y = x + int(_diagram_x(card_w, mini)), y + CARD_HEAD
        for space, value in enumerate(board or ()):
            if value is not None:
                col, row = space % COLUMNS, space // COLUMNS
                fill = REGION if space in found.region else WHITE
                shown = "J" if value == JOKER else str(value)
                tile = _number(mini, left, fill, shown)
                placed.append((tile, (grid_x + col * mini + 1, grid_y + row * mini + 1)))
        placed += [(edge, (grid_x + dx, grid_y + dy)) for edge, (dx, dy) in _frame(mini)]
        sentence = say(found.text_key)
        described.append(
            say("lupun.picture.card_alt", number=number, count=found.points, text=sentence)
        )
    size = (max(width, card_w + 2 * MARGIN), height)
    return tiles.picture(size, BACKGROUND, placed), " ".join(described)[:1000]
