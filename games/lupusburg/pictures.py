"""Pictures of Lupusburg, drawn from views only, sized for how Discord shows them.

Discord shows a picture at most 550 x 350 pixels on a desktop, so both pictures are
landscape canvases of at most 1100 x 700 drawn with no text below 22 pixels (11 as
shown). The players sit around the table clockwise: one card each, the top row left
to right and the bottom row back right to left (four players: one row), with a track
and arrows between the cards showing the way round.

`table` draws the village for everyone: each player's card holds their two houses
(in their colour, marked with their letter and number, e.g. "A1"), how a house left
play (slain at night or lynched by day), the suspects' evidence tokens and their
second-vote totals, the first-vote tokens under each house, the sealed bets lying in
front of the player and the Burgomaster's crown. It uses only public fields, even
when given a seat's view, so it never shows a secret (a chest, a character, a coin).
`reveal` draws a finished game with every character and chest face up, and the scores.

Players are marked by `letters` (from their names: A for Ana), with their colour.
Every word drawn, and each description (alt text), comes from the catalog through
`say` (`lupusburg.picture.*`), so a picture reads in its reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from games.lupusburg.model import NIGHT_PHASES, Fallen, GameRecord, House, Score
from games.lupusburg.views import LupusView
from games.pictures import (
    BACKGROUND,
    INK,
    MUTED,
    Say,
    font,
    player_colour,
    player_letter,
)

PIC = "lupusburg.picture."  # the pictures' words: `PIC + "phase.<phase>"`, `PIC + "role.<role>"`

WIDTH = 1100
MARGIN = 16
HEAD = 92  # the header: a title line and a status line
GAP = 14  # between cards
CARD = 282  # a card's height
TEXT = 22  # the smallest text drawn: 11 pixels as Discord shows a 1100-pixel picture
NAME = 24
LABEL = 26  # a house's mark, e.g. "A1"
TITLE = 30

CARD_FILL = (255, 253, 248)
WINNER_FILL = (250, 232, 180)
TRACK = (215, 208, 195)
MORE_GREY = (200, 200, 200)
OUT_FILL = (214, 211, 204)
OUT_INK = (95, 95, 95)
CLAW_RED = (190, 30, 45)
GOLD = (222, 170, 30)
CHEST_BROWN = (140, 90, 40)
FUR_BROWN = (110, 70, 35)
EVIDENCE = ("paw", "fur")
BET_MARK = "\0"  # a score line that starts with a coin
ROLE_COLOURS = {"werewolf": CLAW_RED, "thief": (60, 60, 140), "townsfolk": (70, 110, 60)}

# Inside a card, from its top: the name band, the houses, the line under them,
# the first-vote tokens and the sealed bets.
BAND = 46
ROOF_TOP = 54
BODY_TOP = 88
BODY_BOTTOM = 152
HOUSE_HALF = 55  # half a house's width
UNDER = 168  # the line under the houses (second-vote totals)
TOKENS_TOP = 184
PILL = 28  # a token's or seal's height
TOKEN_ROWS = 2
BETS_TOP = 250

Colour = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def centre_y(self) -> float:
        return self.y + self.h / 2


def canvas_height(seats: int) -> int:
    return HEAD + len(rows(seats)) * (CARD + GAP) - GAP + MARGIN


def rows(seats: int) -> list[list[int]]:
    """The seats of each row of cards, left to right: clockwise along the top row, then
    back along the bottom row, so neighbours sit side by side (four players: one row)."""
    if seats <= 4:
        return [list(range(seats))]
    top = (seats + 1) // 2
    return [list(range(top)), list(range(seats - 1, top - 1, -1))]


def card_boxes(seats: int) -> dict[int, Box]:
    """Each seat's card. Cards of a row share its width, so no space is left empty."""
    boxes = {}
    for r, seats_in_row in enumerate(rows(seats)):
        width = (WIDTH - 2 * MARGIN - GAP * (len(seats_in_row) - 1)) / len(seats_in_row)
        for k, seat in enumerate(seats_in_row):
            x = MARGIN + k * (width + GAP)
            boxes[seat] = Box(x, HEAD + r * (CARD + GAP), width, CARD)
    return boxes


