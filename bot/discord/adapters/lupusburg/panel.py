"""A player's private panel, from that player's own view, with their legal choices.

The same screen is the DM prompt the bot sends at night and at the deal, and the
ephemeral panel behind the table's button. Controls carry the phase key, so a prompt
left over from an earlier step is refused as stale.
"""

from __future__ import annotations

from typing import Any

from bot.discord import ids
from bot.discord.adapters.lupusburg.words import code, countdown, house_option, name, role, ui
from bot.core.errors import Refused
from bot.core.service import LiveGame
from bot.discord.ui import Button, Option, Row, Screen, Select
from games.lupusburg.actions import Call, CastBallot, PlaceBet, Show
from games.lupusburg.model import Sight
from games.lupusburg.views import LupusView

Lines = list[str]


def private_view(live: LiveGame, seat: int) -> LupusView:
    return live.game.view(live.state, seat)  # type: ignore[no-any-return]


# -- what the player knows ------------------------------------------------------------------


def knowledge(live: LiveGame, view: LupusView, locale: str | None) -> Lines:
    """The player's own secrets: characters and chest, what they learned, bet, ballot."""
    lines = [_houses(live, view, locale)]
    if view.sights:
        sights = "; ".join(_sight(live, s, locale) for s in view.sights)
        lines.append(ui(live, "you_know", locale, sights=sights))
    bet = next((b for b in view.bets if b.bettor == view.me), None)
    if bet is not None:
        lines.append(ui(live, "your_bet", locale, coin=bet.coin, target_seat=bet.target))
    elif view.phase != "assign":
        lines.append(ui(live, "your_seal", locale))
    if view.ballot and view.phase == "second_vote":
        houses = ", ".join(code(h) for h in view.ballot)
        lines.append(ui(live, "your_ballot", locale, houses=houses))
    return lines


def _houses(live: LiveGame, view: LupusView, locale: str | None) -> str:
    """The hand before placement; then each house with its character (and chest)."""
    mine = [h for h in view.houses if h.owner == view.me]
    if any(h.character is None for h in mine):
        first, second = (role(live, r, locale) for r in view.hand)
        return ui(live, "your_hand", locale, first=first, second=second)
    parts = []
    for h in mine:
        character = role(live, h.character or "townsfolk", locale)
        text = ui(live, "your_house", locale, code=code(h.house), role=character)
        if h.chest:
            text += " " + ui(live, "with_chest", locale)
        if not h.in_play:
            text = f"~~{text}~~ ({ui(live, 'out_of_play', locale)})"
        parts.append(text)
    return ui(live, "your_houses", locale, houses=" · ".join(parts))


def _sight(live: LiveGame, sight: Sight, locale: str | None) -> str:
    what, house = role(live, sight.character, locale), code(sight.house)
    if sight.source == "thief":
        chest = ui(live, "chest_yes" if sight.chest else "chest_no", locale)
        return ui(live, "sight_thief", locale, code=house, role=what, chest=chest, day=sight.day)
    return ui(live, "sight_shown", locale, code=house, role=what, day=sight.day)


# -- what the player may do --------------------------------------------------------------------


def control(live: LiveGame, rest: str) -> str:
    return ids.game(live.id, live.phase, rest)


def house_select(live: LiveGame, rest: str, houses: list[int], locale: str | None) -> Select:
    options = tuple(Option(house_option(live, h, locale), str(h)) for h in houses)
    return Select(control(live, rest), options, ui(live, "pick_house", locale))


def buttons(items: list[Button]) -> tuple[Row, ...]:
    """Buttons five to a row."""
    return tuple(tuple(items[i : i + 5]) for i in range(0, len(items), 5))


Ask = tuple[Lines, tuple[Row, ...]]  # the question's lines and its controls


