"""The sandbox page in a real browser (headless Chromium, skipped where none is
installed): a change redraws one message however long the channel, and a picture the
double let go is asked for once at most."""

from __future__ import annotations

import asyncio
import contextlib
import json
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
from bot.double.model import Channel, Message
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
async def browser(tmp_path: Path) -> AsyncIterator[Browser]:
    assert CHROMIUM is not None
    process = await asyncio.create_subprocess_exec(
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,800",
        f"--user-data-dir={tmp_path}", "--remote-debugging-port=0", "about:blank",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
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
