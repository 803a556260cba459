"""Pictures of No Prob-Lama, drawn from views only.

- `render_table(view, say)`: every layout (face-up cards and backs), special cards
  received, the piles, whose turn and the Lama tally.
- `render_panel(view, say)`: a seat's own layout with the cards it looked at marked
  with their values, and the card it holds.
- `render_results(view, say)`: the last round's revealed layouts, threes of a kind
  marked, joker values and each score.

Each returns the image and a short text description (the attachment's alt text).
Every word drawn, and the description, comes from the catalog through `say` (the
reader's language). Players are told apart by colour and letter; `names` (by seat)
is optional.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.lama import cardart
from games.lama.cardart import Words
from games.lama.cards import DRAMA, JOKER, KARMA, SPECIALS
from games.lama.models import SeatResult
from games.lama.views import LamaView
from games.pictures import BACKGROUND, INK, MUTED, Say, font, player_colour, player_letter

WIDTH = 960
MARGIN = 16
PANEL_BG = (255, 255, 255)
HIGHLIGHT = (213, 94, 0)
LINE_MARK = (230, 159, 0)
Names = Sequence[str] | None


def _name(seat: int, names: Names, say: Say) -> str:
    letter = player_letter(seat)
    if names and seat < len(names) and names[seat]:
        return f"{letter} {names[seat]}"
    return say("lama.picture.player", letter=letter)


def _card(kind: str, say: Say) -> str:
    """A card's name: '7', '-2', 'Joker', 'Drama-Lama (+3)'."""
    return say(f"lama.ui.card.{kind}") if kind in (JOKER, DRAMA, KARMA) else kind


def _wrap(text: str, size: int, width: int) -> list[str]:
    """`text` in lines of at most `width` pixels, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and font(size).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _grid(count: int) -> int:
    """Columns of player panels."""
    return {1: 1, 2: 2, 3: 3, 4: 2}.get(count, 3)


def _fit(text: str, size: int, width: int) -> str:
    """Shorten `text` with an ellipsis until it fits `width` pixels."""
    f = font(size)
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: float,
    fill: tuple[int, int, int],
    anchor: str | None = None,
) -> None:
    """One line of text within `width` pixels: in a smaller font (down to about two
    thirds of `size`) rather than cut, so long names and words stay whole; cut with an
    ellipsis only when even that is too wide."""
    smallest = max(10, size * 2 // 3)
    while size > smallest and font(size).getlength(text) > width:
        size -= 1
    draw.text(xy, _fit(text, size, int(width)), font=font(size), fill=fill, anchor=anchor)


def _lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    width: int,
    fill: tuple[int, int, int],
) -> None:
    """`text` wrapped to `width` pixels, drawn at once (one sentence, one string)."""
    draw.multiline_text(
        xy, "\n".join(_wrap(text, size, width)), font=font(size), fill=fill, spacing=5
    )


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, seat: int, r: int = 13) -> None:
    """The player's colour disc with their letter."""
    draw.ellipse((x, y, x + 2 * r, y + 2 * r), fill=player_colour(seat), outline=INK, width=1)
    ink = INK if seat in (1, 4, 6) else (255, 255, 255)
    draw.text((x + r, y + r), player_letter(seat), font=font(int(r * 1.3)), fill=ink, anchor="mm")


def _lama_tally(
    draw: ImageDraw.ImageDraw, x: int, y: int, count: int, target: int, seat: int
) -> int:
    """Filled tokens for Lamas won, hollow ones up to the target; returns the width used."""
    size, gap = 18, 5
    for i in range(max(target, count)):
        box = (x + i * (size + gap), y, x + i * (size + gap) + size, y + size)
        if i < count:
            draw.rounded_rectangle(box, 4, fill=player_colour(seat), outline=INK, width=1)
        else:
            draw.rounded_rectangle(box, 4, outline=MUTED, width=1)
    return max(target, count) * (size + gap)


