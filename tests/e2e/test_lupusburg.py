"""Lupusburg end to end: the bot moderates a village of simulated players.

Players act only through Discord: DM prompts (placement, the night), their private
panel behind the table's button, and the channel. The test reads the engine state
through the bot's service only to steer them (whom the Werewolf claws, whom the
village lynches) and to know which secrets each of them may have learned.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.double import SimUser
from bot.double.model import Message
from bot.i18n import t
from games import registry
from games.engine import AnyGame
from games.lupusburg import GAME
from games.lupusburg.flow import ballot_tokens
from games.lupusburg.model import LupusState
from games.lupusburg.rules import houses_of, role_seat
from tests.support.harness import GameTable, World, table
from tests.support.marked import languages, marked_catalog, texts_of, unmarked

PANEL = "My panel"
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")
SEED = 11  # Ana (host) is the Burgomaster; Ben holds the Werewolf, Cleo the Thief
ANA, BEN, CLEO, DAN, EVE = range(5)
NIGHT, TURN = 20, 60


@pytest.fixture
def offered_games() -> list[AnyGame]:
    return [registry.get("lupusburg")]


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal the same village every time (the host draws its seed from SystemRandom)."""

    class Seeded:
        def getrandbits(self, _bits: int) -> int:
            return SEED

    monkeypatch.setattr("bot.core.service.random.SystemRandom", Seeded)


# -- the village and its players ------------------------------------------------------------


class Busy:
    """Counts the interactions the bot is still handling. The double's `idle` sees only
    requests, and a table picture renders for tens of milliseconds between two of them."""

    def __init__(self) -> None:
        self.count = 0

    def watch(self, world: World) -> None:
        assert world.bot is not None and world.bot.router is not None
        router = world.bot.router
        handle = router.on_interaction

        async def counted(interaction: object) -> None:
            self.count += 1
            try:
                await handle(interaction)  # type: ignore[arg-type]
            finally:
                self.count -= 1

        router.on_interaction = counted  # type: ignore[method-assign]

    async def settle(self, world: World) -> None:
        await world.double.wait_for(lambda: self.count == 0, 10, "the bot to finish")
        await world.settle()


@dataclass
class Village(GameTable[LupusState]):
    state_type = LupusState
    busy: Busy
    panel_label: str = PANEL  # the table's button (in the server's language)

    async def settle(self) -> None:
        await self.busy.settle(self.world)

    async def advance(self, seconds: float) -> None:
        await self.world.advance(seconds)
        await self.settle()

    async def restart(self) -> None:
        await self.world.restart()
        self.busy.watch(self.world)

    async def panel(self, seat: int) -> Message:
        panel = await self.world.panel(self.users[seat], self.place, self.panel_label)
        assert panel.visible_to == self.users[seat].id
        return panel

    async def press(self, seat: int, label: str, message: Message | None = None) -> str | None:
        """Press a button on the player's panel (opened from the table unless given a
        message, e.g. a DM prompt); the sentence the bot refused with, if any."""
        target = message or await self.panel(seat)
        result = await self.users[seat].click(target, label)
        await self.settle()
        return refusal(result.followups)

    async def choose(
        self, seat: int, value: int, message: Message | None = None, placeholder: str | None = None
    ) -> str | None:
        """Pick an option of a select on the player's panel (or on `message`)."""
        target = message or await self.panel(seat)
        result = await self.users[seat].select(target, [str(value)], placeholder=placeholder)
        await self.settle()
        return refusal(result.followups)

    def prompt(self, seat: int, kind: str) -> Message:
        """The player's newest DM with a control of this kind ("assign", "peek", "claw")."""
        found = [m for m in self.users[seat].dms() if kind_of(m) == kind]
        assert found, f"{NAMES[seat]} has no {kind} prompt"
        return found[-1]

    def public(self) -> list[Message]:
        return self.place.visible_messages()

    def notice(self) -> Message:
        """The newest announcement in the channel (a table posted anew at each night and
        day may come after it)."""
        return [m for m in self.public() if m.said and not m.cards][-1]

    def said(self) -> str:
        return self.notice().said


def refusal(followups: list[Message]) -> str | None:
    """The sentence a refused click was answered with (a private follow-up)."""
    private = [m.said for m in followups if m.ephemeral]
    return private[-1] if private else None


def kind_of(message: Message) -> str | None:
    for row in message.rows:
        for item in row.get("components", []):
            match = re.match(r"game:\d+:[a-z_]+\d+:([a-z]+)", item.get("custom_id", ""))
            if match:
                return match.group(1)
    return None


def text_of(message: Message) -> str:
    """Everything a reader sees in a message: text, embeds, alt texts, control labels."""
    parts = [message.said]
    for embed in message.cards:
        parts += [embed.get("title") or "", embed.get("description") or ""]
    parts += [a.description or "" for a in message.attachments]
    for item in message.controls:
        parts.append(item.get("label") or item.get("placeholder") or "")
        parts += [o.get("label", "") for o in item.get("options", [])]
    return "\n".join(parts)


