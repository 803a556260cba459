"""The host in German, end to end: slash commands carry German names and descriptions, a
German server's lobby and public messages are German, and every reader gets their own
answers in their client's language (a catalog that marks each sentence proves it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.discord.adapters import playable
from bot.discord.translator import MAX_TEXT, valid_name
from bot.double import Channel, Message
from bot.double.errors import ApiError
from bot.double.limits import check_commands
from bot.double.options import CommandNotAvailable
from bot.i18n import catalogs
from games import registry
from games.engine import AnyGame, option_key
from tests.support.harness import World, buttons, table
from tests.support.marked import languages, marked_catalog, texts_of, unmarked

Json = dict[str, Any]
GAME = "Race to Ten"  # the example game's name, a proper name in every language


@pytest.fixture
def offered_games() -> list[AnyGame] | None:
    return [registry.get("race"), *playable()]


def walk(items: list[Json]) -> Iterator[Json]:
    """Every command, subcommand, option and choice of a command list."""
    for item in items:
        yield item
        yield from walk(item.get("options") or [])
        yield from walk(item.get("choices") or [])


def german(item: Json, field: str) -> str | None:
    localizations = item.get(f"{field}_localizations") or {}
    value = localizations.get("de")
    return str(value) if value is not None else None


def command(world: World, name: str) -> Json:
    return next(c for c in world.double.commands() if c["name"] == name)


def option(item: Json, name: str) -> Json:
    return next(o for o in item.get("options") or [] if o["name"] == name)


async def test_slash_commands_carry_german_names_and_descriptions(world: World) -> None:
    registered = world.double.commands()
    assert {c["name"] for c in registered} >= {"newgame", "rules", "help", "games", "abort"}
    for item in walk(registered):
        is_choice = "value" in item and "type" not in item
        name = german(item, "name")
        if name is not None:
            assert len(name) <= MAX_TEXT if is_choice else valid_name(name), (item["name"], name)
            assert "en-US" not in (item.get("name_localizations") or {})  # English: the default
        description = german(item, "description")
        if description is not None:
            assert 1 <= len(description) <= MAX_TEXT, (item["name"], description)
        assert len(item.get("description") or "") <= MAX_TEXT
    newgame = command(world, "newgame")
    assert german(newgame, "name") == "neues-spiel"
    assert german(newgame, "description") == "Ein neues Spiel in diesem Kanal starten"
    race = option(newgame, "race")
    assert race["description"] == "Start a game of Race to Ten"
    assert german(race, "description") == "Ein Spiel Race to Ten starten"
    assert german(option(race, "turn_seconds"), "name") == "sekunden_pro_zug"
    assert german(option(race, "target"), "description") == "Die Zahl, die erreicht werden muss"
    rules = command(world, "rules")
    assert german(rules, "name") == "regeln" and german(option(rules, "game"), "name") == "spiel"
    assert {german(command(world, c), "name") for c in ("help", "games", "abort")} == {
        "hilfe",
        "spiele",
        "beenden",
    }


async def test_literal_options_are_choices_with_catalog_names(world: World) -> None:
    """A Literal option is a list of choices whose names come from the catalog (English
    by default, German for German clients once the game's catalog has them)."""
    newgame = command(world, "newgame")
    for game in playable():
        sub = option(newgame, game.id)
        for field in game.options_model.model_fields:
            spec = option(sub, field)
            for choice in spec.get("choices") or []:
                key = f"{option_key(game.id, field)}.choice.{choice['value']}"
                assert choice["name"] == catalogs()["en"].get(key, str(choice["value"]))


# -- a German server ----------------------------------------------------------------------


def shown(message: Message) -> list[str]:
    return [text for text in texts_of(message.to_dict()) if text]


def assert_language(texts: list[str], language: str, names: list[str]) -> None:
    """Every word comes from the catalog in `language` (names aside, such as a title
    that is just the game's name)."""
    for text in texts:
        assert unmarked(text, names) == "", text
        assert languages(text) <= {language}, text
    assert language in set().union(*(languages(text) for text in texts)), texts


async def test_a_german_server_sees_the_host_in_german_and_each_reader_their_own_language(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world.double.guild.locale = "de"
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.add_member("Ben", locale="de")
    cleo = world.double.add_member("Cleo")  # an English client on the German server
    names = ["Ana", "Ben", "Cleo", GAME, "race"]
    marked_catalog(monkeypatch)

    place: Channel = await world.open_game(ana, "race", target=5, turn_seconds=30)
    lobby = table(place)
    assert_language(shown(lobby), "de", names)
    lobby_text = lobby.cards[0]["description"]
    assert "Ziel" in lobby_text and "Sekunden pro Zug" in lobby_text

    joined = await world.press(ben, lobby, "⟦de|Mitspielen⟧")
    assert joined is not None
    assert_language([joined], "de", names)
    refused = await world.press(ben, lobby, "⟦de|Starten⟧")  # only the host may
    assert refused is not None
    assert_language([refused], "de", names)
    english_refusal = await world.press(cleo, lobby, "⟦de|Aussteigen⟧")  # she is not in it
    assert english_refusal is not None
    assert_language([english_refusal], "en", names)
    assert_language(shown(table(place)), "de", names)  # the lobby after the changes

    for user, language in ((ana, "de"), (cleo, "en")):
        for line in ("help", "games"):
            answer = await world.answer(await user.slash(line))
            assert answer.ephemeral
            assert_language(shown(answer), language, names)
        rules = await world.answer(await user.slash("rules", game="race"))
        assert_language(shown(rules), language, names)
        nothing = await world.answer(await user.slash("abort"))  # no game in the channel
        assert_language(shown(nothing), language, names)

    await world.press(ana, table(place), "⟦de|Starten⟧")
    for message in place.visible_messages():  # the table and the notices: the server's
        assert_language(shown(message), "de", names)


def test_the_double_refuses_a_localized_name_discord_would_refuse() -> None:
    good = {"name": "newgame", "description": "New", "type": 1}
    check_commands([{**good, "name_localizations": {"de": "neues-spiel"}}])
    with pytest.raises(ApiError):
        check_commands([{**good, "name_localizations": {"de": "Neues Spiel"}}])


async def test_a_german_lobby_names_a_game_s_options_and_choices_from_its_catalog(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    lama = registry.get("lama")
    german = catalogs()["de"]
    choice, label = "lama.option.variant.choice.points", "lama.option.variant.label"
    world.double.guild.locale = "de"
    ana = world.double.add_member("Ana", locale="de")
    marked_catalog(monkeypatch)
    place = await world.open_game(ana, "lama", variant="points", turn_seconds=30)
    assert_language(shown(table(place)), "de", ["Ana", lama.name])
    lobby_text = str(table(place).cards[0]["description"])
    assert german[choice] in lobby_text and german[label] in lobby_text


# -- the game's language --------------------------------------------------------------


def lobby_of(place: Channel) -> str:
    return str(table(place).cards[0]["description"])


async def test_a_german_host_on_an_ordinary_server_gets_a_german_table(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord says en-US for every server that is not a Community server: the lobby
    follows the host's client, not that; each reader's answers stay their own."""
    assert world.double.guild.locale == "en-US"
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.add_member("Ben")
    names = ["Ana", "Ben", GAME, "race"]
    marked_catalog(monkeypatch)
    place = await world.open_game(ana, "race", target=3)
    assert_language(shown(table(place)), "de", names)
    joined = await world.press(ben, table(place), "⟦de|Mitspielen⟧")
    assert joined is not None
    assert_language([joined], "en", names)
    await world.press(ana, table(place), "⟦de|Starten⟧")
    for message in place.visible_messages():
        assert_language(shown(message), "de", names)


async def test_the_host_chooses_the_game_s_language(world: World) -> None:
    ana = world.double.add_member("Ana", locale="de")
    english = await world.open_game(ana, "race", language="en")
    assert "Target: 10" in lobby_of(english)
    cleo = world.double.user("Cleo")
    deutsch = await world.open_game(cleo, "race", language="de")
    assert "Ziel: 10" in lobby_of(deutsch)
    newgame = option(command(world, "newgame"), "race")
    spoken = option(newgame, "language")
    assert [(c["name"], c["value"]) for c in spoken["choices"]] == [
        ("English", "en"),
        ("Deutsch", "de"),
    ]
    assert german(spoken, "name") == "sprache" and german(spoken, "description")


async def test_a_server_admin_sets_the_default_language_of_its_games(world: World) -> None:
    boss = world.double.add_member("Boss", admin=True)
    cleo = world.double.user("Cleo")
    setting = command(world, "language")
    assert str(setting["default_member_permissions"]) == "32"  # Manage Server
    assert german(setting, "name") == "sprache"
    with pytest.raises(CommandNotAvailable):
        await cleo.slash("language", language="de")
    said = await world.answer(await boss.slash("language", language="de"))
    assert said.ephemeral and said.said == (
        "New games on this server now speak Deutsch, unless their host chooses another language."
    )
    place = await world.open_game(cleo, "race")  # an English client: the server's default
    assert "Ziel: 10" in lobby_of(place)
    chosen = await world.open_game(boss, "race", language="en")  # the host's choice first
    assert "Target: 10" in lobby_of(chosen)


async def test_a_rematch_keeps_the_game_s_language(world: World) -> None:
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.user("Ben")  # an English client presses Rematch
    place = await world.open_game(ana, "race", target=3)
    await world.press(ben, table(place), "Mitspielen")
    await world.press(ana, table(place), "Starten")
    await world.press(ana, await world.panel(ana, place, "Mein Bereich"), "+2")
    await world.press(ben, await world.panel(ben, place, "Mein Bereich"), "+1")
    results = last_with(place, "Revanche")
    await world.press(ben, results, "Revanche")
    lobby = last_with(place, "Mitspielen")
    assert "Ziel: 3" in str(lobby.cards[0]["description"])


def last_with(place: Channel, label: str) -> Message:
    return next(m for m in reversed(place.visible_messages()) if label in buttons(m))
