"""A running two-player game of Race to Ten, straight through the service (host tests)."""

from __future__ import annotations

from bot.core.service import GameService

ANA, BEN = 100, 200


async def started_race(service: GameService, channel: int) -> int:
    """Ana opens a game in `channel` (60 s turns), Ben joins, Ana starts it: its id."""
    live = await service.open_lobby(
        kind="race", options={"turn_seconds": 60}, guild_id=1, channel_id=channel,
        parent_id=5, host_id=ANA, host_name="Ana", locale="en",
    )  # fmt: skip
    await service.join(live.id, BEN, "Ben")
    await service.start(live.id, ANA)
    return live.id