async def open_village(
    world: World, command: str = "lupusburg", closed: tuple[str, ...] = (), **options: Any
) -> Village:
    """Ana opens the game, Ben, Cleo, Dan and Eve join (in that order), Ana starts it."""
    users = [
        world.double.add_member(n, dms_open=False) if n in closed else world.double.user(n)
        for n in NAMES
    ]
    options = {"night_seconds": NIGHT, "turn_seconds": TURN, "discussion_minutes": 2, **options}
    busy = Busy()
    busy.watch(world)
    place = await world.open_game(users[0], command, **options)
    for user in users[1:]:
        await world.press(user, table(place), "Join")
    await users[0].click(table(place), "Start")
    await busy.settle(world)
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None and [p.user_id for p in live.players] == [u.id for u in users]
    return Village(world, place, users, live.id, busy)


def code(house: int) -> str:
    return f"{'ABCDE'[house // 2]}{house % 2 + 1}"


async def place_all(v: Village) -> None:
    """Everyone answers the placement DM: the chest in their first house."""
    for seat in range(len(v.users)):
        prompt = v.prompt(seat, "assign")
        assert await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", prompt) is None


async def night(v: Village, peek: int | None, claw: int | None) -> None:
    """The Thief looks under `peek` and the Werewolf claws `claw`, from their DM prompts."""
    state = await v.state()
    assert state.phase == "thief"
    if peek is not None:
        thief = role_seat(state, "thief")
        assert await v.choose(thief, peek, v.prompt(thief, "peek")) is None
    await v.advance(NIGHT)
    if claw is not None:
        wolf = role_seat(state, "werewolf")
        assert await v.choose(wolf, claw, v.prompt(wolf, "claw")) is None
    await v.advance(NIGHT)


async def waiting(v: Village) -> list[int]:
    return sorted(GAME.waiting_for(await v.state()))


