"""Every word people read comes from the catalog, in the reader's language: tables,
panels (and their steps), announcements, DMs, reminders, results, every picture's
drawn text and its description, rendered with a catalog that marks each sentence
with its language. Nothing may be left outside the marks but player names, numbers,
board codes, mentions, timestamps, emoji and punctuation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.discord.ui import Button, Section, controls
from games.engine import AnyGame
from tests.conformance.screens import Shown, explore, names, notices_of, readers
from tests.conformance.support import Case, cases, playout, sample
from tests.support.marked import languages, marked_catalog, record_drawn_text, unmarked

CASES = cases(seeds=(2,), per_game=1)
STATES = 1
LANGUAGES = ("de", "en")


def texts(shown: Shown) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of a screen people read."""
    screen = shown.screen
    yield "content", screen.content
    yield "embed title", screen.embed_title or ""
    yield "embed text", screen.embed_text or ""
    for picture in screen.pictures:
        yield f"alt text of {picture.name}", picture.description
    for block in screen.blocks:
        if isinstance(block, str):
            yield "text", block
        elif isinstance(block, Section):
            for text in block.texts:
                yield "section text", text
    for control in controls(screen):
        if isinstance(control, Button):
            yield "button", control.label
        else:
            yield "placeholder", control.placeholder
            for option in control.options:
                yield "option", option.label
                yield "option description", option.description or ""


def screens(game: AnyGame, case: Case, locale: str) -> Iterator[Shown]:
    run = playout(case)
    for state in sample(run, STATES):
        yield from explore(game, state, readers(game, state), 2, locale)
    yield from notices_of(game, run, locale)


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("case", CASES)
def test_every_word_on_screen_and_in_pictures_comes_from_the_catalog(
    case: Case, locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_catalog(monkeypatch)
    drawn = record_drawn_text(monkeypatch)
    players = [*names(case.seats), case.game.name]  # names: the same in every language
    found: list[str] = []
    for shown in screens(case.game, case, locale):
        items = list(texts(shown))
        items += [("drawn in a picture", text) for text in drawn]
        drawn.clear()
        for what, text in items:
            if not text:
                continue
            stray = unmarked(text, players)
            if stray:
                found.append(f"{shown.where}, {what}: not from the catalog: {stray!r}")
            foreign = languages(text) - {locale}
            if foreign:
                found.append(f"{shown.where}, {what}: in {sorted(foreign)}: {text[:80]!r}")
    assert not found, f"{case} in {locale}:\n" + "\n".join(sorted(set(found))[:15])
