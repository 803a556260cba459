"""The sandbox page in a real browser (headless Chromium, skipped where none is
installed): a change redraws one message however long the channel, a picture the
double let go is asked for once at most, layout components are drawn and their controls
act as classic ones do, a phone gets the channel on its whole screen with the rest one tap
away, and emoji and symbols are drawn where the system has no font for them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import struct
import zlib
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.double import DiscordDouble, connected, start_sandbox
from bot.double.bodies import Upload
from bot.double.model import IS_COMPONENTS_V2, Channel, Message
from tests.support.testbot import TestBot

CHROMIUM = next(
    filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None
)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium to open the page in")


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00\x80")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


class Browser:
    """One page driven over the Chrome DevTools protocol."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[dict[str, Any]] = []
        self._next = 0
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._loaded = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            data = json.loads(message.data)
            if "id" in data:
                self._answers.pop(data["id"]).set_result(data)
            else:
                self.events.append(data)
                if data["method"] == "Page.loadEventFired":
                    self._loaded.set()

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        answer = asyncio.get_running_loop().create_future()
        self._answers[self._next] = answer
        await self.ws.send_json({"id": self._next, "method": method, "params": params})
        result: dict[str, Any] = (await asyncio.wait_for(answer, 10)).get("result", {})
        return result

    async def open(self, url: str) -> None:
        self._loaded.clear()
        await self.call("Page.navigate", url=url)
        await asyncio.wait_for(self._loaded.wait(), 10)

    async def js(self, expression: str) -> Any:
        result = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        return result["result"].get("value")

    async def size(self, width: int, height: int) -> None:
        """Lay the page out for a screen of this size (a phone's, below 800 px wide)."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width, height=height, deviceScaleFactor=1, mobile=width < 800,
        )  # fmt: skip

    async def tap(self, node: str) -> None:
        """A mouse click in the middle of the element `node` (a JS expression), scrolled
        into view, where it is drawn: what is covered or off the screen is not reached."""
        box = await self.js(
            f"(() => {{ const n = {node}; n.scrollIntoView({{ block: 'nearest' }});"
            " const r = n.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left",
                clickCount=1,
            )  # fmt: skip

    async def until(self, expression: str) -> None:
        """Wait (in the page, at most 8 s) until `expression` is true."""
        waited = await self.js(
            "new Promise((done) => { const start = Date.now(); const check = () =>"
            f" ({expression}) ? done(true) : Date.now() - start > 8000 ? done(false)"
            " : setTimeout(check, 20); check(); })"
        )
        assert waited, f"the page never showed {expression}"

    def errors(self) -> list[Any]:
        """Exceptions the page's script threw."""
        return [e["params"] for e in self.events if e["method"] == "Runtime.exceptionThrown"]

    def requests(self) -> Counter[str]:
        sent = (
            e["params"]["request"]["url"]
            for e in self.events
            if e["method"] == "Network.requestWillBeSent"
        )
        return Counter(sent)


@contextlib.asynccontextmanager
async def browser(tmp_path: Path, env: dict[str, str] | None = None) -> AsyncIterator[Browser]:
    """Headless Chromium on one page; `env` for its process (its fonts, say)."""
    assert CHROMIUM is not None
    process = await asyncio.create_subprocess_exec(
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
        f"--user-data-dir={tmp_path}", "--remote-debugging-port=0", "about:blank",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )  # fmt: skip
    try:
        assert process.stderr is not None
        async with asyncio.timeout(30):
            while not (line := await process.stderr.readline()).startswith(b"DevTools listening"):
                assert line, "Chromium stopped before listening"
        port = line.split(b"ws://127.0.0.1:")[1].split(b"/")[0].decode()
        drain = asyncio.create_task(process.stderr.read())  # a full pipe would stall it
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json") as response:
                targets = await response.json()
            page = next(t for t in targets if t["type"] == "page")
            async with http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                opened = Browser(ws)
                await opened.call("Network.enable")
                await opened.call("Page.enable")
                await opened.call("Runtime.enable")
                yield opened
    finally:
        process.terminate()
        await process.wait()
        if "drain" in locals():
            await drain


def post(double: DiscordDouble, channel: Channel, content: str, picture: str = "") -> Message:
    uploads = [Upload(0, picture, png(), "image/png")] if picture else []
    return double.state.post(channel, double.state.bot, {"content": content}, uploads)


COUNT = "document.querySelectorAll('#messages .msg').length"