def _status(view: LamaView, names: Names, say: Say) -> str:
    if view.step == "over":
        who = ", ".join(_name(s, names, say) for s in view.winners or [])
        return say("lama.picture.status_over", names=who)
    if view.step == "peek":
        waiting = ", ".join(player_letter(s) for s in view.to_peek)
        return say("lama.picture.status_peek", letters=waiting)
    assert view.to_act is not None
    who = _name(view.to_act, names, say)
    if view.step == "choose":
        text = say("lama.picture.status_choose", player=who)
    elif view.step == "drawn":
        text = say("lama.picture.status_drawn", player=who)
    else:
        taken = view.taken or ""
        key = "status_taken_special" if taken in SPECIALS else "status_taken"
        text = say(f"lama.picture.{key}", player=who, card=_card(taken, say))
    if view.final_turns and view.ender is not None:
        text = say("lama.picture.status_final", status=text, letter=player_letter(view.ender))
    return text


# -- the table ------------------------------------------------------------------------------


CARD_W, CARD_H, GAP = 64, 88, 6
HEAD_H = 50  # a player panel's name and tags, above the cards
PANEL_H = HEAD_H + 3 * CARD_H + 2 * GAP + 50
TOP_H = 150


def render_table(view: LamaView, say: Say, names: Names = None) -> tuple[Image.Image, str]:
    columns = _grid(view.seats)
    rows = -(-view.seats // columns)
    panel_w = (WIDTH - MARGIN * (columns + 1)) // columns
    height = TOP_H + rows * (PANEL_H + MARGIN) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    _table_top(image, draw, view, names, say, text)
    for seat in range(view.seats):
        x = MARGIN + (seat % columns) * (panel_w + MARGIN)
        y = TOP_H + (seat // columns) * (PANEL_H + MARGIN)
        _seat_panel(image, draw, view, seat, (x, y, panel_w), names, say, text)
    return image, _table_alt(view, names, say)


def _table_top(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    names: Names,
    say: Say,
    text: Words,
) -> None:
    # The piles, on the right; the words on the left stop before them.
    px = WIDTH - MARGIN - 2 * CARD_W - 3 * GAP - 30
    left_w = px - 2 * MARGIN - CARD_W - 6 * GAP - 20
    _line(draw, (MARGIN, 12), say("lama.picture.title"), 30, left_w, INK)
    if view.variant == "lamas":
        goal = say("lama.picture.goal_lamas", round=view.round, target=view.target)
    else:
        goal = say("lama.picture.goal_points", round=view.round)
    _line(draw, (MARGIN, 50), goal, 18, left_w, INK)
    dealer = say(
        "lama.picture.dealer",
        dealer=player_letter(view.dealer),
        starter=player_letter(view.starter),
    )
    _line(draw, (MARGIN, 74), dealer, 16, left_w, MUTED)
    _line(draw, (MARGIN, TOP_H - 34), _status(view, names, say), 18, WIDTH - 2 * MARGIN, HIGHLIGHT)

    py = 10
    back = cardart.back(CARD_W, CARD_H, text)
    image.paste(back, (px, py), back)
    under = py + CARD_H + 12
    draw_pile = say("lama.picture.draw_pile", count=view.draw_count)
    _line(draw, (px + CARD_W / 2, under), draw_pile, 14, CARD_W + 3 * GAP + 26, INK, "mm")
    dx = px + CARD_W + 3 * GAP + 30
    if view.discard_top is not None:
        tile = cardart.face(view.discard_top, CARD_W, CARD_H, text)
        image.paste(tile, (dx, py), tile)
    else:
        draw.rounded_rectangle((dx, py, dx + CARD_W, py + CARD_H), 7, outline=MUTED, width=2)
    discard = say("lama.picture.discard_pile", count=view.discard_count)
    _line(draw, (dx + CARD_W / 2, under), discard, 14, 2 * MARGIN + CARD_W, INK, "mm")
    # The card in play: taken (public) or drawn (its face known to the drawer only).
    if view.step in ("drawn", "taken") and view.to_act is not None:
        hx = px - CARD_W - 6 * GAP - 20
        tile = (
            cardart.face(view.taken, CARD_W, CARD_H, text)
            if view.taken is not None
            else cardart.back(CARD_W, CARD_H, text)
        )
        image.paste(tile, (hx, py), tile)
        draw.rounded_rectangle(
            (hx - 3, py - 3, hx + CARD_W + 3, py + CARD_H + 3),
            9,
            outline=player_colour(view.to_act),
            width=3,
        )
        word = "lama.picture.taken" if view.taken is not None else "lama.picture.drawn"
        held = say(word, letter=player_letter(view.to_act))
        _line(draw, (hx + CARD_W / 2, under), held, 14, CARD_W + 6 * GAP + 16, INK, "mm")


def _seat_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    box: tuple[int, int, int],
    names: Names,
    say: Say,
    text: Words,
) -> None:
    x, y, w = box
    acting = view.to_act == seat
    outline = player_colour(seat) if acting else (200, 200, 200)
    draw.rounded_rectangle(
        (x, y, x + w, y + PANEL_H), 10, fill=PANEL_BG, outline=outline, width=5 if acting else 1
    )
    _badge(draw, x + 10, y + 10, seat)
    tags = []
    if seat == view.dealer:
        tags.append(say("lama.picture.tag_dealer"))
    if view.ender == seat:
        tags.append(say("lama.picture.tag_out"))
    if acting:
        tags.append(say("lama.picture.tag_to_play"))
    if seat in view.to_peek:
        tags.append(say("lama.picture.tag_looking"))
    _line(draw, (x + 44, y + 7), _name(seat, names, say), 18, w - 54, INK)
    if tags:
        tag_ink = HIGHLIGHT if acting else MUTED
        _line(draw, (x + 44, y + 29), " · ".join(tags), 13, w - 54, tag_ink)

    grid_w = 3 * CARD_W + 2 * GAP
    gx = x + (w - grid_w) // 2
    gy = y + HEAD_H
    for pos, kind in enumerate(view.layouts[seat]):
        tile = (
            cardart.back(CARD_W, CARD_H, text)
            if kind is None
            else cardart.face(kind, CARD_W, CARD_H, text)
        )
        cx = gx + (pos % 3) * (CARD_W + GAP)
        cy = gy + (pos // 3) * (CARD_H + GAP)
        image.paste(tile, (cx, cy), tile)

    by = gy + 3 * CARD_H + 2 * GAP + 12
    if view.variant == "lamas":
        used = _lama_tally(draw, x + 12, by + 4, view.lamas[seat], view.target, seat)
        lamas = say("lama.picture.lamas", count=view.lamas[seat])
        draw.text((x + 16 + used, by + 5), lamas, font=font(14), fill=MUTED)
    else:
        pts = say("lama.picture.points", count=view.totals[seat])
        draw.text((x + 12, by + 5), pts, font=font(15), fill=INK)
    _received(image, draw, view.received[seat], x + w - 10, by, say)


def _received(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    kinds: list[str],
    right: int,
    y: int,
    say: Say,
) -> None:
    """Special cards received, as small chips ending at `right`."""
    if not kinds:
        return
    w, h, gap = 32, 26, 3
    shown = kinds[-5:]
    x = right - len(shown) * (w + gap)
    for i, kind in enumerate(shown):
        chip = cardart.special_chip(kind, w, h)
        image.paste(chip, (x + i * (w + gap), y), chip)
    total = sum(3 if k == DRAMA else -3 for k in kinds)
    sign = f"{total:+d}" if total else "0"
    more = len(kinds) - len(shown)
    summed = say("lama.picture.received_more", count=more, total=sign) if more else f"= {sign}"
    draw.text(
        (x - 6, y + h / 2),
        summed,
        font=font(15),
        fill=INK,
        anchor="rm",
    )


def _table_alt(view: LamaView, names: Names, say: Say) -> str:
    parts = [say("lama.picture.alt_table", round=view.round, status=_status(view, names, say))]
    top = _card(view.discard_top, say) if view.discard_top else say("lama.picture.alt_empty")
    parts.append(
        say("lama.picture.alt_piles", top=top, discard=view.discard_count, draw=view.draw_count)
    )
    for seat in range(view.seats):
        up = [_card(k, say) for k in view.layouts[seat] if k is not None]
        special = sum(3 if k == DRAMA else -3 for k in view.received[seat])
        if view.variant == "lamas":
            tally = say("lama.picture.alt_lamas", count=view.lamas[seat])
        else:
            tally = say("lama.picture.points", count=view.totals[seat])
        parts.append(
            say(
                "lama.picture.alt_seat",
                player=_name(seat, names, say),
                up=len(up),
                cards=", ".join(up) or say("lama.picture.none"),
                specials=f"{special:+d}",
                tally=tally,
            )
        )
    return " ".join(parts)


# -- a seat's own panel ------------------------------------------------------------------------

BIG_W, BIG_H, BIG_GAP = 110, 150, 10


def render_panel(view: LamaView, say: Say, names: Names = None) -> tuple[Image.Image, str]:
    """The viewing seat's layout: face-up cards, looked-at cards with values, the held card."""
    if view.me is None:
        raise ValueError("render_panel needs a seat's view")
    seat = view.me
    width, height = 820, 620
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    _badge(draw, MARGIN, 14, seat, r=16)
    title = say("lama.picture.panel_title", player=_name(seat, names, say))
    _line(draw, (MARGIN + 44, 16), title, 24, width - MARGIN - 60, INK)
    gx, gy = MARGIN + 10, 70
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
        draw.text(
            (cx + BIG_W - 8, cy + 6),
            str(pos + 1),
            font=font(13),
            fill=MUTED if kind is not None else (190, 200, 210),
            anchor="ra",
        )

    sx = gx + 3 * BIG_W + 2 * BIG_GAP + 40
    side_w = width - MARGIN - sx
    _line(draw, (sx, gy), say("lama.picture.in_hand"), 20, side_w, INK)
    if view.held is not None:
        tile = cardart.face(view.held, BIG_W, BIG_H, text)
        image.paste(tile, (sx, gy + 34), tile)
        _lines(draw, (sx, gy + 44 + BIG_H), _hold_hint(view, say), 16, side_w, HIGHLIGHT)
    else:
        draw.rounded_rectangle(
            (sx, gy + 34, sx + BIG_W, gy + 34 + BIG_H), 10, outline=MUTED, width=2
        )
        draw.text(
            (sx + BIG_W / 2, gy + 34 + BIG_H / 2), "-", font=font(28), fill=MUTED, anchor="mm"
        )

    ry = gy + 2 * BIG_H + 40
    _line(draw, (sx, ry), say("lama.picture.received"), 20, side_w, INK)
    if view.received[seat]:
        chips = min(5, len(view.received[seat])) * 35
        _received(image, draw, view.received[seat], sx + 90 + chips, ry + 34, say)
    else:
        draw.text((sx, ry + 34), say("lama.picture.none"), font=font(16), fill=MUTED)
    footer = say("lama.picture.panel_footer", count=len(view.known))
    _lines(draw, (gx, height - 56), footer, 15, width - gx - MARGIN, MUTED)
    return image, _panel_alt(view, names, say)


def _hold_hint(view: LamaView, say: Say) -> str:
    held = view.held or ""
    if held in SPECIALS:
        return say("lama.picture.hint_give")
    if view.step == "taken":
        return say("lama.picture.hint_taken")
    return say("lama.picture.hint_drawn")


def _panel_alt(view: LamaView, names: Names, say: Say) -> str:
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
    text = say("lama.picture.alt_panel", player=_name(view.me, names, say), cells="; ".join(cells))
    if view.held is not None:
        text += " " + say("lama.picture.alt_hold", card=_card(view.held, say))
    return text


# -- round results --------------------------------------------------------------------------------

RES_H = HEAD_H + 3 * CARD_H + 2 * GAP + 74


def render_results(view: LamaView, say: Say, names: Names = None) -> tuple[Image.Image, str]:
    """The last finished round: every layout revealed, scoring lines marked, scores."""
    report = view.last_round
    if report is None:
        raise ValueError("no round has been scored yet")
    columns = _grid(view.seats)
    rows = -(-view.seats // columns)
    panel_w = (WIDTH - MARGIN * (columns + 1)) // columns
    top = 70
    image = Image.new("RGB", (WIDTH, top + rows * (RES_H + MARGIN) + MARGIN), BACKGROUND)
    draw = ImageDraw.Draw(image)
    text = cardart.words(say)
    title = say("lama.picture.results_title", round=report.round)
    _line(draw, (MARGIN, 12), title, 28, WIDTH - 2 * MARGIN, INK)
    winners = ", ".join(player_letter(s) for s in report.winners)
    key = "results_lamas" if view.variant == "lamas" else "results_points"
    low = say(f"lama.picture.{key}", letters=winners, ender=player_letter(report.ender))
    _line(draw, (MARGIN, 46), low, 16, WIDTH - 2 * MARGIN, MUTED)
    for seat, result in enumerate(report.seats):
        x = MARGIN + (seat % columns) * (panel_w + MARGIN)
        y = top + (seat // columns) * (RES_H + MARGIN)
        won = seat in report.winners
        _result_panel(image, draw, view, seat, result, won, (x, y, panel_w), names, say, text)
    return image, _results_alt(view, names, say)


def _result_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    result: SeatResult,
    won: bool,
    box: tuple[int, int, int],
    names: Names,
    say: Say,
    text: Words,
) -> None:
    x, y, w = box
    draw.rounded_rectangle(
        (x, y, x + w, y + RES_H),
        10,
        fill=PANEL_BG,
        outline=player_colour(seat) if won else (200, 200, 200),
        width=5 if won else 1,
    )
    _badge(draw, x + 10, y + 10, seat)
    tag = ""
    if won:
        key = "tag_lama" if view.variant == "lamas" else "tag_lowest"
        tag = say(f"lama.picture.{key}")
    _line(draw, (x + 44, y + 7), _name(seat, names, say), 18, w - 54, INK)
    if tag:
        _line(draw, (x + 44, y + 28), tag, 14, w - 54, HIGHLIGHT)
    grid_w = 3 * CARD_W + 2 * GAP
    gx, gy = x + (w - grid_w) // 2, y + HEAD_H
    for pos, kind in enumerate(result.cards):
        tile = cardart.face(kind, CARD_W, CARD_H, text)
        image.paste(tile, (gx + (pos % 3) * (CARD_W + GAP), gy + (pos // 3) * (CARD_H + GAP)), tile)
    # Scoring lines: a frame around the three cards, its value beside it.
    for line in result.layout.lines:
        if line.axis == "row":
            top = gy + line.index * (CARD_H + GAP)
            frame = (gx - 4, top - 3, gx + grid_w + 3, top + CARD_H + 3)
            at, anchor = (gx - 8, top + CARD_H // 2), "rm"
        else:
            left = gx + line.index * (CARD_W + GAP)
            frame = (left - 3, gy - 4, left + CARD_W + 3, gy + 3 * CARD_H + 2 * GAP + 3)
            at, anchor = (left + CARD_W // 2, gy + 3 * CARD_H + 2 * GAP + 6), "ma"
        draw.rounded_rectangle(frame, 9, outline=LINE_MARK, width=4)
        draw.text(at, f"-{line.value}", font=font(16), fill=HIGHLIGHT, anchor=anchor)
    for pos, value in result.layout.jokers.items():
        jx = gx + (pos % 3) * (CARD_W + GAP) + CARD_W - 4
        jy = gy + (pos // 3) * (CARD_H + GAP) + 4
        draw.rounded_rectangle((jx - 30, jy, jx, jy + 20), 5, fill=(255, 248, 220), outline=INK)
        draw.text((jx - 15, jy + 10), f"={value}", font=font(14), fill=INK, anchor="mm")

    for i, kind in enumerate(result.received[:5]):
        chip = cardart.special_chip(kind, 32, 26)
        image.paste(chip, (x + w - 44, gy + i * 30), chip)
    if len(result.received) > 5:
        draw.text(
            (x + w - 28, gy + 5 * 30 + 2),
            f"+{len(result.received) - 5}",
            font=font(13),
            fill=MUTED,
            anchor="ma",
        )
    by = gy + 3 * CARD_H + 2 * GAP + 26
    if result.received:
        breakdown = say(
            "lama.picture.breakdown_specials",
            cards=result.layout.points,
            specials=f"{result.received_points:+d}",
        )
    else:
        breakdown = say("lama.picture.breakdown", cards=result.layout.points)
    draw.text((x + w - 12, by + 4), f"{result.total}", font=font(28), fill=INK, anchor="ra")
    score_w = int(font(28).getlength(f"{result.total}"))
    score = say("lama.picture.score")
    draw.text((x + w - 18 - score_w, by + 14), score, font=font(13), fill=MUTED, anchor="ra")
    room = w - 12 - 18 - score_w - int(font(13).getlength(score)) - 10
    _line(draw, (x + 12, by), breakdown, 15, room, MUTED)
    if view.variant == "lamas":
        _lama_tally(draw, x + 12, by + 24, view.lamas[seat], view.target, seat)
    else:
        total = say("lama.picture.total", count=view.totals[seat])
        draw.text((x + 12, by + 22), total, font=font(15), fill=INK)


def _results_alt(view: LamaView, names: Names, say: Say) -> str:
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
                player=_name(seat, names, say),
                cards=", ".join(_card(k, say) for k in result.cards),
                details=f" ({extra})" if extra else "",
                score=result.total,
            )
        )
    return " ".join(parts)
