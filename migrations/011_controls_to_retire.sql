-- DMs with controls of one step (a night prompt), until the step is over and their
-- controls are shown disabled: kept here so a restart still retires them.
CREATE TABLE controls_to_retire (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    phase      TEXT,                        -- the phase its controls act in (NULL: any)
    rows       TEXT    NOT NULL,            -- JSON: the controls, to show them disabled
    PRIMARY KEY (game_id, message_id)
) WITHOUT ROWID;
