"""What an adapter may know when it builds one screen: a view and the words around it.

The presenter and the router build a `Context` from a game for one reader (the
table, or one seat) and hand it to the adapter, which never sees the game's state.
Every helper an adapter needs (names, sentences, countdowns, control ids) is here,
once for every game.

Names come in two forms: as typed (`names`, `plain`) for pictures and labels, which
show no markup; and in a message's text (`name`, `joined`, `say`), where no name
makes a link, a mention or emphasis (`bot.core.names`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from bot.core.names import in_text
from bot.discord import ids
from bot.discord.ui import Button, Style
from bot.i18n import has, t
from games.engine import Event, Seat
from games.pictures import name_letters

V = TypeVar("V", bound=BaseModel)
AWAY = "_away"  # the suffix of a sentence's variant for a step played for away players


@dataclass(frozen=True)
class Context(Generic[V]):
    view: V  # the public view (seat None) or the seat's own
    locale: str | None
    game_id: int
    game_name: str
    phase: str | None  # the phase key: controls carry it, so stale clicks are refused
    names: tuple[str, ...]  # display names by seat, as typed: pictures and labels
    user_ids: tuple[int, ...]  # by seat (mentions)
    channel_id: int
    version: int  # the game's version in the store (a picture cache key)
    deadline_at: float | None  # when the current phase times out (Unix seconds)
    finished: bool = False
    seat: Seat | None = None  # the reader; None for the table
    legal: tuple[Any, ...] = ()  # the reader's legal actions now
    panel_key: str = "table.open_panel"
    extra: dict[str, Any] = field(default_factory=dict)
    # Telling a step the bot played at once for away players (not at its deadline):
    # a sentence with an away variant (`<key>_away`) says that instead.
    for_away: bool = False

    # -- words -------------------------------------------------------------------------

    def say(self, key: str, **params: Any) -> str:
        """The catalog's sentence for a message's text, `seat`/`X_seat` parameters also
        given as names (`player`, `X_player`)."""
        return t(self._worded(key), self.locale, **self._named(params, self.name))

    def plain(self, key: str, **params: Any) -> str:
        """The catalog's words with names as typed, for what shows no markup: button
        and option labels, pictures."""
        return t(key, self.locale, **self._named(params, self.names.__getitem__))

    def event(self, event: Event) -> str:
        return self.say(event.key, **event.params)

    def _worded(self, key: str) -> str:
        """The key of the sentence to say: a deadline's default ("Time ran out: ...")
        played for away players says so by its away variant, where the catalog has one."""
        if self.for_away and has(key + AWAY):
            return key + AWAY
        return key

    def _named(self, params: dict[str, Any], name: Callable[[Seat], str]) -> dict[str, Any]:
        named = dict(params)
        for key, value in params.items():
            if isinstance(value, int) and (key == "seat" or key.endswith("_seat")):
                name_key = "player" if key == "seat" else key.removesuffix("_seat") + "_player"
                if 0 <= value < len(self.names):
                    named.setdefault(name_key, name(value))
        return named

    def name(self, seat: Seat) -> str:
        """A player's name inside a message's text (see `bot.core.names.in_text`)."""
        return in_text(self.names[seat])

    @cached_property
    def letters(self) -> tuple[str, ...]:
        """Each seat's mark from its player's name (A for Ana), for pictures and texts
        (worked out once: a screen asks for a letter per seat and control)."""
        return name_letters(self.names)

    def letter(self, seat: Seat) -> str:
        return self.letters[seat]

    def joined(self, seats: Iterable[Seat]) -> str:
        """'Ana, Ben and Cleo' in seat order, in the reader's language, for a message's
        text."""
        names = [self.name(s) for s in sorted(seats)]
        if len(names) < 2:
            return "".join(names)
        return self.say("words.and", first=", ".join(names[:-1]), last=names[-1])

    def mention(self, seat: Seat) -> str:
        return f"<@{self.user_ids[seat]}>"

    def countdown(self) -> str:
        """A Discord timestamp every client animates ('in 25 seconds'), or ''."""
        at = self.deadline_at
        return f"<t:{int(at)}:R>" if at is not None else ""

    @staticmethod
    def when(at: float) -> str:
        """A moment as Discord shows it in each reader's time zone, with a countdown."""
        return f"<t:{int(at)}:F> (<t:{int(at)}:R>)"

    # -- controls ----------------------------------------------------------------------

    def act(self, action: BaseModel) -> str:
        """The custom_id of a control that takes `action` (in this phase only)."""
        return ids.game(self.game_id, self.phase, ids.encode(action))

    def choose(self, action_type: str, *fixed: Any) -> str:
        """The custom_id of a select whose chosen values complete the action."""
        return ids.game(self.game_id, self.phase, ids.template(action_type, *fixed))

    def step(self, *parts: Any) -> str:
        """The custom_id of a control that moves the panel to a step (nothing is played).
        A select's chosen value is added as the step's last part."""
        rest = ids.STEP + ids.FIELD.join(str(p) for p in parts)
        return ids.game(self.game_id, None, rest)

    def choose_step(self, *parts: Any) -> str:
        """The custom_id of a select whose chosen value completes a panel step."""
        return self.step(*parts, ids.HOLE)

    def panel_button(self, style: Style = "primary") -> Button:
        """The button that opens a player's private panel."""
        return Button(
            t(self.panel_key, self.locale), ids.game(self.game_id, None, ids.PANEL), style
        )
