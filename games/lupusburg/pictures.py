"""Pictures of Lupusburg, drawn from views only, for a phone first.

The players sit around the table clockwise: one card each, the top row left to right
and the bottom row back right to left, with a track and arrows between the cards
showing the way round. A phone shows a picture about 320 px wide, so the pictures show
what is spatial (whose houses sit where, which are out, where the evidence and votes
lie) and the message's words say the rest: the phase, who acts, who voted for which
house and who bet on whom, the coins in the bag, the scores' parts. At most `WIDTH`
(640) px wide, with no text below `KEY` px (see `games.pictures`).

`table` draws the village for everyone: each player's card holds their two houses
(in their colour, marked with their letter and number, e.g. "A1"), how a house left
play (slain: claw marks; lynched: a rope), the suspects' evidence tokens and their
second-vote totals, how many first-vote tokens lie on each house, how many sealed bets
lie in front of the player, and the Burgomaster's crown. It uses only public fields,
even when given a seat's view, so it never shows a secret (a chest, a character, a
coin). `reveal` draws a finished game with every character and chest face up, and
each player's score.

Players are marked by `letters` (from their names: A for Ana), with their colour.
Every word drawn, and each description (alt text), comes from the catalog through
`say` (`lupusburg.picture.*`), so a picture reads in its reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from games.lupusburg.model import NIGHT_PHASES, GameRecord, House
from games.lupusburg.views import LupusView
from games.pictures import (
    BACKGROUND,
    INK,
    KEY,
    MUTED,
    WIDTH,
    Say,
    font,
    player_colour,
    player_letter,
)

PIC = "lupusburg.picture."  # the pictures' words: `PIC + "role.<role>"`, `PIC + "player"`

MARGIN = 12
GAP = 14  # between cards
PAD = 8  # inside a card
BAND = 44  # a card's top line: the player's disc, the crown, bets or the score
ROOF = 18  # a house's roof
BODY = 44  # a house's body
HOUSE_GAP = 10  # between a card's two houses
CARD = BAND + 2 * (ROOF + BODY) + HOUSE_GAP + 2 * PAD  # a card's height
SCORE = 30  # a player's score in the reveal

CARD_FILL = (255, 253, 248)
WINNER_FILL = (250, 232, 180)
TRACK = (215, 208, 195)
OUT_FILL = (214, 211, 204)
OUT_INK = (95, 95, 95)
CLAW_RED = (190, 30, 45)
ROPE = (120, 85, 45)
GOLD = (222, 170, 30)
CHEST_BROWN = (140, 90, 40)
FUR_BROWN = (110, 70, 35)
TOKEN_FILL = (70, 70, 70)
EVIDENCE = ("paw", "fur")
ROLE_COLOURS = {"werewolf": CLAW_RED, "thief": (60, 60, 140), "townsfolk": (70, 110, 60)}

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
    return MARGIN + len(rows(seats)) * (CARD + GAP) - GAP + MARGIN


def rows(seats: int) -> list[list[int]]:
    """The seats of each row of cards, left to right: clockwise along the top row, then
    back along the bottom row, so neighbours sit side by side."""
    top = math.ceil(seats / 2)
    return [list(range(top)), list(range(seats - 1, top - 1, -1))]


def card_width(seats: int) -> float:
    columns = len(rows(seats)[0])
    return (WIDTH - 2 * MARGIN - GAP * (columns - 1)) / columns


def house_width(seats: int) -> float:
    """A house's width: a card's, less its padding."""
    return card_width(seats) - 2 * PAD


def card_boxes(seats: int) -> dict[int, Box]:
    """Each seat's card: every card as wide as those of the fuller top row."""
    width = card_width(seats)
    boxes = {}
    for r, seats_in_row in enumerate(rows(seats)):
        for k, seat in enumerate(seats_in_row):
            x = MARGIN + k * (width + GAP)
            boxes[seat] = Box(x, MARGIN + r * (CARD + GAP), width, CARD)
    return boxes


def house_box(box: Box, k: int) -> Box:
    """House `k` (0 or 1) of a card: its roof's top to its body's bottom."""
    return Box(
        box.x + PAD, box.y + BAND + k * (ROOF + BODY + HOUSE_GAP), box.w - 2 * PAD, ROOF + BODY
    )


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
    size: int = KEY,
    fill: Colour = INK,
    *,
    bold: bool = True,
    width: float | None = None,
    anchor: str = "lm",
) -> float:
    """Draw one line (cut to `width`); returns the width it took."""
    face = font(max(size, KEY), bold)
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
    half = max(radius, font(KEY, True).getlength(letter) / 2 + 6)
    box = (x - radius, y - radius, x - radius + 2 * half, y + radius)
    draw.rounded_rectangle(box, radius, fill=colour, outline=INK)
    _write(draw, (x - radius + half, y), letter, KEY, _text_on(colour), anchor="mm")
    return 2 * half


def _chip(draw: ImageDraw.ImageDraw, right_middle: Point, text: str, fill: Colour) -> float:
    """A count on a rounded chip whose right middle is `right_middle`; returns its width."""
    x, y = right_middle
    width = max(30, font(KEY, True).getlength(text) + 14)
    draw.rounded_rectangle((x - width, y - 15, x, y + 15), 15, fill=fill)
    _write(draw, (x - width / 2, y + 1), text, KEY, _text_on(fill), anchor="mm")
    return width


