"""Super Mega Lucky Box end to end: simulated players use the table, their "My cards"
panels (the card select, the 3x3 of buttons, Pass, bonus steps) and the host's turn
notices, timers, away and rematch, through the real bot and the Discord double.

Players choose only among the controls their panels offer; the test reads the engine
state (through the bot's service) to know whom to wait for and to check that no
message shows a player's unresolved choice to anyone else: the table picture is
always exactly the picture of the public view, and every panel is its owner's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord import ids
from bot.double import SimUser
from bot.double.model import Channel, Message
from bot.i18n import t
from games import registry
from games.engine import AnyGame
from games.luckybox import GAME
from games.luckybox.board import completes, crossed_count, find
from games.luckybox.models import Bonus, Cross, LuckyState
from games.luckybox.pictures import render_table
from games.pictures import name_letters, to_png
from tests.support.harness import GameTable, World, buttons, panel_updated, table

MY_CARDS = "My cards"
PRIVATE = ("Your cards", "Bonus: cross", "Done: you crossed", "Your crossing gained")


def english(key: str, **params: Any) -> str:
    return t(key, "en", **params)


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("luckybox")]


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games dealt from a fixed seed (the host draws one at random)."""

    class Fixed:
        def getrandbits(self, bits: int) -> int:
            return 20261200  # Ana's hunt (below) meets a bonus step at reveal 3

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Fixed)


# -- the table and its players --------------------------------------------------------------


@dataclass
class Table(GameTable[LuckyState]):
    state_type = LuckyState

    async def panel(self, user: SimUser) -> Message:
        panel = await self.world.panel(user, self.place, MY_CARDS)
        assert panel.visible_to == user.id
        return panel

    async def click(self, user: SimUser, panel: Message, custom_id: str) -> None:
        before = panel.revision
        await panel_updated(self.world, panel, before, await user.click(panel, custom_id=custom_id))

    async def pick(self, user: SimUser, panel: Message, values: list[str]) -> None:
        before = panel.revision
        await panel_updated(self.world, panel, before, await user.select(panel, values))


def rest(control: dict[str, Any]) -> str:
    parsed = ids.parse(str(control["custom_id"]))
    return parsed.rest if parsed is not None else ""


def enabled(panel: Message, kind: str) -> list[dict[str, Any]]:
    """The enabled buttons of the panel whose action is of `kind` (cross, pass, ...)."""
    return [b for b in panel.buttons if not b.get("disabled") and rest(b).split(":")[0] == kind]