async def talk_and_vote(v: Village, lynch: int, dodge: int) -> None:
    """From the discussion: everyone is done, then puts both tokens on `lynch` (its owner on
    `dodge`), the suspects are done defending, and every ballot goes on `lynch`."""
    assert (await v.state()).phase == "discussion"
    for seat in range(len(v.users)):
        assert await v.press(seat, "Done talking") is None
    while (await v.state()).phase == "first_vote":
        (seat,) = await waiting(v)
        assert await v.choose(seat, dodge if lynch // 2 == seat else lynch) is None
    assert (await v.state()).phase == "defence"
    for seat in await waiting(v):
        assert await v.press(seat, "Done talking") is None
    await vote_for(v, lynch)


async def vote_for(v: Village, house: int) -> None:
    """Every ballot still to cast goes on `house` (one token or two, as each voter has)."""
    state = await v.state()
    for seat in await waiting(v):
        both = ballot_tokens(state, seat) == 2
        label = f"Both on {code(house)}" if both else f"On {code(house)}"
        assert await v.press(seat, label) is None


async def quiet_day(v: Village, lynch: int, dodge: int) -> None:
    """No privilege, nobody bets, and the village lynches `lynch`."""
    if (await v.state()).phase == "privilege":
        assert await v.press((await v.state()).burgomaster, "Skip today") is None
    while (await v.state()).phase == "betting":
        (seat,) = await waiting(v)
        assert await v.press(seat, "Not today") is None
    await talk_and_vote(v, lynch, dodge)


# -- what everyone saw -----------------------------------------------------------------------

HOUSE_CLAIMS = (
    r"\b(?P<code>[A-E][12]): (?P<role>Werewolf|Thief|Townsfolk)",
    r"Show (?P<code>[A-E][12]) \((?P<role>Werewolf|Thief|Townsfolk)\)",
    r"(?P<owner>[A-Z][a-z]+)'s house (?P<n>[12]): (?:the |a )?(?P<role>Werewolf|Thief|Townsfolk)",
    r"(?P<owner>[A-Z][a-z]+) shows you the character of house (?P<n>[12]): "
    r"(?:the |a )?(?P<role>Werewolf|Thief|Townsfolk)",
)
SECRET_COIN = r"\b\d coins?\b(?! in the bag)|coins? [2-8]\b"  # a coin's value, not a count
PRIVATE_WORDS: tuple[str, ...] = ("You hold", "Your houses", "You know", "Your bet")
PRIVATE_WORDS += ("Your ballot", "You drew", "You draw the coins", "coin is sealed")
PRIVATE_WORDS += ("Your claw", "Both on", "Split:")


def claims(text: str, owners: list[str]) -> set[tuple[int, str]]:
    """Every (house, character) a text tells, in any of the ways the bot words it."""
    found = set()
    for pattern in HOUSE_CLAIMS:
        for match in re.finditer(pattern, text):
            parts = match.groupdict()
            if parts.get("code"):
                house = 2 * "ABCDE".index(parts["code"][0]) + int(parts["code"][1]) - 1
            else:
                house = 2 * owners.index(parts["owner"]) + int(parts["n"]) - 1
            found.add((house, parts["role"].lower()))
    return found


def everything_seen(v: Village, user: SimUser) -> list[str]:
    """The channel as this user sees it (their ephemerals included) and their DMs."""
    return [text_of(m) for m in [*user.sees(v.place), *user.dms(), *user.ephemerals()]]


async def check_secrets(v: Village, spectator: SimUser) -> None:
    """Nobody saw a character, chest, coin or ballot that was not theirs to know; the
    channel showed none before the final reveal."""
    state = await v.state()
    houses = state.records[-1].houses if state.records else state.houses
    owners = [u.name for u in v.users]
    messages = v.public()
    ends = [i for i, m in enumerate(messages) if "revealed:" in text_of(m)]
    end = ends[0] if ends else len(messages)
    # The table (first message) is edited to the final village; it shows no secret either.
    for message in messages[:end]:
        text = text_of(message)
        assert claims(text, owners) == set(), text
        assert not any(word in text for word in PRIVATE_WORDS), text
        assert not re.search(rf"{SECRET_COIN}|with the chest|no chest", text), text
    assert [text_of(m) for m in spectator.sees(v.place)] == [text_of(m) for m in messages]
    truth = {h: house.character for h, house in enumerate(houses)}
    for seat, user in enumerate(v.users):
        known = set(houses_of(seat)) | {s.house for s in state.sights if s.seat == seat}
        told = set()
        for text in everything_seen(v, user):
            if "revealed:" in text:
                continue  # the final reveal, for everyone
            told |= claims(text, owners)
            drew = any(b.bettor == seat for b in state.bets)
            if not drew:
                assert "You drew" not in text and "coin is sealed" not in text, text
        assert set(houses_of(seat)) <= {h for h, _ in told} <= known, (user.name, told, known)
        assert all(truth[h] == role for h, role in told), (user.name, told)


# -- the games ------------------------------------------------------------------------------


@pytest.mark.each_engine  # the game's whole flow on PostgreSQL too
async def test_the_village_lynches_the_werewolf_twice_and_wins(world: World) -> None:
    spectator = world.double.user("Spy")
    v = await open_village(world, "tabula")  # the alias works as a subcommand too
    assert "Placing characters" in text_of(table(v.place))
    await place_all(v)
    state = await v.state()
    assert role_seat(state, "werewolf") == BEN and role_seat(state, "thief") == CLEO
    assert state.phase == "thief" and state.houses[3].character == "werewolf"

    # Night 1: the Thief looks under Ben's house 2 from her DM; nothing public changes.
    save_png(table(v.place), "night")
    before = snapshot(v)
    prompt = v.prompt(CLEO, "peek")
    assert await v.choose(CLEO, 3, prompt) is None
    assert snapshot(v) == before
    assert "B2: Werewolf, no chest (you looked, night 1)" in prompt.text  # edited in place
    await v.advance(NIGHT)
    assert "Werewolf, open your eyes" in v.said()
    before = snapshot(v)
    assert await v.choose(BEN, 6, v.prompt(BEN, "claw")) is None
    assert snapshot(v) == before
    assert "Your claw points at Dan's house 1" in v.users[BEN].dms()[-1].text
    await v.advance(NIGHT)
    assert "Morning! The claw points at Dan's house 1" in v.said()
    assert "D1" in text_of(table(v.place))  # the day's table, posted anew below

    # Day 1: the Burgomaster calls on Cleo; they show each other a character in secret.
    ping = v.notice()
    step = "Burgomaster's privilege: choose a player, or skip it today"
    assert f"{v.users[ANA].mention}: {step}" in ping.said
    panel = await world.answer(await v.users[ANA].click(ping, PANEL))  # from the ping itself
    assert await v.press(ANA, "Call Cleo", panel) is None
    assert await v.press(CLEO, "Show C1 (Townsfolk)") is None
    assert "Cleo shows you the character of house 1: a Townsfolk." in v.users[ANA].dms()[-1].text
    assert await v.press(ANA, "Show A1 (Townsfolk)") is None
    assert "Ana shows you the character of house 1: a Townsfolk." in v.users[CLEO].dms()[-1].text
    # Betting, clockwise from Ana: Ana and Cleo bet on Ben, the others wait.
    for seat in range(5):
        if seat in (ANA, CLEO):
            panel = await v.panel(seat)
            assert await v.press(seat, "Draw coins", panel) is None
            assert "You drew **" in panel.text
            drawn = re.search(r"You drew \*\*(\d)", panel.text)
            assert drawn is not None
            coin = int(drawn.group(1))
            assert await v.choose(seat, BEN, panel, f"Keep the {coin} coin: bet on…") is None
            assert f"Your bet:** your {coin} coin on Ben" in panel.text
        else:
            assert await v.press(seat, "Not today") is None
    assert "Sealed bets: Ana → Ben, Cleo → Ben" in text_of(table(v.place))
    save_png(table(v.place), "discussion")
    await talk_and_vote(v, lynch=3, dodge=8)
    said = "".join(m.said for m in v.public()[-4:])
    # One token per living character not a suspect: Ana 2, Ben 1 (on his own suspect),
    # Cleo 2, Dan 1 (his other was slain), Eve 1 (her other is the second suspect).
    assert "The ballots are uncovered: Ben's house 2 has 7, Eve's house 1 has 0." in said
    state = await v.state()
    assert not state.houses[3].alive and state.phase == "thief" and state.burgomaster == BEN

    # Night 2 and day 2, partly on the clock: Ben's other character is lynched.
    await night(v, peek=2, claw=9)
    assert (await v.state()).phase == "privilege"
    await v.advance(TURN)  # Ben lets the privilege pass: told as the clock's doing
    assert "Time ran out: Ben, the Burgomaster, does not use the privilege today." in v.said()
    assert await v.press(BEN, "Not today") is None
    for name in ("Dan", "Eve"):  # they let their betting turn pass
        await v.advance(TURN)
        assert f"Time ran out: {name} does not bet today." in v.said()
    assert (await v.state()).phase == "discussion"
    for seat in range(5):
        assert await v.press(seat, "Done talking") is None
    while (await v.state()).phase == "first_vote":
        (seat,) = await waiting(v)
        assert f"{v.users[seat].mention}: first vote: place a token" in v.said()
        assert await v.choose(seat, 0 if seat == BEN else 2) is None
    assert "Waiting for Ana and Ben: defence: speak for your character" in v.said()
    await v.advance(60)  # the defence's time
    await vote_for(v, 2)

    live = await v.live()
    assert live.status == "finished"
    results = v.public()[-1]
    assert "**The village wins!** The Werewolf was Ben." in results.text
    assert "Winner of game 1" in results.text
    assert results.attachments
    description = results.attachments[0].description
    assert description is not None and "revealed: the village wins" in description
    save_png(results, "reveal")
    save_png(table(v.place), "table_end")
    await assert_final_panels(v)
    await check_secrets(v, spectator)


async def assert_final_panels(v: Village) -> None:
    """After the game the table keeps its panel button: each player's panel shows their
    own last houses and characters and their points, with no controls."""
    state = await v.state()
    record = state.records[-1]
    labels = [b["label"] for b in table(v.place).buttons]
    assert labels == [PANEL]
    for seat in range(len(v.users)):
        panel = await v.panel(seat)
        assert panel.controls == []
        score = next(s for s in record.scores if s.seat == seat)
        points = f"Your points in game 1: **{score.total}** ("
        assert points in panel.text, panel.text
        for house in houses_of(seat):
            role = t(f"lupusburg.ui.{record.houses[house].character}", "en")
            assert f"{code(house)}: {role}" in panel.text


def snapshot(v: Village) -> list[tuple[int, int, str]]:
    """The channel as everyone sees it: each message, its revision and text."""
    return [(m.id, m.revision, text_of(m)) for m in v.public()]


def save_png(message: Message, name: str) -> None:
    for attachment in message.attachments:
        with open(f"/tmp/lupusburg_e2e_{name}.png", "wb") as handle:
            handle.write(attachment.data)


def public_before_private(world: World, v: Village, mark: int) -> tuple[int, int]:
    """Since `mark`, every request to the game's channel came before the first DM; the
    counts of both. (Interaction answers, the clicker's own panel, are left aside.)"""
    kinds = []
    for exchange in list(world.double.exchanges)[mark:]:
        if exchange.path.startswith(f"/api/v10/channels/{v.place.id}/"):
            kinds.append("public")
        elif "/users/@me/channels" in exchange.path or "/channels/" in exchange.path:
            kinds.append("private")
    assert kinds == sorted(kinds, key=lambda k: k == "private"), kinds
    return kinds.count("public"), kinds.count("private")


async def night_timeline(
    v: Village, peek: int | None, claw: int, claw_after: float
) -> list[list[tuple[float, str]]]:
    """A night as the channel sees it: after each step, the public messages that appeared
    or changed, as (seconds since nightfall, new or edited)."""
    state = await v.state()
    assert state.phase == "thief"
    nightfall = v.world.clock.now()
    seen = {m.id: m.revision for m in v.public()}
    steps = []

    def changes() -> list[tuple[float, str]]:
        found = []
        for message in v.public():
            if message.id not in seen:
                found.append((message.timestamp - nightfall, "new"))
            elif message.revision != seen[message.id]:
                found.append(((message.edited_timestamp or 0) - nightfall, "edited"))
            seen[message.id] = message.revision
        return found

    if peek is not None:
        thief = role_seat(state, "thief")
        assert await v.choose(thief, peek, v.prompt(thief, "peek")) is None
    steps.append(changes())
    await v.advance(NIGHT)
    steps.append(changes())
    await v.advance(claw_after)
    wolf = role_seat(state, "werewolf")
    assert await v.choose(wolf, claw, v.prompt(wolf, "claw")) is None
    steps.append(changes())
    await v.advance(NIGHT - claw_after)
    steps.append(changes())
    return steps


async def test_an_away_player_s_placement_is_told_as_played_for_them(world: World) -> None:
    """Eve is away: once the others have placed, the bot places for her at once, and
    says so (in the channel, and in her DM) rather than that her time ran out."""
    v = await open_village(world)
    done = await (await v.users[ANA].slash("away", channel=v.place, player=v.users[EVE])).reply()
    assert done.said == "Eve is marked away."
    await v.settle()
    for seat in (ANA, BEN, CLEO, DAN):
        prompt = v.prompt(seat, "assign")
        assert await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", prompt) is None
    assert (await v.state()).phase == "thief"  # no one waited for Eve's deadline
    said = "\n".join(m.said for m in v.public() if m.said)
    assert "The bot played for Eve (away): their characters were placed at random." in said
    assert "Time ran out" not in said
    dm = v.users[EVE].dms()[-1].text
    assert "You are away, so the bot played for you: your chest went into your house" in dm


async def test_the_werewolf_wins_and_the_night_never_gives_the_thief_away(world: World) -> None:
    spectator = world.double.user("Spy")
    v = await open_village(world)
    for seat in range(4):
        await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", v.prompt(seat, "assign"))
    mark = len(world.double.exchanges)
    await v.press(EVE, "Chest in house 1 (E1)", v.prompt(EVE, "assign"))
    # Nightfall: the channel is told first; the Thief's prompt follows by DM.
    # Public: the message, the night's table posted anew, the old one shrunk to a link,
    # the link before it deleted. Private: the five placement prompts retired, then the
    # Thief's prompt.
    assert public_before_private(world, v, mark) == (4, 6)

    # Night 1, the Thief alive and quick; the Werewolf claws her Townsfolk at once.
    first = await night_timeline(v, peek=3, claw=4, claw_after=0)
    await quiet_day(v, lynch=5, dodge=0)  # the village lynches the Thief
    assert not any(h.alive for h in (await v.state()).houses[4:6])
    # Night 2, the Thief gone: no prompt for her, and the channel cannot tell.
    cleo_dms = len(v.users[CLEO].dms())
    second = await night_timeline(v, peek=None, claw=6, claw_after=13)
    assert len(v.users[CLEO].dms()) == cleo_dms
    assert (
        first
        == second
        == [
            [],
            [(NIGHT, "edited"), (NIGHT, "new")],  # the table; "Werewolf, open your eyes"
            [],  # the claw tells nobody but the Werewolf
            # morning: the old table shrinks to a link, the news, the day's table below
            [(2 * NIGHT, "edited"), (2 * NIGHT, "new"), (2 * NIGHT, "new")],
        ]
    )
    await quiet_day(v, lynch=7, dodge=0)
    await night(v, peek=None, claw=8)
    state = await v.state()
    assert state.burgomaster == CLEO and state.phase == "betting"  # no privilege without a living
    await quiet_day(v, lynch=9, dodge=0)

    assert (await v.live()).status == "finished"
    results = v.public()[-1]
    assert "**The Werewolf wins!** It was Ben." in results.text
    assert "**Ben** · **5** points\n-# the winning Werewolf\n" in results.text
    await assert_final_panels(v)
    await check_secrets(v, spectator)


async def test_a_night_prompt_is_retired_after_a_restart(world: World) -> None:
    """The Thief's prompt was sent before a restart; the night ends after it: its
    buttons are shown disabled all the same (kept in the store, not only in memory)."""
    v = await open_village(world)
    await v.advance(TURN)  # nobody places: the night begins, the Thief is asked
    prompt = v.prompt(CLEO, "peek")
    assert not any(item.get("disabled") for item in prompt.controls)
    await v.restart()
    await v.advance(NIGHT)
    retired = prompt.controls
    assert retired and all(item.get("disabled") for item in retired)
    assert world.bot is not None and world.bot.store is not None
    kept = [message for _, _, message, _, _ in await world.bot.store.controls_to_retire()]
    assert prompt.id not in kept and kept  # the store lets it go; the claw's prompt is kept


async def chat(v: Village, count: int) -> None:
    """Players talk in the thread: a screenful of messages that push the table up."""
    for n in range(count):
        author = v.users[DAN].user
        v.world.double.state.post(v.place, author, {"content": f"hmm {n}"}, [])
    await v.settle()


@pytest.mark.parametrize("act", [True, False])
async def test_a_night_action_never_moves_the_table(world: World, act: bool) -> None:
    """After a screenful of talk, the table moves down at the next change it shows,
    never at a secret one: the channel sees the same night, with or without the
    Thief's peek and the Werewolf's claw (told by neither a post nor any request)."""
    v = await open_village(world)
    await place_all(v)
    state = await v.state()
    thief, wolf = role_seat(state, "thief"), role_seat(state, "werewolf")
    nightfall = world.clock.now()
    seen = {m.id: m.revision for m in v.public()}
    mark = len(world.double.exchanges)
    steps = []

    def changes() -> list[tuple[float, str]]:
        """The bot's messages that appeared or changed, and its requests to the thread."""
        nonlocal mark
        found = []
        for message in v.public():
            if message.author.id != world.double.state.bot.id:
                seen[message.id] = message.revision
            elif message.id not in seen:
                found.append((message.timestamp - nightfall, "new"))
            elif message.revision != seen[message.id]:
                found.append(((message.edited_timestamp or 0) - nightfall, "edited"))
            seen[message.id] = message.revision
        exchanges = list(world.double.exchanges)[mark:]
        mark += len(exchanges)
        path = f"/api/v10/channels/{v.place.id}"
        found += [(-1, e.route) for e in exchanges if e.path.startswith(path)]
        return found

    await chat(v, 10)
    steps.append(changes())
    if act:
        assert await v.choose(thief, 3, v.prompt(thief, "peek")) is None
    steps.append(changes())
    await v.advance(NIGHT)
    steps.append(changes())
    await chat(v, 10)
    if act:
        assert await v.choose(wolf, 4, v.prompt(wolf, "claw")) is None
    steps.append(changes())
    await v.advance(NIGHT)
    steps.append(changes())
    post, edit, delete = (
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
        "DELETE /channels/{channel_id}/messages/{message_id}",
    )
    # The news, the table below, the old one shrunk to a link, the link before it deleted.
    moved = [(-1, post), (-1, post), (-1, edit), (-1, delete)]
    assert steps == [
        [],
        [],  # the peek, or nothing
        [(NIGHT, "edited"), (NIGHT, "new"), (NIGHT, "new"), *moved],  # the Werewolf's turn
        [],  # the claw, or nothing
        [(2 * NIGHT, "edited"), (2 * NIGHT, "new"), (2 * NIGHT, "new"), *moved],  # morning
    ]


async def test_unanswered_night_prompts_time_out(world: World) -> None:
    v = await open_village(world)
    await v.advance(TURN * 3 / 4)  # a quarter of the time left: everyone is reminded
    for user in v.users:
        reminder = user.dms()[-1]
        assert "⏰ **Reminder:** choose the house for your chest." in reminder.text
        assert kind_of(reminder) == "assign"  # with the buttons, to place at once
    assert not any("⏰" in m.said for m in v.public())  # by DM only
    await v.advance(TURN / 4)  # nobody places: each chest goes in a random house of its owner
    for user in v.users:
        assert any("Time ran out: your chest went into your house" in m.text for m in user.dms())
    placed = [line for line in v.said().splitlines() if "placed at random" in line]
    assert placed == [f"Time ran out: {name}'s characters were placed at random." for name in NAMES]
    prompt = v.prompt(CLEO, "peek")
    before, dms = snapshot(v), [len(u.dms()) for u in v.users]
    await v.advance(NIGHT * 3 / 4)
    assert "⏰ **Reminder, Thief:**" in v.users[CLEO].dms()[-1].text
    assert snapshot(v) == before  # the table learns nothing of it, nor does anyone else
    assert [len(u.dms()) for u in v.users] == [n + (seat == CLEO) for seat, n in enumerate(dms)]
    await v.advance(NIGHT / 4)  # the Thief sees nothing, and is told so in private
    assert "Werewolf, open your eyes" in v.said()
    assert "Time ran out: you looked under no house tonight." in v.users[CLEO].dms()[-1].text
    retired = prompt.controls
    assert retired and all(item.get("disabled") for item in retired)  # the step is over
    assert "You know" not in prompt.text
    await v.advance(NIGHT)  # the claw falls at random, never on the Werewolf's own
    assert "Time ran out: your claw fell on" in v.users[BEN].dms()[-1].text
    state = await v.state()
    assert state.last_victim is not None and state.last_victim // 2 != BEN
    assert "Morning!" in v.said() and state.phase == "privilege"


async def panel_from_closed_dm_notice(world: World, v: Village, seat: int) -> Message:
    """The private panel a player without DMs opens from the channel notice naming them."""
    user = v.users[seat]
    (notice,) = [m for m in v.public() if user.mention in m.said and "DMs are closed" in m.said]
    return await world.answer(await user.click(notice, PANEL))


async def test_closed_dms_play_through_channel_notices(world: World) -> None:
    spectator = world.double.user("Spy")
    v = await open_village(world, closed=("Cleo", "Eve"))  # Cleo holds the Thief
    for seat in (CLEO, EVE):
        user = v.users[seat]
        panel = await panel_from_closed_dm_notice(world, v, seat)
        assert panel.visible_to == user.id and not user.dms()
        assert await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", panel) is None
    for seat in (ANA, BEN, DAN):
        await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", v.prompt(seat, "assign"))

    # At the first nightfall both get the same notice, whatever their role; then the
    # table's button does the same, step after step.
    notice = v.notice()
    assert "If the night has a task for you" in notice.said
    assert v.users[CLEO].mention in notice.said and v.users[EVE].mention in notice.said
    for step in ("thief", "werewolf"):
        assert (await v.state()).phase == step
        eve_panel = await world.answer(await v.users[EVE].click(table(v.place), PANEL))
        assert "The village sleeps" in eve_panel.text and not eve_panel.controls
        panel = await world.answer(await v.users[CLEO].click(table(v.place), PANEL))
        if step == "thief":
            assert "Thief, open your eyes" in panel.text
            assert await v.choose(CLEO, 3, panel) is None
            assert "B2: Werewolf, no chest" in panel.text
        else:
            assert "The village sleeps" in panel.text
            await v.choose(BEN, 0, v.prompt(BEN, "claw"))
        await v.advance(NIGHT)
    assert not v.users[CLEO].dms() and not v.users[EVE].dms()
    assert "Morning!" in v.said()
    await quiet_day(v, lynch=7, dodge=1)  # the next night: no notice, nobody pinged
    assert (await v.state()).phase == "thief"
    assert sum("If the night has a task" in m.said for m in v.public()) == 1
    await check_secrets(v, spectator)


async def test_a_restart_at_night_keeps_the_night_on_time(world: World) -> None:
    v = await open_village(world)
    await place_all(v)
    nightfall = world.clock.now()
    prompt = v.prompt(CLEO, "peek")
    await v.advance(5)
    await v.restart()
    mark = len(world.double.exchanges)
    assert await v.choose(CLEO, 3, prompt) is None  # the prompt sent before still works
    count = len(v.public())
    await v.advance(NIGHT - 6)
    assert len(v.public()) == count and (await v.state()).phase == "thief"
    await v.advance(1)
    wakes = v.notice()
    assert "Werewolf, open your eyes" in wakes.said and wakes.timestamp == nightfall + NIGHT
    assert await v.choose(BEN, 0, v.prompt(BEN, "claw")) is None
    await v.advance(NIGHT)
    morning = v.notice()
    assert "Morning! The claw points at Ana's house 1" in morning.said
    assert morning.timestamp == nightfall + 2 * NIGHT
    # The Werewolf's prompt went to the DM channel known from before the restart: no
    # request opened it again or looked the user up.
    routes = [e.path for e in list(world.double.exchanges)[mark:]]
    assert not [r for r in routes if "/users/" in r], routes


@pytest.mark.parametrize("thief_acts", [True, False])
async def test_a_crash_at_night_tells_the_channel_nothing_whether_the_thief_acts_or_not(
    world: World, thief_acts: bool
) -> None:
    """The bot dies right after the Thief's peek is committed (before anything of it is
    delivered), or at the same moment of a night in which she does nothing; restarted,
    it delivers what was left. The channel sees the same night either way."""
    v = await open_village(world)
    await place_all(v)
    nightfall = world.clock.now()
    seen = {m.id: m.revision for m in v.public()}
    assert world.bot is not None and world.bot.service is not None

    async def crash(change: object) -> None:  # the process dies before it says anything
        raise asyncio.CancelledError

    world.bot.service.listeners.insert(0, crash)
    steps = []

    def changes() -> list[tuple[float, str]]:
        found = []
        for message in v.public():
            if message.id not in seen:
                found.append((message.timestamp - nightfall, "new"))
            elif message.revision != seen[message.id]:
                found.append(((message.edited_timestamp or 0) - nightfall, "edited"))
            seen[message.id] = message.revision
        return found

    await v.advance(3)
    if thief_acts:
        assert await v.choose(CLEO, 3, v.prompt(CLEO, "peek")) is None
    await v.advance(2)
    await v.restart()
    await v.advance(1)
    steps.append(changes())  # the restart and the delivery it owed
    await v.advance(NIGHT - 6)
    steps.append(changes())
    assert await v.choose(BEN, 0, v.prompt(BEN, "claw")) is None
    steps.append(changes())
    await v.advance(NIGHT)
    steps.append(changes())
    assert steps == [
        [],
        [(NIGHT, "edited"), (NIGHT, "new")],  # the table; "Werewolf, open your eyes"
        [],
        [(2 * NIGHT, "edited"), (2 * NIGHT, "new"), (2 * NIGHT, "new")],  # morning
    ]
    assert world.bot is not None and world.bot.store is not None
    assert await world.bot.store.outbox() == []


# -- a German server -----------------------------------------------------------------------


def assert_language(message: Message, language: str) -> None:
    """Every text of the message (content, embeds, labels, placeholders, options, alt
    texts) comes from the catalog in `language`; a select of players offers bare names."""
    texts = [text for text in texts_of(message.to_dict()) if text]
    assert texts, message
    for text in texts:
        assert unmarked(text, NAMES) == "", text
        assert languages(text) <= {language}, text
        assert languages(text) or text in NAMES, text
    assert language in set().union(*(languages(text) for text in texts)), texts


async def test_a_german_server_plays_lupusburg_in_german_and_an_english_client_reads_english(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana hosts on a German server; Eve's Discord client is English. The table, every
    notice and every DM is German (the server's language); Eve's own panels are English,
    everyone else's German."""
    world.double.guild.locale = "de"
    language = {name: "en" if name == "Eve" else "de" for name in NAMES}
    users = [world.double.add_member(n, locale="en-US" if n == "Eve" else "de") for n in NAMES]
    marked_catalog(monkeypatch)

    def say(seat: int, key: str, **params: Any) -> str:
        """A label as `seat` reads it on their own panel."""
        return t(key, language[NAMES[seat]], **params)

    busy = Busy()
    busy.watch(world)
    place = await world.open_game(
        users[0], "lupusburg", night_seconds=NIGHT, turn_seconds=TURN, discussion_minutes=1
    )
    for user in users[1:]:
        await world.press(user, table(place), t("lobby.join", "de"))
    await users[0].click(table(place), t("lobby.start", "de"))
    await busy.settle(world)
    assert world.bot is not None and world.bot.service is not None
    live = await world.bot.service.game_in(place.id)
    assert live is not None
    my_panel = t("table.open_panel", "de")  # the table's button: the server's language
    v = Village(world, place, users, live.id, busy, my_panel)

    async def panel(seat: int) -> Message:
        message = await world.panel(users[seat], place, my_panel)
        assert message.visible_to == users[seat].id
        return message

    async def press(seat: int, key: str, message: Message | None = None, **params: Any) -> None:
        target = message or await panel(seat)
        label = (
            t(key, "de", **params) if target.channel_id != place.id else say(seat, key, **params)
        )
        assert await v.press(seat, label, target) is None

    async def ballots(v: Village, house: str) -> None:
        """Every ballot on `house`, from the panels: one token or two, as each voter has."""
        state = await v.state()
        for seat in await waiting(v):
            both = ballot_tokens(state, seat) == 2
            await press(seat, f"lupusburg.ui.ballot_{'both' if both else 'one'}", code=house)

    # Placement: from the DM prompts (German, the server's), Eve from her panel (English).
    for seat in range(4):
        await press(
            seat, "lupusburg.ui.chest_button", v.prompt(seat, "assign"), n=1, code=code(2 * seat)
        )
    eve = await panel(EVE)
    assert "⟦en|**Place your characters.**" in eve.text
    await press(EVE, "lupusburg.ui.chest_button", eve, n=1, code="E1")
    save_png(table(place), "de_table_night")

    # Night 1 and day 1: the Burgomaster calls on Eve, who shows from her English panel.
    await night(v, peek=3, claw=6)
    await press(ANA, "lupusburg.ui.call_button", player="Eve")
    eve = await panel(EVE)
    assert eve.text.count("⟦en|") >= 3 and "⟦de|" not in eve.text
    assert await v.press(EVE, eve.buttons[0]["label"], eve) is None
    await v.advance(TURN)  # Ana lets her showing back time out: a random character
    # Betting: Ana, Ben, Cleo and Dan let their turn pass; Eve bets on Ben.
    while (await waiting(v)) != [EVE]:
        await v.advance(TURN)
    eve = await panel(EVE)
    await press(EVE, "lupusburg.ui.draw_button", eve)
    placeholder = eve.selects[0]["placeholder"]
    assert placeholder.startswith("⟦en|Keep the ")
    assert await v.choose(EVE, BEN, eve, placeholder) is None
    save_png(table(place), "de_table_discussion")
    # Discussion: everyone is done; the first vote goes on Ben's house 2, his on Eve's.
    for seat in range(5):
        await press(seat, "lupusburg.ui.done_button")
    while (await v.state()).phase == "first_vote":
        (seat,) = await waiting(v)
        assert await v.choose(seat, 8 if seat == BEN else 3) is None
    await v.advance(60)  # the defence's time
    await ballots(v, "B2")
    state = await v.state()
    assert not state.houses[3].alive and state.phase == "thief"

    # Night 2 and day 2 on the clock: Ben's other character is lynched.
    await night(v, peek=None, claw=9)
    while (await v.state()).phase in ("privilege", "show", "show_back", "betting", "bet"):
        await v.advance(TURN)
    await v.advance(60)  # the discussion's minute
    while (await v.state()).phase == "first_vote":
        (seat,) = await waiting(v)
        assert await v.choose(seat, 0 if seat == BEN else 2) is None
    await v.advance(60)
    await ballots(v, "B1")
    assert (await v.live()).status == "finished"

    public = v.public()
    assert len(public) > 20
    for message in public:  # the lobby, the table and every notice: German
        assert_language(message, "de")
    results = public[-1]
    assert "⟦de|🏘️ **Das Dorf gewinnt!** Der Werwolf war Ben.⟧" in results.text
    description = results.attachments[0].description or ""
    assert description.startswith("⟦de|Lupusburg, Spiel 1 aufgedeckt: Das Dorf gewinnt")
    save_png(results, "de_reveal")
    for seat in (ANA, EVE):  # the final panels (each in its reader's language, below)
        final = await panel(seat)
        assert final.controls == [] and "🏁" in final.text
    for seat, user in enumerate(users):
        assert user.dms() or seat == EVE
        for message in user.dms():  # DMs: the server's language, whoever reads them
            assert_language(message, "de")
        panels = user.ephemerals(place)
        assert panels
        for message in panels:  # panels: the reader's own client language
            assert_language(message, language[user.name])
    assert len(users[EVE].ephemerals(place)) >= 5  # placement, show, bet, discussion, ballot


async def test_a_restart_keeps_what_the_bot_knows_about_closed_dms(world: World) -> None:
    """After a restart the night's notice for players without DMs is the same as before:
    the table cannot tell that the bot restarted, and the closed-DM Thief is not lost."""
    v = await open_village(world, closed=("Cleo", "Eve"))  # Cleo holds the Thief
    for seat in (CLEO, EVE):
        panel = await panel_from_closed_dm_notice(world, v, seat)
        await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", panel)
    await v.restart()
    for seat in (ANA, BEN, DAN):
        await v.press(seat, f"Chest in house 1 ({code(2 * seat)})", v.prompt(seat, "assign"))
    assert (await v.state()).phase == "thief"
    notice = v.notice()
    assert "If the night has a task for you" in notice.said
    assert v.users[CLEO].mention in notice.said and v.users[EVE].mention in notice.said


async def test_a_games_reveal_in_a_series_comes_before_the_next_games_table(
    world: World,
) -> None:
    v = await open_village(world, series=2)
    await place_all(v)
    await night(v, peek=3, claw=4)
    for lynch, claw in ((5, 6), (7, 8)):
        await quiet_day(v, lynch=lynch, dodge=0)
        await night(v, peek=None, claw=claw)
    await quiet_day(v, lynch=9, dodge=0)  # the Werewolf wins the first game
    state = await v.state()
    assert state.game == 1 and (await v.live()).status == "running"
    messages = v.public()
    reveal = next(i for i, m in enumerate(messages) if "Winner of game 1" in m.text)
    assert messages[reveal].attachments  # the first game's revealed village
    new_table = next(i for i, m in enumerate(messages) if m.id == table(v.place).id)
    assert reveal < new_table  # the first game's reveal reads above the second's table
