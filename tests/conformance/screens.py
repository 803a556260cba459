"""Screens as the players get them, and Discord's limits on them.

`context(game, state, seat)` builds a reader's `Context` the way the host does
(`bot.discord.contexts.context_of`); `explore` renders the table and every seat's
panel, following the panel's own steps (`Context.step` controls) a little way;
`problems` lists every limit a screen breaks and every control that would not do
what it shows (a stale phase, an id that names no action, an action the reader may
not take).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.discord import ids
from bot.discord.adapters import adapter_for
from bot.discord.adapters.base import Happened, Outbox
from bot.discord.adapters.context import Context
from bot.discord.contexts import context_of
from bot.discord.ui import Button, Gallery, Screen, Section, Select, Thumbnail, layout
from bot.discord.ui import controls as all_controls
from bot.double import components as comp
from bot.double.errors import ApiError
from bot.double.limits import component_problems, layout_problems
from bot.double.schema import SpecValidator
from games.engine import AnyGame, Seat, State
from tests.conformance.legality import key
from tests.conformance.support import NOW, Playout

GAME_ID = 987654  # the store's id of the game (controls carry it)
LOCALE = "en"
MAX_DEPTH = 3  # steps within steps followed

# Discord's limits (https://discord.com/developers/docs/resources/message and
# .../components/reference), for messages with layout components.
COMPONENTS = 40  # in all, nested ones counted
TEXT = 4000  # characters of text displays per message
SECTION_TEXTS = 3
GALLERY_ITEMS = 10
ROWS = 5  # action rows of controls the renderer sends
BUTTONS_PER_ROW = 5
OPTIONS = 25
OPTION_TEXT = 100  # label, value, description
PLACEHOLDER = 150
BUTTON_LABEL = 80
CUSTOM_ID = 100
FILES = 10
ALT_TEXT = 1024
FILE_BYTES = 10 * 1024 * 1024  # a bot's upload limit without boosts
SPEC = SpecValidator()  # the OpenAPI description, when it is beside the checkout
CREATE_MESSAGE = "/channels/{channel_id}/messages"


def names(seats: int) -> list[str]:
    """Display names as long as Discord allows (32 characters)."""
    return [f"Player {seat + 1} with a very long nam"[:32] for seat in range(seats)]


def user_ids(seats: int) -> list[int]:
    return [123456789012345678 + seat for seat in range(seats)]


def context(
    game: AnyGame,
    state: State,
    seat: Seat | None,
    locale: str = LOCALE,
    players: Sequence[str] | None = None,
) -> Context[Any]:
    """A reader's context as the host builds it (seat None: the table); `players`: the
    names by seat (default: `names`)."""
    deadline = game.deadline(state, NOW)
    return context_of(
        game,
        state,
        seat,
        locale=locale,
        game_id=GAME_ID,
        names=players or names(state.seats),
        user_ids=user_ids(state.seats),
        channel_id=111111111111111111,
        version=7,
        deadline_at=deadline.at.timestamp() if deadline is not None else None,
        finished=game.result(state) is not None,
    )


@dataclass(frozen=True)
class Shown:
    """One rendered screen and who reads it."""

    where: str  # 'table' or 'panel of seat 2, step (...)'
    screen: Screen
    ctx: Context[Any]
    legal: tuple[BaseModel, ...]  # what the reader may do (the table: any seat)


def readers(game: AnyGame, state: State, idle: int = 1, busy: int = 2) -> list[Seat]:
    """Some seats to draw panels for (pictures are slow): up to `busy` of the seats the
    phase waits for, and up to `idle` others."""
    active = sorted(game.active(state))
    others = [s for s in range(state.seats) if s not in active]
    return sorted(active[:busy] + others[:idle])


def explore(
    game: AnyGame,
    state: State,
    seats: list[Seat],
    max_steps: int = 40,
    locale: str = LOCALE,
    players: Sequence[str] | None = None,
) -> Iterator[Shown]:
    """The table, then each of `seats`' panels and (up to `max_steps` per seat) the steps
    its controls lead to, breadth first."""
    adapter = adapter_for(game.id)
    anyone = tuple(a for seat in range(state.seats) for a in game.legal_actions(state, seat))
    table_ctx = context(game, state, None, locale, players)
    yield Shown("table", adapter.table(table_ctx), table_ctx, anyone)
    for seat in seats:
        ctx = context(game, state, seat, locale, players)
        todo: list[tuple[str, ...]] = [()]
        done: set[tuple[str, ...]] = set()
        while todo and len(done) <= max_steps:
            step = todo.pop(0)
            if step in done:
                continue
            done.add(step)
            screen = adapter.panel(ctx, step)
            yield Shown(f"panel of seat {seat}, step {step}", screen, ctx, ctx.legal)
            if len(step) < MAX_DEPTH:
                todo += [s for s in steps_of(screen) if s not in done]


def controls(screen: Screen) -> Iterator[Button | Select]:
    """Every control: the rows' and the buttons beside sections' texts."""
    return all_controls(screen)


def _choices(select: Select) -> Iterator[list[str]]:
    """The value lists a select can send (all of them when few, else a sample)."""
    values = [o.value for o in select.options]
    if select.min_values == 0:
        yield []
    low = max(select.min_values, 1)
    high = min(select.max_values, len(values))
    for size in range(low, high + 1):
        for combo in itertools.islice(itertools.combinations(values, size), 400):
            yield list(combo)


def _rests(control: Button | Select) -> Iterator[str]:
    """The `rest` of a control's id as the router sees it after a click."""
    parsed = ids.parse(control.custom_id)
    if parsed is None:
        return
    if isinstance(control, Select) and ids.HOLE in parsed.rest:
        for values in _choices(control):
            yield ids.fill(parsed.rest, values)
    else:
        yield parsed.rest


