"""The public side: the table message and the end-of-game reveal, from the public view only.

The table reads from the top: what the village is doing now (with the "My panel"
button beside it), the public facts, then the picture of the houses round the table.
The reveal: who won as its heading, who was who, a line per player with their points
(what they are made of in small print under it), then the village turned face up."""

from __future__ import annotations

from functools import partial

from bot.discord.adapters.lupusburg.words import UI, Ctx, code, house
from bot.discord.adapters.pictures import Kept
from bot.discord.adapters.shapes import ranking, small, status, text
from bot.discord.ui import Block, Picture, Screen, Separator
from games.lupusburg.model import NIGHT_PHASES, GameRecord, Score
from games.lupusburg.pictures import reveal, table
from games.pictures import to_png

PICTURE_WORD = "lupusburg.picture.title"
TABLE_PICTURE = "lupusburg.png"
REVEAL_PICTURE = "lupusburg-reveal.png"


def title(ctx: Ctx) -> str:
    view = ctx.view
    if view.series > 1:
        return ctx.say(UI + "series_title", number=view.game, series=view.series)
    return ctx.say(UI + "game_title")


def phase_line(ctx: Ctx) -> str:
    """What the village is doing now, with its countdown where the step has one."""
    view, when = ctx.view, ctx.countdown()
    turn = view.to_act[0] if view.to_act else view.burgomaster
    match view.phase:
        case "assign":
            line = ctx.say(UI + ("table_assign" if when else "table_assign_untimed"), when=when)
            if view.to_act:
                line += "\n" + ctx.say(UI + "table_placing", names=ctx.joined(view.to_act))
            return line
        case "thief" | "werewolf":
            night = ctx.say(f"{UI}table_{view.phase}", day=view.day, when=when)
            return night + "\n" + ctx.say(UI + "table_night_hint")
        case "privilege":
            line = ctx.say(UI + "table_privilege", day=view.day, seat=view.burgomaster)
        case "show" | "show_back":
            line = ctx.say(
                f"{UI}table_{view.phase}",
                day=view.day,
                seat=view.burgomaster,
                target_seat=view.called,
            )
        case "betting" | "bet" | "first_vote":
            line = ctx.say(f"{UI}table_{view.phase}", seat=turn)
        case "discussion":
            line = ctx.say(UI + "table_discussion", done=len(view.ready), count=view.seats)
        case "defence":
            line = ctx.say(UI + "table_defence")
        case "second_vote":
            done = len(view.voters) - len(view.to_act)
            line = ctx.say(UI + "table_second_vote", count=done, total=len(view.voters))
        case _:
            return ctx.say(UI + "table_over")
    if when:
        line += " " + ctx.say(UI + "table_time", when=when)
    return line


def facts(ctx: Ctx) -> list[str]:
    """The public facts a player needs besides the picture (also its description)."""
    view = ctx.view
    lines = [ctx.say(UI + "table_burgomaster", seat=view.burgomaster)]
    daytime = view.phase != "assign" and view.phase not in NIGHT_PHASES
    if view.last_victim is not None and daytime:
        lines.append(ctx.say(UI + "table_victim", house=house(ctx, view.last_victim)))
    if view.lynched is not None:
        lines.append(ctx.say(UI + "table_lynched", house=house(ctx, view.lynched)))
    if view.tokens and view.phase == "first_vote":
        counts: dict[int, list[int]] = {}
        for token in view.tokens:
            counts.setdefault(token.house, []).append(token.seat)
        tokens = ", ".join(
            f"{code(ctx, h)} ×{len(voters)} ({', '.join(ctx.name(s) for s in voters)})"
            for h, voters in sorted(counts.items(), key=lambda item: -len(item[1]))
        )
        lines.append(ctx.say(UI + "table_tokens", tokens=tokens))
    if view.suspects:
        first, second = (house(ctx, h) for h in view.suspects)
        if view.second_totals is None:
            paw, fur = ctx.say(UI + "paw"), ctx.say(UI + "fur")
            lines.append(
                ctx.say(UI + "table_suspects", first=first, second=second, paw=paw, fur=fur)
            )
        else:
            votes = dict(zip(("first_votes", "second_votes"), view.second_totals, strict=True))
            lines.append(ctx.say(UI + "table_totals", first=first, second=second, **votes))
    out = [code(ctx, h.house) for h in view.houses if not h.in_play]
    if out:
        lines.append(ctx.say(UI + "table_out", houses=", ".join(out)))
    if view.bets:
        bets = ", ".join(
            ctx.say(UI + "table_bet_item", bettor=ctx.name(b.bettor), target=ctx.name(b.target))
            for b in view.bets
        )
        lines.append(ctx.say(UI + "table_bets", bets=bets))
    lines.append(ctx.say(UI + "table_bag", count=view.coins_in_bag))
    if view.series > 1:
        totals = ", ".join(f"{ctx.name(s)} {t}" for s, t in enumerate(view.totals))
        lines.append(ctx.say(UI + "table_series", totals=totals))
    return lines


