"""What Discord gets: every table and panel payload (at sampled states of a playout,
the panel's own steps followed), rendered through the one renderer (`bot.discord.ui.
layout`), within Discord's layout limits in both languages, and every enabled control
one that the router turns into a legal action of its reader (the UI offers only legal
moves; the table's action controls: legal for some seat)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.conformance.legality import key
from tests.conformance.screens import (
    Shown,
    actions_of,
    explore,
    notices_of,
    problems,
    readers,
)
from tests.conformance.support import Case, cases, playout, sample
from tests.support.marked import screen_texts

STATES = 1  # evenly spread states per playout, besides the first of each phase
CASES_PER_GAME = 2
SCREEN_CASES = cases(seeds=(1,), per_game=CASES_PER_GAME)
STEPS = 2  # panel steps followed per seat and state by the limits check (pictures are slow)
LOCALES = ("en", "de")


@cache
def rendered(case: Case, full: bool = False, locale: str = "en") -> list[tuple[str, list[Shown]]]:
    """Per sampled state (named by its phase): its screens. `full`: every step of the
    panels of up to 3 seats the phase waits for, at the first state of each phase only;
    else the panels of two such seats and one other, a few steps deep, at more states."""
    game = case.game
    out = []
    for state in sample(playout(case), 0 if full else STATES):
        if full:
            screens = explore(game, state, readers(game, state, idle=0, busy=3), 40)
        else:
            screens = explore(game, state, readers(game, state), STEPS, locale)
        out.append((f"{game.phase(state)} ({game.phase_key(state)})", list(screens)))
    return out


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", SCREEN_CASES)
def test_tables_and_panels_stay_within_discords_limits(case: Case, locale: str) -> None:
    found = []
    for phase, screens in rendered(case, locale=locale):
        for shown in screens:
            found += [f"{phase}, {shown.where}: {p}" for p in problems(case.game, shown)]
    assert not found, f"{case}: {len(found)} problems:\n" + "\n".join(found[:12])


@pytest.mark.parametrize("case", cases(seeds=(1,), per_game=1))
def test_every_legal_move_can_be_made_from_the_panel(case: Case) -> None:
    """Each seat's legal actions can all be sent by its panel (or the steps it leads
    to), or by the table's controls (at the first state of each phase, for up to
    three active seats; the fewest seats, since every step of every panel is drawn)."""
    game = case.game
    missing = []
    for phase, screens in rendered(case, full=True):
        table = {key(a) for s in screens if s.where == "table" for a in actions_of(game, s.screen)}
        for seat in range(case.seats):
            mine = [s for s in screens if s.where.startswith(f"panel of seat {seat},")]
            if not mine:
                continue
            offered = set(table)
            for shown in mine:
                offered |= {key(a) for a in actions_of(game, shown.screen)}
            lost = [a for a in mine[0].legal if key(a) not in offered]
            if lost:
                missing.append(
                    f"{phase}, seat {seat}: {len(lost)} of {len(mine[0].legal)} "
                    f"legal actions not offered, e.g. {lost[:3]}"
                )
    assert not missing, f"{case}:\n" + "\n".join(missing[:12])


MISSING_KEY = re.compile(r"\[[a-z_]+(?:\.[a-z0-9_]+)+\]")  # how i18n shows an unknown key
UNFILLED = re.compile(r"\{[a-z_]+\}")  # a parameter the sentence did not get


@pytest.mark.parametrize("case", SCREEN_CASES)
def test_every_sentence_on_screen_is_in_the_catalog(case: Case) -> None:
    """No '[game.some_key]' (a key missing from the catalog) and no '{param}' left
    unfilled on any table, panel or notice."""
    found = []
    for phase, screens in rendered(case):
        for shown in screens:
            for text in screen_texts(shown.screen):
                for pattern in (MISSING_KEY, UNFILLED):
                    found += [f"{phase}, {shown.where}: {m}" for m in pattern.findall(text)]
    for shown in notices(case):
        for text in screen_texts(shown.screen):
            for pattern in (MISSING_KEY, UNFILLED):
                found += [f"{shown.where}: {m}" for m in pattern.findall(text)]
    assert not found, f"{case}:\n" + "\n".join(sorted(set(found))[:12])


@cache
def notices(case: Case, locale: str = "en") -> list[Shown]:
    return notices_of(case.game, playout(case), locale)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("case", SCREEN_CASES)
def test_notices_and_results_stay_within_discords_limits(case: Case, locale: str) -> None:
    """Announcements, DMs, reminders and results: the same limits as tables and panels,
    and their controls, too, make only legal moves."""
    found = []
    for shown in notices(case, locale):
        found += [f"{shown.where}: {p}" for p in problems(case.game, shown)]
    assert not found, f"{case}:\n" + "\n".join(found[:12])
