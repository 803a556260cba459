"""How Lupusburg names things in messages: houses and characters.

A house is marked as the pictures print it: its owner's letter (from the player's name,
`Context.letters`: A for Ana) and its number, e.g. "A1". The adapter's own sentences are
`[lupusburg.ui]` in the game's catalog (`UI` + key).
"""

from __future__ import annotations

from bot.discord.adapters.context import Context
from games.lupusburg.rules import house_number, owner_of
from games.lupusburg.views import LupusView

UI = "lupusburg.ui."
Ctx = Context[LupusView]  # a table's or a player's context


def code(ctx: Ctx, house: int) -> str:
    """The short name the pictures print on a house: owner's letter and number, e.g. 'B1'."""
    return f"{ctx.letter(owner_of(house))}{house_number(house)}"


def house(ctx: Ctx, index: int) -> str:
    """'Bea's house 1 (B1)'."""
    return ctx.say(UI + "house", seat=owner_of(index), n=house_number(index), code=code(ctx, index))


def house_option(ctx: Ctx, index: int) -> str:
    """A select option's label: 'B1 · Bea, house 1'."""
    return ctx.plain(
        UI + "house_option", seat=owner_of(index), n=house_number(index), code=code(ctx, index)
    )


def role(ctx: Ctx, name: str) -> str:
    """A character's name: 'Werewolf', 'Thief', 'Townsfolk'."""
    return ctx.say(UI + name)
