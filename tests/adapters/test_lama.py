"""No Prob-Lama's Discord screens built from engine states, without Discord: the adapter
sees only the contexts the host would hand it (a view, the reader's legal actions)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord import ids
from bot.discord.adapters.base import Happened
from bot.discord.adapters.context import Context
from bot.discord.adapters.lama import ADAPTER
from bot.discord.adapters.lama import words as lama_words
from bot.discord.contexts import context_of
from bot.discord.ui import Button, Screen, Section, Select, controls
from games.engine import Event, IllegalAction, Seat
from games.lama import GAME
from games.lama.cards import KINDS
from games.lama.models import Discard, Exchange, Give, LamaAction, LamaState, Pass
from games.lama.pictures import render_table
from games.lama.views import LamaView
from tests.support.marked import (
    languages,
    marked_catalog,
    record_drawn_text,
    screen_texts,
    unmarked,
)
from tests.support.words import words

NAMES = ("Ana", "Ben", "Cleo")
NOW = 1_800_000_000.0


@dataclass
class Live:
    """A game as the host holds it, reduced to what the tests need: the state, and the
    contexts made from it for the table and each seat."""

    state: LamaState
    deadline_at: float | None = None
    locale: str = "en"

    def ctx(self, seat: Seat | None = None) -> Context[LamaView]:
        return context_of(
            GAME,
            self.state,
            seat,
            locale=self.locale,
            game_id=7,
            names=NAMES[: self.state.seats],
            user_ids=[100 + s for s in range(self.state.seats)],
            deadline_at=self.deadline_at,
            finished=GAME.result(self.state) is not None,
        )

    def table(self) -> Screen:
        return ADAPTER.table(self.ctx())

    def panel(self, seat: Seat) -> Screen:
        return ADAPTER.panel(self.ctx(seat))


def make_live(state: LamaState, *, deadline_at: float | None = None) -> Live:
    return Live(state, deadline_at)


def dealt(variant: str = "lamas", seed: int = 3) -> LamaState:
    return GAME.setup(3, GAME.parse_options({"variant": variant}), seed)


def act(live: Live, seat: int, action: dict[str, Any] | LamaAction) -> Happened:
    parsed = GAME.parse_action(action) if isinstance(action, dict) else action
    live.state, events = GAME.apply(live.state, seat, parsed)
    kind = "finished" if GAME.result(live.state) is not None else "acted"
    return Happened(kind, tuple(events), seat)


def looked(live: Live) -> Happened:
    """Everyone looks at their top-left and centre cards."""
    happened = None
    for seat in range(3):
        happened = act(live, seat, {"type": "peek", "positions": [0, 4]})
    assert happened is not None
    return happened


def state(live: Live) -> LamaState:
    return live.state


def buttons(screen: Screen) -> list[Button]:
    """Every button: beside the sections' words, then in the rows."""
    return [c for c in controls(screen) if isinstance(c, Button)]


def pressable(screen: Screen) -> list[str]:
    return [b.label for b in buttons(screen) if not b.disabled]


def rest(button: Button | Select) -> str:
    control = ids.parse(button.custom_id)
    assert control is not None
    return control.rest


def clicked(control: Button | Select, values: tuple[str, ...] = ()) -> LamaAction:
    """The action a click on a panel control stands for, decoded as the router does."""
    parsed = ids.parse(control.custom_id)
    assert parsed is not None and parsed.game_id == 7
    data = ids.decode(ids.fill(parsed.rest, values), GAME.action_kinds())
    assert data is not None, control.custom_id
    return GAME.parse_action(data)


def shown(screen: Screen) -> tuple[object, ...]:
    """Everything a screen shows, to compare two screens."""
    return (
        screen.content,
        screen.embed_title,
        screen.embed_text,
        screen.blocks,
        screen.rows,
        tuple((p.name, p.data, p.description) for p in screen.pictures),
    )


