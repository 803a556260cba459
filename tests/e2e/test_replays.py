"""Replays of finished games through the Discord double: every table change is kept by
its version (what a replay draws is checked against it); /history opens a game's page,
its replay steps through the game and its record downloads; nothing of a game still
running is reachable."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.core.store import Store
from bot.core.store.records import finished_record
from bot.discord.replaying import step_at
from bot.double import Channel, Message, SimUser
from games import registry
from games.engine import Result
from tests.e2e.test_stats import ask, finished_race, store_of
from tests.support.harness import World, table


async def shown_rows(store: Store, game_id: int) -> list[tuple[int, str]]:
    rows = await store.engine.read(
        "SELECT version, fingerprint FROM table_shown WHERE game_id = ? ORDER BY version",
        (game_id,),
    )
    return [(int(row["version"]), str(row["fingerprint"])) for row in rows]


async def last_game(store: Store) -> int:
    (row,) = await store.engine.read("SELECT MAX(id) AS id FROM games", ())
    return int(row["id"])


@pytest.mark.each_engine
async def test_each_table_change_is_kept_by_its_version_and_goes_with_its_game(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    await finished_race(world, [ana, ben])
    store = store_of(world)
    game_id = await last_game(store)
    rows = await shown_rows(store, game_id)
    game = await store.game(game_id)
    assert game is not None and game.status == "finished"
    # The lobby (version 0) and Ben's join (1) are not kept: the start (2), each move.
    assert [version for version, _ in rows] == [2, 3, 4]
    assert [seq for seq, _, _ in await store.actions(game_id)] == [3, 4]
    assert rows[-1][1] == game.table_fingerprint  # the table as it ended
    assert len({fingerprint for _, fingerprint in rows}) == 3
    await store._write(lambda db: db.execute("DELETE FROM games WHERE id = ?", (game_id,)))
    assert await shown_rows(store, game_id) == []


async def long_race(world: World, users: list[SimUser]) -> Channel:
    """Race to 7, +2 a turn: Ana, Ben, Ana, then Ben reaches it and wins (four moves)."""
    place = await world.open_game(users[0], "race", None, target=7)
    await world.press(users[1], table(place), "Join")
    await world.press(users[0], table(place), "Start")
    for turn in range(4):
        user = users[turn % 2]
        await world.press(user, await world.panel(user, place, "My panel"), "+2")
    return place


async def step(world: World, user: SimUser, message: Message, label: str) -> Message:
    """Press a replay's button: the same private message shows the step."""
    await user.click(message, label)
    await world.settle()
    return message


