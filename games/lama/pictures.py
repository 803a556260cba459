"""Pictures of No Prob-Lama, drawn from views only, for a phone first.

- `render_table(view, say, names, letters)`: every seat's layout (face-up cards and
  backs) in a frame marked with the player's mark, thick in their colour for whose turn
  it is; the draw pile, the discard pile and the card in play.
- `render_panel(view, say, names, letters)`: a seat's own layout, large, with the
  positions numbered, the cards it looked at marked with their values, and the card it
  holds.
- `render_results(view, say, names, letters)`: the last round's revealed layouts,
  threes of a kind framed, joker values and each seat's score for the round.

Each returns the image and a short text description (the attachment's alt text).
Every word drawn, and the description, comes from the catalog through `say` (the
reader's language). Players are told apart by colour and by their mark, taken from
their names (`letters`, "A" for Ana; see `games.pictures.name_letters`).

A phone shows a picture about 320 px wide, so the pictures show only what is spatial:
the cards as they lie. Names, the status, tallies, pile counts, special cards received
and what the marks mean are in the message's words. Pictures are at most `WIDTH` (640)
px wide and `MAX_H` high, with no text below `KEY` px but the piles' labels (`MINOR`):
see `games.pictures`. The panels are arranged per number of players to show the cards
largest in that frame (`layout`).

A picture is redrawn at almost every move, mostly as it was: each is pasted together
from tiles (a card as it lies, a panel's frame, a word) kept drawn as palette images
(`games.tiles`), so a move draws only what was never drawn before and the
picture is written without reducing its colours.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from games import tiles
from games.lama import cardart
from games.lama.cardart import Words
from games.lama.cards import DRAMA, JOKER, KARMA, SPECIALS
from games.lama.models import SeatResult
from games.lama.views import LamaView
from games.pictures import (
    BACKGROUND,
    INK,
    KEY,
    MINOR,
    MUTED,
    WIDTH,
    Say,
    font,
    phone_scale,
    player_colour,
    player_letter,
    shown_scale,
)
from games.tiles import Placed

RGB = tuple[int, int, int]
Names = Sequence[str] | None

MAX_H = 660  # the tallest picture
TALLEST = 1.1  # the most a picture may be higher than wide (a desktop shrinks it by height)
MARGIN = 12  # between panels, and around the picture
PAD = 8  # inside a panel
GAP = 6  # between cards
HEAD = 48  # a panel's mark line, above its cards
BADGE = 20  # a mark's disc radius
RATIO = 1.38  # a card's height to its width
CARDS = range(110, 39, -1)  # the card widths tried, largest first
SCORE = 32  # a seat's score in the results
PANEL_BG = (255, 255, 255)
LINE_MARK = (230, 159, 0)
QUIET_EDGE = (200, 200, 200)

# The piles (the card in play, the draw pile, the discard pile): each a card with a
# word below it, in a column beside the panels, a strip above them or a free slot.
PILES = 3  # room is always made for three, so the layout stays put within a round
PILE_W, PILE_H = 64, 88  # a pile's card in a column or a strip
PILE_BLOCK = 100  # a pile's width in a column or a strip, its word included
LABEL_H = 32  # the word below a pile's card
SLOT_GAP = 8  # between piles in a free slot

Info = Literal["none", "slot", "strip", "column"]


# -- players' marks and names --------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """How a picture names each seat: its mark (from the name) and its name."""

    letters: tuple[str, ...]
    names: tuple[str, ...]

    def full(self, seat: int) -> str:
        """'A Ana': the mark the picture shows, then the name."""
        return f"{self.letters[seat]} {self.names[seat]}"


def marks(seats: int, say: Say, names: Names, letters: Sequence[str] | None) -> Marks:
    """Each seat's mark and name; without names, "Player A" by seat."""
    marks_ = tuple(letters) if letters else tuple(player_letter(s) for s in range(seats))
    if names and len(names) >= seats:
        return Marks(marks_, tuple(names[:seats]))
    return Marks(marks_, tuple(say("lama.picture.player", letter=m) for m in marks_))


# -- words ---------------------------------------------------------------------------------


def _card(kind: str, say: Say) -> str:
    """A card's name: '7', '-2', 'Joker', 'Drama-Lama (+3)'."""
    return say(f"lama.ui.card.{kind}") if kind in (JOKER, DRAMA, KARMA) else kind


