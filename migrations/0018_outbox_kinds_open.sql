-- What an outbox row holds is checked where it is read: the service's `Owed` reads every row
-- back through one round trip (its kind by name, exactly the columns that kind uses), and a
-- row that does not read back is logged and set aside, never delivered. So the schema no
-- longer lists the kinds, and a new kind needs no rebuild of this table. This last rebuild
-- (SQLite cannot drop a CHECK) keeps every row, its id and the id sequence: ids are delivery
-- nonces and must never be reused.
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    game_id INTEGER REFERENCES games (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    first_ply INTEGER,
    ply INTEGER,
    round INTEGER,
    anchor_message_id INTEGER,
    channel_id INTEGER,
    player_id INTEGER REFERENCES players (id),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL
);

INSERT INTO outbox_new (id, kind, game_id, tournament_id, first_ply, ply, round,
                        anchor_message_id, channel_id, player_id, attempts, next_attempt_at,
                        last_error, abandoned_at, created_at)
    SELECT id, kind, game_id, tournament_id, first_ply, ply, round, anchor_message_id,
           channel_id, player_id, attempts, next_attempt_at, last_error, abandoned_at,
           created_at
    FROM outbox;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
