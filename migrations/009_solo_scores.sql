-- Every finished solo game's score, so a result can name the player's best solo score
-- on the server (a game is recorded once, however often its end is delivered).
CREATE TABLE solo_scores (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    score INTEGER NOT NULL
);
CREATE INDEX solo_scores_by_player ON solo_scores (guild_id, kind, user_id);
