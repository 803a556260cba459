"""Hostile display names: every game's tables, panels, notices and results, with
players named like links, mentions, markup and control characters, as the host keeps
such names (`bot.core.names.clean_name`). Every picture is drawn, no text shows a
name's markup as markup, no label or picture shows the escaping, and the escaped
names keep every screen within Discord's limits."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.core.names import clean_name
from bot.discord.ui import Button, Section, controls
from tests.conformance.screens import Shown, explore, notices_of, problems, readers
from tests.conformance.support import Case, cases, playout, sample
from tests.support.marked import record_drawn_text

HOSTILE = (
    "[Free Nitro](https://evil.example/x)",
    "<@&1> @everyone",
    "a\u2029b\x1c\x1d\x1e\u0085\n\r",
    "**bold** _x_ ||spoiler|| `code`",
    "[Nitro](https://evil.example/x)",  # a whole masked link within 32 characters
    "# Big <t:1:R> <#1> </help:1>",
)
# A name's markup, not escaped: a masked link, a link, a mention, a timestamp,
# emphasis, a spoiler, code, a heading.
MARKUP = re.compile(
    r"(?<!\\)(\[(Free )?Nitro\]|https:|<@&1>|@everyone|<t:1:R>|<#1>|</help|\*\*bold|_x_|\|\|spo"
    r"|`code|# Big)"
)
ESCAPED = re.compile(r"\\[!-/:-@\[-`{-~]")  # a backslash before ASCII punctuation

CASES = cases(seeds=(1,), per_game=2)


def players(seats: int) -> list[str]:
    return [clean_name(HOSTILE[seat % len(HOSTILE)]) for seat in range(seats)]


@cache
def shown(case: Case) -> list[Shown]:
    game, run = case.game, playout(case)
    names = players(case.seats)
    found: list[Shown] = []
    for state in sample(run, 2):
        found += explore(game, state, readers(game, state), 3, players=names)
    return found + notices_of(game, run, players=names)


def texts(shown: Shown) -> list[str]:
    """What shows markup: a message's text displays (content, the card's words, its
    blocks' texts and sections' texts)."""
    screen = shown.screen
    found = [screen.content, screen.embed_title or "", screen.embed_text or ""]
    for block in screen.blocks:
        if isinstance(block, str):
            found.append(block)
        elif isinstance(block, Section):
            found += block.texts
    return found


def plain(shown: Shown) -> list[str]:
    """What shows no markup: labels, placeholders and alt texts."""
    screen = shown.screen
    found = [p.description for p in screen.pictures]
    for control in controls(screen):
        if isinstance(control, Button):
            found.append(control.label)
        else:
            found += [control.placeholder, *(o.label for o in control.options)]
            found += [o.description or "" for o in control.options]
    return found


@pytest.mark.parametrize("case", CASES)
def test_names_are_clean_for_pictures(case: Case) -> None:
    for name in players(case.seats):
        assert name.isprintable() and name == name.strip() and 0 < len(name) <= 32


@pytest.mark.parametrize("case", CASES)
def test_hostile_names_draw_and_show_as_typed(case: Case, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    screens = shown(case)  # every picture drawn (Pillow refuses some characters)
    assert screens
    found = []
    for one in screens:
        found += [f"{one.where}: {m[0]!r}" for t in texts(one) for m in MARKUP.finditer(t)]
        found += [f"{one.where}: escaped {t!r}" for t in plain(one) if ESCAPED.search(t)]
        found += [f"{one.where}: {p}" for p in problems(case.game, one)]  # escaped: longer
    found += [f"drawn: {t!r}" for t in drawn if ESCAPED.search(t)]
    assert not found, f"{case}:\n" + "\n".join(sorted(set(found))[:12])
