-- Answers to puzzles and the players' puzzle ratings.
--
-- A player has one puzzle rating, the same in every server and in direct messages: the built-in
-- puzzles are served everywhere with one rating each, so the players who answer them must be
-- measured on that one scale (a rating per server would split a player's answers to the same
-- puzzles, and a direct message has no server).
CREATE TABLE puzzle_ratings (
    player_id INTEGER PRIMARY KEY REFERENCES players (id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
);

-- One rated answer per player and puzzle (the key): a second answer changes nothing, so a
-- double click or a click replayed after a restart is counted once. Written in the transaction
-- that moves the player's and the puzzle's ratings.
CREATE TABLE puzzle_answers (
    player_id INTEGER NOT NULL REFERENCES players (id),
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    -- The move chosen, in the record's notation.
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    -- The server it was answered in; NULL in a direct message or the terminal.
    guild_id INTEGER,
    rating_before REAL NOT NULL,
    rating_after REAL NOT NULL,
    answered_at INTEGER NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_answers_by_puzzle ON puzzle_answers (puzzle_id, answered_at);

-- The daily puzzle: the channel a server's managers chose for it (NULL: none) and when the
-- next is due (UTC), moved on a day in the transaction that owes the post.
ALTER TABLE guild_settings ADD COLUMN puzzle_channel_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN puzzle_next_at INTEGER;

-- The puzzles posted as a server's daily puzzle: none is posted twice in a server, and the
-- next day's post counts the solvers of the one before.
CREATE TABLE daily_puzzles (
    guild_id INTEGER NOT NULL,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
    channel_id INTEGER NOT NULL,
    owed_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, puzzle_id)
);
CREATE INDEX daily_puzzles_by_day ON daily_puzzles (guild_id, owed_at);

-- An outbox item may be about a puzzle (the daily post).
ALTER TABLE outbox ADD COLUMN puzzle_id INTEGER REFERENCES puzzles (id);
