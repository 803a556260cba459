"""The pictures as PNG attachments, drawn in the reader's language (`say`). Dice and
scoreboards repeat across edits of the table, so they are cached, keyed by a text of
the picture in that language too; sheets are private and drawn per request."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.ui import Picture
from games.pictures import Say, to_png
from games.tufteln.models import ROUNDS, SheetView, TuftelnView
from games.tufteln.pictures import dice_image, scoreboard_image, sheet_image

_dice: dict[tuple[int, int, int, str], Picture] = {}  # 15 rolls x 36 throws per language
_boards: dict[tuple[int, str], tuple[int, Picture]] = {}  # (game, language) -> (version, picture)
_BOARDS_KEPT = 32


def dice_picture(view: TuftelnView, number: int, say: Say) -> Picture:
    """Roll `number` (1-based) as two dice with pips."""
    first, second = view.rolls[number - 1]
    key = (number, first, second, say("tufteln.picture.roll_title", roll=number, rounds=ROUNDS))
    if key not in _dice:
        image, alt = dice_image(view, say, number)
        _dice[key] = Picture("roll.png", to_png(image), alt)
    return _dice[key]


def sheet_picture(
    view: TuftelnView, name: str, say: Say, sheet: SheetView | None = None
) -> Picture:
    """The viewer's own sheet (`view.me`), or `sheet` drawn in its place (a preview)."""
    if sheet is not None:
        view = view.model_copy(update={"me": sheet})
    image, alt = sheet_image(view, say, None, name)
    return Picture("sheet.png", to_png(image), alt)


def scoreboard_picture(
    game_id: int,
    version: int,
    view: TuftelnView,
    names: Sequence[str],
    letters: Sequence[str],
    say: Say,
) -> Picture:
    """The final standings (every total, the best sheets), once the game is over;
    players marked by the letters of their names."""
    key = (game_id, say("tufteln.picture.scores_title"))
    cached = _boards.get(key)
    if cached is not None and cached[0] == version:
        return cached[1]
    image, alt = scoreboard_image(view, say, names, letters)
    picture = Picture("scores.png", to_png(image), alt)
    if len(_boards) >= _BOARDS_KEPT:
        _boards.pop(next(iter(_boards)))
    _boards[key] = (version, picture)
    return picture
