-- An analysis that fails (the database refused its result, say) is tried again later, each
-- wait twice the one before; after a few attempts, or at once when the game's log cannot be
-- replayed, it is given up and every waiting channel is told (an outbox item of kind
-- 'analysis_failed', written in the same transaction). Asking again starts it afresh.
-- Each attempt is counted as it starts, so one that crashes the bot counts too.
ALTER TABLE analyses ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- When the worker may try again; NULL: at once.
ALTER TABLE analyses ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE analyses ADD COLUMN last_error TEXT;
-- Set when given up.
ALTER TABLE analyses ADD COLUMN failed_at INTEGER;

-- SQLite cannot change a CHECK constraint, so the outbox is rebuilt as in 0012 for the new
-- kind, its id sequence carried over (ids are delivery nonces and must never be reused).
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER REFERENCES games (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm',
                                       'round', 'standings', 'finished', 'analysis',
                                       'analysis_failed')),
    first_ply INTEGER NOT NULL,
    -- For a tournament item: the round it is about.
    ply INTEGER NOT NULL,
    anchor_message_id INTEGER,
    -- For an analysis's post: the channel that asked for it.
    channel_id INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL,
    CHECK ((game_id IS NULL) <> (tournament_id IS NULL))
);

INSERT INTO outbox_new (id, game_id, tournament_id, kind, first_ply, ply, anchor_message_id,
                        channel_id, attempts, next_attempt_at, last_error, abandoned_at,
                        created_at)
    SELECT id, game_id, tournament_id, kind, first_ply, ply, anchor_message_id, channel_id,
           attempts, next_attempt_at, last_error, abandoned_at, created_at
    FROM outbox;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
