"""A game of every kind with one person and computer players, played to its end through
Discord: the person presses what their panel and DM prompts offer (`Person`), the
computers move by themselves on the fake clock, and the results are posted."""

from __future__ import annotations

from typing import Any

import pytest

import bot.core.thinking
from bot.double import SimUser
from bot.double.model import Channel
from games import registry
from games.engine import AnyGame
from tests.support.harness import World, table
from tests.support.person import Person

ADD = "Add a computer player"
# Short games: few rounds, a small deck, two seats where the game is long. The clocks
# are the games' own defaults (No Prob-Lama, Miss Lupun and Tüfteln wait for a person
# without a limit; Lucky Box and Lupusburg time each step).
GAMES: dict[str, dict[str, Any]] = {
    "lama": {},
    "lupun": {"deck": "short", "rounds": 1},
    "luckybox": {},
    "tufteln": {},
    "lupusburg": {"discussion_minutes": 0, "night_seconds": 5, "defence_seconds": 0},
}
STRONG = {"lupusburg": 4}  # strong computers seated by /newgame; else one
CASUAL = {"lupun", "luckybox", "tufteln"}  # and a casual one added in the lobby
SEED = 7


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get(game) for game in GAMES]


@pytest.fixture(autouse=True)
def same_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deal every run (the host draws its seed from SystemRandom), so that a
    failure replays: the person's choices and the computers' are seeded too."""

    class Seeded:
        def getrandbits(self, _bits: int) -> int:
            return SEED

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Seeded)


@pytest.fixture(autouse=True)
def quick_strong_computers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strong computers search for 20 ms instead of half a second (a test plays many of
    their moves); what they search and how is the same."""
    choose = bot.core.thinking.choose

    def quick(kind: str, state: dict[str, Any], version: int, seat: int, level: str,
              seed: str, budget: float = 0.02) -> Any:  # fmt: skip
        return choose(kind, state, version, seat, level, seed, min(budget, 0.02))

    monkeypatch.setattr(bot.core.thinking, "choose", quick)


def everything(place: Channel, person: SimUser) -> str:
    """All the thread and the person's DMs and private answers say."""
    messages = [*place.visible_messages(), *person.dms(), *person.ephemerals()]
    return "\n".join(m.text for m in messages)


@pytest.mark.parametrize("game", list(GAMES))
async def test_one_person_and_computers_play_every_game_to_its_end(world: World, game: str) -> None:
    ana = world.double.user("Ana")
    computers = STRONG.get(game, 1)
    place = await world.open_game(ana, game, computers=computers, level="strong", **GAMES[game])
    if game in CASUAL:
        await ana.select(table(place), ["casual"], placeholder=ADD)
        await world.settle()
        computers += 1
    await world.press(ana, table(place), "Start")
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and len(live.computers) == computers
    person = Person(world, place, ana)
    await person.play_to_the_end()

    finished = await world.bot.service.load(live.id)
    assert finished.status == "finished"
    results = place.visible_messages()[-1]
    assert "Winner" in results.text and "Rematch" in results.button_labels, results.text
    log = await world.bot.service.store.actions(live.id)
    seats = {ana.id, *(-1 - n for n in range(computers))}
    assert {user for _, user, _ in log} - {None} == seats  # everyone moved (None: the clock)
    assert 0 < sum(user == ana.id for _, user, _ in log) <= person.clicks
    said = everything(place, ana)
    assert "Time ran out" not in said and "(away)" not in said  # she played every step
    pinged = {user for m in place.visible_messages() for user in m.pinged}
    assert pinged == {ana.id}  # only the person: a computer has nobody to ping
    dms = [c for c in world.double.state.channels.values() if c.is_dm and c.messages]
    assert all(c.recipients == [ana.user] for c in dms)  # no DM to a computer
