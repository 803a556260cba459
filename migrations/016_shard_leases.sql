-- Several bot processes on one database (SHARD_COUNT set, SHARD_IDS not): each claims
-- its shards here with a lease it renews; a lease not renewed by `expires_at` (Unix
-- seconds) is free to take, so a dead process's shards are taken over. A row is made
-- for every shard at the first claim, free since that moment (`expires_at`).
CREATE TABLE shard_leases (
    shard_id    INTEGER PRIMARY KEY,
    shard_count INTEGER NOT NULL,           -- the SHARD_COUNT of the process holding it
    owner       TEXT    NOT NULL,           -- host:pid:random of that process ('' : none yet)
    expires_at  REAL    NOT NULL
);
-- The processes alive on this database, with shards or none (any process fires timers
-- and delivers changes): they share the token's 50 requests a second.
CREATE TABLE bot_processes (
    owner      TEXT PRIMARY KEY,
    started_at REAL NOT NULL,
    expires_at REAL NOT NULL
);
-- IDENTIFY's rate-limit keys (shard_id % max_concurrency): the moment of the latest
-- IDENTIFY a process reserved, so processes starting at once keep 5 s apart per key.
CREATE TABLE identify_keys (
    rate_key      INTEGER PRIMARY KEY,
    identified_at REAL    NOT NULL
);