# -- text -------------------------------------------------------------------------------


def _text_on(colour: Colour) -> Colour:
    """Ink or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def clip(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, cut with an ellipsis to fit `width` (never drawn smaller: it must stay
    readable as Discord shows it)."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _write(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: int = TEXT,
    fill: Colour = INK,
    *,
    bold: bool = False,
    width: float | None = None,
    anchor: str = "lm",
) -> float:
    """Draw one line (cut to `width`); returns the width it took."""
    face = font(max(size, TEXT), bold)
    if width is not None:
        text = clip(text, face, width)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return face.getlength(text)


# -- pieces -----------------------------------------------------------------------------


def _disc(draw: ImageDraw.ImageDraw, centre: Point, seat: int, letter: str, radius: int) -> float:
    """A player's disc: their colour with their letter (a two-letter mark widens it).
    Returns its width."""
    x, y = centre
    colour = player_colour(seat)
    half = max(radius, font(TEXT, True).getlength(letter) / 2 + 6)
    box = (x - radius, y - radius, x - radius + 2 * half, y + radius)
    draw.rounded_rectangle(box, radius, fill=colour, outline=INK)
    _write(draw, (x - radius + half, y), letter, TEXT, _text_on(colour), bold=True, anchor="mm")
    return 2 * half


def _pill_width(text: str) -> float:
    return max(PILL + 4, font(TEXT, True).getlength(text) + 14)


def _pill(
    draw: ImageDraw.ImageDraw, xy: Point, text: str, colour: Colour, radius: int = 14
) -> float:
    """A token or seal: a rounded shape in a player's colour with their letter; `xy` is
    its left middle. Returns its width."""
    x, y = xy
    width = _pill_width(text)
    box = (x, y - PILL / 2, x + width, y + PILL / 2)
    draw.rounded_rectangle(box, radius, fill=colour, outline=INK, width=2)
    _write(draw, (x + width / 2, y), text, TEXT, _text_on(colour), bold=True, anchor="mm")
    return width


def _crown(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    points = [(x - 18, y + 9), (x - 18, y - 9), (x - 9, y), (x, y - 13), (x + 9, y)]
    draw.polygon([*points, (x + 18, y - 9), (x + 18, y + 9)], fill=GOLD, outline=INK)


def _claw_marks(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    for dx in (-14, 0, 14):
        draw.line((x + dx - 9, y - 18, x + dx + 9, y + 18), fill=CLAW_RED, width=5)


def _chest(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    draw.rectangle((x - 17, y - 12, x + 17, y + 12), fill=CHEST_BROWN, outline=INK, width=2)
    draw.line((x - 17, y - 3, x + 17, y - 3), fill=GOLD, width=3)
    draw.rectangle((x - 3, y - 5, x + 3, y + 3), fill=GOLD)


def _coin(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=GOLD, outline=CHEST_BROWN, width=2)
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), outline=CHEST_BROWN, width=2)


def _evidence(draw: ImageDraw.ImageDraw, centre: Point, kind: str) -> None:
    """A Werewolf evidence token: a paw print (first suspect) or a tuft of fur (second)."""
    x, y = centre
    draw.ellipse((x - 19, y - 19, x + 19, y + 19), fill=(250, 240, 215), outline=CLAW_RED, width=3)
    if kind == "paw":
        draw.ellipse((x - 7, y - 1, x + 7, y + 11), fill=FUR_BROWN)
        for dx, dy in ((-10, -5), (-4, -11), (4, -11), (10, -5)):
            draw.ellipse((x + dx - 3, y + dy - 3, x + dx + 3, y + dy + 3), fill=FUR_BROWN)
    else:
        for dx in (-8, -3, 2, 7):
            draw.line((x + dx - 2, y + 11, x + dx + 3, y - 11), fill=FUR_BROWN, width=3)


@dataclass(frozen=True)
class HouseLook:
    """How one house is drawn."""

    mark: str  # "A1"
    owner: int
    in_play: bool
    banner: str = ""  # how it left play ("slain", "lynched"), in the reader's words
    banner_ink: Colour = INK
    role: str = ""  # the reveal: its character, in the reader's words
    role_colour: Colour = INK


def _house(draw: ImageDraw.ImageDraw, x: float, top: float, look: HouseLook) -> None:
    """A house centred on `x` (card coordinates already added): roof from `top`, its
    mark in the body, and either how it left play or (the reveal) its character."""
    half = HOUSE_HALF
    body_top = top + BODY_TOP - ROOF_TOP
    bottom = top + BODY_BOTTOM - ROOF_TOP
    fill = player_colour(look.owner) if look.in_play else OUT_FILL
    line = INK if look.in_play else MUTED
    draw.polygon(
        [(x - half - 7, body_top), (x, top), (x + half + 7, body_top)], fill=fill, outline=line
    )
    draw.rectangle((x - half, body_top, x + half, bottom), fill=fill, outline=line, width=2)
    ink = _text_on(fill) if look.in_play else OUT_INK
    if look.role:  # the reveal: the mark in the roof, the character across the body
        _write(draw, (x, body_top - 12), look.mark, TEXT, ink, bold=True, anchor="mm")
        band = (x - half + 4, body_top + 14, x + half - 4, bottom - 12)
        draw.rectangle(band, fill=look.role_colour, outline=INK)
        text_ink = _text_on(look.role_colour)
        _write(
            draw,
            (x, (band[1] + band[3]) / 2),
            look.role,
            TEXT,
            text_ink,
            bold=True,
            width=2 * half,
            anchor="mm",
        )
        return
    if look.in_play:
        _write(draw, (x, (body_top + bottom) / 2), look.mark, LABEL, ink, bold=True, anchor="mm")
        return
    draw.line((x - half, body_top, x + half, bottom), fill=(185, 181, 173), width=2)
    draw.line((x + half, body_top, x - half, bottom), fill=(185, 181, 173), width=2)
    if not look.banner:
        _write(draw, (x, (body_top + bottom) / 2), look.mark, LABEL, ink, bold=True, anchor="mm")
        return
    _write(draw, (x, body_top + 17), look.mark, TEXT, ink, bold=True, anchor="mm")
    face = font(TEXT)
    text = clip(look.banner, face, 2 * half + 14)
    width = face.getlength(text) + 12
    y = bottom - 16
    draw.rounded_rectangle((x - width / 2, y - 13, x + width / 2, y + 13), 6, fill=look.banner_ink)
    _write(draw, (x, y), text, TEXT, (255, 255, 255), anchor="mm")


def _track(draw: ImageDraw.ImageDraw, boxes: dict[int, Box], seats: int) -> None:
    """The way round the table: a line through the cards' centres with an arrow in each
    gap between neighbours, pointing clockwise (it shows only between the cards)."""
    order = [boxes[s] for s in range(seats)]
    centres = [(b.x + b.w / 2, b.centre_y) for b in order]
    if len(rows(seats)) == 1:
        draw.line((*centres[0], *centres[-1]), fill=TRACK, width=6)
    else:
        top, bottom = centres[0][1], centres[-1][1]
        left = min(centres[0][0], centres[-1][0])
        right = max(c[0] for c in centres)
        draw.rounded_rectangle((left, top, right, bottom), 30, outline=TRACK, width=6)
    for seat in range(seats):
        a, b = order[seat], order[(seat + 1) % seats]
        if a.y == b.y and abs(a.x - b.x) < a.w + GAP + 1:  # side by side in a row
            x = max(a.x, b.x) - GAP / 2
            step = 1 if b.x > a.x else -1
            y = a.centre_y
            draw.polygon(
                [(x - 5 * step, y - 9), (x + 6 * step, y), (x - 5 * step, y + 9)], fill=MUTED
            )
        elif a.y != b.y:  # down the right side, or up the left
            right = a.x + a.w / 2 > WIDTH / 2
            x = max(a.x + a.w, b.x + b.w) - 40 if right else min(a.x, b.x) + 40
            y = max(a.y, b.y) - GAP / 2
            step = 1 if b.y > a.y else -1
            draw.polygon(
                [(x - 9, y - 5 * step), (x, y + 6 * step), (x + 9, y - 5 * step)], fill=MUTED
            )


def _card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    seat: int,
    name: str,
    letter: str,
    *,
    crown: bool,
    fill: Colour = CARD_FILL,
    right: str = "",
) -> None:
    """A player's card and its name band: disc and letter, name, crown, a number."""
    x, y, w = box.x, box.y, box.w
    colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + w, y + box.h), 12, fill=fill, outline=colour, width=3)
    disc = _disc(draw, (x + 26, y + BAND / 2 + 2), seat, letter, 18)
    room = w - disc - 20 - 12
    end = x + w - 12
    if right:
        room -= _write(draw, (end, y + BAND / 2 + 2), right, 28, INK, bold=True, anchor="rm") + 10
        end -= font(28, True).getlength(right) + 10
    if crown:
        _crown(draw, (end - 20, y + BAND / 2 + 2))
        room -= 46
    _write(draw, (x + disc + 16, y + BAND / 2 + 2), name, NAME, INK, width=room)