async def test_history_opens_a_game_page_and_its_replay_steps_through_the_moves(
    world: World,
) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await long_race(world, [ana, ben])
    history = await ask(ana, "history")
    await ana.click(history, "Open")
    await world.settle()
    page = history  # the same private message, now the game's page
    assert "### Race to Ten · ended <t:" in page.text and f"<#{place.id}>" in page.text
    assert "1. 🏆 Ben · 1\n2. Ana · 0" in page.text  # the result, every seat
    assert "Counter: **7** of 7" in page.text  # the final table as it ended
    assert page.button_labels == ["Replay", "Download the record", "Back to the history"]

    replay = await world.answer(await ana.click(page, "Replay"))
    assert replay.ephemeral and replay.id != page.id  # a message of its own
    assert "Replay: Race to Ten · step 0 / 4" in replay.text
    assert "as it was dealt" in replay.text and "Counter: **0** of 7" in replay.text
    labels = {b["label"]: b.get("disabled", False) for b in replay.buttons}
    assert labels["Start"] and labels["Back"] and not labels["Forward"] and not labels["End"]
    assert "My panel" not in replay.button_labels  # a replay looks, it never plays

    await step(world, ana, replay, "Forward")
    assert "step 1 / 4" in replay.text and "Ana adds 2." in replay.text
    assert "Counter: **2** of 7" in replay.text and "Ben to play." in replay.text
    await step(world, ana, replay, "Forward")
    assert "step 2 / 4" in replay.text and "Ben adds 2." in replay.text
    await step(world, ana, replay, "Back")
    assert "step 1 / 4" in replay.text and "Counter: **2** of 7" in replay.text
    await step(world, ana, replay, "End")
    assert "step 4 / 4" in replay.text and "Ben reaches the target and wins!" in replay.text
    labels = {b["label"]: b.get("disabled", False) for b in replay.buttons}
    assert labels["Forward"] and labels["End"] and not labels["Back"]
    await step(world, ana, replay, "Start")
    assert "step 0 / 4" in replay.text

    # What Ben saw at step 2 (his lucky number, hidden from the table while it lasted).
    await step(world, ana, replay, "Forward")
    await ana.select(replay, ["Seen by Ben"])
    await world.settle()
    state = await replay_state(world, 1)
    lucky = state.model_dump()["lucky"][1]
    assert "step 1 / 4" in replay.text and "Seen by **Ben**" in replay.text
    assert f"Your lucky number is {lucky}. The counter is at 2." in replay.text
    await step(world, ana, replay, "Forward")  # the reader stays as the steps go on
    assert "step 2 / 4" in replay.text and "The counter is at 4." in replay.text
    world.check_clean()


async def replay_state(world: World, moves: int) -> Any:
    """The last game's state after `moves` moves, replayed from its record."""
    store = store_of(world)
    record = await finished_record(store, world.double.guild.id, await last_game(store))
    return step_at(record, moves).state