def steps_of(screen: Screen) -> list[tuple[str, ...]]:
    found = []
    for control in controls(screen):
        if isinstance(control, Button) and control.disabled:
            continue
        for rest in _rests(control):
            if rest.startswith(ids.STEP):
                found.append(tuple(p for p in rest.removeprefix(ids.STEP).split(ids.FIELD) if p))
    return found


def actions_of(game: AnyGame, screen: Screen) -> list[BaseModel]:
    """Every action the screen's enabled controls can send (ids that decode)."""
    found = []
    for control in controls(screen):
        if isinstance(control, Button) and control.disabled:
            continue
        for rest in _rests(control):
            if rest == ids.PANEL or rest.startswith(ids.STEP):
                continue
            data = ids.decode(rest, game.action_kinds())
            if data is None:
                continue
            try:
                found.append(game.parse_action(data))
            except ValidationError:
                continue
    return found


def problems(game: AnyGame, shown: Shown) -> list[str]:
    """Every broken limit and every control that would not work, in words."""
    screen = shown.screen
    out: list[str] = []

    def check(ok: bool, what: str) -> None:
        if not ok:
            out.append(what)

    out += layout_problems_of(screen)
    check(len(screen.rows) <= ROWS, f"{len(screen.rows)} > {ROWS} action rows")
    check(len(screen.pictures) <= FILES, f"{len(screen.pictures)} > {FILES} pictures")
    names = [p.name for p in screen.pictures]
    check(len(set(names)) == len(names), f"two pictures share a name: {names}")
    for picture in screen.pictures:
        check(bool(picture.name), "a picture without a file name")
        check(bool(picture.data), f"picture {picture.name} is empty")
        check(len(picture.data) <= FILE_BYTES, f"picture {picture.name} over {FILE_BYTES} bytes")
        check(
            len(picture.description) <= ALT_TEXT,
            f"alt text of {picture.name} has {len(picture.description)} > {ALT_TEXT} chars",
        )
    for block in screen.blocks:
        if isinstance(block, Gallery):
            count = len(block.pictures)
            check(1 <= count <= GALLERY_ITEMS, f"a gallery of {count} pictures")
            lost = [name for name in block.pictures if name not in names]
            check(not lost, f"a gallery of {lost}, not pictures here")
        if isinstance(block, Section):
            count = len(block.texts)
            check(1 <= count <= SECTION_TEXTS, f"a section has {count} texts, not 1-3")
            check(all(block.texts), "a section with an empty text")
            if isinstance(block.accessory, Thumbnail):
                thumbnail = block.accessory.picture
                check(thumbnail in names, f"a thumbnail of {thumbnail!r}, not a picture here")
    seen_ids: set[str] = set()
    legal = {key(a) for a in shown.legal}
    for number, row in enumerate(screen.rows):
        if isinstance(row, Select):
            count = len(row.options)
            check(1 <= count <= OPTIONS, f"select {row.custom_id} has {count} options")
            check(
                0 <= row.min_values <= row.max_values <= max(count, 1)
                and 1 <= row.max_values <= OPTIONS,
                f"select {row.custom_id} takes {row.min_values}..{row.max_values} of {count}",
            )
            check(len(row.placeholder) <= PLACEHOLDER, f"placeholder of {row.custom_id} too long")
            values = [o.value for o in row.options]
            check(len(set(values)) == len(values), f"select {row.custom_id} repeats a value")
            for option in row.options:
                check(
                    1 <= len(option.label) <= OPTION_TEXT,
                    f"option label {option.label!r} has {len(option.label)} chars",
                )
                check(
                    1 <= len(option.value) <= OPTION_TEXT,
                    f"option value {option.value!r} has {len(option.value)} chars",
                )
                check(
                    option.description is None or len(option.description) <= OPTION_TEXT,
                    f"option description of {option.label!r} over {OPTION_TEXT} chars",
                )
        elif isinstance(row, Button):
            out.append(f"row {number} is a bare button, not a tuple of buttons")
        else:
            check(1 <= len(row) <= BUTTONS_PER_ROW, f"row {number} has {len(row)} buttons")
    for control in controls(screen):
        cid = control.custom_id
        if isinstance(control, Button):
            check(
                len(control.label) <= BUTTON_LABEL,
                f"button label {control.label!r} has {len(control.label)} chars",
            )
            check(bool(control.label or control.emoji), f"button {cid} is blank")
        check(0 < len(cid) <= CUSTOM_ID, f"custom_id {cid!r} has {len(cid)} chars")
        check(cid not in seen_ids, f"custom_id {cid!r} twice in one message")
        seen_ids.add(cid)
        if isinstance(control, Button) and control.disabled:
            continue
        out += _control_problems(game, shown, control, legal)
    return out