def scramble_hidden(original: LamaState, keep: int | None, seed: int) -> LamaState:
    """The same game with every card hidden from `keep` (or from everyone) shuffled:
    other players' face-down and looked-at cards, the draw pile, a drawn card."""
    new = original.model_copy(deep=True)
    slots: list[tuple[str, int, int]] = []
    for seat in range(new.seats):
        for position in range(9):
            mine = seat == keep and position in new.peeked[seat]
            if not new.face_up[seat][position] and not mine:
                slots.append(("layout", seat, position))
    slots += [("draw", 0, i) for i in range(len(new.draw_pile))]
    if new.held is not None and new.step == "drawn" and new.to_act != keep:
        slots.append(("held", 0, 0))

    def get(slot: tuple[str, int, int]) -> int:
        where, a, b = slot
        if where == "layout":
            return new.layouts[a][b]
        if where == "draw":
            return new.draw_pile[b]
        assert new.held is not None
        return new.held

    cards = [get(slot) for slot in slots]
    random.Random(seed).shuffle(cards)
    for (where, a, b), card in zip(slots, cards, strict=True):
        if where == "layout":
            new.layouts[a][b] = card
        elif where == "draw":
            new.draw_pile[b] = card
        else:
            new.held = card
    for seat in range(new.seats):
        if seat != keep and new.peeked[seat]:
            new.peeked[seat] = [1, 7]
    return new


# -- secrets -------------------------------------------------------------------------------------


def playout_states(seed: int, steps: int) -> list[LamaState]:
    rnd = random.Random(seed)
    current = dealt(seed=seed)
    states = [current]
    for _ in range(steps):
        seat = rnd.choice(sorted(GAME.active(current)))
        current, _ = GAME.apply(current, seat, rnd.choice(GAME.legal_actions(current, seat)))
        states.append(current)
    return states


@pytest.mark.parametrize("seed", [1, 2])
def test_the_table_and_panels_do_not_change_with_what_is_hidden(seed: int) -> None:
    """Shuffling every card a reader cannot see leaves their screens unchanged: the table
    for everyone, a panel for its owner (other players' cards, a drawn card)."""
    for number, original in enumerate(playout_states(seed, 40)[::6]):
        live = make_live(original)
        hidden = make_live(scramble_hidden(original, None, number))
        assert shown(live.table()) == shown(hidden.table())
        for seat in range(3):
            other = make_live(scramble_hidden(original, seat, number))
            assert shown(live.panel(seat)) == shown(other.panel(seat))


def test_the_table_is_the_public_picture_with_its_facts_in_words() -> None:
    live = make_live(dealt(), deadline_at=NOW + 60)
    looked(live)
    act(live, 0, {"type": "draw"})
    screen = live.table()
    _, alt = render_table(GAME.view(live.state, None), live.ctx().say, list(NAMES))
    assert screen.pictures[0].description == alt
    assert screen.embed_title == "No Prob-Lama: round 1"
    text = words(screen)
    assert "**Ana** drew a card and decides what to do with it." in text
    assert f"<t:{int(NOW + 60)}:R>" in text
    assert "▸ A **Ana** · 0/9 face up · 0/3 Lamas" in text  # ▸: whose turn it is
    assert "\nB **Ben** · 0/9 face up · 0/3 Lamas" in text
    # The panel button beside the words of what the table waits for.
    [status] = [b for b in screen.blocks if isinstance(b, Section)]
    assert (
        status.texts[0].startswith("**Ana** drew a card") and status.accessory == buttons(screen)[0]
    )
    assert [b.label for b in buttons(screen)] == ["My cards"]
    assert rest(buttons(screen)[0]) == "panel"


# -- the panel -----------------------------------------------------------------------------------


