-- Tournament announcements (a round's pairings, the standings after a result, the final
-- standings) travel the same outbox as a game's: an item is about a game or a tournament.
-- SQLite cannot relax a NOT NULL column, so the table is rebuilt; its id sequence is carried
-- over, as ids are delivery nonces and must never be reused.
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER REFERENCES games (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm',
                                       'round', 'standings', 'finished')),
    first_ply INTEGER NOT NULL,
    -- For a tournament item: the round it is about.
    ply INTEGER NOT NULL,
    anchor_message_id INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL,
    CHECK ((game_id IS NULL) <> (tournament_id IS NULL))
);

INSERT INTO outbox_new (id, game_id, kind, first_ply, ply, anchor_message_id, attempts,
                        next_attempt_at, last_error, abandoned_at, created_at)
    SELECT id, game_id, kind, first_ply, ply, anchor_message_id, attempts, next_attempt_at,
           last_error, abandoned_at, created_at
    FROM outbox;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
