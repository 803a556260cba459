"""Lupusburg's Discord screens, built from engine states without Discord: the table
shows no secret, a panel offers exactly the legal moves and only its player's secrets,
and the messenger sends the public messages of a change before any private one."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import ValidationError

from bot.discord import ids
from bot.discord.adapters.base import Happened, Outbox
from bot.discord.adapters.context import Context
from bot.discord.adapters.lupusburg import ADAPTER
from bot.discord.adapters.lupusburg import table as table_module
from bot.discord.adapters.lupusburg.prompts import Messenger
from bot.discord.commands import subcommand_names
from bot.discord.contexts import context_of
from bot.discord.ui import Button, Picture, Screen, Section, Select
from bot.discord.ui import controls as all_controls
from bot.i18n import catalogs
from games import registry
from games.engine import Event, IllegalAction, Seat
from games.lupusburg import GAME
from games.lupusburg.actions import CastBallot, Claw, Peek, PlaceBet, Vote
from games.lupusburg.model import LupusState
from games.lupusburg.pictures import clip, house_width
from games.lupusburg.rules import houses_of, role_seat
from games.lupusburg.views import LupusView
from games.pictures import KEY, font
from tests.support.marked import (
    languages,
    marked_catalog,
    record_drawn_text,
    screen_texts,
    unmarked,
)
from tests.support.words import words

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")
ROLE_WORDS = r"Werewolf|Thief|Townsfolk"
SECRET_COIN = r"\b\d coins?\b(?! in the bag)|coins? [2-8]\b"  # a coin's value, not a count
DEADLINE = 1_800_000_060.0


def context(
    state: LupusState,
    seat: Seat | None = None,
    deadline: float | None = DEADLINE,
    locale: str = "en",
) -> Context[LupusView]:
    """What the host hands the adapter: the table's (seat None) or one player's context."""
    return context_of(
        GAME,
        state,
        seat,
        locale=locale,
        game_id=7,
        names=NAMES[: state.seats],
        user_ids=[100 + s for s in range(state.seats)],
        channel_id=99,
        version=1,
        deadline_at=deadline,
        finished=GAME.result(state) is not None,
    )


def playout(players: int, seed: int, **options: Any) -> Iterator[LupusState]:
    """Every state of a random game, night roles included, to the end of the series."""
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.parse_options(options), seed)
    while True:
        yield state
        if GAME.result(state) is not None:
            return
        active = sorted(GAME.active(state))
        if not active or rng.random() < 0.1:
            state, _ = GAME.expire(state)
            continue
        seat = rng.choice(active)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def screen_text(screen: Screen) -> str:
    parts = [words(screen)]
    parts += [p.description for p in screen.pictures]
    for control in all_controls(screen):
        if isinstance(control, Select):
            parts += [control.placeholder, *(o.label for o in control.options)]
        else:
            parts.append(control.label)
    return "\n".join(parts)


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text checks over whole playouts: skip drawing (the engine tests the pictures)."""
    monkeypatch.setattr(
        table_module, "village_picture", lambda ctx: Picture("table.png", b"", "village")
    )


# -- the table --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 8])
def test_the_table_never_tells_a_character_chest_coin_or_ballot(
    players: int, no_pictures: None
) -> None:
    for state in playout(players, seed=players):
        if state.phase == "over":
            break
        text = screen_text(ADAPTER.table(context(state)))
        assert not re.search(rf"[A-H][12]:? ({ROLE_WORDS})", text), text
        assert not re.search(rf"with the chest|no chest|{SECRET_COIN}|ballot:", text), text
        assert "Werewolf was" not in text and "You " not in text


