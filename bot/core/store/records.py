"""A finished game's record, read for its page in /history, its replay and its
download (`bot.core.records`). Only a game of the asking server that finished and is
in its history is read: a game still running, cancelled, aborted or of another
server is refused with a sentence, whatever a crafted button asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.errors import Refused
from bot.core.records import GameRecord, Logged, Seated, Shown
from bot.core.store.rows import PlayerRow
from bot.i18n import t

if TYPE_CHECKING:
    from bot.core.store.queries import Store

RUNNING = "replay.running"  # the sentences a refusal says
UNFINISHED = "replay.unfinished"
UNKNOWN = "replay.unknown"


async def finished_record(store: Store, guild_id: int, game_id: int) -> GameRecord:
    """The record of a finished game of the server's history; Refused otherwise."""
    read = store.engine.read
    games = await read(
        "SELECT games.guild_id, games.kind, status, locale, games.channel_id, options, seed,"
        " created_at, finished_at, final, outcome FROM games"
        " LEFT JOIN results ON results.game_id = games.id WHERE games.id = ?",
        (game_id,),
    )
    if not games or games[0]["guild_id"] != guild_id:
        raise Refused(UNKNOWN)
    row = games[0]
    if row["status"] in ("lobby", "running"):
        raise Refused(RUNNING)
    if row["status"] != "finished":
        raise Refused(UNFINISHED)
    if row["finished_at"] is None:  # not in the history (e.g. everyone was away)
        raise Refused(UNKNOWN)
    players = await store.players(game_id)
    optout = await read("SELECT user_id FROM stats_optout WHERE guild_id = ?", (guild_id,))
    left = {o["user_id"] for o in optout}
    log = await read(
        "SELECT seq, user_id, action, created_at FROM actions WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    shown = await read(
        "SELECT version, fingerprint, deadline_at, away FROM table_shown WHERE game_id = ?"
        " ORDER BY version",
        (game_id,),
    )
    decode = store._decode  # the one guarded place JSON columns are read
    return GameRecord(
        game_id=game_id,
        guild_id=guild_id,
        kind=row["kind"],
        status=row["status"],
        locale=row["locale"],
        channel_id=row["channel_id"],
        options=decode(game_id, "options", row["options"], {}),
        seed=int(row["seed"]),
        created_at=float(row["created_at"]),
        players=tuple(_seated(p, p.user_id in left, row["locale"]) for p in players),
        log=tuple(
            Logged(
                int(entry["seq"]),
                entry["user_id"],
                decode(game_id, "an action", entry["action"], {}),
                float(entry["created_at"]),
            )
            for entry in log
        ),
        shown=tuple(
            Shown(
                int(s["version"]),
                str(s["fingerprint"]),
                s["deadline_at"],
                Shown.away_from(str(s["away"])),
            )
            for s in shown
        ),
        finished_at=float(row["finished_at"]),
        final=decode(game_id, "a final table", row["final"], None),
        outcome=decode(game_id, "a result", row["outcome"], None) if row["outcome"] else None,
    )


def _seated(player: PlayerRow, left: bool, locale: str) -> Seated:
    """A seat of the record: a member who left the statistics only by the seat's number."""
    if not left or player.computer:
        return Seated(player.seat, player.user_id, player.display_name, player.computer)
    name = t("replay.left_player", locale, number=player.seat + 1)
    return Seated(player.seat, player.user_id, name, player.computer, left=True)
