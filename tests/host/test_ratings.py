"""Ratings and the record of finished games: moved in the transaction that ends a game,
once per game, as openskill computes them; aborted games and games nobody played to
the end count for nothing; a member who leaves the statistics leaves no row."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from functools import partial

import pytest
from openskill.models import PlackettLuce

from bot.core.ratings import Rating, rate
from bot.core.service import GameService
from bot.core.store import PlayerRow, Store, migrations
from bot.core.store.engine import Connection
from bot.core.store.migrations import MIGRATIONS
from bot.core.store.stats import MEMBER_TABLES, Finished, record_finish
from games.engine import Match, Result, free_for_all
from tests.conformance.support import Case, playout
from tests.support.clock import FakeClock

ON_EACH_ENGINE = True
ANA, BEN, CLEO, DAN = 100, 200, 300, 400
NAMES = {ANA: "Ana", BEN: "Ben", CLEO: "Cleo", DAN: "Dan"}
MODEL = PlackettLuce()


async def race(service: GameService, players: list[int], guild: int = 1, channel: int = 10) -> int:
    """A started race to 10 (+2 a turn) of `players`, the first hosting."""
    live = await service.open_lobby(
        kind="race", options={"target": 10}, guild_id=guild, channel_id=channel, parent_id=5,
        host_id=players[0], host_name=NAMES[players[0]], locale="en",
    )  # fmt: skip
    for user in players[1:]:
        await service.join(live.id, user, NAMES[user])
    await service.start(live.id, players[0])
    return live.id


async def play_out(service: GameService, game_id: int, players: list[int]) -> None:
    """Everyone adds 2 in turn: the first player reaches 10 on their third turn (two
    players) or second (four)."""
    turn = 0
    while (await service.load(game_id)).status == "running":
        await service.act(game_id, players[turn % len(players)], {"amount": 2})
        turn += 1


async def ratings(
    store: Store, kind: str = "race", guild: int = 1
) -> dict[int, tuple[float, float, int]]:
    rows = await store.engine.read(
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ?",
        (guild, kind),
    )
    return {r["user_id"]: (r["mu"], r["sigma"], r["games"]) for r in rows}


async def count(store: Store, table: str) -> int:
    rows = await store.engine.read(f"SELECT COUNT(*) AS n FROM {table}", ())
    return int(rows[0]["n"])


async def test_a_four_player_game_rates_as_openskill_does(
    service: GameService, store: Store
) -> None:
    players = [ANA, BEN, CLEO, DAN]
    game_id = await race(service, players)
    await play_out(service, game_id, players)
    # Ana won, the others tie behind her.
    expected = MODEL.rate([[MODEL.rating()] for _ in players], ranks=[0, 1, 1, 1])
    got = await ratings(store)
    for user, (rating,) in zip(players, expected, strict=True):
        mu, sigma, games = got[user]
        assert mu == pytest.approx(rating.mu, abs=1e-9)
        assert sigma == pytest.approx(rating.sigma, abs=1e-9)
        assert games == 1
    # A second game goes on from there: Ben, Cleo and Dan alone (2, 4, 6, 8, 10: Cleo wins).
    second = await race(service, [BEN, CLEO, DAN], channel=11)
    await play_out(service, second, [BEN, CLEO, DAN])
    now = [[MODEL.rating(mu=got[u][0], sigma=got[u][1])] for u in (BEN, CLEO, DAN)]
    again = MODEL.rate(now, ranks=[1, 0, 1])
    after = await ratings(store)
    for user, (rating,) in zip((BEN, CLEO, DAN), again, strict=True):
        assert after[user][:2] == pytest.approx((rating.mu, rating.sigma), abs=1e-9)
        assert after[user][2] == 2
    assert after[ANA] == got[ANA]
    seats = await store.engine.read(
        "SELECT user_id, won, place, score FROM result_seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    assert [(r["user_id"], r["won"], r["place"]) for r in seats] == [
        (ANA, 1, 0), (BEN, 0, 1), (CLEO, 0, 1), (DAN, 0, 1)
    ]  # fmt: skip


def finished(game_id: int, scores: tuple[int, ...], winners: tuple[int, ...]) -> Finished:
    users = [ANA, BEN, CLEO, DAN][: len(scores)]
    result = Result(scores=scores, winners=winners)
    return Finished(
        game_id=game_id,
        guild_id=1,
        kind="race",
        channel_id=10 + game_id,
        finished_at=1000.0 + game_id,
        players=tuple(PlayerRow(s, u, NAMES[u]) for s, u in enumerate(users)),
        result=result,
        matches=(free_for_all(result),),
        final="{}",
    )


async def a_game_row(store: Store, channel: int) -> int:
    row = await store.create_game(
        guild_id=1, channel_id=channel, parent_id=None, kind="race", options={},
        host_id=ANA, host_name="Ana", locale="en", seed=1, now=1.0,
    )  # fmt: skip
    return row.id


async def test_places_by_score_and_a_second_delivery_rates_once(store: Store) -> None:
    game_id = await a_game_row(store, 50)
    end = finished(game_id, (30, 12, 25, 12), (0,))
    assert await store._write(partial(record_finish, finished=end))
    expected = MODEL.rate([[MODEL.rating()] for _ in range(4)], ranks=[0, 2, 1, 2])
    once = await ratings(store)
    for user, (rating,) in zip((ANA, BEN, CLEO, DAN), expected, strict=True):
        assert once[user][:2] == pytest.approx((rating.mu, rating.sigma), abs=1e-9)
    # The same end again (delivered twice, or after a restart): nothing moves.
    assert not await store._write(partial(record_finish, finished=end))
    assert await ratings(store) == once
    assert await count(store, "results") == 1 and await count(store, "result_seats") == 4


async def test_a_game_finished_twice_through_the_service_and_recovered_rates_once(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    game_id = await race(service, [ANA, BEN])
    await play_out(service, game_id, [ANA, BEN])
    once = await ratings(store)
    # A restart shows the end again from the outbox: the ratings stay.
    await service.recover()
    await service.shown()
    again = GameService(store, clock)
    await again.recover()
    await again.shown()
    assert await ratings(store) == once and once[ANA][2] == 1


async def test_an_aborted_game_rates_nothing(service: GameService, store: Store) -> None:
    game_id = await race(service, [ANA, BEN])
    await service.act(game_id, ANA, {"amount": 2})
    await service.close(game_id, ANA, status="aborted")
    assert await ratings(store) == {}
    assert await count(store, "results") == 0 and await count(store, "result_seats") == 0


async def test_a_game_ended_with_everyone_away_does_not_count(store: Store) -> None:
    game_id = await a_game_row(store, 60)
    end = finished(game_id, (1, 0), (0,))
    away = Finished(**{**end.__dict__, "players": tuple(
        PlayerRow(p.seat, p.user_id, p.display_name, away=True) for p in end.players
    )})  # fmt: skip
    assert not await store._write(partial(record_finish, finished=away))
    assert await ratings(store) == {} and await count(store, "results") == 0
    # One of them still there: it counts, the away player loses as usual.
    some = Finished(**{**end.__dict__, "players": (end.players[0], away.players[1])})
    assert await store._write(partial(record_finish, finished=some))
    assert set(await ratings(store)) == {ANA, BEN}


async def test_a_solo_game_is_recorded_unrated_and_neither_won_nor_lost(store: Store) -> None:
    game_id = await a_game_row(store, 70)
    assert await store._write(partial(record_finish, finished=finished(game_id, (7,), (0,))))
    assert await ratings(store) == {}
    (seat,) = await store.engine.read("SELECT won, score, mu FROM result_seats", ())
    assert (seat["won"], seat["score"], seat["mu"]) == (None, 7, None)


async def test_computer_seats_are_neither_rated_nor_recorded(store: Store) -> None:
    """Two people and a computer that won: the people are rated between themselves
    (the computer's seat does not place), and no row names the computer."""
    game_id = await a_game_row(store, 80)
    end = finished(game_id, (5, 9, 3), (1,))
    computer = PlayerRow(1, -1, "Ada", computer="strong")
    with_computer = Finished(
        **{**end.__dict__, "players": (end.players[0], computer, end.players[2])}
    )
    assert await store._write(partial(record_finish, finished=with_computer))
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[0, 1])
    got = await ratings(store)
    assert set(got) == {ANA, CLEO}
    for user, (rating,) in zip((ANA, CLEO), expected, strict=True):
        assert got[user][:2] == pytest.approx((rating.mu, rating.sigma), abs=1e-9)
    seats = await store.engine.read("SELECT user_id FROM result_seats", ())
    assert sorted(r["user_id"] for r in seats) == [ANA, CLEO]


