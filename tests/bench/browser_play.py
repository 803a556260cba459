"""Games played to their end in a real browser, clicking in the sandbox page like people.

    python -m tests.bench.browser_play --game lama --width 390 --height 844 --out DIR
    python -m tests.bench.browser_play --all --width 1280 --height 800 --out DIR

It starts the sandbox in this process (the real bot, the Discord double and its page,
on a fresh database), opens one headless Chromium tab per member at the given size,
starts the game with /newgame typed into the page's composer, and plays: Join, Start,
the table's panel button, then an enabled control of a panel, at random (seeded;
`--policy first` takes the first, which may never end a game; a select: its first
options). Each click is a mouse click at the control's place on the screen (a
select is chosen the way its change event comes from a person); its time is taken in
the page, from the click to the first change of the page without a "thinking…" message
(`answer`), and to the last change the click brought (`settled`, the table picture
included). It prints the medians and 90th percentiles of the first and the last 20
clicks and their ratio, and saves screenshots of the lobby, the table, a panel and the
end in DIR, each with the smallest font of the text on the screen and each picture's
width as drawn and as shown (a picture's text shows at its drawn size times the ratio;
`python -m tests.pictures.sheet` gives each kind's smallest drawn font). The clock is
real; the game options have no turn limits.

`tests/bench/screenshots/` keeps each game's table and a panel from such a run, at a
phone's 390 x 844 and (tables) a desktop's 1280 x 800 (`--max-clicks 150`, seed 1), as
a person sees them in the sandbox page (in 256 colours, to keep the repository small);
`*-table-before.png`: each phone table as it was before the layout was made for phones
(commit 225c2c8, the same command).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bot.discord.app import TabletopBot
from bot.double import DiscordDouble, start_sandbox
from bot.double.web.views import version_of
from games import registry
from tests.double.test_page_browser import CHROMIUM, Browser

# Short games without turn limits (options as /newgame takes them).
OPTIONS: Mapping[str, Mapping[str, str]] = {
    "lama": {"turn_seconds": "0"},
    "luckybox": {"reveal_limit": "0"},
    "lupun": {"deck": "short", "rounds": "1", "turn_seconds": "0"},
    "lupusburg": {
        "discussion_minutes": "0", "night_seconds": "5", "defence_seconds": "0", "turn_seconds": "0"
    },
    "tufteln": {"turn_seconds": "0"},
}  # fmt: skip
PLAYERS = {"lupusburg": ("Ana", "Ben", "Cleo", "Dev")}
DEFAULT_PLAYERS = ("Ana", "Ben", "Cleo")
WINDOW = 20  # clicks compared at the start and at the end

# Installed in every tab: the time of each click (capture phase, before the page's own
# handler posts it), the first change without a "thinking…" message, the last change.
WATCH = """(() => {
  const b = window.__bench = { t0: null, first: null, last: null };
  document.addEventListener('click', (e) => { b.t0 = e.timeStamp; b.first = b.last = null; }, true);
  const seen = () => {
    if (b.t0 === null) return;
    const now = performance.now();
    b.last = now;
    if (b.first === null && !document.querySelector('#messages .loading')) b.first = now;
  };
  const watch = { childList: true, subtree: true, characterData: true, attributes: true };
  for (const id of ['#messages', '#notices', '#modal-layer'])
    new MutationObserver(seen).observe(document.querySelector(id), watch);
  return true;
})()"""

# The enabled controls of the viewed channel, in reading order, with where they are drawn.
CONTROLS = """(() => {
  const found = [];
  const channel = ui.messages.get(ui.view) || new Map();
  for (const m of channel.values()) {
    const node = document.querySelector(`#messages .msg[data-id="${m.id}"]`);
    if (!node) continue;
    m.rows.forEach((row, r) => row.forEach((item, i) => {
      if (item.disabled || !item.custom_id) return;
      found.push({ message: m.id, ephemeral: m.ephemeral, row: r, index: i, kind: item.kind,
        custom_id: item.custom_id, label: item.label || item.placeholder || '',
        values: (item.options || []).map((o) => o.value),
        min: item.min_values || 1, max: item.max_values || 1 });
    }));
  }
  return found;
})()"""


def control_node(control: Mapping[str, Any]) -> str:
    """A JS expression for the element drawn for `control` (the select itself, if any):
    the page marks each control with its place in the message's rows, in an action row
    or beside a section of Discord's layout components alike."""
    row = (
        f'document.querySelector(\'#messages .msg[data-id="{control["message"]}"]'
        f' [data-row="{control["row"]}"][data-index="{control["index"]}"]\')'
    )
    return f"(((n) => n.tagName === 'SPAN' ? n.querySelector('select') : n)({row}))"