async def test_a_change_redraws_one_message_and_pictures_let_go_are_asked_for_once(
    tmp_path: Path,
) -> None:
    async with start_sandbox(TestBot()) as double, browser(tmp_path) as page:
        double.state.pictures.keep_last = 2
        general = double.channel("general")
        table = post(double, general, "table")
        early = post(double, general, "board 1", "early.png")  # let go before the page opens
        for n in (2, 3):
            post(double, general, f"board {n}", f"b{n}.png")
        await page.open(double.page_url)
        await page.until(f"{COUNT} === 4")
        late = post(double, general, "board 4", "late.png")  # lets b2.png go while shown
        await page.until(f"{COUNT} === 5")
        await page.js(
            "window.added = 0; new MutationObserver((changes) => changes.forEach((c) =>"
            " { window.added += c.addedNodes.length; })).observe("
            "document.querySelector('#messages'), { childList: true, subtree: true })"
        )
        for length in (10, 300):
            while len(general.messages) < length:
                post(double, general, f"move {len(general.messages)}")
            await page.until(f"{COUNT} === {length}")
            await page.js("window.added = 0")
            double.state.edit(table, {"content": f"table at {length}"}, [])
            await page.until(f"document.body.innerText.includes('table at {length}')")
            assert await page.js("window.added") == 1  # the edited message, nothing else
        requested = page.requests()
        asked = {m.attachments[0].filename: requested[m.attachments[0].url] for m in (early, late)}
        assert asked == {"early.png": 0, "late.png": 1}  # let go before shown: never asked
        assert all(count == 1 for url, count in requested.items() if url.endswith(".png"))
        assert await page.js("document.querySelectorAll('.picture-gone').length") == 2
        assert page.errors() == []


STATUS = "document.querySelector('#bot-status').textContent"


async def test_the_page_shows_the_bot_offline_and_the_sandbox_unreachable(tmp_path: Path) -> None:
    async with browser(tmp_path) as page:
        bot = TestBot()
        async with start_sandbox(bot) as double:
            await page.open(double.page_url)
            await page.until(f"{STATUS} === 'Tabletop is online'")
            await bot.close()
            await page.until(f"{STATUS} === 'Tabletop is offline'")
            async with connected(double, TestBot()):
                await page.until(f"{STATUS} === 'Tabletop is online'")
        await page.until(f"{STATUS} === 'The sandbox is not reachable'")
        assert page.errors() == []


async def test_buttons_of_a_message_drawn_again_still_act(tmp_path: Path) -> None:
    async with start_sandbox(TestBot()) as double, browser(tmp_path) as page:
        await page.open(double.page_url)
        await page.until("document.querySelector('#bot-status').textContent.endsWith('online')")
        await double.user("Ana").slash("game new", name="tabula")
        buttons = "[...document.querySelectorAll('#messages button')]"
        join = f"{buttons}.find((b) => b.textContent === 'Join')"
        for players in ("Ana", "Ana, Ana"):
            await page.until(join)
            await page.js(f"{join}.click()")
            await page.until(f"document.body.innerText.includes('Players: {players}')")
        assert page.errors() == []


def layout_message(double: DiscordDouble, channel: Channel) -> Message:
    """A message of Discord's layout components, as the bot sends them (flag 1 << 15)."""
    ben = double.user("Ben")
    games = double.channel("games").id
    table = {"media": {"url": "attachment://table.png"}, "description": "The table"}
    colours = [{"label": c.title(), "value": c} for c in ("red", "green", "blue")]
    components = [
        {"type": 17, "accent_color": 0x5865F2, "components": [
            {"type": 10, "content": f"# Round 2\n-# the table\n- <@{ben.id}>: 5 cards 🐺\n"
                                    "- [rules](https://example.com/rules)\nGo on in "
                                    f"https://discord.com/channels/{double.guild.id}/{games}"},
            {"type": 9, "components": [{"type": 10, "content": "Your cards, privately"}],
             "accessory": {"type": 2, "style": 2, "label": "My hand", "custom_id": "lobby:hand"}},
            {"type": 14, "spacing": 1, "divider": True},
            {"type": 12, "items": [table]},
            {"type": 1, "components": [
                {"type": 3, "custom_id": "lobby:colour", "placeholder": "Pick", "options": colours},
            ]},
        ]},
        {"type": 9, "components": [{"type": 10, "content": "A thumbnail beside"}],
         "accessory": {"type": 11, "media": {"url": "attachment://thumb.png"}}},
    ]  # fmt: skip
    uploads = [
        Upload(0, "table.png", TestBot.png(600, 400), "image/png"),
        Upload(1, "thumb.png", TestBot.png(80, 80), "image/png"),
    ]
    body = {"flags": IS_COMPONENTS_V2, "components": components}
    return double.state.post(channel, double.state.bot, body, uploads)


