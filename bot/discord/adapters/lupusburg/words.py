"""How Lupusburg names things in messages: houses and characters.

The adapter's own sentences are `[lupusburg.ui]` in the game's catalog (`UI` + key).
"""

from __future__ import annotations

from bot.discord.adapters.context import Context
from games.lupusburg.views import LupusView
from games.pictures import player_letter

UI = "lupusburg.ui."
Ctx = Context[LupusView]  # a table's or a player's context


def code(house: int) -> str:
    """The short name the pictures print on a house: owner letter and number, e.g. 'B1'."""
    return f"{player_letter(house // 2)}{house % 2 + 1}"


def house(ctx: Ctx, index: int) -> str:
    """'Bea's house 1 (B1)'."""
    return ctx.say(UI + "house", seat=index // 2, n=index % 2 + 1, code=code(index))


def house_option(ctx: Ctx, index: int) -> str:
    """A select option's label: 'B1 · Bea, house 1'."""
    return ctx.say(UI + "house_option", seat=index // 2, n=index % 2 + 1, code=code(index))


def role(ctx: Ctx, name: str) -> str:
    """A character's name: 'Werewolf', 'Thief', 'Townsfolk'."""
    return ctx.say(UI + name)
