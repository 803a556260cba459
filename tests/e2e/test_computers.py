"""Computer players end to end: seated from the lobby or by /newgame, playing a game
with one person to its end, named for what they are, never pinged nor written to."""

from __future__ import annotations

from bot.double import Channel
from bot.double.model import Message
from tests.support.harness import World, table

ADD, REMOVE = "Add a computer player", "Remove a computer player"
HOST_ONLY = "Only the host or a member with Manage Server can do that."
STEP = "add 1 or 2 to the counter"


def lobby_text(place: Channel) -> str:
    return str(table(place).cards[0]["description"])


def placeholders(message: Message) -> list[str]:
    return [str(s.get("placeholder")) for s in message.selects]


def options(message: Message, placeholder: str) -> list[tuple[str, str]]:
    (menu,) = [s for s in message.selects if s.get("placeholder") == placeholder]
    return [(o["label"], o.get("description", "")) for o in menu["options"]]


def notices(place: Channel) -> list[str]:
    return [m.said for m in place.visible_messages() if not m.cards and m.said]


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(world: World) -> None:
    ana, ben = world.users("Ana", "Ben")
    place = await world.open_game(ana, "race")
    assert placeholders(table(place)) == [ADD]  # none seated: nothing to remove
    assert options(table(place), ADD) == [
        ("Casual", "Takes a win it sees, else adds 1 or 2 at random."),  # the game's words
        ("Strong", "Takes a win, else leaves the counter where the next player cannot win."),
    ]
    await ana.select(table(place), ["strong"], placeholder=ADD)
    await world.settle()
    assert "2. 🤖 Ada \\(strong\\)" in table(place).text  # (as typed: no markup)
    refused = await ben.select(table(place), ["casual"], placeholder=ADD)
    await world.settle()
    assert [m.said for m in refused.followups] == [HOST_ONLY]
    await world.press(ben, table(place), "Join")
    await ana.select(table(place), ["Casual"], placeholder=ADD)  # by its label, too
    await world.settle()
    assert "**Players (4)**" in table(place).text
    assert placeholders(table(place)) == [REMOVE]  # full: no more to add
    assert [label for label, _ in options(table(place), REMOVE)] == [
        "🤖 Ada (strong)",
        "🤖 Bit (casual)",
    ]
    await ana.select(table(place), ["🤖 Ada (strong)"], placeholder=REMOVE)
    await world.settle()
    assert "Ada" not in table(place).text and placeholders(table(place)) == [ADD, REMOVE]
    assert "3. 🤖 Bit \\(casual\\)" in table(place).text  # the seats after it move up


async def test_newgame_seats_computers_and_one_person_plays_them_to_the_end(
    world: World,
) -> None:
    ana = world.double.user("Ana")
    place = await world.open_game(ana, "race", computers=2, level="strong", target=7)
    names = ("🤖 Ada \\(strong\\)", "🤖 Bit \\(strong\\)")
    assert all(name in table(place).text for name in names)
    await world.press(ana, table(place), "Start")
    begins = notices(place)[-1]
    assert begins.startswith(f"The game begins! {ana.mention} 🤖 Ada \\(strong\\) 🤖 Bit")
    assert begins.endswith(f"{ana.mention}: {STEP}")
    while "wins" not in "\n".join(notices(place)):
        panel = await world.panel(ana, place, "My panel")
        if panel.buttons:
            await world.press(ana, panel, "+1")
        await world.advance(3)  # each computer moves 1 to 3 s after its turn begins
    said = "\n".join(notices(place))
    assert "🤖 Ada \\(strong\\) adds" in said and "🤖 Bit \\(strong\\) adds" in said
    assert "Time ran out" not in said
    pinged = {user for m in place.visible_messages() for user in m.pinged}
    assert pinged == {ana.id}  # only the person; a computer has nobody to ping
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is None  # finished: the thread is free again
    # Results are posted with a rematch button; the rematch seats the computers again.
    results = place.visible_messages()[-1]
    await world.press(ana, results, "Rematch")
    again = [m for m in place.visible_messages() if "Race to Ten: lobby" in m.text][-1]
    assert all(name in again.text for name in names) and "**Players (3)**" in again.text


async def test_a_person_with_computers_gets_turn_notices_by_dm(world: World) -> None:
    """Turn notices by DM go to the person; a computer gets no DM (it has no user)."""
    ana = world.double.user("Ana")
    place = await world.open_game(ana, "race", computers=1, pings="dm")
    await world.press(ana, table(place), "Start")
    assert len(ana.dms()) == 1
    await world.press(ana, await world.panel(ana, place, "My panel"), "+1")
    await world.advance(3)  # the computer moves: Ana's turn again, told by DM
    assert len(ana.dms()) == 2 and "🤖 Ada \\(casual\\) adds" in notices(place)[-1]


async def test_rules_describe_each_computer_level(world: World) -> None:
    ana = world.double.user("Ana")
    ute = world.double.add_member("Ute", locale="de")
    rules = (await world.answer(await ana.slash("rules", game="race"))).cards[0]["description"]
    assert rules.endswith(
        "**Computer players**\n"
        "- casual: Takes a win it sees, else adds 1 or 2 at random.\n"
        "- strong: Takes a win, else leaves the counter where the next player cannot win."
    )
    regeln = (await world.answer(await ute.slash("rules", game="race"))).cards[0]["description"]
    assert "**Computerspieler**\n- locker: Nimmt einen Sieg" in regeln
