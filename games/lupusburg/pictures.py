"""Pictures of Lupusburg, drawn from views only.

`table` draws the village for everyone: the circle of houses (owner colour and letter,
out of play or not), the claw pointing at last night's victim, the Burgomaster's crown,
the sealed bets, first-vote tokens and the two suspects' evidence tokens. It uses only
public fields, even when given a seat's view, so it never shows a secret.
`reveal` draws a finished game with everything turned face up, and the scores.
Every word drawn, and each description (alt text), comes from the catalog through `say`
(`lupusburg.picture.*`), so a picture reads in its reader's language.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from games.lupusburg.model import NIGHT_PHASES, GameRecord, House
from games.lupusburg.views import HouseView, LupusView
from games.pictures import BACKGROUND, INK, MUTED, Say, font, player_colour, player_letter

WIDTH = 1000
TOP = 290  # the circle's top edge
HOUSE = 64  # house width
GAP = 0.7  # extra space between two players' pairs, in house slots
OUT_FILL = (214, 211, 204)
CLAW_RED = (190, 30, 45)
GOLD = (222, 170, 30)
CHEST_BROWN = (140, 90, 40)
EVIDENCE = ("paw", "fur")
PIC = "lupusburg.picture."  # the pictures' words: `PIC + "phase.<phase>"`, `PIC + "role.<role>"`
ROLE_COLOURS = {"werewolf": CLAW_RED, "thief": (60, 60, 140), "townsfolk": (70, 110, 60)}

Point = tuple[float, float]


# -- geometry -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ring:
    """Positions around the circle of houses for a table of `seats` players."""

    seats: int

    @property
    def radius(self) -> int:
        return 300 if self.seats <= 6 else 330  # 14-16 houses need a wider circle

    @property
    def centre(self) -> Point:
        return (WIDTH / 2, TOP + self.radius)

    @property
    def bottom(self) -> float:
        return self.centre[1] + self.radius

    def angle(self, house: int) -> float:
        """Radians, clockwise from the top; a small gap separates the players' pairs."""
        owner, number = divmod(house, 2)
        slot = owner * (2 + GAP) + number + GAP / 2 + 0.5
        return 2 * math.pi * slot / (self.seats * (2 + GAP)) - math.pi / 2

    def owner_angle(self, seat: int) -> float:
        return (self.angle(2 * seat) + self.angle(2 * seat + 1)) / 2

    def at(self, angle: float, offset: float = 0) -> Point:
        """The point at `angle`, `offset` pixels outside the circle (inside if negative)."""
        x, y = self.centre
        radius = self.radius + offset
        return (x + radius * math.cos(angle), y + radius * math.sin(angle))

    def outline(self, draw: ImageDraw.ImageDraw) -> None:
        x, y = self.centre
        r = self.radius
        draw.ellipse((x - r, y - r, x + r, y + r), outline=(215, 208, 195), width=3)


def _text_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """Ink or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def _centred(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: int,
    fill: tuple[int, ...],
    width: float | None = None,
) -> None:
    """`text` centred on `xy`; given a `width`, in a smaller size if it would not fit."""
    draw.text(xy, text, font=_fitting(text, size, width), fill=fill, anchor="mm")


def _fitting(
    text: str, size: int, width: float | None, bold: bool = False
) -> ImageFont.FreeTypeFont:
    """The font of `size`, or a smaller one (down to half) that keeps `text` in `width`."""
    if width is None:
        return font(size, bold)
    smallest = max(8, size // 2)
    while size > smallest and font(size, bold).getlength(text) > width:
        size -= 1
    return font(size, bold)


def _line(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: int,
    fill: tuple[int, ...],
    *,
    bold: bool = False,
    width: float | None = None,
    anchor: str = "la",
) -> None:
    """A line of text from `xy` that keeps within `width` pixels (smaller if it must)."""
    draw.text(xy, text, font=_fitting(text, size, width, bold), fill=fill, anchor=anchor)


# -- pieces --------------------------------------------------------------------------------


def _house(
    draw: ImageDraw.ImageDraw, centre: Point, owner: int, number: int, in_play: bool
) -> None:
    """A house in its owner's colour with its letter and number; out of play: grey, crossed."""
    x, y = centre
    half = HOUSE / 2
    fill = player_colour(owner) if in_play else OUT_FILL
    line = INK if in_play else MUTED
    draw.polygon(
        [(x - half - 6, y - 2), (x, y - 40), (x + half + 6, y - 2)], fill=fill, outline=line
    )
    draw.rectangle((x - half, y - 2, x + half, y + 36), fill=fill, outline=line, width=2)
    if not in_play:
        draw.line((x - half, y - 2, x + half, y + 36), fill=(180, 176, 168), width=2)
        draw.line((x + half, y - 2, x - half, y + 36), fill=(180, 176, 168), width=2)
        draw.rectangle((x - 18, y + 6, x + 18, y + 28), fill=OUT_FILL)
    label = f"{player_letter(owner)}{number}"
    _centred(draw, (x, y + 17), label, 21, _text_on(fill) if in_play else (90, 90, 90))


