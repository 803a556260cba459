"""The panel and table as built from views: the 3x3 of buttons with lightning costs,
bonus steps in the same panel, Discord's row limit, and a table that shows who has
acted but not what."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from bot.discord.adapters import adapter_for
from bot.discord.ui import Button, Screen, Section, Select, controls
from bot.i18n import t
from games.luckybox import GAME
from games.luckybox.models import Cross, LuckyState
from games.luckybox.pictures import (
    CARD_EDGE,
    CARD_FACE,
    CARD_H,
    CARD_W,
    HEAD,
    MARK,
    MAX_H,
    MAX_W,
    TITLE_AT,
    _card_tile,
    _cards,
    render_cards,
    render_table,
)
from games.luckybox.views import CardView
from games.pictures import BACKGROUND, INK, KEY, font, name_letters, to_png
from tests.conformance.screens import context
from tests.games.luckybox.conftest import CardMaker, all_but, crossed, rig
from tests.pictures import drawn
from tests.pictures.drawn import forget_cached_pictures
from tests.pictures.rules import broken
from tests.support.words import words

ADAPTER = adapter_for("luckybox")


def english(key: str, **params: object) -> str:
    return t(key, "en", **params)


def panel(state: LuckyState, seat: int, step: tuple[str, ...] = ()) -> Screen:
    return ADAPTER.panel(context(GAME, state, seat), step)


def beside(screen: Screen) -> list[tuple[str, str]]:
    """Each section's words and the label of the button beside them."""
    return [
        (block.texts[0], block.accessory.label)
        for block in screen.blocks
        if isinstance(block, Section) and isinstance(block.accessory, Button)
    ]


def grid_labels(screen: Screen) -> list[tuple[str, bool]]:
    buttons = [b for row in screen.rows if not isinstance(row, Select) for b in row]
    return [
        (b.label, b.disabled)
        for b in buttons
        if ":cross:" in b.custom_id or ":bonus:" in b.custom_id
    ]


def test_the_grid_shows_digits_and_lightning_costs(cards: CardMaker) -> None:
    card = cards("123456789")
    other = cards("999999111")
    state = rig([[(card, crossed(4)), (other, 0)], [(card, 0)]], number=7, lightning=2)
    screen = panel(state, 0)
    assert len(screen.rows) == 4 and isinstance(screen.rows[0], Select)
    assert grid_labels(screen) == [
        ("1", True),  # 3 lightning: out of reach
        ("2", True),
        ("3", True),
        ("4", True),
        ("✗", True),
        ("6 ⚡1", False),
        ("7", False),
        ("8 ⚡1", False),
        ("9 ⚡2", False),
    ]
    # Pass beside what the number asks.
    [(asked, label)] = beside(screen)
    assert asked.startswith("The number is **7**: cross a box") and label == "Pass"
    # The select shows the other card's grid (a panel step; nothing is played).
    stepped = panel(state, 0, ("card", str(other)))
    other_grid = grid_labels(stepped)
    assert other_grid[0] == ("9 ⚡2", False) and other_grid[-1] == ("1", True)
    # The select names the card shown; the picture stays as it was, so the step's edit
    # uploads nothing.
    select = stepped.rows[0]
    assert isinstance(select, Select) and select.placeholder.startswith(f"Card {other + 1} ")
    assert stepped.pictures == screen.pictures


def test_a_bonus_is_chosen_in_the_same_panel(cards: CardMaker) -> None:
    card = cards("123456789", ("5", "", "", "", "", ""))
    state = rig([[(card, crossed(0, 1))], [(card, 0)]], number=3)
    state, _ = GAME.apply(state, 0, Cross(card=card, box=2))
    screen = panel(state, 0)
    assert [label for label, off in grid_labels(screen) if not off] == ["5"]
    [(asked, label)] = beside(screen)
    assert "**Bonus: cross a 5**" in asked and label == "Decline the bonus"


def test_two_bonuses_ask_for_their_order(cards: CardMaker) -> None:
    card = cards("123456789", ("", "", "7", "", "", "?"))
    other = cards("777111222")
    state = rig([[(card, all_but(8)), (other, 0)], [(other, 0)]], number=9)
    state, _ = GAME.apply(state, 0, Cross(card=card, box=8))
    screen = panel(state, 0)
    assert "two bonuses" in words(screen)
    (row,) = screen.rows
    assert isinstance(row, tuple)
    assert [b.label for b in row] == ["First a 7, then any box (?)", "First any box (?), then a 7"]


def test_the_table_shows_who_has_acted_not_what(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)], [(card, 0)]], number=5)
    before = ADAPTER.table(context(GAME, state, None))
    state, _ = GAME.apply(state, 0, Cross(card=card, box=3))  # the 4, for 1 lightning
    after = ADAPTER.table(context(GAME, state, None))
    assert before.pictures[0].data != after.pictures[0].data  # the tick on the badge
    lines = words(after).splitlines()
    assert lines[0] == "Super Mega Lucky Box: round 1 of 4"
    assert lines[1].startswith("The number is **5** (reveal 1 of 9)")
    assert lines[3].startswith("✅ Pl **Player 1") and lines[4].startswith("⬜ Pa **Player 2")
    counted = [line for line in lines if " · ⚡4 🌙0 ⭐0 🏁0 🃏1" in line]
    assert len(counted) == 2  # the lightning Ana spent shows only once the reveal resolves
    # The My cards button beside what everyone is to do now.
    [status] = [b for b in after.blocks if isinstance(b, Section)]
    assert status.texts[0] == lines[1]
    assert [c.label for c in controls(after) if isinstance(c, Button)] == ["My cards"]


