from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.i18n import catalogs, language, t
from games import registry

ROOT = Path(__file__).resolve().parents[2]


def test_sentences_fill_their_parameters_and_fall_back_to_english() -> None:
    assert t("lobby.full", "en", max=4) == "The game is full (4 players)."
    assert language("en-US") == "en" and language(None) == "en"


def test_a_missing_key_shows_itself() -> None:
    assert t("nowhere.nothing") == "[nowhere.nothing]"


def test_every_key_the_code_names_is_in_the_english_catalog() -> None:
    english = catalogs()["en"]
    pattern = re.compile(
        r"""(?:Refused|IllegalAction|say|t|Event)\(\s*(?:[a-z_]+,\s*)*(?:key=)?["']([a-z_]+\.[a-z_.]+)["']"""
    )
    missing = set()
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("games/**/*.py")]:
        if "double" in path.parts:
            continue
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            if key not in english:
                missing.add(f"{path.relative_to(ROOT)}: {key}")
    assert not missing, sorted(missing)


def test_every_offered_game_has_a_rules_summary_that_fits_a_message() -> None:
    for game in registry.offered():
        text = t(f"{game.id}.rules")
        assert not text.startswith("[") and len(text) < 1900


def test_german_is_a_data_change_and_never_invents_keys() -> None:
    german, english = catalogs()["de"], catalogs()["en"]
    assert t("lobby.full", "de", max=4) == "Das Spiel ist voll (4 Spieler)."
    assert t("race.won", "de", player="Ana") == t("race.won", "en", player="Ana")  # fallback
    assert set(german) <= set(english)
    for key, sentence in german.items():
        fields = set(re.findall(r"{(\w+)}", sentence))
        assert fields == set(re.findall(r"{(\w+)}", english[key])), key


def test_plural_forms_follow_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    english = {"x.cards.one": "{count} card", "x.cards.other": "{count} cards"}
    german = {"x.cards.one": "{count} Karte", "x.cards.other": "{count} Karten"}
    monkeypatch.setattr("bot.i18n.catalogs", lambda: {"en": english, "de": german})
    assert [t("x.cards", "en", count=n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [t("x.cards", "de", count=n) for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
