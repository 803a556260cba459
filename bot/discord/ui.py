"""What a message shows, independent of discord.py: text, pictures and controls.

Adapters describe screens with these small specs (`Screen`); `layout` is the one
renderer that turns any screen into Discord's layout components (text displays, a
container, sections, media galleries, separators, action rows), as the JSON Discord
takes, in a discord.py `LayoutView` (`Rendered`) that discord.py sends with the
IS_COMPONENTS_V2 flag; `send_kwargs` gives the arguments of a send, an edit or an
interaction response. No adapter builds discord.py objects. A rendered view is never
dispatchable, so discord.py never stores it: every click is routed by its custom_id
(see `bot.discord.router`), which works the same after a restart.

How a screen is laid out (see `layout`):

- `content`: a text display at the top, outside any card (a ping, a notice, a panel's
  words); mentions in it ping as `mentions` allows.
- The card, when the screen has `embed_title`, `embed_text` or `blocks`: a container
  (accent colour `accent`) holding the title as a heading with `embed_text` under it,
  then `blocks` in order (texts, sections with a button or thumbnail beside 1-3 texts,
  separators, galleries), then the pictures no block shows (each its own gallery, so
  each is shown full width), then the `rows` of controls.
- Without a card: the pictures (each its own gallery), then the rows, after `content`.

A message with that flag may carry no content and no embeds, and keeps the flag for
good. A message sent before the bot used layout components (a table, a lobby) is
upgraded when it is next edited: every edit clears content and embeds and sets the
flag, which Discord accepts. Its controls are otherwise left as they were: a DM
prompt stored before the change is retired with `legacy_view`, which keeps its words.
"""

from __future__ import annotations

import hashlib
import io
import sys
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from typing import Any, Literal, get_args

import discord

from bot.discord.cycles import Upload

Style = Literal["primary", "secondary", "success", "danger"]
ACCENT = 0x3B7A57  # a card's accent colour unless the screen names one
MAX_TEXT = 4000  # characters of text displays per message (all of them together)
SECTION_TEXTS = 3  # texts beside one accessory
GALLERY_ITEMS = 10
MAX_COMPONENTS = 40  # in one message, nested ones counted
ROWS = 5  # action rows of controls (the layout allows more; the panels never need them)


@dataclass(frozen=True)
class Picture:
    name: str  # file name, e.g. "table.png"
    data: bytes
    description: str  # alt text, read out by screen readers


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: Style = "secondary"
    disabled: bool = False
    emoji: str | None = None


@dataclass(frozen=True)
class Option:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: tuple[Option, ...]
    placeholder: str = ""
    min_values: int = 1
    max_values: int = 1
    disabled: bool = False


Row = tuple[Button, ...] | Select


@dataclass(frozen=True)
class Thumbnail:
    """A small picture beside a section's texts: one of the screen's pictures, by name."""

    picture: str


@dataclass(frozen=True)
class Section:
    """1-3 texts with a button (acting on what they say) or a thumbnail beside them:
    "Ben: 2 cards, 14 points [Take]"."""

    texts: tuple[str, ...]
    accessory: Button | Thumbnail


@dataclass(frozen=True)
class Separator:
    divider: bool = True  # a visible line, else only space
    large: bool = False  # more space


@dataclass(frozen=True)
class Gallery:
    """Some of the screen's pictures (by name) shown side by side (up to 10)."""

    pictures: tuple[str, ...]


Block = str | Section | Separator | Gallery  # a str is a text display


@dataclass(frozen=True)
class Screen:
    content: str = ""  # said above the card: mentions, a notice, a panel's words
    pictures: tuple[Picture, ...] = ()
    rows: tuple[Row, ...] = ()
    embed_title: str | None = None  # the card's heading
    embed_text: str | None = None  # the card's words, under its heading
    mentions: tuple[int, ...] = ()  # users this message may ping
    extra: dict[str, Any] = field(default_factory=dict)
    blocks: tuple[Block, ...] = ()  # the card's body after its words
    accent: int | None = None  # the card's accent colour (None: ACCENT)

    @property
    def has_card(self) -> bool:
        return bool(self.embed_title or self.embed_text or self.blocks)


