-- Each user's DM channel with the bot, learned from the first DM: later DMs, also after
-- a restart, go straight to it (no request to open the channel, none to fetch the user).
CREATE TABLE dm_channels (
    user_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
);