def _pills(
    draw: ImageDraw.ImageDraw,
    left: float,
    width: float,
    top: float,
    items: list[tuple[str, Colour]],
    lines: int,
    say: Say,
) -> None:
    """Pills centred in `width` from `left`, wrapped over up to `lines` lines; what does
    not fit is counted in a last grey pill ("+3")."""
    gap = 5
    placed: list[list[tuple[str, Colour]]] = [[]]
    used = 0.0
    for item in items:
        size = _pill_width(item[0])
        if used + size > width and placed[-1]:
            if len(placed) == lines:
                break
            placed.append([])
            used = 0.0
        placed[-1].append(item)
        used += size + gap
    shown = sum(len(line) for line in placed)
    if shown < len(items):  # the last line makes room for the count of the rest
        last = placed[-1]
        while len(last) > 1:
            rest = say(PIC + "more", count=len(items) - shown)
            if sum(_pill_width(t) + gap for t, _ in last) + _pill_width(rest) <= width:
                break
            last.pop()
            shown -= 1
        last.append((say(PIC + "more", count=len(items) - shown), MORE_GREY))
    for k, line in enumerate(placed):
        total = sum(_pill_width(t) for t, _ in line) + gap * (len(line) - 1)
        x = left + (width - total) / 2
        y = top + PILL / 2 + k * (PILL + 4)
        for text, colour in line:
            x += _pill(draw, (x, y), text, colour) + gap


