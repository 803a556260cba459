"""Pictures of No Prob-Lama, drawn from views only.

- `render_table(view)`: every layout (face-up cards and backs), special cards received,
  the piles, whose turn and the Lama tally.
- `render_panel(view)`: a seat's own layout with the cards it looked at marked with
  their values, and the card it holds.
- `render_results(view)`: the last round's revealed layouts, threes of a kind marked,
  joker values and each score.

Each returns the image and a short text description (the attachment's alt text).
Players are told apart by colour and letter; `names` (by seat) is optional.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.lama import cardart
from games.lama.cards import DRAMA, JOKER, KARMA, label
from games.lama.models import SeatResult
from games.lama.views import LamaView
from games.pictures import BACKGROUND, INK, MUTED, font, player_colour, player_letter

WIDTH = 960
MARGIN = 16
PANEL_BG = (255, 255, 255)
HIGHLIGHT = (213, 94, 0)
LINE_MARK = (230, 159, 0)
Names = Sequence[str] | None


def _name(seat: int, names: Names) -> str:
    letter = player_letter(seat)
    if names and seat < len(names) and names[seat]:
        return f"{letter} {names[seat]}"
    return f"Player {letter}"


def _short(kind: str) -> str:
    return {JOKER: "Joker", DRAMA: "Drama-Lama", KARMA: "Karma-Lama"}.get(kind, kind)


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


def _status(view: LamaView, names: Names) -> str:
    if view.step == "over":
        who = ", ".join(_name(s, names) for s in view.winners or [])
        return f"Game over: {who} wins"
    if view.step == "peek":
        waiting = ", ".join(player_letter(s) for s in view.to_peek)
        return f"Everyone looks at two own cards. Waiting for: {waiting}"
    assert view.to_act is not None
    who = _name(view.to_act, names)
    if view.step == "choose":
        text = f"{who}: draw or take the discard"
    elif view.step == "drawn":
        text = f"{who} drew a card"
    else:
        text = f"{who} took the {_short(view.taken or '')}: must place it"
    if view.final_turns and view.ender is not None:
        text += f" - final turns ({player_letter(view.ender)} is out)"
    return text


# -- the table ------------------------------------------------------------------------------


CARD_W, CARD_H, GAP = 64, 88, 6
PANEL_H = 46 + 3 * CARD_H + 2 * GAP + 50
TOP_H = 150


def render_table(view: LamaView, names: Names = None) -> tuple[Image.Image, str]:
    columns = _grid(view.seats)
    rows = -(-view.seats // columns)
    panel_w = (WIDTH - MARGIN * (columns + 1)) // columns
    height = TOP_H + rows * (PANEL_H + MARGIN) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _table_top(image, draw, view, names)
    for seat in range(view.seats):
        x = MARGIN + (seat % columns) * (panel_w + MARGIN)
        y = TOP_H + (seat // columns) * (PANEL_H + MARGIN)
        _seat_panel(image, draw, view, seat, x, y, panel_w, names)
    return image, _table_alt(view, names)


def _table_top(image: Image.Image, draw: ImageDraw.ImageDraw, view: LamaView, names: Names) -> None:
    draw.text((MARGIN, 12), "No Prob-Lama", font=font(30), fill=INK)
    if view.variant == "lamas":
        goal = f"Round {view.round} - first to {view.target} Lamas"
    else:
        goal = f"Round {view.round} of 4 - fewest points wins"
    draw.text((MARGIN, 50), goal, font=font(18), fill=INK)
    dealer = f"Dealer {player_letter(view.dealer)}, {player_letter(view.starter)} began"
    draw.text((MARGIN, 74), dealer, font=font(16), fill=MUTED)
    status = _fit(_status(view, names), 18, WIDTH - 2 * MARGIN)
    draw.text((MARGIN, TOP_H - 34), status, font=font(18), fill=HIGHLIGHT)

    # The piles, on the right.
    px = WIDTH - MARGIN - 2 * CARD_W - 3 * GAP - 30
    py = 10
    image.paste(cardart.back(CARD_W, CARD_H), (px, py), cardart.back(CARD_W, CARD_H))
    draw.text(
        (px + CARD_W / 2, py + CARD_H + 12),
        f"draw {view.draw_count}",
        font=font(14),
        fill=INK,
        anchor="mm",
    )
    dx = px + CARD_W + 3 * GAP + 30
    if view.discard_top is not None:
        tile = cardart.face(view.discard_top, CARD_W, CARD_H)
        image.paste(tile, (dx, py), tile)
    else:
        draw.rounded_rectangle((dx, py, dx + CARD_W, py + CARD_H), 7, outline=MUTED, width=2)
    draw.text(
        (dx + CARD_W / 2, py + CARD_H + 12),
        f"discard {view.discard_count}",
        font=font(14),
        fill=INK,
        anchor="mm",
    )
    # The card in play: taken (public) or drawn (its face known to the drawer only).
    if view.step in ("drawn", "taken") and view.to_act is not None:
        hx = px - CARD_W - 6 * GAP - 20
        tile = (
            cardart.face(view.taken, CARD_W, CARD_H)
            if view.taken is not None
            else cardart.back(CARD_W, CARD_H)
        )
        image.paste(tile, (hx, py), tile)
        draw.rounded_rectangle(
            (hx - 3, py - 3, hx + CARD_W + 3, py + CARD_H + 3),
            9,
            outline=player_colour(view.to_act),
            width=3,
        )
        word = "taken" if view.taken is not None else "drawn"
        draw.text(
            (hx + CARD_W / 2, py + CARD_H + 12),
            f"{player_letter(view.to_act)} {word}",
            font=font(14),
            fill=INK,
            anchor="mm",
        )


def _seat_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    x: int,
    y: int,
    w: int,
    names: Names,
) -> None:
    acting = view.to_act == seat
    outline = player_colour(seat) if acting else (200, 200, 200)
    draw.rounded_rectangle(
        (x, y, x + w, y + PANEL_H), 10, fill=PANEL_BG, outline=outline, width=5 if acting else 1
    )
    _badge(draw, x + 10, y + 10, seat)
    tags = []
    if seat == view.dealer:
        tags.append("dealer")
    if view.ender == seat:
        tags.append("OUT")
    if acting:
        tags.append("TO PLAY")
    if seat in view.to_peek:
        tags.append("looking")
    tag_text = "  ".join(tags)
    tag_w = int(font(13).getlength(tag_text)) + 6 if tags else 0
    draw.text(
        (x + 44, y + 14), _fit(_name(seat, names), 18, w - 54 - tag_w), font=font(18), fill=INK
    )
    if tags:
        draw.text(
            (x + w - 10, y + 18),
            tag_text,
            font=font(13),
            fill=HIGHLIGHT if acting else MUTED,
            anchor="ra",
        )

    grid_w = 3 * CARD_W + 2 * GAP
    gx = x + (w - grid_w) // 2
    gy = y + 46
    for pos, kind in enumerate(view.layouts[seat]):
        tile = cardart.back(CARD_W, CARD_H) if kind is None else cardart.face(kind, CARD_W, CARD_H)
        cx = gx + (pos % 3) * (CARD_W + GAP)
        cy = gy + (pos // 3) * (CARD_H + GAP)
        image.paste(tile, (cx, cy), tile)

    by = gy + 3 * CARD_H + 2 * GAP + 12
    if view.variant == "lamas":
        used = _lama_tally(draw, x + 12, by + 4, view.lamas[seat], view.target, seat)
        draw.text((x + 16 + used, by + 5), "Lamas", font=font(14), fill=MUTED)
    else:
        draw.text((x + 12, by + 5), f"{view.totals[seat]} pts", font=font(15), fill=INK)
    _received(image, draw, view.received[seat], x + w - 10, by)


def _received(
    image: Image.Image, draw: ImageDraw.ImageDraw, kinds: list[str], right: int, y: int
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
    more = f"{len(kinds) - len(shown)} more, " if len(kinds) > len(shown) else ""
    draw.text(
        (x - 6, y + h / 2),
        f"{more}= {total:+d}" if total else f"{more}= 0",
        font=font(15),
        fill=INK,
        anchor="rm",
    )


def _table_alt(view: LamaView, names: Names) -> str:
    parts = [f"No Prob-Lama, round {view.round}. {_status(view, names)}."]
    top = _short(view.discard_top) if view.discard_top else "empty"
    parts.append(f"Discard: {top} ({view.discard_count}); draw pile {view.draw_count}.")
    for seat in range(view.seats):
        up = [k for k in view.layouts[seat] if k is not None]
        special = sum(3 if k == DRAMA else -3 for k in view.received[seat])
        tally = (
            f"{view.lamas[seat]} Lamas" if view.variant == "lamas" else f"{view.totals[seat]} pts"
        )
        parts.append(
            f"{_name(seat, names)}: {len(up)} face up ({', '.join(up) or 'none'}), "
            f"specials {special:+d}, {tally}."
        )
    return " ".join(parts)


# -- a seat's own panel ------------------------------------------------------------------------

BIG_W, BIG_H, BIG_GAP = 110, 150, 10


def render_panel(view: LamaView, names: Names = None) -> tuple[Image.Image, str]:
    """The viewing seat's layout: face-up cards, looked-at cards with values, the held card."""
    if view.me is None:
        raise ValueError("render_panel needs a seat's view")
    seat = view.me
    width, height = 820, 620
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _badge(draw, MARGIN, 14, seat, r=16)
    draw.text((MARGIN + 44, 16), f"Your cards - {_name(seat, names)}", font=font(24), fill=INK)
    gx, gy = MARGIN + 10, 70
    for pos, kind in enumerate(view.layouts[seat]):
        if kind is not None:
            tile = cardart.face(kind, BIG_W, BIG_H)
        elif pos in view.known:
            tile = cardart.seen(view.known[pos], BIG_W, BIG_H)
        else:
            tile = cardart.back(BIG_W, BIG_H)
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
    draw.text((sx, gy), "In your hand", font=font(20), fill=INK)
    if view.held is not None:
        tile = cardart.face(view.held, BIG_W, BIG_H)
        image.paste(tile, (sx, gy + 34), tile)
        hint = _hold_hint(view)
        for i, line in enumerate(hint):
            draw.text((sx, gy + 44 + BIG_H + i * 22), line, font=font(16), fill=HIGHLIGHT)
    else:
        draw.rounded_rectangle(
            (sx, gy + 34, sx + BIG_W, gy + 34 + BIG_H), 10, outline=MUTED, width=2
        )
        draw.text(
            (sx + BIG_W / 2, gy + 34 + BIG_H / 2), "-", font=font(28), fill=MUTED, anchor="mm"
        )

    ry = gy + 2 * BIG_H + 40
    draw.text((sx, ry), "Received", font=font(20), fill=INK)
    if view.received[seat]:
        chips = min(5, len(view.received[seat])) * 35
        _received(image, draw, view.received[seat], sx + 90 + chips, ry + 34)
    else:
        draw.text((sx, ry + 34), "none", font=font(16), fill=MUTED)
    known = len(view.known)
    draw.text(
        (gx, height - 36),
        f"Numbers 1-9 name the positions. {known} face-down card(s) known to you only.",
        font=font(15),
        fill=MUTED,
    )
    return image, _panel_alt(view, names)


