"""The contract between a game engine and Discord: what each person sees, and
what a click means.

An adapter builds screens only from the engine's views: the table from the public
view, a player's panel from that player's view. It never reads the state directly,
which is what keeps secrets out of public messages.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from bot import ids
from bot.service import Change, LiveGame
from bot.store import TimerRow
from bot.ui import Button, Screen
from bot.wording import event_text, say
from games.engine import Seat

if TYPE_CHECKING:
    from bot.presenter import Presenter


class GameAdapter(ABC):
    kind: ClassVar[str]
    panel_key: ClassVar[str] = "table.open_panel"  # the label of the private-panel button
    timer_kinds: ClassVar[tuple[str, ...]] = ()  # timers of its own, handled by `on_timer`
    panel_after_end: ClassVar[bool] = False  # the panel still opens once the game is finished

    @abstractmethod
    def table(self, live: LiveGame, locale: str) -> Screen:
        """The public table message (from the public view)."""

    @abstractmethod
    def panel(self, live: LiveGame, seat: int, locale: str) -> Screen:
        """A player's private panel (from their own view) with their legal choices."""

    @abstractmethod
    def decode(
        self, live: LiveGame, seat: int, rest: str, values: list[str]
    ) -> dict[str, Any] | Screen:
        """The action a control of the panel stands for (`rest` of its custom_id).

        A Screen instead is a step within the panel (e.g. a second choice that
        depends on the first): it replaces the panel and nothing is applied. Runs in
        a thread, so it may render pictures.
        """

    def lobby_lines(self, live: LiveGame, locale: str) -> list[str]:
        """Extra lines for the lobby message (e.g. when a scheduled game starts)."""
        return []

    def panel_button(self, live: LiveGame, locale: str) -> Button:
        return Button(
            say(live, self.panel_key, locale), ids.game(live.id, None, "panel"), "primary"
        )

    def announcement(self, live: LiveGame, change: Change, locale: str) -> Screen | None:
        """A channel message for the public events of a change (None: nothing to say)."""
        lines = [event_text(live, e, locale) for e in change.events if e.to is None]
        return Screen(content="\n".join(lines)) if lines else None

    def mention_turn(self, live: LiveGame, change: Change) -> bool:
        """Whether the change's notice mentions the one seat the table waits for.

        Default: after every change. A game whose turn has several steps says False
        for the steps within a turn, so a player is mentioned once per turn.
        """
        return True

    def private_notices(
        self, live: LiveGame, change: Change, locale: str
    ) -> list[tuple[Seat, Screen]]:
        """DMs for the change's private events (default: each event to its seats).

        A game whose panel already shows what the event says may send fewer.
        """
        return [
            (seat, Screen(content=event_text(live, event, locale)))
            for event in change.events
            if event.to is not None
            for seat in event.to
        ]

    def results(self, live: LiveGame, locale: str) -> Screen:
        """The final message once the game is over."""
        result = live.game.result(live.state) if live.state is not None else None
        if result is None:
            return Screen(content=say(live, "table.aborted", locale))
        winners = ", ".join(live.players[s].display_name for s in result.winners)
        lines = [say(live, "table.winners", locale, names=winners)]
        lines += [f"{live.players[s].display_name}: {result.scores[s]}" for s in result.ranking()]
        return Screen(content="\n".join(lines), mentions=tuple(p.user_id for p in live.players))

    async def after(self, presenter: Presenter, change: Change) -> None:
        """Extra reactions once a change is shown: DM prompts, schedules, reminders."""
        return None

    async def on_timer(self, presenter: Presenter, live: LiveGame, timer: TimerRow) -> None:
        """One of `timer_kinds` fell due for this game."""
        return None
