"""Miss Lupun end to end: simulated players use the table, their "My tasks" panels and
the turn notices through the real bot and the Discord double.

Games are dealt from fixed seeds (the host draws one at random otherwise), so a
round with a joker and a win card that is won are known in advance. Players choose
only among the controls their panels offer; the test reads the engine state (through
the bot's service) to know whom to wait for, and checks after every step that no
message, picture description or control shows a task to anyone but its holder
before its round's end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from bot.double import InteractionResult, SimUser
from bot.double.model import Channel, Message
from bot.i18n import t
from games import registry
from games.engine import AnyGame
from games.lupun.board import space_name
from games.lupun.cards import task
from games.lupun.models import JOKER, LupunState
from games.lupun.policy import greedy_placement
from games.lupun.rounds import board_for_scoring
from tests.support.harness import GameTable, World, buttons, panel_updated, table

MY_TASKS = "My tasks"
TURN = 60
JOKER_SEED = 1  # 3 players, jokers: seat 1 draws a joker card, nobody a win card
WIN_SEED = 10  # 3 players, jokers: seat 0 holds a win card, won when all play for it


def english(key: str, **params: Any) -> str:
    return t(key, "en", **params)


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("lupun")]


def seeded(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    class Seeded:
        def getrandbits(self, _bits: int) -> int:
            return seed

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Seeded)


# -- the table and its players --------------------------------------------------------------


@dataclass
class Table(GameTable[LupunState]):
    state_type = LupunState

    async def panel(self, user: SimUser) -> Message:
        panel = await self.world.panel(user, self.place, MY_TASKS)
        assert panel.visible_to == user.id
        await self.check_no_leak()
        return panel

    async def after(self, panel: Message, before: int, result: InteractionResult) -> None:
        await panel_updated(self.world, panel, before, result)
        await self.check_no_leak()

    async def click(self, user: SimUser, panel: Message, custom_id: str) -> None:
        before = panel.revision
        await self.after(panel, before, await user.click(panel, custom_id=custom_id))

    async def select(self, user: SimUser, panel: Message, value: str, placeholder: str) -> None:
        before = panel.revision
        result = await user.select(panel, [value], placeholder=placeholder)
        await self.after(panel, before, result)

    async def check_no_leak(self) -> None:
        """A task held now (kept or drawn) shows only in its holder's own panels, and
        every payload keeps to Discord's limits."""
        state = await self.state()
        held = {
            seat: [task_text(c) for c in [*state.hands[seat], *state.drawn[seat]]]
            for seat in range(len(state.hands))
        }
        for seat, user in enumerate(self.users):
            for message in [*user.sees(self.place), *user.dms()]:
                assert len(message.rows) <= 5
                assert all(len(s.get("options", [])) <= 25 for s in message.selects)
                text = words(message)
                for owner, texts in held.items():
                    if owner == seat and message.visible_to == user.id:
                        continue
                    shown = [x for x in texts if x in text]
                    assert not shown, f"{user.name} sees {self.users[owner].name}'s {shown}"


def task_text(card: str) -> str:
    return english(f"lupun.task.{card}")


def words(message: Message) -> str:
    parts = [message.text, *(a.description or "" for a in message.attachments)]
    parts += [str(e.get("description", "")) for e in message.cards]
    parts += [b.get("label", "") for b in message.buttons]
    for select in message.selects:
        options = select["options"]
        parts += [f"{o.get('label', '')} {o.get('description') or ''}" for o in options]
    return "\n".join(parts)


def enabled(panel: Message) -> list[dict[str, Any]]:
    return [b for b in panel.buttons if not b.get("disabled")]


def labelled(panel: Message, prefix: str) -> dict[str, Any]:
    found = [b for b in enabled(panel) if b.get("label", "").startswith(prefix)]
    assert found, f"no button {prefix!r} in {[b.get('label') for b in panel.buttons]}"
    return found[0]


async def open_table(world: World, names: tuple[str, ...], **options: Any) -> Table:
    users = world.users(*names)
    place = await world.open_game(users[0], "lupun", **options)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"

    def seat(user: SimUser) -> int:
        found = live.seat_of(user.id)
        assert found is not None
        return found

    return Table(world, place, sorted(users, key=seat), live.id)


# -- what players do -------------------------------------------------------------------------


