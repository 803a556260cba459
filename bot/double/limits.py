"""Discord's payload limits, checked whether or not the OpenAPI description is present.

The published schema allows some things Discord refuses (message content up to 4,000
characters, 40 top-level components); these checks hold the bot to what Discord
really accepts from a bot.

Layout components (`layout_problems`, checked where the message is known, since an
edit keeps the flag its message has): a message with the IS_COMPONENTS_V2 flag has at
most 40 components in all (nested ones counted: a row's buttons, a section's texts and
accessory), at most 4,000 characters of text displays, galleries of 1-10 items, sections
of 1-3 text displays with a button or thumbnail beside them, and no container inside a
container; without the flag, only action rows (at most 5). The codes of Discord's
answers are its own where known (UNION_TYPE_CHOICES, BASE_TYPE_MAX_LENGTH); the
others are the double's words for rules Discord enforces without a published code.
"""

from __future__ import annotations

import re
from typing import Any

from bot.double import components as comp
from bot.double.errors import ApiError, form_error, too_large

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_FILE_SIZE = 25 * 1024 * 1024
MAX_MODAL_TITLE = 45
MAX_MODAL_ROWS = 5
MAX_COMPONENTS = 40  # with layout components, nested ones counted
MAX_TEXT = 4000  # characters of text displays in one message
MAX_GALLERY = 10
MAX_SECTION_TEXTS = 3

Problem = tuple[list[str | int], str, str]
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _too_long(path: list[str | int], limit: int) -> Problem:
    return path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."


def message_problems(body: dict[str, Any], prefix: list[str | int]) -> list[Problem]:
    problems: list[Problem] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(_too_long([*prefix, "content"], MAX_CONTENT))
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(_too_long([*prefix, "embeds"], MAX_EMBEDS))
    if sum(_embed_size(e) for e in embeds if isinstance(e, dict)) > MAX_EMBED_TOTAL:
        problems.append(
            (
                [*prefix, "embeds"],
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
            )
        )
    components = body.get("components") or []
    problems.extend(component_problems(components, [*prefix, "components"]))
    return problems


