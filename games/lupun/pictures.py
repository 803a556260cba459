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

from PIL import Image, ImageDraw

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


def _tile(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    value: int,
    owner: int,
    mark: str,
) -> None:
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


def _board(
    draw: ImageDraw.ImageDraw,
    board: Sequence[int | None],
    owners: Sequence[int | None],
    marks: Sequence[str],
) -> None:
    label = font(KEY, True)
    for col in range(COLUMNS):
        x = BOARD_X + col * CELL + CELL / 2
        draw.text((x, BOARD_Y - 5), COLUMN_LETTERS[col], font=label, fill=MUTED, anchor="ms")
    for row in range(ROWS):
        y = BOARD_Y + row * CELL + CELL / 2
        draw.text((BOARD_X - 8, y), str(row + 1), font=label, fill=MUTED, anchor="rm")
    for space in range(SIZE):
        col, row = space % COLUMNS, space // COLUMNS
        x0, y0 = BOARD_X + col * CELL, BOARD_Y + row * CELL
        draw.rectangle((x0, y0, x0 + CELL, y0 + CELL), fill=WHITE, outline=GRID, width=2)
        value, owner = board[space], owners[space]
        if value is None or owner is None:
            draw.text(
                (x0 + CELL / 2, y0 + CELL / 2),
                space_name(space),
                font=font(KEY),
                fill=FADED,
                anchor="mm",
            )
            continue
        _tile(draw, (x0 + 5, y0 + 5, x0 + CELL - 5, y0 + CELL - 5), value, owner, marks[owner])


def hand_tile_box(seat: int, value: int) -> tuple[int, int, int, int]:
    """Where `seat`'s tile `value` lies in the players' column: five to a row."""
    x = SIDE_X + BADGE + 8 + (value % 5) * (TILE + TILE_GAP)
    y = BOARD_Y + seat * (2 * TILE + TILE_GAP + SEAT_GAP) + (value // 5) * (TILE + TILE_GAP)
    return x, y, x + TILE, y + TILE


def _hand_tile(
    draw: ImageDraw.ImageDraw, seat: int, value: int, *, held: bool, turned: bool
) -> None:
    box = hand_tile_box(seat, value)
    colour = player_colour(seat)
    if held:
        draw.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=1)
        ink = _ink_on(colour)
    else:  # placed this round
        draw.rounded_rectangle(box, radius=6, fill=FADED, outline=GRID, width=1)
        ink = MUTED
    x0, y0, x1, y1 = box
    centre = ((x0 + x1) / 2, (y0 + y1) / 2 + 1)
    draw.text(centre, str(value), font=font(KEY, True), fill=ink, anchor="mm")
    if turned:  # the circled face, as on the tile's back
        draw.ellipse((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=ink, width=2)


def _players(
    draw: ImageDraw.ImageDraw, view: LupunView, marks: Sequence[str], report: RoundReport | None
) -> None:
    """Each player's mark and ten tiles; with `report`, as that round ended (the tiles
    it left in hand)."""
    for seat in range(view.seats):
        _, y, _, _ = hand_tile_box(seat, 0)
        colour = player_colour(seat)
        badge = (SIDE_X, y + TILE // 2 - 2, SIDE_X + BADGE, y + TILE // 2 - 2 + BADGE)
        draw.rounded_rectangle(badge, radius=6, fill=colour, outline=INK, width=1)
        centre = (SIDE_X + BADGE / 2, (badge[1] + badge[3]) / 2 + 1)
        draw.text(centre, marks[seat], font=font(KEY, True), fill=_ink_on(colour), anchor="mm")
        held = _held(view, seat, report)
        turned = set(view.turned[seat])
        for value in TILES:
            _hand_tile(draw, seat, value, held=value in held, turned=value in turned)


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
    image = Image.new("RGB", board_size(view.seats), BACKGROUND)
    draw = ImageDraw.Draw(image)
    board = report.board if report is not None else view.board
    owners = report.owners if report is not None else view.owners
    _board(draw, board, owners, marks)
    _players(draw, view, marks, report)
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


def _diagram(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    mini: int,
    region: set[int],
    board: Sequence[int | None],
) -> None:
    for space in range(SIZE):
        col, row = space % COLUMNS, space // COLUMNS
        x0, y0 = x + col * mini, y + row * mini
        fill = REGION if space in region else WHITE
        draw.rectangle((x0, y0, x0 + mini, y0 + mini), fill=fill, outline=GRID, width=1)
        value = board[space]
        if value is not None:
            shown = "J" if value == JOKER else str(value)
            centre = (x0 + mini / 2, y0 + mini / 2 + 1)
            draw.text(centre, shown, font=font(KEY, True), fill=INK, anchor="mm")
    draw.rectangle((x, y, x + COLUMNS * mini, y + ROWS * mini), outline=INK, width=2)


def render_tasks(
    cards: Sequence[str], say: Say, board: Sequence[int | None] | None = None
) -> tuple[Image.Image, str]:
    """The task cards `cards` (3 or 4), numbered from 1, with the board's numbers. Their
    sentences are in the panel's words (and the description)."""
    card_w, mini, height = tasks_layout(len(cards))
    width = 2 * MARGIN + len(cards) * card_w + (len(cards) - 1) * CARD_GAP
    image = Image.new("RGB", (max(width, card_w + 2 * MARGIN), height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    described = []
    for number, card in enumerate(cards, start=1):
        found = task(card)
        x, y = MARGIN + (number - 1) * (card_w + CARD_GAP), MARGIN
        draw.rounded_rectangle(
            (x, y, x + card_w, height - MARGIN), radius=12, fill=CARD_BG, outline=INK, width=2
        )
        draw.text((x + 12, y + 12), f"#{number}", font=font(30, True), fill=INK)
        r = 22
        cx, cy = x + card_w - 12 - r, y + 10 + r
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(0, 114, 178))
        draw.text((cx, cy + 1), str(found.points), font=font(28, True), fill=WHITE, anchor="mm")
        grid_x = x + (card_w - COLUMNS * mini) / 2
        _diagram(draw, grid_x, y + CARD_HEAD, mini, set(found.region), board or [None] * SIZE)
        sentence = say(found.text_key)
        described.append(
            say("lupun.picture.card_alt", number=number, count=found.points, text=sentence)
        )
    return image, " ".join(described)[:1000]
