"""Layout components (IS_COMPONENTS_V2) as Discord takes them: the flag, no content or
embeds beside them, the limits, attachments the layout names, and older messages
upgraded by an edit. Sent by real discord.py, or raw where discord.py would not."""

from __future__ import annotations

import io
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.double import DiscordDouble
from bot.double.model import IS_COMPONENTS_V2, Message
from tests.support.testbot import png


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": custom_id, "custom_id": custom_id}


def card(*children: Any) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


def picture_view(name: str, words: str = "The table") -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    item = discord.MediaGalleryItem(f"attachment://{name}")
    gallery: discord.ui.MediaGallery[Any] = discord.ui.MediaGallery(item)
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(words), gallery))
    view.stop()
    return view


def board(name: str = "table.png") -> discord.File:
    return discord.File(io.BytesIO(png(40, 30)), filename=name)


async def post(bot: Any, channel_id: int, payload: dict[str, Any]) -> Any:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    return await bot.http.request(route, json=payload)


async def refused(bot: Any, channel_id: int, payload: dict[str, Any]) -> str:
    """Discord's answer to a body it refuses (400, Invalid Form Body), as text."""
    with pytest.raises(discord.HTTPException) as caught:
        await post(bot, channel_id, payload)
    assert caught.value.status == 400 and caught.value.code == 50035
    return caught.value.text


def stored(double: DiscordDouble, message_id: int) -> Message:
    return double.state.messages[message_id]


async def test_a_layout_message_has_the_flag_and_shows_its_attached_picture(
    double: DiscordDouble, bot: Any
) -> None:
    channel = bot.get_channel(double.channel("general").id)
    sent = await channel.send(view=picture_view("table.png"), file=board())
    message = stored(double, sent.id)
    assert message.flags & IS_COMPONENTS_V2 and message.content == ""
    assert message.cards == [{"title": None, "description": "The table"}]
    (attachment,) = message.attachments
    media = message.components[0]["components"][1]["items"][0]["media"]
    assert media["url"] == attachment.url and media["attachment_id"] == str(attachment.id)
    assert (media["width"], media["height"]) == (40, 30)
    assert sent.flags.components_v2  # what discord.py read back


async def test_layout_components_need_the_flag(double: DiscordDouble, bot: Any) -> None:
    channel_id = double.channel("general").id
    answer = await refused(bot, channel_id, {"components": [card(text("words"))]})
    assert 'In components.0: Value of field "type" must be one of (1,).' in answer
    sent = await post(bot, channel_id, {"components": [card(text("words"))], "flags": 1 << 15})
    assert stored(double, int(sent["id"])).cards[0]["description"] == "words"


@pytest.mark.parametrize("field", ["content", "embeds"])
async def test_a_layout_message_carries_no_content_or_embeds(
    double: DiscordDouble, bot: Any, field: str
) -> None:
    legacy: Any = "hello" if field == "content" else [{"description": "an embed"}]
    payload = {"components": [text("words")], "flags": 1 << 15, field: legacy}
    answer = await refused(bot, double.channel("general").id, payload)
    assert f"In {field}: The '{field}' field cannot be used" in answer
    assert double.messages("general") == []


def _many_components() -> list[dict[str, Any]]:
    rows = [{"type": 1, "components": [button(f"b{r}{i}") for i in range(5)]} for r in range(6)]
    return [card(text("t"), *rows), *(text(w) for w in "abc")]  # 1 + 1 + 36 + 3


@pytest.mark.parametrize(
    ("components", "said"),
    [
        (_many_components(), "at most 40 components"),
        ([text("a" * 2001), text("b" * 2000)], "at most 4000 characters"),
        (
            [{"type": 9, "components": [text(c) for c in "abcd"], "accessory": button("x")}],
            "components.0.components",
        ),
        (
            [{"type": 9, "components": [text("a")], "accessory": {"type": 3, "custom_id": "s"}}],
            "components.0.accessory",
        ),
        (
            [
                {
                    "type": 12,
                    "items": [{"media": {"url": "https://example.com/a.png"}}] * 11,
                }
            ],
            "components.0.items",
        ),
        ([card(card(text("nested")))], "components.0.components.0"),
    ],
    ids=["41 components", "4001 characters", "4 texts", "select beside", "11 items", "nested"],
)
async def test_layout_limits_answer_400(
    double: DiscordDouble, bot: Any, components: list[dict[str, Any]], said: str
) -> None:
    payload = {"components": components, "flags": 1 << 15}
    assert said in await refused(bot, double.channel("general").id, payload)


async def test_a_layout_names_only_attachments_the_message_has(
    double: DiscordDouble, bot: Any
) -> None:
    channel = bot.get_channel(double.channel("general").id)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send(view=picture_view("other.png"), file=board("table.png"))
    assert caught.value.status == 400 and "attachment://other.png" in caught.value.text
    assert double.messages("general") == []


async def test_an_older_message_is_upgraded_by_an_edit_that_clears_content_and_embeds(
    double: DiscordDouble, bot: Any
) -> None:
    """A table sent before the bot used layout components: content, an embed, a picture
    and a row of buttons. An edit with the flag that keeps content is refused (nothing
    changes); one that clears content and embeds upgrades it for good, and its layout
    may show the picture it keeps (by name, without sending it again)."""
    channel = bot.get_channel(double.channel("general").id)
    old_view = discord.ui.View(timeout=None)
    old_view.add_item(discord.ui.Button(label="Join", custom_id="join"))
    old_view.stop()
    sent = await channel.send(
        "<@1>", embed=discord.Embed(title="Lobby"), file=board(), view=old_view
    )
    message = stored(double, sent.id)
    assert not message.flags & IS_COMPONENTS_V2 and message.cards[0]["title"] == "Lobby"
    with pytest.raises(discord.HTTPException) as caught:
        await sent.edit(view=picture_view("table.png"))  # content and embed left as they are
    assert caught.value.status == 400
    assert "The 'content' field cannot be used" in caught.value.text
    assert message.content == "<@1>" and not message.flags & IS_COMPONENTS_V2
    await sent.edit(view=picture_view("table.png", "Upgraded"), content=None, embed=None)
    assert message.flags & IS_COMPONENTS_V2
    assert message.content == "" and message.embeds == []
    assert message.cards == [{"title": None, "description": "Upgraded"}]
    (attachment,) = message.attachments
    media = message.components[0]["components"][1]["items"][0]["media"]
    assert media["url"] == attachment.url
    # The flag stays: an edit without it keeps it, and content is refused from now on.
    route = Route(
        "PATCH", "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel.id, message_id=sent.id,
    )  # fmt: skip
    await bot.http.request(route, json={"flags": 0, "components": [text("still a layout")]})
    assert message.flags & IS_COMPONENTS_V2 and message.said == "still a layout"
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.request(route, json={"content": "back to content"})
    assert caught.value.status == 400 and message.said == "still a layout"
    double.reset_health()  # the refusals above were the point
