"""Pictures of No Prob-Lama, drawn from views only.

- `render_table(view, say, names, letters)`: every layout (face-up cards and backs),
  special cards received, the piles, whose turn and the Lama tally.
- `render_panel(view, say, names, letters)`: a seat's own layout with the cards it
  looked at marked with their values, and the card it holds.
- `render_results(view, say, names, letters)`: the last round's revealed layouts,
  threes of a kind framed, joker values and each score.

Each returns the image and a short text description (the attachment's alt text).
Every word drawn, and the description, comes from the catalog through `say` (the
reader's language). Players are told apart by colour and by their mark, taken from
their names (`letters`, "A" for Ana; see `games.pictures.name_letters`).

Discord shows a picture at most 550 x 350 px on a desktop (`games.pictures.shown_scale`).
Every picture here is at most 1100 x 700 px, so it shows at half size or larger, and
no text is drawn below 22 px: nothing shows below 11 px. The player panels are laid
out to fill that shape for each number of players (see `ARRANGEMENTS`), the cards as
large as they fit.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from games.lama import cardart
from games.lama.cardart import Words
from games.lama.cards import DRAMA, JOKER, KARMA, SPECIALS, points
from games.lama.models import SeatResult
from games.lama.views import LamaView
from games.pictures import BACKGROUND, INK, MUTED, Say, font, player_colour, player_letter

RGB = tuple[int, int, int]
Names = Sequence[str] | None

MAX_W, MAX_H = 1100, 700  # shown at half size or larger on a desktop
TEXT = 22  # the smallest text drawn (11 px as shown at half size)
NAME = 24
TITLE = 30
BAND_TITLE = 28
LINE = 29  # the height of one line of TEXT
MARGIN = 12  # between panels, and around the picture
PAD = 10  # inside a panel
GAP = 6  # between cards
HEAD = 48  # a panel's name line, above its cards
SIDE = 152  # a panel's column beside its cards: tags, Lamas, special cards
RATIO = 1.38  # a card's height to its width
MAX_CARD = 110  # the widest card in a table (two players)
PANEL_BG = (255, 255, 255)
HIGHLIGHT = (213, 94, 0)
LINE_MARK = (230, 159, 0)
QUIET_EDGE = (200, 200, 200)

Info = Literal["band", "column", "slot"]
# Player panels in columns x rows, and where the words and piles go: a band above
# them, a column beside them, or the grid's one free slot. Chosen per player count
# to show the cards largest in Discord's 550 x 350.
ARRANGEMENTS: dict[int, tuple[int, int, Info]] = {
    2: (2, 1, "band"),
    3: (2, 2, "slot"),
    4: (2, 2, "column"),
    5: (3, 2, "band"),  # the free slot holds the piles
    6: (3, 2, "band"),
}
INFO_W = 300  # the info column's width
BAND_H = 118  # the info band's height (title, two lines of status, the piles)
PILE_MAX_H = 140  # the tallest pile card in an info column or slot


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
    """`text` shortened with an ellipsis until it fits `width` pixels: after a whole
    word where one fits, else within the first word."""
    f = font(size, bold)
    if f.getlength(text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(" ·,:-") + "…"
        if f.getlength(shorter) <= width:
            return shorter
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…" if len(text) > 2 else ""  # no room: nothing


def _wrap(text: str, size: int, width: float, most: int = 99, bold: bool = False) -> list[str]:
    """`text` in at most `most` lines of `width` pixels, broken between words (the
    last line ends with an ellipsis if the text is longer)."""
    f = font(size, bold)
    lines: list[str] = []
    for word in text.split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    return [_fit(line, size, width, bold) for line in lines]


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _short(name: str) -> str:
    """A name as part of a sentence drawn in a picture: long names cut, so that the
    sentence around it fits (the full name is in the alt text and the message)."""
    return name if len(name) <= 16 else name[:15].rstrip() + "…"


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fill: RGB,
    size: int = TEXT,
    width: float | None = None,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """One line of text, cut with an ellipsis to `width` (never a smaller font)."""
    shown = _fit(text, size, width, bold) if width is not None else text
    draw.text(xy, shown, font=font(size, bold), fill=fill, anchor=anchor)


def _lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    lines: list[str],
    fill: RGB,
    size: int = TEXT,
    bold: bool = False,
) -> float:
    """A wrapped sentence, drawn at once (one sentence, one string); returns the y
    below its last line."""
    if not lines:
        return xy[1]
    text = "\n".join(lines)
    f = font(size, bold)
    draw.multiline_text(xy, text, font=f, fill=fill, spacing=7)
    return draw.multiline_textbbox(xy, text, font=f, spacing=7)[3] + 8


# -- the arrangement of player panels ---------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes in a picture of `seats` player panels."""

    seats: int
    columns: int
    rows: int
    info: Info
    card_w: int
    card_h: int
    band_h: int

    @property
    def grid_w(self) -> int:
        return 3 * self.card_w + 2 * GAP

    @property
    def grid_h(self) -> int:
        return 3 * self.card_h + 2 * GAP

    @property
    def panel_w(self) -> int:
        return 3 * PAD + self.grid_w + SIDE

    @property
    def panel_h(self) -> int:
        return HEAD + self.grid_h + PAD

    @property
    def left(self) -> int:
        """Where the panels begin: after the info column, if there is one."""
        return MARGIN + (INFO_W + MARGIN if self.info == "column" else 0)

    @property
    def top(self) -> int:
        return MARGIN + (self.band_h + MARGIN if self.info == "band" else 0)

    @property
    def size(self) -> tuple[int, int]:
        width = self.left + self.columns * (self.panel_w + MARGIN)
        height = self.top + self.rows * (self.panel_h + MARGIN)
        return width, height

    def panel(self, seat: int) -> tuple[int, int]:
        """The top-left corner of a seat's panel."""
        return (
            self.left + (seat % self.columns) * (self.panel_w + MARGIN),
            self.top + (seat // self.columns) * (self.panel_h + MARGIN),
        )

    def info_box(self) -> tuple[int, int, int, int]:
        """The words (and piles): x, y, width, height."""
        width, height = self.size
        if self.info == "band":
            return MARGIN, MARGIN, width - 2 * MARGIN, self.band_h
        if self.info == "column":
            return MARGIN, MARGIN, INFO_W, height - 2 * MARGIN
        free = self.free_slot()
        assert free is not None, "a slot arrangement has a free slot"
        return free

    def free_slot(self) -> tuple[int, int, int, int] | None:
        """The grid's place after the last panel, if the panels leave one."""
        if self.seats >= self.columns * self.rows:
            return None
        x, y = self.panel(self.seats)
        return x, y, self.panel_w, self.panel_h


def layout(seats: int, band_h: int = BAND_H) -> Layout:
    """The arrangement for `seats` players with the largest cards within 1100 x 700."""
    columns, rows, info = ARRANGEMENTS[seats]
    for card_w in range(MAX_CARD, 20, -1):
        found = Layout(seats, columns, rows, info, card_w, round(card_w * RATIO), band_h)
        width, height = found.size
        if width <= MAX_W and height <= MAX_H:
            return found
    raise ValueError(f"no room for {seats} players")


# -- shared pieces -------------------------------------------------------------------------------


def _badge(
    draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, mark: str, r: int = 18
) -> None:
    """The player's colour disc with their mark."""
    draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=player_colour(seat), outline=INK, width=1)
    ink = INK if seat % 8 in (1, 4, 6) else (255, 255, 255)
    size = TEXT if len(mark) > 1 or r < 20 else max(TEXT, int(r * 1.2))
    draw.text((x + r, y + r), mark, font=font(size, True), fill=ink, anchor="mm")