async def keep_all(t: Table) -> None:
    """Everyone still choosing gives back the last task they drew, with the button
    beside it."""
    state = await t.state()
    for seat in [s for s in range(state.seats) if state.drawn[s]]:
        user = t.users[seat]
        panel = await t.panel(user)
        assert "Give back one task (it goes under the stack)" in panel.text
        assert panel.attachments[0].filename == "lupun-my-tasks.png"
        gives = [b["label"] for b in enabled(panel)]
        assert gives == [f"Give back #{n}" for n in range(1, len(state.drawn[seat]) + 1)]
        last = len(state.drawn[seat])
        await t.click(user, panel, labelled(panel, f"Give back #{last}")["custom_id"])
        assert state.drawn[seat][-1] not in (await t.state()).hands[seat]
        assert "You keep these 3 tasks" in panel.text or "Your tiles:" in panel.text
    assert (await t.state()).stage != "keep"


async def place(t: Table, space: str, tile: int) -> Message:
    """The player to act chooses the space, then the tile, sees what goes where, and
    confirms; the panel afterwards."""
    state = await t.state()
    seat = state.to_act
    user = t.users[seat]
    panel = await t.panel(user)
    assert "**Your turn**" in panel.text
    await t.select(user, panel, space, "Choose an empty space…")
    assert f"Space **{space}** chosen" in panel.text
    await t.select(user, panel, str(tile), f"Choose the tile for {space}…")
    name = "Joker" if tile == JOKER else str(tile)
    assert f"You are placing **{name}** on **{space}**" in panel.text
    drafted = await t.state()
    assert drafted.draft is not None and drafted.board == state.board  # nothing placed yet
    await t.click(user, panel, labelled(panel, f"Confirm: {name} on {space}")["custom_id"])
    after = await t.state()
    assert after.stage != "place" or after.turn > state.turn  # (and an away player's, at once)
    return panel


def simple_move(state: LupunState) -> tuple[str, int]:
    """A joker if the player to act has one, else their smallest tile, on the first
    empty space."""
    seat = state.to_act
    tile = JOKER if state.jokers[seat] else min(state.tiles[seat])
    return space_name(state.board.index(None)), tile


async def place_simply(t: Table) -> None:
    await place(t, *simple_move(await t.state()))


async def place_quickly(t: Table, space: str, tile: int) -> None:
    """The same choice and confirmation as from the panel, sent straight to the host
    (the panel's pictures make every click slow; the table and notices are shown)."""
    assert t.world.bot is not None and t.world.bot.service is not None
    state = await t.state()
    user = t.users[state.to_act]
    service = t.world.bot.service
    await service.act(t.game_id, user.id, {"type": "place", "space": space, "tile": tile})
    await t.world.settle()
    await service.act(t.game_id, user.id, {"type": "confirm"})
    await t.world.settle()


async def finish_round(t: Table) -> None:
    round_number = (await t.state()).round
    while (await t.live()).status == "running":
        state = await t.state()
        if state.round != round_number or state.stage != "place":
            return
        await place_quickly(t, *simple_move(state))
    await t.check_no_leak()


async def turn_tiles(t: Table) -> None:
    """Everyone still turning turns the prefilled suggestion (one may be away: the
    bot then turns for them at once)."""
    while (await t.live()).status == "running" and (state := await t.state()).to_turn:
        user = t.users[state.to_turn[0]]
        panel = await t.panel(user)
        await t.click(user, panel, labelled(panel, "Turn ")["custom_id"])


def notices(place: Channel) -> list[str]:
    return [m.said for m in place.visible_messages() if m.said]


def last_with(place: Channel, label: str) -> Message:
    return next(m for m in reversed(place.visible_messages()) if label in buttons(m))


# -- the tests ---------------------------------------------------------------------------------


