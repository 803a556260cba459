"""The screens of /stats, /leaderboard and /history, from what the store read: plain
`Screen`s for the one renderer, every word from the catalog in the reader's language.
Members are named by mention (Discord shows each reader the member's current name and
pings nobody in a private answer)."""

from __future__ import annotations

from bot.core.names import in_text
from bot.core.store.stats_queries import BoardPage, GameLine, HistoryPage, MemberStats, Rated
from bot.discord.ui import Button, Picture, Screen, Section, Separator
from bot.i18n import t
from bot.stats import ids
from games import registry

PER_PAGE = 10


def game_name(kind: str) -> str:
    """A game's name; a kind this release does not know is shown by its id."""
    try:
        return registry.get(kind).name
    except KeyError:
        return kind


def decimal(value: float, locale: str) -> str:
    return f"{value:.1f}".replace(".", t("stats.decimal", locale))


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def _percent(part: int, whole: int, locale: str) -> str:
    value = round(100 * part / whole) if whole else 0
    return t("stats.percent", locale, value=value)


def _rating_words(rated: Rated, locale: str) -> str:
    rating = rated.rating
    words = t(
        "stats.rating",
        locale,
        rating=decimal(rating.conservative, locale),
        mu=decimal(rating.mu, locale),
        sigma=decimal(rating.sigma, locale),
    )
    if rated.rank is not None:
        words += " · " + t("stats.place", locale, rank=rated.rank, ranked=rated.ranked)
    return words


def _game_block(line: GameLine, rated: Rated | None, locale: str, titled: bool) -> str:
    parts = []
    won = t(
        "stats.games_won",
        locale,
        count=line.games,
        wins=line.wins,
        rate=_percent(line.wins, line.decided, locale),
    )
    if line.decided == 0:  # solo games only: nothing won or lost
        won = t("stats.solo", locale, games=line.games)
    parts.append(f"### {game_name(line.kind)}\n{won}" if titled else won)
    parts.append(_rating_words(rated, locale) if rated else t("stats.unrated", locale))
    key = "stats.scores_low" if line.lower_is_better else "stats.scores"
    parts.append(t(key, locale, best=line.best, average=decimal(line.average, locale)))
    return "\n".join(parts)


def stats_screen(
    name: str,
    stats: MemberStats,
    kind: str | None,
    locale: str,
    *,
    own: bool,
    pictures: tuple[Picture, ...] = (),
) -> Screen:
    """A member's statistics on the server (all games, or `kind`'s); `name` as stored
    (escaped here for the text)."""
    name = in_text(name)
    title = (
        t("stats.title_game", locale, name=name, game=game_name(kind))
        if kind
        else t("stats.title", locale, name=name)
    )
    if stats.left:
        if not own:
            return Screen(embed_title=title, embed_text=t("stats.left_other", locale, name=name))
        again = Button(t("stats.count_again", locale), ids.COUNT_AGAIN, "primary")
        return Screen(embed_title=title, embed_text=t("stats.left_self", locale), rows=((again,),))
    if not stats.lines:
        empty = (
            t("stats.none_game", locale, game=game_name(kind)) if kind else t("stats.none", locale)
        )
        return Screen(embed_title=title, embed_text=empty)
    games = sum(line.games for line in stats.lines)
    decided = sum(line.decided for line in stats.lines)
    wins = sum(line.wins for line in stats.lines)
    summary = [
        t("stats.games_won", locale, count=games, wins=wins, rate=_percent(wins, decided, locale))
    ]
    if stats.streak > 0:
        summary.append(t("stats.streak_won", locale, count=stats.streak))
    elif stats.streak < 0:
        summary.append(t("stats.streak_lost", locale, count=-stats.streak))
    if kind is None:
        summary.append(t("stats.favourite", locale, game=game_name(stats.lines[0].kind)))
    blocks: list[str | Separator] = []
    for line in stats.lines:
        blocks.append(Separator())
        blocks.append(_game_block(line, stats.ratings.get(line.kind), locale, kind is None))
    if stats.ratings:
        blocks += [Separator(divider=False), t("stats.how", locale)]
    return Screen(
        embed_title=title,
        embed_text="\n".join(summary),
        blocks=tuple(blocks),
        pictures=pictures,
    )