async def open_table(world: World, names: tuple[str, ...], **options: Any) -> Table:
    users = world.users(*names)
    place = await world.open_game(users[0], "luckybox", **options)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await world.press(users[0], table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.status == "running"
    seats = {u: live.seat_of(u.id) for u in users}
    return Table(world, place, sorted(users, key=lambda u: seats[u] or 0), live.id)


# -- a player who reads the panel -----------------------------------------------------------


def best_cross(state: LuckyState, seat: int) -> Cross | Bonus | None:
    """The legal crossing that completes the most lines (a player hunting bonuses)."""
    turn = state.turns[seat] if state.turns else None
    if turn is None:
        return None
    legal = [a for a in GAME.legal_actions(state, seat) if isinstance(a, Cross | Bonus)]

    def rank(action: Cross | Bonus) -> tuple[int, int]:
        held = find(turn.board, action.card)
        assert held is not None
        return completes(held, action.box), crossed_count(held)

    return max(legal, key=rank, default=None)


async def play_step(
    t: Table,
    user: SimUser,
    *,
    hunt: bool = False,
    stop_at_bonus: bool = False,
    passing: bool = False,
) -> str:
    """Everything the player does in the current step (until it resolves), from their
    panel alone: keep
    the first three cards, take the first card, put bonuses in their printed order,
    cross the first box offered (hunting: the one completing most lines, choosing its
    card in the select), else pass or decline. Returns how the panel ended ("done",
    or "bonus" when `stop_at_bonus` and a bonus step is shown)."""
    panel = await t.panel(user)
    seat = t.users.index(user)
    phase = GAME.phase_key(await t.state())
    for _ in range(20):
        if GAME.phase_key(await t.state()) != phase:
            return "done"  # the step resolved: the panel shows the next one
        if stop_at_bonus and ("**Bonus:" in panel.text or "gained two bonuses" in panel.text):
            return "bonus"
        keep = [s for s in panel.selects if s.get("min_values") == 3]
        if keep:
            values = [o["value"] for o in keep[0]["options"][:3]]
            await t.pick(user, panel, values)
            continue
        choice = enabled(panel, "take") or enabled(panel, "order")
        if choice:
            await t.click(user, panel, choice[0]["custom_id"])
            continue
        if passing and enabled(panel, "pass"):
            await t.click(user, panel, enabled(panel, "pass")[0]["custom_id"])
            continue
        crosses = enabled(panel, "cross") + enabled(panel, "bonus")
        if crosses and hunt:
            wanted = best_cross(await t.state(), seat)
            assert wanted is not None
            target = f"{wanted.type}:{wanted.card}:{wanted.box}"
            found = [b for b in crosses if rest(b) == target]
            if not found:  # on another card: show it first (a panel step)
                await t.pick(user, panel, [str(wanted.card)])
                found = [b for b in enabled(panel, wanted.type) if rest(b) == target]
            assert found, (target, [rest(b) for b in panel.buttons])
            await t.click(user, panel, found[0]["custom_id"])
            continue
        other = crosses or enabled(panel, "pass") or enabled(panel, "decline")
        if not other:
            return "done"
        await t.click(user, panel, other[0]["custom_id"])
    raise AssertionError("the panel never finished its step")


async def play_round_of_steps(t: Table, **how: Any) -> None:
    """Every seat the current step waits for plays it."""
    state = await t.state()
    for seat in sorted(GAME.active(state)):
        if GAME.result(await t.state()) is not None:
            return
        if seat in GAME.active(await t.state()):
            await play_step(t, t.users[seat], **how)


# -- checks ------------------------------------------------------------------------------------


def words(message: Message) -> str:
    parts = [message.text, *(a.description or "" for a in message.attachments)]
    parts += [b.get("label", "") for b in message.buttons]
    return "\n".join(parts)


async def assert_nothing_unresolved_is_shown(t: Table) -> None:
    """The table picture is exactly the public view's (no crossing of a reveal that has
    not resolved), no public message holds a panel's words, every panel is its owner's,
    and no payload has more than 5 action rows."""
    state = await t.state()
    names = [u.name for u in t.users]
    message = table(t.place)
    expected, alt = render_table(GAME.view(state, None), english, names, name_letters(names))
    assert message.attachments[0].data == to_png(expected)
    assert message.attachments[0].description == alt
    for user in t.users:
        for seen in [*user.sees(t.place), *user.dms()]:
            assert len(seen.rows) <= 5
            text = words(seen)
            if seen.visible_to is None:
                found = [w for w in PRIVATE if w in text]
                assert not found, f"a public message shows {found}: {text[:200]}"
            else:
                assert seen.visible_to == user.id


def notices(place: Channel) -> list[str]:
    return [m.said for m in place.visible_messages() if not m.cards and m.said]


def last_with(place: Channel, label: str) -> Message:
    return next(m for m in reversed(place.visible_messages()) if label in buttons(m))


# -- the tests ---------------------------------------------------------------------------------


async def test_three_players_play_to_the_end_without_leaks(world: World) -> None:
    """Rounds 1 and 4 are played from the panels; in rounds 2 and 3 everyone lets the
    time run out (all away: the table plays on at the pace of its time limit), and
    acting again in round 4 brings each player back."""
    t = await open_table(world, ("Ana", "Ben", "Cleo"), reveal_limit=30)
    said = notices(t.place)
    assert any("Waiting for Ana, Ben and Cleo: keep 3 of your 5 cards" in n for n in said)
    steps = 0
    while (await t.live()).status == "running":
        if (await t.state()).round in (2, 3):
            await world.advance(60)
            await world.settle()
        else:
            await play_round_of_steps(t, hunt=steps % 3 == 0)
        steps += 1
        if steps % 7 == 1:
            await assert_nothing_unresolved_is_shown(t)
        assert steps < 80
    assert not (await t.live()).away  # back once they acted again
    state = await t.state()
    assert state.stage == "over" and state.round == 4
    result = GAME.result(state)
    assert result is not None
    final = last_with(t.place, "Rematch")
    assert final.text.startswith("### 🏆 Winner")
    for seat in range(3):
        scored = f"**{t.users[seat].name}** · **{result.scores[seat]}** point"
        lines = final.text.splitlines()
        at = next(i for i, line in enumerate(lines) if scored in line)
        assert lines[at + 1].startswith("-# cards ")  # the breakdown, in small print
    assert [a.filename for a in final.attachments] == ["luckybox-scores.png"]
    best = english("luckybox.picture.total", count=result.scores[result.winners[0]])
    winners = ", ".join(t.users[s].name for s in result.winners)
    verb = "wins" if len(result.winners) == 1 else "win"
    described = final.attachments[0].description or ""
    assert described.startswith(f"Game over: {winners} {verb} with {best}.")  # not "Round 4: ..."
    # The table keeps its My cards button: each player's own last cards, no controls.
    assert buttons(table(t.place)) == [MY_CARDS]
    for seat, user in enumerate(t.users):
        panel = await t.panel(user)
        assert panel.controls == []
        assert f"The game is over. You scored {result.scores[seat]} point" in panel.text
        (picture,) = panel.attachments
        shown = picture.description or ""
        assert shown.startswith(f"Your cards ({user.name[0]} {user.name})")
        cards = [held.card for held in state.boards[seat].cards]
        assert cards and all(f"Card {card + 1}:" in shown for card in cards)
        assert shown.count("Card ") == len(cards)
    await assert_nothing_unresolved_is_shown(t)


async def test_a_crossing_is_private_until_everyone_has_acted(world: World) -> None:
    t = await open_table(world, ("Ana", "Ben"), reveal_limit=0)
    await play_round_of_steps(t)  # both keep their cards
    ana, ben = t.users
    reveal = (await t.state()).reveal
    assert "(reveal 1 of 9)" in table(t.place).text
    await play_step(t, ana)
    state = await t.state()
    assert state.reveal == reveal and 0 not in GAME.active(state)
    assert "✅ A **Ana**" in table(t.place).text and "⬜ B **Ben**" in table(t.place).text
    await assert_nothing_unresolved_is_shown(t)
    ben_panel = await t.panel(ben)
    assert "Your cards" in ben_panel.text and "Ana" not in (
        ben_panel.attachments[0].description or ""
    )
    await play_step(t, ben)
    assert (await t.state()).reveal == reveal + 1
    assert "(reveal 2 of 9)" in table(t.place).text
    await assert_nothing_unresolved_is_shown(t)


@pytest.mark.each_engine  # the game's whole flow on PostgreSQL too
async def test_a_solo_game_and_a_rematch(world: World) -> None:
    """Ana plays the first round from her panel, then leaves the rest to the clock (a
    table whose only player is away plays on at the pace of its time limit)."""
    t = await open_table(world, ("Ana",), reveal_limit=20)
    assert not any("Waiting for" in n for n in notices(t.place))  # nobody else to wait for
    while (await t.state()).round == 1:
        await play_round_of_steps(t)
    steps = 0
    while (await t.live()).status == "running":
        await world.advance(40)
        await world.settle()
        steps += 1
        assert steps < 60
    state = await t.state()
    result = GAME.result(state)
    assert result is not None and result.winners == (0,)
    final = last_with(t.place, "Rematch")
    first = result.scores[0]
    assert f"Solo score: {first} point" in final.text
    assert "Your first solo game of Super Mega Lucky Box on this server." in final.text
    (ana,) = t.users
    await world.press(ana, final, "Rematch")
    lobby = last_with(t.place, "Join")
    assert lobby.id != final.id and "Start" in buttons(lobby)
    # The rematch, left to the clock: its result names the best of the games before.
    await world.press(ana, lobby, "Start")
    for _ in range(80):
        await world.advance(40)
        await world.settle()
        second = last_with(t.place, "Rematch")
        if second.id != final.id:
            break
    assert second.id != final.id
    score = int(second.text.split("Solo score: ")[1].split(" ")[0])
    if score > first:
        assert f"A new best on this server (it was {first})!" in second.text
    else:
        assert f"Your best on this server: {first} point" in second.text


async def test_a_reveal_times_out_and_an_absent_player_is_played_for(world: World) -> None:
    t = await open_table(world, ("Ana", "Ben", "Cleo"), reveal_limit=30)
    ana, ben, cleo = t.users
    assert "<t:" in table(t.place).text
    await play_round_of_steps(t)  # everyone keeps 3 cards
    for timeouts in (1, 2):
        reveal = (await t.state()).reveal
        await play_step(t, ana)
        await play_step(t, ben)
        assert (await t.state()).reveal == reveal  # waiting for Cleo
        await world.advance(30)
        await world.settle()
        state = await t.state()
        assert state.reveal == reveal + 1
        assert any(
            "Time ran out: the bot played the default for Cleo." in n for n in notices(t.place)
        )
        await assert_nothing_unresolved_is_shown(t)
        away = "I'm back" in buttons(table(t.place))
        assert away == (timeouts == 2)  # away after the second timeout in a row
    said = "\n".join(notices(t.place)[-3:])
    assert "Cleo let the time run out twice in a row and is away now" in said
    assert "I'm back" in buttons(table(t.place))
    # Cleo is away: once Ana and Ben are done, her default is played at once.
    reveal = (await t.state()).reveal
    await play_step(t, ana)
    await play_step(t, ben)
    assert (await t.state()).reveal == reveal + 1
    said = notices(t.place)[-1]  # said as played for her, not as a deadline
    assert "The bot played the default for Cleo (away)." in said
    assert "Time ran out" not in said
    await world.press(cleo, table(t.place), "I'm back")
    assert "Cleo is back and plays again." in notices(t.place)[-1]
    assert "I'm back" not in buttons(table(t.place))
    await play_step(t, cleo)
    assert 2 not in GAME.active(await t.state())


async def test_a_restart_between_reveals_and_in_the_middle_of_a_bonus_chain(
    world: World, seeded: None
) -> None:
    """Ben passes every reveal; Ana crosses the box completing the most lines, until a
    bonus waits for her choice (reveal 3 with this seed)."""
    t = await open_table(world, ("Ana", "Ben"), reveal_limit=0)
    ana, ben = t.users
    await play_round_of_steps(t)  # both keep their first three cards
    for reveal in range(1, 10):
        await play_step(t, ben, passing=True)
        if await play_step(t, ana, hunt=True, stop_at_bonus=True) == "bonus":
            break
        if reveal == 1:  # between two reveals
            table_id = table(t.place).id
            await world.restart()
            await world.settle()
            assert table(t.place).id == table_id  # its panel button still works below
    else:
        pytest.fail("no bonus step in round 1")
    assert reveal > 1
    state = await t.state()
    turn = state.turns[0]
    assert turn is not None and turn.pending
    pending, number = list(turn.pending), state.reveal
    await world.restart()
    await world.settle()
    state = await t.state()
    turn = state.turns[0]
    assert turn is not None and turn.pending == pending and state.reveal == number
    panel = await t.panel(ana)
    assert "**Bonus:" in panel.text or "gained two bonuses" in panel.text
    assert await play_step(t, ana, hunt=True) == "done"
    assert (await t.state()).reveal == number + 1  # Ben had passed: the reveal resolved
    await assert_nothing_unresolved_is_shown(t)