# -- the table ------------------------------------------------------------------------------


def _when(view: LupusView, say: Say) -> str:
    """'night 2' or 'day 2'."""
    return say(PIC + ("night" if view.phase in NIGHT_PHASES else "day"), day=view.day)


def _title(view: LupusView, say: Say) -> str:
    if view.series > 1:
        title = say(PIC + "title_series", number=view.game, series=view.series)
    else:
        title = say(PIC + "title")
    if view.day:
        title = say(PIC + "title_when", title=title, when=_when(view, say))
    return title


def _banner(fallen: Fallen | None, say: Say) -> tuple[str, Colour]:
    if fallen is None:
        return "", INK
    return say(PIC + fallen.how), CLAW_RED if fallen.how == "slain" else INK


def _marks(letters: Sequence[str], house: int) -> str:
    return f"{letters[house // 2]}{house % 2 + 1}"


def _defaults(
    seats: int, say: Say, names: Sequence[str] | None, letters: Sequence[str] | None
) -> tuple[list[str], list[str]]:
    """Letters (seat letters if none are given) and names ("Player A" if none)."""
    marks = list(letters) if letters else [player_letter(s) for s in range(seats)]
    shown = list(names) if names else [say(PIC + "player", letter=m) for m in marks]
    return shown, marks


def table(
    view: LupusView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
) -> tuple[Image.Image, str]:
    """The village as everyone sees it, and its description, in the reader's language."""
    names, letters = _defaults(view.seats, say, names, letters)
    image = Image.new("RGB", (WIDTH, canvas_height(view.seats)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _write(draw, (MARGIN, 30), _title(view, say), TITLE, INK, bold=True, width=WIDTH - 2 * MARGIN)
    bag = say(PIC + "bag", count=view.coins_in_bag)
    bag_width = _write(draw, (WIDTH - MARGIN, 70), bag, TEXT, MUTED, anchor="rm")
    phase = say(PIC + "phase." + view.phase)
    if view.to_act and view.phase != "over":
        phase = say(PIC + "to_act", phase=phase, letters=", ".join(letters[s] for s in view.to_act))
    _write(draw, (MARGIN, 70), phase, NAME, INK, width=WIDTH - 3 * MARGIN - bag_width)
    boxes = card_boxes(view.seats)
    _track(draw, boxes, view.seats)
    for seat, box in boxes.items():
        _card(draw, box, seat, names[seat], letters[seat], crown=seat == view.burgomaster)
        _village_card(draw, box, seat, view, letters, say)
    return image, describe_table(view, names, letters, say)


def _village_card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    seat: int,
    view: LupusView,
    letters: Sequence[str],
    say: Say,
) -> None:
    """A player's houses as the table sees them, the tokens on them and the bets on them."""
    fallen = {f.house: f for f in view.fallen}
    half = box.w / 2
    for k, house in enumerate((2 * seat, 2 * seat + 1)):
        x = box.x + half * k + half / 2
        state = view.houses[house]
        text, ink = _banner(fallen.get(house), say)
        look = HouseLook(_marks(letters, house), seat, state.in_play, banner=text, banner_ink=ink)
        _house(draw, x, box.y + ROOF_TOP, look)
        if house == view.last_victim and view.phase not in NIGHT_PHASES:
            _claw_marks(draw, (x, box.y + ROOF_TOP + 22))
        if house in view.suspects:
            index = view.suspects.index(house)
            frame = (
                x - HOUSE_HALF - 9,
                box.y + ROOF_TOP - 6,
                x + HOUSE_HALF + 9,
                box.y + BODY_BOTTOM + 4,
            )
            draw.rectangle(frame, outline=CLAW_RED, width=3)
            _evidence(draw, (x + HOUSE_HALF - 8, box.y + ROOF_TOP + 8), EVIDENCE[index])
            if view.second_totals is not None:
                count = view.second_totals[index]
                _votes(draw, (x, box.y + UNDER), count, say, _votes_in_words(view, say))
        voters = [(letters[t.seat], player_colour(t.seat)) for t in view.tokens if t.house == house]
        _pills(draw, x - half / 2 + 4, half - 8, box.y + TOKENS_TOP, voters, TOKEN_ROWS, say)
    bettors = [(letters[b.bettor], player_colour(b.bettor)) for b in view.bets if b.target == seat]
    if bettors:
        left = box.x + 12
        _coin(draw, (left + 12, box.y + BETS_TOP + PILL / 2))
        _seals(draw, left + 32, box.w - 56, box.y + BETS_TOP, bettors, say)


def _votes_in_words(view: LupusView, say: Say) -> bool:
    """Whether both suspects' totals fit in words under their houses (else: numbers)."""
    half = min(box.w for box in card_boxes(view.seats).values()) / 2
    totals = view.second_totals or []
    return all(font(TEXT, True).getlength(say(PIC + "votes", count=n)) <= half - 6 for n in totals)


def _votes(draw: ImageDraw.ImageDraw, centre: Point, count: int, say: Say, words: bool) -> None:
    """A suspect's second-vote total under its house: "3 votes", or just the number on a
    red badge (`words` False: the words would not fit under both suspects)."""
    if words:
        text = say(PIC + "votes", count=count)
        _write(draw, centre, text, TEXT, CLAW_RED, bold=True, anchor="mm")
        return
    number = str(count)
    half = _pill_width(number) / 2
    x, y = centre
    draw.rounded_rectangle((x - half, y - PILL / 2, x + half, y + PILL / 2), 14, fill=CLAW_RED)
    _write(draw, centre, number, TEXT, (255, 255, 255), bold=True, anchor="mm")


def _seals(
    draw: ImageDraw.ImageDraw,
    left: float,
    width: float,
    top: float,
    bettors: list[tuple[str, Colour]],
    say: Say,
) -> None:
    """The sealed bets lying in front of a player, in one row from `left`; what does
    not fit is counted in a last grey seal ("+2")."""
    gap = 5
    shown = list(bettors)
    while sum(_pill_width(t) + gap for t, _ in shown) > width + gap:
        shown.pop()
        rest = say(PIC + "more", count=len(bettors) - len(shown))
        if sum(_pill_width(t) + gap for t, _ in shown) + _pill_width(rest) <= width:
            shown.append((rest, MORE_GREY))
            break
    x = left
    for text, colour in shown:
        x += _pill(draw, (x, top + PILL / 2), text, colour, 6) + gap


def _house_list(houses: list[int], letters: Sequence[str]) -> str:
    return ", ".join(_marks(letters, h) for h in houses)


def describe_table(view: LupusView, names: Sequence[str], letters: Sequence[str], say: Say) -> str:
    phase = say(PIC + "phase." + view.phase)
    if view.day:
        parts = [say(PIC + "alt.table_when", phase=phase, when=_when(view, say))]
    else:
        parts = [say(PIC + "alt.table", phase=phase)]
    players = ", ".join(f"{letters[s]} {names[s]}" for s in range(view.seats))
    parts.append(say(PIC + "alt.players", players=players))
    parts.append(say(PIC + "alt.burgomaster", player=names[view.burgomaster]))
    told = {f.house for f in view.fallen}
    for how in ("slain", "lynched"):
        houses = [f.house for f in view.fallen if f.how == how]
        if houses:
            parts.append(say(PIC + f"alt.{how}", houses=_house_list(houses, letters)))
    out = [h.house for h in view.houses if not h.in_play and h.house not in told]
    if out:
        parts.append(say(PIC + "alt.out", houses=_house_list(out, letters)))
    if view.last_victim is not None and view.phase not in NIGHT_PHASES:
        parts.append(say(PIC + "alt.claw", house=_marks(letters, view.last_victim)))
    if view.tokens:
        counts: dict[int, int] = {}
        for token in view.tokens:
            counts[token.house] = counts.get(token.house, 0) + 1
        tokens = ", ".join(
            say(PIC + "alt.token_count", house=_marks(letters, h), count=n)
            for h, n in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        )
        parts.append(say(PIC + "alt.tokens", tokens=tokens))
    if view.suspects:
        first, second = (_marks(letters, h) for h in view.suspects)
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
            say(PIC + "alt.bet", bettor=letters[b.bettor], target=letters[b.target])
            for b in view.bets
        )
        parts.append(say(PIC + "alt.bets", bets=bets))
    parts.append(say(PIC + "bag", count=view.coins_in_bag))
    return "; ".join(parts) + "."


