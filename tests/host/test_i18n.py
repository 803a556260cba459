"""The catalogs: every sentence in English and German, with the same keys and placeholders.

`python -m tests.host.test_i18n` prints how many strings each catalog file has per language.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.discord.commands import literal_values
from bot.discord.translator import localized, valid_name, valid_text
from bot.i18n import catalogs, has, language, t
from games import registry
from games.engine import option_key

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "de")
PLURAL_FORMS = {"one", "other"}


def catalog_folders() -> list[Path]:
    """Every folder with an English catalog: the bot's, each game's, the example game's."""
    found = [*ROOT.glob("bot/locales/en.toml"), *ROOT.glob("games/*/locales/en.toml")]
    found += ROOT.glob("bot/*/locales/en.toml")
    found += ROOT.glob("tests/support/*/locales/en.toml")
    return sorted(path.parent for path in found)


def _flatten(table: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


def entries(path: Path) -> dict[str, str]:
    """A catalog file's sentences by dotted key (plural forms as `key.one`, `key.other`)."""
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        return dict(_flatten(tomllib.load(handle)))


def placeholders(sentence: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", sentence))


def string_counts() -> dict[str, dict[str, int]]:
    """Strings per catalog folder and language (each plural form counts once)."""
    return {
        str(folder.relative_to(ROOT)): {
            locale: len(entries(folder / f"{locale}.toml")) for locale in LANGUAGES
        }
        for folder in catalog_folders()
    }


def test_sentences_fill_their_parameters_and_fall_back_to_english() -> None:
    assert t("lobby.full", "en", max=4) == "The game is full (4 players)."
    assert t("lobby.full", "de", max=4) == "Das Spiel ist voll (4 Spieler)."
    assert language("en-US") == "en" and language(None) == "en" and language("de") == "de"


def test_a_missing_key_shows_itself() -> None:
    assert t("nowhere.nothing") == "[nowhere.nothing]"


def test_every_key_the_code_names_is_in_the_english_catalog() -> None:
    pattern = re.compile(
        r"""(?:Refused|IllegalAction|say|t|Event)\(\s*(?:[a-z_]+,\s*)*(?:key=)?["']([a-z_]+\.[a-z_.]+)["']"""
    )
    missing = set()
    for path in [*ROOT.glob("bot/**/*.py"), *ROOT.glob("games/**/*.py")]:
        if "double" in path.parts:
            continue
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            if not has(key):
                missing.add(f"{path.relative_to(ROOT)}: {key}")
    assert not missing, sorted(missing)


def test_every_offered_game_has_a_rules_summary_that_fits_a_message() -> None:
    for game in registry.offered():
        for locale in LANGUAGES:
            text = t(f"{game.id}.rules", locale)
            assert not text.startswith("[") and len(text) < 1900


@pytest.mark.parametrize(
    "folder", catalog_folders(), ids=lambda folder: str(folder.relative_to(ROOT))
)
def test_german_has_exactly_the_english_keys_and_placeholders(folder: Path) -> None:
    """German is required: each en.toml has a de.toml with the same keys (plural forms
    included) and the same placeholders in each sentence, and nothing more."""
    english, german = entries(folder / "en.toml"), entries(folder / "de.toml")
    where = folder.relative_to(ROOT)
    assert (folder / "de.toml").exists(), f"{where}/de.toml is missing"
    problems = [f"only in English: {key}" for key in sorted(english.keys() - german.keys())]
    problems += [f"only in German: {key}" for key in sorted(german.keys() - english.keys())]
    for key in sorted(english.keys() & german.keys()):
        if placeholders(english[key]) != placeholders(german[key]):
            en, de = sorted(placeholders(english[key])), sorted(placeholders(german[key]))
            problems.append(f"placeholders differ in {key}: en {en}, de {de}")
    assert not problems, f"{where}: {len(problems)} problems\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "folder", catalog_folders(), ids=lambda folder: str(folder.relative_to(ROOT))
)
def test_plural_sentences_have_both_forms(folder: Path) -> None:
    problems = []
    for locale in LANGUAGES:
        sentences = entries(folder / f"{locale}.toml")
        plural = {key.rsplit(".", 1)[0] for key in sentences if key.rsplit(".", 1)[-1] == "one"}
        for base in sorted(plural):
            if f"{base}.other" not in sentences:
                problems.append(f"{locale}: {base} has 'one' but no 'other'")
    assert not problems, "\n".join(problems)


def test_plural_forms_follow_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    english = {"x.cards.one": "{count} card", "x.cards.other": "{count} cards"}
    german = {"x.cards.one": "{count} Karte", "x.cards.other": "{count} Karten"}
    monkeypatch.setattr("bot.i18n.catalogs", lambda: {"en": english, "de": german})
    assert [t("x.cards", "en", count=n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [t("x.cards", "de", count=n) for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]


def test_host_sentences_with_counts_use_plural_forms() -> None:
    assert t("lobby.range_exact", "en", count=1) == "Exactly 1 player."
    assert t("lobby.range_exact", "en", count=5) == "Exactly 5 players."
    assert t("lobby.count_range", "en", min=2, max=4, count=1).endswith("there is 1.")
    assert t("lobby.count_range", "de", min=2, max=4, count=1).endswith("dabei ist 1.")
    assert t("table.started_many", "de", count=30) == "Das Spiel beginnt mit 30 Spielern!"


# -- slash commands -------------------------------------------------------------------------

HOST_COMMANDS = (
    "newgame", "rules", "help", "games", "pause", "resume", "abort", "stats", "stats.show",
    "stats.forget", "stats.reset", "leaderboard", "history",
)  # fmt: skip
OPTIONS = (
    "rules.option.game", "stats.show.option.member", "stats.show.option.game",
    "stats.reset.option.game", "leaderboard.option.game",
)  # fmt: skip


def command_keys(game_ids: list[str]) -> Iterator[tuple[str, str]]:
    """Every catalog key a slash command string uses, with its kind ('name' or 'text')."""
    for command in HOST_COMMANDS:
        yield f"command.{command}.name", "name"
        yield f"command.{command}.description", "text"
    for option in OPTIONS:
        yield f"command.{option}.name", "name"
        yield f"command.{option}.description", "text"
    for game_id in game_ids:
        game = registry.get(game_id)
        yield f"{game.id}.command", "text"
        model = game.options_model
        for field in model.model_fields:
            key = option_key(game.id, field)
            yield f"{key}.name", "name"
            yield f"{key}.description", "text"
            yield f"{key}.label", "text"
            for value in literal_values(model, field):
                yield f"{key}.choice.{value}", "text"


def _all_games() -> list[str]:
    return sorted({g.id for g in registry.offered()} | {"race"})


@pytest.mark.parametrize("game_id", [None, *_all_games()])
def test_every_command_string_is_in_both_catalogs_and_fits_discord(game_id: str | None) -> None:
    """Host commands (None) and each game's /newgame subcommand: names, descriptions,
    labels and choices in English and German, within Discord's rules."""
    keys = list(command_keys([game_id] if game_id else []))
    if game_id:
        keys = [(k, kind) for k, kind in keys if not k.startswith("command.")]
    problems = []
    for key, kind in keys:
        for locale in LANGUAGES:
            sentence = catalogs().get(locale, {}).get(key)
            if sentence is None:
                problems.append(f"{locale}: missing {key}")
            elif kind == "name" and not valid_name(sentence):
                problems.append(f"{locale}: {key} = {sentence!r} is no valid command name")
            elif not valid_text(sentence):
                problems.append(f"{locale}: {key} is empty or over 100 characters")
        if kind == "name" and ".option." in key and not key.startswith("command."):
            field = key.split(".")[-2]
            if catalogs()["en"].get(key, field) != field:
                problems.append(f"en: {key} must be the field name {field!r}")
    assert not problems, "\n".join(problems)


def test_the_translator_gives_german_only_from_the_german_catalog() -> None:
    assert localized("command.newgame.name", "de", "name") == "neues-spiel"
    assert localized("command.newgame.name", "en-US", "name") is None  # English is the default
    assert localized("command.newgame.name", "fr", "name") is None  # no French catalog
    assert localized("nowhere.nothing", "de", "name") is None  # a missing key: no localization
    assert localized("lobby.host_only", "de", "name") is None  # not a valid name: none
    assert valid_name("zeit_pro_zug") and valid_name("würfel-2")
    assert not valid_name("Zeit") and not valid_name("zeit pro zug") and not valid_name("x" * 33)


if __name__ == "__main__":
    counts = string_counts()
    width = max(len(folder) for folder in counts)
    print(f"{'catalog':<{width}}  " + "  ".join(f"{locale:>5}" for locale in LANGUAGES))
    for folder, by_locale in counts.items():
        print(f"{folder:<{width}}  " + "  ".join(f"{by_locale[x]:>5}" for x in LANGUAGES))
    totals = {x: sum(c[x] for c in counts.values()) for x in LANGUAGES}
    print(f"{'total':<{width}}  " + "  ".join(f"{totals[x]:>5}" for x in LANGUAGES))
