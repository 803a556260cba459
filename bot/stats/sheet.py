"""Tüfteln's best sheet for /stats: drawn from the public final table the statistics
keep (every sheet is public once a game is over). The last ones drawn are kept: a
game's final table never changes."""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

from pydantic import ValidationError

from bot.discord.ui import Picture
from bot.i18n import t
from games.pictures import to_png
from games.tufteln.models import TuftelnView
from games.tufteln.pictures import sheet_image

log = logging.getLogger(__name__)
KEPT = 64
_drawn: OrderedDict[tuple[int, int, str, str], Picture | None] = OrderedDict()


def best_sheet(
    game_id: int, final: Any, seat: int, score: int, name: str, locale: str
) -> Picture | None:
    """The seat's sheet from a finished game's public view; None if it cannot be read
    (a view of an older release)."""
    key = (game_id, seat, name, locale)
    if key not in _drawn:
        _drawn[key] = _draw(final, seat, score, name, locale)
        while len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    _drawn.move_to_end(key)
    return _drawn[key]


def _draw(final: Any, seat: int, score: int, name: str, locale: str) -> Picture | None:
    try:
        view = TuftelnView.model_validate(final)
        image, alt = sheet_image(view, lambda key, **p: t(key, locale, **p), seat, name)
    except (ValidationError, ValueError, IndexError) as error:
        log.warning("a best sheet could not be drawn: %s", type(error).__name__)
        return None
    described = f"{t('stats.best_sheet_alt', locale, name=name, score=score)} {alt}"
    return Picture("best-sheet.png", to_png(image), described)
