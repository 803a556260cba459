"""Display names: clean to store and draw, escaped in a message's text; the host keeps
names clean from the lobby on, and cleans names stored before it did."""

from __future__ import annotations

import pytest

from bot.core.names import MAX_LENGTH, NEUTRAL, clean_name, in_text
from bot.core.service import GameService
from bot.core.store import Store


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ana", "Ana"),
        ("a\u2029b\x1c\x1d\x1e\u0085\n\r", "a b"),  # breaks as spaces, collapsed, trimmed
        ("  Ana \u2028  Lena\t", "Ana Lena"),
        ("\u202eAna\u200b\ufeff", "Ana"),  # bidi overrides and zero widths: gone
        ("\ud800Ana", "Ana"),  # a lone surrogate (no UTF-8 for it)
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # joiners build one emoji: kept
        ("x" * 40, "x" * MAX_LENGTH),
        ("x" * 31 + " y", "x" * 31),  # no space left at the end of a cut
        ("\n\u2029\x00 ", NEUTRAL),
        ("", NEUTRAL),
    ],
)
def test_a_clean_name_is_one_trimmed_line_of_visible_characters(raw: str, clean: str) -> None:
    assert clean_name(raw) == clean
    assert clean_name(clean) == clean  # cleaning twice changes nothing


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Ana", "Ana"),
        ("[Nitro](https://evil.example/x)", r"\[Nitro\]\(https\:\/\/evil\.example\/x\)"),
        ("<@&1> @everyone", r"\<\@\&1\> \@everyone"),
        ("**bold** _x_ ||s|| `c`", r"\*\*bold\*\* \_x\_ \|\|s\|\| \`c\`"),
        ("# Big", r"\# Big"),
        (r"back\slash", r"back\\slash"),
        ("Zoë 🦊", "Zoë 🦊"),
    ],
)
def test_a_name_in_text_escapes_every_mark_of_markup(name: str, text: str) -> None:
    assert in_text(name) == text


@pytest.mark.each_engine
async def test_names_are_stored_clean_and_names_stored_before_are_cleaned_on_load(
    service: GameService, store: Store
) -> None:
    live = await service.open_lobby(
        kind="race",
        options={},
        guild_id=1,
        channel_id=10,
        parent_id=None,
        host_id=100,
        host_name="Ana\u2029\u2029",
        locale="en",
    )
    await service.join(live.id, 101, "\x1cBen\n")
    rows = await store._fetchall("SELECT display_name FROM players ORDER BY seat", ())
    assert [row["display_name"] for row in rows] == ["Ana", "Ben"]
    old = "UPDATE players SET display_name = ? WHERE seat = 1"
    await store._write(lambda db: db.execute(old, ("Old\nName",)))
    assert [p.display_name for p in await store.players(live.id)] == ["Ana", "Old Name"]
