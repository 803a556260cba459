"""Every refusal and every event a game gives has a sentence in the catalog (the host
shows `[key]` for a key it does not know), with the parameters it needs."""

from __future__ import annotations

import random
import string

import pytest

from bot.discord.adapters.context import AWAY
from bot.i18n import DEFAULT_LOCALE, catalogs
from games.engine import IllegalAction
from tests.conformance.legality import unlisted
from tests.conformance.support import Case, cases, playout, sample

STATES = 3


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _missing(key: str, params: dict[str, object]) -> str | None:
    english = catalogs()[DEFAULT_LOCALE]
    template = english.get(key)
    if template is None and f"{key}.other" in english:  # plural forms: both must fit
        if "count" not in params:
            return f"{key!r} has plural forms but no count, given {sorted(params)}"
        template = english[f"{key}.one"] + english[f"{key}.other"]
    if template is None:
        return f"no sentence for {key!r}"
    given = set(params) | {
        ("player" if k == "seat" else k.removesuffix("_seat") + "_player")
        for k in params
        if k == "seat" or k.endswith("_seat")
    }
    lacking = _fields(template) - given
    return f"{key!r} needs {sorted(lacking)}, given {sorted(params)}" if lacking else None


@pytest.mark.parametrize("case", cases())
def test_every_event_has_a_sentence(case: Case) -> None:
    found: set[str] = set()
    for step in playout(case).steps:
        for event in step.events:
            problem = _missing(event.key, event.params)
            if problem:
                found.add(problem)
    assert not found, f"{case}: " + "; ".join(sorted(found)[:10])


@pytest.mark.parametrize("case", cases())
def test_every_refusal_has_a_sentence(case: Case) -> None:
    game = case.game
    rng = random.Random(str(case))
    states = sample(playout(case), STATES)
    elsewhere = [
        a for s in states for seat in range(case.seats) for a in game.legal_actions(s, seat)
    ]
    found: set[str] = set()
    for state in states:
        for seat in range(case.seats):
            for action in unlisted(game.legal_actions(state, seat), elsewhere, rng, 20):
                try:
                    game.apply(state, seat, action)
                except IllegalAction as refused:
                    problem = _missing(refused.key, refused.params)
                    if problem:
                        found.add(problem)
    assert not found, f"{case}: " + "; ".join(sorted(found)[:10])


# -- a deadline's default played at once for away players -------------------------------------

TIME_RAN_OUT = "Time ran out"


def _away_problems(key: str) -> list[str]:
    """What the away variant of a 'Time ran out' sentence lacks, in every language."""
    problems = []
    for locale, catalog in catalogs().items():
        forms = [f for f in ("", ".one", ".other") if f"{key}{f}" in catalog]
        for form in forms:
            variant = catalog.get(f"{key}{AWAY}{form}")
            if variant is None:
                problems.append(f"{locale}: no {key}{AWAY}{form}")
            elif _fields(variant) - _fields(catalog[f"{key}{form}"]):
                problems.append(f"{locale}: {key}{AWAY}{form} needs more than {key}{form}")
    return problems


@pytest.mark.parametrize("case", cases())
def test_every_default_the_bot_may_play_for_away_players_has_its_away_words(case: Case) -> None:
    """The bot plays an away player's default at once in any phase that waits for
    someone (not in a secret one: the service refuses there); a sentence saying the
    time ran out must then have a variant saying it played for them."""
    game, run = case.game, playout(case)
    english = catalogs()[DEFAULT_LOCALE]
    found: set[str] = set()
    for before, step in zip(run.states, run.steps, strict=False):
        if not step.is_timeout or not game.waiting_for(before):
            continue
        for event in step.events:
            sentence = english.get(event.key) or english.get(f"{event.key}.other", "")
            if TIME_RAN_OUT in sentence:
                found.update(_away_problems(event.key))
    assert not found, f"{case}: " + "; ".join(sorted(found)[:10])


def test_every_table_line_saying_time_ran_out_has_its_away_words() -> None:
    """The adapters' own timeout lines (one line for several players) too."""
    english = catalogs()[DEFAULT_LOCALE]
    keys = {k.removesuffix(".one").removesuffix(".other") for k in english if ".ui." in k}
    said = [k for k in keys if TIME_RAN_OUT in (english.get(k) or english.get(f"{k}.other", ""))]
    assert said  # the check checks something
    found = [p for k in sorted(said) for p in _away_problems(k)]
    assert not found, "; ".join(found)