def _panel_frame(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    seat: int,
    strong: bool,
    mark: str,
    name: str,
) -> None:
    """A player's panel: its frame (thick in their colour when `strong`), their badge
    and name."""
    x, y, w, h = box
    outline = player_colour(seat) if strong else QUIET_EDGE
    draw.rounded_rectangle(
        (x, y, x + w, y + h), 10, fill=PANEL_BG, outline=outline, width=6 if strong else 1
    )
    _badge(draw, x + PAD, y + 6, seat, mark)
    _text(draw, (x + PAD + 44, y + 10), name, INK, NAME, w - PAD - 44 - PAD, bold=True)


def _grid(image: Image.Image, lay: Layout, x: int, y: int, tiles: Sequence[Image.Image]) -> None:
    for pos, tile in enumerate(tiles):
        cx = x + (pos % 3) * (lay.card_w + GAP)
        cy = y + (pos // 3) * (lay.card_h + GAP)
        image.paste(tile, (cx, cy), tile)


def _lama_tally(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    width: int,
    count: int,
    target: int,
    seat: int,
    say: Say,
) -> None:
    """'Lamas' and a token per Lama needed: filled for those won (on the next line if
    the word leaves no room)."""
    word = say("lama.picture.lamas", count=count)
    _text(draw, (x, y), word, INK, TEXT, width)
    left = x + font(TEXT).getlength(word) + 8
    tokens = max(target, count)
    if (x + width - left) / tokens < 14:
        left, y = x, y + LINE
    step = min(26, (x + width - left) / tokens)
    size = step - 4
    for i in range(tokens):
        box = (left + i * step, y + 3, left + i * step + size, y + 3 + size)
        if i < count:
            draw.rounded_rectangle(box, 4, fill=player_colour(seat), outline=INK, width=1)
        else:
            draw.rounded_rectangle(box, 4, outline=MUTED, width=2)


def _received(
    image: Image.Image, draw: ImageDraw.ImageDraw, kinds: Sequence[str], x: int, y: int
) -> None:
    """Special cards received: a chip per kind with how many, then their sum."""
    if not kinds:
        return
    for kind in (DRAMA, KARMA):
        count = kinds.count(kind)
        if count:
            chip = cardart.special_chip(kind, 46, 36)
            image.paste(chip, (x, y), chip)
            draw.text((x + 54, y + 18), f"×{count}", font=font(TEXT), fill=INK, anchor="lm")
            y += 42
    total = _signed(sum(points(k) for k in kinds))
    draw.text((x, y), f"= {total}", font=font(TEXT, True), fill=INK)


# -- the table ------------------------------------------------------------------------------


def render_table(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    who = marks(view.seats, say, names, letters)
    lay = layout(view.seats)
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    _table_info(image, draw, view, lay, who, say, text)
    for seat in range(view.seats):
        _seat_panel(image, draw, view, seat, lay, who, say, text)
    return image, _table_alt(view, who, say)


def _status(view: LamaView, who: Marks, say: Say, short: bool = True) -> str:
    """Whose turn and what they do, with marks for lists and (`short`) names cut to
    fit a picture."""
    if view.step == "over":
        winners = ", ".join(who.letters[s] for s in view.winners or [])
        return say("lama.picture.status_over", names=winners)
    if view.step == "peek":
        waiting = ", ".join(who.letters[s] for s in view.to_peek)
        return say("lama.picture.status_peek", letters=waiting)
    assert view.to_act is not None
    name = who.names[view.to_act]
    player = _short(name) if short else name
    if view.step == "choose":
        key = "status_choose_final" if view.final_turns else "status_choose"
        return say(f"lama.picture.{key}", player=player)
    if view.step == "drawn":
        return say("lama.picture.status_drawn", player=player)
    taken = view.taken or ""
    key = "status_taken_special" if taken in SPECIALS else "status_taken"
    return say(f"lama.picture.{key}", player=player, card=_card(taken, say))


def _goal(view: LamaView, say: Say) -> str:
    if view.variant == "lamas":
        return say("lama.picture.goal_lamas", round=view.round, count=view.target)
    return say("lama.picture.goal_points", round=view.round)


@dataclass(frozen=True)
class Pile:
    tile: Image.Image
    word: str
    detail: str
    ring: RGB | None = None  # a frame in the holder's colour


def _piles(view: LamaView, who: Marks, say: Say, text: Words, w: int, h: int) -> list[Pile]:
    """The card in play (if any), the draw pile and the discard pile."""
    piles = []
    if view.step in ("drawn", "taken") and view.to_act is not None:
        shown = view.taken
        tile = cardart.face(shown, w, h, text) if shown else cardart.back(w, h, text)
        word = "lama.picture.taken" if shown else "lama.picture.drawn"
        ring = player_colour(view.to_act)
        piles.append(Pile(tile, who.letters[view.to_act], say(word), ring))
    piles.append(
        Pile(cardart.back(w, h, text), say("lama.picture.draw_pile"), str(view.draw_count))
    )
    if view.discard_top is not None:
        top = cardart.face(view.discard_top, w, h, text)
    else:
        top = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(top).rounded_rectangle((1, 1, w - 2, h - 2), 7, outline=MUTED, width=2)
    piles.append(Pile(top, say("lama.picture.discard_pile"), str(view.discard_count)))
    return piles


def _label_w(pile: Pile) -> int:
    return 2 + int(max(font(TEXT).getlength(pile.word), font(TEXT, True).getlength(pile.detail)))


def _draw_pile(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    pile: Pile,
    xy: tuple[float, float],
    label_w: float,
    below: bool = False,
) -> None:
    """A pile's card with its two words beside it (or centred below it)."""
    x, y = int(xy[0]), int(xy[1])
    w, h = pile.tile.size
    if pile.ring is not None:
        draw.rounded_rectangle((x - 4, y - 4, x + w + 4, y + h + 4), 9, outline=pile.ring, width=4)
    image.paste(pile.tile, (x, y), pile.tile)
    if below:
        mid = x + w / 2
        _text(draw, (mid, y + h + 6), pile.word, INK, TEXT, label_w, anchor="ma")
        _text(draw, (mid, y + h + 6 + LINE), pile.detail, MUTED, TEXT, label_w, "ma", True)
        return
    lx, ly = x + w + 10, y + h / 2
    _text(draw, (lx, ly - 2), pile.word, INK, TEXT, label_w, anchor="ld")
    _text(draw, (lx, ly + 2), pile.detail, MUTED, TEXT, label_w, anchor="la", bold=True)


def _table_info(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    lay: Layout,
    who: Marks,
    say: Say,
    text: Words,
) -> None:
    """The title, the goal, the status and the piles, where the layout puts them."""
    x, y, w, h = lay.info_box()
    status = _status(view, who, say)
    title = say("lama.picture.title")
    free = lay.free_slot()
    if lay.info == "band":
        if free is not None:  # the piles go to the free slot, large
            _band_words(draw, view, (x, y, w), status, say)
            _pile_block(image, draw, view, who, say, text, free)
            return
        pile_w, pile_h = 56, 77
        piles = _piles(view, who, say, text, pile_w, pile_h)
        widths = [pile_w + 10 + _label_w(pile) for pile in piles]
        piles_w = sum(widths) + 16 * (len(piles) - 1)
        _band_words(draw, view, (x, y, w - piles_w - 20), status, say)
        px = x + w - piles_w
        for pile, width in zip(piles, widths, strict=True):
            _draw_pile(image, draw, pile, (px, y + (h - pile_h) // 2), width - pile_w - 10)
            px += width + 16
        return
    # A column or a free slot: the words, then the piles below them.
    inner = w - 2 * PAD
    cy = _lines(draw, (x + PAD, y + PAD), _wrap(title, TITLE, inner, 2, True), INK, TITLE, True)
    cy = _lines(draw, (x + PAD, cy), _wrap(_goal(view, say), TEXT, inner, 2), MUTED)
    status_lines = _wrap(status, TEXT, inner, 4, True)
    cy = _lines(draw, (x + PAD, cy + 4), status_lines, HIGHLIGHT, TEXT, True)
    _pile_block(image, draw, view, who, say, text, (x, int(cy), w, y + h - int(cy)))


def _band_words(
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    box: tuple[int, int, int],
    status: str,
    say: Say,
) -> None:
    """The band's words: the title and the goal on one line, the status below."""
    x, y, width = box
    title = say("lama.picture.title")
    _text(draw, (x, y + 4), title, INK, BAND_TITLE, width, bold=True)
    goal_x = x + font(BAND_TITLE, True).getlength(title) + 14
    _text(draw, (goal_x, y + 10), _goal(view, say), MUTED, TEXT, x + width - goal_x)
    _lines(draw, (x, y + 50), _wrap(status, NAME, width, 2, bold=True), HIGHLIGHT, NAME, True)


def _pile_block(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    who: Marks,
    say: Say,
    text: Words,
    box: tuple[int, int, int, int],
) -> None:
    """The piles in `box`: stacked with their words beside each card, or side by side
    with the words below, whichever shows the cards larger."""
    x, y, w, h = box
    inner, room = w - 2 * PAD, h - 2 * PAD
    count = 3 if view.step in ("drawn", "taken") else 2
    stacked_h = min(PILE_MAX_H, (room - (count - 1) * 2 * GAP) // count)
    row_w = (inner - (count - 1) * 16) // count
    row_h = min(room - 2 * LINE - 8, round(min(row_w, PILE_MAX_H / RATIO) * RATIO))
    if stacked_h >= row_h:
        size = (round(stacked_h / RATIO), stacked_h)
        piles = _piles(view, who, say, text, *size)
        used = count * (stacked_h + 2 * GAP) - 2 * GAP
        py = y + PAD + (room - used) // 2
        for pile in piles:
            _draw_pile(image, draw, pile, (x + PAD + 4, py), inner - size[0] - 18)
            py += stacked_h + 2 * GAP
        return
    size = (round(row_h / RATIO), row_h)
    piles = _piles(view, who, say, text, *size)
    py = y + PAD + (room - row_h - 2 * LINE - 6) // 2
    for i, pile in enumerate(piles):
        px = x + PAD + i * (row_w + 16) + (row_w - size[0]) / 2
        _draw_pile(image, draw, pile, (px, py), row_w, below=True)


def _seat_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    lay: Layout,
    who: Marks,
    say: Say,
    text: Words,
) -> None:
    x, y = lay.panel(seat)
    acting = view.to_act == seat
    _panel_frame(
        draw, (x, y, lay.panel_w, lay.panel_h), seat, acting, who.letters[seat], who.names[seat]
    )
    gx, gy = x + PAD, y + HEAD
    w, h = lay.card_w, lay.card_h
    tiles = [
        cardart.back(w, h, text) if kind is None else cardart.face(kind, w, h, text)
        for kind in view.layouts[seat]
    ]
    _grid(image, lay, gx, gy, tiles)

    sx = gx + lay.grid_w + PAD
    side = SIDE - PAD
    tags = []
    if acting:
        key = "tag_final" if view.final_turns else "tag_to_play"
        tags.append((say(f"lama.picture.{key}"), HIGHLIGHT, True))
    if view.ender == seat:
        tags.append((say("lama.picture.tag_out"), HIGHLIGHT, True))
    if seat in view.to_peek:
        tags.append((say("lama.picture.tag_looking"), MUTED, False))
    if seat == view.dealer:
        tags.append((say("lama.picture.tag_dealer"), MUTED, False))
    ty = gy
    for word, ink, bold in tags:
        _text(draw, (sx, ty), word, ink, TEXT, side, bold=bold)
        ty += LINE
    ty += 4
    if view.variant == "lamas":
        _lama_tally(draw, sx, ty, side, view.lamas[seat], view.target, seat, say)
    else:
        pts = say("lama.picture.points", count=view.totals[seat])
        _text(draw, (sx, ty), pts, INK, TEXT, side)
    _received(image, draw, view.received[seat], sx, ty + LINE + 8)


def _table_alt(view: LamaView, who: Marks, say: Say) -> str:
    full = Marks(who.letters, tuple(who.full(s) for s in range(view.seats)))
    status = _status(view, full, say, short=False)
    parts = [say("lama.picture.alt_table", round=view.round, status=status)]
    top = _card(view.discard_top, say) if view.discard_top else say("lama.picture.alt_empty")
    parts.append(
        say("lama.picture.alt_piles", top=top, discard=view.discard_count, draw=view.draw_count)
    )
    for seat in range(view.seats):
        up = [_card(k, say) for k in view.layouts[seat] if k is not None]
        special = sum(points(k) for k in view.received[seat])
        if view.variant == "lamas":
            tally = say("lama.picture.alt_lamas", count=view.lamas[seat])
        else:
            tally = say("lama.picture.alt_points", count=view.totals[seat])
        parts.append(
            say(
                "lama.picture.alt_seat",
                player=who.full(seat),
                up=len(up),
                cards=", ".join(up) or say("lama.picture.none"),
                specials=_signed(special),
                tally=tally,
            )
        )
    return " ".join(parts)


# -- a seat's own panel ------------------------------------------------------------------------

PANEL_W, PANEL_H = 1000, 700
BIG_W, BIG_H, BIG_GAP = 142, 196, 12


def render_panel(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The viewing seat's layout: face-up cards, looked-at cards with values, the held card."""
    if view.me is None:
        raise ValueError("render_panel needs a seat's view")
    seat = view.me
    who = marks(view.seats, say, names, letters)
    image = Image.new("RGB", (PANEL_W, PANEL_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    _badge(draw, MARGIN + 8, 14, seat, who.letters[seat], r=22)
    title = say("lama.picture.panel_title", player=who.names[seat])
    _text(draw, (MARGIN + 62, 18), title, INK, TITLE, PANEL_W - MARGIN - 80, bold=True)
    gx, gy = MARGIN + 8, 72
    for pos, kind in enumerate(view.layouts[seat]):
        if kind is not None:
            tile = cardart.face(kind, BIG_W, BIG_H, text)
        elif pos in view.known:
            tile = cardart.seen(view.known[pos], BIG_W, BIG_H, text)
        else:
            tile = cardart.back(BIG_W, BIG_H, text)
        cx = gx + (pos % 3) * (BIG_W + BIG_GAP)
        cy = gy + (pos // 3) * (BIG_H + BIG_GAP)
        image.paste(tile, (cx, cy), tile)
        # The position's number, as the buttons and the select name it.
        ink = MUTED if kind is not None else (205, 215, 225)
        number = str(pos + 1)
        draw.text((cx + BIG_W - 10, cy + 8), number, font=font(TEXT, True), fill=ink, anchor="ra")

    sx = gx + 3 * BIG_W + 2 * BIG_GAP + 40
    side_w = PANEL_W - MARGIN - sx
    _text(draw, (sx, gy), say("lama.picture.in_hand"), INK, NAME, side_w, bold=True)
    hy = gy + 40
    if view.held is not None:
        tile = cardart.face(view.held, BIG_W, BIG_H, text)
        image.paste(tile, (sx, hy), tile)
        hint = _wrap(_hold_hint(view, say), NAME, side_w - BIG_W - 24, 6)
        _lines(draw, (sx + BIG_W + 24, hy + 8), hint, HIGHLIGHT, NAME)
    else:
        draw.rounded_rectangle((sx, hy, sx + BIG_W, hy + BIG_H), 10, outline=MUTED, width=2)
        hint = _wrap(say("lama.picture.hint_none"), TEXT, side_w - BIG_W - 24, 6)
        _lines(draw, (sx + BIG_W + 24, hy + 8), hint, MUTED)

    ry = hy + BIG_H + 28
    _text(draw, (sx, ry), say("lama.picture.received"), INK, NAME, side_w, bold=True)
    if view.received[seat]:
        _received(image, draw, view.received[seat], sx, ry + 40)
    else:
        _text(draw, (sx, ry + 40), say("lama.picture.none"), MUTED, TEXT, side_w)
    footer = _wrap(say("lama.picture.panel_footer", count=len(view.known)), TEXT, side_w, 3)
    _lines(draw, (sx, PANEL_H - MARGIN - len(footer) * (TEXT + 7)), footer, MUTED)
    return image, _panel_alt(view, who, say)


def panel_key(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> Hashable:
    """Everything `render_panel` draws from, and nothing else: the seat's own cards, what
    it holds and the hint beside it, what it received, the marks and the language. Other
    seats' moves leave it as it is, so a panel opened at the next turn draws nothing.
    (`tests/games/lama/test_pictures.py` checks that equal keys draw equal pictures.)"""
    if view.me is None:
        raise ValueError("a panel is a seat's view")
    seat = view.me
    hint = _hold_hint(view, say) if view.held is not None else None
    return (
        seat,
        marks(view.seats, say, names, letters),
        tuple(view.layouts[seat]),
        tuple(sorted(view.known.items())),
        view.held,
        hint,
        tuple(view.received[seat]),
        say("lama.picture.panel_title", player=""),
    )


def _hold_hint(view: LamaView, say: Say) -> str:
    held = view.held or ""
    if held in SPECIALS:
        return say("lama.picture.hint_give")
    if view.step == "taken":
        return say("lama.picture.hint_taken")
    return say("lama.picture.hint_drawn")


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

RESULTS_BAND_H = 96  # the title and one line


def render_results(
    view: LamaView, say: Say, names: Names = None, letters: Sequence[str] | None = None
) -> tuple[Image.Image, str]:
    """The last finished round: every layout revealed, scoring lines framed, scores."""
    report = view.last_round
    if report is None:
        raise ValueError("no round has been scored yet")
    who = marks(view.seats, say, names, letters)
    lay = layout(view.seats, RESULTS_BAND_H)
    image = Image.new("RGB", lay.size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    _results_info(draw, view, lay, who, say)
    for seat, result in enumerate(report.seats):
        _result_panel(image, draw, view, seat, result, lay, who, say, text)
    return image, _results_alt(view, who, say)


def _results_info(
    draw: ImageDraw.ImageDraw, view: LamaView, lay: Layout, who: Marks, say: Say
) -> None:
    report = view.last_round
    assert report is not None
    x, y, w, _ = lay.info_box()
    title = say("lama.picture.results_title", round=report.round)
    low = results_line(view, who, say)
    if lay.info == "band":
        _text(draw, (x, y + 4), title, INK, TITLE, w, bold=True)
        _lines(draw, (x, y + 48), _wrap(low, NAME, w, 2), HIGHLIGHT, NAME)
        return
    inner = w - 2 * PAD
    cy = _lines(draw, (x + PAD, y + PAD), _wrap(title, TITLE, inner, 2, True), INK, TITLE, True)
    cy = _lines(draw, (x + PAD, cy + 4), _wrap(low, NAME, inner, 4), HIGHLIGHT, NAME)
    for line in legend(view, say):
        cy = _lines(draw, (x + PAD, cy + 10), _wrap(line, TEXT, inner, 3), MUTED)


def results_line(view: LamaView, who: Marks, say: Say) -> str:
    """Who scored lowest and who ended the round, by name (a lone mark in a sentence
    reads as a word: "A turned over")."""
    report = view.last_round
    assert report is not None
    winners = ", ".join(_short(who.names[s]) for s in report.winners)
    key = "results_lamas" if view.variant == "lamas" else "results_points"
    return say(f"lama.picture.{key}", names=winners, ender=_short(who.names[report.ender]))


def legend(view: LamaView, say: Say) -> list[str]:
    """What the marks on the cards mean: only the marks the round's layouts show."""
    report = view.last_round
    assert report is not None
    layouts = [result.layout for result in report.seats]
    lines = []
    if any(layout.lines for layout in layouts):
        lines.append(say("lama.picture.legend_line"))
    jokers = [value for layout in layouts for value in layout.jokers.values()]
    if jokers:
        lines.append(say("lama.picture.legend_joker", value=jokers[0]))
    return lines


def _result_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    result: SeatResult,
    lay: Layout,
    who: Marks,
    say: Say,
    text: Words,
) -> None:
    report = view.last_round
    assert report is not None
    x, y = lay.panel(seat)
    won = seat in report.winners
    _panel_frame(
        draw, (x, y, lay.panel_w, lay.panel_h), seat, won, who.letters[seat], who.names[seat]
    )
    gx, gy = x + PAD, y + HEAD
    w, h = lay.card_w, lay.card_h
    tiles = [
        cardart.joker_as(result.layout.jokers[pos], w, h, text)
        if pos in result.layout.jokers
        else cardart.face(kind, w, h, text)
        for pos, kind in enumerate(result.cards)
    ]
    _grid(image, lay, gx, gy, tiles)
    # Threes of a kind: a frame around the line's three cards.
    for line in result.layout.lines:
        if line.axis == "row":
            top = gy + line.index * (h + GAP)
            frame = (gx - 4, top - 4, gx + lay.grid_w + 3, top + h + 3)
        else:
            left = gx + line.index * (w + GAP)
            frame = (left - 4, gy - 4, left + w + 3, gy + lay.grid_h + 3)
        draw.rounded_rectangle(frame, 9, outline=LINE_MARK, width=5)

    sx = gx + lay.grid_w + PAD
    side = SIDE - PAD
    ty = gy
    if won:
        key = "tag_lama" if view.variant == "lamas" else "tag_lowest"
        _text(draw, (sx, ty), say(f"lama.picture.{key}"), HIGHLIGHT, TEXT, side, bold=True)
        ty += LINE
    _text(draw, (sx, ty), say("lama.picture.score"), MUTED, TEXT, side)
    ty += LINE
    _text(draw, (sx, ty), str(result.total), INK, 40, side, bold=True)
    ty += 48
    cards = say("lama.picture.breakdown", cards=result.layout.points)
    _text(draw, (sx, ty), cards, MUTED, TEXT, side)
    ty += LINE
    if result.received:
        specials = say("lama.picture.breakdown_specials", specials=_signed(result.received_points))
        _text(draw, (sx, ty), specials, MUTED, TEXT, side)
        ty += LINE
    ty = max(ty + 4, gy + lay.grid_h - LINE)
    if view.variant == "lamas":
        _lama_tally(draw, sx, ty, side, view.lamas[seat], view.target, seat, say)
    else:
        total = say("lama.picture.total", total=view.totals[seat])
        _text(draw, (sx, ty), total, INK, TEXT, side, bold=True)


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