def _crown(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    points = [(x - 18, y + 9), (x - 18, y - 9), (x - 9, y), (x, y - 13), (x + 9, y)]
    draw.polygon([*points, (x + 18, y - 9), (x + 18, y + 9)], fill=GOLD, outline=INK)


def _claw_marks(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    for dx in (-10, 0, 10):
        draw.line((x + dx - 6, y - 14, x + dx + 6, y + 14), fill=CLAW_RED, width=4)


def _rope(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    """A noose: a lynched house."""
    x, y = centre
    draw.line((x, y - 18, x, y - 2), fill=ROPE, width=4)
    draw.ellipse((x - 8, y - 4, x + 8, y + 16), outline=ROPE, width=4)


def _chest(draw: ImageDraw.ImageDraw, centre: Point) -> None:
    x, y = centre
    draw.rectangle((x - 15, y - 11, x + 15, y + 11), fill=CHEST_BROWN, outline=INK, width=2)
    draw.line((x - 15, y - 3, x + 15, y - 3), fill=GOLD, width=3)
    draw.rectangle((x - 3, y - 5, x + 3, y + 3), fill=GOLD)


def _coin(draw: ImageDraw.ImageDraw, centre: Point, count: int = 0) -> None:
    """A gold coin; with `count`, the number on it (how many sealed bets lie there)."""
    x, y = centre
    r = 16 if count else 13
    draw.ellipse((x - r, y - r, x + r, y + r), fill=GOLD, outline=CHEST_BROWN, width=2)
    if count:
        _write(draw, (x, y + 1), str(count), KEY, INK, anchor="mm")
    else:
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), outline=CHEST_BROWN, width=2)


def _evidence(draw: ImageDraw.ImageDraw, centre: Point, kind: str) -> None:
    """A Werewolf evidence token: a paw print (first suspect) or a tuft of fur (second)."""
    x, y = centre
    draw.ellipse((x - 17, y - 17, x + 17, y + 17), fill=(250, 240, 215), outline=CLAW_RED, width=3)
    if kind == "paw":
        draw.ellipse((x - 6, y - 1, x + 6, y + 10), fill=FUR_BROWN)
        for dx, dy in ((-9, -5), (-4, -10), (4, -10), (9, -5)):
            draw.ellipse((x + dx - 3, y + dy - 3, x + dx + 3, y + dy + 3), fill=FUR_BROWN)
    else:
        for dx in (-7, -2, 3, 8):
            draw.line((x + dx - 2, y + 10, x + dx + 3, y - 10), fill=FUR_BROWN, width=3)


def _house_shape(draw: ImageDraw.ImageDraw, box: Box, fill: Colour, line: Colour) -> Box:
    """A house's roof and body in `box`; returns the body."""
    x0, x1 = box.x, box.x + box.w
    mid = box.x + box.w / 2
    body_top = box.y + ROOF
    draw.polygon([(x0 - 3, body_top), (mid, box.y), (x1 + 3, body_top)], fill=fill, outline=line)
    draw.rectangle((x0, body_top, x1, box.y + box.h), fill=fill, outline=line, width=2)
    return Box(x0, body_top, box.w, BODY)


def _track(draw: ImageDraw.ImageDraw, boxes: dict[int, Box], seats: int) -> None:
    """The way round the table: a loop through the cards' centres with an arrow in each
    gap between neighbours, pointing clockwise (it shows only between the cards)."""
    order = [boxes[s] for s in range(seats)]
    centres = [(b.x + b.w / 2, b.centre_y) for b in order]
    top, bottom = centres[0][1], centres[-1][1]
    left = min(centres[0][0], centres[-1][0])
    right = max(c[0] for c in centres)
    draw.rounded_rectangle((left, top, right, bottom), 30, outline=TRACK, width=6)
    for seat in range(seats):
        a, b = order[seat], order[(seat + 1) % seats]
        if a.y == b.y:  # side by side in a row
            x = max(a.x, b.x) - GAP / 2
            step = 1 if b.x > a.x else -1
            y = a.centre_y
            draw.polygon(
                [(x - 5 * step, y - 9), (x + 6 * step, y), (x - 5 * step, y + 9)], fill=MUTED
            )
        else:  # down the right side, or up the left
            on_right = a.x + a.w / 2 > WIDTH / 2
            x = max(a.x + a.w, b.x + b.w) - 40 if on_right else min(a.x, b.x) + 40
            y = max(a.y, b.y) - GAP / 2
            step = 1 if b.y > a.y else -1
            draw.polygon(
                [(x - 9, y - 5 * step), (x, y + 6 * step), (x + 9, y - 5 * step)], fill=MUTED
            )


def _card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    seat: int,
    letter: str,
    *,
    crown: bool,
    fill: Colour = CARD_FILL,
) -> float:
    """A player's card and its band: their disc, then the crown. Returns where the
    band's free room begins."""
    x, y, w = box.x, box.y, box.w
    colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + w, y + box.h), 12, fill=fill, outline=colour, width=3)
    left = x + PAD + 18
    left += _disc(draw, (left, y + BAND / 2 + 2), seat, letter, 18) - 18 + 8
    if crown:
        _crown(draw, (left + 20, y + BAND / 2 + 2))
        left += 46
    return left


