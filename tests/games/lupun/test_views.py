"""What each reader sees: the views, and the table, panel and round results built from
them by the Discord adapter."""

from __future__ import annotations

from typing import Any

from bot.discord import ids
from bot.discord.adapters.lupun import ADAPTER
from bot.discord.adapters.lupun.notices import round_results
from bot.discord.contexts import context_of
from bot.discord.ui import Button, Screen, Section, Select, controls
from bot.i18n import t
from games.lupun import GAME
from games.lupun.models import JOKER, Keep, LupunState, Place
from tests.games.lupun.rig import deal, keep_all, play, put
from tests.games.lupun.test_engine import example_round
from tests.games.lupun.test_example import HANDS
from tests.support.words import words

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def ctx(state: LupunState, seat: int | None) -> Any:
    return context_of(
        GAME,
        state,
        seat,
        locale="en",
        game_id=5,
        names=NAMES[: state.seats],
        user_ids=list(range(100, 100 + state.seats)),
    )


def task_text(card: str) -> str:
    return t(f"lupun.task.{card}", "en")


def everything(screen: Screen) -> str:
    parts = [words(screen)]
    parts += [p.description for p in screen.pictures]
    for control in controls(screen):
        if isinstance(control, Select):
            parts += [f"{o.label} {o.description or ''}" for o in control.options]
        else:
            parts.append(control.label)
    return "\n".join(parts)


def selects(screen: Screen) -> list[Select]:
    return [c for c in controls(screen) if isinstance(c, Select)]


def buttons(screen: Screen) -> list[Button]:
    """Every button: beside the sections' words, then in the rows."""
    return [c for c in controls(screen) if isinstance(c, Button)]


def clicked(button: Button) -> object:
    """The action a button stands for, decoded as the router does."""
    control = ids.parse(button.custom_id)
    assert control is not None
    data = ids.decode(control.rest, GAME.action_kinds())
    assert data is not None
    return GAME.parse_action(data)


def beside(screen: Screen) -> list[tuple[str, str]]:
    """Each section's words and the label of the button beside them."""
    return [
        (b.texts[0], b.accessory.label)
        for b in screen.blocks
        if isinstance(b, Section) and isinstance(b.accessory, Button)
    ]


def test_the_public_view_holds_no_task_and_a_seat_sees_only_its_own():
    state = keep_all(deal(3))
    public = GAME.view(state, None)
    assert public.hand == [] and public.drawn == []
    for seat in range(3):
        assert GAME.view(state, seat).hand == state.hands[seat]
    table = everything(ADAPTER.table(ctx(state, None)))
    for seat in range(3):
        panel = everything(ADAPTER.panel(ctx(state, seat)))
        for other in range(3):
            for card in state.hands[other]:
                assert task_text(card) not in table
                assert (task_text(card) in panel) == (other == seat)


def test_the_table_shows_tiles_jokers_win_cards_and_turned_tiles():
    state = deal(3, ["W1", "J1", "t010", "t011", "t012"], variant="jokers", goal="tiles")
    state.turned[2] = [0, 5]
    text = words(ADAPTER.table(ctx(state, None)))
    assert "A **Ana** · tiles 0–9 · 1 joker tile · win card face up · turned none" in text
    assert "C **Cleo** · tiles 0–9 · turned 0 5 · 0 points" in text
    assert "First to turn all 10 tiles wins." in text
    assert "Everyone chooses 3 of their 4 tasks. Waiting for " in text


def test_the_keep_panel_offers_the_four_tasks_drawn():
    state = deal(3)
    screen = ADAPTER.panel(ctx(state, 1))
    # Each task in words with its Give back button beside it, then the cards.
    offered = beside(screen)
    assert [label for _, label in offered] == [f"Give back #{n}" for n in (1, 2, 3, 4)]
    for number, (said, _) in enumerate(offered, start=1):
        assert said.startswith(f"#{number} (") and task_text(state.drawn[1][number - 1]) in said
    assert [clicked(b) for b in buttons(screen)] == [Keep(drop=card) for card in state.drawn[1]]
    assert screen.pictures[0].name == "lupun-my-tasks.png"
    assert all(task_text(c) in screen.pictures[0].description for c in state.drawn[1])


def test_placing_is_a_space_then_a_tile_then_a_confirmation():
    state = keep_all(deal(3))
    root = ADAPTER.panel(ctx(state, 0))
    (spaces,) = selects(root)
    assert len(spaces.options) == 24 and spaces.options[0].value == "A1"
    assert "**Your turn**" in words(root)

    chosen = ADAPTER.panel(ctx(state, 0), ("s", "B3"))
    assert "Space **B3** chosen" in words(chosen)
    tiles = selects(chosen)[1]
    assert [o.label for o in tiles.options][:2] == ["0 on B3", "1 on B3"]
    assert tiles.placeholder == "Choose the tile for B3…"

    drafted = play(state, 0, Place(space="B3", tile=7))
    confirm = ADAPTER.panel(ctx(drafted, 0))
    assert beside(confirm) == [
        ("You are placing **7** on **B3**.", "Confirm: 7 on B3"),
        ("Or choose the space and tile again.", "Change"),
    ]
    waiting = ADAPTER.panel(ctx(drafted, 1))
    assert "Ana is placing a tile." in words(waiting) and not list(controls(waiting))
    # the table does not learn the unconfirmed choice
    assert ADAPTER.table(ctx(drafted, None)) == ADAPTER.table(ctx(state, None))


def test_a_stale_space_step_is_said_and_chosen_again():
    state = keep_all(deal(3))
    state = put(state, 0, "B3", 7)
    state = put(state, 1, "A1", 7)
    screen = ADAPTER.panel(ctx(state, 2), ("s", "B3"))
    assert "That choice is no longer possible" in words(screen)
    assert len(selects(screen)) == 1


def test_turning_is_prefilled_with_the_suggestion():
    state = put(example_round(HANDS), 0, "C3", JOKER)
    screen = ADAPTER.panel(ctx(state, 0))
    assert "You scored 12 points" in words(screen)
    [(chosen, label)] = beside(screen)  # the button that turns them beside the choice
    assert chosen.startswith("Chosen: **0 3 9** (sum 12)") and label == "Turn 0 3 9"
    by_label = {b.label: b for b in buttons(screen)}
    assert by_label["9"].style == "success" and by_label["8"].disabled  # 12 + 8 > 12
    assert not by_label["3"].disabled  # taking a tile back is allowed
    assert by_label["Turn 0 3 9"].custom_id.endswith(":done")


def test_round_results_reveal_every_task_and_each_players_joker_value():
    state = put(example_round(HANDS), 0, "C3", JOKER)
    screen = round_results(ctx(state, None))
    text = words(screen)
    assert screen.embed_title == "Round 1: every task revealed"
    assert "A **Ana** · 12 points · joker C3 = 5" in text
    assert "B **Ben** · 4 points · joker C3 = 9" in text
    for hand in HANDS.values():
        assert all(task_text(card) in text for card in hand)
    assert "✅ " + task_text("t001") in text and "❌ " + task_text("t003") in text
    assert "Now everyone turns tiles" in text
    assert screen.pictures[0].name == "lupun-round-1.png"


def test_the_final_results_name_the_reason():
    state = example_round(HANDS, win_cards=(0,))
    state = put(state, 0, "C3", JOKER)
    result = GAME.result(state)
    assert result is not None
    screen = ADAPTER.results(ctx(state, None), result)
    assert "-# A win card with all 3 tasks solved." in words(screen)
    assert screen.embed_title == "🏆 Winner: Ana"
    assert "**Round 1: every task revealed**" in words(screen)
