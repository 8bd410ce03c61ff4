-- What a saved action owes the players on Discord: written in the same transaction as the
-- action, deleted once delivered. `first_ply..ply` are the plies a move announcement reports
-- (for the other kinds `ply` is the game's ply count when the item was made).

CREATE TABLE outbox (
    -- Never reused: the id is the delivery's nonce on Discord.
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games (id),
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm')),
    first_ply INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    -- The challenge message a new game's thread is opened on.
    anchor_message_id INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    -- Set when Discord refused the item for good: kept for the record, never retried.
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL
);

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