async def test_forget_leaves_no_row_of_the_member_and_keeps_them_out(
    service: GameService, store: Store
) -> None:
    for channel in (10, 11):
        game_id = await race(service, [ANA, BEN, CLEO], channel=channel)
        await play_out(service, game_id, [ANA, BEN, CLEO])
    solo = await a_game_row(store, 80)
    await store._write(partial(record_finish, finished=finished(solo, (5,), (0,))))
    await store.record_solo(solo, 1, "race", ANA, 5, lowest=False)
    # Ana on another server keeps her rows there.
    other = await race(service, [ANA, BEN], guild=2, channel=90)
    await play_out(service, other, [ANA, BEN])

    await store.stats.forget(1, ANA)
    for table in MEMBER_TABLES:
        rows = await store.engine.read(
            f"SELECT COUNT(*) AS n FROM {table} WHERE guild_id = 1 AND user_id = ?", (ANA,)
        )
        assert rows[0]["n"] == 0, table
    left = await store.engine.read("SELECT game_id FROM results WHERE game_id = ?", (solo,))
    assert left == []  # her solo game's record went with her
    assert ANA in await ratings(store, guild=2)
    assert set(await ratings(store)) == {BEN, CLEO}

    # Her later games are not recorded for her; the others are rated among themselves.
    later = await race(service, [ANA, BEN], channel=12)
    await play_out(service, later, [ANA, BEN])
    rows = await store.engine.read("SELECT user_id FROM result_seats WHERE game_id = ?", (later,))
    assert [r["user_id"] for r in rows] == [BEN]
    assert await store.record_solo(solo + 100, 1, "race", ANA, 9, lowest=False) is None
    assert ANA not in await ratings(store)
    # Counted again once she asks.
    await store.stats.count_again(1, ANA)
    again = await race(service, [ANA, BEN], channel=13)
    await play_out(service, again, [ANA, BEN])
    assert ANA in await ratings(store)


