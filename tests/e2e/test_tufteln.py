"""Tüfteln end to end: live and scheduled games through the real bot and the double.

Simulated players place their rolls through their private panels; time runs on the
fake clock, so a game "over several days" takes a moment.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord import ids
from bot.double import SimUser
from bot.double.model import Channel, Message
from games import registry
from games.engine import AnyGame
from tests.support.harness import World, buttons, table
from tests.support.marked import languages, marked_catalog, texts_of, unmarked

HOUR = 3600
SHEET = "My sheet"
PICTURES = Path("/tmp")


@pytest.fixture
def offered_games() -> list[AnyGame] | None:
    return [registry.get("tufteln")]


# -- helpers -------------------------------------------------------------------------------


def board(place: Channel) -> str:
    embed = table(place).cards[0]
    return f"{embed.get('title', '')}\n{embed.get('description', '')}"


def is_notice(message: Message) -> bool:
    """A message the bot said: not a table (an embed), nor an old table's link."""
    return bool(message.said) and not message.cards and "table moved" not in message.said


def notices(place: Channel) -> list[str]:
    """What the bot said in the place, oldest first (tables and their links left out)."""
    return [m.said for m in place.visible_messages() if is_notice(m)]


def rolls_posted(place: Channel) -> list[Message]:
    return [m for m in place.visible_messages() if is_notice(m) and "🎲 **Roll" in m.said]


def dice(place: Channel, roll: int) -> str:
    """How a roll's dice read in its turn step, from the roll's announcement."""
    said = next(m.said for m in rolls_posted(place) if f"**Roll {roll} of 15**" in m.said)
    first, second = (
        said.split(f"**Roll {roll} of 15**: ")[1].split("\n")[0].rstrip(".").split(" and ")
    )
    return f"({first} and {second})"


def rest_of(select: dict[str, object]) -> str:
    control = ids.parse(str(select["custom_id"]))
    assert control is not None
    return control.rest


async def choose(
    world: World, user: SimUser, message: Message, select: dict[str, object]
) -> Message:
    """Pick the first option of `select`; the panel as the bot updated it."""
    options = select["options"]
    assert isinstance(options, list)
    custom_id = str(select["custom_id"])
    result = await user.select(message, [options[0]["value"]], custom_id=custom_id)
    await world.settle()
    return await result.reply()


async def place_roll(world: World, user: SimUser, panel: Message) -> Message:
    """Place the panel's open roll with the first legal choices (one or two steps)."""
    first = panel.selects[0]
    updated = await choose(world, user, panel, first)
    if rest_of(first).startswith(ids.STEP):  # two steps: die 1's field, then die 2's
        assert any(word in buttons(updated)[-1] for word in ("Back", "Zurück"))
        if updated.selects:
            updated = await choose(world, user, updated, updated.selects[0])
        else:  # a few choices: buttons
            result = await user.click(updated, buttons(updated)[0])
            await world.settle()
            updated = await result.reply()
    return updated


async def place(world: World, user: SimUser, place_: Channel) -> Message:
    return await place_roll(world, user, await world.panel(user, place_, SHEET))


def everything_seen(user: SimUser, *places: Channel) -> list[Message]:
    seen = [m for p in places for m in user.sees(p)]
    return seen + user.dms()


def assert_sees_only_own_sheet(user: SimUser, *places: Channel) -> None:
    """No sheet but the user's own reaches them: pictures, alt texts or words."""
    for message in everything_seen(user, *places):
        for attachment in message.attachments:
            if attachment.filename == "sheet.png":
                assert (attachment.description or "").startswith(f"{user.name}'s"), attachment
        assert "'s sheet" not in message.text or f"{user.name}'s sheet" in message.text


def save(message: Message, name: str) -> None:
    for attachment in message.attachments:
        (PICTURES / f"tufteln_e2e_{name}_{attachment.filename}").write_bytes(attachment.data)


# -- live play ------------------------------------------------------------------------------


