"""The pictures as PNG attachments. Dice and scoreboards repeat across edits of the
table, so they are cached; sheets are private and drawn per request."""

from __future__ import annotations

from bot.discord.ui import Picture
from games.pictures import to_png
from games.tufteln.models import SheetView, TuftelnView
from games.tufteln.pictures import dice_image, scoreboard_image, sheet_image

_dice: dict[tuple[int, int, int], Picture] = {}  # at most 15 rolls x 36 throws
_boards: dict[int, tuple[int, Picture]] = {}  # game id -> (version, picture)
_BOARDS_KEPT = 32


def dice_picture(view: TuftelnView, number: int) -> Picture:
    """Roll `number` (1-based) as two dice with pips."""
    first, second = view.rolls[number - 1]
    key = (number, first, second)
    if key not in _dice:
        image, alt = dice_image(view, number)
        _dice[key] = Picture("roll.png", to_png(image), alt)
    return _dice[key]


def sheet_picture(view: TuftelnView, name: str, sheet: SheetView | None = None) -> Picture:
    """The viewer's own sheet (`view.me`), or `sheet` drawn in its place (a preview)."""
    if sheet is not None:
        view = view.model_copy(update={"me": sheet})
    image, alt = sheet_image(view, None, name)
    return Picture("sheet.png", to_png(image), alt)


def scoreboard_picture(game_id: int, version: int, view: TuftelnView, names: list[str]) -> Picture:
    """Every sheet's total and the best sheet, once the game is over."""
    cached = _boards.get(game_id)
    if cached is not None and cached[0] == version:
        return cached[1]
    image, alt = scoreboard_image(view, names)
    picture = Picture("scores.png", to_png(image), alt)
    if len(_boards) >= _BOARDS_KEPT:
        _boards.pop(next(iter(_boards)))
    _boards[game_id] = (version, picture)
    return picture