def layout_problems_of(screen: Screen) -> list[str]:
    """The screen through the one renderer (without cutting anything short): what
    breaks Discord's layout limits (40 components, 4,000 characters of text, galleries
    and sections), what the double refuses, and what the API description refuses."""
    components = layout(screen, clip=False).to_components()
    out: list[str] = []
    count = len(list(comp.walk(components)))
    if count > COMPONENTS:
        out.append(f"{count} > {COMPONENTS} components")
    text = sum(len(t) for t in comp.texts(components))
    if text > TEXT:
        out.append(f"{text} > {TEXT} characters of text")
    for component in comp.walk(components):
        if component.get("type") == comp.MEDIA_GALLERY:
            items = len(component.get("items") or [])
            if not 1 <= items <= GALLERY_ITEMS:
                out.append(f"a gallery of {items} pictures")
        if component.get("type") == comp.TEXT_DISPLAY and not component.get("content"):
            out.append("an empty text display")
    refused = layout_problems(components, ["components"], v2=True)
    refused += component_problems(components, ["components"])
    out += [f"the double refuses {'.'.join(map(str, p))}: {code}" for p, code, _ in refused]
    if SPEC.available:
        try:
            SPEC.check("post", CREATE_MESSAGE, {"components": components, "flags": 1 << 15})
        except ApiError as error:
            out.append(f"the API description refuses it: {error.errors}")
    return out