def test_the_night_roles_acting_change_nothing_on_the_table() -> None:
    state = next(s for s in playout(5, seed=3) if s.phase == "thief")
    thief, wolf = role_seat(state, "thief"), role_seat(state, "werewolf")
    before = ADAPTER.table(context(state))
    target = next(h for h in range(10) if h // 2 != thief)
    state, _ = GAME.apply(state, thief, Peek(house=target))
    assert ADAPTER.table(context(state)) == before
    state, _ = GAME.expire(state)
    before = ADAPTER.table(context(state))
    state, _ = GAME.apply(state, wolf, Claw(house=0))
    assert ADAPTER.table(context(state)) == before
    assert before.pictures[0].data.startswith(b"\x89PNG")
    assert "Morning comes <t:1800000060:R>" in words(before)


def test_the_table_counts_down_and_names_whom_it_waits_for(no_pictures: None) -> None:
    state = next(s for s in playout(5, seed=4) if s.phase == "first_vote")
    text = words(ADAPTER.table(context(state)))
    turn = NAMES[state.order[state.turn]]
    assert f"{turn} puts a token on a living character" in text
    assert "Ends <t:1800000060:R>" in text
    untimed = words(ADAPTER.table(context(state, deadline=None)))
    assert "<t:" not in untimed


# -- the panels --------------------------------------------------------------------------------


def controls(screen: Screen) -> Iterator[tuple[str, list[str]]]:
    """(custom_id, values) for every choice a panel offers: the buttons beside the
    sections' words, then the rows'."""
    assert len(screen.rows) <= 5
    for block in screen.blocks:
        if isinstance(block, Section) and isinstance(block.accessory, Button):
            assert len(block.accessory.custom_id) <= 100
            yield block.accessory.custom_id, []
    for row in screen.rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= 25 and len(row.custom_id) <= 100
            for option in row.options:
                yield row.custom_id, [option.value]
        else:
            assert 1 <= len(row) <= 5
            for button in row:
                assert isinstance(button, Button) and len(button.custom_id) <= 100
                yield button.custom_id, []


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (5, 2), (6, 3), (8, 4)])
def test_a_panel_offers_exactly_the_legal_moves(players: int, seed: int) -> None:
    for state in playout(players, seed, second_vote="characters" if seed % 2 else "players"):
        if state.phase == "over":
            break
        for seat in range(players):
            screen = ADAPTER.panel(context(state, seat))
            offered = []
            for custom_id, values in controls(screen):
                control = ids.parse(custom_id)
                assert control is not None and control.game_id == 7
                assert control.phase == GAME.phase_key(state)
                data = ids.decode(ids.fill(control.rest, values), GAME.action_kinds())
                offered.append(GAME.parse_action(data))
            legal = GAME.legal_actions(state, seat)
            key = lambda a: a.model_dump_json()  # noqa: E731
            assert sorted(offered, key=key) == sorted(legal, key=key), (state.phase, seat)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_panel_tells_only_its_players_secrets(seed: int) -> None:
    for state in playout(5, seed):
        if state.phase == "over":
            break
        for seat in range(5):
            text = screen_text(ADAPTER.panel(context(state, seat)))
            known = set(houses_of(seat)) | {s.house for s in state.sights if s.seat == seat}
            for code, role in re.findall(rf"\b([A-E][12])\)?:? \(?({ROLE_WORDS})", text):
                house = 2 * "ABCDE".index(code[0]) + int(code[1]) - 1
                assert house in known, (seat, code, text)
                assert state.houses[house].character == role.lower()
            coins = re.findall(r"You drew \*\*([\d, ]+)\*\*", text)
            assert not coins or (state.phase == "bet" and state.order[state.turn] == seat)


