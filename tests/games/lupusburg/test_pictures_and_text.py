"""Pictures (table and reveal), how they read on a phone and a desktop, and the catalog
sentences."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageDraw

from bot.i18n import has, t
from games.lupusburg import GAME
from games.lupusburg.pictures import picture, reveal, table
from games.pictures import WIDTH, name_letters, to_png
from tests.pictures import drawn as recorded
from tests.pictures.rules import broken

PACKAGE = Path(__file__).parents[3] / "games" / "lupusburg"


def english(key: str, **params: Any) -> str:
    return t(key, "en", **params)


def german(key: str, **params: Any) -> str:
    return t(key, "de", **params)


def midgame(players: int, seed: int, phase: str, day: int = 2):
    """A random game run (random legal actions) until `phase` on day `day`."""
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.parse_options({}), seed)
    while GAME.result(state) is None:
        if state.phase == phase and state.day >= day:
            return state
        active = sorted(GAME.active(state))
        if not active or state.phase in ("thief", "werewolf") or rng.random() < 0.1:
            state, _ = GAME.expire(state)
            continue
        seat = rng.choice(active)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_table_shows_no_secret(players: int) -> None:
    state = midgame(players, seed=players, phase="second_vote", day=1)
    assert state.phase == "second_vote"
    image, text = table(GAME.view(state, None), english)
    assert image.width == WIDTH and image.height < image.width and text.startswith("Lupusburg")
    public = image.tobytes()
    for seat in range(players):  # a seat's view draws exactly the public picture
        assert table(GAME.view(state, seat), english)[0].tobytes() == public
    assert not re.search(r"werewolf [a-h]\b|thief|townsfolk|chest|coin \d", text.lower())


def test_table_description_names_the_public_facts(lb) -> None:
    state = lb.night(lb.new(5), claw=1)
    names = list(lb.NAMES[:5])
    _, text = table(GAME.view(state, None), english, names, name_letters(names))
    assert "players clockwise: A Andrew, B Bea, C Carl, D David, E Emma" in text
    assert "Burgomaster Andrew" in text and "the claw points at A2" in text
    assert "slain by the Werewolf: A2" in text and "8 coins in the bag" in text
    state = lb.all_done(lb.first_vote(lb.all_done(lb.to_discussion(state)), [2, 6] * 4 + [2, 4]))
    _, text = table(GAME.view(state, None), english, names, name_letters(names))
    assert "first-vote tokens: B1 5 tokens, D1 4 tokens, C1 1 token" in text
    assert "suspects B1 and D1" in text


def test_houses_are_marked_by_their_owners_names(lb) -> None:
    """Ben sits first and Ana second: Ben's houses are B1 and B2, in the picture, its
    description and on screen; clashing initials take a second letter."""
    state = lb.night(lb.new(4), claw=1)
    drawn: list[tuple[str, int]] = []
    names = ["Ben", "Ana", "Anke", "Cleo"]
    with record_fonts(drawn):
        _, text = table(GAME.view(state, None), english, names, name_letters(names))
    texts = {t for t, _ in drawn}
    assert {"B1", "B2", "An1", "An2", "Ak1", "Ak2", "C1", "C2"} <= texts
    assert {"B", "An", "Ak", "C"} <= texts  # beside each player's colour
    assert "A1" not in texts and "the claw points at B2" in text


@pytest.mark.parametrize(("players", "locale"), [(8, "en"), (8, "de"), (5, "de")])
def test_the_pictures_read_on_a_phone_and_a_desktop(players: int, locale: str) -> None:
    """As a phone (320 px wide) and a desktop (at most 550 x 350) show them, no text in
    either picture is below 12 px and 11 px: every state of a game, long names, a series."""
    names = [f"Player {seat + 1} with a very long nam"[:32] for seat in range(players)]
    letters = name_letters(names)

    def say(key: str, **params: Any) -> str:
        return t(key, locale, **params)

    rng = random.Random(players)
    state = GAME.setup(players, GAME.parse_options({"series": 2}), players)
    kinds = set()
    with recorded.recording():
        while GAME.result(state) is None:
            view = GAME.view(state, None)
            if view.phase not in kinds or rng.random() < 0.1:
                kinds.add(view.phase)
                image, _ = picture(view, say, names, letters)
                assert broken(to_png(image)) == [], view.phase
            if view.previous is not None and view.previous.number == 1 and state.game == 1:
                image, _ = reveal(view, say, names, letters)
                assert broken(to_png(image)) == []
            active = sorted(GAME.active(state))
            if not active or rng.random() < 0.1:
                state, _ = GAME.expire(state)
            else:
                seat = rng.choice(active)
                state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        image, _ = picture(GAME.view(state, None), say, names, letters)
        assert broken(to_png(image)) == []
    assert len(kinds) >= 10


def test_reveal_shows_every_character_and_the_scores(lb) -> None:
    state = lb.finish(lb.setup(6, seed=2))
    view = GAME.view(state, None)
    drawn: list[tuple[str, int]] = []
    with record_fonts(drawn):
        image, text = reveal(view, english, list(lb.NAMES[:6]))
    record = state.records[-1]
    assert image.width == WIDTH and image.height < image.width
    wolf = lb.NAMES[record.werewolf]
    assert f"Werewolf {wolf}" in text and "chests in" in text
    texts = [t for t, _ in drawn]
    assert {"Wolf", "Thief", "Town"} <= set(texts)
    scores = [str(score.total) for score in record.scores]  # one per player's card
    assert all(texts.count(n) >= scores.count(n) for n in scores)
    assert picture(view, english)[1] == reveal(view, english)[1]  # the series is over: the reveal
    with pytest.raises(ValueError):
        reveal(GAME.view(lb.setup(4), None), english)


@contextmanager
def record_fonts(drawn: list[tuple[str, int]]) -> Iterator[None]:
    """Every string drawn meanwhile, with its font size."""
    original = ImageDraw.ImageDraw.text

    def recording(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
        drawn.append((str(text), kw["font"].size))
        original(self, xy, text, *args, **kw)

    ImageDraw.ImageDraw.text = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]


def test_every_key_has_a_sentence_and_the_rules_fit() -> None:
    source = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    keys = set(re.findall(r'"(lupusburg\.[a-z_]+)"', source))
    keys |= {
        f"lupusburg.{kind}_{role}"
        for kind in ("peek", "shown")
        for role in ("werewolf", "thief", "townsfolk")
    }
    keys.add("lupusburg.peek_townsfolk_chest")
    missing = sorted(k for k in keys if not has(k))
    assert not missing
    with (PACKAGE / "locales" / "en.toml").open("rb") as handle:
        rules = tomllib.load(handle)["lupusburg"]["rules"]
    assert len(rules) < 1800
    for decision in ("Burgomaster", "Time-outs", "full time", "second vote"):
        assert decision.lower() in rules.lower()