def controls(screen: Screen) -> Iterator[Button | Select]:
    """Every control of a screen: the buttons beside sections' texts, then the rows'."""
    for block in screen.blocks:
        if isinstance(block, Section) and isinstance(block.accessory, Button):
            yield block.accessory
    for row in screen.rows:
        if isinstance(row, Select | Button):
            yield row  # a bare button is a mistake the conformance suite reports
        else:
            yield from row


def retired(screen: Screen) -> Screen:
    """The screen with every control disabled (their step is over), words and
    pictures as they are."""

    def off(row: Row) -> Row:
        if isinstance(row, Select):
            return replace(row, disabled=True)
        return tuple(replace(button, disabled=True) for button in row)

    blocks = tuple(
        replace(b, accessory=replace(b.accessory, disabled=True))
        if isinstance(b, Section) and isinstance(b.accessory, Button)
        else b
        for b in screen.blocks
    )
    return replace(screen, rows=tuple(off(row) for row in screen.rows), blocks=blocks)


def without_bytes(screen: Screen) -> Screen:
    """The screen as a message that shows it already has it: its pictures by name and
    alt text (an edit that keeps them sends no bytes)."""
    if not screen.pictures:
        return screen
    kept = tuple(replace(p, data=b"") for p in screen.pictures)
    return replace(screen, pictures=kept)


# -- the one renderer ------------------------------------------------------------------------


Component = dict[str, Any]  # one of Discord's layout components, as its JSON


class Rendered(discord.ui.LayoutView):
    """A screen rendered as Discord's component JSON, where discord.py takes a view.

    discord.py builds a message's components from `to_components()`. Building them
    from its own items (a view, a container, each button) cost the bot's process more
    than the JSON does, and every item refers back to its view: each message's items
    then waited for the garbage collector. Stopped and not dispatchable, so discord.py
    never stores it: clicks are routed by custom_id."""

    def __init__(self, components: list[Component], *, v2: bool = True) -> None:
        super().__init__(timeout=None)
        self.components = components
        self.v2 = v2

    def to_components(self) -> list[Component]:
        return self.components

    def has_components_v2(self) -> bool:
        return self.v2

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


class _Text:
    """Text displays within the message's budget: what goes past it is cut short."""

    def __init__(self, clip: bool = True) -> None:
        self.clip = clip
        self.left = MAX_TEXT if clip else sys.maxsize

    def __call__(self, text: str) -> Component | None:
        if not text or self.left <= 0:
            return None
        if len(text) > self.left:
            text = text[: self.left - 1] + "…"
        self.left -= len(text)
        return {"type": TEXT, "content": text}


# Discord's numbers, as discord.py knows them.
TEXT, ROW, BUTTON, SELECT, SECTION, THUMBNAIL, GALLERY, SEPARATOR, CONTAINER = (
    kind.value
    for kind in (
        discord.ComponentType.text_display,
        discord.ComponentType.action_row,
        discord.ComponentType.button,
        discord.ComponentType.select,
        discord.ComponentType.section,
        discord.ComponentType.thumbnail,
        discord.ComponentType.media_gallery,
        discord.ComponentType.separator,
        discord.ComponentType.container,
    )
)
_STYLES = {style: discord.ButtonStyle[style].value for style in get_args(Style)}
_SPACING = {False: discord.SeparatorSpacing.small.value, True: discord.SeparatorSpacing.large.value}


@lru_cache(maxsize=64)
def _emoji(emoji: str) -> dict[str, Any]:
    return discord.PartialEmoji.from_str(emoji).to_dict()  # type: ignore[return-value]


