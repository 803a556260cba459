"""Answering an interaction: acknowledge in time, refuse with a sentence, never crash."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.core.errors import Refused
from bot.core.store import StoreBusy
from bot.discord.echoless import follow_up
from bot.discord.ui import Screen, send_kwargs
from bot.i18n import t

log = logging.getLogger(__name__)


def locale_of(interaction: discord.Interaction) -> str:
    return str(interaction.locale.value) if interaction.locale else "en"


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral sentence for the user, whether or not we answered already."""
    await show(interaction, Screen(content=text))


async def show(interaction: discord.Interaction, screen: Screen) -> int | None:
    """An ephemeral screen (a private panel) for the user; its message id when known
    (a follow-up's)."""
    kwargs: dict[str, Any] = send_kwargs(screen)
    kwargs.pop("allowed_mentions", None)
    if interaction.response.is_done():
        return await follow_up(interaction, **kwargs)
    await interaction.response.send_message(ephemeral=True, **kwargs)
    return None


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run `work`; a refusal or a failure becomes an ephemeral sentence."""
    locale = locale_of(interaction)
    try:
        await work()
    except Refused as refusal:
        await _safe_tell(interaction, t(refusal.key, locale, **refusal.params))
    except StoreBusy as busy:  # a read that could not wait (the database is away)
        await _safe_tell(interaction, t(busy.key, locale))
    except discord.Forbidden as error:
        log.warning("missing permission: %s", error)
        await _safe_tell(interaction, t(_refused_by_discord(error), locale))
    except Exception:
        # The control, never its chosen values (a peek, a claw, a vote are secrets).
        data: dict[str, Any] = dict(interaction.data or {})
        control = data.get("custom_id") or data.get("name")
        log.exception("interaction on %s failed", control)
        await _safe_tell(interaction, t("host.error", locale))


def _refused_by_discord(error: discord.Forbidden) -> str:
    """The sentence for a request Discord refused: a missing access or permission in
    the channel (codes 50001, 50013), or anything else it forbids."""
    return "host.missing_access" if error.code in (50001, 50013) else "host.forbidden"


def listed(items: Sequence[str], locale: str | None) -> str:
    """'a, b and c' in the reader's language."""
    if len(items) < 2:
        return "".join(items)
    return t("words.and", locale, first=", ".join(items[:-1]), last=items[-1])


async def _safe_tell(interaction: discord.Interaction, text: str) -> None:
    try:
        await tell(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)
