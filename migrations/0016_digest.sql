-- A daily digest instead of a direct message per reminder: the hour a player wants it in
-- their time zone (Discord does not tell the bot a zone: the player names it), the language of
-- their direct messages, and when the next digest is due (UTC), moved on in the transaction
-- that owes it, so that one is owed a day, never two, whatever restarts or fails.
ALTER TABLE players ADD COLUMN digest_hour INTEGER CHECK (digest_hour BETWEEN 0 AND 23);
ALTER TABLE players ADD COLUMN time_zone TEXT;
ALTER TABLE players ADD COLUMN digest_next_at INTEGER;
ALTER TABLE players ADD COLUMN dm_language TEXT;

-- The digest is owed through the outbox like every post: the outbox is rebuilt (SQLite cannot
-- change a CHECK) with the kind 'digest' and its one column, the player; ids carried over.
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm',
                                       'round', 'standings', 'finished', 'analysis',
                                       'analysis_failed', 'digest')),
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
    created_at INTEGER NOT NULL,
    -- Only a digest names a player.
    CHECK ((kind = 'digest') = (player_id IS NOT NULL)),
    -- (A CHECK that is NULL passes in SQLite: every column compared is first required.)
    CHECK (CASE
        WHEN kind = 'digest' THEN
            game_id IS NULL AND tournament_id IS NULL AND first_ply IS NULL AND ply IS NULL
            AND round IS NULL AND anchor_message_id IS NULL AND channel_id IS NULL
        WHEN kind = 'started' THEN
            game_id IS NOT NULL AND tournament_id IS NULL AND first_ply IS NULL
            AND ply IS NULL AND round IS NULL AND channel_id IS NULL
        WHEN kind = 'moved' THEN
            game_id IS NOT NULL AND tournament_id IS NULL AND first_ply IS NOT NULL AND ply IS NOT NULL
            AND first_ply >= 1 AND ply >= first_ply AND round IS NULL AND anchor_message_id IS NULL
            AND channel_id IS NULL
        WHEN kind IN ('ended', 'reminder', 'reminder_dm') THEN
            game_id IS NOT NULL AND tournament_id IS NULL AND first_ply IS NULL
            AND ply IS NOT NULL AND ply >= 0 AND round IS NULL AND anchor_message_id IS NULL AND channel_id IS NULL
        WHEN kind = 'round' THEN
            game_id IS NULL AND tournament_id IS NOT NULL AND first_ply IS NULL
            AND ply IS NULL AND round IS NOT NULL AND round >= 1 AND anchor_message_id IS NULL AND channel_id IS NULL
        WHEN kind IN ('standings', 'finished') THEN
            game_id IS NULL AND tournament_id IS NOT NULL AND first_ply IS NULL
            AND ply IS NULL AND round IS NULL AND anchor_message_id IS NULL
            AND channel_id IS NULL
        ELSE -- 'analysis', 'analysis_failed'
            game_id IS NOT NULL AND tournament_id IS NULL AND first_ply IS NULL
            AND ply IS NULL AND round IS NULL AND anchor_message_id IS NULL
            AND channel_id IS NOT NULL AND channel_id > 0
    END)
);

INSERT INTO outbox_new (id, kind, game_id, tournament_id, first_ply, ply, round,
                        anchor_message_id, channel_id, attempts, next_attempt_at, last_error,
                        abandoned_at, created_at)
    SELECT id, kind, game_id, tournament_id, first_ply, ply, round, anchor_message_id,
           channel_id, attempts, next_attempt_at, last_error, abandoned_at, created_at
    FROM outbox;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX players_digest_due ON players (digest_next_at) WHERE digest_next_at IS NOT NULL;