def _button(button: Button) -> Component:
    shown: Component = {
        "type": BUTTON,
        "style": _STYLES[button.style],
        "disabled": button.disabled,
    }
    if button.label:
        shown["label"] = button.label[:80]
    if button.custom_id:
        shown["custom_id"] = button.custom_id
    if button.emoji:
        shown["emoji"] = _emoji(button.emoji)
    return shown


def _option(option: Option) -> Component:
    shown: Component = {"label": option.label[:100], "value": option.value, "default": False}
    if option.description:
        shown["description"] = option.description
    return shown


def _select(select: Select) -> Component:
    shown: Component = {
        "type": SELECT,
        "custom_id": select.custom_id,
        "min_values": select.min_values,
        "max_values": min(select.max_values, len(select.options)),
        "disabled": select.disabled,
        "required": True,
    }
    if select.placeholder:
        shown["placeholder"] = select.placeholder
    if select.options:
        shown["options"] = [_option(o) for o in select.options[:25]]
    return shown


def _row(row: Row) -> Component:
    if isinstance(row, Select):
        return {"type": ROW, "components": [_select(row)]}
    return {"type": ROW, "components": [_button(b) for b in row[:5]]}


def _attached(picture: Picture) -> Component:
    """An uploaded picture, as a component's media refers to it."""
    return {"url": f"attachment://{picture.name}"}


def _media(picture: Picture) -> Component:
    shown: Component = {"media": _attached(picture), "spoiler": False}
    if picture.description:
        shown["description"] = picture.description[:1024]
    return shown


def _gallery(pictures: list[Picture]) -> Component:
    return {"type": GALLERY, "items": [_media(p) for p in pictures[:GALLERY_ITEMS]]}


def _shown_by_blocks(screen: Screen) -> set[str]:
    """The names of the pictures a block shows (the others get a gallery each)."""
    shown: set[str] = set()
    for block in screen.blocks:
        if isinstance(block, Gallery):
            shown.update(block.pictures)
        elif isinstance(block, Section) and isinstance(block.accessory, Thumbnail):
            shown.add(block.accessory.picture)
    return shown


def _block(block: Block, text: _Text, by_name: dict[str, Picture]) -> list[Component]:
    if isinstance(block, str):
        shown = text(block)
        return [shown] if shown is not None else []
    if isinstance(block, Separator):
        return [{"type": SEPARATOR, "divider": block.divider, "spacing": _SPACING[block.large]}]
    if isinstance(block, Gallery):
        pictures = [by_name[n] for n in block.pictures if n in by_name]
        return [_gallery(pictures)] if pictures else []
    wanted = block.texts[:SECTION_TEXTS] if text.clip else block.texts
    texts = [t for t in map(text, wanted) if t is not None]
    accessory = block.accessory
    if isinstance(accessory, Thumbnail):
        picture = by_name.get(accessory.picture)
        if picture is None:  # a thumbnail of no picture: the texts alone
            return list(texts)
        beside: Component = {
            "type": THUMBNAIL,
            "media": _attached(picture),
            "description": picture.description[:1024] or None,
            "spoiler": False,
        }
    else:
        beside = _button(accessory)
    if not texts:  # a section needs words: the button alone, in a row
        return [{"type": ROW, "components": [beside]}] if isinstance(accessory, Button) else []
    return [{"type": SECTION, "components": texts, "accessory": beside}]


