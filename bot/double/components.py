"""Walking message and modal components (action rows, containers, sections, labels)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
SELECTS = frozenset({STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT})
CONTROLS = SELECTS | {BUTTON}

Component = dict[str, Any]


def walk(components: list[Component] | None) -> Iterator[Component]:
    """Every component, depth first, including those nested in rows, containers and labels."""
    for component in components or []:
        yield component
        yield from walk(component.get("components"))
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk([child])


def walk_paths(
    components: list[Component] | None, prefix: list[str | int]
) -> Iterator[tuple[list[str | int], Component]]:
    """Like `walk`, with each component's path in the request body (for error answers)."""
    for index, component in enumerate(components or []):
        path = [*prefix, index]
        yield path, component
        yield from walk_paths(component.get("components"), [*path, "components"])
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield [*path, key], child
                yield from walk_paths(child.get("components"), [*path, key, "components"])


def media_urls(components: list[Component] | None) -> list[dict[str, Any]]:
    """The media objects (`{"url": ...}`) of galleries, thumbnails and files."""
    found: list[dict[str, Any]] = []
    for component in walk(components):
        kind = component.get("type")
        if kind == MEDIA_GALLERY:
            found += [i["media"] for i in component.get("items") or [] if isinstance(i, dict)]
        elif kind == THUMBNAIL and isinstance(component.get("media"), dict):
            found.append(component["media"])
        elif kind == FILE and isinstance(component.get("file"), dict):
            found.append(component["file"])
    return [media for media in found if isinstance(media, dict)]


def texts(components: list[Component] | None, *, in_containers: bool = True) -> list[str]:
    """The text displays' contents, in order (`in_containers`: also those in containers)."""
    found: list[str] = []
    for component in components or []:
        kind = component.get("type")
        if kind == TEXT_DISPLAY:
            found.append(str(component.get("content") or ""))
        elif kind == SECTION or (kind == CONTAINER and in_containers):
            found += texts(component.get("components"))
    return found


def buttons(components: list[Component] | None) -> list[Component]:
    return [c for c in walk(components) if c.get("type") == BUTTON]


def selects(components: list[Component] | None) -> list[Component]:
    return [c for c in walk(components) if c.get("type") in SELECTS]


def modal_fields(components: list[Component] | None) -> list[tuple[Component, str | None]]:
    """Fields of a modal (text inputs, and selects inside Labels) with each one's label."""
    found: list[tuple[Component, str | None]] = []
    for component in walk(components):
        if component.get("type") == LABEL:
            child = component.get("component") or {}
            if child.get("type") == TEXT_INPUT or child.get("type") in SELECTS:
                found.append((child, component.get("label")))
        elif component.get("type") == ACTION_ROW:
            for child in component.get("components") or []:
                if child.get("type") == TEXT_INPUT:
                    found.append((child, child.get("label")))
    return found


def text_inputs(components: list[Component] | None) -> list[tuple[Component, str | None]]:
    """The text inputs of a modal with the label shown for each."""
    return [(c, label) for c, label in modal_fields(components) if c.get("type") == TEXT_INPUT]


def button_label(button: Component) -> str:
    label = button.get("label")
    if label:
        return str(label)
    emoji = button.get("emoji") or {}
    return str(emoji.get("name") or button.get("custom_id") or "?")


def describe_buttons(components: list[Component] | None) -> str:
    names = [repr(button_label(b)) for b in buttons(components)]
    return ", ".join(names) if names else "no buttons"


def find_button(
    components: list[Component], label: str | None, custom_id: str | None, message_id: int
) -> Component:
    """The button a user means: by exact label, then case-insensitive label, or custom_id."""
    candidates = buttons(components)
    if custom_id is not None:
        matches = [b for b in candidates if b.get("custom_id") == custom_id]
    else:
        wanted = (label or "").strip()
        matches = [b for b in candidates if button_label(b) == wanted]
        if not matches:
            matches = [b for b in candidates if button_label(b).lower() == wanted.lower()]
    if not matches:
        raise LookupError(
            f"no button {label or custom_id!r} on message {message_id}; "
            f"buttons: {describe_buttons(components)}"
        )
    button = matches[0]
    if button.get("disabled"):
        raise PermissionError(f"button {button_label(button)!r} is disabled")
    if "custom_id" not in button:
        raise ValueError(f"button {button_label(button)!r} is a link, not an interaction")
    return button


def find_select(
    components: list[Component], custom_id: str | None, placeholder: str | None, message_id: int
) -> Component:
    menus = selects(components)
    if custom_id is not None:
        menus = [m for m in menus if m.get("custom_id") == custom_id]
    if placeholder is not None:
        menus = [m for m in menus if m.get("placeholder") == placeholder]
    if not menus:
        shown = [(m.get("custom_id"), m.get("placeholder")) for m in selects(components)]
        raise LookupError(f"no such select on message {message_id}; selects: {shown}")
    if len(menus) > 1:
        raise LookupError("several selects match: pass custom_id= or placeholder=")
    if menus[0].get("disabled"):
        raise PermissionError("that select is disabled")
    return menus[0]


def option_value(menu: Component, value: Any) -> str:
    for option in menu.get("options") or []:
        if value in (option.get("value"), option.get("label")):
            return str(option["value"])
    shown = [o.get("label") for o in menu.get("options") or []]
    raise ValueError(f"{value!r} is not an option of select {menu['custom_id']!r}: {shown}")


def modal_answers(
    components: list[Component], given: dict[str, Any], title: str
) -> list[Component]:
    """The `components` of a modal submit, mirroring the modal's layout.

    `given` maps a field's custom_id or label to its text (text inputs) or to a list of
    option values or labels (selects inside Labels).
    """
    fields = modal_fields(components)
    answered: dict[str, Any] = {}
    for key, value in given.items():
        match = next((c for c, label in fields if key in (c.get("custom_id"), label)), None)
        if match is None:
            known = [(c.get("custom_id"), shown) for c, shown in fields]
            raise LookupError(f"modal {title!r} has no field {key!r}; fields: {known}")
        answered[match["custom_id"]] = value
    for component, label in fields:
        if component.get("required", True) and component["custom_id"] not in answered:
            raise ValueError(f"modal field {label or component['custom_id']!r} is required")
    answers: list[Component] = []
    for component in components:
        if component.get("type") == LABEL:
            child = component.get("component") or {}
            answers.append({"type": LABEL, "component": _answer(child, answered)})
        elif component.get("type") == ACTION_ROW:
            row = [
                _answer(c, answered)
                for c in component.get("components") or []
                if c.get("type") == TEXT_INPUT
            ]
            answers.append({"type": ACTION_ROW, "components": row})
    return answers


def _answer(field: Component, answered: dict[str, Any]) -> Component:
    custom_id = field.get("custom_id", "")
    answer: Component = {"type": field.get("type"), "custom_id": custom_id}
    if field.get("type") == STRING_SELECT:
        chosen = answered.get(custom_id) or []
        chosen = [chosen] if isinstance(chosen, str) else list(chosen)
        answer["values"] = [option_value(field, v) for v in chosen]
    elif field.get("type") in SELECTS:
        chosen = answered.get(custom_id) or []
        answer["values"] = [str(v) for v in ([chosen] if isinstance(chosen, str) else chosen)]
    else:
        answer["value"] = str(answered.get(custom_id, ""))
    return answer
