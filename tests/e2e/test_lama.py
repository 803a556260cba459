"""No Prob-Lama end to end: simulated players use the table, their "My cards" panels
and the turn notices through the real bot and the Discord double.

Players choose only among the controls their panels offer (`play_turn`); the test reads
the engine state (through the bot's service) to know whom to wait for, and to check
that nobody ever sees another player's face-down or looked-at cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord import ids
from bot.double import SimUser
from bot.double.model import Channel, Message
from bot.i18n import t
from games import registry
from games.engine import AnyGame
from games.lama import GAME
from games.lama.cards import kind
from games.lama.models import LamaState
from games.lama.pictures import render_table
from games.pictures import name_letters, to_png
from tests.support.harness import GameTable, World, buttons, panel_updated, table
from tests.support.marked import languages, marked_catalog, texts_of, unmarked

MY_CARDS = "My cards"
SEEN = "👁"
# Words only a player's own panel uses: never in a public message or a DM.
PRIVATE_WORDS = (SEEN, "Your cards", "Your layout", "You drew", "You took", "You hold", "seen")
SHORT = {"joker": "Joker", "drama": "+3 Drama", "karma": "-3 Karma"}
STALE = "That button is from an earlier turn. The game has moved on; use the current message."


def english(key: str, **params: Any) -> str:
    return t(key, "en", **params)


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("lama")]


# -- the table and its players --------------------------------------------------------------


@dataclass
class Table(GameTable[LamaState]):
    state_type = LamaState
    turns: int = 0  # turns the players took (each should have been announced once)

    async def panel(self, user: SimUser) -> Message:
        panel = await self.world.panel(user, self.place, MY_CARDS)
        await self.check_own_panel(user, panel)
        return panel

    async def click(self, user: SimUser, panel: Message, custom_id: str) -> None:
        """Press a panel control and wait for the panel to show the outcome (the bot
        edits it last, after the table and the notices)."""
        before = panel.revision
        result = await user.click(panel, custom_id=custom_id)
        await panel_updated(self.world, panel, before, result)
        await self.check_own_panel(user, panel)

    async def check_own_panel(self, user: SimUser, panel: Message) -> None:
        """The panel shows this player's own layout, as the engine holds it, and the
        values of the cards they looked at, and nothing of anyone else's."""
        assert panel.visible_to == user.id
        state = await self.state()
        if not panel.controls or panel.selects:
            return  # the game is over, or the player is yet to look at two cards
        seat = self.users.index(user)
        names = [u.name for u in self.users]
        description = panel.attachments[0].description or ""
        mark = name_letters(names)[seat]
        assert description.startswith(f"Your layout, {mark} {names[seat]}.")
        expected = []
        for position, card in enumerate(state.layouts[seat]):
            label = SHORT.get(kind(card), kind(card))
            if state.face_up[seat][position]:
                expected.append(label)
            elif position in state.peeked[seat]:
                expected.append(f"{SEEN} {label}")
            else:
                expected.append("?")
        assert grid_labels(panel) == expected


def grid_labels(panel: Message) -> list[str]:
    return [c.get("label", "") for row in panel.rows[:3] for c in row["components"]]


def enabled(panel: Message) -> list[dict[str, Any]]:
    return [b for b in panel.buttons if not b.get("disabled")]


def labelled(panel: Message, prefix: str) -> list[dict[str, Any]]:
    return [b for b in enabled(panel) if b.get("label", "").startswith(prefix)]