def _claw_marks(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    for dx in (-12, 0, 12):
        draw.line((x + dx - 8, y - 16, x + dx + 8, y + 20), fill=CLAW_RED, width=5)


def _crown(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    points = [
        (x - 18, y + 8),
        (x - 18, y - 8),
        (x - 9, y),
        (x, y - 12),
        (x + 9, y),
        (x + 18, y - 8),
    ]
    draw.polygon([*points, (x + 18, y + 8)], fill=GOLD, outline=INK)


def _disc(draw: ImageDraw.ImageDraw, centre: Point, seat: int, radius: int, size: int) -> None:
    x, y = centre
    colour = player_colour(seat)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK)
    _centred(draw, (x, y), player_letter(seat), size, _text_on(colour))


def _seal(draw: ImageDraw.ImageDraw, centre: Point, seat: int) -> None:
    x, y = centre
    colour = player_colour(seat)
    draw.rounded_rectangle((x - 13, y - 13, x + 13, y + 13), 5, fill=colour, outline=INK, width=2)
    _centred(draw, (x, y), player_letter(seat), 16, _text_on(colour))


def _evidence(draw: ImageDraw.ImageDraw, centre: Point, kind: str, votes: int | None) -> None:
    """A Werewolf evidence token (paw print or tuft of fur), with its second-vote total."""
    x, y = centre
    draw.ellipse((x - 20, y - 20, x + 20, y + 20), fill=(250, 240, 215), outline=INK, width=2)
    brown = (110, 70, 35)
    if kind == "paw":
        draw.ellipse((x - 8, y - 1, x + 8, y + 13), fill=brown)
        for dx, dy in ((-11, -6), (-4, -12), (4, -12), (11, -6)):
            draw.ellipse((x + dx - 3.5, y + dy - 3.5, x + dx + 3.5, y + dy + 3.5), fill=brown)
    else:
        for dx in (-8, -3, 2, 7):
            draw.line((x + dx, y + 12, x + dx + 5, y - 12), fill=brown, width=3)
    if votes is not None:
        draw.ellipse((x + 4, y + 4, x + 28, y + 28), fill=INK)
        _centred(draw, (x + 16, y + 16), str(votes), 17, (255, 255, 255))


# -- the table ----------------------------------------------------------------------------------


def _names(seats: int, names: list[str] | None) -> list[str]:
    return [
        player_letter(s) if not names or s >= len(names) else f"{player_letter(s)} {names[s]}"
        for s in range(seats)
    ]


def _draw_circle(
    draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView, houses: list[HouseView]
) -> None:
    ring.outline(draw)
    for seat in range(view.seats):
        angle = ring.owner_angle(seat)
        bubble = ring.at(angle, 92)
        _disc(draw, bubble, seat, 24, 24)
        if seat == view.burgomaster:
            _crown(draw, (bubble[0], bubble[1] - 38))
    for house in houses:
        _house(
            draw,
            ring.at(ring.angle(house.house)),
            house.owner,
            house.number,
            house.in_play,
        )


def _draw_claw(draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView) -> None:
    centre = ring.centre
    if view.last_victim is not None:
        angle = ring.angle(view.last_victim)
        tip = ring.at(angle, -52)
        draw.line((*centre, *tip), fill=CLAW_RED, width=6)
        left = ring.at(angle - 0.05, -80)
        right = ring.at(angle + 0.05, -80)
        draw.polygon([tip, left, right], fill=CLAW_RED)
        x, y = ring.at(angle)
        _claw_marks(draw, (x, y - 16))
    draw.ellipse(
        (centre[0] - 34, centre[1] - 34, centre[0] + 34, centre[1] + 34),
        fill=(250, 246, 238),
        outline=CLAW_RED,
        width=3,
    )
    _claw_marks(draw, (centre[0], centre[1] - 4))


def _draw_tokens(draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView) -> None:
    """First-vote tokens, in short rows inward from each house."""
    placed: dict[int, int] = {}
    columns = 3 if view.seats <= 5 else 2  # neighbouring houses are closer with more players
    for token in view.tokens:
        k = placed.get(token.house, 0)
        placed[token.house] = k + 1
        angle = ring.angle(token.house)
        row, col = divmod(k, columns)
        base = ring.at(angle, -108 - 23 * row)
        side = (col - (columns - 1) / 2) * 23
        point = (base[0] - side * math.sin(angle), base[1] + side * math.cos(angle))
        _disc(draw, point, token.seat, 11, 14)


def _draw_suspects(draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView) -> None:
    for index, house in enumerate(view.suspects):
        angle = ring.angle(house)
        x, y = ring.at(angle)
        draw.rectangle((x - 41, y - 44, x + 41, y + 40), outline=CLAW_RED, width=3)
        votes = None if view.second_totals is None else view.second_totals[index]
        _evidence(draw, ring.at(angle, -70), EVIDENCE[index], votes)


def _draw_bets(draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView) -> None:
    """Sealed bets lie in front of their targets, outside the circle, in rows of four."""
    by_target: dict[int, list[int]] = {}
    for bet in view.bets:
        by_target.setdefault(bet.target, []).append(bet.bettor)
    for target, bettors in by_target.items():
        angle = ring.owner_angle(target)
        for k, bettor in enumerate(bettors):
            row, col = divmod(k, 4)
            in_row = min(4, len(bettors) - 4 * row)
            base = ring.at(angle, 146 + 30 * row)
            side = (col - (in_row - 1) / 2) * 30
            _seal(
                draw, (base[0] - side * math.sin(angle), base[1] + side * math.cos(angle)), bettor
            )


def _marks(draw: ImageDraw.ImageDraw, ring: Ring, view: LupusView, say: Say) -> None:
    if view.lynched is not None:
        x, y = ring.at(ring.angle(view.lynched))
        draw.rectangle((x - 31, y - 25, x + 31, y - 7), fill=INK)
        _centred(draw, (x, y - 16), say(PIC + "lynched"), 14, (255, 255, 255), width=58)


def _when(view: LupusView, say: Say) -> str:
    """'night 2' or 'day 2'."""
    return say(PIC + ("night" if view.phase in NIGHT_PHASES else "day"), day=view.day)


def _title(view: LupusView, say: Say) -> str:
    if view.series > 1:
        return say(PIC + "title_series", number=view.game, series=view.series)
    return say(PIC + "title")


def _header(draw: ImageDraw.ImageDraw, view: LupusView, names: list[str], say: Say) -> None:
    title = _title(view, say)
    if view.day:
        title = say(PIC + "title_when", title=title, when=_when(view, say))
    room = WIDTH - 48
    _line(draw, (24, 18), title, 32, INK, bold=True, width=room)
    phase = say(PIC + "phase." + view.phase)
    if view.to_act and view.phase != "over":
        who = ", ".join(player_letter(s) for s in view.to_act)
        phase = say(PIC + "to_act", phase=phase, letters=who)
    _line(draw, (24, 62), phase, 26, INK, width=room)
    bag = say(PIC + "bag", coins=view.coins_in_bag)
    bag_width = font(22).getlength(bag)
    _line(draw, (WIDTH - 24, 98), bag, 22, MUTED, anchor="ra")
    burgo = say(PIC + "burgomaster", player=names[view.burgomaster])
    _line(draw, (24, 98), burgo, 22, MUTED, width=room - bag_width - 24)


def _legend_lines(view: LupusView, names: list[str], say: Say) -> list[str]:
    """Each player's legend entry: the name (or "Player A"), with points in a series."""
    lines = []
    for seat in range(view.seats):
        name = names[seat][2:].strip() or say(PIC + "player", letter=player_letter(seat))
        if view.series > 1:
            name = say(PIC + "legend_points", name=name, count=view.totals[seat])
        lines.append(name)
    return lines


def _legend_columns(lines: list[str]) -> int:
    """Four columns, or two when an entry would not fit in a quarter of the width."""
    quarter = (WIDTH - 48) // 4 - 44
    return 4 if all(font(20).getlength(line) <= quarter for line in lines) else 2


def _legend(draw: ImageDraw.ImageDraw, view: LupusView, lines: list[str], top: int) -> None:
    columns = _legend_columns(lines)
    width = (WIDTH - 48) // columns
    for seat, text in enumerate(lines):
        row, col = divmod(seat, columns)
        x, y = 24 + col * width, top + row * 40
        _disc(draw, (x + 16, y + 16), seat, 15, 17)
        _line(draw, (x + 38, y + 4), text, 20, INK, width=width - 44)


def table(view: LupusView, say: Say, names: list[str] | None = None) -> tuple[Image.Image, str]:
    """The village as everyone sees it, and its description, in the reader's language."""
    labels = _names(view.seats, names)
    legend = _legend_lines(view, labels, say)
    columns = _legend_columns(legend)
    rows = (view.seats + columns - 1) // columns
    ring = Ring(view.seats)
    height = int(ring.bottom) + 190 + rows * 40
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(draw, view, labels, say)
    public = [h.model_copy(update={"character": None, "chest": None}) for h in view.houses]
    _draw_circle(draw, ring, view, public)
    _draw_claw(draw, ring, view)
    _draw_tokens(draw, ring, view)
    _draw_suspects(draw, ring, view)
    _draw_bets(draw, ring, view)
    _marks(draw, ring, view, say)
    _legend(draw, view, legend, int(ring.bottom) + 180)
    return image, describe_table(view, labels, say)


def _house_name(house: int) -> str:
    return f"{player_letter(house // 2)}{house % 2 + 1}"


def describe_table(view: LupusView, labels: list[str], say: Say) -> str:
    phase = say(PIC + "phase." + view.phase)
    if view.day:
        parts = [say(PIC + "alt.table_when", phase=phase, when=_when(view, say))]
    else:
        parts = [say(PIC + "alt.table", phase=phase)]
    parts.append(say(PIC + "alt.burgomaster", player=labels[view.burgomaster]))
    out = [_house_name(h.house) for h in view.houses if not h.in_play]
    if out:
        parts.append(say(PIC + "alt.out", houses=", ".join(out)))
    if view.last_victim is not None:
        parts.append(say(PIC + "alt.claw", house=_house_name(view.last_victim)))
    if view.suspects:
        first, second = (_house_name(h) for h in view.suspects)
        if view.second_totals is None:
            parts.append(say(PIC + "alt.suspects", first=first, second=second))
        else:
            first_votes, second_votes = view.second_totals
            parts.append(
                say(
                    PIC + "alt.suspects_votes",
                    first=first,
                    second=second,
                    first_votes=first_votes,
                    second_votes=second_votes,
                )
            )
    if view.bets:
        bets = ", ".join(
            say(
                PIC + "alt.bet",
                bettor=player_letter(b.bettor),
                target=player_letter(b.target),
            )
            for b in view.bets
        )
        parts.append(say(PIC + "alt.bets", bets=bets))
    return "; ".join(parts) + "."


# -- the reveal -----------------------------------------------------------------------------------


def _revealed_house(
    draw: ImageDraw.ImageDraw, ring: Ring, house: House, index: int, say: Say
) -> None:
    """A house turned over: its character across the body, its chest inward of it."""
    angle = ring.angle(index)
    x, y = ring.at(angle)
    _house(draw, (x, y), house.owner, index % 2 + 1, house.alive)
    role = house.character or "townsfolk"
    colour: tuple[int, ...] = ROLE_COLOURS[role]
    text = (255, 255, 255)
    if not house.alive:  # faded: this character left play
        colour = tuple((c + o) // 2 for c, o in zip(colour, OUT_FILL, strict=True))
        text = INK
    draw.rectangle((x - 32, y + 4, x + 32, y + 30), fill=colour, outline=INK)
    _centred(draw, (x, y + 17), say(PIC + "role." + role), 17, text, width=60)
    label = f"{player_letter(house.owner)}{index % 2 + 1}"
    _centred(
        draw,
        (x, y - 14),
        label,
        15,
        _text_on(player_colour(house.owner)) if house.alive else (90, 90, 90),
    )
    if house.chest:
        cx, cy = ring.at(angle, -62)
        draw.rectangle((cx - 16, cy - 11, cx + 16, cy + 11), fill=CHEST_BROWN, outline=INK, width=2)
        draw.line((cx - 16, cy - 2, cx + 16, cy - 2), fill=GOLD, width=3)
        draw.rectangle((cx - 3, cy - 4, cx + 3, cy + 3), fill=GOLD)


def reveal(view: LupusView, say: Say, names: list[str] | None = None) -> tuple[Image.Image, str]:
    """The last finished game (`view.previous`) with everything face up, and the scores."""
    record = view.previous
    if record is None:
        raise ValueError("no finished game to reveal")
    seats = view.seats
    labels = _names(seats, names)
    ring = Ring(seats)
    table_top = int(ring.bottom) + 150
    height = table_top + 60 + 40 * seats + 30
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    room = WIDTH - 48
    if view.series > 1:
        title = say(PIC + "title_series", number=record.number, series=view.series)
    else:
        title = say(PIC + "title_game", number=record.number)
    _line(draw, (24, 18), title, 32, INK, bold=True, width=room)
    winner = say(PIC + f"winner_{record.side}", player=labels[record.winner])
    if view.winners and view.series > 1:
        winner = say(PIC + "series_winner", line=winner, player=labels[view.winners[0]])
    _line(draw, (24, 62), winner, 26, INK, width=room)
    roles = say(PIC + "roles", werewolf=labels[record.werewolf], thief=labels[record.thief])
    _line(draw, (24, 98), roles, 22, MUTED, width=room)
    ring.outline(draw)
    for seat in range(seats):
        bubble = ring.at(ring.owner_angle(seat), 92)
        _disc(draw, bubble, seat, 24, 24)
        if seat == record.burgomaster:
            _crown(draw, (bubble[0], bubble[1] - 38))
    for index, house in enumerate(record.houses):
        _revealed_house(draw, ring, house, index, say)
    _score_table(draw, view, record, labels, table_top, say)
    return image, describe_reveal(view, record, labels, say)


_COLUMNS = {  # the score table's columns: where each starts
    "player": 24,
    "characters": 290,
    "chest": 420,
    "bet": 500,
    "seal": 730,
    "game": 815,
    "series": 905,
}


def _score_table(
    draw: ImageDraw.ImageDraw,
    view: LupusView,
    record: GameRecord,
    labels: list[str],
    top: int,
    say: Say,
) -> None:
    col = _COLUMNS
    starts = [*col.values(), WIDTH - 10]
    for (name, x), end in zip(col.items(), starts[1:], strict=True):
        _line(draw, (x, top), say(PIC + "column." + name), 19, MUTED, width=end - x - 8)
    bets = {b.bettor: b for b in record.bets}
    for seat in range(view.seats):
        y = top + 36 + 40 * seat
        score = record.scores[seat]
        if seat == record.winner:
            draw.rounded_rectangle((14, y - 6, WIDTH - 14, y + 32), 8, fill=(250, 232, 180))
        _disc(draw, (40, y + 13), seat, 14, 16)
        room = col["characters"] - 62 - 10
        _line(draw, (62, y + 12), labels[seat][2:].strip(), 19, INK, width=room, anchor="lm")
        if seat == record.werewolf:
            if score.win:
                points = say(PIC + "werewolf_won", points=score.win)
            else:
                points = say(PIC + "werewolf_lost")
            room = col["bet"] - col["characters"] - 10
            _line(draw, (col["characters"], y), points, 19, CLAW_RED, bold=True, width=room)
        else:
            draw.text((col["characters"], y), f"+{score.characters}", font=font(19), fill=INK)
            draw.text((col["chest"], y), f"+{score.chest}", font=font(19), fill=INK)
            draw.text((col["seal"], y), f"+{score.seal}", font=font(19), fill=INK)
        bet = bets.get(seat)
        if bet is not None:
            hit = "right" if bet.target == record.werewolf else "wrong"
            text = say(PIC + f"bet_{hit}", coin=bet.coin, target=player_letter(bet.target))
            if seat != record.werewolf:
                text += f" +{score.bet}"
            _line(draw, (col["bet"], y), text, 19, INK, width=col["seal"] - col["bet"] - 10)
        draw.text((col["game"], y), str(score.total), font=font(21, bold=True), fill=INK)
        draw.text((col["series"], y), str(view.totals[seat]), font=font(21), fill=INK)


def describe_reveal(view: LupusView, record: GameRecord, labels: list[str], say: Say) -> str:
    parts = [
        say(
            PIC + f"alt.reveal_{record.side}",
            number=record.number,
            player=labels[record.winner],
        ),
        say(PIC + "alt.roles", werewolf=labels[record.werewolf], thief=labels[record.thief]),
    ]
    chests = ", ".join(_house_name(i) for i, h in enumerate(record.houses) if h.chest)
    parts.append(say(PIC + "alt.chests", houses=chests))
    scores = ", ".join(f"{player_letter(s.seat)} {s.total}" for s in record.scores)
    parts.append(say(PIC + "alt.scores", scores=scores))
    return "; ".join(parts) + "."


def picture(view: LupusView, say: Say, names: list[str] | None = None) -> tuple[Image.Image, str]:
    """The picture for the table message: the reveal once the series is over."""
    if view.phase == "over":
        return reveal(view, say, names)
    return table(view, say, names)