def test_the_thief_prompt_and_what_the_thief_learns() -> None:
    state = next(s for s in playout(5, seed=3) if s.phase == "thief")
    thief = role_seat(state, "thief")
    prompt = ADAPTER.panel(context(state, thief))
    assert "Thief, open your eyes" in words(prompt) and "<t:1800000060:R>" in words(prompt)
    (select,) = prompt.rows
    assert isinstance(select, Select)
    assert all(int(o.value) // 2 != thief for o in select.options)  # not its own houses
    target = int(select.options[0].value)
    state, _ = GAME.apply(state, thief, Peek(house=target))
    after = ADAPTER.panel(context(state, thief))
    character = state.houses[target].character
    assert character is not None
    role = character.capitalize()
    assert re.search(
        rf"[A-E][12]: {role}, (with the chest|no chest) \(you looked, night 1\)", words(after)
    )
    assert not after.rows and "The village sleeps" in words(after)
    sleeper = next(s for s in range(5) if s not in (thief, role_seat(state, "werewolf")))
    assert ADAPTER.panel(context(state, sleeper)).rows == ()


@pytest.mark.parametrize(
    ("rest", "values"),
    [("peek:*", []), ("bet:x:*", ["1"]), ("assign:", []), ("ballot:a+b", []), ("fly", [])],
)
def test_a_forged_control_names_no_action(rest: str, values: list[str]) -> None:
    """The shared codec and the engine's action model refuse what no panel offers."""
    data = ids.decode(ids.fill(rest, values), GAME.action_kinds())
    if data is not None:
        with pytest.raises(ValidationError):
            GAME.parse_action(data)


# -- the end -----------------------------------------------------------------------------------


def test_the_results_reveal_everyone_and_the_series_tally() -> None:
    states = list(playout(4, seed=9, series=2))
    between = next(s for s in states if s.game == 1)
    screen = table_module.reveal_screen(context(between), final=False)
    assert screen.pictures and "revealed" in screen.pictures[0].description
    assert "Game 2 of 2 starts now" in words(screen) and "in the series" in words(screen)
    assert "The Werewolf was" in words(screen) or "It was" in words(screen)
    result = GAME.result(states[-1])
    assert result is not None
    final = ADAPTER.results(context(states[-1]), result)
    assert "Winner of the series" in words(final) and final.mentions == (100, 101, 102, 103)


def test_tabula_is_a_newgame_subcommand_too() -> None:
    names = dict(subcommand_names(registry.offered()))
    assert names["lupusburg"] is names["tabula"] is GAME
    assert list(names).count("tufteln") == 1  # "tüfteln" names the same command


# -- the messenger: public first, secrets last --------------------------------------------------


class Sent:
    """Records what the messenger sends through its outbox; `closed` seats refuse DMs,
    and what the host learned about them is kept as the host keeps it (`known`)."""

    def __init__(self, closed: set[int]) -> None:
        self.sent: list[tuple[str, int | None, str]] = []
        self.closed = closed
        self.known: set[int] = set()

    def delivered(self, seat: int, learn: bool) -> bool:
        arrived = seat not in self.closed
        if learn:
            (self.known.discard if arrived else self.known.add)(seat)
        return arrived

    def outbox(self, state: LupusState) -> Outbox[LupusView]:
        async def post(screen: Screen) -> None:
            self.sent.append(("post", None, words(screen)))

        async def direct(seat: int, screen: Screen, learn: bool = True) -> bool:
            self.sent.append(("dm", seat, words(screen)))
            return self.delivered(seat, learn)

        async def prompt(seat: int, screen: Screen) -> bool:
            self.sent.append(("prompt", seat, words(screen)))
            return self.delivered(seat, True)

        return Outbox(
            table=lambda: context(state),
            seat=lambda seat: context(state, seat),
            post=post,
            direct=direct,
            prompt=prompt,
            closed_dms=lambda: frozenset(self.known),
            game_id=7,
        )


async def nightfall(messenger: Messenger, sent: Sent, state: LupusState) -> None:
    events: tuple[Event, ...] = (Event(key="lupusburg.night", params={"day": state.day}),)
    if any(state.houses[h].alive for h in houses_of(role_seat(state, "thief"))):
        events += (Event(key="lupusburg.thief_prompt", to=(role_seat(state, "thief"),)),)
    await messenger.after(sent.outbox(state), Happened("expired", events, None))


async def test_the_night_notice_is_the_same_for_everyone_with_closed_dms() -> None:
    state = next(s for s in playout(5, seed=3) if s.phase == "thief")
    thief = role_seat(state, "thief")
    sleeper = next(s for s in range(5) if s not in (thief, role_seat(state, "werewolf")))
    sent, messenger = Sent(closed={thief, sleeper}), Messenger()
    await messenger.after(sent.outbox(state), Happened("started", (), 0))
    assert [kind for kind, _, _ in sent.sent] == ["prompt"] * 5  # the deal
    sent.sent.clear()
    await nightfall(messenger, sent, state)
    (notice, dm) = sent.sent
    assert notice[0] == "post" and "<@1" in notice[2]
    assert f"<@{100 + thief}>" in notice[2] and f"<@{100 + sleeper}>" in notice[2]
    assert dm[:2] == ("dm", thief) and "Thief, open your eyes" in dm[2]  # after the public post
    # A failed night DM teaches nothing the channel could show later.
    sent2, messenger2 = Sent(closed={thief}), Messenger()
    await nightfall(messenger2, sent2, state)
    await nightfall(messenger2, sent2, state)
    assert [kind for kind, _, _ in sent2.sent] == ["dm", "dm"]


async def test_a_dead_thief_gets_no_prompt_and_the_channel_gets_the_same() -> None:
    alive = next(s for s in playout(5, seed=3) if s.phase == "thief")
    dead = alive.model_copy(deep=True)
    for house in houses_of(role_seat(dead, "thief")):
        dead.houses[house].alive = False
    logs = []
    for state in (alive, dead):
        sent = Sent(closed={0})
        messenger = Messenger()
        sent.known.add(0)  # learned at the deal
        await nightfall(messenger, sent, state)
        logs.append(sent.sent)
    public = [[m for m in s if m[0] == "post"] for s in logs]
    assert public[0] == public[1] and len(public[0]) == 1
    assert [m[0] for m in logs[0]] == ["post", "dm"] and [m[0] for m in logs[1]] == ["post"]


async def test_between_games_of_a_series_the_reveal_comes_before_the_new_deal() -> None:
    states = list(playout(4, seed=9, series=2))
    between = next(s for s in states if s.game == 1)
    events = (
        Event(key="lupusburg.village_wins", params={"seat": 0, "winner_seat": 1}),
        Event(key="lupusburg.game_started", params={"number": 2, "series": 2, "seat": 1}),
    )
    happened = Happened("expired", events, None)
    # The host posts the reveal as the chapter's results, before the next game's table;
    # then the new deal's prompts follow.
    assert ADAPTER.ends_chapter(context(between), happened)
    assert "Game 2 of 2 starts now" in words(ADAPTER.chapter_results(context(between), happened))
    sent = Sent(closed=set())
    await Messenger().after(sent.outbox(between), happened)
    assert [kind for kind, _, _ in sent.sent] == ["prompt", "prompt", "prompt", "prompt"]
    assert "Place your characters" in sent.sent[0][2]
    the_end = Happened("finished", events[:1], None)  # the series' last game: the results
    assert not ADAPTER.ends_chapter(context(between), the_end)


async def test_the_acting_player_gets_no_dm_for_what_their_panel_shows() -> None:
    state = next(s for s in playout(5, seed=3) if s.phase == "thief")
    thief = role_seat(state, "thief")
    target = next(h for h in range(10) if h // 2 != thief)
    state, events = GAME.apply(state, thief, Peek(house=target))
    sent = Sent(closed=set())
    await Messenger().after(sent.outbox(state), Happened("acted", tuple(events), thief))
    assert sent.sent == []  # the peek is on the panel the Thief clicked
    await Messenger().after(sent.outbox(state), Happened("expired", tuple(events), None))
    assert [kind for kind, _, _ in sent.sent] == ["dm"]


def first(phase: str, players: int = 5, seed: int = 4, **options: Any) -> LupusState:
    return next(s for s in playout(players, seed, **options) if s.phase == phase)


def test_turn_notices_name_the_step_and_never_a_night_role() -> None:
    steps = {}
    for state in playout(5, seed=4):
        if state.phase not in steps:
            steps[state.phase] = ADAPTER.turn_step(context(state))
    assert steps["assign"] == "place your characters (choose the house for your chest)"
    assert steps["privilege"] == "Burgomaster's privilege: choose a player, or skip it today"
    assert steps["betting"] == "bet: draw three coins, or pass for today"
    assert steps["bet"] == "bet: keep one coin in front of a player"
    assert steps["first_vote"] == "first vote: place a token (1 of 2)"
    assert steps["defence"] == "defence: speak for your character, then press Done"
    assert steps["second_vote"] == "second vote: cast your secret ballot"
    # Nobody is named at night; the discussion and the end need no notice.
    assert steps["thief"] is steps["werewolf"] is steps["discussion"] is steps["over"] is None


def test_the_first_vote_notice_counts_the_players_tokens() -> None:
    for state in playout(5, seed=4):
        if state.phase == "first_vote":
            seat = state.order[state.turn]
            round_ = 1 if state.turn < 5 else 2
            expected = f"first vote: place a token ({round_} of 2)"
            assert ADAPTER.turn_step(context(state)) == expected, (seat, state.turn)
    german = first("first_vote")
    assert ADAPTER.turn_step(context(german, locale="de")) == (
        "erste Abstimmung: leg eine Stimmmarke (1 von 2)"
    )


def test_the_privilege_notices_name_whom_to_show() -> None:
    states = list(playout(5, seed=11))
    show = next(s for s in states if s.phase == "show")
    back = next(s for s in states if s.phase == "show_back")
    burgo = NAMES[show.burgomaster]
    assert ADAPTER.turn_step(context(show)) == (
        f"privilege: show {burgo}, the Burgomaster, one of your characters"
    )
    assert back.called is not None
    assert ADAPTER.turn_step(context(back)) == (
        f"privilege: show {NAMES[back.called]} one of your characters in return"
    )


def test_chapters_are_the_setup_each_night_and_each_day() -> None:
    seen: list[str] = []
    for state in playout(5, seed=4):
        chapter = ADAPTER.chapter(context(state))
        if not seen or seen[-1] != chapter:
            seen.append(chapter)
    assert seen[:4] == ["setup", "night1", "day1", "night2"]
    assert all(c.startswith(("night", "day")) for c in seen[1:])
    assert len(seen) == len(set(seen))  # each chapter once: the table is re-posted once each
    series: list[str] = []
    for state in playout(4, seed=9, series=2):
        chapter = ADAPTER.chapter(context(state))
        if not series or series[-1] != chapter:
            series.append(chapter)
    assert series[:3] == ["g1-setup", "g1-night1", "g1-day1"] and "g2-setup" in series


def test_the_end_keeps_the_chapter_it_ended_in() -> None:
    states = list(playout(5, seed=4))
    end, before = states[-1], states[-2]
    assert end.phase == "over"
    assert ADAPTER.chapter(context(end)) == ADAPTER.chapter(context(before))


@pytest.mark.parametrize("phase", ["assign", "second_vote", "thief", "werewolf"])
def test_a_reminder_says_what_is_expected_and_when_time_runs_out(phase: str) -> None:
    state = first(phase, seed=3)
    (seat, *_) = sorted(GAME.active(state))
    screen = ADAPTER.reminder(context(state, seat))
    assert screen is not None
    assert "⏰" in words(screen) and "<t:1800000060:R>" in words(screen)
    expected = {
        "assign": "choose the house for your chest",
        "second_vote": "cast your secret ballot",
        "thief": "Thief:** choose a house to sneak into",
        "werewolf": "Werewolf:** choose the house your claw falls on",
    }
    assert expected[phase] in words(screen)
    offered = [custom_id for custom_id, _ in controls(screen)]
    assert offered and all(f":{GAME.phase_key(state)}:" in c for c in offered)  # act at once
    german = ADAPTER.reminder(context(state, seat, locale="de"))
    assert german is not None and "Erinnerung" in words(german)


def test_no_reminder_for_whoever_the_step_does_not_wait_for() -> None:
    night = first("thief", seed=3)
    sleeper = next(s for s in range(5) if s not in GAME.active(night))
    assert ADAPTER.reminder(context(night, sleeper)) is None
    vote = first("first_vote")
    (seat,) = GAME.active(vote)
    assert ADAPTER.reminder(context(vote, seat)) is None  # a turn: the host pings it
    assert ADAPTER.reminder(context(first("assign"), 0, deadline=None)) is None  # untimed


def test_timeouts_are_announced_as_the_clocks_not_the_players() -> None:
    state = first("first_vote")
    seat = state.order[state.turn]
    after, events = GAME.expire(state)
    screen = ADAPTER.announcement(context(after), Happened("expired", tuple(events), None))
    assert screen is not None
    token = after.tokens[-1]
    owner = NAMES[token.house // 2]
    assert words(screen).startswith(
        f"Time ran out: {NAMES[seat]}'s token went to {owner}'s house {token.house % 2 + 1}."
    )
    german = ADAPTER.announcement(
        context(after, locale="de"), Happened("expired", tuple(events), None)
    )
    assert german is not None and words(german).startswith("Die Zeit ist abgelaufen: ")


def test_marks_come_from_the_players_names() -> None:
    """Ben sits first, Ana second: Ben's houses are B1 and B2 everywhere (the issue's
    "A Ben, B Ana"), in the table's facts, the panels' buttons and the selects."""
    names = ("Ben", "Ana", "Cleo", "Dan")

    def ctx(state: LupusState, seat: Seat | None = None) -> Context[LupusView]:
        return context_of(
            GAME,
            state,
            seat,
            locale="en",
            game_id=7,
            names=names,
            user_ids=[100, 101, 102, 103],
            channel_id=99,
            deadline_at=DEADLINE,
        )

    start = GAME.setup(4, GAME.parse_options({}), 3)
    labels = [
        b.label for row in ADAPTER.panel(ctx(start, 0)).rows if isinstance(row, tuple) for b in row
    ]
    assert labels == ["Chest in house 1 (B1)", "Chest in house 2 (B2)"]
    vote = first("first_vote", players=4, seed=2)
    (seat,) = GAME.active(vote)
    (select,) = ADAPTER.panel(ctx(vote, seat)).rows
    assert isinstance(select, Select)
    assert any(o.label == "B1 · Ben, house 1" for o in select.options) or not vote.houses[0].alive
    assert any(o.label.startswith("A") and "Ana" in o.label for o in select.options)
    bet = first("bet", players=4, seed=2)
    (bettor,) = GAME.active(bet)
    selects = [r for r in ADAPTER.panel(ctx(bet, bettor)).rows if isinstance(r, Select)]
    options = {o.label for o in selects[0].options}
    assert options <= {"B · Ben", "A · Ana", "C · Cleo", "D · Dan"} and len(options) == 3
    assert "Ben's house" not in words(ADAPTER.table(ctx(vote)))


# -- every word from the catalog, in the reader's language -------------------------------------


class Collected:
    """An outbox that keeps every screen the messenger posts, DMs or prompts (and knows
    the seats whose DMs are closed)."""

    def __init__(self, locale: str, closed: set[int]) -> None:
        self.locale = locale
        self.closed = closed
        self.screens: list[tuple[str, Screen]] = []

    def outbox(self, state: LupusState) -> Outbox[LupusView]:
        async def post(screen: Screen) -> None:
            self.screens.append(("posted", screen))

        async def direct(seat: int, screen: Screen, learn: bool = True) -> bool:
            self.screens.append((f"DM to {seat}", screen))
            return seat not in self.closed

        async def prompt(seat: int, screen: Screen) -> bool:
            self.screens.append((f"prompt to {seat}", screen))
            return seat not in self.closed

        return Outbox(
            table=lambda: context(state, locale=self.locale),
            seat=lambda seat: context(state, seat, locale=self.locale),
            post=post,
            direct=direct,
            prompt=prompt,
            closed_dms=lambda: frozenset(self.closed),
            game_id=7,
        )


def changes(players: int, seed: int, **options: Any) -> Iterator[tuple[LupusState, Happened]]:
    """Every state of a random game to the end of its series, with the change that led to
    it; the players prefer voting and betting, so ballots and bets are seen."""
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.parse_options(options), seed)
    yield state, Happened("started", (), 0)
    while GAME.result(state) is None:
        active = sorted(GAME.active(state))
        if not active or rng.random() < 0.08:
            state, events = GAME.expire(state)
            kind = "finished" if GAME.result(state) is not None else "expired"
            yield state, Happened(kind, tuple(events), None)
            continue
        seat = rng.choice(active)
        legal = GAME.legal_actions(state, seat)
        keen = [a for a in legal if isinstance(a, PlaceBet | Vote | CastBallot)]
        action = rng.choice(keen or legal)
        state, events = GAME.apply(state, seat, action)
        kind = "finished" if GAME.result(state) is not None else "acted"
        yield state, Happened(kind, tuple(events), seat)


def refusals(state: LupusState, locale: str) -> Iterator[str]:
    """The sentences the host answers refused actions with."""
    for seat in range(state.seats):
        for action in (Peek(house=2 * seat), Claw(house=99), Vote(house=0)):
            try:
                GAME.apply(state, seat, action)
            except IllegalAction as refused:
                yield context(state, seat, locale=locale).say(refused.key, **refused.params)


async def every_text(locale: str) -> list[tuple[str, str]]:
    """(where, text) for the table, every panel of every seat, every announcement, DM,
    prompt, notice, refusal and result of whole games (a series, both second votes,
    timed and untimed), read in `locale`."""
    found: list[tuple[str, str]] = []
    kinds: set[str] = set()

    def add(where: str, screen: Screen | None) -> None:
        if screen is not None:
            found.extend((where, text) for text in screen_texts(screen))

    games: list[tuple[int, int, dict[str, Any]]] = [
        (5, 3, {"series": 2, "second_vote": "characters", "discussion_minutes": 1}),
        (4, 8, {"second_vote": "players", "discussion_minutes": 0}),
        (8, 5, {"burgomaster": "random"}),
    ]
    for players, seed, options in games:
        collected = Collected(locale, closed={1})
        messenger = Messenger()
        for index, (state, happened) in enumerate(changes(players, seed, **options)):
            deadline = DEADLINE if index % 3 else None
            table = context(state, deadline=deadline, locale=locale)
            kinds.add(state.phase)
            add(f"table, {state.phase}", ADAPTER.table(table))
            add(f"announcement, {state.phase}", ADAPTER.announcement(table, happened))
            for seat in range(players):
                panel = ADAPTER.panel(context(state, seat, deadline=deadline, locale=locale))
                add(f"panel of {seat}, {state.phase}", panel)
            await messenger.after(collected.outbox(state), happened)
            if state.phase == "first_vote":
                found += [("refusal", text) for text in refusals(state, locale)]
            result = GAME.result(state)
            if result is not None:
                add("results", ADAPTER.results(table, result))
        for where, screen in collected.screens:
            add(where, screen)
    assert kinds >= {"assign", "thief", "werewolf", "privilege", "show", "show_back"}
    assert kinds >= {"betting", "bet", "discussion", "first_vote", "defence", "second_vote"}
    found.append(("rules", context(state, locale=locale).say("lupusburg.rules")))
    return found


PLAYERS = list(NAMES)


@pytest.mark.parametrize("locale", ["de", "en"])
async def test_every_word_comes_from_the_catalog_in_the_readers_language(
    locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_catalog(monkeypatch)
    drawn = record_drawn_text(monkeypatch)
    monkeypatch.setattr(table_module, "to_png", lambda image: b"")  # drawn, not encoded
    items = await every_text(locale)
    items += [("drawn in a picture", text) for text in drawn if text.strip()]
    assert len(drawn) > 1000
    kinds = {where.split(",")[0].split(" ")[0] for where, _ in items}
    assert kinds >= {"table", "panel", "announcement", "DM", "prompt", "posted", "results"}
    problems = []
    for where, text in items:
        stray = unmarked(text, PLAYERS)
        if stray:
            problems.append(f"{where}: not from the catalog: {stray!r} in {text[:90]!r}")
        # A picture may also draw bare numbers, letters and house codes (no sentence);
        # a select of players offers their bare names.
        bare = (where == "drawn in a picture" or text in PLAYERS) and not languages(text)
        if languages(text) != {locale} and not bare:
            problems.append(f"{where}: in {sorted(languages(text))}: {text[:90]!r}")
    assert not problems, "\n".join(sorted(set(problems))[:25])


def test_the_pictures_draw_and_describe_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without marks: the German words themselves, in the table, the reveal and alt texts."""
    drawn = record_drawn_text(monkeypatch)
    states = [state for state, _ in changes(5, 3, series=2)]
    voting = next(s for s in states if s.phase == "first_vote" and s.lynched is None)
    (village,) = ADAPTER.table(context(voting, locale="de")).pictures
    assert village.description.startswith("Lupusburg: Erste Abstimmung, Tag ")
    assert "Bürgermeister" in village.description
    assert "Münzen im Beutel" in village.description  # the picture draws marks, not words
    (english,) = ADAPTER.table(context(voting, locale="en")).pictures  # not the cached German
    assert english.description.startswith("Lupusburg: First vote, day ")
    between = next(s for s in states if s.game == 1)
    drawn.clear()
    (revealed,) = table_module.reveal_screen(context(between, locale="de"), final=False).pictures
    assert revealed.description.startswith("Lupusburg, Spiel 1 aufgedeckt: ")
    assert "Truhen in " in revealed.description
    assert {"Werwolf", "Dieb", "Bürger"} <= set(drawn)


def test_the_german_pictures_name_each_character_as_the_text_does() -> None:
    """One word per character in German: the reveal picture's (across a house) is the
    text's, whole."""
    german = catalogs()["de"]
    face = font(KEY, True)
    for role in ("werewolf", "thief", "townsfolk"):
        word = german[f"lupusburg.picture.role.{role}"]
        assert word == german[f"lupusburg.ui.{role}"]
        assert clip(word, face, house_width(8) - 8) == word  # the narrowest house
    assert "Dorfbewohner" not in "".join(german.values())


def test_the_plural_forms_and_the_german_sentences() -> None:
    states = [state for state, _ in changes(5, 3, second_vote="characters")]
    ones = [
        (s, seat)
        for s in states
        if s.phase == "second_vote"
        for seat in GAME.waiting_for(s)
        if len(next(a for a in GAME.legal_actions(s, seat) if isinstance(a, CastBallot)).houses)
        == 1
    ]
    assert ones, "a voter with a single token"
    state, seat = ones[0]
    german = words(ADAPTER.panel(context(state, seat, locale="de")))
    assert "Leg deine Stimmmarke auf einen Verdächtigen" in german
    english = words(ADAPTER.panel(context(state, seat)))
    assert "place your token on a suspect" in english
    twos, seat = next(
        (s, seat)
        for s in playout(5, seed=4)
        if s.phase == "second_vote"
        for seat in sorted(GAME.waiting_for(s))
        if len(next(a for a in GAME.legal_actions(s, seat) if isinstance(a, CastBallot)).houses)
        == 2
    )
    assert "Verteile deine 2 Stimmmarken" in words(ADAPTER.panel(context(twos, seat, locale="de")))
    assert "place your 2 tokens" in words(ADAPTER.panel(context(twos, seat)))
    start = GAME.setup(5, GAME.parse_options({}), 3)
    panel = ADAPTER.panel(context(start, 0, locale="de"))
    assert panel.embed_title == "Lupusburg in <#99> · Ana"
    assert "Verteile deine Charaktere." in words(panel)
    assert [b.label for row in panel.rows if not isinstance(row, Select) for b in row] == [
        "Truhe in Haus 1 (A1)",
        "Truhe in Haus 2 (A2)",
    ]
