-- Players, challenges, games and the append-only move log.
-- Times are Unix milliseconds. Player ids are Discord user ids (local players have negative ids).

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The opener places White's first two tiles; the other player then keeps Red or swaps.
    opener_id     INTEGER NOT NULL REFERENCES players (id),
    other_id      INTEGER NOT NULL REFERENCES players (id),
    white_id      INTEGER NOT NULL REFERENCES players (id),
    red_id        INTEGER NOT NULL REFERENCES players (id),
    size          INTEGER NOT NULL CHECK (size BETWEEN 6 AND 16),
    tiles         INTEGER CHECK (tiles >= 0),        -- per player; NULL = unlimited
    bridges       INTEGER CHECK (bridges >= 0),      -- shared pool; NULL = unlimited
    move_seconds  INTEGER CHECK (move_seconds > 0),  -- time per move; NULL = no limit
    rated         INTEGER NOT NULL DEFAULT 1,
    status        TEXT    NOT NULL DEFAULT 'active'
                  CHECK (status IN ('active', 'finished', 'aborted')),
    winner        TEXT    CHECK (winner IN ('white', 'red', 'draw')),
    end_reason    TEXT    CHECK (end_reason IN ('score', 'resign', 'timeout', 'abort')),
    guild_id      INTEGER,
    channel_id    INTEGER,
    thread_id     INTEGER,
    plies         INTEGER NOT NULL DEFAULT 0,
    to_move_id    INTEGER REFERENCES players (id),   -- NULL once the game is over
    deadline_at   INTEGER,                           -- for the current move; NULL = none
    version       INTEGER NOT NULL DEFAULT 0,        -- bumped by every write
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);

CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id);
CREATE INDEX games_by_white ON games (white_id, status);
CREATE INDEX games_by_red ON games (red_id, status);
CREATE INDEX games_by_deadline ON games (deadline_at) WHERE status = 'active';

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    notation   TEXT    NOT NULL,
    forced     INTEGER NOT NULL DEFAULT 0,  -- a pass the service made for a player with no move
    played_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    challenger_id  INTEGER NOT NULL REFERENCES players (id),
    challenged_id  INTEGER REFERENCES players (id),  -- NULL = open to anyone
    size           INTEGER NOT NULL CHECK (size BETWEEN 6 AND 16),
    tiles          INTEGER CHECK (tiles >= 0),
    bridges        INTEGER CHECK (bridges >= 0),
    move_seconds   INTEGER CHECK (move_seconds > 0),
    rated          INTEGER NOT NULL DEFAULT 1,
    guild_id       INTEGER,
    channel_id     INTEGER,
    message_id     INTEGER,
    status         TEXT    NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    game_id        INTEGER REFERENCES games (id),
    created_at     INTEGER NOT NULL,
    expires_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);

CREATE INDEX challenges_open ON challenges (status, expires_at);