def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """`text` shortened with an ellipsis until it fits `width` pixels (never a smaller
    font); nothing when not even two letters fit."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…" if len(text) > 1 else ""


# -- the arrangement of player panels ---------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes in a picture of `seats` player panels."""

    seats: int
    columns: int
    rows: int
    info: Info  # where the piles go ("none": no piles)
    card_w: int

    @property
    def card_h(self) -> int:
        return round(self.card_w * RATIO)

    @property
    def grid_w(self) -> int:
        return 3 * self.card_w + 2 * GAP

    @property
    def grid_h(self) -> int:
        return 3 * self.card_h + 2 * GAP

    @property
    def panel_w(self) -> int:
        return 2 * PAD + self.grid_w

    @property
    def panel_h(self) -> int:
        return HEAD + self.grid_h + PAD

    @property
    def top(self) -> int:
        return MARGIN + (PILE_H + LABEL_H + MARGIN if self.info == "strip" else 0)

    @property
    def panels_w(self) -> int:
        return self.columns * (self.panel_w + MARGIN) - MARGIN

    @property
    def size(self) -> tuple[int, int]:
        width = MARGIN + self.panels_w + MARGIN
        height = self.top + self.rows * (self.panel_h + MARGIN)
        if self.info == "column":
            width += PILE_BLOCK + MARGIN
            height = max(height, 2 * MARGIN + PILES * (PILE_H + LABEL_H) + (PILES - 1) * GAP)
        if self.info == "strip":
            width = max(width, 2 * MARGIN + PILES * PILE_BLOCK)
        return width, height

    def panel(self, seat: int) -> tuple[int, int]:
        """The top-left corner of a seat's panel."""
        return (
            MARGIN + (seat % self.columns) * (self.panel_w + MARGIN),
            self.top + (seat // self.columns) * (self.panel_h + MARGIN),
        )

    def free_slot(self) -> tuple[int, int, int, int] | None:
        """The grid's place after the last panel, if the panels leave one."""
        if self.seats >= self.columns * self.rows:
            return None
        x, y = self.panel(self.seats)
        return x, y, self.panel_w, self.panel_h

    def slot_card(self) -> tuple[int, int]:
        """A pile's card in the free slot: the card in play above, the draw and the
        discard pile side by side below it; as large as that fits."""
        by_width = (self.panel_w - 2 * PAD - SLOT_GAP) // 2 - (PILE_BLOCK - PILE_W)
        by_height = (self.panel_h - 2 * PAD - GAP - 2 * LABEL_H) / 2 / RATIO
        width = int(min(PILE_W, by_width, by_height))
        return width, round(width * RATIO)

    def fits(self) -> bool:
        width, height = self.size
        if width > WIDTH or height > MAX_H or height > TALLEST * width:
            return False
        return self.info != "slot" or self.slot_card()[0] >= CARDS[-1]


@cache
def layout(seats: int, piles: bool = True) -> Layout:
    """The arrangement for `seats` players showing the cards largest on a phone (which
    shows a picture `PHONE_WIDTH` wide) within `WIDTH` x `MAX_H`, with room for the
    piles or not. Of two as large, the one larger on a desktop."""
    best: Layout | None = None
    for columns in range(1, seats + 1):
        rows = math.ceil(seats / columns)
        places: list[Info] = ["none"]
        if piles:
            places = ["strip", "column"]
            if columns * rows > seats:
                places.append("slot")
        for info in places:
            for card_w in CARDS:
                found = Layout(seats, columns, rows, info, card_w)
                if found.fits():
                    if best is None or _better(found, best):
                        best = found
                    break
    if best is None:
        raise ValueError(f"no room for {seats} players")
    return best


def _better(one: Layout, other: Layout) -> bool:
    def shown(lay: Layout) -> tuple[float, float]:
        width, height = lay.size
        return lay.card_w * phone_scale(width, height), lay.card_w * shown_scale(width, height)

    return shown(one) > shown(other)


# -- tiles ---------------------------------------------------------------------------------------

# Each picture kind's palette (`games.tiles`): its tiles are kept reduced to it.
KEPT = 1024  # tiles kept per kind of tile

Art = tuple[Any, ...]
"""A card as `cardart` draws it: the function and its arguments before the size and the
words, e.g. (cardart.face, "7"), (cardart.seen, "-2"), (cardart.back,)."""


def _art(art: Art, w: int, h: int, text: Words) -> Image.Image:
    """The card's tile (RGBA: clear around its rounded corners)."""
    draw, *kind = art
    tile: Image.Image = draw(*kind, w, h, text)
    return tile


def _laid(art: Art, w: int, h: int, text: Words, under: RGB) -> Image.Image:
    """The card as it shows lying on the colour `under`, in full colour."""
    card = _art(art, w, h, text)
    tile = Image.new("RGB", card.size, under)
    tile.paste(card, (0, 0), card)
    return tile


@lru_cache(maxsize=KEPT)
def _card_tile(art: Art, w: int, h: int, text: Words, under: RGB) -> Image.Image:
    """The card lying on `under`."""
    return tiles.tile(_laid(art, w, h, text, under))


# -- shared pieces -------------------------------------------------------------------------------


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, mark: str) -> None:
    """The player's colour disc with their mark."""
    r = BADGE
    draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=player_colour(seat), outline=INK, width=1)
    ink = INK if seat % 8 in (1, 4, 6) else (255, 255, 255)
    draw.text((x + r, y + r), mark, font=font(KEY, True), fill=ink, anchor="mm")


