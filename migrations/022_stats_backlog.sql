-- Games that finished before the statistics existed (migration 019): the bot records
-- each once (GameService.record_backlog), oldest first, as if it had just ended, so a
-- server's ratings, totals and history start from its whole past, not from this
-- release. Games with no result row that are not finished stay out, as always.
CREATE TABLE stats_backlog (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);

INSERT INTO stats_backlog (game_id)
    SELECT id FROM games
    WHERE status = 'finished' AND id NOT IN (SELECT game_id FROM results);