def component_problems(components: list[dict[str, Any]], prefix: list[str | int]) -> list[Problem]:
    """Rows, buttons and selects wherever they are (the rules of the message's flag:
    `layout_problems`)."""
    problems: list[Problem] = []
    for path, row in comp.walk_paths(components, prefix):
        if not isinstance(row, dict) or row.get("type") != comp.ACTION_ROW:
            continue
        items = row.get("components") or []
        if len(items) > MAX_ROW_ITEMS:
            problems.append(_too_long([*path, "components"], MAX_ROW_ITEMS))
        if any(i.get("type") in comp.SELECTS for i in items) and len(items) > 1:
            problems.append(
                (
                    [*path, "components"],
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
    seen: set[str] = set()
    for path, component in comp.walk_paths(components, prefix):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if len(custom_id) > MAX_CUSTOM_ID:
                problems.append(_too_long([*path, "custom_id"], MAX_CUSTOM_ID))
            if custom_id in seen:
                problems.append(
                    (
                        [*path, "custom_id"],
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen.add(custom_id)
        label = component.get("label")
        is_button = component.get("type") == comp.BUTTON
        if is_button and isinstance(label, str) and len(label) > MAX_LABEL:
            problems.append(_too_long([*path, "label"], MAX_LABEL))
        options = component.get("options")
        if isinstance(options, list) and len(options) > MAX_SELECT_OPTIONS:
            problems.append(_too_long([*path, "options"], MAX_SELECT_OPTIONS))
    return problems


def _types(allowed: tuple[int, ...]) -> str:
    return f'Value of field "type" must be one of {allowed}.'  # Python's (1,) as Discord says


TOP_V2 = (
    comp.ACTION_ROW, comp.SECTION, comp.TEXT_DISPLAY, comp.MEDIA_GALLERY, comp.FILE,
    comp.SEPARATOR, comp.CONTAINER,
)  # fmt: skip
IN_CONTAINER = tuple(t for t in TOP_V2 if t != comp.CONTAINER)
V2_ONLY = frozenset(TOP_V2) - {comp.ACTION_ROW}


def layout_problems(
    components: list[dict[str, Any]], prefix: list[str | int], v2: bool
) -> list[Problem]:
    """What Discord refuses in a message's components given its flag (see the module's
    docstring); `v2`: the message has (or is given) IS_COMPONENTS_V2."""
    problems: list[Problem] = []
    top = TOP_V2 if v2 else (comp.ACTION_ROW,)
    for index, component in enumerate(components):
        if component.get("type") not in top:
            problems.append(([*prefix, index], "UNION_TYPE_CHOICES", _types(top)))
    if not v2:
        if len(components) > MAX_ROWS:
            problems.append(_too_long(prefix, MAX_ROWS))
        return problems
    count, text = 0, 0
    for path, component in comp.walk_paths(components, prefix):
        count += 1
        kind = component.get("type")
        if kind == comp.TEXT_DISPLAY:
            text += len(str(component.get("content") or ""))
        elif kind == comp.CONTAINER:
            for index, child in enumerate(component.get("components") or []):
                if child.get("type") not in IN_CONTAINER:
                    where = [*path, "components", index]
                    problems.append((where, "UNION_TYPE_CHOICES", _types(IN_CONTAINER)))
        elif kind == comp.MEDIA_GALLERY:
            items = component.get("items") or []
            if not 1 <= len(items) <= MAX_GALLERY:
                problems.append(_too_long([*path, "items"], MAX_GALLERY))
        elif kind == comp.SECTION:
            problems += _section_problems(component, path)
    if count > MAX_COMPONENTS:
        many = f"A message may have at most {MAX_COMPONENTS} components."
        problems.append((prefix, "COMPONENTS_TOO_MANY", many))
    if text > MAX_TEXT:
        long = f"Text displays may total at most {MAX_TEXT} characters."
        problems.append((prefix, "COMPONENTS_TEXT_TOO_LONG", long))
    return problems


def _section_problems(section: dict[str, Any], path: list[str | int]) -> list[Problem]:
    problems: list[Problem] = []
    texts = section.get("components") or []
    if not 1 <= len(texts) <= MAX_SECTION_TEXTS:
        problems.append(_too_long([*path, "components"], MAX_SECTION_TEXTS))
    for index, child in enumerate(texts):
        if child.get("type") != comp.TEXT_DISPLAY:
            where = [*path, "components", index]
            problems.append((where, "UNION_TYPE_CHOICES", _types((comp.TEXT_DISPLAY,))))
    accessory = section.get("accessory")
    allowed = (comp.BUTTON, comp.THUMBNAIL)
    if not isinstance(accessory, dict) or accessory.get("type") not in allowed:
        problems.append(([*path, "accessory"], "UNION_TYPE_CHOICES", _types(allowed)))
    return problems


def legacy_field_problems(content: str, embeds: list[Any]) -> list[Problem]:
    """A message with IS_COMPONENTS_V2 carries neither content nor embeds."""
    problems: list[Problem] = []
    for field, value in (("content", content), ("embeds", embeds)):
        if value:
            problems.append(
                (
                    [field],
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
            )
    return problems


def _embed_size(embed: dict[str, Any]) -> int:
    size = len(str(embed.get("title") or "")) + len(str(embed.get("description") or ""))
    for field in embed.get("fields") or []:
        size += len(str(field.get("name") or "")) + len(str(field.get("value") or ""))
    size += len(str((embed.get("footer") or {}).get("text") or ""))
    size += len(str((embed.get("author") or {}).get("name") or ""))
    return size


def is_empty(body: dict[str, Any], has_files: bool) -> bool:
    keys = ("content", "embeds", "components", "sticker_ids", "poll")
    return not has_files and not any(body.get(k) for k in keys)


def check_message(
    body: dict[str, Any], *, prefix: list[str | int] | None = None, creating: bool, files: int
) -> None:
    problems = message_problems(body, prefix or [])
    if problems:
        raise form_error(problems)
    if creating and is_empty(body, files > 0):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_files(sizes: list[int]) -> None:
    if any(size > MAX_FILE_SIZE for size in sizes):
        raise too_large()
    if len(sizes) > MAX_FILES:
        raise form_error([_too_long(["files"], MAX_FILES)])


def check_modal(data: dict[str, Any]) -> None:
    problems: list[Problem] = []
    if len(str(data.get("title") or "")) > MAX_MODAL_TITLE:
        problems.append(_too_long(["data", "title"], MAX_MODAL_TITLE))
    rows = data.get("components") or []
    if len(rows) > MAX_MODAL_ROWS:
        problems.append(_too_long(["data", "components"], MAX_MODAL_ROWS))
    custom_id = str(data.get("custom_id") or "")
    if len(custom_id) > MAX_CUSTOM_ID:
        problems.append(_too_long(["data", "custom_id"], MAX_CUSTOM_ID))
    if problems:
        raise form_error(problems)


def check_commands(commands: list[dict[str, Any]]) -> None:
    """Discord's own checks on a command list: unique names, required options first."""
    problems: list[Problem] = []
    seen: set[tuple[str, int]] = set()
    for index, command in enumerate(commands):
        key = (str(command.get("name")), int(command.get("type") or 1))
        if key in seen:
            problems.append(
                (
                    [index, "name"],
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique: {key[0]}",
                )
            )
        seen.add(key)
        if key[1] == 1:
            problems.extend(_name_problems(command, [index]))
        problems.extend(_option_problems(command.get("options") or [], [index, "options"]))
    if problems:
        raise form_error(problems)


def _name_problems(item: dict[str, Any], prefix: list[str | int]) -> list[Problem]:
    """Slash command and option names, localized ones too: 1-32 lowercase letters,
    digits, - _ or '."""
    problems: list[Problem] = []
    name = str(item.get("name") or "")
    if not (COMMAND_NAME.match(name) and name == name.lower()):
        problems.append(
            ([*prefix, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        )
    for locale, localized in (item.get("name_localizations") or {}).items():
        text = str(localized or "")
        if not (COMMAND_NAME.match(text) and text == text.lower()):
            problems.append(
                (
                    [*prefix, "name_localizations", locale],
                    "APPLICATION_COMMAND_INVALID_NAME",
                    "Command name is invalid",
                )
            )
    return problems


def _option_problems(options: list[dict[str, Any]], prefix: list[str | int]) -> list[Problem]:
    problems: list[Problem] = []
    optional_seen = False
    for index, option in enumerate(options):
        problems.extend(_name_problems(option, [*prefix, index]))
        if option.get("type") in (1, 2):
            problems.extend(_option_problems(option.get("options") or [], [*prefix, index]))
            continue
        if option.get("required"):
            if optional_seen:
                problems.append(
                    (
                        [*prefix, index, "required"],
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            optional_seen = True
    return problems
