"""The screens of a finished game in /history: its page (the final table as the players
saw it at the end, and the result) and its replay's steps, around what the game's
adapter drew (`GameAdapter.final_table`, `GameAdapter.replay`): the words and the
controls, from the catalog in the reader's language."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core.names import in_text
from bot.core.records import GameRecord
from bot.discord.ui import Button, Option, Row, Screen, Select
from bot.i18n import t
from bot.stats import ids
from bot.stats.screens import game_name
from games import registry
from games.engine import Result, free_for_all

RESULT_LINES = 20  # players listed on a game's page (a big Tüfteln game: the rest counted)
READERS = 24  # seats offered in a replay's select (with the table: Discord's 25)


def _reveals(kind: str) -> bool:
    try:
        return registry.get(kind).replay_reveals
    except KeyError:
        return False


def result_lines(record: GameRecord, outcome: dict[str, Any] | None, locale: str) -> list[str]:
    """Every seat by place, the winners marked: "1. 🏆 Ana · 42"."""
    if outcome is None:
        return []
    result = Result.model_validate(outcome)
    places = free_for_all(result).places
    order = sorted(range(len(result.scores)), key=lambda seat: (places[seat], seat))
    lines = [
        t(
            "past.winner" if seat in result.winners else "past.place",
            locale,
            place=places[seat] + 1,
            player=in_text(record.names[seat]) if seat < len(record.names) else "?",
            score=result.scores[seat],
        )
        for seat in order[:RESULT_LINES]
    ]
    if len(order) > RESULT_LINES:
        lines.append(t("history.more", locale, count=len(order) - RESULT_LINES))
    if result.lower_is_better:
        lines.append(t("past.lower_is_better", locale))
    return lines


def past_screen(record: GameRecord, table: Screen, gone: bool, locale: str) -> Screen:
    """A finished game's page: when and where it ended, its result, then its final
    table (a card, as the table message showed it), with Replay and Download."""
    assert record.finished_at is not None
    place = t("history.deleted", locale) if gone else f"<#{record.channel_id}>"
    head = t(
        "past.title",
        locale,
        game=game_name(record.kind),
        when=f"<t:{int(record.finished_at)}:R>",
        place=place,
    )
    lines = result_lines(record, table.extra.get("outcome"), locale)
    game_id = record.game_id
    row = (
        Button(
            t("past.replay", locale), ids.replay(game_id, 0, None, ids.NEW), "primary", emoji="▶️"
        ),
        Button(t("past.download", locale), ids.record(game_id), emoji="📄"),
        Button(t("past.back", locale), ids.page(ids.HISTORY, 0)),
    )
    content = "\n".join(filter(None, [head, *lines, table.content]))
    return replace(table, content=content, rows=(row,), mentions=(), extra={})


def replay_screen(record: GameRecord, frame: Screen, reader: int | None, locale: str) -> Screen:
    """A replay's step: "step n / N" and who did what, the table (or what `reader`
    saw) as it stood, then start, back, forward, end and whose view to show."""
    facts = frame.extra
    number, steps = int(facts.get("number", 0)), int(facts.get("steps", record.steps))
    head = t("replay.title", locale, game=game_name(record.kind), number=number, steps=steps)
    seen = (
        t("replay.seen_by", locale, player=in_text(record.names[reader]))
        if reader is not None
        else ""
    )
    said = [str(line) for line in facts.get("said", [])]
    content = "\n".join(filter(None, [head, *said, seen, frame.content]))
    game_id = record.game_id

    def to(step: int, label: str, emoji: str, tag: str, disabled: bool) -> Button:
        return Button(
            t(f"replay.{label}", locale),
            ids.replay(game_id, step, reader, tag),
            emoji=emoji,
            disabled=disabled,
        )

    first, last = number <= 0, number >= steps
    rows: list[Row] = [
        (
            to(0, "start", "⏮️", "start", first),
            to(number - 1, "back", "◀️", "back", first),
            to(number + 1, "forward", "▶️", "forward", last),
            to(steps, "end", "⏭️", "end", last),
        )
    ]
    if _reveals(record.kind) and not facts.get("broken"):
        options = [Option(t("replay.table_option", locale), ids.TABLE)] + [
            Option(t("replay.seen_option", locale, player=p.name), str(p.seat))
            for p in record.players[:READERS]
        ]
        now = (
            t("replay.seen_option", locale, player=record.names[reader])
            if reader is not None
            else t("replay.table_option", locale)
        )
        rows.append(Select(ids.replay_pick(game_id, number), tuple(options), placeholder=now))
    rows.append((Button(t("replay.page", locale), ids.past(game_id)),))
    return replace(frame, content=content, rows=tuple(rows), mentions=(), extra={})
