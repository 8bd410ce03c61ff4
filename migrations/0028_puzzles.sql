-- Puzzles: positions from finished games where one move keeps an advantage that the move
-- played lost, decided when they are cut (candidates, accepted moves, best line), so that
-- answering one never runs a search.
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The finished game it was cut from; NULL for the built-in set.
    game_id INTEGER REFERENCES games (id),
    -- The server whose game it was; NULL for the built-in set, which every server is served.
    guild_id INTEGER,
    -- The position's key: a position cut twice (two games, or the built-in set loaded again) is one puzzle.
    position_key TEXT NOT NULL UNIQUE,
    -- The variant as the game record's header writes it (`Variant`'s Display/FromStr).
    variant TEXT NOT NULL,
    -- Newline-separated moves in the record's notation (`Move`'s Display/FromStr).
    moves TEXT NOT NULL,
    candidates TEXT NOT NULL,
    accepted TEXT NOT NULL,
    best_line TEXT NOT NULL,
    played TEXT,
    chance_before REAL NOT NULL,
    chance_after REAL NOT NULL,
    playouts INTEGER NOT NULL,
    -- The puzzle's Glicko-2 rating: it wins when a player answers wrong.
    rating REAL NOT NULL DEFAULT 1500,
    deviation REAL NOT NULL DEFAULT 350,
    volatility REAL NOT NULL DEFAULT 0.06,
    created_at INTEGER NOT NULL
);
CREATE INDEX puzzles_by_server ON puzzles (guild_id, rating);
