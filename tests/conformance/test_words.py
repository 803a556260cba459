"""Every refusal and every event a game gives has a sentence in the catalog (the host
shows `[key]` for a key it does not know), with the parameters it needs."""

from __future__ import annotations

import random
import string

import pytest

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
