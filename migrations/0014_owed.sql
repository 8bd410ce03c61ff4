-- What a saved change owes the players, in typed columns: each kind has exactly the columns
-- it needs and no other, so a row the service's `Owed` cannot express cannot be written.
-- `ply` is a game's ply count (never a round number): `first_ply`..`ply` the moves a 'moved'
-- item reports; `round` a tournament round; `channel_id` where an analysis is posted;
-- `anchor_message_id` the message a new game's thread opens on (set by the delivery too).
-- SQLite cannot change a CHECK constraint, so the outbox is rebuilt as in 0013, its id
-- sequence carried over (ids are delivery nonces and must never be reused).
CREATE TABLE outbox_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('started', 'moved', 'ended', 'reminder', 'reminder_dm',
                                       'round', 'standings', 'finished', 'analysis',
                                       'analysis_failed')),
    game_id INTEGER REFERENCES games (id),
    tournament_id INTEGER REFERENCES tournaments (id),
    first_ply INTEGER,
    ply INTEGER,
    round INTEGER,
    anchor_message_id INTEGER,
    channel_id INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    abandoned_at INTEGER,
    created_at INTEGER NOT NULL,
    -- (A CHECK that is NULL passes in SQLite: every column compared is first required.)
    CHECK (CASE
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

-- Items written before: each kind's columns kept, the others cleared. An item no version
-- could deliver (an analysis without a channel, a round 0) is not carried over: the bot set
-- such items aside without posting them.
INSERT INTO outbox_new (id, kind, game_id, tournament_id, first_ply, ply, round,
                        anchor_message_id, channel_id, attempts, next_attempt_at, last_error,
                        abandoned_at, created_at)
    SELECT id, kind,
           CASE WHEN kind IN ('round', 'standings', 'finished') THEN NULL ELSE game_id END,
           CASE WHEN kind IN ('round', 'standings', 'finished') THEN tournament_id END,
           CASE WHEN kind = 'moved' THEN first_ply END,
           CASE WHEN kind IN ('moved', 'ended', 'reminder', 'reminder_dm') THEN ply END,
           CASE WHEN kind = 'round' THEN ply END,
           CASE WHEN kind = 'started' THEN anchor_message_id END,
           CASE WHEN kind IN ('analysis', 'analysis_failed') THEN channel_id END,
           attempts, next_attempt_at, last_error, abandoned_at, created_at
    FROM outbox
    WHERE CASE
        WHEN kind IN ('round', 'standings', 'finished') THEN tournament_id IS NOT NULL
                                                             AND (kind <> 'round' OR ply >= 1)
        WHEN kind IN ('analysis', 'analysis_failed') THEN game_id IS NOT NULL AND channel_id > 0
        WHEN kind = 'moved' THEN game_id IS NOT NULL AND first_ply >= 1 AND ply >= first_ply
        ELSE game_id IS NOT NULL
    END;

DELETE FROM sqlite_sequence WHERE name = 'outbox_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_new', seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;

CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE abandoned_at IS NULL;
CREATE INDEX outbox_tournament_pending ON outbox (tournament_id, id) WHERE abandoned_at IS NULL;