def prompt(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    """The step's question for this player and its controls (legal moves only)."""
    if not view.my_turn:
        return _idle(live, view, locale), ()
    return _ASKS[view.phase](live, view, legal, locale)


def _idle(live: LiveGame, view: LupusView, locale: str | None) -> Lines:
    """What a player without a move sees (the same for every sleeper at night)."""
    if view.phase in ("thief", "werewolf"):
        return [ui(live, "night_sleep", locale)]
    if view.phase == "assign":
        return [ui(live, "placed", locale)]
    if view.phase in ("discussion", "defence") and view.me in view.ready:
        return [ui(live, "waiting_done", locale)]
    return [ui(live, "not_your_step", locale)]


def _assign(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    evil = next((r for r in view.hand if r != "townsfolk"), None)
    row = [
        Button(
            ui(live, "chest_button", locale, n=a.chest % 2 + 1, code=code(a.chest)),
            control(live, f"assign:{a.chest}"),
            "primary",
        )
        for a in legal
    ]
    return [ui(live, f"do_assign_{evil}" if evil else "do_assign", locale)], buttons(row)


def _night(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    rest = "peek" if view.phase == "thief" else "claw"
    when = ui(live, "night_hint", locale, when=countdown(live))
    select = house_select(live, rest, [a.house for a in legal], locale)
    return [ui(live, f"do_{view.phase}", locale, when=when)], (select,)


def _privilege(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    targets = [a.target for a in legal if isinstance(a, Call) and a.target is not None]
    row = [
        Button(ui(live, "call_button", locale, seat=t), control(live, f"call:{t}")) for t in targets
    ]
    row.append(Button(ui(live, "skip_button", locale), control(live, "call:none")))
    return [ui(live, "do_privilege", locale)], buttons(row)


def _show(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    mine = {h.house: h.character or "townsfolk" for h in view.houses if h.owner == view.me}
    row = [
        Button(
            ui(
                live,
                "show_button",
                locale,
                code=code(a.house),
                role=role(live, mine[a.house], locale),
            ),
            control(live, f"show:{a.house}"),
            "primary",
        )
        for a in legal
        if isinstance(a, Show)
    ]
    other = view.called if view.phase == "show_back" else view.burgomaster
    line = ui(live, f"do_{view.phase}", locale, seat=view.burgomaster, target_seat=other)
    return [line], buttons(row)


def _betting(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    row = (
        Button(ui(live, "draw_button", locale), control(live, "draw"), "primary"),
        Button(ui(live, "pass_button", locale), control(live, "pass")),
    )
    return [ui(live, "do_betting", locale)], (row,)


def _bet(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    """One select per coin drawn: choosing the player keeps that coin as the bet."""
    bets = [a for a in legal if isinstance(a, PlaceBet)]
    selects: list[Row] = []
    for coin in sorted({b.coin for b in bets}, reverse=True):
        options = tuple(Option(name(live, b.target), str(b.target)) for b in bets if b.coin == coin)
        placeholder = ui(live, "bet_placeholder", locale, coin=coin)
        selects.append(Select(control(live, f"bet:{coin}"), options, placeholder))
    coins = ", ".join(str(c) for c in view.drawn)
    return [ui(live, "do_bet", locale, coins=coins)], tuple(selects)


def _done(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    done = Button(ui(live, "done_button", locale), control(live, "done"), "success")
    return [ui(live, f"do_{view.phase}", locale)], ((done,),)


def _first_vote(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    select = house_select(live, "vote", [a.house for a in legal], locale)
    return [ui(live, "do_first_vote", locale)], (select,)


def _ballot(live: LiveGame, view: LupusView, legal: list[Any], locale: str | None) -> Ask:
    """Every way to place the tokens on the two suspects, one button each."""
    ballots = [a.houses for a in legal if isinstance(a, CastBallot)]
    count = len(ballots[0])
    row = []
    for houses in ballots:
        if len(set(houses)) == 1:
            key = "ballot_both" if count > 1 else "ballot_one"
            label = ui(live, key, locale, code=code(houses[0]))
        else:
            label = ui(live, "ballot_split", locale, first=code(houses[0]), second=code(houses[1]))
        rest = "ballot:" + "-".join(str(h) for h in houses)
        row.append(Button(label, control(live, rest), "primary"))
    many = ui(live, "tokens_many", locale, count=count)
    tokens = ui(live, "tokens_one", locale) if count == 1 else many
    return [ui(live, "do_second_vote", locale, count=tokens)], buttons(row)


_ASKS = {
    "assign": _assign,
    "thief": _night,
    "werewolf": _night,
    "privilege": _privilege,
    "show": _show,
    "show_back": _show,
    "betting": _betting,
    "bet": _bet,
    "discussion": _done,
    "defence": _done,
    "first_vote": _first_vote,
    "second_vote": _ballot,
}


def panel_screen(live: LiveGame, seat: int, locale: str | None) -> Screen:
    """The player's panel: in a DM as a prompt, or behind the table's button."""
    view = private_view(live, seat)
    legal = live.game.legal_actions(live.state, seat)
    asks, rows = prompt(live, view, legal, locale)
    when = countdown(live)
    if rows and when and view.phase not in ("thief", "werewolf"):
        asks.append(ui(live, "time_left", locale, when=when))
    header = ui(live, "panel_header", locale, channel=live.row.channel_id, seat=seat)
    lines = [header, *knowledge(live, view, locale), "", *asks]
    return Screen(content="\n".join(lines).strip(), rows=rows)


# -- what a click means -------------------------------------------------------------------------


def decode(rest: str, values: list[str]) -> dict[str, Any]:
    """The action behind a control's `rest` (and a select's chosen value)."""
    op, _, arg = rest.partition(":")
    try:
        match op:
            case "assign":
                return {"type": "assign", "chest": int(arg)}
            case "peek" | "claw" | "vote":
                return {"type": op, "house": int(values[0])}
            case "call":
                return {"type": "call", "target": None if arg == "none" else int(arg)}
            case "show":
                return {"type": "show", "house": int(arg)}
            case "draw" | "pass" | "done":
                return {"type": op}
            case "bet":
                return {"type": "bet", "coin": int(arg), "target": int(values[0])}
            case "ballot":
                return {"type": "ballot", "houses": [int(h) for h in arg.split("-")]}
    except (ValueError, IndexError):
        pass
    raise Refused("lupusburg.wrong_step")