async def open_table(world: World, **options: Any) -> Table:
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    place = await world.open_game(ana, "lama", **options)
    await world.press(ben, table(place), "Join")
    await world.press(cleo, table(place), "Join")
    await world.press(ana, table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"

    def seat(user: SimUser) -> int:
        found = live.seat_of(user.id)
        assert found is not None
        return found

    users = sorted([ana, ben, cleo], key=seat)
    return Table(world, place, users, live.id)


async def peek_all(t: Table, choice: tuple[str, str] = ("0", "4")) -> None:
    """Everyone looks at two cards from the select of their panel, the player who
    begins the round first (the last to look, if they begin, is at the table already
    and is not pinged for their turn)."""
    starter = (await t.state()).starter
    for user in t.users[starter:] + t.users[:starter]:
        panel = await t.panel(user)
        assert buttons(panel) == [] and len(panel.selects) == 1
        before = panel.revision
        await panel_updated(t.world, panel, before, await user.select(panel, list(choice)))


# -- a simple player who reads the panel ----------------------------------------------------


async def play_turn(t: Table, user: SimUser) -> None:
    """One whole turn from the panel's offers: take a low discard (4 or less), else
    draw; give a special card to the first player offered; put any other card on a
    face-down card (so every turn turns one over and the rounds end)."""
    panel = await t.panel(user)
    take = labelled(panel, "Take the ")
    top = take[0]["label"].removeprefix("Take the ") if take else ""
    low = top.lstrip("-").isdigit() and int(top) <= 4
    first = take[0] if low else labelled(panel, "Draw a card")[0]
    await t.click(user, panel, first["custom_id"])
    gives = labelled(panel, "Give to ")
    if gives:
        await t.click(user, panel, gives[0]["custom_id"])
    else:
        cells = [b for b in enabled(panel) if ":exchange:" in b["custom_id"]]
        face_down = [b for b in cells if b["label"] == "?" or b["label"].startswith(SEEN)]
        await t.click(user, panel, (face_down or cells)[0]["custom_id"])
    assert enabled(panel) == []  # the turn is over: nothing left to press
    t.turns += 1


# -- checks ------------------------------------------------------------------------------------


def everything_seen_by(t: Table, user: SimUser) -> list[Message]:
    return [*user.sees(t.place), *user.dms()]


def words(message: Message) -> str:
    parts = [message.text, *(a.description or "" for a in message.attachments)]
    parts += [b.get("label", "") for b in message.buttons]
    parts += [o.get("label", "") for s in message.selects for o in s.get("options", [])]
    return "\n".join(parts)


def assert_no_secrets_shown(t: Table) -> None:
    """Public messages and DMs never hold a private word; every panel a user can see
    is their own (panels are checked against the engine when they are shown)."""
    for seat, user in enumerate(t.users):
        for message in everything_seen_by(t, user):
            text = words(message)
            if message.visible_to is None:
                found = [w for w in PRIVATE_WORDS if w in text]
                assert not found, f"public message shows {found}: {text[:300]}"
            elif "Your layout" in text:
                assert message.visible_to == user.id
                mark = name_letters([u.name for u in t.users])[seat]
                assert f"Your layout, {mark} {user.name}." in text


async def assert_table_is_public(t: Table) -> None:
    """The table picture is exactly the picture of the public view (no drawn card, no
    face-down value), and its text counts face-up cards as the engine does."""
    state = await t.state()
    names = [u.name for u in t.users]
    message = table(t.place)
    expected, alt = render_table(GAME.view(state, None), english, names, name_letters(names))
    assert message.attachments[0].data == to_png(expected)
    assert message.attachments[0].description == alt
    if state.winners is not None:
        return  # at the end every layout is shown revealed, face down or not
    for seat, user in enumerate(t.users):
        up = sum(state.face_up[seat])
        assert f"**{user.name}**: {up} of 9 face up" in message.text


def turn_notices(t: Table, user: SimUser) -> list[Message]:
    """The notices that pinged `user` for their turn, saying what it expects."""
    return [
        m
        for m in t.place.visible_messages()
        if f"{user.mention}: your turn: draw a card" in m.said
        or f"{user.mention}: your final turn: draw a card" in m.said
    ]


def all_turn_notices(t: Table) -> int:
    return sum(len(turn_notices(t, u)) for u in t.users)


# -- the tests ---------------------------------------------------------------------------------


async def test_a_points_game_is_played_to_the_end_without_leaks(world: World) -> None:
    t = await open_table(world, variant="points")
    while (live := await t.live()).status == "running":
        state = await t.state()
        if state.phase == "peek":
            await peek_all(t)
        else:
            await play_turn(t, t.users[state.to_act])
        if t.turns % 10 == 1:
            await assert_table_is_public(t)
            assert_no_secrets_shown(t)

    assert live.status == "finished"
    result = GAME.result(await t.state())
    assert result is not None and result.lower_is_better
    messages = t.place.visible_messages()
    final = messages[-1]
    names = [t.users[s].name for s in result.winners]
    winners = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    heading = "🏆 Winner: " if len(names) == 1 else "🏆 Winners: "
    assert final.said.startswith(heading + winners)
    assert "**Final scores** (fewest points win):" in final.said
    assert [a.filename for a in final.attachments] == ["lama-round-4.png"]
    rounds = [m for m in messages if m.said.startswith("**Round ")]
    assert [m.said.split("\n")[0] for m in rounds] == [f"**Round {n} results**" for n in (1, 2, 3)]
    assert all(m.attachments and m.attachments[0].description for m in rounds)
    assert "The game is over. Winner:" in table(t.place).text
    # Each turn was announced by exactly one mention of its player, never per step.
    assert all_turn_notices(t) == t.turns
    await assert_final_panels(t)
    assert_no_secrets_shown(t)


async def assert_final_panels(t: Table) -> None:
    """After the game the table keeps its My cards button: it shows each player their
    own last layout, all revealed as the end revealed it, and their score; no controls."""
    state = await t.state()
    assert state.last_round is not None and buttons(table(t.place)) == [MY_CARDS]
    names = [u.name for u in t.users]
    for seat, user in enumerate(t.users):
        panel = await t.panel(user)
        mine = state.last_round.seats[seat]
        assert panel.visible_to == user.id and panel.controls == []
        assert f"Your last cards counted **{mine.total} point" in panel.said
        assert f"your final score: **{state.totals[seat]} point" in panel.said
        (picture,) = panel.attachments
        cells = "; ".join(
            f"{n}: {english(f'lama.ui.card.{c}') if c in SHORT else c}"
            for n, c in enumerate(mine.cards, start=1)
        )
        mark = name_letters(names)[seat]
        assert picture.description == f"Your layout, {mark} {names[seat]}. {cells}."


@pytest.mark.each_engine  # a whole round and the next, on PostgreSQL too
async def test_a_rounds_results_come_before_the_next_rounds_table(world: World) -> None:
    """At a round's end the channel reads: the last move and whose score was lowest (by
    name), the round's results with their picture, then the new round's table; no
    sentence names a player by their mark alone ("A turned over")."""
    t = await open_table(world, variant="points")
    while (state := await t.state()).round == 1:
        if state.phase == "peek":
            await peek_all(t)
        else:
            await play_turn(t, t.users[state.to_act])
    report = state.last_round
    assert report is not None
    messages = t.place.visible_messages()
    order = [m.id for m in messages]
    ended = next(i for i, m in enumerate(messages) if "Round 1 is over" in m.said)
    results = next(i for i, m in enumerate(messages) if m.said.startswith("**Round 1 results**"))
    new_table = order.index(table(t.place).id)
    assert ended < results < new_table
    assert "round 2" in str(messages[new_table].cards[0]["title"])
    assert [a.filename for a in messages[results].attachments] == ["lama-round-1.png"]
    low = [t.users[s].name for s in report.winners]
    together = low[0] if len(low) == 1 else ", ".join(low[:-1]) + " and " + low[-1]
    verb = "has" if len(low) == 1 else "have"
    assert f"Round 1 is over: {together} {verb} the lowest score, " in messages[ended].said
    marks = "|".join(name_letters([u.name for u in t.users]))
    lone = re.compile(rf"(?<![\w*])({marks}) (turned|has|have|is|wins|draws|takes|puts|gives)\b")
    for message in messages:
        assert not lone.search(words(message)), words(message)


async def test_a_special_card_is_given_to_another_player(world: World) -> None:
    t = await open_table(world)
    await peek_all(t)
    for _ in range(200):  # a special card is drawn or on the discard pile soon enough
        state = await t.state()
        seat = state.to_act
        user = t.users[seat]
        panel = await t.panel(user)
        take = labelled(panel, "Take the ")
        special = take and take[0]["label"] in ("Take the +3 Drama", "Take the -3 Karma")
        first = take[0] if special else labelled(panel, "Draw a card")[0]
        await t.click(user, panel, first["custom_id"])
        if labelled(panel, "Give to "):
            break
        discard = labelled(panel, "Discard the ")
        cells = [b for b in enabled(panel) if ":exchange:" in b["custom_id"]]
        await t.click(user, panel, (discard or cells)[0]["custom_id"])
    else:
        pytest.fail("no special card in 200 turns")

    state = await t.state()
    assert state.held is not None
    held = kind(state.held)
    others = [u for u in t.users if u != user]
    # Only the recipients are offered; the layout cannot take the card.
    assert [b["label"] for b in enabled(panel)] == [f"Give to {u.name}" for u in others]
    assert "give it to another player" in panel.said
    await assert_table_is_public(t)  # a drawn special stays hidden from the table

    recipient = others[-1]
    await t.click(user, panel, labelled(panel, f"Give to {recipient.name}")[0]["custom_id"])
    state = await t.state()
    to = t.users.index(recipient)
    assert [kind(c) for c in state.received[to]][-1] == held
    name = {"drama": "Drama-Lama (+3)", "karma": "Karma-Lama (-3)"}[held]
    notice = next(m for m in reversed(t.place.visible_messages()) if "gives" in m.said)
    assert f"{user.name} gives a {name} to {recipient.name}." in notice.said
    assert f"**{recipient.name}**: " in table(t.place).text
    assert f"received {name}" in table(t.place).text
    their_panel = await t.panel(recipient)
    assert f"Received: {name}" in their_panel.said
    assert_no_secrets_shown(t)


async def test_a_stale_button_is_refused_politely(world: World) -> None:
    t = await open_table(world)
    await peek_all(t)
    state = await t.state()
    user = t.users[state.to_act]
    old, current = await t.panel(user), await t.panel(user)
    draw = labelled(old, "Draw a card")[0]["custom_id"]
    await t.click(user, current, labelled(current, "Draw a card")[0]["custom_id"])
    assert not labelled(old, "Draw a card")  # the older panel is retired too
    # A click that left before the panel showed it (the edit is on its way) is refused.
    sent = await user._interact(3, t.place, {"custom_id": draw, "component_type": 2}, old, True)
    await world.settle()
    assert [m.said for m in sent.messages if m.ephemeral][-1] == STALE
    state = await t.state()
    assert state.step == "drawn" and state.to_act == t.users.index(user)


async def test_a_restart_mid_turn_keeps_the_table_buttons_working(world: World) -> None:
    t = await open_table(world)
    await peek_all(t)
    state = await t.state()
    seat = state.to_act
    user, next_user = t.users[seat], t.users[(seat + 1) % 3]
    panel = await t.panel(user)
    await t.click(user, panel, labelled(panel, "Draw a card")[0]["custom_id"])
    table_id = table(t.place).id

    await world.restart()
    await world.settle()
    assert table(t.place).id == table_id
    panel = await t.panel(user)  # from the same table message
    assert "You drew **" in panel.said or "You hold a **" in panel.said
    gives = labelled(panel, "Give to ")
    cells = [b for b in enabled(panel) if ":exchange:" in b["custom_id"]]
    await t.click(user, panel, (gives or cells)[0]["custom_id"])
    state = await t.state()
    assert state.to_act == (seat + 1) % 3 and state.step == "choose"
    assert f"**{next_user.name}**'s turn" in table(t.place).text
    assert turn_notices(t, next_user)  # mentioned after the restart as before
    assert_no_secrets_shown(t)


async def test_turn_limits_play_the_default_moves(world: World) -> None:
    t = await open_table(world, turn_seconds=60)
    ana, ben, cleo = t.users
    assert "<t:" in table(t.place).text and ":R>" in table(t.place).text
    looking = "Waiting for Ana, Ben and Cleo: look at two of your cards (press **My cards**)"
    assert any(looking in m.said for m in t.place.visible_messages())
    await world.advance(59)
    await world.settle()
    assert (await t.state()).phase == "peek"
    await world.advance(1)
    await world.settle()
    # Nobody looked in time: everyone was shown their top-left and bottom-right cards,
    # which the table says in one line, as the time's doing.
    state = await t.state()
    assert state.phase == "turn" and state.peeked == [[0, 8]] * 3
    said = "Time ran out: Ana, Ben and Cleo are shown their top-left and bottom-right cards."
    assert [m.said.splitlines()[0] for m in t.place.visible_messages() if said in m.said]
    labels = grid_labels(await t.panel(ana))
    assert labels[0].startswith(SEEN) and labels[8].startswith(SEEN)

    await world.advance(60)  # Ana's whole turn: drawn, and the round moves on
    await world.settle()
    state = await t.state()
    assert state.to_act == 1 and state.step == "choose"
    notices = "\n".join(m.said for m in t.place.visible_messages())
    if state.face_up[0][0]:  # the drawn card replaced her first face-down card
        assert "Time ran out: Ana drew and swapped their first face-down card (row 1, " in notices
    else:  # a special card, which went to the next player
        assert "Time ran out: Ana drew a " in notices
        assert ", which goes to the next player, Ben." in notices
    assert "Ana puts the " not in notices and "Ana discards" not in notices
    assert len(turn_notices(t, ben)) == 1

    panel = await t.panel(ben)  # Ben draws, then lets the time run out
    await t.click(ben, panel, labelled(panel, "Draw a card")[0]["custom_id"])
    await world.advance(59)
    await world.settle()
    assert (await t.state()).to_act == 1
    await world.advance(1)
    await world.settle()
    state = await t.state()
    assert state.to_act == 2
    notices = "\n".join(m.said for m in t.place.visible_messages())
    if state.face_up[1][0]:
        assert "Time ran out: the " in notices and " in Ben's hand replaced their first " in notices
    else:
        assert " in Ben's hand goes to the next player, Cleo." in notices
    assert len(turn_notices(t, cleo)) == 1
    assert all(u.dms() == [] for u in t.users)  # nothing by DM: the panels say it all
    assert_no_secrets_shown(t)


async def test_the_first_turn_after_a_timed_out_look_is_pinged(world: World) -> None:
    t = await open_table(world, turn_seconds=60)
    await world.advance(60)
    await world.settle()
    assert (await t.state()).phase == "turn"
    assert len(turn_notices(t, t.users[0])) == 1


async def test_a_table_of_absent_players_finishes(world: World) -> None:
    """Nobody ever acts: each timed-out turn turns a card over, so every round ends and
    so does the game (RULES.md)."""
    t = await open_table(world, variant="points", turn_seconds=60)
    steps = 0
    while (await t.live()).status == "running":
        await world.advance(60)
        await world.settle()
        steps += 1
        assert steps < 4 * (1 + 3 * 9 + 14), "the game of absent players does not end"
    state = await t.state()
    assert state.round == 4 and state.winners
    final = t.place.visible_messages()[-1]
    assert "**Final scores** (fewest points win):" in final.said
    assert_no_secrets_shown(t)


async def test_a_final_turn_is_passed_from_the_panel(world: World) -> None:
    t = await open_table(world)
    await peek_all(t)
    while (state := await t.state()).ender is None:
        await play_turn(t, t.users[state.to_act])
    seat = state.to_act
    user = t.users[seat]
    pinged = turn_notices(t, user)[-1].said
    assert f"{user.mention}: your final turn: draw a card" in pinged and "or pass" in pinged
    panel = await t.panel(user)
    assert "**Your final turn.**" in panel.said
    before = list(state.layouts[seat])
    await t.click(user, panel, labelled(panel, "Pass (end my final turn)")[0]["custom_id"])
    state = await t.state()
    assert state.layouts[seat] == before and state.to_act != seat  # nothing but the turn
    said = [m.said for m in t.place.visible_messages()]
    assert any(f"{user.name} passes their final turn." in text for text in said)
    assert enabled(panel) == []  # the turn is over
    assert_no_secrets_shown(t)


# -- a German server -----------------------------------------------------------------------------

GERMAN_NAMES = ["Ana", "Ben", "Cleo", GAME.name, "lama"]  # names: the same in every language


def shown(message: Message) -> list[str]:
    """Every text a message shows: content, embeds, labels, options, alt texts."""
    return [text for text in texts_of(message.to_dict()) if text]


def assert_language(message: Message, language: str) -> None:
    texts = shown(message)
    for text in texts:
        assert unmarked(text, GERMAN_NAMES) == "", text
        assert languages(text) <= {language}, text
    assert language in set().union(*(languages(text) for text in texts)), texts


def control(message: Message, rest: str) -> str | None:
    """The custom_id of the enabled control whose action part starts with `rest`."""
    for button in enabled(message):
        parsed = ids.parse(button["custom_id"])
        if parsed is not None and parsed.rest.startswith(rest):
            return str(button["custom_id"])
    return None


async def panel_of(world: World, place: Channel, user: SimUser) -> Message:
    """The player's panel, from the table's panel button (found by its id, not its
    label: the label is in the server's language)."""
    panel_id = control(table(place), ids.PANEL)
    assert panel_id is not None
    return await world.answer(await user.click(table(place), custom_id=panel_id))


async def test_a_german_server_plays_in_german_and_an_english_client_sees_english_panels(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world.double.guild.locale = "de"
    ana = world.double.add_member("Ana", locale="de")
    ben = world.double.add_member("Ben", locale="de")
    cleo = world.double.add_member("Cleo", locale="en-US")  # an English client
    language = {ana.id: "de", ben.id: "de", cleo.id: "en"}
    marked_catalog(monkeypatch)

    place = await world.open_game(ana, "lama", variant="points", turn_seconds=60)
    lobby = table(place)
    for user, op in ((ben, "join"), (cleo, "join"), (ana, "start")):
        live_id = next(ids.parse(b["custom_id"]) for b in lobby.buttons)
        assert live_id is not None
        await user.click(lobby, custom_id=ids.lobby(live_id.game_id, op))
        await world.settle()
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"
    users = {u.id: u for u in (ana, ben, cleo)}
    seats = [users[p.user_id] for p in live.players]

    panels: list[tuple[SimUser, Message]] = []
    while (live := await world.bot.service.load(live.id)).status == "running":
        state = live.state
        assert isinstance(state, LamaState)
        if state.phase == "peek":
            user = next(seats[s] for s in range(3) if not state.peeked[s])
            panel = await panel_of(world, place, user)
            panels.append((user, panel))
            before = panel.revision
            await panel_updated(world, panel, before, await user.select(panel, ["0", "4"]))
            continue
        user = seats[state.to_act]
        panel = await panel_of(world, place, user)
        draw = control(panel, "draw")
        assert draw is not None
        before = panel.revision
        await panel_updated(world, panel, before, await user.click(panel, custom_id=draw))
        panels.append((user, panel))
        give = control(panel, "give")
        cells = [b for b in enabled(panel) if ":exchange:" in b["custom_id"]]
        face_down = [b for b in cells if b["label"] == "?" or b["label"].startswith(SEEN)]
        chosen = give or str((face_down or cells)[0]["custom_id"])
        before = panel.revision
        await panel_updated(world, panel, before, await user.click(panel, custom_id=chosen))
    assert live.status == "finished"
    for user in (ana, ben, cleo):  # the last cards, in the reader's client's language
        final = await panel_of(world, place, user)
        assert final.controls == [] and final.attachments
        panels.append((user, final))

    # Every public message in the thread (lobby, table, notices, round results and the
    # final results, with their pictures' descriptions) is German, every word from the
    # catalog; each private panel is in its reader's client's language.
    public = place.visible_messages()
    assert len(public) > 20
    for message in public:
        assert_language(message, "de")
    assert {u for u, _ in panels} == {ana, ben, cleo}
    for user, panel in panels:
        assert panel.visible_to == user.id
        assert_language(panel, language[user.id])
    assert all(u.dms() == [] for u in (ana, ben, cleo))  # No Prob-Lama sends no DMs
    results = public[-1]
    assert results.said.startswith("⟦de|🏆")  # the host's winner line, in German
    assert [a.filename for a in results.attachments] == ["lama-round-4.png"]


async def test_a_reminder_keeps_its_place_in_the_phase_across_a_pause(world: World) -> None:
    """A 10-minute look at two cards reminds a quarter before its end: 450 s in, however
    long the game was paused in between."""
    t = await open_table(world, turn_seconds=600)
    ana = next(u for u in t.users if u.name == "Ana")
    await world.advance(120)
    await world.answer(await ana.slash("pause", channel=t.place))
    await world.advance(3600)
    await world.answer(await ana.slash("resume", channel=t.place))
    await world.settle()
    await world.advance(329)
    assert not any("⏰" in m.said for u in t.users for m in u.dms())
    await world.advance(1)
    assert all(any("⏰ **No Prob-Lama**" in m.said for m in u.dms()) for u in t.users)


async def test_a_look_told_by_dm_mentions_whoever_the_dm_cannot_reach(world: World) -> None:
    """With `pings:dm`, the first look waits for everyone: each player is told by DM,
    except a player whose DMs are known to be closed, who is mentioned in the line,
    and one whose DM fails now, who is mentioned right after."""
    ana, ben, cleo = world.users("Ana", "Ben", "Cleo")
    ben.dms_open = cleo.dms_open = False
    place = await world.open_game(ana, "lama", pings="dm")
    for user in (ben, cleo):
        await world.press(user, table(place), "Join")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None
    await world.bot.service.learn_dms(live, 1, closed=True)  # Ben's, from an earlier DM
    await world.press(ana, table(place), "Start")
    said = [m.said for m in place.visible_messages() if not m.cards and m.said]
    step = "look at two of your cards (press **My cards**)"
    assert said[-2].endswith(f"Waiting for Ana, {ben.mention} and Cleo: {step}")
    assert said[-1] == f"{cleo.mention}: {step}"
    assert len(ana.dms()) == 1 and not ben.dms() and not cleo.dms()


async def test_an_ended_game_shows_no_panel(world: World) -> None:
    """A game ended early (/abort) is not finished: a My cards button left on an older
    message is refused, unlike after a finished game's end."""
    t = await open_table(world)
    await peek_all(t)
    notice = turn_notices(t, t.users[(await t.state()).to_act])[-1]
    assert buttons(notice) == [MY_CARDS]
    ana = next(u for u in t.users if u.name == "Ana")
    confirm = await world.answer(await ana.slash("abort", channel=t.place))
    await world.press(ana, confirm, "End the game")
    assert (await t.live()).status == "aborted"
    refused = await world.answer(await ana.click(notice, MY_CARDS))
    assert refused.said == "This game is already over." and refused.controls == []
