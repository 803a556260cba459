"""Pictures (table and reveal) and the catalog sentences."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import has, t
from games.lupusburg import GAME
from games.lupusburg.pictures import picture, reveal, table

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
    assert 800 <= image.width <= 1100 and text.startswith("Lupusburg")
    public = image.tobytes()
    for seat in range(players):  # a seat's view draws exactly the public picture
        assert table(GAME.view(state, seat), english)[0].tobytes() == public
    assert not re.search(r"werewolf|thief|townsfolk|chest|coin \d", text.lower())


def test_table_description_names_the_public_facts(lb) -> None:
    state = lb.night(lb.new(5), claw=1)
    _, text = table(GAME.view(state, None), english, list(lb.NAMES[:5]))
    assert "Burgomaster A Andrew" in text and "the claw points at A2" in text
    assert "out of play: A2" in text


def test_reveal_shows_every_character_and_the_scores(lb) -> None:
    state = lb.finish(lb.setup(6, seed=2))
    view = GAME.view(state, None)
    image, text = reveal(view, english, list(lb.NAMES[:6]))
    record = state.records[-1]
    assert image.width == 1000 and image.height > 1000
    wolf = "ABCDEF"[record.werewolf]
    assert f"Werewolf {wolf}" in text and "chests in" in text
    assert picture(view, english)[1] == reveal(view, english)[1]  # the series is over: the reveal
    with pytest.raises(ValueError):
        reveal(GAME.view(lb.setup(4), None), english)


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
