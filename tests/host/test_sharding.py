"""Sharding settings, the plan they make, and IDENTIFYs spaced per rate-limit key."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import pytest

from bot.config import SettingsError, load_settings
from bot.discord.budget import RequestBudget, per_process
from bot.discord.sharding import MARGIN, SPACING, LocalIdentifyGate, ShardPlan


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env


def test_unset_the_bot_runs_every_shard_discord_recommends() -> None:
    settings = load_settings()
    assert settings.shard_count is None and settings.shard_ids is None
    assert ShardPlan().syncs_commands


def test_shard_ids_are_a_comma_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "3")
    monkeypatch.setenv("SHARD_IDS", "0, 2")
    settings = load_settings()
    assert settings.shard_count == 3 and settings.shard_ids == [0, 2]


@pytest.mark.parametrize(
    ("count", "ids", "sentence"),
    [
        (None, "1", "The setting SHARD_IDS is not valid: needs SHARD_COUNT"),
        ("2", "0,2", "must be shard numbers from 0 to 1 (SHARD_COUNT is 2)"),
        ("2", "one", "must be shard numbers separated by commas, e.g. 0,1"),
        ("2", "1,1", "names a shard twice"),
        ("0", None, "The setting SHARD_COUNT is not valid"),
    ],
)
def test_a_wrong_shard_setting_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str | None, sentence: str
) -> None:
    for name, value in (("SHARD_COUNT", count), ("SHARD_IDS", ids)):
        if value is not None:
            monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        load_settings()
    assert sentence in str(caught.value) and "\n" not in str(caught.value)


def test_only_the_process_with_shard_0_syncs_the_commands() -> None:
    assert ShardPlan(3, (0, 2)).syncs_commands
    assert not ShardPlan(3, (1, 2)).syncs_commands
    assert ShardPlan(3).syncs_commands
    assert ShardPlan(3, (1, 2)).describe() == "shards 1, 2 of 3"


class FakeTime:
    """Sleeping moves time on at once; every IDENTIFY is recorded with its moment."""

    def __init__(self) -> None:
        self.now = 0.0
        self.identified: list[tuple[float, int]] = []

    async def sleep(self, seconds: float) -> None:
        self.now += seconds

    async def identify(self, gate: LocalIdentifyGate, shard_id: int) -> None:
        await gate.wait(shard_id)
        self.identified.append((self.now, shard_id))


def spaced_per_key(identified: list[tuple[float, int]], concurrency: int) -> bool:
    last: dict[int, float] = {}
    for at, shard in identified:
        key = shard % concurrency
        if key in last and at - last[key] < SPACING:
            return False
        last[key] = at
    return True


@pytest.mark.parametrize("concurrency", [1, 2, 16])
async def test_identifies_are_five_seconds_apart_per_key(concurrency: int) -> None:
    time = FakeTime()
    gate = LocalIdentifyGate(concurrency, now=lambda: time.now, sleep=time.sleep)
    for shard in range(32):  # as discord.py launches them: one after the other
        await time.identify(gate, shard)
    assert spaced_per_key(time.identified, concurrency)
    buckets = -(-32 // concurrency)
    assert time.identified[-1][0] == pytest.approx((buckets - 1) * (SPACING + MARGIN))


async def test_shards_identifying_at_once_are_spaced_too() -> None:
    time = FakeTime()
    gate = LocalIdentifyGate(1, now=lambda: time.now, sleep=time.sleep)
    await asyncio.gather(*(time.identify(gate, shard) for shard in range(4)))
    assert spaced_per_key(sorted(time.identified), 1)


async def test_a_shard_identifying_again_waits_five_seconds_more() -> None:
    """Its session was refused or lost: another process may have just identified."""
    time = FakeTime()
    gate = LocalIdentifyGate(1, now=lambda: time.now, sleep=time.sleep)
    await time.identify(gate, 0)
    time.now = 60.0  # long after: the gate itself has nothing against it
    await time.identify(gate, 0)
    assert time.identified == [(0.0, 0), (60.0 + SPACING + MARGIN, 0)]


# -- the token's global budget, this process's share ------------------------------------


def most_in_a_second(moments: list[float]) -> int:
    return max(sum(1 for m in moments if start <= m < start + 1.0) for start in moments)


@pytest.mark.parametrize("processes", [1, 3])
async def test_a_process_sends_at_most_its_share_in_any_second_evenly(processes: int) -> None:
    time = FakeTime()
    budget = RequestBudget(per_process(processes), now=lambda: time.now, sleep=time.sleep)
    assert budget.limit == {1: 45, 3: 15}[processes]
    sent: list[tuple[float, int]] = []

    async def send(number: int) -> None:
        await budget.take()
        sent.append((time.now, number))

    await asyncio.gather(*(send(n) for n in range(200)))
    assert [n for _, n in sent] == list(range(200))  # in the order they asked
    moments = [at for at, _ in sent]
    assert most_in_a_second(moments) <= budget.limit
    assert moments[: budget.burst] == [0.0] * budget.burst  # a few at once, then evenly
    gaps = [b - a for a, b in itertools.pairwise(moments[budget.burst - 1 :])]
    assert gaps == pytest.approx([1 / budget.rate] * len(gaps))


def test_the_share_follows_the_processes_the_settings_tell() -> None:
    assert per_process(1) == 45 and per_process(3) == 15 and per_process(100) == 1
    assert ShardPlan().processes == 1 and ShardPlan(4).processes == 1
    assert ShardPlan(4, (0, 1)).processes == 2 and ShardPlan(3, (2,)).processes == 3
