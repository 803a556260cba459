-- The messages of a change that went out (while its outbox row is there): each by the
-- slot its nonce names ("a0": the announcement, "d3-1": the second DM to seat 3), with
-- the channel and the message Discord created. Delivering the change again, after any
-- downtime (Discord keeps nonces only a few minutes), or after a refusal that passed,
-- skips these messages. Deleted with the outbox row, in the same transaction.
CREATE TABLE sent (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,            -- the change's game version
    slot       TEXT    NOT NULL,            -- the message's purpose and count in the change
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, version, slot)
) WITHOUT ROWID;