async def test_a_reset_clears_a_games_board_and_keeps_its_history(
    service: GameService, store: Store
) -> None:
    game_id = await race(service, [ANA, BEN])
    await play_out(service, game_id, [ANA, BEN])
    await store.stats.reset(1, "race")
    assert await ratings(store) == {}
    rows = await store.engine.read("SELECT mu FROM result_seats", ())
    assert len(rows) == 2 and all(r["mu"] is None for r in rows)


def test_lupusburg_rates_each_game_of_a_series_as_sides() -> None:
    run = playout(Case("lupusburg", 5, 3, (("series", 2),)))
    game = run.case.game
    assert run.problem is None and game.result(run.final) is not None
    matches = game.matches(run.final)
    records = run.final.records  # type: ignore[attr-defined]
    assert len(matches) == len(records) == 2
    expected = {s: MODEL.rating() for s in range(5)}
    for record in records:
        wolf = record.werewolf
        village = [s for s in range(5) if s != wolf]
        ranks: list[float] = [0, 1] if record.side == "werewolf" else [1, 0]
        [[w], town] = MODEL.rate([[expected[wolf]], [expected[s] for s in village]], ranks=ranks)
        expected[wolf] = w
        expected.update(zip(village, town, strict=True))
    got = rate(matches, {s: Rating() for s in range(5)})
    for seat in range(5):
        assert (got[seat].mu, got[seat].sigma) == pytest.approx(
            (expected[seat].mu, expected[seat].sigma), abs=1e-9
        )


def test_free_for_all_places_winners_first_then_by_score() -> None:
    assert free_for_all(Result(scores=(3, 9, 9, 1), winners=(0,))).places == (0, 1, 1, 2)
    lama = Result(scores=(12, 3, 40), winners=(1,), lower_is_better=True)
    assert free_for_all(lama).places == (1, 0, 2)
    assert Match(((0,), (1, 2)), (1, 0)).teams[1] == (1, 2)


async def test_member_totals_and_streaks_agree_with_the_games_recorded(store: Store) -> None:
    """The totals /stats reads are kept per game; they add up to the seats recorded."""
    rnd = random.Random(4)
    for number in range(30):
        game_id = await a_game_row(store, 200 + number)
        seats = rnd.randint(1, 4)
        scores = tuple(rnd.randint(0, 9) for _ in range(seats))
        winners = tuple(s for s, v in enumerate(scores) if v == max(scores))
        await store._write(partial(record_finish, finished=finished(game_id, scores, winners)))
    for user in NAMES:
        rows = await store.engine.read(
            "SELECT score, won FROM result_seats WHERE user_id = ? ORDER BY finished_at, game_id",
            (user,),
        )
        stats = await store.stats.member(1, user, None)
        (line,) = stats.lines
        got = [r["score"] for r in rows]
        decided = [r["won"] for r in rows if r["won"] is not None]
        assert (line.games, line.decided, line.wins) == (len(rows), len(decided), sum(decided))
        assert line.best == max(got) and line.average == pytest.approx(sum(got) / len(got))
        run = 0
        for won in decided:
            run = (max(run, 0) + 1) if won else (min(run, 0) - 1)
        assert stats.streak == run
        assert (await store.stats.member(1, user, "race")).streak == run