async def test_a_three_player_round_with_jokers(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch, JOKER_SEED)
    tab = await open_table(world, ("Ana", "Ben", "Cleo"), variant="jokers", rounds=1)
    ana, ben, _cleo = tab.users
    board = table(tab.place)
    assert "With joker and win cards." in board.text
    assert "B **Ben** · tiles 0–9 · 1 joker tile" in board.text
    await keep_all(tab)
    assert f"{ana.mention}: place a tile (My tasks)" in notices(tab.place)[-1]
    await place_simply(tab)  # Ana
    panel = await tab.panel(ben)
    assert "You have 1 joker tile" in panel.text
    await place_simply(tab)  # Ben: his joker
    assert (await tab.state()).board[1] == JOKER
    assert "Ben places a joker on B1." in "\n".join(notices(tab.place))
    await place_simply(tab)  # Cleo
    await tab.check_no_leak()
    await finish_round(tab)

    state = await tab.state()
    report = state.last_round
    assert report is not None and report.board.count(None) == 0 and JOKER in report.board
    final = tab.place.visible_messages()[-1]
    assert "Rematch" in buttons(final)
    # The winner as the heading, the standings, then the last round turned face up.
    assert final.cards and str(final.cards[0]["title"]).startswith("🏆 Winner")
    revealed = str(final.cards[0]["description"])
    assert "\n**Round 1: every task revealed**\n" in revealed
    for seat in range(3):  # every task, solved or not, is shown once the round is over
        assert all(task_text(c) in revealed for c in report.seats[seat].tasks)
        if report.seats[seat].jokers:
            values = ", ".join(f"{s} = {v}" for s, v in report.seats[seat].jokers.items())
            assert f"joker {values}" in revealed
    assert final.attachments[0].filename == "lupun-round-1.png"
    await assert_final_panels(tab)


async def assert_final_panels(t: Table) -> None:
    """After the game the table keeps its My tasks button: it shows each player their
    own last tasks as the end revealed them (solved or not), with no controls."""
    report = (await t.state()).last_round
    assert report is not None and buttons(table(t.place)) == [MY_TASKS]
    for seat, user in enumerate(t.users):
        panel = await t.panel(user)
        mine = report.seats[seat]
        assert panel.visible_to == user.id and panel.controls == []
        assert f"Your last tasks scored **{mine.points}** point" in panel.text
        for card in mine.tasks:
            mark = "✅" if card in mine.solved else "❌"
            assert f"{mark} {task_text(card)}" in panel.text
        (picture,) = panel.attachments
        assert picture.filename == "lupun-my-tasks.png"
        assert all(task_text(card) in (picture.description or "") for card in mine.tasks)


async def test_a_two_player_round_leaves_four_spaces_and_a_rematch_follows(
    world: World,
) -> None:
    tab = await open_table(world, ("Ana", "Ben"), deck="short")
    await keep_all(tab)
    await place_simply(tab)
    await place_simply(tab)
    await finish_round(tab)
    state = await tab.state()
    assert state.last_round is not None and state.last_round.board.count(None) == 4
    assert "Highest total after 1 round." in tab.place.visible_messages()[-1].text

    ana, ben = tab.users
    results = last_with(tab.place, "Rematch")
    await world.press(ben, results, "Rematch")
    lobby = last_with(tab.place, "Join")
    assert lobby.id != results.id
    assert any(ana.mention in n and "rematch" in n for n in notices(tab.place))


async def test_a_rounds_results_come_before_the_next_rounds_table(world: World) -> None:
    """The round's results (every task revealed, the final board) read above the new
    round's table, which is posted anew at the bottom."""
    tab = await open_table(world, ("Ana", "Ben"), deck="short", rounds=2)
    await keep_all(tab)
    await finish_round(tab)
    assert (await tab.state()).round == 2
    messages = tab.place.visible_messages()
    titles = [str(m.cards[0]["title"]) if m.cards else "" for m in messages]
    results = titles.index("Round 1: every task revealed")
    new_table = [m.id for m in messages].index(table(tab.place).id)
    assert results < new_table and titles[new_table] == "Miss Lupun: round 2 of 2"
    assert [a.filename for a in messages[results].attachments] == ["lupun-round-1.png"]