def _control_problems(
    game: AnyGame, shown: Shown, control: Button | Select, legal: set[str]
) -> list[str]:
    cid = control.custom_id
    parsed = ids.parse(cid)
    if parsed is None:
        return [f"custom_id {cid!r} is no control the router knows"]
    if parsed.scope != "game":
        return []  # lobby and abort controls: not a game's
    out = []
    if parsed.game_id != GAME_ID:
        out.append(f"custom_id {cid!r} names game {parsed.game_id}, not {GAME_ID}")
    if parsed.phase is not None and parsed.phase != shown.ctx.phase:
        out.append(f"custom_id {cid!r} is stale: phase {parsed.phase!r}, now {shown.ctx.phase!r}")
    if isinstance(control, Button) and ids.HOLE in parsed.rest:
        out.append(f"button {cid!r} has a select's hole")
    for rest in _rests(control):
        if rest == ids.PANEL or rest.startswith(ids.STEP):
            continue
        data = ids.decode(rest, game.action_kinds())
        if data is None:
            out.append(f"{rest!r} (from {cid!r}) names no action of {game.id}")
            continue
        try:
            action = game.parse_action(data)
        except ValidationError as error:
            out.append(f"{rest!r} (from {cid!r}) is no valid action: {error.errors()[:1]}")
            continue
        if key(action) not in legal:
            out.append(f"{rest!r} (from {cid!r}) offers {action!r}, not a legal action here")
    return out


NOTICE_STEPS = 40  # playout steps whose notices are built


def notices_of(
    game: AnyGame, run: Playout, locale: str = LOCALE, players: Sequence[str] | None = None
) -> list[Shown]:
    """The announcements, a chapter's results, DMs (`private_notices`, `reminder`, the
    messages of `after`) and results of a playout's changes: a sample of its steps, and
    always its last. Each with its reader's legal actions then (a channel message: any seat's)."""
    adapter = adapter_for(game.id)
    stride = max(1, len(run.steps) // NOTICE_STEPS)
    picked = sorted({*range(0, len(run.steps), stride), len(run.steps) - 1} - {-1})
    out: list[Shown] = []
    for index in picked:
        step = run.steps[index]
        state = step.after
        result = game.result(state)
        kind = "finished" if result is not None else "expired" if step.is_timeout else "acted"
        happened = Happened(kind=kind, events=step.events, actor=step.seat)
        table = context(game, state, None, locale, players)
        anyone = tuple(a for seat in range(state.seats) for a in game.legal_actions(state, seat))
        where = f"step {index + 1} ({kind})"

        def channel(what: str, screen: Screen | None) -> None:
            if screen is not None:
                out.append(Shown(f"{where} {what}", screen, table, anyone))  # noqa: B023

        def dm(what: str, seat: int, screen: Screen | None) -> None:
            if screen is not None:
                ctx = context(game, state, seat, locale, players)  # noqa: B023
                out.append(Shown(f"{where} {what} to seat {seat}", screen, ctx, ctx.legal))  # noqa: B023

        channel("announcement", adapter.announcement(table, happened))
        if adapter.ends_chapter(table, happened):
            channel("chapter results", adapter.chapter_results(table, happened))
        for seat, screen in adapter.private_notices(table, happened):
            dm("private notice", seat, screen)
        for seat in sorted(game.active(state)):
            dm("reminder", seat, adapter.reminder(context(game, state, seat, locale, players)))
        if result is not None:
            channel("results", adapter.results(table, result))
        outbox = _outbox(game, state, channel, dm, locale, players)
        asyncio.run(adapter.after(outbox, happened))
    return out


def _outbox(
    game: AnyGame,
    state: State,
    channel: Any,
    dm: Any,
    locale: str,
    players: Sequence[str] | None = None,
) -> Outbox[Any]:
    async def post(screen: Screen) -> object:
        channel("posted by after", screen)
        return None

    async def direct(seat: int, screen: Screen, learn: bool = True) -> bool:
        dm("DM by after", seat, screen)
        return True

    return Outbox(
        table=lambda: context(game, state, None, locale, players),
        seat=lambda seat: context(game, state, seat, locale, players),
        post=post,
        direct=direct,
        prompt=direct,
        closed_dms=frozenset,
        game_id=GAME_ID,
    )