async def test_two_processes_ending_games_at_once_both_move_the_ratings(
    store: Store, database: str
) -> None:
    """Over PostgreSQL two processes may end two games of the same players at once: the
    second waits for the first's rating rows (read FOR UPDATE), and rates from them."""
    if not store.shared:
        pytest.skip("one process per SQLite file, whose writes take turns anyway")
    first, second, third = [await a_game_row(store, 300 + n) for n in range(3)]
    await store._write(partial(record_finish, finished=finished(first, (1, 0), (0,))))
    before = await ratings(store)
    other = await Store.open(database)
    try:
        slow_end = finished(second, (1, 0), (0,))  # Ana wins again, slowly
        quick_end = finished(third, (0, 1), (1,))  # Ben wins, meanwhile elsewhere

        recorded = threading.Event()

        def slowly(db: Connection) -> None:
            record_finish(db, slow_end, store.engine.dialect.for_update)
            recorded.set()
            time.sleep(0.05)  # holds its rows until it commits (within the lock timeout)

        slow = asyncio.create_task(store._write(slowly))
        await asyncio.to_thread(recorded.wait, 5)
        await other._write(
            partial(record_finish, finished=quick_end, for_update=other.engine.dialect.for_update)
        )
        await slow
    finally:
        await other.close()
    start = [[MODEL.rating(mu=before[u][0], sigma=before[u][1])] for u in (ANA, BEN)]
    [[ana], [ben]] = MODEL.rate(start, ranks=[0, 1])  # the slow game first
    [[ana], [ben]] = MODEL.rate([[ana], [ben]], ranks=[1, 0])
    after = await ratings(store)
    assert after[ANA] == pytest.approx((ana.mu, ana.sigma, 3), abs=1e-9)
    assert after[BEN] == pytest.approx((ben.mu, ben.sigma, 3), abs=1e-9)


def before_the_statistics(store: Store, db: Connection) -> None:
    """The database as a release before the statistics left it, then migration 022's
    queue: no record of any game, the finished ones backlogged (not the aborted)."""
    for table in ("result_seats", "results", "ratings", "member_totals", "member_streaks"):
        db.execute(f"DELETE FROM {table}")
    queue = migrations.statements(MIGRATIONS / "022_stats_backlog.sql", store.engine.dialect)
    db.execute(queue[-1])  # the migration's INSERT


async def test_games_finished_before_the_statistics_are_recorded_once_as_their_ends_were(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    """Migration 022 queues the finished games without a record; the bot records them
    oldest first, with the ratings their ends would have given, each once."""
    first = await race(service, [ANA, BEN], channel=10)
    await play_out(service, first, [ANA, BEN])
    await clock.advance(60)
    second = await race(service, [BEN, CLEO, ANA], channel=11)
    await play_out(service, second, [BEN, CLEO, ANA])
    aborted = await race(service, [ANA, CLEO], channel=12)
    await service.close(aborted, ANA, status="aborted")
    as_ended = await ratings(store)
    history = await store.engine.read("SELECT * FROM result_seats ORDER BY game_id, seat", ())

    await store._write(partial(before_the_statistics, store))
    assert await count(store, "stats_backlog") == 2 and await ratings(store) == {}
    assert await GameService(store, clock).record_backlog(batch=1) == 2
    assert await ratings(store) == as_ended and as_ended[ANA][2] == 2
    assert await store.engine.read("SELECT * FROM result_seats ORDER BY game_id, seat", ()) == (
        history
    )
    assert await count(store, "stats_backlog") == 0
    assert await GameService(store, clock).record_backlog() == 0  # nothing twice
    assert await ratings(store) == as_ended


async def test_a_backlogged_game_this_release_cannot_read_is_left_out_and_the_rest_recorded(
    service: GameService, store: Store, clock: FakeClock
) -> None:
    """A game of a kind no longer offered, or with a state this release cannot read, is
    taken off the backlog unrecorded; the others are recorded."""
    games = []
    for channel in (10, 11, 12):
        game_id = await race(service, [ANA, BEN], channel=channel)
        await play_out(service, game_id, [ANA, BEN])
        games.append(game_id)

    def unreadable(db: Connection) -> None:
        db.execute("UPDATE games SET kind = 'retired' WHERE id = ?", (games[0],))
        nonsense = '{"nonsense": 1}'
        db.execute("UPDATE games SET state = ? WHERE id = ?", (nonsense, games[1]))
        before_the_statistics(store, db)

    await store._write(unreadable)
    assert await GameService(store, clock).record_backlog() == 1
    assert await count(store, "stats_backlog") == 0
    (recorded,) = await store.engine.read("SELECT game_id FROM results", ())
    assert recorded["game_id"] == games[2] and (await ratings(store))[ANA][2] == 1