def test_the_look_at_two_cards_is_one_select_then_the_seen_values_show() -> None:
    live = make_live(dealt())
    panel = live.panel(1)
    [select] = panel.rows
    assert isinstance(select, Select)
    assert (select.min_values, select.max_values, len(select.options)) == (2, 2, 9)
    assert select.options[4].label == "5 · centre"
    action = clicked(select, ("8", "4"))
    assert action == GAME.parse_action({"type": "peek", "positions": [4, 8]})
    act(live, 1, action)
    # The same select again (the step's key has not changed): refused in words.
    assert ids.parse(select.custom_id) == ids.parse(live.ctx(1).choose("peek"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(live.state, 1, clicked(select, ("0", "1")))
    assert refused.value.key == "lama.ui.already_peeked"
    panel = live.panel(1)
    cards = state(live).layouts[1]
    short = {"joker": "Joker", "drama": "+3 Drama", "karma": "-3 Karma"}
    labels = [b.label for b in buttons(panel)]
    assert labels[4] == f"👁 {short.get(KINDS[cards[4]], KINDS[cards[4]])}"
    assert labels[8] == f"👁 {short.get(KINDS[cards[8]], KINDS[cards[8]])}"
    assert labels.count("?") == 7
    assert pressable(panel) == []
    assert "Waiting for: Ana and Cleo." in words(panel)


def test_a_turn_offers_draw_or_take_then_the_nine_places_or_discard() -> None:
    live = make_live(dealt(), deadline_at=NOW + 60)
    looked(live)
    top = KINDS[state(live).discard[-1]]
    panel = live.panel(0)
    assert pressable(panel) == ["Draw a card", f"Take the {top}"]
    assert f"<t:{int(NOW + 60)}:R>" in words(panel)
    take = next(b for b in buttons(panel) if b.label == f"Take the {top}")
    assert clicked(take) == GAME.parse_action({"type": "take_discard"})
    # The others see their layout, nothing to press, and no countdown of their own.
    other = live.panel(1)
    assert pressable(other) == [] and "It is Ana's turn." in words(other)
    assert "<t:" not in words(other)

    act(live, 0, {"type": "draw"})
    held = state(live).held
    assert held is not None
    panel = live.panel(0)
    if KINDS[held] in ("drama", "karma"):
        assert pressable(panel) == ["Give to Ben", "Give to Cleo"]
        return
    grid = [b for b in buttons(panel) if rest(b).startswith("exchange:")]
    assert [rest(b) for b in grid] == [f"exchange:{p}" for p in range(9)]
    assert not any(b.disabled for b in grid)
    assert pressable(panel)[-1] == f"Discard the {KINDS[held]}"
    assert f"You drew **{KINDS[held]}**" in words(panel)
    assert clicked(grid[3]) == GAME.parse_action({"type": "exchange", "position": 3})
    discard = next(b for b in buttons(panel) if b.label.startswith("Discard"))
    assert clicked(discard) == GAME.parse_action({"type": "discard"})


def test_every_pressable_control_is_a_legal_action_and_every_legal_action_is_offered() -> None:
    for original in playout_states(4, 60):
        live = make_live(original)
        for seat in range(3):
            panel = live.panel(seat)
            offered = [clicked(b) for b in buttons(panel) if not b.disabled]
            legal = GAME.legal_actions(original, seat)
            if any(isinstance(row, Select) for row in panel.rows):
                assert offered == [] and len(legal) == 36  # any two of the nine
            else:
                assert sorted(map(repr, offered)) == sorted(map(repr, legal))


def test_a_taken_card_must_be_placed() -> None:
    live = make_live(dealt(seed=5))
    looked(live)
    s = state(live)
    s.discard.append(next(c for c in s.draw_pile if KINDS[c] == "7"))
    s.draw_pile.remove(s.discard[-1])
    act(live, 0, {"type": "take_discard"})
    panel = live.panel(0)
    assert len(pressable(panel)) == 9 and "Discard the 7" not in pressable(panel)
    assert "You took **7**" in words(panel)


def test_a_special_card_offers_the_other_players_only() -> None:
    live = make_live(dealt())
    looked(live)
    s = state(live)
    drama = next(c for c in s.draw_pile if KINDS[c] == "drama")
    s.draw_pile.remove(drama)
    s.draw_pile.append(drama)  # the next card drawn
    act(live, 0, {"type": "draw"})
    panel = live.panel(0)
    assert pressable(panel) == ["Give to Ben", "Give to Cleo"]
    assert "**Drama-Lama (+3)**: give it to another player. It counts +3" in words(panel)
    give = next(b for b in buttons(panel) if b.label == "Give to Cleo")
    assert clicked(give) == GAME.parse_action({"type": "give", "to_seat": 2})


# -- notices ---------------------------------------------------------------------------------------


def test_one_notice_per_turn_not_per_step() -> None:
    live = make_live(dealt())
    began = looked(live)
    notice = ADAPTER.announcement(live.ctx(), began)
    assert notice is not None and notice.content == "Everyone has looked. Ana begins."
    assert [b.label for b in buttons(notice)] == ["My cards"]

    drew = act(live, 0, {"type": "draw"})
    assert ADAPTER.announcement(live.ctx(), drew) is None
    assert ADAPTER.private_notices(live.ctx(), drew) == []  # the panel shows the card
    held = state(live).held
    assert held is not None
    if KINDS[held] not in ("drama", "karma"):
        done = act(live, 0, {"type": "exchange", "position": 2})
        notice = ADAPTER.announcement(live.ctx(), done)
        assert notice is not None and notice.content.startswith("Ana puts the ")


def test_the_turn_notice_says_what_each_step_expects() -> None:
    """The host pings the player a turn passes to with `turn_step` ("@Ana: ..."), or
    lists whom a simultaneous step waits for; the phrase names what to do."""
    live = make_live(dealt())
    assert ADAPTER.turn_step(live.ctx()) == "look at two of your cards (press **My cards**)"
    looked(live)
    s = state(live)
    s.discard.append(next(c for c in s.draw_pile if KINDS[c] == "5"))
    s.draw_pile.remove(s.discard[-1])
    assert ADAPTER.turn_step(live.ctx()) == (
        "your turn: draw a card or take the **5** from the discard pile"
    )
    act(live, 0, {"type": "take_discard"})
    assert ADAPTER.turn_step(live.ctx()) == "place the **5** in your layout"
    act(live, 0, {"type": "exchange", "position": 0})
    act(live, 1, {"type": "draw"})
    # The table may not know whether a drawn card is special: the phrase says neither.
    assert ADAPTER.turn_step(live.ctx()) == (
        "place the drawn card, discard it, or give a special card away"
    )
    live.locale = "de"
    assert ADAPTER.turn_step(live.ctx()) == (
        "lege die gezogene Karte aus, wirf sie ab oder gib eine Sonderkarte weiter"
    )


def test_a_special_card_taken_and_the_final_turns_are_named() -> None:
    live = make_live(final_turns())
    step = ADAPTER.turn_step(live.ctx()) or ""
    assert step.startswith("your final turn: draw a card, take the **")
    assert step.endswith("** from the discard pile, or pass")
    s = state(live)
    karma = next(c for c in s.draw_pile if KINDS[c] == "karma")
    s.draw_pile.remove(karma)
    s.discard.append(karma)
    assert (ADAPTER.turn_step(live.ctx()) or "").endswith(
        "take the **Karma-Lama (-3)** from the discard pile, or pass"
    )
    act(live, 1, {"type": "take_discard"})
    assert ADAPTER.turn_step(live.ctx()) == "give the **Karma-Lama (-3)** to another player"


def test_the_game_over_needs_no_turn_notice() -> None:
    live = make_live(dealt("points"))
    while state(live).phase != "over":
        finish_round(live)
    assert ADAPTER.turn_step(live.ctx()) is None


def final_turns() -> LamaState:
    """Ana has just turned over her ninth card: Ben's final turn."""
    live = make_live(dealt())
    looked(live)
    s = state(live)
    s.face_up[0] = [True] * 8 + [False]
    five = next(c for c in s.draw_pile if KINDS[c] == "5")
    s.draw_pile.remove(five)
    s.draw_pile.append(five)  # the next card drawn
    act(live, 0, {"type": "draw"})
    act(live, 0, {"type": "exchange", "position": 8})
    assert state(live).ender == 0 and state(live).to_act == 1
    return live.state


def test_a_final_turn_can_be_passed_from_the_panel() -> None:
    live = make_live(final_turns())
    panel = live.panel(1)
    assert "**Your final turn.**" in words(panel) and "or pass." in words(panel)
    assert pressable(panel)[-1] == "Pass (end my final turn)"
    pass_button = next(b for b in buttons(panel) if b.label.startswith("Pass"))
    assert clicked(pass_button) == GAME.parse_action({"type": "pass"})
    happened = act(live, 1, clicked(pass_button))
    notice = ADAPTER.announcement(live.ctx(), happened)
    assert notice is not None and notice.content == "Ben passes their final turn."
    # No passing outside the final turns, nor once a card is held.
    assert "Pass (end my final turn)" not in pressable(make_live(dealt()).panel(0))
    act(live, 2, {"type": "draw"})
    assert not any(label.startswith("Pass") for label in pressable(live.panel(2)))


def test_timed_out_steps_read_as_such_in_both_languages() -> None:
    """A default move is never worded as the player's choice."""
    live = make_live(GAME.setup(3, GAME.parse_options({"turn_seconds": 30}), 3))
    act(live, 1, {"type": "peek", "positions": [0, 1]})
    live.state, events = GAME.expire(live.state)
    looked_for = Happened("expired", tuple(events), None)
    notice = ADAPTER.announcement(live.ctx(), looked_for)
    assert notice is not None
    assert notice.content.splitlines() == [
        "Time ran out: Ana and Cleo are shown their top-left and bottom-right cards.",
        "Everyone has looked. Ana begins.",
    ]
    s = state(live)
    first = next(p for p in range(9) if not s.face_up[0][p])
    eight = next(c for c in s.draw_pile if KINDS[c] == "8")
    s.draw_pile.remove(eight)
    s.draw_pile.append(eight)  # Ana's draw, when the time runs out
    old = lama_words.card(live.ctx(), KINDS[s.layouts[0][first]])
    live.state, events = GAME.expire(live.state)
    timed_out = Happened("expired", tuple(events), None)
    notice = ADAPTER.announcement(live.ctx(), timed_out)
    assert notice is not None and notice.content == (
        "Time ran out: Ana drew and swapped their first face-down card (row 1, column 1) "
        f"for the 8; the {old} goes on the discard pile."
    )
    live.locale = "de"
    german = ADAPTER.announcement(live.ctx(), timed_out)
    assert german is not None and words(german).startswith(
        "Zeit abgelaufen: Für Ana wurde gezogen (8) und die erste verdeckte Karte"
    )
    german = ADAPTER.announcement(live.ctx(), looked_for)
    assert german is not None and words(german).startswith(
        "Zeit abgelaufen: Ana und Cleo bekommen die Karten oben links und unten rechts gezeigt."
    )


def test_each_round_is_a_chapter_of_its_own() -> None:
    """The host posts the table anew when the chapter changes: at each new round."""
    live = make_live(dealt())
    assert ADAPTER.chapter(live.ctx()) == "r1"
    looked(live)
    assert ADAPTER.chapter(live.ctx()) == "r1"
    finish_round(live)
    assert ADAPTER.chapter(live.ctx()) == "r2"


def test_a_long_look_reminds_whoever_has_not_looked_by_dm() -> None:
    at = NOW + 900
    live = make_live(GAME.setup(3, GAME.parse_options({"turn_seconds": 3600}), 3), deadline_at=at)
    act(live, 0, {"type": "peek", "positions": [0, 1]})
    assert ADAPTER.reminder(live.ctx(0)) is None  # Ana has looked
    reminder = ADAPTER.reminder(live.ctx(1))
    assert reminder is not None
    assert words(reminder).startswith("⏰ **No Prob-Lama** in <#0>: look at two of your cards")
    assert f"<t:{int(at)}:R>" in words(reminder)
    assert [b.label for b in buttons(reminder)] == ["My cards"]
    live.state = live.state.model_copy(update={"phase": "turn", "peeked": [[0, 1]] * 3})
    assert ADAPTER.reminder(live.ctx(1)) is None  # only the look reminds


def finish_round(live: Live) -> Happened:
    """Play turns (each puts its card on the first face-down place) until a round ends."""
    while True:
        s = state(live)
        if s.phase == "peek":
            looked(live)
            continue
        seat = s.to_act
        act(live, seat, {"type": "draw"})
        s = state(live)
        assert s.held is not None
        if KINDS[s.held] in ("drama", "karma"):
            happened = act(live, seat, {"type": "give", "to_seat": (seat + 1) % 3})
        else:
            place = next((p for p in range(9) if not s.face_up[seat][p]), 0)
            happened = act(live, seat, {"type": "exchange", "position": place})
        if happened.has("lama.round_scored"):
            return happened


async def test_a_round_ends_with_its_picture_the_standings_and_the_new_dealer() -> None:
    live = make_live(dealt())
    happened = finish_round(live)
    notice = ADAPTER.announcement(live.ctx(), happened)
    assert notice is not None
    low = [NAMES[s] for s in state(live).last_round.winners]  # type: ignore[union-attr]
    said = "has" if len(low) == 1 else "have"
    assert notice.content.splitlines()[-1].startswith(f"Round 1 is over: {low[0]}")
    assert f" {said} the lowest score, " in notice.content
    assert ADAPTER.ends_chapter(live.ctx(), happened)
    screen = ADAPTER.chapter_results(live.ctx(), happened)
    report = state(live).last_round
    assert report is not None
    lines = words(screen).splitlines()
    assert lines[0] == "Round 1 results"
    for seat, name in enumerate(NAMES):  # each player's score in the round and their Lamas
        points, lamas = report.seats[seat].total, state(live).lamas[seat]
        unit = "point" if points == 1 else "points"
        said = f"{points} {unit} this round · {lamas}/3 Lamas"
        assert lines[1 + seat] == f"{'ABC'[seat]} **{name}** · {said}"
    assert "-# First to 3 Lamas wins." in lines
    assert lines[-1].startswith("Round 2: Ana deals, Ben begins")
    assert screen.mentions == ()  # the host lists whom the look waits for, unpinged
    assert [p.name for p in screen.pictures] == ["lama-round-1.png"]
    # The My cards button beside the words of the next round: the look comes next.
    [news] = [b for b in screen.blocks if isinstance(b, Section)]
    assert news.texts[0] == lines[-1] and isinstance(news.accessory, Button)
    assert [b.label for b in buttons(screen)] == ["My cards"]
    # A turn within the round ends no chapter.
    assert not ADAPTER.ends_chapter(live.ctx(), looked(live))


def test_a_rounds_results_say_who_ended_it_and_explain_only_the_marks_its_picture_shows() -> None:
    """The picture shows the layouts; the words name who turned over the last card and
    what a framed three of a kind or a joker's value means, when the round has one."""
    cases = set()
    for seed in range(30):
        live = make_live(dealt(seed=seed))
        happened = finish_round(live)
        report = state(live).last_round
        assert report is not None
        content = words(ADAPTER.chapter_results(live.ctx(), happened))
        assert f"{NAMES[report.ender]} turned over the last card." in content
        framed = any(r.layout.lines for r in report.seats)
        jokers = sorted({v for r in report.seats for v in r.layout.jokers.values()})
        assert ("Framed in the picture: three of a kind" in content) == framed, seed
        assert ("a joker that counts" in content) == bool(jokers), seed
        for value in jokers:
            assert f"J={value}: a joker that counts {value}." in content
        cases.add((framed, bool(jokers)))
    assert (False, False) in cases and any(cases - {(False, False)})  # with and without marks


async def test_the_points_variant_ranks_the_fewest_points_first() -> None:
    live = make_live(dealt("points"))
    while state(live).phase != "over":
        last = finish_round(live)
    assert not ADAPTER.ends_chapter(live.ctx(), last)  # the last round's come with the game's
    result = GAME.result(live.state)
    assert result is not None and last.kind == "finished"
    screen = ADAPTER.results(live.ctx(), result)
    totals = state(live).totals
    order = sorted(range(3), key=lambda s: totals[s])
    lines = words(screen).splitlines()
    winners = [NAMES[s] for s in state(live).winners or []]
    heading = "🏆 Winner: " if len(winners) == 1 else "🏆 Winners: "
    together = winners[0] if len(winners) == 1 else ", ".join(winners[:-1]) + " and " + winners[-1]
    assert screen.embed_title == lines[0] == heading + together
    assert lines[1] == "Final scores (fewest points win):"
    assert lines[2] == f"1. {'ABC'[order[0]]} **{NAMES[order[0]]}** · {totals[order[0]]} points"
    assert "**Round 4 results**" in lines  # then the last round's scores, and its picture
    assert [p.name for p in screen.pictures] == ["lama-round-4.png"]
    assert screen.mentions == (100, 101, 102)
    table = live.table()
    assert "The game is over. Winner:" in words(table)
    # the My cards button: each player's last cards
    assert [b.label for b in buttons(table)] == ["My cards"]
    final = live.panel(0)
    assert final.rows == () and "Your last cards counted" in words(final)
    assert [p.name for p in final.pictures] == ["lama-my-cards.png"]


# -- Discord's limits -----------------------------------------------------------------------------


def test_every_screen_of_a_playout_fits_discord() -> None:
    for original in playout_states(9, 120)[::5]:
        live = make_live(original)
        screens = [live.table()]
        screens += [live.panel(seat) for seat in range(3)]
        for screen in screens:
            assert len(screen.rows) <= 5 and len(words(screen)) <= 2000
            assert "[lama." not in words(screen) + (screen.embed_text or "")  # no missing key
            for row in screen.rows:
                controls = [row] if isinstance(row, Select) else list(row)
                assert isinstance(row, Select) or len(row) <= 5
                for control in controls:
                    assert len(control.custom_id) <= 100
            labels = [b.label for b in buttons(screen)]
            assert all(0 < len(label) <= 80 for label in labels)
            customs = [b.custom_id for b in buttons(screen)]
            assert len(customs) == len(set(customs))


# -- every word from the catalog, in the reader's language ---------------------------------------

LANGUAGES = ("de", "en")
# Every event the engine emits, with parameters of the kinds it gives (cards as kinds).
EVENTS = (
    Event(key="lama.peeked", params={"seat": 0}),
    Event(key="lama.turns_begin", params={"seat": 1}),
    Event(key="lama.reshuffled", params={"count": 1}),
    Event(key="lama.drew", params={"seat": 0}),
    Event(key="lama.you_drew", params={"card": "drama"}, to=(0,)),
    Event(key="lama.took", params={"seat": 0, "card": "joker"}),
    Event(
        key="lama.exchanged",
        params={"seat": 0, "card": "-5", "old": "karma", "row": 1, "column": 3},
    ),
    Event(key="lama.discarded", params={"seat": 2, "card": "10"}),
    Event(key="lama.gave", params={"seat": 1, "to_seat": 2, "card": "karma"}),
    Event(key="lama.last_card", params={"seat": 1}),
    Event(key="lama.round_scored", params={"round": 2, "low": -1}),
    Event(key="lama.round_won", params={"seat": 0, "score": 1}),
    Event(key="lama.target_raised", params={"count": 4}),
    Event(key="lama.won_lamas", params={"seat": 0, "count": 3}),
    Event(key="lama.won_points", params={"seat": 0, "total": 1}),
    Event(key="lama.new_round", params={"round": 2, "dealer_seat": 0, "seat": 1}),
    Event(key="lama.passed", params={"seat": 2}),
    Event(key="lama.timeout_peek", params={"seat": 2}),
    Event(
        key="lama.timeout_drew_swapped",
        params={"seat": 0, "card": "joker", "old": "drama", "row": 2, "column": 1},
    ),
    Event(
        key="lama.timeout_swapped",
        params={"seat": 0, "card": "-5", "old": "7", "row": 1, "column": 3},
    ),
    Event(key="lama.timeout_drew_gave", params={"seat": 1, "to_seat": 2, "card": "drama"}),
    Event(key="lama.timeout_gave", params={"seat": 2, "to_seat": 0, "card": "karma"}),
)


def has_words(text: str) -> bool:
    """Anything but player names, numbers, player letters and symbols."""
    rest = text
    for name in NAMES:
        rest = rest.replace(name, " ")
    return any(c.isalpha() for c in re.sub(r"\b[A-H]\b", " ", rest))


def the_turn(live: Live, seat: int, turn: int) -> LamaAction:
    """A player who tries everything: takes a special card or every third discard,
    discards every fourth drawn card, gives specials away, else fills face-down places."""
    s = state(live)
    legal = GAME.legal_actions(s, seat)
    if s.phase == "peek":
        return GAME.parse_action({"type": "peek", "positions": [0, 4]})
    if s.held is None:
        if s.ender is not None and turn % 2:
            return Pass()  # every other final turn
        top = KINDS[s.discard[-1]] if s.discard else None
        take = top in ("drama", "karma") or (top is not None and turn % 3 == 0)
        kind = "take_discard" if take else "draw"
        return next(a for a in legal if a.type == kind)
    gives = [a for a in legal if isinstance(a, Give)]
    if gives:
        return gives[turn % len(gives)]
    if s.step == "drawn" and turn % 4 == 0:
        return Discard()
    place = next((p for p in range(9) if not s.face_up[seat][p]), 0)
    return Exchange(position=place)


async def everything_shown(live: Live) -> tuple[list[Screen], set[str]]:
    """A whole game: the table and every panel at each new kind of moment, every
    announcement, the round results after a round, the final results, and every
    event's sentence. Also the kinds of moments seen, to check they were all covered."""
    screens: list[Screen] = []
    seen: set[str] = set()
    turn = 0
    while GAME.result(live.state) is None:
        view = GAME.view(live.state, None)
        moment = f"{view.step}:{view.taken in ('drama', 'karma')}:{view.final_turns}"
        if moment not in seen:
            seen.add(moment)
            screens += [live.table(), *(live.panel(seat) for seat in range(3))]
        for seat in range(3):
            held = GAME.view(live.state, seat).held
            if held in ("drama", "karma") and f"special:{held}" not in seen:
                seen.add(f"special:{held}")
                screens.append(live.panel(seat))
        seat = sorted(GAME.active(live.state))[0]
        if turn % 7 == 6:  # now and then, the time runs out
            live.state, events = GAME.expire(live.state)
            kind = "finished" if GAME.result(live.state) is not None else "expired"
            happened = Happened(kind, tuple(events), None)
        else:
            happened = act(live, seat, the_turn(live, seat, turn))
        turn += 1
        notice = ADAPTER.announcement(live.ctx(), happened)
        screens += [notice] if notice is not None else []
        if ADAPTER.ends_chapter(live.ctx(), happened):
            screens.append(ADAPTER.chapter_results(live.ctx(), happened))
    result = GAME.result(live.state)
    assert result is not None
    screens += [ADAPTER.results(live.ctx(), result), live.table(), live.panel(0)]
    ctx = live.ctx()
    screens += [Screen(content=lama_words.event(ctx, e)) for e in EVENTS]
    return screens, seen


@pytest.mark.parametrize("variant", ["lamas", "points"])
@pytest.mark.parametrize("locale", LANGUAGES)
async def test_every_word_shown_and_drawn_is_from_the_catalog_in_the_readers_language(
    locale: str, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    marked_catalog(monkeypatch)
    drawn = record_drawn_text(monkeypatch)
    live = Live(dealt(variant, seed=11), deadline_at=NOW + 60, locale=locale)
    screens, seen = await everything_shown(live)

    # Every kind of moment came up: the look, a turn's three steps, a special card
    # taken and one held, the final turns (the end is shown after the loop); every kind
    # of picture was drawn.
    assert {"peek:False:False", "choose:False:False", "drawn:False:False"} <= seen
    assert {"taken:False:False", "taken:True:False", "choose:False:True"} <= seen
    assert seen & {"special:drama", "special:karma"}
    names = {p.name for s in screens for p in s.pictures}
    assert {"lama-table.png", "lama-my-cards.png", "lama-round-1.png"} <= names
    texts = [text for screen in screens for text in screen_texts(screen)] + drawn
    assert len(drawn) > 50  # the pictures draw few words: the marks, the piles, the cards
    for text in texts:
        assert unmarked(text, NAMES) == "", text
        if has_words(text):
            assert languages(text) == {locale}, text
        else:
            assert languages(text) <= {locale}, text


def test_the_pictures_draw_and_describe_in_the_readers_language() -> None:
    live = make_live(dealt(), deadline_at=NOW + 60)
    looked(live)
    act(live, 0, {"type": "draw"})
    for locale, alt in (("de", "Deine Auslage, A Ana."), ("en", "Your layout, A Ana.")):
        live.locale = locale
        panel = live.panel(0)
        assert panel.pictures[0].description.startswith(alt)
    german = make_live(live.state)
    german.locale = "de"
    table = german.table()
    assert table.pictures[0].description.startswith("No Prob-Lama, Runde 1. A Ana hat eine Karte")
    assert table.pictures[0].data != live.table().pictures[0].data  # drawn in German
    assert "**Ana** hat eine Karte gezogen" in words(table)
    assert [b.label for b in buttons(table)] == ["Meine Karten"]


def test_plural_forms_in_both_languages() -> None:
    live = make_live(dealt("points"))
    german = make_live(live.state)
    german.locale = "de"
    for count, en, de in ((1, "1 point", "1 Punkt"), (2, "2 points", "2 Punkte")):
        assert live.ctx().say("lama.ui.score_points", count=count) == en
        assert german.ctx().say("lama.ui.score_points", count=count) == de
    for count, en, de in ((1, "1 card", "1 Karte"), (12, "12 cards", "12 Karten")):
        assert live.ctx().say("lama.ui.cards", count=count) == en
        assert german.ctx().say("lama.ui.cards", count=count) == de
    assert live.ctx().say("lama.ui.score_lamas", count=1) == "1 Lama"
    english, deutsch = live.ctx().say, german.ctx().say
    assert english("lama.ui.goal_lamas", count=2) == "First to 2 Lamas wins."
    assert deutsch("lama.ui.goal_lamas", count=1) == "Wer zuerst 1 Lama hat, gewinnt."
    assert english("lama.won_lamas", seat=0, count=1) == "Ana wins the game with 1 Lama!"
    assert english("lama.won_lamas", seat=0, count=3) == "Ana wins the game with 3 Lamas!"
    assert deutsch("lama.target_raised", count=4).endswith("braucht man 4 Lamas zum Sieg.")
    assert english("lama.ui.tally_points", count=1) == "1 point"
    assert deutsch("lama.ui.tally_points", count=2) == "2 Punkte"
    # A grouped timeout reads right for one player and for several.
    assert english("lama.ui.timeout_peek", names="Ben", count=1).startswith(
        "Time ran out: Ben is shown"
    )
    assert deutsch("lama.ui.timeout_peek", names="Ana und Ben", count=2).startswith(
        "Zeit abgelaufen: Ana und Ben bekommen"
    )