ONLINE = "document.querySelector('#bot-status').textContent.endsWith('online')"
DRAWN = """((id) => {
  const msg = document.querySelector(`#messages .msg[data-id="${id}"]`);
  const rect = (node) => node.getBoundingClientRect();
  const [section, beside] = msg.querySelectorAll('.c-section');
  const img = msg.querySelector('.gallery img');
  return {
    accent: getComputedStyle(msg.querySelector('.c-container')).borderLeftColor,
    heading: msg.querySelector('h1').textContent,
    subtext: msg.querySelector('small.sub').textContent,
    items: [...msg.querySelectorAll('li')].map((li) => li.textContent),
    link: msg.querySelector('li a').href,
    divider: msg.querySelectorAll('.c-sep.divider').length,
    picture: [img.naturalWidth, Math.round(rect(img).width)],
    button_beside: rect(section.querySelector('button')).left
      >= rect(section.querySelector('.c-texts')).right,
    thumbnail_beside: rect(beside.querySelector('.c-thumb')).left
      >= rect(beside.querySelector('.c-texts')).right,
  };
})"""


async def test_layout_components_are_drawn_and_their_controls_act_as_classic_ones(
    tmp_path: Path,
) -> None:
    async with start_sandbox(TestBot()) as double, browser(tmp_path) as page:
        general = double.channel("general")
        message = layout_message(double, general)
        await page.open(double.page_url)
        await page.until(ONLINE)
        picture = f"document.querySelector('.msg[data-id=\"{message.id}\"] .gallery img')"
        await page.until(f"{picture} && {picture}.complete && {picture}.naturalWidth > 0")
        drawn = await page.js(f"{DRAWN}('{message.id}')")
        assert drawn == {
            "accent": "rgb(88, 101, 242)",
            "heading": "Round 2",
            "subtext": "the table",
            "items": ["@Ben: 5 cards 🐺", "rules"],  # a mention is drawn as the name
            "link": "https://example.com/rules",
            "divider": 1,
            "picture": [600, 525],  # drawn within 550 x 350 (600 x 400 at 350 high)
            "button_beside": True,
            "thumbnail_beside": True,
        }
        # The section's button sends what the same button in an action row sends.
        classic = {"type": 1, "components": [
            {"type": 2, "style": 2, "label": "My hand", "custom_id": "lobby:hand"}
        ]}  # fmt: skip
        row = double.state.post(general, double.state.bot, {"components": [classic]}, [])
        hands = "[...document.querySelectorAll('#messages .msg.ephemeral')].length"
        for target, count in ((message, 1), (row, 2)):
            button = f"document.querySelector('.msg[data-id=\"{target.id}\"] button')"
            await page.until(button)
            await page.tap(button)
            await page.until(f"{hands} === {count}")
        clicks = [r for r in double.interactions.records.values() if r.type == 3]
        assert [(r.source_message, r.data) for r in clicks] == [
            (m, {"custom_id": "lobby:hand", "component_type": 2}) for m in (message, row)
        ]
        assert double.user("Ana").ephemerals()[-1].content == "Secret hand of Ana"
        # A select inside a container too.
        await page.js(
            f"(() => {{ const s = document.querySelector('.msg[data-id=\"{message.id}\"] select');"
            " s.value = 'blue'; s.dispatchEvent(new Event('change')); })()"
        )
        await page.until("document.body.innerText.includes('You picked blue')")
        # A link to a channel of the server opens it, drawn as Discord draws one.
        jump = f"document.querySelector('.msg[data-id=\"{message.id}\"] a.jump')"
        assert await page.js(f"{jump}.textContent") == "#games"
        await page.tap(jump)
        await page.until("document.querySelector('#channel-title').textContent === '# games'")
        assert page.errors() == []


SHOWN = """((selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.right > 0 && r.left < innerWidth && getComputedStyle(document.querySelector(selector))
    .visibility === 'visible'; })"""
GAMES = (
    "[...document.querySelectorAll('#channels .chan')]"
    ".find((c) => c.textContent.startsWith('# games'))"
)
REACHED = """((node) => { const r = node.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && hit.closest('button, li') === node; })"""