async def test_two_players_play_a_live_game_to_the_end(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place_ = await world.open_game(ana, "tufteln", variant="B")
    await world.press(ben, table(place_), "Join")
    await world.press(ana, table(place_), "Start")
    assert buttons(table(place_)) == [SHEET]
    assert "roll 1 of 15" in board(place_) and "To place: Ana, Ben" in board(place_)
    assert table(place_).attachments[0].filename == "roll.png"
    save(table(place_), "table")
    # Both place at once: the table names the step and whom it waits for, pinging nobody.
    first, second = (int(n) for n in board(place_).split("**")[1:4:2])
    waiting = f"Waiting for Ana and Ben: place roll 1 ({first} and {second})"
    assert any(waiting in n for n in notices(place_))
    assert not any(ben.mention in n or ana.mention in n for n in notices(place_)[1:])

    panel = await world.panel(ana, place_, SHEET)
    assert panel.ephemeral and not ben.can_see(panel)
    assert "**Roll 1 of 15**" in panel.text and panel.attachments[0].filename == "sheet.png"
    save(panel, "panel")
    said = len(notices(place_))
    dice_shown = table(place_).attachments[0].id
    await place_roll(world, ana, panel)
    assert "Placed: Ana" in board(place_) and "To place: Ben" in board(place_)
    assert table(place_).attachments[0].id == dice_shown  # the same dice: not uploaded again
    assert len(notices(place_)) == said  # Ben was waited for already: no new notice
    assert not any("your turn" in n for n in notices(place_))
    again = await world.panel(ana, place_, SHEET)
    assert "You have placed roll 1" in again.text and again.selects == []

    for roll in range(1, 16):
        if roll > 1:
            await place(world, ana, place_)
        if roll == 15:
            assert_sees_only_own_sheet(ben, place_, world.channel)
            assert_sees_only_own_sheet(ana, place_, world.channel)
        await place(world, ben, place_)
        if roll < 15:
            assert f"roll {roll + 1} of 15" in board(place_)
            # Each roll posts the table anew at the bottom; the old one links to it.
            assert place_.visible_messages()[-1].id == table(place_).id
            step = f"Waiting for Ana and Ben: place roll {roll + 1} {dice(place_, roll + 1)}"
            assert step in notices(place_)[-1]
    assert len(rolls_posted(place_)) == 14  # roll 1 is on the table from the start
    moved = [m for m in place_.visible_messages() if "table moved down" in m.said]
    assert len(moved) == 1  # the newest old table only: the others are deleted

    results = place_.visible_messages()[-1]
    assert "final scores" in results.text and "Winner" in results.text
    (board_picture,) = results.attachments
    assert board_picture.filename == "scores.png" and "final scores" in (
        board_picture.description or ""
    )
    save(results, "results")
    assert "final scores" in board(place_) and buttons(table(place_)) == [SHEET]
    final = await world.panel(ben, place_, SHEET)
    assert "Your final sheet" in final.text and "rank" in final.text
    assert (final.attachments[0].description or "").startswith("Ben's")
    save(final, "final_panel")
    world.check_clean()


async def test_a_solo_game_ends_with_the_rating(world: World) -> None:
    ana = world.double.user("Ana")
    place_ = await world.open_game(ana, "tufteln", turn_seconds=60)
    await world.press(ana, table(place_), "Start")
    for _ in range(2):
        await place(world, ana, place_)
    assert "roll 3 of 15" in board(place_) and "Place by <t:" in board(place_)
    # Ana walks away: a DM reminds her shortly before the limit, then the bot places.
    await world.advance(45)
    await world.settle()
    (reminder,) = [m for m in ana.dms() if m.text.startswith("⏰")]
    assert f"place roll 3 {dice(place_, 3)}. Time runs out <t:" in reminder.text
    assert "then the bot places your dice" in reminder.text
    await world.advance(15)
    for _ in range(12):
        await world.advance(60)
    await world.settle()
    defaults = [n for n in notices(place_) if n.startswith("⏱️")]
    assert len(defaults) == 13
    assert defaults[0].startswith("⏱️ Time ran out for roll 3: the bot placed the dice for Ana.")
    panel = await world.panel(ana, place_, SHEET)
    assert "The bot placed 13 of your rolls when time ran out." in panel.text
    results = place_.visible_messages()[-1]
    assert "Ana scored" in results.text and "points:" in results.text
    (sheet,) = results.attachments  # a solo game's standings: the sheet with its rating
    assert (sheet.description or "").startswith("Ana's Tüfteln sheet, 15 of 15 rolls placed")
    final = await world.panel(ana, place_, SHEET)
    assert "Your final sheet" in final.text and "Ana scored" in final.text
    world.check_clean()


async def test_a_big_table_counts_and_one_line_covers_every_default(world: World) -> None:
    host, *others = world.users(*[f"P{k:02}" for k in range(24)])
    place_ = await world.open_game(host, "tufteln", turn_seconds=120)
    for user in others:
        await world.press(user, table(place_), "Join")
    await world.press(host, table(place_), "Start")
    for user in others[:3]:
        await place(world, user, place_)
    assert "3 of 24 players have placed roll 1" in board(place_)
    assert "P05" not in board(place_)  # counts, not a wall of names
    before = len(notices(place_))
    await world.advance(120)
    await world.settle()
    new = notices(place_)[before:]
    assert len(new) == 1  # one message for 21 defaults and the next roll
    assert "the bot placed the dice for 21 players" in new[0] and "Roll 2 of 15" in new[0]
    assert f"Waiting for 24 players: place roll 2 {dice(place_, 2)}" in new[0]
    assert "<@" not in new[0]  # nobody pinged


# -- scheduled play ------------------------------------------------------------------------


def reminders(user: SimUser) -> list[Message]:
    return [m for m in user.dms() if m.text.startswith("⏰")]


@pytest.mark.each_engine  # the game's whole flow on PostgreSQL too
async def test_a_scheduled_game_runs_over_days(world: World) -> None:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    opened = world.clock.now()
    place_ = await world.open_game(ana, "tufteln", schedule="every 4h")
    first = int(opened + 4 * HOUR)
    assert f"<t:{first}:F>" in board(place_)
    await world.press(ben, table(place_), "Join")
    await world.advance(3 * HOUR)
    assert await world.press(cleo, table(place_), "Join") == "You joined the game."
    await world.advance(HOUR - 1)
    assert buttons(table(place_)) == ["Join", "Leave", "Start", "Cancel"]

    # The game starts itself with roll 1 at the announced time, not an interval later.
    await world.advance(1)
    await world.settle()
    (roll_1,) = rolls_posted(place_)
    assert roll_1.timestamp == pytest.approx(first, abs=1)
    assert "roll 1 of 15" in board(place_) and f"<t:{first + 4 * HOUR}:F>" in board(place_)
    assert any("begins" in n and cleo.mention in n for n in notices(place_))

    await place(world, ana, place_)
    await world.advance(2 * HOUR)  # the reminder, halfway to the next roll
    assert [len(reminders(u)) for u in (ana, ben, cleo)] == [0, 1, 1]
    assert f"roll 1 {dice(place_, 1)} is waiting" in reminders(ben)[0].text
    await world.advance(2 * HOUR)
    assert len(rolls_posted(place_)) == 2
    await place(world, ana, place_)

    # Ben catches up from the reminder's button: the oldest open roll first.
    panel = await world.answer(await ben.click(reminders(ben)[0], SHEET))
    assert "**Roll 1 of 15**" in panel.text and "You have 2 open rolls" in panel.text
    panel = await place_roll(world, ben, panel)
    assert "**Roll 2 of 15**" in panel.text
    panel = await place_roll(world, ben, panel)
    assert "You have placed every roll so far" in panel.text

    await world.advance(2 * HOUR)
    assert [len(reminders(u)) for u in (ana, ben, cleo)] == [0, 1, 2]
    assert "2 open rolls" in reminders(cleo)[1].text

    # Down over roll 3's time: it is made once when the bot is back.
    await world.stop_bot()
    await world.advance(3 * HOUR)
    await world.start_bot()
    await world.settle()
    assert len(rolls_posted(place_)) == 3 and "roll 3 of 15" in board(place_)
    await world.advance(HOUR)
    assert len(rolls_posted(place_)) == 3

    # Ana and Ben keep up; Cleo never comes back.
    for roll in range(3, 16):
        if roll > 3:
            await world.advance(4 * HOUR)
        assert len(rolls_posted(place_)) == roll
        await place(world, ana, place_)
        await place(world, ben, place_)
    assert "That was the last roll" in notices(place_)[-1]
    assert "Catch up by" in board(place_)
    assert_sees_only_own_sheet(ana, place_, world.channel)
    assert_sees_only_own_sheet(cleo, place_, world.channel)
    assert len(reminders(ana)) == 0 and len(reminders(cleo)) == 14  # roll 15's is due

    await world.advance(24 * HOUR)
    await world.settle()
    assert len(reminders(cleo)) == 15 and "Final deadline" in reminders(cleo)[-1].text
    final_notice = next(n for n in notices(place_) if "Time ran out for the open rolls" in n)
    assert "the bot placed them for Cleo (15 rolls)" in final_notice
    assert "final scores" in place_.visible_messages()[-1].text
    final = await world.panel(cleo, place_, SHEET)
    assert "Your final sheet" in final.text
    # Scheduled play names no step in the channel: its reminders come by DM.
    assert not any("Waiting for" in n for n in notices(place_))
    # Every roll's table was posted anew (and an hour-old one before an edit), so no
    # message was edited hours later past Discord's limit (the double checks that);
    # the old tables are gone but for the newest, a link.
    tables = [m for m in world.double.state.messages.values() if m.channel_id == place_.id]
    assert len([m for m in tables if m.deleted]) >= 14  # rolls 1-14's at least
    moved = [m for m in place_.visible_messages() if "table moved down" in m.said]
    assert len(moved) == 1
    world.check_clean()


async def test_the_host_starts_a_scheduled_game_early_and_it_rolls_at_once(world: World) -> None:
    ana = world.double.user("Ana")
    # The fake clock starts at 08:00 UTC, 09:00 in Berlin: the next 18:00 there is 9 h away.
    place_ = await world.open_game(ana, "tufteln", schedule="daily 18:00 Europe/Berlin")
    evening = int(world.clock.now() + 9 * HOUR)
    assert f"<t:{evening}:F>" in board(place_)
    await world.advance(HOUR)
    await world.press(ana, table(place_), "Start")
    await world.settle()
    assert len(rolls_posted(place_)) == 1
    assert f"Next roll: <t:{evening}:F>" in board(place_)
    await world.advance(8 * HOUR)  # the schedule's 18:00; the lobby's timer adds nothing
    await world.settle()
    assert len(rolls_posted(place_)) == 2


async def test_a_malformed_schedule_is_refused_with_a_sentence(world: World) -> None:
    ana = world.double.user("Ana")
    answer = await world.answer(await ana.slash("newgame tufteln", schedule="sometimes"))
    assert answer.ephemeral and answer.said.startswith("Those options don't work:")
    assert "every 4h" in answer.said or "daily" in answer.said
    assert world.double.threads(world.channel) == []  # nothing was opened


async def test_a_refused_option_is_explained_in_the_players_language(world: World) -> None:
    jan = world.double.add_member("Jan", locale="de")
    both = await world.answer(
        await jan.slash("newgame tufteln", schedule="alle 4h", turn_seconds=60)
    )
    assert both.ephemeral and "Ein Zeitlimit gibt es nur im Live-Spiel" in both.said
    zone = await world.answer(await jan.slash("newgame tufteln", schedule="täglich 18:00 Mars"))
    assert "Diese Zeitzone kenne ich nicht" in zone.said
    assert world.double.threads(world.channel) == []


# -- a German server ---------------------------------------------------------------------


def shown(message: Message) -> list[str]:
    return [text for text in texts_of(message.to_dict()) if text]


def assert_language(message: Message, language: str, names: list[str]) -> None:
    """Every text of the message (content, embeds, labels, placeholders, options, alt
    texts) comes from the catalog in `language`."""
    texts = shown(message)
    assert texts, message
    for text in texts:
        assert unmarked(text, names) == "", text
        assert languages(text) <= {language}, text
    assert language in set().union(*(languages(text) for text in texts)), texts


NAMES = ["Ana", "Ben", "Cleo", "Tüfteln", "tufteln", "Europe/Berlin"]
GERMAN_SHEET = "⟦de|Mein Zettel⟧"
ENGLISH_SHEET = "⟦en|My sheet⟧"


async def test_a_german_server_plays_in_german_and_an_english_client_sees_its_panel_in_english(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world.double.guild.locale = "de"
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.add_member("Ben", locale="de")
    cleo = world.double.add_member("Cleo", locale="en-US")
    marked_catalog(monkeypatch)
    place_ = await world.open_game(ana, "tufteln", variant="B", turn_seconds=60)
    for user in (ben, cleo):
        await world.press(user, table(place_), "⟦de|Mitspielen⟧")
    await world.press(ana, table(place_), "⟦de|Starten⟧")
    assert buttons(table(place_)) == [GERMAN_SHEET]  # the table: the server's language
    save(table(place_), "de_table")

    panels: dict[str, list[Message]] = {"de": [], "en": []}
    for roll in range(1, 4):  # three rolls placed through the panels, in two steps or one
        for user, language in ((ana, "de"), (ben, "de"), (cleo, "en")):
            panel = await world.panel(user, place_, GERMAN_SHEET)
            assert panel.ephemeral
            panels[language].append(panel)
            if roll == 1 and user is ana:
                save(panel, "de_panel")
            updated = await place_roll(world, user, panel)
            panels[language].append(updated)
    for _ in range(12):  # then nobody places: each turn limit places by default
        await world.advance(60)
    await world.settle()
    final = await world.panel(cleo, place_, GERMAN_SHEET)
    panels["en"].append(final)
    panels["de"].append(await world.panel(ben, place_, GERMAN_SHEET))

    for language, seen in panels.items():
        for message in seen:
            assert_language(message, language, NAMES)
    assert any(m.selects for m in panels["en"]) and any(m.attachments for m in panels["en"])
    assert (final.attachments[0].description or "").startswith("⟦en|Cleo's Tüfteln sheet")

    public = place_.visible_messages()
    assert len(public) > 14  # the table, the start, every roll and default, the results
    for message in public:  # the table and every notice: the server's language
        assert_language(message, "de", NAMES)
    results = public[-1]
    assert results.text.startswith("### ⟦de|🏁 Tüfteln: Endstand⟧")
    assert [a.filename for a in results.attachments] == ["scores.png"]
    save(results, "de_results")


async def test_a_german_servers_reminders_are_german(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world.double.guild.locale = "de"
    ana = world.double.add_member("Ana", locale="de")
    cleo = world.double.add_member("Cleo", locale="en-US")
    marked_catalog(monkeypatch)
    place_ = await world.open_game(ana, "tufteln", schedule="täglich 18:00 Europe/Berlin")
    assert_language(table(place_), "de", NAMES)  # the lobby says when the first roll comes
    await world.press(cleo, table(place_), "⟦de|Mitspielen⟧")
    await world.press(ana, table(place_), "⟦de|Starten⟧")
    await world.settle()
    await world.advance(48 * HOUR)  # two more rolls; nobody places: reminders by DM
    await world.settle()
    dms = [m for user in (ana, cleo) for m in user.dms()]
    assert dms
    for message in dms:
        assert_language(message, "de", NAMES)
    for message in place_.visible_messages():
        assert_language(message, "de", NAMES)
    assert "⟦de|Variante A · ein Wurf ⟦de|täglich um 18:00 (Europe/Berlin)⟧⟧" in board(place_)
