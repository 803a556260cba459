"""The one renderer: a screen as layout components (`bot.discord.ui.layout`), the
arguments of a send or an edit, and screens kept as plain data."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.ui import (
    Button,
    Gallery,
    Option,
    Picture,
    Screen,
    Section,
    Select,
    Separator,
    ShownPictures,
    Thumbnail,
    layout,
    retired,
    screen_from_json,
    screen_to_json,
    send_kwargs,
)
from bot.double import components as comp
from tests.conformance.screens import layout_problems_of

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def picture(name: str) -> Picture:
    return Picture(name, PNG, f"alt of {name}")


def components(screen: Screen) -> list[dict[str, Any]]:
    view = layout(screen)  # what discord.py sends where a view is given
    assert isinstance(view, discord.ui.LayoutView) and view.has_components_v2()
    assert not view.is_dispatchable() and view.is_finished()  # never stored by discord.py
    shown: list[dict[str, Any]] = view.to_components()
    return shown


def test_a_card_holds_heading_words_blocks_pictures_and_rows_after_the_ping() -> None:
    take = Button("Take", "game:1:p:take")
    screen = Screen(
        content="<@5>: your turn",
        embed_title="Round 2",
        embed_text="Ana: 3 cards",
        blocks=(Separator(), Section(("Ben: 2 cards, 14 points",), take)),
        pictures=(picture("table.png"), picture("hand.png")),
        rows=((Button("My cards", "game:1::panel", "primary"),),),
        accent=0x123456,
    )
    ping, card = components(screen)
    assert ping == {"type": comp.TEXT_DISPLAY, "content": "<@5>: your turn"}
    assert card["type"] == comp.CONTAINER and card["accent_color"] == 0x123456
    kinds = [c["type"] for c in card["components"]]
    assert kinds == [
        comp.TEXT_DISPLAY, comp.SEPARATOR, comp.SECTION, comp.MEDIA_GALLERY,
        comp.MEDIA_GALLERY, comp.ACTION_ROW,
    ]  # fmt: skip
    assert card["components"][0]["content"] == "### Round 2\nAna: 3 cards"
    assert card["components"][2]["accessory"]["custom_id"] == "game:1:p:take"
    # Each picture its own gallery: shown full width on a phone.
    items = [c["items"] for c in card["components"] if c["type"] == comp.MEDIA_GALLERY]
    assert items == [
        [{"media": {"url": "attachment://table.png"}, "spoiler": False,
          "description": "alt of table.png"}],
        [{"media": {"url": "attachment://hand.png"}, "spoiler": False,
          "description": "alt of hand.png"}],
    ]  # fmt: skip


def test_a_screen_without_a_card_is_its_words_pictures_and_rows() -> None:
    screen = Screen(
        content="Your cards", pictures=(picture("hand.png"),), rows=((Button("+1", "a"),),)
    )
    kinds = [c["type"] for c in components(screen)]
    assert kinds == [comp.TEXT_DISPLAY, comp.MEDIA_GALLERY, comp.ACTION_ROW]


def test_pictures_a_block_shows_get_no_gallery_of_their_own() -> None:
    screen = Screen(
        embed_title="Board",
        pictures=(picture("a.png"), picture("b.png"), picture("c.png")),
        blocks=(Gallery(("a.png", "b.png")), Section(("Ana",), Thumbnail("c.png"))),
    )
    (card,) = components(screen)
    galleries = [c for c in card["components"] if c["type"] == comp.MEDIA_GALLERY]
    assert len(galleries) == 1 and len(galleries[0]["items"]) == 2
    section = next(c for c in card["components"] if c["type"] == comp.SECTION)
    assert section["accessory"]["type"] == comp.THUMBNAIL
    assert section["accessory"]["media"]["url"] == "attachment://c.png"


def test_text_past_the_message_budget_is_cut_short_when_sent() -> None:
    screen = Screen(content="a" * 3000, embed_text="b" * 3000)
    sent = comp.texts(components(screen))
    assert sum(map(len, sent)) == 4000 and sent[1].endswith("…")
    assert layout_problems_of(screen) == [
        "6000 > 4000 characters of text",
        "the double refuses components: COMPONENTS_TEXT_TOO_LONG",
    ]


def test_the_conformance_check_finds_what_discord_refuses() -> None:
    many = Screen(
        embed_title="x",
        blocks=tuple(Section((f"line {i}",), Button(str(i), f"b{i}")) for i in range(20)),
        rows=((Button("y", "y"),),),
    )
    assert layout_problems_of(many) == [
        "64 > 40 components",
        "the double refuses components: COMPONENTS_TOO_MANY",
    ]
    # Sent anyway, the last sections are left out, the words and the controls stay.
    (card,) = components(many)
    assert len(list(comp.walk([card]))) == 40  # 12 of the 20 sections
    assert card["components"][0]["content"] == "### x"
    assert card["components"][-1]["components"][0]["custom_id"] == "y"
    four = Screen(blocks=(Section(("a", "b", "c", "d"), Button("x", "x")),))
    assert any("refuses" in p for p in layout_problems_of(four))


def test_retired_disables_every_control_and_keeps_the_rest() -> None:
    screen = Screen(
        embed_text="words",
        blocks=(Section(("Ben",), Button("Take", "t")), Section(("Cleo",), Thumbnail("p.png"))),
        pictures=(picture("p.png"),),
        rows=(Select("s", (Option("a", "a"),)), (Button("x", "x"), Button("y", "y"))),
    )
    off = retired(screen)
    assert off.embed_text == "words" and off.pictures == screen.pictures
    shown = components(off)
    assert all(c["disabled"] for c in comp.walk(shown) if c["type"] in comp.CONTROLS)
    assert len([c for c in comp.walk(shown) if c["type"] in comp.CONTROLS]) == 4


def test_a_screen_kept_as_plain_data_comes_back_without_picture_bytes() -> None:
    screen = Screen(
        content="c",
        embed_title="t",
        embed_text="w",
        blocks=(
            "a text",
            Separator(divider=False, large=True),
            Gallery(("p.png",)),
            Section(("s",), Button("b", "b", "danger", emoji="🐺")),
            Section(("u", "v"), Thumbnail("p.png")),
        ),
        pictures=(picture("p.png"),),
        rows=((Button("x", "x"),), Select("s", (Option("a", "a", "d"),), "pick", 0, 1)),
        accent=7,
    )
    back = screen_from_json(screen_to_json(screen))
    assert back == Screen(
        **{**screen.__dict__, "pictures": (Picture("p.png", b"", "alt of p.png"),)}
    )
    assert components(back) == components(screen)


def test_an_edit_clears_content_and_embeds_and_keeps_pictures_already_shown() -> None:
    screen = Screen(embed_text="w", pictures=(picture("p.png"),))
    edit = send_kwargs(screen, editing=True)
    assert edit["content"] is None and edit["embed"] is None and len(edit["attachments"]) == 1
    sent = send_kwargs(screen)
    assert "content" not in sent and "embed" not in sent and len(sent["files"]) == 1
    shown = ShownPictures()
    assert "attachments" in shown.edit_kwargs(1, screen)
    shown.shown(1, screen)
    assert "attachments" not in shown.edit_kwargs(1, screen)
    moved = Screen(embed_text="w", pictures=(Picture("p.png", PNG + b"!", "alt of p.png"),))
    assert "attachments" in shown.edit_kwargs(1, moved)
