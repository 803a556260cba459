"""Lupusburg's night with computer players in its roles: the Thief and the Werewolf are
computers, and the channel sees the same night as with people, whether they act or not.

Night phases always run their full time, so a computer's move at night (1-3 s after the
phase begins) moves nothing public: no message, no edit, no request to the thread. The
policies here are stand-ins (the first legal action): this is the host's timing, not
the game's computer players, which are checked on their own.
"""

from __future__ import annotations

from typing import Any

import pytest

import bot.core.thinking
from bot.double import SimUser
from games import registry
from games.computers import Computers, Decision
from games.engine import AnyGame
from games.lupusburg import GAME
from games.lupusburg.model import NIGHT_PHASES, LupusState
from games.lupusburg.rules import role_seat
from tests.e2e.test_lupusburg import NIGHT, SEED, TURN, Busy, kind_of
from tests.support.harness import World, table

ANA, BEN, CLEO, DAN, EVE = range(5)  # Ben and Cleo are computers: Werewolf and Thief


def first(decision: Decision) -> Any:
    return decision.legal[0]


def no_sample(view: Any, seat: int, rng: Any) -> Any:
    raise NotImplementedError


STAND_IN = Computers(default=first, casual=first, strong=first, sample=no_sample)


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("lupusburg")]


@pytest.fixture(autouse=True)
def village_with_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same village every time, and Lupusburg with stand-in computer players."""

    class Seeded:
        def getrandbits(self, _bits: int) -> int:
            return SEED

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Seeded)
    monkeypatch.setattr(GAME, "computers", lambda: STAND_IN)


async def state_of(world: World, game_id: int) -> LupusState:
    assert world.bot is not None and world.bot.service is not None
    state = (await world.bot.service.load(game_id)).state
    assert isinstance(state, LupusState)
    return state


@pytest.mark.parametrize("act", [True, False])
async def test_computers_at_night_change_nothing_the_channel_sees(
    world: World, act: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same night whether the computer Thief and Werewolf act or do nothing."""
    if not act:
        thinking = bot.core.thinking.choose

        def idle_at_night(kind: str, state: dict[str, Any], *args: Any) -> Any:
            return None if state["phase"] in NIGHT_PHASES else thinking(kind, state, *args)

        monkeypatch.setattr(bot.core.thinking, "choose", idle_at_night)
    ana, dan, eve = world.users("Ana", "Dan", "Eve")
    busy = Busy()
    busy.watch(world)
    place = await world.open_game(
        ana, "lupusburg", computers=2, night_seconds=NIGHT, turn_seconds=TURN,
        discussion_minutes=2,
    )  # fmt: skip
    for user in (dan, eve):
        await world.press(user, table(place), "Join")
    await ana.click(table(place), "Start")
    await busy.settle(world)
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and live.computers == {BEN, CLEO}
    game_id = live.id
    await world.advance(3)  # the computers place their characters (at once: 0-1 s each)
    await busy.settle(world)
    people: dict[int, SimUser] = {ANA: ana, DAN: dan, EVE: eve}
    for user in people.values():
        prompt = [m for m in user.dms() if kind_of(m) == "assign"][-1]
        (chest,) = [b for b in prompt.buttons if b["label"].startswith("Chest in house 1 ")]
        await user.click(prompt, custom_id=chest["custom_id"])
        await busy.settle(world)
    state = await state_of(world, game_id)
    assert state.phase == "thief"
    assert role_seat(state, "werewolf") == BEN and role_seat(state, "thief") == CLEO

    nightfall = world.clock.now()
    logged = len(await world.bot.service.store.actions(game_id))
    seen = {m.id: m.revision for m in place.visible_messages()}
    mark = len(world.double.exchanges)

    def changes() -> list[tuple[float, str]]:
        """The bot's messages that appeared or changed, and its requests to the thread."""
        nonlocal mark
        found = []
        for message in place.visible_messages():
            if message.id not in seen:
                found.append((message.timestamp - nightfall, "new"))
            elif message.revision != seen[message.id]:
                found.append(((message.edited_timestamp or 0) - nightfall, "edited"))
            seen[message.id] = message.revision
        exchanges = list(world.double.exchanges)[mark:]
        mark += len(exchanges)
        path = f"/api/v10/channels/{place.id}"
        found += [(-1, e.route) for e in exchanges if e.path.startswith(path)]
        return found

    steps = []
    for _ in range(2):  # the Thief's turn, then the Werewolf's
        await world.advance(5)  # the computer has acted (1-3 s after its turn began)
        await busy.settle(world)
        steps.append(changes())
        await world.advance(NIGHT - 5)
        await busy.settle(world)
        steps.append(changes())
    state = await state_of(world, game_id)
    assert [s.seat for s in state.sights] == ([CLEO] if act else [])  # the Thief's look
    night = (await world.bot.service.store.actions(game_id))[logged:]
    by_computers = [user for _, user, _ in night if user is not None and user < 0]
    assert by_computers == ([-2, -1] if act else [])  # Cleo's (Bit) look, Ben's (Ada) claw
    post, edit, delete = (
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
        "DELETE /channels/{channel_id}/messages/{message_id}",
    )
    morning = [(-1, post), (-1, post), (-1, edit), (-1, delete)]  # (the table moves down)
    assert steps == [
        [],  # the Thief's peek, or nothing
        [(NIGHT, "edited"), (NIGHT, "new"), (-1, post), (-1, edit)],  # the Werewolf's turn
        [],  # the claw, or nothing
        [(2 * NIGHT, "edited"), (2 * NIGHT, "new"), (2 * NIGHT, "new"), *morning],
    ]