async def test_a_won_win_card_ends_the_game(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    seeded(monkeypatch, WIN_SEED)
    tab = await open_table(world, ("Ana", "Ben", "Cleo"), variant="jokers", rounds=3)
    state = await tab.state()
    holder = state.win_card.index(True)
    assert "win card face up" in table(tab.place).text
    panel = await tab.panel(tab.users[holder])
    assert "You hold a win card" in panel.text
    await keep_all(tab)
    goal = [task(c) for c in (await tab.state()).hands[holder]]
    rng = random.Random(0)  # everyone plays for the win card's tasks
    first = True
    while (state := await tab.state()).stage == "place":
        board, _ = board_for_scoring(state)
        space, tile = greedy_placement(board, goal, tuple(state.tiles[state.to_act]), rng)
        if first:
            await place(tab, space_name(space), tile)
            first = False
        else:
            await place_quickly(tab, space_name(space), tile)
    assert state.reason == "win_card" and state.winners == [holder]
    final = tab.place.visible_messages()[-1]
    assert "A win card with all 3 tasks solved." in final.text
    assert tab.users[holder].name in final.cards[0]["title"]
    assert state.round == 1  # the rounds goal's three rounds are cut short


@pytest.mark.each_engine  # the game's whole flow on PostgreSQL too
async def test_a_long_game_is_played_to_its_end_with_tile_turning(world: World) -> None:
    tab = await open_table(world, ("Ana", "Ben"), goal="tiles", turn_seconds=TURN)
    ana, ben = tab.users
    assert "Before the first round everyone may turn tiles" in table(tab.place).text
    for user in (ana, ben):  # a handicap of everything but the 1
        panel = await tab.panel(user)
        assert "Chosen: **0** (sum 0)" in panel.text  # the 0, prefilled
        for tile in range(2, 10):
            await tab.click(user, panel, labelled(panel, str(tile))["custom_id"])
        assert all(b.get("disabled") for b in panel.buttons if b.get("label") == "1")
        await tab.click(user, panel, labelled(panel, "Turn 0 2 3")["custom_id"])
    state = await tab.state()
    assert state.turned == [[0, 2, 3, 4, 5, 6, 7, 8, 9]] * 2 and state.stage == "keep"
    assert "turned 0 2 3 4 5 6 7 8 9" in table(tab.place).text
    rounds = 0
    while (await tab.live()).status == "running":
        state = await tab.state()
        if state.stage == "turn":
            await turn_tiles(tab)
            rounds += 1
        else:  # the bot plays the keeping and the placements as time runs out
            await world.advance(TURN)
            await world.settle()
        assert rounds < 6
    state = await tab.state()
    assert state.reason in ("tiles", "limit")
    assert any(len(t) == 10 for t in state.turned)
    final = tab.place.visible_messages()[-1]
    assert "All 10 tiles turned." in final.text
    await assert_final_panels(tab)
    assert any(
        m.cards and "Round 1: every task revealed" in str(m.cards[0]["title"])
        for m in tab.place.visible_messages()
    )


async def test_time_runs_out_a_player_is_away_then_back(world: World) -> None:
    tab = await open_table(world, ("Ana", "Ben", "Cleo"), turn_seconds=TURN)
    ana = tab.users[0]
    await world.advance(TURN)  # nobody keeps: each gives back the most points
    await world.settle()
    said = "\n".join(notices(tab.place))
    assert "Time ran out: Ana keeps 3 tasks (the one with the most points goes back)." in said
    assert (await tab.state()).stage == "place"
    await world.advance(TURN)  # Ana's second timeout in a row: the bot places, she is away
    await world.settle()
    said = "\n".join(notices(tab.place))
    assert "Time ran out: the bot places Ana's " in said
    assert "is away now" in said
    assert "I'm back" in buttons(table(tab.place))
    state = await tab.state()
    assert state.to_act == 1
    await place_simply(tab)  # Ben
    await place_simply(tab)  # Cleo; Ana, away, is played at once
    state = await tab.state()
    assert state.turn == 4 and state.to_act == 1
    await world.press(ana, table(tab.place), "I'm back")
    assert "Ana is back and plays again." in notices(tab.place)[-1]
    await place_simply(tab)  # Ben
    await place_simply(tab)  # Cleo
    assert f"{ana.mention}: place a tile (My tasks)" in notices(tab.place)[-1]
    assert (await tab.state()).to_act == 0  # she is waited for again


async def test_a_restart_mid_turn_keeps_the_choice_and_the_table(world: World) -> None:
    tab = await open_table(world, ("Ana", "Ben", "Cleo"))
    await keep_all(tab)
    ana = tab.users[0]
    panel = await tab.panel(ana)
    await tab.select(ana, panel, "C3", "Choose an empty space…")
    tile = min((await tab.state()).tiles[0])
    await tab.select(ana, panel, str(tile), "Choose the tile for C3…")
    table_id = table(tab.place).id

    await world.restart()
    await world.settle()
    assert table(tab.place).id == table_id
    panel = await tab.panel(ana)  # from the same table message
    assert f"You are placing **{tile}** on **C3**" in panel.text
    await tab.click(ana, panel, labelled(panel, f"Confirm: {tile} on C3")["custom_id"])
    state = await tab.state()
    assert state.board[10] == tile and state.to_act == 1
    assert "**Ben**'s turn" in table(tab.place).text or "Ben's turn" in table(tab.place).text
