"""Slash commands in every language the catalog speaks.

Command, option and choice strings are `locale_str(english, key=...)`: the English text
is what Discord shows by default (it comes from the English catalog), the key names the
catalog sentence. On sync, discord.py asks `CatalogTranslator` for each Discord locale;
it answers from the catalog of that locale (German for `de`) and gives no localization
for English, for locales without a catalog, and while a key is missing.

Keys: `command.<cmd>.name` / `.description` for the host's commands (and
`command.<cmd>.option.<option>.*` for their options, such as /newgame's `language`),
`<game>.command` for a /newgame subcommand, and
`<game>.option.<field>.name` / `.description` / `.choice.<value>` for a game's options
(`option.<field>.*` for the host's own, such as `pings`).
"""

from __future__ import annotations

import logging
import unicodedata
from typing import Literal

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LOCALE, catalogs, has, language, t

log = logging.getLogger(__name__)

MAX_NAME = 32
MAX_TEXT = 100  # descriptions and choice names
Kind = Literal["name", "text"]
_NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names, localized ones included:
    1-32 lowercase letters (any script), digits, '-' or '_'."""
    if not 1 <= len(name) <= MAX_NAME or name != name.lower():
        return False
    return all(_name_char(c) for c in name)


def _name_char(char: str) -> bool:
    if char in "-_" or unicodedata.category(char)[0] in "LN":
        return True
    script = unicodedata.name(char, "").split(" ")[0]
    return script in ("DEVANAGARI", "THAI")  # their marks too (\p{sc=Deva}, \p{sc=Thai})


def valid_text(text: str) -> bool:
    return 1 <= len(text) <= MAX_TEXT


def english(key: str, fallback: str) -> str:
    """The English catalog's sentence for `key`, or `fallback` while it has none."""
    return t(key, DEFAULT_LOCALE) if has(key) else fallback


def text(english_text: str, key: str) -> app_commands.locale_str:
    """A command string Discord shows: English by default, translated by `key`."""
    return app_commands.locale_str(english_text, key=key)


def localized(key: str, discord_locale: str, kind: Kind) -> str | None:
    """The catalog's translation of `key` for a Discord locale, or None: for English,
    a locale without a catalog, a missing key, or one that breaks Discord's rules."""
    catalog_locale = language(discord_locale)
    if catalog_locale == DEFAULT_LOCALE:
        return None
    found = catalogs().get(catalog_locale, {}).get(key)
    if found is None:
        return None
    ok = valid_name(found) if kind == "name" else valid_text(found)
    if not ok:
        log.warning("%s translation of %s breaks Discord's rules: %r", discord_locale, key, found)
        return None
    return found


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if not isinstance(key, str):
            return None  # a string with no catalog key (discord.py wraps every string)
        kind: Kind = "name" if context.location in _NAMES else "text"
        return localized(key, str(locale.value), kind)