def _hold_hint(view: LamaView) -> list[str]:
    held = view.held or ""
    if held in (DRAMA, KARMA):
        return ["Give it to another", "player."]
    if view.step == "taken":
        return ["Exchange it for one", "of your cards."]
    return ["Exchange it for one", "of your cards, or", "discard it."]


def _panel_alt(view: LamaView, names: Names) -> str:
    assert view.me is not None
    cells = []
    for pos, kind in enumerate(view.layouts[view.me]):
        if kind is not None:
            cells.append(f"{pos + 1}: {_short(kind)}")
        elif pos in view.known:
            cells.append(f"{pos + 1}: {_short(view.known[pos])} (face down, seen)")
        else:
            cells.append(f"{pos + 1}: face down")
    text = f"Your layout, {_name(view.me, names)}. " + "; ".join(cells) + "."
    if view.held is not None:
        text += f" You hold: {label(view.held)}."
    return text


# -- round results --------------------------------------------------------------------------------

RES_H = 46 + 3 * CARD_H + 2 * GAP + 74


def render_results(view: LamaView, names: Names = None) -> tuple[Image.Image, str]:
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
    draw.text((MARGIN, 12), f"Round {report.round} results", font=font(28), fill=INK)
    winners = ", ".join(player_letter(s) for s in report.winners)
    prize = "a Lama" if view.variant == "lamas" else "the round"
    draw.text(
        (MARGIN, 46),
        f"Lowest score: {winners} - wins {prize}. "
        f"{player_letter(report.ender)} turned over the last card.",
        font=font(16),
        fill=MUTED,
    )
    for seat, result in enumerate(report.seats):
        x = MARGIN + (seat % columns) * (panel_w + MARGIN)
        y = top + (seat // columns) * (RES_H + MARGIN)
        _result_panel(image, draw, view, seat, result, seat in report.winners, x, y, panel_w, names)
    return image, _results_alt(view, names)


def _result_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LamaView,
    seat: int,
    result: SeatResult,
    won: bool,
    x: int,
    y: int,
    w: int,
    names: Names,
) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + RES_H),
        10,
        fill=PANEL_BG,
        outline=player_colour(seat) if won else (200, 200, 200),
        width=5 if won else 1,
    )
    _badge(draw, x + 10, y + 10, seat)
    tag = ("LAMA!" if view.variant == "lamas" else "lowest") if won else ""
    draw.text((x + 44, y + 14), _fit(_name(seat, names), 18, w - 110), font=font(18), fill=INK)
    if tag:
        draw.text((x + w - 10, y + 16), tag, font=font(16), fill=HIGHLIGHT, anchor="ra")
    grid_w = 3 * CARD_W + 2 * GAP
    gx, gy = x + (w - grid_w) // 2, y + 46
    for pos, kind in enumerate(result.cards):
        tile = cardart.face(kind, CARD_W, CARD_H)
        image.paste(tile, (gx + (pos % 3) * (CARD_W + GAP), gy + (pos // 3) * (CARD_H + GAP)), tile)
    # Scoring lines: a frame around the three cards, its value beside it.
    for line in result.layout.lines:
        if line.axis == "row":
            top = gy + line.index * (CARD_H + GAP)
            box = (gx - 4, top - 3, gx + grid_w + 3, top + CARD_H + 3)
            at, anchor = (gx - 8, top + CARD_H // 2), "rm"
        else:
            left = gx + line.index * (CARD_W + GAP)
            box = (left - 3, gy - 4, left + CARD_W + 3, gy + 3 * CARD_H + 2 * GAP + 3)
            at, anchor = (left + CARD_W // 2, gy + 3 * CARD_H + 2 * GAP + 6), "ma"
        draw.rounded_rectangle(box, 9, outline=LINE_MARK, width=4)
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
    breakdown = f"cards {result.layout.points}"
    if result.received:
        breakdown += f", specials {result.received_points:+d}"
    draw.text((x + 12, by), breakdown, font=font(15), fill=MUTED)
    draw.text((x + w - 12, by + 4), f"{result.total}", font=font(28), fill=INK, anchor="ra")
    score_w = int(font(28).getlength(f"{result.total}"))
    draw.text((x + w - 18 - score_w, by + 14), "score", font=font(13), fill=MUTED, anchor="ra")
    if view.variant == "lamas":
        _lama_tally(draw, x + 12, by + 24, view.lamas[seat], view.target, seat)
    else:
        draw.text((x + 12, by + 22), f"total {view.totals[seat]} pts", font=font(15), fill=INK)


def _results_alt(view: LamaView, names: Names) -> str:
    report = view.last_round
    assert report is not None
    parts = [f"Round {report.round} results."]
    for seat, result in enumerate(report.seats):
        lines = ", ".join(f"{ln.axis} {ln.index + 1} of {ln.value}s" for ln in result.layout.lines)
        jokers = ", ".join(f"joker as {v}" for v in result.layout.jokers.values())
        extra = "; ".join(p for p in (lines, jokers) if p)
        parts.append(
            f"{_name(seat, names)}: {', '.join(result.cards)}"
            f"{' (' + extra + ')' if extra else ''}; score {result.total}"
            f"{' - wins a Lama' if seat in report.winners and view.variant == 'lamas' else ''}."
        )
    return " ".join(parts)
