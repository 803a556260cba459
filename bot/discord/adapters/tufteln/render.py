"""The pictures as PNG attachments, drawn in the reader's language (`say`). Each is kept
by what it is drawn from (`Kept`): dice repeat across games, a sheet is shown again
when its panel is opened after the next roll, and the scoreboard across edits of the
table."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.discord.adapters.pictures import Kept
from bot.discord.ui import Picture
from games.pictures import Say
from games.tufteln.models import ROUNDS, TuftelnView
from games.tufteln.pictures import dice_image, scoreboard_image, sheet_image

_dice = Kept(15 * 36 * 2)  # 15 rolls x 36 throws, in two languages
_sheets = Kept(512)  # a sheet per player of a 200-player game, and then some
_boards = Kept(32)


def dice_picture(view: TuftelnView, number: int, say: Say) -> Picture:
    """Roll `number` (1-based) as two dice with pips."""
    first, second = view.rolls[number - 1]
    key = (
        number,
        first,
        second,
        say("tufteln.picture.roll_alt", roll=number, rounds=ROUNDS, first=first, second=second),
    )
    return _dice.picture(key, "roll.png", partial(dice_image, view, say, number))


def sheet_picture(view: TuftelnView, name: str, say: Say) -> Picture:
    """The viewer's own sheet (`view.me`), drawn from the sheet itself, the name (in its
    description) and the language."""
    assert view.me is not None, "a sheet is a seat's own view"
    key = (view.me.model_dump_json(), name, say("tufteln.picture.alt_row", row=1, values=""))
    return _sheets.picture(key, "sheet.png", partial(sheet_image, view, say, None, name))


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
    key = (game_id, version, say("tufteln.picture.alt_more", count=1))
    draw = partial(scoreboard_image, view, say, names, letters)
    return _boards.picture(key, "scores.png", draw)