def _panel_frame(w: int, h: int, seat: int, strong: bool, mark: str) -> Image.Image:
    """A player's panel, empty, in full colour: its frame (thick in their colour when
    `strong`) and their mark, on the background."""
    tile = Image.new("RGB", (w + 1, h + 1), BACKGROUND)
    draw = ImageDraw.Draw(tile)
    outline = player_colour(seat) if strong else QUIET_EDGE
    draw.rounded_rectangle(
        (0, 0, w, h), 10, fill=PANEL_BG, outline=outline, width=6 if strong else 1
    )
    _badge(draw, PAD, (HEAD - 2 * BADGE) // 2, seat, mark)
    return tile


def _grid(lay: Layout, x: int, y: int) -> list[tuple[int, int]]:
    """Where the layout's nine cards go, from the grid's top left."""
    return [
        (x + (pos % 3) * (lay.card_w + GAP), y + (pos // 3) * (lay.card_h + GAP))
        for pos in range(9)
    ]


# -- the table ------------------------------------------------------------------------------


def render_table(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    who = marks(view.seats, say, names, letters)
    lay = layout(view.seats)
    text = cardart.words(say)
    placed = _pile_tiles(view, lay, who, say, text)
    for seat in range(view.seats):
        x, y = lay.panel(seat)
        placed.append((_table_frame(lay, seat, view.to_act == seat, who.letters[seat]), (x, y)))
        for kind, xy in zip(view.layouts[seat], _grid(lay, x + PAD, y + HEAD), strict=False):
            art = (cardart.back,) if kind is None else (cardart.face, kind)
            placed.append((_card_tile(art, lay.card_w, lay.card_h, text, PANEL_BG), xy))
    return tiles.picture(lay.size, BACKGROUND, placed), _table_alt(view, who, say)


@lru_cache(maxsize=KEPT)
def _table_frame(lay: Layout, seat: int, strong: bool, mark: str) -> Image.Image:
    return tiles.tile(_panel_frame(lay.panel_w, lay.panel_h, seat, strong, mark))


def _status(view: LamaView, who: Marks, say: Say) -> str:
    """Whose turn it is and what they do (for the description)."""
    if view.step == "over":
        winners = ", ".join(who.letters[s] for s in view.winners or [])
        return say("lama.picture.status_over", names=winners)
    if view.step == "peek":
        waiting = ", ".join(who.letters[s] for s in view.to_peek)
        return say("lama.picture.status_peek", letters=waiting)
    assert view.to_act is not None
    player = who.names[view.to_act]
    if view.step == "choose":
        key = "status_choose_final" if view.final_turns else "status_choose"
        return say(f"lama.picture.{key}", player=player)
    if view.step == "drawn":
        return say("lama.picture.status_drawn", player=player)
    taken = view.taken or ""
    key = "status_taken_special" if taken in SPECIALS else "status_taken"
    return say(f"lama.picture.{key}", player=player, card=_card(taken, say))


@dataclass(frozen=True)
class Pile:
    art: Art  # its card
    word: str
    ring: RGB | None = None  # a frame in the holder's colour
    minor: bool = True  # the word: a pile's name (minor) or the holder's mark


def _piles(view: LamaView, who: Marks, say: Say) -> list[Pile]:
    """The card in play (if any), the draw pile and the discard pile."""
    piles = []
    if view.step in ("drawn", "taken") and view.to_act is not None:
        shown: Art = (cardart.face, view.taken) if view.taken else (cardart.back,)
        ring = player_colour(view.to_act)
        piles.append(Pile(shown, who.letters[view.to_act], ring, minor=False))
    piles.append(Pile((cardart.back,), say("lama.picture.draw_pile")))
    top: Art = (_empty_place,) if view.discard_top is None else (cardart.face, view.discard_top)
    piles.append(Pile(top, say("lama.picture.discard_pile")))
    return piles


@cache
def _empty_place(w: int, h: int, text: Words) -> Image.Image:
    """Where the discard pile lies while it is empty (called as `cardart.back` is)."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle((1, 1, w - 2, h - 2), 7, outline=MUTED, width=2)
    return tile


def _pile_tiles(view: LamaView, lay: Layout, who: Marks, say: Say, text: Words) -> list[Placed]:
    """The piles where the layout puts them, each card with its word below it: down a
    column, across a strip, or side by side in the free slot."""
    width, height = lay.size
    if lay.info == "slot":
        slot = lay.free_slot()
        assert slot is not None, "a slot arrangement has a free slot"
        x, y, w, h = slot
        card = lay.slot_card()
        *playing, draw_pile, discard = _piles(view, who, say)
        block = card[0] + PILE_BLOCK - PILE_W
        row_h = card[1] + LABEL_H
        top = y + (h - 2 * row_h - GAP) // 2
        placed = []
        for pile in playing:
            placed += _pile(pile, (x + (w - card[0]) // 2, top), card, block, text)
        left = x + (w - 2 * block - SLOT_GAP) // 2 + (block - card[0]) // 2
        for k, pile in enumerate((draw_pile, discard)):
            xy = (left + k * (block + SLOT_GAP), top + row_h + GAP)
            placed += _pile(pile, xy, card, block, text)
        return placed
    piles = _piles(view, who, say)
    card = (PILE_W, PILE_H)
    if lay.info == "column":
        x = width - MARGIN - PILE_BLOCK + (PILE_BLOCK - PILE_W) // 2
        used = len(piles) * (PILE_H + LABEL_H) + (len(piles) - 1) * GAP
        y = (height - used) // 2
        placed = []
        for pile in piles:
            placed += _pile(pile, (x, y), card, PILE_BLOCK, text)
            y += PILE_H + LABEL_H + GAP
        return placed
    x = (width - len(piles) * PILE_BLOCK) // 2 + (PILE_BLOCK - PILE_W) // 2
    placed = []
    for pile in piles:
        placed += _pile(pile, (x, MARGIN), card, PILE_BLOCK, text)
        x += PILE_BLOCK
    return placed


def _pile(
    pile: Pile, xy: tuple[int, int], card: tuple[int, int], room: int, text: Words
) -> list[Placed]:
    """A pile's card of size `card` at `xy` with its word centred below it, in `room`
    pixels."""
    x, y = xy
    w, h = card
    if pile.ring is None:
        shown = _card_tile(pile.art, w, h, text, BACKGROUND), xy
    else:
        shown = _ringed(pile.art, w, h, text, pile.ring), (x - 4, y - 4)
    size = MINOR if pile.minor else KEY
    word = _fit(pile.word, size, room - 4, bold=not pile.minor)
    face = font(size, not pile.minor, minor=pile.minor)
    ink = MUTED if pile.minor else INK
    return [shown, tiles.text((x + w / 2, y + h + 6), word, face, ink, BACKGROUND, "ma")]


@lru_cache(maxsize=KEPT)
def _ringed(art: Art, w: int, h: int, text: Words, ring: RGB) -> Image.Image:
    """The card in play, in a frame of the holder's colour 4 px around it."""
    tile = Image.new("RGB", (w + 9, h + 9), BACKGROUND)
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, w + 8, h + 8), 9, outline=ring, width=4)
    card = _art(art, w, h, text)
    tile.paste(card, (4, 4), card)
    return tiles.tile(tile)


def _table_alt(view: LamaView, who: Marks, say: Say) -> str:
    full = Marks(who.letters, tuple(who.full(s) for s in range(view.seats)))
    parts = [say("lama.picture.alt_table", round=view.round, status=_status(view, full, say))]
    top = _card(view.discard_top, say) if view.discard_top else say("lama.picture.alt_empty")
    parts.append(
        say("lama.picture.alt_piles", top=top, discard=view.discard_count, draw=view.draw_count)
    )
    for seat in range(view.seats):
        up = [_card(k, say) for k in view.layouts[seat] if k is not None]
        parts.append(
            say(
                "lama.picture.alt_seat",
                player=who.full(seat),
                up=len(up),
                cards=", ".join(up) or say("lama.picture.none"),
            )
        )
    return " ".join(parts)


# -- a seat's own panel ------------------------------------------------------------------------

BIG_W = 128  # a card of the seat's own layout
BIG_H = round(BIG_W * RATIO)
BIG_GAP = 10
HAND_GAP = 28  # between the layout and the held card
HAND_W = 170  # the held card's column, its word above it included


def panel_size() -> tuple[int, int]:
    grid_w, grid_h = 3 * BIG_W + 2 * BIG_GAP, 3 * BIG_H + 2 * BIG_GAP
    return MARGIN + grid_w + HAND_GAP + HAND_W + MARGIN, MARGIN + grid_h + MARGIN


def render_panel(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The viewing seat's layout: face-up cards, looked-at cards with values, the held card."""
    if view.me is None:
        raise ValueError("render_panel needs a seat's view")
    seat = view.me
    who = marks(view.seats, say, names, letters)
    text = cardart.words(say)
    placed: list[Placed] = []
    for pos, kind in enumerate(view.layouts[seat]):
        if kind is not None:
            art: Art = (cardart.face, kind)
        elif pos in view.known:
            art = (cardart.seen, view.known[pos])
        else:
            art = (cardart.back,)
        xy = (MARGIN + (pos % 3) * (BIG_W + BIG_GAP), MARGIN + (pos // 3) * (BIG_H + BIG_GAP))
        placed.append((_cell(art, pos + 1, text), xy))

    sx = MARGIN + 3 * BIG_W + 2 * BIG_GAP + HAND_GAP
    word = _fit(say("lama.picture.in_hand"), MINOR, HAND_W, bold=True)
    placed.append(tiles.text((sx, MARGIN), word, font(MINOR, True, minor=True), INK, BACKGROUND))
    hy = MARGIN + MINOR + 14
    if view.held is not None:
        held = _card_tile((cardart.face, view.held), BIG_W, BIG_H, text, BACKGROUND)
    else:
        held = _empty_hand()
    placed.append((held, (sx, hy)))
    return tiles.picture(panel_size(), BACKGROUND, placed), _panel_alt(view, who, say)


@lru_cache(maxsize=KEPT)
def _cell(art: Art, number: int, text: Words) -> Image.Image:
    """A card of the seat's layout with the position's number in its corner, as the
    buttons and the select name it."""
    tile = _laid(art, BIG_W, BIG_H, text, BACKGROUND)
    ink = MUTED if art[0] is cardart.face else (205, 215, 225)
    draw = ImageDraw.Draw(tile)
    draw.text((BIG_W - 10, 6), str(number), font=font(KEY, True), fill=ink, anchor="ra")
    return tiles.tile(tile)


@cache
def _empty_hand() -> Image.Image:
    tile = Image.new("RGB", (BIG_W + 1, BIG_H + 1), BACKGROUND)
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, BIG_W, BIG_H), 10, outline=MUTED, width=2)
    return tiles.tile(tile)


def panel_key(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> Hashable:
    """Everything `render_panel` draws from, and nothing else: the seat's own cards, what
    it holds, the marks and the language. Other seats' moves leave it as it is, so a
    panel opened at the next turn draws nothing. (`tests/games/lama/test_pictures.py`
    checks that equal keys draw equal pictures.)"""
    if view.me is None:
        raise ValueError("a panel is a seat's view")
    seat = view.me
    return (
        seat,
        marks(view.seats, say, names, letters),
        tuple(view.layouts[seat]),
        tuple(sorted(view.known.items())),
        view.held,
        say("lama.picture.in_hand"),
        say("lama.picture.alt_hold", card=""),
    )


def _panel_alt(view: LamaView, who: Marks, say: Say) -> str:
    assert view.me is not None
    cells = []
    for pos, kind in enumerate(view.layouts[view.me]):
        if kind is not None:
            cells.append(say("lama.picture.alt_cell", number=pos + 1, card=_card(kind, say)))
        elif pos in view.known:
            card = _card(view.known[pos], say)
            cells.append(say("lama.picture.alt_cell_seen", number=pos + 1, card=card))
        else:
            cells.append(say("lama.picture.alt_cell_down", number=pos + 1))
    text = say("lama.picture.alt_panel", player=who.full(view.me), cells="; ".join(cells))
    if view.held is not None:
        text += " " + say("lama.picture.alt_hold", card=_card(view.held, say))
    return text


# -- round results --------------------------------------------------------------------------------


def render_results(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The last finished round: every layout revealed, scoring lines framed, scores; the
    lowest scores' panels framed in their colour."""
    report = view.last_round
    if report is None:
        raise ValueError("no round has been scored yet")
    who = marks(view.seats, say, names, letters)
    lay = layout(view.seats, piles=False)
    text = cardart.words(say)
    placed = [
        (
            _result_panel(
                r.model_dump_json(), seat, seat in report.winners, lay, who.letters[seat], text
            ),
            lay.panel(seat),
        )
        for seat, r in enumerate(report.seats)
    ]
    return tiles.picture(lay.size, BACKGROUND, placed), _results_alt(view, who, say)


@lru_cache(maxsize=64)
def _result_panel(
    result_json: str, seat: int, won: bool, lay: Layout, mark: str, text: Words
) -> Image.Image:
    """A seat's panel in the results (its `SeatResult`, as JSON: a key). One tile: the
    frames of threes of a kind overlap the cards, the panel's frame and the badge."""
    result = SeatResult.model_validate_json(result_json)
    tile = _panel_frame(lay.panel_w, lay.panel_h, seat, won, mark)
    draw = ImageDraw.Draw(tile)
    score = str(result.total)
    xy = (lay.panel_w - PAD - 4, HEAD // 2 + 1)
    draw.text(xy, score, font=font(SCORE, True), fill=INK, anchor="rm")
    w, h = lay.card_w, lay.card_h
    for pos, (kind, place) in enumerate(zip(result.cards, _grid(lay, PAD, HEAD), strict=False)):
        joker = result.layout.jokers.get(pos)
        art = (cardart.face, kind) if joker is None else (cardart.joker_as, joker)
        card = _art(art, w, h, text)
        tile.paste(card, place, card)
    # Threes of a kind: a frame around the line's three cards.
    for line in result.layout.lines:
        if line.axis == "row":
            top = HEAD + line.index * (h + GAP)
            frame = (PAD - 4, top - 4, PAD + lay.grid_w + 3, top + h + 3)
        else:
            left = PAD + line.index * (w + GAP)
            frame = (left - 4, HEAD - 4, left + w + 3, HEAD + lay.grid_h + 3)
        draw.rounded_rectangle(frame, 9, outline=LINE_MARK, width=5)
    return tiles.tile(tile)


def _results_alt(view: LamaView, who: Marks, say: Say) -> str:
    report = view.last_round
    assert report is not None
    parts = [say("lama.picture.alt_results", round=report.round)]
    for seat, result in enumerate(report.seats):
        lines = [
            say(f"lama.picture.alt_{ln.axis}", number=ln.index + 1, value=ln.value)
            for ln in result.layout.lines
        ]
        jokers = [say("lama.picture.alt_joker", value=v) for v in result.layout.jokers.values()]
        extra = "; ".join(p for p in (", ".join(lines), ", ".join(jokers)) if p)
        lama = seat in report.winners and view.variant == "lamas"
        parts.append(
            say(
                "lama.picture.alt_result_lama" if lama else "lama.picture.alt_result",
                player=who.full(seat),
                cards=", ".join(_card(k, say) for k in result.cards),
                details=f" ({extra})" if extra else "",
                score=result.total,
            )
        )
    return " ".join(parts)
