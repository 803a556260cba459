"""The public side: the table message and the end-of-game reveal, from the public view only."""

from __future__ import annotations

from functools import lru_cache

from bot.discord.adapters.lupusburg.words import code, countdown, house, name, names, ui
from bot.core.service import LiveGame
from bot.discord.ui import Button, Picture, Screen
from games.lupusburg.model import GameRecord
from games.lupusburg.pictures import reveal, table
from games.lupusburg.views import LupusView
from games.pictures import to_png


def public_view(live: LiveGame) -> LupusView:
    return live.game.view(live.state, None)  # type: ignore[no-any-return]


def player_names(live: LiveGame) -> list[str]:
    return [p.display_name for p in live.players]


def title(live: LiveGame, view: LupusView, locale: str | None) -> str:
    if view.series > 1:
        return ui(live, "series_title", locale, number=view.game, series=view.series)
    return ui(live, "game_title", locale)


def phase_line(live: LiveGame, view: LupusView, locale: str | None) -> str:
    """What the village is doing now, with its countdown where the step has one."""
    when = countdown(live)
    turn = view.to_act[0] if view.to_act else view.burgomaster
    match view.phase:
        case "assign":
            line = ui(live, "table_assign" if when else "table_assign_untimed", locale, when=when)
            if view.to_act:
                line += "\n" + ui(live, "table_placing", locale, names=names(live, view.to_act))
            return line
        case "thief" | "werewolf":
            night = ui(live, f"table_{view.phase}", locale, day=view.day, when=when)
            return night + "\n" + ui(live, "table_night_hint", locale)
        case "privilege":
            line = ui(live, "table_privilege", locale, day=view.day, seat=view.burgomaster)
        case "show" | "show_back":
            line = ui(
                live,
                f"table_{view.phase}",
                locale,
                day=view.day,
                seat=view.burgomaster,
                target_seat=view.called,
            )
        case "betting" | "bet" | "first_vote":
            line = ui(live, f"table_{view.phase}", locale, seat=turn)
        case "discussion":
            line = ui(live, "table_discussion", locale, done=len(view.ready), count=view.seats)
        case "defence":
            line = ui(live, "table_defence", locale)
        case "second_vote":
            done = len(view.voters) - len(view.to_act)
            line = ui(live, "table_second_vote", locale, done=done, count=len(view.voters))
        case _:
            return ui(live, "table_over", locale)
    if when:
        line += " " + ui(live, "table_time", locale, when=when)
    return line


def facts(live: LiveGame, view: LupusView, locale: str | None) -> list[str]:
    """The public facts a player needs besides the picture (also its description)."""
    lines = [ui(live, "table_burgomaster", locale, seat=view.burgomaster)]
    daytime = view.phase not in ("assign", "thief", "werewolf")
    if view.last_victim is not None and daytime:
        lines.append(ui(live, "table_victim", locale, house=house(live, view.last_victim, locale)))
    if view.lynched is not None:
        lines.append(ui(live, "table_lynched", locale, house=house(live, view.lynched, locale)))
    if view.tokens and view.phase == "first_vote":
        counts: dict[int, list[int]] = {}
        for token in view.tokens:
            counts.setdefault(token.house, []).append(token.seat)
        tokens = ", ".join(
            f"{code(h)} ×{len(voters)} ({', '.join(name(live, s) for s in voters)})"
            for h, voters in sorted(counts.items(), key=lambda item: -len(item[1]))
        )
        lines.append(ui(live, "table_tokens", locale, tokens=tokens))
    if view.suspects:
        first, second = (house(live, h, locale) for h in view.suspects)
        if view.second_totals is None:
            paw, fur = ui(live, "paw", locale), ui(live, "fur", locale)
            lines.append(
                ui(live, "table_suspects", locale, first=first, second=second, paw=paw, fur=fur)
            )
        else:
            votes = dict(zip(("first_votes", "second_votes"), view.second_totals, strict=True))
            lines.append(ui(live, "table_totals", locale, first=first, second=second, **votes))
    out = [code(h.house) for h in view.houses if not h.in_play]
    if out:
        lines.append(ui(live, "table_out", locale, houses=", ".join(out)))
    if view.bets:
        bets = ", ".join(
            ui(
                live,
                "table_bet_item",
                locale,
                bettor=name(live, b.bettor),
                target=name(live, b.target),
            )
            for b in view.bets
        )
        lines.append(ui(live, "table_bets", locale, bets=bets, coins=view.coins_in_bag))
    else:
        lines.append(ui(live, "table_bag", locale, coins=view.coins_in_bag))
    if view.series > 1:
        totals = ", ".join(f"{name(live, s)} {t}" for s, t in enumerate(view.totals))
        lines.append(ui(live, "table_series", locale, totals=totals))
    return lines