async def test_on_a_phone_the_channel_fills_the_screen_and_the_rest_is_one_tap_away(
    tmp_path: Path,
) -> None:
    async with start_sandbox(TestBot()) as double, browser(tmp_path) as page:
        await page.size(390, 844)
        await page.open(double.page_url)
        await page.until(ONLINE)
        height = await page.js("document.querySelector('#messages').getBoundingClientRect().height")
        assert height >= 0.75 * 844
        for drawer in ("#sidebar", "#members"):
            assert not await page.js(f"{SHOWN}('{drawer}')")
        await page.tap("document.querySelector('#menu-button')")  # one tap: the channels
        await page.until(f"{SHOWN}('#sidebar') && {REACHED}({GAMES})")
        await page.tap(GAMES)
        await page.until(
            "document.querySelector('#channel-title').textContent === '# games'"
            f" && !{SHOWN}('#sidebar')"
        )
        await page.tap("document.querySelector('#me-button')")  # one tap: who you are
        ben = (
            "[...document.querySelectorAll('#member-list li')]"
            ".find((li) => li.textContent.includes('Ben'))"
        )
        await page.until(f"{SHOWN}('#members') && {REACHED}({ben})")
        await page.tap(ben)
        await page.until(
            f"ui.data.me && ui.data.me.name === 'Ben' && !{SHOWN}('#members')"
            " && document.querySelector('#me-name').textContent === 'Ben'"
        )
        # News in a channel not shown: a dot on the menu, and on the channel in the list.
        post(double, double.channel("no-threads"), "news")
        await page.until("document.querySelector('#menu-button').classList.contains('news')")
        assert await page.js("document.querySelectorAll('#channels .chan .unread').length") == 1
        # On a desktop, the three columns as before.
        await page.size(1280, 800)
        await page.until(f"{SHOWN}('#sidebar') && {SHOWN}('#members')")
        columns = await page.js(
            "['#sidebar', '#main', '#members'].map((s) =>"
            " Math.round(document.querySelector(s).getBoundingClientRect().width))"
        )
        assert columns == [240, 1280 - 240 - 220, 220]
        menu = "getComputedStyle(document.querySelector('#menu-button')).display"
        assert await page.js(menu) == "none"
        assert page.errors() == []


# Ink a glyph leaves on a canvas in a font list: pixels drawn, of them in colour, and where.
INK = """((family, text) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const pen = canvas.getContext('2d');
  pen.font = `48px ${family}`;
  pen.textBaseline = 'middle';
  pen.fillStyle = '#fff';
  pen.fillText(text, 4, 32);
  const data = pen.getImageData(0, 0, 64, 64).data;
  let drawn = 0, coloured = 0, where = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] < 40) continue;
    drawn += 1;
    where = (where * 31 + i) >>> 0;
    const [r, g, b] = data.slice(i, i + 3);
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
  }
  return [drawn, coloured, where];
})"""
GLYPHS = ("👑", "🐺", "⚡", "🤖", "⚀", "⚅")
MISSING = "\ue000"  # a private-use character: no font has it, its box is the missing glyph


def plain_font() -> Path | None:
    """A text font without emoji or dice (Liberation Sans comes with Chromium's package)."""
    return next(Path("/usr/share/fonts").rglob("LiberationSans-Regular.ttf"), None)


async def test_emoji_and_symbols_are_drawn_where_the_system_has_no_font_for_them(
    tmp_path: Path,
) -> None:
    font = plain_font()
    if font is None:
        pytest.skip("no Liberation Sans to stand for a system without emoji fonts")
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / font.name).symlink_to(font)
    config = tmp_path / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{fonts}</dir><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )  # the browser sees one text font, as a machine without emoji fonts
    async with (
        start_sandbox(TestBot()) as double,
        browser(tmp_path / "profile", {"FONTCONFIG_FILE": str(config)}) as page,
    ):
        post(double, double.channel("general"), " ".join(GLYPHS))
        await page.open(double.page_url)
        await page.until(ONLINE)
        page_fonts = await page.js("getComputedStyle(document.body).fontFamily")
        await page.js(f"document.fonts.load('48px {page_fonts}', '{''.join(GLYPHS)}')")
        await page.until("document.fonts.status === 'loaded'")
        missing = await page.js(f"{INK}('sans-serif', '{MISSING}')")
        for glyph in GLYPHS:
            bare = await page.js(f"{INK}('sans-serif', '{glyph}')")
            assert bare == missing, f"the system draws {glyph}: this test shows nothing"
            drawn, coloured, where = await page.js(f"{INK}({json.dumps(page_fonts)}, '{glyph}')")
            assert where != missing[2] and drawn > 2 * missing[0], f"{glyph} is drawn as a box"
            if glyph in "👑⚡🤖":
                assert coloured > drawn / 3, f"{glyph} is not in colour"
        fetched = {url.rsplit("/", 1)[-1] for url in page.requests()}
        assert {"twemoji-subset.woff2", "dejavu-symbols.woff2"} <= fetched
        assert page.errors() == []
