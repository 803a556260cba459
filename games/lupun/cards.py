"""The cards as the engine handles them: ids in a stack, tasks looked up by id."""

from __future__ import annotations

from games.lupun.deck import DECK, SHORT_DECK_IDS, by_id
from games.lupun.models import JOKER_CARDS, WIN_CARDS, is_task_card
from games.lupun.tasks import Task

SPECIAL_CARDS = JOKER_CARDS + WIN_CARDS
assert not set(SPECIAL_CARDS) & {task.id for task in DECK}, "a task id looks like a special card"


def task(card: str) -> Task:
    return by_id(card)


def points(card: str) -> int:
    return task(card).points if is_task_card(card) else 0


def starting_stack(deck: str, variant: str) -> list[str]:
    """Every card of the game, unshuffled: the full or short deck, and the special
    cards in the joker variant."""
    cards = [task.id for task in DECK] if deck == "full" else list(SHORT_DECK_IDS)
    if variant == "jokers":
        cards += SPECIAL_CARDS
    return cards
