"""A member's rating in one game over their last rated games, as a small line picture
for /stats: drawn for a phone (640 px wide, shown at half size there), with only the
highest and lowest values and the latest one written in it; the words are the
message's, and the picture's description says what it shows.

The line is the rating the leaderboard orders by (the estimate minus three times its
uncertainty); the band above it reaches the estimate, so a band that narrows shows the
rating growing surer. The last pictures drawn are kept by what they show."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.core.ratings import Rating
from bot.discord.ui import Picture
from bot.i18n import t
from games.pictures import BACKGROUND, INK, KEY, MUTED, PLAYER_COLOURS, font, to_png

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 110, 100, 30, 30  # room for the values written beside the line
LINE = PLAYER_COLOURS[0]
BAND = (205, 224, 238)  # the line's blue, faded on the background
GRID = (222, 217, 206)
KEPT = 64
_drawn: OrderedDict[tuple[object, ...], Picture] = OrderedDict()


def rating_chart(
    history: Sequence[Rating], name: str, game: str, locale: str, decimal: str
) -> Picture | None:
    """The picture of `history` (oldest first); None for fewer than two games."""
    if len(history) < 2:
        return None
    points = tuple((round(r.mu, 2), round(r.conservative, 2)) for r in history)
    key = (points, name, game, locale, decimal)
    if key not in _drawn:
        _drawn[key] = _draw(points, name, game, locale, decimal)
        while len(_drawn) > KEPT:
            _drawn.popitem(last=False)
    _drawn.move_to_end(key)
    return _drawn[key]


def _draw(
    points: tuple[tuple[float, float], ...], name: str, game: str, locale: str, decimal: str
) -> Picture:
    ratings = [low for _, low in points]
    top = max(mu for mu, _ in points)
    bottom = min(ratings)
    span = max(top - bottom, 1.0)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + inner_w * index / (len(points) - 1)

    def y(value: float) -> float:
        return TOP + inner_h * (top - value) / span

    def number(value: float) -> str:
        return f"{value:.1f}".replace(".", decimal)

    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    band = [(x(i), y(mu)) for i, (mu, _) in enumerate(points)]
    band += [(x(i), y(low)) for i, (_, low) in reversed(list(enumerate(points)))]
    draw.polygon(band, fill=BAND)
    high, low = max(ratings), min(ratings)
    label = font(KEY, minor=True)
    for value in (high, low) if high != low else (high,):
        draw.line([(LEFT, y(value)), (WIDTH - RIGHT, y(value))], fill=GRID, width=2)
        draw.text((LEFT - 12, y(value)), number(value), font=label, fill=MUTED, anchor="rm")
    if bottom < 0 < top:  # zero: where a newcomer's rating climbs past
        draw.line([(LEFT, y(0)), (WIDTH - RIGHT, y(0))], fill=MUTED, width=1)
    draw.line([(x(i), y(v)) for i, v in enumerate(ratings)], fill=LINE, width=5, joint="curve")
    last = (x(len(points) - 1), y(ratings[-1]))
    draw.ellipse([last[0] - 8, last[1] - 8, last[0] + 8, last[1] + 8], fill=LINE)
    draw.text(
        (last[0] + 14, last[1]), number(ratings[-1]), font=font(KEY, bold=True), fill=INK,
        anchor="lm",
    )  # fmt: skip
    described = t(
        "stats.chart_alt",
        locale,
        name=name,
        game=game,
        count=len(points),
        first=number(ratings[0]),
        last=number(ratings[-1]),
        high=number(high),
        low=number(low),
    )
    return Picture("rating.png", to_png(image), described)
