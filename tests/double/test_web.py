"""The sandbox page's endpoints, at the HTTP level, with the test bot connected."""

from __future__ import annotations

import asyncio
import json as jsonlib
import re
import unicodedata
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.double import DiscordDouble, start_sandbox
from bot.double.bodies import Upload
from bot.double.model import IS_COMPONENTS_V2, Channel, Message
from bot.double.web.routes import STATIC
from tests.support.testbot import TestBot


@pytest.fixture
async def sandbox() -> AsyncIterator[DiscordDouble]:
    async with start_sandbox(TestBot()) as double:
        yield double


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


class Page:
    """What the page's script does: read the state, post actions."""

    def __init__(self, double: DiscordDouble, http: aiohttp.ClientSession, name: str) -> None:
        self.double = double
        self.http = http
        self.user = str(double.user(name).id)

    async def state(self, version: int | None = None) -> dict[str, Any]:
        params = {"user": self.user}
        if version is not None:
            params["version"] = str(version)
        url = self.double.url + "/sandbox/api/state"
        async with self.http.get(url, params=params) as response:
            assert response.status == 200
            state: dict[str, Any] = await response.json()
            return state

    async def post(self, path: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
        url = f"{self.double.url}/sandbox/api/{path}"
        async with self.http.post(url, json={"user": self.user, **body}) as response:
            answer: dict[str, Any] = await response.json()
            assert response.status == status, answer
            return answer

    async def channel(self, name: str) -> dict[str, Any]:
        """A channel with its threads, each with the messages this member sees."""
        state = await self.state()
        channel = next(c for c in state["channels"] if c["name"] == name)
        threads = [{**t, "messages": messages_in(state, t)} for t in channel["threads"]]
        return {**channel, "messages": messages_in(state, channel), "threads": threads}


def messages_in(state: dict[str, Any], channel: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in state["messages"] if m["channel"] == channel["id"]]


async def test_page_and_its_files_are_served(sandbox: DiscordDouble, http: Any) -> None:
    for path, kind in [
        ("/sandbox/", "text/html"),
        ("/sandbox/static/app.js", "javascript"),
        ("/sandbox/static/markdown.js", "javascript"),
        ("/sandbox/static/messages.js", "javascript"),
        ("/sandbox/static/style.css", "text/css"),
        ("/sandbox/static/fonts.css", "text/css"),
        *((f"/sandbox/static/{font}", "") for font in FONT_FILES),
    ]:
        async with http.get(sandbox.url + path) as response:
            assert response.status == 200 and kind in response.headers["Content-Type"]
    async with http.get(sandbox.url + "/", allow_redirects=False) as response:
        assert response.status == 302 and response.headers["Location"] == "/sandbox/"


async def test_state_lists_server_members_and_registered_commands(
    sandbox: DiscordDouble, http: Any
) -> None:
    state = await Page(sandbox, http, "Ana").state()
    assert state["me"]["name"] == "Ana" and state["me"]["admin"]
    assert [m["name"] for m in state["members"]] == ["Ana", "Ben", "Cleo", "Dev"]
    assert not next(m for m in state["members"] if m["name"] == "Dev")["dms_open"]
    assert [c["name"] for c in state["channels"]] == ["general", "games", "no-threads"]
    assert state["bot"]["connected"]
    game = next(c for c in state["commands"] if c["name"] == "game")
    assert [o["name"] for o in game["options"]] == ["new", "rename"]


async def test_slash_command_then_button_and_select(sandbox: DiscordDouble, http: Any) -> None:
    ana, ben = Page(sandbox, http, "Ana"), Page(sandbox, http, "Ben")
    answer = await ana.post("slash", {"command": "game new", "options": {"name": "tabula"}})
    assert answer["ok"] and answer["response_type"] == 4
    (table,) = (await ana.channel("general"))["messages"]
    assert table["content"] == "New tabula for 2" and table["invoker"] == "Ana"
    assert table["command"] == "game new"
    buttons = [item for row in table["rows"] for item in row if item["kind"] == "button"]
    join = next(b for b in buttons if b["label"] == "Join")
    await ben.post("click", {"message": table["id"], "custom_id": join["custom_id"]})
    (table,) = (await ana.channel("general"))["messages"]
    assert table["content"] == "Players: Ben" and table["edited"]
    select = next(item for row in table["rows"] for item in row if item["kind"] == "select")
    assert [o["label"] for o in select["options"]] == ["Red", "Green", "Blue"]
    await ben.post(
        "select", {"message": table["id"], "custom_id": select["custom_id"], "values": ["blue"]}
    )
    ben_sees = (await ben.channel("general"))["messages"]
    assert [m["content"] for m in ben_sees if m["ephemeral"]] == ["You picked blue"]
    ana_sees = (await ana.channel("general"))["messages"]
    assert not any(m["ephemeral"] for m in ana_sees)


async def test_options_typed_as_text_are_converted(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    ben_id = str(sandbox.user("Ben").id)
    games = str(sandbox.channel("games").id)
    options = {"name": "luckybox", "players": "3", "rival": ben_id, "where": games}
    await ana.post("slash", {"command": "game new", "options": options})
    (reply,) = (await ana.channel("general"))["messages"]
    assert reply["content"] == "New luckybox for 3 against Ben in #games"


async def test_modal_is_shown_and_submitted(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    await ana.post("slash", {"command": "game rename"})
    (modal,) = (await ana.state())["modals"]
    assert modal["title"] == "Name your table"
    assert [f["label"] for f in modal["fields"]] == ["Table name", "Motto"]
    await ana.post("modal", {"id": modal["id"], "values": {"table_name": "Blue", "motto": ""}})
    state = await ana.state()
    assert state["modals"] == []
    general = next(c for c in state["channels"] if c["name"] == "general")
    assert messages_in(state, general)[-1]["content"] == "Table Blue ()"


async def test_images_dms_and_threads_are_visible(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    await ana.post("slash", {"command": "picture"})
    await sandbox.wait_for(lambda: sandbox.messages("general")[-1].content == "board v2")
    picture = (await ana.channel("general"))["messages"][-1]["attachments"][0]
    assert picture["image"] and picture["filename"] == "board2.png"
    async with http.get(picture["url"]) as response:
        assert response.headers["Content-Type"] == "image/png"
        assert (await response.read()).startswith(b"\x89PNG")
    await ana.post("slash", {"command": "dm"})
    await sandbox.user("Ana").wait_for_dm()
    state = await ana.state()
    assert [m["content"] for m in messages_in(state, state["dm"])] == ["psst, your role is Spy"]
    await ana.post("slash", {"command": "thread", "channel": str(sandbox.channel("games").id)})
    await sandbox.wait_for(lambda: any(t.archived for t in sandbox.threads("games")))
    games = await ana.channel("games")
    (thread,) = games["threads"]
    assert (
        thread["name"] == "game-1" and thread["messages"][0]["content"] == "Welcome to the thread"
    )


async def test_autocomplete_and_refused_actions(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    answer = await ana.post("autocomplete", {"command": "pick", "focused": "game", "typed": "lu"})
    assert answer["choices"] == [{"name": "luckybox", "value": "luckybox"}]
    refused = await ana.post("slash", {"command": "game new"}, status=400)
    assert "missing required options ['name']" in refused["error"]
    refused = await ana.post("slash", {"command": "nosuch"}, status=400)
    assert "no command /nosuch" in refused["error"]


async def test_members_can_be_added_and_changed(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    added = await ana.post("members", {"name": "Eve", "dms_open": False})
    await ana.post(f"members/{ana.user}", {"dms_open": False, "admin": False})
    state = await ana.state()
    eve = next(m for m in state["members"] if m["id"] == added["id"])
    assert eve["name"] == "Eve" and not eve["dms_open"]
    assert not state["me"]["dms_open"] and not state["me"]["admin"]


async def test_state_long_poll_returns_on_change(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    version = (await ana.state())["version"]
    waiting = asyncio.create_task(ana.state(version))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    sandbox.add_member("Finn")
    state = await asyncio.wait_for(waiting, 2)
    assert state["version"] != version and "Finn" in [m["name"] for m in state["members"]]


async def test_modal_with_a_select_from_the_page(sandbox: DiscordDouble, http: Any) -> None:
    ana = Page(sandbox, http, "Ana")
    await ana.post("slash", {"command": "seat"})
    (modal,) = (await ana.state())["modals"]
    seat = modal["fields"][1]
    assert seat["select"]["options"][0]["label"] == "North"
    await ana.post("modal", {"id": modal["id"], "values": {"nick": "Ace", "seat": ["north"]}})
    await sandbox.wait_for(lambda: sandbox.user("Ana").ephemerals())
    assert sandbox.user("Ana").ephemerals()[-1].content == "Ace sits north"


def post_as_bot(double: DiscordDouble, channel: Channel, content: str, *files: str) -> Message:
    uploads = [Upload(i, name, PNG, "image/png") for i, name in enumerate(files)]
    return double.state.post(channel, double.state.bot, {"content": content}, uploads)


PNG = b"\x89PNG\r\n\x1a\n" + bytes(8) + (4).to_bytes(4, "big") * 2


async def test_an_update_brings_only_what_changed_however_long_the_thread(
    sandbox: DiscordDouble, http: Any
) -> None:
    """The page's work per change: a long game must not make every click slower."""
    ana = Page(sandbox, http, "Ana")
    games = sandbox.channel("games")
    table = post_as_bot(sandbox, games, "table")
    sizes = []
    for length in (10, 1000):
        while len(games.messages) < length:
            post_as_bot(sandbox, games, f"move {len(games.messages)}")
        full = await ana.state()
        assert full["full"] and len(messages_in(full, {"id": str(games.id)})) == length
        sandbox.state.edit(table, {"content": f"table at {length}"}, [])
        update = await ana.state(full["version"])
        assert not update["full"] and update["removed"] == []
        assert [m["content"] for m in update["messages"]] == [f"table at {length}"]
        sizes.append(len(jsonlib.dumps(update)))
    assert sizes[1] < sizes[0] * 1.1
    version = (await ana.state())["version"]
    sandbox.state.delete(table)
    news = post_as_bot(sandbox, games, "new move")
    update = await ana.state(version)
    assert update["removed"] == [str(table.id)]
    assert [m["id"] for m in update["messages"]] == [str(news.id)]


async def test_a_picture_let_go_is_marked_once_and_not_sent_again(
    sandbox: DiscordDouble, http: Any
) -> None:
    """Pictures the double no longer keeps answer 404: the page must not ask for them at
    every redraw, so it is told once that they are gone and shows a placeholder."""
    ana = Page(sandbox, http, "Ana")
    games = sandbox.channel("games")
    sandbox.state.pictures.keep_last = 2
    first, second = (post_as_bot(sandbox, games, f"board {i}", f"b{i}.png") for i in (1, 2))
    held = await ana.state()
    third = post_as_bot(sandbox, games, "board 3", "b3.png")  # lets the first go
    update = await ana.state(held["version"])
    changed = {m["id"]: m["attachments"][0] for m in update["messages"]}
    assert changed.keys() == {str(first.id), str(third.id)}
    assert changed[str(first.id)]["dropped"] and not changed[str(third.id)]["dropped"]
    async with http.get(changed[str(first.id)]["url"]) as response:
        assert response.status == 404
    later = post_as_bot(sandbox, games, "no picture")
    again = await ana.state(update["version"])
    assert [m["id"] for m in again["messages"]] == [str(later.id)]
    restart = await ana.state()  # a page opened afresh knows it too, before asking
    dropped = {m["id"] for m in restart["messages"] if any(a["dropped"] for a in m["attachments"])}
    assert dropped == {str(first.id)} and str(second.id) not in dropped


async def test_member_and_server_language_reach_interactions_and_are_kept(
    tmp_path: Path, http: Any
) -> None:
    world = tmp_path / "world.pickle"
    bot = TestBot()
    async with start_sandbox(bot, world=world) as double:
        ana = Page(double, http, "Ana")
        await ana.post(f"members/{ana.user}", {"locale": "de"})
        await ana.post("guild", {"locale": "de"})
        refused = await ana.post("guild", {"locale": "klingon"}, status=400)
        assert "unknown locale klingon" in refused["error"]
        state = await ana.state()
        assert state["me"]["locale"] == "de" and state["guild"]["locale"] == "de"
        assert "de" in state["locales"] and "en-US" in state["locales"]
        german = discord.Locale.german
        await double.wait_for(lambda: bot.guilds[0].preferred_locale == german)
        result = await double.user("Ana").slash("ping")
        payload = double.interactions.payload(result.record)
        assert (payload["locale"], payload["guild_locale"]) == ("de", "de")
        ben = await double.user("Ben").slash("ping")
        assert double.interactions.payload(ben.record)["locale"] == "en-US"
    async with start_sandbox(TestBot(), world=world) as double:
        state = await Page(double, http, "Ana").state()
        assert state["me"]["locale"] == "de" and state["guild"]["locale"] == "de"


async def test_layout_components_come_as_a_tree_with_their_pictures_and_controls(
    sandbox: DiscordDouble, http: Any
) -> None:
    """A message flagged IS_COMPONENTS_V2 comes with its layout (pictures' addresses
    resolved), and its controls in `rows`, each knowing its place there."""
    ana = Page(sandbox, http, "Ana")
    crown = {"name": "👑"}
    join = {"type": 2, "style": 1, "label": "Join", "custom_id": "lobby:join", "emoji": crown}
    pick = {"type": 3, "custom_id": "lobby:colour", "options": [{"label": "Red", "value": "red"}]}
    components = [
        {"type": 17, "accent_color": 0xFF0000, "spoiler": True, "components": [
            {"type": 9, "components": [{"type": 10, "content": "Ana: 3 cards"}], "accessory": join},
            {"type": 12, "items": [{"media": {"url": "attachment://table.png"}, "spoiler": True}]},
            {"type": 14},
            {"type": 1, "components": [pick]},
        ]},
        {"type": 13, "file": {"url": "attachment://rules.txt"}},
    ]  # fmt: skip
    uploads = [Upload(0, "table.png", PNG, "image/png"), Upload(1, "rules.txt", b"r", "text/plain")]
    body = {"flags": IS_COMPONENTS_V2, "components": components}
    posted = sandbox.state.post(sandbox.channel("general"), sandbox.state.bot, body, uploads)
    (message,) = (await ana.channel("general"))["messages"]
    assert message["v2"] and message["content"] == "" and message["embeds"] == []
    container, file = message["layout"]
    section, gallery, separator, row = container["components"]
    assert (container["accent_color"], container["spoiler"]) == (0xFF0000, True)
    assert section["components"] == [{"type": 10, "content": "Ana: 3 cards"}]
    button = section["accessory"]
    assert (button["label"], button["text"], button["emoji"]) == ("Join", "Join", "👑")
    table, rules = posted.attachments
    (item,) = gallery["items"]
    assert item["media"]["url"] == table.url and item["spoiler"]
    assert (item["media"]["width"], item["media"]["height"]) == (4, 4)
    assert separator == {"type": 14, "spacing": 1, "divider": True}  # Discord's defaults
    assert file["file"]["url"] == rules.url and file["file"]["filename"] == "rules.txt"
    assert [[(c["custom_id"], c["row"], c["index"]) for c in r] for r in message["rows"]] == [
        [("lobby:join", 0, 0)],
        [("lobby:colour", 1, 0)],
    ]
    assert row["components"] == message["rows"][1]
    classic = post_as_bot(sandbox, sandbox.channel("general"), "classic")
    (drawn,) = [m for m in (await ana.channel("general"))["messages"] if m["id"] == str(classic.id)]
    assert not drawn["v2"] and drawn["layout"] == []


FONT_FILES = (
    "twemoji-subset.woff2", "dejavu-symbols.woff2", "noto-symbols.woff2", "noto-symbols2.woff2"
)  # fmt: skip
ROOT = Path(__file__).resolve().parents[2]


def drawn_by_the_page() -> set[int]:
    """The characters the page's own fonts draw (their `unicode-range` in fonts.css)."""
    found: set[int] = set()
    for ranges in re.findall(r"unicode-range: ([^;]+);", (STATIC / "fonts.css").read_text()):
        for part in ranges.split(","):
            low, _, high = part.strip().removeprefix("U+").partition("-")
            found.update(range(int(low, 16), int(high or low, 16) + 1))
    return found


def test_the_page_brings_a_glyph_for_every_emoji_and_symbol_the_bot_says() -> None:
    """Emoji and symbols (arrows, dice, suits, circled digits, pictographs) in any sentence,
    label or adapter of the bot are drawn by the page's own fonts, whatever the system has."""
    sources = [*ROOT.glob("bot/locales/*.toml"), *ROOT.glob("games/*/locales/*.toml")]
    sources += [*ROOT.glob("bot/discord/**/*.py")]
    used = {
        ord(char): path.relative_to(ROOT)
        for path in sources
        for char in path.read_text()
        if ord(char) >= 0x2190
        and unicodedata.category(char) not in ("Mn", "Cf", "Zs")
        and not 0xFE00 <= ord(char) <= 0xFE0F
    }
    assert used, "no emoji found: the scan is broken"
    drawn = drawn_by_the_page()
    missing = [f"U+{c:04X} {chr(c)} in {where}" for c, where in used.items() if c not in drawn]
    assert missing == [], "add these to the page's fonts (static/FONTS.md says how)"
    assert sum((STATIC / f).stat().st_size for f in FONT_FILES) < 1_000_000