# What a screenshot shows, measured in the page: the smallest font of the text on the
# screen (and which text), and each picture on it as drawn and as shown (px wide).
# Emoji and icons (under `ICON` px drawn) are not pictures.
ICON = 64
SHOWN = f"""(() => {{
  const onScreen = (r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
    && r.right > 0 && r.left < innerWidth;
  let smallest = null, text = '';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {{
    if (!n.textContent.trim() || !n.parentElement) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const style = getComputedStyle(n.parentElement);
    if (style.visibility === 'hidden' || !onScreen(range.getBoundingClientRect())) continue;
    const size = parseFloat(style.fontSize);
    if (smallest === null || size < smallest) {{ smallest = size; text = n.textContent.trim(); }}
  }}
  const pictures = [...document.querySelectorAll('#messages img')]
    .filter((i) => i.naturalWidth >= {ICON} && onScreen(i.getBoundingClientRect()))
    .map((i) => [i.naturalWidth, Math.round(i.getBoundingClientRect().width)]);
  return {{ smallest, text: text.slice(0, 40), pictures }};
}})()"""

LOADED = "[...document.querySelectorAll('#messages img')].every((i) => i.complete)"


@dataclass
class Shot:
    """A screenshot, its smallest text and its pictures (drawn, shown px wide)."""

    path: Path
    smallest: float | None
    text: str
    pictures: list[tuple[int, int]]

    def line(self) -> str:
        words = "no text" if self.smallest is None else f"text >= {self.smallest:g} px"
        scales = ", ".join(f"{drawn} px at {shown}" for drawn, shown in self.pictures)
        return f"{words} ({self.text!r}); pictures: {scales or 'none'}"


@dataclass
class Click:
    member: str
    what: str
    answer: float | None  # ms from the click to the page's first change without "thinking"
    settled: float | None  # ms to the last change the click brought


@dataclass
class Tab:
    """One member's tab."""

    name: str
    page: Browser
    width: int
    height: int

    async def controls(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = await self.page.js(CONTROLS)
        return found

    async def tap(self, node: str) -> None:
        """A mouse click in the middle of the element, scrolled into view first."""
        box = await self.page.js(
            f"(() => {{ const n = {node}; n.scrollIntoView({{ block: 'center' }});"
            " const r = n.getBoundingClientRect();"
            " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
        )
        assert box is not None, f"nothing to click at {node}"
        x, y = box
        for kind in ("mousePressed", "mouseReleased"):
            await self.page.call(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )

    async def open_channel(self, node: str) -> None:
        """Tap a channel in the list: on a phone, the menu first (the list is a drawer)."""
        menu = "document.querySelector('#menu-button')"
        if await self.page.js(f"getComputedStyle({menu}).display !== 'none'"):
            await self.tap(menu)
            await self.page.until(  # the drawer has slid in: the channel is where a tap lands
                f"((n) => {{ const r = n.getBoundingClientRect(); const hit ="
                " document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                f" return r.left >= 0 && hit && hit.closest('.chan') === n; }})({node})"
            )
        await self.tap(node)

    async def choose(self, control: Mapping[str, Any]) -> None:
        """A select: its first options (as many as it needs), chosen as a person would."""
        node = control_node(control)
        count = max(1, int(control["min"]))
        if int(control["max"]) > 1:  # a list box and its Choose button
            await self.page.js(
                f"(() => {{ const s = {node}; [...s.options].forEach((o, i) =>"
                f" {{ o.selected = i < {count}; }}); }})()"
            )
            await self.tap(f"{node}.parentElement.querySelector('button')")
        else:
            await self.page.js(
                f"(() => {{ const s = {node}; s.scrollIntoView({{ block: 'center' }});"
                " window.__bench.t0 = performance.now(); window.__bench.first = null;"
                " window.__bench.last = null; s.selectedIndex = 1;"
                " s.dispatchEvent(new Event('change')); })()"
            )

    async def screenshot(self, path: Path) -> None:
        await self.page.call("Page.bringToFront")  # a tab behind others draws no frames
        shot = await self.page.call("Page.captureScreenshot", format="png")
        await asyncio.to_thread(path.write_bytes, base64.b64decode(shot["data"]))


