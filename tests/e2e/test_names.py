"""Members with hostile display names play: a name with line and paragraph breaks and
control characters does not keep a game from being drawn, and a name that looks like
a link, a mention or markup shows as typed in every message of the game."""

from __future__ import annotations

import re

import pytest

from bot.double import Channel, Message, SimUser
from games import registry
from games.engine import AnyGame
from tests.support.harness import World, table

BROKEN = "a\u2029b\x1c\x1d\x1e\u0085\n\r"  # Pillow's text layout fails on each of these
LINK = "[Nitro](https://evil.example/x)"
MENTIONS = "<@&1> @everyone"
MARKUP = "**bold** _x_ ||spoiler|| `code`"
# What those names make in a message when not escaped.
SHOWN_AS_MARKUP = re.compile(r"(?<!\\)(\[Nitro\]|https://evil|<@&1>|@everyone|\*\*bold|\|\|spo)")


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("race"), registry.get("lama")]


def shown(message: Message) -> list[str]:
    """What a message shows with markup: its content and its embeds' text."""
    texts = [message.said]
    for embed in message.cards:
        texts += [str(embed.get("title", "")), str(embed.get("description", ""))]
    return texts


def markup_in(place: Channel, users: list[SimUser]) -> list[str]:
    messages = place.visible_messages() + [m for u in users for m in u.dms()]
    return [
        m[0] for message in messages for t in shown(message) for m in SHOWN_AS_MARKUP.finditer(t)
    ]


async def test_a_player_named_with_line_breaks_gets_a_drawn_table(world: World) -> None:
    host, ben = world.users(BROKEN, "Ben")
    place = await world.open_game(host, "lama")
    await world.press(ben, table(place), "Join")
    await world.press(host, table(place), "Start")
    shown_table = table(place)
    assert [a.filename for a in shown_table.attachments] == ["lama-table.png"]
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"
    assert [p.display_name for p in live.players] == ["a b", "Ben"]
    assert place.name == "No Prob-Lama: a b"  # the thread is named on one line


async def test_names_like_links_mentions_and_markup_show_as_typed(world: World) -> None:
    users = world.users(MARKUP, LINK, MENTIONS)
    host = users[0]
    for game in ("lama", "race"):
        place = await world.open_game(host, game, pings="dm" if game == "race" else "mention")
        for user in users[1:]:
            await world.press(user, table(place), "Join")
        lobby = shown(table(place))
        assert not [t for t in lobby if SHOWN_AS_MARKUP.search(t)], lobby
        assert r"\[Nitro\]\(https\:\/\/evil\.example\/x\)" in table(place).cards[0]["description"]
        await world.press(host, table(place), "Start")
        assert not markup_in(place, users), markup_in(place, users)