def _paging(page: int, pages: int, locale: str, target: str) -> tuple[Button, ...]:
    """Previous and next: each carries the page it shows (read afresh when pressed)."""
    return (
        Button(
            t("leaderboard.previous", locale),
            ids.page(target, page - 1),
            disabled=page <= 0,
            emoji="◀️",
        ),
        Button(
            t("leaderboard.next", locale),
            ids.page(target, page + 1),
            disabled=page >= pages - 1,
            emoji="▶️",
        ),
    )


def board_screen(board: BoardPage, locale: str, min_games: int) -> Screen:
    """A page of a game's leaderboard; the solo bests on the first."""
    name = game_name(board.kind)
    title = t("leaderboard.title", locale, game=name)
    lines: list[str] = []
    for rated in board.rows:
        rating = rated.rating
        words = {
            "player": mention(rated.user_id),
            "rating": decimal(rating.conservative, locale),
            "mu": decimal(rating.mu, locale),
            "sigma": decimal(rating.sigma, locale),
            "games": t("leaderboard.games", locale, count=rated.games),
        }
        if rated.rank is not None:
            lines.append(t("leaderboard.line", locale, rank=rated.rank, **words))
        else:
            lines.append(t("leaderboard.newcomer_line", locale, **words))
    blocks: list[str | Separator] = []
    if board.rows and board.rows[0].rank is None:
        blocks.append(t("leaderboard.newcomers", locale, count=min_games))
    if lines:
        blocks.append("\n".join(lines))
    if board.solo:
        solo = [
            t("leaderboard.solo_line", locale, rank=n, player=mention(user), score=score)
            for n, (user, score) in enumerate(board.solo, 1)
        ]
        blocks += [Separator(), t("leaderboard.solo", locale), "\n".join(solo)]
    if not blocks:
        return Screen(embed_title=title, embed_text=t("leaderboard.none", locale, game=name))
    blocks.append(
        t("leaderboard.page", locale, page=board.page + 1, pages=board.pages, count=min_games)
    )
    rows = (_paging(board.page, board.pages, locale, ids.board(board.kind)),)
    return Screen(embed_title=title, blocks=tuple(blocks), rows=rows if board.pages > 1 else ())


def history_screen(history: HistoryPage, gone: set[int], locale: str) -> Screen:
    """A page of the server's finished games: each game's players, the winners first,
    when it ended and a link to its thread."""
    title = t("history.title", locale)
    if not history.games:
        return Screen(embed_title=title, embed_text=t("history.none", locale))
    blocks: list[str | Separator | Section] = []
    for game in history.games:
        gone_here = game.channel_id in gone
        place = t("history.deleted", locale) if gone_here else f"<#{game.channel_id}>"
        head = t(
            "history.line",
            locale,
            game=game_name(game.kind),
            when=f"<t:{int(game.finished_at)}:R>",
            place=place,
        )
        won = [mention(s.user_id) for s in game.seats if s.won]
        others = [
            t("history.scores", locale, player=mention(s.user_id), score=s.score)
            for s in game.seats
            if not s.won
        ]
        missing = game.people - len(game.seats)  # members who left the statistics
        if missing > 0:
            others.append(t("history.more", locale, count=missing))
        if won:
            names = ", ".join(won)
            who = (
                t("history.winners", locale, names=names, others=", ".join(others))
                if others
                else t("history.winners_only", locale, names=names)
            )
        else:
            who = ", ".join(
                t("history.scores", locale, player=mention(s.user_id), score=s.score)
                for s in game.seats
            ) or t("history.more", locale, count=game.people)
        # Its page (the final table, the result, the replay) from the button beside it.
        page = Button(t("history.open", locale), ids.past(game.game_id))
        blocks.append(Section((f"{head}\n{who}",), page))
    blocks.append(t("history.page", locale, page=history.page + 1, pages=history.pages))
    rows = (_paging(history.page, history.pages, locale, ids.HISTORY),)
    return Screen(embed_title=title, blocks=tuple(blocks), rows=rows if history.pages > 1 else ())
