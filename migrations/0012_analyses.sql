-- Analyses of finished games: the AI's view of every position, computed once and kept.
CREATE TABLE analyses (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    -- The search's budget for each position.
    playouts INTEGER NOT NULL,
    requested_at INTEGER NOT NULL,
    -- NULL while the AI is at work (a restart resumes it).
    finished_at INTEGER
);

CREATE TABLE analysis_positions (
    game_id INTEGER NOT NULL REFERENCES analyses (game_id),
    -- The position after this many moves.
    ply INTEGER NOT NULL,
    -- From 0 to 1; a draw counts half.
    white_chance REAL NOT NULL,
    -- The AI's move there, in the record's notation; NULL once the game is over.
    preferred TEXT,
    PRIMARY KEY (game_id, ply)
);

-- Channels waiting for an analysis: each is answered through the outbox when it is done.
CREATE TABLE analysis_waiters (
    game_id INTEGER NOT NULL REFERENCES analyses (game_id),
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, channel_id)
);

-- An analysis is posted through the outbox like every announcement, into the channel that
-- asked for it. SQLite cannot change a CHECK constraint, so the table is rebuilt as in 0010,
-- its id sequence carried over (ids are delivery nonces and must never be reused).
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER REFERENCES games (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm',
                                       'round', 'standings', 'finished', 'analysis')),
    first_ply INTEGER NOT NULL,
    -- For a tournament item: the round it is about.
    ply INTEGER NOT NULL,
    anchor_message_id INTEGER,
    -- For an analysis: the channel that asked for it.
    channel_id INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL,
    CHECK ((game_id IS NULL) <> (tournament_id IS NULL))
);

INSERT INTO outbox_new (id, game_id, tournament_id, kind, first_ply, ply, anchor_message_id,
                        attempts, next_attempt_at, last_error, abandoned_at, created_at)
    SELECT id, game_id, tournament_id, kind, first_ply, ply, anchor_message_id, attempts,
           next_attempt_at, last_error, abandoned_at, created_at
    FROM outbox;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