# -- the reveal -----------------------------------------------------------------------------


def reveal(
    view: LupusView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
) -> tuple[Image.Image, str]:
    """The last finished game (`view.previous`) with everything face up, and the scores."""
    record = view.previous
    if record is None:
        raise ValueError("no finished game to reveal")
    names, letters = _defaults(view.seats, say, names, letters)
    image = Image.new("RGB", (WIDTH, canvas_height(view.seats)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    if view.series > 1:
        title = say(PIC + "title_series", number=record.number, series=view.series)
    else:
        title = say(PIC + "title_game", number=record.number)
    _write(draw, (MARGIN, 30), title, TITLE, INK, bold=True, width=WIDTH - 2 * MARGIN)
    winner = say(PIC + f"winner_{record.side}", player=names[record.winner])
    if view.winners and view.series > 1:
        winner = say(PIC + "series_winner", line=winner, player=names[view.winners[0]])
    _write(draw, (MARGIN, 70), winner, NAME, INK, width=WIDTH - 2 * MARGIN)
    boxes = card_boxes(view.seats)
    _track(draw, boxes, view.seats)
    for seat, box in boxes.items():
        score = record.scores[seat]
        fill = WINNER_FILL if seat == record.winner else CARD_FILL
        crown = seat == record.burgomaster
        _card(
            draw,
            box,
            seat,
            names[seat],
            letters[seat],
            crown=crown,
            fill=fill,
            right=str(score.total),
        )
        for k, house in enumerate((2 * seat, 2 * seat + 1)):
            x = box.x + box.w / 4 * (2 * k + 1)
            _revealed_house(
                draw, x, box.y + ROOF_TOP, record.houses[house], _marks(letters, house), say
            )
        lines = _score_lines(view, record, score, letters, say)
        for k, (label, value) in enumerate(lines):
            y = box.y + BODY_BOTTOM + 24 + k * 27
            left = box.x + 12
            if label.startswith(BET_MARK):  # a bet: the coin drawn, then its words
                _coin(draw, (left + 11, y))
                label, left = label.removeprefix(BET_MARK), left + 30
            room = box.x + box.w - 12 - left - font(TEXT, True).getlength(value) - 10
            ink = CLAW_RED if seat == record.werewolf and k == 0 else INK
            _write(draw, (left, y), label, TEXT, ink, width=room)
            _write(draw, (box.x + box.w - 12, y), value, TEXT, ink, bold=True, anchor="rm")
    return image, describe_reveal(view, record, names, letters, say)


def _revealed_house(
    draw: ImageDraw.ImageDraw, x: float, top: float, house: House, mark: str, say: Say
) -> None:
    """A house turned over: its character across the body, its chest beside it."""
    role = house.character or "townsfolk"
    colour: Colour = ROLE_COLOURS[role]
    if not house.alive:  # faded: this character left play
        colour = (
            (colour[0] + OUT_FILL[0]) // 2,
            (colour[1] + OUT_FILL[1]) // 2,
            (colour[2] + OUT_FILL[2]) // 2,
        )
    look = HouseLook(
        mark, house.owner, house.alive, role=say(PIC + "role." + role), role_colour=colour
    )
    _house(draw, x, top, look)
    if house.chest:
        _chest(draw, (x + HOUSE_HALF - 22, top + BODY_BOTTOM - ROOF_TOP))


def _score_lines(
    view: LupusView, record: GameRecord, score: Score, letters: Sequence[str], say: Say
) -> list[tuple[str, str]]:
    """A player's points, one (label, value) line each: at most four (a bet uses the
    seal, so a player has a bet line or a seal line, never both)."""
    bet = next((b for b in record.bets if b.bettor == score.seat), None)
    if score.seat == record.werewolf:
        side = "werewolf_won" if score.win else "werewolf_lost"
        lines = [(say(PIC + side), f"+{score.win}")]
    else:
        lines = [
            (say(PIC + "column.characters"), f"+{score.characters}"),
            (say(PIC + "column.chest"), f"+{score.chest}"),
        ]
        if bet is None:
            lines.append((say(PIC + "column.seal"), f"+{score.seal}"))
    if bet is not None:
        hit = "right" if bet.target == record.werewolf else "wrong"
        text = BET_MARK + say(PIC + f"bet_{hit}", coin=bet.coin, target=letters[bet.target])
        lines.append((text, "" if score.seat == record.werewolf else f"+{score.bet}"))
    if view.series > 1:
        lines.append((say(PIC + "column.series"), str(view.totals[score.seat])))
    return lines


def describe_reveal(
    view: LupusView,
    record: GameRecord,
    names: Sequence[str],
    letters: Sequence[str],
    say: Say,
) -> str:
    parts = [
        say(PIC + f"alt.reveal_{record.side}", number=record.number, player=names[record.winner]),
        say(PIC + "alt.roles", werewolf=names[record.werewolf], thief=names[record.thief]),
    ]
    chests = [i for i, h in enumerate(record.houses) if h.chest]
    parts.append(say(PIC + "alt.chests", houses=_house_list(chests, letters)))
    out = [i for i, h in enumerate(record.houses) if not h.alive]
    if out:
        parts.append(say(PIC + "alt.out", houses=_house_list(out, letters)))
    scores = ", ".join(f"{names[s.seat]} {s.total}" for s in record.scores)
    parts.append(say(PIC + "alt.scores", scores=scores))
    return "; ".join(parts) + "."


def picture(
    view: LupusView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
) -> tuple[Image.Image, str]:
    """The picture for the table message: the reveal once the series is over."""
    if view.phase == "over":
        return reveal(view, say, names, letters)
    return table(view, say, names, letters)