async def test_a_german_reader_reads_the_page_and_the_replay_in_german(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    ute = world.double.add_member("Ute", locale="de")
    await long_race(world, [ana, ben])
    history = await ask(ute, "history")
    await ute.click(history, "Öffnen")
    await world.settle()
    assert "### Race to Ten · beendet <t:" in history.text
    assert history.button_labels == [
        "Wiederholung",
        "Protokoll herunterladen",
        "Zurück zum Verlauf",
    ]
    replay = await world.answer(await ute.click(history, "Wiederholung"))
    assert "Wiederholung: Race to Ten · Schritt 0 / 4" in replay.text
    assert "wie sie ausgeteilt wurde" in replay.text
    await step(world, ute, replay, "Weiter")
    assert "Schritt 1 / 4" in replay.text and "Zähler: **2** von 7" in replay.text
    await ute.select(replay, ["Aus Sicht von Ana"])
    await world.settle()
    assert "Aus Sicht von **Ana**" in replay.text
    await step(world, ute, replay, "Seite der Partie")  # the same message: the game's page
    assert "Race to Ten · beendet" in replay.text and "Wiederholung" in replay.button_labels


@pytest.mark.each_engine
async def test_nothing_of_a_game_still_running_is_reachable(world: World) -> None:
    """A crafted button for a running, a cancelled or another server's game is refused
    in a sentence, and shows nothing of it."""
    ana, ben = world.users("Ana", "Ben")
    await long_race(world, [ana, ben])
    store = store_of(world)
    finished = await last_game(store)
    place = await world.open_game(ana, "race", None, target=7)
    await world.press(ben, table(place), "Join")
    await world.press(ana, table(place), "Start")
    await world.press(ana, await world.panel(ana, place, "My panel"), "+2")
    running = await last_game(store)
    cancelled_place = await world.open_game(ben, "race")
    await world.press(ben, table(cancelled_place), "Cancel")
    cancelled = await last_game(store)
    history = await ask(ana, "history")
    said = {
        **{f"replay:{running}:{n}:{who}": "still being played" for n in (0, 1, 9) for who in "t01"},
        f"replay:{running}:0:t:new": "still being played",
        f"past:{running}": "still being played",
        f"record:{running}": "still being played",
        f"replay:{cancelled}:0:t": "did not finish",
        f"record:{cancelled}": "did not finish",
        f"replay:{finished + 99}:0:t": "no finished game of this server",
    }
    for forged, sentence in said.items():
        data = {"custom_id": forged, "component_type": 2}
        result = await ana._interact(3, world.channel, data, history, True)
        await world.settle()
        answers = [m.said for m in result.messages if m.ephemeral]
        assert answers and sentence in answers[-1], (forged, answers)
        assert "Counter" not in "\n".join(m.text for m in result.messages)
    # A finished game of another server is not this one's to show.
    other = world.double.guild.id + 1
    await store._write(
        lambda db: db.execute("UPDATE games SET guild_id = ? WHERE id = ?", (other, finished))
    )
    data = {"custom_id": f"past:{finished}", "component_type": 2}
    result = await ana._interact(3, world.channel, data, history, True)
    await world.settle()
    assert "no finished game of this server" in [m.said for m in result.messages][-1]


@pytest.mark.each_engine
async def test_the_record_downloads_as_json_with_every_move(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    await long_race(world, [ana, ben])
    store = store_of(world)
    game_id = await last_game(store)
    history = await ask(ana, "history")
    await ana.click(history, "Open")
    await world.settle()
    answer = await world.answer(await ana.click(history, "Download the record"))
    assert answer.ephemeral and "The record of this game of Race to Ten" in answer.said
    (file,) = answer.attachments
    assert file.filename == f"race-{game_id}.json"
    record = json.loads(file.data)
    assert record["kind"] == "race" and record["game_id"] == game_id
    assert record["options"]["target"] == 7 and isinstance(record["seed"], int)
    assert [(p["seat"], p["name"], p["user_id"]) for p in record["players"]] == [
        (0, "Ana", ana.id),
        (1, "Ben", ben.id),
    ]
    assert [(a["seq"], a["seat"], a["user_id"], a["action"]) for a in record["actions"]] == [
        (3, 0, ana.id, {"type": "add", "amount": 2}),
        (4, 1, ben.id, {"type": "add", "amount": 2}),
        (5, 0, ana.id, {"type": "add", "amount": 2}),
        (6, 1, ben.id, {"type": "add", "amount": 2}),
    ]
    assert all(a["time"].endswith("+00:00") for a in record["actions"])
    assert record["result"] == {
        "scores": [0, 1], "winners": [1], "lower_is_better": False, "places": [1, 0]
    }  # fmt: skip
    # The record replays: the same game, move by move, with this release's rules.
    game = registry.get("race")
    state = game.setup(2, game.parse_options(record["options"]), record["seed"])
    for entry in record["actions"]:
        state, _ = game.apply(state, entry["seat"], game.parse_action(entry["action"]))
    assert game.result(state) == Result.model_validate(record["result"] | {"places": None})


async def test_a_member_who_left_the_statistics_is_named_by_seat_in_records(
    world: World,
) -> None:
    """After /stats forget, the games still in the history show the member's seat, not
    their name or id, in the page, the replay and the download."""
    ana, ben = world.users("Ana", "Ben")
    await long_race(world, [ana, ben])
    question = await ask(ben, "stats forget")
    await world.press(ben, question, "Remove my statistics")
    history = await ask(ana, "history")
    await ana.click(history, "Open")
    await world.settle()
    assert "Ben" not in history.text and "Player 2" in history.text
    answer = await world.answer(await ana.click(history, "Download the record"))
    record = json.loads(answer.attachments[0].data)
    assert [(p["name"], p["user_id"]) for p in record["players"]] == [
        ("Ana", ana.id), ("Player 2", None)
    ]  # fmt: skip
    assert {a["user_id"] for a in record["actions"]} == {ana.id, None}
    assert {a["seat"] for a in record["actions"]} == {0, 1}  # the moves keep their seats
    assert str(ben.id) not in answer.attachments[0].data.decode()