# -- the table ------------------------------------------------------------------------------


def _when(view: LupusView, say: Say) -> str:
    """'night 2' or 'day 2'."""
    return say(PIC + ("night" if view.phase in NIGHT_PHASES else "day"), day=view.day)


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
    boxes = card_boxes(view.seats)
    _track(draw, boxes, view.seats)
    for seat, box in boxes.items():
        _card(draw, box, seat, letters[seat], crown=seat == view.burgomaster)
        bets = sum(1 for b in view.bets if b.target == seat)
        if bets:  # the sealed bets lying in front of the player: a coin, and how many
            _coin(draw, (box.x + box.w - PAD - 16, box.y + BAND / 2 + 2), bets)
        for k in (0, 1):
            _village_house(draw, house_box(box, k), 2 * seat + k, view, letters)
    return image, describe_table(view, names, letters, say)


def _village_house(
    draw: ImageDraw.ImageDraw, box: Box, house: int, view: LupusView, letters: Sequence[str]
) -> None:
    """One house as the table sees it: in play or out (and how: the claw, a rope), a
    suspect's frame, its evidence on the roof and its second-vote total, or how many
    first-vote tokens lie on it."""
    state = view.houses[house]
    fallen = next((f for f in view.fallen if f.house == house), None)
    if state.in_play:
        body = _house_shape(draw, box, player_colour(state.owner), INK)
        ink = _text_on(player_colour(state.owner))
    else:
        body = _house_shape(draw, box, OUT_FILL, MUTED)
        ink = OUT_INK
    _write(draw, (body.x + 8, body.centre_y + 1), _marks(letters, house), KEY, ink)
    right = body.x + body.w - 6
    claw = house == view.last_victim and view.phase not in NIGHT_PHASES
    if (fallen is not None and fallen.how == "slain") or claw:
        _claw_marks(draw, (right - 16, body.centre_y))
        right -= 38
    elif fallen is not None:
        _rope(draw, (right - 12, body.centre_y))
        right -= 30
    count, fill = sum(1 for t in view.tokens if t.house == house), TOKEN_FILL
    if house in view.suspects:
        index = view.suspects.index(house)
        draw.rectangle(
            (box.x - 5, box.y - 4, box.x + box.w + 5, box.y + box.h + 4), outline=CLAW_RED, width=3
        )
        _evidence(draw, (box.x + box.w - 22, box.y + ROOF / 2 - 2), EVIDENCE[index])  # on the roof
        if view.second_totals is not None:  # the second vote's total, not the tokens
            count, fill = view.second_totals[index], CLAW_RED
    if count:
        _chip(draw, (right, body.centre_y), str(count), fill)


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
# -- the reveal -----------------------------------------------------------------------------
# -- the reveal -----------------------------------------------------------------------------


def reveal(
    view: LupusView,
    say: Say,
    names: Sequence[str] | None = None,
    letters: Sequence[str] | None = None,
) -> tuple[Image.Image, str]:
    """The last finished game (`view.previous`) with everything face up, and each score."""
    record = view.previous
    if record is None:
        raise ValueError("no finished game to reveal")
    names, letters = _defaults(view.seats, say, names, letters)
    image = Image.new("RGB", (WIDTH, canvas_height(view.seats)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    boxes = card_boxes(view.seats)
    _track(draw, boxes, view.seats)
    for seat, box in boxes.items():
        fill = WINNER_FILL if seat == record.winner else CARD_FILL
        _card(draw, box, seat, letters[seat], crown=seat == record.burgomaster, fill=fill)
        total = str(record.scores[seat].total)
        _write(
            draw, (box.x + box.w - PAD - 2, box.y + BAND / 2 + 3), total, SCORE, INK, anchor="rm"
        )
        for k in (0, 1):
            _revealed_house(draw, house_box(box, k), record.houses[2 * seat + k], say)
    return image, describe_reveal(view, record, names, letters, say)


def _revealed_house(draw: ImageDraw.ImageDraw, box: Box, house: House, say: Say) -> None:
    """A house turned over: its character across the body, its chest on the roof; faded
    if the character left play."""
    role = house.character or "townsfolk"
    colour: Colour = ROLE_COLOURS[role]
    if not house.alive:
        colour = (
            (colour[0] + OUT_FILL[0]) // 2,
            (colour[1] + OUT_FILL[1]) // 2,
            (colour[2] + OUT_FILL[2]) // 2,
        )
    body = _house_shape(draw, box, colour, INK if house.alive else MUTED)
    word = say(PIC + "role." + role)
    centre = (body.x + body.w / 2, body.centre_y + 1)
    _write(draw, centre, word, KEY, _text_on(colour), width=body.w - 8, anchor="mm")
    if house.chest:
        _chest(draw, (box.x + box.w - 20, box.y + ROOF - 6))


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