def test_the_tables_legend_explains_only_the_marks_its_lines_show(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)], [(card, 0)]], number=5)
    legend = words(ADAPTER.table(context(GAME, state, None))).splitlines()[-1]
    assert legend.startswith("-# ⬜ still acting · ⚡ lightning")  # nobody has acted yet
    state, _ = GAME.apply(state, 0, Cross(card=card, box=3))
    legend = words(ADAPTER.table(context(GAME, state, None))).splitlines()[-1]
    assert legend.startswith("-# ✅ done · ⬜ still acting · ⚡ lightning")
    for end in _states_to_the_end(2, 5)[-1:]:
        assert end.stage == "over"
        text = words(ADAPTER.table(context(GAME, end, None)))
        assert text.splitlines()[-1] == "-# " + english("luckybox.ui.legend_counts")


def test_pictures_fit_discord(cards: CardMaker) -> None:
    card = cards("123456789")
    state = rig([[(card, 0)] * 1] * 6, number=5)

    def say(key: str, **params: object) -> str:
        return f"{key} {params}"[:30]

    view = GAME.view(state, None)
    for seat in range(6):
        view.boards[seat] = (
            GAME.view(state, 0)
            .boards[0]
            .model_copy(update={"cards": [GAME.view(state, 0).boards[0].cards[0]] * 6})
        )
    image, alt = render_table(view, say, ["A very long player name indeed"] * 6)
    assert image.width <= MAX_W and image.height <= MAX_H and alt
    image, alt = render_cards(view.boards[0].cards, say, "title")
    assert image.width <= MAX_W and image.height <= MAX_H and alt


def test_cards_kept_from_earlier_pictures_draw_exactly_what_a_fresh_drawing_does() -> None:
    """Each card is drawn once per look and pasted: crossing boxes one at a time, with
    a card framed or not, every picture equals one drawn from scratch."""
    hand = [
        CardView(
            card=n, digits=[(n + b) % 9 + 1 for b in range(9)], bonuses=bonuses, crossed=[False] * 9
        )
        for n, bonuses in enumerate(
            [["", "3", "?", "S", "M", "L1"], ["L2", "", "", "S", "?", "7"], [""] * 6]
        )
    ]

    def say(key: str, **params: object) -> str:
        return f"{key} {params}"

    for box in range(9):
        for card in hand:
            card.crossed[box] = True
            for chosen in ([], [card.card]):
                kept, _ = render_cards(hand, say, "title", chosen)
                _cards.clear()
                forget_cached_pictures()  # (the cards' parts too)
                fresh, _ = render_cards(hand, say, "title", chosen)
                assert kept.tobytes() == fresh.tobytes()


@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_cards_title_kept_apart_from_its_face_shows_as_if_written_on_it(locale: str) -> None:
    """The title is a tile of its own on a face kept once (the 90 cards' faces differ
    only by it): the card's head is what writing the title on the face gives."""
    for number in (1, 9, 90):
        title = t("luckybox.picture.card", locale, number=number)
        card = CardView(card=number - 1, digits=[1] * 9, bonuses=[""] * 6, crossed=[False] * 9)
        for chosen in (False, True):
            face = Image.new("RGB", (CARD_W + 1, CARD_H + 1), BACKGROUND)
            draw = ImageDraw.Draw(face)
            edge, width = (MARK, 5) if chosen else (CARD_EDGE, 2)
            draw.rounded_rectangle((0, 0, CARD_W, CARD_H), 10, CARD_FACE, edge, width)
            draw.text(TITLE_AT, title, font=font(KEY, True), fill=INK, anchor="lm")
            head = (0, 0, CARD_W + 1, HEAD)
            drawn = _card_tile(card, title, chosen).convert("RGB")
            assert drawn.crop(head).tobytes() == face.crop(head).tobytes(), (title, chosen)


def _states_to_the_end(seats: int, seed: int) -> list[LuckyState]:
    """A random game's states, one per stage and round, and its end."""
    state = GAME.setup(seats, GAME.parse_options({}), seed)
    rng = random.Random(seed)
    states, seen = [state], {(state.stage, state.round)}
    while GAME.result(state) is None:
        seat = rng.choice(sorted(GAME.active(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if (state.stage, state.round) not in seen:
            seen.add((state.stage, state.round))
            states.append(state)
    return states


@pytest.mark.parametrize("seats", [1, 2, 3, 6])
def test_the_table_reads_on_a_phone_and_a_desktop_and_describes_the_end(seats: int) -> None:
    """At every stage and round the table keeps 12 px on a phone and 11 px on a desktop;
    at the end it shows the winners' marks, and its description tells the end."""
    names = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"][:seats]
    letters = name_letters(names)
    with drawn.recording():
        for state in _states_to_the_end(seats, seats):
            view = GAME.view(state, None)
            image, alt = render_table(view, english, names, letters)
            png = to_png(image)
            assert broken(png) == [], (state.stage, state.round)
            if state.stage != "over":
                continue
            result = GAME.result(state)
            assert result is not None
            texts = [d.text for d in drawn.texts(png) or ()]
            assert texts.count(letters[result.winners[0]]) == 2  # above the cards, and beside
            total = english("luckybox.picture.total", count=result.scores[result.winners[0]])
            winners = ", ".join(names[s] for s in result.winners)
            verb = "wins" if len(result.winners) == 1 else "win"
            assert alt.startswith(f"Game over: {winners} {verb} with {total}.")
            assert "choosing cards" not in alt
