"""Pictures of Miss Lupun, drawn from views only.

- `render_board(view, say, names, letters)`: the board, each tile in its player's
  colour with the player's mark (jokers: a J framed in the colour of whoever placed
  it), and beside it every player's ten tiles: in hand, placed this round (faded),
  turned over (circled, as on the tile's back), joker tiles and a face-up win card.
  With `report`, the board of that finished round and its points.
- `render_tasks(cards, say, board)`: task cards side by side, each with its points,
  a diagram of the board with the spaces it involves (and the numbers already
  there), and its sentence.

Each returns the image and its description (alt text). Every word comes from the
catalog through `say`. At most 1100 x 700 px with no text below 22 px, so nothing
shows below 11 px in Discord's 550 x 350 (see `games.pictures`).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.lupun.board import COLUMN_LETTERS, COLUMNS, ROWS, SIZE, space_name
from games.lupun.cards import task
from games.lupun.models import JOKER, TILES, RoundReport
from games.lupun.views import LupunView
from games.pictures import BACKGROUND, INK, MUTED, Say, font, player_colour, player_letter

RGB = tuple[int, int, int]

WIDTH, HEIGHT = 1100, 700
TEXT = 22  # the smallest text drawn
CELL = 104  # a board space in the table picture
BOARD_X, BOARD_Y = 46, 52
SIDE_X = BOARD_X + COLUMNS * CELL + 28  # the players' column
TILE = 42  # a tile in the players' column
WHITE = (255, 255, 255)
GRID = (180, 176, 168)
FADED = (222, 219, 212)
REGION = (255, 214, 153)  # the spaces a task involves
CARD_BG = (255, 253, 248)


def _ink_on(colour: RGB) -> RGB:
    """Dark or white text, whichever reads on `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(text: str, size: int, width: float, most: int) -> list[str]:
    f = font(size)
    lines: list[str] = []
    for word in text.split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [_fit(line, size, width) for line in lines]


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
    size: int,
) -> None:
    """A placed tile: its number on the owner's colour and the owner's mark; a joker
    is a J on white, framed in the owner's colour."""
    x0, y0, x1, y1 = box
    colour = player_colour(owner)
    if value == JOKER:
        draw.rounded_rectangle(box, radius=10, fill=WHITE, outline=colour, width=9)
        text, ink = "J", INK
    else:
        draw.rounded_rectangle(box, radius=10, fill=colour, outline=INK, width=2)
        text, ink = str(value), _ink_on(colour)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2 + size * 0.08)
    draw.text(centre, text, font=font(size, True), fill=ink, anchor="mm")
    small = font(TEXT, True)
    if value == JOKER:
        draw.text((x0 + 13, y0 + 10), mark, font=small, fill=INK, anchor="la")
    else:
        draw.text((x0 + 8, y0 + 5), mark, font=small, fill=ink, anchor="la")


def _board(
    draw: ImageDraw.ImageDraw,
    board: Sequence[int | None],
    owners: Sequence[int | None],
    marks: Sequence[str],
) -> None:
    label = font(TEXT + 4, True)
    for col in range(COLUMNS):
        x = BOARD_X + col * CELL + CELL / 2
        draw.text((x, BOARD_Y - 8), COLUMN_LETTERS[col], font=label, fill=MUTED, anchor="ms")
    for row in range(ROWS):
        y = BOARD_Y + row * CELL + CELL / 2
        draw.text((BOARD_X - 12, y), str(row + 1), font=label, fill=MUTED, anchor="rm")
    for space in range(SIZE):
        col, row = space % COLUMNS, space // COLUMNS
        x0, y0 = BOARD_X + col * CELL, BOARD_Y + row * CELL
        draw.rectangle((x0, y0, x0 + CELL, y0 + CELL), fill=WHITE, outline=GRID, width=2)
        value, owner = board[space], owners[space]
        if value is None or owner is None:
            draw.text(
                (x0 + CELL / 2, y0 + CELL / 2),
                space_name(space),
                font=font(TEXT),
                fill=FADED,
                anchor="mm",
            )
            continue
        box = (x0 + 6, y0 + 6, x0 + CELL - 6, y0 + CELL - 6)
        _tile(draw, box, value, owner, marks[owner], 52)


def _hand_tile(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    value: int,
    seat: int,
    *,
    held: bool,
    turned: bool,
) -> None:
    box = (x, y, x + TILE, y + TILE)
    colour = player_colour(seat)
    if held:
        draw.rounded_rectangle(box, radius=6, fill=colour, outline=INK, width=1)
        ink = _ink_on(colour)
    else:  # placed this round
        draw.rounded_rectangle(box, radius=6, fill=FADED, outline=GRID, width=1)
        ink = MUTED
    centre = (x + TILE / 2, y + TILE / 2 + 1)
    draw.text(centre, str(value), font=font(TEXT + 2, True), fill=ink, anchor="mm")
    if turned:  # the circled face, as on the tile's back
        draw.ellipse((x + 5, y + 5, x + TILE - 5, y + TILE - 5), outline=ink, width=3)


def _players(
    draw: ImageDraw.ImageDraw,
    view: LupunView,
    marks: Sequence[str],
    names: Sequence[str],
    say: Say,
    top: int,
    report: RoundReport | None,
) -> None:
    """Each player's mark, name, score and ten tiles; with `report`, as that round
    ended (its points, and the tiles it left in hand)."""
    points = [s.points for s in report.seats] if report is not None else None
    seats = view.seats
    band = min(120, (HEIGHT - top - 10) // seats)
    width = WIDTH - SIDE_X - 10
    for seat in range(seats):
        y = top + seat * band
        colour = player_colour(seat)
        draw.rounded_rectangle((SIDE_X, y, SIDE_X + 40, y + 40), radius=6, fill=colour)
        draw.text(
            (SIDE_X + 20, y + 21),
            marks[seat],
            font=font(TEXT, True),
            fill=_ink_on(colour),
            anchor="mm",
        )
        score = (
            say("lupun.picture.round_points", count=points[seat])
            if points is not None
            else say("lupun.picture.total", count=view.totals[seat])
        )
        score_w = font(TEXT).getlength(score)
        name_w = width - 52 - score_w - 12
        draw.text(
            (SIDE_X + 52, y + 8),
            _fit(names[seat], TEXT + 2, name_w, True),
            font=font(TEXT + 2, True),
            fill=INK,
        )
        draw.text((WIDTH - 10, y + 10), score, font=font(TEXT), fill=INK, anchor="ra")
        row_y = y + 48
        held = _held(view, seat, report)
        turned = set(view.turned[seat])
        for value in TILES:
            x = SIDE_X + value * (TILE + 4)
            _hand_tile(
                draw,
                x,
                row_y,
                value,
                seat,
                held=value in held,
                turned=value in turned,
            )
        extra_x = SIDE_X + 10 * (TILE + 4) + 6
        if view.jokers[seat] and points is None:
            draw.rounded_rectangle(
                (extra_x, row_y, extra_x + TILE, row_y + TILE),
                radius=6,
                fill=WHITE,
                outline=colour,
                width=5,
            )
            joker = "J" if view.jokers[seat] == 1 else f"J{view.jokers[seat]}"
            draw.text(
                (extra_x + TILE / 2, row_y + TILE / 2 + 1),
                joker,
                font=font(TEXT, True),
                fill=INK,
                anchor="mm",
            )
            extra_x += TILE + 6
        if view.win_card[seat] and points is None:
            word = say("lupun.picture.win_card")
            w = font(TEXT, True).getlength(word) + 14
            draw.rounded_rectangle(
                (extra_x, row_y, extra_x + w, row_y + TILE),
                radius=6,
                fill=(240, 228, 66),
                outline=INK,
                width=2,
            )
            draw.text(
                (extra_x + w / 2, row_y + TILE / 2 + 1),
                word,
                font=font(TEXT, True),
                fill=INK,
                anchor="mm",
            )


def _held(view: LupunView, seat: int, report: RoundReport | None) -> set[int]:
    """The number tiles `seat` holds: as the reported round ended, every tile but those
    it placed on that round's board; else as the view has them now."""
    if report is not None:
        placed = zip(report.board, report.owners, strict=True)
        return set(TILES) - {value for value, owner in placed if owner == seat}
    return set(view.tiles[seat]) if view.tiles else set(TILES)


def _status(view: LupunView, names: Sequence[str], say: Say) -> str:
    if view.stage == "over":
        return say("lupun.picture.over")
    if view.stage == "place" and view.to_act is not None:
        return say("lupun.picture.to_place", player=names[view.to_act], taken=view.placements)
    return say(f"lupun.picture.stage.{view.stage}")


def render_board(
    view: LupunView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
    report: RoundReport | None = None,
) -> tuple[Image.Image, str]:
    marks = _marks(view.seats, letters)
    who = _names(view.seats, names, say, marks)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    board = report.board if report is not None else view.board
    owners = report.owners if report is not None else view.owners
    _board(draw, board, owners, marks)
    if report is not None:
        title = say("lupun.picture.round_over", round=report.round)
        points: list[int] | None = [s.points for s in report.seats]
    else:
        title = say("lupun.picture.round", round=view.round)
        points = None
    width = WIDTH - SIDE_X - 10
    draw.text((SIDE_X, 10), _fit(title, 28, width, True), font=font(28, True), fill=INK)
    status = _status(view, who, say) if report is None else say("lupun.picture.revealed")
    draw.text((SIDE_X, 48), _fit(status, TEXT, width), font=font(TEXT), fill=MUTED)
    _players(draw, view, marks, who, say, 90, report)
    return image, _board_alt(view, board, owners, who, say, title, points)


def _board_alt(
    view: LupunView,
    board: Sequence[int | None],
    owners: Sequence[int | None],
    names: Sequence[str],
    say: Say,
    title: str,
    points: Sequence[int] | None,
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
    if points is not None:
        tally = ", ".join(f"{names[s][:12]} {points[s]}" for s in range(view.seats))
    else:
        tally = ", ".join(
            f"{names[s][:12]} {' '.join(str(t) for t in view.tiles[s]) or '–'}"
            for s in range(view.seats)
        )
    key = "lupun.picture.alt_points" if points is not None else "lupun.picture.alt_tiles"
    return f"{title}. {' '.join(rows)} {say(key, tally=tally)}"[:1000]


# -- task cards ------------------------------------------------------------------------------

CARD_H = 600
MINI = 42  # a space in a card's diagram


def _diagram(
    draw: ImageDraw.ImageDraw, x: float, y: float, region: set[int], board: Sequence[int | None]
) -> None:
    for space in range(SIZE):
        col, row = space % COLUMNS, space // COLUMNS
        x0, y0 = x + col * MINI, y + row * MINI
        fill = REGION if space in region else WHITE
        draw.rectangle((x0, y0, x0 + MINI, y0 + MINI), fill=fill, outline=GRID, width=1)
        value = board[space] if board else None
        if value is not None:
            shown = "J" if value == JOKER else str(value)
            draw.text(
                (x0 + MINI / 2, y0 + MINI / 2 + 1),
                shown,
                font=font(TEXT, True),
                fill=INK,
                anchor="mm",
            )
    draw.rectangle((x, y, x + COLUMNS * MINI, y + ROWS * MINI), outline=INK, width=2)


def render_tasks(
    cards: Sequence[str], say: Say, board: Sequence[int | None] | None = None
) -> tuple[Image.Image, str]:
    """The task cards `cards` (3 or 4), numbered from 1, with the board's numbers."""
    count = max(1, len(cards))
    margin, gap = 12, 12
    card_w = (WIDTH - 2 * margin - (count - 1) * gap) / count
    image = Image.new("RGB", (WIDTH, CARD_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    described = []
    for number, card in enumerate(cards, start=1):
        found = task(card)
        x = margin + (number - 1) * (card_w + gap)
        y = margin
        draw.rounded_rectangle(
            (x, y, x + card_w, CARD_H - margin), radius=14, fill=CARD_BG, outline=INK, width=2
        )
        draw.ellipse((x + 12, y + 12, x + 76, y + 76), fill=(0, 114, 178))
        draw.text((x + 44, y + 45), str(found.points), font=font(36, True), fill=WHITE, anchor="mm")
        points = say("lupun.picture.points", count=found.points)
        draw.text((x + 88, y + 28), _fit(points, TEXT, card_w - 140), font=font(TEXT), fill=INK)
        draw.text(
            (x + card_w - 14, y + 14),
            f"#{number}",
            font=font(TEXT + 4, True),
            fill=MUTED,
            anchor="ra",
        )
        grid_x = x + (card_w - COLUMNS * MINI) / 2
        _diagram(draw, grid_x, y + 92, set(found.region), board or [None] * SIZE)
        sentence = say(found.text_key)
        text_y = y + 92 + ROWS * MINI + 16
        lines = _wrap(sentence, TEXT + 2, card_w - 28, most=7)
        draw.multiline_text(
            (x + 14, text_y), "\n".join(lines), font=font(TEXT + 2), fill=INK, spacing=6
        )
        described.append(
            say("lupun.picture.card_alt", number=number, count=found.points, text=sentence)
        )
    return image, " ".join(described)[:1000]