def layout(screen: Screen, *, clip: bool = True) -> Rendered:
    """The screen as layout components (see the module's docstring for the order).
    `clip`: text past the message's 4,000 characters is cut short, rows past 5 are left
    out, and so are the last blocks and pictures past 40 components (the conformance
    suite renders without, to see what a screen asks for)."""
    text = _Text(clip)
    top: list[Component] = [shown] if (shown := text(screen.content)) is not None else []
    pictured = _shown_by_blocks(screen)
    rest = [p for p in screen.pictures if p.name not in pictured]
    body: list[Component] = []
    if screen.has_card:
        title, words = screen.embed_title, screen.embed_text
        heading = "\n".join(filter(None, [f"### {title}" if title else "", words or ""]))
        first = text(heading)
        if first is not None:
            body.append(first)
        by_name = {p.name: p for p in screen.pictures}
        for block in screen.blocks:
            body += _block(block, text, by_name)
    body += [_gallery([p]) for p in rest]
    body += [_row(row) for row in (screen.rows[:ROWS] if clip else screen.rows)]
    if clip:
        body = _fit(body, MAX_COMPONENTS - len(top) - screen.has_card)
    if not screen.has_card:
        return Rendered(top + body)
    card: Component = {"type": CONTAINER, "spoiler": False, "components": body}
    colour = ACCENT if screen.accent is None else screen.accent
    if colour:
        card["accent_color"] = colour
    return Rendered([*top, card])


def _cost(component: Component) -> int:
    """How many components one is (nested ones counted, as Discord counts)."""
    if component["type"] == SECTION:
        return 2 + len(component["components"])
    if component["type"] == ROW:
        return 1 + len(component["components"])
    return 1


def _fit(body: list[Component], room: int) -> list[Component]:
    """The body within `room` components: the last blocks and pictures are left out
    first, the words on top and the controls last."""
    costs = [_cost(component) for component in body]
    over = sum(costs) - room
    if over <= 0:
        return body
    rows = [i for i, component in enumerate(body) if component["type"] == ROW]
    others = [i for i in range(1, len(body)) if i not in rows]
    left_out: set[int] = set()
    for index in [*reversed(others), *reversed(rows)]:  # the first item (words) stays
        if over <= 0:
            break
        left_out.add(index)
        over -= costs[index]
    return [component for i, component in enumerate(body) if i not in left_out]


def files(screen: Screen) -> list[discord.File]:
    """The screen's pictures as uploads (the layout refers to them as attachment://name)."""
    return [
        Upload(io.BytesIO(p.data), filename=p.name, description=p.description[:1024])
        for p in screen.pictures
    ]


def send_kwargs(screen: Screen, *, editing: bool = False) -> dict[str, Any]:
    """Keyword arguments for send/edit/response calls. An edit clears content and
    embeds (a message sent before layout components is upgraded by it) and sends the
    pictures again (see `ShownPictures` for an edit that keeps them)."""
    kwargs: dict[str, Any] = {
        "view": layout(screen),
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            # (A computer player's id is negative: it is never pinged.)
            users=[discord.Object(u) for u in dict.fromkeys(screen.mentions) if u > 0],
        ),
    }
    if editing:
        kwargs["content"] = None
        kwargs["embed"] = None
        kwargs["attachments"] = files(screen)
    elif screen.pictures:
        kwargs["files"] = files(screen)
    return kwargs


def legacy_view(rows: tuple[Row, ...]) -> Rendered | None:
    """The controls of a message sent before layout components (a DM prompt kept in
    the store across the upgrade), all disabled: edited alone, they leave its words."""
    if not rows:
        return None
    return Rendered([_row(row) for row in retired(Screen(rows=rows[:ROWS])).rows], v2=False)


# -- screens as plain data (a DM prompt's, kept in the store until it is retired) -------------


def rows_to_json(rows: tuple[Row, ...]) -> list[dict[str, Any]]:
    """Controls as plain data."""
    return [
        {"select": asdict(row)}
        if isinstance(row, Select)
        else {"buttons": [asdict(button) for button in row]}
        for row in rows
    ]


def rows_from_json(data: list[dict[str, Any]]) -> tuple[Row, ...]:
    rows: list[Row] = []
    for row in data:
        if "select" in row:
            fields = dict(row["select"])
            fields["options"] = tuple(Option(**o) for o in fields["options"])
            rows.append(Select(**fields))
        else:
            rows.append(tuple(Button(**b) for b in row["buttons"]))
    return tuple(rows)


