"""The message catalog: every sentence people read, keyed by locale.

Each package may carry `locales/<locale>.toml` files (the bot's in `bot/locales`,
each game's in `games/<game>/locales`). Their tables are flattened into dotted keys
(`[lobby] joined = "..."` becomes `lobby.joined`) and merged into one catalog per
locale. A translation is a data change: add `de.toml` files beside the `en.toml` ones.
Missing keys fall back to English; a key missing there too shows itself in brackets.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_LOCALE = "en"
_ROOTS = [Path(__file__).parent, Path(__file__).parent.parent / "games"]


def add_root(folder: Path) -> None:
    """Also read `folder/locales` and `folder/*/locales` (a game from outside `games/`)."""
    if folder not in _ROOTS:
        _ROOTS.append(folder)
        catalogs.cache_clear()


def _locale_files() -> Iterator[Path]:
    for root in _ROOTS:
        yield from sorted(root.glob("locales/*.toml"))
        yield from sorted(root.glob("*/locales/*.toml"))


def _flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


@cache
def catalogs() -> dict[str, dict[str, str]]:
    """Every locale's sentences by key."""
    result: dict[str, dict[str, str]] = {}
    for path in _locale_files():
        with path.open("rb") as handle:
            entries = dict(_flatten(tomllib.load(handle)))
        merged = result.setdefault(path.stem, {})
        clash = merged.keys() & entries.keys()
        if clash:
            raise RuntimeError(f"{path} redefines {sorted(clash)}")
        merged.update(entries)
    return result


def language(locale: str | None) -> str:
    """The catalog locale for a Discord locale such as 'en-US' or 'de'."""
    if not locale:
        return DEFAULT_LOCALE
    known = catalogs()
    if locale in known:
        return locale
    base = locale.split("-")[0]
    return base if base in known else DEFAULT_LOCALE


class _Blank(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def plural_form(count: Any) -> str:
    """The plural form of a count: English and German both say 'one' for 1 only."""
    return "one" if count == 1 else "other"


def _template(key: str, locale: str | None, params: Mapping[str, Any]) -> str | None:
    catalog = catalogs().get(language(locale), {})
    template = catalog.get(key)
    if template is None and f"{key}.other" in catalog:  # a sentence with plural forms
        template = catalog.get(f"{key}.{plural_form(params.get('count'))}")
    return template


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for `key` in `locale`, with `params` filled in.

    A sentence whose wording depends on a number has plural forms, chosen by its
    `count` parameter: a table `[x.cards]` with `one = "{count} card"` and
    `other = "{count} cards"` gives "3 cards" for the key `x.cards` and count 3.
    """
    template = _template(key, locale, params) or _template(key, DEFAULT_LOCALE, params)
    return (template or f"[{key}]").format_map(_Blank(params))


def has(key: str) -> bool:
    english = catalogs()[DEFAULT_LOCALE]
    return key in english or f"{key}.other" in english