def table_screen(live: LiveGame, locale: str | None, panel_button: Button) -> Screen:
    """The table message: the circle of houses and the phase, never a secret.

    At the end it keeps the final village; the reveal goes in the results message below,
    where the players are looking.
    """
    view = public_view(live)
    data, description = village_png(view.model_dump_json(), tuple(player_names(live)))
    text = "\n".join([phase_line(live, view, locale), "", *facts(live, view, locale)])
    return Screen(
        embed_title=title(live, view, locale),
        embed_text=text,
        pictures=(Picture("lupusburg.png", data, description),),
        rows=((panel_button,),) if view.phase != "over" else (),
    )


@lru_cache(maxsize=64)
def village_png(view_json: str, names: tuple[str, ...]) -> tuple[bytes, str]:
    """The table picture and its description; an unchanged village is not drawn again."""
    image, description = table(LupusView.model_validate_json(view_json), list(names))
    return to_png(image), description


# -- the reveal ---------------------------------------------------------------------------


def record_lines(
    live: LiveGame, view: LupusView, record: GameRecord, locale: str | None
) -> list[str]:
    """Who was who, who won, and everyone's points for one finished game."""
    side = f"result_side_{record.side}"
    lines = [
        ui(live, side, locale, seat=record.werewolf),
        ui(live, "result_thief", locale, seat=record.thief),
        ui(live, "result_winner", locale, number=record.number, seat=record.winner),
        "",
    ]
    for score in sorted(record.scores, key=lambda s: -s.total):
        if score.seat == record.werewolf:
            won = "result_werewolf_won" if score.win else "result_werewolf_lost"
            detail = ui(live, won, locale)
        else:
            detail = ui(
                live,
                "result_detail",
                locale,
                characters=score.characters,
                chest=score.chest,
                bet=score.bet,
                seal=score.seal,
            )
        lines.append(
            ui(live, "result_line", locale, seat=score.seat, total=score.total, detail=detail)
        )
    return lines


def reveal_screen(live: LiveGame, locale: str | None, *, final: bool) -> Screen:
    """The last finished game turned face up (one picture) with the scores."""
    view = public_view(live)
    record = view.previous
    assert record is not None, "no finished game to reveal"
    image, description = reveal(view, player_names(live))
    lines = record_lines(live, view, record, locale)
    if view.series > 1:
        lines.append("")
        ranked = sorted(range(view.seats), key=lambda s: -view.totals[s])
        lines += [
            ui(live, "result_series_line", locale, seat=s, total=view.totals[s]) for s in ranked
        ]
        if final and view.winners:
            lines.append(ui(live, "result_series_winner", locale, seat=view.winners[0]))
        elif not final:
            lines.append(ui(live, "next_game", locale, number=view.game, series=view.series))
    return Screen(
        content="\n".join(lines),
        pictures=(Picture(f"lupusburg-game-{record.number}.png", to_png(image), description),),
        mentions=tuple(p.user_id for p in live.players) if final else (),
    )