def _block_to_json(block: Block) -> dict[str, Any]:
    if isinstance(block, str):
        return {"text": block}
    if isinstance(block, Separator):
        return {"separator": asdict(block)}
    if isinstance(block, Gallery):
        return {"gallery": list(block.pictures)}
    accessory = block.accessory
    beside = (
        {"thumbnail": accessory.picture}
        if isinstance(accessory, Thumbnail)
        else {"button": asdict(accessory)}
    )
    return {"section": {"texts": list(block.texts), **beside}}


def _block_from_json(data: dict[str, Any]) -> Block:
    if "text" in data:
        return str(data["text"])
    if "separator" in data:
        return Separator(**data["separator"])
    if "gallery" in data:
        return Gallery(tuple(data["gallery"]))
    section = data["section"]
    accessory: Button | Thumbnail = (
        Thumbnail(section["thumbnail"]) if "thumbnail" in section else Button(**section["button"])
    )
    return Section(tuple(section["texts"]), accessory)


def screen_to_json(screen: Screen) -> dict[str, Any]:
    """What a message shows, without the pictures' bytes (it keeps its attachments)."""
    return {
        "content": screen.content,
        "title": screen.embed_title,
        "text": screen.embed_text,
        "blocks": [_block_to_json(b) for b in screen.blocks],
        "pictures": [{"name": p.name, "description": p.description} for p in screen.pictures],
        "rows": rows_to_json(screen.rows),
        "accent": screen.accent,
    }


def screen_from_json(data: dict[str, Any]) -> Screen:
    return Screen(
        content=str(data.get("content") or ""),
        embed_title=data.get("title"),
        embed_text=data.get("text"),
        blocks=tuple(_block_from_json(b) for b in data.get("blocks") or []),
        pictures=tuple(Picture(p["name"], b"", p["description"]) for p in data["pictures"]),
        rows=rows_from_json(data.get("rows") or []),
        accent=data.get("accent"),
    )


# -- pictures a message shows already ---------------------------------------------------------


def pictures_digest(screen: Screen) -> str:
    """What a screen's attachments are (names, alt texts and bytes), as a short digest."""
    digest = hashlib.blake2b(digest_size=12)
    for picture in screen.pictures:
        digest.update(picture_digest(picture))
    return digest.hexdigest()


@lru_cache(maxsize=4096)
def picture_digest(picture: Picture) -> bytes:
    """One picture's digest. Kept: a picture is shown (and compared) several times, and
    its bytes are tens of kilobytes (Python keeps a bytes object's hash, so looking a
    picture up costs little)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(repr((picture.name, picture.description, len(picture.data))).encode())
    digest.update(picture.data)
    return digest.digest()


class ShownPictures:
    """The pictures each recently edited message shows, so that an edit that leaves
    them as they are uploads nothing: without `attachments`, Discord keeps a message's
    attachments, and the layout refers to them by name. In memory, for the last `KEPT`
    messages: after a restart, the first edit of a message uploads its pictures again."""

    KEPT = 4096

    def __init__(self) -> None:
        self._shown: OrderedDict[int, str] = OrderedDict()

    def edit_kwargs(self, message_id: int, screen: Screen) -> dict[str, Any]:
        """`send_kwargs` for an edit of `message_id` to `screen`, without the pictures
        when the message shows them already. Call `shown` once the edit went through."""
        kwargs = send_kwargs(screen, editing=True)
        if self._shown.get(message_id) == pictures_digest(screen):
            del kwargs["attachments"]
        return kwargs

    def shown(self, message_id: int, screen: Screen) -> None:
        self._shown[message_id] = pictures_digest(screen)
        self._shown.move_to_end(message_id)
        while len(self._shown) > self.KEPT:
            self._shown.popitem(last=False)