@contextlib.asynccontextmanager
async def chromium(folder: Path, width: int, height: int) -> AsyncIterator[str]:
    """Headless Chromium; yields the address of its DevTools HTTP endpoint."""
    assert CHROMIUM is not None, "no Chromium (apt-get install chromium)"
    process = await asyncio.create_subprocess_exec(
        CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows", f"--user-data-dir={folder}",
        "--remote-debugging-port=0", "about:blank",
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        async with asyncio.timeout(30):
            while not (line := await process.stderr.readline()).startswith(b"DevTools listening"):
                assert line, "Chromium stopped before listening"
        port = line.split(b"ws://127.0.0.1:")[1].split(b"/")[0].decode()
        drain = asyncio.create_task(process.stderr.read())  # a full pipe would stall it
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        await process.wait()
        if "drain" in locals():
            await drain


@contextlib.asynccontextmanager
async def tabs(
    devtools: str, url: str, names: Sequence[str], width: int, height: int
) -> AsyncIterator[list[Tab]]:
    """One tab per member, each showing the page as that member (chosen in the page)."""
    async with aiohttp.ClientSession() as http, contextlib.AsyncExitStack() as stack:
        opened: list[Tab] = []
        for name in names:
            async with http.put(f"{devtools}/json/new?about:blank") as response:
                target = await response.json()
            ws = await stack.enter_async_context(
                http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
            )
            page = Browser(ws)
            for domain in ("Page", "Runtime"):
                await page.call(f"{domain}.enable")
            phone = width < 800
            await page.call(
                "Emulation.setDeviceMetricsOverride",
                width=width, height=height, deviceScaleFactor=1, mobile=phone,
            )  # fmt: skip
            await page.open(url)
            await page.until("document.querySelector('#bot-status').textContent.endsWith('online')")
            member = await page.js(
                f"[...document.querySelectorAll('#me-select option')]"
                f".find((o) => o.textContent === {json.dumps(name)}).value"
            )
            await page.js(
                f"(() => {{ const s = document.querySelector('#me-select'); s.value = '{member}';"
                " s.dispatchEvent(new Event('change')); })()"
            )
            await page.until(f"ui.data && ui.data.me && ui.data.me.id === '{member}'")
            assert await page.js(WATCH)
            opened.append(Tab(name, page, width, height))
        yield opened


@dataclass
class Play:
    """One game played in the page by its members' tabs."""

    game: str
    double: DiscordDouble
    bot: TabletopBot
    tabs: list[Tab]
    out: Path
    size: str
    chance: random.Random | None = None  # None: the first enabled move
    ended: bool = False
    clicks: list[Click] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)

    def policy(self, moves: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The move to make: the first, or one at random (the first enabled move can
        go round in circles: No Prob-Lama's first is to draw and put the card back
        in the same place, which never ends a round)."""
        if not moves:
            return None
        return self.chance.choice(moves) if self.chance else moves[0]

    def tab(self, name: str) -> Tab:
        return next(t for t in self.tabs if t.name == name)

    async def settle(self) -> None:
        """The bot has shown everything, and every tab shows the double's last version."""
        assert self.bot.service is not None
        await self.bot.service.shown()
        await self.double.idle(quiet=0.15, within=30)
        await self.caught_up()

    async def caught_up(self) -> None:
        """Every tab shows the double's last version."""
        epoch, _, number = version_of(self.double).partition("-")
        held = "(ui.version || '').split('-')"
        for tab in self.tabs:
            await tab.page.until(f"{held}[0] === '{epoch}' && +{held}[1] >= {number}")

    async def measured(self, tab: Tab, what: str, act: Any) -> None:
        await act
        # The bot may go quiet while it draws the panel's picture: its answer comes first.
        await tab.page.js(
            "new Promise((done) => { const start = Date.now(); const check = () =>"
            " window.__bench.first !== null || Date.now() - start > 5000 ? done(true)"
            " : setTimeout(check, 10); check(); })"
        )
        await self.settle()
        await asyncio.sleep(0.05)  # the page draws what the last answer brought
        timing = await tab.page.js(
            "(() => { const b = window.__bench; return b.t0 === null ? [null, null] :"
            " [b.first === null ? null : b.first - b.t0, b.last === null ? null : b.last - b.t0];"
            " })()"
        )
        answer, settled = timing
        self.clicks.append(Click(tab.name, what, answer, settled))
        if len(self.clicks) % 100 == 0:
            recent = [c.answer for c in self.clicks[-WINDOW:] if c.answer is not None]
            median = statistics.median(recent) if recent else float("nan")
            print(f"  {len(self.clicks)} clicks, the last 20: {median:.0f} ms", file=sys.stderr)

    async def click(self, tab: Tab, control: Mapping[str, Any]) -> bool:
        """Click `control`, if the page still draws it where it was."""
        what = f"{control['custom_id']} ({control['label']})"
        if not await tab.page.js(
            f"(() => {{ try {{ return !!{control_node(control)}; }}"
            " catch (e) { return false; } })()"
        ):
            drawn = await tab.page.js(
                f"(() => {{ const id = '{control['message']}';"
                ' const nodes = document.querySelectorAll(`#messages .msg[data-id="${id}"]`);'
                " const held = (ui.messages.get(ui.view) || new Map()).get(id);"
                " return { nodes: nodes.length, rows: [...nodes].map((n) =>"
                " n.querySelectorAll('[data-row]').length), held_rows: held && held.rows.length,"
                " held_text: held && held.content.slice(0, 120),"
                " drawn_text: nodes[0] && nodes[0].querySelector('.content')?.textContent"
                ".slice(0, 120) }; })()"
            )
            print(f"  {tab.name}: {what} is not drawn: {drawn}", file=sys.stderr)
            return False
        # The member's own tab in front, as their screen is: a tab behind others draws no
        # frames, and a click there may be hit-tested against what it drew last (a join
        # then fell beside its button, the lobby having grown a line).
        await tab.page.call("Page.bringToFront")
        if control["kind"] == "select":
            await self.measured(tab, what, tab.choose(control))
        else:
            await self.measured(tab, what, tab.tap(control_node(control)))
        return True

    async def shot(self, tab: Tab, moment: str) -> None:
        number = len(self.shots) + 1
        path = self.out / f"{self.game}-{self.size}-{number:02d}-{moment}-{tab.name}.png"
        await tab.page.until(LOADED)
        await tab.screenshot(path)
        found = await tab.page.js(SHOWN)
        pictures = [(int(drawn), int(shown)) for drawn, shown in found["pictures"]]
        self.shots.append(Shot(path, found["smallest"], found["text"], pictures))

    async def new_game(self, host: Tab, options: Mapping[str, str]) -> int:
        """/newgame <game> typed in the composer; the lobby's thread, opened in every tab."""
        page = host.page
        await host.tap("document.querySelector('#command-input')")
        await page.call("Input.insertText", text=f"/newgame {self.game}")
        pick = (
            "[...document.querySelectorAll('#suggestions .suggestion')].find((s) =>"
            f" s.querySelector('strong').textContent === '/newgame {self.game}')"
        )
        await page.until(pick)
        await host.tap(pick)
        for name, value in options.items():
            await page.js(
                f"(() => {{ const i = document.querySelector('#o-{name}'); if (!i) return;"
                f" i.value = {json.dumps(value)}; }})()"
            )
        send = host.tap("document.querySelector('#send')")
        await self.measured(host, f"/newgame {self.game}", send)
        games = self.double.channel("games")
        thread = max(
            (c for c in self.double.state.channels.values() if c.parent_id == games.id),
            key=lambda c: c.id,
        )
        for tab in self.tabs:
            chan = (
                "[...document.querySelectorAll('#channels .chan')].find((c) =>"
                f" c.textContent.startsWith({json.dumps('↳ ' + str(thread.name))}))"
            )
            await tab.page.until(chan)
            await tab.open_channel(chan)
            await tab.page.until(f"ui.view === '{thread.id}'")
        return int(thread.id)

    async def lobby(self, host: Tab) -> None:
        await self.shot(host, "lobby")
        for tab in self.tabs:
            if tab is not host:
                await self.click(tab, await self.first(tab, "lobby:", ":join"))
        await self.click(host, await self.first(host, "lobby:", ":start"))

    async def first(self, tab: Tab, prefix: str, suffix: str = "") -> dict[str, Any]:
        for control in await tab.controls():
            if control["custom_id"].startswith(prefix) and control["custom_id"].endswith(suffix):
                return control
        raise AssertionError(f"{tab.name} sees no {prefix}…{suffix}")

    async def running(self, place: int) -> bool:
        assert self.bot.service is not None
        live = await self.bot.service.game_in(place)
        return live is not None and live.status == "running"

    async def play(self, place: int, max_clicks: int) -> None:
        """Until the game is over: the next member with a move in a panel makes its first
        one; when nobody has one, members open their panels in turn."""
        # The table comes after Start's answer. (Not `settle`: Lupusburg's first night
        # would run out while its prompts' countdowns keep the double busy.)
        assert self.bot.service is not None
        await self.bot.service.shown()
        await self.caught_up()
        await self.shot(self.tabs[0], "table")
        moves = 0
        opened: dict[str, int] = {}
        last = 0
        shown_panel = False
        idle_since = time.monotonic()
        while len(self.clicks) < max_clicks:
            order = self.tabs[last + 1 :] + self.tabs[: last + 1]
            acted = False
            for tab in order:
                move = self.policy(newest(await tab.controls()))
                if move is not None:
                    if not shown_panel:
                        await tab.page.js(f"{control_node(move)}.scrollIntoView({{block: 'end'}})")
                        await self.shot(tab, "panel")
                        shown_panel = True
                    if await self.click(tab, move):
                        last, moves, acted = self.tabs.index(tab), moves + 1, True
                    else:
                        await self.settle()
                        acted = True  # look again
                    break
            if acted:
                idle_since = time.monotonic()
                continue
            for tab in order:
                if opened.get(tab.name) == moves:
                    continue
                panels = [c for c in await tab.controls() if is_panel(c)]
                if not panels:
                    continue
                opened[tab.name] = moves
                await self.click(tab, panels[-1])
                if any(is_move(c) for c in await tab.controls()):
                    acted = True
                    break
            if acted:
                continue
            if not await self.running(place):
                break
            if time.monotonic() - idle_since > 60:
                raise AssertionError("nobody could move for a minute")
            await asyncio.sleep(0.5)  # a timer of the game (a night) runs
            await self.settle()
            opened.clear()
        await self.settle()
        for tab in self.tabs:
            await tab.page.js("document.querySelector('#messages').scrollTop = 1e9")
            await self.shot(tab, "end")


def is_move(control: Mapping[str, Any]) -> bool:
    """A control of the game's own (not the panel button) in a member's panel."""
    parts = str(control["custom_id"]).split(":")
    return control["ephemeral"] and parts[0] == "game" and parts[-1] != "panel"


def newest(controls: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves of the newest panel that offers any: an older panel's may be stale."""
    moves = [c for c in controls if is_move(c)]
    return [c for c in moves if c["message"] == moves[-1]["message"]] if moves else []


def is_panel(control: Mapping[str, Any]) -> bool:
    return str(control["custom_id"]).startswith("game:") and control["custom_id"].endswith(":panel")


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, clicks: Sequence[Click]) -> tuple[str, float | None]:
    """`name` clicks' medians and p90 (answer and settled, ms), and the answer median."""
    answers = [c.answer for c in clicks if c.answer is not None]
    settled = [c.settled for c in clicks if c.settled is not None]
    if not answers:
        return f"{name}: no answer seen", None
    median = statistics.median(answers)
    line = f"{name} {len(clicks)} clicks: answer median {median:.0f} ms p90"
    line += f" {percentile(answers, 0.9):.0f} ms"
    if settled:
        line += f"; settled median {statistics.median(settled):.0f} ms"
        line += f" p90 {percentile(settled, 0.9):.0f} ms"
    missing = len(clicks) - len(answers)
    return line + (f" ({missing} showed nothing)" if missing else ""), median


def report(game: str, clicks: Sequence[Click]) -> str:
    start, end = clicks[:WINDOW], clicks[-WINDOW:]
    first_line, first = summary("first", start)
    last_line, last = summary("last", end)
    ratio = f"{last / first:.2f}" if first and last else "n/a"
    lines = (f"{game}: {len(clicks)} clicks", first_line, last_line, f"ratio_last_first={ratio}")
    return "\n  ".join(lines)


async def play_game(game: str, args: argparse.Namespace, folder: Path) -> Play:
    width, height = args.width, args.height
    names = PLAYERS.get(game, DEFAULT_PLAYERS)
    bot = TabletopBot(database=str(folder / f"{game}.sqlite3"), guild_ready_timeout=0)
    async with (
        start_sandbox(bot) as double,
        chromium(folder / f"chromium-{game}", width, height) as devtools,
        tabs(devtools, double.page_url, names, width, height) as opened,
    ):
        # the page opens on the first channel; the game goes to #games, as a person would
        for tab in opened:
            await tab.open_channel(
                "[...document.querySelectorAll('#channels .chan')]"
                ".find((c) => c.textContent.startsWith('# games'))"
            )
        chance = random.Random(args.seed) if args.policy == "random" else None
        play = Play(game, double, bot, opened, args.out, f"{width}x{height}", chance)
        await play.settle()
        place = await play.new_game(opened[0], OPTIONS.get(game, {}))
        await play.settle()
        await play.lobby(opened[0])
        if await play.running(place):
            await play.play(place, args.max_clicks)
            play.ended = not await play.running(place)
        else:  # not "played to its end"
            print(f"{game}: the game did not start", file=sys.stderr)
        errors = [e for tab in opened for e in tab.page.errors()]
        if errors:
            print(f"{game}: the page threw {errors[:3]}", file=sys.stderr)
        return play


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", choices=sorted(OPTIONS), help="the game to play")
    which.add_argument("--all", action="store_true", help="one game of each kind")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--out", type=Path, required=True, help="folder for the screenshots")
    parser.add_argument(
        "--policy", choices=("random", "first"), default="random",
        help="the move a member makes: one of the enabled ones at random, or the first",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=1, help="of the random moves")
    parser.add_argument("--max-clicks", type=int, default=3000, help="stop after so many clicks")
    return parser.parse_args(argv)


async def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    stop = asyncio.current_task()
    assert stop is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.cancel)  # Chromium ends
    args.out.mkdir(parents=True, exist_ok=True)
    chosen = [g.id for g in registry.offered()] if args.all else [args.game]
    with tempfile.TemporaryDirectory() as folder:
        for game in chosen:
            began = time.monotonic()
            play = await play_game(game, args, Path(folder))
            over = "played to its end" if play.ended else "NOT over"
            print(
                report(game, play.clicks),
                f"\n  {over},",
                f"\n  {time.monotonic() - began:.0f} s",
                flush=True,
            )
            shots = [f"{shot.path}\n      {shot.line()}" for shot in play.shots]
            print("  screenshots:", *shots, sep="\n    ", flush=True)
            log = args.out / f"{game}-{args.width}x{args.height}-clicks.json"
            log.write_text(json.dumps([vars(c) for c in play.clicks], indent=1))
            print(f"  each click: {log}", flush=True)


if __name__ == "__main__":
    asyncio.run(main())