def table_screen(ctx: Ctx) -> Screen:
    """The table message: the circle of houses and the phase, never a secret.

    At the end it keeps the final village; the reveal goes in the results message below,
    where the players are looking.
    """
    now, *more = phase_line(ctx).split("\n")
    return Screen(
        embed_title=title(ctx),
        blocks=(
            status(ctx, now),  # at the end: each player's last houses
            text(*more, *facts(ctx)),
        ),
        pictures=(village_picture(ctx),),
    )


_villages = Kept(64)


def village_picture(ctx: Ctx) -> Picture:
    """The table picture in the reader's language; an unchanged village is not drawn
    again."""
    key = (ctx.view.model_dump_json(), ctx.names, ctx.locale, ctx.say(PICTURE_WORD))
    return _villages.picture(
        key, TABLE_PICTURE, partial(table, ctx.view, ctx.say, ctx.names, ctx.letters)
    )


# -- the reveal ---------------------------------------------------------------------------


def record_lines(ctx: Ctx, record: GameRecord) -> list[str]:
    """Who was the Thief, who won, and everyone's points for one finished game (who
    won, the Werewolf's side, is the heading: `record_heading`)."""
    lines = [
        ctx.say(UI + "result_thief", seat=record.thief),
        ctx.say(UI + "result_winner", number=record.number, seat=record.winner),
    ]
    scores = sorted(record.scores, key=lambda s: -s.total)
    ranked = [(s.seat, s.total, ctx.say(UI + "result_points", count=s.total)) for s in scores]
    for score, line in zip(scores, ranking(ctx, ranked), strict=True):
        lines += [line, small(score_detail(ctx, record, score))]
    return lines


def record_heading(ctx: Ctx, record: GameRecord) -> str:
    """'🐺 The Werewolf wins! It was Ana.'"""
    return ctx.say(f"{UI}result_side_{record.side}", seat=record.werewolf)


def score_detail(ctx: Ctx, record: GameRecord, score: Score) -> str:
    """What a player's points in a finished game are made of, and their bet."""
    if score.seat == record.werewolf:
        detail = ctx.say(UI + ("result_werewolf_won" if score.win else "result_werewolf_lost"))
    else:
        detail = ctx.say(
            UI + "result_detail",
            characters=score.characters,
            chest=score.chest,
            bet=score.bet,
            seal=score.seal,
        )
    bet = next((b for b in record.bets if b.bettor == score.seat), None)
    if bet is None:
        return detail
    hit = "right" if bet.target == record.werewolf else "wrong"
    return detail + "; " + ctx.say(f"{UI}result_bet_{hit}", coin=bet.coin, target_seat=bet.target)


def series_reveal(ctx: Ctx) -> Screen:
    """A game of a series just ended: its reveal, before the next game's table (the
    adapter's `chapter_results`)."""
    return reveal_screen(ctx, final=False)


def reveal_screen(ctx: Ctx, *, final: bool) -> Screen:
    """The last finished game turned face up (one picture) with the scores; in a
    series, its standings after them."""
    view = ctx.view
    record = view.previous
    assert record is not None, "no finished game to reveal"
    image, description = reveal(view, ctx.say, ctx.names, ctx.letters)
    blocks: list[Block] = []
    if view.series > 1:
        ranked = sorted(range(view.seats), key=lambda s: -view.totals[s])
        standings = ranking(
            ctx,
            [
                (s, view.totals[s], ctx.say(UI + "series_points", count=view.totals[s]))
                for s in ranked
            ],
        )
        last = ""
        if final and view.winners:
            last = ctx.say(UI + "result_series_winner", seat=view.winners[0])
        elif not final:
            last = ctx.say(UI + "next_game", number=view.game, series=view.series)
        blocks = [Separator(), text(*standings, last)]
    return Screen(
        embed_title=record_heading(ctx, record),
        embed_text=text(*record_lines(ctx, record)),
        blocks=tuple(blocks),
        pictures=(Picture(REVEAL_PICTURE, to_png(image), description),),
        mentions=ctx.user_ids if final else (),
    )
